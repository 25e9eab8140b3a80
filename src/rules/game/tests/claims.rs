//! Resignation, draw offers and the claims of §707.

use super::*;

#[test]
fn resignation_ends_the_game() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(&g, Color::Black, "Предавам се.", day("2026-01-13"));
    let g = h.record.unwrap();
    assert_eq!(g.result, Some(GameResult::WhiteWins));
    assert_eq!(g.termination, Some(Termination::Resignation));
    assert_eq!(
        h.effects
            .iter()
            .filter(|e| e.kind == Kind::GameOver)
            .count(),
        3
    );
}

#[test]
fn a_draw_offered_with_a_move_and_accepted_is_a_draw() {
    let g = play(
        game(),
        Color::White,
        "1. e2-e4\nПредлагам реми.",
        "2026-01-12",
    );
    assert_eq!(g.draw_offer, Some(Color::White));
    let g = play(g, Color::Black, "Приемам реми.", "2026-01-13");
    assert_eq!(g.result, Some(GameResult::Draw));
    assert_eq!(g.termination, Some(Termination::Agreement));
}

#[test]
fn a_move_without_accepting_lapses_the_draw_offer() {
    let g = play(game(), Color::White, "1. e2-e4\noffer draw", "2026-01-12");
    let g = play(g, Color::Black, "1... e7-e5", "2026-01-13");
    assert_eq!(g.draw_offer, None);
    let h = handle_letter(&g, Color::White, "accept draw", day("2026-01-14"));
    assert_eq!(h.effects[0].msg, Msg::NoDrawOffer);
}

#[test]
fn a_threefold_repetition_claim_is_verified() {
    let g = alternate(
        game(),
        &[
            "1. Кg1-f3",
            "1... Кg8-f6",
            "2. Кf3-g1",
            "2... Кf6-g8",
            "3. Кg1-f3",
            "3... Кg8-f6",
            "4. Кf3-g1",
            "4... Кf6-g8",
        ],
        "2026-01-12",
    );
    let h = handle_letter(&g, Color::White, "claim draw", day("2026-01-13"));
    let g = h.record.unwrap();
    assert_eq!(g.termination, Some(Termination::Repetition));
}

#[test]
fn an_unproven_draw_claim_goes_to_the_arbiter() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(&g, Color::Black, "claim draw", day("2026-01-13"));
    assert!(h.record.as_ref().is_none_or(|g| g.result.is_none()));
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
    );
}

#[test]
fn s707_a_claim_the_tablebase_proves_ends_the_game_one_it_refutes_goes_to_the_arbiter() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter_with(
        &g,
        Color::Black,
        "claim win",
        day("2026-01-13"),
        Some(Proof::WinFor(Color::Black)),
    );
    let won = h.record.unwrap();
    assert_eq!(
        (won.result, won.termination),
        (Some(GameResult::BlackWins), Some(Termination::Tablebase))
    );
    let h = handle_letter_with(
        &g,
        Color::Black,
        "claim draw",
        day("2026-01-13"),
        Some(Proof::Draw),
    );
    assert_eq!(h.record.unwrap().result, Some(GameResult::Draw));
    // The tablebase says White wins: Black's claim of a win is the arbiter's to judge.
    let h = handle_letter_with(
        &g,
        Color::Black,
        "claim win",
        day("2026-01-13"),
        Some(Proof::WinFor(Color::White)),
    );
    assert!(h.record.as_ref().is_none_or(|r| r.result.is_none()));
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
    );
}

#[test]
fn s707_the_opponent_agreeing_to_a_draw_claim_makes_it_the_result() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(
        &g,
        Color::Black,
        "claim draw: the position is a fortress",
        day("2026-01-13"),
    );
    let msg = h
        .effects
        .iter()
        .find(|e| e.to == Role::Arbiter)
        .map(|e| e.msg.clone());
    assert!(
        matches!(msg, Some(Msg::Claim { ref explanation, .. }) if explanation.contains("fortress"))
    );
    let g = h.record.unwrap();
    let g = play(g, Color::White, "accept draw", "2026-01-14");
    assert_eq!(
        (g.result, g.termination),
        (Some(GameResult::Draw), Some(Termination::Agreement))
    );
}

#[test]
fn a_threefold_claim_sent_with_the_move_that_repeats_is_verified() {
    let g = alternate(
        game(),
        &[
            "1. Кg1-f3",
            "1... Кg8-f6",
            "2. Кf3-g1",
            "2... Кf6-g8",
            "3. Кg1-f3",
            "3... Кg8-f6",
            "4. Кf3-g1",
        ],
        "2026-01-12",
    );
    // Black's move repeats the start position a third time; he claims in the same letter.
    let g = play(g, Color::Black, "4... Кf6-g8\nclaim draw", "2026-01-13");
    assert_eq!(
        (g.result, g.termination),
        (Some(GameResult::Draw), Some(Termination::Repetition))
    );
}

#[test]
fn a_draw_offer_without_a_move_and_its_declining() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(
        &g,
        Color::Black,
        "I offer a draw. offer draw",
        day("2026-01-13"),
    );
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::White && e.msg == Msg::DrawOffer)
    );
    let g = h.record.unwrap();
    assert_eq!(g.draw_offer, Some(Color::Black));
    let h = handle_letter(&g, Color::White, "decline draw", day("2026-01-14"));
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Black && e.msg == Msg::DrawDeclined)
    );
    assert_eq!(h.record.unwrap().draw_offer, None);
}

#[test]
fn fifty_moves_without_a_capture_or_pawn_move_a_claim_is_verified() {
    // 100 half-moves of pieces only, never the same position twice, then a claim.
    let mut g = game();
    let mut pos = Chess::default();
    let mut seen = std::collections::HashSet::new();
    let key = |p: &Chess| -> Zobrist64 { p.zobrist_hash(EnPassantMode::Legal) };
    seen.insert(key(&pos));
    // Open the bishops' and queens' diagonals first: 1. e3 e6 (pawn moves reset the count).
    for m in ["e2-e3", "e7-e6"] {
        let c = pos.turn();
        g = play(g, c, m, "2026-01-12");
        pos = g.position();
        seen.insert(key(&pos));
    }
    for _ in 0..100 {
        let mv = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() != shakmaty::Role::Pawn && !m.is_capture())
            .find(|m| {
                let mut p = pos.clone();
                p.play_unchecked(*m);
                !seen.contains(&key(&p)) && p.outcome() == Outcome::Unknown
            })
            .expect("a fresh quiet move");
        let text = notation::render_full(&pos, &mv, g.notation);
        let c = pos.turn();
        g = play(g, c, &text, "2026-01-13");
        pos = g.position();
        seen.insert(key(&pos));
    }
    assert!(pos.halfmoves() >= 100);
    let c = pos.turn();
    let h = handle_letter(&g, c, "claim draw", day("2026-01-14"));
    let g = h.record.unwrap();
    assert_eq!(
        (g.result, g.termination),
        (Some(GameResult::Draw), Some(Termination::FiftyMoves))
    );
}
