//! The site's pages as strings (pure: data in, text out). Every page is a whole HTML5
//! document with a viewport, the shared style sheet, a skip link and a breadcrumb; one column
//! under 600 px. Every name is escaped.

use std::fmt::Write as _;

use crate::rules::model::{Color, Day, Lang};
use crate::rules::standings_html::{CSS, escape};
use crate::site::board::{STEPPER_JS, board_html};
use crate::site::model::{MoveRow, Shown, SideRow};
use crate::site::words::{Words, words};

/// The site's additions to the standings page's style sheet.
const SITE_CSS: &str = "\
body{margin:1em auto}\
a{color:#1f4f8f}\
.skip{position:absolute;left:-999px}.skip:focus{left:1em;top:1em;background:#fff;padding:.3em}\
nav.crumbs{font-size:.9em;margin:0 0 .8em}nav.crumbs a{margin-right:.3em}\
ul.plain{list-style:none;padding:0}ul.plain li{margin:.5em 0}\
.note{background:#fff6d8;border-left:4px solid #d9a400;padding:.4em .7em}\
.game{display:grid;grid-template-columns:minmax(16rem,26rem) minmax(0,1fr);gap:1.5em;align-items:start}\
.board{display:grid;grid-template-columns:repeat(8,1fr);width:100%;max-width:26rem;\
border:2px solid #3a3a3a;user-select:none}\
.sq{position:relative;display:flex;aspect-ratio:1;min-width:0;align-items:center;justify-content:center;\
font-size:clamp(1.3rem,7vw,2.5rem);line-height:1;\
font-family:'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',sans-serif}\
.sq.l{background:#f0d9b5}.sq.d{background:#b58863}\
.sq.w{color:#fff;-webkit-text-stroke:1.2px #000;paint-order:stroke fill}\
.sq.b{color:#000}\
.sq[data-r]::before{content:attr(data-r);position:absolute;left:2px;top:1px;font-size:.7rem;\
color:#333;-webkit-text-stroke:0;font-family:sans-serif}\
.sq[data-f]::after{content:attr(data-f);position:absolute;right:3px;bottom:1px;font-size:.7rem;\
color:#333;-webkit-text-stroke:0;font-family:sans-serif}\
.steps{display:flex;gap:.4em;margin:.6em 0}\
.steps button{flex:1;font-size:1.1em;padding:.35em 0;min-height:2.6em}\
#where{font-weight:600;margin:.4em 0}\
#fen{display:block;font-family:monospace;font-size:.75em;color:#5b6470;overflow-wrap:anywhere}\
table.moves td,table.moves th{white-space:nowrap}\
table.moves tr[data-ply]{cursor:pointer}\
table.moves tr.cur>*{background:#ffe9a8}\
td.l,th.l{text-align:left}\
@media (max-width:600px){body{padding:0 .6em;margin:.5em auto}.game{grid-template-columns:minmax(0,1fr)}\
h1{font-size:1.25em}th,td{padding:.25em .3em}table{font-size:.88em}table.list th,table.list td{white-space:normal}table.clocks{width:100%}table.clocks tbody th{white-space:normal}table.clocks thead th{font-size:.8em;padding:.25em .2em}}";

/// The style sheet every page links to (`style.css`): the standings page's, and the site's.
pub fn style_sheet() -> String {
    format!("{CSS}\n{SITE_CSS}\n")
}

/// A page: `depth` is how many folders below the site's root it lives (for relative links).
fn page(w: &Words, title: &str, depth: usize, crumbs: &[(String, String)], body: &str) -> String {
    let up = "../".repeat(depth);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"amici\">\n<title>{}</title>\n\
<link rel=\"alternate\" type=\"application/atom+xml\" href=\"{up}feed.xml\" title=\"{}\">\n\
<link rel=\"stylesheet\" href=\"{up}style.css\">\n</head>\n<body>\n<a class=\"skip\" href=\"#main\">{}</a>\n<header>\n",
        w.code,
        escape(title),
        escape(w.feed),
        escape(w.skip),
    );
    if !crumbs.is_empty() {
        out.push_str("<nav class=\"crumbs\" aria-label=\"breadcrumb\">");
        for (href, label) in crumbs {
            let _ = write!(out, "<a href=\"{}\">{}</a> › ", escape(href), escape(label));
        }
        out.push_str("</nav>\n");
    }
    let _ = write!(
        out,
        "<h1>{}</h1>\n</header>\n<main id=\"main\">\n{body}</main>\n",
        escape(title)
    );
    out.push_str("</body>\n</html>\n");
    out
}

/// A day as the language writes it.
pub fn date(lang: Lang, d: Day) -> String {
    match lang {
        Lang::En => d.format("%Y-%m-%d").to_string(),
        _ => d.format("%d.%m.%Y").to_string(),
    }
}

fn time(lang: Lang, d: Day) -> String {
    format!(
        "<time datetime=\"{}\">{}</time>",
        d.format("%Y-%m-%d"),
        date(lang, d)
    )
}

/// A result for people: `1–0`, `½–½`, `0–0`, `*`.
pub fn result_text(pgn: &str) -> String {
    match pgn {
        "1/2-1/2" => "½–½".into(),
        "*" => "*".into(),
        r => r.replace('-', "–"),
    }
}

/// One tournament on the index.
pub struct TournamentEntry {
    pub href: String,
    pub name: String,
    pub start: Day,
    pub end: Day,
    pub players: usize,
    pub games: usize,
    pub finished: usize,
}

/// A result on the index's list of the latest.
pub struct Latest {
    pub href: String,
    pub white: String,
    pub black: String,
    pub result: String,
    pub day: Day,
}

/// `index.html`: every tournament, and the latest results, in the bot's language.
pub fn index_page(
    lang: Lang,
    tournaments: &[TournamentEntry],
    latest: &[Latest],
    generated: Day,
) -> String {
    let w = words(lang);
    let mut body = format!(
        "<div class=\"scroll\">\n<table class=\"list\">\n<thead><tr><th scope=\"col\" class=\"l\">{}</th>\
<th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        w.tournament, w.dates, w.players, w.games
    );
    for t in tournaments {
        let _ = writeln!(
            body,
            "<tr><td class=\"l\"><a href=\"{}\">{}</a></td><td>{} – {}</td><td>{}</td>\
<td>{} ({} {})</td></tr>",
            escape(&t.href),
            escape(&t.name),
            time(lang, t.start),
            time(lang, t.end),
            t.players,
            t.games,
            t.finished,
            w.finished_of,
        );
    }
    body.push_str("</tbody>\n</table>\n</div>\n");
    if !latest.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2>\n<div class=\"scroll\">\n<table class=\"list\">\n<thead><tr><th scope=\"col\" class=\"l\">{}</th>\
<th scope=\"col\">{}</th><th scope=\"col\" class=\"l\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
            w.feed_title, w.white, w.result, w.black, w.date
        );
        for r in latest {
            let _ = writeln!(
                body,
                "<tr><td class=\"l\">{}</td><td><a href=\"{}\">{}</a></td><td class=\"l\">{}</td><td>{}</td></tr>",
                escape(&r.white),
                escape(&r.href),
                escape(&result_text(&r.result)),
                escape(&r.black),
                time(lang, r.day)
            );
        }
        body.push_str("</tbody>\n</table>\n</div>\n");
    }
    let _ = writeln!(
        body,
        "<p><a href=\"feed.xml\">{}</a></p>\n<footer>{}: {} · amici</footer>",
        w.feed,
        w.generated,
        time(lang, generated)
    );
    page(w, w.tournaments, 0, &[], &body)
}

/// A game in a round's list.
pub struct Pairing {
    /// The game page, `None` when the game is not published (in play with `"none"`).
    pub href: Option<String>,
    pub white: String,
    pub black: String,
    /// The PGN result (`*` in play).
    pub result: String,
}

/// A round's games; `label` is the round's number, or empty for an explicit list.
pub struct Round {
    pub label: String,
    pub games: Vec<Pairing>,
}

/// The tournament's page: the crosstable (`crosstable`: `standings_html::crosstable_html`),
/// then each round's pairings.
pub fn tournament_page(
    lang: Lang,
    name: &str,
    crosstable: &str,
    rounds: &[Round],
    pgn_href: &str,
    generated: Day,
) -> String {
    let w = words(lang);
    let mut body = format!(
        "<section aria-labelledby=\"ct\">\n<h2 id=\"ct\">{}</h2>\n{crosstable}</section>\n\
<section aria-labelledby=\"rd\">\n<h2 id=\"rd\">{}</h2>\n",
        w.crosstable, w.rounds
    );
    for (i, r) in rounds.iter().enumerate() {
        let caption = if r.label.is_empty() {
            w.games.to_string()
        } else {
            format!("{} {}", w.round, r.label)
        };
        let _ = write!(
            body,
            "<h3 id=\"round-{}\">{}</h3>\n<div class=\"scroll\">\n<table class=\"list\">\n<thead><tr>\
<th scope=\"col\" class=\"l\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"l\">{}</th>\
</tr></thead>\n<tbody>\n",
            i + 1,
            escape(&caption),
            w.white,
            w.result,
            w.black
        );
        for g in &r.games {
            let result = escape(&result_text(&g.result));
            let cell = match &g.href {
                Some(h) => format!("<a href=\"{}\">{result}</a>", escape(h)),
                None => result,
            };
            let _ = writeln!(
                body,
                "<tr><td class=\"l\">{}</td><td>{cell}</td><td class=\"l\">{}</td></tr>",
                escape(&g.white),
                escape(&g.black)
            );
        }
        body.push_str("</tbody>\n</table>\n</div>\n");
    }
    let _ = writeln!(
        body,
        "</section>\n<p><a href=\"{}\" download>{}</a></p>\n<footer>{}: {} · amici</footer>",
        escape(pgn_href),
        w.all_games_pgn,
        w.generated,
        time(lang, generated)
    );
    page(
        w,
        name,
        1,
        &[("../index.html".into(), w.tournaments.into())],
        &body,
    )
}

/// Everything a game page shows.
pub struct GamePage<'a> {
    pub lang: Lang,
    pub tournament: &'a str,
    pub round: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    /// The PGN result (`*` in play).
    pub result: &'a str,
    /// How it ended, in words.
    pub ending: Option<&'a str>,
    pub shown: Shown,
    pub moves: &'a [MoveRow],
    /// Every position, the start first: `fens[k]` after `k` half-moves.
    pub fens: &'a [String],
    pub clocks: [SideRow; 2],
    pub pgn_href: &'a str,
    pub generated: Day,
}

/// "12." / "12…": a half-move's number.
fn move_no(m: &MoveRow) -> String {
    match m.color {
        Color::White => format!("{}.", m.number),
        Color::Black => format!("{}…", m.number),
    }
}

/// The label of position `k`: "Start position" or "After 12… Nf3".
fn position_label(w: &Words, moves: &[MoveRow], k: usize) -> String {
    match k.checked_sub(1).and_then(|i| moves.get(i)) {
        None => w.start_position.to_string(),
        Some(m) => format!("{} {} {}", w.after_move, move_no(m), m.text),
    }
}

/// A game's page: the board with its stepper, the status, the score (notation, SAN, dates,
/// days), the clocks and the PGN.
pub fn game_page(g: &GamePage<'_>) -> String {
    let w = words(g.lang);
    let title = format!("{} – {}", g.white, g.black);
    let labels: Vec<String> = (0..g.fens.len())
        .map(|k| position_label(w, g.moves, k))
        .collect();
    let last = g.fens.len().saturating_sub(1);
    let fen_last = g.fens.last().map_or("", String::as_str);
    let mut body = String::new();
    let round = if g.round.is_empty() || g.round == "-" {
        String::new()
    } else {
        format!(" · {} {}", w.round, escape(g.round))
    };
    let _ = writeln!(
        body,
        "<p class=\"sub\">{}{round} · {}: <strong>{}</strong>{}</p>",
        escape(g.tournament),
        w.result,
        escape(&result_text(g.result)),
        g.ending
            .map(|e| format!(" · {}", escape(e)))
            .unwrap_or_default(),
    );
    match g.shown {
        Shown::Finished => {}
        Shown::Live => {
            let _ = writeln!(body, "<p class=\"note\">{}</p>", w.live);
        }
        Shown::Delayed { delay, plies } => {
            let k = plies
                .checked_sub(1)
                .and_then(|i| g.moves.get(i))
                .map_or_else(|| w.start_position.to_string(), move_no);
            let text = w
                .delayed
                .replace("{n}", &delay.to_string())
                .replace("{k}", &k);
            let _ = writeln!(body, "<p class=\"note\">{}</p>", escape(&text));
        }
    }
    body.push_str("<div class=\"game\">\n<section aria-labelledby=\"bd\">\n");
    let _ = write!(
        body,
        "<h2 id=\"bd\">{}</h2>\n{}\n<p id=\"where\" aria-live=\"polite\">{}</p>\n\
<div class=\"steps\" id=\"steps\" hidden>\
<button type=\"button\" id=\"first\" aria-label=\"{f}\" title=\"{f}\">|◀</button>\
<button type=\"button\" id=\"back\" aria-label=\"{b}\" title=\"{b}\">◀</button>\
<button type=\"button\" id=\"forward\" aria-label=\"{fw}\" title=\"{fw}\">▶</button>\
<button type=\"button\" id=\"last\" aria-label=\"{l}\" title=\"{l}\">▶|</button></div>\n\
<p><output id=\"fen\">{}</output></p>\n",
        w.board,
        board_html(fen_last, &labels[last]),
        escape(&labels[last]),
        escape(fen_last),
        f = w.first,
        b = w.back,
        fw = w.forward,
        l = w.last,
    );
    body.push_str("</section>\n<section aria-labelledby=\"mv\">\n");
    clocks_table(&mut body, w, g);
    let _ = write!(
        body,
        "<p><a href=\"{}\" download>{}</a></p>\n<h2 id=\"mv\">{}</h2>\n",
        escape(g.pgn_href),
        w.download_pgn,
        w.moves
    );
    if g.moves.is_empty() {
        let _ = writeln!(body, "<p>{}</p>", w.no_moves);
    } else {
        moves_table(&mut body, w, g);
    }
    body.push_str("</section>\n</div>\n");
    let positions = serde_json::json!({ "fens": g.fens, "labels": labels });
    // `</` never appears in the JSON's strings (FENs and move labels), but escape it anyway.
    let json = positions.to_string().replace("</", "<\\/");
    let _ = write!(
        body,
        "<script type=\"application/json\" id=\"positions\">{json}</script>\n\
<script>{STEPPER_JS}</script>\n<footer>{}: {} · amici</footer>\n",
        w.generated,
        time(g.lang, g.generated)
    );
    page(
        w,
        &title,
        1,
        &[
            ("../index.html".into(), w.tournaments.into()),
            ("index.html".into(), g.tournament.into()),
        ],
        &body,
    )
}

fn clocks_table(body: &mut String, w: &Words, g: &GamePage<'_>) {
    let _ = write!(
        body,
        "<h2>{}</h2>\n<div class=\"scroll\">\n<table class=\"clocks\">\n<thead><tr><td></td><th scope=\"col\">{}</th><th scope=\"col\">{}</th>\
<th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        w.clocks, w.thinking_days, w.penalty_days, w.oversteps
    );
    for (side, name, c) in [
        (w.white, g.white, g.clocks[0]),
        (w.black, g.black, g.clocks[1]),
    ] {
        let _ = writeln!(
            body,
            "<tr><th scope=\"row\" class=\"l\">{side}: {}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            c.days,
            c.penalty_days,
            c.oversteps
        );
    }
    body.push_str("</tbody>\n</table>\n</div>\n");
}

fn moves_table(body: &mut String, w: &Words, g: &GamePage<'_>) {
    let _ = write!(
        body,
        "<div class=\"scroll\">\n<table class=\"moves\">\n<thead><tr><th scope=\"col\">{}</th>\
<th scope=\"col\" class=\"l\">{}</th><th scope=\"col\" class=\"l\">{}</th>\
<th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        w.no, w.notation, w.san, w.sent, w.days
    );
    for m in g.moves {
        let _ = writeln!(
            body,
            "<tr data-ply=\"{}\"><td>{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td>\
<td>{}</td><td>{}</td></tr>",
            m.ply,
            move_no(m),
            escape(&m.text),
            escape(&m.san),
            time(g.lang, m.sent),
            m.days
        );
    }
    body.push_str("</tbody>\n</table>\n</div>\n");
}

/// One finished game in the feed.
pub struct FeedEntry {
    pub id: String,
    pub href: String,
    pub title: String,
    pub summary: String,
    pub day: Day,
}

/// `feed.xml`: the results as an Atom feed (RFC 4287), newest first. Links are relative to
/// the feed's own address (`self` is the feed itself, RFC 4287 §4.2.7.2). Its ids carry the
/// installation's `instance` (the store's random id), so the same game number of another
/// federation's installation is another entry to a feed reader.
pub fn feed(
    lang: Lang,
    site_title: &str,
    instance: &str,
    entries: &[FeedEntry],
    generated: Day,
) -> String {
    let w = words(lang);
    let stamp = |d: Day| format!("{}T00:00:00Z", d.format("%Y-%m-%d"));
    let updated = entries.iter().map(|e| e.day).max().unwrap_or(generated);
    let ns = match instance {
        "" => "urn:amici".to_string(),
        i => format!("urn:amici:{}", urn(i)),
    };
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" \
xml:lang=\"{}\">\n<title>{} — {}</title>\n<id>{ns}:results</id>\n<updated>{}</updated>\n\
<author><name>amici</name></author>\n<link rel=\"self\" href=\"feed.xml\"/>\n\
<link rel=\"alternate\" href=\"index.html\"/>\n<generator>amici</generator>\n",
        w.code,
        escape(site_title),
        w.feed_title,
        stamp(updated)
    );
    for e in entries {
        let _ = write!(
            out,
            "<entry>\n<title>{}</title>\n<id>{ns}:game:{}</id>\n<updated>{}</updated>\n\
<link rel=\"alternate\" href=\"{}\"/>\n<summary>{}</summary>\n</entry>\n",
            escape(&e.title),
            escape(&urn(&e.id)),
            stamp(e.day),
            escape(&e.href),
            escape(&e.summary)
        );
    }
    out.push_str("</feed>\n");
    out
}

/// Text made safe inside a URN: letters, digits and `-._/` kept, the rest `_`.
fn urn(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-._/".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}
