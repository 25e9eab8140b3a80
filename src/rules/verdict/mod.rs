//! The arbiter's reading of a letter in a game: `judge(letter, game) → Verdict` — accepted
//! (complete or incomplete, Art. 7–9, 21), impossible (Art. 14), incorrect (Art. 15), unclear
//! (Art. 16), no move, not your turn, game over. Plain data: the reply texts are rendered
//! elsewhere from the facts here (articles, moves in full notation, the official figures).
//!
//! # Layout
//! - `facts`    the verdict as data: items А–З, moves named in full, refusals and help
//!              (Art. 7–9, 14–19)
//! - `reading`  which items repeat the record, which is the own move, which a line (Art. 9 Б,
//!              15, 21; RULES.md §4)
//! - `judge`    `judge`: the own move judged (Art. 11–16), wrong numbers, the line (Art. 10)
//! - `official` the items missing (Art. 9, 24) and the official figures (Art. 9 В, 7 Е note)

mod facts;
mod judge;
mod official;
mod reading;

pub use facts::*;
pub use judge::judge;

#[cfg(test)]
mod tests;
