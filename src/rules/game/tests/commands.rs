//! Commands beside the move: the delay notice (Art. 25).

use super::*;

#[test]
fn art_25_a_delay_notice_sent_with_the_move_or_out_of_turn_covers_the_next_move() {
    // Issue 9 item 7: stored under the move it concerns, so neither the Art. 26 repeat
    // nor the Art. 31 claim goes out against the player who gave notice.
    let notice = "Уведомление: ще отговоря след повече от 40 дни (чл. 25).";
    let chased = |g: &GameRecord, d: &str| -> Vec<NoticeKind> {
        let mut g = g.clone();
        let mut kinds = Vec::new();
        let mut day_ = day("2026-01-14");
        while day_ <= day(d) {
            let h = handle_tick(&g, day_);
            for e in &h.effects {
                if let Msg::Clock(n) = &e.msg
                    && n.about == Color::White
                {
                    kinds.push(n.kind);
                }
            }
            if let Some(r) = h.record {
                g = r;
            }
            day_ = day_.succ_opt().unwrap();
        }
        kinds
    };
    // With the move.
    let g = play(
        game(),
        Color::White,
        &format!("1. e2-e4\n{notice}"),
        "2026-01-12",
    );
    let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
    assert_eq!(chased(&g, "2026-02-27"), []);
    // While the opponent is to move.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(&g, Color::White, notice, day("2026-01-12"));
    let g = h.record.expect("the notice is recorded");
    let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
    assert_eq!(chased(&g, "2026-02-27"), []);
    // Without notice both go out.
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
    let k = chased(&g, "2026-02-27");
    assert!(
        k.contains(&NoticeKind::Repeat) && k.contains(&NoticeKind::OverstepClaim),
        "{k:?}"
    );
}

#[test]
fn art_45_a_leave_pauses_every_unfinished_game_of_the_player_and_each_opponent_is_told() {
    // w@x.test plays T/1 (White) and T/2 (Black); T/3 is finished. A leave of 1–30 June:
    // both unfinished games pause for him; he and the arbiter are told once, each opponent
    // for his own game; the finished game is left alone.
    let t1 = game();
    let mut t2 = game();
    t2.id = "T/2".into();
    t2.white = "c@x.test".into();
    t2.black = "w@x.test".into();
    let mut t3 = game();
    t3.id = "T/3".into();
    t3.status = crate::rules::game::Status::Finished;
    let mut book = crate::rules::leave::LeaveBook::default();
    book.request(
        &Params::for_mode(Mode::Email),
        day("2026-06-01"),
        day("2026-06-30"),
        day("2026-05-20"),
        &[],
    )
    .expect("a leave within the rules");
    let applied = leave_applied(
        &[t1, t2, t3],
        "w@x.test",
        &book,
        Some((day("2026-06-01"), day("2026-06-30"), false)),
    );
    assert_eq!(applied.len(), 2, "the finished game is not touched");
    let (g1, e1) = &applied[0];
    assert_eq!(g1.suspensions.len(), 1);
    assert_eq!(g1.suspensions[0].color, Some(Color::White));
    assert_eq!(
        e1.iter().map(|e| e.to).collect::<Vec<_>>(),
        [Role::White, Role::Black, Role::Arbiter]
    );
    let (g2, e2) = &applied[1];
    assert_eq!(g2.suspensions[0].color, Some(Color::Black));
    assert_eq!(e2.iter().map(|e| e.to).collect::<Vec<_>>(), [Role::White]);
    // without an announcement (a book changed by Art. 46), nobody is told
    let quiet = leave_applied(&[game()], "w@x.test", &book, None);
    assert!(quiet[0].1.is_empty());
}
