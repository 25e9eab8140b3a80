//! The extension of a tournament (Art. 50): decided in the core from the games and the end
//! in force.

use super::*;

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
