//! The letter as data (Art. 7, 8; INTERFACE.md "Letters in"): `Letter`, its move items, the
//! declared dates and totals, the commands; `read_letter` strips quotes and the signature
//! (INTERFACE.md) and runs each reader in turn.

use super::*;

/// Everything read from one letter. Nothing here is checked against a game: that is
/// `verdict::judge`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Letter {
    /// Item А: the tournament index, when written (its absence is no fault, Art. 7 А).
    pub tournament: Option<String>,
    /// Items Б, В and any conditional line, in the order written.
    pub items: Vec<MoveItem>,
    /// Items Г, Д, Е.
    pub dates: DeclaredDates,
    /// Item Ж: thinking time used for this move, in days.
    pub time_used: Option<u32>,
    /// Item З: total thinking time of both players.
    pub totals: Option<Totals>,
    /// Commands in the letter, in the order written.
    pub commands: Vec<Command>,
    /// ICCF numeric moves written beside algebraic ones: ignored (Art. 7 note 3).
    pub numeric_beside: Vec<String>,
}

/// How a move number was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberMark {
    /// `15.` or `15)`
    Dot,
    /// `15...`, `15…`, `15. ...`: Black's move.
    Ellipsis,
    /// `15 Кg1-f3`
    Bare,
}

/// One move as written in the letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveItem {
    /// The number written before it, if any (the second move after `15.` has none).
    pub number: Option<u32>,
    pub mark: Option<NumberMark>,
    /// Written as Black's move (number followed by `...`).
    pub black: bool,
    /// The move text exactly as written (without the number).
    pub raw: String,
    pub parsed: Result<MoveText, SyntaxError>,
    /// Inside an "if …" clause (`ако`, `если`, `if`, `wenn`): part of a conditional line.
    pub conditional: bool,
}

/// Items Г (date of the opponent's letter), Д (date of receipt), Е (date of sending).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DeclaredDates {
    pub letter: Option<Day>,
    pub received: Option<Day>,
    pub sent: Option<Day>,
}

/// Item З as declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    pub white: u32,
    pub black: u32,
}

/// A command of INTERFACE.md "Letters in".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Leave (Art. 44), first and last day inclusive.
    Leave {
        from: Day,
        to: Day,
    },
    /// Delay notice (Art. 25).
    Notice,
    /// Claim of a guaranteed result (§707).
    ClaimWin,
    ClaimDraw,
    /// The receiver explicitly declines a variant (Art. 10).
    DeclineVariant,
}

// ---------------------------------------------------------------------------------------------

/// Read a letter. `arrival` is the day it arrived: a date written without a year gets the year
/// that puts it nearest to that day (RULES.md §4).
pub fn read_letter(text: &str, notation: Notation, allow_numeric: bool, arrival: Day) -> Letter {
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    let mut in_signature = false;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let t = line.trim_end();
        if t == "--" || t == "—" {
            // A signature separator: nothing after it is read.
            in_signature = true;
        }
        if in_signature {
            break;
        }
        if line.trim_start().starts_with('>') {
            // Quoted text is never read as moves (INTERFACE.md); keep the line count.
            chars.push('\n');
            continue;
        }
        chars.extend(line.chars().map(|c| if c == '\r' { ' ' } else { c }));
        chars.push('\n');
    }
    // Lower case with the same length, for keyword matching.
    let lower: Vec<char> = chars
        .iter()
        .map(|&c| c.to_lowercase().next().unwrap_or(c))
        .collect();
    let mut used = vec![false; chars.len()];
    let mut letter = Letter::default();

    read_commands(&chars, &lower, &mut used, arrival, &mut letter);
    read_totals(&lower, &mut used, &mut letter);
    read_time_used(&lower, &mut used, &mut letter);
    read_dates(&chars, &lower, &mut used, arrival, &mut letter);
    read_tournament(&chars, &lower, &mut used, &mut letter);
    read_moves(&chars, &lower, &used, notation, allow_numeric, &mut letter);
    letter
}
