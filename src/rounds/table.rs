//! The standings of a tournament in stages: the final places of §708 once it is over, the
//! first stage's overall ranking before, the stage each player reached (§709.2 names the
//! pairing program).

use crate::config::Tournament;
use crate::rules::stage::{self, PairingNote, StageKind};

use super::Known;

/// The standings of a tournament in stages (RULES.md §12, §12a; §708–709): once it is over,
/// the final places (the champion, the finalist, each knockout round's losers by their
/// first-stage standing, then the rest by points, Buchholz, sum of Buchholz); before, the
/// first stage's overall ranking. Each row with the stage the player reached; the rows'
/// names are the players' names.
pub struct StagedTable {
    pub table: crate::rules::standings::Standings,
    /// The stage each row's player reached (`"stage"` in the JSON).
    pub reached: Vec<String>,
    /// The final places of §708 (the tournament is over).
    pub final_places: bool,
    /// Who paired the rounds (§709.2), worded by `mail::texts::pairing_note`.
    pub pairing: PairingNote,
}

pub fn staged_table(t: &Tournament, known: &Known) -> Option<StagedTable> {
    use crate::rules::stage::{PairedBy, places};
    let format = t.format()?;
    let facts = known.facts();
    let first_kind = match format.first {
        stage::First::Swiss { .. } => StageKind::Swiss,
        stage::First::Tables { .. } => StageKind::Tables,
    };
    let mut table = places::first_stage(&facts);
    let levels = stage::knockout::levels(&format, &facts);
    let reached_of = |email: &str| {
        levels
            .iter()
            .filter(|l| l.slots.iter().any(|s| s.high == email || s.low == email))
            .map(|l| l.players)
            .min()
            .map_or(places::Reached::First(first_kind), |players| {
                places::Reached::Knockout { players }
            })
    };
    let final_places = places::final_places(&format, &facts, first_kind);
    if let Some(fp) = &final_places {
        let mut rows = Vec::with_capacity(fp.len());
        for p in fp {
            if let Some(r) = table.rows.iter().find(|r| r.name == p.email) {
                let mut r = r.clone();
                r.rank = p.rank;
                r.shared_to = p.shared_to;
                rows.push(r);
            }
        }
        table.rows = rows;
    }
    let reached = table
        .rows
        .iter()
        .map(|r| reached_of(&r.name).name())
        .collect();
    for r in &mut table.rows {
        if let Some(p) = t.players.iter().find(|p| p.email == r.name) {
            r.name = p.name.clone();
        }
    }
    let pairing = PairingNote {
        first: first_kind,
        knockout: format.top >= 2,
        imported: known
            .rounds
            .iter()
            .filter(|r| r.paired_by == PairedBy::Imported)
            .map(|r| (r.number, r.program.clone()))
            .collect(),
    };
    Some(StagedTable {
        table,
        reached,
        final_places: final_places.is_some(),
        pairing,
    })
}
