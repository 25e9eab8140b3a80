//! Carrying out the arbiter's commands (from a letter of the arbiter's address or from
//! `amici arbiter …`) and players' leave requests: each in the caller's transaction, logged in
//! `events` with its article, and told to those concerned.

use chrono::{DateTime, FixedOffset};
use shakmaty::Color;

use crate::config::Config;
use crate::config::local_day;
use crate::reply::{self, Answer, EngineError};
use crate::rules::arbiter::ArbiterCommand;
use crate::rules::game::{self, GameRecord, Msg, Role, Status, Termination};
use crate::rules::leave::LeaveBook;
use crate::rules::model::{Day, GameResult, Kind};
use crate::store::Tx;

/// The outcome of one command, in words for the arbiter (English: the log and the CLI).
pub type Outcome = Result<String, String>;

fn win_for(c: Color) -> GameResult {
    if c == Color::White {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

/// The end date in force: the configured one or the arbiter's extension (Art. 50).
pub fn end_date(
    tx: &Tx<'_>,
    config: &Config,
    tournament: &str,
) -> Result<Option<Day>, EngineError> {
    let Some(t) = config.tournament(tournament) else {
        return Ok(None);
    };
    let ext = tx
        .meta(&format!("end:{tournament}"))?
        .and_then(|s| s.parse::<Day>().ok());
    Ok(Some(ext.map_or(t.end, |e| e.max(t.end))))
}

/// Periods of end-date extension of the tournament (Art. 42 note 2: no ordinary leave then).
fn extensions(
    tx: &Tx<'_>,
    config: &Config,
    tournament: &str,
) -> Result<Vec<(Day, Day)>, EngineError> {
    let Some(t) = config.tournament(tournament) else {
        return Ok(Vec::new());
    };
    match end_date(tx, config, tournament)? {
        Some(e) if e > t.end => Ok(vec![(t.end.succ_opt().unwrap_or(t.end), e)]),
        _ => Ok(Vec::new()),
    }
}

fn game(
    tx: &Tx<'_>,
    id: &str,
    in_scope: &dyn Fn(&str) -> bool,
) -> Result<Result<GameRecord, String>, EngineError> {
    Ok(tx
        .game(id)?
        .filter(|g| in_scope(&g.tournament))
        .ok_or_else(|| format!("no game {id} in your tournaments")))
}

/// Applies a player's leave book to every unfinished game of his: his suspensions are
/// replaced by the book's, and his opponents and the arbiter are told.
fn apply_leave(
    tx: &Tx<'_>,
    config: &Config,
    out: &mut Answer<'_>,
    email: &str,
    book: &LeaveBook,
    announce: Option<(Day, Day, bool)>,
    today: Day,
) -> Result<(), EngineError> {
    // The player and the arbiter are told once (with the first game); every opponent once
    // for his game.
    let mut first = true;
    for mut rec in tx.games_of(email)? {
        if rec.status == Status::Finished {
            continue;
        }
        let Some(color) = rec.color_of(email) else {
            continue;
        };
        rec.suspensions.retain(|s| s.color != Some(color));
        rec.suspensions.extend(book.suspensions(&rec.id, color));
        tx.update_game(&rec)?;
        if let Some((from, to, special)) = announce {
            let msg = Msg::Leave {
                who: Role::of(color),
                from,
                to,
                special,
            };
            let to: Vec<Role> = if first {
                vec![Role::of(color), Role::of(color.other()), Role::Arbiter]
            } else {
                vec![Role::of(color.other())]
            };
            first = false;
            let effects: Vec<game::Effect> = to
                .into_iter()
                .map(|to| game::Effect {
                    to,
                    kind: Kind::Leave,
                    msg: msg.clone(),
                })
                .collect();
            reply::emit(tx, config, out, &rec, &effects, today)?;
        }
    }
    Ok(())
}

/// A player's leave request by letter (Art. 41, 42, 44).
pub(crate) fn request_leave(
    tx: &Tx<'_>,
    config: &Config,
    out: &mut Answer<'_>,
    rec: &GameRecord,
    color: Color,
    from: Day,
    to: Day,
    today: Day,
) -> Result<(), EngineError> {
    let email = rec.address(color).to_string();
    let mut book = tx.leave_book(&email)?;
    let ext = extensions(tx, config, &rec.tournament)?;
    match book.request(&rec.params, from, to, today, &ext) {
        Ok(_) => {
            tx.put_leave_book(&email, &book)?;
            tx.log_event(
                &out.now.to_rfc3339(),
                Some(&rec.id),
                "leave",
                &format!("Art. 44: {email} {from} – {to}"),
            )?;
            apply_leave(
                tx,
                config,
                out,
                &email,
                &book,
                Some((from, to, false)),
                today,
            )
        }
        Err(e) => {
            let effects = [game::Effect {
                to: Role::of(color),
                kind: Kind::Leave,
                msg: Msg::LeaveRefused {
                    reason: e.to_string(),
                },
            }];
            reply::emit(tx, config, out, rec, &effects, today)
        }
    }
}

/// Runs one arbiter command in the caller's transaction.
pub(crate) fn execute(
    tx: &Tx<'_>,
    config: &Config,
    out: &mut Answer<'_>,
    cmd: &ArbiterCommand,
    now: DateTime<FixedOffset>,
    scope: Option<&[String]>,
) -> Result<Outcome, EngineError> {
    // An arbiter's letter acts on his own tournaments only; the command line (the admin) on all.
    let in_scope = |tournament: &str| scope.is_none_or(|ids| ids.iter().any(|t| t == tournament));
    let today = local_day(config, now);
    let at = now.to_rfc3339();
    let apply = |h: game::Handled,
                 out: &mut Answer<'_>,
                 what: &str,
                 article: &str|
     -> Result<Outcome, EngineError> {
        let Some(next) = h.record else {
            return Ok(Err("nothing to change".into()));
        };
        tx.update_game(&next)?;
        tx.log_event(
            &at,
            Some(&next.id),
            "arbiter",
            &format!("Art. {article}: {what}"),
        )?;
        reply::emit(tx, config, out, &next, &h.effects, today)?;
        Ok(Ok(format!("{}: {what} (Art. {article})", next.id)))
    };
    match cmd {
        ArbiterCommand::Confirm { game: id, claim }
        | ArbiterCommand::Reject { game: id, claim } => {
            let confirm = matches!(cmd, ArbiterCommand::Confirm { .. });
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            match game::decide_claim(&rec, *claim, confirm, today) {
                Ok(h) => apply(
                    h,
                    out,
                    if confirm {
                        "overstep claim confirmed"
                    } else {
                        "overstep claim rejected"
                    },
                    "38",
                ),
                Err(e) => Ok(Err(format!("{id}: {e}"))),
            }
        }
        ArbiterCommand::Penalty {
            game: id,
            color,
            days,
            reason,
        } => {
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            let h = game::arbiter_penalty(&rec, *color, *days, reason, today);
            // The article the penalty cites (Art. 22, 40 … in its reason; else 56).
            let article = h
                .record
                .as_ref()
                .and_then(|r| r.penalties.last())
                .map_or_else(|| "56".to_string(), |p| p.article.clone());
            apply(
                h,
                out,
                &format!(
                    "{days:+} days to {} ({reason})",
                    if *color == Color::White {
                        "White"
                    } else {
                        "Black"
                    }
                ),
                &article,
            )
        }
        ArbiterCommand::Forfeit { game: id, loser } => {
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            let result = loser.map_or(GameResult::BothLose, |l| win_for(l.other()));
            apply(
                game::set_result(&rec, result, Termination::Forfeit),
                out,
                &format!("forfeit, {}", result.pgn()),
                "56",
            )
        }
        ArbiterCommand::Result {
            game: id,
            result,
            adjudication,
        } => {
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            let (term, art) = if *adjudication {
                (Termination::Adjudication, "53")
            } else {
                (Termination::ArbiterDecision, "56")
            };
            // An adjudication records its day: appeals run 7 days from it (Art. 55).
            let h = if term == Termination::Adjudication {
                game::adjudicate(&rec, *result, today)
            } else {
                game::set_result(&rec, *result, term)
            };
            apply(h, out, &format!("result {}", result.pgn()), art)
        }
        ArbiterCommand::Leave { player, from, to } => {
            let plays_here = config.tournaments.iter().any(|t| {
                in_scope(&t.id)
                    && t.players
                        .iter()
                        .any(|p| p.email.eq_ignore_ascii_case(player))
            });
            if !config.is_player(player) || !plays_here {
                return Ok(Err(format!("{player} is not a registered player")));
            }
            let mut book = tx.leave_book(player)?;
            if let Err(e) = book.grant_special(*from, *to, today) {
                return Ok(Err(e.to_string()));
            }
            tx.put_leave_book(player, &book)?;
            tx.log_event(
                &at,
                None,
                "arbiter",
                &format!("Art. 43: special leave {player} {from} – {to}"),
            )?;
            apply_leave(
                tx,
                config,
                out,
                player,
                &book,
                Some((*from, *to, true)),
                today,
            )?;
            Ok(Ok(format!(
                "special leave for {player} {from} – {to} (Art. 43)"
            )))
        }
        ArbiterCommand::Resend { game: id } => {
            // RULES.md §3: the bounced forward goes again, to the game's address of the
            // player; its delivery ends the dead time (engine::record_sends).
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            if !crate::rules::bounce::waiting_for_delivery(&rec) {
                return Ok(Err(format!("{id}: no bounced move waits to be delivered")));
            }
            let Some(failed) = tx.awaited_in(id)? else {
                return Ok(Err(format!("{id}: no bounced move waits to be delivered")));
            };
            let Some(row) = tx.outbox_by_id(failed)? else {
                return Ok(Err(format!("{id}: the bounced message is gone")));
            };
            let to = rec
                .to_move()
                .map(|c| rec.address(c).to_string())
                .unwrap_or(row.recipient.clone());
            let n = tx.count_resends(id)?;
            let message_id = crate::mail::outbound::stable_message_id(
                &format!("{}:resend:{}:{n}", tx.instance(), row.id),
                &config.bot.address,
            );
            let raw = crate::mail::headers::resent(&row.raw, &to, &message_id);
            let new_id = tx.queue_returning(
                None,
                &crate::store::NewOutgoing {
                    message_id,
                    recipient: to.clone(),
                    kind: row.kind.clone(),
                    game: row.game.clone(),
                    raw,
                },
                &at,
            )?;
            tx.await_delivery(new_id, id)?;
            tx.log_event(
                &at,
                Some(id),
                "arbiter",
                &format!("RULES.md §3: the bounced move re-sent to {to}"),
            )?;
            Ok(Ok(format!(
                "{id}: the move is sent again to {to}; the game goes on once it is delivered (RULES.md §3)"
            )))
        }
        ArbiterCommand::Extend { tournament, to } => {
            let Some(t) = config.tournament(tournament).filter(|t| in_scope(&t.id)) else {
                return Ok(Err(format!("no tournament {tournament}")));
            };
            let games: Vec<GameRecord> = tx
                .games()?
                .into_iter()
                .filter(|g| g.tournament == *tournament)
                .collect();
            let ext = match game::extend_end_date(tournament, &games, t.end, *to, today) {
                Ok(e) => e,
                Err(why) => return Ok(Err(why)),
            };
            tx.set_meta(&format!("end:{tournament}"), &ext.to.to_string())?;
            tx.log_event(&at, None, "arbiter", &format!("Art. 50: {}", ext.what))?;
            for (id, effects) in &ext.told {
                if let Some(g) = games.iter().find(|g| g.id == *id) {
                    reply::emit(tx, config, out, g, effects, today)?;
                }
            }
            Ok(Ok(ext.what))
        }
        ArbiterCommand::Withdraw { player, illness } => {
            let games: Vec<GameRecord> = tx
                .games_of(player)?
                .into_iter()
                .filter(|g| in_scope(&g.tournament))
                .collect();
            if games.is_empty() {
                return Ok(Err(format!("{player} plays no game")));
            }
            let changes = game::withdraw(&games, player, *illness, today);
            let done = apply_all(changes, out, &apply)?;
            Ok(Ok(format!("{player} withdrawn: {done}")))
        }
        ArbiterCommand::Replace { old, new } => {
            let Some(t) = config
                .tournaments
                .iter()
                .find(|t| t.players.iter().any(|p| p.email.eq_ignore_ascii_case(old)))
            else {
                return Ok(Err(format!("{old} is not a registered player")));
            };
            let facts = game::ReplacementFacts {
                tournament: &t.id,
                registered: t.players.iter().any(|p| p.email.eq_ignore_ascii_case(new)),
                team_section: !t.teams.is_empty(),
                old_team: t.team_of(old),
                new_team: t.team_of(new),
            };
            if let Err(why) = game::replacement_allowed(new, &facts) {
                return Ok(Err(why));
            }
            let mut done = Vec::new();
            for rec in tx
                .games_of(old)?
                .iter()
                .filter(|g| g.status != Status::Finished && in_scope(&g.tournament))
            {
                if let Some(h) = game::replace_player(rec, old, new, today)
                    && let Ok(line) = apply(h, out, &format!("{old} replaced by {new}"), "47")?
                {
                    done.push(line);
                }
            }
            Ok(Ok(if done.is_empty() {
                format!("{old} has no unfinished game")
            } else {
                done.join("; ")
            }))
        }
        ArbiterCommand::Overstep { game: id, color } => {
            let rec = match game(tx, id, &in_scope)? {
                Ok(r) => r,
                Err(e) => return Ok(Err(e)),
            };
            match game::declare_overstep(&rec, *color, today) {
                Ok(h) => apply(h, out, "overstep declared as a sanction", "56"),
                Err(e) => Ok(Err(format!("{id}: {e}"))),
            }
        }
        ArbiterCommand::Exclude { player } => {
            let games: Vec<GameRecord> = tx
                .games_of(player)?
                .into_iter()
                .filter(|g| in_scope(&g.tournament))
                .collect();
            let done = apply_all(game::exclude(&games, player), out, &apply)?;
            Ok(Ok(format!("{player} excluded: {done}")))
        }
    }
}

/// Carries out one decision over several games (withdrawal, exclusion) game by game; the
/// lines of what was done, or "no unfinished game".
fn apply_all(
    changes: Vec<game::Change>,
    out: &mut Answer<'_>,
    apply: &dyn Fn(game::Handled, &mut Answer<'_>, &str, &str) -> Result<Outcome, EngineError>,
) -> Result<String, EngineError> {
    let mut done = Vec::new();
    for c in changes {
        if let Ok(line) = apply(c.handled, out, c.what, c.article)? {
            done.push(line);
        }
    }
    Ok(if done.is_empty() {
        "no unfinished game".into()
    } else {
        done.join("; ")
    })
}
