//! A move letter's text → `Letter`: the items of Art. 7/8 (tournament index, the moves with
//! their numbers, the dates Г Д Е, the thinking time Ж, the totals З) and the commands of
//! INTERFACE.md, read the way an experienced arbiter reads a card: free prose is skipped, a word
//! counts as a move only when it looks like one.
//!
//! # Layout
//! - `items`      the letter as data; `read_letter` runs the readers below in turn
//! - `scan`       scanning helpers: words, phrases, lines, negations, numbers
//! - `commands`   the commands of INTERFACE.md (resignation, draws, claims, leave, delay)
//! - `time`       items Ж and З: thinking time and totals (Art. 7, 8)
//! - `dates`      items Г Д Е and the year of a date written without one (RULES.md §4)
//! - `tournament` item А: the tournament index
//! - `moves`      items Б В and the conditional line: numbers, marks, numeric moves (Art. 7, 10)

use chrono::{Datelike, NaiveDate};

use crate::rules::model::{Day, Notation};
use crate::rules::notation::{self, MoveText, SyntaxError};

mod commands;
mod dates;
mod items;
mod moves;
mod scan;
mod time;
mod tournament;

pub(crate) use dates::date_at;
pub use dates::nearest_year;
pub use items::*;
pub(crate) use scan::{is_letter, is_word_char};

use commands::*;
use dates::*;
use moves::*;
use scan::*;
use time::*;
use tournament::*;

#[cfg(test)]
mod tests;
