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

/// Today in the tournaments' time zone (Europe/Sofia), `YYYY-MM-DD`. Tournaments of the
/// end-to-end tests that run on the real clock start today, so no silence repeat or overstep
/// claim falls due while they run, whatever the date of the run.
pub fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Sofia)
        .date_naive()
        .to_string()
}
