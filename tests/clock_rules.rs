//! The rule book's worked examples and RULES.md §3, §6, §7, §8 as table tests on the clock
//! engine (`rules::clock`, `rules::tick`, `rules::leave`).

use amici::rules::clock::{
    Claimant, ClockGame, ClockState, NoticeKind, OverstepGround, OverstepStatus, PendingLine,
    detect_overstep, penalty, report,
};
use amici::rules::leave::{LeaveBook, LeaveError, LeaveKind};
use amici::rules::model::{Color, Day, Mode, Params, Penalty, PlayedMove, Suspension};
use amici::rules::tick::{Recipient, tick};
use chrono::NaiveDate;

fn d(y: i32, m: u32, day: u32) -> Day {
    NaiveDate::from_ymd_opt(y, m, day).expect("valid test date")
}

fn plus(x: Day, n: i64) -> Day {
    x + chrono::Duration::days(n)
}

fn mv(received: Day, sent: Day) -> PlayedMove {
    PlayedMove {
        uci: "e2e4".into(),
        san: "e4".into(),
        received,
        sent,
        from_variant: false,
        letter: 0,
    }
}

/// A game whose plies take the given thinking times; `transit` days between sending and
/// receipt (0 in `email`). A time of 0 is answered the day of receipt.
fn line(start: Day, transit: i64, days: &[u32]) -> Vec<PlayedMove> {
    let mut out = Vec::new();
    let mut received = plus(start, -1);
    for &t in days {
        let sent = if t == 0 {
            received
        } else {
            plus(received, i64::from(t) + 1)
        };
        out.push(mv(received, sent));
        received = plus(sent, transit);
    }
    out
}

struct G {
    params: Params,
    start: Day,
    moves: Vec<PlayedMove>,
    penalties: Vec<Penalty>,
    suspensions: Vec<Suspension>,
    state: ClockState,
}

impl G {
    fn new(mode: Mode, start: Day, moves: Vec<PlayedMove>) -> G {
        G {
            params: Params::for_mode(mode),
            start,
            moves,
            penalties: Vec::new(),
            suspensions: Vec::new(),
            state: ClockState::default(),
        }
    }
    fn game(&self) -> ClockGame<'_> {
        ClockGame {
            params: &self.params,
            start: self.start,
            moves: &self.moves,
            penalties: &self.penalties,
            suspensions: &self.suspensions,
            state: &self.state,
            result: None,
        }
    }
    /// Tick and keep the new state.
    fn tick(&mut self, now: Day) -> Vec<amici::rules::tick::ClockNotice> {
        let out = tick(&self.game(), now);
        self.state = out.state;
        out.notices
    }
}

/// The thinking time of one move received on `received` and sent on `sent`, with the
/// `suspended` spans of both players, as a game's report counts it (RULES.md §3): the core
/// counts days only on a game's own calendar, so the test asks through a game too.
fn thinking_days(received: Day, sent: Day, suspended: &[(Day, Day)]) -> u32 {
    let mut g = G::new(Mode::Email, plus(received, 1), vec![mv(received, sent)]);
    g.suspensions = suspended
        .iter()
        .map(|&(from, to)| Suspension {
            color: None,
            from,
            to,
        })
        .collect();
    report(&g.game(), sent).moves[0].days
}

// ---- RULES.md §3: every test vector -------------------------------------------------------

/// RULES.md §3, all test vectors in one table: (name, received, sent, suspended span, days).
#[test]
fn s3_every_test_vector_holds() {
    type Vector = (&'static str, Day, Day, Option<(Day, Day)>, u32);
    let table: [Vector; 6] = [
        (
            "Art. 8: 11 → 13 March",
            d(2026, 3, 11),
            d(2026, 3, 13),
            None,
            1,
        ),
        (
            "Art. 8 sample line 11.3 – 12.3 – 15.3",
            d(2026, 3, 11),
            d(2026, 3, 15),
            None,
            3,
        ),
        (
            "Art. 45: leave 1–30 June, 20 May → 5 July",
            d(2026, 5, 20),
            d(2026, 7, 5),
            Some((d(2026, 6, 1), d(2026, 6, 30))),
            15,
        ),
        (
            "Art. 47: dead 10 March – 8 April, 27 Feb → 20 April",
            d(2026, 2, 27),
            d(2026, 4, 20),
            Some((d(2026, 3, 10), d(2026, 4, 8))),
            21,
        ),
        (
            "Art. 24: start 10 Jan, White sends 12 Jan",
            d(2026, 1, 9),
            d(2026, 1, 12),
            None,
            2,
        ),
        (
            "running clock on D = as if sent on D",
            d(2026, 1, 12),
            d(2026, 1, 20),
            None,
            7,
        ),
    ];
    for (name, received, sent, span, days) in table {
        let suspended: Vec<(Day, Day)> = span.into_iter().collect();
        assert_eq!(thinking_days(received, sent, &suspended), days, "{name}");
        // The engine agrees, on a sent move and on a running clock.
        let mut g = G::new(Mode::Email, d(2026, 1, 10), vec![mv(received, sent)]);
        if let Some((from, to)) = span {
            g.suspensions.push(Suspension {
                color: None,
                from,
                to,
            });
        }
        assert_eq!(report(&g.game(), sent).moves[0].days, days, "{name}");
        g.moves.clear();
        g.state.set_receipt(0, received);
        assert_eq!(
            report(&g.game(), sent).white.running_days,
            Some(i64::from(days)),
            "{name}"
        );
    }
}

#[test]
fn art_8_received_11_answered_13_is_one_day() {
    assert_eq!(thinking_days(d(2026, 3, 11), d(2026, 3, 13), &[]), 1);
}

#[test]
fn art_8_sample_line_11_3_to_15_3_is_three_days() {
    // `11.3. – 12.3. – 15.3.= 3дня`: arrived 11.3 (written 12.3), sent 15.3.
    assert_eq!(thinking_days(d(2026, 3, 11), d(2026, 3, 15), &[]), 3);
}

#[test]
fn art_8_answer_on_the_day_of_receipt_or_the_next_is_zero_days() {
    assert_eq!(thinking_days(d(2026, 3, 11), d(2026, 3, 11), &[]), 0);
    assert_eq!(thinking_days(d(2026, 3, 11), d(2026, 3, 12), &[]), 0);
}

#[test]
fn art_45_leave_splits_may_and_july() {
    // Leave 1–30 June, received 20 May, answered 5 July: 10 days in May, 5 in July.
    let leave = [(d(2026, 6, 1), d(2026, 6, 30))];
    assert_eq!(thinking_days(d(2026, 5, 20), d(2026, 7, 5), &leave), 15);
    // The same through the engine, with the leave as a suspension of the game.
    let mut g = G::new(
        Mode::Post,
        d(2026, 1, 10),
        vec![mv(d(2026, 5, 20), d(2026, 7, 5))],
    );
    g.suspensions.push(Suspension {
        color: Some(Color::Black),
        from: d(2026, 6, 1),
        to: d(2026, 6, 30),
    });
    let r = report(&g.game(), d(2026, 7, 5));
    assert_eq!(r.moves[0].days, 15);
    assert_eq!(r.white.total_days, 15);
}

#[test]
fn art_47_dead_time_from_10_march_to_8_april_gives_21_days() {
    // Receipt 27 Feb, dead time 10 March – 8 April, sent 20 April: 28 Feb free, 1–9 March = 9,
    // 9–20 April = 12.
    let dead = [(d(2026, 3, 10), d(2026, 4, 8))];
    assert_eq!(thinking_days(d(2026, 2, 27), d(2026, 4, 20), &dead), 21);
    let mut g = G::new(
        Mode::Email,
        d(2026, 1, 10),
        vec![mv(d(2026, 2, 27), d(2026, 4, 20))],
    );
    g.suspensions.push(Suspension {
        color: None,
        from: d(2026, 3, 10),
        to: d(2026, 4, 8),
    });
    assert_eq!(report(&g.game(), d(2026, 4, 20)).moves[0].days, 21);
}

#[test]
fn art_24_white_move_1_counts_from_the_start_date() {
    // Start 10 Jan, sent 12 Jan → 2 days (received = the day before the start).
    assert_eq!(thinking_days(d(2026, 1, 9), d(2026, 1, 12), &[]), 2);
    // Running clock before White's first move, from the start date.
    let g = G::new(Mode::Email, d(2026, 1, 10), Vec::new());
    let r = report(&g.game(), d(2026, 1, 12));
    assert_eq!(r.white.total_days, 2);
    assert_eq!(r.white.running_days, Some(2));
    assert_eq!(r.black.total_days, 0);
}

#[test]
fn s3_running_clock_on_day_d_counts_as_if_sent_on_d() {
    let start = d(2026, 1, 10);
    let moves = line(start, 0, &[2]); // White sent 12 Jan; Black received it 12 Jan
    let g = G::new(Mode::Email, start, moves);
    for (now, days) in [
        (d(2026, 1, 12), 0),
        (d(2026, 1, 13), 0),
        (d(2026, 1, 20), 7),
    ] {
        let r = report(&g.game(), now);
        assert_eq!(r.black.running_days, Some(days));
        assert_eq!(
            r.black.total_days,
            i64::from(thinking_days(d(2026, 1, 12), now, &[]))
        );
    }
}

#[test]
fn s3_post_running_clock_only_once_the_receipt_is_reported() {
    let start = d(2026, 1, 10);
    let moves = line(start, 4, &[5]);
    let mut g = G::new(Mode::Post, start, moves);
    let r = report(&g.game(), d(2026, 2, 1));
    assert_eq!(r.black.running_days, None);
    assert_eq!(r.black.total_days, 0);
    assert_eq!(r.white.total_days, 5);
    g.state.set_receipt(1, d(2026, 1, 20));
    let r = report(&g.game(), d(2026, 2, 1));
    assert_eq!(r.black.running_days, Some(11));
}

#[test]
fn art_23_unused_time_carries_over_allowance_is_cumulative() {
    let start = d(2026, 1, 10);
    // White uses 1 day for each of his 12 moves; he is thinking about move 13.
    let mut days = Vec::new();
    for _ in 0..12 {
        days.push(1);
        days.push(0);
    }
    let g = G::new(Mode::Email, start, line(start, 0, &days));
    let r = report(&g.game(), g.moves[23].sent);
    assert_eq!(r.white.move_number, 13);
    assert_eq!(r.white.allowance, 100);
    assert_eq!(r.white.total_days, 12);
    assert_eq!(r.white.days_left, 88);
    let p = G::new(Mode::Post, start, line(start, 0, &days));
    assert_eq!(report(&p.game(), p.moves[23].sent).white.allowance, 60);
}

// ---- Oversteps (Art. 27–40) ----------------------------------------------------------------

/// White's times `w`, Black answering at once (0 days) after each.
fn white_uses(w: &[u32]) -> Vec<u32> {
    w.iter().flat_map(|&t| [t, 0]).collect()
}

#[test]
fn art_33_overstep_detected_before_move_10() {
    // `post`: 31 days by move 6 is an overstep at once; the new count starts at move 7.
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 3, &white_uses(&[5, 5, 5, 5, 5, 6])),
    );
    let sixth = g.moves[10].sent;
    let found = detect_overstep(&g.game(), plus(sixth, 10)).expect("overstep");
    assert_eq!(
        (found.color, found.move_number, found.day),
        (Color::White, 6, sixth)
    );
    assert_eq!((found.days, found.limit), (31, 30));
    let notices = g.tick(plus(sixth, 10));
    let claim = notices
        .iter()
        .find(|n| n.kind == NoticeKind::OverstepClaim)
        .expect("claim filed");
    assert_eq!(claim.due, sixth);
    assert_eq!(claim.to[0], Recipient::Arbiter);
    // Art. 28, 30: play goes on, the count restarts at move 7 at once.
    assert!(g.state.awaiting_decision().is_none());
    let r = report(&g.game(), plus(sixth, 10));
    assert_eq!(r.white.count_from, 7);
    assert_eq!(r.white.allowance, 30);
    assert_eq!(r.white.oversteps, 1);
}

#[test]
fn art_33_45_days_after_move_10_is_no_overstep() {
    // `post`: 29 days by move 10, then thinking about move 11 up to 45: move 11 may use 60.
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 2, &white_uses(&[3, 3, 3, 3, 3, 3, 3, 3, 3, 2])),
    );
    let tenth_answer = g.moves[19].sent;
    let received = plus(tenth_answer, 2);
    g.state.set_receipt(20, received);
    let now = plus(received, 17); // running 16 days: 29 + 16 = 45
    let r = report(&g.game(), now);
    assert_eq!(r.white.total_days, 45);
    assert_eq!(r.white.allowance, 60);
    assert!(detect_overstep(&g.game(), now).is_none());
    assert!(
        g.tick(now)
            .iter()
            .all(|n| n.kind != NoticeKind::OverstepClaim && n.kind != NoticeKind::RunningOverstep)
    );
}

#[test]
fn art_33_post_overstep_claimed_at_move_10_restarts_at_move_11() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 2, &white_uses(&[3, 3, 3, 3, 3, 3, 3, 3, 3, 4])),
    );
    g.tick(plus(g.moves[19].sent, 1));
    assert_eq!(g.state.oversteps.len(), 1);
    assert_eq!(g.state.oversteps[0].move_number, 10);
    assert_eq!(g.state.count_from(&g.params, Color::White), 11);
}

#[test]
fn art_33_email_running_clock_overstep_is_claimed_the_day_it_happens() {
    // White never moves; a delay notice keeps Art. 31 away. Move 1 may use 50 days: the 51st
    // day after the start is an overstep (start 10 Jan → 2 March).
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, Vec::new());
    g.state.record_delay_notice(Color::White, 0, d(2026, 1, 20));
    assert!(detect_overstep(&g.game(), d(2026, 3, 1)).is_none());
    let found = detect_overstep(&g.game(), d(2026, 3, 20)).expect("overstep");
    assert_eq!(found.day, d(2026, 3, 2));
    assert_eq!((found.days, found.limit, found.move_number), (51, 50, 1));
}

#[test]
fn art_29_email_first_overstep_loses() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Email,
        start,
        line(start, 0, &white_uses(&[20, 20, 11])),
    );
    let notices = g.tick(plus(g.moves[5].sent, 1));
    let claim = notices
        .iter()
        .find(|n| n.kind == NoticeKind::OverstepClaim)
        .expect("claim");
    assert_eq!(claim.article, "27");
    assert_eq!(claim.move_number, 3);
    let (idx, o) = g.state.awaiting_decision().expect("Art. 37: paused");
    assert!(o.pauses);
    let effect = g
        .state
        .confirm(&g.params, idx, plus(g.moves[5].sent, 3))
        .unwrap();
    assert_eq!(effect.loser, Some(Color::White));
}

#[test]
fn art_28_post_the_first_overstep_lets_play_go_on_the_second_loses() {
    let start = d(2026, 1, 10);
    // White's move 6 takes 6 days: 31 > 30 days for moves 1–10 (Art. 27 А).
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 2, &white_uses(&[5, 5, 5, 5, 5, 6])),
    );
    g.tick(g.moves.last().unwrap().sent);
    assert_eq!(g.state.oversteps.len(), 1, "the first overstep is claimed");
    // «При первой, время игры продолжается без остановки»: no pause for the arbiter.
    assert!(!g.state.oversteps[0].pauses);
    assert!(g.state.awaiting_decision().is_none());
    assert_eq!(g.state.oversteps[0].status, OverstepStatus::Claimed);
    // Moves 7–16 in 3 days each and 4 for the last: 31 > 30 in the new count (Art. 30): the
    // second overstep stops the game and, confirmed, loses it.
    let mut w = vec![5, 5, 5, 5, 5, 6];
    w.extend([3, 3, 3, 3, 3, 3, 3, 3, 3, 4]);
    g.moves = line(start, 2, &white_uses(&w));
    let at = g.moves.last().unwrap().sent;
    g.tick(plus(at, 1));
    let (idx, o) = g
        .state
        .awaiting_decision()
        .expect("the second overstep pauses");
    assert_eq!(o.move_number, 16);
    let effect = g.state.confirm(&g.params, idx, plus(at, 3)).unwrap();
    assert_eq!(
        effect.loser,
        Some(Color::White),
        "the second overstep loses"
    );
}

#[test]
fn art_30_post_restart_after_first_overstep_then_second_loses() {
    let start = d(2026, 1, 10);
    // First overstep at move 6 (31 days); from move 7 White has 30 days for moves 7–16.
    let mut w = vec![5, 5, 5, 5, 5, 6];
    w.extend([3, 3, 3, 3, 3, 3, 3, 3, 3]); // moves 7–15: 27 days
    let mut g = G::new(Mode::Post, start, line(start, 2, &white_uses(&w)));
    g.tick(g.moves.last().unwrap().sent);
    assert_eq!(g.state.oversteps.len(), 1);
    let r = report(&g.game(), g.moves.last().unwrap().sent);
    // Art. 7 З note: the total shown counts from the restart move.
    assert_eq!(r.white.total_days, 27);
    assert_eq!(r.white.game_days, 58);
    assert_eq!(
        (r.white.count_from, r.white.move_number, r.white.allowance),
        (7, 16, 30)
    );
    // Move 16 with 4 days: 31 > 30 in the new count → second overstep → the game waits.
    let last = g.moves.last().unwrap().sent;
    g.moves.push(mv(plus(last, 2), plus(last, 7)));
    g.moves.push(mv(plus(last, 9), plus(last, 9)));
    let notices = g.tick(plus(last, 10));
    let claim = notices
        .iter()
        .find(|n| n.kind == NoticeKind::OverstepClaim)
        .expect("second claim");
    assert_eq!(
        (claim.move_number, claim.figures.days, claim.figures.limit),
        (16, 31, 30)
    );
    let (idx, _) = g
        .state
        .awaiting_decision()
        .expect("Art. 37: second overstep pauses");
    let effect = g.state.confirm(&g.params, idx, plus(last, 12)).unwrap();
    assert_eq!(effect.loser, Some(Color::White));
    // The first overstep was never decided: it stood at once (Art. 28).
    assert_eq!(g.state.oversteps[0].status, OverstepStatus::Claimed);
}

#[test]
fn art_38_rejected_first_overstep_undoes_the_restart() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 3, &white_uses(&[5, 5, 5, 5, 5, 6])),
    );
    let now = plus(g.moves[11].sent, 1);
    g.tick(now);
    assert_eq!(g.state.count_from(&g.params, Color::White), 7);
    let effect = g.state.reject(&g.params, 0, now).unwrap();
    assert_eq!(effect.penalty, None); // filed by the bot
    assert_eq!(g.state.count_from(&g.params, Color::White), 1);
    assert_eq!(report(&g.game(), now).white.total_days, 31);
    // Art. 34, 38: not claimed again within the same 10-move period.
    assert!(
        g.tick(plus(now, 1))
            .iter()
            .all(|n| n.kind != NoticeKind::OverstepClaim)
    );
}

#[test]
fn art_36_note_3_admission_takes_effect_at_once() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &white_uses(&[51])));
    g.tick(plus(g.moves[1].sent, 1));
    let (idx, _) = g.state.awaiting_decision().expect("claim");
    let effect = g
        .state
        .admit(&g.params, idx, plus(g.moves[1].sent, 2))
        .unwrap();
    assert_eq!(effect.loser, Some(Color::White));
    assert_eq!(g.state.oversteps[idx].status, OverstepStatus::Admitted);
}

#[test]
fn art_39_objection_within_7_days_of_the_decision() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 3, &white_uses(&[5, 5, 5, 5, 5, 6])),
    );
    g.tick(plus(g.moves[11].sent, 1));
    let decided = d(2026, 4, 1);
    g.state.confirm(&g.params, 0, decided).unwrap();
    assert_eq!(
        g.state.oversteps[0].objection_deadline(),
        Some(d(2026, 4, 8))
    );
    // Without an objection the arbiter cannot reverse it.
    assert!(g.state.reject(&g.params, 0, d(2026, 4, 5)).is_err());
    let mut late = g.state.clone();
    assert!(late.object(0, d(2026, 4, 9)).is_err());
    g.state.object(0, d(2026, 4, 8)).unwrap();
    g.state.reject(&g.params, 0, d(2026, 4, 12)).unwrap();
    assert_eq!(g.state.count_from(&g.params, Color::White), 1);
}

#[test]
fn art_40_unfounded_player_claim_costs_the_claimant_5_days() {
    let p = Params::for_mode(Mode::Email);
    let mut st = ClockState::default();
    let (idx, _) = st
        .file_claim(
            &p,
            Color::White,
            8,
            OverstepGround::Period,
            Claimant::Player(Color::Black),
            d(2026, 3, 1),
            40,
            50,
        )
        .unwrap();
    let effect = st.reject(&p, idx, d(2026, 3, 5)).unwrap();
    let pen = effect.penalty.expect("Art. 40");
    assert_eq!(
        (pen.color, pen.days, pen.article.as_str()),
        (Color::Black, 5, "40")
    );
    assert!(effect.resumes);
    // `post`: an unfounded claim of a first overstep is not penalised.
    let p = Params::for_mode(Mode::Post);
    let mut st = ClockState::default();
    let (idx, _) = st
        .file_claim(
            &p,
            Color::White,
            8,
            OverstepGround::Period,
            Claimant::Player(Color::Black),
            d(2026, 3, 1),
            25,
            30,
        )
        .unwrap();
    assert_eq!(st.reject(&p, idx, d(2026, 3, 5)).unwrap().penalty, None);
}

#[test]
fn art_37_note_claim_withdrawn_by_the_claimant_resumes_the_game() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &white_uses(&[51])));
    g.tick(plus(g.moves[1].sent, 1));
    let (idx, _) = g.state.awaiting_decision().unwrap();
    assert!(g.state.withdraw(idx, Color::White, d(2026, 3, 10)).is_err());
    assert!(
        g.state
            .withdraw(idx, Color::Black, d(2026, 3, 10))
            .unwrap()
            .resumes
    );
    assert!(g.state.awaiting_decision().is_none());
}

#[test]
fn art_37_arbiter_reminded_when_7_days_pass_without_decision() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &white_uses(&[51])));
    // A delay notice keeps Art. 31 out: the claim is the Art. 27 one on the sending day.
    g.state.record_delay_notice(Color::White, 0, plus(start, 5));
    let sent = g.moves[0].sent;
    assert_eq!(g.tick(sent)[0].article, "27");
    assert!(g.tick(plus(sent, 7)).is_empty());
    let n = g.tick(plus(sent, 9));
    assert_eq!(n.len(), 1);
    assert_eq!(
        (n[0].kind, n[0].due),
        (NoticeKind::DecisionOverdue, plus(sent, 8))
    );
}

#[test]
fn art_37_after_downtime_the_7_days_run_from_the_day_the_claim_was_sent() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &white_uses(&[51])));
    g.state.record_delay_notice(Color::White, 0, plus(start, 5));
    let sent = g.moves[0].sent;
    // amici was down: the first tick runs 20 days after the claim fell due.
    let n = g.tick(plus(sent, 20));
    assert_eq!(n.len(), 1, "the claim only, no reminder at once: {n:?}");
    assert_eq!((n[0].article.as_str(), n[0].due), ("27", sent));
    assert!(g.tick(plus(sent, 27)).is_empty());
    let n = g.tick(plus(sent, 28));
    assert_eq!(
        (n[0].kind, n[0].due),
        (NoticeKind::DecisionOverdue, plus(sent, 28))
    );
}

#[test]
fn art_56_arbiter_declared_first_overstep_is_in_force() {
    let p = Params::for_mode(Mode::Post);
    let mut st = ClockState::default();
    let (_, effect) = st
        .file_claim(
            &p,
            Color::Black,
            12,
            OverstepGround::Sanction,
            Claimant::Arbiter,
            d(2026, 5, 1),
            0,
            0,
        )
        .unwrap();
    assert_eq!(effect.restart, Some((Color::Black, 13)));
    assert_eq!(st.oversteps[0].status, OverstepStatus::Confirmed);
}

#[test]
fn art_17_penalty_days_count_in_totals_and_towards_oversteps() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 2, &white_uses(&[5, 5, 5, 5, 5])),
    );
    let fifth = g.moves[8].sent;
    g.penalties.push(penalty(
        &g.params,
        Color::White,
        "17",
        "impossible move",
        plus(fifth, 6),
    ));
    let r = report(&g.game(), plus(fifth, 6));
    assert_eq!((r.white.total_days, r.white.penalty_days), (30, 5));
    assert!(detect_overstep(&g.game(), plus(fifth, 6)).is_none());
    g.penalties.push(penalty(
        &g.params,
        Color::White,
        "10",
        "declined variant",
        plus(fifth, 8),
    ));
    let found = detect_overstep(&g.game(), plus(fifth, 9)).expect("penalty overstep");
    assert_eq!(
        (found.day, found.move_number, found.days),
        (plus(fifth, 8), 6, 35)
    );
}

// ---- Variants (Art. 32) --------------------------------------------------------------------

#[test]
fn art_32_accepted_variant_time_goes_to_the_last_move_played() {
    // `post`: White sends move 18 with a line to move 21; Black accepts it and sends his 21st
    // move with 68 days in all: no overstep, since the time counts at move 21 (limit 90).
    let start = d(2026, 1, 10);
    let mut days = Vec::new();
    for _ in 0..17 {
        days.push(0);
        days.push(2); // Black: 2 days a move → 34 by move 17
    }
    let mut moves = line(start, 1, &days);
    // Black's 17th took longer: make it 16 days → 48 by move 17.
    let b17 = moves.len() - 1;
    moves[b17].sent = plus(moves[b17].received, 17);
    let mut g = G::new(Mode::Post, start, moves);
    let r = report(&g.game(), g.moves[b17].sent);
    assert_eq!(r.black.total_days, 48);
    // White's 18th (with the line), received by Black R; Black writes 18… 19… 20… 21… on S.
    let w18_sent = plus(g.moves[b17].sent, 2);
    let rec = plus(w18_sent, 3);
    let s = plus(rec, 21); // 20 days
    g.moves.push(mv(plus(g.moves[b17].sent, 1), w18_sent));
    for k in 0..4 {
        g.moves.push(mv(rec, s)); // Black 18+k
        if k < 3 {
            let mut auto = mv(s, s); // White 19+k from his line
            auto.from_variant = true;
            g.moves.push(auto);
        }
    }
    let r = report(&g.game(), s);
    let black: Vec<u32> = r
        .moves
        .iter()
        .filter(|m| m.color == Color::Black && m.number >= 18)
        .map(|m| m.days)
        .collect();
    assert_eq!(black, vec![0, 0, 0, 20]);
    let w: Vec<u32> = r
        .moves
        .iter()
        .filter(|m| m.color == Color::White && m.number >= 19)
        .map(|m| m.days)
        .collect();
    assert_eq!(w, vec![0, 0, 0]);
    assert_eq!(r.moves[35].counted_at, Some(41));
    assert_eq!(r.black.total_days, 68);
    assert_eq!(detect_overstep(&g.game(), plus(s, 1)), None);
}

#[test]
fn art_32_pending_line_lets_the_running_clock_reach_its_last_move() {
    // `email`: Black has 45 days by move 9 and is thinking about move 10 with a line on offer
    // that reaches his move 12: running past 50 is no overstep while the line may be accepted.
    let start = d(2026, 1, 10);
    let mut days = Vec::new();
    for _ in 0..9 {
        days.push(0);
        days.push(5);
    }
    days.push(0); // White's 10th
    let mut g = G::new(Mode::Email, start, line(start, 0, &days));
    g.state
        .record_delay_notice(Color::Black, 19, g.moves[18].sent);
    let now = plus(g.moves[18].sent, 10); // 9 days running → 54
    assert!(detect_overstep(&g.game(), now).is_some());
    g.state.set_pending_line(Some(PendingLine {
        ply: 19,
        reach_move: 12,
    }));
    assert!(detect_overstep(&g.game(), now).is_none());
}

// ---- Silence (Art. 25, 26, 31) -------------------------------------------------------------

#[test]
fn art_26_email_repeat_on_day_14_to_the_silent_player_copy_arbiter() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let f = g.moves[0].sent;
    assert!(g.tick(plus(f, 13)).is_empty());
    let n = g.tick(plus(f, 14));
    assert_eq!(n.len(), 1);
    assert_eq!(
        (n[0].kind, n[0].due, n[0].article.as_str()),
        (NoticeKind::Repeat, plus(f, 14), "26")
    );
    assert_eq!(n[0].to, vec![Recipient::Black, Recipient::Arbiter]);
}

#[test]
fn art_26_post_registered_repeat_then_arbiter_after_14_more_days() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Post, start, line(start, 3, &[3]));
    let f = g.moves[0].sent;
    let n = g.tick(plus(f, 40));
    let kinds: Vec<_> = n.iter().map(|n| (n.kind, n.due)).collect();
    assert_eq!(
        kinds,
        vec![
            (NoticeKind::RegisteredRepeat, plus(f, 14)),
            (NoticeKind::SilenceToArbiter, plus(f, 28))
        ]
    );
    assert_eq!(n[0].to, vec![Recipient::White]);
    assert_eq!(n[1].to, vec![Recipient::Arbiter]);
    // Art. 30 note: in `post` silence is no overstep.
    assert!(n.iter().all(|n| n.kind != NoticeKind::OverstepClaim));
}

#[test]
fn art_31_email_claim_after_more_than_40_silent_days() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let f = g.moves[0].sent;
    assert!(
        g.tick(plus(f, 40))
            .iter()
            .all(|n| n.kind != NoticeKind::OverstepClaim)
    );
    let n = g.tick(plus(f, 41));
    assert_eq!(n.len(), 1);
    assert_eq!(
        (n[0].kind, n[0].article.as_str(), n[0].due),
        (NoticeKind::OverstepClaim, "31", plus(f, 41))
    );
    assert!(g.state.awaiting_decision().is_some());
}

#[test]
fn art_25_delay_notice_suspends_the_art_31_claim() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let f = g.moves[0].sent;
    g.tick(plus(f, 20)); // the repeat went out on day 14
    g.state.record_delay_notice(Color::Black, 1, plus(f, 30));
    assert!(g.tick(plus(f, 45)).is_empty());
    // Still bound by Art. 27: 50 days for move 1.
    let n = g.tick(plus(f, 55));
    assert_eq!(n.len(), 1);
    assert_eq!((n[0].article.as_str(), n[0].due), ("27", plus(f, 52)));
}

#[test]
fn art_45_silence_is_not_counted_during_leave() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let f = g.moves[0].sent;
    g.suspensions.push(Suspension {
        color: Some(Color::Black),
        from: plus(f, 5),
        to: plus(f, 14),
    });
    let n = g.tick(plus(f, 30));
    assert_eq!(n.len(), 1);
    assert_eq!(n[0].due, plus(f, 24));
    assert_eq!(n[0].figures.silent_days, Some(14));
}

#[test]
fn post_running_clock_past_the_limit_tells_the_arbiter_not_a_claim() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 3, &white_uses(&[5, 5, 5, 5, 5])),
    );
    let received = plus(g.moves[9].sent, 3);
    g.state.set_receipt(10, received);
    let n = g.tick(plus(received, 20));
    let running: Vec<_> = n
        .iter()
        .filter(|n| n.kind == NoticeKind::RunningOverstep)
        .collect();
    assert_eq!(running.len(), 1);
    // 25 + running > 30 ⇔ running ≥ 6 ⇔ 7 counted days after receipt.
    assert_eq!(running[0].due, plus(received, 7));
    assert_eq!(running[0].to, vec![Recipient::Arbiter]);
    assert!(n.iter().all(|n| n.kind != NoticeKind::OverstepClaim));
    assert!(g.state.oversteps.is_empty());
}

// ---- The tick: idempotence and catch-up ----------------------------------------------------

#[test]
fn tick_twice_on_the_same_day_issues_nothing_the_second_time() {
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let now = plus(g.moves[0].sent, 50);
    let first: Vec<_> = g.tick(now).into_iter().map(|n| n.kind).collect();
    // The repeat (day 14) and the Art. 31 claim (day 41), both caught up today; the
    // arbiter's reminder runs 7 days from today, when he got the claim (Art. 37).
    assert_eq!(first, vec![NoticeKind::Repeat, NoticeKind::OverstepClaim]);
    assert!(g.tick(now).is_empty());
    assert!(g.tick(plus(now, 1)).is_empty());
    let later: Vec<_> = g.tick(plus(now, 8)).into_iter().map(|n| n.kind).collect();
    assert_eq!(later, vec![NoticeKind::DecisionOverdue]);
    assert!(g.tick(plus(now, 8)).is_empty());
}

#[test]
fn tick_catches_up_after_downtime_each_notice_once_on_its_due_day() {
    for mode in [Mode::Email, Mode::Post] {
        let start = d(2026, 1, 10);
        let mut w = vec![5, 5, 5, 5, 5, 7, 3];
        if mode == Mode::Email {
            w = vec![20, 20, 20, 3];
        }
        let transit = if mode == Mode::Email { 0 } else { 2 };
        let mut moves = line(start, transit, &white_uses(&w));
        moves.pop(); // Black has not answered White's last move
        let mut daily = G::new(mode, start, moves.clone());
        let end = plus(moves.last().unwrap().sent, 60);
        let mut seen = Vec::new();
        let mut day = start;
        while day <= end {
            // The daemon sees each move once it was sent.
            daily.moves = moves.iter().filter(|m| m.sent <= day).cloned().collect();
            for n in daily.tick(day) {
                assert!(n.due <= day);
                seen.push((n.kind, n.due, n.move_number));
            }
            day = plus(day, 1);
        }
        let mut once = G::new(mode, start, moves.clone());
        let caught: Vec<_> = once
            .tick(end)
            .into_iter()
            .map(|n| (n.kind, n.due, n.move_number))
            .collect();
        // Silence notices about moves answered in between are not sent late, and the Art. 37
        // reminder runs from the day the claim was actually sent (so it is not yet due at the
        // catch-up); everything else matches the daily run exactly.
        let still_due: Vec<_> = seen
            .iter()
            .cloned()
            .filter(|(k, due, _)| {
                let silence = matches!(
                    k,
                    NoticeKind::Repeat
                        | NoticeKind::RegisteredRepeat
                        | NoticeKind::SilenceToArbiter
                        | NoticeKind::RunningOverstep
                );
                *k != NoticeKind::DecisionOverdue && (!silence || *due > moves.last().unwrap().sent)
            })
            .collect();
        assert_eq!(caught, still_due, "{mode:?}");
        assert!(
            caught.iter().any(|n| n.0 == NoticeKind::OverstepClaim),
            "{mode:?}"
        );
        assert!(once.tick(end).is_empty());
    }
}

#[test]
fn art_35_36_claim_carries_score_times_and_position() {
    let start = d(2026, 1, 10);
    let ucis = [
        ("e2e4", "e4"),
        ("e7e5", "e5"),
        ("g1f3", "Nf3"),
        ("b8c6", "Nc6"),
    ];
    let mut moves = line(start, 0, &[20, 1, 40, 1]);
    for (m, (u, s)) in moves.iter_mut().zip(ucis) {
        m.uci = u.into();
        m.san = s.into();
    }
    let mut g = G::new(Mode::Email, start, moves);
    let n = g.tick(g.moves[3].sent);
    let claim = n
        .iter()
        .find(|n| n.kind == NoticeKind::OverstepClaim)
        .expect("claim");
    let ev = claim.evidence.as_ref().expect("evidence");
    assert_eq!(ev.score, vec!["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(ev.moves.len(), 4);
    assert_eq!(ev.moves[2].days, 40);
    assert_eq!(ev.white_days, 51);
    assert_eq!(
        ev.fen.as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
    );
}

// ---- Leave (Art. 41–46) --------------------------------------------------------------------

#[test]
fn art_42_leave_quota_across_a_year_boundary() {
    let p = Params::for_mode(Mode::Email);
    let mut book = LeaveBook::default();
    // 22 Dec – 10 Jan: 10 days charged to the old year, 10 to the new one.
    book.request(&p, d(2026, 12, 22), d(2027, 1, 10), d(2026, 12, 1), &[])
        .unwrap();
    assert_eq!(book.used(2026, LeaveKind::Ordinary), 10);
    assert_eq!(book.used(2027, LeaveKind::Ordinary), 10);
    // 2027 has 20 days left; 2026 has 20 too (no carry-over, Art. 42 note 1).
    assert!(matches!(
        book.request(&p, d(2027, 6, 1), d(2027, 6, 21), d(2027, 5, 1), &[]),
        Err(LeaveError::Quota {
            year: 2027,
            left: 20,
            asked: 21
        })
    ));
    book.request(&p, d(2027, 6, 1), d(2027, 6, 20), d(2027, 5, 1), &[])
        .unwrap();
    book.request(&p, d(2026, 8, 1), d(2026, 8, 20), d(2026, 7, 1), &[])
        .unwrap();
    assert_eq!(book.used(2026, LeaveKind::Ordinary), 30);
}

#[test]
fn art_44_leave_must_be_announced_before_it_starts() {
    let p = Params::for_mode(Mode::Email);
    let mut book = LeaveBook::default();
    assert!(matches!(
        book.request(&p, d(2026, 6, 1), d(2026, 6, 5), d(2026, 6, 1), &[]),
        Err(LeaveError::NotBeforeStart { .. })
    ));
    assert!(
        book.request(&p, d(2026, 6, 1), d(2026, 6, 5), d(2026, 5, 31), &[])
            .is_ok()
    );
}

#[test]
fn art_42_note_2_no_leave_during_an_extension_unless_granted_by_the_arbiter() {
    let p = Params::for_mode(Mode::Email);
    let mut book = LeaveBook::default();
    let ext = [(d(2027, 1, 1), d(2027, 6, 30))];
    assert!(matches!(
        book.request(&p, d(2027, 3, 1), d(2027, 3, 5), d(2027, 2, 1), &ext),
        Err(LeaveError::DuringExtension { .. })
    ));
    // Art. 43: special leave, even retroactive and inside the extension.
    let l = book
        .grant_special(d(2027, 2, 1), d(2027, 2, 20), d(2027, 3, 1))
        .unwrap();
    assert_eq!(l.kind, LeaveKind::Special);
    assert!(
        book.grant_special(d(2027, 4, 1), d(2027, 4, 11), d(2027, 3, 1))
            .is_err()
    );
}

#[test]
fn art_46_move_sent_during_leave_ends_it_in_that_game_only() {
    let p = Params::for_mode(Mode::Email);
    let mut book = LeaveBook::default();
    book.request(&p, d(2026, 6, 1), d(2026, 6, 30), d(2026, 5, 20), &[])
        .unwrap();
    assert_eq!(book.record_move("T/1", d(2026, 6, 10)), vec![1]);
    let s1 = book.suspensions("T/1", Color::White);
    assert_eq!((s1[0].from, s1[0].to), (d(2026, 6, 1), d(2026, 6, 9)));
    let s2 = book.suspensions("T/2", Color::Black);
    assert_eq!(
        (s2[0].from, s2[0].to, s2[0].color),
        (d(2026, 6, 1), d(2026, 6, 30), Some(Color::Black))
    );
    assert!(!book.on_leave("T/1", d(2026, 6, 10)));
    assert!(book.on_leave("T/2", d(2026, 6, 10)));
    // The days stay charged: the leave went on in his other games.
    assert_eq!(book.used(2026, LeaveKind::Ordinary), 30);
    // The clock of T/1: received 20 May, answered 10 June during leave → 11 + 1 − 1 = 11.
    let mut g = G::new(
        Mode::Email,
        d(2026, 1, 10),
        vec![mv(d(2026, 5, 20), d(2026, 6, 10))],
    );
    g.suspensions = s1;
    let r = report(&g.game(), d(2026, 6, 10));
    assert_eq!(r.moves[0].days, 11);
    assert!(!r.white.on_leave);
}

#[test]
fn art_31_an_answer_after_more_than_40_silent_days_is_claimed_after_downtime_too() {
    // The bot was down: Black answered on day 45 without a delay notice. A daily sweep would
    // have claimed on day 41; the sweep after the downtime files the same claim, dated day 41.
    let start = d(2026, 1, 10);
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3, 44]));
    let f = g.moves[0].sent;
    let n = g.tick(plus(f, 50));
    let claim = n
        .iter()
        .find(|n| n.kind == NoticeKind::OverstepClaim)
        .expect("claim");
    assert_eq!(
        (claim.article.as_str(), claim.due, claim.about),
        ("31", plus(f, 41), Color::Black)
    );
    // The repeat of day 14 about a move answered since is not sent late.
    assert!(n.iter().all(|n| n.kind != NoticeKind::Repeat));
    // An answer on day 40 is in time.
    let mut g = G::new(Mode::Email, start, line(start, 0, &[3, 39]));
    assert!(g.tick(plus(f, 50)).is_empty());
}

#[test]
fn finished_game_gets_no_notices() {
    let start = d(2026, 1, 10);
    let g = G::new(Mode::Email, start, line(start, 0, &[3]));
    let mut game = g.game();
    game.result = Some(amici::rules::model::GameResult::Draw);
    let out = tick(&game, plus(start, 200));
    assert!(out.notices.is_empty());
    assert_eq!(report(&game, plus(start, 200)).to_move, None);
}

#[test]
fn clock_state_round_trips_through_json() {
    let start = d(2026, 1, 10);
    let mut g = G::new(
        Mode::Post,
        start,
        line(start, 3, &white_uses(&[5, 5, 5, 5, 5, 6])),
    );
    g.state.record_delay_notice(Color::Black, 11, d(2026, 3, 1));
    g.state.set_receipt(12, d(2026, 3, 2));
    g.tick(d(2026, 6, 1));
    let json = serde_json::to_string(&g.state).expect("serialize");
    assert!(json.contains("\"white\""));
    let back: ClockState = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, g.state);
    // A new game's state is `{}`-compatible: every field has a default.
    let empty: ClockState = serde_json::from_str("{}").expect("defaults");
    assert_eq!(empty, ClockState::default());
}

#[test]
fn art_42_leave_taken_before_amici_counts_against_the_book_of_all_his_games() {
    // `amici import`: leave taken in the past is recorded without Art. 44's announcement, but
    // the year's days count across the player's games, and the same leave listed for a
    // second game is the one already recorded.
    let p = Params::for_mode(Mode::Email);
    let mut book = LeaveBook::default();
    book.record_taken(&p, d(2026, 3, 1), d(2026, 3, 20))
        .unwrap();
    book.record_taken(&p, d(2026, 3, 1), d(2026, 3, 20))
        .unwrap();
    assert_eq!(book.leaves.len(), 1, "listed twice, recorded once");
    assert!(matches!(
        book.record_taken(&p, d(2026, 3, 15), d(2026, 3, 25)),
        Err(LeaveError::Overlap { .. })
    ));
    assert!(matches!(
        book.record_taken(&p, d(2026, 5, 1), d(2026, 5, 11)),
        Err(LeaveError::Quota {
            year: 2026,
            left: 10,
            asked: 11
        })
    ));
    book.record_taken(&p, d(2026, 5, 1), d(2026, 5, 10))
        .unwrap();
    assert_eq!(book.used(2026, LeaveKind::Ordinary), 30);
}
