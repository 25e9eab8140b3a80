//! Overstep claims (Art. 33–40).

use super::*;

#[test]
fn art_37_nothing_is_judged_while_the_game_waits_for_the_arbiter() {
    // Issue 9 item 9: a legal move and an impossible one get the same answer, no penalty.
    let g = claimed();
    for text in ["1. e2-e4", "1. Кg1-e3", "1. e2-e9"] {
        let h = handle_letter(&g, Color::White, text, day("2026-03-06"));
        assert_eq!(h.effects.len(), 1, "{text}: {:?}", h.effects);
        assert_eq!(h.effects[0].msg, Msg::AwaitingArbiter, "{text}");
        let next = h.record.unwrap_or_else(|| g.clone());
        assert!(next.penalties.is_empty(), "{text}: {:?}", next.penalties);
        assert!(next.moves.is_empty());
    }
}

#[test]
fn art_36_note_3_an_admitted_overstep_takes_effect_at_once() {
    let h = handle_letter(
        &claimed(),
        Color::White,
        "I admit the overstep.",
        day("2026-03-06"),
    );
    let g = h.record.unwrap();
    assert_eq!(
        g.result,
        Some(GameResult::BlackWins),
        "email: the first overstep loses (Art. 29)"
    );
    assert_eq!(g.termination, Some(Termination::Overstep));
}

#[test]
fn art_34_the_player_claimed_for_may_withdraw_the_claim() {
    let h = handle_letter(
        &claimed(),
        Color::Black,
        "Оттеглям рекламацията.",
        day("2026-03-06"),
    );
    let g = h.record.unwrap();
    assert_eq!(g.status, Status::Playing);
    assert_eq!(g.result, None);
    // The offender himself cannot withdraw it.
    let h = handle_letter(
        &claimed(),
        Color::White,
        "withdraw claim",
        day("2026-03-06"),
    );
    assert!(h.record.is_none());
}

#[test]
fn art_39_objection_within_7_days_of_the_decision() {
    let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
        .unwrap()
        .record
        .unwrap();
    assert!(
        handle_letter(
            &g,
            Color::White,
            "Възражение: пощата закъсня.",
            day("2026-03-13")
        )
        .record
        .is_some()
    );
    let late = handle_letter(&g, Color::White, "Възражение", day("2026-03-14"));
    assert!(
        late.record.is_none(),
        "8 days after the decision is too late"
    );
    assert_eq!(late.effects[0].kind, Kind::Error);
}

#[test]
fn art_40_an_unfounded_player_claim_rejected_costs_the_claimant_5_days() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(&g, Color::White, "claim overstep", day("2026-01-14"));
    let g = h.record.unwrap();
    assert_eq!(g.status, Status::AwaitingDecision);
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Arbiter && e.kind == Kind::OverstepClaim)
    );
    let g = decide_claim(&g, None, false, day("2026-01-15"))
        .unwrap()
        .record
        .unwrap();
    assert_eq!(g.penalty_days(Color::White), 5);
    assert_eq!(g.status, Status::Playing);
}

#[test]
fn art_39_an_objection_upheld_undoes_the_loss() {
    let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
        .unwrap()
        .record
        .unwrap();
    assert_eq!(g.result, Some(GameResult::BlackWins));
    let g = handle_letter(
        &g,
        Color::White,
        "Objection: the server was down.",
        day("2026-03-08"),
    )
    .record
    .unwrap();
    let g = decide_claim(&g, None, false, day("2026-03-10"))
        .unwrap()
        .record
        .unwrap();
    assert_eq!((g.result, g.status), (None, Status::Playing));
}
