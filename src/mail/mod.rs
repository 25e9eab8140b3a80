//! Mail in and out: IMAP (async-imap), MIME reading (mail-parser), SMTP (lettre), reply texts.
//!
//! - `inbound`  reading an inbound message: charsets, quotes, loops, Authentication-Results
//! - `quote`    quote and signature stripping; `html` HTML → text for HTML-only letters
//! - `outbound` building an outgoing message with the X-Amici headers
//! - `render`   reply texts in bg / ru / en
//! - `deliver`  the outbox worker: SMTP or `.eml` files, retries
//! - `imap`     fetching by UID, IDLE, marking processed letters
//! - `headers`  Message-ID and arrival from the header block alone (before the letter is stored)

pub mod deliver;
pub mod headers;
pub mod html;
pub mod imap;
pub mod inbound;
pub mod outbound;
pub mod quote;
pub mod render;
pub mod texts;
