//! The board picture in letters (issue 14 item 1), read back by a real mail parser
//! (mail-parser): with `diagram = "both"` (the default) a letter that shows a position is
//! `multipart/related` [ `multipart/alternative` [ text/plain, text/html ], image/png ]; the
//! text/plain part comes first and is the whole text of the `diagram = "text"` letter, text
//! diagram included; the HTML shows the picture by `cid:`, which is the PNG part's Content-ID;
//! the headers are those of the text letter. With `diagram = "text"` there is no image part.

#[path = "support/golden.rs"]
mod golden;
#[path = "support/history.rs"]
mod history;

use amici::config::Config;
use amici::engine::{process_pending, store_raw, sync_config};
use amici::picture::{self, View};
use amici::store::{OutboxRow, Store};
use mail_parser::{MessageParser, MimeHeaders, PartType};
use shakmaty::{Color, Square};

/// The messages amici queues when A (White) sends `1. e2-e4`, with `extra` in `[bot]`.
fn letters(extra: &str) -> Vec<OutboxRow> {
    game(extra, &[("a@example.test", "1. e2-e4")])
}

/// The messages amici queues for `sent` (sender, text), one letter a day from 12 January.
fn game(extra: &str, sent: &[(&str, &str)]) -> Vec<OutboxRow> {
    played_in(extra, "", sent)
}

/// [`game`] with `tournament` lines in the tournament's table.
fn played_in(extra: &str, tournament: &str, sent: &[(&str, &str)]) -> Vec<OutboxRow> {
    let dir = tempfile::tempdir().unwrap();
    let text = history::config_text(dir.path(), "arbiter@example.test", tournament)
        .replace("[outbox]", &format!("{extra}\n[outbox]"));
    let config: Config = amici::config::parse(&dir.path().join("amici.toml"), &text).unwrap();
    let mut store = Store::memory().unwrap();
    sync_config(&mut store, &config).unwrap();
    for (i, (from, body)) in sent.iter().enumerate() {
        let now = history::at(&format!("2026-01-{:02}T10:00:00+02:00", 12 + i));
        let raw = history::letter(&format!("l{i}"), from, body);
        store_raw(&mut store, &config, &raw, now, "ingest", None).unwrap();
        process_pending(&mut store, &config, now).unwrap();
    }
    store.due_outbox("9999", 100).unwrap()
}

fn to<'a>(rows: &'a [OutboxRow], who: &str, kind: &str) -> &'a OutboxRow {
    rows.iter()
        .find(|r| r.recipient == who && r.kind == kind)
        .unwrap_or_else(|| panic!("no {kind} to {who} among {rows:#?}"))
}

/// The header lines (unfolded) amici writes: all but Message-ID (random per database) and the
/// MIME headers that describe the body (MIME-Version, Content-Type, Content-Transfer-Encoding:
/// a multipart body has the first two, a single text part the last, as with a PGN attached).
fn headers(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap();
    let mut out: Vec<String> = Vec::new();
    for line in head.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            out.last_mut().unwrap().push_str(line);
        } else {
            out.push(line.to_string());
        }
    }
    out.retain(|l| {
        ![
            "Message-ID:",
            "MIME-Version:",
            "Content-Type:",
            "Content-Transfer-Encoding:",
        ]
        .iter()
        .any(|h| l.starts_with(h))
    });
    out
}

#[test]
fn the_forwarded_move_carries_the_picture_with_the_text_part_first_and_complete() {
    let both = letters("");
    let text = letters("diagram = \"text\"");
    let raw = &to(&both, "b@example.test", "move").raw;
    let plain = &to(&text, "b@example.test", "move").raw;
    let parser = MessageParser::default();
    let m = parser.parse(raw).expect("a message");
    let t = parser.parse(plain).expect("a message");

    // Headers as before, but the body's type.
    assert_eq!(headers(raw), headers(plain));
    assert!(String::from_utf8_lossy(raw).contains("X-Amici-Kind: move\r\n"));
    assert!(String::from_utf8_lossy(raw).contains("Auto-Submitted: auto-generated\r\n"));
    assert_eq!(
        m.content_type().map(|c| c.c_type.as_ref()),
        Some("multipart")
    );
    assert_eq!(m.content_type().and_then(|c| c.subtype()), Some("mixed"));

    // The structure: mixed [ related [ alternative [ plain, html ], png ], svg ].
    let PartType::Multipart(root) = &m.parts[0].body else {
        panic!("the root is not multipart: {:?}", m.parts[0].body)
    };
    assert_eq!(root.len(), 2, "{root:?}");
    let related = &m.parts[root[0] as usize];
    assert_eq!(
        related.content_type().and_then(|c| c.subtype()),
        Some("related")
    );
    let PartType::Multipart(top) = &related.body else {
        panic!("no related part")
    };
    assert_eq!(top.len(), 2, "{top:?}");
    // The SVG source, an attachment: the very SVG the picture is drawn from (Black's side,
    // 1. e2-e4 marked), and under 30 KB like the picture.
    let svg = &m.parts[root[1] as usize];
    assert_eq!(
        svg.content_type().and_then(|c| c.subtype()),
        Some("svg+xml")
    );
    assert_eq!(svg.attachment_name(), Some("board.svg"));
    let view = View {
        board: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board,
        side: Color::Black,
        last_move: Some((Square::E2, Square::E4)),
    };
    // Sent as it stands (`7bit`, lines under 998 octets), its line ends made CRLF on the way.
    assert_eq!(
        svg.content_transfer_encoding(),
        Some("7bit"),
        "{:?}",
        svg.headers
    );
    let sent = String::from_utf8(svg.contents().to_vec()).unwrap();
    assert_eq!(sent.replace("\r\n", "\n"), picture::svg(&view));
    assert!(sent.lines().count() > 5, "in lines, not one: {sent}");
    assert!(sent.lines().all(|l| l.len() <= 998), "{sent}");
    assert!(
        svg.contents().len() < 30 * 1024,
        "{} bytes",
        svg.contents().len()
    );
    let alternative = &m.parts[top[0] as usize];
    assert_eq!(
        alternative.content_type().and_then(|c| c.subtype()),
        Some("alternative")
    );
    let PartType::Multipart(alt) = &alternative.body else {
        panic!("no alternative part")
    };
    assert_eq!(alt.len(), 2);
    let (first, second) = (&m.parts[alt[0] as usize], &m.parts[alt[1] as usize]);
    let PartType::Text(plain_text) = &first.body else {
        panic!("the first alternative is not text/plain: {:?}", first.body)
    };
    let PartType::Html(html) = &second.body else {
        panic!("the second alternative is not text/html: {:?}", second.body)
    };
    let image = &m.parts[top[1] as usize];
    assert_eq!(
        image.content_type().map(|c| c.c_type.as_ref()),
        Some("image")
    );
    assert_eq!(image.content_type().and_then(|c| c.subtype()), Some("png"));
    assert_eq!(
        image.content_disposition().map(|d| d.ctype()),
        Some("inline")
    );

    // The text part is the whole text letter, its text diagram (from Black's side) included.
    let whole = t.body_text(0).expect("the text letter's body");
    assert_eq!(plain_text.as_ref(), whole.as_ref());
    assert!(
        plain_text.contains("+------------------------+"),
        "{plain_text}"
    );
    assert!(plain_text.contains("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    assert!(
        plain_text.contains("     h  g  f  e  d  c  b  a"),
        "{plain_text}"
    );
    assert_eq!(m.body_text(0).as_deref(), Some(whole.as_ref()));

    // The HTML shows the picture by the image part's Content-ID, above the same text diagram.
    let cid = image.content_id().expect("a Content-ID");
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
    assert!(html.contains("+------------------------+"));
    assert!(html.find("cid:").unwrap() < html.find("+-----").unwrap());
    assert!(String::from_utf8_lossy(raw).contains(&format!("Content-ID: <{cid}>")));

    // The picture: the position after 1. e4, seen by Black, e2 and e4 highlighted.
    let png = image.contents();
    assert!(png.len() < 30 * 1024, "{} bytes", png.len());
    let want = picture::board_png(&View {
        board: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board,
        side: Color::Black,
        last_move: Some((Square::E2, Square::E4)),
    })
    .unwrap();
    assert_eq!(png, want.as_slice());
}

#[test]
fn with_diagram_text_a_letter_has_no_image_part() {
    for row in letters("diagram = \"text\"") {
        let m = MessageParser::default().parse(&row.raw).expect("a message");
        assert_eq!(
            m.content_type().and_then(|c| c.subtype()),
            Some("plain"),
            "{} {}",
            row.recipient,
            row.kind
        );
        assert!(
            !m.parts
                .iter()
                .any(|p| p.content_type().is_some_and(|c| c.c_type == "image")),
            "{} {}",
            row.recipient,
            row.kind
        );
    }
}

#[test]
fn with_diagram_png_the_html_has_the_picture_in_the_text_diagrams_place() {
    let rows = letters("diagram = \"png\"");
    let m = MessageParser::default()
        .parse(&to(&rows, "b@example.test", "move").raw)
        .expect("a message");
    let html = m.body_html(0).expect("an HTML alternative");
    assert!(html.contains("cid:board."), "{html}");
    assert!(!html.contains("+------------------------+"), "{html}");
    assert!(html.contains("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    // The plain text keeps its text diagram whatever the HTML shows.
    let text = m.body_text(0).expect("a text part");
    assert!(text.contains("+------------------------+"), "{text}");
}

/// Whether a letter carries the picture, and whether its HTML shows the text diagram too.
fn picture_and_html_diagram(row: &OutboxRow) -> (bool, Option<bool>) {
    let m = MessageParser::default().parse(&row.raw).expect("a message");
    let image = m
        .parts
        .iter()
        .any(|p| p.content_type().is_some_and(|c| c.c_type == "image"));
    let html = m
        .body_html(0)
        .filter(|_| m.parts.iter().any(|p| p.is_text_html()))
        .map(|h| h.contains("+------------------------+"));
    (image, html)
}

#[test]
fn a_tournaments_own_diagram_setting_overrides_the_bots() {
    let sent = [("a@example.test", "1. e2-e4")];
    // [bot] text, the tournament png: the picture in the diagram's place.
    let rows = played_in("diagram = \"text\"", "\ndiagram = \"png\"", &sent);
    assert_eq!(
        picture_and_html_diagram(to(&rows, "b@example.test", "move")),
        (true, Some(false))
    );
    // [bot] png, the tournament both: the picture and the text diagram.
    let rows = played_in("diagram = \"png\"", "\ndiagram = \"both\"", &sent);
    assert_eq!(
        picture_and_html_diagram(to(&rows, "b@example.test", "move")),
        (true, Some(true))
    );
    // [bot] both (the default), the tournament text: no picture, no HTML.
    let rows = played_in("", "\ndiagram = \"text\"", &sent);
    assert_eq!(
        picture_and_html_diagram(to(&rows, "b@example.test", "move")),
        (false, None)
    );
}

#[test]
fn a_letter_without_a_position_stays_plain_text() {
    // The mover's answer to an incomplete letter (no dates, no times) shows no board: one
    // text/plain part, as before pictures. There is such a letter, and it is plain.
    let rows = letters("");
    let answer = to(&rows, "a@example.test", "incomplete");
    let m = MessageParser::default()
        .parse(&answer.raw)
        .expect("a message");
    assert_eq!(
        m.content_type().map(|c| (c.c_type.as_ref(), c.subtype())),
        Some(("text", Some("plain"))),
        "the answer is one text/plain part"
    );
    let text = m.body_text(0).expect("a text");
    assert!(
        text.contains("e2-e4"),
        "it is the answer to 1. e2-e4: {text}"
    );
    assert!(!text.contains("FEN: "), "no position in it: {text}");
    assert_eq!(m.parts.len(), 1, "no other part");
    assert_picture_exactly_with_a_position(&rows);
}

/// Every letter of `rows`: a picture exactly when its text shows a position (a text diagram
/// with its FEN line), or at the end of a game.
fn assert_picture_exactly_with_a_position(rows: &[OutboxRow]) {
    for row in rows {
        let m = MessageParser::default().parse(&row.raw).expect("a message");
        let text = m.body_text(0).unwrap_or_default();
        let has_image = m
            .parts
            .iter()
            .any(|p| p.content_type().is_some_and(|c| c.c_type == "image"));
        assert_eq!(
            has_image,
            (text.contains("+------------------------+") && text.contains("FEN: "))
                || row.kind == "game-over",
            "{} {}: {text}",
            row.recipient,
            row.kind
        );
    }
}

#[test]
fn a_whole_game_with_refusals_and_mate_pictures_exactly_the_letters_that_show_a_position() {
    // Scholar's mate with a refused move of each kind on the way (impossible, illegal, not
    // his turn, no move at all): every answer, forward, refusal, arbiter's copy and the end.
    let rows = game(
        "",
        &[
            ("a@example.test", "1. e2-e4"),
            ("b@example.test", "1. e2-e4 e7-e5"),
            ("a@example.test", "1... e7-e5 2. Оf1-c4"),
            ("b@example.test", "2. Оf1-c4 Цe8-e6"),
            ("b@example.test", "2. Оf1-c4 Кb8-c6"),
            ("b@example.test", "Кg8-f6"),
            ("a@example.test", "2... Кb8-c6 3. Дd1-h5"),
            ("b@example.test", "Good luck!"),
            ("b@example.test", "3. Дd1-h5 Кg8-f6"),
            ("a@example.test", "3... Кg8-f6 4. Дh5xf7#"),
        ],
    );
    let kinds: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    for kind in ["move", "error", "game-over"] {
        assert!(kinds.contains(kind), "a {kind} letter among {kinds:?}");
    }
    assert!(
        rows.iter().any(|r| r.recipient == "arbiter@example.test"),
        "the arbiter's copies among {kinds:?}"
    );
    assert_picture_exactly_with_a_position(&rows);
    // Among them the refusal of the impossible move shows its position, with the picture.
    let refused = rows
        .iter()
        .filter(|r| r.kind == "error" && r.recipient == "b@example.test")
        .find(|r| String::from_utf8_lossy(&r.raw).contains("e8-e6"))
        .expect("the refusal of Цe8-e6");
    png_of(refused);
}

#[test]
fn the_end_of_the_game_carries_the_final_position_and_the_pgn() {
    // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    let rows = game(
        "",
        &[
            ("a@example.test", "1. f2-f3"),
            ("b@example.test", "1. f2-f3 e7-e5"),
            ("a@example.test", "1... e7-e5 2. g2-g4"),
            ("b@example.test", "2. g2-g4 Дd8-h4"),
        ],
    );
    let over = to(&rows, "a@example.test", "game-over");
    let m = MessageParser::default()
        .parse(&over.raw)
        .expect("a message");
    assert_eq!(m.content_type().and_then(|c| c.subtype()), Some("mixed"));
    let names: Vec<&str> = m
        .attachments()
        .filter_map(|a| a.attachment_name())
        .collect();
    assert!(names.contains(&"T-1.pgn"), "{names:?}");
    let text = m.body_text(0).expect("a text part");
    assert!(text.contains("0-1"), "{text}");
    let html = m.body_html(0).expect("an HTML alternative");
    assert!(html.contains("cid:board."), "{html}");
    let image = m
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.c_type == "image"))
        .expect("the picture");
    let want = picture::board_png(&View {
        board: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board,
        side: Color::White,
        last_move: Some((Square::D8, Square::H4)),
    })
    .unwrap();
    assert_eq!(image.contents(), want.as_slice());
}

#[test]
fn a_refused_move_shows_the_position_it_was_refused_in() {
    // 1. e2-e5 is impossible (Art. 14): the answer shows the start, from White's side.
    let rows = game("", &[("a@example.test", "1. e2-e5")]);
    let error = to(&rows, "a@example.test", "error");
    let m = MessageParser::default()
        .parse(&error.raw)
        .expect("a message");
    let text = m.body_text(0).expect("a text part");
    assert!(text.contains("+------------------------+"), "{text}");
    let image = m
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.c_type == "image"))
        .expect("the picture");
    let want = picture::board_png(&View {
        board: shakmaty::Board::default(),
        side: Color::White,
        last_move: None,
    })
    .unwrap();
    assert_eq!(image.contents(), want.as_slice());
}

#[test]
#[ignore = "writes amici-picture-letter.eml into the temporary directory, to look at"]
fn dump_a_letter() {
    let rows = letters("");
    let path = std::env::temp_dir().join("amici-picture-letter.eml");
    std::fs::write(&path, &to(&rows, "b@example.test", "move").raw).unwrap();
    println!("{}", path.display());
}

/// The messages amici queues for `sent` (as [`game`]) in the tournament `edit` makes of the
/// test's, then a tick each morning up to `until`.
fn ticked(edit: &str, sent: &[(&str, &str)], until: &str) -> Vec<OutboxRow> {
    let dir = tempfile::tempdir().unwrap();
    let text = history::config_text(dir.path(), "arbiter@example.test", "")
        .replace("end = 2027-01-01", edit);
    let config: Config = amici::config::parse(&dir.path().join("amici.toml"), &text).unwrap();
    let mut store = Store::memory().unwrap();
    sync_config(&mut store, &config).unwrap();
    let mut day = chrono::NaiveDate::from_ymd_opt(2026, 1, 12).unwrap();
    for (i, (from, body)) in sent.iter().enumerate() {
        let now = history::at(&format!("{day}T10:00:00+02:00"));
        let raw = history::letter(&format!("l{i}"), from, body);
        store_raw(&mut store, &config, &raw, now, "ingest", None).unwrap();
        process_pending(&mut store, &config, now).unwrap();
        day = day.succ_opt().unwrap();
    }
    let until: chrono::NaiveDate = until.parse().unwrap();
    while day <= until {
        amici::tick::run(
            &mut store,
            &config,
            history::at(&format!("{day}T06:00:00+02:00")),
        )
        .unwrap();
        day = day.succ_opt().unwrap();
    }
    store.due_outbox("9999", 1000).unwrap()
}

/// The board picture of a queued letter, checked to be the position its text diagram shows
/// (its FEN line) from `side`, `last_move` marked.
fn pictured(row: &OutboxRow, side: Color, last_move: (Square, Square)) {
    let m = MessageParser::default().parse(&row.raw).expect("a message");
    let text = m.body_text(0).expect("a text part");
    assert!(
        text.contains("+------------------------+"),
        "{} to {}: no text diagram in\n{text}",
        row.kind,
        row.recipient
    );
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("FEN: "))
        .expect("the FEN line");
    let image = m
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.c_type == "image"))
        .unwrap_or_else(|| panic!("{} to {}: no picture", row.kind, row.recipient));
    let board = fen
        .trim()
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_setup()
        .board;
    let want = picture::board_png(&View {
        board,
        side,
        last_move: Some(last_move),
    })
    .unwrap();
    let by_board = image.contents() == want.as_slice();
    assert!(
        by_board,
        "{} to {}: another picture",
        row.kind, row.recipient
    );
}

#[test]
fn annex_overstep_claim_letters_and_the_arbiters_copy_carry_the_picture() {
    // 1. e2-e4, then Black is silent: 50 days for 10 moves pass, and amici claims the overstep.
    let rows = ticked(
        "end = 2027-01-01",
        &[("a@example.test", "1. e2-e4")],
        "2026-03-20",
    );
    let claims: Vec<&OutboxRow> = rows.iter().filter(|r| r.kind == "overstep-claim").collect();
    assert!(
        !claims.is_empty(),
        "an overstep claim among {:#?}",
        rows.iter()
            .map(|r| (&r.kind, &r.recipient))
            .collect::<Vec<_>>()
    );
    assert!(
        claims.iter().any(|r| r.recipient == "arbiter@example.test"),
        "the arbiter is told"
    );
    for row in claims {
        let side = if row.recipient == "b@example.test" {
            Color::Black
        } else {
            Color::White
        };
        pictured(row, side, (Square::E2, Square::E4));
    }
}

#[test]
fn annex_adjudication_request_carries_the_picture() {
    // The tournament ends with the game in play: the arbiter is asked to adjudicate it.
    let rows = ticked(
        "end = 2026-01-20",
        &[
            ("a@example.test", "1. e2-e4"),
            ("b@example.test", "1... e7-e5"),
        ],
        "2026-01-22",
    );
    let asks: Vec<&OutboxRow> = rows.iter().filter(|r| r.kind == "adjudication").collect();
    assert!(
        !asks.is_empty(),
        "an adjudication request among {:#?}",
        rows.iter()
            .map(|r| (&r.kind, &r.recipient))
            .collect::<Vec<_>>()
    );
    for row in asks {
        let side = if row.recipient == "b@example.test" {
            Color::Black
        } else {
            Color::White
        };
        pictured(row, side, (Square::E7, Square::E5));
    }
}

/// The PNG of a letter.
fn png_of(row: &OutboxRow) -> Vec<u8> {
    let m = MessageParser::default().parse(&row.raw).expect("a message");
    m.parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.c_type == "image"))
        .unwrap_or_else(|| panic!("{} to {}: no picture", row.kind, row.recipient))
        .contents()
        .to_vec()
}

/// The picture of `fen` (written in the test) from `side`, `last` highlighted.
fn drawn(fen: &str, side: Color, last: (Square, Square)) -> Vec<u8> {
    picture::board_png(&View {
        board: fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board,
        side,
        last_move: Some(last),
    })
    .unwrap()
}

#[test]
fn the_arbiters_copy_of_the_end_of_the_game_carries_the_picture_and_the_text_diagram() {
    let rows = game(
        "",
        &[
            ("a@example.test", "1. f2-f3"),
            ("b@example.test", "1. f2-f3 e7-e5"),
            ("a@example.test", "1... e7-e5 2. g2-g4"),
            ("b@example.test", "2. g2-g4 Дd8-h4"),
        ],
    );
    // Fool's mate, the final position written here.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    // The players from their own side, the arbiter from White's (render::render_for).
    for (who, side) in [
        ("a@example.test", Color::White),
        ("b@example.test", Color::Black),
        ("arbiter@example.test", Color::White),
    ] {
        let over = to(&rows, who, "game-over");
        let text = MessageParser::default()
            .parse(&over.raw)
            .unwrap()
            .body_text(0)
            .unwrap()
            .into_owned();
        assert!(
            text.contains(&format!("FEN: {fen}")),
            "{who}: the final position in the text part:\n{text}"
        );
        // The picture, decoded: the final position from the recipient's side, Qh4 marked.
        let png = png_of(over);
        let want = drawn(fen, side, (Square::D8, Square::H4));
        assert_eq!(golden::differing(who, &png, &want), 0, "{who}: the picture");
        let other = match side {
            Color::White => Color::Black,
            Color::Black => Color::White,
        };
        let flipped = drawn(fen, other, (Square::D8, Square::H4));
        assert!(
            golden::differing(who, &png, &flipped) > golden::PIXELS,
            "{who}: not the other side's picture"
        );
    }
    // Black's picture is the golden one, drawn for Black and looked at by a person
    // (tests/board_png.rs).
    golden::same(
        "fool's mate to Black",
        &png_of(to(&rows, "b@example.test", "game-over")),
        &golden::path("fools-mate-black"),
    );
}

/// `pictured` reads the position from the letter's own FEN line; here the position is fixed
/// by hand: after 1. e4 e5 2. Nf3 the forwarded move shows Black this FEN, drawn from his
/// side with g1–f3 marked.
#[test]
fn the_forwarded_move_pictures_the_position_of_the_game_written_by_hand() {
    let rows = game(
        "",
        &[
            ("a@example.test", "1. e2-e4"),
            ("b@example.test", "1... e7-e5"),
            ("a@example.test", "2. Кg1-f3"),
        ],
    );
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let moves: Vec<&OutboxRow> = rows
        .iter()
        .filter(|r| r.recipient == "b@example.test" && r.kind == "move")
        .collect();
    assert_eq!(moves.len(), 2, "1. e4 and 2. Nf3 forwarded to Black");
    let text = MessageParser::default()
        .parse(&moves[1].raw)
        .unwrap()
        .body_text(0)
        .unwrap()
        .into_owned();
    assert!(text.contains(&format!("FEN: {fen}")), "{text}");
    let png = png_of(moves[1]);
    assert_eq!(
        png,
        drawn(fen, Color::Black, (Square::G1, Square::F3)),
        "the position after 2. Nf3, from Black's side"
    );
}

/// After 1. e4 c5 White is silent: the overstep claim shows Black the position after 1... c5
/// from his side, c7–c5 marked — the golden `black-side` picture of tests/board_png.rs.
#[test]
fn annex_the_overstep_claim_to_black_is_the_golden_picture_from_blacks_side() {
    let rows = ticked(
        "end = 2027-01-01",
        &[
            ("a@example.test", "1. e2-e4"),
            ("b@example.test", "1... c7-c5"),
        ],
        "2026-03-25",
    );
    let claim = to(&rows, "b@example.test", "overstep-claim");
    golden::same(
        "the overstep claim to Black",
        &png_of(claim),
        &golden::path("black-side"),
    );
}

/// RULES.md §14: a team captain gets a copy of every letter to his player. The copy of the
/// forwarded move shows the board as the player's letter does: the PNG part, referenced from
/// the HTML part by its Content-ID, the position after 1. e4 from Black's side.
#[test]
fn rules_s14_the_captains_copy_of_a_forwarded_move_carries_the_board_picture() {
    let teams = "\npairing = \"round-robin\"\nteams = [ \
{ name = \"Sofia\", captain = \"capa@example.test\", players = [\"a@example.test\"] }, \
{ name = \"Varna\", captain = \"capb@example.test\", players = [\"b@example.test\"] } ]";
    let rows = played_in("", teams, &[("a@example.test", "1. e2-e4")]);
    let copy = to(&rows, "capb@example.test", "move");
    let m = MessageParser::default()
        .parse(&copy.raw)
        .expect("a message");
    let text = m.body_text(0).expect("a text part");
    assert!(text.contains("Varna"), "the copy names the team: {text}");
    assert!(
        text.contains("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{text}"
    );
    let image = m
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.c_type == "image"))
        .expect("the picture");
    assert_eq!(image.content_type().and_then(|c| c.subtype()), Some("png"));
    let cid = image.content_id().expect("a Content-ID");
    let html = m.body_html(0).expect("an HTML part");
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
    assert_eq!(
        image.contents(),
        drawn(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            Color::Black,
            (Square::E2, Square::E4)
        )
        .as_slice(),
        "the player's picture: Black's side"
    );
    // White's captain gets the copy of White's answer (no position): plain text.
    let ack = rows
        .iter()
        .find(|r| r.recipient == "capa@example.test")
        .expect("a copy to White's captain");
    let m = MessageParser::default().parse(&ack.raw).expect("a message");
    assert!(
        !m.parts
            .iter()
            .any(|p| p.content_type().is_some_and(|c| c.c_type == "image")),
        "{}: no picture without a position",
        ack.kind
    );
}
