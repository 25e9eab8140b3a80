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
fn art_56_a_decision_naming_no_article_cites_56_a_penalty_the_one_in_its_reason() {
    use crate::rules::arbiter::ArbiterCommand as C;
    let forfeit = C::Forfeit {
        game: "T/1".into(),
        loser: None,
    };
    assert_eq!(forfeit.logged_article(), "56");
    let resend = C::Resend { game: "T/1".into() };
    assert_eq!(resend.logged_article(), "56");
    let penalty = |reason: &str| C::Penalty {
        game: "T/1".into(),
        color: Color::White,
        days: 5,
        reason: reason.into(),
    };
    assert_eq!(
        penalty("unfounded complaint, Art. 22").logged_article(),
        "22"
    );
    assert_eq!(penalty("rudeness").logged_article(), "56");
    let confirm = C::Confirm {
        game: "T/1".into(),
        claim: None,
    };
    assert_eq!(confirm.logged_article(), "38");
}
