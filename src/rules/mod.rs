//! The rules core: PURE. No IO, no clock, no async, no SQL — every function takes the time it
//! needs (`today: Day`) as an argument and returns decisions as data (`Effect`s) that the shell
//! carries out. A test (`tests/purity.rs`) fails if anything here names tokio, rusqlite,
//! lettre, async_imap, std::fs, std::net or reads the system clock.
//!
//! - `model`   the shared vocabulary: modes, notations, parameters, the record's parts
//! - `game`    one game: a letter or a decision in, the new record and the effects out
//! - `reading` interim move reader (full from-to notation), until `notation`/`letter` land

pub mod game;
pub mod model;
pub mod reading;

/// The games of a round robin in pairing order (temporary circle method; replaced by the
/// FIDE Berger tables of `pairing`).
pub fn pairing_order(players: &[String], double: bool) -> Vec<crate::config::GameSpec> {
    let mut list: Vec<Option<&String>> = players.iter().map(Some).collect();
    if list.len() % 2 == 1 {
        list.push(None);
    }
    let n = list.len();
    let mut games = Vec::new();
    if n < 2 {
        return games;
    }
    for round in 0..n - 1 {
        for board in 0..n / 2 {
            let (a, b) = (list[board], list[n - 1 - board]);
            if let (Some(a), Some(b)) = (a, b) {
                let (w, bl) = if (round + board) % 2 == 0 {
                    (a, b)
                } else {
                    (b, a)
                };
                games.push(crate::config::GameSpec {
                    white: w.clone(),
                    black: bl.clone(),
                });
            }
        }
        let last = list.pop().unwrap_or(None);
        list.insert(1, last);
    }
    if double {
        let second: Vec<_> = games
            .iter()
            .map(|g| crate::config::GameSpec {
                white: g.black.clone(),
                black: g.white.clone(),
            })
            .collect();
        games.extend(second);
    }
    games
}
