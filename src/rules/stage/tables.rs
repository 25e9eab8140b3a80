//! Several tables (RULES.md §12a, `pairing = "tables"`): the first stage is N round-robin
//! tables played at once, the players distributed by snake seeding on `rating` (1 → table 1,
//! …, N → table N, N + 1 → table N, … back to table 1), each table paired by the FIDE Berger
//! tables. All games start together (Art. 24), as one round.

use crate::rules::model::Day;
use crate::rules::pairing::{games, round_robin};

use super::{Facts, Pair, PairedBy, Round, StageKind};

/// The tables by snake seeding: each a list of entrant indices in table order (draw numbers).
pub fn snake(order: &[usize], tables: u32) -> Vec<Vec<usize>> {
    let n = tables.max(1) as usize;
    let mut out = vec![Vec::new(); n];
    for (k, &i) in order.iter().enumerate() {
        let lap = k / n;
        let pos = k % n;
        let t = if lap.is_multiple_of(2) {
            pos
        } else {
            n - 1 - pos
        };
        out[t].push(i);
    }
    out
}

/// The one round of the tables stage: every table's Berger games, table by table.
pub fn round(facts: &Facts<'_>, tables: u32, start: Day, end: Day) -> Round {
    let order = super::pairing_order(facts.entrants);
    let active: Vec<usize> = order
        .into_iter()
        .filter(|&i| !facts.withdrawn.contains(&facts.entrants[i].email))
        .collect();
    let mut n = facts.next_game();
    let mut pairs = Vec::new();
    for (t, table) in snake(&active, tables).iter().enumerate() {
        for p in games(&round_robin(table.len())) {
            pairs.push(Pair {
                game: n,
                white: facts.entrants[table[p.white]].email.clone(),
                black: facts.entrants[table[p.black]].email.clone(),
                group: Some(t as u32 + 1),
            });
            n += 1;
        }
    }
    Round::new(
        1,
        StageKind::Tables,
        (start, end),
        pairs,
        Vec::new(),
        PairedBy::Amici,
    )
}
