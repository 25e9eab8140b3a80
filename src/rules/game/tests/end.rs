//! The end of the tournament and adjudication (Art. 49–55).

use super::*;

#[test]
fn art_52_at_the_end_date_the_players_are_asked_for_proposals() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let end = day("2026-12-31");
    assert!(handle_end(&g, end, day("2026-12-30")).record.is_none());
    let h = handle_end(&g, end, day("2026-12-31"));
    let g = h.record.unwrap();
    assert_eq!(g.status, Status::Adjudication);
    assert_eq!(
        h.effects
            .iter()
            .filter(|e| e.kind == Kind::Adjudication)
            .count(),
        3
    );
    assert!(
        handle_end(&g, end, day("2027-01-01")).record.is_none(),
        "asked once"
    );
    // The clock stops (Art. 52): no silence notices while in adjudication.
    assert!(handle_tick(&g, day("2027-03-01")).effects.is_empty());
}

#[test]
fn art_53_equal_proposals_from_both_players_are_the_result() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    let g = handle_letter(
        &g,
        Color::White,
        "I propose 1/2-1/2: the position is dead equal.",
        day("2027-01-02"),
    )
    .record
    .unwrap();
    assert_eq!(g.result, None);
    let h = handle_letter(&g, Color::Black, "Съгласен съм: реми.", day("2027-01-03"));
    let g = h.record.unwrap();
    assert_eq!(g.result, Some(GameResult::Draw));
    assert_eq!(g.termination, Some(Termination::Adjudication));
}

#[test]
fn art_53_differing_proposals_go_to_the_adjudicator_after_15_days() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
        .record
        .unwrap();
    let g = handle_letter(&g, Color::Black, "0-1", day("2027-01-03"))
        .record
        .unwrap();
    assert!(
        handle_end(&g, day("2026-12-31"), day("2027-01-14"))
            .record
            .is_none(),
        "15 days not yet over"
    );
    let h = handle_end(&g, day("2026-12-31"), day("2027-01-15"));
    assert!(h.effects.iter().any(|e| e.to == Role::Arbiter
        && matches!(
            e.msg,
            Msg::Adjudication {
                stage: AdjudicationStage::ToAdjudicator,
                ..
            }
        )));
    let g = h.record.unwrap();
    let g = set_result(&g, GameResult::WhiteWins, Termination::Adjudication)
        .record
        .unwrap();
    assert_eq!(g.result, Some(GameResult::WhiteWins));
}

#[test]
fn art_55_an_appeal_within_7_days_goes_to_the_second_adjudicator() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
        .record
        .unwrap();
    let g = adjudicate(&g, GameResult::Draw, day("2027-01-20"))
        .record
        .unwrap();
    // Black sent no proposal: no right of appeal (Art. 52 note 2).
    let h = handle_letter(&g, Color::Black, "I appeal", day("2027-01-21"));
    assert!(h.record.is_none());
    // White appeals in time; later is too late.
    let h = handle_letter(
        &g,
        Color::White,
        "Обжалвам присъждането.",
        day("2027-01-27"),
    );
    assert!(
        h.effects
            .iter()
            .any(|e| e.to == Role::Arbiter && e.kind == Kind::Adjudication)
    );
    let appealed = h.record.unwrap();
    assert_eq!(appealed.adjudication.as_ref().unwrap().appeals.len(), 1);
    assert!(
        handle_letter(&g, Color::White, "appeal", day("2027-01-28"))
            .record
            .is_none()
    );
    // While the appeal waits, the result may change.
    let a = appealed.adjudication.as_ref().unwrap();
    assert!(
        a.open_to_appeal(day("2027-03-01")),
        "awaiting the second adjudicator"
    );
    // The second adjudicator decides the same day: final, closed, and not appealable.
    let decided = adjudicate(&appealed, GameResult::WhiteWins, day("2027-01-27"))
        .record
        .unwrap();
    let a = decided.adjudication.as_ref().unwrap();
    assert!(a.final_decision);
    assert!(!a.open_to_appeal(day("2027-01-27")));
    let again = handle_letter(&decided, Color::Black, "I appeal", day("2027-01-28"));
    assert!(again.record.is_none());
    assert!(
        again
            .effects
            .iter()
            .any(|e| matches!(e.msg, Msg::Told(Told::AdjudicationFinal))),
        "{:?}",
        again.effects
    );
}

#[test]
fn art_55_the_appeal_window_is_7_days_from_the_decision_for_a_player_who_sent_a_proposal() {
    use crate::rules::stage::AppealWindow;
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let asked = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    // Nobody sent a proposal: nobody may appeal, the decision stands at once.
    let silent = adjudicate(&asked, GameResult::Draw, day("2027-01-20"))
        .record
        .unwrap();
    let a = silent.adjudication.as_ref().unwrap();
    assert_eq!(a.appeal_window(), None);
    assert!(!a.open_to_appeal(day("2027-01-20")));
    // White sent one: he may appeal up to and including the 7th day after the decision.
    let proposed = handle_letter(&asked, Color::White, "1-0", day("2027-01-02"))
        .record
        .unwrap();
    assert_eq!(
        proposed.adjudication.as_ref().unwrap().appeal_window(),
        None
    );
    let decided = adjudicate(&proposed, GameResult::Draw, day("2027-01-20"))
        .record
        .unwrap();
    let a = decided.adjudication.as_ref().unwrap();
    assert_eq!(
        a.appeal_window(),
        Some(AppealWindow::Until(day("2027-01-27")))
    );
    assert!(a.open_to_appeal(day("2027-01-27")));
    assert!(!a.open_to_appeal(day("2027-01-28")));
}

#[test]
fn art_51_post_players_are_reminded_to_send_their_score_before_the_end_date() {
    let g = play(
        post_game(),
        Color::White,
        "1. e2-e4; 2.3.2026",
        "2026-03-03",
    );
    let end = day("2026-12-31");
    assert!(handle_end(&g, end, day("2026-12-16")).record.is_none());
    let h = handle_end(&g, end, day("2026-12-17"));
    assert_eq!(
        h.effects
            .iter()
            .filter(|e| e.kind == Kind::Reminder)
            .count(),
        2
    );
    let g = h.record.unwrap();
    assert!(
        handle_end(&g, end, day("2026-12-20")).record.is_none(),
        "once"
    );
    // Email games get no such reminder.
    let e = play(game(), Color::White, "1. e2-e4", "2026-03-03");
    assert!(handle_end(&e, end, day("2026-12-20")).record.is_none());
}

#[test]
fn art_52_proposals_are_read_as_whole_tokens() {
    assert_eq!(
        proposal("I propose a draw (sent 2027-01-03)"),
        Some(GameResult::Draw)
    );
    assert_eq!(
        proposal("withdraw nothing, 1-0 is right"),
        Some(GameResult::WhiteWins)
    );
    assert_eq!(proposal("see my letter of 2027-10-15"), None);
    assert_eq!(proposal("0-1."), Some(GameResult::BlackWins));
}

#[test]
fn art_49_on_the_end_date_an_unfinished_game_stops_a_finished_one_is_untouched() {
    let end = day("2026-12-31");
    let running = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    // Before the end date nothing happens; on it the game stops for adjudication.
    assert!(
        handle_end(&running, end, day("2026-12-30"))
            .record
            .is_none()
    );
    let stopped = handle_end(&running, end, end).record.unwrap();
    assert_eq!(stopped.status, Status::Adjudication);
    assert_eq!(stopped.adjudication.as_ref().unwrap().asked_on, end);
    // A move after the end date is not played.
    let h = handle_letter(&stopped, Color::Black, "1. e2-e4 e7-e5", day("2027-01-02"));
    assert!(h.record.as_ref().is_none_or(|g| g.moves.len() == 1));
    let mut finished = running.clone();
    finished.finish(GameResult::Draw, Termination::Agreement);
    let h = handle_end(&finished, end, end);
    assert!(h.record.is_none() && h.effects.is_empty());
}

#[test]
fn art_54_the_adjudicators_decision_is_told_to_both_players() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    let h = adjudicate(&g, GameResult::WhiteWins, day("2027-01-20"));
    let next = h.record.as_ref().unwrap();
    assert_eq!(next.result, Some(GameResult::WhiteWins));
    assert_eq!(next.termination, Some(Termination::Adjudication));
    assert_eq!(
        next.adjudication.as_ref().unwrap().decided_on,
        Some(day("2027-01-20")),
        "the day the appeal window of Art. 55 runs from"
    );
    for side in [Role::White, Role::Black] {
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == side && e.kind == Kind::GameOver),
            "{side:?} is told the decision: {:?}",
            h.effects
        );
    }
}

#[test]
fn annex_8_at_the_end_of_a_team_event_every_unfinished_game_is_adjudicated_the_finished_stand() {
    // Team annex 8: when the event ends, its unfinished games go to adjudication (Art. 52–55),
    // board by board; a finished board keeps its result.
    let end = day("2026-12-31");
    let board_1 = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let mut board_2 = play(game(), Color::White, "1. d2-d4", "2026-01-12");
    board_2.id = "T/2".into();
    let board_2 = handle_letter(&board_2, Color::Black, "resign", day("2026-02-01"))
        .record
        .expect("resigned");
    assert_eq!(board_2.result, Some(GameResult::WhiteWins));
    let h1 = handle_end(&board_1, end, end);
    assert_eq!(h1.record.expect("asked").status, Status::Adjudication);
    assert!(
        handle_end(&board_2, end, end).record.is_none(),
        "a finished board is left as it is"
    );
}

#[test]
fn art_51_the_end_is_in_sight_at_the_end_date_and_in_post_two_weeks_before() {
    let end = day("2026-12-31");
    assert!(!end_in_sight(Mode::Email, end, day("2026-12-30")));
    assert!(end_in_sight(Mode::Email, end, end));
    // `post`: the Art. 51 reminder goes out 14 days before the end date
    assert!(!end_in_sight(Mode::Post, end, day("2026-12-16")));
    assert!(end_in_sight(Mode::Post, end, day("2026-12-17")));
}

#[test]
fn art_53_the_adjudicator_is_reminded_once_when_his_15_days_run_out() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let end = day("2026-12-31");
    let g = handle_end(&g, end, end).record.unwrap();
    // Nobody proposes: on 2027-01-15 (15 days) the material goes to the adjudicator.
    let g = handle_end(&g, end, day("2027-01-15")).record.unwrap();
    assert_eq!(
        g.adjudication.as_ref().unwrap().forwarded_on,
        Some(day("2027-01-15"))
    );
    // His 15 days run to 2027-01-30 inclusive: nothing yet.
    assert!(handle_end(&g, end, day("2027-01-30")).record.is_none());
    let h = handle_end(&g, end, day("2027-01-31"));
    let g = h.record.unwrap();
    assert_eq!(h.effects.len(), 1);
    assert_eq!(h.effects[0].to, Role::Arbiter);
    assert_eq!(h.effects[0].kind, Kind::Reminder);
    match &h.effects[0].msg {
        Msg::Adjudication {
            stage, deadline, ..
        } => {
            assert_eq!(*stage, AdjudicationStage::Overdue);
            assert_eq!(*deadline, day("2027-01-30"));
        }
        other => panic!("expected the material again, got {other:?}"),
    }
    assert!(
        handle_end(&g, end, day("2027-02-10")).record.is_none(),
        "reminded once"
    );
    // Decided: the players are told and the appeal runs 7 days (Art. 54, 55).
    let h = adjudicate(&g, GameResult::Draw, day("2027-02-11"));
    let g = h.record.unwrap();
    assert!(h.effects.iter().any(|e| e.to == Role::White));
    assert!(h.effects.iter().any(|e| e.to == Role::Black));
    assert_eq!(g.adjudication.unwrap().decided_on, Some(day("2027-02-11")));
}

#[test]
fn art_52_55_the_deadlines_of_an_adjudication_as_each_step_is_reached() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
        .record
        .unwrap();
    let mut a = g.adjudication.clone().unwrap();
    // Art. 52: proposals within 15 days of the request; nothing further known yet.
    assert_eq!(
        a.deadlines(),
        AdjudicationDeadlines {
            proposals_due: day("2027-01-15"),
            decision_due: None,
            appeal_until: None,
        }
    );
    // Art. 53: the adjudicator decides within 15 days; Art. 55: an appeal within 7.
    a.forwarded_on = Some(day("2027-01-16"));
    a.decided_on = Some(day("2027-01-20"));
    let due = a.deadlines();
    assert_eq!(due.decision_due, Some(day("2027-01-31")));
    assert_eq!(due.appeal_until, Some(day("2027-01-27")));
}

#[test]
fn art_49_a_game_of_a_round_ends_with_its_round_else_with_the_tournament() {
    let mut g = game();
    let end = Some(day("2026-12-31"));
    assert_eq!(g.end_date(end), end);
    assert_eq!(g.end_date(None), None);
    g.round = Some(GameRound {
        number: 2,
        stage: crate::rules::stage::StageKind::Swiss,
        end: day("2026-05-31"),
    });
    assert_eq!(g.end_date(end), Some(day("2026-05-31")));
    assert_eq!(g.end_date(None), Some(day("2026-05-31")));
}
