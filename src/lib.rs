//! amici — an e-mail correspondence chess arbiter.
//!
//! # Layout
//! - [`rules`]   PURE core: notation, letters, games, clocks. No IO, no clock, no async, no SQL.
//! - [`arbiter`] carrying out the arbiter's commands and players' leave requests
//! - [`config`]  TOML → raw structs → validated `Config`, errors with line and column
//! - [`clock`]   the one place that reads the time (`AMICI_NOW` overrides it)
//! - [`store`]   SQLite: migrations, raw inbound log, game records, outbox, IMAP progress
//! - [`mail`]    IMAP in, MIME reading, reply texts, SMTP / `.eml` out
//! - [`picture`] the board as SVG (built as data) and PNG (resvg): the picture in letters
//! - [`engine`]  a stored letter → route → rules → new state + replies, in one transaction
//! - [`reply`]   the messages a transaction sends: stable Message-IDs, threading, rendering
//! - [`tablebase`] Syzygy probes for §707 claims (the rules get the verdict as data)
//! - [`stages`]  a tournament in stages: rounds started as they fall due (Swiss, tables, the top);
//!   [`rounds`] what the store knows of them, read-only (staged standings, TRF)
//! - [`tick`]    the daily sweep over all games; [`past_start`] holds back a first tick that would flood
//! - [`report`]  `amici standings` (text, JSON, HTML; stored games or any PGN) and `amici pgn`
//! - [`site`]    `amici site`: the static site of every tournament (crosstables, games, feed)
//! - [`status`]  `amici status` text and JSON
//! - [`audit`]   `amici audit`: the stored history replayed through today's rules, differences listed
//! - [`import`]  `amici import`: games in progress from a PGN and a sidecar, rebuilt by the core
//! - [`daemon`]  `amici run`: the loop tying it together; [`dry_run`] `run --dry-run DIR`, one read-only pass

pub mod arbiter;
pub mod audit;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod dry_run;
pub mod engine;
pub mod import;
pub mod mail;
pub mod past_start;
pub mod picture;
pub mod reply;
pub mod report;
pub mod rounds;
pub mod rules;
pub mod site;
pub mod stages;
pub mod status;
pub mod store;
pub mod tablebase;
pub mod tick;
