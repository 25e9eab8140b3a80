//! A tournament whose start date lies in the past and in which nothing has happened yet
//! (issue 13 item 8): its first tick would send every player silence repeats and Art. 31
//! claims at once. `check-config` warns with the count; `run` and `tick` refuse until the
//! arbiter says it is meant (`--accept-past-start`), and the daemon refuses a config edit that
//! adds such a tournament.
//!
//! "Nothing has happened": no game of the tournament has a move, a result or anything the
//! clock remembers (a notice issued, a claim) — so once a first tick has run, or a first move
//! is in, the tournament is never held back again.

use std::fmt;

use crate::config::Config;
use crate::engine::{self, EngineError};
use crate::rules::game::{self, GameRecord, Status};
use crate::rules::model::{Day, Kind};
use crate::store::Store;

/// What the first tick would send in one such tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastStart {
    pub tournament: String,
    pub start: Day,
    pub games: usize,
    /// Overstep claims (Art. 27, 31) the tick would file.
    pub claims: usize,
    /// Silence repeats (Art. 26) it would send.
    pub repeats: usize,
    /// Every message it would queue.
    pub messages: usize,
}

impl fmt::Display for PastStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tournament {} started on {} and no game has a move yet: the first tick would file {} overstep claim(s) and send {} silence repeat(s) ({} message(s) in all, {} game(s))",
            self.tournament, self.start, self.claims, self.repeats, self.messages, self.games
        )
    }
}

/// Nothing has happened in this game yet.
fn untouched(g: &GameRecord) -> bool {
    g.moves.is_empty()
        && g.result.is_none()
        && g.status == Status::Playing
        && g.clock.is_new()
        && g.penalties.is_empty()
}

/// The tournaments of `config` that started before `today` with nothing happened yet in
/// `live` (the database, when there is one), and whose first tick would send anything.
/// `live` is only read: the count is made on a scratch copy of the configured games.
pub fn past_start(
    live: Option<&Store>,
    config: &Config,
    today: Day,
) -> Result<Vec<PastStart>, EngineError> {
    let mut scratch = Store::memory()?;
    engine::sync_config(&mut scratch, config)?;
    // Each database read once, not once a tournament.
    let live_games = match live {
        Some(store) => store.games()?,
        None => Vec::new(),
    };
    let fresh_games = scratch.games()?;
    let mut out = Vec::new();
    for t in config.tournaments.iter().filter(|t| t.start < today) {
        if !live_games
            .iter()
            .filter(|g| g.tournament == t.id)
            .all(untouched)
        {
            continue;
        }
        let games: Vec<&GameRecord> = fresh_games
            .iter()
            .filter(|g| g.tournament == t.id)
            .collect();
        let mut p = PastStart {
            tournament: t.id.clone(),
            start: t.start,
            games: games.len(),
            claims: 0,
            repeats: 0,
            messages: 0,
        };
        for g in games {
            let h = game::handle_tick(g, today);
            p.messages += h.effects.len();
            // One claim and one repeat a game, however many copies go out.
            p.claims += usize::from(h.effects.iter().any(|e| e.kind == Kind::OverstepClaim));
            p.repeats += usize::from(h.effects.iter().any(|e| e.kind == Kind::Silence));
        }
        if p.messages > 0 {
            out.push(p);
        }
    }
    Ok(out)
}

/// The refusal `run` and `tick` print, with what to do.
pub fn refusal(found: &[PastStart]) -> String {
    let mut s = String::new();
    for p in found {
        s.push_str(&format!("amici: {p}\n"));
    }
    s.push_str(
        "amici: refusing to send them. If this is meant (a tournament that really started then), \
         run again with --accept-past-start; else set `start` to the day play begins.\n",
    );
    s
}
