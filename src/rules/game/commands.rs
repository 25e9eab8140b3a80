//! The commands a letter carries besides its moves: the delay notice of Art. 25.

use shakmaty::Color;

use crate::rules::clock;

use super::record::GameRecord;

/// The half-move a delay notice from `from` concerns (Art. 25): the next one he owes.
pub(super) fn notice_ply(rec: &GameRecord, from: Color) -> u32 {
    let n = rec.moves.len();
    let ply = if clock::ply_color(n) == from {
        n
    } else {
        n + 1
    };
    u32::try_from(ply).unwrap_or(u32::MAX)
}
