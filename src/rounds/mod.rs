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
pub use crate::rules::stage::PairingNote;
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
    pub game_floor: u32,
    pub appeals: HashMap<u32, stage::AppealWindow>,
}

impl Known {
    pub fn read(tx: &Tx<'_>, t: &Tournament) -> crate::store::Result<Known> {
        let mut results = HashMap::new();
        let mut appeals = HashMap::new();
        let withdrawn = tx.withdrawn(&t.id)?;
        tx.each_game_of_tournament(&t.id, &mut |g: GameRecord| {
            if let Some(n) = game_number(&g.id) {
                results.insert(n, stage_outcome(&g, &withdrawn));
                if let Some(w) = g.adjudication.as_ref().and_then(|a| a.appeal_window()) {
                    appeals.insert(n, w);
                }
            }
        })?;
        // Pairing numbers stand from round 1 on (a later rating edit changes nothing); a
        // player taken out of the config since keeps his history and is not paired again.
        let mut entrants = t.entrants();
        let mut withdrawn = withdrawn;
        if let Some(frozen) = tx.meta(&numbers_key(&t.id))? {
            let frozen: Vec<String> = serde_json::from_str(&frozen).unwrap_or_default();
            for (k, email) in frozen.iter().enumerate() {
                let number = Some(k as u32 + 1);
                match entrants.iter_mut().find(|e| e.email == *email) {
                    Some(e) => e.number = number,
                    None => {
                        entrants.push(stage::Entrant {
                            email: email.clone(),
                            rating: None,
                            number,
                        });
                        withdrawn.insert(email.clone());
                    }
                }
            }
        }
        Ok(Known {
            rounds: tx.rounds(&t.id)?,
            results,
            withdrawn,
            requested: tx.requested_byes(&t.id)?,
            entrants,
            unplayed: t.tiebreak_unplayed,
            game_floor: tx
                .meta(&floor_key(&t.id))?
                .and_then(|v| v.parse().ok())
                .unwrap_or(0),
            appeals,
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
            game_floor: self.game_floor,
            appeals: &self.appeals,
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

/// The meta key of the lowest game number a new round may use (after `unpair`).
pub fn floor_key(tournament: &str) -> String {
    format!("stage_game_floor:{tournament}")
}

/// The meta key of the pairing numbers fixed when round 1 was paired: the addresses in
/// pairing-number order, as JSON.
pub fn numbers_key(tournament: &str) -> String {
    format!("stage_numbers:{tournament}")
}
