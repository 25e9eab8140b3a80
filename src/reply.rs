//! The messages one transaction sends: [`Answer`] gives each a stable Message-ID and its
//! threading, [`emit`] renders a game's effects for their recipients (in their language and
//! notation, copies to team captains), admin notices go outside any game. The engine, the
//! arbiter's commands and the tick all send through here; nothing here decides a rule.

use chrono::{DateTime, FixedOffset};

use crate::config::{Config, Diagram, local_day};
use crate::mail::inbound::Inbound;
use crate::mail::outbound::{self, Outgoing};
use crate::mail::render::{self, Names};
use crate::mail::texts::{self, Key};
use crate::rules::game::{Effect, GameRecord, Msg, Role};
use crate::rules::model::{Day, Kind, Lang};
use crate::store::{InboundRow, NewOutgoing, Store, StoreError, Tx};

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot build a reply: {0}")]
    Build(#[from] outbound::BuildError),
}

pub type Result<T> = std::result::Result<T, EngineError>;

/// Where the messages of one transaction come from: a letter being answered, the tick, or
/// an arbiter's command. Gives every message a stable Message-ID and its threading.
pub(crate) struct Answer<'a> {
    pub(crate) config: &'a Config,
    /// The sender of the letter answered: only messages to him are threaded under it.
    pub(crate) sender: String,
    pub(crate) inbound_id: Option<i64>,
    /// What the Message-IDs derive from (`in:<inbound id>`, `tick:<game>:<day>` …).
    pub(crate) seed: String,
    pub(crate) reply_to: Option<String>,
    pub(crate) references: Vec<String>,
    pub(crate) now: DateTime<FixedOffset>,
    pub(crate) seq: usize,
    /// Attachments for the next message queued (taken by it).
    pub(crate) attach: Vec<(String, String, Vec<u8>)>,
    /// The board picture for the next message queued (taken by it; issue 14 item 1).
    pub(crate) picture: Option<outbound::BoardPicture>,
}

impl<'a> Answer<'a> {
    /// Messages not answering a letter (tick notices, arbiter commands).
    pub(crate) fn unprompted(
        config: &'a Config,
        seed: String,
        now: DateTime<FixedOffset>,
    ) -> Answer<'a> {
        Answer {
            config,
            sender: String::new(),
            inbound_id: None,
            seed,
            reply_to: None,
            references: Vec::new(),
            now,
            seq: 0,
            attach: Vec::new(),
            picture: None,
        }
    }

    /// The replies to a stored letter from `sender`: threaded under it, their Message-IDs
    /// derived from its hash (so a redone transaction queues the same messages).
    pub(crate) fn to_letter(
        config: &'a Config,
        sender: &str,
        row: &InboundRow,
        msg: &Inbound,
        now: DateTime<FixedOffset>,
    ) -> Answer<'a> {
        Answer {
            config,
            sender: sender.to_string(),
            inbound_id: Some(row.id),
            seed: format!("in:{}", row.hash),
            reply_to: msg.message_id.clone(),
            references: msg.references.clone(),
            now,
            seq: 0,
            attach: Vec::new(),
            picture: None,
        }
    }

    /// Queues one message; its Message-ID derives from the letter and its place among the
    /// replies, so redoing the transaction after a crash produces the same ids.
    pub(crate) fn queue(
        &mut self,
        tx: &Tx<'_>,
        to: &str,
        kind: Kind,
        game: Option<&str>,
        subject: String,
        body: String,
    ) -> Result<()> {
        self.seq += 1;
        let seed = format!("{}:{}:{}:{}", tx.instance(), self.seed, self.seq, to);
        let message_id = outbound::stable_message_id(&seed, &self.config.bot.address);
        let to_sender = !self.sender.is_empty() && to.eq_ignore_ascii_case(&self.sender);
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
            // Players by name; others (the arbiter, the admin) by address alone.
            to_name: Some(self.config.name_of(to)).filter(|n| n != to),
            subject,
            // Where the federation publishes the guide, when it does (issue 13).
            body: render::with_guide(
                &body,
                self.config.language_of(to),
                self.config.bot.guide_url.as_deref(),
            ),
            message_id: message_id.clone(),
            in_reply_to,
            references,
            kind,
            game: game.map(str::to_string),
            date: self.now,
            auto_replied: to_sender,
            attachments: std::mem::take(&mut self.attach),
        };
        let raw = outbound::build_with_picture(&o, self.picture.take().as_ref())?;
        tx.queue(
            self.inbound_id,
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

    pub(crate) fn simple(
        &mut self,
        tx: &Tx<'_>,
        to: &str,
        kind: Kind,
        lang: Lang,
        text: &str,
    ) -> Result<()> {
        let subject = texts::text(lang, Key::ReplySubject);
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

/// Renders and queues the effects of one transition.
pub(crate) fn emit(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    record: &GameRecord,
    effects: &[Effect],
    today: Day,
) -> Result<()> {
    // Nothing to send (most games of a daily sweep): no names looked up.
    if effects.is_empty() {
        return Ok(());
    }
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
        let copy_of = (e.to == Role::Arbiter && !answer.sender.is_empty())
            .then(|| config.name_of(&answer.sender));
        let (subject, body) = render::render_for(
            record,
            &names,
            &e.msg,
            lang,
            today,
            copy_of.as_deref(),
            Some(e.to),
        );
        // The end of a game and the adjudication material carry the game's PGN (issue 5).
        if matches!(e.kind, Kind::GameOver | Kind::Adjudication) {
            let pgn = crate::rules::pgn::game_pgn(
                record,
                &crate::report::pgn_info(config, record),
                today,
            );
            answer.attach.push((
                format!("{}.pgn", record.id.replace('/', "-")),
                "application/x-chess-pgn".into(),
                pgn.into_bytes(),
            ));
        }
        // The board picture of a letter that shows a position (issue 14 item 1).
        let picture = if config.diagram_for(&record.tournament).picture() {
            board_picture(config, record, &e.msg, &body, copy_of.is_some(), e.to)
        } else {
            None
        };
        answer.picture = picture.clone();
        answer.queue(tx, &to, e.kind, Some(&record.id), subject, body)?;
        // Team events: who gets a copy is the core's decision (RULES.md §14).
        if let Some(t) = config.tournament(&record.tournament)
            && let Some(team) = t.team_of(&to).and_then(|i| t.teams.get(i))
            && let Some(captain) = crate::rules::team::captain_copy(
                e.to != Role::Arbiter,
                &to,
                team.captain.as_deref(),
            )
        {
            let lang = config.language_of(captain);
            // The player's copy, drawn from his side.
            let (subject, body) =
                render::render_for(record, &names, &e.msg, lang, today, None, Some(e.to));
            let head = texts::fill(
                lang,
                Key::CaptainCopy,
                &[("team", &team.name), ("player", &config.name_of(&to))],
            );
            // The player's copy shows his board: the same picture.
            answer.picture = picture.clone();
            answer.queue(
                tx,
                captain,
                e.kind,
                Some(&record.id),
                subject,
                format!("{head}\n\n{body}"),
            )?;
        }
    }
    Ok(())
}

/// The picture of the position a rendered body shows, drawn as `render::picture_view` says;
/// `None` when the body shows none. A picture that cannot be made (never expected: the SVG is
/// amici's own) is logged and the letter goes without it — never a reason not to answer.
fn board_picture(
    config: &Config,
    record: &GameRecord,
    msg: &Msg,
    body: &str,
    arbiter_copy: bool,
    to: Role,
) -> Option<outbound::BoardPicture> {
    let view = render::picture_view(record, msg, body, arbiter_copy, Some(to))?;
    match crate::picture::png_cached(&view) {
        Ok(png) => Some(outbound::BoardPicture {
            png,
            svg: crate::picture::svg(&view),
            with_text_diagram: config.diagram_for(&record.tournament) == Diagram::Both,
        }),
        Err(err) => {
            tracing::warn!(game = %record.id, %err, "the board picture could not be made");
            None
        }
    }
}

/// Queues a message to an address outside any game (the admin, about the config or mail).
/// Its Message-ID derives from its cause (`key`) and the day: the same notice is queued once
/// a day, and the same cause next week is told again.
/// The admin's language: his own when he also plays with a language of his own, else English
/// (the operator's, like the command line's).
pub fn admin_language(config: &Config, admin: &str) -> Lang {
    config
        .tournaments
        .iter()
        .flat_map(|t| t.players.iter())
        .find(|p| p.email.eq_ignore_ascii_case(admin))
        .and_then(|p| p.language)
        .unwrap_or(Lang::En)
}

pub fn queue_admin_notice(
    store: &mut Store,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
    key: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    store.transaction(|tx| queue_admin_notice_tx(tx, config, to, subject, body, key, now))
}

/// [`queue_admin_notice`] inside a transaction.
pub fn queue_admin_notice_tx(
    tx: &Tx<'_>,
    config: &Config,
    to: &str,
    subject: &str,
    body: &str,
    key: &str,
    now: DateTime<FixedOffset>,
) -> Result<()> {
    let day = local_day(config, now);
    let message_id = outbound::stable_message_id(
        &format!("{}:admin:{to}:{key}:{day}", tx.instance()),
        &config.bot.address,
    );
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
        attachments: Vec::new(),
    };
    let raw = outbound::build(&o)?;
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
    Ok(())
}
