//! The arbiter's commands for a tournament in stages, decided (RULES.md §12a): when a round's
//! pairing may be taken back (`unpair`: the last round, before any move or result of it) and
//! when a player may ask for a half-point bye (`bye`: where the tournament allows it, for a
//! Swiss round not yet paired).

use super::{First, Format, Round, StageKind};

/// Why a command for a tournament in stages is refused (RULES.md §12a).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageRefusal {
    /// The tournament is not a Swiss or tables tournament.
    NotStaged { tournament: String },
    /// The last round has games without a result, or the tournament is over.
    NoRoundDue { tournament: String },
    /// Every game of the last round has a result, but an adjudicated one may still be appealed
    /// (Art. 55): the next round waits for the last day of the appeal, or for the second
    /// adjudicator (`until` None).
    AppealOpen {
        tournament: String,
        round: u32,
        until: Option<crate::rules::model::Day>,
    },
    /// Only the last round can be unpaired.
    NotLastRound { tournament: String, round: u32 },
    /// A game of the round has a move or a result.
    RoundBegun { game: String, round: u32 },
    /// The player is in no Swiss tournament.
    NotInSwiss { player: String },
    /// The tournament does not allow requested byes.
    ByesNotAllowed { tournament: String },
    /// A bye is asked for a Swiss round not yet paired: `first`…`last`.
    ByeRound { round: u32, first: u32, last: u32 },
    /// `pair T attached` in a letter without a text attachment.
    NoPairingsAttached { tournament: String },
    /// The attached pairings fail the check (§709.1): nothing started.
    PairingsRefused {
        tournament: String,
        why: super::import::ImportError,
    },
}

/// `unpair ROUND`: the round to take back. `begun(game)` says whether a game of the round has
/// a move or a result.
pub fn unpair<'r>(
    tournament: &str,
    rounds: &'r [Round],
    round: u32,
    begun: impl Fn(u32) -> bool,
) -> Result<&'r Round, StageRefusal> {
    let last =
        rounds
            .last()
            .filter(|r| r.number == round)
            .ok_or_else(|| StageRefusal::NotLastRound {
                tournament: tournament.to_string(),
                round,
            })?;
    match last.games.iter().find(|g| begun(g.game)) {
        Some(g) => Err(StageRefusal::RoundBegun {
            game: crate::rules::pairing::game_id(tournament, g.game),
            round,
        }),
        None => Ok(last),
    }
}

/// `bye PLAYER ROUND`: allowed by the tournament (`requested_byes`) and for a Swiss round not
/// yet paired.
pub fn bye(
    tournament: &str,
    format: &Format,
    allowed: bool,
    rounds: &[Round],
    round: u32,
) -> Result<(), StageRefusal> {
    if !allowed {
        return Err(StageRefusal::ByesNotAllowed {
            tournament: tournament.to_string(),
        });
    }
    let paired = rounds
        .iter()
        .filter(|r| r.stage == StageKind::Swiss)
        .count() as u32;
    let last = match format.first {
        First::Swiss { rounds } => rounds,
        First::Tables { .. } => 0,
    };
    if round <= paired || round > last {
        return Err(StageRefusal::ByeRound {
            round,
            first: paired + 1,
            last,
        });
    }
    Ok(())
}
