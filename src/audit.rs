//! `amici audit` (issue 11; INTERFACE.md): replays the stored history — every logged input, in
//! the order it was applied, with the time it was applied — through today's rules into a
//! scratch database, and lists every decision that would now differ.
//!
//! The live database is never opened for writing: it is copied with a read-only connection
//! (`Store::snapshot`), and the replay runs in a second, fresh database that takes the copy's
//! instance id, so every Message-ID it derives is the one the live run derived for the same
//! decision. A decision is a message queued — who was told what kind of thing, about which
//! game, in answer to which letter or by which tick — and each game's penalties and result.

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow};
use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::Serialize;

use crate::config::Config;
use crate::rules::game::GameRecord;
use crate::store::{Decision, SendOutcome, Store};

/// What to report.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only decisions made on or after this day.
    pub since: Option<NaiveDate>,
    /// Only the games of this tournament.
    pub tournament: Option<String>,
}

/// One decision that would differ (INTERFACE.md: one JSON object a line).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    pub game: Option<String>,
    /// The letter it answers (None for a tick's notices and for a game's final state).
    pub message_id: Option<String>,
    /// `messages` (what was sent in answer to a letter or by a tick), `penalties`, `result`.
    pub kind: String,
    pub before: String,
    pub after: String,
    /// The article behind the decision, where the record names it.
    pub article: Option<String>,
    /// The day the letter or tick was answered (text output only).
    #[serde(skip)]
    pub day: Option<String>,
}

/// What an audit found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub differences: Vec<Difference>,
    /// What the history lacks (a database from before the input log).
    pub lacks: Vec<String>,
    /// Inputs replayed.
    pub replayed: usize,
}

/// One step of the history.
enum Step {
    Letter(i64),
    Tick,
    Command(String),
    /// A Swiss round from another program: the tournament id, a newline, the pairings.
    Pairings(String),
    Config(String),
    Undeliverable {
        message_id: String,
        error: String,
    },
    Delivered(String),
    /// `amici import`: the records and leave books it wrote (JSON, `import::Logged`).
    Import(String),
}

/// Replays the history of `config`'s database and compares.
pub fn audit(config: &Config, opts: &Options) -> Result<Report> {
    let scratch = crate::store::ScratchDir::new("audit")?;
    let before_path = scratch.0.join("before.sqlite3");
    Store::snapshot(&config.bot.database, &before_path)
        .with_context(|| format!("reading {}", config.bot.database.display()))?;
    let before = Store::open(&before_path)?;
    before.without_fsync()?;
    let after_path = scratch.0.join("after.sqlite3");
    {
        let fresh = Store::open(&after_path)?;
        let instance = before
            .meta("instance")?
            .ok_or_else(|| anyhow!("the database has no instance id"))?;
        fresh.set_meta("instance", &instance)?;
    }
    let mut after = Store::open(&after_path)?;
    after.without_fsync()?;
    let mut report = Report::default();

    // The history: letters processed before the log began, then the log.
    let unlogged: i64 = before
        .meta("input_log_after_inbound")?
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    // Each step with its time and the config it was applied under (None: not logged).
    let mut steps: Vec<(String, Step, Option<String>)> = Vec::new();
    if unlogged > 0 {
        report.lacks.push(format!(
            "letters 1–{unlogged} were processed before the input log existed: they are replayed in the order they were processed, under the current config; ticks, arbiter commands from the command line and config versions of that time were not logged: a catch-up tick is replayed before each letter, and the notices of the ticks of that time are not compared"
        ));
        // The ticks of that time are not known, but a tick is idempotent and catches up on
        // everything due: one just before each letter brings the clocks where the daily ticks
        // had brought them when the letter was processed.
        for (id, at) in before.letters_processed_up_to(unlogged)? {
            steps.push((at.clone(), Step::Tick, None));
            steps.push((at, Step::Letter(id), None));
        }
    }
    let logged = before.inputs()?;
    // Before the log began, ticks were not logged: their notices cannot be replayed and are
    // not compared (those answering a letter are).
    let unreplayable_before = (unlogged > 0).then(|| {
        logged
            .first()
            .map_or_else(|| "9999-12-31T23:59:59Z".to_string(), |i| i.at.clone())
    });
    for input in logged {
        let detail = input.detail.clone().unwrap_or_default();
        let step = match input.kind.as_str() {
            "letter" => match input.inbound {
                Some(id) => Step::Letter(id),
                None => continue,
            },
            "tick" => Step::Tick,
            "command" => Step::Command(detail),
            "config" => Step::Config(detail),
            "undeliverable" => {
                let (message_id, error) = detail.split_once(' ').unwrap_or((&detail, ""));
                Step::Undeliverable {
                    message_id: message_id.to_string(),
                    error: error.to_string(),
                }
            }
            "delivered" => Step::Delivered(detail),
            "import" => Step::Import(detail),
            "pairings" => Step::Pairings(detail),
            other => {
                report
                    .lacks
                    .push(format!("an input of unknown kind `{other}` was skipped"));
                continue;
            }
        };
        steps.push((input.at, step, input.config));
    }

    let mut cfg = config.clone();
    let first_is_config = matches!(steps.first(), Some((_, Step::Config(_), _)));
    if !first_is_config {
        crate::engine::sync_config(&mut after, &cfg)?;
    }
    for (at, step, under) in &steps {
        let now: DateTime<FixedOffset> = DateTime::parse_from_rfc3339(at)
            .with_context(|| format!("a logged time that is not RFC 3339: {at}"))?;
        // Applied under another config than the last one synced (another process with its
        // own file, say): replayed under that one.
        if let Some(hash) = under
            && *hash != cfg.source_sha256
            && !matches!(step, Step::Config(_))
        {
            replay(
                &before,
                &mut after,
                &mut cfg,
                config,
                &Step::Config(hash.clone()),
                now,
                &mut report,
            )?;
        }
        replay(
            &before,
            &mut after,
            &mut cfg,
            config,
            step,
            now,
            &mut report,
        )?;
        after.align_replayed_outbox(&before, at)?;
        report.replayed += 1;
    }
    let mut seen = std::collections::HashSet::new();
    report.lacks.retain(|l| seen.insert(l.clone()));
    report.differences = compare(&before, &after, opts, unreplayable_before.as_deref())?;
    Ok(report)
}

/// Applies one step to the replay.
fn replay(
    before: &Store,
    after: &mut Store,
    cfg: &mut Config,
    current: &Config,
    step: &Step,
    now: DateTime<FixedOffset>,
    report: &mut Report,
) -> Result<()> {
    match step {
        Step::Config(hash) => {
            match before.config_version(hash)? {
                Some(text) => match crate::config::parse(&current.path, &text) {
                    Ok(c) => *cfg = c,
                    Err(e) => report.lacks.push(format!(
                        "config version {} no longer reads ({}); the one before it stays in force",
                        &hash[..hash.len().min(12)],
                        e.to_string().lines().next().unwrap_or("")
                    )),
                },
                None => report.lacks.push(format!(
                    "the text of config version {} was not kept; the one before it stays in force",
                    &hash[..hash.len().min(12)]
                )),
            }
            crate::engine::sync_config(after, cfg)?;
        }
        Step::Letter(id) => {
            let copy = before
                .inbound_copy(*id)?
                .ok_or_else(|| anyhow!("logged letter {id} is not stored"))?;
            after.insert_inbound_copy(&copy)?;
            crate::engine::process_pending(after, cfg, now)?;
        }
        Step::Tick => {
            crate::tick::run(after, cfg, now)?;
        }
        Step::Command(line) => {
            // A command refused now is a difference that shows in what it would have sent.
            let _ = crate::engine::run_command(after, cfg, line, now)?;
        }
        Step::Undeliverable { message_id, error } => {
            // The message may not exist in the replay (today's rules did not send it).
            if let Some(row) = after.outbox_by_message_id(message_id)? {
                crate::mail::deliver::undeliverable(after, cfg, &row, error, now)?;
            }
        }
        Step::Import(detail) => {
            let logged: crate::import::Logged =
                serde_json::from_str(detail).context("a logged import that does not read")?;
            after.transaction(|tx| crate::import::apply(tx, &logged.records, &logged.books))?;
        }
        Step::Pairings(detail) => {
            let (head, text) = detail.split_once('\n').unwrap_or((detail, ""));
            let (tournament, program) = match head.split_once('\t') {
                Some((t, p)) => (t, Some(p)),
                None => (head, None),
            };
            if let Some(t) = cfg.tournament(tournament) {
                // Refused now: a difference that shows in the games and messages.
                let _ = crate::stages::import_pairings(after, cfg, t, text, program, now);
            }
        }
        Step::Delivered(message_id) => {
            if let Some(row) = after.outbox_by_message_id(message_id)? {
                crate::engine::record_sends(after, cfg, &[(row.id, SendOutcome::Sent)], now)?;
            }
        }
    }
    Ok(())
}

/// Where a decision belongs: its game and the letter it answers (or the day of the tick).
type Group = (Option<String>, Option<String>, String);

fn group_of(d: &Decision) -> Group {
    match &d.letter {
        Some(letter) => (d.game.clone(), Some(letter.clone()), String::new()),
        None => (
            d.game.clone(),
            None,
            d.created.get(..10).unwrap_or("").to_string(),
        ),
    }
}

/// The decisions of one group as a sorted list of "kind to recipient".
fn describe(ds: &[&Decision]) -> String {
    if ds.is_empty() {
        return "nothing sent".into();
    }
    let mut v: Vec<String> = ds
        .iter()
        .map(|d| format!("{} to {}", d.kind, d.recipient))
        .collect();
    v.sort();
    v.join(", ")
}

/// Whether a game is one of `--tournament`'s.
fn in_tournament(opts: &Options, game: Option<&str>) -> bool {
    opts.tournament.as_deref().is_none_or(|t| {
        game.and_then(|g| g.rsplit_once('/'))
            .is_some_and(|(gt, _)| gt == t)
    })
}

/// Whether a day (the start of an RFC 3339 time or a date) is on or after `--since`.
fn since(opts: &Options, day: Option<&str>) -> bool {
    match (
        opts.since,
        day.and_then(|d| d.get(..10))
            .and_then(|d| d.parse::<NaiveDate>().ok()),
    ) {
        (Some(since), Some(day)) => day >= since,
        (Some(_), None) => false,
        (None, _) => true,
    }
}

fn wanted(opts: &Options, game: Option<&str>, day: Option<&str>) -> bool {
    in_tournament(opts, game) && since(opts, day)
}

/// Every decision of `before` that `after` makes differently.
/// The decisions of one letter (or tick) of one game, then and now, with the time of the first.
type Groups<'a> = BTreeMap<Group, (Vec<&'a Decision>, Vec<&'a Decision>, String)>;

fn compare(
    before: &Store,
    after: &Store,
    opts: &Options,
    unreplayable_before: Option<&str>,
) -> Result<Vec<Difference>> {
    // Messages not tied to a letter or a game (the admin's notices about the config or the
    // mail server) come from outside the history and are not compared.
    let relevant = |d: &Decision| d.letter.is_some() || d.game.is_some();
    let then: Vec<Decision> = before.decisions()?.into_iter().filter(relevant).collect();
    let now: Vec<Decision> = after.decisions()?.into_iter().filter(relevant).collect();
    let mut groups: Groups<'_> = BTreeMap::new();
    for d in &then {
        groups
            .entry(group_of(d))
            .or_insert_with(|| (vec![], vec![], d.created.clone()))
            .0
            .push(d);
    }
    for d in &now {
        groups
            .entry(group_of(d))
            .or_insert_with(|| (vec![], vec![], d.created.clone()))
            .1
            .push(d);
    }
    let mut out = compare_messages(&groups, opts, unreplayable_before);
    out.extend(compare_games(before, after, opts, &groups)?);
    out.extend(compare_leave(before, after, opts)?);
    // Game by game; within a game, the letters and ticks in time, then its final state.
    out.sort_by(|a, b| {
        (&a.game, a.day.is_none(), &a.day, &a.kind).cmp(&(
            &b.game,
            b.day.is_none(),
            &b.day,
            &b.kind,
        ))
    });
    Ok(out)
}

/// The messages each letter (or tick) caused, then and now.
fn compare_messages(
    groups: &Groups<'_>,
    opts: &Options,
    unreplayable_before: Option<&str>,
) -> Vec<Difference> {
    let mut out = Vec::new();
    for ((game, letter, _), (a, b, created)) in groups {
        if !wanted(opts, game.as_deref(), Some(created)) {
            continue;
        }
        if letter.is_none() && unreplayable_before.is_some_and(|t| instant(created) < instant(t)) {
            continue;
        }
        let (x, y) = (describe(a), describe(b));
        if x != y {
            out.push(Difference {
                game: game.clone(),
                message_id: letter.clone(),
                kind: "messages".into(),
                before: x,
                after: y,
                article: None,
                day: created.get(..10).map(str::to_string),
            });
        }
    }
    out
}

/// Each game's moves, state, penalties and result at the end of the history, then and now;
/// a penalty that differs is tied to the letter of its day (`groups`).
fn compare_games(
    before: &Store,
    after: &Store,
    opts: &Options,
    groups: &Groups<'_>,
) -> Result<Vec<Difference>> {
    let mut out = Vec::new();
    // Each game's penalties and result as they stand at the end of the history.
    let finals = |s: &Store| -> Result<BTreeMap<String, GameRecord>> {
        Ok(s.games()?.into_iter().map(|g| (g.id.clone(), g)).collect())
    };
    let (gb, ga) = (finals(before)?, finals(after)?);
    for (id, g) in &gb {
        if !in_tournament(opts, Some(id)) {
            continue;
        }
        let Some(h) = ga.get(id) else {
            out.push(Difference::final_state(
                id,
                "result",
                "in play or played".into(),
                "no such game".into(),
            ));
            continue;
        };
        out.extend(penalties_differ(id, g, h, opts, groups));
        out.extend(moves_differ(id, g, h, opts));
        if g.status != h.status && opts.since.is_none() {
            out.push(Difference::final_state(
                id,
                "state",
                g.status.as_str().into(),
                h.status.as_str().into(),
            ));
        }
        out.extend(result_differs(id, g, h, opts));
    }
    Ok(out)
}

impl Difference {
    /// A difference in a game's state at the end of the history (no letter, no day).
    fn final_state(game: &str, kind: &str, before: String, after: String) -> Difference {
        Difference {
            game: Some(game.to_string()),
            message_id: None,
            kind: kind.into(),
            before,
            after,
            article: None,
            day: None,
        }
    }
}

/// The penalties of a game, then (`g`) and now (`h`), since `opts.since`; when they differ,
/// the article of the first that differs and the letter of its day, if one letter of this
/// game was answered differently on that day.
fn penalties_differ(
    id: &str,
    g: &GameRecord,
    h: &GameRecord,
    opts: &Options,
    groups: &Groups<'_>,
) -> Option<Difference> {
    let pen = |g: &GameRecord| -> Vec<String> {
        g.penalties
            .iter()
            .filter(|p| opts.since.is_none_or(|s| p.date >= s))
            .map(|p| {
                format!(
                    "{} {:+} (Art. {}) on {}",
                    if p.color == shakmaty::Color::White {
                        "white"
                    } else {
                        "black"
                    },
                    p.days,
                    p.article,
                    p.date
                )
            })
            .collect()
    };
    let (pb, pa) = (pen(g), pen(h));
    if pb == pa {
        return None;
    }
    let first = pb
        .iter()
        .chain(&pa)
        .find(|p| !pb.contains(p) || !pa.contains(p));
    let article = first
        .and_then(|p| p.split("(Art. ").nth(1))
        .and_then(|p| p.split(')').next())
        .map(str::to_string);
    // The letter behind it: the one of this game answered differently on its day.
    let on = first
        .and_then(|p| p.rsplit("on ").next())
        .map(str::to_string);
    let letter = on.as_deref().and_then(|d| {
        let mut hits = groups
            .iter()
            .filter(|((gg, l, _), (a, b, created))| {
                gg.as_deref() == Some(id)
                    && l.is_some()
                    && created.get(..10) == Some(d)
                    && describe(a) != describe(b)
            })
            .map(|((_, l, _), _)| l.clone());
        let one = hits.next()?;
        if hits.next().is_some() { None } else { one }
    });
    let listed = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join("; ")
        }
    };
    Some(Difference {
        game: Some(id.to_string()),
        message_id: letter,
        kind: "penalties".into(),
        before: listed(&pb),
        after: listed(&pa),
        article,
        day: on,
    })
}

/// The moves recorded (a letter now read as another move, or a move now accepted or
/// refused), told from the first half-move where they part.
fn moves_differ(id: &str, g: &GameRecord, h: &GameRecord, opts: &Options) -> Option<Difference> {
    let sans = |g: &GameRecord| -> Vec<String> { g.moves.iter().map(|m| m.san.clone()).collect() };
    let (mb, ma) = (sans(g), sans(h));
    if mb == ma {
        return None;
    }
    let from = mb.iter().zip(&ma).take_while(|(x, y)| x == y).count();
    let at = |v: &[String]| -> String {
        if v.len() <= from {
            "no further move".into()
        } else {
            format!("half-move {}: {}", from + 1, v[from..].join(" "))
        }
    };
    let day = g
        .moves
        .get(from)
        .or(h.moves.get(from))
        .map(|m| m.sent.to_string());
    since(opts, day.as_deref()).then(|| Difference::final_state(id, "moves", at(&mb), at(&ma)))
}

/// The result and how the game ended; a result counts from the day of the game's last move
/// (or its start).
fn result_differs(id: &str, g: &GameRecord, h: &GameRecord, opts: &Options) -> Option<Difference> {
    let res = |g: &GameRecord| match (g.result, g.termination) {
        (Some(r), Some(t)) => format!("{} ({t:?})", r.pgn()),
        (Some(r), None) => r.pgn().to_string(),
        _ => "not finished".to_string(),
    };
    let ended = g
        .moves
        .last()
        .map_or(g.start, |m| m.sent)
        .max(h.moves.last().map_or(h.start, |m| m.sent));
    (res(g) != res(h) && since(opts, Some(&ended.to_string())))
        .then(|| Difference::final_state(id, "result", res(g), res(h)))
}

/// Each player's leave book at the end of the history, then and now.
fn compare_leave(before: &Store, after: &Store, opts: &Options) -> Result<Vec<Difference>> {
    let mut out = Vec::new();
    // Each player's leave (Art. 41–46, across his games) as it stands at the end.
    if opts.tournament.is_none() {
        let books = |s: &Store| -> Result<BTreeMap<String, String>> {
            Ok(s.leave_books()?.into_iter().collect())
        };
        let (lb, la) = (books(before)?, books(after)?);
        for who in lb
            .keys()
            .chain(la.keys())
            .collect::<std::collections::BTreeSet<_>>()
        {
            let (x, y) = (lb.get(who), la.get(who));
            if x != y {
                out.push(Difference {
                    game: None,
                    message_id: None,
                    kind: "leave".into(),
                    before: format!("{who}: {}", x.map_or("none", String::as_str)),
                    after: format!("{who}: {}", y.map_or("none", String::as_str)),
                    article: Some("41".into()),
                    day: None,
                });
            }
        }
    }
    Ok(out)
}

/// An RFC 3339 time for comparing (the text as is when it does not read).
fn instant(t: &str) -> Option<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(t).ok()
}

/// The report as text: game by game, what was decided then and what would be decided now.
pub fn text(report: &Report) -> String {
    let mut s = String::new();
    for l in &report.lacks {
        s.push_str(&format!("note: {l}\n"));
    }
    for d in &report.differences {
        let letter = d
            .message_id
            .as_deref()
            .map_or_else(String::new, |m| format!(" <{m}>"));
        let article = d
            .article
            .as_deref()
            .map_or_else(String::new, |a| format!(" (Art. {a})"));
        let day = d
            .day
            .as_deref()
            .map_or_else(String::new, |d| format!(" {d}"));
        s.push_str(&format!(
            "{}{letter}{day} {}{article}\n  then: {}\n  now:  {}\n",
            d.game.as_deref().unwrap_or("-"),
            d.kind,
            d.before,
            d.after
        ));
    }
    s.push_str(&format!(
        "{} input(s) replayed; {} difference(s)\n",
        report.replayed,
        report.differences.len()
    ));
    s
}

/// The report as JSON lines (INTERFACE.md).
pub fn json_lines(report: &Report) -> String {
    report
        .differences
        .iter()
        .map(|d| serde_json::to_string(d).expect("a difference serializes") + "\n")
        .collect()
}
