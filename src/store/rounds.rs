//! The rounds of a tournament in stages (RULES.md §12a) and the byes asked for in advance.

use rusqlite::params;

use super::*;
use crate::rules::stage::Round;

impl Tx<'_> {
    /// The stored rounds of a tournament, in order.
    pub fn rounds(&self, tournament: &str) -> Result<Vec<Round>> {
        let mut st = self.tx.prepare_cached(
            "SELECT number, body FROM rounds WHERE tournament = ?1 ORDER BY number",
        )?;
        let rows = st.query_map([tournament], |r| {
            Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (n, body) = row?;
            out.push(
                serde_json::from_str(&body)
                    .map_err(|e| StoreError::Record(format!("{tournament} round {n}"), e))?,
            );
        }
        Ok(out)
    }

    /// Stores a round (a new one, or one the arbiter changed).
    pub fn put_round(&self, tournament: &str, round: &Round) -> Result<()> {
        let body = serde_json::to_string(round)
            .map_err(|e| StoreError::Record(format!("{tournament} round {}", round.number), e))?;
        self.tx
            .prepare_cached(
                "INSERT INTO rounds (tournament, number, body) VALUES (?1, ?2, ?3)
                 ON CONFLICT(tournament, number) DO UPDATE SET body = ?3",
            )?
            .execute(params![tournament, round.number, body])?;
        Ok(())
    }

    /// Removes a round (`unpair`, before any move of it).
    pub fn delete_round(&self, tournament: &str, number: u32) -> Result<()> {
        self.tx
            .prepare_cached("DELETE FROM rounds WHERE tournament = ?1 AND number = ?2")?
            .execute(params![tournament, number])?;
        Ok(())
    }

    /// The half-point byes asked for: (player, round).
    pub fn requested_byes(&self, tournament: &str) -> Result<Vec<(String, u32)>> {
        let mut st = self.tx.prepare_cached(
            "SELECT player, round FROM requested_byes WHERE tournament = ?1 ORDER BY round, player",
        )?;
        let rows = st.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Records a requested bye (the same one twice is one).
    pub fn request_bye(&self, tournament: &str, player: &str, round: u32) -> Result<()> {
        self.tx
            .prepare_cached(
                "INSERT OR IGNORE INTO requested_byes (tournament, player, round) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![tournament, player, round])?;
        Ok(())
    }

    /// Players withdrawn or excluded from a tournament in stages (Art. 47, 56).
    pub fn withdrawn(&self, tournament: &str) -> Result<std::collections::HashSet<String>> {
        let mut st = self
            .tx
            .prepare_cached("SELECT player FROM withdrawn WHERE tournament = ?1")?;
        let rows = st.query_map([tournament], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Records a withdrawal (the first day stands).
    pub fn mark_withdrawn(&self, tournament: &str, player: &str, day: &str) -> Result<()> {
        self.tx
            .prepare_cached(
                "INSERT OR IGNORE INTO withdrawn (tournament, player, day) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![tournament, player, day])?;
        Ok(())
    }

    /// Games numbered `from..=to` of a tournament still going on (a game removed under Art.
    /// 47 А has no result but is over).
    pub fn unfinished_games(&self, tournament: &str, from: u32, to: u32) -> Result<usize> {
        Ok(self
            .tx
            .prepare_cached(
                "SELECT count(*) FROM games g JOIN game_clocks c ON c.id = g.id
                 WHERE g.tournament = ?1 AND g.n BETWEEN ?2 AND ?3
                   AND g.finished = 0 AND c.status != '\"finished\"'",
            )?
            .query_row(params![tournament, from, to], |r| r.get::<_, i64>(0))? as usize)
    }
}

impl Store {
    /// Reads through the operations of [`Tx`] without a write transaction (each statement
    /// sees the committed database): for reports that change nothing.
    pub fn read<T>(&self, f: impl FnOnce(&Tx<'_>) -> Result<T>) -> Result<T> {
        f(&Tx {
            tx: &self.conn,
            instance: &self.instance,
            config: &self.config,
        })
    }
}
