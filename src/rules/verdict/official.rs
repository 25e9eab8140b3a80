//! The items of a letter (Art. 7–9) and the official figures (Art. 9 В): which of Б–З an
//! accepted letter lacks (Г and Д do not exist for White's first move, Art. 24), and which
//! declared figures differ from the record (Art. 7 Е note: the next day's postmark stands).

use super::{Item, Official, WrongItem};
use crate::rules::letter::Letter;

/// Items Б–З (Art. 9) the letter lacks; `repeated`: Б is written. Г and Д do not exist for
/// White's first move (Art. 24).
pub(super) fn missing(letter: &Letter, ply: usize, repeated: bool) -> Vec<Item> {
    let mut missing = Vec::new();
    if ply > 0 && !repeated {
        missing.push(Item::OpponentMove);
    }
    let d = &letter.dates;
    if ply > 0 && d.letter.is_none() {
        missing.push(Item::LetterDate);
    }
    if ply > 0 && d.received.is_none() {
        missing.push(Item::ReceivedDate);
    }
    if d.sent.is_none() {
        missing.push(Item::SentDate);
    }
    if letter.time_used.is_none() {
        missing.push(Item::TimeUsed);
    }
    if letter.totals.is_none() {
        missing.push(Item::Totals);
    }
    missing
}

/// Art. 9 В: figures checked against the record, the official ones given.
pub(super) fn wrong_figures(letter: &Letter, o: &Official) -> Vec<WrongItem> {
    let d = &letter.dates;
    let mut wrong = Vec::new();
    if let (Some(w), Some(off)) = (d.letter, o.letter)
        && w != off
    {
        wrong.push(WrongItem::LetterDate {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (d.received, o.received)
        && w != off
        && Some(w) != o.received_also
    {
        wrong.push(WrongItem::ReceivedDate {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (d.sent, o.sent) {
        // Art. 7 Е note: the sending date may be the expected postmark of the next day.
        if w != off && w != off.succ_opt().unwrap_or(off) {
            wrong.push(WrongItem::SentDate {
                written: w,
                official: off,
            });
        }
    }
    if let (Some(w), Some(off)) = (letter.time_used, o.time_used)
        && w != off
    {
        wrong.push(WrongItem::TimeUsed {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (letter.totals, o.totals)
        && w != off
    {
        wrong.push(WrongItem::Totals {
            written: w,
            official: off,
        });
    }
    wrong
}
