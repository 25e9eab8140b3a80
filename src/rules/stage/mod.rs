//! A tournament in stages (RULES.md §12a, §708.1–708.2, §709): the Swiss rounds or several
//! round-robin tables first, then the knockout top, then the final places. Pure: the shell
//! passes in the rounds stored so far, the results of their games, the withdrawn players and
//! the day; [`next`] answers what happens now — wait, start a round (its games and byes as
//! data), or the tournament is over.
//!
//! - [`swiss`]    the next Swiss round from the players' histories (FIDE Dutch, C.04.3)
//! - [`tables`]   several round-robin tables by snake seeding
//! - [`knockout`] the bracket, matches of `knockout_games`, drawn matches, the next round
//! - [`commands`] the arbiter's `unpair` and `bye`, decided
//! - [`import`]   a round paired by another program, checked (§709.1)
//! - [`places`]   the overall ranking of the first stage and the final places (§708)

pub mod commands;
pub use commands::StageRefusal;
pub mod import;
pub mod knockout;
pub mod places;
pub mod swiss;
pub mod tables;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::rules::model::Day;
use crate::rules::standings::Outcome;

/// Which stage a round belongs to (`"stage"` in `status --format json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StageKind {
    Swiss,
    Tables,
    Knockout,
}

impl StageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StageKind::Swiss => "swiss",
            StageKind::Tables => "tables",
            StageKind::Knockout => "knockout",
        }
    }
}

/// A drawn knockout match (RULES.md §12a `knockout_tie`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tie {
    /// The higher seed goes through.
    Seed,
    /// Another match of the same length; after two replays the higher seed goes through.
    Replay,
}

/// Replays of a drawn match before the higher seed goes through (`knockout_tie = "replay"`).
pub const MAX_REPLAYS: u32 = 2;

/// The first stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// `pairing = "swiss"`, `rounds` rounds.
    Swiss { rounds: u32 },
    /// `pairing = "tables"`, `tables` round-robin tables played at once.
    Tables { tables: u32 },
}

/// A tournament's format (RULES.md §12a; each field a config key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub first: First,
    /// The start date: round 1 starts on it (Art. 24).
    pub start: Day,
    /// Each round's end date is this many days after its start.
    pub round_days: u32,
    /// The pairing-allocated bye, in half points (`bye_points` = 1 → 2).
    pub bye_halves: u32,
    /// The knockout top: 0 for none, else 2, 4, 8, 16 …
    pub top: u32,
    /// Games of a knockout match (one with each colour by turns).
    pub knockout_games: u32,
    pub tie: Tie,
}

/// A player as the stages see him: the e-mail address is the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub email: String,
    pub rating: Option<u32>,
    /// The pairing number fixed when round 1 was paired (a later rating edit changes nothing);
    /// `None` for a player added since (numbered after the others).
    pub number: Option<u32>,
}

/// One game of a round: its number n (game id `<tournament>/<n>`) and its players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub game: u32,
    pub white: String,
    pub black: String,
    /// The table (from 1) of a `tables` stage, or the bracket slot (from 0) of a knockout
    /// match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
}

/// Why a player has no game in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ByeKind {
    /// The odd player out (C.04.1 c): `bye_points`.
    Pairing,
    /// Asked for in advance (`requested_byes`): half a point.
    Requested,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub player: String,
    pub kind: ByeKind,
    /// Half points the bye gives.
    pub halves: u32,
}

/// Who paired a round (§709.2: the standings name the pairing program).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PairedBy {
    /// amici's FIDE Dutch engine (or its Berger tables, its bracket).
    Amici,
    /// Another program's pairings, checked and imported (§709.1).
    Imported,
}

/// How the rounds of a tournament in stages were paired (§709.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingNote {
    pub first: StageKind,
    /// A knockout top follows the first stage.
    pub knockout: bool,
    /// Rounds paired by another program: the round and the program, when named.
    pub imported: Vec<(u32, Option<String>)>,
}

/// A round as stored: numbered across the stages (the knockout's rounds continue the count).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub stage: StageKind,
    pub start: Day,
    /// The round's end date: unfinished games then go to adjudication (Art. 52–55).
    pub end: Day,
    pub games: Vec<Pair>,
    #[serde(default)]
    pub byes: Vec<Bye>,
    /// The first knockout round: the seeds 1…top in order (§708.2); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<String>,
    /// A knockout round: 0, or the replay (1, 2) of the matches drawn before it.
    #[serde(default)]
    pub replay: u32,
    pub paired_by: PairedBy,
    /// The other program that paired an imported round, when the arbiter named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

impl Round {
    /// A round of `stage` with its games and byes: no seeds, no replay, paired by `by` (the
    /// program, when another, named by the shell).
    pub fn new(
        number: u32,
        stage: StageKind,
        (start, end): (Day, Day),
        games: Vec<Pair>,
        byes: Vec<Bye>,
        paired_by: PairedBy,
    ) -> Round {
        Round {
            number,
            stage,
            start,
            end,
            games,
            byes,
            seeds: Vec::new(),
            replay: 0,
            paired_by,
            program: None,
        }
    }
}

/// What the shell knows of the tournament now.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// The players in the listed order.
    pub entrants: &'a [Entrant],
    pub rounds: &'a [Round],
    /// The results of the finished games by game number (forfeits as forfeits).
    pub results: &'a HashMap<u32, Outcome>,
    /// Withdrawn or excluded players (Art. 47): never paired again.
    pub withdrawn: &'a HashSet<String>,
    /// Requested byes: (player, round).
    pub requested: &'a [(String, u32)],
    /// How unplayed games count in the tie-breaks of the overall ranking.
    pub unplayed: crate::rules::standings::Unplayed,
    /// Game numbers below this were used by a round taken back (`unpair`): never given again,
    /// so a letter about the old game never lands in a new one.
    pub game_floor: u32,
    /// The adjudicated games whose result may still change, by game number (Art. 55, read by
    /// `game::Adjudication::appeal_window`): a round with one is not over yet.
    pub appeals: &'a HashMap<u32, AppealWindow>,
}

/// How long an adjudicated result may still change (Art. 55).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppealWindow {
    /// A player may appeal up to and including this day.
    Until(Day),
    /// An appeal waits for the second adjudicator, whose decision is final.
    Pending,
}

impl AppealWindow {
    /// Whether the result may still change as of `today`.
    pub fn open(self, today: Day) -> bool {
        match self {
            AppealWindow::Until(last) => today <= last,
            AppealWindow::Pending => true,
        }
    }
}

impl Facts<'_> {
    /// Every game of the round has a result.
    pub fn complete(&self, round: &Round) -> bool {
        round.games.iter().all(|g| self.finished(g.game))
    }

    /// A game of the round has an adjudicated result that may still change (Art. 55).
    pub fn appeal_open(&self, round: &Round, today: Day) -> bool {
        self.appeal_until(round, today).is_some()
    }

    /// How long the round's adjudicated results may still change (Art. 55): `None` when
    /// none may; `Some(Some(day))` the last day of an appeal; `Some(None)` while an appeal
    /// waits for the second adjudicator.
    pub fn appeal_until(&self, round: &Round, today: Day) -> Option<Option<Day>> {
        let open: Vec<AppealWindow> = round
            .games
            .iter()
            .filter_map(|g| self.appeals.get(&g.game).copied())
            .filter(|w| w.open(today))
            .collect();
        if open.is_empty() {
            return None;
        }
        if open.contains(&AppealWindow::Pending) {
            return Some(None);
        }
        Some(
            open.iter()
                .filter_map(|w| match w {
                    AppealWindow::Until(d) => Some(*d),
                    AppealWindow::Pending => None,
                })
                .max(),
        )
    }

    fn finished(&self, game: u32) -> bool {
        self.results
            .get(&game)
            .is_some_and(|o| *o != Outcome::Unfinished)
    }

    /// The next free game number.
    pub fn next_game(&self) -> u32 {
        self.rounds
            .iter()
            .flat_map(|r| r.games.iter().map(|g| g.game))
            .max()
            .unwrap_or(0)
            .max(self.game_floor.saturating_sub(1))
            + 1
    }
}

/// What happens now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Before the start date, or a round still in play.
    Wait,
    /// Start this round: create its games, tell the players and the byes.
    Start(Round),
    /// The final is decided, or the first stage is over without a top: the tournament is over.
    Over,
}

/// Why the next round cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StageError {
    #[error("round {round}: {why}")]
    Pairing {
        round: u32,
        why: crate::rules::dutch::PairError,
    },
    #[error("the top of {top} needs at least {top} players in the first stage, there are {have}")]
    TopTooLarge { top: u32, have: usize },
}

/// What happens now, as of `today` (RULES.md §12a): round 1 on the start date; round n + 1 of
/// the first stage once every game of round n has a result that can no longer be appealed; then the top; each knockout round
/// once the previous one is decided; the tournament over when the final is decided.
pub fn next(format: &Format, facts: &Facts<'_>, today: Day) -> Result<Next, StageError> {
    next_after(format, facts, today, true)
}

/// [`next`], with `appeals`: whether an adjudicated result still open to appeal holds the
/// next step back (the standings' final places do not wait for it: they show the results as
/// they stand).
pub(crate) fn next_after(
    format: &Format,
    facts: &Facts<'_>,
    today: Day,
    appeals: bool,
) -> Result<Next, StageError> {
    if today < format.start {
        return Ok(Next::Wait);
    }
    // The next round waits for every result, an adjudicated one until it can no longer be
    // appealed (Art. 55, RULES.md §12a).
    if let Some(last) = facts.rounds.last()
        && (!facts.complete(last) || (appeals && facts.appeal_open(last, today)))
    {
        return Ok(Next::Wait);
    }
    let (start, end) = round_dates(format, today);
    let first_rounds = facts
        .rounds
        .iter()
        .filter(|r| r.stage != StageKind::Knockout)
        .count() as u32;
    let first_done = match format.first {
        First::Swiss { rounds } => first_rounds >= rounds,
        First::Tables { .. } => first_rounds >= 1,
    };
    if !first_done {
        let number = first_rounds + 1;
        let round = match format.first {
            First::Swiss { rounds } => {
                swiss::pair_round(format, facts, number, rounds, start, end)?
            }
            First::Tables { tables } => tables::round(facts, tables, start, end),
        };
        return Ok(Next::Start(round));
    }
    if format.top < 2 {
        return Ok(Next::Over);
    }
    knockout::next(format, facts, start, end)
}

/// The start and end date of a round started `today` (RULES.md §12a): never before the
/// tournament's start, `round_days` long.
pub fn round_dates(format: &Format, today: Day) -> (Day, Day) {
    let start = today.max(format.start);
    (
        start,
        start + chrono::Duration::days(i64::from(format.round_days)),
    )
}

/// Pairing numbers (§12a): by `rating`, highest first, then the order listed; a player without
/// a rating after those with one. Once round 1 is paired the numbers stand (`Entrant::number`).
/// Returns the entrants' indices in pairing-number order.
pub fn pairing_order(entrants: &[Entrant]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by_key(|&i| {
        let e = &entrants[i];
        (e.number.is_none(), e.number, std::cmp::Reverse(e.rating), i)
    });
    order
}

/// The round (number) each game belongs to, and its stage.
pub fn round_of_game(rounds: &[Round]) -> HashMap<u32, (u32, StageKind)> {
    rounds
        .iter()
        .flat_map(|r| r.games.iter().map(move |g| (g.game, (r.number, r.stage))))
        .collect()
}
