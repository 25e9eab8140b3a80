//! Mail in and out: IMAP (async-imap), MIME reading (mail-parser), SMTP (lettre), reply texts.
//!
//! - `interim`  reading an inbound message (interim, replaced by `inbound`)
//! - `outbound` building an outgoing message with the X-Amici headers
//! - `render`   reply texts in bg / ru / en
//! - `deliver`  the outbox worker: SMTP or `.eml` files, retries
//! - `imap`     fetching by UID, IDLE, marking processed letters

pub mod deliver;
pub mod imap;
pub mod interim;
pub mod outbound;
pub mod render;
