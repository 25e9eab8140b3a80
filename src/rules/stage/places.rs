//! The overall ranking of the first stage and the final places (§708.1–708.4, RULES.md §12a):
//! points, then Buchholz, then sum of Buchholz, one's place inside a table ignored; after a
//! knockout top the winner of the final first, the loser second, the players knocked out in
//! the same knockout round next, ordered by their first-stage standing, then everyone else.

use crate::rules::standings::{self, Bye, Game, Outcome, Standings, Tiebreak};

use super::{Facts, Format, StageKind, knockout, pairing_order};

/// The tie-breaks of the first stage's overall ranking (§708.3–708.4).
pub const FIRST_STAGE_TIEBREAKS: [Tiebreak; 2] = [Tiebreak::Buchholz, Tiebreak::SumBuchholz];

/// The games and byes of the first stage, every table together (players by entrant index).
/// A Swiss round without a game or a bye for a player (a withdrawal) is an absence: a round
/// without an opponent worth nothing. Each unplayed round knows whether a game of the player
/// follows it (FIDE C.07 16.3, `Bye::after_last_game`).
pub fn first_stage_input(facts: &Facts<'_>) -> (Vec<Game>, Vec<Bye>) {
    let index = |e: &str| facts.entrants.iter().position(|x| x.email == e);
    let mut games = Vec::new();
    // (round index, bye): the flag is set once every round is known.
    let mut byes: Vec<(usize, Bye)> = Vec::new();
    // The last round in which each player played or won without playing.
    let mut last_scored: Vec<Option<usize>> = vec![None; facts.entrants.len()];
    let first = facts
        .rounds
        .iter()
        .filter(|r| r.stage != StageKind::Knockout);
    for (k, r) in first.enumerate() {
        let mut seen = vec![false; facts.entrants.len()];
        for g in &r.games {
            if let (Some(white), Some(black)) = (index(&g.white), index(&g.black)) {
                let outcome = facts
                    .results
                    .get(&g.game)
                    .copied()
                    .unwrap_or(Outcome::Unfinished);
                seen[white] = true;
                seen[black] = true;
                for (p, forfeited) in [
                    (white, matches!(outcome, Outcome::BlackWinsByForfeit)),
                    (black, matches!(outcome, Outcome::WhiteWinsByForfeit)),
                ] {
                    if !forfeited && outcome != Outcome::BothLose {
                        last_scored[p] = Some(k);
                    }
                }
                games.push(Game {
                    white,
                    black,
                    outcome,
                });
            }
        }
        for b in &r.byes {
            if let Some(player) = index(&b.player) {
                seen[player] = true;
                if b.halves >= 2 {
                    last_scored[player] = Some(k);
                }
                byes.push((
                    k,
                    Bye {
                        allocated: b.kind == super::ByeKind::Pairing,
                        ..Bye::new(player, b.halves)
                    },
                ));
            }
        }
        if r.stage == StageKind::Swiss {
            byes.extend(
                (0..seen.len())
                    .filter(|&p| !seen[p])
                    .map(|p| (k, Bye::new(p, 0))),
            );
        }
    }
    let byes = byes
        .into_iter()
        .map(|(k, mut b)| {
            b.after_last_game = last_scored[b.player].is_none_or(|last| k > last);
            b
        })
        .collect();
    (games, byes)
}

/// The standings of the first stage over all its games and byes (the rows' names are the
/// players' addresses).
pub fn first_stage(facts: &Facts<'_>) -> Standings {
    let (games, byes) = first_stage_input(facts);
    let names: Vec<String> = facts.entrants.iter().map(|e| e.email.clone()).collect();
    standings::compute_unplayed(
        &names,
        &games,
        &byes,
        &FIRST_STAGE_TIEBREAKS,
        facts.unplayed,
    )
    .expect("the stage's games name its own players")
}

/// The first stage's overall ranking as a strict order of entrant indices: equal players by
/// pairing number.
pub fn overall_order(facts: &Facts<'_>) -> Vec<usize> {
    let s = first_stage(facts);
    let pn = pairing_order(facts.entrants);
    let number = |i: usize| pn.iter().position(|&p| p == i).unwrap_or(usize::MAX);
    let mut rows: Vec<(u32, usize)> = s.rows.iter().map(|r| (r.rank, r.player)).collect();
    rows.sort_by_key(|&(rank, p)| (rank, number(p)));
    rows.into_iter().map(|(_, p)| p).collect()
}

/// How far a player came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// Eliminated in (or, without a top, finished) the first stage.
    First(StageKind),
    /// The knockout round of `players` players: 2 = the final, 4 = the semi-finals, …
    Knockout { players: u32 },
}

impl Reached {
    /// The `"stage"` of `standings --format json`.
    pub fn name(self) -> String {
        match self {
            Reached::First(k) => k.as_str().to_string(),
            Reached::Knockout { players: 2 } => "final".into(),
            Reached::Knockout { players: 4 } => "semi-final".into(),
            Reached::Knockout { players: 8 } => "quarter-final".into(),
            Reached::Knockout { players } => format!("round-of-{players}"),
        }
    }
}

/// One line of the final places.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub email: String,
    /// The place; players equal on every criterion share it (shown `rank–shared_to`).
    pub rank: u32,
    pub shared_to: u32,
    pub reached: Reached,
    /// The first-stage points (knockout games do not add to them).
    pub points: f64,
}

/// The final places (§708.1–708.2), once the tournament is over: `None` while the final (or,
/// without a top, the first stage) is undecided.
pub fn final_places(format: &Format, facts: &Facts<'_>, stage: StageKind) -> Option<Vec<Place>> {
    let over = matches!(
        super::next_after(format, facts, format.start, false),
        Ok(super::Next::Over)
    ) && facts.rounds.last().is_some_and(|r| facts.complete(r));
    if !over {
        return None;
    }
    let s = first_stage(facts);
    let points = |email: &str| {
        s.rows
            .iter()
            .find(|r| r.name == email)
            .map_or(0.0, |r| r.points)
    };
    let mut out: Vec<Place> = Vec::new();
    let mut placed = std::collections::HashSet::new();
    let order = overall_order(facts);
    let levels = knockout::levels(format, facts);
    if let Some(final_) = levels.last().and_then(|l| l.slots.first()) {
        for (email, players) in [
            (final_.winner.clone(), 2),
            (final_.loser().map(str::to_string), 2),
        ] {
            if let Some(e) = email {
                push(
                    &mut out,
                    &mut placed,
                    e,
                    Reached::Knockout { players },
                    &points,
                );
            }
        }
        for level in levels.iter().rev().skip(1) {
            let losers: Vec<&str> = level
                .slots
                .iter()
                .filter_map(knockout::Slot::loser)
                .collect();
            let first = out.len() as u32 + 1;
            for &i in &order {
                let e = &facts.entrants[i].email;
                if losers.contains(&e.as_str()) {
                    push(
                        &mut out,
                        &mut placed,
                        e.clone(),
                        Reached::Knockout {
                            players: level.players,
                        },
                        &points,
                    );
                }
            }
            // Knocked out in the same round and equal after the first stage on every
            // criterion: they share the places.
            share_equal(&mut out[first as usize - 1..], |e| {
                s.rows.iter().find(|r| r.name == e).map_or(0, |r| r.rank)
            });
        }
    }
    // Everyone else by the first-stage ranking; equal players share the place.
    let offset = out.len() as u32;
    let rest: Vec<&standings::Row> = s
        .rows
        .iter()
        .filter(|r| !placed.contains(&r.name))
        .collect();
    for (k, r) in rest.iter().enumerate() {
        let tied = |a: &standings::Row, b: &standings::Row| a.rank == b.rank;
        let first = rest[..k].iter().position(|q| tied(q, r)).unwrap_or(k) as u32;
        let last = rest.iter().rposition(|q| tied(q, r)).unwrap_or(k) as u32;
        out.push(Place {
            email: r.name.clone(),
            rank: offset + first + 1,
            shared_to: offset + last + 1,
            reached: Reached::First(stage),
            points: r.points,
        });
    }
    Some(out)
}

/// Players in `places` (consecutive, already in order) with the same first-stage `rank` share
/// their places.
fn share_equal(places: &mut [Place], rank: impl Fn(&str) -> u32) {
    let ranks: Vec<u32> = places.iter().map(|p| rank(&p.email)).collect();
    let Some(base) = places.first().map(|p| p.rank) else {
        return;
    };
    for k in 0..places.len() {
        let from = ranks.iter().position(|&r| r == ranks[k]).unwrap_or(k);
        let to = ranks.iter().rposition(|&r| r == ranks[k]).unwrap_or(k);
        places[k].rank = base + from as u32;
        places[k].shared_to = base + to as u32;
    }
}

fn push(
    out: &mut Vec<Place>,
    placed: &mut std::collections::HashSet<String>,
    email: String,
    reached: Reached,
    points: &impl Fn(&str) -> f64,
) {
    let rank = out.len() as u32 + 1;
    out.push(Place {
        points: points(&email),
        email: email.clone(),
        rank,
        shared_to: rank,
        reached,
    });
    placed.insert(email);
}
