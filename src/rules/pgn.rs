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
        Some(Termination::Withdrawal) => "rules infraction",
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
        (Termination::Withdrawal, Some(c)) => {
            format!("{} withdrew from the tournament (Art. 47 А)", name(c))
        }
        (Termination::Withdrawal, None) => "Withdrawal (Art. 47 А)".to_string(),
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
