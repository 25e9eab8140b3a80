//! The arbiter's sanctions (Art. 56, 57).

use super::*;

#[test]
fn art_22_the_arbiter_penalises_an_unfounded_complaint_citing_the_article() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = arbiter_penalty(
        &g,
        Color::Black,
        5,
        "Art. 22: unfounded complaint about 1. e2-e4",
        day("2026-01-14"),
    );
    let g = h.record.unwrap();
    assert_eq!(g.penalty_days(Color::Black), 5);
    assert_eq!(g.penalties[0].article, "22");
    assert_eq!(h.effects.len(), 3, "both players and the arbiter are told");
}

#[test]
fn art_57_a_sanction_may_be_appealed_within_7_days() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = arbiter_penalty(
        &g,
        Color::Black,
        10,
        "unsporting behaviour",
        day("2026-01-14"),
    )
    .record
    .unwrap();
    let h = handle_letter(
        &g,
        Color::Black,
        "I appeal against the penalty.",
        day("2026-01-20"),
    );
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Arbiter && e.kind == Kind::Decision)
    );
    assert_eq!(h.record.unwrap().sanction_appeals.len(), 1);
    let late = handle_letter(&g, Color::Black, "I appeal", day("2026-01-22"));
    assert!(late.record.is_none(), "8 days later is too late");
}
