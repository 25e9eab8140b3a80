//! The Swiss stage (RULES.md §12a; FIDE C.04.1, C.04.3): the next round paired by the Dutch
//! system from the rounds played — scores with byes and forfeits, colours and opponents of the
//! games played over the board, floats, the bye's eligibility (C.04.1 d) — withdrawn players
//! (Art. 47) and requested byes left out.

use std::collections::HashMap;

use crate::rules::dutch::{self, Colour, Float, Player, RoundInput};
use crate::rules::model::Day;
use crate::rules::standings::Outcome;

use super::{Bye, ByeKind, Facts, Format, Pair, PairedBy, Round, StageError, StageKind};

/// One player's round as the Dutch system reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The opponent's pairing number, for a game.
    pub opponent: Option<u32>,
    pub colour: Option<Colour>,
    /// Half points scored in the round.
    pub halves: u32,
    /// Played over the board (not a forfeit, not a bye).
    pub played: bool,
    /// A pairing-allocated bye or a win without playing: no further bye (C.04.1 d).
    pub unearned_win: bool,
}

/// Each player's seat in each Swiss round so far, by pairing number (1-based index of
/// `order`). A round without a game or a bye for a player is an absence: no points.
pub fn seats(facts: &Facts<'_>, order: &[usize]) -> HashMap<u32, Vec<Seat>> {
    let number: HashMap<&str, u32> = order
        .iter()
        .enumerate()
        .map(|(k, &i)| (facts.entrants[i].email.as_str(), k as u32 + 1))
        .collect();
    let mut out: HashMap<u32, Vec<Seat>> = number.values().map(|&n| (n, Vec::new())).collect();
    let absent = Seat {
        opponent: None,
        colour: None,
        halves: 0,
        played: false,
        unearned_win: false,
    };
    for round in facts
        .rounds
        .iter()
        .filter(|r| r.stage == super::StageKind::Swiss)
    {
        let mut seat: HashMap<u32, Seat> = HashMap::new();
        for g in &round.games {
            let (Some(&w), Some(&b)) = (number.get(g.white.as_str()), number.get(g.black.as_str()))
            else {
                continue;
            };
            let outcome = facts
                .results
                .get(&g.game)
                .copied()
                .unwrap_or(Outcome::Unfinished);
            let (hw, hb) = outcome.half_points().unwrap_or((0, 0));
            let played = outcome.is_played();
            let forfeit_win = |h: u32| !played && h == 2;
            seat.insert(
                w,
                Seat {
                    opponent: Some(b),
                    colour: Some(Colour::White),
                    halves: hw,
                    played,
                    unearned_win: forfeit_win(hw),
                },
            );
            seat.insert(
                b,
                Seat {
                    opponent: Some(w),
                    colour: Some(Colour::Black),
                    halves: hb,
                    played,
                    unearned_win: forfeit_win(hb),
                },
            );
        }
        for bye in &round.byes {
            if let Some(&p) = number.get(bye.player.as_str()) {
                seat.insert(
                    p,
                    Seat {
                        halves: bye.halves,
                        unearned_win: bye.kind == ByeKind::Pairing,
                        ..absent
                    },
                );
            }
        }
        for (p, seats) in &mut out {
            seats.push(seat.get(p).copied().unwrap_or(absent));
        }
    }
    out
}

/// The Dutch system's players for round `round`: those present, with their histories.
pub fn round_input(
    facts: &Facts<'_>,
    round: u32,
    total_rounds: u32,
    present: impl Fn(&str) -> bool,
) -> (RoundInput, Vec<usize>) {
    let order = super::pairing_order(facts.entrants);
    let seats = seats(facts, &order);
    let score_after =
        |p: u32, r: usize| -> u32 { seats[&p].iter().take(r).map(|s| s.halves).sum() };
    let mut players = Vec::new();
    let mut others = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let id = k as u32 + 1;
        if !present(&facts.entrants[i].email) {
            // Counted for E.5 once paired in an earlier round (a game or a bye).
            if seats[&id]
                .iter()
                .any(|s| s.opponent.is_some() || s.unearned_win)
            {
                others.push(id);
            }
            continue;
        }
        let mine = &seats[&id];
        let mut p = Player {
            id,
            score: score_after(id, mine.len()),
            bye_eligible: !mine.iter().any(|s| s.unearned_win),
            ..Player::default()
        };
        for (r, s) in mine.iter().enumerate() {
            let float = match s.opponent {
                Some(o) if s.played => {
                    p.colours.extend(s.colour);
                    p.opponents.push(o);
                    match score_after(id, r).cmp(&score_after(o, r)) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                }
                _ if s.halves > 0 => Float::Down,
                _ => Float::None,
            };
            p.floats.push(float);
        }
        players.push(p);
    }
    (
        RoundInput {
            round,
            total_rounds,
            initial: Colour::White,
            players,
            others,
        },
        order,
    )
}

/// Pairs Swiss round `number` (RULES.md §12a): withdrawn players and those with a requested
/// bye in this round are left out; the odd player out gets the pairing-allocated bye.
pub fn pair_round(
    format: &Format,
    facts: &Facts<'_>,
    number: u32,
    total_rounds: u32,
    start: Day,
    end: Day,
) -> Result<Round, StageError> {
    let requested = requested_in(facts, number);
    let present = |email: &str| !facts.withdrawn.contains(email) && !requested.contains(&email);
    let (input, order) = round_input(facts, number, total_rounds, present);
    let pairing = dutch::pair(&input).map_err(|why| StageError::Pairing { round: number, why })?;
    let email = |id: u32| facts.entrants[order[id as usize - 1]].email.clone();
    let mut n = facts.next_game();
    let games = pairing
        .games
        .iter()
        .map(|&(w, b)| {
            let pair = Pair {
                game: n,
                white: email(w),
                black: email(b),
                group: None,
            };
            n += 1;
            pair
        })
        .collect();
    let mut byes: Vec<Bye> = pairing
        .bye
        .map(|p| Bye {
            player: email(p),
            kind: ByeKind::Pairing,
            halves: format.bye_halves,
        })
        .into_iter()
        .collect();
    byes.extend(requested_byes(&requested));
    Ok(Round::new(
        number,
        StageKind::Swiss,
        (start, end),
        games,
        byes,
        PairedBy::Amici,
    ))
}

/// The players who asked for a bye in round `number` (a withdrawn player is not in the round
/// at all).
pub fn requested_in<'f>(facts: &Facts<'f>, number: u32) -> Vec<&'f str> {
    facts
        .requested
        .iter()
        .filter(|(_, r)| *r == number)
        .map(|(p, _)| p.as_str())
        .filter(|p| !facts.withdrawn.contains(*p))
        .collect()
}

/// The requested byes of a round: half a point each.
pub fn requested_byes<'a>(requested: &'a [&str]) -> impl Iterator<Item = Bye> + 'a {
    requested.iter().map(|p| Bye {
        player: p.to_string(),
        kind: ByeKind::Requested,
        halves: 1,
    })
}
