//! Carrying out the arbiter's commands (from a letter of the arbiter's address or from
//! `amici arbiter …`) and players' leave requests: each in the caller's transaction, logged in
//! `events` with its article, and told to those concerned.

use chrono::{DateTime, FixedOffset, Months};
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

/// Art. 46: a move sent during leave ends the leave in that game from that day. Returns
/// whether a leave ended (the record's suspensions changed).
pub fn record_move(
    tx: &Tx<'_>,
    rec: &mut GameRecord,
    color: Color,
    sent: Day,
) -> Result<bool, EngineError> {
    let email = rec.address(color).to_string();
    let mut book = tx.leave_book(&email)?;
    if book.leaves.is_empty() || book.record_move(&rec.id, sent).is_empty() {
        return Ok(false);
    }
    tx.put_leave_book(&email, &book)?;
    rec.suspensions.retain(|s| s.color != Some(color));
    rec.suspensions.extend(book.suspensions(&rec.id, color));
    Ok(true)
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
            // Art. 50: at most 6 months beyond the end date.
            let limit = t.end.checked_add_months(Months::new(6)).unwrap_or(t.end);
            if *to <= t.end || *to > limit {
                return Ok(Err(format!(
                    "Art. 50: the new end date must be after {} and at most 6 months later ({limit})",
                    t.end
                )));
            }
            // Games of a removed player (Art. 47 А) do not count either way.
            let games: Vec<GameRecord> = tx
                .games()?
                .into_iter()
                .filter(|g| {
                    g.tournament == *tournament && g.termination != Some(Termination::Removed)
                })
                .collect();
            let finished = games
                .iter()
                .filter(|g| g.status == Status::Finished)
                .count();
            let share = if games.is_empty() {
                100.0
            } else {
                100.0 * finished as f64 / games.len() as f64
            };
            // Art. 50: only when fewer than 91% of the games are finished, and announced at
            // least 30 days before the end date.
            if share >= 91.0 {
                return Ok(Err(format!(
                    "Art. 50: {share:.0}% of the games are finished (91% or more): no extension"
                )));
            }
            if today > t.end - chrono::Duration::days(30) {
                return Ok(Err(format!(
                    "Art. 50: an extension must be announced at least 30 days before the end date {}",
                    t.end
                )));
            }
            // Are the places decided? The leader against what each other player could reach.
            let mut points: std::collections::HashMap<&str, (f64, f64)> =
                std::collections::HashMap::new();
            for g in &games {
                let (w, b) = match g.result {
                    Some(GameResult::WhiteWins) => (1.0, 0.0),
                    Some(GameResult::BlackWins) => (0.0, 1.0),
                    Some(GameResult::Draw) => (0.5, 0.5),
                    Some(GameResult::BothLose) => (0.0, 0.0),
                    None => {
                        points.entry(&g.white).or_default().1 += 1.0;
                        points.entry(&g.black).or_default().1 += 1.0;
                        continue;
                    }
                };
                points.entry(&g.white).or_default().0 += w;
                points.entry(&g.black).or_default().0 += b;
            }
            let mut table: Vec<(f64, f64)> = points.values().copied().collect();
            table.sort_by(|a, b| b.0.total_cmp(&a.0));
            let decided = match table.as_slice() {
                [first, rest @ ..] => rest.iter().all(|p| p.0 + p.1 < first.0),
                [] => true,
            };
            if decided {
                return Ok(Err(format!(
                    "Art. 50: the winner is already decided ({finished} of {} games finished, {share:.0}%): no extension",
                    games.len()
                )));
            }
            tx.set_meta(&format!("end:{tournament}"), &to.to_string())?;
            let what = format!(
                "end date of {tournament} extended to {to} ({finished} of {} games finished, {share:.0}%; the winner is {}decided)",
                games.len(),
                if decided { "already " } else { "not yet " }
            );
            tx.log_event(&at, None, "arbiter", &format!("Art. 50: {what}"))?;
            for g in games.iter().filter(|g| g.status != Status::Finished) {
                let effects: Vec<game::Effect> = [Role::White, Role::Black]
                    .into_iter()
                    .map(|to_| game::Effect {
                        to: to_,
                        kind: Kind::Decision,
                        msg: Msg::Announcement {
                            text: format!("{what}. Art. 50."),
                        },
                    })
                    .collect();
                reply::emit(tx, config, out, g, &effects, today)?;
            }
            Ok(Ok(what))
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
            let mut done = Vec::new();
            // Art. 47 А: a player who never moved is removed from the tournament.
            let never_moved = games.iter().all(|g| {
                let Some(color) = g.color_of(player) else {
                    return true;
                };
                let first = if color == Color::White { 0 } else { 1 };
                g.moves.len() <= first
            });
            for rec in games
                .iter()
                .filter(|g| g.status != Status::Finished || (never_moved && !*illness))
            {
                let Some(color) = rec.color_of(player) else {
                    continue;
                };
                if never_moved && !*illness {
                    if let Ok(line) = apply(
                        game::remove(rec),
                        out,
                        "removed: the player never moved",
                        "47",
                    )? {
                        done.push(line);
                    }
                    continue;
                }
                let h = if *illness {
                    // Art. 48: unfinished games go to adjudication.
                    game::start_adjudication(rec, today)
                } else {
                    // Art. 47 А: unfinished games are lost.
                    game::set_result(rec, win_for(color.other()), Termination::Forfeit)
                };
                if let Ok(line) = apply(
                    h,
                    out,
                    if *illness {
                        "to adjudication (withdrawal)"
                    } else {
                        "lost by withdrawal"
                    },
                    if *illness { "48" } else { "47" },
                )? {
                    done.push(line);
                }
            }
            Ok(Ok(format!(
                "{player} withdrawn: {}",
                if done.is_empty() {
                    "no unfinished game".into()
                } else {
                    done.join("; ")
                }
            )))
        }
        ArbiterCommand::Replace { old, new } => {
            // Art. 47 Б: the new player must be registered (a reserve) and, in a team section,
            // of the same team.
            let Some(t) = config
                .tournaments
                .iter()
                .find(|t| t.players.iter().any(|p| p.email.eq_ignore_ascii_case(old)))
            else {
                return Ok(Err(format!("{old} is not a registered player")));
            };
            if !t.players.iter().any(|p| p.email.eq_ignore_ascii_case(new)) {
                return Ok(Err(format!(
                    "{new} is not registered in {}: add him to the players first",
                    t.id
                )));
            }
            if t.teams.is_empty() {
                return Ok(Err(
                    "Art. 47 Б: replacements are for team sections only".to_string()
                ));
            }
            if t.team_of(old) != t.team_of(new) && t.team_of(new).is_some() {
                return Ok(Err(format!("{new} plays for another team")));
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
            let mut done = Vec::new();
            for rec in tx
                .games_of(player)?
                .iter()
                .filter(|g| g.status != Status::Finished && in_scope(&g.tournament))
            {
                let Some(color) = rec.color_of(player) else {
                    continue;
                };
                if let Ok(line) = apply(
                    game::set_result(rec, win_for(color.other()), Termination::Forfeit),
                    out,
                    "forfeit by exclusion",
                    "56",
                )? {
                    done.push(line);
                }
            }
            Ok(Ok(format!(
                "{player} excluded: {}",
                if done.is_empty() {
                    "no unfinished game".into()
                } else {
                    done.join("; ")
                }
            )))
        }
    }
}
