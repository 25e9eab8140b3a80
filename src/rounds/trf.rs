//! Third-party pairings (§709.1, RULES.md §12a): `amici trf` of a running Swiss — the rounds
//! played with their results, byes and absences, the withdrawn players and requested byes
//! marked in the round to pair, the start numbers being amici's pairing numbers, TRFx `XXR`
//! and `XXC` — and `amici pair --import`: another program's pairings checked, then started.

use anyhow::{Result, anyhow};

use crate::config::Tournament;
use crate::rules::stage::{self, ByeKind, First, StageKind, pairing_order};
use crate::rules::standings::{self, Game};
use crate::rules::trf::{RoundBye, RoundGame, TrfHeader, TrfPlayer, export_trf_with};
use crate::store::Store;

use super::Known;

/// The TRF-16 of a tournament in stages (its Swiss rounds; the tables' games as round 1).
pub fn trf(store: &Store, t: &Tournament) -> Result<String> {
    let known = store.read(|tx| Known::read(tx, t))?;
    let facts = known.facts();
    let format = t
        .format()
        .ok_or_else(|| anyhow!("{} has no stages", t.id))?;
    // Tables are round robins played at once: no Swiss round for a pairing program to follow
    // (§709.1), and their games have no round of their own to write in a TRF.
    let First::Swiss {
        rounds: swiss_rounds,
    } = format.first
    else {
        return Err(anyhow!(
            "{} plays its first stage in round-robin tables, not Swiss rounds: `amici trf` exports a Swiss for another pairing program (§709.1); the tables' results are in `amici standings`",
            t.id
        ));
    };
    let order = pairing_order(&known.entrants);
    let start_number = |email: &str| order.iter().position(|&i| known.entrants[i].email == email);
    let first: Vec<&stage::Round> = known
        .rounds
        .iter()
        .filter(|r| r.stage != StageKind::Knockout)
        .collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &first {
        let mut busy = std::collections::HashSet::new();
        for g in &r.games {
            let (Some(white), Some(black)) = (start_number(&g.white), start_number(&g.black))
            else {
                continue;
            };
            let outcome = facts
                .results
                .get(&g.game)
                .copied()
                .unwrap_or(standings::Outcome::Unfinished);
            let game = Game {
                white,
                black,
                outcome,
            };
            busy.extend([white, black]);
            games.push(RoundGame {
                round: r.number,
                game,
            });
        }
        for b in &r.byes {
            if let Some(p) = start_number(&b.player) {
                busy.insert(p);
                let code = match (b.kind, b.halves) {
                    (ByeKind::Pairing, _) => 'U',
                    (ByeKind::Requested, 2) => 'F',
                    (ByeKind::Requested, 1) => 'H',
                    (ByeKind::Requested, _) => 'Z',
                };
                byes.push(RoundBye {
                    player: p,
                    round: r.number,
                    code,
                });
            }
        }
        // A Swiss round without a game or bye for a player: absent (withdrawn).
        if r.stage == StageKind::Swiss {
            byes.extend(
                (0..order.len())
                    .filter(|p| !busy.contains(p))
                    .map(|p| RoundBye {
                        player: p,
                        round: r.number,
                        code: 'Z',
                    }),
            );
        }
    }
    // The round to pair: the withdrawn are absent, requested byes given beforehand.
    let next = first.len() as u32 + 1;
    if next <= swiss_rounds {
        byes.extend(beforehand(&known, &order, next));
    }
    // A player taken out of the config since round 1 is still in the file, without his
    // address (no address in exported files).
    let player = |i: usize| {
        t.players
            .iter()
            .find(|p| p.email == known.entrants[i].email)
    };
    let name = |i: usize| player(i).map_or_else(|| format!("Player {}", i + 1), |p| p.name.clone());
    let names: Vec<String> = order.iter().map(|&i| name(i)).collect();
    // Points and ranks as the standings give them (the same games, byes and absences),
    // players renumbered to their start numbers.
    let (stage_games, stage_byes) = stage::places::first_stage_input(&facts);
    let start = |i: usize| {
        order
            .iter()
            .position(|&o| o == i)
            .expect("every entrant numbered")
    };
    let all_games: Vec<Game> = stage_games
        .iter()
        .map(|g| Game {
            white: start(g.white),
            black: start(g.black),
            outcome: g.outcome,
        })
        .collect();
    let bye_list: Vec<standings::Bye> = stage_byes
        .iter()
        .map(|b| standings::Bye {
            player: start(b.player),
            ..*b
        })
        .collect();
    let table = standings::compute_unplayed(
        &names,
        &all_games,
        &bye_list,
        &stage::places::FIRST_STAGE_TIEBREAKS,
        t.tiebreak_unplayed,
    )?;
    let header = header(t);
    let players: Vec<TrfPlayer> = order
        .iter()
        .map(|&i| TrfPlayer {
            name: name(i),
            rating: player(i).and_then(|p| p.rating),
            ..TrfPlayer::default()
        })
        .collect();
    let mut extra = vec![format!("XXR {swiss_rounds}"), "XXC white1".to_string()];
    if format.bye_halves != 2 {
        // bbpPairings' TRF(bx) line for the pairing-allocated bye's points (`U` counts a
        // win otherwise): the scores in the file and the pairing program then agree.
        extra.push(format!("BBU {:>4.1}", f64::from(format.bye_halves) / 2.0));
    }
    Ok(export_trf_with(
        &header, &players, &games, &byes, &table, &extra,
    )?)
}

/// The blocks of the round to pair given before it is paired: `Z` for a withdrawn player, `H`
/// for a requested half-point bye (start numbers from 0 in pairing order).
fn beforehand(known: &Known, order: &[usize], next: u32) -> Vec<RoundBye> {
    let mut out = Vec::new();
    for (p, &i) in order.iter().enumerate() {
        let email = &known.entrants[i].email;
        let requested = known
            .requested
            .iter()
            .any(|(e, r)| e == email && *r == next);
        let code = if known.withdrawn.contains(email) {
            'Z'
        } else if requested {
            'H'
        } else {
            continue;
        };
        out.push(RoundBye {
            player: p,
            round: next,
            code,
        });
    }
    out
}

/// The header lines: no address (as in the PGN).
fn header(t: &Tournament) -> TrfHeader {
    TrfHeader {
        name: t.name.clone(),
        start: Some(t.start),
        end: Some(t.end),
        kind: Some(format!(
            "{} (correspondence, {:?})",
            if t.pairing == crate::config::Pairing::Swiss {
                "Swiss system, FIDE Dutch"
            } else {
                "round-robin tables"
            },
            t.params.mode
        )),
        time_control: Some(format!(
            "{} days / {} moves",
            t.params.period_days, t.params.period_moves
        )),
        ..TrfHeader::default()
    }
}
