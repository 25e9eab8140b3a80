//! The file as serde reads it: one raw struct a section, every value spanned, so each error
//! has its position.

use serde::Deserialize;
use toml::Spanned;

use super::*;

// ---------------------------------------------------------------------------------------------
// Raw structs: what serde reads, section by section.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBot {
    pub(super) address: Spanned<String>,
    pub(super) database: Option<String>,
    pub(super) timezone: Option<Spanned<String>>,
    pub(super) language: Option<Lang>,
    pub(super) admin: Option<Spanned<String>>,
    pub(super) trust_authentication_results_received_above: Option<usize>,
    pub(super) tick_hour: Option<Spanned<u32>>,
    pub(super) courtesy_replies: Option<bool>,
    pub(super) max_letters_per_sender_per_day: Option<u32>,
    pub(super) max_message_bytes: Option<usize>,
    pub(super) trust_authentication_results: Option<String>,
    pub(super) max_attempts: Option<u32>,
    pub(super) batch_letters: Option<usize>,
    pub(super) guide_url: Option<String>,
    pub(super) diagram: Option<Diagram>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawImap {
    pub(super) host: Spanned<String>,
    pub(super) port: Option<Spanned<u16>>,
    pub(super) security: Option<Spanned<Security>>,
    pub(super) user: String,
    pub(super) password_env: Spanned<String>,
    pub(super) mailbox: Option<String>,
    pub(super) processed_folder: Option<String>,
    pub(super) ca_file: Option<String>,
    pub(super) poll_seconds: Option<u64>,
    pub(super) idle: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSmtp {
    pub(super) host: Spanned<String>,
    pub(super) port: Option<Spanned<u16>>,
    pub(super) security: Option<Spanned<Security>>,
    pub(super) user: Option<String>,
    pub(super) password_env: Option<Spanned<String>>,
    pub(super) ca_file: Option<String>,
    pub(super) timeout_seconds: Option<u64>,
    pub(super) retry_base_seconds: Option<u64>,
    pub(super) senders: Option<usize>,
    pub(super) verp: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawOutbox {
    pub(super) dir: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPlayer {
    pub(super) name: String,
    pub(super) email: Spanned<String>,
    pub(super) language: Option<Lang>,
    pub(super) rating: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGame {
    pub(super) white: Spanned<String>,
    pub(super) black: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTeam {
    pub(super) name: Spanned<String>,
    pub(super) captain: Option<Spanned<String>>,
    pub(super) players: Spanned<Vec<Spanned<String>>>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum RawTeamRanking {
    MatchPoints,
    GamePoints,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTournament {
    pub(super) id: Spanned<String>,
    pub(super) name: Option<String>,
    pub(super) mode: Option<Mode>,
    pub(super) notation: Option<Notation>,
    pub(super) start: Spanned<DateValue>,
    pub(super) end: Spanned<DateValue>,
    pub(super) arbiter: Spanned<String>,
    pub(super) pairing: Option<Pairing>,
    #[serde(default)]
    pub(super) players: Vec<RawPlayer>,
    pub(super) games: Option<Spanned<Vec<RawGame>>>,
    // Rule parameters (RULES.md defaults).
    pub(super) period_moves: Option<u32>,
    pub(super) period_days: Option<u32>,
    pub(super) penalty_days: Option<u32>,
    pub(super) repeat_after_days: Option<u32>,
    pub(super) arbiter_after_days: Option<u32>,
    pub(super) notice_days: Option<u32>,
    pub(super) oversteps_to_lose: Option<u32>,
    pub(super) leave_days_per_year: Option<u32>,
    pub(super) short_notation_warnings: Option<u32>,
    pub(super) allow_numeric: Option<bool>,
    pub(super) tiebreaks: Option<Vec<String>>,
    pub(super) tablebases: Option<String>,
    pub(super) diagram: Option<Diagram>,
    /// The site's language for this tournament (else `[bot] language`).
    pub(super) language: Option<Lang>,
    // Team sections (RULES.md §12 annex).
    pub(super) teams: Option<Spanned<Vec<RawTeam>>>,
    pub(super) team_ranking: Option<Spanned<RawTeamRanking>>,
    // A tournament in stages (RULES.md §12a).
    pub(super) rounds: Option<Spanned<u32>>,
    pub(super) tables: Option<Spanned<u32>>,
    pub(super) round_days: Option<Spanned<u32>>,
    pub(super) bye_points: Option<Spanned<f64>>,
    pub(super) top: Option<Spanned<u32>>,
    pub(super) knockout_games: Option<Spanned<u32>>,
    pub(super) knockout_tie: Option<crate::rules::stage::Tie>,
    pub(super) requested_byes: Option<bool>,
    pub(super) tiebreak_unplayed: Option<crate::rules::standings::Unplayed>,
}
