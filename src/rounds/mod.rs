//! What the store knows of a tournament in stages (RULES.md §12a), read-only: the rounds, the
//! results of their games, the withdrawn players and requested byes ([`Known`]); the staged
//! standings (`table`) and the TRF of a running Swiss (`trf`). `crate::stages` starts rounds;
//! `crate::report` and the site read them here.

use std::collections::HashMap;

use crate::config::Tournament;
use crate::rules::game::GameRecord;
use crate::rules::stage::{self, Facts, Round};
use crate::rules::standings::Outcome;
use crate::store::Tx;

mod table;
mod trf;
pub use table::{StagedTable, staged_table};
pub use trf::trf;

/// What the stage machinery knows of one tournament, read from the store.
pub struct Known {
    pub rounds: Vec<Round>,
    pub results: HashMap<u32, Outcome>,
    pub withdrawn: std::collections::HashSet<String>,
    pub requested: Vec<(String, u32)>,
    pub entrants: Vec<stage::Entrant>,
    pub unplayed: crate::rules::standings::Unplayed,
}

impl Known {
    pub fn read(tx: &Tx<'_>, t: &Tournament) -> crate::store::Result<Known> {
        let mut results = HashMap::new();
        let withdrawn = tx.withdrawn(&t.id)?;
        tx.each_game_of_tournament(&t.id, &mut |g: GameRecord| {
            if let Some(n) = game_number(&g.id) {
                results.insert(n, stage_outcome(&g, &withdrawn));
            }
        })?;
        Ok(Known {
            rounds: tx.rounds(&t.id)?,
            results,
            withdrawn,
            requested: tx.requested_byes(&t.id)?,
            entrants: t.entrants(),
            unplayed: t.tiebreak_unplayed,
        })
    }

    pub fn facts(&self) -> Facts<'_> {
        Facts {
            entrants: &self.entrants,
            rounds: &self.rounds,
            results: &self.results,
            withdrawn: &self.withdrawn,
            requested: &self.requested,
            unplayed: self.unplayed,
        }
    }
}

/// How a game stands for the stages: as in the standings, and a game removed because the
/// other player never moved (Art. 47 А) as a win by forfeit for the one who stayed (his round
/// was not played, C.04.1 d).
fn stage_outcome(g: &GameRecord, withdrawn: &std::collections::HashSet<String>) -> Outcome {
    if g.termination == Some(crate::rules::game::Termination::Removed) {
        return match (withdrawn.contains(&g.white), withdrawn.contains(&g.black)) {
            (true, false) => Outcome::BlackWinsByForfeit,
            (false, true) => Outcome::WhiteWinsByForfeit,
            _ => Outcome::BothLose,
        };
    }
    g.standings_outcome()
}

/// The n of a game id `<tournament>/<n>`.
pub fn game_number(id: &str) -> Option<u32> {
    id.rsplit('/').next()?.parse().ok()
}
