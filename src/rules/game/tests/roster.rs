//! Art. 46–48, 50 and 56 (exclusion) decided in the core: the shell only passes the games,
//! the leave book and the registration facts.

use super::*;
use crate::rules::leave::LeaveBook;

fn games_of_w() -> Vec<GameRecord> {
    let mut moved = game();
    moved = alternate(moved, &["1. e4", "1... e5"], "2026-01-12");
    let mut other = game();
    other.id = "T/2".into();
    other.black = "c@x.test".into();
    let mut done = game();
    done.id = "T/3".into();
    done.black = "d@x.test".into();
    done.finish(GameResult::Draw, Termination::Agreement);
    vec![moved, other, done]
}

#[test]
fn art_47_a_a_withdrawal_after_moving_loses_the_unfinished_games_finished_ones_stand() {
    let changes = withdraw(&games_of_w(), "w@x.test", false, day("2026-02-01"));
    assert_eq!(changes.len(), 2, "{changes:?}");
    for c in &changes {
        assert_eq!(c.article, "47");
        let next = c.handled.record.as_ref().unwrap();
        assert_eq!(next.result, Some(GameResult::BlackWins));
        // lost by the withdrawal (Art. 47 А), not a sanction of Art. 56
        assert_eq!(next.termination, Some(Termination::Withdrawal));
    }
}

#[test]
fn art_47_a_a_player_who_never_moved_is_removed_from_every_game_finished_or_not() {
    let mut g = games_of_w();
    g.remove(0);
    let changes = withdraw(&g, "w@x.test", false, day("2026-02-01"));
    assert_eq!(changes.len(), 2);
    for c in &changes {
        let next = c.handled.record.as_ref().unwrap();
        assert_eq!(next.termination, Some(Termination::Removed));
        assert_eq!(next.result, None);
    }
}

#[test]
fn art_48_illness_sends_the_unfinished_games_to_adjudication() {
    let changes = withdraw(&games_of_w(), "w@x.test", true, day("2026-02-01"));
    assert_eq!(changes.len(), 2);
    for c in &changes {
        assert_eq!(c.article, "48");
        let next = c.handled.record.as_ref().unwrap();
        assert!(next.adjudication.is_some(), "{next:?}");
        assert_eq!(next.result, None);
    }
}

#[test]
fn art_56_exclusion_forfeits_the_unfinished_games_only() {
    // w plays T/1, T/2 (unfinished) and T/3 (drawn).
    let changes = exclude(&games_of_w(), "w@x.test");
    assert_eq!(changes.len(), 2);
    for c in &changes {
        assert_eq!(c.article, "56");
        let next = c.handled.record.as_ref().unwrap();
        assert_eq!(next.result, Some(GameResult::BlackWins));
    }
    // Black of T/1 alone.
    let changes = exclude(&games_of_w(), "b@x.test");
    assert_eq!(changes.len(), 1);
    assert_eq!(
        changes[0].handled.record.as_ref().unwrap().result,
        Some(GameResult::WhiteWins)
    );
}

#[test]
fn art_47_b_a_replacement_needs_a_registered_reserve_of_the_same_team() {
    let facts = ReplacementFacts {
        tournament: "T",
        registered: true,
        team_section: true,
        old_team: Some(0),
        new_team: Some(0),
    };
    assert_eq!(replacement_allowed("r@x.test", &facts), Ok(()));
    let unregistered = ReplacementFacts {
        registered: false,
        ..facts
    };
    assert_eq!(
        replacement_allowed("r@x.test", &unregistered),
        Err(ReplacementRefusal::NotRegistered {
            new: "r@x.test".into(),
            tournament: "T".into()
        })
    );
    let individual = ReplacementFacts {
        team_section: false,
        ..facts
    };
    assert_eq!(
        replacement_allowed("r@x.test", &individual),
        Err(ReplacementRefusal::NotTeamSection)
    );
    let other_team = ReplacementFacts {
        new_team: Some(1),
        ..facts
    };
    assert_eq!(
        replacement_allowed("r@x.test", &other_team),
        Err(ReplacementRefusal::OtherTeam {
            new: "r@x.test".into()
        })
    );
}

#[test]
fn art_47_b_a_replacement_applies_to_the_withdrawn_players_unfinished_games_only() {
    // w@x.test plays T/1 (moved), T/2 (not yet) and T/3 (finished, a draw).
    let changes = replace(&games_of_w(), "w@x.test", "r@x.test", day("2026-02-01"));
    let ids: Vec<&str> = changes
        .iter()
        .map(|c| c.handled.record.as_ref().unwrap().id.as_str())
        .collect();
    assert_eq!(ids, ["T/1", "T/2"], "the finished game stands as played");
    for c in &changes {
        assert_eq!(c.article, "47 Б");
        assert_eq!(
            c.what,
            Action::Replaced {
                old: "w@x.test".into(),
                new: "r@x.test".into()
            }
        );
        let rec = c.handled.record.as_ref().unwrap();
        assert_eq!(rec.color_of("r@x.test"), Some(Color::White));
        assert_eq!(rec.color_of("w@x.test"), None);
        assert!(
            rec.suspensions
                .iter()
                .any(|s| s.color.is_none() && s.from == day("2026-02-01")),
            "dead time from the notice"
        );
    }
    assert!(replace(&games_of_w(), "x@x.test", "r@x.test", day("2026-02-01")).is_empty());
}

#[test]
fn art_47_a_a_removed_player_is_not_ranked_and_his_games_do_not_count() {
    // c@x.test withdrew from T/2 without ever moving: removed (Art. 47 А).
    let mut games = games_of_w();
    let changes = withdraw(&games[1..2], "c@x.test", false, day("2026-02-01"));
    games[1] = changes[0].handled.record.clone().unwrap();
    assert!(removed_from(&games, "T", "c@x.test"));
    assert!(!counts_for_standings(&games[1]));
    // w@x.test's other games stand: he is ranked, and so is d@x.test (a finished draw).
    assert!(!removed_from(&games, "T", "w@x.test"));
    assert!(counts_for_standings(&games[0]) && counts_for_standings(&games[2]));
    assert!(!removed_from(&games, "T", "d@x.test"));
    // Nobody is removed from a tournament he does not play in.
    assert!(!removed_from(&games, "U", "c@x.test"));
    assert!(!removed_from(&games, "T", "nobody@x.test"));
}

fn section(finished: usize, total: usize) -> Vec<GameRecord> {
    (0..total)
        .map(|i| {
            let mut g = game();
            g.id = format!("T/{}", i + 1);
            g.white = format!("p{}@x.test", i % 5);
            g.black = format!("q{}@x.test", i % 7);
            if i < finished {
                g.finish(GameResult::Draw, Termination::Agreement);
            }
            g
        })
        .collect()
}

#[test]
fn art_50_an_extension_of_at_most_6_months_under_91_percent_finished_30_days_before_the_end() {
    let end = day("2027-01-01");
    // 9 of 10 finished (90 %), all draws: nobody has won yet.
    let games = section(9, 10);
    let ext = extend_end_date("T", &games, end, day("2027-07-01"), day("2026-12-01")).unwrap();
    assert_eq!((ext.finished, ext.games), (9, 10));
    assert_eq!(
        ext.told.len(),
        1,
        "the one unfinished game's players are told"
    );
    assert_eq!(ext.told[0].1.len(), 2);
    // More than 6 months.
    let e = extend_end_date("T", &games, end, day("2027-07-02"), day("2026-12-01")).unwrap_err();
    assert!(
        matches!(e, ExtensionRefusal::OutOfRange { limit, .. } if limit == day("2027-07-01")),
        "{e:?}"
    );
    // Announced 29 days before the end date.
    let e = extend_end_date("T", &games, end, day("2027-03-01"), day("2026-12-03")).unwrap_err();
    assert_eq!(e, ExtensionRefusal::TooLate { end });
    // 91 % finished.
    let e = extend_end_date(
        "T",
        &section(91, 100),
        end,
        day("2027-03-01"),
        day("2026-12-01"),
    )
    .unwrap_err();
    assert_eq!(e, ExtensionRefusal::MostlyFinished { share: 91 });
}

#[test]
fn art_50_no_extension_once_the_winner_is_decided() {
    let end = day("2027-01-01");
    let mut games = section(0, 4);
    // A beats everybody in three games; the fourth (between two others) is open: nobody can
    // reach A's 3 points.
    for (i, g) in games.iter_mut().enumerate().take(3) {
        g.white = "a@x.test".into();
        g.black = format!("o{i}@x.test");
        g.finish(GameResult::WhiteWins, Termination::Resignation);
    }
    games[3].white = "o0@x.test".into();
    games[3].black = "o1@x.test".into();
    let e = extend_end_date("T", &games, end, day("2027-03-01"), day("2026-12-01")).unwrap_err();
    assert!(
        matches!(
            e,
            ExtensionRefusal::WinnerDecided {
                finished: 3,
                games: 4,
                ..
            }
        ),
        "{e:?}"
    );
    // A removed player's games count neither way: with only those left, 0 of 0 would be 100 %.
    for g in &mut games {
        g.termination = Some(Termination::Removed);
    }
    let e = extend_end_date("T", &games, end, day("2027-03-01"), day("2026-12-01")).unwrap_err();
    assert_eq!(e, ExtensionRefusal::MostlyFinished { share: 100 });
}

#[test]
fn art_46_a_move_during_leave_ends_it_in_that_game_and_asks_the_shell_to_store_the_book() {
    let g = alternate(game(), &["1. e4", "1... e5"], "2026-01-12");
    let mut book = LeaveBook::default();
    book.request(
        &g.params,
        day("2026-02-01"),
        day("2026-02-20"),
        day("2026-01-20"),
        &[],
    )
    .unwrap();
    let mut on_leave = g.clone();
    on_leave.suspensions = book.suspensions(&g.id, Color::White);
    let facts = LetterFacts {
        proof: None,
        leave: Some(&book),
        forwarded: None,
    };
    let h = handle_player_letter(&on_leave, Color::White, "2. Кf3", day("2026-02-05"), facts);
    let next = h.record.as_ref().expect("the move is accepted");
    assert_eq!(next.moves.len(), 3);
    // The leave ends in this game the day of the move: it is suspended 1–4 February only.
    let mine: Vec<_> = next
        .suspensions
        .iter()
        .filter(|s| s.color == Some(Color::White))
        .collect();
    assert_eq!(mine.len(), 1, "{:?}", next.suspensions);
    assert_eq!(
        (mine[0].from, mine[0].to),
        (day("2026-02-01"), day("2026-02-04"))
    );
    let stored = h
        .requests
        .iter()
        .find_map(|r| match r {
            Request::LeaveEnded { color, book } => Some((*color, book.clone())),
            _ => None,
        })
        .expect("the changed book goes to the shell");
    assert_eq!(stored.0, Color::White);
    assert!(!stored.1.on_leave(&g.id, day("2026-02-06")));
    // Without a leave running, nothing is asked of the shell.
    let plain = handle_player_letter(
        &g,
        Color::White,
        "2. Кf3",
        day("2026-01-14"),
        LetterFacts {
            proof: None,
            leave: Some(&LeaveBook::default()),
            forwarded: None,
        },
    );
    assert!(plain.requests.is_empty());
}

#[test]
fn art_41_play_is_suspended_for_leave_and_stops_for_a_withdrawal() {
    // Leave 1–10 February: the ten days are not White's thinking time in this game.
    let g = alternate(game(), &["1. e2-e4", "1... e7-e5"], "2026-01-20");
    let mut book = LeaveBook::default();
    book.request(
        &g.params,
        day("2026-02-01"),
        day("2026-02-10"),
        day("2026-01-25"),
        &[],
    )
    .unwrap();
    let mut on_leave = g.clone();
    on_leave.suspensions = book.suspensions(&g.id, Color::White);
    // Received 20 January; on 15 February: 21–31 January (11) and 11–15 February (5) = 16
    // days counted, the first free: 15. Without the leave: 26 − 1 = 25.
    assert_eq!(
        on_leave.clocks(day("2026-02-15")).white.running_days,
        Some(15)
    );
    assert_eq!(g.clocks(day("2026-02-15")).white.running_days, Some(25));
    // A withdrawal ends his play: the unfinished game is decided (Art. 47 А).
    let changes = withdraw(&[g], "w@x.test", false, day("2026-02-15"));
    assert_eq!(
        changes[0].handled.record.as_ref().unwrap().status,
        Status::Finished
    );
}

#[test]
fn art_50_a_second_extension_counts_its_notice_from_the_end_in_force_and_6_months_in_all() {
    // Configured end 1 January 2027, already extended to 1 March. On 15 January (past the
    // configured end, 45 days before the end in force) a second extension to 30 June is
    // possible; one to 2 July would be more than 6 months after the configured end.
    let (configured, in_force) = (day("2027-01-01"), day("2027-03-01"));
    assert_eq!(end_in_force(configured, Some(in_force)), in_force);
    assert_eq!(end_in_force(configured, None), configured);
    assert_eq!(
        extension_periods(configured, in_force),
        [(day("2027-01-02"), in_force)]
    );
    assert!(extension_periods(configured, configured).is_empty());
    let games = section(9, 10);
    let ext = extend_end_date_from(
        "T",
        &games,
        configured,
        in_force,
        day("2027-06-30"),
        day("2027-01-15"),
    )
    .unwrap();
    assert_eq!(ext.to, day("2027-06-30"));
    let e = extend_end_date_from(
        "T",
        &games,
        configured,
        in_force,
        day("2027-07-02"),
        day("2027-01-15"),
    )
    .unwrap_err();
    assert!(
        matches!(e, ExtensionRefusal::OutOfRange { configured, .. } if configured == day("2027-01-01")),
        "{e:?}"
    );
    // 20 days before the end in force: too late for the notice.
    let e = extend_end_date_from(
        "T",
        &games,
        configured,
        in_force,
        day("2027-05-01"),
        day("2027-02-09"),
    )
    .unwrap_err();
    assert_eq!(
        e,
        ExtensionRefusal::TooLate {
            end: day("2027-03-01")
        }
    );
}

#[test]
fn art_56_each_arbiter_decision_names_the_article_it_applies() {
    use crate::rules::arbiter::ArbiterCommand as C;
    let g = || "T/1".to_string();
    let cases = [
        (
            C::Confirm {
                game: g(),
                claim: None,
            },
            Some("38"),
        ),
        (
            C::Reject {
                game: g(),
                claim: Some(0),
            },
            Some("38"),
        ),
        (
            C::Result {
                game: g(),
                result: GameResult::Draw,
                adjudication: true,
            },
            Some("53"),
        ),
        (
            C::Result {
                game: g(),
                result: GameResult::Draw,
                adjudication: false,
            },
            Some("56"),
        ),
        (
            C::Forfeit {
                game: g(),
                loser: None,
            },
            Some("56"),
        ),
        (
            C::Withdraw {
                player: "x@y".into(),
                illness: true,
            },
            Some("48"),
        ),
        (
            C::Penalty {
                game: g(),
                color: Color::White,
                days: 5,
                reason: "Art. 22".into(),
            },
            None,
        ),
    ];
    for (cmd, article) in cases {
        assert_eq!(cmd.article(), article, "{cmd:?}");
    }
    // Art. 56: a forfeit with no side named: both lose.
    let h = forfeit(&game(), None);
    let r = h.record.expect("finished");
    assert_eq!(
        (r.result, r.termination),
        (Some(GameResult::BothLose), Some(Termination::Forfeit))
    );
    let r = forfeit(&game(), Some(Color::Black)).record.unwrap();
    assert_eq!(r.result, Some(GameResult::WhiteWins));
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
