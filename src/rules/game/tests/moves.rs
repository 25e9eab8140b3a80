//! Move letters (Art. 7–22) and the ends a position brings.

use super::*;

#[test]
fn art_8_received_11_answered_13_is_one_day() {
    let g = play(game(), Color::White, "e2-e4", "2026-03-11");
    let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-03-13");
    assert_eq!(g.lines(1, day("2026-03-13"))[0].days, 1);
}

#[test]
fn art_14_impossible_move_is_refused_with_penalty_and_changes_no_move() {
    let h = handle_letter(&game(), Color::White, "1. Кg1-e3", day("2026-01-12"));
    let next = h.record.unwrap();
    assert!(next.moves.is_empty());
    assert_eq!(next.penalty_days(Color::White), 5);
    assert!(matches!(
        h.effects[0].msg,
        Msg::Refused {
            refusal: Refusal::Impossible,
            ..
        }
    ));
    assert!(h.effects.iter().any(|e| e.to == Role::Arbiter));
}

#[test]
fn art_7_note_2_short_notation_stands_and_is_marked_incomplete() {
    let h = handle_letter(&game(), Color::White, "1. Кf3", day("2026-01-12"));
    assert_eq!(h.record.unwrap().moves[0].san, "Nf3");
    assert_eq!(h.effects[0].kind, Kind::Incomplete);
}

#[test]
fn not_your_turn_changes_nothing() {
    let h = handle_letter(&game(), Color::Black, "1... e7-e5", day("2026-01-12"));
    assert!(h.record.is_none());
    assert_eq!(h.effects[0].msg, Msg::NotYourTurn);
}

#[test]
fn checkmate_ends_the_game_and_later_letters_are_answered_game_over() {
    let mut g = game();
    for (c, m) in [
        (Color::White, "1. f2-f3"),
        (Color::Black, "1... e7-e5"),
        (Color::White, "2. g2-g4"),
        (Color::Black, "2... Дd8-h4"),
    ] {
        g = play(g, c, m, "2026-01-12");
    }
    assert_eq!(g.status, Status::Finished);
    assert_eq!(g.result, Some(GameResult::BlackWins));
    assert_eq!(g.termination, Some(Termination::Checkmate));
    let h = handle_letter(&g, Color::White, "3. e2-e4", day("2026-01-13"));
    assert_eq!(h.effects[0].msg, Msg::GameOver);
}

#[test]
fn rules_4_a_letter_read_two_ways_is_asked_about_and_costs_nothing() {
    let g = alternate(
        game(),
        &["1. e2-e4", "1... Кb8-c6", "2. Кg1-f3", "2... Кc6-d4"],
        "2026-01-12",
    );
    let h = handle_letter(&g, Color::White, "Кd4 e5", day("2026-01-14"));
    assert!(h.record.is_none(), "nothing changes");
    assert_eq!(h.effects.len(), 1);
    assert!(
        matches!(&h.effects[0].msg, Msg::TwoReadings { moves } if moves.len() == 2),
        "{:?}",
        h.effects
    );
}

#[test]
fn stalemate_ends_the_game_as_a_draw() {
    // Sam Loyd's ten-move stalemate, in English notation.
    let mut g = game();
    g.notation = Notation::En;
    let moves = [
        "e2-e3", "a7-a5", "Qd1-h5", "Ra8-a6", "Qh5xa5", "h7-h5", "h2-h4", "Ra6-h6", "Qa5xc7",
        "f7-f6", "Qc7xd7", "Ke8-f7", "Qd7xb7", "Qd8-d3", "Qb7xb8", "Qd3-h7", "Qb8xc8", "Kf7-g6",
        "Qc8-e6",
    ];
    for (i, m) in moves.iter().enumerate() {
        g = play(
            g,
            if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            m,
            "2026-01-12",
        );
    }
    assert_eq!(
        (g.result, g.termination),
        (Some(GameResult::Draw), Some(Termination::Stalemate))
    );
}

#[test]
fn insufficient_material_ends_the_game_automatically() {
    use shakmaty::CastlingMode;
    let fen: Fen = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    assert_eq!(
        ended_by_position(&pos),
        Some((GameResult::Draw, Termination::InsufficientMaterial))
    );
    let fen: Fen = "8/8/4k3/8/8/3K4/8/7N w - - 0 1".parse().unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    assert_eq!(
        ended_by_position(&pos),
        Some((GameResult::Draw, Termination::InsufficientMaterial))
    );
}

#[test]
fn rules_s3_one_formula_the_official_figure_and_the_record_leave_out_the_art_37_pause() {
    // White never moved (start 10 January); on 19 February the bot files the Art. 31 claim
    // and the game waits for the arbiter (Art. 37), who rejects it on 10 March; White moves on
    // 12 March. Counted by hand (RULES.md §3): received 9 January (the day before the start,
    // Art. 24), sent 12 March: 22 days in January (10–31), 28 in February, 12 in March = 62,
    // less the 19 days 19 February – 9 March the game waited = 43, the first free: 42 days.
    let g = claimed();
    assert_eq!(g.clock.oversteps[0].claimed_on, day("2026-02-19"));
    let idx = g.clock.oversteps.len().checked_sub(1);
    let g = decide_claim(&g, idx, false, day("2026-03-10"))
        .unwrap()
        .record
        .unwrap();
    assert_eq!(g.status, Status::Playing);
    let official = g.official(day("2026-03-12"));
    assert_eq!(official.time_used, Some(42), "the official Ж in the reply");
    let next = play(g, Color::White, "1. e2-e4", "2026-03-12");
    let line = next.lines(0, day("2026-03-12"));
    assert_eq!(
        line[0].days, 42,
        "the record's figure for the move: {line:?}"
    );
}

#[test]
fn art_9_v_the_official_figures_every_item_by_hand() {
    // Email (Art. 8): White's 1. e4 arrived on 12 January (start 10 January); Black answers
    // on 15 January. Г = 12.1 (White's letter), Д = 13.1 (arrival + 1), Е = 15.1, Ж = 2
    // (13, 14, 15 counted, the first free), З: White 2 (10, 11, 12 from the day before the
    // start), Black 2, with a +5 penalty of White's on top: White 7.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let mut g = g;
    g.penalties.push(crate::rules::model::Penalty {
        color: Color::White,
        days: 5,
        date: day("2026-01-12"),
        article: "17".into(),
        reason: "test".into(),
    });
    let o = g.official(day("2026-01-15"));
    assert_eq!(o.letter, Some(day("2026-01-12")), "Г");
    assert_eq!(o.received, Some(day("2026-01-13")), "Д");
    assert_eq!(o.sent, Some(day("2026-01-15")), "Е");
    assert_eq!(o.time_used, Some(2), "Ж");
    let totals = o.totals.expect("З");
    assert_eq!((totals.white, totals.black), (7, 2), "З");
    // White's move 1: no letter of the opponent, no receipt (Art. 24); Ж from the start.
    let o = game().official(day("2026-01-12"));
    assert_eq!((o.letter, o.received), (None, None));
    assert_eq!(o.time_used, Some(2));
    // Post: the dates are the players' own reports; amici states none of its own.
    assert_eq!(
        post_game().official(day("2026-01-12")),
        crate::rules::verdict::Official::default()
    );
}

#[test]
fn rules_s3_one_receipt_rule_after_downtime_a_receipt_written_from_the_forward_is_right() {
    // White's 1. e4 arrived on 12 January, but amici was down and forwarded it on 14 January
    // (RULES.md §3: the receipt is the forwarding day). Black answers on 17 January and
    // writes Д = 15.1 (the forwarding day + 1, Art. 8) and Ж = 2 (15, 16, 17 counted, the
    // first free). Neither may be called wrong, and the record's line shows the same Д.
    let h = handle_player_letter(
        &game(),
        Color::White,
        "1. e2-e4",
        day("2026-01-12"),
        LetterFacts {
            proof: None,
            leave: None,
            forwarded: Some(day("2026-01-14")),
        },
    );
    let g = h.record.expect("the move is recorded");
    let o = g.official(day("2026-01-17"));
    assert_eq!(o.letter, Some(day("2026-01-12")), "Г: White's letter");
    assert_eq!(o.received, Some(day("2026-01-15")), "Д: the forward + 1");
    assert_eq!(o.time_used, Some(2), "Ж");
    let h = handle_letter(
        &g,
        Color::Black,
        "1... e7-e5; 12.1.2026 – 15.1.2026 – 17.1.2026 = 2 дни",
        day("2026-01-17"),
    );
    let remarks = ack_remarks(&h);
    assert!(remarks.wrong.is_empty(), "nothing is wrong: {remarks:?}");
    let next = h.record.expect("Black's move is recorded");
    assert_eq!(next.lines(1, day("2026-01-17"))[0].days, 2);
    assert_eq!(
        next.lines(1, day("2026-01-17"))[0].received,
        day("2026-01-14")
    );
}

#[test]
fn rules_s3_art_37_the_pause_runs_from_the_claim_day_to_the_day_before_the_decision() {
    // RULES.md §3: the days a game waits for the arbiter are the claim's day up to the day
    // before the decision is told; play resumes on the decision day. White never moved (start
    // 10 January, received 9 January); the claim was filed on 19 February. Counted by hand:
    // 10 January – 18 February = 22 + 18 = 40 days, the first free: 39 — on the claim day and
    // on every day of the wait.
    let g = claimed();
    assert_eq!(g.clock.oversteps[0].claimed_on, day("2026-02-19"));
    for d in ["2026-02-19", "2026-02-20", "2026-03-09"] {
        assert_eq!(
            g.clocks(day(d)).white.running_days,
            Some(39),
            "White's running clock on {d}"
        );
    }
    // Rejected on 10 March: that day counts again. A move sent on it: 40 + 1 counted, 40 days.
    let idx = g.clock.oversteps.len().checked_sub(1);
    let g = decide_claim(&g, idx, false, day("2026-03-10"))
        .unwrap()
        .record
        .unwrap();
    let next = play(g, Color::White, "1. e2-e4", "2026-03-10");
    assert_eq!(next.lines(0, day("2026-03-10"))[0].days, 40);
}

#[test]
fn art_8_an_answer_on_the_day_of_arrival_writes_that_day_and_the_literal_day_after_is_not_wrong() {
    // White's 1. e4 arrives on 12 January and Black answers the same day: Д is 12.1 (never
    // after the sending day), Ж 0. A letter that writes Д = 13.1 (Art. 8 read literally: the
    // arrival day + 1) is not called wrong either.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let o = g.official(day("2026-01-12"));
    assert_eq!(o.received, Some(day("2026-01-12")), "Д");
    assert_eq!(o.received_also, Some(day("2026-01-13")));
    assert_eq!(o.time_used, Some(0), "Ж");
    for d in ["12.1.2026", "13.1.2026"] {
        let h = handle_letter(
            &g,
            Color::Black,
            &format!("1... e7-e5; 12.1.2026 – {d} – 12.1.2026 = 0 дни"),
            day("2026-01-12"),
        );
        let remarks = ack_remarks(&h);
        assert!(
            !remarks.wrong.iter().any(|(item, ..)| *item == 'Д'),
            "Д {d}: {remarks:?}"
        );
    }
    // A day later the usual figure alone stands.
    let o = g.official(day("2026-01-14"));
    assert_eq!(o.received, Some(day("2026-01-13")));
    assert_eq!(o.received_also, None);
}

#[test]
fn art_27_31_the_deadlines_of_the_player_to_move() {
    // E-mail, start 10 January: White's 1. e4 sent 12 January; Black to play move 1. By hand:
    // on day D his time is (D − 12 January) − 1 (the first day free). 50 days for moves 1–10
    // (Art. 27): time ≤ 50 up to 12 January + 51 days = 4 March. A delay notice is needed for
    // more than 40 days (Art. 25, 31): time < 40 up to 12 January + 40 days = 21 February.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let d = g.deadlines(day("2026-01-15")).expect("Black to move");
    assert_eq!((d.to_move, d.number), (Color::Black, 1));
    assert!(d.receipt_known);
    assert_eq!(
        d.limit,
        Some(day("2026-03-04")),
        "50 days of time on 4 March"
    );
    assert_eq!(d.notice, Some(day("2026-02-21")));
    // nobody to move once the game waits for the arbiter
    assert!(claimed().deadlines(day("2026-03-05")).is_none());
}

/// The remarks of the acknowledgement a letter got.
fn ack_remarks(h: &Handled) -> Remarks {
    h.effects
        .iter()
        .find_map(|e| match &e.msg {
            Msg::Ack { remarks, .. } => Some(remarks.clone()),
            _ => None,
        })
        .expect("an acknowledgement")
}
