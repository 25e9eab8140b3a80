//! Every reply sentence amici writes, in one place per language: [`Key`] names each text,
//! `bg.rs`, `ru.rs` and `en.rs` hold it in that language (a `match` over every key, so the
//! compiler refuses a key missing in one), `{name}` marks what is filled in. The functions
//! below are the texts about a letter rather than a game; `render` writes a game's letters
//! with [`text`] and [`fill`].

use std::fmt::Display;

use crate::rules::model::{Kind, Lang};

mod bg;
mod en;
mod keys;
mod ru;
mod tables;
#[cfg(test)]
mod tests;

pub use keys::Key;

/// The text of `key` in `lang`.
pub fn text(lang: Lang, key: Key) -> &'static str {
    match lang {
        Lang::Bg => bg::text(key),
        Lang::Ru => ru::text(key),
        Lang::En => en::text(key),
    }
}

/// The text of `key` in `lang` with each `{name}` replaced by its value.
pub fn fill(lang: Lang, key: Key, values: &[(&str, &dyn Display)]) -> String {
    use std::fmt::Write;
    let template = text(lang, key);
    let mut out = String::with_capacity(template.len() + 16 * values.len());
    // One pass over the template: a value is never searched for placeholders itself (a name
    // spelled "{black}" stays as written), and no copy of the text is made per value.
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let known = after.find('}').and_then(|close| {
            let name = &after[..close];
            let (_, value) = values.iter().find(|(n, _)| *n == name)?;
            Some((value, close))
        });
        match known {
            Some((value, close)) => {
                let _ = write!(out, "{value}");
                rest = &after[close + 1..];
            }
            // Not a placeholder of this text: the brace as written.
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A kind of letter (an outbox row's `X-Amici-Kind`) in words; a kind this version does not
/// know, as it stands.
pub fn kind_name(lang: Lang, kind: &str) -> String {
    let Some(k) = Kind::from_header(kind) else {
        return kind.to_string();
    };
    let key = match k {
        Kind::Ack => Key::KindAck,
        Kind::Move => Key::KindMove,
        Kind::Error => Key::KindError,
        Kind::Incomplete => Key::KindIncomplete,
        Kind::Reminder => Key::KindReminder,
        Kind::Silence => Key::KindSilence,
        Kind::OverstepClaim => Key::KindOverstepClaim,
        Kind::Leave => Key::KindLeave,
        Kind::Notice => Key::KindNotice,
        Kind::GameOver => Key::KindGameOver,
        Kind::Adjudication => Key::KindAdjudication,
        Kind::Decision => Key::KindDecision,
        Kind::WhichGame => Key::KindWhichGame,
        Kind::NoMove => Key::KindNoMove,
    };
    text(lang, key).to_string()
}

pub fn stranger(lang: Lang) -> String {
    text(lang, Key::Stranger).to_string()
}

pub fn too_large(lang: Lang, max: usize) -> String {
    let kib = max / 1024;
    fill(lang, Key::TooLarge, &[("kib", &kib)])
}

pub fn undecodable(lang: Lang) -> String {
    text(lang, Key::Undecodable).to_string()
}

pub fn arbiter_letters(lang: Lang) -> String {
    text(lang, Key::ArbiterLetters).to_string()
}

pub fn unauthenticated(lang: Lang, from: &str, message_id: &str, reason: &str) -> String {
    fill(
        lang,
        Key::Unauthenticated,
        &[
            ("from", &from),
            ("message_id", &message_id),
            ("reason", &reason),
        ],
    )
}

pub fn captain_which_game(lang: Lang) -> String {
    text(lang, Key::CaptainWhichGame).to_string()
}

pub fn captain_no_moves(lang: Lang) -> String {
    text(lang, Key::CaptainNoMoves).to_string()
}

/// A letter set aside after its processing failed `max_attempts` times (issue 8).
pub fn set_aside(lang: Lang) -> String {
    text(lang, Key::SetAside).to_string()
}

/// To the arbiter, once a day: a known player's letters beyond the daily limit are ignored.
pub fn rate_limited(lang: Lang, from: &str, limit: u32) -> String {
    fill(
        lang,
        Key::RateLimited,
        &[("from", &from), ("limit", &limit)],
    )
}

/// To the admin: a letter reused an earlier, different letter's Message-ID (issue 8 item 11).
pub fn reused_message_id(lang: Lang, inbound_id: i64, message_id: &str, from: &str) -> String {
    fill(
        lang,
        Key::ReusedMessageIdAdmin,
        &[("id", &inbound_id), ("mid", &message_id), ("from", &from)],
    )
}

/// To the admin: an edited config was refused while running; `errors` says why.
pub fn config_refused(lang: Lang, errors: &str) -> String {
    fill(lang, Key::ConfigRefusedAdmin, &[("errors", &errors)])
}

/// To the arbiter: a letter whose subject says auto-reply carried a move or command; it was
/// stored and not applied (issue 8 item 9).
pub fn suspected_auto_reply(lang: Lang, from: &str, subject: &str, message_id: &str) -> String {
    fill(
        lang,
        Key::SuspectedAutoReply,
        &[
            ("from", &from),
            ("message_id", &message_id),
            ("subject", &subject),
        ],
    )
}

/// To the arbiter and the player who moved: a forwarded move did not reach the opponent
/// (RULES.md §3).
pub fn forward_bounced(
    lang: Lang,
    game: &str,
    to: &str,
    mv: &str,
    why: &str,
    suspended: bool,
) -> String {
    let key = if suspended {
        Key::ForwardBouncedSuspended
    } else {
        Key::ForwardBounced
    };
    fill(
        lang,
        key,
        &[("game", &game), ("mv", &mv), ("to", &to), ("why", &why)],
    )
}

/// A player's letter that names none of his games (INTERFACE.md "Letters in"); `games` one
/// line a game.
pub fn which_game(lang: Lang, games: &[String]) -> String {
    let list = games.join("\n");
    fill(lang, Key::WhichGame, &[("list", &list)])
}

/// The stage a player reached (`"stage"` of the standings: final, semi-final, quarter-final,
/// round-of-N, swiss, tables) in the page's language.
pub fn stage_name(lang: Lang, stage: &str) -> String {
    let knockout = match lang {
        Lang::En => "knockout",
        Lang::Ru => "олимпийская система",
        Lang::Bg => "елиминации",
    };
    if stage == "knockout" {
        return knockout.into();
    }
    let (fin, semi, quarter, swiss, tables, of) = match lang {
        Lang::En => (
            "final",
            "semi-final",
            "quarter-final",
            "Swiss stage",
            "tables",
            "round of",
        ),
        Lang::Ru => (
            "финал",
            "полуфинал",
            "четвертьфинал",
            "швейцарская система",
            "группы",
            "1/",
        ),
        Lang::Bg => (
            "финал",
            "полуфинал",
            "четвъртфинал",
            "швейцарска система",
            "групи",
            "1/",
        ),
    };
    match stage {
        "final" => fin.into(),
        "semi-final" => semi.into(),
        "quarter-final" => quarter.into(),
        "swiss" => swiss.into(),
        "tables" => tables.into(),
        other => match other.strip_prefix("round-of-") {
            Some(n) if lang == Lang::En => format!("{of} {n}"),
            Some(n) => {
                let half = n.parse::<u32>().map_or(0, |n| n / 2);
                format!("{of}{half}")
            }
            None => other.into(),
        },
    }
}

/// How the rounds of a tournament in stages were paired (§709.2), in `lang`.
/// How ties are broken in the overall ranking of a tournament in stages, and how unplayed
/// games count (§709.2, RULES.md §12a `tiebreak_unplayed`).
pub fn tiebreak_note(lang: Lang, unplayed: crate::rules::standings::Unplayed) -> &'static str {
    text(
        lang,
        match unplayed {
            crate::rules::standings::Unplayed::Fide => Key::TiebreaksFide,
            crate::rules::standings::Unplayed::Plain => Key::TiebreaksPlain,
        },
    )
}

pub fn pairing_note(lang: Lang, note: &crate::rules::stage::PairingNote) -> String {
    let mut out = text(
        lang,
        match note.first {
            crate::rules::stage::StageKind::Tables => Key::PairedTables,
            _ => Key::PairedSwiss,
        },
    )
    .to_string();
    if note.knockout {
        out.push_str(text(lang, Key::PairedKnockout));
    }
    for (round, program) in &note.imported {
        let program = program
            .clone()
            .unwrap_or_else(|| text(lang, Key::AnotherProgram).to_string());
        out.push_str(&fill(
            lang,
            Key::PairedImported,
            &[("round", round), ("program", &program)],
        ));
    }
    out
}
