//! `post` mode: dates from the players' reports (RULES.md §2, §3).

use super::*;
use crate::rules::clock;

#[test]
fn art_7_post_the_receipt_is_checked_against_the_corrected_sending_day() {
    // Issue 9 item 8: White declares Е 10.3; Black reports Г 8.3 (the postmark, which
    // prevails), Д 9.3, Е 15.3: Д is consistent with 8.3, so Ж = 15 − 9 − 1 = 5.
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 10.3.2026",
        "2026-03-11",
    );
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5; 8.3. – 9.3. – 15.3.",
        "2026-03-16",
    );
    assert_eq!(g.moves[0].sent, day("2026-03-08"));
    assert_eq!(g.moves[1].received, day("2026-03-09"));
    assert_eq!(g.lines(1, day("2026-03-16"))[0].days, 5);
}

#[test]
fn post_dates_come_from_the_players_reports() {
    // White posts 1. e4 on 2 March (declared Е), reported on 3 March.
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    assert_eq!(g.moves[0].sent, day("2026-03-02"));
    // Black: the card (postmarked 2.3.) arrived 5.3. (Д), answered 9.3. (Е): Ж = 9 − 5 − 1 = 3.
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5; 2.3. – 5.3. – 9.3.",
        "2026-03-10",
    );
    assert_eq!(
        (g.moves[1].received, g.moves[1].sent),
        (day("2026-03-05"), day("2026-03-09"))
    );
    assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
}

#[test]
fn post_the_receivers_postmark_prevails_over_the_declared_sending_date() {
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    // Black reports the postmark on White's card as 4 March, not 2 March.
    let h = handle_letter(
        &g,
        Color::Black,
        "1. e2-e4 e7-e5; 4.3. – 6.3. – 9.3.",
        day("2026-03-10"),
    );
    let g = h.record.unwrap();
    assert_eq!(g.moves[0].sent, day("2026-03-04"));
    let told: Vec<Role> = h
        .effects
        .iter()
        .filter(|e| matches!(e.msg, Msg::DateDisagreement { .. }))
        .map(|e| e.to)
        .collect();
    assert_eq!(told, [Role::Black, Role::White, Role::Arbiter]);
}

#[test]
fn post_a_receipt_report_starts_the_running_clock() {
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    let before = g.clocks(day("2026-03-20")).black.running_days;
    // Black reports the card arrived on 6 March (Д), no move yet.
    let g = handle_letter(
        &g,
        Color::Black,
        "Получих хода на 6.3.2026",
        day("2026-03-07"),
    )
    .record
    .unwrap();
    let after = g.clocks(day("2026-03-20")).black.running_days;
    assert_eq!(
        before, None,
        "post: no running clock before the receipt is known"
    );
    assert_eq!(
        after,
        Some(13),
        "7–20 March after a receipt on 6 March: N = 14 → 13 days"
    );
}

#[test]
fn post_a_missing_receipt_date_is_derived_from_sending_date_and_time_used() {
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    // Black writes Е = 9.3. and Ж = 3 days but no Д: Д = 9 − 3 − 1 = 5 March.
    let g = play(
        g,
        Color::Black,
        "1. e2-e4 e7-e5; 9.3.2026 = 3 дни",
        "2026-03-10",
    );
    assert_eq!(
        (g.moves[1].received, g.moves[1].sent),
        (day("2026-03-05"), day("2026-03-09"))
    );
    assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
}

#[test]
fn rules_s3_one_receipt_rule_post_before_and_after_the_receivers_report() {
    // White posts 1. e4 on 2 March. Until Black reports its arrival, the receipt is unknown
    // (status shows none, his clock does not run) and no earlier than 2 March; Black reports
    // Д 5 March: from then on it is 5 March for the record, the replies and status alike.
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    assert_eq!(
        clock::receipt(&g.clock_game()),
        clock::ReceiptDay::NotReported {
            after: day("2026-03-02")
        }
    );
    assert_eq!(g.clock_started(), day("2026-03-02"));
    assert_eq!(g.clocks(day("2026-03-10")).black.running_days, None);
    let h = handle_letter(
        &g,
        Color::Black,
        "Получих хода ви на 5.3.",
        day("2026-03-06"),
    );
    let g = h.record.expect("the receipt report is recorded");
    assert_eq!(
        clock::receipt(&g.clock_game()),
        clock::ReceiptDay::Known(day("2026-03-05"))
    );
    assert_eq!(g.clock_started(), day("2026-03-05"));
    // 6–10 March counted, the first free: 4 days on 10 March.
    assert_eq!(g.clocks(day("2026-03-10")).black.running_days, Some(4));
}

#[test]
fn art_5_post_moves_travel_by_letter_amici_records_the_reported_postmarks() {
    // The card itself goes by post; the player's report to amici gives its postmark (Е), and
    // that is the move's sending date — not the day the report reached amici. The opponent
    // gets the move by e-mail too, with that date, to check against the card he receives.
    let g = post_game();
    let h = handle_letter(&g, Color::White, "1. e2-e4; 2.3.2026", day("2026-03-04"));
    let next = h.record.as_ref().expect("the report is recorded");
    assert_eq!(next.moves[0].sent, day("2026-03-02"));
    let forwarded = h
        .effects
        .iter()
        .find_map(|e| match (&e.to, &e.msg) {
            (Role::Black, Msg::Forward { moves, .. }) => Some(moves.clone()),
            _ => None,
        })
        .expect("the opponent is told the move");
    assert_eq!(forwarded[0].sent, day("2026-03-02"));
}

#[test]
fn art_6_v_one_switch_to_post_the_clocks_continue() {
    // An e-mail game after 1. e4 (sent 12 January): the arbiter moves it to post on 14 January.
    // Black's clock runs on from the day White's move was forwarded (12 January); from now on
    // the post rules apply: a first overstep does not lose (Art. 28).
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let before = g.clocks(day("2026-01-20")).black.total_days;
    let h = switch_to_post(&g, day("2026-01-14")).expect("the switch");
    let next = h.record.expect("changed");
    assert_eq!(next.params.mode, Mode::Post);
    assert_eq!(next.params.oversteps_to_lose, 2);
    assert_eq!(
        next.clocks(day("2026-01-20")).black.total_days,
        before,
        "Black's running clock continues"
    );
    assert_eq!(h.effects.len(), 3, "both players and the arbiter are told");
    assert!(matches!(
        h.effects[0].msg,
        Msg::Told(Told::SwitchedToPost { on }) if on == day("2026-01-14")
    ));
    // Once only.
    let e = switch_to_post(&next, day("2026-01-15")).unwrap_err();
    assert_eq!(e, GameRefusal::AlreadyPost, "one switch only");
}
