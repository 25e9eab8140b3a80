//! `amici site --out DIR` and the site regenerated after each batch (`[site] dir`): a static
//! site of every tournament (issue 14 items 2–3).
//!
//! - [`model`]  what may be published of a game (the delay rule) and its score (pure)
//! - [`pages`]  the pages and the Atom feed as strings (pure)
//! - [`board`]  the board drawn from a FEN and the stepper's script
//! - [`words`]  the fixed words in bg, ru and en
//!
//! This file gathers the data (config + stored records → page inputs) and does the IO at the
//! edge: [`build`] returns the files, [`write_atomically`] puts them in place. No e-mail
//! address is ever published: names come from the config, an address-shaped text anywhere in
//! them is withheld ([`public`]), and the PGN writer writes no address.

pub mod board;
pub mod model;
pub mod pages;
pub mod words;

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use anyhow::{Context, Result};
use regex::Regex;

use crate::config::{Config, Tournament};
use crate::report;
use crate::rules::game::GameRecord;
use crate::rules::model::{Day, Lang};
use crate::rules::pgn::{PgnInfo, game_pgn};
use crate::rules::standings_html::{crosstable_html, escape};

/// How many of the latest results the index lists.
const LATEST: usize = 20;

/// One file of the site: its path under the site's folder and its bytes.
pub type File = (PathBuf, Vec<u8>);

static ADDRESS: LazyLock<Regex> = LazyLock::new(|| {
    // Every shape a reader or a harvester takes for an address, so that one typed as a
    // player's name does not slip through: a local part of letters and digits of any script
    // (RFC 6531, `иван@пример.бг`) or quoted (RFC 5322, `"john smith"@example.org`); the
    // at-sign itself, fullwidth or small, as a character reference (`&#64;`, `&#x40;`,
    // `&commat;`) or percent-encoded (`%40`); a domain, or an IP literal (RFC 5321,
    // `user@[192.0.2.1]`).
    Regex::new(
        r#"(?i)(?:"[^"]*"|[\p{L}\p{N}._%+\-]+)(?:@|＠|﹫|&#0*64;|&#x0*40;|&commat;|%40)(?:\[[^\]]*\]|[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)*)"#,
    )
    .expect("address regex")
});

/// A text as the site may show it: anything shaped like an e-mail address withheld (a name
/// typed as an address in the config, a removed player known only by his address).
pub fn public(text: &str) -> String {
    ADDRESS.replace_all(text, "…").into_owned()
}

/// A tournament id as a folder name: letters, digits, `-`, `_`, `.` kept, the rest `_`.
pub fn slug(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "_".into() } else { s }
}

/// A game's file stem: its number within the tournament (`RR/3` → `3`).
fn game_stem(t: &Tournament, id: &str) -> String {
    slug(
        id.strip_prefix(&t.id)
            .and_then(|r| r.strip_prefix('/'))
            .unwrap_or(id),
    )
}

/// The language of a tournament's pages.
pub fn language(config: &Config, t: &Tournament) -> Lang {
    t.language.unwrap_or(config.bot.language)
}

/// A player's published name: his configured name, never his address.
fn name(t: &Tournament, email: &str) -> String {
    t.players
        .iter()
        .find(|p| p.email.eq_ignore_ascii_case(email))
        .map_or_else(|| "?".to_string(), |p| public(&p.name))
}

/// What the pages of the tournaments give the site's index and feed.
#[derive(Default)]
struct Gathered {
    files: Vec<File>,
    tournaments: Vec<pages::TournamentEntry>,
    feed: Vec<pages::FeedEntry>,
    latest: Vec<pages::Latest>,
}

/// What the site needs of the store besides the games: the installation's id (the Atom
/// feed's ids are the installation's own, so two federations' feeds never share an entry) and
/// what it knows of each tournament in stages (its rounds and byes), by id.
#[derive(Default)]
pub struct Staged {
    /// The database's random instance id (`Store::instance`); empty when built without one.
    pub instance: String,
    pub rounds: std::collections::HashMap<String, crate::rounds::Known>,
}

impl Staged {
    fn get(&self, tournament: &str) -> Option<&crate::rounds::Known> {
        self.rounds.get(tournament)
    }
}

/// Reads [`Staged`]: the instance id, and every tournament in stages of the config.
pub fn staged(store: &crate::store::Store, config: &Config) -> Result<Staged> {
    let mut out = Staged {
        instance: store.instance().to_string(),
        ..Staged::default()
    };
    for t in config.tournaments.iter().filter(|t| t.pairing.staged()) {
        out.rounds.insert(
            t.id.clone(),
            store.read(|tx| crate::rounds::Known::read(tx, t))?,
        );
    }
    Ok(out)
}

/// Every file of the site as of `today`, from the config and the stored records.
pub fn build(config: &Config, records: &[GameRecord], today: Day) -> Result<Vec<File>> {
    build_with(config, records, &Staged::default(), today)
}

/// [`build`] with the rounds of the tournaments in stages: their crosstables show the final
/// places of §708 and the byes of each round.
pub fn build_with(
    config: &Config,
    records: &[GameRecord],
    staged: &Staged,
    today: Day,
) -> Result<Vec<File>> {
    let mut out = Gathered::default();
    for t in &config.tournaments {
        tournament_files(config, t, records, staged, today, &mut out)?;
    }
    let lang = config.bot.language;
    // The index lists the latest results (the feed has them all), newest first.
    out.latest
        .sort_by(|a, b| b.day.cmp(&a.day).then_with(|| a.href.cmp(&b.href)));
    out.latest.truncate(LATEST);
    out.files.push((
        PathBuf::from("index.html"),
        pages::index_page(lang, &out.tournaments, &out.latest, today).into(),
    ));
    out.feed
        .sort_by(|a, b| b.day.cmp(&a.day).then_with(|| a.id.cmp(&b.id)));
    let title = words::words(lang).tournaments;
    out.files
        .push((PathBuf::from("style.css"), pages::style_sheet().into()));
    out.files.push((
        PathBuf::from("feed.xml"),
        pages::feed(lang, title, &staged.instance, &out.feed, today).into(),
    ));
    Ok(out.files)
}

/// One tournament: its page (crosstable and rounds), its games' pages and PGN.
fn tournament_files(
    config: &Config,
    t: &Tournament,
    records: &[GameRecord],
    staged: &Staged,
    today: Day,
    out: &mut Gathered,
) -> Result<()> {
    let dir = slug(&t.id);
    let lang = language(config, t);
    let mine: Vec<GameRecord> = records
        .iter()
        .filter(|r| r.tournament == t.id)
        .cloned()
        .collect();
    let (names, crosstable) = match staged.get(&t.id) {
        // A tournament in stages: the first stage's crosstable, then the final places (§708).
        Some(known) => staged_crosstable(t, known, lang),
        None => {
            let (names, games, table) = report::tournament_standings(t, &mine, None)?;
            let names: Vec<String> = names.iter().map(|n| public(n)).collect();
            let html = crosstable_html(&names, &games, &table, lang);
            (names, html)
        }
    };
    let mut rounds: Vec<pages::Round> = Vec::new();
    let mut all_pgn = String::new();
    for rec in &mine {
        let round = report::round_of(Some(t), rec);
        let (white, black) = (name(t, &rec.white), name(t, &rec.black));
        let published = model::published(rec, config.site.publish_delay, today);
        let stem = game_stem(t, &rec.id);
        let label = if round == "-" {
            String::new()
        } else {
            round.clone()
        };
        let pairing = pages::Pairing {
            href: published.as_ref().map(|_| format!("{stem}.html")),
            white: white.clone(),
            black: black.clone(),
            result: crate::rules::pgn::result_text(rec.result).to_string(),
        };
        match rounds.iter_mut().find(|r| r.label == label) {
            Some(r) => r.games.push(pairing),
            None => rounds.push(pages::Round {
                label,
                games: vec![pairing],
            }),
        }
        if let Some(p) = published {
            let game = GameNames {
                tournament: public(&t.name),
                dir: &dir,
                stem: &stem,
                round: &round,
                white: &white,
                black: &black,
            };
            let pgn = game_files(lang, rec, &p, &game, today, out);
            if !all_pgn.is_empty() {
                all_pgn.push('\n');
            }
            all_pgn.push_str(&pgn);
        }
    }
    // A tournament in stages: each round's byes under its games.
    if let Some(known) = staged.get(&t.id) {
        for r in &known.rounds {
            let label = r.number.to_string();
            for b in &r.byes {
                let points = crate::rules::standings::fmt_num(f64::from(b.halves) / 2.0);
                let pairing = pages::Pairing {
                    href: None,
                    white: name(t, &b.player),
                    black: "—".into(),
                    result: format!("{} {points}", words::words(lang).bye),
                };
                match rounds.iter_mut().find(|x| x.label == label) {
                    Some(x) => x.games.push(pairing),
                    None => rounds.push(pages::Round {
                        label: label.clone(),
                        games: vec![pairing],
                    }),
                }
            }
        }
    }
    sort_rounds(&mut rounds);
    let page = pages::tournament_page(
        lang,
        &public(&t.name),
        &crosstable,
        &rounds,
        "games.pgn",
        today,
    );
    out.files
        .push((PathBuf::from(&dir).join("index.html"), page.into()));
    out.files
        .push((PathBuf::from(&dir).join("games.pgn"), all_pgn.into()));
    out.tournaments.push(pages::TournamentEntry {
        href: format!("{dir}/index.html"),
        name: public(&t.name),
        start: t.start,
        end: t.end,
        players: names.len(),
        games: mine.len(),
        finished: mine.iter().filter(|r| r.result.is_some()).count(),
    });
    Ok(())
}

/// The published names of one game's page.
struct GameNames<'a> {
    tournament: String,
    dir: &'a str,
    stem: &'a str,
    round: &'a str,
    white: &'a str,
    black: &'a str,
}

/// One published game: its page and PGN into `out`, a finished one into the feed and the
/// latest results. Returns the PGN (for the tournament's file).
fn game_files(
    lang: Lang,
    rec: &GameRecord,
    p: &model::Published,
    g: &GameNames<'_>,
    today: Day,
    out: &mut Gathered,
) -> String {
    let info = PgnInfo {
        event: g.tournament.clone(),
        site: "?".into(),
        round: g.round.to_string(),
        white: g.white.to_string(),
        black: g.black.to_string(),
    };
    let pgn = game_pgn(&p.rec, &info, p.as_of);
    let (moves, fens, clocks) = model::score(p);
    let ending = words::ending(lang, p.rec.result, p.rec.termination);
    let result = crate::rules::pgn::result_text(p.rec.result);
    let html = pages::game_page(&pages::GamePage {
        lang,
        tournament: &g.tournament,
        round: g.round,
        white: g.white,
        black: g.black,
        result,
        ending: ending.as_deref(),
        shown: p.shown,
        moves: &moves,
        fens: &fens,
        clocks,
        pgn_href: &format!("{}.pgn", g.stem),
        generated: today,
    });
    let dir = PathBuf::from(g.dir);
    out.files
        .push((dir.join(format!("{}.html", g.stem)), html.into()));
    out.files
        .push((dir.join(format!("{}.pgn", g.stem)), pgn.clone().into()));
    if p.shown == model::Shown::Finished {
        let href = format!("{}/{}.html", g.dir, g.stem);
        let day = model::finished_on(rec);
        out.latest.push(pages::Latest {
            href: href.clone(),
            white: g.white.to_string(),
            black: g.black.to_string(),
            result: result.to_string(),
            day,
        });
        let round = (g.round != "-").then(|| format!("{} {}", words::words(lang).round, g.round));
        out.feed.push(pages::FeedEntry {
            id: rec.id.clone(),
            href,
            title: format!("{} – {} {}", g.white, g.black, pages::result_text(result)),
            summary: [Some(g.tournament.clone()), round, ending]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · "),
            day,
        });
    }
    pgn
}

/// Rounds in number order (the games were gathered in game order).
fn sort_rounds(rounds: &mut [pages::Round]) {
    rounds.sort_by_key(|r| r.label.parse::<u32>().unwrap_or(u32::MAX));
}

/// The file every site amici writes carries at its top. A folder that holds anything but
/// lacks it is not amici's, and is never replaced (an `--out ~/Documents` typed by mistake
/// must not delete the arbiter's files).
pub const MARKER: &str = ".amici-site";

/// Refuses a `dir` that amici may not replace: a file, or a folder with anything in it and
/// no `MARKER`. An empty folder or none at all is fine, and so is a site written before the
/// marker existed (its `index.html` names amici as its generator).
fn check_replaceable(dir: &Path) -> Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    anyhow::ensure!(
        dir.is_dir(),
        "{} is a file, not a folder: the site is not written there",
        dir.display()
    );
    let empty = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .next()
        .is_none();
    let earlier_site = std::fs::read_to_string(dir.join("index.html"))
        .is_ok_and(|page| page.contains("<meta name=\"generator\" content=\"amici\">"));
    anyhow::ensure!(
        empty || dir.join(MARKER).is_file() || earlier_site,
        "{} holds files that amici did not write (no {MARKER} in it): the site replaces its \
         whole folder, so it is not written there; choose an empty or new folder",
        dir.display()
    );
    Ok(())
}

/// Writes the files as the folder `dir`, atomically for a reader: they are written into a
/// fresh folder beside it, which then replaces `dir` by a rename (the old one is renamed away
/// first, then removed: between the two renames, microseconds, `dir` does not exist). Only a
/// folder amici wrote (`MARKER`) or an empty one is replaced.
pub fn write_atomically(dir: &Path, files: &[File]) -> Result<()> {
    check_replaceable(dir)?;
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let base = dir
        .file_name()
        .map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
    let stamp = format!(
        "{}.{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    );
    let fresh = parent.join(format!(".{base}.new-{stamp}"));
    let old = parent.join(format!(".{base}.old-{stamp}"));
    let result = (|| -> Result<()> {
        std::fs::create_dir_all(&fresh).with_context(|| format!("creating {}", fresh.display()))?;
        std::fs::write(
            fresh.join(MARKER),
            "This folder is written by amici site; amici replaces it whole.\n",
        )
        .with_context(|| format!("writing {}", fresh.join(MARKER).display()))?;
        for (path, bytes) in files {
            let full = fresh.join(path);
            if let Some(p) = full.parent() {
                std::fs::create_dir_all(p).with_context(|| format!("creating {}", p.display()))?;
            }
            std::fs::write(&full, bytes).with_context(|| format!("writing {}", full.display()))?;
        }
        if dir.exists() {
            std::fs::rename(dir, &old)
                .with_context(|| format!("moving the old site {} aside", dir.display()))?;
        }
        std::fs::rename(&fresh, dir)
            .with_context(|| format!("putting the new site in place at {}", dir.display()))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&fresh);
        if old.exists() && !dir.exists() {
            let _ = std::fs::rename(&old, dir);
        }
    }
    result?;
    if old.exists() {
        std::fs::remove_dir_all(&old)
            .with_context(|| format!("removing the old site {}", old.display()))?;
    }
    Ok(())
}

/// Builds the site from `records` as of `today` and writes it to `dir`.
pub fn generate(
    config: &Config,
    records: &[GameRecord],
    staged: &Staged,
    today: Day,
    dir: &Path,
) -> Result<()> {
    let files = build_with(config, records, staged, today)?;
    write_atomically(dir, &files)
}

/// After a batch (`amici run`, `ingest`, `tick`): regenerate the site into `[site] dir` when
/// one is configured.
pub fn publish(config: &Config, records: &[GameRecord], staged: &Staged, today: Day) -> Result<()> {
    match &config.site.dir {
        Some(dir) => generate(config, records, staged, today, dir),
        None => Ok(()),
    }
}

/// The crosstable of a tournament in stages: the first stage's games (players in the listed
/// order), then, once it is over, the final places with the stage each player reached.
fn staged_crosstable(
    t: &Tournament,
    known: &crate::rounds::Known,
    lang: Lang,
) -> (Vec<String>, String) {
    let names: Vec<String> = t.players.iter().map(|p| public(&p.name)).collect();
    let (games, _) = crate::rules::stage::places::first_stage_input(&known.facts());
    let Some(st) = crate::rounds::staged_table(t, known) else {
        return (names, String::new());
    };
    let first = crate::rules::stage::places::first_stage(&known.facts());
    let mut html = crosstable_html(&names, &games, &first_named(t, first), lang);
    if st.final_places {
        let w = words::words(lang);
        html.push_str(&format!(
            "<h3>{}</h3>\n<div class=\"scroll\">\n<table class=\"list\">\n<thead><tr><th scope=\"col\">#</th>\
<th scope=\"col\" class=\"l\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
            w.final_places, w.players, w.stage
        ));
        for (r, stage) in st.table.rows.iter().zip(&st.reached) {
            html.push_str(&format!(
                "<tr><td>{}</td><td class=\"l\">{}</td><td>{}</td></tr>\n",
                crate::rules::standings::rank_text(r),
                escape(&public(&r.name)),
                escape(&words::stage_name(lang, stage))
            ));
        }
        html.push_str("</tbody>\n</table>\n</div>\n");
    }
    html.push_str(&format!(
        "<p>{}</p>\n",
        escape(&public(&crate::mail::texts::pairing_note(
            lang,
            &st.pairing
        )))
    ));
    (names, html)
}

/// The first stage's table with the players' names instead of their addresses.
fn first_named(
    t: &Tournament,
    mut s: crate::rules::standings::Standings,
) -> crate::rules::standings::Standings {
    for r in &mut s.rows {
        if let Some(p) = t.players.iter().find(|p| p.email == r.name) {
            r.name = public(&p.name);
        }
    }
    s
}

/// The daemon's hook after a processed batch: with `[site] dir` configured, the records are
/// read on the database thread and the site is built and written on a blocking worker, so
/// neither the database thread nor a tokio worker waits for the files. A failure is logged,
/// never fatal: the arbiter's work goes on without the site.
pub async fn after_batch(
    db: &crate::store::Db,
    config: std::sync::Arc<Config>,
    now: chrono::DateTime<chrono::FixedOffset>,
) {
    if config.site.dir.is_none() {
        return;
    }
    let cfg = config.clone();
    let records = match db
        .call(move |store| Ok::<_, anyhow::Error>((store.games()?, staged(store, &cfg)?)))
        .await
    {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return tracing::warn!("site: reading the games: {e:#}"),
        Err(e) => return tracing::warn!("site: reading the games: {e}"),
    };
    let today = crate::engine::local_day(&config, now);
    let done =
        tokio::task::spawn_blocking(move || publish(&config, &records.0, &records.1, today)).await;
    match done {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!("site: {e:#}"),
        Err(e) => tracing::warn!("site: the writer stopped: {e}"),
    }
}
