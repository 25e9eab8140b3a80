//! Letters that change nothing: a stranger's, a forgery, an auto-reply that may carry a move,
//! one beyond the daily limit, one too large or undecodable. Each gets the answer the brief
//! promises (a courtesy reply, the arbiter told once a day, "send it again") and never one to
//! an address that may be forged.

use crate::config::Config;
use crate::mail::inbound::Inbound;
use crate::mail::texts;
use crate::mail::texts::Key;
use crate::rules::model::{Day, Kind};
use crate::store::Tx;

use super::{Answer, Result};

/// The arbiters of the tournaments `email` plays in or arbitrates: they are told of forgeries,
/// suspected auto-replies and a player at his daily limit.
fn arbiters_of(config: &Config, email: &str) -> Vec<String> {
    config
        .tournaments
        .iter()
        .filter(|t| t.players.iter().any(|p| p.email == email) || t.arbiter == email)
        .map(|t| t.arbiter.clone())
        .collect()
}

/// A stranger changes nothing; at most one courtesy reply a day, and only if enabled.
pub(super) fn stranger(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    from: &str,
    today: Day,
) -> Result<String> {
    if config.bot.courtesy_replies && tx.courtesy_sent(from, &today.to_string())? == 0 {
        tx.note_courtesy(from, &today.to_string())?;
        let lang = config.bot.language;
        answer.simple(tx, from, Kind::Error, lang, &texts::stranger(lang))?;
        return Ok("stranger: courtesy reply".into());
    }
    Ok("ignored: stranger".into())
}

/// Sender authentication failed (issue 2 item 9): stored, no effect, the arbiter told once a
/// day per address (forgeries must not flood him); the sender is not answered, he may be
/// forged. It never counts against the real sender's daily limit (issue 8 item 3).
pub(super) fn unauthenticated(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    msg: &Inbound,
    from: &str,
    reason: &str,
    today: Day,
) -> Result<String> {
    let (forged_today, _) =
        tx.count_sender(&format!("unauthenticated:{from}"), &today.to_string())?;
    if forged_today == 1 {
        for arbiter in arbiters_of(config, from) {
            let lang = config.language_of(&arbiter);
            let body = texts::unauthenticated(
                lang,
                from,
                msg.message_id.as_deref().unwrap_or("-"),
                reason,
            );
            answer.queue(
                tx,
                &arbiter,
                Kind::Notice,
                None,
                texts::fill(lang, Key::SubjectUnauthenticated, &[("from", &from)]),
                body,
            )?;
        }
    }
    Ok(format!("unauthenticated: {reason}"))
}

/// An auto-reply recognised by its subject prefix alone (issue 8 item 9): never answered and
/// never applied; if it carries a move or a command, the arbiter is told (once a day per
/// address) — a person may have written it after all.
pub(super) fn suspected_auto_reply(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    msg: &Inbound,
    from: &str,
    reason: &str,
    today: Day,
) -> Result<String> {
    let notation = config.notation_of(from);
    let read = crate::rules::letter::read_letter(&msg.fresh_text, notation, false, today);
    if read.items.is_empty() && read.commands.is_empty() {
        return Ok(format!("ignored: {reason}"));
    }
    let (told, _) = tx.count_sender(&format!("auto-reply:{from}"), &today.to_string())?;
    if told == 1 {
        for arbiter in arbiters_of(config, from) {
            answer.queue(
                tx,
                &arbiter,
                Kind::Notice,
                None,
                texts::fill(
                    config.language_of(&arbiter),
                    Key::SubjectAutoReply,
                    &[("from", &from)],
                ),
                texts::suspected_auto_reply(
                    config.language_of(&arbiter),
                    from,
                    &msg.subject,
                    msg.message_id.as_deref().unwrap_or("-"),
                ),
            )?;
        }
    }
    Ok(format!(
        "stored, not applied: {reason} with a move or command"
    ))
}

/// The daily limit, counted over authenticated letters of known senders only; the arbiter is
/// told once a day when a player reaches it. `Some(outcome)` when this letter is beyond it.
pub(super) fn over_daily_limit(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    from: &str,
    today: Day,
) -> Result<Option<String>> {
    let (letters, _courtesy) = tx.count_sender(from, &today.to_string())?;
    let limit = config.bot.max_letters_per_sender_per_day;
    if letters <= i64::from(limit) {
        return Ok(None);
    }
    if letters == i64::from(limit) + 1 {
        for arbiter in arbiters_of(config, from) {
            answer.queue(
                tx,
                &arbiter,
                Kind::Notice,
                None,
                texts::fill(
                    config.language_of(&arbiter),
                    Key::SubjectRateLimited,
                    &[("from", &from)],
                ),
                texts::rate_limited(config.language_of(&arbiter), from, limit),
            )?;
        }
    }
    Ok(Some("ignored: rate limit".into()))
}
