//! Art. 47–48 decided in the core: the shell only passes the games and the registration
//! facts.

use super::*;

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
