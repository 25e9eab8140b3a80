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
