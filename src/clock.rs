//! The ONE place that reads the time: the system clock, or `AMICI_NOW` when set (INTERFACE.md).
//! Everything else receives the time as an argument.

use chrono::{DateTime, FixedOffset, Utc};

/// The environment variable that overrides the clock (RFC 3339).
pub const AMICI_NOW: &str = "AMICI_NOW";

/// Error for a malformed `AMICI_NOW`.
#[derive(Debug, thiserror::Error)]
#[error("AMICI_NOW={value:?} is not an RFC 3339 time such as 2026-03-15T10:00:00+02:00: {source}")]
pub struct BadNow {
    value: String,
    source: chrono::ParseError,
}

/// The current instant: `AMICI_NOW` if set, else the system clock.
pub fn now() -> Result<DateTime<FixedOffset>, BadNow> {
    match std::env::var(AMICI_NOW) {
        Ok(value) if !value.trim().is_empty() => {
            DateTime::parse_from_rfc3339(value.trim()).map_err(|source| BadNow { value, source })
        }
        _ => Ok(Utc::now().fixed_offset()),
    }
}

/// True when the time is fixed by `AMICI_NOW` (the daemon then never waits for a new day).
pub fn is_overridden() -> bool {
    std::env::var(AMICI_NOW).is_ok_and(|v| !v.trim().is_empty())
}

/// The real time, for transport bookkeeping only (SMTP retry schedule, daily tick timer):
/// never used for rule decisions, which take `now()`.
pub fn system_now() -> DateTime<FixedOffset> {
    Utc::now().fixed_offset()
}
