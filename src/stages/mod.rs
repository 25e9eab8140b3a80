//! The shell of a tournament in stages (RULES.md §12a): after each batch of letters, each
//! daily tick and each arbiter command from the command line, asks `rules::stage::next` what
//! happens now and carries it out inside the same transaction — the round's games created
//! (each knowing its round and the round's end date), the round stored, both players of each
//! game told their opponent, colour and the round's end date, the byes told. A round that
//! cannot be paired is told to the arbiter (once a day) and waits for his pairings.

use chrono::{DateTime, FixedOffset};

use crate::config::{Config, Tournament};
use crate::mail::texts::{self, Key};
use crate::reply::{Answer, queue_admin_notice_tx};
use crate::rules::game::{GameRecord, GameRound};
use crate::rules::model::{Color, Day, Kind};
use crate::rules::stage::{self, Next, Round, StageKind};
use crate::store::Tx;

use crate::reply::Result;

mod import;
pub use import::import_pairings;

use crate::rounds::Known;

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
        // A tournament over (its final places told) starts nothing more: its games are not
        // read again after every batch.
        if held(tx, &t.id)?
            || tx.meta(&over_key(&t.id))?.is_some()
            || last_round_in_play(tx, &t.id)?
        {
            continue;
        }
        loop {
            let known = Known::read(tx, t)?;
            match stage::next(&format, &known.facts(), today) {
                Ok(Next::Start(round)) => queued += start_round(tx, config, t, &round, now)?,
                Ok(Next::Over) => {
                    queued += tell_over(tx, config, t, &known, now)?;
                    break;
                }
                Ok(Next::Wait) => break,
                Err(e) => {
                    tracing::warn!(tournament = %t.id, "the next round cannot be paired: {e}");
                    let lang = config.language_of(&t.arbiter);
                    let why = crate::mail::render::transcript::stage_error(lang, &e);
                    let body = texts::fill(
                        lang,
                        Key::StageCannotPair,
                        &[("tournament", &t.id), ("why", &why)],
                    );
                    queue_admin_notice_tx(
                        tx,
                        config,
                        &t.arbiter,
                        &format!("{}: {why}", t.id),
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
    let mut out = Answer::unprompted(
        config,
        format!("round:{}:{}:{}", t.id, round.number, round_digest(round)),
        now,
    );
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
    queued += round_sheet(tx, config, t, round, &mut out)?;
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
    let key = crate::rounds::numbers_key(&t.id);
    if tx.meta(&key)?.is_none() {
        let entrants = t.entrants();
        let order: Vec<&str> = stage::pairing_order(&entrants)
            .into_iter()
            .map(|i| entrants[i].email.as_str())
            .collect();
        tx.set_meta(&key, &serde_json::to_string(&order).unwrap_or_default())?;
    }
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
/// he plays in (those in `scope`: the arbiter's own). Returns whether he plays in one.
pub fn mark_withdrawn(
    tx: &Tx<'_>,
    config: &Config,
    player: &str,
    today: Day,
    scope: Option<&[String]>,
) -> Result<bool> {
    let mut any = false;
    for t in staged_in_scope(config, scope) {
        if t.players
            .iter()
            .any(|p| p.email.eq_ignore_ascii_case(player))
        {
            tx.mark_withdrawn(&t.id, &player.to_lowercase(), &today.to_string())?;
            any = true;
        }
    }
    Ok(any)
}

/// The tournaments in stages an arbiter may act on: all for the command line (`None`), his own
/// for a letter.
fn staged_in_scope<'c>(
    config: &'c Config,
    scope: Option<&'c [String]>,
) -> impl Iterator<Item = &'c Tournament> + 'c {
    config
        .tournaments
        .iter()
        .filter(move |t| t.pairing.staged() && scope.is_none_or(|ids| ids.contains(&t.id)))
}

/// The meta key of a tournament whose next round waits for the arbiter (`unpair`): it is
/// paired again by `pair` or `pair --import`, not by itself.
pub fn hold_key(tournament: &str) -> String {
    format!("stage_hold:{tournament}")
}

fn held(tx: &Tx<'_>, tournament: &str) -> crate::store::Result<bool> {
    Ok(tx
        .meta(&hold_key(tournament))?
        .is_some_and(|v| !v.is_empty()))
}

/// The arbiter's commands for a tournament in stages (issue 12 item 8): `pair` (the next
/// round now, when the previous one is complete), `unpair ROUND` (before any move of it; the
/// next round then waits for `pair` or `pair --import`), `bye PLAYER ROUND` (a requested
/// half-point bye, where `requested_byes` allows it).
pub fn command(
    tx: &Tx<'_>,
    config: &Config,
    cmd: &crate::rules::arbiter::ArbiterCommand,
    now: DateTime<FixedOffset>,
    scope: Option<&[String]>,
) -> Result<crate::rules::game::Outcome> {
    use crate::rules::arbiter::ArbiterCommand as C;
    use crate::rules::game::{Done, Refused, StageRefusal as R};
    let today = crate::config::local_day(config, now);
    let refuse = |r: R| Ok(Err(Refused::Stage(r)));
    let staged = |id: &str| {
        staged_in_scope(config, scope)
            .find(|t| t.id == id)
            .ok_or_else(|| R::NotStaged {
                tournament: id.to_string(),
            })
    };
    match cmd {
        C::Pair { tournament } => {
            let t = match staged(tournament) {
                Ok(t) => t,
                Err(r) => return refuse(r),
            };
            tx.set_meta(&hold_key(&t.id), "")?;
            let before = tx.rounds(&t.id)?.len();
            advance(tx, config, now, today)?;
            let after = tx.rounds(&t.id)?;
            match after.get(before..).and_then(|r| r.first()) {
                Some(r) => Ok(Ok(Done::RoundPaired {
                    tournament: t.id.clone(),
                    round: r.number,
                    games: r.games.len(),
                    byes: r.byes.len(),
                })),
                None => refuse(why_no_round(tx, t, today)?),
            }
        }
        C::PairAttached {
            tournament,
            program,
            pairings,
        } => {
            let t = match staged(tournament) {
                Ok(t) => t,
                Err(r) => return refuse(r),
            };
            if pairings.trim().is_empty() {
                return refuse(R::NoPairingsAttached {
                    tournament: t.id.clone(),
                });
            }
            match import::start_imported(tx, config, t, pairings, program.as_deref(), now)? {
                Ok(r) => Ok(Ok(Done::RoundPaired {
                    tournament: t.id.clone(),
                    round: r.number,
                    games: r.games.len(),
                    byes: r.byes.len(),
                })),
                Err(why) => refuse(R::PairingsRefused {
                    tournament: t.id.clone(),
                    why,
                }),
            }
        }
        C::Unpair { tournament, round } => {
            let t = match staged(tournament) {
                Ok(t) => t,
                Err(r) => return refuse(r),
            };
            let rounds = tx.rounds(&t.id)?;
            let mut begun = std::collections::HashSet::new();
            if let Some(last) = rounds.last() {
                for g in &last.games {
                    let id = crate::rules::pairing::game_id(&t.id, g.game);
                    if tx.game(&id)?.is_some_and(|r| r.begun()) {
                        begun.insert(g.game);
                    }
                }
            }
            let last = match stage::commands::unpair(&t.id, &rounds, *round, |g| begun.contains(&g))
            {
                Ok(r) => r,
                Err(r) => return refuse(r),
            };
            take_back(tx, config, t, last, now)?;
            Ok(Ok(Done::RoundUnpaired {
                tournament: t.id.clone(),
                round: *round,
                games: last.games.len(),
            }))
        }
        C::Bye { player, round } => {
            let Some(t) = staged_in_scope(config, scope).find(|t| {
                t.players
                    .iter()
                    .any(|p| p.email.eq_ignore_ascii_case(player))
            }) else {
                return refuse(R::NotInSwiss {
                    player: player.clone(),
                });
            };
            let Some(format) = t.format() else {
                return refuse(R::NotStaged {
                    tournament: t.id.clone(),
                });
            };
            let allowed = t.stages.is_some_and(|s| s.requested_byes);
            let rounds = tx.rounds(&t.id)?;
            if let Err(r) = stage::commands::bye(&t.id, &format, allowed, &rounds, *round) {
                return refuse(r);
            }
            tx.request_bye(&t.id, &player.to_lowercase(), *round)?;
            Ok(Ok(Done::ByeRequested {
                player: player.clone(),
                tournament: t.id.clone(),
                round: *round,
            }))
        }
        _ => refuse(R::NotStaged {
            tournament: String::new(),
        }),
    }
}

/// The tournament is over (the final decided, or the first stage without a top): the final
/// places of §708 told once to every player and the arbiter, each in his language.
fn tell_over(
    tx: &Tx<'_>,
    config: &Config,
    t: &Tournament,
    known: &Known,
    now: DateTime<FixedOffset>,
) -> Result<usize> {
    let key = over_key(&t.id);
    if tx.meta(&key)?.is_some() {
        return Ok(0);
    }
    let Some(st) = crate::rounds::staged_table(t, known) else {
        return Ok(0);
    };
    if !st.final_places {
        return Ok(0);
    }
    tx.set_meta(&key, &crate::config::local_day(config, now).to_string())?;
    let mut out = Answer::unprompted(config, format!("over:{}", t.id), now);
    let mut queued = 0;
    let to: Vec<&str> = t
        .players
        .iter()
        .map(|p| p.email.as_str())
        .chain(std::iter::once(t.arbiter.as_str()))
        .collect();
    for who in to {
        let lang = config.language_of(who);
        let places: String = st
            .table
            .rows
            .iter()
            .zip(&st.reached)
            .map(|(r, stage)| {
                format!(
                    "{:>5}  {} ({})\n",
                    crate::rules::standings::rank_text(r),
                    r.name,
                    texts::stage_name(lang, stage)
                )
            })
            .collect();
        let values: [(&str, &dyn std::fmt::Display); 2] =
            [("tournament", &t.name), ("places", &places)];
        let subject = texts::fill(lang, Key::StageOverSubject, &values);
        let body = texts::fill(lang, Key::StageOver, &values);
        out.queue(tx, who, Kind::Notice, None, subject, body)?;
        queued += 1;
    }
    Ok(queued)
}

/// `unpair`: the round's games removed, their numbers never given again, the round deleted and
/// the tournament held for the arbiter; both players of each game told.
fn take_back(
    tx: &Tx<'_>,
    config: &Config,
    t: &Tournament,
    round: &Round,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    let mut out = Answer::unprompted(
        config,
        format!("unpair:{}:{}:{}", t.id, round.number, round_digest(round)),
        now,
    );
    for g in &round.games {
        let id = crate::rules::pairing::game_id(&t.id, g.game);
        tx.delete_game(&id)?;
        for who in [&g.white, &g.black] {
            let lang = config.language_of(who);
            let values: [(&str, &dyn std::fmt::Display); 3] = [
                ("tournament", &t.name),
                ("round", &round.number),
                ("game", &id),
            ];
            let subject = texts::fill(lang, Key::RoundSubject, &values);
            let body = texts::fill(lang, Key::RoundTakenBack, &values);
            out.queue(tx, who, Kind::Notice, None, subject, body)?;
        }
    }
    let top = round.games.iter().map(|g| g.game).max().unwrap_or(0);
    let floor = tx
        .meta(&crate::rounds::floor_key(&t.id))?
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(0);
    tx.set_meta(
        &crate::rounds::floor_key(&t.id),
        &(top + 1).max(floor).to_string(),
    )?;
    tx.delete_round(&t.id, round.number)?;
    tx.set_meta(&hold_key(&t.id), "held")?;
    Ok(())
}

/// A short digest of a round's pairing: the letters of a round paired again after `unpair`
/// get Message-IDs of their own.
fn round_digest(round: &Round) -> String {
    let text: String = round
        .games
        .iter()
        .map(|g| format!("{} {} {};", g.game, g.white, g.black))
        .chain(round.byes.iter().map(|b| format!("bye {};", b.player)))
        .collect();
    crate::store::hash(text.as_bytes())[..12].to_string()
}

/// The last round has a game without a result (only its games count: a game the tournament
/// got otherwise, e.g. by `amici import`, never blocks the rounds).
fn last_round_in_play(tx: &Tx<'_>, tournament: &str) -> crate::store::Result<bool> {
    let rounds = tx.rounds(tournament)?;
    let Some(last) = rounds.last() else {
        return Ok(false);
    };
    let numbers = last.games.iter().map(|g| g.game);
    let (Some(from), Some(to)) = (numbers.clone().min(), numbers.max()) else {
        return Ok(false);
    };
    Ok(tx.unfinished_games(tournament, from, to)? > 0)
}

/// The arbiter's sheet of a round that starts: every game, the byes, and for the first knockout
/// round the seeds (§708.2).
fn round_sheet(
    tx: &Tx<'_>,
    config: &Config,
    t: &Tournament,
    round: &Round,
    out: &mut Answer<'_>,
) -> Result<usize> {
    let lang = config.language_of(&t.arbiter);
    let mut lines = String::new();
    for g in &round.games {
        lines.push_str(&format!(
            "  {}: {} – {}\n",
            crate::rules::pairing::game_id(&t.id, g.game),
            config.name_of(&g.white),
            config.name_of(&g.black)
        ));
    }
    for b in &round.byes {
        let points = crate::rules::standings::fmt_num(f64::from(b.halves) / 2.0);
        lines.push_str(&format!(
            "  {}: {} ({points})\n",
            texts::text(lang, Key::ByeWord),
            config.name_of(&b.player)
        ));
    }
    if !round.seeds.is_empty() {
        lines.push_str(&format!("\n{}:\n", texts::text(lang, Key::SeedsWord)));
        for (k, s) in round.seeds.iter().enumerate() {
            lines.push_str(&format!("  {}. {}\n", k + 1, config.name_of(s)));
        }
    }
    let stage = texts::stage_name(lang, round.stage.as_str());
    let values: [(&str, &dyn std::fmt::Display); 6] = [
        ("tournament", &t.name),
        ("round", &round.number),
        ("stage", &stage),
        ("start", &round.start),
        ("end", &round.end),
        ("lines", &lines),
    ];
    let subject = texts::fill(lang, Key::RoundSheetSubject, &values);
    let body = texts::fill(lang, Key::RoundSheet, &values);
    out.queue(tx, &t.arbiter, Kind::Notice, None, subject, body)?;
    Ok(1)
}

/// The meta key set when a tournament in stages is over and its final places told.
fn over_key(tournament: &str) -> String {
    format!("stage_over:{tournament}")
}

/// Why `pair` made no round: an adjudicated result of the last round still open to appeal
/// (Art. 55), else no round is due.
fn why_no_round(
    tx: &Tx<'_>,
    t: &Tournament,
    today: Day,
) -> Result<crate::rules::stage::StageRefusal> {
    use crate::rules::stage::StageRefusal as R;
    let known = Known::read(tx, t)?;
    let facts = known.facts();
    let open = facts
        .rounds
        .last()
        .filter(|last| facts.complete(last))
        .and_then(|last| Some((last.number, facts.appeal_until(last, today)?)));
    Ok(match open {
        Some((round, until)) => R::AppealOpen {
            tournament: t.id.clone(),
            round,
            until,
        },
        None => R::NoRoundDue {
            tournament: t.id.clone(),
        },
    })
}
