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

    /// The code as the file writes it (the canonical letter).
    fn letter(self) -> char {
        match self {
            Code::Win => '1',
            Code::Draw => '=',
            Code::Loss => '0',
            Code::ForfeitWin => '+',
            Code::ForfeitLoss => '-',
            Code::HalfBye => 'H',
            Code::FullBye => 'F',
            Code::PairingBye => 'U',
            Code::ZeroBye => 'Z',
            Code::Blank => ' ',
        }
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
    /// The number of rounds (`XXR n` or `142 n`): required, since the last round has its
    /// own rules (topscorers, C.04.3 1.8) — bbpPairings refuses a file without it too.
    pub total_rounds: u32,
    pub initial: Colour,
    /// The pairing-allocated bye's points in half points: 2 unless a bbpPairings `BBU` line
    /// says otherwise (amici's `bye_points` of 0 or 0.5 is exported so).
    pub pairing_bye_halves: u32,
}

/// What is wrong with a TRF file, and where (`line` 0: the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TrfReadError {
    pub line: usize,
    pub what: String,
}

impl std::fmt::Display for TrfReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => f.write_str(&self.what),
            n => write!(f, "line {n}: {}", self.what),
        }
    }
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
    let mut pairing_bye_halves = 2;
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
                Ok(n) if n > 0 => total_rounds = Some((n, line)),
                _ => {
                    return err(
                        line,
                        format!("{tag} wants a number of rounds, not '{}'", rest.trim()),
                    );
                }
            }
        } else if let Some((tag, rest)) = ["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"]
            .into_iter()
            .find_map(|tag| l.strip_prefix(tag).map(|r| (tag, r)))
        {
            // bbpPairings' point system lines: only the standard points are supported, and a
            // pairing-allocated bye of 0, ½ or 1 point.
            let halves = rest.trim().parse::<f64>().ok().map(|p| p * 2.0);
            let standard = match tag {
                "BBW" => 2.0,
                "BBD" => 1.0,
                "BBU" => -1.0,
                _ => 0.0,
            };
            match halves {
                Some(h) if tag == "BBU" && [0.0, 1.0, 2.0].contains(&h) => {
                    pairing_bye_halves = h as u32;
                }
                Some(h) if h == standard => {}
                _ => {
                    return err(
                        line,
                        format!(
                            "{tag} '{}': only the standard points are supported (win 1, draw 0.5, loss, forfeit loss and zero bye 0; the pairing-allocated bye 0, 0.5 or 1)",
                            rest.trim()
                        ),
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
    let Some((total_rounds, rounds_line)) = total_rounds else {
        return err(
            0,
            "the number of rounds is not given (a line `XXR n` or `142 n`)",
        );
    };
    let trf = Trf {
        players,
        total_rounds,
        initial,
        pairing_bye_halves,
    };
    check(&trf)?;
    let played = trf.played();
    if played >= total_rounds as usize {
        return err(
            rounds_line,
            format!(
                "the tournament has {total_rounds} round(s) and {played} were played: no round is left to pair"
            ),
        );
    }
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

    /// A result's points in half points, the pairing-allocated bye's as the file gives them.
    pub fn half_points(&self, code: Code) -> u32 {
        match code {
            Code::PairingBye => self.pairing_bye_halves,
            c => c.half_points(),
        }
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
            let theirs = back.map_or(Code::Blank, |ob| ob.code);
            if !results_agree(b.code, theirs) {
                return err(
                    p.line,
                    format!(
                        "round {round}: player {} has '{}' against {o}, but line {} gives {o} '{}': the results do not agree",
                        p.start,
                        b.code.letter(),
                        opp.line,
                        theirs.letter()
                    ),
                );
            }
        }
    }
    Ok(())
}

/// The two sides of one game: a win against a loss, a draw against a draw, a forfeit win
/// against a forfeit loss — or both forfeited (`-` / `-`, a double forfeit).
fn results_agree(mine: Code, theirs: Code) -> bool {
    use Code::*;
    matches!(
        (mine, theirs),
        (Win, Loss)
            | (Loss, Win)
            | (Draw, Draw)
            | (ForfeitWin, ForfeitLoss)
            | (ForfeitLoss, ForfeitWin)
            | (ForfeitLoss, ForfeitLoss)
    )
}

/// The Dutch system's input for the next round of `trf`: start numbers are the pairing
/// numbers; players with a bye given beforehand in that round are left out.
pub fn next_round(trf: &Trf) -> RoundInput {
    let played = trf.played();
    let score_after = |e: &Entry, r: usize| -> u32 {
        e.rounds
            .iter()
            .take(r)
            .map(|b| trf.half_points(b.code))
            .sum()
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
                _ if trf.half_points(b.code) > 0 => Float::Down,
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
        total_rounds: trf.total_rounds,
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

    fn player(sn: u32, block: &str) -> String {
        format!(
            "001 {sn:>4} m    {:<33} {:>4} BUL {sn:>11} 1990/01/01  0.0 {sn:>4}  {block}\n",
            format!("Player {sn}"),
            2100 - sn * 100
        )
    }

    #[test]
    fn trf_both_lines_of_a_game_must_give_the_same_result() {
        // 1 beat 2 on line 3, but line 4 also says 2 beat 1.
        let text = format!(
            "012 t\nXXR 5\n{}{}",
            player(1, "   2 w 1"),
            player(2, "   1 b 1")
        );
        let e = read_trf(&text).unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.what.contains("do not agree"), "{e}");
        // A draw on both lines, a forfeit on both sides, a double forfeit: accepted.
        for (a, b) in [("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("0", "1")] {
            let text = format!(
                "012 t\nXXR 5\n{}{}",
                player(1, &format!("   2 w {a}")),
                player(2, &format!("   1 b {b}"))
            );
            assert!(read_trf(&text).is_ok(), "{a} / {b}");
        }
    }

    #[test]
    fn trf_bbu_gives_the_pairing_allocated_bye_its_points() {
        let body = format!(
            "{}{}{}",
            player(1, "   2 w 1"),
            player(2, "   1 b 0"),
            player(3, "0000 - U")
        );
        let score = |text: &str| {
            let t = read_trf(text).unwrap();
            let input = next_round(&t);
            input.players.iter().find(|p| p.id == 3).unwrap().score
        };
        assert_eq!(score(&format!("012 t\nXXR 3\n{body}")), 2);
        assert_eq!(score(&format!("012 t\nXXR 3\nBBU  0.5\n{body}")), 1);
        assert_eq!(
            score(&format!("012 t\nXXR 3\nBBU  0.0\nBBW  1.0\n{body}")),
            0
        );
        let e = read_trf(&format!("012 t\nXXR 3\nBBW  3.0\n{body}")).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.what.contains("standard points"), "{e}");
    }

    #[test]
    fn trf_the_number_of_rounds_is_required_and_leaves_a_round_to_pair() {
        let games = format!("{}{}", player(1, "   2 w 1"), player(2, "   1 b 0"));
        let e = read_trf(&format!("012 t\n{games}")).unwrap_err();
        assert_eq!(e.line, 0);
        assert_eq!(
            e.to_string(),
            "the number of rounds is not given (a line `XXR n` or `142 n`)"
        );
        let e = read_trf(&format!("012 t\nXXR 1\n{games}")).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.what.contains("no round is left to pair"), "{e}");
        let t = read_trf(&format!("012 t\n142 2\n{games}")).unwrap();
        assert_eq!(next_round(&t).total_rounds, 2);
    }
}
