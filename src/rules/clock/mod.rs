//! Thinking-time clocks of one game: day counting (RULES.md §3), per-move times with variants
//! (Art. 32), totals and 10-move periods (Art. 23, 27), overstep detection and the `post`
//! restart (Art. 27–40), silence (Art. 25, 26, 31), and the arbiter's decisions as pure
//! transitions on [`ClockState`], the one value the game record keeps for the clock.
//!
//! Everything here is derived from the record (moves, penalties, suspensions) and `now`; the
//! only memory is [`ClockState`]: claims and their fate, receipt dates reported in `post`,
//! delay notices, pending conditional lines and which notices were already issued.
//!
//! # Layout
//! - `days`     the §3 day count (one formula), the receipt day and its written form Д, the
//!              calendar of a game's suspended days (Art. 8, 24, 37, 45, 47)
//! - `state`    the claim state and the arbiter's decisions on it (Art. 25–40, 56)
//! - `count`    the game prepared for counting: per-move times with variants, totals and
//!              10-move periods (Art. 23, 32)
//! - `detect`   overstep detection, the next claim (Art. 23 А, 27, 30, 33)
//! - `silence`  the silence of the side to move and delay notices (Art. 25, 26, 31)
//! - `report`   each player's clock as of a day; the first overstep not yet claimed
//! - `evidence` what an overstep claim carries (Art. 35, 36); penalties (Art. 17, 22, 40, 56)

mod count;
mod days;
mod detect;
mod evidence;
mod report;
mod silence;
mod state;

pub use count::*;
pub use days::*;
pub use evidence::*;
pub use report::*;
pub use state::*;
