//! The pairing against the FIDE Berger tables written out as data
//! (`fixtures/standings/berger_tables.txt`), and game numbering in pairing order.

use amici::rules::pairing::{
    PairingError, double_round_robin, explicit, game_id, games, round_robin,
};

const TABLES: &str = include_str!("../fixtures/standings/berger_tables.txt");

/// The rounds of one table: (white, black) draw numbers, board order.
type Table = Vec<Vec<(usize, usize)>>;

/// (odd, even, rounds) for each table in the fixture.
fn published_tables() -> Vec<(usize, usize, Table)> {
    let mut tables = Vec::new();
    for line in TABLES.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("players ") {
            let (a, b) = rest.split_once('-').expect("players A-B");
            tables.push((a.parse().unwrap(), b.parse().unwrap(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("Rd ") {
            let (_, pairs) = rest.split_once(':').expect("Rd r: …");
            let round = pairs
                .split(',')
                .map(|p| {
                    let (w, b) = p.trim().split_once('-').expect("w-b");
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            tables.last_mut().expect("a table").2.push(round);
        }
    }
    tables
}

#[test]
fn fixture_holds_all_fide_tables_3_to_16() {
    let t = published_tables();
    assert_eq!(t.len(), 7);
    for (odd, even, rounds) in &t {
        assert_eq!(even - odd, 1);
        assert_eq!(rounds.len(), even - 1);
        assert!(rounds.iter().all(|r| r.len() == even / 2));
    }
}

#[test]
fn c05_even_sections_match_the_published_berger_tables() {
    for (_, even, published) in published_tables() {
        let rounds = round_robin(even);
        assert_eq!(rounds.len(), published.len(), "{even} players");
        for (r, (ours, theirs)) in rounds.iter().zip(&published).enumerate() {
            let ours: Vec<(usize, usize)> = ours
                .games
                .iter()
                .map(|g| (g.white + 1, g.black + 1))
                .collect();
            assert_eq!(&ours, theirs, "{even} players, round {}", r + 1);
        }
    }
}

#[test]
fn c05_odd_sections_give_the_bye_to_the_opponent_of_the_highest_number() {
    for (odd, even, published) in published_tables() {
        let rounds = round_robin(odd);
        assert_eq!(rounds.len(), published.len(), "{odd} players");
        for (ours, theirs) in rounds.iter().zip(&published) {
            let expected: Vec<(usize, usize)> = theirs
                .iter()
                .copied()
                .filter(|&(w, b)| w != even && b != even)
                .collect();
            let bye = theirs
                .iter()
                .find_map(|&(w, b)| match (w == even, b == even) {
                    (true, _) => Some(b),
                    (_, true) => Some(w),
                    _ => None,
                })
                .unwrap();
            let got: Vec<(usize, usize)> = ours
                .games
                .iter()
                .map(|g| (g.white + 1, g.black + 1))
                .collect();
            assert_eq!(got, expected, "{odd} players, round {}", ours.number);
            assert_eq!(ours.bye.map(|p| p + 1), Some(bye));
            // the bye takes no board: boards are 1..k
            for (i, g) in ours.games.iter().enumerate() {
                assert_eq!(g.board as usize, i + 1);
            }
        }
    }
}

#[test]
fn every_pair_meets_exactly_once_up_to_30_players() {
    for n in 2..=30 {
        let mut met = vec![vec![0u32; n]; n];
        for g in games(&round_robin(n)) {
            met[g.white][g.black] += 1;
            met[g.black][g.white] += 1;
        }
        for (i, row) in met.iter().enumerate() {
            for (j, &m) in row.iter().enumerate() {
                assert_eq!(m, u32::from(i != j), "n={n} {i}-{j}");
            }
        }
    }
}

#[test]
fn game_numbers_follow_pairing_order_round_by_round_board_by_board() {
    let rounds = round_robin(5);
    let all = games(&rounds);
    assert_eq!(all.len(), 10);
    for (i, g) in all.iter().enumerate() {
        assert_eq!(g.game as usize, i + 1);
    }
    // 5 players, round 1 of the 5-6 table: 1-6 (bye), 2-5, 3-4 → games 1 and 2
    assert_eq!((all[0].white, all[0].black, all[0].round), (1, 4, 1));
    assert_eq!((all[1].white, all[1].black, all[1].round), (2, 3, 1));
    assert_eq!(all[2].round, 2);
    assert_eq!(game_id("BG-2026-01", all[2].game), "BG-2026-01/3");
}

#[test]
fn double_round_robin_repeats_the_table_with_colours_reversed() {
    let first = round_robin(6);
    let both = double_round_robin(6);
    assert_eq!(both.len(), 10);
    let all = games(&both);
    assert_eq!(all.len(), 30);
    for (i, g) in all.iter().enumerate() {
        assert_eq!(g.game as usize, i + 1);
    }
    for (a, b) in first.iter().zip(&both[5..]) {
        assert_eq!(b.number, a.number + 5);
        for (x, y) in a.games.iter().zip(&b.games) {
            assert_eq!((y.white, y.black), (x.black, x.white));
            assert_eq!(y.game, x.game + 15);
        }
    }
}

#[test]
fn explicit_games_are_numbered_in_listed_order() {
    let rounds = explicit(3, &[(2, 0), (0, 1)]).unwrap();
    let all = games(&rounds);
    assert_eq!(all.len(), 2);
    assert_eq!((all[0].game, all[0].white, all[0].black), (1, 2, 0));
    assert_eq!((all[1].game, all[1].white, all[1].black), (2, 0, 1));
    assert_eq!(
        explicit(3, &[(0, 3)]),
        Err(PairingError::UnknownPlayer {
            game: 1,
            player: 3,
            n_players: 3
        })
    );
    assert_eq!(
        explicit(3, &[(1, 1)]),
        Err(PairingError::SamePlayer { game: 1 })
    );
}

#[test]
fn fewer_than_two_players_make_no_rounds() {
    assert!(round_robin(0).is_empty());
    assert!(round_robin(1).is_empty());
    assert_eq!(round_robin(2).len(), 1);
}
