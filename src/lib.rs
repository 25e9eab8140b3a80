//! amici — an e-mail correspondence chess arbiter.
//!
//! # Layout
//! - [`rules`]   PURE core: notation, letters, games, clocks. No IO, no clock, no async, no SQL.
//! - [`config`]  TOML → raw structs → validated `Config`, errors with line and column
//! - [`clock`]   the one place that reads the time (`AMICI_NOW` overrides it)
//! - [`store`]   SQLite: migrations, raw inbound log, game records, outbox, IMAP progress
//! - [`mail`]    IMAP in, MIME reading, reply texts, SMTP / `.eml` out
//! - [`engine`]  a stored letter → rules → new state + replies, in one transaction
//! - [`tick`]    the daily sweep over all games
//! - [`status`]  `amici status` text and JSON
//! - [`daemon`]  `amici run`: the loop tying it together

pub mod clock;
pub mod config;
pub mod daemon;
pub mod engine;
pub mod mail;
pub mod rules;
pub mod status;
pub mod store;
pub mod tick;
