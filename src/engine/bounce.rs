//! Bounces of amici's own mail and the deliveries that end them (RULES.md §3: a forwarded
//! move that bounced is dead time until it is delivered again).

use chrono::{DateTime, FixedOffset};

use crate::config::Config;
use crate::mail::texts::Key;
use crate::mail::{inbound, texts};
use crate::rules::model::{Kind, Lang};
use crate::store::{Store, Tx};

use super::{Answer, EngineError, Result, local_day};

/// A bounce of amici's own mail (a DSN or a plain non-delivery report), found by its VERP
/// return path or the Message-ID it returns: the message is recorded as failed and, for a
/// forwarded move, RULES.md §3's bounced-forward rule applies.
pub(super) fn bounce(
    tx: &Tx<'_>,
    config: &Config,
    msg: &inbound::Inbound,
    b: &crate::mail::dsn::Bounce,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    // A bounce suspends a game (RULES.md §3), so a forged one must not: it comes with the null
    // envelope sender (RFC 5321 §4.5.5), never from a player's or arbiter's address, for a
    // message that was sent, naming that message's recipient — and, when it returns headers,
    // that message's Message-ID.
    if msg.return_path.as_deref() != Some("") {
        return Ok("ignored: a bounce without the null envelope sender".into());
    }
    if let Some(from) = &msg.from
        && (config.is_player(&from.email)
            || config.is_arbiter(&from.email)
            || !config.captained_by(&from.email).is_empty())
    {
        return Ok(format!(
            "ignored: a bounce from a participant ({})",
            from.email
        ));
    }
    let by_verp = match b.verp_id(&config.bot.address) {
        Some(id) => tx.outbox_by_id(id)?,
        None => None,
    };
    let by_id = match &b.original_message_id {
        Some(mid) => tx.outbox_by_message_id(mid)?,
        None => None,
    };
    // With VERP on, every message of ours left as bot+<id>@…: a real bounce is delivered
    // there (our own host's topmost Delivered-To), never to the plain address.
    let verp_on = matches!(&config.delivery, crate::config::Delivery::Smtp(s) if s.verp);
    if verp_on && by_verp.is_none() {
        return Ok("ignored: a bounce not delivered to a VERP address of ours".into());
    }
    // With sender authentication configured, the bounce must be genuine mail of its From
    // domain (a remote MTA's report), as any letter must.
    if let Some(trust) = config.auth_trust()
        && let inbound::AuthVerdict::Fail { reason } = inbound::authenticated_at(msg, &trust)
    {
        return Ok(format!("ignored: an unauthenticated bounce ({reason})"));
    }
    let row = match (by_verp, by_id) {
        (Some(v), Some(i)) if v.id != i.id => {
            return Ok(
                "ignored: a bounce whose return path and returned Message-ID disagree".into(),
            );
        }
        (Some(r), _) | (None, Some(r)) => r,
        (None, None) => return Ok("ignored: a bounce of no message of ours".into()),
    };
    if tx.outbox_status(row.id)?.as_deref() != Some("sent") {
        return Ok(format!(
            "ignored: a bounce of {}, which was not sent",
            row.message_id
        ));
    }
    let named = b
        .final_recipients
        .iter()
        .any(|r| r.address.eq_ignore_ascii_case(&row.recipient));
    if !(named || (b.final_recipients.is_empty() && b.original_message_id.is_some())) {
        return Ok(format!(
            "ignored: a bounce that does not name {}",
            row.recipient
        ));
    }
    if !b.permanent {
        return Ok(format!(
            "bounce: delivery of {} delayed, not failed",
            row.message_id
        ));
    }
    let why = b
        .final_recipients
        .iter()
        .find(|r| r.permanent())
        .and_then(|r| r.diagnostic.clone().or_else(|| r.status.clone()));
    delivery_failed(tx, config, &row, why.as_deref(), now)
}

/// A message that can never be delivered (refused for good by SMTP, or bounced later): the
/// outbox row is marked failed; a forwarded move suspends the game until it is delivered again
/// (RULES.md §3) and the arbiter and the player who moved are told, once; any other message
/// is told to the arbiter (or the admin) once. Never about a notice itself.
pub fn delivery_failed(
    tx: &Tx<'_>,
    config: &Config,
    row: &crate::store::OutboxRow,
    why: Option<&str>,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    // The server's words; a bounce without them is worded in each reader's language.
    let why_in = |lang: Lang| why.unwrap_or_else(|| texts::text(lang, Key::ReturnedUndeliverable));
    let why = why_in(Lang::En);
    if !tx.mark_failed_once(row.id, why)? {
        return Ok(format!(
            "bounce: {} already recorded as failed",
            row.message_id
        ));
    }
    let today = local_day(config, now);
    let mut answer = Answer::unprompted(config, format!("failed:{}", row.message_id), now);
    let game = match &row.game {
        Some(g) => tx.game(g)?,
        None => None,
    };
    let arbiter = row
        .game
        .as_deref()
        .and_then(|g| g.rsplit_once('/'))
        .and_then(|(t, _)| config.tournament(t))
        .map(|t| t.arbiter.clone())
        .or_else(|| config.bot.admin.clone())
        .filter(|a| !a.eq_ignore_ascii_case(&row.recipient));
    if row.kind == Kind::Move.as_str()
        && let Some(g) = game
    {
        // The core decides (RULES.md §3); the shell passes what it knows: was this the last
        // message to the recipient about the game, and who answers for it.
        let latest = tx.last_message_to(&row.recipient, &g.id)?;
        let facts = crate::rules::bounce::BouncedForward {
            recipient: &row.recipient,
            latest_to_recipient: latest.as_deref() == Some(row.message_id.as_str()),
            arbiter: arbiter.as_deref(),
        };
        let h = crate::rules::bounce::forward_bounced(&g, &facts, today);
        if let Some(next) = &h.record {
            tx.update_game(next)?;
            tx.await_delivery(row.id, &g.id)?;
            tx.log_event(&now.to_rfc3339(), Some(&g.id), "bounce", &format!("RULES.md §3: the forward of move {} to {} failed ({why}); dead time until it is delivered again", h.ply, row.recipient))?;
        }
        for to in &h.told {
            let lang = config.language_of(to);
            let mv = match &h.mv {
                Some(mv) => mv.clone(),
                None => texts::text(lang, Key::AnEarlierMove).to_string(),
            };
            answer.queue(
                tx,
                to,
                Kind::Notice,
                Some(&g.id),
                texts::fill(lang, Key::SubjectMoveNotDelivered, &[("game", &g.id)]),
                texts::forward_bounced(
                    lang,
                    &g.id,
                    &row.recipient,
                    &mv,
                    why_in(lang),
                    h.suspended(),
                ),
            )?;
        }
        return Ok(format!(
            "bounce: forwarded move of {} to {} failed",
            g.id, row.recipient
        ));
    }
    if row.kind != Kind::Notice.as_str()
        && let Some(to) = arbiter
    {
        let lang = config.language_of(&to);
        let body = texts::fill(
            lang,
            Key::Undeliverable,
            &[
                ("to", &row.recipient),
                ("kind", &texts::kind_name(lang, &row.kind)),
                ("game", &row.game.as_deref().unwrap_or("-")),
                ("id", &row.message_id),
                ("error", &why_in(lang)),
            ],
        );
        answer.queue(
            tx,
            &to,
            Kind::Notice,
            row.game.as_deref(),
            texts::fill(lang, Key::SubjectUndeliverable, &[("to", &row.recipient)]),
            body,
        )?;
    }
    Ok(format!("bounce: {} to {} failed", row.kind, row.recipient))
}

/// Records how leased rows fared, and — in the same transaction — for a forwarded move
/// re-sent after a bounce, that it has now been delivered: the game goes on from today
/// (RULES.md §3). One transaction, so a crash never leaves a delivered move's game suspended.
pub fn record_sends(
    store: &mut Store,
    config: &Config,
    results: &[(i64, crate::store::SendOutcome)],
    now: DateTime<FixedOffset>,
) -> Result<()> {
    store.transaction(|tx| {
        tx.finish_sends(results, &now.to_rfc3339())?;
        for (id, r) in results {
            if *r != crate::store::SendOutcome::Sent {
                continue;
            }
            let Some(game) = tx.delivery_awaited(*id)? else {
                continue;
            };
            if let Some(g) = tx.game(&game)?
                && let Some(next) =
                    crate::rules::bounce::delivered_again(&g, local_day(config, now))
            {
                let message_id = tx.message_id_of(*id)?;
                tx.log_input(
                    &now.to_rfc3339(),
                    crate::store::InputKind::Delivered,
                    None,
                    message_id.as_deref(),
                )?;
                tx.update_game(&next)?;
                tx.log_event(
                    &now.to_rfc3339(),
                    Some(&game),
                    "delivered",
                    "RULES.md §3: the move was delivered again; the game goes on",
                )?;
            }
        }
        Ok::<_, EngineError>(())
    })
}
