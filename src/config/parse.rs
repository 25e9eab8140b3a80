//! The raw sections validated into a [`Config`]: every wrong value reported with its place,
//! the tournaments, their players, games, teams and rule parameters.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::*;

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

    let known = ["bot", "imap", "smtp", "outbox", "site", "tournament"];
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

    let site = super::site::validate_site(&mut ck, sections.get("site").copied(), &resolve);

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
            site,
        });
    }
    // In file order, as an editor would walk them.
    ck.errors.sort_by_key(|e| (e.line, e.column));
    Err(ConfigErrors(ck.errors))
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
        language: raw.language,
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
pub(super) fn validate_teams(
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
