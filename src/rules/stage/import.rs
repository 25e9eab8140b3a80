//! A Swiss round paired by another program (§709.1, RULES.md §12a): its output in the
//! JaVaFo/bbpPairings format (the number of pairs on the first line, then `white black` start
//! numbers a line, `0` as the bye's opponent) read and checked before any game starts — every
//! player present exactly once, nobody withdrawn, no two players who met over the board
//! before, the bye only to a player who may have it (C.04.1 d). When no pairing of the round
//! satisfies those absolute criteria (amici's own engine finds none: every player left for the
//! bye has had one, say), the arbiter decides (C.04.1, §709.1): his imported pairing may then
//! give a second bye or a rematch; everything else is still checked.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use crate::rules::model::Day;

use super::{
    Bye, ByeKind, Facts, First, Format, Pair, PairedBy, Round, StageKind, pairing_order, swiss,
};

/// Why imported pairings are refused (nothing is started).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportError {
    #[error("the tournament's first stage is not a Swiss: its rounds are not paired by a program")]
    NotSwiss,
    #[error("no Swiss round is due: round {0} has games without a result")]
    Unfinished(u32),
    #[error(
        "no Swiss round is due: an adjudicated result of round {round} may still be appealed{} (Art. 55)",
        until.map_or_else(|| ", and the appeal waits for the second adjudicator".to_string(), |d| format!(" until {d}"))
    )]
    AppealOpen { round: u32, until: Option<Day> },
    #[error("no Swiss round is due: all {0} Swiss rounds are paired")]
    AllPaired(u32),
    #[error(
        "line {line}: `{text}` is not a pairing (expected `white black` start numbers, `0` for the bye)"
    )]
    BadLine { line: usize, text: String },
    #[error("the first line says {said} pairs, the file has {found}")]
    Count { said: usize, found: usize },
    #[error("line {line}: start number {number} is not a player of the tournament")]
    Unknown { line: usize, number: u32 },
    #[error("line {line}: player {number} is paired twice")]
    Twice { line: usize, number: u32 },
    #[error(
        "line {line}: player {number} has withdrawn or asked for a bye this round; he is not paired"
    )]
    Absent { line: usize, number: u32 },
    #[error("line {line}: players {white} and {black} have met before: no rematch (C.04.1 b)")]
    Rematch { line: usize, white: u32, black: u32 },
    #[error(
        "line {line}: player {number} has had a pairing-allocated bye or a win without playing: no second (C.04.1 d)"
    )]
    ByeAgain { line: usize, number: u32 },
    #[error("players {0:?} are missing from the pairings")]
    Missing(Vec<u32>),
    #[error(
        "line {line}: a second bye; a round has at most one, for the odd player out (C.04.1 c)"
    )]
    SecondBye { line: usize },
}

/// The round the import starts `today`: the next Swiss round, from the checked pairings. It
/// waits, as amici's own pairing does, for every result of the last round to be final.
pub fn imported_round(
    format: &Format,
    facts: &Facts<'_>,
    text: &str,
    today: Day,
) -> Result<Round, ImportError> {
    let (start, end) = super::round_dates(format, today);
    let First::Swiss { rounds } = format.first else {
        return Err(ImportError::NotSwiss);
    };
    if let Some(last) = facts.rounds.last()
        && !facts.complete(last)
    {
        return Err(ImportError::Unfinished(last.number));
    }
    if let Some(last) = facts.rounds.last()
        && let Some(until) = facts.appeal_until(last, today)
    {
        return Err(ImportError::AppealOpen {
            round: last.number,
            until,
        });
    }
    let played = facts
        .rounds
        .iter()
        .filter(|r| r.stage == StageKind::Swiss)
        .count() as u32;
    if played >= rounds {
        return Err(ImportError::AllPaired(rounds));
    }
    let number = played + 1;
    let requested = swiss::requested_in(facts, number);
    let present = |e: &str| !facts.withdrawn.contains(e) && !requested.contains(&e);
    let order = pairing_order(facts.entrants);
    let email = |n: u32| facts.entrants[order[n as usize - 1]].email.clone();
    let (input, _) = swiss::round_input(facts, number, rounds, |_| true);
    let history: HashMap<u32, &crate::rules::dutch::Player> =
        input.players.iter().map(|p| (p.id, p)).collect();
    // The absolute criteria bind the arbiter only when some pairing satisfies them: amici's
    // own pairing is tried only when a line would break them.
    let arbiter_decides = std::cell::OnceCell::new();
    let arbiter_decides = || {
        *arbiter_decides
            .get_or_init(|| swiss::pair_round(format, facts, number, rounds, start, end).is_err())
    };

    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let bad = |line: usize, text: &str| ImportError::BadLine {
        line,
        text: text.to_string(),
    };
    let (first, head) = lines.next().ok_or_else(|| bad(1, ""))?;
    let said: usize = head.parse().map_err(|_| bad(first, head))?;
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    let mut found = 0;
    let mut n = facts.next_game();
    for (line, l) in lines {
        found += 1;
        let nums: Vec<u32> = l
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| bad(line, l))?;
        let [w, b] = nums[..] else {
            return Err(bad(line, l));
        };
        for p in [w, b].into_iter().filter(|&p| p != 0) {
            if p as usize > order.len() {
                return Err(ImportError::Unknown { line, number: p });
            }
            if !present(&email(p)) {
                return Err(ImportError::Absent { line, number: p });
            }
            if !seen.insert(p) {
                return Err(ImportError::Twice { line, number: p });
            }
        }
        match (w, b) {
            (0, 0) => return Err(bad(line, l)),
            (p, 0) | (0, p) => {
                if !byes.is_empty() {
                    return Err(ImportError::SecondBye { line });
                }
                if !history[&p].bye_eligible && !arbiter_decides() {
                    return Err(ImportError::ByeAgain { line, number: p });
                }
                byes.push(Bye {
                    player: email(p),
                    kind: ByeKind::Pairing,
                    halves: format.bye_halves,
                });
            }
            (w, b) => {
                if history[&w].opponents.contains(&b) && !arbiter_decides() {
                    return Err(ImportError::Rematch {
                        line,
                        white: w,
                        black: b,
                    });
                }
                games.push(Pair {
                    game: n,
                    white: email(w),
                    black: email(b),
                    group: None,
                });
                n += 1;
            }
        }
    }
    if found != said {
        return Err(ImportError::Count { said, found });
    }
    let missing: Vec<u32> = (1..=order.len() as u32)
        .filter(|&p| present(&email(p)) && !seen.contains(&p))
        .collect();
    if !missing.is_empty() {
        return Err(ImportError::Missing(missing));
    }
    byes.extend(swiss::requested_byes(&requested));
    Ok(Round::new(
        number,
        StageKind::Swiss,
        (start, end),
        games,
        byes,
        PairedBy::Imported,
    ))
}
