//! Where a letter goes (issue 10 item 4): one pure function of the parsed letter and the
//! config. No store, no clock: the counts that need the store (the daily limit, one courtesy
//! reply a day) are the handlers' business once the route is known.
//!
//! The order is the order of trust: first what is never answered (our own bounces, loops,
//! auto-replies), then who wrote (a stranger, a forgery), then whether the letter can be read
//! at all (too large, undecodable), then what the sender may do: the arbiter's commands, a
//! captain's letters for his players, a player's letter.

use crate::config::Config;
use crate::mail::dsn::{self, Bounce};
use crate::mail::inbound::{self, Inbound};
use crate::rules::arbiter::{ArbiterCommand, CommandError};

/// The one way a letter is handled.
#[derive(Debug)]
pub enum Route {
    /// A bounce of amici's own mail: RULES.md §3's bounced-forward rule (checked further in
    /// `bounce`, which refuses forged ones).
    Bounce(Box<Bounce>),
    /// Never answered and never applied (an auto-reply, a mailing list, our own mail, no sender).
    Ignored(String),
    /// An address no tournament knows: at most a courtesy reply.
    Stranger,
    /// Sender authentication failed: no effect, the arbiter told (issue 2 item 9).
    Unauthenticated { reason: String },
    /// An auto-reply recognised by its subject alone: never applied, the arbiter told when it
    /// carries a move or a command (issue 8 item 9).
    SuspectedAutoReply { reason: String },
    /// Larger than `max_message_bytes`.
    TooLarge,
    /// The transport mangled the letter and nothing readable is left (Art. 16, no penalty).
    Undecodable,
    /// The arbiter's commands, one a line, on his own tournaments (`scope`).
    Arbiter {
        commands: Vec<Result<ArbiterCommand, CommandError>>,
        scope: Vec<String>,
    },
    /// An arbiter who does not play wrote no command.
    ArbiterLetter,
    /// A team captain names the replacement of his players (Art. 47 Б), in his sections.
    CaptainReplacements {
        commands: Vec<ArbiterCommand>,
        scope: Vec<String>,
    },
    /// A team captain (not himself a player) writes for one of his players (RULES.md §14).
    Captain { players: Vec<String> },
    /// A player's letter about one of his games.
    Player,
}

impl Route {
    /// Whether the letter counts against the sender's daily limit: the letters of known,
    /// authenticated senders that are applied or answered (issue 8 item 3).
    pub fn counted(&self) -> bool {
        !matches!(
            self,
            Route::Bounce(_)
                | Route::Ignored(_)
                | Route::Stranger
                | Route::Unauthenticated { .. }
                | Route::SuspectedAutoReply { .. }
        )
    }
}

/// Routes one letter. `raw` is the stored text (for a bounce's report), `reported_size` the
/// size IMAP reported when the stored text was cut to the limit.
pub fn route(msg: &Inbound, raw: &[u8], reported_size: Option<i64>, config: &Config) -> Route {
    let mut suspected = None;
    if let Some(reason) = &msg.loop_reason {
        if reason.may_be_bounce()
            && let Some(b) = dsn::parse_bounce(raw)
        {
            return Route::Bounce(Box::new(b));
        }
        if !reason.only_suspected() {
            return Route::Ignored(reason.to_string());
        }
        suspected = Some(reason.to_string());
    }
    let Some(from) = &msg.from else {
        return Route::Ignored("no sender".into());
    };
    let email = from.email.as_str();
    let captained = config.captained_by(email);
    let player = config.is_player(email);
    if !player && !config.is_arbiter(email) && captained.is_empty() {
        return Route::Stranger;
    }
    if let Some(trust) = config.auth_trust()
        && let inbound::AuthVerdict::Fail { reason } = inbound::authenticated_at(msg, &trust)
    {
        return Route::Unauthenticated { reason };
    }
    if let Some(reason) = suspected {
        return Route::SuspectedAutoReply { reason };
    }
    let max = config.bot.max_message_bytes;
    if reported_size.is_some_and(|s| s > max as i64) || msg.truncated || raw.len() > max {
        return Route::TooLarge;
    }
    if msg.undecodable && msg.fresh_text.trim().is_empty() {
        return Route::Undecodable;
    }
    if config.is_arbiter(email) {
        let mut commands = crate::rules::arbiter::parse_letter(&msg.fresh_text);
        // `pair T attached`: the pairings are the letter's first text attachment (§709.1).
        for c in commands.iter_mut() {
            if let Ok(ArbiterCommand::PairAttached { pairings, .. }) = c
                && let Some(a) = msg.attachments.first()
            {
                pairings.clone_from(&a.text);
            }
        }
        // An arbiter who also plays may write ordinary letters: command words that parse as
        // no command make it his letter as a player (issue 5 item 5).
        let any = commands.iter().any(Result::is_ok);
        if !commands.is_empty() && (any || !player) {
            let scope = config
                .tournaments
                .iter()
                .filter(|t| t.arbiter.eq_ignore_ascii_case(email))
                .map(|t| t.id.clone())
                .collect();
            return Route::Arbiter { commands, scope };
        }
        if !player {
            return Route::ArbiterLetter;
        }
    }
    if !player && !captained.is_empty() {
        let commands: Vec<ArbiterCommand> = crate::rules::arbiter::parse_letter(&msg.fresh_text)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|c| {
                matches!(c, ArbiterCommand::Replace { old, .. }
                    if captained.iter().any(|p| p.eq_ignore_ascii_case(old)))
            })
            .collect();
        if !commands.is_empty() {
            let scope = config
                .tournaments
                .iter()
                .filter(|t| {
                    t.teams.iter().any(|team| {
                        team.captain
                            .as_deref()
                            .is_some_and(|c| c.eq_ignore_ascii_case(email))
                    })
                })
                .map(|t| t.id.clone())
                .collect();
            return Route::CaptainReplacements { commands, scope };
        }
        return Route::Captain { players: captained };
    }
    Route::Player
}

#[cfg(test)]
mod tests {
    //! The route of a letter, case by case: one table, each row a letter and where it goes.

    use super::*;

    const CONFIG: &str = r#"
[bot]
address = "bot@example.test"
max_message_bytes = 4096
trust_authentication_results = "mx.example.test"
[outbox]
dir = "unused"
[[tournament]]
id = "T"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [ { name = "Ivan", email = "ivan@example.test" }, { name = "Petar", email = "petar@example.test" } ]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
[[tournament]]
id = "TS"
start = 2026-01-10
end = 2027-01-01
arbiter = "arbiter@example.test"
pairing = "round-robin"
players = [
  { name = "A1", email = "a1@example.test" }, { name = "A2", email = "a2@example.test" },
  { name = "B1", email = "b1@example.test" }, { name = "B2", email = "b2@example.test" },
]
teams = [
  { name = "A", captain = "cap@example.test", players = ["a1@example.test", "a2@example.test"] },
  { name = "B", players = ["b1@example.test", "b2@example.test"] },
]
"#;

    fn letter(from: &str, subject: &str, headers: &str, body: &str) -> Vec<u8> {
        format!(
            "From: {from}\r\nTo: bot@example.test\r\nSubject: {subject}\r\nMessage-ID: <r@x>\r\n{headers}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
        )
        .into_bytes()
    }

    const PASS: &str =
        "Authentication-Results: mx.example.test; dmarc=pass header.from=example.test\r\n";
    const FAIL: &str =
        "Authentication-Results: mx.example.test; dmarc=fail header.from=example.test\r\n";

    #[test]
    fn each_kind_of_letter_takes_its_one_route() {
        let config = crate::config::parse(std::path::Path::new("x.toml"), CONFIG).unwrap();
        let big = "x".repeat(5000);
        let rows: Vec<(&str, Vec<u8>, Option<i64>, &str)> = vec![
            (
                "a player's move",
                letter("ivan@example.test", "T/1", PASS, "1. e2-e4"),
                None,
                "Player",
            ),
            (
                "a stranger",
                letter("eve@example.test", "T/1", PASS, "1. e2-e4"),
                None,
                "Stranger",
            ),
            (
                "an auto-reply by its header",
                letter(
                    "ivan@example.test",
                    "T/1",
                    &format!("{PASS}Auto-Submitted: auto-replied\r\n"),
                    "1. e2-e4",
                ),
                None,
                "Ignored",
            ),
            (
                "an auto-reply by its subject alone",
                letter("ivan@example.test", "Out of Office: T/1", PASS, "1. e2-e4"),
                None,
                "SuspectedAutoReply",
            ),
            (
                "a forgery",
                letter("ivan@example.test", "T/1", FAIL, "1. e2-e4"),
                None,
                "Unauthenticated",
            ),
            (
                "too large as stored",
                letter("ivan@example.test", "T/1", PASS, &big),
                None,
                "TooLarge",
            ),
            (
                "too large as IMAP reported it",
                letter("ivan@example.test", "T/1", PASS, "1. e2-e4"),
                Some(1_000_000),
                "TooLarge",
            ),
            (
                "the arbiter's command",
                letter("arbiter@example.test", "T/1", PASS, "confirm T/1"),
                None,
                "Arbiter",
            ),
            (
                "the arbiter without a command",
                letter(
                    "arbiter@example.test",
                    "T/1",
                    PASS,
                    "Hello, how are things?",
                ),
                None,
                "ArbiterLetter",
            ),
            (
                "a bounce of amici's own mail (a DSN from a mail daemon)",
                include_bytes!("../../fixtures/mail/bounce/sisimai-lhost-exim-01.eml").to_vec(),
                None,
                "Bounce",
            ),
            (
                "a letter the transport mangled to nothing readable (broken base64)",
                letter(
                    "ivan@example.test",
                    "T/1",
                    &format!("{PASS}Content-Transfer-Encoding: base64\r\n"),
                    "!!!!",
                ),
                None,
                "Undecodable",
            ),
            (
                "a team captain (no player) writing for his players",
                letter("cap@example.test", "TS/1", PASS, "1. e2-e4"),
                None,
                "Captain",
            ),
            (
                "a team captain naming a replacement of his own player (Art. 47)",
                letter(
                    "cap@example.test",
                    "TS",
                    PASS,
                    "replace a1@example.test a3@example.test",
                ),
                None,
                "CaptainReplacements",
            ),
            (
                "no sender",
                b"To: bot@example.test\r\nSubject: x\r\n\r\nhi\r\n".to_vec(),
                None,
                "Ignored",
            ),
        ];
        let mut pinned = std::collections::BTreeSet::new();
        for (what, raw, size, want) in rows {
            let msg = inbound::parse(&raw, &config.bot.address);
            let got = route(&msg, &raw, size, &config);
            assert_eq!(variant(&got), want, "{what}: routed {got:?}");
            pinned.insert(want);
            // the daily limit counts only authenticated letters of known senders
            let counted = !matches!(
                want,
                "Bounce" | "Stranger" | "Unauthenticated" | "SuspectedAutoReply" | "Ignored"
            );
            assert_eq!(got.counted(), counted, "{what}");
        }
        let every: std::collections::BTreeSet<&str> = EVERY_ROUTE.into_iter().collect();
        assert_eq!(pinned, every, "a route no row of the table pins");
    }

    /// Every variant of [`Route`], by name: a new variant does not compile in [`variant`]
    /// until it is named here, and the table test then fails until a row pins it.
    const EVERY_ROUTE: [&str; 12] = [
        "Bounce",
        "Ignored",
        "Stranger",
        "Unauthenticated",
        "SuspectedAutoReply",
        "TooLarge",
        "Undecodable",
        "Arbiter",
        "ArbiterLetter",
        "CaptainReplacements",
        "Captain",
        "Player",
    ];

    fn variant(route: &Route) -> &'static str {
        match route {
            Route::Bounce(_) => "Bounce",
            Route::Ignored(_) => "Ignored",
            Route::Stranger => "Stranger",
            Route::Unauthenticated { .. } => "Unauthenticated",
            Route::SuspectedAutoReply { .. } => "SuspectedAutoReply",
            Route::TooLarge => "TooLarge",
            Route::Undecodable => "Undecodable",
            Route::Arbiter { .. } => "Arbiter",
            Route::ArbiterLetter => "ArbiterLetter",
            Route::CaptainReplacements { .. } => "CaptainReplacements",
            Route::Captain { .. } => "Captain",
            Route::Player => "Player",
        }
    }
}
