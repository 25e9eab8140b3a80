//! The rules core: PURE. No IO, no clock, no async, no SQL — every function takes the time it
//! needs (`today: Day`) as an argument and returns decisions as data (`Effect`s) that the shell
//! carries out. A test (`tests/purity.rs`) fails if anything here names tokio, rusqlite,
//! lettre, async_imap, std::fs, std::net or reads the system clock.
//!
//! - `arbiter` the arbiter's commands (letters and `amici arbiter …`), parsed
//! - `model`   the shared vocabulary: modes, notations, parameters, the record's parts
//! - `game`    one game: a letter or a decision in, the new record and the effects out
//! - `notation` text ↔ move in each notation (bg, ru, en, de, ICCF numeric), diagrams
//! - `letter`  a letter's items: moves, dates Г Д Е, time, totals, commands
//! - `verdict` judge(letter, game): accepted / impossible / incorrect / unclear … (Art. 7–22)
//! - `clock`   thinking time: day counting, periods, oversteps, silence, the arbiter's decisions
//! - `leave`   a player's leave book across all his games (Art. 41–46)
//! - `bounce`  a forwarded move that bounced: dead time until it is delivered again (RULES.md §3)
//! - `tick`    the pure daily sweep of one game: notices due, claims filed
//! - `pairing` FIDE Berger tables, double round robin, explicit lists (game numbering)
//! - `standings` points and tie-breaks (§708, §709.2); `standings_html` the published page
//! - `team`    team standings (the annex's chain)
//! - `pgn`     one game as PGN: roster, correspondence tags, sending dates and days per move
//! - `pgn_results` results of any PGN collection, for `standings --pgn`
//! - `trf`     TRF-16 export (§709.1)

pub mod arbiter;
pub mod bounce;
pub mod clock;
pub mod game;
pub mod leave;
pub mod letter;
pub mod model;
pub mod notation;
pub mod pairing;
pub mod pgn;
pub mod pgn_results;
pub mod standings;
pub mod standings_html;
pub mod team;
pub mod tick;
pub mod trf;
pub mod verdict;
