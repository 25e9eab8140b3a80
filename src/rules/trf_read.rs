//! Reading a TRF-16 tournament (FIDE Data Exchange Format) with the TRFx lines `XXR n` (the
//! number of rounds; TRF-2026's `142 n` read the same) and `XXC white1|black1` (the initial colour), to pair its next round by
//! the Dutch system (C.04.3; §709.1, `amici pair --trf FILE`). Pure: the text in, the
//! tournament or an error naming the line out.
//!
//! A 001 line: start number in columns 5–8, rating 49–52, points 81–84, then one 10-column
//! block per round from column 92: the opponent's start number (4 columns, `0000` for none),
//! the colour (`w`, `b`, `-`), the result (`1 0 =` played, `W D L` played unrated, `+ -`
//! forfeits, `H` half-point bye, `F` full-point bye, `U` pairing-allocated bye, `Z`
//! zero-point bye, blank: not played). A block for the round to be paired may hold a bye
//! given before the pairing (`0000 - H`, `F`, `Z` or `-`: the player is not paired).

use std::collections::HashMap;

use crate::rules::dutch::{Colour, Float, Player, RoundInput};

/// A result code of a round block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    HalfBye,
    FullBye,
    PairingBye,
    ZeroBye,
    Blank,
}

impl Code {
    fn parse(c: char) -> Option<Code> {
        Some(match c {
            '1' | 'W' => Code::Win,
            '=' | 'D' => Code::Draw,
            '0' | 'L' => Code::Loss,
            '+' => Code::ForfeitWin,
            '-' => Code::ForfeitLoss,
            'H' => Code::HalfBye,
            'F' => Code::FullBye,
            'U' => Code::PairingBye,
            'Z' => Code::ZeroBye,
            ' ' => Code::Blank,
            _ => return None,
        })
    }

    /// Points in half points.
    pub fn half_points(self) -> u32 {
        match self {
            Code::Win | Code::ForfeitWin | Code::FullBye | Code::PairingBye => 2,
            Code::Draw | Code::HalfBye => 1,
            _ => 0,
        }
    }

    /// A game over the board (colours and rematches count).
    pub fn played(self) -> bool {
        matches!(self, Code::Win | Code::Draw | Code::Loss)
    }
}

/// One round block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub opponent: Option<u32>,
    pub colour: Option<Colour>,
    pub code: Code,
}

/// One 001 line.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub line: usize,
    pub start: u32,
    pub rating: u32,
    /// Points as written, in half points (not used for pairing: the results decide).
    pub points: Option<u32>,
    pub rounds: Vec<Block>,
}

/// A TRF tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Trf {
    pub players: Vec<Entry>,
    pub total_rounds: Option<u32>,
    pub initial: Colour,
}

/// What is wrong with a TRF file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct TrfReadError {
    pub line: usize,
    pub what: String,
}

fn err<T>(line: usize, what: impl Into<String>) -> Result<T, TrfReadError> {
    Err(TrfReadError {
        line,
        what: what.into(),
    })
}

fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from)
        .take(to - from)
        .collect::<String>()
        .trim()
        .to_string()
}

fn read_player(line: usize, text: &str) -> Result<Entry, TrfReadError> {
    let chars: Vec<char> = text.chars().collect();
    let start: u32 = match field(&chars, 4, 8).parse() {
        Ok(s) if s > 0 => s,
        _ => return err(line, "no start number in columns 5–8"),
    };
    let rating = field(&chars, 48, 52).parse().unwrap_or(0);
    let pts = field(&chars, 80, 84);
    let points = if pts.is_empty() {
        None
    } else {
        match pts.parse::<f64>() {
            Ok(p) if p >= 0.0 => Some((p * 2.0).round() as u32),
            _ => {
                return err(
                    line,
                    format!("points '{pts}' in columns 81–84 are not a number"),
                );
            }
        }
    };
    let mut rounds = Vec::new();
    let mut col = 91;
    while col < chars.len() {
        let r = rounds.len() + 1;
        let opp = field(&chars, col, col + 4);
        let colour = chars.get(col + 5).copied().unwrap_or(' ');
        let code = chars.get(col + 7).copied().unwrap_or(' ');
        if opp.is_empty() && colour == ' ' && code == ' ' {
            if chars[col..].iter().all(|c| c.is_whitespace()) {
                break;
            }
            return err(line, format!("round {r}: an empty round block"));
        }
        let opponent = match opp.parse::<u32>() {
            Ok(0) => None,
            Ok(o) => Some(o),
            Err(_) => {
                return err(
                    line,
                    format!("round {r}: '{opp}' is not an opponent's start number"),
                );
            }
        };
        let colour = match colour {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => return err(line, format!("round {r}: unknown colour '{c}' (w, b or -)")),
        };
        let Some(code) = Code::parse(code) else {
            return err(
                line,
                format!("round {r}: unknown result code '{code}' (1 0 = + - W D L H F U Z)"),
            );
        };
        if opponent.is_some() && colour.is_none() {
            return err(line, format!("round {r}: an opponent without a colour"));
        }
        if opponent.is_none() && code.played() {
            return err(
                line,
                format!("round {r}: a game result without an opponent"),
            );
        }
        rounds.push(Block {
            opponent,
            colour,
            code,
        });
        col += 10;
    }
    Ok(Entry {
        line,
        start,
        rating,
        points,
        rounds,
    })
}

/// Reads a TRF-16 text.
pub fn read_trf(text: &str) -> Result<Trf, TrfReadError> {
    let mut players: Vec<Entry> = Vec::new();
    let mut total_rounds = None;
    let mut initial = Colour::White;
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim_end_matches('\r');
        if l.starts_with("001") {
            let e = read_player(line, l)?;
            if let Some(first) = seen.insert(e.start, line) {
                return err(
                    line,
                    format!(
                        "start number {} is given twice (first on line {first})",
                        e.start
                    ),
                );
            }
            players.push(e);
        } else if let Some((tag, rest)) = l
            .strip_prefix("XXR")
            .map(|r| ("XXR", r))
            .or_else(|| l.strip_prefix("142").map(|r| ("142", r)))
        {
            // The number of rounds: TRFx `XXR n`, or TRF-2026's `142 n`.
            match rest.trim().parse::<u32>() {
                Ok(n) if n > 0 => total_rounds = Some(n),
                _ => {
                    return err(
                        line,
                        format!("{tag} wants a number of rounds, not '{}'", rest.trim()),
                    );
                }
            }
        } else if let Some(rest) = l.strip_prefix("XXC") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.contains(&"white1") {
                initial = Colour::White;
            } else if words.contains(&"black1") {
                initial = Colour::Black;
            } else {
                return err(
                    line,
                    format!("XXC wants white1 or black1, not '{}'", rest.trim()),
                );
            }
        }
    }
    let trf = Trf {
        players,
        total_rounds,
        initial,
    };
    check(&trf)?;
    Ok(trf)
}

impl Trf {
    /// The rounds played: the last round in which anyone met an opponent or got the
    /// pairing-allocated bye.
    pub fn played(&self) -> usize {
        self.players
            .iter()
            .flat_map(|p| {
                p.rounds.iter().enumerate().filter_map(|(r, b)| {
                    (b.opponent.is_some() || b.code == Code::PairingBye).then_some(r + 1)
                })
            })
            .max()
            .unwrap_or(0)
    }

    fn by_start(&self) -> HashMap<u32, &Entry> {
        self.players.iter().map(|p| (p.start, p)).collect()
    }
}

/// Every round block up to the rounds played; each game on both lines, with opposite
/// colours; nothing beyond the round to pair but the byes given before it.
fn check(trf: &Trf) -> Result<(), TrfReadError> {
    let played = trf.played();
    let by = trf.by_start();
    for p in &trf.players {
        if p.rounds.len() < played {
            return err(
                p.line,
                format!(
                    "player {} has {} round block(s), but {played} round(s) were played: round {} is missing",
                    p.start,
                    p.rounds.len(),
                    p.rounds.len() + 1
                ),
            );
        }
        if p.rounds.len() > played + 1 {
            return err(
                p.line,
                format!(
                    "player {} has a block for round {}, beyond the next round {}",
                    p.start,
                    p.rounds.len(),
                    played + 1
                ),
            );
        }
    }
    for p in &trf.players {
        for (r, b) in p.rounds.iter().enumerate() {
            let round = r + 1;
            if round == played + 1 {
                if b.opponent.is_some() || b.code == Code::Blank {
                    return err(
                        p.line,
                        format!(
                            "round {round} is the one to pair: only a bye given beforehand (0000 - H, F, Z or -) may stand there"
                        ),
                    );
                }
                continue;
            }
            let Some(o) = b.opponent else { continue };
            let Some(opp) = by.get(&o) else {
                return err(
                    p.line,
                    format!("round {round}: opponent {o} has no 001 line"),
                );
            };
            if o == p.start {
                return err(p.line, format!("round {round}: player {o} meets himself"));
            }
            let back = opp.rounds.get(r);
            let ok = back.is_some_and(|ob| {
                ob.opponent == Some(p.start) && ob.colour.is_some() && ob.colour != b.colour
            });
            if !ok {
                return err(
                    p.line,
                    format!(
                        "round {round}: player {} meets {o} with {}, but line {} does not show that game with the other colour",
                        p.start,
                        if b.colour == Some(Colour::White) {
                            "White"
                        } else {
                            "Black"
                        },
                        opp.line
                    ),
                );
            }
            if b.code == Code::Blank {
                return err(
                    p.line,
                    format!("round {round}: the game {} – {o} has no result", p.start),
                );
            }
        }
    }
    Ok(())
}

/// The Dutch system's input for the next round of `trf`: start numbers are the pairing
/// numbers; players with a bye given beforehand in that round are left out.
pub fn next_round(trf: &Trf) -> RoundInput {
    let played = trf.played();
    let score_after = |e: &Entry, r: usize| -> u32 {
        e.rounds.iter().take(r).map(|b| b.code.half_points()).sum()
    };
    let by = trf.by_start();
    let mut players = Vec::new();
    let mut others = Vec::new();
    for e in &trf.players {
        if e.rounds.len() > played {
            // Left out of this round; counted for E.5 once paired in an earlier round.
            if e.rounds.iter().any(|b| {
                b.opponent.is_some() || matches!(b.code, Code::PairingBye | Code::ForfeitWin)
            }) {
                others.push(e.start);
            }
            continue;
        }
        let mut p = Player {
            id: e.start,
            score: score_after(e, played),
            bye_eligible: true,
            ..Player::default()
        };
        for (r, b) in e.rounds.iter().enumerate() {
            let float = match b.opponent {
                Some(o) if b.code.played() => {
                    if let Some(c) = b.colour {
                        p.colours.push(c);
                    }
                    p.opponents.push(o);
                    let mine = score_after(e, r);
                    let theirs = by.get(&o).map(|x| score_after(x, r)).unwrap_or(0);
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                }
                _ if b.code.half_points() > 0 => Float::Down,
                _ => Float::None,
            };
            if matches!(b.code, Code::PairingBye | Code::FullBye | Code::ForfeitWin) {
                p.bye_eligible = false;
            }
            p.floats.push(float);
        }
        players.push(p);
    }
    RoundInput {
        round: played as u32 + 1,
        total_rounds: trf.total_rounds.unwrap_or(played as u32 + 1),
        initial: trf.initial,
        players,
        others,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dutch::pair;

    #[test]
    fn c0401_d_one_bye_each_and_none_after_a_forfeit_win() {
        let line = |sn: u32, block: &str| {
            format!(
                "001 {sn:>4} m    {:<33} {:>4} BUL {sn:>11} 1990/01/01  0.0 {sn:>4}  {block}\n",
                format!("Player {sn}"),
                2100 - sn * 100
            )
        };
        let trf = format!(
            "012 t\nXXR 5\n{}{}{}",
            line(1, "0000 - U"),
            line(2, "   3 w +"),
            line(3, "   2 b -")
        );
        let trf = trf.as_str();
        let input = next_round(&read_trf(trf).unwrap());
        assert_eq!(input.round, 2);
        let by = |id: u32| input.players.iter().find(|p| p.id == id).unwrap();
        assert!(!by(1).bye_eligible);
        assert!(!by(2).bye_eligible);
        assert!(by(3).bye_eligible);
        // 1.4.3: points without playing are a downfloat; a forfeit is no game (colour, C1).
        assert_eq!(by(1).floats, vec![Float::Down]);
        assert_eq!(by(2).floats, vec![Float::Down]);
        assert!(by(2).colours.is_empty() && by(2).opponents.is_empty());
        let p = pair(&input).unwrap();
        assert_eq!(p.bye, Some(3));
    }

    #[test]
    fn trf_errors_name_the_line() {
        let e = read_trf("012 t\n001    1 m    A   \n001    1 m    B   \n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = read_trf("012 t\nXXR x\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = read_trf("012 t\nXXC green\n").unwrap_err();
        assert!(e.what.contains("white1 or black1"), "{e}");
    }
}
