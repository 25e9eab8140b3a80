//! Team standings (the team annex, RULES.md §12): one constructed case for each step of the
//! chain, and the configurable primary criterion.

use amici::rules::standings::Outcome;
use amici::rules::team::{
    BoardGame, Primary, TeamConfig, TeamError, TeamMatch, TeamStandings, team_standings,
};

/// A match from the home team's side: one char per board, `1` home wins, `0` home loses,
/// `=` draw, `*` unfinished. Colours alternate from board I; `home_white_one` says whether the
/// home team has White on board I.
fn m(home: usize, away: usize, boards: &str, home_white_one: bool) -> TeamMatch {
    let boards = boards
        .chars()
        .enumerate()
        .map(|(k, c)| {
            let home_white = home_white_one == (k % 2 == 0);
            let outcome = match (c, home_white) {
                ('=', _) => Outcome::Draw,
                ('*', _) => Outcome::Unfinished,
                ('1', true) | ('0', false) => Outcome::WhiteWins,
                _ => Outcome::BlackWins,
            };
            BoardGame {
                home_white,
                outcome,
            }
        })
        .collect();
    TeamMatch { home, away, boards }
}

fn teams() -> Vec<String> {
    ["A", "B", "C", "D"].iter().map(|s| s.to_string()).collect()
}

fn rank(s: &TeamStandings, name: &str) -> u32 {
    s.rows.iter().find(|r| r.name == name).unwrap().rank
}

fn cfg(boards: usize) -> TeamConfig {
    TeamConfig {
        boards,
        primary: Primary::MatchPoints,
    }
}

#[test]
fn annex_1_match_points_two_for_a_win_one_for_a_draw() {
    let matches = vec![
        m(0, 1, "11=0", true),
        m(2, 3, "1=0=", true),
        m(0, 2, "====", false),
    ];
    let s = team_standings(&teams(), &matches, &cfg(4)).unwrap();
    let row = |n: &str| s.rows.iter().find(|r| r.name == n).unwrap();
    assert_eq!(row("A").match_points, 3); // won 2.5:1.5, drew 2:2
    assert_eq!(row("B").match_points, 0);
    assert_eq!(row("C").match_points, 1 + 1);
    assert_eq!(row("A").game_points, 4.5);
    assert_eq!(row("A").board_points, vec![1.5, 1.5, 1.0, 0.5]);
}

#[test]
fn annex_1_match_counts_once_decided_even_with_unfinished_boards() {
    // 2.5 of 4 already: won whatever the last board gives
    let decided = vec![m(0, 1, "11=*", true)];
    let s = team_standings(&teams(), &decided, &cfg(4)).unwrap();
    let a = s.rows.iter().find(|r| r.name == "A").unwrap();
    assert_eq!((a.match_points, a.matches, a.game_points), (2, 1, 2.5));
    // 1.5 against 0.5 with two boards to play: not decided, no match points yet
    let open = vec![m(0, 1, "1=**", true)];
    let s = team_standings(&teams(), &open, &cfg(4)).unwrap();
    let a = s.rows.iter().find(|r| r.name == "A").unwrap();
    assert_eq!((a.match_points, a.matches, a.game_points), (0, 0, 1.5));
}

#[test]
fn annex_primary_criterion_is_configurable_game_points_first() {
    // A wins two matches narrowly (MP 4, GP 5); B loses to A, crushes C (MP 2, GP 5.5)
    let matches = vec![
        m(0, 1, "11=0", true),
        m(0, 2, "1=10", true),
        m(1, 2, "1111", true),
    ];
    let by_mp = team_standings(&teams()[..3], &matches, &cfg(4)).unwrap();
    assert_eq!(by_mp.rows[0].name, "A");
    let by_gp = team_standings(
        &teams()[..3],
        &matches,
        &TeamConfig {
            boards: 4,
            primary: Primary::GamePoints,
        },
    )
    .unwrap();
    assert_eq!(by_gp.rows[0].name, "B");
    assert_eq!(by_gp.primary, Primary::GamePoints);
}

#[test]
fn annex_2_total_game_points_break_equal_match_points() {
    // A and B draw; A beats C 2:0, B beats C 1.5:0.5 → both MP 3, GP 3 against 2.5
    let matches = vec![
        m(0, 1, "==", true),
        m(0, 2, "11", true),
        m(1, 2, "1=", true),
    ];
    let s = team_standings(&teams()[..3], &matches, &cfg(2)).unwrap();
    assert_eq!((rank(&s, "A"), rank(&s, "B")), (1, 2));
}

#[test]
fn annex_3_the_match_between_the_tied_teams() {
    // A beat B; otherwise A and B end equal on match and game points (3 and 3)
    let matches = vec![
        m(1, 0, "0=", true), // B–A 0.5:1.5
        m(0, 2, "0=", true), // A–C 0.5:1.5
        m(1, 2, "1=", true), // B–C 1.5:0.5
        m(0, 3, "==", true),
        m(1, 3, "==", true),
        m(2, 3, "11", true),
    ];
    let s = team_standings(&teams(), &matches, &cfg(2)).unwrap();
    let a = s.rows.iter().find(|r| r.name == "A").unwrap();
    let b = s.rows.iter().find(|r| r.name == "B").unwrap();
    assert_eq!(
        (a.match_points, a.game_points),
        (b.match_points, b.game_points)
    );
    assert_eq!(s.rows[0].name, "C");
    assert_eq!((a.rank, b.rank), (2, 3));
}

#[test]
fn annex_4_board_results_of_the_direct_match_board_one_first() {
    // A–B 1:1 with A winning board I; A's board-I total over the event is lower than B's,
    // so item 4 (not item 5) decides.
    let matches = vec![
        m(0, 1, "10", true),
        m(0, 2, "01", true),
        m(1, 2, "10", true),
        m(0, 3, "01", true),
        m(1, 3, "10", true),
        m(2, 3, "11", true),
    ];
    let s = team_standings(&teams(), &matches, &cfg(2)).unwrap();
    let a = s.rows.iter().find(|r| r.name == "A").unwrap();
    let b = s.rows.iter().find(|r| r.name == "B").unwrap();
    assert_eq!(
        (a.match_points, a.game_points),
        (b.match_points, b.game_points)
    );
    assert!(a.board_points[0] < b.board_points[0]);
    assert_eq!((a.rank, b.rank), (2, 3));
}

#[test]
fn annex_4_board_two_decides_when_board_one_was_drawn() {
    let matches = vec![
        m(1, 0, "=01", true), // B–A: board I drawn, A wins board II, B wins board III
        m(0, 2, "===", true),
        m(1, 2, "===", true),
        m(0, 3, "===", true),
        m(1, 3, "===", true),
        m(2, 3, "111", true),
    ];
    let s = team_standings(&teams(), &matches, &cfg(3)).unwrap();
    assert_eq!((rank(&s, "A"), rank(&s, "B")), (2, 3));
}

#[test]
fn annex_5_board_totals_over_the_whole_event_board_one_first() {
    // A–B drawn on both boards; A's board I scored more over the event.
    let matches = vec![
        m(0, 1, "==", true),
        m(0, 2, "10", true),
        m(1, 2, "01", true),
        m(0, 3, "==", true),
        m(1, 3, "==", true),
        m(2, 3, "11", true),
    ];
    let s = team_standings(&teams(), &matches, &cfg(2)).unwrap();
    let a = s.rows.iter().find(|r| r.name == "A").unwrap();
    let b = s.rows.iter().find(|r| r.name == "B").unwrap();
    assert_eq!(
        (a.match_points, a.game_points),
        (b.match_points, b.game_points)
    );
    assert_eq!((a.board_points[0], b.board_points[0]), (2.0, 1.0));
    assert_eq!((a.rank, b.rank), (2, 3));
}

#[test]
fn annex_6_the_team_whose_board_one_player_had_black_in_the_direct_match() {
    let build = |a_white_on_one: bool| {
        vec![
            m(0, 1, "==", a_white_on_one),
            m(0, 2, "==", true),
            m(1, 2, "==", true),
            m(0, 3, "==", true),
            m(1, 3, "==", true),
            m(2, 3, "11", true),
        ]
    };
    let s = team_standings(&teams(), &build(false), &cfg(2)).unwrap();
    assert_eq!(
        (rank(&s, "A"), rank(&s, "B")),
        (2, 3),
        "A had Black on board I"
    );
    let s = team_standings(&teams(), &build(true), &cfg(2)).unwrap();
    assert_eq!(
        (rank(&s, "B"), rank(&s, "A")),
        (2, 3),
        "B had Black on board I"
    );
}

#[test]
fn annex_teams_equal_in_everything_share_the_place() {
    // three teams, every board drawn: no criterion separates them
    let matches = vec![
        m(0, 1, "==", true),
        m(1, 2, "==", true),
        m(2, 0, "==", true),
    ];
    let s = team_standings(&teams()[..3], &matches, &cfg(2)).unwrap();
    assert!(s.rows.iter().all(|r| r.rank == 1 && r.shared_to == 3));
}

#[test]
fn bad_input_is_a_typed_error() {
    assert_eq!(
        team_standings(&teams(), &[m(0, 9, "==", true)], &cfg(2)),
        Err(TeamError::UnknownTeam {
            index: 1,
            team: 9,
            n_teams: 4
        })
    );
    assert_eq!(
        team_standings(&teams(), &[m(1, 1, "==", true)], &cfg(2)),
        Err(TeamError::SameTeam { index: 1 })
    );
    assert_eq!(
        team_standings(&teams(), &[m(0, 1, "===", true)], &cfg(2)),
        Err(TeamError::WrongBoardCount {
            index: 1,
            expected: 2,
            got: 3
        })
    );
}

#[test]
fn annex_order_of_ranking_is_printed_with_the_table() {
    use amici::rules::model::Lang;
    use amici::rules::team::team_definitions;
    let matches = vec![m(0, 1, "1=", true)];
    let s = team_standings(&teams()[..2], &matches, &cfg(2)).unwrap();
    let text = s.to_text(Lang::En);
    assert!(text.contains("1  A"), "{text}");
    assert!(text.contains("1.5"));
    assert!(text.contains("1. match points"));
    let gp_first = team_definitions(Primary::GamePoints, Lang::Ru);
    assert!(gp_first.starts_with("Порядок"));
    assert!(gp_first.contains("1. общее количество выигранных очков"));
    assert!(team_definitions(Primary::MatchPoints, Lang::Bg).contains("I дъска"));
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn team_standings_take_any_matches(
            raw in proptest::collection::vec((0usize..5, 0usize..5, "[10=*]{0,4}", any::<bool>()), 0..12),
            gp_first in any::<bool>(),
        ) {
            let matches: Vec<TeamMatch> = raw.iter().map(|(h, a, b, w)| m(*h, *a, b, *w)).collect();
            let config = TeamConfig {
                boards: 3,
                primary: if gp_first { Primary::GamePoints } else { Primary::MatchPoints },
            };
            // The three ways a match can be wrong (TeamError): an unknown team, a team against
            // itself, a board count other than the section's. Any other input must be ranked.
            let valid = raw
                .iter()
                .all(|(h, a, b, _)| *h < 4 && *a < 4 && h != a && b.chars().count() == 3);
            match team_standings(&teams(), &matches, &config) {
                Ok(s) => {
                    prop_assert!(valid, "a wrong match was ranked: {:?}", raw);
                    prop_assert_eq!(s.rows.len(), 4);
                    for pair in s.rows.windows(2) {
                        prop_assert!(pair[0].rank <= pair[1].rank);
                    }
                }
                Err(e) => prop_assert!(!valid, "refused valid matches ({e}): {:?}", raw),
            }
        }
    }
}

#[test]
fn annex_6_the_board_one_colour_rule_counts_only_a_match_played_out() {
    // A and B have not played each other yet: nothing separates them, not even the colour A
    // is scheduled to have on board I.
    let two = vec!["A".to_string(), "B".to_string()];
    let s = team_standings(&two, &[m(0, 1, "**", true)], &cfg(2)).unwrap();
    assert_eq!((rank(&s, "A"), rank(&s, "B")), (1, 1));
    // Played out, both boards drawn (items 1–5 equal): B had Black on board I, item 6.
    let s = team_standings(&two, &[m(0, 1, "==", true)], &cfg(2)).unwrap();
    assert!(rank(&s, "B") < rank(&s, "A"), "{:?}", s.rows);
}
