//! The record and its replay (Art. 20, 24).

use super::*;

#[test]
fn art_24_white_time_runs_from_the_start_date() {
    let g = game();
    let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"));
    let g = h.record.unwrap();
    assert_eq!(g.moves[0].san, "e4");
    assert_eq!(
        g.lines(0, day("2026-01-12"))[0].days,
        2,
        "start 10 Jan, sent 12 Jan → 2 days"
    );
    assert_eq!(h.effects[1].to, Role::Black);
    assert_eq!(h.effects[1].kind, Kind::Move);
}

#[test]
fn art_20_a_wrong_repeat_is_caught_on_arrival_so_the_game_never_needs_a_replay() {
    // The commentary of Art. 20: White plays Кd5-e3, Black repeats it as Кd5-c3 and plays
    // his move; found eleven moves later, the game goes back. amici checks every repeat on
    // arrival (Art. 15): Black's letter is refused at once, +5 days (Art. 17), the record
    // keeps White's real move, and Black's answer is played from the true position.
    let g = alternate(game(), &["1. e2-e4", "1... e7-e5"], "2026-01-12");
    let g = play(g, Color::White, "1... e7-e5 2. Кg1-f3", "2026-01-13");
    let h = handle_letter(&g, Color::Black, "2. Кg1-h3 Кb8-c6", day("2026-01-14"));
    let refused = h.record.expect("the penalty is recorded");
    assert_eq!(
        refused.moves, g.moves,
        "the wrong repeat never enters the record"
    );
    assert_eq!(refused.penalties.len(), 1);
    assert_eq!(
        (refused.penalties[0].color, refused.penalties[0].days),
        (Color::Black, 5)
    );
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Black && e.kind == Kind::Error),
        "Black is told at once: {:?}",
        h.effects
    );
    let next = play(refused, Color::Black, "2. Кg1-f3 Кb8-c6", "2026-01-15");
    let (pos, _) = replay(&next.moves);
    assert_eq!(
        Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
}

#[test]
fn art_18_19_after_a_refusal_any_piece_may_move() {
    // Art. 19's example: White sends the impossible 1. Кg1-e3 (+5 days, Art. 17); his new
    // move need not be a knight move (no touch-move, Art. 18): 1. d2-d4 is accepted.
    let h = handle_letter(&game(), Color::White, "1. Кg1-e3", day("2026-01-12"));
    let refused = h.record.expect("the penalty is recorded");
    assert!(refused.moves.is_empty());
    assert_eq!(refused.penalties.len(), 1);
    let next = play(refused, Color::White, "1. d2-d4", "2026-01-13");
    assert_eq!(next.moves.len(), 1);
    assert_eq!(next.moves[0].uci, "d2d4");
    assert_eq!(
        next.penalties.len(),
        1,
        "no second penalty for the change of piece"
    );
}

#[test]
fn art_20_in_post_a_wrong_repeat_is_caught_on_arrival_and_put_to_the_arbiter() {
    // RULES.md §14: in `post` too the reports are checked on arrival — the conflict of Art.
    // 20 never waits eleven moves: the letter is refused, the arbiter copied, nothing played.
    let g = alternate(post_game(), &["1. e2-e4", "1... e7-e5"], "2026-01-12");
    let g = play(g, Color::White, "1... e7-e5 2. Кg1-f3", "2026-01-13");
    let h = handle_letter(&g, Color::Black, "2. Кg1-h3 Кb8-c6", day("2026-01-20"));
    let refused = h.record.expect("the penalty is recorded");
    assert_eq!(refused.moves, g.moves, "nothing played");
    assert!(
        h.effects.iter().any(|e| e.to == Role::Arbiter),
        "the arbiter is told: {:?}",
        h.effects
    );
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Black && e.kind == Kind::Error)
    );
}

#[test]
fn untouched_until_a_move_a_penalty_a_suspension_a_result_or_a_clock_event() {
    // Before any of these the pairing follows the config (issue 5, engine::sync).
    let g = game();
    assert!(g.untouched());
    assert!(!play(g.clone(), Color::White, "1. e2-e4", "2026-01-12").untouched());
    let mut finished = g.clone();
    finished.finish(GameResult::Draw, Termination::Agreement);
    assert!(!finished.untouched());
    let mut suspended = g;
    suspended.suspensions.push(crate::rules::model::Suspension {
        color: None,
        from: day("2026-01-12"),
        to: day("2026-01-20"),
    });
    assert!(!suspended.untouched());
}
