//! The database brought in line with the config (INTERFACE.md: every configured game exists
//! before any letter has arrived).

use crate::config::Config;
use crate::store::Store;

use crate::rules::game::GameRecord;
use crate::rules::model::Day;

use super::{EngineError, Result};

/// Brings the database in line with the config: every configured game exists (INTERFACE.md:
/// before any letter has arrived). Existing records are never rewritten, so nothing in flight
/// is lost when the admin edits the config.
pub fn sync_config(store: &mut Store, config: &Config) -> Result<usize> {
    /// What the sync needs of a stored game: records are read one at a time and dropped, so a
    /// section of 10,000 games is never all in memory at once.
    struct Stored {
        untouched: bool,
        white: String,
        black: String,
        start: Day,
        params: crate::rules::model::Params,
    }
    // Synced already by this process, and no other config since: every configured game
    // exists as the config says (a daily tick or a command need not read every record again).
    if store.synced(&config.source_sha256)? {
        return Ok(0);
    }
    let now = crate::clock::now().map_or_else(|_| chrono::Utc::now().fixed_offset(), |n| n);
    store.transaction(|tx| {
        // The config in force from now on (issue 11): its text is read again only when new,
        // and kept only when it is still the text that was parsed.
        tx.log_config(&now.to_rfc3339(), &config.source_sha256, || {
            std::fs::read_to_string(&config.path)
                .ok()
                .filter(|t| crate::store::hash(t.as_bytes()) == config.source_sha256)
        })?;
        let mut created = 0;
        for t in &config.tournaments {
            // A tournament in stages makes its games round by round (`crate::stages`).
            if t.pairing.staged() {
                continue;
            }
            let mut existing: std::collections::HashMap<String, Stored> =
                std::collections::HashMap::new();
            tx.each_game_of_tournament(&t.id, &mut |g: GameRecord| {
                let untouched = g.untouched();
                existing.insert(
                    g.id,
                    Stored {
                        untouched,
                        white: g.white,
                        black: g.black,
                        start: g.start,
                        params: g.params,
                    },
                );
            })?;
            // Before any move of the section (players may be added before its start, issue 5),
            // the pairing follows the config: games are re-paired and surplus ones removed.
            let untouched = existing.values().all(|g| g.untouched);
            if untouched && !existing.is_empty() {
                let surplus: Vec<String> = existing
                    .keys()
                    .filter(|id| {
                        id.rsplit('/')
                            .next()
                            .and_then(|n| n.parse::<usize>().ok())
                            .is_none_or(|n| n == 0 || n > t.games.len())
                    })
                    .cloned()
                    .collect();
                for id in surplus {
                    tx.delete_game(&id)?;
                    existing.remove(&id);
                }
            }
            // Once play has begun, a config whose pairing no longer matches the stored games
            // (a player added or removed mid-event) must not append games from another table:
            // pairs would meet twice and others never. The stored section stands; the admin
            // is told in the log.
            if !untouched && t.games.len() > existing.len() {
                let differs = existing.iter().any(|(id, e)| {
                    let n: usize = id.rsplit('/').next().and_then(|n| n.parse().ok()).unwrap_or(0);
                    t.games.get(n.wrapping_sub(1)).is_none_or(|g| g.white != e.white || g.black != e.black)
                });
                if differs {
                    tracing::warn!(tournament = %t.id, "the config's pairing no longer matches the games in play; no games added");
                    continue;
                }
            }
            for (i, g) in t.games.iter().enumerate() {
                let n = (i + 1) as u32;
                let id = format!("{}/{}", t.id, n);
                let current = existing.get(&id);
                let repair = untouched
                    && current.is_some_and(|c| {
                        c.white != g.white
                            || c.black != g.black
                            || c.start != t.start
                            || c.params != t.params
                    });
                if current.is_none() || repair {
                    let rec = GameRecord::new(
                        id,
                        t.id.clone(),
                        g.white.clone(),
                        g.black.clone(),
                        t.params.clone(),
                        t.notation,
                        t.start,
                    );
                    tx.put_game(n, &rec)?;
                    created += 1;
                }
            }
        }
        Ok::<_, EngineError>(created)
    })
}
