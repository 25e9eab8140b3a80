//! `amici standings` and `amici pgn`: the shell around `rules::standings`, `rules::standings_html`
//! and `rules::pgn`. Reads the stored games (or a PGN file) and the config; changes nothing.
//!
//! - Standings of a configured tournament: the players are the tournament's, in config order,
//!   with their configured names; a stored game one of whose players is no longer listed
//!   (removed from the tournament, Art. 47 А) does not count. A game the record says was
//!   forfeited counts as a forfeit (`+`/`-`, an unplayed round for the tie-breaks); an
//!   unfinished game is shown as `*` and counts nowhere. The tie-breaks are `--tiebreaks` or
//!   else the tournament's `tiebreaks` (default RULES.md §12).
//! - Standings of a PGN file: players by their PGN names, tie-breaks `--tiebreaks` or the
//!   default; texts in English (there is no player language to go by). A file that is not
//!   UTF-8 is read as Windows-1252, the usual encoding of older collections.
//! - Team standings of a team section (`standings --teams`, RULES.md §12 annex): game n of the
//!   tournament is board `(n-1) % N` of match `(n-1) / N` of the team round robin (config).
//!   A board counts with its stored result (a forfeit as a win/loss, both-lose as 0–0); a
//!   board not finished, or not yet in the database, is not yet played: it gives no game
//!   points, and the match gives match points only once it is decided (`rules::team`).

use std::path::Path;
use std::str::FromStr;

use anyhow::{Context, Result, anyhow, bail};

use crate::config::{Config, Pairing, Tournament};
use crate::mail::texts::{self, Key};
use crate::rules::game::{self, GameRecord, Termination};
use crate::rules::model::{Day, Lang};
use crate::rules::pgn::{PgnInfo, game_pgn};
use crate::rules::pgn_results::{read_pgn_results, to_standings_input};
use crate::rules::standings::{self, DEFAULT_TIEBREAKS, Game, Outcome, Standings, Tiebreak};
use crate::rules::team::{self, BoardGame, Primary, TeamConfig, TeamMatch};
use crate::rules::{pairing, standings_html};
use crate::store::Store;

/// `standings --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Html,
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "html" => Ok(Format::Html),
            other => Err(format!(
                "unknown format `{other}` (expected text, json or html)"
            )),
        }
    }
}

/// The tournament a command is about: the named one, or the only one configured.
pub fn pick_tournament<'a>(config: &'a Config, id: Option<&str>) -> Result<&'a Tournament> {
    let ids = || {
        config
            .tournaments
            .iter()
            .map(|t| t.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match id {
        Some(id) => config
            .tournament(id)
            .ok_or_else(|| anyhow!("no tournament `{id}` in the config (configured: {})", ids())),
        None => match config.tournaments.as_slice() {
            [only] => Ok(only),
            [] => bail!("no tournament is configured"),
            _ => bail!(
                "{} tournaments are configured: name one with --tournament ({})",
                config.tournaments.len(),
                ids()
            ),
        },
    }
}

/// How a stored game stands for the standings.
pub fn outcome(rec: &GameRecord) -> Outcome {
    rec.standings_outcome()
}

fn parse_tiebreaks(list: Option<&str>, default: &[Tiebreak]) -> Result<Vec<Tiebreak>> {
    match list {
        Some(list) => Tiebreak::parse_list(list).context("--tiebreaks"),
        None => Ok(default.to_vec()),
    }
}

/// The players (names, config order) and games of one tournament from the stored records.
pub fn tournament_input(t: &Tournament, records: &[GameRecord]) -> (Vec<String>, Vec<Game>) {
    // Who is ranked and which games count is the core's (Art. 47 А).
    let players: Vec<&crate::config::Player> = t
        .players
        .iter()
        .filter(|p| !game::removed_from(records, &t.id, &p.email))
        .collect();
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let index = |email: &str| {
        players
            .iter()
            .position(|p| p.email.eq_ignore_ascii_case(email))
    };
    let games = records
        .iter()
        .filter(|g| g.tournament == t.id && game::counts_for_standings(g))
        .filter_map(|g| {
            Some(Game {
                white: index(&g.white)?,
                black: index(&g.black)?,
                outcome: outcome(g),
            })
        })
        .filter(|g| g.white != g.black)
        .collect();
    (names, games)
}

fn render(
    title: &str,
    names: &[String],
    games: &[Game],
    table: &Standings,
    format: Format,
    lang: Lang,
    today: Day,
) -> String {
    match format {
        Format::Json => {
            let mut s = table.to_json();
            s.push('\n');
            s
        }
        Format::Html => standings_html::render_html(title, names, games, table, lang, today),
        Format::Text => {
            let as_of = match lang {
                Lang::En => "standings as of",
                Lang::Ru => "таблица на",
                Lang::Bg => "класиране към",
            };
            format!(
                "{title} — {as_of} {}\n\n{}",
                today.format("%Y-%m-%d"),
                table.to_text(lang)
            )
        }
    }
}

/// The standings of a configured tournament from the stored records: its players (names, in
/// config order), its games and the table with `tiebreaks` (or else the tournament's). The one
/// computation behind `amici standings` and the site's crosstables.
pub fn tournament_standings(
    t: &Tournament,
    records: &[GameRecord],
    tiebreaks: Option<&str>,
) -> Result<(Vec<String>, Vec<Game>, Standings)> {
    let configured = t
        .tiebreaks
        .iter()
        .map(|s| s.parse::<Tiebreak>())
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("tournament {}: tiebreaks", t.id))?;
    let tbs = parse_tiebreaks(tiebreaks, &configured)?;
    let (names, games) = tournament_input(t, records);
    let table = standings::compute_unplayed(&names, &games, &[], &tbs, t.tiebreak_unplayed)?;
    Ok((names, games, table))
}

/// `amici standings [--tournament ID] [--tiebreaks LIST] [--format …]`.
pub fn standings(
    store: &Store,
    config: &Config,
    tournament: Option<&str>,
    tiebreaks: Option<&str>,
    format: Format,
    today: Day,
) -> Result<String> {
    let t = pick_tournament(config, tournament)?;
    if t.pairing.staged() {
        // §708.3–708.4 fix the order (points, Buchholz, sum of Buchholz): another list would
        // be silently ignored.
        if tiebreaks.is_some() {
            bail!(
                "tournament {} is played in stages: its order is fixed by §708 (points, \
                 Buchholz, sum of Buchholz); --tiebreaks is for round robins and PGN files",
                t.id
            );
        }
        return staged_standings(store, config, t, format, today);
    }
    let records = store.games()?;
    let (names, games, table) = tournament_standings(t, &records, tiebreaks)?;
    Ok(render(
        &t.name,
        &names,
        &games,
        &table,
        format,
        config.bot.language,
        today,
    ))
}

/// The standings of a tournament in stages (RULES.md §12a): the final places of §708 once it
/// is over, else the first stage's overall ranking; each player with the stage he reached; the
/// pairing program and the tie-breaks named (§709.2).
fn staged_standings(
    store: &Store,
    config: &Config,
    t: &Tournament,
    format: Format,
    today: Day,
) -> Result<String> {
    let known = store.read(|tx| crate::rounds::Known::read(tx, t))?;
    let st = crate::rounds::staged_table(t, &known)
        .ok_or_else(|| anyhow!("tournament {} has no stages", t.id))?;
    let lang = config.bot.language;
    Ok(match format {
        Format::Json => {
            let mut v = st.table.to_json_value();
            if let Some(rows) = v["standings"].as_array_mut() {
                for (row, stage) in rows.iter_mut().zip(&st.reached) {
                    row["stage"] = serde_json::json!(stage);
                }
            }
            v["final"] = serde_json::json!(st.final_places);
            v["pairing"] =
                serde_json::json!(crate::mail::texts::pairing_note(Lang::En, &st.pairing));
            // §709.2: the tie-breaks and how unplayed games count.
            v["tiebreak_unplayed"] = serde_json::json!(match known.unplayed {
                standings::Unplayed::Fide => "fide",
                standings::Unplayed::Plain => "plain",
            });
            v["tiebreak_note"] =
                serde_json::json!(crate::mail::texts::tiebreak_note(Lang::En, known.unplayed));
            let mut s = serde_json::to_string_pretty(&v)?;
            s.push('\n');
            s
        }
        Format::Html => {
            // Every entrant (one taken out of the config since keeps his place, unnamed).
            let names: Vec<String> = known
                .entrants
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    t.players
                        .iter()
                        .find(|p| p.email == e.email)
                        .map_or_else(|| format!("Player {}", i + 1), |p| p.name.clone())
                })
                .collect();
            let (games, _) = crate::rules::stage::places::first_stage_input(&known.facts());
            let page = standings_html::render_html(&t.name, &names, &games, &st.table, lang, today);
            // The stage each player reached and how the rounds were paired (§709.2).
            let mut extra = format!("<h2>{}</h2>\n<ul>\n", texts::text(lang, Key::StageReached));
            for (r, stage) in st.table.rows.iter().zip(&st.reached) {
                extra.push_str(&format!(
                    "<li>{} {} — {}</li>\n",
                    standings::rank_text(r),
                    standings_html::escape(&r.name),
                    standings_html::escape(&texts::stage_name(lang, stage))
                ));
            }
            extra.push_str(&format!(
                "</ul>\n<p>{}</p>\n<p>{}</p>\n",
                standings_html::escape(&texts::pairing_note(lang, &st.pairing)),
                standings_html::escape(texts::tiebreak_note(lang, known.unplayed))
            ));
            match page.rfind("</body>") {
                Some(i) => format!("{}{extra}{}", &page[..i], &page[i..]),
                None => page + &extra,
            }
        }
        Format::Text => {
            let heading = texts::text(
                lang,
                if st.final_places {
                    Key::FinalPlacesHeading
                } else {
                    Key::FirstStageHeading
                },
            );
            let mut out = format!(
                "{} — {heading}, {} {}\n\n{}",
                t.name,
                texts::text(lang, Key::AsOf),
                today.format("%Y-%m-%d"),
                st.table.to_text(lang)
            );
            out.push_str(&format!("\n{}:\n", texts::text(lang, Key::StageReached)));
            for (r, stage) in st.table.rows.iter().zip(&st.reached) {
                out.push_str(&format!(
                    "  {:>5}  {}: {}\n",
                    standings::rank_text(r),
                    r.name,
                    texts::stage_name(lang, stage)
                ));
            }
            out.push_str(&format!(
                "\n{}\n{}\n",
                texts::pairing_note(lang, &st.pairing),
                texts::tiebreak_note(lang, known.unplayed)
            ));
            out
        }
    })
}

/// Text of a PGN file: UTF-8 (a BOM is fine), else Windows-1252.
fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let (text, _, _) = encoding_rs::WINDOWS_1252.decode(e.as_bytes());
            text.into_owned()
        }
    })
}

/// `amici standings --pgn FILE [--tiebreaks LIST] [--format …]`.
pub fn standings_pgn(
    path: &Path,
    tiebreaks: Option<&str>,
    format: Format,
    today: Day,
) -> Result<String> {
    let text = read_text(path)?;
    let pgn = read_pgn_results(&text).with_context(|| format!("reading {}", path.display()))?;
    let tbs = parse_tiebreaks(tiebreaks, &DEFAULT_TIEBREAKS)?;
    let (names, games) = to_standings_input(&pgn);
    let table = standings::compute(&names, &games, &tbs)?;
    // The title: the one event of the collection, else the file's name.
    let mut events = pgn.iter().filter_map(|g| g.event.as_deref());
    let title = match events.next() {
        Some(first) if events.all(|e| e == first) => first.to_string(),
        _ => path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
    };
    Ok(render(
        &title,
        &names,
        &games,
        &table,
        format,
        Lang::En,
        today,
    ))
}

/// The team names and matches of a team section from the stored records.
pub fn team_input(t: &Tournament, records: &[GameRecord]) -> (Vec<String>, Vec<TeamMatch>) {
    let names: Vec<String> = t.teams.iter().map(|t| t.name.clone()).collect();
    let n = t.boards();
    let mut matches: Vec<TeamMatch> = t
        .team_matches
        .iter()
        .map(|m| TeamMatch {
            home: m.home,
            away: m.away,
            boards: Vec::with_capacity(n),
        })
        .collect();
    for (i, spec) in t.games.iter().enumerate() {
        let Some((mi, board)) = t.team_board(i) else {
            continue;
        };
        let Some(m) = matches.get_mut(mi) else {
            continue;
        };
        // The board-I colour rule of the config: the home team has White on boards I, III, …
        let configured = board % 2 == 0;
        let id = pairing::game_id(&t.id, i as u32 + 1);
        let rec = records.iter().find(|r| r.id == id);
        // A record whose colours are the other way round than the config (edited by hand)
        // keeps its own colours; a replacement player keeps his board's colour.
        let home_white = match rec {
            Some(r) if r.white.eq_ignore_ascii_case(&spec.black) => !configured,
            _ => configured,
        };
        m.boards.push(BoardGame {
            home_white,
            outcome: rec.map_or(Outcome::Unfinished, outcome),
        });
    }
    (names, matches)
}

/// The machine names of the team criteria, in the order applied.
pub fn team_criteria(primary: Primary) -> Vec<&'static str> {
    let (first, second) = match primary {
        Primary::MatchPoints => ("match-points", "game-points"),
        Primary::GamePoints => ("game-points", "match-points"),
    };
    vec![
        first,
        second,
        "direct-match",
        "direct-match-boards",
        "board-totals",
        "board-one-black",
    ]
}

/// `amici standings --teams [--tournament ID] [--format text|json]`: the team standings of a
/// team section (RULES.md §12 annex), with the criteria used (§709.2). Without `--tournament`
/// the only configured tournament with teams is meant.
pub fn team_standings(
    store: &Store,
    config: &Config,
    tournament: Option<&str>,
    format: Format,
    today: Day,
) -> Result<String> {
    let with_teams: Vec<&Tournament> = config
        .tournaments
        .iter()
        .filter(|t| !t.teams.is_empty())
        .collect();
    let t = match (tournament, with_teams.as_slice()) {
        (None, [only]) => *only,
        (None, []) => bail!("no tournament with teams is configured"),
        (None, several) => bail!(
            "{} tournaments have teams: name one with --tournament ({})",
            several.len(),
            several
                .iter()
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        (Some(_), _) => pick_tournament(config, tournament)?,
    };
    if t.teams.is_empty() {
        bail!(
            "tournament {} has no teams (configure `teams = [ {{ name = …, players = […] }} ]`)",
            t.id
        );
    }
    let records = store.games()?;
    let (names, matches) = team_input(t, &records);
    let cfg = TeamConfig {
        boards: t.boards(),
        primary: t.team_ranking,
    };
    let table = team::team_standings(&names, &matches, &cfg)
        .with_context(|| format!("tournament {}: team standings", t.id))?;
    let lang = config.bot.language;
    match format {
        Format::Json => {
            let doc = serde_json::json!({
                "criteria": team_criteria(table.primary),
                "standings": table.rows.iter().map(|r| serde_json::json!({
                    "rank": r.rank,
                    "team": r.name,
                    "match_points": r.match_points,
                    "game_points": r.game_points,
                    "matches": r.matches,
                    "boards": r.board_points,
                })).collect::<Vec<_>>(),
            });
            let mut s = serde_json::to_string_pretty(&doc)?;
            s.push('\n');
            Ok(s)
        }
        Format::Html => bail!("team standings: --format html is not available; use text or json"),
        Format::Text => {
            let (as_of, head) = match lang {
                Lang::En => ("team standings as of", "Matches:"),
                Lang::Ru => ("командное положение на", "Матчи:"),
                Lang::Bg => ("отборно класиране към", "Срещи:"),
            };
            let mut out = format!(
                "{} — {as_of} {}\n\n{}\n{head}\n",
                t.name,
                today.format("%Y-%m-%d"),
                table.to_text(lang)
            );
            for m in &matches {
                let (mut h, mut a, mut open) = (0u32, 0u32, 0usize);
                for b in &m.boards {
                    match b.outcome.half_points() {
                        Some((w, bl)) if b.home_white => (h, a) = (h + w, a + bl),
                        Some((w, bl)) => (h, a) = (h + bl, a + w),
                        None => open += 1,
                    }
                }
                let score = |half: u32| standings::fmt_num(f64::from(half) / 2.0);
                let _ = std::fmt::Write::write_fmt(
                    &mut out,
                    format_args!(
                        "{} – {}  {}:{}{}\n",
                        names[m.home],
                        names[m.away],
                        score(h),
                        score(a),
                        if open > 0 {
                            format!(" ({open} *)")
                        } else {
                            String::new()
                        }
                    ),
                );
            }
            Ok(out)
        }
    }
}

/// The `Round` of a stored game: the row of the Berger table for round robins, `-` for an
/// explicit list (in correspondence chess all games start together).
pub fn round_of(t: Option<&Tournament>, rec: &GameRecord) -> String {
    let Some(t) = t else { return "-".into() };
    if let Some(r) = rec.round {
        return r.number.to_string();
    }
    let n: Option<u32> = rec
        .id
        .strip_prefix(&t.id)
        .and_then(|r| r.strip_prefix('/'))
        .and_then(|n| n.parse().ok());
    if !t.teams.is_empty() {
        // A team section: the round of the game's match.
        return n
            .and_then(|n| t.team_board((n as usize).checked_sub(1)?))
            .and_then(|(m, _)| t.team_matches.get(m))
            .map_or_else(|| "-".into(), |m| m.round.to_string());
    }
    let rounds = match t.pairing {
        Pairing::RoundRobin => pairing::round_robin(t.players.len()),
        Pairing::DoubleRoundRobin => pairing::double_round_robin(t.players.len()),
        Pairing::Explicit | Pairing::Swiss | Pairing::Tables => return "-".into(),
    };
    n.and_then(|n| pairing::games(&rounds).into_iter().find(|p| p.game == n))
        .map_or_else(|| "-".into(), |p| p.round.to_string())
}

/// The PGN header facts the record does not hold.
pub fn pgn_info(config: &Config, rec: &GameRecord) -> PgnInfo {
    let t = config.tournament(&rec.tournament);
    PgnInfo {
        event: t.map_or_else(|| rec.tournament.clone(), |t| t.name.clone()),
        site: "?".into(),
        round: round_of(t, rec),
        white: config.name_of(&rec.white),
        black: config.name_of(&rec.black),
    }
}

/// `amici pgn [--game ID | --tournament ID]`: one game, the games of a tournament, or all.
pub fn pgn(
    store: &Store,
    config: &Config,
    game: Option<&str>,
    tournament: Option<&str>,
    today: Day,
) -> Result<String> {
    let records: Vec<GameRecord> = match (game, tournament) {
        (Some(_), Some(_)) => bail!("give --game or --tournament, not both"),
        (Some(id), None) => vec![store.game(id)?.ok_or_else(|| anyhow!("no game `{id}`"))?],
        (None, Some(tid)) => {
            let mut all = store.games()?;
            all.retain(|g| g.tournament == tid);
            if all.is_empty() && config.tournament(tid).is_none() {
                bail!("no tournament `{tid}`");
            }
            all
        }
        (None, None) => store.games()?,
    };
    Ok(records
        .iter()
        .map(|rec| game_pgn(rec, &pgn_info(config, rec), today))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `amici trf [--tournament ID]`: the section in FIDE's TRF-16 format (§709.1), for
/// Swiss-Manager, JaVaFo or bbpPairings users. Rounds are the Berger rounds (explicit
/// pairings: the order of the list, one game per player a round).
pub fn trf(store: &Store, config: &Config, tournament: Option<&str>) -> Result<String> {
    use crate::rules::trf::{self, RoundGame, TrfHeader, TrfPlayer};
    let t = pick_tournament(config, tournament)?;
    if t.pairing.staged() {
        return crate::rounds::trf(store, t);
    }
    let records: Vec<GameRecord> = store
        .games()?
        .into_iter()
        .filter(|g| g.tournament == t.id)
        .collect();
    let (names, games) = tournament_input(t, &records);
    let tbs: Vec<Tiebreak> = t.tiebreaks.iter().filter_map(|s| s.parse().ok()).collect();
    let table = standings::compute(&names, &games, &tbs)?;
    // Each game in its round; explicit lists get the first round where both players are free.
    let mut busy: std::collections::HashSet<(usize, u32)> = std::collections::HashSet::new();
    let mut round_games = Vec::new();
    // The ranked players (a player removed by Art. 47 А is not among them).
    let kept: Vec<&crate::config::Player> = t
        .players
        .iter()
        .filter(|p| names.contains(&p.name))
        .collect();
    let index = |email: &str| {
        kept.iter()
            .position(|p| p.email.eq_ignore_ascii_case(email))
    };
    for rec in records
        .iter()
        .filter(|r| r.termination != Some(Termination::Removed))
    {
        let (Some(white), Some(black)) = (index(&rec.white), index(&rec.black)) else {
            continue;
        };
        let g = &Game {
            white,
            black,
            outcome: outcome(rec),
        };
        let round = match round_of(Some(t), rec).parse::<u32>() {
            Ok(r) => r,
            Err(_) => (1..)
                .find(|r| !busy.contains(&(g.white, *r)) && !busy.contains(&(g.black, *r)))
                .unwrap_or(1),
        };
        busy.insert((g.white, round));
        busy.insert((g.black, round));
        round_games.push(RoundGame { round, game: *g });
    }
    let header = TrfHeader {
        name: t.name.clone(),
        city: None,
        federation: None,
        start: Some(t.start),
        end: Some(t.end),
        kind: Some(format!(
            "{:?} (correspondence, {:?})",
            t.pairing, t.params.mode
        )),
        // No addresses in exported files (as in the PGN).
        arbiter: None,
        time_control: Some(format!(
            "{} days / {} moves",
            t.params.period_days, t.params.period_moves
        )),
    };
    let players: Vec<TrfPlayer> = kept
        .iter()
        .map(|p| TrfPlayer {
            name: p.name.clone(),
            sex: None,
            title: None,
            rating: None,
            federation: None,
            fide_id: None,
            birth: None,
        })
        .collect();
    Ok(trf::export_trf(&header, &players, &round_games, &table)?)
}
