//! `amici import --tournament ID FILE.pgn` (issue 13): games in progress brought in from
//! another arbiter's record, so that a federation can switch mid-season.
//!
//! The PGN (read by `pgn-reader`) gives each game's players, moves, sending dates (`{[%ccsnt
//! 2026.01.15]}` after a move, or a date comment `{15.01.2026}` / `{2026-01-15}`) and the
//! result of a finished game; a sidecar TOML file (`FILE.toml` beside it, or `--sidecar`), one
//! `[[game]]` table a game, what a PGN cannot carry (`rules::game::GameFacts`). Each game is
//! rebuilt by the core (`rules::game::rebuild`, clocks by RULES.md §3) and checked against the
//! declared figures. Nothing is committed when any game cannot be read (exit 2, the game and
//! the line named) or when the rebuilt figures disagree with the declared ones and the arbiter
//! has not accepted them (`--accept`; exit 3, every disagreement listed). Committed, the
//! games continue as if amici had kept them from the start; the import is logged as an input,
//! so `amici audit` replays it.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chrono::{DateTime, FixedOffset, NaiveDate};
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use serde::Deserialize;

use crate::config::Config;
use crate::rules::game::{self, GameFacts, GameRecord, ImportedMove};
use crate::rules::leave::LeaveBook;
use crate::rules::model::GameResult;
use crate::store::{InputKind, Store};

/// What the import found, game by game.
#[derive(Debug, Default)]
pub struct Report {
    /// `<game id>: <moves> half-moves, White N days, Black M days, <state>` per game.
    pub games: Vec<String>,
    /// Records that cannot be taken: the game and the line named.
    pub errors: Vec<String>,
    /// Rebuilt figures that disagree with the declared ones: `<game id>: …`.
    pub disagreements: Vec<String>,
    /// Whether the games were written.
    pub committed: bool,
}

impl Report {
    pub fn text(&self) -> String {
        let mut s = String::new();
        for e in &self.errors {
            s.push_str(&format!("error: {e}\n"));
        }
        for g in &self.games {
            s.push_str(&format!("{g}\n"));
        }
        for d in &self.disagreements {
            s.push_str(&format!("disagreement: {d}\n"));
        }
        s.push_str(&if self.committed {
            format!("{} game(s) imported\n", self.games.len())
        } else if !self.errors.is_empty() {
            "nothing imported: mend the file(s) and run the import again\n".to_string()
        } else {
            "nothing imported: look at each disagreement; when the rebuilt figures are right, run again with --accept\n".to_string()
        });
        s
    }
}

/// One game as the PGN gives it.
#[derive(Debug, Default)]
struct PgnGame {
    line: usize,
    white: String,
    black: String,
    result: Option<GameResult>,
    moves: Vec<ImportedMove>,
    errors: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sidecar {
    #[serde(default)]
    game: Vec<GameFacts>,
}

/// serde's type names in a sidecar error, in words (as `check-config` words them).
fn in_words(message: &str) -> String {
    [
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected u32", "expected a whole number (0 or more)"),
        ("expected a string", "expected text in quotes"),
        ("expected a sequence", "expected a list in brackets, [ … ]"),
    ]
    .iter()
    .fold(message.to_string(), |m, (rust, words)| {
        m.replace(rust, words)
    })
}

/// The sidecar beside `pgn`: the same name with `.toml`.
pub fn default_sidecar(pgn: &Path) -> PathBuf {
    pgn.with_extension("toml")
}

/// Reads, rebuilds and checks; commits when nothing is wrong and nothing disagrees (or
/// `accept`).
pub fn import(
    store: &mut Store,
    config: &Config,
    tournament: &str,
    pgn: &Path,
    sidecar: Option<&Path>,
    accept: bool,
    now: DateTime<FixedOffset>,
) -> Result<Report> {
    let mut report = Report::default();
    let t = config
        .tournaments
        .iter()
        .find(|t| t.id == tournament)
        .with_context(|| format!("no tournament {tournament} in the config"))?;
    let text = std::fs::read(pgn).with_context(|| format!("reading {}", pgn.display()))?;
    let games = read_pgn(&text);
    let facts = read_sidecar(pgn, sidecar, &mut report)?;
    if !report.errors.is_empty() {
        // the sidecar does not read: nothing is rebuilt without its facts
        return Ok(report);
    }
    let today = crate::config::local_day(config, now);
    let live: Vec<GameRecord> = store
        .games()?
        .into_iter()
        .filter(|g| g.tournament == t.id)
        .collect();
    let ctx = Matching {
        tournament: t,
        live: &live,
        facts: &facts,
        pgn,
        today,
    };
    let (rebuilt, named) = ctx.rebuild_all(&games, &mut report);
    ctx.left_out(&named, &mut report);
    if !report.errors.is_empty() || (!report.disagreements.is_empty() && !accept) {
        return Ok(report);
    }
    // The leave taken, in the players' books as they stand (Art. 42 counts across all of a
    // player's games): a leave that does not fit is an error, nothing is written.
    let books = match store.transaction(|tx| leave_books(tx, &rebuilt))? {
        Ok(books) => books,
        Err(why) => {
            report.errors.push(format!("the sidecar: {why}"));
            return Ok(report);
        }
    };
    let records: Vec<GameRecord> = rebuilt.iter().map(|(r, _)| r.clone()).collect();
    let at = now.to_rfc3339();
    store.transaction(|tx| -> Result<()> {
        apply(tx, &records, &books)?;
        let detail = serde_json::to_string(&Logged { records, books })?;
        tx.log_input(&at, InputKind::Import, None, Some(&detail))?;
        Ok(())
    })?;
    report.committed = true;
    Ok(report)
}

/// The sidecar's `[[game]]` tables: `sidecar`, else `FILE.toml` beside the PGN when it exists;
/// one that does not read is an error of the report (its line named).
fn read_sidecar(pgn: &Path, sidecar: Option<&Path>, report: &mut Report) -> Result<Vec<GameFacts>> {
    let Some(p) = sidecar.map(Path::to_path_buf).or_else(|| {
        let p = default_sidecar(pgn);
        p.exists().then_some(p)
    }) else {
        return Ok(Vec::new());
    };
    let s = std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))?;
    match toml::from_str::<Sidecar>(&s) {
        Ok(s) => {
            let same = |a: &str, x: &str| a.trim().eq_ignore_ascii_case(x.trim());
            for (i, f) in s.game.iter().enumerate() {
                if s.game[..i]
                    .iter()
                    .any(|e| same(&e.white, &f.white) && same(&e.black, &f.black))
                {
                    report.errors.push(format!(
                        "the sidecar lists the game {} – {} twice ([[game]] number {})",
                        f.white,
                        f.black,
                        i + 1
                    ));
                }
            }
            Ok(s.game)
        }
        Err(e) => {
            report.errors.push(format!(
                "{}: {}",
                p.display(),
                in_words(e.to_string().trim_end())
            ));
            Ok(Vec::new())
        }
    }
}

/// What the PGN's games are matched against: the tournament, its games in amici, the
/// sidecar's facts.
struct Matching<'a> {
    tournament: &'a crate::config::Tournament,
    live: &'a [GameRecord],
    facts: &'a [GameFacts],
    pgn: &'a Path,
    today: crate::rules::model::Day,
}

fn same(a: &str, x: &str) -> bool {
    a.trim().eq_ignore_ascii_case(x.trim())
}

impl Matching<'_> {
    /// A player of the tournament by his name or address.
    fn email_of(&self, name: &str) -> Option<String> {
        let name = name.trim();
        self.tournament
            .players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name) || p.email.eq_ignore_ascii_case(name))
            .map(|p| p.email.clone())
    }

    /// The configured game between the PGN game's players.
    fn base(&self, g: &PgnGame) -> Option<&GameRecord> {
        let (w, b) = (self.email_of(&g.white)?, self.email_of(&g.black)?);
        self.live.iter().find(|r| r.white == w && r.black == b)
    }

    /// The sidecar table of a PGN game, by the players' names.
    fn facts_of(&self, g: &PgnGame) -> Option<usize> {
        self.facts
            .iter()
            .position(|f| same(&f.white, &g.white) && same(&f.black, &g.black))
    }

    /// Every PGN game rebuilt (or its error reported); also the configured games the PGN
    /// names, read or not, and a sidecar table that matches no game reported.
    fn rebuild_all(
        &self,
        games: &[PgnGame],
        report: &mut Report,
    ) -> (
        Vec<(GameRecord, GameFacts)>,
        std::collections::HashSet<String>,
    ) {
        let mut rebuilt = Vec::new();
        let mut named = std::collections::HashSet::new();
        let mut used = vec![false; self.facts.len()];
        for (k, g) in games.iter().enumerate() {
            if let Some(i) = self.facts_of(g) {
                used[i] = true;
            }
            if let Some(base) = self.base(g) {
                named.insert(base.id.clone());
            }
            let at = format!(
                "{} game {} ({} – {}, line {})",
                self.pgn.display(),
                k + 1,
                g.white,
                g.black,
                g.line
            );
            match self.rebuild_one(g) {
                Err(errors) => report
                    .errors
                    .extend(errors.into_iter().map(|e| format!("{at}: {e}"))),
                Ok((r, f)) => {
                    let c = r.record.clocks(self.today);
                    report.games.push(format!(
                        "{}: {} half-move(s), White {}, Black {}, {}",
                        r.record.id,
                        r.record.moves.len(),
                        days(c.white.game_days),
                        days(c.black.game_days),
                        r.record
                            .result
                            .map_or("in play".to_string(), |x| format!("finished {}", x.pgn()))
                    ));
                    report.disagreements.extend(
                        r.disagreements
                            .iter()
                            .map(|d| format!("{}: {}", r.record.id, disagreement(d))),
                    );
                    rebuilt.push((r.record, f));
                }
            }
        }
        for (f, used) in self.facts.iter().zip(used) {
            if !used {
                report.errors.push(format!(
                    "the sidecar's [[game]] {} – {} matches no game of the PGN",
                    f.white, f.black
                ));
            }
        }
        (rebuilt, named)
    }

    /// One PGN game rebuilt on its configured game, or why not.
    fn rebuild_one(&self, g: &PgnGame) -> Result<(game::Rebuilt, GameFacts), Vec<String>> {
        if !g.errors.is_empty() {
            return Err(g.errors.clone());
        }
        let t = &self.tournament.id;
        if self.email_of(&g.white).is_none() || self.email_of(&g.black).is_none() {
            return Err(vec![format!(
                "the players are not both players of {t} (by name or address)"
            )]);
        }
        let Some(base) = self.base(g) else {
            return Err(vec![format!("{t} has no game {} – {}", g.white, g.black)]);
        };
        if !base.moves.is_empty() || base.result.is_some() {
            return Err(vec![format!(
                "{} already has {} move(s) in amici; only games amici has not seen are imported",
                base.id,
                base.moves.len()
            )]);
        }
        let f = self
            .facts_of(g)
            .map_or_else(GameFacts::default, |i| self.facts[i].clone());
        game::rebuild(base, &g.moves, g.result, &f, self.today)
            .map(|r| (r, f))
            .map_err(|e| vec![import_error(&e)])
    }

    /// The tournament's other games, still without a move in amici: the first tick would
    /// claim in them what it finds (games amici has never seen), unless the arbiter knows.
    fn left_out(&self, named: &std::collections::HashSet<String>, report: &mut Report) {
        for g in self.live {
            if !named.contains(&g.id)
                && g.moves.is_empty()
                && g.result.is_none()
                && let Some(claim) = game::first_tick_claim(g, self.today)
            {
                report.disagreements.push(format!(
                    "{}: not in the PGN and no move in amici; {}; amici's first tick would claim it (import it with its moves, or run again with --accept if that claim is right)",
                    g.id,
                    first_tick_claim(&claim)
                ));
            }
        }
    }
}

/// A disagreement of a rebuilt game, in English.
fn disagreement(d: &game::Disagreement) -> String {
    match d {
        game::Disagreement::EndedWithoutResult {
            termination,
            result,
        } => format!(
            "the moves end the game ({termination:?}, {}) but the PGN gives no result",
            result.pgn()
        ),
        game::Disagreement::DeclaredDays {
            color,
            declared,
            rebuilt,
            penalty_days,
        } => format!(
            "{color}: the record declares {declared} days of thinking time, rebuilt {rebuilt} (the day count of Art. 8{})",
            if *penalty_days != 0 {
                format!(", {penalty_days} of them penalties")
            } else {
                String::new()
            }
        ),
        game::Disagreement::FirstTickClaim(d) => format!(
            "{}; amici's first tick would claim it — list the overstep in the sidecar if it was decided already",
            first_tick_claim(d)
        ),
    }
}

/// The overstep amici's first tick would claim, in English: `white: silent at move 12 …`.
fn first_tick_claim(d: &crate::rules::clock::Detection) -> String {
    let what = if d.ground == crate::rules::clock::OverstepGround::Silence {
        format!(
            "silent at move {} since {} (Art. 31: more than 40 days without a delay notice)",
            d.move_number, d.day
        )
    } else {
        format!(
            "over the limit at move {}: {} of {} days allowed (Art. 27)",
            d.move_number,
            days(d.days),
            d.limit
        )
    };
    format!("{}: {what}", d.color)
}

/// `1 day`, `3 days`.
fn days(n: i64) -> String {
    if n.abs() == 1 {
        format!("{n} day")
    } else {
        format!("{n} days")
    }
}

/// Why a game cannot be imported, in English (the command line's language).
fn import_error(e: &game::ImportError) -> String {
    use game::ImportError as E;
    let name = |m: &game::MoveAt| {
        let dots = if m.color.is_white() { "." } else { "..." };
        format!("{}{dots} {}", m.number, m.san)
    };
    match e {
        E::Illegal(m) => format!("move {} is not legal in the position", name(m)),
        E::NoSendingDate(m) => {
            format!(
                "move {} has no sending date ({{[%ccsnt YYYY.MM.DD]}})",
                name(m)
            )
        }
        E::NoReceipt(m) => format!(
            "move {}: `post` needs the day it was received in the sidecar (received = [ {{ move = {}, color = \"{}\", date = … }} ])",
            name(m),
            m.number,
            m.color
        ),
        E::SentBeforeReceived { at, sent, received } => format!(
            "move {}: sent {sent}, before the previous move was received ({received})",
            name(at)
        ),
        E::SentAfterToday { at, sent, today } => {
            format!("move {}: sent {sent}, after today ({today})", name(at))
        }
        E::Sidecar(f) => format!("the sidecar: {}", fact_error(f)),
    }
}

/// A fact of the sidecar that does not fit the game, in English.
fn fact_error(e: &game::FactError) -> String {
    use game::{Dated, FactError as F};
    match e {
        F::OverstepsLoseWithoutResult { count, color } => format!(
            "{count} overstep(s) of {color} lose the game in this mode (Art. 28, 29), but the PGN gives no result"
        ),
        F::OutOfRange {
            what,
            date,
            start,
            today,
        } => {
            let what = match what {
                Dated::Penalty => "the penalty's date",
                Dated::LeaveStart => "the leave's first day",
                Dated::OverstepClaim => "the overstep's claim",
            };
            format!("{what} {date} is not between the start ({start}) and today ({today})")
        }
        F::PenaltyNotPositive { days, article } => format!(
            "a penalty of {days} days (Art. {article}): penalty days are a positive number"
        ),
        F::LeaveEndsBeforeItStarts { from, to } => {
            format!("leave {from} – {to}: ends before it starts")
        }
        F::TooMuchLeave {
            days,
            color,
            year,
            allowed,
        } => format!(
            "{days} days of leave of {color} in {year}, more than the {allowed} a year allows (Art. 42)"
        ),
        F::ReceiptsInEmail => "receipt dates are for `post` games: in `email` a move is received the day it is forwarded".into(),
        F::OverstepBeyondReach {
            number,
            color,
            reached,
        } => format!("an overstep at move {number} of {color}, who has reached move {reached}"),
        F::ReceiptOfMoveZero => "a receipt of move 0: moves are numbered from 1".into(),
        F::ReceivedBeforeSent {
            number,
            color,
            received,
            sent,
        } => format!(
            "move {number} of {color} received {received}, before the opponent sent his move ({sent})"
        ),
    }
}

/// What an import writes, as logged for `amici audit`.
#[derive(serde::Serialize, Deserialize)]
pub struct Logged {
    pub records: Vec<GameRecord>,
    pub books: Vec<(String, LeaveBook)>,
}

/// The players' leave books with the imported leave added (Art. 42 counts it).
fn leave_books(
    tx: &crate::store::Tx<'_>,
    rebuilt: &[(GameRecord, GameFacts)],
) -> Result<std::result::Result<Vec<(String, LeaveBook)>, String>> {
    let mut books: Vec<(String, LeaveBook)> = Vec::new();
    for (rec, f) in rebuilt {
        for l in &f.leave {
            let email = rec.address(l.color.color()).to_string();
            let i = match books.iter().position(|(e, _)| *e == email) {
                Some(i) => i,
                None => {
                    books.push((email.clone(), tx.leave_book(&email)?));
                    books.len() - 1
                }
            };
            if let Err(e) = books[i].1.record_taken(&rec.params, l.from, l.to) {
                return Ok(Err(format!("{email}'s leave {} – {}: {e}", l.from, l.to)));
            }
        }
    }
    Ok(Ok(books))
}

/// Writes the imported games and leave books (also the audit's replay of an import).
pub fn apply(
    tx: &crate::store::Tx<'_>,
    records: &[GameRecord],
    books: &[(String, LeaveBook)],
) -> Result<()> {
    for r in records {
        tx.update_game(r)?;
    }
    for (email, book) in books {
        tx.put_leave_book(email, book)?;
    }
    Ok(())
}

// The PGN
// ---------------------------------------------------------------------------------------------

/// The games of a PGN file, each with the line it starts on.
fn read_pgn(bytes: &[u8]) -> Vec<PgnGame> {
    let starts = game_lines(bytes);
    let mut reader = Reader::new(std::io::Cursor::new(bytes));
    let mut out = Vec::new();
    loop {
        let mut v = Collect;
        match reader.read_game(&mut v) {
            Ok(Some(mut g)) => {
                g.line = starts.get(out.len()).copied().unwrap_or(0);
                out.push(g);
            }
            Ok(None) => break,
            Err(e) => {
                out.push(PgnGame {
                    line: starts.get(out.len()).copied().unwrap_or(0),
                    errors: vec![format!("unreadable PGN: {e}")],
                    ..PgnGame::default()
                });
                break;
            }
        }
    }
    out
}

/// The line (1-based) on which each game's tags begin: the first tag line after the start or
/// after movetext.
fn game_lines(bytes: &[u8]) -> Vec<usize> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    let mut in_tags = false;
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.starts_with('[') {
            if !in_tags {
                out.push(i + 1);
                in_tags = true;
            }
        } else if !l.is_empty() {
            in_tags = false;
        }
    }
    out
}

struct Collect;

impl Visitor for Collect {
    type Tags = PgnGame;
    type Movetext = PgnGame;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(PgnGame::default())
    }

    fn tag(
        &mut self,
        g: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let v = value.decode_utf8_lossy().trim().to_string();
        match name {
            b"White" => g.white = v,
            b"Black" => g.black = v,
            b"Result" => {
                g.result = match v.as_str() {
                    "1-0" => Some(GameResult::WhiteWins),
                    "0-1" => Some(GameResult::BlackWins),
                    "1/2-1/2" => Some(GameResult::Draw),
                    _ => None,
                }
            }
            b"FEN" | b"SetUp" => g
                .errors
                .push("a game from a set-up position (FEN) cannot be continued".into()),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, g: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(g)
    }

    fn san(&mut self, g: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        g.moves.push(ImportedMove {
            san: san.san.to_string(),
            sent: None,
        });
        ControlFlow::Continue(())
    }

    fn comment(&mut self, g: &mut Self::Movetext, c: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(c.as_bytes());
        if let Some(m) = g.moves.last_mut()
            && m.sent.is_none()
        {
            m.sent = sending_date(&text);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, g: Self::Movetext) -> Self::Output {
        g
    }
}

/// The sending date in a move's comment: `[%ccsnt 2026.01.15]` (ICCF, time optional), else a
/// date alone: `15.01.2026`, `2026-01-15`, `2026.01.15`.
fn sending_date(comment: &str) -> Option<NaiveDate> {
    let text: Cow<'_, str> = match comment.find("[%ccsnt") {
        Some(i) => Cow::Owned(comment[i + 7..].trim_start().to_string()),
        None => Cow::Borrowed(comment.trim()),
    };
    let token: String = text
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        .collect();
    let token = token.trim_end_matches('.');
    ["%Y.%m.%d", "%Y-%m-%d", "%d.%m.%Y"]
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(token, f).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sending_dates_in_the_usual_comments() {
        let d = NaiveDate::from_ymd_opt(2026, 1, 15);
        assert_eq!(sending_date("[%ccsnt 2026.01.15]"), d);
        assert_eq!(sending_date("[%ccsnt 2026.01.15,10:22]"), d);
        assert_eq!(sending_date(" 15.01.2026 "), d);
        assert_eq!(sending_date("2026-01-15"), d);
        assert_eq!(sending_date("a good move"), None);
    }

    #[test]
    fn each_game_starts_on_its_first_tag_line() {
        let pgn = b"[Event \"x\"]\n[White \"a\"]\n\n1. e4 *\n\n[Event \"y\"]\n\n1. d4 *\n";
        assert_eq!(game_lines(pgn), [1, 6]);
    }

    #[test]
    fn the_core_gives_an_import_error_as_facts_and_the_shell_words_it_in_english() {
        use game::{Dated, FactError, ImportError, MoveAt};
        use shakmaty::Color;
        let day = |d| NaiveDate::from_ymd_opt(2026, 1, d).unwrap();
        let at = MoveAt {
            number: 12,
            color: Color::Black,
            san: "Nf6".into(),
        };
        assert_eq!(
            import_error(&ImportError::Illegal(at.clone())),
            "move 12... Nf6 is not legal in the position"
        );
        assert_eq!(
            import_error(&ImportError::SentAfterToday {
                at,
                sent: day(20),
                today: day(15),
            }),
            "move 12... Nf6: sent 2026-01-20, after today (2026-01-15)"
        );
        assert_eq!(
            import_error(&ImportError::Sidecar(FactError::OutOfRange {
                what: Dated::LeaveStart,
                date: day(2),
                start: day(10),
                today: day(15),
            })),
            "the sidecar: the leave's first day 2026-01-02 is not between the start (2026-01-10) and today (2026-01-15)"
        );
    }

    #[test]
    fn a_disagreement_is_facts_worded_in_english_here() {
        use crate::rules::clock::{Detection, OverstepGround};
        use shakmaty::Color;
        let claim = Detection {
            color: Color::White,
            move_number: 7,
            ground: OverstepGround::Period,
            day: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
            days: 31,
            limit: 30,
            count_from: 1,
        };
        assert_eq!(
            disagreement(&game::Disagreement::FirstTickClaim(claim)),
            "white: over the limit at move 7: 31 days of 30 days allowed (Art. 27); amici's first tick would claim it — list the overstep in the sidecar if it was decided already"
        );
        assert_eq!(
            disagreement(&game::Disagreement::DeclaredDays {
                color: Color::Black,
                declared: 20,
                rebuilt: 22,
                penalty_days: 2,
            }),
            "black: the record declares 20 days of thinking time, rebuilt 22 (the day count of Art. 8, 2 of them penalties)"
        );
    }
}
