//! Mail in and out: IMAP (async-imap), MIME reading (mail-parser), SMTP (lettre), reply texts.
//!
//! - `fields`   the mailbox and the top-level headers, shared by the readers below
//! - `inbound`  reading an inbound message: charsets, MIME, threading ids, the player's text
//! - `loops`    which letters are never answered: own mail, lists, bounces, auto-replies
//! - `auth`     which Authentication-Results our own host wrote, and what it vouches for
//! - `dsn`      reading a bounce (RFC 3464 delivery report or a plain one); VERP addresses
//! - `quote`    quote and signature stripping; `html` HTML → text for HTML-only letters
//! - `outbound` building an outgoing message with the X-Amici headers
//! - `render`   reply texts in bg / ru / en
//! - `deliver`  the outbox worker: SMTP or `.eml` files, retries
//! - `imap`     fetching by UID, IDLE, marking processed letters
//! - `headers`  Message-ID and arrival from the header block alone (before the letter is stored)

pub mod auth;
pub mod deliver;
pub mod dsn;
pub mod fields;
pub mod headers;
pub mod html;
pub mod imap;
pub mod inbound;
pub mod loops;
pub mod outbound;
pub mod quote;
pub mod render;
pub mod texts;
