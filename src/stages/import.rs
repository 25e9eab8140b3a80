//! `amici pair --tournament ID --import FILE` (§709.1, RULES.md §12a): another program's
//! pairings for the next Swiss round, checked by `rules::stage::import`, then started.

use anyhow::{Context, Result};
use chrono::{DateTime, FixedOffset};

use crate::config::{Config, Tournament};
use crate::rounds::Known;
use crate::rules::stage::{self, Round, import::ImportError};
use crate::store::{Store, Tx};

/// `amici pair --tournament ID --import FILE`: the next Swiss round from another program's
/// pairings, checked, started and told; nothing is started when the check fails.
pub fn import_pairings(
    store: &mut Store,
    config: &Config,
    t: &Tournament,
    text: &str,
    program: Option<&str>,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    store
        .transaction(|tx| {
            let round = start_imported(tx, config, t, text, program, now)??;
            tx.log_input(
                &now.to_rfc3339(),
                crate::store::InputKind::Pairings,
                None,
                Some(&match program {
                    Some(p) => format!("{}\t{p}\n{text}", t.id),
                    None => format!("{}\n{text}", t.id),
                }),
            )?;
            Ok::<_, anyhow::Error>(format!(
                "round {} of {} started from the imported pairings: {} games, {} bye(s)",
                round.number,
                t.id,
                round.games.len(),
                round.byes.len()
            ))
        })
        .context("importing the pairings")
}

/// The next Swiss round of `t` from `text` (another program's pairings, by `program`),
/// checked and, when it passes, started and told inside `tx`; the arbiter's hold lifted.
/// Nothing is written when the check fails.
pub fn start_imported(
    tx: &Tx<'_>,
    config: &Config,
    t: &Tournament,
    text: &str,
    program: Option<&str>,
    now: DateTime<FixedOffset>,
) -> crate::reply::Result<std::result::Result<Round, ImportError>> {
    let Some(format) = t.format() else {
        return Ok(Err(ImportError::NotSwiss));
    };
    let today = crate::config::local_day(config, now);
    let known = Known::read(tx, t)?;
    let mut round = match stage::import::imported_round(&format, &known.facts(), text, today) {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    round.program = program.map(str::to_string);
    super::start_round(tx, config, t, &round, now)?;
    tx.set_meta(&super::hold_key(&t.id), "")?;
    Ok(Ok(round))
}
