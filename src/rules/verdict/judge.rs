//! `judge(letter, game)`: one move token judged in its game (Art. 11–16), the wrong numbers
//! (Art. 9 Б, 21), the conditional line (Art. 10); the items and figures come from `official`.
//! Nothing of a refused move is kept, so any piece may move next (Art. 18, 19), and a wrong
//! repeat of the opponent's move is caught on arrival, so no game ever needs a replay
//! (Art. 20).

use shakmaty::{Chess, Color, Position};

use super::facts::{fact, facts, help};
use super::official;
use super::reading::{Choice, only_repeats, read_items, resolve};
use super::*;
use crate::rules::letter::{Letter, MoveItem};
use crate::rules::model::Notation;
use crate::rules::notation::ResolveError;

/// Judge a letter in a game. Pure; never panics.
pub fn judge(letter: &Letter, game: &GameView) -> Verdict {
    if game.over {
        return Verdict::GameOver;
    }
    // Replay the record: the position before the opponent's last move and the current one.
    let mut pos = Chess::default();
    // `positions[p]`: the position before half-move `p`, for reading quoted moves.
    let mut positions: Vec<Chess> = Vec::with_capacity(game.moves.len());
    for (ply, &m) in game.moves.iter().enumerate() {
        positions.push(pos.clone());
        pos = match pos.play(m) {
            Ok(p) => p,
            Err(_) => return Verdict::BadRecord { ply },
        };
    }
    let before_last = positions.last().cloned().unwrap_or_default();
    if pos.is_game_over() {
        return Verdict::GameOver;
    }
    let items = &letter.items;
    // No move item, or only moves already played (no penalty, RULES.md §4).
    if items.is_empty() || only_repeats(items, &game.moves, &positions) {
        return if letter.commands.is_empty() {
            Verdict::NoMove
        } else {
            Verdict::CommandsOnly
        };
    }
    if pos.turn() != game.sender {
        return Verdict::NotYourTurn;
    }
    let ply = game.moves.len();
    let n = game.notation;
    let last = game.moves.last().copied();

    // Which items repeat moves already played (Б and any older part of the score), which one
    // is the own move (В), and which are a line: decided by `reading` from the numbers, the
    // side to move and the record (Art. 9 Б, 21).
    let reading = match read_items(items, &game.moves, &positions, &pos, game.sender) {
        Choice::One(r) => r,
        Choice::Two(a, b) => {
            let own = |k: usize| resolve(&items[k], &pos).map(|r| fact(&pos, r.mv, ply, n));
            let readings: Vec<MoveFact> = [own(a), own(b)].into_iter().flatten().collect();
            return Verdict::TwoReadings(readings);
        }
    };
    let k = reading.k;
    let repeat_idx = reading.repeat;

    // Art. 15: the opponent's last move repeated wrongly.
    if let (Some(i), false, Some(last_mv)) = (repeat_idx, reading.last_ok, last) {
        let item = &items[i];
        return Verdict::Incorrect(Box::new(Refusal {
            article: 15,
            penalty_days: game.penalty_days,
            transport_fault: false,
            written: item.raw.clone(),
            fault: MoveFault::Mismatch,
            expected_repeat: Some(fact(&before_last, last_mv, ply - 1, n)),
            help: help(&pos, &items[k.min(items.len() - 1)], ply, n),
        }));
    }
    // Art. 9 Б: a slip in an older quoted move is pointed out, never punished.
    let quote_slips: Vec<QuoteSlip> = reading
        .slips
        .iter()
        .map(|&(i, p)| QuoteSlip {
            written: items[i].raw.clone(),
            record: fact(&positions[p], game.moves[p], p, n),
        })
        .collect();

    let own_idx = k;
    let Some(own_item) = items.get(own_idx) else {
        // Only the opponent's move was repeated.
        return if letter.commands.is_empty() {
            Verdict::NoMove
        } else {
            Verdict::CommandsOnly
        };
    };

    let refuse = |article: u32, fault: MoveFault| {
        let transport = own_item.raw.contains('\u{FFFD}');
        Box::new(Refusal {
            article,
            penalty_days: if transport { 0 } else { game.penalty_days },
            transport_fault: transport,
            written: own_item.raw.clone(),
            fault,
            expected_repeat: None,
            help: help(&pos, own_item, ply, n),
        })
    };
    let resolved = match (&own_item.parsed, reading.own) {
        (_, Some(r)) => r,
        (Err(e), None) => return Verdict::Unclear(refuse(16, MoveFault::Syntax(*e))),
        (Ok(mt), None) => match mt.resolve(&pos) {
            Ok(r) => r,
            Err(ResolveError::Impossible) => {
                return Verdict::Impossible(refuse(14, MoveFault::Illegal));
            }
            Err(ResolveError::Unclear { candidates }) => {
                let c = facts(&pos, &candidates, ply, n);
                return Verdict::Unclear(refuse(16, MoveFault::Ambiguous(c)));
            }
        },
    };

    let own = fact(&pos, resolved.mv, ply, n);
    let repeated = match (repeat_idx, last) {
        (Some(_), Some(m)) => Some(fact(&before_last, m, ply - 1, n)),
        _ => None,
    };
    let mut short = resolved.short;
    if let Some(i) = repeat_idx {
        short |= items[i].parsed.as_ref().is_ok_and(|m| !m.is_full());
    }

    // Wrong numbers (Art. 9 Б): the move stands, the reply points the error out.
    let wrong_numbers = wrong_numbers(own_item, repeat_idx.map(|i| &items[i]), ply, game.sender);

    // The conditional line (Art. 10): replay it after the own move; it stops at the first
    // move that is not one legal move, the rest lapses.
    let lpos = match pos.clone().play(resolved.mv) {
        Ok(p) => p,
        Err(_) => return Verdict::BadRecord { ply },
    };
    let (line, line_error) = conditional_line(&items[own_idx + 1..], lpos, ply, n);

    // Items Б–З (Art. 9) and the figures checked against the record (Art. 9 В).
    let missing = official::missing(letter, ply, repeat_idx.is_some());
    let wrong = official::wrong_figures(letter, &game.official);

    Verdict::Accepted(Box::new(Accepted {
        own,
        repeated,
        line,
        line_error,
        short,
        missing,
        wrong,
        wrong_numbers,
        quote_slips,
    }))
}

/// Wrong numbers (Art. 9 Б, 21): the move stands, the reply points the error out. `repeat`:
/// the item that repeats the opponent's last move, if any.
fn wrong_numbers(
    own_item: &MoveItem,
    repeat: Option<&MoveItem>,
    ply: usize,
    sender: Color,
) -> Vec<WrongNumber> {
    let mut wrong_numbers = Vec::new();
    let own_number = (ply / 2 + 1) as u32;
    if let Some(w) = own_item.number {
        let black_wrong = own_item.black && sender == Color::White;
        if w != own_number || black_wrong {
            wrong_numbers.push(WrongNumber {
                item: Item::OwnMove,
                written: w,
                written_black: own_item.black,
                expected: own_number,
                expected_color: sender,
            });
        }
    }
    if let Some(repeat) = repeat {
        let opp_number = ((ply - 1) / 2 + 1) as u32;
        if let Some(w) = repeat.number
            && w != opp_number
        {
            wrong_numbers.push(WrongNumber {
                item: Item::OpponentMove,
                written: w,
                written_black: repeat.black,
                expected: opp_number,
                expected_color: sender.other(),
            });
        }
    }
    wrong_numbers
}

/// The conditional line (Art. 10), `items` after the own move replayed from `lpos`, the
/// position after it: it stops at the first move that is not one legal move, the rest lapses.
fn conditional_line(
    items: &[MoveItem],
    mut lpos: Chess,
    ply: usize,
    n: Notation,
) -> (Vec<MoveFact>, Option<LineError>) {
    let mut line = Vec::new();
    let mut line_error = None;
    for (k, item) in items.iter().enumerate() {
        let lply = ply + 1 + k;
        let fault = match &item.parsed {
            Err(e) => Some(MoveFault::Syntax(*e)),
            Ok(mt) => match mt.resolve(&lpos) {
                Ok(r) => {
                    line.push(fact(&lpos, r.mv, lply, n));
                    match lpos.clone().play(r.mv) {
                        Ok(p) => {
                            lpos = p;
                            None
                        }
                        Err(_) => Some(MoveFault::Illegal),
                    }
                }
                Err(ResolveError::Impossible) => Some(MoveFault::Illegal),
                Err(ResolveError::Unclear { candidates }) => {
                    Some(MoveFault::Ambiguous(facts(&lpos, &candidates, lply, n)))
                }
            },
        };
        if let Some(reason) = fault {
            line_error = Some(LineError {
                index: k,
                written: item.raw.clone(),
                reason,
            });
            break;
        }
    }
    // A line ends on the proposer's own move: a trailing opponent move alone offers nothing.
    if line.len() % 2 == 1 {
        line.pop();
    }
    (line, line_error)
}
