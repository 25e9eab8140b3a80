//! The raw sections validated into a [`Config`]: every wrong value reported with its place,
//! the tournaments, their players, games, teams and rule parameters.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::*;

/// Parses and validates config text; `path` names the file in errors and anchors relative paths.
/// Each section is read by its own function below; every problem of every section is collected
/// before the errors are returned, in file order.
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
    let base = Base(path.parent().map(Path::to_path_buf).unwrap_or_default());
    let sections = known_sections(&mut ck, &root);
    let bot = bot_section(&mut ck, &sections, &base);
    let imap = sections
        .get("imap")
        .and_then(|v| ck.section::<RawImap>("[imap]", v))
        .map(|i| imap_section(&mut ck, i, &base));
    let delivery = delivery_section(&mut ck, &sections, &base);
    let site =
        super::site::validate_site(&mut ck, sections.get("site").copied(), &|p| base.resolve(p));
    drop(sections);
    let tournaments = tournament_sections(&mut ck, root, text, &base);

    if ck.errors.is_empty()
        && let (Some(bot), Some(delivery)) = (bot, delivery)
    {
        return Ok(Config {
            path: path.to_path_buf(),
            source_sha256: crate::store::hash(text.as_bytes()),
            bot,
            imap,
            delivery,
            directory: super::Directory::of(&tournaments),
            tournaments,
            site,
        });
    }
    // In file order, as an editor would walk them.
    ck.errors.sort_by_key(|e| (e.line, e.column));
    Err(ConfigErrors(ck.errors))
}

/// The folder of the config file: relative paths in it are relative to the file.
struct Base(PathBuf);

impl Base {
    fn resolve(&self, p: &str) -> PathBuf {
        let p = PathBuf::from(p);
        if p.is_absolute() { p } else { self.0.join(p) }
    }
}

type Sections<'r, 'a> = BTreeMap<&'static str, &'r Spanned<DeValue<'a>>>;

/// The top-level sections by name; an unknown one is reported with its place.
fn known_sections<'r, 'a>(ck: &mut Checker<'_>, root: &'r DeTable<'a>) -> Sections<'r, 'a> {
    const KNOWN: [&str; 6] = ["bot", "imap", "smtp", "outbox", "site", "tournament"];
    let mut sections = BTreeMap::new();
    for (key, value) in root.iter() {
        let name = key.get_ref().as_ref();
        match KNOWN.iter().find(|k| **k == name) {
            Some(k) => {
                sections.insert(*k, value);
            }
            None => ck.at(
                Some(key.span()),
                format!(
                    "unknown section `{name}`, expected one of: {}",
                    KNOWN.join(", ")
                ),
            ),
        }
    }
    sections
}

/// `[bot]`: the bot's own address, the database, the time zone, the limits.
fn bot_section(ck: &mut Checker<'_>, sections: &Sections<'_, '_>, base: &Base) -> Option<Bot> {
    let Some(v) = sections.get("bot") else {
        ck.at(
            None,
            "missing section [bot] (address, database, timezone, language)",
        );
        return None;
    };
    let b = ck.section::<RawBot>("[bot]", v)?;
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
    Some(Bot {
        address: b.address.get_ref().to_lowercase(),
        database: base.resolve(b.database.as_deref().unwrap_or("amici.sqlite3")),
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
    })
}

/// `[imap]`: where letters come in.
fn imap_section(ck: &mut Checker<'_>, i: RawImap, base: &Base) -> Imap {
    let security = i.security.as_ref().map_or(Security::Tls, |s| *s.get_ref());
    if security == Security::None && !is_loopback(i.host.get_ref()) {
        let span = i.security.as_ref().map(|s| s.span());
        ck.at(
            span,
            "[imap] security = \"none\" is only allowed for a loopback host (127.0.0.1, localhost)",
        );
    }
    Imap {
        host: i.host.get_ref().clone(),
        port: check_port(ck, "[imap]", i.port.as_ref()).unwrap_or(if security == Security::Tls {
            993
        } else {
            143
        }),
        security,
        user: i.user,
        password_env: i.password_env.into_inner(),
        mailbox: i.mailbox.unwrap_or_else(|| "INBOX".into()),
        processed_folder: i.processed_folder,
        ca_file: i.ca_file.as_deref().map(|p| base.resolve(p)),
        poll_seconds: i.poll_seconds.unwrap_or(60).max(1),
        idle: i.idle.unwrap_or(true),
    }
}

/// `[smtp]`: where replies go out.
fn smtp_section(ck: &mut Checker<'_>, s: RawSmtp, base: &Base) -> Smtp {
    let security = s.security.as_ref().map_or(Security::Tls, |x| *x.get_ref());
    if security == Security::None && !is_loopback(s.host.get_ref()) {
        let span = s.security.as_ref().map(|x| x.span());
        ck.at(
            span,
            "[smtp] security = \"none\" is only allowed for a loopback host (127.0.0.1, localhost)",
        );
    }
    Smtp {
        host: s.host.get_ref().clone(),
        port: check_port(ck, "[smtp]", s.port.as_ref()).unwrap_or(match security {
            Security::Tls => 465,
            Security::Starttls => 587,
            Security::None => 25,
        }),
        security,
        user: s.user,
        password_env: s.password_env.map(Spanned::into_inner),
        ca_file: s.ca_file.as_deref().map(|p| base.resolve(p)),
        timeout_seconds: s.timeout_seconds.unwrap_or(60).max(1),
        retry_base_seconds: s.retry_base_seconds.unwrap_or(30).max(1),
        senders: s.senders.unwrap_or(4).clamp(1, 32),
        verp: s.verp.unwrap_or(true),
    }
}

/// Exactly one of `[smtp]` and `[outbox]`.
fn delivery_section(
    ck: &mut Checker<'_>,
    sections: &Sections<'_, '_>,
    base: &Base,
) -> Option<Delivery> {
    let smtp = sections
        .get("smtp")
        .and_then(|v| ck.section::<RawSmtp>("[smtp]", v))
        .map(|s| smtp_section(ck, s, base));
    let outbox = sections
        .get("outbox")
        .and_then(|v| ck.section::<RawOutbox>("[outbox]", v));
    match (smtp, outbox) {
        (Some(s), None) => Some(Delivery::Smtp(s)),
        (None, Some(o)) => Some(Delivery::Dir(base.resolve(&o.dir))),
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
    }
}

/// Every `[[tournament]]`, each validated on its own (one table's errors do not hide
/// another's). The tournaments are taken out of the document, not copied (memory with large
/// sections).
fn tournament_sections(
    ck: &mut Checker<'_>,
    root: DeTable<'_>,
    text: &str,
    base: &Base,
) -> Vec<Tournament> {
    let mut tournaments = Vec::new();
    let Some(v) = root
        .into_iter()
        .find(|(k, _)| k.get_ref().as_ref() == "tournament")
        .map(|(_, v)| v)
    else {
        return tournaments;
    };
    let span = v.span();
    let DeValue::Array(items) = v.into_inner() else {
        ck.at(
            Some(span),
            "`tournament` must be an array of tables: write [[tournament]]",
        );
        return tournaments;
    };
    let mut ids = HashSet::new();
    for (i, item) in items.into_iter().enumerate() {
        let again = || tournament_item(text, i);
        let Some((raw, set_aside)) =
            ck.section_owned::<RawTournament>(&format!("[[tournament]] #{}", i + 1), item, &again)
        else {
            continue;
        };
        let tablebases = raw.tablebases.as_deref().map(|p| base.resolve(p));
        if let Some(dir) = tablebases.as_ref().filter(|d| !d.is_dir()) {
            ck.at(
                Some(raw.id.span()),
                format!("tablebases: {} is not a directory", dir.display()),
            );
        }
        if let Some(mut t) = validate_tournament(ck, raw, &mut ids, &set_aside) {
            t.tablebases = tablebases;
            tournaments.push(t);
        }
    }
    tournaments
}

/// `set_aside`: the keys whose values were of the wrong type (already reported); the checks
/// that need them are skipped, so their absence is not reported as a second problem.
pub(super) fn validate_tournament(
    ck: &mut Checker<'_>,
    raw: RawTournament,
    ids: &mut HashSet<String>,
    set_aside: &[String],
) -> Option<Tournament> {
    let before = ck.errors.len();
    let params = tournament_params(&raw);
    // The players, the pairing, the games and the teams are checked against each other.
    let pairing_intact = ["players", "pairing", "games", "teams"]
        .iter()
        .all(|k| !set_aside.iter().any(|s| s == k));
    let id = tournament_id(ck, &raw.id, ids);
    let (start, end) = tournament_dates(ck, &raw.start, &raw.end);
    if !valid_email(raw.arbiter.get_ref()) {
        ck.at(
            Some(raw.arbiter.span()),
            format!(
                "arbiter: `{}` is not an e-mail address",
                raw.arbiter.get_ref()
            ),
        );
    }
    let pairing = raw.pairing.unwrap_or(Pairing::RoundRobin);
    let stages = super::stages::validate(ck, &raw, pairing, raw.players.len());
    let (players, seen) = tournament_players(ck, raw.players);
    let teams = raw
        .teams
        .as_ref()
        .filter(|_| pairing_intact)
        .map(|t| validate_teams(ck, t, pairing, &seen))
        .unwrap_or_default();
    let team_ranking = team_ranking(ck, raw.team_ranking.as_ref(), raw.teams.is_some());
    let (games, team_matches) = if pairing_intact {
        tournament_games(ck, &raw.id, pairing, raw.games, &players, &seen, &teams)
    } else {
        (Vec::new(), Vec::new())
    };
    let tiebreaks = tournament_tiebreaks(ck, &raw.id, raw.tiebreaks);
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
        language: raw.language,
        teams,
        team_matches,
        team_ranking,
        stages,
        tiebreak_unplayed: raw.tiebreak_unplayed.unwrap_or_default(),
    })
}

/// A tournament's id: non-empty, no spaces or `/` (game ids are `<id>/<n>`), unique.
fn tournament_id(ck: &mut Checker<'_>, raw: &Spanned<String>, ids: &mut HashSet<String>) -> String {
    let id = raw.get_ref().trim().to_string();
    if id.is_empty() || id.contains('/') || id.chars().any(char::is_whitespace) {
        ck.at(
            Some(raw.span()),
            format!("tournament id `{id}`: expected a non-empty id without spaces or `/`"),
        );
    } else if !ids.insert(id.clone()) {
        ck.at(
            Some(raw.span()),
            format!("tournament id `{id}` is used twice"),
        );
    }
    id
}

/// The start and end dates: each a date, the end not before the start.
fn tournament_dates(
    ck: &mut Checker<'_>,
    start_raw: &Spanned<DateValue>,
    end_raw: &Spanned<DateValue>,
) -> (Option<chrono::NaiveDate>, Option<chrono::NaiveDate>) {
    let start = to_date(start_raw.get_ref());
    if start.is_none() {
        ck.at(Some(start_raw.span()), date_problem("start", start_raw));
    }
    let end = to_date(end_raw.get_ref());
    if end.is_none() {
        ck.at(Some(end_raw.span()), date_problem("end", end_raw));
    }
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        ck.at(
            Some(end_raw.span()),
            "end: the end date is before the start date",
        );
    }
    (start, end)
}

/// The players in the listed order (pairing numbers); each address valid and listed once.
/// Also returns the set of their addresses, against which games and teams are checked.
fn tournament_players(ck: &mut Checker<'_>, raw: Vec<RawPlayer>) -> (Vec<Player>, HashSet<String>) {
    let mut players = Vec::new();
    let mut seen = HashSet::new();
    for p in raw {
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
            rating: p.rating,
        });
    }
    (players, seen)
}

/// `team_ranking`: only beside `teams`; match points unless game points are asked for.
fn team_ranking(
    ck: &mut Checker<'_>,
    raw: Option<&Spanned<RawTeamRanking>>,
    has_teams: bool,
) -> Primary {
    match (raw, has_teams) {
        (Some(r), false) => {
            ck.at(
                Some(r.span()),
                "team_ranking is only used with `teams = [ { name = …, players = […] } ]`",
            );
            Primary::MatchPoints
        }
        (Some(r), true) => match r.get_ref() {
            RawTeamRanking::MatchPoints => Primary::MatchPoints,
            RawTeamRanking::GamePoints => Primary::GamePoints,
        },
        (None, _) => Primary::MatchPoints,
    }
}

/// The games of a tournament by its pairing: the listed games (`explicit`), the team round
/// robin's boards, or the Berger tables of the players. Game n is the n-th pairing.
fn tournament_games(
    ck: &mut Checker<'_>,
    id: &Spanned<String>,
    pairing: Pairing,
    raw: Option<Spanned<Vec<RawGame>>>,
    players: &[Player],
    seen: &HashSet<String>,
    teams: &[Team],
) -> (Vec<GameSpec>, Vec<TeamPairing>) {
    match (pairing, raw) {
        (Pairing::Explicit, None) => {
            ck.at(
                Some(id.span()),
                "pairing = \"explicit\" needs `games = [ { white = …, black = … } ]`",
            );
            (Vec::new(), Vec::new())
        }
        (Pairing::Explicit, Some(games)) => (explicit_games(ck, games, seen), Vec::new()),
        (_, Some(games)) => {
            ck.at(
                Some(games.span()),
                "`games` is only used with pairing = \"explicit\"",
            );
            (Vec::new(), Vec::new())
        }
        // A tournament in stages makes its games round by round (`rules::stage`).
        (p, None) if p.staged() => (Vec::new(), Vec::new()),
        (p, None) if !teams.is_empty() => team_games(p, teams),
        (p, None) => {
            // FIDE Berger tables; game n is the n-th pairing, round by round, board by board.
            let games = crate::rules::pairing::games(&berger(p, players.len()))
                .into_iter()
                .map(|g| GameSpec {
                    white: players[g.white].email.clone(),
                    black: players[g.black].email.clone(),
                })
                .collect();
            (games, Vec::new())
        }
    }
}

fn berger(pairing: Pairing, n: usize) -> Vec<crate::rules::pairing::Round> {
    if pairing == Pairing::DoubleRoundRobin {
        crate::rules::pairing::double_round_robin(n)
    } else {
        crate::rules::pairing::round_robin(n)
    }
}

/// `pairing = "explicit"`: each listed game between two different players of the tournament.
fn explicit_games(
    ck: &mut Checker<'_>,
    games: Spanned<Vec<RawGame>>,
    seen: &HashSet<String>,
) -> Vec<GameSpec> {
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

/// The team round robin: the teams are paired with the Berger tables; each match gives one
/// game per board, board k of one team against board k of the other. The board-I colour rule
/// as implemented: the first-named team of the pairing has White on board I, and the colours
/// alternate by board (I White, II Black, III White, …). In a double round robin the second
/// cycle reverses the first-named team, so every board's colour is reversed too. Game n: match
/// by match, board by board.
fn team_games(pairing: Pairing, teams: &[Team]) -> (Vec<GameSpec>, Vec<TeamPairing>) {
    let mut team_matches = Vec::new();
    let mut out = Vec::new();
    for m in crate::rules::pairing::games(&berger(pairing, teams.len())) {
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
    (out, team_matches)
}

/// The rule parameters: the mode's defaults (RULES.md), each overridable.
fn tournament_params(raw: &RawTournament) -> Params {
    let mode = raw.mode.unwrap_or(Mode::Email);
    let d = Params::for_mode(mode);
    Params {
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
    }
}

/// The tie-breaks in their order (§708.3–708.4 and the usual ones); an unknown name reported.
fn tournament_tiebreaks(
    ck: &mut Checker<'_>,
    id: &Spanned<String>,
    raw: Option<Vec<String>>,
) -> Vec<String> {
    const KNOWN: [&str; 7] = [
        "buchholz",
        "buchholz-cut1",
        "sum-buchholz",
        "sonneborn-berger",
        "wins",
        "black-wins",
        "direct-encounter",
    ];
    let tiebreaks = raw.unwrap_or_else(|| {
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
        if !KNOWN.contains(&tb.as_str()) {
            ck.at(
                Some(id.span()),
                format!(
                    "tiebreaks: unknown `{tb}`, expected one of: {}",
                    KNOWN.join(", ")
                ),
            );
        }
    }
    tiebreaks
}

/// The `teams` of a tournament: names unique, captains addresses, players in board order who
/// are all among the tournament's `players`, each in one team only, every team with the same
/// number of boards; a team round robin needs `pairing = "round-robin"` or
/// `"double-round-robin"` and at least two teams. Players of the tournament listed in no team
/// are allowed (reserves for a replacement, Art. 47 Б): they get no games.
pub(super) fn validate_teams(
    ck: &mut Checker<'_>,
    raw: &Spanned<Vec<RawTeam>>,
    pairing: Pairing,
    players: &HashSet<String>,
) -> Vec<Team> {
    let before = ck.errors.len();
    if matches!(
        pairing,
        Pairing::Explicit | Pairing::Swiss | Pairing::Tables
    ) {
        let name = match pairing {
            Pairing::Swiss => "swiss",
            Pairing::Tables => "tables",
            _ => "explicit",
        };
        ck.at(
            Some(raw.span()),
            format!(
                "teams: a team section is a team round robin: expected pairing = \"round-robin\" \
                 or \"double-round-robin\", not \"{name}\""
            ),
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
