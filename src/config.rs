//! The configuration: TOML → raw serde structs (per section, so every section reports its own
//! error) → a validated [`Config`]. Every error names the file, line, column and what was
//! expected; `check-config` prints them all.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use crate::rules::model::{Lang, Mode, Notation, Params};
use crate::rules::team::Primary;

/// One problem in the config file, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    /// 1-based line and column; 0 when the problem has no place in the file.
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file.display(),
                self.line,
                self.column,
                self.message
            )
        }
    }
}

/// All the problems found in a config file.
#[derive(Debug, thiserror::Error)]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// Transport security of a mail connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    Tls,
    Starttls,
    /// Plain text: only allowed to a loopback host.
    None,
}

/// How a letter that shows a position shows it (`diagram`, issue 14 item 1). The `text/plain`
/// part always carries the text diagram; `png` and `both` add a `text/html` alternative with
/// the board picture inline (INTERFACE.md "Letters out").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Diagram {
    /// The text diagram only: the letter is one `text/plain` part, as before pictures.
    Text,
    /// The HTML alternative shows the picture in the text diagram's place.
    Png,
    /// The HTML alternative shows the picture above the text diagram.
    #[default]
    Both,
}

impl Diagram {
    /// Does a letter carry the picture?
    pub fn picture(self) -> bool {
        self != Diagram::Text
    }
}

/// `[bot]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bot {
    pub address: String,
    pub database: PathBuf,
    pub timezone: chrono_tz::Tz,
    pub language: Lang,
    pub admin: Option<String>,
    /// How many `Received:` lines our own hosts put above the trusted host's
    /// Authentication-Results (`mail::auth::AuthTrust::received_above`; default 0).
    pub trust_authentication_results_received_above: usize,
    /// Local hour (0–23) of the daily tick.
    pub tick_hour: u32,
    /// Answer a stranger once a day with a courtesy note (default off).
    pub courtesy_replies: bool,
    /// Letters accepted from one sender per day before the rest are stored and ignored.
    pub max_letters_per_sender_per_day: u32,
    /// Letters larger than this are stored and answered, never parsed in full.
    pub max_message_bytes: usize,
    /// `Authentication-Results` of this authserv-id decide whether a sender is genuine.
    pub trust_authentication_results: Option<String>,
    /// A letter whose processing fails or panics this many times is set aside (issue 8).
    pub max_attempts: u32,
    /// Letters processed in one transaction (group commit: one fsync a batch).
    pub batch_letters: usize,
    /// Where the federation publishes the player's and arbiter's guide (docs/guide.md): every
    /// reply points at it in one line above the signature.
    pub guide_url: Option<String>,
    /// How letters show a position (default `both`); a tournament may say otherwise.
    pub diagram: Diagram,
}

/// `[imap]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Imap {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub user: String,
    pub password_env: String,
    pub mailbox: String,
    /// Move processed letters there instead of marking them `\Seen`.
    pub processed_folder: Option<String>,
    /// Extra CA certificate (PEM) to trust, for private servers.
    pub ca_file: Option<PathBuf>,
    /// Polling interval when the server has no IDLE, and the IDLE safety net.
    pub poll_seconds: u64,
    /// Use IMAP IDLE when the server offers it (default true); false: poll.
    pub idle: bool,
}

/// `[smtp]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub user: Option<String>,
    pub password_env: Option<String>,
    pub ca_file: Option<PathBuf>,
    pub timeout_seconds: u64,
    /// First retry delay after a transient failure; doubles each time, at most 1 hour.
    pub retry_base_seconds: u64,
    /// Concurrent SMTP connections; messages to one recipient always go through one of them,
    /// in queue order.
    pub senders: usize,
    /// The envelope sender of each message is `bot+<outbox id>@domain` (VERP), so a bounce
    /// names the message it returns.
    pub verp: bool,
}

/// Where outgoing mail goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Delivery {
    Smtp(Smtp),
    /// Write each outgoing message as an `.eml` file into this folder.
    Dir(PathBuf),
}

/// How the games of a tournament are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairing {
    RoundRobin,
    DoubleRoundRobin,
    Explicit,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub email: String,
    pub language: Option<Lang>,
}

/// One configured game (white, black as e-mail addresses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub white: String,
    pub black: String,
}

/// A team of a team section (`teams = [ { name, captain, players } ]`, RULES.md §12 annex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    pub name: String,
    /// Receives copies and may send claims, leave notices and replacements (RULES.md §14).
    pub captain: Option<String>,
    /// The players' addresses in board order: board I first.
    pub players: Vec<String>,
}

/// One match of a team round robin: indices into [`Tournament::teams`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TeamPairing {
    /// The row of the Berger table (the second cycle of a double round robin continues the
    /// count).
    pub round: u32,
    /// The first-named team of the Berger pairing: White on board I (the board-I colour rule).
    pub home: usize,
    pub away: usize,
}

/// `[[tournament]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub id: String,
    pub name: String,
    pub notation: Notation,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub arbiter: String,
    pub pairing: Pairing,
    pub players: Vec<Player>,
    /// The games in pairing order: game n is `games[n-1]`.
    pub games: Vec<GameSpec>,
    pub params: Params,
    pub tiebreaks: Vec<String>,
    /// The teams of a team section, empty for an individual event. With teams, `games` is the
    /// team round robin: match by match (see `team_matches`), board by board.
    pub teams: Vec<Team>,
    /// The matches of the team round robin in game order; empty without teams.
    pub team_matches: Vec<TeamPairing>,
    /// The primary criterion of the team standings (`team_ranking`, default match points).
    pub team_ranking: Primary,
    /// A directory of Syzygy endgame tablebases: §707 claims in positions they cover are
    /// settled by them.
    pub tablebases: Option<PathBuf>,
    /// `diagram` for this tournament's letters; `None`: the `[bot]` one.
    pub diagram: Option<Diagram>,
}

impl Tournament {
    /// Boards per team (N): the number of players every team lists; 0 without teams.
    pub fn boards(&self) -> usize {
        self.teams.first().map_or(0, |t| t.players.len())
    }

    /// For the game with this 0-based index in `games` (game id `<tid>/<index + 1>`): its
    /// match (index into `team_matches`) and board (0-based, board I = 0). `None` without
    /// teams or past the last game.
    pub fn team_board(&self, game_index: usize) -> Option<(usize, usize)> {
        let n = self.boards();
        if n == 0 || game_index >= self.games.len() {
            return None;
        }
        Some((game_index / n, game_index % n))
    }

    /// The team an address plays for (or captains when it plays for none).
    pub fn team_of(&self, email: &str) -> Option<usize> {
        let email = email.trim();
        self.teams
            .iter()
            .position(|t| t.players.iter().any(|p| p.eq_ignore_ascii_case(email)))
            .or_else(|| {
                self.teams.iter().position(|t| {
                    t.captain
                        .as_deref()
                        .is_some_and(|c| c.eq_ignore_ascii_case(email))
                })
            })
    }
}

/// The validated configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub path: PathBuf,
    /// SHA-256 (hex) of the text this config was read from: the version logged as in force
    /// (`amici audit` replays each letter under the config it was processed with).
    pub source_sha256: String,
    pub bot: Bot,
    pub imap: Option<Imap>,
    pub delivery: Delivery,
    pub tournaments: Vec<Tournament>,
}

impl Config {
    /// Whose Authentication-Results decide whether a sender is genuine, and where that header
    /// sits (`mail::auth::authenticated_at`); None when sender authentication is off.
    pub fn auth_trust(&self) -> Option<crate::mail::auth::AuthTrust> {
        self.bot
            .trust_authentication_results
            .as_deref()
            .map(|id| crate::mail::auth::AuthTrust {
                authserv_id: id.trim().to_lowercase(),
                received_above: self.bot.trust_authentication_results_received_above,
            })
    }

    /// What `check-config` should warn about without refusing the config.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        if self.bot.trust_authentication_results.is_none() {
            w.push(
                "[bot] trust_authentication_results is not set: senders are not authenticated, \
                 so a letter with a forged From: moves a player's pieces (see \
                 config/amici.example.toml)"
                    .to_string(),
            );
        }
        w
    }

    /// The `password_env` variables that `is_set` does not find, each a problem at its
    /// `password_env` line (issue 13 item 6), with the variable's name. The config is valid without them — `run` is
    /// often started with another environment than the one `check-config` runs in — but
    /// `run` needs them to log in.
    pub fn unset_passwords(&self, is_set: impl Fn(&str) -> bool) -> Vec<(String, ConfigError)> {
        let mut wanted = Vec::new();
        if let Some(i) = &self.imap {
            wanted.push(("imap", "IMAP", i.password_env.as_str()));
        }
        if let Delivery::Smtp(s) = &self.delivery
            && let Some(var) = &s.password_env
        {
            wanted.push(("smtp", "SMTP", var.as_str()));
        }
        wanted.retain(|(_, _, var)| !is_set(var));
        if wanted.is_empty() {
            return Vec::new();
        }
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        wanted
            .into_iter()
            .map(|(section, server, var)| {
                let (line, column) = key_position(&text, section, "password_env").unwrap_or((0, 0));
                let at = ConfigError {
                    file: self.path.clone(),
                    line,
                    column,
                    message: format!(
                        "[{section}] password_env: the environment variable {var} (the \
                         {server} password) is not set; set it before `amici run`"
                    ),
                };
                (var.to_string(), at)
            })
            .collect()
    }

    /// The player with this address in any tournament, and his preferred language.
    pub fn language_of(&self, email: &str) -> Lang {
        self.tournaments
            .iter()
            .flat_map(|t| t.players.iter())
            .find(|p| p.email.eq_ignore_ascii_case(email))
            .and_then(|p| p.language)
            .unwrap_or(self.bot.language)
    }

    /// The display name of a player (his address when unknown).
    pub fn name_of(&self, email: &str) -> String {
        self.tournaments
            .iter()
            .flat_map(|t| t.players.iter())
            .find(|p| p.email.eq_ignore_ascii_case(email))
            .map(|p| p.name.clone())
            .unwrap_or_else(|| email.to_string())
    }

    pub fn tournament(&self, id: &str) -> Option<&Tournament> {
        self.tournaments.iter().find(|t| t.id == id)
    }

    /// How the letters of this tournament show a position: its own `diagram`, else `[bot]`'s.
    pub fn diagram_for(&self, tournament: &str) -> Diagram {
        self.tournament(tournament)
            .and_then(|t| t.diagram)
            .unwrap_or(self.bot.diagram)
    }

    /// Is this address the arbiter of some tournament?
    pub fn is_arbiter(&self, email: &str) -> bool {
        self.tournaments
            .iter()
            .any(|t| t.arbiter.eq_ignore_ascii_case(email))
    }

    /// Is this address a registered player?
    pub fn is_player(&self, email: &str) -> bool {
        self.tournaments
            .iter()
            .flat_map(|t| t.players.iter())
            .any(|p| p.email.eq_ignore_ascii_case(email))
    }

    /// The players a team captain speaks for (RULES.md §14): his team's players.
    pub fn captained_by(&self, email: &str) -> Vec<String> {
        self.tournaments
            .iter()
            .flat_map(|t| t.teams.iter())
            .filter(|team| {
                team.captain
                    .as_deref()
                    .is_some_and(|c| c.eq_ignore_ascii_case(email))
            })
            .flat_map(|team| team.players.iter().cloned())
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Raw structs: what serde reads, section by section.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBot {
    address: Spanned<String>,
    database: Option<String>,
    timezone: Option<Spanned<String>>,
    language: Option<Lang>,
    admin: Option<Spanned<String>>,
    trust_authentication_results_received_above: Option<usize>,
    tick_hour: Option<Spanned<u32>>,
    courtesy_replies: Option<bool>,
    max_letters_per_sender_per_day: Option<u32>,
    max_message_bytes: Option<usize>,
    trust_authentication_results: Option<String>,
    max_attempts: Option<u32>,
    batch_letters: Option<usize>,
    guide_url: Option<String>,
    diagram: Option<Diagram>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImap {
    host: Spanned<String>,
    port: Option<Spanned<u16>>,
    security: Option<Spanned<Security>>,
    user: String,
    password_env: Spanned<String>,
    mailbox: Option<String>,
    processed_folder: Option<String>,
    ca_file: Option<String>,
    poll_seconds: Option<u64>,
    idle: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSmtp {
    host: Spanned<String>,
    port: Option<Spanned<u16>>,
    security: Option<Spanned<Security>>,
    user: Option<String>,
    password_env: Option<Spanned<String>>,
    ca_file: Option<String>,
    timeout_seconds: Option<u64>,
    retry_base_seconds: Option<u64>,
    senders: Option<usize>,
    verp: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOutbox {
    dir: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: String,
    email: Spanned<String>,
    language: Option<Lang>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    white: Spanned<String>,
    black: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTeam {
    name: Spanned<String>,
    captain: Option<Spanned<String>>,
    players: Spanned<Vec<Spanned<String>>>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RawTeamRanking {
    MatchPoints,
    GamePoints,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournament {
    id: Spanned<String>,
    name: Option<String>,
    mode: Option<Mode>,
    notation: Option<Notation>,
    start: Spanned<DateValue>,
    end: Spanned<DateValue>,
    arbiter: Spanned<String>,
    pairing: Option<Pairing>,
    #[serde(default)]
    players: Vec<RawPlayer>,
    games: Option<Spanned<Vec<RawGame>>>,
    // Rule parameters (RULES.md defaults).
    period_moves: Option<u32>,
    period_days: Option<u32>,
    penalty_days: Option<u32>,
    repeat_after_days: Option<u32>,
    arbiter_after_days: Option<u32>,
    notice_days: Option<u32>,
    oversteps_to_lose: Option<u32>,
    leave_days_per_year: Option<u32>,
    short_notation_warnings: Option<u32>,
    allow_numeric: Option<bool>,
    tiebreaks: Option<Vec<String>>,
    tablebases: Option<String>,
    diagram: Option<Diagram>,
    // Team sections (RULES.md §12 annex).
    teams: Option<Spanned<Vec<RawTeam>>>,
    team_ranking: Option<Spanned<RawTeamRanking>>,
}

// ---------------------------------------------------------------------------------------------

/// Reads and validates the config file.
pub fn load(path: &Path) -> Result<Config, ConfigErrors> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        ConfigErrors(vec![ConfigError {
            file: path.to_path_buf(),
            line: 0,
            column: 0,
            message: format!("cannot read the config file: {e}"),
        }])
    })?;
    parse(path, &text)
}

/// Collects errors with their positions.
struct Checker<'a> {
    file: &'a Path,
    text: &'a str,
    errors: Vec<ConfigError>,
}

impl Checker<'_> {
    fn at(&mut self, span: Option<std::ops::Range<usize>>, message: impl Into<String>) {
        let (line, column) = match span {
            Some(s) => line_col(self.text, s.start),
            None => (0, 0),
        };
        self.errors.push(ConfigError {
            file: self.file.to_path_buf(),
            line,
            column,
            message: message.into(),
        });
    }

    /// Deserialises one section. serde stops at the first error, so after each error the
    /// offending key is set aside and the section read again: every wrong key of the section
    /// is reported, not only the first (a key set aside is not reported again as missing).
    fn section<T: DeserializeOwned>(
        &mut self,
        name: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Option<T> {
        self.section_owned(name, value.clone(), &|| Some(value.clone()))
            .map(|(v, _)| v)
    }

    /// [`Checker::section`] from an owned value: the common case (no error) deserialises it
    /// without a copy — a tournament of 10,000 games is a DOM of some 10 MB — and `again`
    /// produces a fresh one (parsing the text anew) only to find every error.
    ///
    /// After errors it still returns what the rest of the section holds, with the keys set
    /// aside, so the caller checks the other keys' values too (issue 13 item 7: a bad `mode`
    /// hid a bad `start`); the errors already make the config refused.
    fn section_owned<'a, T: DeserializeOwned>(
        &mut self,
        name: &str,
        value: Spanned<DeValue<'a>>,
        again: &dyn Fn() -> Option<Spanned<DeValue<'a>>>,
    ) -> Option<(T, Vec<String>)> {
        if let Ok(v) = T::deserialize(ValueDeserializer::from(value)) {
            return Some((v, Vec::new()));
        }
        let mut current = again()?;
        let mut removed: Vec<String> = Vec::new();
        for _ in 0..64 {
            match T::deserialize(ValueDeserializer::from(current.clone())) {
                Ok(v) => return Some((v, removed)),
                Err(e) => {
                    let span = e.span().or_else(|| Some(current.span()));
                    let message = e.message().trim().to_string();
                    // Find the key whose value holds the error, to read again without it.
                    let DeValue::Table(table) = current.get_mut() else {
                        self.at(span, format!("in {name}: {}", plain(&message)));
                        return None;
                    };
                    let key = span.as_ref().and_then(|span| {
                        table
                            .iter()
                            .find(|(k, v)| {
                                let vs = v.span();
                                let ks = k.span();
                                (vs.start <= span.start && span.start < vs.end.max(vs.start + 1))
                                    || (ks.start <= span.start && span.start < ks.end)
                            })
                            .map(|(k, _)| k.clone())
                    });
                    let repeat = removed
                        .iter()
                        .any(|k| message.contains(&format!("missing field `{k}`")));
                    if !repeat {
                        let text = match &key {
                            // An unknown key names itself; a wrong value is named by its key.
                            Some(k) if !message.starts_with("unknown field") => {
                                format!("{name} {}: {}", k.get_ref(), plain(&message))
                            }
                            _ => format!("in {name}: {}", plain(&message)),
                        };
                        self.at(span, text);
                    }
                    match key {
                        Some(k) => {
                            removed.push(k.get_ref().to_string());
                            table.remove(&k);
                        }
                        None => return None,
                    }
                }
            }
        }
        None
    }
}

/// serde's messages in the words of someone editing a config file, not of a Rust programmer
/// (issue 13 item 7): "invalid value: integer `99999`, expected u16" becomes "expected a whole
/// number from 1 to 65535, found 99999".
fn plain(message: &str) -> String {
    let ticked = |s: &str| -> Vec<String> {
        s.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.rsplit_once(", expected ")
    {
        return format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ")
        && let Some((value, choices)) = rest.split_once(", expected ")
    {
        return format!("{value} is not one of: {}", ticked(choices).join(", "));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        return match rest.split_once(", expected ") {
            Some((key, keys)) => format!(
                "unknown key {key}, expected one of: {}",
                ticked(keys).join(", ")
            ),
            None => format!("unknown key {}", rest.split(',').next().unwrap_or(rest)),
        };
    }
    if let Some(key) = message.strip_prefix("missing field ") {
        return format!("the key {key} is missing");
    }
    if message == "wanted string or table" {
        // toml's words for a choice (`mode`, `notation` …) that is not text at all.
        return "expected one of the words config/amici.example.toml lists for it, in quotes"
            .into();
    }
    if message == DATE_EXPECTED {
        return format!("expected {DATE_EXPECTED} (year-month-day)");
    }
    message.to_string()
}

/// The types the raw structs use, in words. The config's only u16 values are ports, and a
/// port of 0 is refused as well (`check_port`).
fn expected_words(expected: &str) -> String {
    match expected {
        "u16" => "a whole number from 1 to 65535".into(),
        "u32" | "u64" | "usize" => "a whole number (0 or more)".into(),
        "a boolean" => "true or false".into(),
        "a string" => "text in quotes".into(),
        "a sequence" => "a list in brackets, [ … ]".into(),
        e if e.starts_with("struct ") || e == "a map" => "a table, { key = value, … }".into(),
        e => e.to_string(),
    }
}

/// serde's description of the value found: `integer `5``, `string "six"` …
fn found_words(found: &str) -> String {
    for prefix in ["integer ", "floating point ", "boolean "] {
        if let Some(v) = found.strip_prefix(prefix) {
            return v.trim_matches('`').to_string();
        }
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "a table".into(),
        f => f.strip_prefix("string ").unwrap_or(f).to_string(),
    }
}

/// The `i`-th `[[tournament]]` of `text`, parsed anew (to find every error of one).
fn tournament_item(text: &str, i: usize) -> Option<Spanned<DeValue<'_>>> {
    let (root, _) = DeTable::parse_recoverable(text);
    let v = root
        .into_inner()
        .into_iter()
        .find(|(k, _)| k.get_ref().as_ref() == "tournament")?
        .1;
    match v.into_inner() {
        DeValue::Array(items) => items.into_iter().nth(i),
        _ => None,
    }
}

/// Line and column of `key` in the table `[section]` of `text`.
fn key_position(text: &str, section: &str, key: &str) -> Option<(usize, usize)> {
    let (root, _) = DeTable::parse_recoverable(text);
    let root = root.into_inner();
    let (_, table) = root.iter().find(|(k, _)| k.get_ref().as_ref() == section)?;
    let DeValue::Table(table) = table.get_ref() else {
        return None;
    };
    let (k, _) = table.iter().find(|(k, _)| k.get_ref().as_ref() == key)?;
    Some(line_col(text, k.span().start))
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// An address amici can actually write to: the same check lettre makes when sending, so a
/// player admitted by the config can always be answered.
fn valid_email(s: &str) -> bool {
    s.contains('.')
        && s.parse::<lettre::Address>().is_ok()
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// What [`DateValue`] expects (serde's whole message when neither form fits).
const DATE_EXPECTED: &str = "a date like 2026-01-10";

/// A date written as a TOML date (`2026-01-10`) or as a string (`"2026-01-10"`, as
/// INTERFACE.md's example does): both are accepted.
#[derive(Deserialize)]
#[serde(untagged, expecting = "a date like 2026-01-10")]
enum DateValue {
    Toml(toml::value::Datetime),
    Text(String),
}

/// What is wrong with a date that does not read (`to_date` gave None), in words.
fn date_problem(key: &str, d: &Spanned<DateValue>) -> String {
    match d.get_ref() {
        DateValue::Text(s) => format!(
            "{key}: `{s}` is not a date: write year-month-day, like 2026-01-10 (quotes optional)"
        ),
        DateValue::Toml(t) => {
            format!("{key}: `{t}` is not a date: expected a date like 2026-01-10")
        }
    }
}

/// A port as given (None: the security's default); 0 is refused, with its place.
fn check_port(ck: &mut Checker<'_>, section: &str, port: Option<&Spanned<u16>>) -> Option<u16> {
    let p = port?;
    if *p.get_ref() == 0 {
        ck.at(
            Some(p.span()),
            format!("{section} port: expected a whole number from 1 to 65535, found 0"),
        );
    }
    Some(*p.get_ref())
}

fn to_date(d: &DateValue) -> Option<NaiveDate> {
    match d {
        DateValue::Text(s) => s.trim().parse().ok(),
        DateValue::Toml(d) => {
            let date = d.date?;
            if d.time.is_some() {
                return None;
            }
            NaiveDate::from_ymd_opt(
                i32::from(date.year),
                u32::from(date.month),
                u32::from(date.day),
            )
        }
    }
}

/// Parses and validates config text; `path` names the file in errors and anchors relative paths.
pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigErrors> {
    let mut ck = Checker {
        file: path,
        text,
        errors: Vec::new(),
    };
    let (root, syntax) = DeTable::parse_recoverable(text);
    for e in &syntax {
        ck.at(e.span(), format!("TOML syntax: {}", e.message().trim()));
    }
    if !syntax.is_empty() {
        return Err(ConfigErrors(ck.errors));
    }
    let root = root.into_inner();
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let resolve = |p: &str| -> PathBuf {
        let p = PathBuf::from(p);
        if p.is_absolute() { p } else { base.join(p) }
    };

    let known = ["bot", "imap", "smtp", "outbox", "tournament"];
    let mut sections: BTreeMap<&str, &Spanned<DeValue<'_>>> = BTreeMap::new();
    for (key, value) in root.iter() {
        let name = key.get_ref().as_ref();
        match known.iter().find(|k| **k == name) {
            Some(k) => {
                sections.insert(k, value);
            }
            None => ck.at(
                Some(key.span()),
                format!(
                    "unknown section `{name}`, expected one of: {}",
                    known.join(", ")
                ),
            ),
        }
    }

    // [bot]
    let bot = match sections.get("bot") {
        None => {
            ck.at(
                None,
                "missing section [bot] (address, database, timezone, language)",
            );
            None
        }
        Some(v) => ck.section::<RawBot>("[bot]", v),
    };
    let bot = bot.map(|b| {
        if !valid_email(b.address.get_ref()) {
            ck.at(
                Some(b.address.span()),
                format!(
                    "[bot] address: `{}` is not an e-mail address",
                    b.address.get_ref()
                ),
            );
        }
        let timezone = match &b.timezone {
            None => chrono_tz::Europe::Sofia,
            Some(tz) => tz.get_ref().parse::<chrono_tz::Tz>().unwrap_or_else(|_| {
                ck.at(
                    Some(tz.span()),
                    format!(
                        "[bot] timezone: `{}` is not an IANA time zone such as Europe/Sofia",
                        tz.get_ref()
                    ),
                );
                chrono_tz::Europe::Sofia
            }),
        };
        if let Some(h) = &b.tick_hour
            && *h.get_ref() > 23
        {
            ck.at(Some(h.span()), "[bot] tick_hour: expected an hour 0–23");
        }
        if let Some(a) = &b.admin
            && !valid_email(a.get_ref())
        {
            ck.at(
                Some(a.span()),
                format!("[bot] admin: `{}` is not an e-mail address", a.get_ref()),
            );
        }
        Bot {
            address: b.address.get_ref().to_lowercase(),
            database: resolve(b.database.as_deref().unwrap_or("amici.sqlite3")),
            timezone,
            language: b.language.unwrap_or(Lang::Bg),
            admin: b.admin.map(|a| a.into_inner().to_lowercase()),
            trust_authentication_results_received_above: b
                .trust_authentication_results_received_above
                .unwrap_or(crate::mail::auth::DEFAULT_RECEIVED_ABOVE)
                .min(100),
            tick_hour: b.tick_hour.map_or(6, |h| *h.get_ref()),
            courtesy_replies: b.courtesy_replies.unwrap_or(false),
            max_letters_per_sender_per_day: b.max_letters_per_sender_per_day.unwrap_or(50),
            max_message_bytes: b.max_message_bytes.unwrap_or(2 * 1024 * 1024),
            trust_authentication_results: b.trust_authentication_results,
            max_attempts: b.max_attempts.unwrap_or(3).max(1),
            batch_letters: b.batch_letters.unwrap_or(50).clamp(1, 1000),
            guide_url: b
                .guide_url
                .map(|u| u.trim().to_string())
                .filter(|u| !u.is_empty()),
            diagram: b.diagram.unwrap_or_default(),
        }
    });

    // [imap]
    let imap = sections.get("imap").and_then(|v| ck.section::<RawImap>("[imap]", v)).map(|i| {
        let security = i.security.as_ref().map_or(Security::Tls, |s| *s.get_ref());
        if security == Security::None && !is_loopback(i.host.get_ref()) {
            let span = i.security.as_ref().map(|s| s.span());
            ck.at(span, "[imap] security = \"none\" is only allowed for a loopback host (127.0.0.1, localhost)");
        }
        Imap {
            host: i.host.get_ref().clone(),
            port: check_port(&mut ck, "[imap]", i.port.as_ref())
                .unwrap_or(if security == Security::Tls { 993 } else { 143 }),
            security,
            user: i.user,
            password_env: i.password_env.into_inner(),
            mailbox: i.mailbox.unwrap_or_else(|| "INBOX".into()),
            processed_folder: i.processed_folder,
            ca_file: i.ca_file.as_deref().map(resolve),
            poll_seconds: i.poll_seconds.unwrap_or(60).max(1),
            idle: i.idle.unwrap_or(true),
        }
    });

    // [smtp] xor [outbox]
    let smtp = sections.get("smtp").and_then(|v| ck.section::<RawSmtp>("[smtp]", v)).map(|s| {
        let security = s.security.as_ref().map_or(Security::Tls, |x| *x.get_ref());
        if security == Security::None && !is_loopback(s.host.get_ref()) {
            let span = s.security.as_ref().map(|x| x.span());
            ck.at(span, "[smtp] security = \"none\" is only allowed for a loopback host (127.0.0.1, localhost)");
        }
        Smtp {
            host: s.host.get_ref().clone(),
            port: check_port(&mut ck, "[smtp]", s.port.as_ref()).unwrap_or(match security {
                Security::Tls => 465,
                Security::Starttls => 587,
                Security::None => 25,
            }),
            security,
            user: s.user,
            password_env: s.password_env.map(Spanned::into_inner),
            ca_file: s.ca_file.as_deref().map(resolve),
            timeout_seconds: s.timeout_seconds.unwrap_or(60).max(1),
            retry_base_seconds: s.retry_base_seconds.unwrap_or(30).max(1),
            senders: s.senders.unwrap_or(4).clamp(1, 32),
            verp: s.verp.unwrap_or(true),
        }
    });
    let outbox = sections
        .get("outbox")
        .and_then(|v| ck.section::<RawOutbox>("[outbox]", v));
    let delivery = match (smtp, outbox) {
        (Some(s), None) => Some(Delivery::Smtp(s)),
        (None, Some(o)) => Some(Delivery::Dir(resolve(&o.dir))),
        (Some(_), Some(_)) => {
            let span = sections.get("outbox").map(|v| v.span());
            ck.at(
                span,
                "both [smtp] and [outbox] are set: expected exactly one of them",
            );
            None
        }
        (None, None) => {
            if !sections.contains_key("smtp") && !sections.contains_key("outbox") {
                ck.at(
                    None,
                    "missing [smtp] or [outbox]: expected exactly one of them (where replies go)",
                );
            }
            None
        }
    };

    // [[tournament]]
    let mut tournaments = Vec::new();
    // The tournaments are taken out of the document, not copied (memory with large sections).
    let owned_tournaments = root
        .into_iter()
        .find(|(k, _)| k.get_ref().as_ref() == "tournament")
        .map(|(_, v)| v);
    if let Some(v) = owned_tournaments {
        let span = v.span();
        match v.into_inner() {
            DeValue::Array(items) => {
                let mut ids = HashSet::new();
                for (i, item) in items.into_iter().enumerate() {
                    let again = || tournament_item(text, i);
                    let Some((raw, set_aside)) = ck.section_owned::<RawTournament>(
                        &format!("[[tournament]] #{}", i + 1),
                        item,
                        &again,
                    ) else {
                        continue;
                    };
                    let tablebases = raw.tablebases.as_deref().map(resolve);
                    if let Some(dir) = tablebases.as_ref().filter(|d| !d.is_dir()) {
                        ck.at(
                            Some(raw.id.span()),
                            format!("tablebases: {} is not a directory", dir.display()),
                        );
                    }
                    if let Some(mut t) = validate_tournament(&mut ck, raw, &mut ids, &set_aside) {
                        t.tablebases = tablebases;
                        tournaments.push(t);
                    }
                }
            }
            _ => ck.at(
                Some(span.clone()),
                "`tournament` must be an array of tables: write [[tournament]]",
            ),
        }
    }

    if ck.errors.is_empty()
        && let (Some(bot), Some(delivery)) = (bot, delivery)
    {
        return Ok(Config {
            path: path.to_path_buf(),
            source_sha256: crate::store::hash(text.as_bytes()),
            bot,
            imap,
            delivery,
            tournaments,
        });
    }
    // In file order, as an editor would walk them.
    ck.errors.sort_by_key(|e| (e.line, e.column));
    Err(ConfigErrors(ck.errors))
}

/// `set_aside`: the keys whose values were of the wrong type (already reported); the checks
/// that need them are skipped, so their absence is not reported as a second problem.
fn validate_tournament(
    ck: &mut Checker<'_>,
    raw: RawTournament,
    ids: &mut HashSet<String>,
    set_aside: &[String],
) -> Option<Tournament> {
    let before = ck.errors.len();
    // The players, the pairing, the games and the teams are checked against each other.
    let pairing_intact = ["players", "pairing", "games", "teams"]
        .iter()
        .all(|k| !set_aside.iter().any(|s| s == k));
    let id = raw.id.get_ref().trim().to_string();
    if id.is_empty() || id.contains('/') || id.chars().any(char::is_whitespace) {
        ck.at(
            Some(raw.id.span()),
            format!("tournament id `{id}`: expected a non-empty id without spaces or `/`"),
        );
    } else if !ids.insert(id.clone()) {
        ck.at(
            Some(raw.id.span()),
            format!("tournament id `{id}` is used twice"),
        );
    }
    let start = to_date(raw.start.get_ref());
    if start.is_none() {
        ck.at(Some(raw.start.span()), date_problem("start", &raw.start));
    }
    let end = to_date(raw.end.get_ref());
    if end.is_none() {
        ck.at(Some(raw.end.span()), date_problem("end", &raw.end));
    }
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        ck.at(
            Some(raw.end.span()),
            "end: the end date is before the start date",
        );
    }
    if !valid_email(raw.arbiter.get_ref()) {
        ck.at(
            Some(raw.arbiter.span()),
            format!(
                "arbiter: `{}` is not an e-mail address",
                raw.arbiter.get_ref()
            ),
        );
    }
    let mut players = Vec::new();
    let mut seen = HashSet::new();
    for p in raw.players {
        let email = p.email.get_ref().trim().to_lowercase();
        if !valid_email(&email) {
            ck.at(
                Some(p.email.span()),
                format!("player email `{email}` is not an e-mail address"),
            );
        } else if !seen.insert(email.clone()) {
            ck.at(
                Some(p.email.span()),
                format!("player `{email}` is listed twice"),
            );
        }
        players.push(Player {
            name: p.name.trim().to_string(),
            email,
            language: p.language,
        });
    }
    let pairing = raw.pairing.unwrap_or(Pairing::RoundRobin);
    let teams = raw
        .teams
        .as_ref()
        .filter(|_| pairing_intact)
        .map(|t| validate_teams(ck, t, pairing, &seen))
        .unwrap_or_default();
    let team_ranking = match (&raw.team_ranking, &raw.teams) {
        (Some(r), None) => {
            ck.at(
                Some(r.span()),
                "team_ranking is only used with `teams = [ { name = …, players = […] } ]`",
            );
            Primary::MatchPoints
        }
        (Some(r), Some(_)) => match r.get_ref() {
            RawTeamRanking::MatchPoints => Primary::MatchPoints,
            RawTeamRanking::GamePoints => Primary::GamePoints,
        },
        (None, _) => Primary::MatchPoints,
    };
    let mut team_matches = Vec::new();
    let games = match (pairing, raw.games) {
        _ if !pairing_intact => Vec::new(),
        (Pairing::Explicit, None) => {
            ck.at(
                Some(raw.id.span()),
                "pairing = \"explicit\" needs `games = [ { white = …, black = … } ]`",
            );
            Vec::new()
        }
        (Pairing::Explicit, Some(games)) => {
            let mut out = Vec::new();
            for g in games.into_inner() {
                for side in [&g.white, &g.black] {
                    let e = side.get_ref().trim().to_lowercase();
                    if !seen.contains(&e) {
                        ck.at(
                            Some(side.span()),
                            format!("game player `{e}` is not in this tournament's players"),
                        );
                    }
                }
                if g.white.get_ref().eq_ignore_ascii_case(g.black.get_ref()) {
                    ck.at(Some(g.white.span()), "a game needs two different players");
                }
                out.push(GameSpec {
                    white: g.white.get_ref().trim().to_lowercase(),
                    black: g.black.get_ref().trim().to_lowercase(),
                });
            }
            out
        }
        (_, Some(games)) => {
            ck.at(
                Some(games.span()),
                "`games` is only used with pairing = \"explicit\"",
            );
            Vec::new()
        }
        (p, None) if !teams.is_empty() => {
            // The team round robin: the teams are paired with the Berger tables; each match
            // gives one game per board, board k of one team against board k of the other. The
            // board-I colour rule as implemented: the first-named team of the pairing has White
            // on board I, and the colours alternate by board (I White, II Black, III White, …).
            // In a double round robin the second cycle reverses the first-named team, so every
            // board's colour is reversed too. Game n: match by match, board by board.
            let rounds = if p == Pairing::DoubleRoundRobin {
                crate::rules::pairing::double_round_robin(teams.len())
            } else {
                crate::rules::pairing::round_robin(teams.len())
            };
            let mut out = Vec::new();
            for m in crate::rules::pairing::games(&rounds) {
                team_matches.push(TeamPairing {
                    round: m.round,
                    home: m.white,
                    away: m.black,
                });
                let (home, away) = (&teams[m.white], &teams[m.black]);
                for (k, (h, a)) in home.players.iter().zip(&away.players).enumerate() {
                    let (white, black) = if k % 2 == 0 { (h, a) } else { (a, h) };
                    out.push(GameSpec {
                        white: white.clone(),
                        black: black.clone(),
                    });
                }
            }
            out
        }
        (p, None) => {
            // FIDE Berger tables; game n is the n-th pairing, round by round, board by board.
            let rounds = if p == Pairing::DoubleRoundRobin {
                crate::rules::pairing::double_round_robin(players.len())
            } else {
                crate::rules::pairing::round_robin(players.len())
            };
            crate::rules::pairing::games(&rounds)
                .into_iter()
                .map(|g| GameSpec {
                    white: players[g.white].email.clone(),
                    black: players[g.black].email.clone(),
                })
                .collect()
        }
    };
    let mode = raw.mode.unwrap_or(Mode::Email);
    let d = Params::for_mode(mode);
    let params = Params {
        mode,
        period_moves: raw.period_moves.unwrap_or(d.period_moves).max(1),
        period_days: raw.period_days.unwrap_or(d.period_days),
        penalty_days: raw.penalty_days.unwrap_or(d.penalty_days),
        repeat_after_days: raw.repeat_after_days.unwrap_or(d.repeat_after_days),
        arbiter_after_days: raw.arbiter_after_days.unwrap_or(d.arbiter_after_days),
        notice_days: raw.notice_days.unwrap_or(d.notice_days),
        oversteps_to_lose: raw.oversteps_to_lose.unwrap_or(d.oversteps_to_lose).max(1),
        leave_days_per_year: raw.leave_days_per_year.unwrap_or(d.leave_days_per_year),
        short_notation_warnings: raw
            .short_notation_warnings
            .unwrap_or(d.short_notation_warnings),
        allow_numeric: raw.allow_numeric.unwrap_or(d.allow_numeric),
    };
    let known_tb = [
        "buchholz",
        "buchholz-cut1",
        "sum-buchholz",
        "sonneborn-berger",
        "wins",
        "black-wins",
        "direct-encounter",
    ];
    let tiebreaks = raw.tiebreaks.unwrap_or_else(|| {
        [
            "buchholz",
            "sum-buchholz",
            "sonneborn-berger",
            "direct-encounter",
            "wins",
        ]
        .map(String::from)
        .to_vec()
    });
    for tb in &tiebreaks {
        if !known_tb.contains(&tb.as_str()) {
            ck.at(
                Some(raw.id.span()),
                format!(
                    "tiebreaks: unknown `{tb}`, expected one of: {}",
                    known_tb.join(", ")
                ),
            );
        }
    }
    if ck.errors.len() != before {
        return None;
    }
    Some(Tournament {
        name: raw.name.unwrap_or_else(|| id.clone()),
        id,
        notation: raw.notation.unwrap_or(Notation::Bg),
        start: start?,
        end: end?,
        arbiter: raw.arbiter.into_inner().trim().to_lowercase(),
        pairing,
        players,
        games,
        params,
        tiebreaks,
        tablebases: None,
        diagram: raw.diagram,
        teams,
        team_matches,
        team_ranking,
    })
}

/// The `teams` of a tournament: names unique, captains addresses, players in board order who
/// are all among the tournament's `players`, each in one team only, every team with the same
/// number of boards; a team round robin needs `pairing = "round-robin"` or
/// `"double-round-robin"` and at least two teams. Players of the tournament listed in no team
/// are allowed (reserves for a replacement, Art. 47 Б): they get no games.
fn validate_teams(
    ck: &mut Checker<'_>,
    raw: &Spanned<Vec<RawTeam>>,
    pairing: Pairing,
    players: &HashSet<String>,
) -> Vec<Team> {
    let before = ck.errors.len();
    if pairing == Pairing::Explicit {
        ck.at(
            Some(raw.span()),
            "teams: a team section is a team round robin: expected pairing = \"round-robin\" \
             or \"double-round-robin\", not \"explicit\"",
        );
    }
    if raw.get_ref().len() < 2 {
        ck.at(
            Some(raw.span()),
            format!(
                "teams: {} team(s) listed, a team section needs at least two",
                raw.get_ref().len()
            ),
        );
    }
    let mut names = HashSet::new();
    let mut placed: BTreeMap<String, String> = BTreeMap::new();
    let mut first: Option<(String, usize)> = None;
    let mut teams = Vec::new();
    for t in raw.get_ref() {
        let name = t.name.get_ref().trim().to_string();
        if name.is_empty() {
            ck.at(Some(t.name.span()), "team name: expected a non-empty name");
        } else if !names.insert(name.to_lowercase()) {
            ck.at(
                Some(t.name.span()),
                format!("team `{name}` is listed twice"),
            );
        }
        let captain = t.captain.as_ref().map(|c| {
            let email = c.get_ref().trim().to_lowercase();
            if !valid_email(&email) {
                ck.at(
                    Some(c.span()),
                    format!("team `{name}`: captain `{email}` is not an e-mail address"),
                );
            }
            email
        });
        let mut list = Vec::new();
        for p in t.players.get_ref() {
            let email = p.get_ref().trim().to_lowercase();
            if !players.contains(&email) {
                ck.at(
                    Some(p.span()),
                    format!("team `{name}`: player `{email}` is not in this tournament's players"),
                );
            } else if let Some(other) = placed.get(&email) {
                ck.at(
                    Some(p.span()),
                    if *other == name {
                        format!("team `{name}`: player `{email}` is listed twice")
                    } else {
                        format!("team `{name}`: player `{email}` already plays for team `{other}`")
                    },
                );
            } else {
                placed.insert(email.clone(), name.clone());
            }
            list.push(email);
        }
        match &first {
            _ if list.is_empty() => ck.at(
                Some(t.players.span()),
                format!("team `{name}`: expected its players in board order, board I first"),
            ),
            None => first = Some((name.clone(), list.len())),
            Some((first_name, n)) if *n != list.len() => ck.at(
                Some(t.players.span()),
                format!(
                    "team `{name}` has {} board(s), team `{first_name}` has {n}: every team \
                     needs the same number of boards",
                    list.len()
                ),
            ),
            Some(_) => {}
        }
        teams.push(Team {
            name,
            captain,
            players: list,
        });
    }
    if ck.errors.len() != before {
        return Vec::new();
    }
    teams
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

[[tournament]]
id = "T1"
start = 2026-01-10
end = 2027-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Иван Петров", email = "ivan@example.test", language = "bg" },
  { name = "Petar Georgiev", email = "petar@example.test" },
]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

    fn errs(text: &str) -> Vec<ConfigError> {
        parse(Path::new("amici.toml"), text)
            .expect_err("config should be refused")
            .0
    }

    #[test]
    fn art_6_email_by_the_regulation_the_tournaments_mode_sets_its_rules() {
        // Art. 6 А: e-mail when the tournament's regulation says so — `mode`, e-mail by default
        // (RULES.md §2): 50 days per 10 moves, a notice after 40, one overstep loses; `post`:
        // 30 days, 28, two oversteps (Art. 23, 25, 28, 29).
        let c = parse(Path::new("amici.toml"), GOOD).unwrap();
        let p = &c.tournaments[0].params;
        assert_eq!(p.mode, Mode::Email);
        assert_eq!(
            (p.period_days, p.notice_days, p.oversteps_to_lose),
            (50, 40, 1)
        );
        let post = GOOD.replace("id = \"T1\"", "id = \"T1\"\nmode = \"post\"");
        let c = parse(Path::new("amici.toml"), &post).unwrap();
        let p = &c.tournaments[0].params;
        assert_eq!(p.mode, Mode::Post);
        assert_eq!(
            (p.period_days, p.notice_days, p.oversteps_to_lose),
            (30, 28, 2)
        );
    }

    #[test]
    fn diagram_is_both_unless_set_and_a_tournament_may_differ() {
        let c = parse(Path::new("amici.toml"), GOOD).unwrap();
        assert_eq!(c.bot.diagram, Diagram::Both);
        assert_eq!(c.diagram_for("T1"), Diagram::Both);
        let text = GOOD
            .replace(
                "language = \"bg\"\n\n[outbox]",
                "language = \"bg\"\ndiagram = \"png\"\n\n[outbox]",
            )
            .replace("id = \"T1\"", "id = \"T1\"\ndiagram = \"text\"");
        let c = parse(Path::new("amici.toml"), &text).unwrap();
        assert_eq!(c.bot.diagram, Diagram::Png);
        assert_eq!(c.diagram_for("T1"), Diagram::Text);
        assert_eq!(c.diagram_for("no such"), Diagram::Png);
        assert!(!Diagram::Text.picture() && Diagram::Png.picture() && Diagram::Both.picture());
        let bad = GOOD.replace(
            "language = \"bg\"\n\n[outbox]",
            "language = \"bg\"\ndiagram = \"jpeg\"\n\n[outbox]",
        );
        let e = errs(&bad);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert_eq!(e[0].line, 7);
        assert_eq!(
            e[0].message,
            "[bot] diagram: `jpeg` is not one of: text, png, both"
        );
    }

    #[test]
    fn a_good_config_validates() {
        let c = parse(Path::new("/etc/amici/amici.toml"), GOOD).unwrap();
        assert_eq!(c.bot.address, "bot@example.test");
        assert_eq!(c.bot.database, PathBuf::from("/etc/amici/amici.sqlite3"));
        assert_eq!(
            c.delivery,
            Delivery::Dir(PathBuf::from("/etc/amici/outbox"))
        );
        assert_eq!(
            c.tournaments[0].games,
            vec![GameSpec {
                white: "ivan@example.test".into(),
                black: "petar@example.test".into()
            }]
        );
        assert_eq!(c.tournaments[0].params.period_days, 50);
    }

    #[test]
    fn syntax_error_names_line_and_column() {
        let e = errs("[bot]\naddress = \"bot@example.test\n");
        assert_eq!(e.len(), 1);
        assert_eq!(
            (e[0].line, e[0].column),
            (2, 28),
            "the closing quote is missing at the end of line 2: {e:?}"
        );
        assert!(
            e[0].to_string().starts_with("amici.toml:2:28: TOML syntax"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn wrong_type_names_line_column_and_expectation() {
        let text = GOOD.replace(
            "language = \"bg\"\n\n[outbox]",
            "language = \"bg\"\ntick_hour = \"six\"\n\n[outbox]",
        );
        let e = errs(&text);
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].line, 7, "{e:?}");
        assert!(
            e[0].message.contains("tick_hour")
                || e[0].message.contains("u32")
                || e[0].message.contains("integer"),
            "{e:?}"
        );
    }

    #[test]
    fn every_error_is_reported_not_only_the_first() {
        let text = GOOD
            .replace("timezone = \"Europe/Sofia\"", "timezone = \"Mars/Olympus\"")
            .replace("arbiter = \"arbiter@example.test\"", "arbiter = \"nobody\"")
            .replace("end = 2027-12-31", "end = 2025-12-31")
            .replace("[outbox]", "[outbax]");
        let e = errs(&text);
        let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert!(
            msgs.iter()
                .any(|m| m.contains("timezone") && m.contains(":5:")),
            "{msgs:#?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("arbiter") && m.contains(":15:")),
            "{msgs:#?}"
        );
        assert!(
            msgs.iter().any(|m| m.contains("end date is before")),
            "{msgs:#?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("unknown section `outbax`") && m.contains(":8:")),
            "{msgs:#?}"
        );
        assert!(e.len() >= 4);
    }

    #[test]
    fn every_wrong_key_of_one_section_is_reported() {
        let text = GOOD.replace(
            "language = \"bg\"\n\n[outbox]",
            "language = \"xx\"\ntick_hour = \"six\"\ncourtesy_replies = \"yes\"\n\n[outbox]",
        );
        let e = errs(&text);
        let lines: Vec<usize> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, [6, 7, 8], "{e:#?}");
    }

    #[test]
    fn unknown_key_is_refused_with_its_place() {
        let text = GOOD.replace(
            "language = \"bg\"\n\n",
            "language = \"bg\"\nlangauge = \"ru\"\n\n",
        );
        let e = errs(&text);
        assert_eq!(e.len(), 1);
        assert!(e[0].message.contains("langauge"), "{e:?}");
        assert_eq!(e[0].line, 7);
    }

    #[test]
    fn plaintext_mail_only_to_loopback() {
        let text = GOOD.replace(
            "[outbox]\ndir = \"outbox\"",
            "[smtp]\nhost = \"mail.example.org\"\nsecurity = \"none\"",
        );
        let e = errs(&text);
        assert!(e[0].message.contains("loopback"), "{e:?}");
        let ok = GOOD.replace(
            "[outbox]\ndir = \"outbox\"",
            "[smtp]\nhost = \"127.0.0.1\"\nport = 2525\nsecurity = \"none\"",
        );
        assert!(parse(Path::new("a.toml"), &ok).is_ok());
    }

    #[test]
    fn smtp_and_outbox_are_exclusive() {
        let text = GOOD.replace("[outbox]", "[smtp]\nhost = \"127.0.0.1\"\n\n[outbox]");
        assert!(
            errs(&text)
                .iter()
                .any(|e| e.message.contains("exactly one"))
        );
    }

    #[test]
    fn explicit_game_with_a_stranger_is_refused() {
        let text = GOOD.replace(
            "black = \"petar@example.test\"",
            "black = \"x@example.test\"",
        );
        assert!(
            errs(&text)
                .iter()
                .any(|e| e.message.contains("not in this tournament's players"))
        );
    }

    #[test]
    fn dates_may_be_written_as_strings_as_in_the_interface_example() {
        let text = GOOD
            .replace("start = 2026-01-10", "start = \"2026-01-10\"")
            .replace("end = 2027-12-31", "end = \"2027-12-31\"");
        let c = parse(Path::new("a.toml"), &text).unwrap();
        assert_eq!(
            c.tournaments[0].start,
            NaiveDate::from_ymd_opt(2026, 1, 10).unwrap()
        );
        let bad = GOOD.replace("start = 2026-01-10", "start = \"10 Jan\"");
        assert!(
            errs(&bad)
                .iter()
                .any(|e| e.message.contains("start") && e.line == 13),
            "{:?}",
            errs(&bad)
        );
    }

    #[test]
    fn round_robin_games_are_generated() {
        let text = GOOD
            .replace("pairing = \"explicit\"", "pairing = \"double-round-robin\"")
            .replace(
                "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
                "",
            );
        let c = parse(Path::new("a.toml"), &text).unwrap();
        assert_eq!(c.tournaments[0].games.len(), 2);
        assert_ne!(
            c.tournaments[0].games[0].white,
            c.tournaments[0].games[1].white
        );
    }

    /// A team section: 4 teams of `boards` players (t0p0 … t3p{boards-1}).
    fn team_config(boards: usize, extra: &str) -> String {
        let mut players = String::new();
        let mut teams = String::new();
        for t in 0..4 {
            let list: Vec<String> = (0..boards)
                .map(|b| format!("\"t{t}b{b}@example.test\""))
                .collect();
            for b in 0..boards {
                players.push_str(&format!(
                    "  {{ name = \"T{t} B{b}\", email = \"t{t}b{b}@example.test\" }},\n"
                ));
            }
            teams.push_str(&format!(
                "  {{ name = \"Team {t}\", captain = \"cap{t}@example.test\", players = [{}] }},\n",
                list.join(", ")
            ));
        }
        format!(
            "[bot]\naddress = \"bot@example.test\"\ndatabase = \"a.sqlite3\"\n\
             timezone = \"Europe/Sofia\"\nlanguage = \"bg\"\n\n[outbox]\ndir = \"outbox\"\n\n\
             [[tournament]]\nid = \"TS\"\nstart = 2026-01-10\nend = 2027-12-31\n\
             arbiter = \"arbiter@example.test\"\n{extra}players = [\n{players}]\nteams = [\n{teams}]\n"
        )
    }

    #[test]
    fn annex_team_round_robin_pairs_the_teams_with_berger_and_the_boards_in_order() {
        let c = parse(Path::new("a.toml"), &team_config(2, "")).unwrap();
        let t = &c.tournaments[0];
        assert_eq!(t.teams.len(), 4);
        assert_eq!(t.boards(), 2);
        assert_eq!(t.team_ranking, Primary::MatchPoints);
        assert_eq!(t.teams[1].captain.as_deref(), Some("cap1@example.test"));
        assert_eq!(t.team_matches.len(), 6);
        assert_eq!(t.games.len(), 12);
        let berger = crate::rules::pairing::games(&crate::rules::pairing::round_robin(4));
        for (i, m) in t.team_matches.iter().enumerate() {
            assert_eq!(
                (m.home, m.away, m.round),
                (berger[i].white, berger[i].black, berger[i].round)
            );
            // Board I: the first-named team has White; board II: Black.
            assert_eq!(t.games[2 * i].white, format!("t{}b0@example.test", m.home));
            assert_eq!(t.games[2 * i].black, format!("t{}b0@example.test", m.away));
            assert_eq!(
                t.games[2 * i + 1].white,
                format!("t{}b1@example.test", m.away)
            );
            assert_eq!(
                t.games[2 * i + 1].black,
                format!("t{}b1@example.test", m.home)
            );
        }
        assert_eq!(t.team_board(0), Some((0, 0)));
        assert_eq!(t.team_board(5), Some((2, 1)));
        assert_eq!(t.team_board(11), Some((5, 1)));
        assert_eq!(t.team_board(12), None);
        assert_eq!(t.team_of("T2B1@example.test"), Some(2));
        assert_eq!(t.team_of("cap3@example.test"), Some(3));
        assert_eq!(t.team_of("nobody@example.test"), None);
    }

    #[test]
    fn annex_board_one_colour_rule_alternates_by_board() {
        let c = parse(Path::new("a.toml"), &team_config(3, "")).unwrap();
        let t = &c.tournaments[0];
        let m = t.team_matches[0];
        let home = |b: usize| format!("t{}b{b}@example.test", m.home);
        assert_eq!(t.games[0].white, home(0));
        assert_eq!(t.games[1].black, home(1));
        assert_eq!(t.games[2].white, home(2));
        assert_eq!(t.games.len(), 6 * 3);
    }

    #[test]
    fn annex_double_round_robin_reverses_every_board() {
        let c = parse(
            Path::new("a.toml"),
            &team_config(
                2,
                "pairing = \"double-round-robin\"\nteam_ranking = \"game-points\"\n",
            ),
        )
        .unwrap();
        let t = &c.tournaments[0];
        assert_eq!(t.team_ranking, Primary::GamePoints);
        assert_eq!(t.team_matches.len(), 12);
        assert_eq!(t.games.len(), 24);
        for i in 0..6 {
            let (a, b) = (t.team_matches[i], t.team_matches[i + 6]);
            assert_eq!((a.home, a.away), (b.away, b.home));
            assert_eq!(a.round + 3, b.round);
            for k in 0..2 {
                assert_eq!(t.games[2 * i + k].white, t.games[12 + 2 * i + k].black);
            }
        }
    }

    #[test]
    fn individual_events_have_no_teams() {
        let c = parse(Path::new("a.toml"), GOOD).unwrap();
        assert!(c.tournaments[0].teams.is_empty());
        assert_eq!(c.tournaments[0].boards(), 0);
        assert_eq!(c.tournaments[0].team_board(0), None);
    }

    fn team_errs(text: &str) -> Vec<String> {
        errs(text).iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn team_player_not_in_the_tournament_is_refused_with_its_place() {
        let text = team_config(2, "").replace(
            "players = [\"t2b0@example.test\"",
            "players = [\"stranger@example.test\"",
        );
        let e = errs(&text);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].message.contains("stranger@example.test"), "{e:?}");
        assert!(e[0].message.contains("Team 2"), "{e:?}");
        let line = text.lines().position(|l| l.contains("stranger@")).unwrap() + 1;
        let col = text
            .lines()
            .nth(line - 1)
            .unwrap()
            .find("\"stranger")
            .unwrap()
            + 1;
        assert_eq!((e[0].line, e[0].column), (line, col), "{e:?}");
    }

    #[test]
    fn teams_need_the_same_number_of_boards() {
        let text = team_config(2, "").replace(
            "players = [\"t3b0@example.test\", \"t3b1@example.test\"]",
            "players = [\"t3b0@example.test\"]",
        );
        let m = team_errs(&text);
        assert!(
            m.iter()
                .any(|m| m.contains("Team 3` has 1 board(s), team `Team 0` has 2")),
            "{m:#?}"
        );
    }

    #[test]
    fn a_player_plays_for_one_team_only() {
        let text = team_config(2, "").replace(
            "players = [\"t3b0@example.test\", \"t3b1@example.test\"]",
            "players = [\"t3b0@example.test\", \"t0b1@example.test\"]",
        );
        let m = team_errs(&text);
        assert!(
            m.iter()
                .any(|m| m.contains("already plays for team `Team 0`")),
            "{m:#?}"
        );
    }

    #[test]
    fn teams_need_a_round_robin_and_two_teams() {
        let m = team_errs(&team_config(2, "pairing = \"explicit\"\n"));
        assert!(m.iter().any(|m| m.contains("not \"explicit\"")), "{m:#?}");
        let text = team_config(2, "");
        let start = text.find("teams = [\n").unwrap();
        let one = format!(
            "{}teams = [ {{ name = \"Solo\", players = [\"t0b0@example.test\"] }} ]\n",
            &text[..start]
        );
        let m = team_errs(&one);
        assert!(m.iter().any(|m| m.contains("at least two")), "{m:#?}");
    }

    #[test]
    fn team_names_captains_and_ranking_are_checked() {
        let text = team_config(2, "")
            .replace("name = \"Team 1\"", "name = \"team 0\"")
            .replace("cap2@example.test", "captain two");
        let m = team_errs(&text);
        assert!(
            m.iter()
                .any(|m| m.contains("team `team 0` is listed twice")),
            "{m:#?}"
        );
        assert!(
            m.iter().any(|m| m.contains("captain `captain two`")),
            "{m:#?}"
        );
        let bad = team_config(2, "team_ranking = \"points\"\n");
        assert!(!team_errs(&bad).is_empty());
        let orphan = GOOD.replace(
            "pairing = \"explicit\"",
            "pairing = \"explicit\"\nteam_ranking = \"game-points\"",
        );
        let m = team_errs(&orphan);
        assert!(
            m.iter().any(|m| m.contains("team_ranking is only used")),
            "{m:#?}"
        );
    }

    #[test]
    fn sender_authentication_trust_and_its_warning() {
        let c = parse(Path::new("amici.toml"), GOOD).expect("good config");
        assert_eq!(c.auth_trust(), None);
        assert!(
            c.warnings()
                .iter()
                .any(|w| w.contains("trust_authentication_results is not set")),
            "{:?}",
            c.warnings()
        );
        let text = GOOD.replace(
            "language = \"bg\"\n",
            "language = \"bg\"\ntrust_authentication_results = \"MX.example.test\"\ntrust_authentication_results_received_above = 1\n",
        );
        let c = parse(Path::new("amici.toml"), &text).expect("good config");
        assert_eq!(
            c.auth_trust(),
            Some(crate::mail::auth::AuthTrust {
                authserv_id: "mx.example.test".into(),
                received_above: 1,
            })
        );
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    }

    /// Issue 13 item 7: a wrong value of one key no longer hides the others' of the same
    /// `[[tournament]]`, whether of the wrong type (set aside) or of the right type but wrong.
    #[test]
    fn every_wrong_value_of_one_tournament_is_reported_with_its_place() {
        let text = GOOD
            .replace("id = \"T1\"", "id = \"T1\"\nmode = \"fax\"\nnotation = 7")
            .replace("start = 2026-01-10", "start = \"10.01.2026\"")
            .replace("arbiter = \"arbiter@example.test\"", "arbiter = \"nobody\"");
        let e = errs(&text);
        let got: Vec<(usize, usize, &str)> = e
            .iter()
            .map(|e| (e.line, e.column, e.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    13,
                    8,
                    "[[tournament]] #1 mode: `fax` is not one of: email, post"
                ),
                (
                    14,
                    12,
                    "[[tournament]] #1 notation: expected one of the words config/amici.example.toml \
                     lists for it, in quotes"
                ),
                (
                    15,
                    9,
                    "start: `10.01.2026` is not a date: write year-month-day, like 2026-01-10 \
                     (quotes optional)"
                ),
                (17, 11, "arbiter: `nobody` is not an e-mail address"),
            ],
            "{e:#?}"
        );
    }

    /// The keys set aside for their type are not reported again as missing or as breaking
    /// the checks that need them (the explicit games need the players).
    #[test]
    fn a_key_set_aside_causes_no_second_error() {
        let text = GOOD.replace("pairing = \"explicit\"", "pairing = 3");
        let e = errs(&text);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert!(
            e[0].message.starts_with("[[tournament]] #1 pairing: "),
            "{e:?}"
        );
    }

    /// Every numeric and date type of the config, said in words rather than Rust's.
    #[test]
    fn wrong_numbers_and_dates_are_explained_without_rust_type_names() {
        let text = GOOD
            .replace(
                "language = \"bg\"\n\n[outbox]",
                "language = \"bg\"\ntick_hour = -1\nmax_message_bytes = \"big\"\n\
                 courtesy_replies = \"yes\"\n\n[outbox]",
            )
            .replace(
                "[outbox]\ndir = \"outbox\"",
                "[imap]\nhost = \"127.0.0.1\"\nport = 70000\nuser = \"bot\"\n\
                 password_env = \"P\"\npoll_seconds = 1.5\n\n[outbox]\ndir = \"outbox\"",
            )
            .replace("end = 2027-12-31", "end = 5");
        let e = errs(&text);
        let words: Vec<String> = e.iter().map(|e| e.message.clone()).collect();
        for want in [
            "[bot] tick_hour: expected a whole number (0 or more), found -1",
            "[bot] max_message_bytes: expected a whole number (0 or more), found \"big\"",
            "[bot] courtesy_replies: expected true or false, found \"yes\"",
            "[imap] port: expected a whole number from 1 to 65535, found 70000",
            "[imap] poll_seconds: expected a whole number (0 or more), found 1.5",
            "[[tournament]] #1 end: expected a date like 2026-01-10 (year-month-day)",
        ] {
            assert!(words.iter().any(|w| w == want), "no {want:?} in {words:#?}");
        }
        for jargon in [
            "u16",
            "u32",
            "u64",
            "usize",
            "untagged",
            "DateValue",
            "struct",
            "integer",
        ] {
            assert!(
                words.iter().all(|w| !w.contains(jargon)),
                "{jargon} in {words:#?}"
            );
        }
        let zero = errs(&text.replace("port = 70000", "port = 0"));
        assert!(
            zero.iter()
                .any(|e| e.message
                    == "[imap] port: expected a whole number from 1 to 65535, found 0"),
            "{zero:#?}"
        );
    }

    #[test]
    fn unset_passwords_are_found_at_their_password_env_lines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("amici.toml");
        let text = GOOD.replace(
            "[outbox]\ndir = \"outbox\"",
            "[imap]\nhost = \"127.0.0.1\"\nuser = \"bot\"\n  password_env = \"IMAP_PW\"\n\n\
             [smtp]\nhost = \"127.0.0.1\"\npassword_env = \"SMTP_PW\"",
        );
        std::fs::write(&path, &text).unwrap();
        let c = load(&path).unwrap();
        let unset = c.unset_passwords(|var| var == "SMTP_PW");
        assert_eq!(unset.len(), 1, "{unset:?}");
        let (var, at) = &unset[0];
        assert_eq!(var, "IMAP_PW");
        assert_eq!((at.line, at.column), (11, 3), "{at}");
        assert!(
            at.message
                .starts_with("[imap] password_env: the environment variable IMAP_PW")
        );
        assert!(c.unset_passwords(|_| true).is_empty());
        assert_eq!(c.unset_passwords(|_| false).len(), 2);
    }
}
/// The calendar day of an instant in the configured time zone (RULES.md §3).
pub fn local_day(
    config: &Config,
    at: chrono::DateTime<chrono::FixedOffset>,
) -> crate::rules::model::Day {
    use chrono::TimeZone as _;
    config
        .bot
        .timezone
        .from_utc_datetime(&at.naive_utc())
        .date_naive()
}
