//! The knockout top (RULES.md §12a, §708.1–708.2): the best `top` players of the first stage
//! seeded 1…top, a bracket in which seeds 1 and 2 can meet only in the final, matches of
//! `knockout_games` games (the higher seed White in the first, then by turns, all started
//! together), a drawn match by `knockout_tie`, each round started when the previous one is
//! decided, the tournament over when the final is decided.

use crate::rules::model::Day;

use super::{
    Facts, Format, MAX_REPLAYS, Next, Pair, PairedBy, Round, StageError, StageKind, Tie, places,
};

/// Seeds 1…`top` in bracket order: neighbours meet, then the winners of neighbouring matches,
/// so that 1 and 2 can meet only in the final (4: 1 4 2 3; 8: 1 8 4 5 2 7 3 6).
pub fn bracket_order(top: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    let mut size = 1;
    while size < top {
        size *= 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The higher seed (the lower seed number).
    pub high: String,
    pub low: String,
    /// Decided: who goes through.
    pub winner: Option<String>,
    /// Replays played so far (`knockout_tie = "replay"`).
    pub replays: u32,
    /// The last match (or replay) of this slot is complete and drawn: it is played again.
    pub replay_due: bool,
}

impl Slot {
    pub fn loser(&self) -> Option<&str> {
        let w = self.winner.as_deref()?;
        Some(if w == self.high {
            &self.low
        } else {
            &self.high
        })
    }
}

/// One knockout round of the bracket (with its replays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Players at the start of the level: 2 = the final, 4 = the semi-finals, …
    pub players: u32,
    pub slots: Vec<Slot>,
}

/// The seeds 1…top (§708.2): the overall ranking of the first stage, withdrawn players left
/// out.
pub fn seeds(facts: &Facts<'_>, top: u32) -> Result<Vec<String>, StageError> {
    let order = places::overall_order(facts);
    let eligible: Vec<String> = order
        .into_iter()
        .map(|i| facts.entrants[i].email.clone())
        .filter(|e| !facts.withdrawn.contains(e))
        .collect();
    if eligible.len() < top as usize {
        return Err(StageError::TopTooLarge {
            top,
            have: eligible.len(),
        });
    }
    Ok(eligible.into_iter().take(top as usize).collect())
}

/// The bracket as the stored knockout rounds and their results leave it.
pub fn levels(format: &Format, facts: &Facts<'_>) -> Vec<Level> {
    let ko: Vec<&Round> = facts
        .rounds
        .iter()
        .filter(|r| r.stage == StageKind::Knockout)
        .collect();
    let Some(first) = ko.first() else {
        return Vec::new();
    };
    let seed_of = |email: &str| first.seeds.iter().position(|s| s == email);
    let mut players: Vec<String> = bracket_order(first.seeds.len() as u32)
        .into_iter()
        .filter_map(|s| first.seeds.get(s as usize - 1).cloned())
        .collect();
    let mut levels = Vec::new();
    let mut i = 0;
    while i < ko.len() && players.len() >= 2 {
        // A level: its round and the replays after it.
        let mut rounds = vec![ko[i]];
        i += 1;
        while i < ko.len() && ko[i].replay > 0 {
            rounds.push(ko[i]);
            i += 1;
        }
        let slots: Vec<Slot> = players
            .chunks(2)
            .enumerate()
            .map(|(k, pair)| {
                let (a, b) = (pair[0].clone(), pair.get(1).cloned().unwrap_or_default());
                let (high, low) = if seed_of(&a) <= seed_of(&b) {
                    (a, b)
                } else {
                    (b, a)
                };
                slot(format, facts, &rounds, k as u32, high, low)
            })
            .collect();
        let next: Vec<String> = slots.iter().filter_map(|s| s.winner.clone()).collect();
        let decided = next.len() == slots.len();
        levels.push(Level {
            players: players.len() as u32,
            slots,
        });
        if !decided {
            break;
        }
        players = next;
    }
    levels
}

/// A match through its replays: who goes through, if decided.
fn slot(
    format: &Format,
    facts: &Facts<'_>,
    rounds: &[&Round],
    k: u32,
    high: String,
    low: String,
) -> Slot {
    let mut s = Slot {
        high,
        low,
        winner: None,
        replays: 0,
        replay_due: false,
    };
    for round in rounds {
        let games: Vec<&Pair> = round.games.iter().filter(|g| g.group == Some(k)).collect();
        if games.is_empty() {
            continue;
        }
        s.replays = round.replay;
        s.replay_due = false;
        let mut points = [0u32, 0u32];
        for g in &games {
            let Some((w, b)) = facts.results.get(&g.game).and_then(|o| o.half_points()) else {
                return s;
            };
            for (who, h) in [(&g.white, w), (&g.black, b)] {
                points[usize::from(*who != s.high)] += h;
            }
        }
        s.winner = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(s.high.clone()),
            std::cmp::Ordering::Less => Some(s.low.clone()),
            std::cmp::Ordering::Equal if format.tie == Tie::Seed || round.replay >= MAX_REPLAYS => {
                Some(s.high.clone())
            }
            std::cmp::Ordering::Equal => {
                s.replay_due = true;
                None
            }
        };
    }
    s
}

/// The games of one match: `knockout_games` games, the higher seed White in the first.
fn match_games(format: &Format, slot: u32, high: &str, low: &str, n: &mut u32) -> Vec<Pair> {
    (0..format.knockout_games.max(1))
        .map(|k| {
            let (white, black) = if k % 2 == 0 { (high, low) } else { (low, high) };
            let pair = Pair {
                game: *n,
                white: white.to_string(),
                black: black.to_string(),
                group: Some(slot),
            };
            *n += 1;
            pair
        })
        .collect()
}

/// The next knockout round once the previous round is complete (the caller checks that).
pub fn next(format: &Format, facts: &Facts<'_>, start: Day, end: Day) -> Result<Next, StageError> {
    let number = facts.rounds.last().map_or(1, |r| r.number + 1);
    let mut n = facts.next_game();
    let round = |games, seeds, replay| Round {
        seeds,
        replay,
        ..Round::new(
            number,
            StageKind::Knockout,
            (start, end),
            games,
            Vec::new(),
            PairedBy::Amici,
        )
    };
    let levels = levels(format, facts);
    let Some(level) = levels.last() else {
        let seeds = seeds(facts, format.top)?;
        let order = bracket_order(format.top);
        let mut games = Vec::new();
        for (k, pair) in order.chunks(2).enumerate() {
            let (a, b) = (&seeds[pair[0] as usize - 1], &seeds[pair[1] as usize - 1]);
            let (high, low) = if pair[0] < pair[1] { (a, b) } else { (b, a) };
            games.extend(match_games(format, k as u32, high, low, &mut n));
        }
        return Ok(Next::Start(round(games, seeds, 0)));
    };
    let replays: Vec<(u32, &Slot)> = level
        .slots
        .iter()
        .enumerate()
        .filter(|(_, s)| s.replay_due)
        .map(|(k, s)| (k as u32, s))
        .collect();
    if !replays.is_empty() {
        let replay = replays.iter().map(|(_, s)| s.replays).max().unwrap_or(0) + 1;
        let games = replays
            .iter()
            .flat_map(|(k, s)| match_games(format, *k, &s.high, &s.low, &mut n))
            .collect();
        return Ok(Next::Start(round(games, Vec::new(), replay)));
    }
    if level.slots.iter().any(|s| s.winner.is_none()) {
        return Ok(Next::Wait);
    }
    if level.slots.len() == 1 {
        return Ok(Next::Over);
    }
    let winners: Vec<&String> = level
        .slots
        .iter()
        .filter_map(|s| s.winner.as_ref())
        .collect();
    let first = facts.rounds.iter().find(|r| r.stage == StageKind::Knockout);
    let seed_of = |e: &str| first.and_then(|r| r.seeds.iter().position(|s| s == e));
    let mut games = Vec::new();
    for (k, pair) in winners.chunks(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let (high, low) = if seed_of(a) <= seed_of(b) {
            (a, b)
        } else {
            (b, a)
        };
        games.extend(match_games(format, k as u32, high, low, &mut n));
    }
    Ok(Next::Start(round(games, Vec::new(), 0)))
}
