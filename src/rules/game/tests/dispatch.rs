//! A letter's routing: a team captain's letter (RULES.md §14, Art. 17).

use super::*;

#[test]
fn art_17_a_captains_move_is_never_judged_nor_charged() {
    // Issue 9 item 10: legal, impossible and unreadable moves from a captain are refused
    // alike, in the core, with no penalty for his player.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    for text in ["1... e7-e5", "1... Кg8-e7", "1... e7-e9", "1. e2-e4 Кb8-c6"] {
        assert_eq!(
            handle_captain_letter(&g, Color::Black, text, day("2026-01-13")),
            CaptainLetter::MovesRefused,
            "{text}"
        );
    }
    // A leave notice is the player's, as if he wrote it.
    let CaptainLetter::Handled(h) = handle_captain_letter(
        &g,
        Color::Black,
        "leave 2026-02-01 2026-02-05",
        day("2026-01-13"),
    ) else {
        panic!("a captain's leave notice is handled")
    };
    assert_eq!(h.requests.len(), 1);
}

#[test]
fn rules_s14_a_captain_can_neither_resign_nor_offer_a_draw() {
    // Reviewer F: a captain sends claims and leave notices, never a resignation or a
    // draw for his player.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    for text in ["resign", "I offer a draw", "предавам се"] {
        let c = handle_captain_letter(&g, Color::Black, text, day("2026-01-13"));
        assert_eq!(c, CaptainLetter::MovesRefused, "{text}");
    }
    // A resignation beside a leave notice: the leave counts, the resignation not.
    let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
        &g,
        Color::Black,
        "resign\nleave 2026-02-01 2026-02-05",
        day("2026-01-13"),
    ) else {
        panic!("the leave is handled, the resignation refused")
    };
    assert_eq!(h.requests.len(), 1);
    assert!(
        h.record
            .as_ref()
            .is_none_or(|r| r.status != Status::Finished)
    );
}

#[test]
fn rules_s14_a_captains_leave_notice_beside_a_move_still_counts() {
    // Reviewer G: the move is refused, the leave notice in the same letter is handled.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
        &g,
        Color::Black,
        "1... e7-e5\nleave 2026-02-01 2026-02-05",
        day("2026-01-13"),
    ) else {
        panic!("the leave is handled, the move refused")
    };
    assert_eq!(h.requests.len(), 1);
    assert!(h.record.as_ref().is_none_or(|r| r.moves.len() == 1));
    assert!(h.record.as_ref().is_none_or(|r| r.penalties.is_empty()));
}
