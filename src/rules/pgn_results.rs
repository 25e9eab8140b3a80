//! The results of any PGN collection (`amici standings --pgn FILE`): who played whom and how
//! it ended, read from the tags White, Black, Result, Event, Round, Termination and the game
//! termination marker. Moves are skipped, not checked.
//!
//! The collection is split into games by pgn-reader (niklasf, the author of shakmaty), not by
//! a reader of our own: a game ends at a blank line or at the next tag line, so a results-only
//! collection (tags and a result, no movetext, the way broadcasts and federations publish a
//! Swiss event) is one game per tag block. A byte-order mark, CRLF, comments (`{…}`, `;…`),
//! variations (skipped), NAGs, escape lines (`%…`) and missing tags are accepted. A missing
//! name reads as `?`; a missing or unreadable Result tag falls back to the termination marker.
//! A Termination tag saying "forfeit" (not "time forfeit", a loss on time) or "rules
//! infraction" (what `amici pgn` writes) makes the win a forfeit. Errors: what pgn-reader
//! refuses (a tag value or a comment left open to the end), and text that is not PGN at all.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::ControlFlow;
use std::rc::Rc;

use pgn_reader::shakmaty::Color;
use pgn_reader::{KnownOutcome, Outcome as PgnOutcome, RawTag, Reader, SanPlus, Skip, Visitor};
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
    /// A tag's value runs to the end of the text (pgn-reader: "unterminated tag").
    #[error("line {line}: a tag's value is never closed with `\"`")]
    UnterminatedTag { line: usize },
    #[error("line {line}: a comment `{{` is never closed")]
    UnterminatedComment { line: usize },
    /// Anything else pgn-reader refuses; `line` is where the game starts.
    #[error("line {line}: unreadable PGN: {reason}")]
    Unreadable { line: usize, reason: String },
    /// Text in which no game has a single tag: not a PGN collection (a TRF, a spreadsheet,
    /// prose …); `line` is where its text starts.
    #[error("line {line}: not PGN (no game has a tag such as [White \"…\"])")]
    NotPgn { line: usize },
}

/// What pgn-reader hands over for one game: its tag sections, the termination marker and
/// whether the main line had any move (variations are skipped).
///
/// pgn-reader reads tags across blank lines as one section, so a results-only collection with
/// no termination markers (`[Event …]…[Result "1-0"]`, a blank line, `[Event …]`…) reaches us
/// as one long tag section. A tag name that recurs starts the next game: no game has two White
/// tags.
#[derive(Default)]
struct Found {
    sections: Vec<Section>,
    /// How often each tag name has been seen in the whole block, to find the line of a split.
    seen: BTreeMap<String, usize>,
    marker: Option<Outcome>,
    has_moves: bool,
}

/// One game's tags; `from` is the recurring tag that began it (its name and which occurrence
/// of that name in the block), `None` for the block's first game.
#[derive(Default)]
struct Section {
    tags: BTreeMap<String, String>,
    from: Option<(String, usize)>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Found;
    type Movetext = Found;
    type Output = Found;

    fn begin_tags(&mut self) -> ControlFlow<Found, Found> {
        ControlFlow::Continue(Found {
            sections: vec![Section::default()],
            ..Found::default()
        })
    }

    fn tag(&mut self, found: &mut Found, name: &[u8], value: RawTag<'_>) -> ControlFlow<Found> {
        let name = String::from_utf8_lossy(name).into_owned();
        let count = found.seen.entry(name.clone()).or_default();
        *count += 1;
        let count = *count;
        if found
            .sections
            .last()
            .is_some_and(|s| s.tags.contains_key(&name))
        {
            found.sections.push(Section {
                tags: BTreeMap::new(),
                from: Some((name.clone(), count)),
            });
        }
        if let Some(section) = found.sections.last_mut() {
            section
                .tags
                .insert(name, value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, found: Found) -> ControlFlow<Found, Found> {
        ControlFlow::Continue(found)
    }

    fn san(&mut self, found: &mut Found, _san: SanPlus) -> ControlFlow<Found> {
        found.has_moves = true;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _found: &mut Found) -> ControlFlow<Found, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, found: &mut Found, outcome: PgnOutcome) -> ControlFlow<Found> {
        found.marker = Some(match outcome {
            PgnOutcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => Outcome::WhiteWins,
            PgnOutcome::Known(KnownOutcome::Decisive { .. }) => Outcome::BlackWins,
            PgnOutcome::Known(KnownOutcome::Draw) => Outcome::Draw,
            PgnOutcome::Unknown => Outcome::Unfinished,
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, found: Found) -> Found {
        found
    }
}

impl Found {
    fn is_empty(&self) -> bool {
        self.sections.iter().all(|s| s.tags.is_empty()) && !self.has_moves && self.marker.is_none()
    }

    /// The games of the block; the marker and the moves belong to the last one.
    fn into_games(self) -> Vec<(Section, Option<Outcome>)> {
        let last = self.sections.len().saturating_sub(1);
        self.sections
            .into_iter()
            .enumerate()
            .map(|(i, s)| (s, if i == last { self.marker } else { None }))
            .collect()
    }
}

impl Section {
    fn finish(self, marker: Option<Outcome>, line: usize) -> PgnGame {
        let tag = |k: &str| {
            self.tags
                .get(k)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let from_tag = tag("Result").and_then(|r| parse_result(&r));
        let mut result = match (from_tag, marker) {
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
            line,
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
    let bytes = text.as_bytes();
    let taken = Rc::new(Cell::new(0usize));
    let mut reader = Reader::new(Counting {
        rest: bytes,
        taken: Rc::clone(&taken),
    });
    let mut lines = Lines::default();
    let mut games = Vec::new();
    let mut first_text = None;
    loop {
        // Where pgn-reader stands: what it has taken from the text less what it still holds.
        let at = taken.get() - reader.buffer().len();
        let start = next_content(bytes, at);
        let line = lines.line_of(bytes, start);
        match reader.read_game(&mut Collect) {
            Ok(None) => break,
            Ok(Some(found)) => {
                first_text.get_or_insert(line);
                // Nothing PGN in it (a stray `}`, an old file's Ctrl-Z): not a game.
                if !found.is_empty() {
                    for (section, marker) in found.into_games() {
                        let at = match &section.from {
                            None => line,
                            Some((name, nth)) => tag_line(text, start, line, name, *nth),
                        };
                        games.push((section.tags.is_empty(), section.finish(marker, at)));
                    }
                }
            }
            Err(e) => return Err(refused(text, start, line, &e)),
        }
    }
    // Text without a single tag is not a PGN collection (a TRF, a table, prose …), even if
    // pgn-reader found a word in it that reads as a move or a result.
    match first_text {
        Some(line) if games.iter().all(|(untagged, _)| *untagged) => Err(PgnError::NotPgn { line }),
        _ => Ok(games.into_iter().map(|(_, g)| g).collect()),
    }
}

/// pgn-reader's error as ours, with the line: a comment left open is found from the game's
/// start; a tag left open is reported at the game's first line.
fn refused(text: &str, start: usize, line: usize, e: &std::io::Error) -> PgnError {
    let reason = e.to_string();
    match reason.as_str() {
        "unterminated tag" => PgnError::UnterminatedTag { line },
        "unterminated comment" => {
            let rest = text.get(start..).unwrap_or_default();
            let open = rest
                .match_indices('{')
                .map(|(i, _)| i)
                .find(|&i| !rest[i..].contains('}'));
            PgnError::UnterminatedComment {
                line: open.map_or(line, |i| line + rest[..i].matches('\n').count()),
            }
        }
        _ => PgnError::Unreadable { line, reason },
    }
}

/// The line of the `nth` tag `name` after `start` (on line `line`): where a game split off a
/// tag block begins. One tag a line, as every program writes them; else the block's line.
fn tag_line(text: &str, start: usize, line: usize, name: &str, nth: usize) -> usize {
    let rest = text.get(start..).unwrap_or_default();
    rest.split('\n')
        .enumerate()
        .filter(|(_, l)| {
            l.trim_start()
                .strip_prefix('[')
                .and_then(|t| t.trim_start().strip_prefix(name))
                .is_some_and(|t| t.starts_with([' ', '"', '\t']))
        })
        .nth(nth.saturating_sub(1))
        .map_or(line, |(i, _)| line + i)
}

/// The text handed to pgn-reader, counting what it has taken (pgn-reader buffers ahead and
/// says nothing of positions; the count less its buffer is where the next game begins).
struct Counting<'a> {
    rest: &'a [u8],
    taken: Rc<Cell<usize>>,
}

impl Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.rest.read(buf)?;
        self.taken.set(self.taken.get() + n);
        Ok(n)
    }
}

/// The first byte at or after `at` that is not a byte-order mark, white space or an escape
/// line (`%…` at a line's start): where pgn-reader will start the next game.
fn next_content(bytes: &[u8], mut at: usize) -> usize {
    let mut line_start = at == 0 || bytes.get(at - 1) == Some(&b'\n');
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => {
                line_start = true;
                at += 1;
            }
            b' ' | b'\t' | b'\r' => at += 1,
            0xef if bytes[at..].starts_with(b"\xef\xbb\xbf") => at += 3,
            b'%' if line_start => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            _ => break,
        }
    }
    at
}

/// Line numbers of byte positions that only grow: each byte is counted once.
#[derive(Default)]
struct Lines {
    pos: usize,
    newlines: usize,
}

impl Lines {
    fn line_of(&mut self, bytes: &[u8], at: usize) -> usize {
        let at = at.min(bytes.len());
        if at > self.pos {
            self.newlines += bytes[self.pos..at].iter().filter(|&&b| b == b'\n').count();
            self.pos = at;
        }
        self.newlines + 1
    }
}

/// The players (in order of first appearance) and games for [`crate::rules::standings::compute`].
pub fn to_standings_input(games: &[PgnGame]) -> (Vec<String>, Vec<Game>) {
    index_by_name(
        games
            .iter()
            .map(|g| (g.white.as_str(), g.black.as_str(), g.result)),
    )
}
