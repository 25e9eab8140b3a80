//! Unit tests of `judge`: the articles of a move letter (Art. 7–21) and RULES.md §4's readings.

use chrono::NaiveDate;
use shakmaty::{Chess, Color, Position};

use super::*;
use crate::rules::letter::{Command, Totals, read_letter};
use crate::rules::model::{Day, Kind, Notation};
use crate::rules::notation;

fn day(m: u32, d: u32) -> Day {
    NaiveDate::from_ymd_opt(2026, m, d).expect("date")
}

fn game(ucis: &[&str], sender: Color) -> GameView {
    GameView {
        moves: replay_uci(ucis).expect("record"),
        sender,
        notation: Notation::Bg,
        over: false,
        penalty_days: 5,
        official: Official::default(),
    }
}

fn judge_text(text: &str, g: &GameView) -> Verdict {
    judge(&read_letter(text, g.notation, false, day(3, 15)), g)
}

fn accepted(v: Verdict) -> Accepted {
    match v {
        Verdict::Accepted(a) => *a,
        other => panic!("not accepted: {other:?}"),
    }
}

const COMPLETE: &str = "11.3. – 12.3. – 15.3. = 3 дни, общо време: белите 15 – черните 21";

#[test]
fn art_8_complete_letter_is_accepted_complete() {
    let g = game(&["e2e4"], Color::Black);
    let a = accepted(judge_text(&format!("1. e2-e4 e7-e5; {COMPLETE}"), &g));
    assert_eq!(a.own.uci, "e7e5");
    assert_eq!(a.own.full, "e7-e5");
    assert!(a.is_complete(), "{a:?}");
}

#[test]
fn art_9_missing_items_are_listed_and_move_stands() {
    let g = game(&["e2e4"], Color::Black);
    let a = accepted(judge_text("e7-e5", &g));
    assert_eq!(
        a.missing,
        vec![
            Item::OpponentMove,
            Item::LetterDate,
            Item::ReceivedDate,
            Item::SentDate,
            Item::TimeUsed,
            Item::Totals
        ]
    );
}

#[test]
fn art_9_v_wrong_figures_get_the_official_ones() {
    let mut g = game(&["e2e4"], Color::Black);
    g.official = Official {
        letter: Some(day(3, 11)),
        received: Some(day(3, 12)),
        received_also: None,
        sent: Some(day(3, 15)),
        time_used: Some(2),
        totals: Some(Totals {
            white: 15,
            black: 20,
        }),
    };
    let a = accepted(judge_text(&format!("1. e2-e4 e7-e5; {COMPLETE}"), &g));
    assert_eq!(
        a.wrong,
        vec![
            WrongItem::TimeUsed {
                written: 3,
                official: 2
            },
            WrongItem::Totals {
                written: Totals {
                    white: 15,
                    black: 21
                },
                official: Totals {
                    white: 15,
                    black: 20
                }
            }
        ]
    );
}

#[test]
fn art_9_b_wrong_number_with_a_legal_move_stands() {
    let g = game(&["e2e4"], Color::Black);
    let a = accepted(judge_text("1. e2-e4 7... e7-e5", &g));
    assert_eq!(a.own.uci, "e7e5");
    assert_eq!(a.wrong_numbers.len(), 1);
    assert_eq!(a.wrong_numbers[0].expected, 1);
}

#[test]
fn art_7_note_2_short_notation_stands_marked() {
    let g = game(&[], Color::White);
    let a = accepted(judge_text("1. e4", &g));
    assert!(a.short);
    assert_eq!(a.own.full, "e2-e4");
}

#[test]
fn art_14_impossible_with_penalty_and_help() {
    let g = game(&[], Color::White);
    let Verdict::Impossible(r) = judge_text("1. Кg1-e3", &g) else {
        panic!("not impossible")
    };
    assert_eq!((r.article, r.penalty_days), (14, 5));
    let names: Vec<&str> = r.help.piece_moves.iter().map(|m| m.full.as_str()).collect();
    assert_eq!(names, ["Кg1-f3", "Кg1-h3"]);
    assert!(r.help.nearest.iter().any(|m| m.full == "Кg1-f3"));
    assert!(r.help.diagram.contains("FEN:"));
}

#[test]
fn art_15_incorrect_repeat_of_the_rule_book_example() {
    // White plays 1.e2-e4 and receives 1.c2-c4 Кg8-f6.
    let g = game(&["e2e4"], Color::Black);
    let Verdict::Incorrect(r) = judge_text("1.c2-c4 Кg8-f6", &g) else {
        panic!("not incorrect")
    };
    assert_eq!(r.article, 15);
    assert_eq!(r.penalty_days, 5);
    assert_eq!(r.expected_repeat.map(|m| m.full).as_deref(), Some("e2-e4"));
}

#[test]
fn art_16_unclear_ambiguous_and_unreadable() {
    let g = game(&["g1f3", "g8f6", "d2d4", "d7d5"], Color::White);
    let v = judge_text("2... d7-d5 3. Кd2", &g);
    let Verdict::Unclear(r) = v else {
        panic!("not unclear: {v:?}")
    };
    assert!(matches!(&r.fault, MoveFault::Ambiguous(c) if c.len() == 2));
    let g = game(&[], Color::White);
    let Verdict::Unclear(r) = judge_text("1. e2-e9", &g) else {
        panic!("not unclear")
    };
    assert_eq!((r.article, r.penalty_days), (16, 5));
}

#[test]
fn art_17_note_transport_fault_costs_nothing() {
    let g = game(&[], Color::White);
    let Verdict::Unclear(r) = judge_text("1. e2-e\u{FFFD}4", &g) else {
        panic!("not unclear")
    };
    assert!(r.transport_fault);
    assert_eq!(r.penalty_days, 0);
}

#[test]
fn art_21_marks_and_numbers_never_refuse() {
    let g = game(&["e2e4", "e7e5"], Color::White);
    let a = accepted(judge_text("1... e7:e5+ 5. Кg1:f3#", &g));
    assert_eq!(a.own.uci, "g1f3");
}

#[test]
fn art_10_conditional_line_offered() {
    let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    let a = accepted(judge_text(
        "2... Кb8-c6 3. Оf1-c4 Оf8-c5 4. 0-0\nАко 4... Кg8-f6 5. d2-d3",
        &g,
    ));
    let line: Vec<&str> = a.line.iter().map(|m| m.full.as_str()).collect();
    assert_eq!(a.line_error, None);
    assert_eq!(line, ["Оf8-c5", "0-0", "Кg8-f6", "d2-d3"]);
    assert_eq!(a.own.full, "Оf1-c4");
}

#[test]
fn first_move_needs_no_repeat_nor_receipt() {
    let g = game(&[], Color::White);
    let a = accepted(judge_text("1. e2-e4  15.3. = 0 дни, общо: 0 – 0", &g));
    assert!(a.is_complete(), "{a:?}");
}

#[test]
fn not_your_turn_game_over_no_move() {
    let g = game(&["e2e4"], Color::White);
    assert_eq!(judge_text("2. d2-d4", &g), Verdict::NotYourTurn);
    let mut g = game(&["e2e4"], Color::Black);
    assert_eq!(judge_text("Здравейте, как сте?", &g), Verdict::NoMove);
    assert_eq!(judge_text("Предлагам реми.", &g), Verdict::CommandsOnly);
    g.over = true;
    assert_eq!(judge_text("1... e7-e5", &g), Verdict::GameOver);
    let l = read_letter("Предавам се", Notation::Bg, false, day(3, 1));
    assert_eq!(l.commands, vec![Command::Resign]);
}

#[test]
fn art_7_b_whole_score_copied_before_the_own_move() {
    let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    let a = accepted(judge_text("1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5", &g));
    assert_eq!(a.own.uci, "f1b5");
    assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("b8c6"));
    assert!(!a.missing.contains(&Item::OpponentMove));
}

#[test]
fn art_11_every_legal_move_is_correct() {
    let g = game(&["e2e4"], Color::Black);
    let pos = Chess::default().play(g.moves[0]).expect("legal");
    for m in pos.legal_moves() {
        let text = format!("1. e2-e4 {}", notation::render_full(&pos, &m, Notation::Bg));
        let a = accepted(judge_text(&text, &g));
        assert_eq!(a.own.mv, m, "{text}");
    }
}

#[test]
fn art_13_the_three_kinds_of_faulty_move() {
    let g = game(&["e2e4"], Color::Black);
    let kinds: Vec<u32> = ["1. e2-e4 Кg8-e7", "1. d2-d4 Кg8-f6", "1. e2-e4 Кg8-f9"]
        .iter()
        .map(|t| match judge_text(t, &g) {
            Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => r.article,
            other => panic!("{t}: {other:?}"),
        })
        .collect();
    assert_eq!(kinds, [14, 15, 16]);
}

#[test]
fn verdict_kinds_for_the_reply_header() {
    let g = game(&["e2e4"], Color::Black);
    let full = format!("1. e2-e4 e7-e5; {COMPLETE}");
    assert_eq!(judge_text(&full, &g).kind(), Some(Kind::Ack));
    assert_eq!(judge_text("e7-e5", &g).kind(), Some(Kind::Incomplete));
    assert_eq!(judge_text("1. e2-e4 Кg8-e7", &g).kind(), Some(Kind::Error));
    assert_eq!(judge_text("Здравей!", &g).kind(), Some(Kind::NoMove));
}

#[test]
fn art_12_a_second_own_move_is_not_your_turn() {
    // A sent move is final: a later letter "instead of e2-e4 I play d2-d4" changes nothing.
    let g = game(&["e2e4"], Color::White);
    assert_eq!(
        judge_text("Вместо 1. e2-e4 играя 1. d2-d4", &g),
        Verdict::NotYourTurn
    );
}

fn ru_game(ucis: &[&str], sender: Color) -> GameView {
    GameView {
        notation: Notation::Ru,
        ..game(ucis, sender)
    }
}

#[test]
fn art_9_b_quoting_the_last_full_pair_is_no_fault() {
    // Issue 9 item 1: after 1.e4 e5 2.Nf3 Nc6 White quotes the last full pair.
    let g = ru_game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    let a = accepted(judge_text("2. Кg1-f3 Кb8-c6 3. Сf1-b5", &g));
    assert_eq!(a.own.uci, "f1b5");
    assert_eq!(a.repeated.as_ref().map(|m| m.uci.as_str()), Some("b8c6"));
    assert!(
        a.wrong_numbers.is_empty() && a.quote_slips.is_empty(),
        "{a:?}"
    );
    // Black the same after 1.e4 e5 2.Nf3.
    let g = ru_game(&["e2e4", "e7e5", "g1f3"], Color::Black);
    let a = accepted(judge_text("1... e7-e5 2. Кg1-f3 Кb8-c6", &g));
    assert_eq!(a.own.uci, "b8c6");
    assert!(a.line.is_empty());
    // Several moves quoted, without numbers.
    let g = ru_game(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], Color::Black);
    let a = accepted(judge_text("Кg1-f3 Кb8-c6 Сf1-b5 a7-a6", &g));
    assert_eq!(a.own.uci, "a7a6");
}

#[test]
fn art_9_b_a_slip_in_an_old_quoted_move_is_pointed_out_not_punished() {
    let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    // Move 2 of White copied wrongly (Кg1-e2): the score is pointed out, Оf1-b5 stands.
    let a = accepted(judge_text("1. e2-e4 e7-e5 2. Кg1-e2 Кb8-c6 3. Оf1-b5", &g));
    assert_eq!(a.own.uci, "f1b5");
    assert_eq!(a.quote_slips.len(), 1);
    assert_eq!(a.quote_slips[0].written, "Кg1-e2");
    assert_eq!(a.quote_slips[0].record.full, "Кg1-f3");
    assert!(!a.is_complete());
}

#[test]
fn art_9_b_a_copied_score_with_a_move_left_out_costs_nothing() {
    // The whole score copied, one old move garbled past reading (it is no move token at
    // all) and Б left out: the own move stands, nothing is charged.
    let g = game(&["d2d4", "g8f6", "c2c4", "d7d5", "b1c3"], Color::Black);
    let a = accepted(judge_text("1. d2-d4 Кg8-f6 2. C2—C4 d7-d5 3. e7-e6", &g));
    assert_eq!(a.own.uci, "e7e6");
    assert!(a.missing.contains(&Item::OpponentMove));
    // The same with a wrong Б is still Art. 15 when nothing else fits.
    let g = game(&["e2e4"], Color::Black);
    assert!(matches!(
        judge_text("1.c2-c4 Кg8-f6", &g),
        Verdict::Incorrect(_)
    ));
}

#[test]
fn rules_4_two_readings_with_different_own_moves_are_asked_not_punished() {
    // 1.e4 Кc6 2.Кf3 Кd4: «Кd4 e5» is "your Кd4, my e4-e5" or "my Кf3:d4, then e7-e5".
    let g = game(&["e2e4", "b8c6", "g1f3", "c6d4"], Color::White);
    let Verdict::TwoReadings(own) = judge_text("Кd4 e5", &g) else {
        panic!("{:?}", judge_text("Кd4 e5", &g))
    };
    let mut ucis: Vec<&str> = own.iter().map(|m| m.uci.as_str()).collect();
    ucis.sort();
    assert_eq!(ucis, ["e4e5", "f3d4"]);
    // The numbers decide it.
    assert_eq!(accepted(judge_text("2... Кd4 3. e5", &g)).own.uci, "e4e5");
    assert_eq!(accepted(judge_text("3. Кd4 e5", &g)).own.uci, "f3d4");
    // A legal line after the own move decides it too.
    assert_eq!(
        accepted(judge_text(
            "0-0",
            &game(
                &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"],
                Color::White
            )
        ))
        .own
        .uci,
        "e1g1"
    );
}

#[test]
fn art_9_b_a_copied_score_is_never_read_as_its_first_move_being_new() {
    // Found by the corpus (Capablanca): the whole score copied with a slip at move 6; the
    // rook on e2 could play «e2-e4», but «1.» and the rest of the letter say it is move 1.
    let ucis = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1",
        "b7b5", "a4b3", "e8g8", "c2c3", "d7d5", "e4d5", "f6d5", "f3e5", "c6e5", "e1e5", "d5f6",
        "e5e1", "e7d6", "h2h3", "f6g4", "d1f3", "d8h4", "d2d4", "g4f2", "e1e2", "c8g4",
    ];
    let g = ru_game(&ucis, Color::White);
    let text = "1.e2-e4 e7-e5 2.Кg1 - f3 Кb8-c6 3.Сf1 - b5 a7-a6 4.Сb5-a4 Кg8-f6 5. 0-0 \
                Сf8-e7 6.Лf2-e1 6... b7-b5 7) Сa4-b3 О-О 8. c2-c3 d7-d5 9. e4×d5 Кf6:d5 \
                10.Кf3xe5 Кc6×e5 11.Лe1:e5 Кd5-f6 12.Лe5-e1 Сe7-d6 13.h2–h3 Кf6–g4 \
                14.Фd1 - f3 Фd8–h4 15) d2–d4 Кg4:f2 16.Лe1-e2 Сc8-g4 17.h3:g4";
    let a = accepted(judge_text(text, &g));
    assert_eq!(a.own.uci, "h3g4");
    assert_eq!(a.quote_slips.len(), 1, "{:?}", a.quote_slips);
}

#[test]
fn art_9_b_the_move_number_says_which_castling_is_new() {
    // Issue 9 item 2: after 6... 0-0, White's `7. 0-0` is his own move.
    let g = game(
        &[
            "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "d2d3", "d7d6", "c1e3", "c8e6", "b1c3",
            "e8g8",
        ],
        Color::White,
    );
    let a = accepted(judge_text("7. 0-0", &g));
    assert_eq!(a.own.uci, "e1g1");
    let a = accepted(judge_text("6... 0-0 7. 0-0", &g));
    assert_eq!(a.own.uci, "e1g1");
    assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("e8g8"));
}

#[test]
fn art_21_russian_mate_and_annotation_marks_never_refuse() {
    // Rook d1 to d8 with the black king on h8 behind its pawns.
    let ucis = [
        "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1", "e8g8", "d2d3", "d7d6", "f1e1",
        "f8e8",
    ];
    let g = ru_game(&ucis, Color::White);
    for mark in [
        "+", "++", "#", "х", "x", "×", "+!", "х!!", "#?!", "!?", "?", "??", "!",
    ] {
        let text = format!("6... Лf8-e8 7. Кb1-c3{mark}");
        let a = accepted(judge_text(&text, &g));
        assert_eq!(a.own.uci, "b1c3", "{text}");
    }
    let g = ru_game(&["e2e4", "d7d5"], Color::White);
    for t in [
        "2. e4:d5+?!",
        "2. e4xd5!",
        "2. e:d5",
        "2. ed5",
        "2. ed",
        "2. exd5",
        "2. e4×d5",
    ] {
        let a = accepted(judge_text(t, &g));
        assert_eq!(a.own.uci, "e4d5", "{t}");
    }
}

#[test]
fn art_21_en_passant_marks_in_every_spelling() {
    let ucis = ["e2e4", "a7a6", "e4e5", "d7d5"];
    for (n, t) in [
        (Notation::Ru, "3. e5:d6 в.п."),
        (Notation::Ru, "3. e5:d6 e.p."),
        (Notation::Bg, "3. e5:d6 ep"),
        (Notation::En, "3. exd6 e.p."),
        (Notation::De, "3. e5xd6ep"),
    ] {
        let g = GameView {
            notation: n,
            ..game(&ucis, Color::White)
        };
        let a = accepted(judge_text(t, &g));
        assert_eq!(a.own.uci, "e5d6", "{t}");
    }
}

#[test]
fn art_7_note_2_short_captures_in_every_notation() {
    // 1.e4 e5 2.Nf3 Nc6 3.d4 d6 4.Bb5 Bd7 5.Nc3 Nf6: Nd7? no — test the capture shapes.
    let ucis = [
        "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d2d4", "c7c6", "g1f3", "c8g4",
    ];
    for (n, t, uci) in [
        (Notation::Ru, "6. С:g4", ""),
        (Notation::Ru, "6. Сf1-e2 ", "f1e2"),
        (Notation::Bg, "6. Оc1-d2", "c1d2"),
    ] {
        let g = GameView {
            notation: n,
            ..game(&ucis, Color::White)
        };
        let v = judge_text(t, &g);
        if uci.is_empty() {
            // No bishop can take on g4: impossible, not "no move".
            assert!(matches!(v, Verdict::Impossible(_)), "{t}: {v:?}");
        } else {
            assert_eq!(accepted(v).own.uci, uci, "{t}");
        }
    }
    // Ф:f2, Л:d3, Кb:d7, Сd:e5 shapes, each naming one legal capture.
    let ucis = ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7"];
    let g = ru_game(&ucis, Color::Black);
    let a = accepted(judge_text("3... Кр:f7", &g));
    assert_eq!(a.own.uci, "e8f7");
    assert!(a.short);
    let g = game(&ucis, Color::Black);
    let a = accepted(judge_text("3... Ц:f7", &g));
    assert_eq!(a.own.uci, "e8f7");
    for (n, t) in [
        (Notation::Ru, "Ф:f7"),
        (Notation::Bg, "Д:f7"),
        (Notation::Bg, "D:f7"),
        (Notation::En, "Q:f7"),
        (Notation::De, "Dxf7"),
    ] {
        let g = GameView {
            notation: n,
            ..game(
                &["e2e4", "e7e5", "d1h5", "d8e7", "h5f7", "e8d8"],
                Color::White,
            )
        };
        let v = judge_text(&format!("4. {t}"), &g);
        assert!(matches!(v, Verdict::Impossible(_)), "{t}: {v:?}");
    }
    let ucis = [
        "e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "d7d6", "b1d2", "c8g4", "d4e5", "g4f3", "d2f3",
    ];
    let g = ru_game(&ucis, Color::Black);
    for t in [
        "6... d:e5",
        "6... de",
        "6... d6:e5",
        "6... de5",
        "6... dxe5",
    ] {
        let a = accepted(judge_text(t, &g));
        assert_eq!(a.own.uci, "d6e5", "{t}");
    }
    let g = ru_game(&ucis, Color::Black);
    for t in ["6... К:e5", "6... Кc:e5", "6... Кc6:e5", "6... Кc6-e5"] {
        let a = accepted(judge_text(t, &g));
        assert_eq!(a.own.uci, "c6e5", "{t}");
    }
}

#[test]
fn art_7_note_2_short_piece_shapes() {
    // Knights on b1 and f3 can both reach d2: Кbd2 / К1d2 / Кfd2 name one.
    let ucis = ["g1f3", "g8f6", "d2d4", "d7d5"];
    let g = game(&ucis, Color::White);
    assert_eq!(accepted(judge_text("3. Кbd2", &g)).own.uci, "b1d2");
    assert_eq!(accepted(judge_text("3. К1d2", &g)).own.uci, "b1d2");
    assert_eq!(accepted(judge_text("3. Кfd2", &g)).own.uci, "f3d2");
    assert_eq!(accepted(judge_text("3. Кc3", &g)).own.uci, "b1c3");
    let ucis = [
        "a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6",
    ];
    let g = ru_game(&ucis, Color::White);
    assert_eq!(accepted(judge_text("5. ba8Ф", &g)).own.uci, "b7a8q");
    assert_eq!(accepted(judge_text("5. b7:a8Ф+", &g)).own.uci, "b7a8q");
    assert_eq!(accepted(judge_text("5. bа8Ф", &g)).own.uci, "b7a8q");
}

fn two_ucis(v: Verdict) -> Vec<String> {
    let Verdict::TwoReadings(own) = v else {
        panic!("not two readings: {v:?}")
    };
    let mut u: Vec<String> = own.into_iter().map(|m| m.uci).collect();
    u.sort();
    u
}

#[test]
fn art_9_b_a_duplicated_move_in_a_copied_score_costs_nothing() {
    // Reviewer C: the whole score copied with one move written twice puts the own move
    // past `ply`; it stands, nothing is charged.
    let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    let a = accepted(judge_text(
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 Кb8-c6 3. Оf1-b5",
        &g,
    ));
    assert_eq!(a.own.uci, "f1b5");
    assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("b8c6"));
    let a = accepted(judge_text(
        "1. e2-e4 e7-e5 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5",
        &g,
    ));
    assert_eq!(a.own.uci, "f1b5");
    // The gaps never excuse a faulty new move nor a wrong Б.
    for (text, article) in [
        ("1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 Кb8-c6 3. Оf1-c5", 14),
        ("2... Кb8-c6 3. Оf1-c5", 14),
        ("c7-c5 3. Оf1-b5", 15),
        ("2... c7-c5 3. Оf1-b5", 15),
    ] {
        let v = judge_text(text, &g);
        assert_eq!(
            v.refusal().map(|r| r.article),
            Some(article),
            "{text}: {v:?}"
        );
    }
}

#[test]
fn art_15_b_numbered_as_the_last_move_and_written_wrongly_is_incorrect() {
    // Reviewer A: `2... e7-e5` names Black's second move, which was Кb8-c6.
    let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
    let v = judge_text("2... e7-e5 3. Оf1-b5", &g);
    let Verdict::Incorrect(r) = v else {
        panic!("{v:?}")
    };
    assert_eq!(r.article, 15);
    assert_eq!(r.penalty_days, 5);
}

#[test]
fn rules_4_the_gaps_never_change_a_correctly_numbered_own_move() {
    // Reviewer B: `4. Кf3` is legal and numbered right, its line is not; the gaps would
    // read «Оb5» as the own move. Two own moves: asked, no penalty.
    let g = game(
        &["e2e4", "e7e5", "g1f3", "b8c6", "f3g5", "d7d6"],
        Color::White,
    );
    assert_eq!(two_ucis(judge_text("4. Кf3 Кc6 Оb5", &g)), ["f1b5", "g5f3"]);
}

#[test]
fn art_9_b_the_number_of_the_half_move_to_play_names_the_own_move() {
    // Reviewer H: after 1.e4 e5 2.Кf3 Black writes a line and then `2... d6`: the number
    // says d6 is his move.
    let g = game(&["e2e4", "e7e5", "g1f3"], Color::Black);
    let a = accepted(judge_text("2. Кf3 Кc6 3. Оb5 2... d6", &g));
    assert_eq!(a.own.uci, "d7d6");
    assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("g1f3"));
    // Б is `2. Кf3`, numbered right: no wrong number is pointed out.
    assert!(a.wrong_numbers.is_empty(), "{:?}", a.wrong_numbers);
}

#[test]
fn art_9_b_a_score_with_a_move_left_out_points_out_no_false_slips() {
    // Reviewer D: Кb8-c6 left out of the copied score; aligned from the end every earlier
    // move would be a "slip".
    let g = game(
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
        Color::White,
    );
    let a = accepted(judge_text(
        "1. e2-e4 e7-e5 2. Кg1-f3 3. Оf1-b5 a7-a6 4. Оb5-a4",
        &g,
    ));
    assert_eq!(a.own.uci, "b5a4");
    assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("a7a6"));
    assert!(a.quote_slips.is_empty(), "{:?}", a.quote_slips);
    // The same with one old move also garbled: that one alone is pointed out.
    let a = accepted(judge_text(
        "1. e2-e4 e7-e6 2. Кg1-f3 3. Оf1-b5 a7-a6 4. Оb5-a4",
        &g,
    ));
    assert_eq!(a.own.uci, "b5a4");
    assert_eq!(a.quote_slips.len(), 1, "{:?}", a.quote_slips);
    assert_eq!(a.quote_slips[0].written, "e7-e6");
    assert_eq!(a.quote_slips[0].record.full, "e7-e5");
}
