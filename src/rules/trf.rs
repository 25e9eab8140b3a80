//! Export of a section in the FIDE Tournament Report File format TRF-16 (FIDE Data Exchange
//! Format), so that third-party pairing and rating programs can take it over (§709.1,
//! RULES.md §12).
//!
//! Written: header lines 012 (name), 022 (city), 032 (federation), 042/052 (start/end date),
//! 062 (players), 072 (rated players), 092 (type), 102 (chief arbiter), 122 (time control),
//! then one 001 line per player with his data, points, rank and one 10-column block per
//! round: opponent's starting number, colour, result.
//!
//! Result codes: `1` `=` `0` for games played, `+` `-` for forfeits (both lose: `-` for
//! both); a round without a game (the bye of an odd round robin, which gives no point) is
//! `0000 - Z`; an unfinished game keeps its opponent and colour with a blank result, as a
//! pairing program expects for a game not yet played. The starting number is the player's
//! index + 1 (the draw number of the Berger tables).

use std::fmt::Write as _;

use thiserror::Error;

use crate::rules::model::Day;
use crate::rules::standings::{Game, Outcome, Standings};

/// More rounds than any section has (a double round robin of 100 players has 198): larger
/// numbers are refused instead of allocating a huge table.
pub const MAX_ROUNDS: u32 = 1000;

/// Header data of the section; empty options are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfHeader {
    pub name: String,
    pub city: Option<String>,
    /// Three-letter federation code.
    pub federation: Option<String>,
    pub start: Option<Day>,
    pub end: Option<Day>,
    /// Free text for line 092, e.g. "Round robin (correspondence)".
    pub kind: Option<String>,
    pub arbiter: Option<String>,
    /// Free text for line 122, e.g. "50 days / 10 moves".
    pub time_control: Option<String>,
}

/// Player data of a 001 line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfPlayer {
    /// As TRF wants it: "Lastname, Firstname" (cut to 33 characters).
    pub name: String,
    /// `m` or `w`.
    pub sex: Option<char>,
    /// e.g. `GM`, `IM`, `FM` (cut to 3 characters).
    pub title: Option<String>,
    pub rating: Option<u32>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    pub birth: Option<Day>,
}

/// A game with the round of the pairing table it belongs to (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundGame {
    pub round: u32,
    pub game: Game,
}

/// Why the section cannot be written as TRF.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TrfError {
    #[error("player {player} has two games in round {round}; TRF holds one game per round")]
    TwoGamesInRound { player: usize, round: u32 },
    #[error("a game refers to player {player}, the section has {n_players}")]
    UnknownPlayer { player: usize, n_players: usize },
    #[error("round 0: rounds are numbered from 1")]
    RoundZero,
    #[error("round {0}: more rounds than a section can have ({MAX_ROUNDS})")]
    TooManyRounds(u32),
    #[error("the standings do not list player {player}")]
    NotInStandings { player: usize },
}

/// The table's mark of a round without an opponent.
const NO_OPPONENT: usize = usize::MAX;

fn date(d: Day) -> String {
    d.format("%Y/%m/%d").to_string()
}

/// Write `text` into `line` at 1-based column `col`, cut to `width` characters.
fn put(line: &mut Vec<char>, col: usize, width: usize, text: &str) {
    let start = col - 1;
    if line.len() < start + width {
        line.resize(start + width, ' ');
    }
    for (k, c) in text.chars().take(width).enumerate() {
        line[start + k] = c;
    }
}

/// Right-align `text` in a field of `width`.
fn right(text: &str, width: usize) -> String {
    format!("{text:>width$}")
}

/// The TRF-16 text of a section. `standings` must have been computed from the same players
/// and games (it gives the points and ranks).
pub fn export_trf(
    header: &TrfHeader,
    players: &[TrfPlayer],
    games: &[RoundGame],
    standings: &Standings,
) -> Result<String, TrfError> {
    export_trf_with(header, players, games, &[], standings, &[])
}

/// A round without a game for one player (0-based index), written `0000 - code`: `U` the
/// pairing-allocated bye, `H` a requested half-point bye, `Z` an absence (a withdrawn
/// player), `F` a full-point bye. A block in the round after the last one played is a bye
/// or absence given before that round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundBye {
    pub player: usize,
    pub round: u32,
    pub code: char,
}

/// [`export_trf`] with byes and extra lines after the header (TRFx `XXR`, `XXC` …).
/// The cells of the 001 lines: `table[player][round - 1]` = (opponent, white, result code),
/// `NO_OPPONENT` for a bye or absence; and the last round with a game.
type Cells = Vec<Vec<Option<(usize, bool, char)>>>;

fn cells(n: usize, games: &[RoundGame], byes: &[RoundBye]) -> Result<(Cells, u32), TrfError> {
    let max_round = games
        .iter()
        .map(|g| g.round)
        .chain(byes.iter().map(|b| b.round))
        .max()
        .unwrap_or(0);
    if max_round > MAX_ROUNDS {
        return Err(TrfError::TooManyRounds(max_round));
    }
    let rounds = max_round as usize;
    let played = games.iter().map(|g| g.round).max().unwrap_or(0);
    // table[player][round - 1] = (opponent, white, result code)
    let mut table: Vec<Vec<Option<(usize, bool, char)>>> = vec![vec![None; rounds]; n];
    for rg in games {
        if rg.round == 0 {
            return Err(TrfError::RoundZero);
        }
        let g = rg.game;
        for p in [g.white, g.black] {
            if p >= n {
                return Err(TrfError::UnknownPlayer {
                    player: p,
                    n_players: n,
                });
            }
        }
        let (w, b) = match g.outcome {
            Outcome::WhiteWins => ('1', '0'),
            Outcome::BlackWins => ('0', '1'),
            Outcome::Draw => ('=', '='),
            Outcome::WhiteWinsByForfeit => ('+', '-'),
            Outcome::BlackWinsByForfeit => ('-', '+'),
            Outcome::BothLose => ('-', '-'),
            Outcome::Unfinished => (' ', ' '),
        };
        let r = rg.round as usize - 1;
        for (me, opp, white, code) in [(g.white, g.black, true, w), (g.black, g.white, false, b)] {
            if table[me][r].is_some() {
                return Err(TrfError::TwoGamesInRound {
                    player: me,
                    round: rg.round,
                });
            }
            table[me][r] = Some((opp, white, code));
        }
    }
    for b in byes {
        if b.round == 0 {
            return Err(TrfError::RoundZero);
        }
        let r = b.round as usize - 1;
        let cell = table.get_mut(b.player).ok_or(TrfError::UnknownPlayer {
            player: b.player,
            n_players: n,
        })?;
        if cell[r].is_some() {
            return Err(TrfError::TwoGamesInRound {
                player: b.player,
                round: b.round,
            });
        }
        cell[r] = Some((NO_OPPONENT, false, b.code));
    }
    Ok((table, played))
}

pub fn export_trf_with(
    header: &TrfHeader,
    players: &[TrfPlayer],
    games: &[RoundGame],
    byes: &[RoundBye],
    standings: &Standings,
    extra: &[String],
) -> Result<String, TrfError> {
    let n = players.len();
    let (table, played) = cells(n, games, byes)?;
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", header.name);
    if let Some(c) = &header.city {
        let _ = writeln!(out, "022 {c}");
    }
    if let Some(f) = &header.federation {
        let _ = writeln!(out, "032 {f}");
    }
    if let Some(d) = header.start {
        let _ = writeln!(out, "042 {}", date(d));
    }
    if let Some(d) = header.end {
        let _ = writeln!(out, "052 {}", date(d));
    }
    let _ = writeln!(out, "062 {n}");
    let rated = players.iter().filter(|p| p.rating.is_some()).count();
    let _ = writeln!(out, "072 {rated}");
    if let Some(k) = &header.kind {
        let _ = writeln!(out, "092 {k}");
    }
    if let Some(a) = &header.arbiter {
        let _ = writeln!(out, "102 {a}");
    }
    if let Some(t) = &header.time_control {
        let _ = writeln!(out, "122 {t}");
    }
    for line in extra {
        let _ = writeln!(out, "{line}");
    }

    for (i, p) in players.iter().enumerate() {
        let row = standings
            .rows
            .iter()
            .find(|r| r.player == i)
            .ok_or(TrfError::NotInStandings { player: i })?;
        let mut line: Vec<char> = Vec::with_capacity(91 + 10 * table.first().map_or(0, Vec::len));
        put(&mut line, 1, 3, "001");
        put(&mut line, 5, 4, &right(&(i + 1).to_string(), 4));
        if let Some(s) = p.sex {
            put(&mut line, 10, 1, &s.to_string());
        }
        if let Some(t) = &p.title {
            put(&mut line, 11, 3, &right(t, 3));
        }
        put(&mut line, 15, 33, &p.name);
        if let Some(r) = p.rating {
            put(&mut line, 49, 4, &right(&r.to_string(), 4));
        }
        if let Some(f) = &p.federation {
            put(&mut line, 54, 3, f);
        }
        if let Some(id) = p.fide_id {
            put(&mut line, 58, 11, &right(&id.to_string(), 11));
        }
        if let Some(b) = p.birth {
            put(&mut line, 70, 10, &date(b));
        }
        put(&mut line, 81, 4, &right(&format!("{:.1}", row.points), 4));
        put(&mut line, 86, 4, &right(&row.rank.to_string(), 4));
        for (r, cell) in table[i].iter().enumerate() {
            let col = 92 + 10 * r;
            match cell {
                Some((NO_OPPONENT, _, code)) => {
                    put(&mut line, col, 4, "0000");
                    put(&mut line, col + 5, 1, "-");
                    put(&mut line, col + 7, 1, &code.to_string());
                }
                Some((opp, white, code)) => {
                    put(&mut line, col, 4, &format!("{:>4}", opp + 1));
                    put(&mut line, col + 5, 1, if *white { "w" } else { "b" });
                    put(&mut line, col + 7, 1, &code.to_string());
                }
                // The round to pair (after the last with a game): only the byes given
                // beforehand have a block there.
                None if r as u32 >= played => {}
                None => {
                    put(&mut line, col, 4, "0000");
                    put(&mut line, col + 5, 1, "-");
                    put(&mut line, col + 7, 1, "Z");
                }
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    Ok(out)
}
