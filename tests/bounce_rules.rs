//! RULES.md §3, a forwarded move that bounces (src/rules/bounce.rs): the game is suspended for
//! both clocks from the day the failure is known until the move is delivered again, and the
//! receiver's time runs from that delivery. Expected figures are worked out by hand from §3.

use amici::rules::bounce::{
    BounceError, BouncedForward, delivered_again, forward_bounced, resend_to, suspend,
    waiting_for_delivery,
};
use amici::rules::game::{GameRecord, handle_letter};
use amici::rules::model::{Day, Mode, Notation, Params};
use shakmaty::Color;

fn day(s: &str) -> Day {
    s.parse().unwrap()
}

/// Start 10 January; White's 1. e4 sent (and forwarded) on 12 January.
fn after_white_moved() -> GameRecord {
    let g = GameRecord::new(
        "T/1".into(),
        "T".into(),
        "ivan@example.test".into(),
        "petar@example.test".into(),
        Params::for_mode(Mode::Email),
        Notation::Bg,
        day("2026-01-10"),
    );
    handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"))
        .record
        .expect("legal")
}

#[test]
fn rules_s3_a_bounced_forward_stops_both_clocks_until_it_is_delivered_again() {
    let g = after_white_moved();
    let black = |g: &GameRecord, d: &str| g.clocks(day(d)).side(Color::Black).total_days;
    let white = |g: &GameRecord, d: &str| g.clocks(day(d)).side(Color::White).total_days;
    // Without the bounce Black's clock runs: received 12th, on the 18th N = 6 → 5 days.
    assert_eq!(black(&g, "2026-01-18"), 5);
    let white_before = white(&g, "2026-01-18");
    // The bounce is known on the 13th: from then on nothing runs.
    let b = suspend(&g, 1, day("2026-01-13")).unwrap();
    assert!(waiting_for_delivery(&b));
    assert_eq!(black(&b, "2026-01-18"), 0, "13th–18th suspended: N = 0");
    assert_eq!(
        white(&b, "2026-01-18"),
        white_before,
        "White's total unchanged"
    );
    // Delivered again on the 20th: Black's time runs from that delivery (§3: the receipt day
    // does not count, the first day after it is free). On the 25th: N = 5 → 4 days.
    let d = delivered_again(&b, day("2026-01-20")).unwrap();
    assert!(!waiting_for_delivery(&d));
    assert_eq!(black(&d, "2026-01-25"), 4);
    // And his answer on the 25th is charged 4 days.
    let answered = handle_letter(&d, Color::Black, "1. e2-e4 e7-e5", day("2026-01-25"))
        .record
        .expect("legal");
    assert_eq!(
        answered
            .clocks(day("2026-01-25"))
            .side(Color::Black)
            .total_days,
        4
    );
}

#[test]
fn rules_s3_a_bounce_of_an_old_move_or_in_a_finished_game_changes_nothing() {
    let g = after_white_moved();
    let answered = handle_letter(&g, Color::Black, "1. e2-e4 e7-e5", day("2026-01-14"))
        .record
        .expect("legal");
    assert_eq!(
        suspend(&answered, 1, day("2026-01-15")),
        Err(BounceError::Answered),
        "Black answered: White's move had reached him after all"
    );
    let b = suspend(&g, 1, day("2026-01-13")).unwrap();
    assert_eq!(
        suspend(&b, 1, day("2026-01-14")),
        Err(BounceError::AlreadyWaiting)
    );
    assert!(
        delivered_again(&g, day("2026-01-14")).is_none(),
        "nothing waited"
    );
}

#[test]
fn rules_s3_delivered_again_the_same_day_leaves_no_suspension() {
    let g = after_white_moved();
    let b = suspend(&g, 1, day("2026-01-13")).unwrap();
    let d = delivered_again(&b, day("2026-01-13")).unwrap();
    assert!(d.suspensions.is_empty());
    // Received on the 13th: on the 16th N = 3 → 2 days.
    assert_eq!(d.clocks(day("2026-01-16")).side(Color::Black).total_days, 2);
}

#[test]
fn rules_s3_a_bounced_forward_is_told_to_the_arbiter_and_the_player_who_moved() {
    let g = after_white_moved();
    let facts = BouncedForward {
        recipient: "petar@example.test",
        latest_to_recipient: true,
        arbiter: Some("arbiter@example.test"),
    };
    let h = forward_bounced(&g, &facts, day("2026-01-13"));
    assert!(h.suspended());
    assert!(waiting_for_delivery(h.record.as_ref().unwrap()));
    assert_eq!(h.ply, 1);
    assert_eq!(h.mv.as_deref(), Some("e4"));
    assert_eq!(h.told, ["arbiter@example.test", "ivan@example.test"]);
    // A later message went to Black since: the bounced one was an earlier forward, the game
    // goes on; still told, without naming the move.
    let older = forward_bounced(
        &g,
        &BouncedForward {
            latest_to_recipient: false,
            ..facts
        },
        day("2026-01-13"),
    );
    assert_eq!((older.suspended(), older.mv), (false, None));
    assert_eq!(older.told, h.told);
    // Already waiting: no second suspension, the notice names the move.
    let again = forward_bounced(h.record.as_ref().unwrap(), &facts, day("2026-01-14"));
    assert!(!again.suspended());
    assert_eq!(again.mv.as_deref(), Some("e4"));
    // No arbiter to tell (none is configured), or the arbiter's own address bounced.
    let alone = forward_bounced(
        &g,
        &BouncedForward {
            arbiter: Some("PETAR@example.test"),
            ..facts
        },
        day("2026-01-13"),
    );
    assert_eq!(alone.told, ["ivan@example.test"]);
}

#[test]
fn rules_s3_a_resent_move_goes_to_the_player_to_move() {
    // White moved; the forward to Black bounced: Black is to move and receives it again.
    let g = after_white_moved();
    assert_eq!(resend_to(&g, "old@example.test"), "petar@example.test");
    // A game over since: to whom it went first.
    let mut over = g;
    over.status = amici::rules::game::Status::Finished;
    assert_eq!(resend_to(&over, "old@example.test"), "old@example.test");
}
