//! One game as PGN (`amici pgn`): the seven-tag roster, the correspondence tags and the score
//! with each move's sending date and thinking time in a comment. Pure: the day the clocks are
//! read at comes in as an argument.
//!
//! Decisions (DESIGN notes):
//! - Tags: the seven-tag roster (Event, Site, Date = the tournament's start date, Round,
//!   White, Black, Result), then `Mode` (`EM` e-mail, `PM` post: PGN standard §9.7.1),
//!   `TimeControl`, `Termination`, `Annotator "amici"` and `GameId`. The players' addresses
//!   are never written (privacy: PGN files get published).
//! - `TimeControl` is `"<moves>/<days>d"`, e.g. `"10/50d"`: `days` calendar days for every
//!   `moves` moves, cumulative (Art. 23 В: unused time carries over, the limit for moves
//!   1…10k is 50·k days). Not the seconds of PGN §9.6.1: correspondence time is counted in
//!   whole days with the day of receipt free (RULES.md §3), which no number of seconds
//!   states truthfully.
//! - Each move carries `{[%ccsnt YYYY.MM.DD] Nd}`: the ChessBase correspondence command
//!   "sent" with the day the move was sent, and the move's thinking days as the clock counts
//!   them (RULES.md §3; 0 for a move played from a conditional line, Art. 32).
//! - `Termination` uses the PGN standard's words (§9.8.1): `normal` (mate, stalemate,
//!   resignation, agreement, repetition, 50 moves, dead position), `time forfeit` (overstep,
//!   Art. 28–29), `rules infraction` (forfeit: Art. 12 note, 47 А, 51, 56),
//!   `adjudication` (adjudicator or arbiter, Art. 53–55), `unterminated` (still in play).
//!   How the game ended is also said in words in a comment before the result.
//! - Results are `1-0`, `0-1`, `1/2-1/2`, `*` (unfinished) and `0-0` for a double loss
//!   (Art. 12 note, 51), which the standard cannot express; amici's own PGN reader and
//!   several tournament programs read it.
//! - Movetext lines are at most 80 columns (PGN export format §8.2.6); a move with its number
//!   and a comment are never split.

use std::fmt::Write as _;

use shakmaty::Chess;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;

use crate::rules::game::{GameRecord, Termination};
use crate::rules::model::{Color, Day, GameResult, Mode};

/// What a PGN header needs that the record does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnInfo {
    /// The tournament's name (`Event`).
    pub event: String,
    /// `Site`: `?` when unknown.
    pub site: String,
    /// `Round`: `-` when not applicable.
    pub round: String,
    /// Display names (`White`, `Black`), never addresses.
    pub white: String,
    pub black: String,
}

/// The longest movetext line (PGN export format).
pub const LINE_WIDTH: usize = 80;

/// The PGN of one game, ending with a newline. The per-move thinking days are the clock's
/// table as of `today` (RULES.md §3; a move's days do not change once it is sent).
pub fn game_pgn(rec: &GameRecord, info: &PgnInfo, today: Day) -> String {
    let mut out = String::new();
    let result = result_text(rec.result);
    let tags: [(&str, String); 13] = [
        ("Event", info.event.clone()),
        ("Site", info.site.clone()),
        ("Date", pgn_date(rec.start)),
        ("Round", info.round.clone()),
        ("White", info.white.clone()),
        ("Black", info.black.clone()),
        ("Result", result.to_string()),
        ("Mode", mode_tag(rec.params.mode).to_string()),
        (
            "TimeControl",
            format!("{}/{}d", rec.params.period_moves, rec.params.period_days),
        ),
        (
            "Termination",
            termination_tag(rec.result, rec.termination).to_string(),
        ),
        ("Annotator", "amici".to_string()),
        ("GameId", rec.id.clone()),
        ("PlyCount", rec.moves.len().to_string()),
    ];
    for (name, value) in &tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag(value));
    }
    out.push('\n');

    let times = rec.clocks(today).moves;
    let sans = sans_with_suffixes(rec);
    let mut tokens: Vec<String> = Vec::with_capacity(rec.moves.len() + 2);
    for (i, m) in rec.moves.iter().enumerate() {
        let number = i / 2 + 1;
        // A move number for Black after a comment (§8.2.2.2): every move has one.
        let num = if i % 2 == 0 {
            format!("{number}.")
        } else {
            format!("{number}...")
        };
        let days = times.get(i).map_or(0, |t| t.days);
        tokens.push(format!(
            "{num} {} {{[%ccsnt {}] {days}d}}",
            sans[i],
            m.sent.format("%Y.%m.%d")
        ));
    }
    if let Some(words) = ending_words(rec.result, rec.termination, rec.moves.len()) {
        tokens.push(format!("{{{words}}}"));
    }
    tokens.push(result.to_string());
    for line in wrap(&tokens, LINE_WIDTH) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The score in SAN with `+` and `#` (PGN §8.2.3.5), replayed from the UCI of the record;
/// the stored SAN (which has no suffixes) where a move cannot be replayed.
fn sans_with_suffixes(rec: &GameRecord) -> Vec<String> {
    let mut pos = Chess::default();
    let mut ok = true;
    rec.moves
        .iter()
        .map(|m| {
            let mv = ok
                .then(|| m.uci.parse::<UciMove>().ok()?.to_move(&pos).ok())
                .flatten();
            match mv {
                Some(mv) => SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string(),
                None => {
                    ok = false;
                    m.san.clone()
                }
            }
        })
        .collect()
}

/// `YYYY.MM.DD` (PGN §8.1.1.3).
pub fn pgn_date(d: Day) -> String {
    d.format("%Y.%m.%d").to_string()
}

/// The Result tag and termination marker.
pub fn result_text(r: Option<GameResult>) -> &'static str {
    r.map_or("*", GameResult::pgn)
}

/// PGN §9.7.1: `EM` electronic mail, `PM` paper mail.
pub fn mode_tag(mode: Mode) -> &'static str {
    match mode {
        Mode::Email => "EM",
        Mode::Post => "PM",
    }
}

/// PGN §9.8.1 Termination.
pub fn termination_tag(result: Option<GameResult>, t: Option<Termination>) -> &'static str {
    match t {
        None if result.is_none() => "unterminated",
        None => "normal",
        Some(
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::InsufficientMaterial
            | Termination::Resignation
            | Termination::Agreement
            | Termination::Repetition
            | Termination::FiftyMoves,
        ) => "normal",
        Some(Termination::Overstep) => "time forfeit",
        Some(Termination::Forfeit) => "rules infraction",
        Some(Termination::Adjudication | Termination::ArbiterDecision) => "adjudication",
        Some(Termination::Removed) => "abandoned",
        Some(Termination::Tablebase) => "adjudication",
    }
}

/// How the game ended, in words, for the comment before the result.
fn ending_words(
    result: Option<GameResult>,
    t: Option<Termination>,
    plies: usize,
) -> Option<String> {
    let result = result?;
    let loser = match result {
        GameResult::WhiteWins => Some(Color::Black),
        GameResult::BlackWins => Some(Color::White),
        _ => None,
    };
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let words = match (t?, loser) {
        (Termination::Checkmate, _) => "Checkmate".to_string(),
        (Termination::Stalemate, _) => "Stalemate".to_string(),
        (Termination::InsufficientMaterial, _) => "Draw: insufficient material".to_string(),
        (Termination::Resignation, Some(c)) => format!("{} resigns", name(c)),
        (Termination::Resignation, None) => "Resignation".to_string(),
        (Termination::Agreement, _) => "Draw agreed".to_string(),
        (Termination::Repetition, _) => "Draw: threefold repetition".to_string(),
        (Termination::FiftyMoves, _) => "Draw: 50-move rule".to_string(),
        (Termination::Overstep, Some(c)) => {
            format!("{} exceeded the time limit (Art. 28)", name(c))
        }
        (Termination::Overstep, None) => "Time limit exceeded (Art. 28)".to_string(),
        (Termination::Forfeit, Some(c)) if plies == 0 => {
            format!("{} lost by forfeit, game not played", name(c))
        }
        (Termination::Forfeit, Some(c)) => format!("{} lost by forfeit", name(c)),
        (Termination::Forfeit, None) => "Both players lost by forfeit".to_string(),
        (Termination::Adjudication, _) => "Adjudicated (Art. 53)".to_string(),
        (Termination::ArbiterDecision, _) => "Result set by the arbiter".to_string(),
        (Termination::Removed, _) => "Not played: the player was removed (Art. 47 А)".to_string(),
        (Termination::Tablebase, _) => "Proved by an endgame tablebase (§707)".to_string(),
    };
    Some(words)
}

/// A tag value with `\` and `"` escaped (PGN §8.1.1).
pub fn escape_tag(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            // A tag must stay on one line.
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// Greedy line filling: tokens joined by one space, lines of at most `width` columns; a
/// token longer than that stands alone.
fn wrap(tokens: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for t in tokens {
        let need = t.chars().count();
        let have = line.chars().count();
        if !line.is_empty() && have + 1 + need > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Status;
    use crate::rules::model::{Notation, Params, PlayedMove};
    use crate::rules::pgn_results::read_pgn_results;
    use crate::rules::standings::Outcome;
    use shakmaty::san::San;
    use shakmaty::{EnPassantMode, Position};

    fn day(s: &str) -> Day {
        s.parse().unwrap()
    }

    /// A record of `sans` played from the start position, one move every `gap` days, the first
    /// sent two days after the start.
    fn record(sans: &[&str], gap: i64) -> GameRecord {
        let start = day("2026-01-10");
        let mut rec = GameRecord::new(
            "BG-2026-01/3".into(),
            "BG-2026-01".into(),
            "ivan@example.test".into(),
            "petar@example.test".into(),
            Params::for_mode(Mode::Email),
            Notation::Bg,
            start,
        );
        let mut pos = Chess::default();
        let mut received = start.pred_opt().unwrap();
        let mut sent = start + chrono::Duration::days(2);
        for s in sans {
            let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            rec.moves.push(PlayedMove {
                uci: UciMove::from_standard(mv).to_string(),
                san: San::from_move(&pos, mv).to_string(),
                received,
                sent,
                from_variant: false,
                letter: 0,
            });
            pos.play_unchecked(mv);
            received = sent;
            sent += chrono::Duration::days(gap);
        }
        rec
    }

    fn info() -> PgnInfo {
        PgnInfo {
            event: "Republic \"A\" championship 2026".into(),
            site: "Sofia BUL".into(),
            round: "2".into(),
            white: "Иван Петров".into(),
            black: "Petar Georgiev".into(),
        }
    }

    const SCHOLAR: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];

    fn finished() -> GameRecord {
        let mut rec = record(&SCHOLAR, 3);
        rec.status = Status::Finished;
        rec.result = Some(GameResult::WhiteWins);
        rec.termination = Some(Termination::Checkmate);
        rec
    }

    /// The movetext's SAN tokens (comments, numbers and the result removed).
    fn sans_of(pgn: &str) -> Vec<String> {
        let body = pgn.split("\n\n").nth(1).unwrap();
        let mut out = Vec::new();
        let mut in_comment = false;
        for tok in body.split_whitespace() {
            if in_comment {
                in_comment = !tok.ends_with('}');
                continue;
            }
            if tok.starts_with('{') {
                in_comment = !tok.ends_with('}');
                continue;
            }
            if tok.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*", "0-0"].contains(&tok) {
                continue;
            }
            out.push(tok.to_string());
        }
        out
    }

    #[test]
    fn a_finished_game_reads_back_with_its_players_and_result() {
        let pgn = game_pgn(&finished(), &info(), day("2026-02-01"));
        let games = read_pgn_results(&pgn).unwrap();
        assert_eq!(games.len(), 1, "{pgn}");
        assert_eq!(games[0].white, "Иван Петров");
        assert_eq!(games[0].black, "Petar Georgiev");
        assert_eq!(games[0].result, Outcome::WhiteWins);
        assert_eq!(
            games[0].event.as_deref(),
            Some("Republic \"A\" championship 2026")
        );
        assert_eq!(games[0].round.as_deref(), Some("2"));
    }

    #[test]
    fn the_score_replays_to_the_same_final_position() {
        let rec = finished();
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        let mut pos = Chess::default();
        let sans = sans_of(&pgn);
        assert_eq!(sans.len(), SCHOLAR.len(), "{pgn}");
        for s in &sans {
            let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        let fen =
            |p: &Chess| shakmaty::fen::Fen::from_position(p, EnPassantMode::Legal).to_string();
        assert_eq!(fen(&pos), rec.fen());
        assert!(pos.is_checkmate());
    }

    #[test]
    fn tags_are_the_roster_then_the_correspondence_tags() {
        let pgn = game_pgn(&finished(), &info(), day("2026-02-01"));
        let head: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(
            head,
            [
                r#"[Event "Republic \"A\" championship 2026"]"#,
                r#"[Site "Sofia BUL"]"#,
                r#"[Date "2026.01.10"]"#,
                r#"[Round "2"]"#,
                r#"[White "Иван Петров"]"#,
                r#"[Black "Petar Georgiev"]"#,
                r#"[Result "1-0"]"#,
                r#"[Mode "EM"]"#,
                r#"[TimeControl "10/50d"]"#,
                r#"[Termination "normal"]"#,
                r#"[Annotator "amici"]"#,
                r#"[GameId "BG-2026-01/3"]"#,
                r#"[PlyCount "7"]"#,
            ]
        );
        assert!(!pgn.contains("example.test"), "no addresses: {pgn}");
    }

    #[test]
    fn each_move_has_its_sending_date_and_thinking_days() {
        let rec = finished();
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        // White's move 1: start 10 Jan, sent 12 Jan → 2 days (RULES.md §3).
        assert!(pgn.contains("1. e4 {[%ccsnt 2026.01.12] 2d}"), "{pgn}");
        // Black received 12 Jan, sent 15 Jan → N = 3, 2 days.
        assert!(pgn.contains("1... e5 {[%ccsnt 2026.01.15] 2d}"), "{pgn}");
        assert!(
            pgn.contains("4. Qxf7# {[%ccsnt 2026.01.30] 2d} {Checkmate} 1-0"),
            "{pgn}"
        );
        let times = rec.clocks(day("2026-01-30")).moves;
        for (i, t) in times.iter().enumerate() {
            let needle = format!("{}] {}d}}", t.sent.format("%Y.%m.%d"), t.days);
            assert!(pgn.contains(&needle), "move {i}: {needle} in {pgn}");
        }
    }

    #[test]
    fn lines_are_at_most_80_columns() {
        // A long game: the Ruy Lopez shuffle repeated is not legal forever, so knights dance.
        let mut sans = Vec::new();
        for _ in 0..12 {
            sans.extend(["Nf3", "Nf6", "Ng1", "Ng8"]);
        }
        let rec = record(&sans, 11);
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        let body = pgn.split("\n\n").nth(1).unwrap();
        assert!(body.lines().count() > 5, "{pgn}");
        for line in body.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
            assert!(
                !line.ends_with('.'),
                "a number is never cut from its move: {line:?}"
            );
        }
        assert_eq!(sans_of(&pgn).len(), sans.len());
        // Unfinished: `*` and `unterminated`, no ending words.
        assert!(pgn.contains("[Result \"*\"]"));
        assert!(pgn.contains("[Termination \"unterminated\"]"));
        assert!(body.trim_end().ends_with('*'));
        assert_eq!(
            read_pgn_results(&pgn).unwrap()[0].result,
            Outcome::Unfinished
        );
    }

    #[test]
    fn terminations_use_the_standard_words() {
        let cases = [
            (
                GameResult::BlackWins,
                Termination::Resignation,
                "normal",
                "White resigns",
            ),
            (
                GameResult::Draw,
                Termination::Agreement,
                "normal",
                "Draw agreed",
            ),
            (
                GameResult::WhiteWins,
                Termination::Overstep,
                "time forfeit",
                "Black exceeded the time limit",
            ),
            (
                GameResult::BlackWins,
                Termination::Forfeit,
                "rules infraction",
                "White lost by forfeit",
            ),
            (
                GameResult::Draw,
                Termination::Adjudication,
                "adjudication",
                "Adjudicated",
            ),
            (
                GameResult::BothLose,
                Termination::Forfeit,
                "rules infraction",
                "Both players",
            ),
        ];
        for (result, t, tag, words) in cases {
            let mut rec = record(&["d4", "d5"], 4);
            rec.status = Status::Finished;
            rec.result = Some(result);
            rec.termination = Some(t);
            let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
            assert!(pgn.contains(&format!("[Termination \"{tag}\"]")), "{pgn}");
            assert!(pgn.contains(words), "{pgn}");
            assert!(pgn.trim_end().ends_with(result.pgn()), "{pgn}");
        }
    }

    #[test]
    fn forfeits_and_time_losses_read_back_as_the_standings_count_them() {
        let mut rec = record(&[], 1);
        rec.status = Status::Finished;
        rec.result = Some(GameResult::WhiteWins);
        rec.termination = Some(Termination::Forfeit);
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        assert!(
            pgn.contains("{Black lost by forfeit, game not played} 1-0"),
            "{pgn}"
        );
        assert_eq!(
            read_pgn_results(&pgn).unwrap()[0].result,
            Outcome::WhiteWinsByForfeit
        );
        rec.termination = Some(Termination::Overstep);
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        assert_eq!(
            read_pgn_results(&pgn).unwrap()[0].result,
            Outcome::WhiteWins
        );
    }

    #[test]
    fn post_mode_says_pm() {
        let mut rec = record(&["c4"], 1);
        rec.params = Params::for_mode(Mode::Post);
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        assert!(pgn.contains("[Mode \"PM\"]"));
        assert!(pgn.contains("[TimeControl \"10/30d\"]"));
    }
}
