//! Who plays whom: the FIDE Berger tables for round robins (FIDE Handbook C.05 Annex 1), double
//! round robins and explicit lists, with game numbers in pairing order (INTERFACE.md: game ids
//! `<tournament>/<n>`).
//!
//! Players are named by their index in the start list (0-based); the draw number of the Berger
//! tables is `index + 1`. In correspondence chess all games of a section start together, so a
//! "round" is only a row of the table; it still fixes the colours and the numbering.

use thiserror::Error;

/// One game of the pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The game number n of the game id `<tournament>/<n>`: 1, 2, … round by round, board by
    /// board.
    pub game: u32,
    /// Round of the table, from 1 (the second cycle of a double round robin continues the
    /// count).
    pub round: u32,
    /// Board within the round, from 1 (the bye takes no board).
    pub board: u32,
    /// Index of the player with White: the first-named in the table.
    pub white: usize,
    /// Index of the player with Black.
    pub black: usize,
}

/// One round of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// From 1.
    pub number: u32,
    /// The games in board order.
    pub games: Vec<Pairing>,
    /// With an odd number of players: who is paired against the bye (draw number n + 1).
    pub bye: Option<usize>,
}

/// Why a pairing cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PairingError {
    #[error("game {game}: player {player} is not in the start list of {n_players} players")]
    UnknownPlayer {
        game: u32,
        player: usize,
        n_players: usize,
    },
    #[error("game {game}: a player cannot play himself")]
    SamePlayer { game: u32 },
}

/// The Berger table of a single round robin of `n_players` players.
///
/// For 3–16 players this is exactly the table of FIDE Handbook C.05 Annex 1 (checked against
/// the table written out in `fixtures/standings/berger_tables.txt`); the same construction
/// continues the tables for larger sections. With an odd number the player who would meet draw
/// number n + 1 has the bye. Fewer than two players give no rounds.
pub fn round_robin(n_players: usize) -> Vec<Round> {
    if n_players < 2 {
        return Vec::new();
    }
    // An odd section is played as the next even one, the highest number being the bye.
    let n = n_players.saturating_add(n_players % 2);
    let fixed = n; // draw number that never moves
    let ring = n - 1; // the others turn around it
    let mut rounds = Vec::with_capacity(ring);
    let mut game = 0u32;
    for r in 1..=ring {
        // C.05 Annex 1: the fixed player meets 1, n/2+1, 2, n/2+2, … (Black in odd rounds,
        // White in even ones); on the other boards the player counted forward from that
        // opponent has White.
        let a = ((r - 1) * (n / 2)) % ring + 1;
        let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
        if r % 2 == 1 {
            pairs.push((a, fixed));
        } else {
            pairs.push((fixed, a));
        }
        for i in 1..n / 2 {
            let up = (a - 1 + i) % ring + 1;
            let down = (a - 1 + ring - i) % ring + 1;
            pairs.push((up, down));
        }
        let mut games = Vec::with_capacity(n / 2);
        let mut bye = None;
        let mut board = 0u32;
        for (w, b) in pairs {
            if w > n_players {
                bye = Some(b - 1);
                continue;
            }
            if b > n_players {
                bye = Some(w - 1);
                continue;
            }
            board += 1;
            game += 1;
            games.push(Pairing {
                game,
                round: r as u32,
                board,
                white: w - 1,
                black: b - 1,
            });
        }
        rounds.push(Round {
            number: r as u32,
            games,
            bye,
        });
    }
    rounds
}

/// A double round robin: the Berger table, then the same table again with the colours
/// reversed. Rounds and game numbers of the second cycle continue those of the first.
///
/// FIDE C.05 recommends swapping the last two rounds of the first cycle to avoid three games
/// in a row with one colour; in correspondence chess all games run at once, so amici keeps the
/// plain table, which is what players look up.
pub fn double_round_robin(n_players: usize) -> Vec<Round> {
    let first = round_robin(n_players);
    let offset_rounds = first.len() as u32;
    let offset_games = first.iter().map(|r| r.games.len() as u32).sum::<u32>();
    let second: Vec<Round> = first
        .iter()
        .map(|r| Round {
            number: r.number + offset_rounds,
            bye: r.bye,
            games: r
                .games
                .iter()
                .map(|p| Pairing {
                    game: p.game + offset_games,
                    round: p.round + offset_rounds,
                    board: p.board,
                    white: p.black,
                    black: p.white,
                })
                .collect(),
        })
        .collect();
    first.into_iter().chain(second).collect()
}

/// An explicit list of games `(white, black)` as configured (`pairing = "explicit"`): one round,
/// numbered in the listed order.
pub fn explicit(n_players: usize, games: &[(usize, usize)]) -> Result<Vec<Round>, PairingError> {
    let mut out = Vec::with_capacity(games.len());
    for (i, &(white, black)) in games.iter().enumerate() {
        let game = i as u32 + 1;
        for player in [white, black] {
            if player >= n_players {
                return Err(PairingError::UnknownPlayer {
                    game,
                    player,
                    n_players,
                });
            }
        }
        if white == black {
            return Err(PairingError::SamePlayer { game });
        }
        out.push(Pairing {
            game,
            round: 1,
            board: game,
            white,
            black,
        });
    }
    if out.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![Round {
        number: 1,
        games: out,
        bye: None,
    }])
}

/// All games of a pairing in game-number order.
pub fn games(rounds: &[Round]) -> Vec<Pairing> {
    rounds
        .iter()
        .flat_map(|r| r.games.iter().copied())
        .collect()
}

/// The game id of INTERFACE.md: `<tournament id>/<n>`.
pub fn game_id(tournament: &str, game: u32) -> String {
    format!("{tournament}/{game}")
}
