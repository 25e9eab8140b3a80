//! The shell of a tournament in stages (RULES.md §12a): after each batch of letters, each
//! daily tick and each arbiter command from the command line, asks `rules::stage::next` what
//! happens now and carries it out inside the same transaction — the round's games created
//! (each knowing its round and the round's end date), the round stored, both players of each
//! game told their opponent, colour and the round's end date, the byes told. A round that
//! cannot be paired is told to the arbiter (once a day) and waits for his pairings.

use std::collections::HashMap;

use chrono::{DateTime, FixedOffset};

use crate::config::{Config, Tournament};
use crate::mail::texts::{self, Key};
use crate::reply::{Answer, queue_admin_notice_tx};
use crate::rules::game::{GameRecord, GameRound};
use crate::rules::model::{Color, Day, Kind};
use crate::rules::stage::{self, Facts, Next, Round, StageKind};
use crate::rules::standings::Outcome;
use crate::store::Tx;

use crate::reply::Result;

/// What the stage machinery knows of one tournament, read from the store.
pub struct Known {
    pub rounds: Vec<Round>,
    pub results: HashMap<u32, Outcome>,
    pub withdrawn: std::collections::HashSet<String>,
    pub requested: Vec<(String, u32)>,
    pub entrants: Vec<stage::Entrant>,
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
        })
    }

    pub fn facts(&self) -> Facts<'_> {
        Facts {
            entrants: &self.entrants,
            rounds: &self.rounds,
            results: &self.results,
            withdrawn: &self.withdrawn,
            requested: &self.requested,
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
    crate::report::outcome(g)
}

/// The n of a game id `<tournament>/<n>`.
pub fn game_number(id: &str) -> Option<u32> {
    id.rsplit('/').next()?.parse().ok()
}

/// Starts every round that is due now, in every tournament in stages; returns the number of
/// messages queued.
pub fn advance(
    tx: &Tx<'_>,
    config: &Config,
    now: DateTime<FixedOffset>,
    today: Day,
) -> Result<usize> {
    let mut queued = 0;
    for t in config.tournaments.iter().filter(|t| t.pairing.staged()) {
        let Some(format) = t.format() else { continue };
        if today < format.start {
            continue;
        }
        // Fast path: a round in play (its games unfinished) decides nothing new.
        if tx.unfinished_games(&t.id)? > 0 {
            continue;
        }
        loop {
            let known = Known::read(tx, t)?;
            match stage::next(&format, &known.facts(), today) {
                Ok(Next::Start(round)) => queued += start_round(tx, config, t, &round, now)?,
                Ok(Next::Wait | Next::Over) => break,
                Err(e) => {
                    tracing::warn!(tournament = %t.id, "the next round cannot be paired: {e}");
                    let lang = config.language_of(&t.arbiter);
                    let body = texts::fill(
                        lang,
                        Key::StageCannotPair,
                        &[("tournament", &t.id), ("why", &e)],
                    );
                    queue_admin_notice_tx(
                        tx,
                        config,
                        &t.arbiter,
                        &format!("{}: {}", t.id, e),
                        &body,
                        &format!("stage:{}", t.id),
                        now,
                    )?;
                    queued += 1;
                    break;
                }
            }
        }
    }
    Ok(queued)
}

/// Carries out a round: its games, the round itself, the letters.
pub fn start_round(
    tx: &Tx<'_>,
    config: &Config,
    t: &Tournament,
    round: &Round,
    now: DateTime<FixedOffset>,
) -> Result<usize> {
    let mut out = Answer::unprompted(config, format!("round:{}:{}", t.id, round.number), now);
    let mut queued = 0;
    for g in &round.games {
        let id = crate::rules::pairing::game_id(&t.id, g.game);
        let mut rec = GameRecord::new(
            id.clone(),
            t.id.clone(),
            g.white.clone(),
            g.black.clone(),
            t.params.clone(),
            t.notation,
            round.start,
        );
        rec.round = Some(GameRound {
            number: round.number,
            stage: round.stage,
            end: round.end,
        });
        tx.put_game(g.game, &rec)?;
        for (me, opp, colour) in [
            (&g.white, &g.black, Color::White),
            (&g.black, &g.white, Color::Black),
        ] {
            let lang = config.language_of(me);
            let stage = match round.stage {
                StageKind::Swiss => texts::text(lang, Key::StageSwiss).to_string(),
                StageKind::Tables => {
                    texts::fill(lang, Key::StageTables, &[("table", &g.group.unwrap_or(1))])
                }
                StageKind::Knockout => texts::fill(
                    lang,
                    Key::StageKnockout,
                    &[("games", &t.stages.map_or(2, |s| s.knockout_games))],
                ),
            };
            let (colour_word, first) = match colour {
                Color::White => (Key::White, Key::RoundFirstWhite),
                Color::Black => (Key::Black, Key::RoundFirstBlack),
            };
            let values: [(&str, &dyn std::fmt::Display); 10] = [
                ("tournament", &t.name),
                ("round", &round.number),
                ("stage", &stage),
                ("game", &id),
                ("colour", &texts::text(lang, colour_word)),
                ("opponent", &config.name_of(opp)),
                ("start", &round.start),
                ("end", &round.end),
                ("first", &texts::text(lang, first)),
                ("points", &""),
            ];
            let subject = texts::fill(lang, Key::RoundSubject, &values);
            let body = texts::fill(lang, Key::RoundStarted, &values);
            out.queue(tx, me, Kind::Notice, Some(&id), subject, body)?;
            queued += 1;
        }
    }
    for bye in &round.byes {
        let lang = config.language_of(&bye.player);
        let points = crate::rules::standings::fmt_num(f64::from(bye.halves) / 2.0);
        let values: [(&str, &dyn std::fmt::Display); 3] = [
            ("tournament", &t.name),
            ("round", &round.number),
            ("points", &points),
        ];
        let subject = texts::fill(lang, Key::ByeSubject, &values);
        let body = texts::fill(lang, Key::ByeTold, &values);
        out.queue(tx, &bye.player, Kind::Notice, None, subject, body)?;
        queued += 1;
    }
    tx.put_round(&t.id, round)?;
    tracing::info!(
        tournament = %t.id, round = round.number, stage = round.stage.as_str(),
        games = round.games.len(), byes = round.byes.len(), "round started"
    );
    Ok(queued)
}

/// The staged tournaments whose games meet a round's end date by `today`: the tick looks at
/// their games even when the clocks have nothing due (Art. 49–53 at a round's end).
pub fn rounds_ended(tx: &Tx<'_>, config: &Config, today: Day) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for t in config.tournaments.iter().filter(|t| t.pairing.staged()) {
        if tx.rounds(&t.id)?.iter().any(|r| r.end <= today) {
            out.push(t.id.clone());
        }
    }
    Ok(out)
}

/// Art. 47, 56: a withdrawn or excluded player is not paired again in any tournament in stages
/// he plays in.
pub fn mark_withdrawn(tx: &Tx<'_>, config: &Config, player: &str, today: Day) -> Result<()> {
    for t in config.tournaments.iter().filter(|t| t.pairing.staged()) {
        if t.players
            .iter()
            .any(|p| p.email.eq_ignore_ascii_case(player))
        {
            tx.mark_withdrawn(&t.id, &player.to_lowercase(), &today.to_string())?;
        }
    }
    Ok(())
}

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
    /// Who paired the rounds (§709.2).
    pub paired_by: String,
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
    let imported = known
        .rounds
        .iter()
        .any(|r| r.paired_by == PairedBy::Imported);
    let paired_by = if imported {
        "amici (FIDE Dutch system, C.04.3) and another program's pairings, imported (§709.1)"
    } else {
        "amici (FIDE Dutch system, C.04.3; Berger tables; a seeded knockout bracket)"
    };
    Some(StagedTable {
        table,
        reached,
        final_places: final_places.is_some(),
        paired_by: paired_by.to_string(),
    })
}
