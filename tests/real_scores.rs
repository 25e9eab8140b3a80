//! Famous games written out by hand in every notation's full form replay to the final
//! position that shakmaty derives independently from the SAN score.
//!
//! The Bulgarian texts were typed by hand; the others are the same texts with the piece
//! letters (and the capture mark / castling letter) exchanged, as a player of that notation
//! would write them.

use amici::rules::letter::read_letter;
use amici::rules::model::{Day, Notation};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position};

fn fen_from_san(san: &str) -> String {
    let mut pos = Chess::default();
    for t in san.split_whitespace() {
        let s: San = t.trim_end_matches(['+', '#']).parse().expect("san");
        let m = s.to_move(&pos).expect("legal san");
        pos = pos.play(m).expect("play");
    }
    Fen::from_position(&pos, EnPassantMode::Legal).to_string()
}

/// Read the score as one letter and play every move item in order.
fn fen_from_letter(text: &str, notation: Notation) -> String {
    let arrival = Day::from_ymd_opt(2026, 3, 15).expect("date");
    let letter = read_letter(text, notation, false, arrival);
    let mut pos = Chess::default();
    for (k, item) in letter.items.iter().enumerate() {
        let mt = item
            .parsed
            .as_ref()
            .unwrap_or_else(|e| panic!("ply {k} {:?}: {e}", item.raw));
        let r = mt
            .resolve(&pos)
            .unwrap_or_else(|e| panic!("ply {k} {:?}: {e}", item.raw));
        assert!(!r.short, "ply {k} {:?} read as short", item.raw);
        pos = pos.play(r.mv).expect("play");
    }
    Fen::from_position(&pos, EnPassantMode::Legal).to_string()
}

const IMMORTAL_SAN: &str = "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#";

const OPERA_SAN: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

const EVERGREEN_SAN: &str = "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#";

/// Anderssen – Kieseritzky, London 1851 (the Immortal Game), bg.
#[test]
fn immortal_bg_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. f2-f4 e5:f4 3. Оf1-c4 Дd8-h4+ 4. Цe1-f1 b7-b5 5. Оc4:b5 Кg8-f6
6. Кg1-f3 Дh4-h6 7. d2-d3 Кf6-h5 8. Кf3-h4 Дh6-g5 9. Кh4-f5 c7-c6 10. g2-g4 Кh5-f6
11. Тh1-g1 c6:b5 12. h2-h4 Дg5-g6 13. h4-h5 Дg6-g5 14. Дd1-f3 Кf6-g8 15. Оc1:f4 Дg5-f6
16. Кb1-c3 Оf8-c5 17. Кc3-d5 Дf6:b2 18. Оf4-d6 Оc5:g1 19. e4-e5 Дb2:a1+ 20. Цf1-e2 Кb8-a6
21. Кf5:g7+ Цe8-d8 22. Дf3-f6+ Кg8:f6 23. Оd6-e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Bg),
        fen_from_san(IMMORTAL_SAN)
    );
}

/// Anderssen – Kieseritzky, London 1851 (the Immortal Game), bg_latin.
#[test]
fn immortal_bg_latin_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. f2-f4 e5:f4 3. Of1-c4 Dd8-h4+ 4. Ze1-f1 b7-b5 5. Oc4:b5 Kg8-f6
6. Kg1-f3 Dh4-h6 7. d2-d3 Kf6-h5 8. Kf3-h4 Dh6-g5 9. Kh4-f5 c7-c6 10. g2-g4 Kh5-f6
11. Th1-g1 c6:b5 12. h2-h4 Dg5-g6 13. h4-h5 Dg6-g5 14. Dd1-f3 Kf6-g8 15. Oc1:f4 Dg5-f6
16. Kb1-c3 Of8-c5 17. Kc3-d5 Df6:b2 18. Of4-d6 Oc5:g1 19. e4-e5 Db2:a1+ 20. Zf1-e2 Kb8-a6
21. Kf5:g7+ Ze8-d8 22. Df3-f6+ Kg8:f6 23. Od6-e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Bg),
        fen_from_san(IMMORTAL_SAN)
    );
}

/// Anderssen – Kieseritzky, London 1851 (the Immortal Game), ru.
#[test]
fn immortal_ru_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. f2-f4 e5:f4 3. Сf1-c4 Фd8-h4+ 4. Крe1-f1 b7-b5 5. Сc4:b5 Кg8-f6
6. Кg1-f3 Фh4-h6 7. d2-d3 Кf6-h5 8. Кf3-h4 Фh6-g5 9. Кh4-f5 c7-c6 10. g2-g4 Кh5-f6
11. Лh1-g1 c6:b5 12. h2-h4 Фg5-g6 13. h4-h5 Фg6-g5 14. Фd1-f3 Кf6-g8 15. Сc1:f4 Фg5-f6
16. Кb1-c3 Сf8-c5 17. Кc3-d5 Фf6:b2 18. Сf4-d6 Сc5:g1 19. e4-e5 Фb2:a1+ 20. Крf1-e2 Кb8-a6
21. Кf5:g7+ Крe8-d8 22. Фf3-f6+ Кg8:f6 23. Сd6-e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Ru),
        fen_from_san(IMMORTAL_SAN)
    );
}

/// Anderssen – Kieseritzky, London 1851 (the Immortal Game), en.
#[test]
fn immortal_en_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. f2-f4 e5xf4 3. Bf1-c4 Qd8-h4+ 4. Ke1-f1 b7-b5 5. Bc4xb5 Ng8-f6
6. Ng1-f3 Qh4-h6 7. d2-d3 Nf6-h5 8. Nf3-h4 Qh6-g5 9. Nh4-f5 c7-c6 10. g2-g4 Nh5-f6
11. Rh1-g1 c6xb5 12. h2-h4 Qg5-g6 13. h4-h5 Qg6-g5 14. Qd1-f3 Nf6-g8 15. Bc1xf4 Qg5-f6
16. Nb1-c3 Bf8-c5 17. Nc3-d5 Qf6xb2 18. Bf4-d6 Bc5xg1 19. e4-e5 Qb2xa1+ 20. Kf1-e2 Nb8-a6
21. Nf5xg7+ Ke8-d8 22. Qf3-f6+ Ng8xf6 23. Bd6-e7#";
    assert_eq!(
        fen_from_letter(text, Notation::En),
        fen_from_san(IMMORTAL_SAN)
    );
}

/// Anderssen – Kieseritzky, London 1851 (the Immortal Game), de.
#[test]
fn immortal_de_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. f2-f4 e5xf4 3. Lf1-c4 Dd8-h4+ 4. Ke1-f1 b7-b5 5. Lc4xb5 Sg8-f6
6. Sg1-f3 Dh4-h6 7. d2-d3 Sf6-h5 8. Sf3-h4 Dh6-g5 9. Sh4-f5 c7-c6 10. g2-g4 Sh5-f6
11. Th1-g1 c6xb5 12. h2-h4 Dg5-g6 13. h4-h5 Dg6-g5 14. Dd1-f3 Sf6-g8 15. Lc1xf4 Dg5-f6
16. Sb1-c3 Lf8-c5 17. Sc3-d5 Df6xb2 18. Lf4-d6 Lc5xg1 19. e4-e5 Db2xa1+ 20. Kf1-e2 Sb8-a6
21. Sf5xg7+ Ke8-d8 22. Df3-f6+ Sg8xf6 23. Ld6-e7#";
    assert_eq!(
        fen_from_letter(text, Notation::De),
        fen_from_san(IMMORTAL_SAN)
    );
}

/// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game), bg.
#[test]
fn opera_bg_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Кg1-f3 d7-d6 3. d2-d4 Оc8-g4 4. d4:e5 Оg4:f3 5. Дd1:f3 d6:e5
6. Оf1-c4 Кg8-f6 7. Дf3-b3 Дd8-e7 8. Кb1-c3 c7-c6 9. Оc1-g5 b7-b5 10. Кc3:b5 c6:b5
11. Оc4:b5+ Кb8-d7 12. 0-0-0 Тa8-d8 13. Тd1:d7 Тd8:d7 14. Тh1-d1 Дe7-e6 15. Оb5:d7+ Кf6:d7
16. Дb3-b8+ Кd7:b8 17. Тd1-d8#";
    assert_eq!(fen_from_letter(text, Notation::Bg), fen_from_san(OPERA_SAN));
}

/// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game), bg_latin.
#[test]
fn opera_bg_latin_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Kg1-f3 d7-d6 3. d2-d4 Oc8-g4 4. d4:e5 Og4:f3 5. Dd1:f3 d6:e5
6. Of1-c4 Kg8-f6 7. Df3-b3 Dd8-e7 8. Kb1-c3 c7-c6 9. Oc1-g5 b7-b5 10. Kc3:b5 c6:b5
11. Oc4:b5+ Kb8-d7 12. O-O-O Ta8-d8 13. Td1:d7 Td8:d7 14. Th1-d1 De7-e6 15. Ob5:d7+ Kf6:d7
16. Db3-b8+ Kd7:b8 17. Td1-d8#";
    assert_eq!(fen_from_letter(text, Notation::Bg), fen_from_san(OPERA_SAN));
}

/// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game), ru.
#[test]
fn opera_ru_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Кg1-f3 d7-d6 3. d2-d4 Сc8-g4 4. d4:e5 Сg4:f3 5. Фd1:f3 d6:e5
6. Сf1-c4 Кg8-f6 7. Фf3-b3 Фd8-e7 8. Кb1-c3 c7-c6 9. Сc1-g5 b7-b5 10. Кc3:b5 c6:b5
11. Сc4:b5+ Кb8-d7 12. 0-0-0 Лa8-d8 13. Лd1:d7 Лd8:d7 14. Лh1-d1 Фe7-e6 15. Сb5:d7+ Кf6:d7
16. Фb3-b8+ Кd7:b8 17. Лd1-d8#";
    assert_eq!(fen_from_letter(text, Notation::Ru), fen_from_san(OPERA_SAN));
}

/// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game), en.
#[test]
fn opera_en_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Ng1-f3 d7-d6 3. d2-d4 Bc8-g4 4. d4xe5 Bg4xf3 5. Qd1xf3 d6xe5
6. Bf1-c4 Ng8-f6 7. Qf3-b3 Qd8-e7 8. Nb1-c3 c7-c6 9. Bc1-g5 b7-b5 10. Nc3xb5 c6xb5
11. Bc4xb5+ Nb8-d7 12. O-O-O Ra8-d8 13. Rd1xd7 Rd8xd7 14. Rh1-d1 Qe7-e6 15. Bb5xd7+ Nf6xd7
16. Qb3-b8+ Nd7xb8 17. Rd1-d8#";
    assert_eq!(fen_from_letter(text, Notation::En), fen_from_san(OPERA_SAN));
}

/// Morphy – Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game), de.
#[test]
fn opera_de_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Sg1-f3 d7-d6 3. d2-d4 Lc8-g4 4. d4xe5 Lg4xf3 5. Dd1xf3 d6xe5
6. Lf1-c4 Sg8-f6 7. Df3-b3 Dd8-e7 8. Sb1-c3 c7-c6 9. Lc1-g5 b7-b5 10. Sc3xb5 c6xb5
11. Lc4xb5+ Sb8-d7 12. 0-0-0 Ta8-d8 13. Td1xd7 Td8xd7 14. Th1-d1 De7-e6 15. Lb5xd7+ Sf6xd7
16. Db3-b8+ Sd7xb8 17. Td1-d8#";
    assert_eq!(fen_from_letter(text, Notation::De), fen_from_san(OPERA_SAN));
}

/// Anderssen – Dufresne, Berlin 1852 (the Evergreen Game), bg.
#[test]
fn evergreen_bg_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-c4 Оf8-c5 4. b2-b4 Оc5:b4 5. c2-c3 Оb4-a5
6. d2-d4 e5:d4 7. 0-0 d4-d3 8. Дd1-b3 Дd8-f6 9. e4-e5 Дf6-g6 10. Тf1-e1 Кg8-e7
11. Оc1-a3 b7-b5 12. Дb3:b5 Тa8-b8 13. Дb5-a4 Оa5-b6 14. Кb1-d2 Оc8-b7 15. Кd2-e4 Дg6-f5
16. Оc4:d3 Дf5-h5 17. Кe4-f6+ g7:f6 18. e5:f6 Тh8-g8 19. Тa1-d1 Дh5:f3 20. Тe1:e7+ Кc6:e7
21. Дa4:d7+ Цe8:d7 22. Оd3-f5+ Цd7-e8 23. Оf5-d7+ Цe8-f8 24. Оa3:e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Bg),
        fen_from_san(EVERGREEN_SAN)
    );
}

/// Anderssen – Dufresne, Berlin 1852 (the Evergreen Game), bg_latin.
#[test]
fn evergreen_bg_latin_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Kg1-f3 Kb8-c6 3. Of1-c4 Of8-c5 4. b2-b4 Oc5:b4 5. c2-c3 Ob4-a5
6. d2-d4 e5:d4 7. O-O d4-d3 8. Dd1-b3 Dd8-f6 9. e4-e5 Df6-g6 10. Tf1-e1 Kg8-e7
11. Oc1-a3 b7-b5 12. Db3:b5 Ta8-b8 13. Db5-a4 Oa5-b6 14. Kb1-d2 Oc8-b7 15. Kd2-e4 Dg6-f5
16. Oc4:d3 Df5-h5 17. Ke4-f6+ g7:f6 18. e5:f6 Th8-g8 19. Ta1-d1 Dh5:f3 20. Te1:e7+ Kc6:e7
21. Da4:d7+ Ze8:d7 22. Od3-f5+ Zd7-e8 23. Of5-d7+ Ze8-f8 24. Oa3:e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Bg),
        fen_from_san(EVERGREEN_SAN)
    );
}

/// Anderssen – Dufresne, Berlin 1852 (the Evergreen Game), ru.
#[test]
fn evergreen_ru_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-c4 Сf8-c5 4. b2-b4 Сc5:b4 5. c2-c3 Сb4-a5
6. d2-d4 e5:d4 7. 0-0 d4-d3 8. Фd1-b3 Фd8-f6 9. e4-e5 Фf6-g6 10. Лf1-e1 Кg8-e7
11. Сc1-a3 b7-b5 12. Фb3:b5 Лa8-b8 13. Фb5-a4 Сa5-b6 14. Кb1-d2 Сc8-b7 15. Кd2-e4 Фg6-f5
16. Сc4:d3 Фf5-h5 17. Кe4-f6+ g7:f6 18. e5:f6 Лh8-g8 19. Лa1-d1 Фh5:f3 20. Лe1:e7+ Кc6:e7
21. Фa4:d7+ Крe8:d7 22. Сd3-f5+ Крd7-e8 23. Сf5-d7+ Крe8-f8 24. Сa3:e7#";
    assert_eq!(
        fen_from_letter(text, Notation::Ru),
        fen_from_san(EVERGREEN_SAN)
    );
}

/// Anderssen – Dufresne, Berlin 1852 (the Evergreen Game), en.
#[test]
fn evergreen_en_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Bf8-c5 4. b2-b4 Bc5xb4 5. c2-c3 Bb4-a5
6. d2-d4 e5xd4 7. O-O d4-d3 8. Qd1-b3 Qd8-f6 9. e4-e5 Qf6-g6 10. Rf1-e1 Ng8-e7
11. Bc1-a3 b7-b5 12. Qb3xb5 Ra8-b8 13. Qb5-a4 Ba5-b6 14. Nb1-d2 Bc8-b7 15. Nd2-e4 Qg6-f5
16. Bc4xd3 Qf5-h5 17. Ne4-f6+ g7xf6 18. e5xf6 Rh8-g8 19. Ra1-d1 Qh5xf3 20. Re1xe7+ Nc6xe7
21. Qa4xd7+ Ke8xd7 22. Bd3-f5+ Kd7-e8 23. Bf5-d7+ Ke8-f8 24. Ba3xe7#";
    assert_eq!(
        fen_from_letter(text, Notation::En),
        fen_from_san(EVERGREEN_SAN)
    );
}

/// Anderssen – Dufresne, Berlin 1852 (the Evergreen Game), de.
#[test]
fn evergreen_de_full_form_replays() {
    let text = "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. b2-b4 Lc5xb4 5. c2-c3 Lb4-a5
6. d2-d4 e5xd4 7. 0-0 d4-d3 8. Dd1-b3 Dd8-f6 9. e4-e5 Df6-g6 10. Tf1-e1 Sg8-e7
11. Lc1-a3 b7-b5 12. Db3xb5 Ta8-b8 13. Db5-a4 La5-b6 14. Sb1-d2 Lc8-b7 15. Sd2-e4 Dg6-f5
16. Lc4xd3 Df5-h5 17. Se4-f6+ g7xf6 18. e5xf6 Th8-g8 19. Ta1-d1 Dh5xf3 20. Te1xe7+ Sc6xe7
21. Da4xd7+ Ke8xd7 22. Ld3-f5+ Kd7-e8 23. Lf5-d7+ Ke8-f8 24. La3xe7#";
    assert_eq!(
        fen_from_letter(text, Notation::De),
        fen_from_san(EVERGREEN_SAN)
    );
}

// ---------------------------------------------------------------------------------------------
// Scores written by people (issue 9): Russian long (and some short) notation copied verbatim,
// token for token, from public texts — the authors' and typesetters' slips included. Every
// legal token must be accepted as the move it names; every truly impossible or unreadable one
// refused (and then the intended move is played, as the arbiter would have it re-sent). A whole
// score copied into one letter before the next move is read with its old slips pointed out,
// never punished (Art. 9 Б).
//
// Sources (the moves are facts; only the tokens are copied):
//  [M] И. Л. Майзелис, «Шахматы (начальный учебник)», Физкультура и спорт, 1938 — as published
//      at https://litfond.net/r/177578 (pages 38, 42).
//  [S] Н. Д. Григорьев, «Шахматная доска следопыта», «Всемирный следопыт» 1928 № 6 — as
//      published at https://libcat.ru/knigi/priklyucheniya/prochie-priklyucheniya/35750-51-nikolaj-lovcov-vsemirnyj-sledopyt-1928-06.html
//  [R] П. А. Романовский, «Избранные партии», Физкультура и спорт, 1954 — game № 27 as
//      published at https://sport.wikireading.ru/24234, and Романовский – Флямберг (1915) at
//      https://online-knigi.org/books/dom-i-semya/sport/page-4-73177-izbrannye-partii.html
//  [Ж] a railwaymen's newspaper chess column of 15 January 1929, as published at
//      https://sergeyhry.narod.ru/jel/jel1929_01_15.htm
//  [Г] С. Я. Гродзенский, «Шахматная почта России», Проспект, 2015 — Чигорин – Зыбин, 2nd
//      «Новое время» correspondence tournament 1899, as published at
//      https://livelib.biz/read_168401/p14
//  [В] «Бессмертная украинская партия» Корчмар – Поляк, Киев 1937, as published at
//      https://artikel.siakadpt.com/ru/Бессмертная_украинская_партия (variations in brackets
//      left out, the main line verbatim)
//  [W] the openings written out by Wikipedia editors in ru.wikipedia «Открытые дебюты»
//      (revision 12635250, https://ru.m.wikipedia.org/wiki/Служебная:Сравнение_версий/12635250)
//      and «Гамбит Мэзона» (mirror https://unsorted.wikisort.ru/page/Гамбит_Мэзона)

use amici::rules::verdict::{GameView, Official, Verdict, judge};
use shakmaty::uci::UciMove;
use shakmaty::{Color, Move};

/// A score as printed: half-moves in order, each token verbatim; `None` where the source
/// prints no token for a half-move played (`…`), with the move known from the game.
struct PeopleScore {
    source: &'static str,
    /// Half-moves played before the printed part (UCI), when the excerpt starts later.
    before: &'static [&'static str],
    tokens: &'static [&'static str],
    /// Tokens that are slips, with the move the author meant (UCI).
    slips: &'static [(&'static str, &'static str)],
}

const PEOPLE: &[PeopleScore] = &[
    PeopleScore {
        source: "[M] № 28",
        before: &[],
        tokens: &[
            "e2-e4", "e7-e5", "Kg1-f3", "Kb8-c6", "Cf1-b5", "a7-a6", "Cb5-a4", "Kg8-f6", "0-0",
            "Cf8-e7", "d2-d4?", "e5:d4", "Kf3:d4?", "Кc6:d4", "Фd1:d4", "b7-b5!", "Cc4-b3",
            "c7-c5!",
        ],
        // The bishop stands on a4: «Cc4-b3» names no piece (impossible, Art. 14).
        slips: &[("Cc4-b3", "a4b3")],
    },
    PeopleScore {
        source: "[M] № 29",
        before: &[],
        tokens: &[
            "e2-e4", "e7-e5", "Cf1-c4", "Kg8-f6", "Kg1-f3", "Kf6:e4", "Kb1-с3", "Ke4:f2??",
            "Kpel:f2", "Cf8-c5+", "d2-d4", "e5:d4",
        ],
        // «Kpel» — a Latin l typeset for the digit 1: unreadable (Art. 16).
        slips: &[("Kpel:f2", "e1f2")],
    },
    PeopleScore {
        source: "[M] Морфи (the Opera game), from move 3",
        before: &["e2e4", "e7e5", "g1f3", "d7d6"],
        tokens: &[
            "d2-d4", "Cc8-g4", "d4:e5", "Cg4:f3", "Фd1:f3", "d6:e5", "Cf1-c4", "Kg8-f6", "Фf3-b3",
            "Фd8-e7", "Kb1-с3", "c7-c6",
        ],
        slips: &[],
    },
    PeopleScore {
        source: "[S] Герье – Григорьев, 1928",
        before: &[],
        tokens: &["d2—d4", "Kg8—f6", "C2—C4", "d7 —d5", "Kbi — сз", "e7—e6"],
        // Typesetting: «C2—C4» (capital C for the file), «Kbi — сз» (i for 1, з for 3).
        slips: &[("C2—C4", "c2c4"), ("Kbi — сз", "b1c3")],
    },
    PeopleScore {
        source: "[R] № 27 Романовский – Котов, 1951",
        before: &[],
        tokens: &[
            "е2—е4",
            "е7—е5",
            "Kgl—f3",
            "Kb8—с6",
            "Сf1—с4",
            "Cf8—e7",
            "d2—d4",
            "d7—d6",
            "d4—d5",
            "Кc6—b8",
            "Сс4—d3",
            "Kg8— f6",
            "с2—с4",
        ],
        // «Kgl» — a Latin l for the digit 1.
        slips: &[("Kgl—f3", "g1f3")],
    },
    PeopleScore {
        source: "[R] Романовский – Флямберг, 1915 (short notation)",
        before: &[],
        tokens: &[
            "е4", "е5", "Kf3", "Кc6", "Сb5", "а6", "Са4", "Kf6", "О—О", "К:е4", "d4", "b5", "СbЗ",
            "d5", "de", "Се6", "а4", "Лb8", "ab", "ab", "с3", "Се7", "Се3", "0-0", "Ла6", "Фd7",
            "Kd4", "К:е5", "К:е6", "fe", "Л:е6!",
        ],
        // «СbЗ» — a Cyrillic З for the digit 3.
        slips: &[("СbЗ", "a4b3")],
    },
    PeopleScore {
        source: "[Ж] Радугин – Дуз-Хотимирский, 1929",
        before: &[],
        tokens: &[
            "с2—с4",
            "с7—с6",
            "g2—g3",
            "d7—d5",
            "Сf1—g2",
            "Kg8—f6",
            "с4 : d5",
            "c6 : d5",
            "d2—d4",
            "Сс8—f5",
            "Кb1—с3",
            "Кb8—с6",
            "Кg1—f3",
            "h7—h6",
            "Кf3—h5",
            "Сf5—h7",
            "0—0",
            "е7—е6",
            "Кh4—f3",
            "Cf8—d6",
            "Сс1—f4?",
            "g7—g5!",
            "Фd1—d2",
            "Кf6—е4!",
            "Фd2—е3",
            "Фd8—f6",
            "f4 : g5",
            "h6 : g5",
            "Кс3 : е4",
            "Сh7 : е4",
            "Лf1—d1",
        ],
        // The knight went to h4 (its next move is «Кh4—f3»): «Кf3—h5» is the author's slip.
        slips: &[("Кf3—h5", "f3h4")],
    },
    PeopleScore {
        source: "[Г] Чигорин – Зыбин, by correspondence 1899 (short notation)",
        before: &[],
        tokens: &[
            "e4", "e5", "f4", "ef", "Сc4", "Кf6", "Кc3", "Кc6", "Кf3", "Сb4", "0–0", "d6", "Кd5",
            "Сg4",
        ],
        slips: &[],
    },
    PeopleScore {
        source: "[В] Корчмар – Поляк, 1937 (short notation)",
        before: &[],
        tokens: &[
            "e4", "e5", "Кf3", "Кc6", "Кc3", "Кf6", "Сb5", "d6", "d4", "ed", "К:d4", "Сd7", "0—0",
            "К:d4?", "С:d7+", "Ф:d7", "Ф:d4", "Сe7", "Лd1", "0—0", "e5", "Кe8", "Сf4", "a5", "Лd3",
            "Лa6", "Лe1", "Фf5", "Кd5", "Сd8", "ed", "К:d6", "Лg3", "f6", "Сh6", "Лf7", "Кb4!",
            "ab", "Ф:d6!", "Фd7", "Фd5!!", "Крf8", "Л:g7!!", "Ф:d5", "Лg8++!",
        ],
        slips: &[],
    },
    // [W]: each opening as its article writes it, after 1. e2-e4 e7-e5.
    PeopleScore {
        source: "[W] защита Филидора",
        before: &["e2e4", "e7e5"],
        tokens: &["Кg1-f3", "d7-d6"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] дебют четырёх коней",
        before: &["e2e4", "e7e5"],
        tokens: &["Кb1-c3", "Кg8-f6", "Кg1-f3", "Кb8-c6"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] русская партия",
        before: &["e2e4", "e7e5"],
        tokens: &["Кg1-f3", "Kg8-f6"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] итальянская партия",
        before: &["e2e4", "e7e5"],
        tokens: &["Кg1-f3", "Кb8-c6", "Сf1-c4", "Сf8-c5"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] защита двух коней",
        before: &["e2e4", "e7e5"],
        tokens: &["Кg1-f3", "Кb8-c6", "Сf1-c4", "Кg8-f6", "Кf3-g5", "d7-d5"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] центральный гамбит",
        before: &["e2e4", "e7e5"],
        tokens: &["d2-d4", "e5:d4", "c2-c3", "d7-d5"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] дебют Понциани",
        before: &["e2e4", "e7e5"],
        tokens: &["Кg1-f3", "Кb8-c6", "c2-c3", "d7-d5"],
        slips: &[],
    },
    PeopleScore {
        source: "[W] дебют слона",
        before: &["e2e4", "e7e5"],
        tokens: &["Сc1-c4", "Кg8-f6", "d2-d3", "d7-d6"],
        // The editor wrote the bishop from c1: it is the f1 bishop (impossible, Art. 14).
        slips: &[("Сc1-c4", "f1c4")],
    },
    PeopleScore {
        source: "[W] гамбит Мэзона",
        before: &[],
        tokens: &["e2-e4", "e7-e5", "f2-f4", "e5:f4", "Кb1-c3"],
        slips: &[],
    },
];

fn judge_token(moves: &[Move], token: &str, with_number: bool) -> Verdict {
    let ply = moves.len();
    let n = ply / 2 + 1;
    let text = match (with_number, ply % 2) {
        (false, _) => token.to_string(),
        (true, 0) => format!("{n}. {token}"),
        (true, _) => format!("{n}... {token}"),
    };
    let letter = read_letter(
        &text,
        Notation::Ru,
        false,
        Day::from_ymd_opt(2026, 3, 15).unwrap(),
    );
    let game = GameView {
        moves: moves.to_vec(),
        sender: if ply % 2 == 0 {
            Color::White
        } else {
            Color::Black
        },
        notation: Notation::Ru,
        over: false,
        penalty_days: 5,
        official: Official::default(),
    };
    judge(&letter, &game)
}

fn uci_move(pos: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
}

#[test]
fn art_14_16_scores_written_by_people_every_legal_token_accepted_every_slip_refused() {
    let mut tokens = 0;
    let mut refused = 0;
    let mut unread = 0;
    for s in PEOPLE {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for u in s.before {
            let m = uci_move(&pos, u);
            pos.play_unchecked(m);
            moves.push(m);
        }
        for (i, t) in s.tokens.iter().enumerate() {
            tokens += 1;
            // Numbered as the book prints it.
            let numbered = judge_token(&moves, t, true);
            let m = match s.slips.iter().find(|(w, _)| w == t) {
                Some((_, meant)) => {
                    // Refused (Art. 14/16), or — garbled past recognition as a move — answered
                    // "no move found": never taken as some other move.
                    match numbered {
                        Verdict::Impossible(_) | Verdict::Unclear(_) => refused += 1,
                        Verdict::NoMove => unread += 1,
                        other => panic!(
                            "{} token {i} {t:?}: a slip must not be accepted, got {other:?}",
                            s.source
                        ),
                    }
                    uci_move(&pos, meant)
                }
                None => {
                    let Verdict::Accepted(a) = numbered else {
                        panic!("{} token {i} {t:?}: refused: {numbered:?}", s.source)
                    };
                    a.own.mv
                }
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
    }
    eprintln!(
        "{} scores, {tokens} tokens, {refused} slips refused, {unread} slips read as no move",
        PEOPLE.len()
    );
    assert!(PEOPLE.len() >= 18 && tokens >= 210, "{tokens}");
}

#[test]
fn art_9_b_a_score_by_people_copied_with_its_slips_costs_nothing() {
    // The whole printed score so far, slips and all, copied before the next move: the next
    // move is accepted, the old slips are pointed out (never refused, never charged).
    // A slip in Б itself (the opponent's last move) is Art. 15; here the slip is older: the
    // score is copied up to the move after the slip's reply.
    let mut copied = 0;
    for s in PEOPLE.iter().filter(|s| s.before.is_empty()) {
        let Some(j) = s
            .tokens
            .iter()
            .position(|t| s.slips.iter().any(|(w, _)| w == t))
        else {
            continue;
        };
        let Some(own) =
            (j + 2..s.tokens.len()).find(|&o| !s.slips.iter().any(|(w, _)| *w == s.tokens[o]))
        else {
            continue;
        };
        let upto = own + 1;
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for t in &s.tokens[..upto - 1] {
            let m = match s.slips.iter().find(|(w, _)| w == t) {
                Some((_, meant)) => uci_move(&pos, meant),
                None => match judge_token(&moves, t, true) {
                    Verdict::Accepted(a) => a.own.mv,
                    other => panic!("{} {t:?}: {other:?}", s.source),
                },
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut text = String::new();
        for (p, t) in s.tokens[..upto].iter().enumerate() {
            if p % 2 == 0 {
                text.push_str(&format!("{}. ", p / 2 + 1));
            }
            text.push_str(t);
            text.push(' ');
        }
        let letter = read_letter(
            &text,
            Notation::Ru,
            false,
            Day::from_ymd_opt(2026, 3, 15).unwrap(),
        );
        let ply = moves.len();
        let game = GameView {
            moves,
            sender: if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            notation: Notation::Ru,
            over: false,
            penalty_days: 5,
            official: Official::default(),
        };
        match judge(&letter, &game) {
            Verdict::Accepted(a) => {
                // Pointed out: a quoted move that differs, or the part left out (Б missing).
                assert!(!a.is_complete(), "{}: the slips are pointed out", s.source);
                copied += 1;
            }
            other => panic!("{}: {other:?}", s.source),
        }
    }
    assert!(copied >= 3, "{copied}");
}

// ---- a correspondence club's published scores: fixtures/people/chessandmail.txt -------------

/// The games of the fixture: (name, tokens verbatim).
fn club_games() -> Vec<(String, Vec<String>)> {
    let text = include_str!("../fixtures/people/chessandmail.txt");
    let mut games: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix("@ ") {
            games.push((name.to_string(), Vec::new()));
        } else if let Some(g) = games.last_mut() {
            g.1.push(line.to_string());
        }
    }
    games
}

/// The slips in the club's scores: (game, token index, token, the move meant — the one after
/// which the rest of the score replays).
const CLUB_SLIPS: &[(&str, usize, &str, &str)] = &[
    // The bishop on a3 takes on e7: «Сa3:e6» is off the diagonal.
    ("Morphy-death-father.php 1", 30, "Сa3:e6", "a3e7"),
    // The knight stands on b1.
    ("young-Morphy.php 2", 16, "Кb2-c3", "b1c3"),
];

#[test]
fn art_14_16_a_correspondence_clubs_scores_every_legal_token_accepted_every_slip_refused() {
    let games = club_games();
    let mut tokens_seen = 0;
    let mut refused = 0;
    for (name, tokens) in &games {
        let mut pos = Chess::default();
        let mut moves: Vec<Move> = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            tokens_seen += 1;
            let v = judge_token(&moves, t, true);
            let m = match CLUB_SLIPS.iter().find(|s| s.0 == name && s.1 == i) {
                Some(slip) => {
                    assert_eq!(slip.2, t, "{name} {i}");
                    assert!(
                        matches!(v, Verdict::Impossible(_) | Verdict::Unclear(_)),
                        "{name} token {i} {t:?}: a slip must be refused, got {v:?}"
                    );
                    refused += 1;
                    uci_move(&pos, slip.3)
                }
                None => match v {
                    Verdict::Accepted(a) => a.own.mv,
                    other => panic!("{name} token {i} {t:?}: refused: {other:?}"),
                },
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
    }
    eprintln!(
        "club: {} scores, {tokens_seen} tokens, {refused} slips refused",
        games.len()
    );
    assert!(
        games.len() >= 27 && tokens_seen >= 1900,
        "{} {tokens_seen}",
        games.len()
    );
    assert_eq!(refused, CLUB_SLIPS.len());
}

#[test]
fn art_9_b_a_clubs_score_copied_whole_with_its_slip_costs_nothing() {
    // Each club game with a slip, copied from move 1 up to two moves after the slip, then the
    // next move: accepted, the slip pointed out, nothing charged.
    let games = club_games();
    for &(name, at, _, meant) in CLUB_SLIPS {
        let (_, tokens) = games.iter().find(|g| g.0 == name).expect("game");
        let own = at + 3;
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for (i, t) in tokens[..own].iter().enumerate() {
            let m = if i == at {
                uci_move(&pos, meant)
            } else {
                match judge_token(&moves, t, true) {
                    Verdict::Accepted(a) => a.own.mv,
                    other => panic!("{name} {t:?}: {other:?}"),
                }
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut text = String::new();
        for (p, t) in tokens[..=own].iter().enumerate() {
            if p % 2 == 0 {
                text.push_str(&format!("{}. ", p / 2 + 1));
            }
            text.push_str(t.trim());
            text.push(' ');
        }
        let letter = read_letter(
            &text,
            Notation::Ru,
            false,
            Day::from_ymd_opt(2026, 3, 15).unwrap(),
        );
        let game = GameView {
            moves,
            sender: if own % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            notation: Notation::Ru,
            over: false,
            penalty_days: 5,
            official: Official::default(),
        };
        match judge(&letter, &game) {
            Verdict::Accepted(a) => {
                assert_eq!(a.quote_slips.len(), 1, "{name}: {:?}", a.quote_slips);
                // The new move is the score's last token, as that token alone reads in the
                // position — not a quoted old move.
                let Verdict::Accepted(alone) = judge_token(&game.moves, &tokens[own], true) else {
                    panic!("{name}: the last token alone is refused")
                };
                assert_eq!(a.own.mv, alone.own.mv, "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}
