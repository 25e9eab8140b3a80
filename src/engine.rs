//! The shell's processing of letters: store raw → read → route to a game → rules → persist the
//! new state and every reply in ONE transaction. Synchronous (SQLite); the daemon and `ingest`
//! both call it.

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use shakmaty::Color;

use crate::config::Config;
use crate::mail::interim as inbound;
use crate::mail::outbound::{self, Outgoing};
use crate::mail::render::{self, Names};
use crate::rules::game::{self, Effect, GameRecord, Role};
use crate::rules::model::{Day, Kind, Lang};
use crate::store::{InboundRow, NewOutgoing, Store, StoreError, Stored, Tx};

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot build a reply: {0}")]
    Build(#[from] outbound::BuildError),
}

pub type Result<T> = std::result::Result<T, EngineError>;

/// The calendar day of an instant in the configured time zone (RULES.md §3).
pub fn local_day(config: &Config, at: DateTime<FixedOffset>) -> Day {
    config
        .bot
        .timezone
        .from_utc_datetime(&at.naive_utc())
        .date_naive()
}

/// Brings the database in line with the config: every configured game exists (INTERFACE.md:
/// before any letter has arrived). Existing records are never rewritten, so nothing in flight
/// is lost when the admin edits the config.
pub fn sync_config(store: &mut Store, config: &Config) -> Result<usize> {
    store.transaction(|tx| {
        let mut created = 0;
        for t in &config.tournaments {
            for (i, g) in t.games.iter().enumerate() {
                let n = (i + 1) as u32;
                let id = format!("{}/{}", t.id, n);
                if tx.game(&id)?.is_none() {
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

/// Stores one raw letter (before anything else reads it).
pub fn store_raw(
    store: &mut Store,
    config: &Config,
    raw: &[u8],
    arrived: DateTime<FixedOffset>,
    source: &str,
    imap: Option<(&str, u32, u32)>,
) -> Result<Stored> {
    let parsed = inbound::parse(raw, &config.bot.address);
    Ok(store.store_inbound(
        raw,
        parsed.message_id.as_deref(),
        &arrived.to_rfc3339(),
        source,
        imap,
    )?)
}

/// Processes every stored, unprocessed letter; returns how many.
pub fn process_pending(
    store: &mut Store,
    config: &Config,
    now: DateTime<FixedOffset>,
) -> Result<usize> {
    let rows = store.pending_inbound()?;
    let n = rows.len();
    for row in rows {
        store.transaction(|tx| {
            let outcome = process_one(tx, config, &row, now)?;
            tx.mark_inbound_done(row.id, &outcome, &now.to_rfc3339())?;
            Ok::<_, EngineError>(())
        })?;
    }
    Ok(n)
}

/// Context of the letter being answered.
struct Answer<'a> {
    config: &'a Config,
    /// The sender of the letter answered: only messages to him are threaded under it.
    sender: String,
    inbound_id: i64,
    reply_to: Option<String>,
    references: Vec<String>,
    now: DateTime<FixedOffset>,
    seq: usize,
}

impl Answer<'_> {
    /// Queues one message; its Message-ID derives from the letter and its place among the
    /// replies, so redoing the transaction after a crash produces the same ids.
    fn queue(
        &mut self,
        tx: &Tx<'_>,
        to: &str,
        kind: Kind,
        game: Option<&str>,
        subject: String,
        body: String,
    ) -> Result<()> {
        self.seq += 1;
        let seed = format!("in:{}:{}:{}", self.inbound_id, self.seq, to);
        let message_id = outbound::stable_message_id(&seed, &self.config.bot.address);
        let to_sender = to.eq_ignore_ascii_case(&self.sender);
        // Others (the opponent, the arbiter) never saw the letter: thread their message under
        // the last one they had from the bot about this game, so their reply finds the game.
        let (in_reply_to, references) = if to_sender {
            (self.reply_to.clone(), self.references.clone())
        } else {
            match game {
                Some(g) => {
                    let last = tx.last_message_to(to, g)?;
                    (last.clone(), last.into_iter().collect())
                }
                None => (None, Vec::new()),
            }
        };
        let o = Outgoing {
            from: self.config.bot.address.clone(),
            to: to.to_string(),
            to_name: Some(self.config.name_of(to)),
            subject,
            body,
            message_id: message_id.clone(),
            in_reply_to,
            references,
            kind,
            game: game.map(str::to_string),
            date: self.now,
            auto_replied: to_sender,
        };
        let raw = outbound::build(&o)?;
        tx.queue(
            Some(self.inbound_id),
            &NewOutgoing {
                message_id,
                recipient: to.to_string(),
                kind: kind.as_str().to_string(),
                game: o.game.clone(),
                raw,
            },
            &self.now.to_rfc3339(),
        )?;
        Ok(())
    }

    fn simple(&mut self, tx: &Tx<'_>, to: &str, kind: Kind, lang: Lang, text: &str) -> Result<()> {
        let subject = match lang {
            Lang::Bg => "amici: отговор",
            Lang::Ru => "amici: ответ",
            Lang::En => "amici: reply",
        };
        self.queue(
            tx,
            to,
            kind,
            None,
            subject.to_string(),
            format!("{text}\n\n— amici\n"),
        )
    }
}

fn process_one(
    tx: &Tx<'_>,
    config: &Config,
    row: &InboundRow,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    let msg = inbound::parse(&row.raw, &config.bot.address);
    if let Some(reason) = &msg.loop_reason {
        return Ok(format!("ignored: {reason}"));
    }
    let Some(from) = msg.from.clone() else {
        return Ok("ignored: no sender".into());
    };
    let arrived = DateTime::parse_from_rfc3339(&row.arrived).unwrap_or(now);
    let today = local_day(config, arrived);
    let (letters, _courtesy) = tx.count_sender(&from.email, &today.to_string())?;
    if letters > i64::from(config.bot.max_letters_per_sender_per_day) {
        return Ok("ignored: rate limit".into());
    }
    let mut answer = Answer {
        config,
        sender: from.email.clone(),
        inbound_id: row.id,
        reply_to: msg.message_id.clone(),
        references: msg.references.clone(),
        now,
        seq: 0,
    };
    let lang = config.language_of(&from.email);
    if !config.is_player(&from.email) {
        if config.is_arbiter(&from.email) {
            answer.simple(
                tx,
                &from.email,
                Kind::NoMove,
                lang,
                "Arbiter commands by letter are not yet supported; use the command line.",
            )?;
            return Ok("arbiter letter".into());
        }
        return Ok("ignored: stranger".into());
    }

    // Which game (INTERFACE.md "Letters in").
    let games = tx.games()?;
    let mine: Vec<&GameRecord> = games
        .iter()
        .filter(|g| g.color_of(&from.email).is_some())
        .collect();
    let mut chosen: Option<&GameRecord> = None;
    for id in msg.in_reply_to.iter().chain(msg.references.iter().rev()) {
        if let Some(gid) = tx.game_of_message(id)?
            && let Some(g) = mine.iter().find(|g| g.id == gid)
        {
            chosen = Some(g);
            break;
        }
    }
    let haystack = format!("{}\n{}", msg.subject, msg.fresh_text);
    if chosen.is_none() {
        let by_id: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| contains_id(&haystack, &g.id))
            .collect();
        if by_id.len() == 1 {
            chosen = Some(by_id[0]);
        }
    }
    if chosen.is_none() {
        let lower = haystack.to_lowercase();
        let by_name: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| {
                let opp = if g.white.eq_ignore_ascii_case(&from.email) {
                    &g.black
                } else {
                    &g.white
                };
                let name = config.name_of(opp).to_lowercase();
                lower.contains(&name)
                    || name
                        .split_whitespace()
                        .any(|part| part.chars().count() >= 4 && lower.contains(part))
            })
            .collect();
        if by_name.len() == 1 {
            chosen = Some(by_name[0]);
        }
    }
    if chosen.is_none() {
        let my_turn: Vec<&&GameRecord> = mine
            .iter()
            .filter(|g| {
                g.to_move()
                    .is_some_and(|c| g.address(c).eq_ignore_ascii_case(&from.email))
            })
            .collect();
        if my_turn.len() == 1 {
            chosen = Some(my_turn[0]);
        } else if mine.len() == 1 {
            chosen = Some(mine[0]);
        }
    }
    let Some(game) = chosen else {
        let list: Vec<String> = mine
            .iter()
            .map(|g| {
                format!(
                    "  {}: {} – {}",
                    g.id,
                    config.name_of(&g.white),
                    config.name_of(&g.black)
                )
            })
            .collect();
        let text = match lang {
            Lang::Bg => format!(
                "Не разбрах за коя партия е писмото. Посочете номера на партията в темата:\n{}",
                list.join("\n")
            ),
            Lang::Ru => format!(
                "Не понял, к какой партии относится письмо. Укажите номер партии в теме:\n{}",
                list.join("\n")
            ),
            Lang::En => format!(
                "I could not tell which game your letter is about. Please name the game id in the subject:\n{}",
                list.join("\n")
            ),
        };
        answer.simple(tx, &from.email, Kind::WhichGame, lang, &text)?;
        return Ok("which game?".into());
    };
    let color = game.color_of(&from.email).unwrap_or(Color::White);
    let handled = game::handle_letter(game, color, &msg.fresh_text, today);
    let record = handled.record.as_ref().unwrap_or(game);
    if let Some(next) = &handled.record {
        tx.update_game(next)?;
    }
    emit(tx, config, &mut answer, record, &handled.effects, today)?;
    Ok(format!(
        "game {}: {} effect(s)",
        game.id,
        handled.effects.len()
    ))
}

/// Renders and queues the effects of one transition.
fn emit(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    record: &GameRecord,
    effects: &[Effect],
    today: Day,
) -> Result<()> {
    let arbiter = config
        .tournament(&record.tournament)
        .map(|t| t.arbiter.clone());
    let white = config.name_of(&record.white);
    let black = config.name_of(&record.black);
    let names = Names {
        white: &white,
        black: &black,
    };
    for e in effects {
        let to = match e.to {
            Role::White => record.white.clone(),
            Role::Black => record.black.clone(),
            Role::Arbiter => match &arbiter {
                Some(a) => a.clone(),
                None => continue,
            },
        };
        let lang = config.language_of(&to);
        let copy_of = (e.to == Role::Arbiter).then(|| config.name_of(&answer.sender));
        let (subject, body) = render::render(record, &names, &e.msg, lang, today, copy_of.as_deref());
        answer.queue(tx, &to, e.kind, Some(&record.id), subject, body)?;
    }
    Ok(())
}

/// Does `text` name this game id as a word (`T1/3`, not `T1/33`)?
fn contains_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let after = text[i + id.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// Queues a message to an address outside any game (the admin, about the config or mail).
/// Its Message-ID derives from its text, so the same notice is queued once.
pub fn queue_admin_notice(
    store: &mut Store,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    let message_id =
        outbound::stable_message_id(&format!("admin:{to}:{subject}:{body}"), &config.bot.address);
    let o = Outgoing {
        from: config.bot.address.clone(),
        to: to.to_string(),
        to_name: None,
        subject: subject.to_string(),
        body: body.to_string(),
        message_id: message_id.clone(),
        in_reply_to: None,
        references: Vec::new(),
        kind: Kind::Notice,
        game: None,
        date: now,
        auto_replied: false,
    };
    let raw = outbound::build(&o)?;
    store.transaction(|tx| {
        tx.queue(
            None,
            &NewOutgoing {
                message_id,
                recipient: to.to_string(),
                kind: "notice".into(),
                game: None,
                raw,
            },
            &now.to_rfc3339(),
        )?;
        Ok::<_, EngineError>(())
    })
}

/// The day after the last tick, for catching up.
pub fn parse_day(s: &str) -> Option<NaiveDate> {
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_match_as_words() {
        assert!(contains_id("Re: T1/3 move", "T1/3"));
        assert!(!contains_id("Re: T1/33 move", "T1/3"));
    }
}
