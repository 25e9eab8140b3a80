use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, uci::UciMove};

fn pos(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("fen");
    f.into_position(CastlingMode::Standard).expect("pos")
}

fn uci(p: &Chess, s: &str) -> Move {
    let u: UciMove = s.parse().expect("uci");
    u.to_move(p).expect("legal")
}

fn read(p: &Chess, text: &str, n: Notation) -> Result<Resolved, String> {
    parse_move(text, n, false)
        .map_err(|e| format!("syntax: {e}"))?
        .resolve(p)
        .map_err(|e| format!("{e}"))
}

fn reads_as(p: &Chess, text: &str, n: Notation, u: &str) {
    let r = read(p, text, n).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(r.mv, uci(p, u), "{text}");
}

#[test]
fn art_7_note_1_table_rows_each_notation() {
    // Knight and king of every notation from the start position and after 1.e4 e5.
    let p = Chess::default();
    for (t, n) in [
        ("Кg1-f3", Notation::Bg),
        ("Kg1-f3", Notation::Bg),
        ("Кg1-f3", Notation::Ru),
        ("Ng1-f3", Notation::En),
        ("Sg1-f3", Notation::De),
    ] {
        reads_as(&p, t, n, "g1f3");
    }
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    for (t, n) in [
        ("Цe1-e2", Notation::Bg),
        ("Ze1-e2", Notation::Bg),
        ("Крe1-e2", Notation::Ru),
        ("Ke1-e2", Notation::En),
        ("Ke1-e2", Notation::De),
    ] {
        reads_as(&p, t, n, "e1e2");
    }
    for (t, n) in [
        ("Дd1-h5", Notation::Bg),
        ("Dd1-h5", Notation::Bg),
        ("Фd1-h5", Notation::Ru),
        ("Qd1-h5", Notation::En),
        ("Dd1-h5", Notation::De),
    ] {
        reads_as(&p, t, n, "d1h5");
    }
    for (t, n) in [
        ("Оf1-c4", Notation::Bg),
        ("Of1-c4", Notation::Bg),
        ("Сf1-c4", Notation::Ru),
        ("Bf1-c4", Notation::En),
        ("Lf1-c4", Notation::De),
    ] {
        reads_as(&p, t, n, "f1c4");
    }
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    for (t, n) in [
        ("Тa1-a7", Notation::Bg),
        ("Ta1-a7", Notation::Bg),
        ("Лa1-a7", Notation::Ru),
        ("Ra1-a7", Notation::En),
        ("Ta1-a7", Notation::De),
    ] {
        reads_as(&p, t, n, "a1a7");
    }
}

#[test]
fn s4_dashes_captures_and_spaces() {
    let p = Chess::default();
    for t in [
        "e2-e4",
        "e2–e4",
        "e2—e4",
        "e2 - e4",
        "e2 – e4",
        "e2e4",
        "е2-е4",
    ] {
        reads_as(&p, t, Notation::Bg, "e2e4");
    }
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    for t in [
        "e4:d5", "e4xd5", "e4×d5", "exd5", "e:d5", "ed", "e:d", "ed5", "e4-d5",
    ] {
        reads_as(&p, t, Notation::Bg, "e4d5");
    }
}

#[test]
fn s4_cyrillic_lookalikes_in_squares() {
    let p = Chess::default();
    reads_as(&p, "с2-с4", Notation::Bg, "c2c4");
    reads_as(&p, "а2-а3", Notation::Ru, "a2a3");
    reads_as(&p, "в2-в3", Notation::Bg, "b2b3");
    reads_as(&p, "д2-д4", Notation::Bg, "d2d4");
    reads_as(&p, "Кв1-с3", Notation::Bg, "b1c3");
}

#[test]
fn s4_castling_is_not_the_bulgarian_bishop() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for t in ["0-0", "O-O", "О-О", "o-o", "0 - 0", "00", "O-O+"] {
        reads_as(&p, t, Notation::Bg, "e1g1");
    }
    for t in ["0-0-0", "O-O-O", "О-О-О"] {
        reads_as(&p, t, Notation::Bg, "e1c1");
    }
    reads_as(&p, "Цe1-g1", Notation::Bg, "e1g1");
    let p = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    reads_as(&p, "Of1-c4", Notation::Bg, "f1c4");
    reads_as(&p, "Оf1-c4", Notation::Bg, "f1c4");
    reads_as(&p, "Oc4", Notation::Bg, "f1c4");
}

#[test]
fn s4_promotion_forms() {
    let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for t in [
        "e7-e8Д", "e7-e8=D", "e7-e8(D)", "e7-e8/Д", "e8Д", "e8=Д", "e8D",
    ] {
        reads_as(&p, t, Notation::Bg, "e7e8q");
    }
    reads_as(&p, "e7-e8К", Notation::Bg, "e7e8n");
    reads_as(&p, "e7-e8Ф", Notation::Ru, "e7e8q");
    reads_as(&p, "e8=Q", Notation::En, "e7e8q");
    reads_as(&p, "e7-e8S", Notation::De, "e7e8n");
    // Without a piece the promotion names four moves: unclear (Art. 16).
    assert!(matches!(
        parse_move("e7-e8", Notation::Bg, false).map(|m| m.resolve(&p)),
        Ok(Err(ResolveError::Unclear { .. }))
    ));
}

#[test]
fn s4_en_passant_and_marks() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    for t in [
        "e5:d6 e.p.",
        "e5-d6ep",
        "e5xd6 e.p.",
        "exd6",
        "e5:d6+",
        "e5:d6!?",
    ] {
        reads_as(&p, t, Notation::Bg, "e5d6");
    }
}

#[test]
fn art_7_note_2_short_notation_is_flagged() {
    let p = Chess::default();
    assert!(read(&p, "Кf3", Notation::Bg).expect("legal").short);
    assert!(read(&p, "e4", Notation::Bg).expect("legal").short);
    assert!(!read(&p, "Кg1-f3", Notation::Bg).expect("legal").short);
}

#[test]
fn art_14_impossible_examples_of_the_rule_book() {
    let p = Chess::default();
    for t in ["Кg1-e3", "e1-e4", "c2-d4", "Кf6"] {
        assert_eq!(
            read(&p, t, Notation::Bg),
            Err("impossible move (Art. 14)".to_string()),
            "{t}"
        );
    }
}

#[test]
fn art_16_ambiguous_short_move_is_unclear() {
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let mt = parse_move("Кd2", Notation::Bg, false).expect("syntax");
    assert!(matches!(mt.resolve(&p), Err(ResolveError::Unclear { .. })));
    assert!(parse_move("Кg1-e9", Notation::Bg, false).is_err());
}

#[test]
fn art_21_marks_never_decide() {
    let p = Chess::default();
    reads_as(&p, "Кg1:f3+", Notation::Bg, "g1f3");
    reads_as(&p, "e2xe4#", Notation::En, "e2e4");
}

#[test]
fn art_7_note_3_numeric_only_when_allowed() {
    let p = Chess::default();
    assert_eq!(
        parse_move("5254", Notation::Bg, false),
        Err(SyntaxError::NumericNotAllowed)
    );
    let mt = parse_move("5254", Notation::Bg, true).expect("numeric");
    assert_eq!(mt.resolve(&p).expect("legal").mv, uci(&p, "e2e4"));
    assert_eq!(
        parse_move("5255", Notation::Bg, true)
            .expect("numeric")
            .resolve(&p),
        Err(ResolveError::Impossible)
    );
}

#[test]
fn render_full_each_notation() {
    let p = Chess::default();
    let m = uci(&p, "g1f3");
    assert_eq!(render_full(&p, &m, Notation::Bg), "Кg1-f3");
    assert_eq!(render_full(&p, &m, Notation::Ru), "Кg1-f3");
    assert_eq!(render_full(&p, &m, Notation::En), "Ng1-f3");
    assert_eq!(render_full(&p, &m, Notation::De), "Sg1-f3");
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(render_full(&p, &uci(&p, "e1e2"), Notation::Ru), "Крe1-e2");
    assert_eq!(render_full(&p, &uci(&p, "d1h5"), Notation::Ru), "Фd1-h5");
    let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(render_full(&p, &uci(&p, "e7e8q"), Notation::Bg), "e7-e8Д");
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(render_full(&p, &uci(&p, "e1g1"), Notation::Bg), "0-0");
    assert_eq!(render_full(&p, &uci(&p, "h1h8"), Notation::Bg), "Тh1:h8");
}

#[test]
fn suggestions_find_the_knight_move() {
    let p = Chess::default();
    let s = suggestions(&p, "Кg1-e3", Notation::Bg);
    assert!(s.contains(&uci(&p, "g1f3")), "{s:?}");
    let mt = parse_move("Кg1-e3", Notation::Bg, false).expect("syntax");
    let own = moves_of_named_piece(&p, &mt);
    assert_eq!(own.len(), 2);
}

#[test]
fn diagram_has_eight_ranks() {
    let d = diagram(&Chess::default(), Notation::Bg);
    assert!(d.contains(" 8 | т  к  о  д  ц  о  к  т |"), "{d}");
    assert!(d.contains("FEN: rnbqkbnr/"));
    assert!(d.contains("     a  b  c  d  e  f  g  h\n"), "{d}");
}

#[test]
fn diagram_in_each_notation_and_from_black_s_side() {
    let p = Chess::default();
    let en = diagram_from(&p, Notation::En, Color::White);
    assert!(en.contains(" 8 | r  n  b  q  k  b  n  r |"), "{en}");
    assert!(en.contains(" 1 | R  N  B  Q  K  B  N  R |"), "{en}");
    assert!(en.contains("K king, Q queen"), "{en}");
    let ru = diagram_from(&p, Notation::Ru, Color::Black);
    let lines: Vec<&str> = ru.lines().collect();
    // Black's side: rank 1 on top, file h on the left.
    assert_eq!(lines[1], " 1 | Л  К  С  Кр Ф  С  К  Л |", "{ru}");
    assert_eq!(lines[8], " 8 | л  к  с  кр ф  с  к  л |", "{ru}");
    assert_eq!(lines[10], "     h  g  f  e  d  c  b  a", "{ru}");
    assert!(ru.contains("Кр король"), "{ru}");
}
