//! Support for end-to-end tests: a real mail system on loopback and the amici process.
//!
//! Include it from a test file with `mod support;`. Each test binary uses only part of it,
//! hence the `dead_code` allowance: an unused helper in one binary is used by another.
#![allow(dead_code)]

pub mod amici;
pub mod mailstack;

// short paths for the tests (`support::MailStack`); a binary may use only some of them
#[allow(unused_imports)]
pub use amici::AmiciProcess;
#[allow(unused_imports)]
pub use mailstack::{MailStack, header};
