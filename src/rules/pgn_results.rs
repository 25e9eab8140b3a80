//! The results of any PGN collection (`amici standings --pgn FILE`): who played whom and how
//! it ended, read from the tags White, Black, Result, Event, Round and the game termination
//! marker. Moves are skipped, not checked.
//!
//! Tolerant by design, because collections come from many programs: a byte-order mark, CRLF,
//! comments (`{…}`, `;…`), variations (nested `(…)`), NAGs (`$1`), escape lines (`%…`) and
//! missing tags are accepted. A missing name reads as `?`; a missing or unreadable Result tag
//! falls back to the termination marker. A Termination tag saying "forfeit" (not "time
//! forfeit", a loss on time) or "rules infraction" (what `amici pgn` writes) makes the win a
//! forfeit. Only text that cannot be delimited (a tag or comment left open) is an error.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::rules::standings::{Game, Outcome, index_by_name};

/// One game of the collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub white: String,
    pub black: String,
    pub result: Outcome,
    pub event: Option<String>,
    pub round: Option<String>,
    /// Line where the game starts (1-based), for messages.
    pub line: usize,
}

/// Text that cannot be read as PGN.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    #[error("line {line}: a tag is not closed with `\"]`")]
    UnterminatedTag { line: usize },
    #[error("line {line}: a comment `{{` is never closed")]
    UnterminatedComment { line: usize },
}

#[derive(Default)]
struct Builder {
    tags: BTreeMap<String, String>,
    marker: Option<Outcome>,
    has_moves: bool,
    line: usize,
}

impl Builder {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_moves && self.marker.is_none()
    }

    fn finish(self) -> PgnGame {
        let tag = |k: &str| {
            self.tags
                .get(k)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let from_tag = tag("Result").and_then(|r| parse_result(&r));
        let mut result = match (from_tag, self.marker) {
            (Some(r), _) => r,
            (None, Some(m)) => m,
            (None, None) => Outcome::Unfinished,
        };
        let forfeit = tag("Termination").is_some_and(|t| is_forfeit(&t));
        if forfeit {
            result = match result {
                Outcome::WhiteWins => Outcome::WhiteWinsByForfeit,
                Outcome::BlackWins => Outcome::BlackWinsByForfeit,
                other => other,
            };
        }
        PgnGame {
            white: tag("White").unwrap_or_else(|| "?".into()),
            black: tag("Black").unwrap_or_else(|| "?".into()),
            result,
            event: tag("Event").filter(|e| e != "?"),
            round: tag("Round").filter(|r| r != "?" && r != "-"),
            line: self.line,
        }
    }
}

/// Does a Termination tag make the win a forfeit? "forfeit" (but not the standard's
/// `time forfeit`, a loss on time over the board) or the standard's `rules infraction`, which
/// amici writes for its forfeits (`crate::rules::pgn`).
fn is_forfeit(termination: &str) -> bool {
    let t = termination.to_lowercase();
    (t.contains("forfeit") && !t.contains("time forfeit")) || t.trim() == "rules infraction"
}

/// A result as written in a Result tag or as a termination marker.
fn parse_result(s: &str) -> Option<Outcome> {
    match s {
        "1-0" => Some(Outcome::WhiteWins),
        "0-1" => Some(Outcome::BlackWins),
        "1/2-1/2" | "½-½" | "1/2" => Some(Outcome::Draw),
        "*" => Some(Outcome::Unfinished),
        // written by some programs for forfeits and double losses
        "+/-" | "+:-" | "+--" => Some(Outcome::WhiteWinsByForfeit),
        "-/+" | "-:+" | "--+" => Some(Outcome::BlackWinsByForfeit),
        "0-0" | "-/-" | "-:-" => Some(Outcome::BothLose),
        _ => None,
    }
}

/// Read every game's players and result.
pub fn read_pgn_results(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut cur = Builder {
        line: 1,
        ..Builder::default()
    };
    let mut line = 1usize;
    let mut at_line_start = true;
    let mut depth = 0usize; // variation nesting
    let mut i = 0usize;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let line_start = at_line_start;
        at_line_start = false;
        match c {
            '%' if line_start => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '{' => {
                let start = line;
                i += 1;
                while i < chars.len() && chars[i] != '}' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    return Err(PgnError::UnterminatedComment { line: start });
                }
                i += 1;
            }
            '(' => {
                depth += 1;
                i += 1;
            }
            ')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            '[' => {
                // A tag after movetext starts the next game (its marker may be missing).
                if cur.has_moves || cur.marker.is_some() {
                    let done = std::mem::take(&mut cur);
                    games.push(done.finish());
                }
                if cur.is_empty() {
                    cur.line = line;
                }
                depth = 0;
                let (name, value, next) =
                    read_tag(&chars, i + 1).ok_or(PgnError::UnterminatedTag { line })?;
                cur.tags.insert(name, value);
                i = next;
            }
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '}' | '(' | ')' | '[' | ']' | ';')
                {
                    i += 1;
                }
                if i == start {
                    // a stray `}` or `]`
                    i += 1;
                    continue;
                }
                let token: String = chars[start..i].iter().collect();
                if token.starts_with('$') || depth > 0 {
                    continue;
                }
                if cur.is_empty() {
                    cur.line = line;
                }
                match parse_result(&token) {
                    Some(r) => {
                        cur.marker = Some(r);
                        let done = std::mem::take(&mut cur);
                        games.push(done.finish());
                        cur.line = line;
                    }
                    None => cur.has_moves = true,
                }
            }
        }
    }
    if !cur.is_empty() {
        games.push(cur.finish());
    }
    Ok(games)
}

/// Read one `Name "value"]` after the `[`; returns the position after `]`. `None` if the tag
/// is not closed on its line.
fn read_tag(chars: &[char], mut i: usize) -> Option<(String, String, usize)> {
    let mut name = String::new();
    while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
        i += 1;
    }
    while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '"' && chars[i] != ']' {
        name.push(chars[i]);
        i += 1;
    }
    while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
        i += 1;
    }
    let mut value = String::new();
    if chars.get(i) == Some(&'"') {
        i += 1;
        loop {
            match chars.get(i)? {
                '\\' => {
                    if let Some(&n) = chars.get(i + 1) {
                        value.push(n);
                    }
                    i += 2;
                }
                '"' => {
                    i += 1;
                    break;
                }
                '\n' => return None,
                &c => {
                    value.push(c);
                    i += 1;
                }
            }
        }
    }
    while i < chars.len() && chars[i] != ']' {
        if chars[i] == '\n' {
            return None;
        }
        i += 1;
    }
    if i >= chars.len() {
        return None;
    }
    Some((name, value, i + 1))
}

/// The players (in order of first appearance) and games for [`crate::rules::standings::compute`].
pub fn to_standings_input(games: &[PgnGame]) -> (Vec<String>, Vec<Game>) {
    index_by_name(
        games
            .iter()
            .map(|g| (g.white.as_str(), g.black.as_str(), g.result)),
    )
}
