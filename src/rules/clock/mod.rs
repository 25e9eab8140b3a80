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
//! - `days`     the §3 day count and the calendar of suspended days (Art. 8, 24, 45, 47)
//! - `state`    the claim state and the arbiter's decisions on it (Art. 25–40, 56)
//! - `count`    per-move times, periods, overstep detection, silence (Art. 23, 25–33)
//! - `report`   each player's clock as of a day; the first overstep not yet claimed
//! - `evidence` what an overstep claim carries (Art. 35, 36); penalties (Art. 17, 22, 40, 56)

mod count;
mod days;
mod evidence;
mod report;
mod state;

pub use count::*;
pub use days::*;
pub use evidence::*;
pub use report::*;
pub use state::*;
