//! The configuration: TOML → raw serde structs (per section, so every section reports its own
//! error) → a validated [`Config`]. Every error names the file, line, column and what was
//! expected; `check-config` prints them all.

use std::fmt;
use std::path::PathBuf;

use chrono::NaiveDate;
use serde::Deserialize;

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
    /// A Swiss first stage (RULES.md §12a): rounds paired as they come.
    Swiss,
    /// Several round-robin tables first (RULES.md §12a, `tables = N`).
    Tables,
}

impl Pairing {
    /// A tournament in stages: its games are made round by round (`rules::stage`), not from
    /// the config.
    pub fn staged(self) -> bool {
        matches!(self, Pairing::Swiss | Pairing::Tables)
    }
}

/// A tournament in stages (RULES.md §12a): the first stage, the top, the rounds' days.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stages {
    pub first: crate::rules::stage::First,
    pub round_days: u32,
    /// `bye_points` in half points.
    pub bye_halves: u32,
    pub top: u32,
    pub knockout_games: u32,
    pub tie: crate::rules::stage::Tie,
    /// Players may ask for a half-point bye in advance (`bye PLAYER ROUND`).
    pub requested_byes: bool,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub email: String,
    pub language: Option<Lang>,
    /// Pairing numbers in a Swiss or tables stage follow the rating (RULES.md §12a).
    pub rating: Option<u32>,
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
    /// The language of this tournament's pages on the site; `None`: `[bot] language`.
    pub language: Option<Lang>,
    /// A tournament in stages (`pairing = "swiss"` or `"tables"`).
    pub stages: Option<Stages>,
    /// How unplayed games count in the tie-breaks (RULES.md §12a, default FIDE 2024).
    pub tiebreak_unplayed: crate::rules::standings::Unplayed,
}

impl Tournament {
    /// The format of a tournament in stages, for `rules::stage`.
    pub fn format(&self) -> Option<crate::rules::stage::Format> {
        let s = self.stages?;
        Some(crate::rules::stage::Format {
            first: s.first,
            start: self.start,
            round_days: s.round_days,
            bye_halves: s.bye_halves,
            top: s.top,
            knockout_games: s.knockout_games,
            tie: s.tie,
        })
    }

    /// The players as the stages see them, in the listed order.
    pub fn entrants(&self) -> Vec<crate::rules::stage::Entrant> {
        self.players
            .iter()
            .map(|p| crate::rules::stage::Entrant {
                email: p.email.clone(),
                rating: p.rating,
                number: None,
            })
            .collect()
    }

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
    /// `[site]`: the static site (defaults when the section is absent).
    pub site: Site,
    /// Where each address first plays, for the lookups by address (built by `parse`).
    pub(crate) directory: Directory,
}

/// Each address (in ASCII lower case) with the place of its first appearance among the
/// tournaments' players: `(tournament, player)` indexes. The lookups by address used to walk
/// every player of every tournament — the daily tick asks for two names a game, 80,000 games
/// on the bench's worst day.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Directory(std::collections::HashMap<String, (usize, usize)>);

impl Directory {
    pub(crate) fn of(tournaments: &[Tournament]) -> Directory {
        let mut map = std::collections::HashMap::new();
        for (t, tournament) in tournaments.iter().enumerate() {
            for (p, player) in tournament.players.iter().enumerate() {
                map.entry(player.email.to_ascii_lowercase())
                    .or_insert((t, p));
            }
        }
        Directory(map)
    }
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

    /// The first appearance of this address among the tournaments' players (compared
    /// without regard to ASCII case), with its tournament's index.
    fn first_player(&self, email: &str) -> Option<(usize, &Player)> {
        let indexed = self
            .directory
            .0
            .get(&email.to_ascii_lowercase())
            .and_then(|&(t, p)| Some((t, self.tournaments.get(t)?.players.get(p)?)))
            .filter(|(_, p)| p.email.eq_ignore_ascii_case(email));
        // A config whose tournaments were changed after parsing: the walk, as before.
        indexed.or_else(|| {
            self.tournaments
                .iter()
                .enumerate()
                .find_map(|(t, tournament)| {
                    let p = tournament
                        .players
                        .iter()
                        .find(|p| p.email.eq_ignore_ascii_case(email))?;
                    Some((t, p))
                })
        })
    }

    /// The player with this address in any tournament, and his preferred language.
    pub fn language_of(&self, email: &str) -> Lang {
        self.first_player(email)
            .and_then(|(_, p)| p.language)
            .unwrap_or(self.bot.language)
    }

    /// The notation a letter from this address is read in: that of the first tournament he
    /// plays in (the address compared without regard to case), else the notation of `[bot]`'s
    /// language.
    pub fn notation_of(&self, email: &str) -> Notation {
        self.first_player(email.trim())
            .map_or(Notation::of_language(self.bot.language), |(t, _)| {
                self.tournaments[t].notation
            })
    }

    /// The display name of a player (his address when unknown).
    pub fn name_of(&self, email: &str) -> String {
        self.first_player(email)
            .map(|(_, p)| p.name.clone())
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

mod check;
mod parse;
mod raw;
mod site;
mod stages;
#[cfg(test)]
mod tests;

pub use check::load;
use check::*;
pub use parse::parse;
use raw::*;
pub use site::{PublishDelay, Site};
