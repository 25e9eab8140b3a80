//! Conditional lines (Art. 10, 32).

use super::*;

#[test]
fn art_32_a_matching_move_plays_the_proposers_line_at_once() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    // Black answers and offers: if 2. Кg1-f3 then 2... Кb8-c6.
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    assert_eq!(g.variant.as_ref().map(|v| v.moves.len()), Some(2));
    let h = handle_letter(&g, Color::White, "2. Кg1-f3", day("2026-01-15"));
    let g = h.record.unwrap();
    assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6"]);
    assert!(g.moves[3].from_variant);
    assert_eq!(
        g.lines(3, day("2026-01-15"))[0].days,
        0,
        "Art. 32: the proposer's moves from the line cost nothing"
    );
    assert_eq!(g.to_move(), Some(Color::White));
}

#[test]
fn art_10_the_receivers_move_after_the_accepted_line_is_his_move() {
    // Issue 9 item 5: Black offers 2. Кg1-f3 Кb8-c6; White writes the line out and adds
    // his own 3. Оf1-b5: Кb8-c6 is played from the line and Оf1-b5 is White's move.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    let h = handle_letter(
        &g,
        Color::White,
        "1... e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6 4. Оb5-a4",
        day("2026-01-15"),
    );
    let g = h.record.unwrap();
    assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert!(g.moves[3].from_variant && !g.moves[4].from_variant);
    assert_eq!(g.to_move(), Some(Color::Black));
    // The rest of his letter is his own new line, offered to Black.
    let v = g.variant.as_ref().expect("White's own line");
    assert_eq!(
        (v.by, v.moves.clone()),
        (Color::White, vec!["a7a6".to_string(), "b5a4".to_string()])
    );
    // Art. 32: his time for the letter is counted on Оf1-b5, Кb8-c6 cost nothing.
    let lines = g.lines(2, day("2026-01-15"));
    assert_eq!(lines[1].days, 0);
}

#[test]
fn art_32_the_acknowledgement_tells_the_line_moves_as_the_opponents() {
    // Issue 9 item 11: White's 2. Кg1-f3 plays Black's 2... Кb8-c6 from his line. White's
    // acknowledgement lists his own move only; the line move comes as the opponent's move,
    // with the position, and it is White's turn again.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    let h = handle_letter(&g, Color::White, "1... e7-e5 2. Кg1-f3", day("2026-01-15"));
    let Msg::Ack { moves, .. } = &h.effects[0].msg else {
        panic!("{:?}", h.effects[0])
    };
    assert_eq!(h.effects[0].to, Role::White);
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["Кg1-f3"]);
    let told = h
        .effects
        .iter()
        .find(|e| e.to == Role::White && matches!(e.msg, Msg::Forward { .. }))
        .expect("the line move told to White as his opponent's move");
    let Msg::Forward { moves, .. } = &told.msg else {
        unreachable!()
    };
    assert_eq!(told.kind, Kind::Move);
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (moves[0].text.as_str(), moves[0].from_variant),
        ("Кb8-c6", true)
    );
    assert_eq!(h.record.unwrap().to_move(), Some(Color::White));
}

#[test]
fn art_32_time_is_attributed_by_letter_not_by_sending_day() {
    // Issue 9 item 6: White's 10th move comes 60 days after Black's 9th (50 days allowed
    // by move 10) and plays Black's 10... from his line; the same day White sends his 11th
    // in a second letter. The two letters are not one stretch: the overstep is at move 10.
    let mut letters = Vec::new();
    for n in 1..=9 {
        let (w, b) = if n % 2 == 1 {
            ("Кg1-f3", "Кg8-f6")
        } else {
            ("Кf3-g1", "Кf6-g8")
        };
        letters.push(format!("{n}. {w}"));
        letters.push(if n == 9 {
            format!("{n}... {b} 10. Кf3-g1 Кf6-g8")
        } else {
            format!("{n}... {b}")
        });
    }
    let refs: Vec<&str> = letters.iter().map(String::as_str).collect();
    let g = alternate(game(), &refs, "2026-01-12");
    assert!(g.variant.is_some());
    let g = play(g, Color::White, "10. Кf3-g1", "2026-03-13");
    assert_eq!(g.moves.len(), 20, "Black's 10... played from his line");
    let g = play(g, Color::White, "11. Кg1-f3", "2026-03-13");
    let claims: Vec<u32> = handle_tick(&g, day("2026-03-14"))
        .effects
        .iter()
        .filter_map(|e| match &e.msg {
            Msg::Clock(n) if n.kind == NoticeKind::OverstepClaim && n.about == Color::White => {
                Some(n.move_number)
            }
            _ => None,
        })
        .collect();
    assert!(claims.contains(&10), "{claims:?}");
    let t = g.lines(18, day("2026-03-14"));
    assert_eq!((t[0].number, t[0].days), (10, 59));
}

#[test]
fn art_10_a_deviating_move_lapses_the_line() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    let g = play(g, Color::White, "2. d2-d4", "2026-01-15");
    assert_eq!(g.sans(), ["e4", "e5", "d4"]);
    assert!(g.variant.is_none());
}

#[test]
fn art_10_declining_a_variant_then_playing_it_move_by_move_costs_5_days() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    // White declines the line explicitly, then plays its move anyway.
    let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
    assert_eq!(
        g.sans(),
        ["e4", "e5", "Nf3"],
        "a declined line is not played automatically"
    );
    assert_eq!(g.penalty_days(Color::White), 5);
    assert_eq!(g.penalties[0].article, "10");
}

#[test]
fn art_10_declining_a_variant_and_playing_otherwise_costs_nothing() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
        "2026-01-13",
    );
    let g = play(g, Color::White, "decline\n2. d2-d4", "2026-01-15");
    assert_eq!(g.penalty_days(Color::White), 0);
}

#[test]
fn art_10_a_longer_declined_line_played_move_by_move_costs_5_days() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    // Black offers two moves for each side: 2. Nf3 Nc6 3. Bb5 a6.
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6",
        "2026-01-13",
    );
    let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
    assert_eq!(g.penalty_days(Color::White), 0, "not yet the whole line");
    let g = play(g, Color::Black, "2... Кb8-c6", "2026-01-16");
    let g = play(g, Color::White, "3. Оf1-b5", "2026-01-18");
    assert_eq!(g.penalty_days(Color::White), 5);
}
