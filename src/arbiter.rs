//! Carrying out the arbiter's commands (from a letter of the arbiter's address or from
//! `amici arbiter …`) and players' leave requests: each in the caller's transaction, logged in
//! `events` with its article, and told to those concerned.

use chrono::{DateTime, FixedOffset};
use shakmaty::Color;

use crate::config::Config;
use crate::config::local_day;
use crate::mail::render::transcript;
use crate::reply::{self, Answer, EngineError};
use crate::rules::arbiter::ArbiterCommand;
use crate::rules::game::{
    self, Action, Applied, Done, GameRecord, GameRefusal, Msg, Refused, Role, Termination,
};
use crate::rules::leave::LeaveBook;
use crate::rules::model::{Day, Kind, Lang};
use crate::store::Tx;

/// The outcome of one command, as data; `mail::render::transcript` words it.
pub use crate::rules::game::Outcome;

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
    Ok(Some(game::end_in_force(t.end, ext)))
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
    Ok(end_date(tx, config, tournament)?
        .map(|e| game::extension_periods(t.end, e))
        .unwrap_or_default())
}

fn game(
    tx: &Tx<'_>,
    id: &str,
    in_scope: &dyn Fn(&str) -> bool,
) -> Result<Result<GameRecord, Refused>, EngineError> {
    Ok(tx
        .game(id)?
        .filter(|g| in_scope(&g.tournament))
        .ok_or_else(|| Refused::NoGame {
            game: id.to_string(),
        }))
}

/// Carries out a leave entered in `email`'s book: every unfinished game of his as the core
/// has it (`game::leave_applied`), stored, and who is to be told, told.
fn apply_leave(
    tx: &Tx<'_>,
    config: &Config,
    out: &mut Answer<'_>,
    email: &str,
    book: &LeaveBook,
    announce: Option<(Day, Day, bool)>,
    today: Day,
) -> Result<(), EngineError> {
    let games = tx.games_of(email)?;
    for (rec, effects) in game::leave_applied(&games, email, book, announce) {
        tx.update_game(&rec)?;
        if !effects.is_empty() {
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
                msg: Msg::LeaveRefused(e),
            }];
            reply::emit(tx, config, out, rec, &effects, today)
        }
    }
}

/// One command's context: the transaction, the config, the day, and the tournaments the
/// command may act on (an arbiter's letter: his own; the command line, the admin: all).
struct Run<'t, 'c> {
    tx: &'t Tx<'c>,
    config: &'t Config,
    today: Day,
    at: String,
    scope: Option<&'t [String]>,
}

/// A decision of the core on one game: the transition, what it did, its article.
type Decided = Result<(game::Handled, Action, String), GameRefusal>;

impl Run<'_, '_> {
    fn in_scope(&self, tournament: &str) -> bool {
        self.scope
            .is_none_or(|ids| ids.iter().any(|t| t == tournament))
    }

    /// Stores a transition, logs it with its article (in English, the log's language) and
    /// tells those concerned.
    fn apply(
        &self,
        out: &mut Answer<'_>,
        h: game::Handled,
        action: Action,
        article: String,
    ) -> Result<Result<Applied, GameRefusal>, EngineError> {
        let Some(next) = h.record else {
            return Ok(Err(GameRefusal::NothingToChange));
        };
        self.tx.update_game(&next)?;
        let what = transcript::action(Lang::En, &action);
        self.tx.log_event(
            &self.at,
            Some(&next.id),
            "arbiter",
            &format!("Art. {article}: {what}"),
        )?;
        reply::emit(self.tx, self.config, out, &next, &h.effects, self.today)?;
        Ok(Ok(Applied {
            game: next.id,
            action,
            article,
        }))
    }

    /// A command on one game: the record loaded (in scope), the core's decision applied.
    fn on_game(
        &self,
        out: &mut Answer<'_>,
        id: &str,
        decide: impl FnOnce(&GameRecord) -> Decided,
    ) -> Result<Outcome, EngineError> {
        let rec = match game(self.tx, id, &|t| self.in_scope(t))? {
            Ok(r) => r,
            Err(e) => return Ok(Err(e)),
        };
        let applied = match decide(&rec) {
            Ok((h, action, article)) => self.apply(out, h, action, article)?,
            Err(why) => Err(why),
        };
        Ok(applied.map(Done::Game).map_err(|why| Refused::InGame {
            game: id.to_string(),
            why,
        }))
    }

    /// A decision over several games (withdrawal, exclusion, replacement) carried out game
    /// by game; what was done in each.
    fn apply_all(
        &self,
        out: &mut Answer<'_>,
        changes: Vec<game::Change>,
    ) -> Result<Vec<Applied>, EngineError> {
        let mut done = Vec::new();
        for c in changes {
            if let Ok(applied) = self.apply(out, c.handled, c.what, c.article.to_string())? {
                done.push(applied);
            }
        }
        Ok(done)
    }

    /// The games of `player` in scope.
    fn games_of(&self, player: &str) -> Result<Vec<GameRecord>, EngineError> {
        Ok(self
            .tx
            .games_of(player)?
            .into_iter()
            .filter(|g| self.in_scope(&g.tournament))
            .collect())
    }
}

/// Runs one arbiter command in the caller's transaction: a dispatcher over the core's
/// decisions (`rules::game`), each carried out and told.
pub(crate) fn execute(
    tx: &Tx<'_>,
    config: &Config,
    out: &mut Answer<'_>,
    cmd: &ArbiterCommand,
    now: DateTime<FixedOffset>,
    scope: Option<&[String]>,
) -> Result<Outcome, EngineError> {
    let run = Run {
        tx,
        config,
        today: local_day(config, now),
        at: now.to_rfc3339(),
        scope,
    };
    let today = run.today;
    let article = cmd.logged_article();
    match cmd {
        ArbiterCommand::Confirm { game: id, claim } => run.on_game(out, id, |rec| {
            let h = game::decide_claim(rec, *claim, true, today)?;
            Ok((h, Action::ClaimConfirmed, article))
        }),
        ArbiterCommand::Reject { game: id, claim } => run.on_game(out, id, |rec| {
            let h = game::decide_claim(rec, *claim, false, today)?;
            Ok((h, Action::ClaimRejected, article))
        }),
        ArbiterCommand::Penalty {
            game: id,
            color,
            days,
            reason,
        } => run.on_game(out, id, |rec| {
            let h = game::arbiter_penalty(rec, *color, *days, reason, today);
            let action = Action::Penalty {
                color: *color,
                days: *days,
                reason: reason.clone(),
            };
            Ok((h, action, article))
        }),
        ArbiterCommand::Forfeit { game: id, loser } => run.on_game(out, id, |rec| {
            let h = game::forfeit(rec, *loser);
            let result = h.record.as_ref().and_then(|r| r.result);
            Ok((h, Action::Forfeit { result }, article))
        }),
        ArbiterCommand::Result {
            game: id,
            result,
            adjudication,
        } => run.on_game(out, id, |rec| {
            // An adjudication records its day: appeals run 7 days from it (Art. 55).
            let h = if *adjudication {
                game::adjudicate(rec, *result, today)
            } else {
                game::set_result(rec, *result, Termination::ArbiterDecision)
            };
            Ok((h, Action::Result { result: *result }, article))
        }),
        ArbiterCommand::Post { game: id } => run.on_game(out, id, |rec| {
            let h = game::switch_to_post(rec, today)?;
            Ok((h, Action::SwitchedToPost, article))
        }),
        ArbiterCommand::Overstep { game: id, color } => run.on_game(out, id, |rec| {
            let h = game::declare_overstep(rec, *color, today)?;
            Ok((h, Action::OverstepDeclared, article))
        }),
        ArbiterCommand::Leave { player, from, to } => special_leave(&run, out, player, *from, *to),
        ArbiterCommand::Resend { game: id } => resend(&run, id),
        ArbiterCommand::Extend { tournament, to } => extend(&run, out, tournament, *to),
        ArbiterCommand::Withdraw { player, illness } => {
            let games = run.games_of(player)?;
            // A player of a tournament in stages may withdraw before his first game: he is not
            // paired again (RULES.md §12a).
            let staged = crate::stages::mark_withdrawn(run.tx, run.config, player, today, scope)?;
            if games.is_empty() && !staged {
                return Ok(Err(Refused::PlaysNoGame {
                    player: player.clone(),
                }));
            }
            let games = run.apply_all(out, game::withdraw(&games, player, *illness, today))?;
            Ok(Ok(Done::Withdrawn {
                player: player.clone(),
                games,
            }))
        }
        ArbiterCommand::Exclude { player } => {
            let games = run.games_of(player)?;
            crate::stages::mark_withdrawn(run.tx, run.config, player, today, scope)?;
            let games = run.apply_all(out, game::exclude(&games, player))?;
            Ok(Ok(Done::Excluded {
                player: player.clone(),
                games,
            }))
        }
        ArbiterCommand::Replace { old, new } => replace(&run, out, old, new),
        ArbiterCommand::Pair { .. }
        | ArbiterCommand::PairAttached { .. }
        | ArbiterCommand::Unpair { .. }
        | ArbiterCommand::Bye { .. } => crate::stages::command(tx, config, cmd, now, scope),
    }
}

/// Art. 43: special leave granted by the arbiter, also retroactive.
fn special_leave(
    run: &Run<'_, '_>,
    out: &mut Answer<'_>,
    player: &str,
    from: Day,
    to: Day,
) -> Result<Outcome, EngineError> {
    let plays_here = run.config.tournaments.iter().any(|t| {
        run.in_scope(&t.id)
            && t.players
                .iter()
                .any(|p| p.email.eq_ignore_ascii_case(player))
    });
    if !run.config.is_player(player) || !plays_here {
        return Ok(Err(Refused::NotRegistered {
            player: player.to_string(),
        }));
    }
    let mut book = run.tx.leave_book(player)?;
    if let Err(e) = book.grant_special(from, to, run.today) {
        return Ok(Err(Refused::Leave(e)));
    }
    run.tx.put_leave_book(player, &book)?;
    run.tx.log_event(
        &run.at,
        None,
        "arbiter",
        &format!("Art. 43: special leave {player} {from} – {to}"),
    )?;
    apply_leave(
        run.tx,
        run.config,
        out,
        player,
        &book,
        Some((from, to, true)),
        run.today,
    )?;
    Ok(Ok(Done::SpecialLeave {
        player: player.to_string(),
        from,
        to,
    }))
}

/// RULES.md §3: the bounced forward goes again, to the game's address of the player; its
/// delivery ends the dead time (`engine::record_sends`).
fn resend(run: &Run<'_, '_>, id: &str) -> Result<Outcome, EngineError> {
    let tx = run.tx;
    let rec = match game(tx, id, &|t| run.in_scope(t))? {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    let refused = |why| {
        Ok(Err(Refused::InGame {
            game: id.to_string(),
            why,
        }))
    };
    if !crate::rules::bounce::waiting_for_delivery(&rec) {
        return refused(GameRefusal::NoBouncedMove);
    }
    let Some(failed) = tx.awaited_in(id)? else {
        return refused(GameRefusal::NoBouncedMove);
    };
    let Some(row) = tx.outbox_by_id(failed)? else {
        return refused(GameRefusal::BouncedMessageGone);
    };
    let to = crate::rules::bounce::resend_to(&rec, &row.recipient);
    let n = tx.count_resends(id)?;
    let message_id = crate::mail::outbound::stable_message_id(
        &format!("{}:resend:{}:{n}", tx.instance(), row.id),
        &run.config.bot.address,
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
        &run.at,
    )?;
    tx.await_delivery(new_id, id)?;
    tx.log_event(
        &run.at,
        Some(id),
        "arbiter",
        &format!("RULES.md §3: the bounced move re-sent to {to}"),
    )?;
    Ok(Ok(Done::Resent {
        game: id.to_string(),
        to,
    }))
}

/// Art. 50: the end date extended, as the core decides; every unfinished game told.
fn extend(
    run: &Run<'_, '_>,
    out: &mut Answer<'_>,
    tournament: &str,
    to: Day,
) -> Result<Outcome, EngineError> {
    let Some(t) = run
        .config
        .tournament(tournament)
        .filter(|t| run.in_scope(&t.id))
    else {
        return Ok(Err(Refused::NoTournament {
            tournament: tournament.to_string(),
        }));
    };
    let games: Vec<GameRecord> = run
        .tx
        .games()?
        .into_iter()
        .filter(|g| g.tournament == tournament)
        .collect();
    let in_force = end_date(run.tx, run.config, tournament)?.unwrap_or(t.end);
    let ext = match game::extend_end_date_from(tournament, &games, t.end, in_force, to, run.today) {
        Ok(e) => e,
        Err(why) => return Ok(Err(Refused::Extension(why))),
    };
    run.tx
        .set_meta(&format!("end:{tournament}"), &ext.to.to_string())?;
    let what = transcript::done(Lang::En, &ext.done);
    run.tx
        .log_event(&run.at, None, "arbiter", &format!("Art. 50: {what}"))?;
    for (id, effects) in &ext.told {
        if let Some(g) = games.iter().find(|g| g.id == *id) {
            reply::emit(run.tx, run.config, out, g, effects, run.today)?;
        }
    }
    Ok(Ok(ext.done))
}

/// Art. 47 Б: a withdrawn player replaced in the games the core says (`game::replace`), when
/// the core allows it.
fn replace(
    run: &Run<'_, '_>,
    out: &mut Answer<'_>,
    old: &str,
    new: &str,
) -> Result<Outcome, EngineError> {
    let Some(t) = run
        .config
        .tournaments
        .iter()
        .find(|t| t.players.iter().any(|p| p.email.eq_ignore_ascii_case(old)))
    else {
        return Ok(Err(Refused::NotRegistered {
            player: old.to_string(),
        }));
    };
    let facts = game::ReplacementFacts {
        tournament: &t.id,
        registered: t.players.iter().any(|p| p.email.eq_ignore_ascii_case(new)),
        team_section: !t.teams.is_empty(),
        old_team: t.team_of(old),
        new_team: t.team_of(new),
    };
    if let Err(why) = game::replacement_allowed(new, &facts) {
        return Ok(Err(Refused::Replacement(why)));
    }
    let games = run.games_of(old)?;
    let games = run.apply_all(out, game::replace(&games, old, new, run.today))?;
    Ok(Ok(Done::Replaced {
        old: old.to_string(),
        games,
    }))
}
