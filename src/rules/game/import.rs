//! A game in progress brought in from another arbiter's record (`amici import`, issue 13):
//! its moves with their sending dates, the facts a PGN cannot carry (receipt dates in `post`,
//! penalties with their articles, leave taken, oversteps already decided), rebuilt into a
//! record whose clocks follow RULES.md §3 like every other game's — and every way the rebuilt
//! figures disagree with what the arbiter declared, listed before anything is committed.

use serde::{Deserialize, Serialize};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::rules::clock::{self, Claimant, Overstep, OverstepGround, OverstepStatus};
use crate::rules::model::{Day, GameResult, Mode, Penalty, PlayedMove, Suspension};

use super::record::{GameRecord, Status, Termination};

/// One move as the other record gives it: SAN (English letters) and its sending date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedMove {
    pub san: String,
    pub sent: Option<Day>,
}

/// What the sidecar file says of one game (all optional).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameFacts {
    /// The players as the PGN names them (its `White` / `Black` tags), to find the game.
    pub white: String,
    pub black: String,
    /// The totals of thinking time the arbiter's record shows (penalties included), checked
    /// against the rebuilt clocks.
    pub white_days: Option<i64>,
    pub black_days: Option<i64>,
    /// `post`: the day each move was received (Д) by the player who answered it.
    #[serde(default)]
    pub received: Vec<Receipt>,
    #[serde(default)]
    pub penalties: Vec<ImportedPenalty>,
    /// Leave taken (Art. 41–45): the game was suspended for both clocks on these days.
    #[serde(default)]
    pub leave: Vec<ImportedLeave>,
    /// Oversteps already decided (Art. 27–40), in force.
    #[serde(default)]
    pub oversteps: Vec<ImportedOverstep>,
}

/// `post`: the player to move `number` (of `color`) received the opponent's previous move on
/// `date`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Receipt {
    #[serde(rename = "move")]
    pub number: u32,
    pub color: Side,
    #[serde(deserialize_with = "day_value")]
    pub date: Day,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ImportedPenalty {
    pub color: Side,
    pub days: i32,
    pub article: String,
    #[serde(default)]
    pub reason: String,
    #[serde(deserialize_with = "day_value")]
    pub date: Day,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ImportedLeave {
    pub color: Side,
    #[serde(deserialize_with = "day_value")]
    pub from: Day,
    #[serde(deserialize_with = "day_value")]
    pub to: Day,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ImportedOverstep {
    pub color: Side,
    /// The offender's move at which it was claimed (Art. 30: a new count starts after it).
    #[serde(rename = "move")]
    pub number: u32,
    #[serde(deserialize_with = "day_value")]
    pub claimed: Day,
}

/// `white` or `black` in the sidecar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn color(self) -> Color {
        match self {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// A date in the sidecar: a TOML date (`2026-01-15`, which the TOML reader hands over as a
/// one-entry map holding its text) or a string (`"2026-01-15"`, `"15.01.2026"`).
fn day_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Day, D::Error> {
    struct V;
    impl<'de> serde::de::Visitor<'de> for V {
        type Value = Day;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a date such as 2026-01-15")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Day, E> {
            ["%Y-%m-%d", "%d.%m.%Y", "%Y.%m.%d"]
                .iter()
                .find_map(|f| chrono::NaiveDate::parse_from_str(v.trim(), f).ok())
                .ok_or_else(|| E::custom(format!("`{v}` is not a date such as 2026-01-15")))
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Day, A::Error> {
            let Some((_, text)) = m.next_entry::<String, String>()? else {
                return Err(serde::de::Error::custom("an empty date"));
            };
            self.visit_str(&text)
        }
    }
    d.deserialize_any(V)
}

/// A game rebuilt, and where its figures disagree with the declared ones.
#[derive(Clone, Debug)]
pub struct Rebuilt {
    pub record: GameRecord,
    pub disagreements: Vec<Disagreement>,
}

/// A figure of the rebuilt game that differs from what the record declares, or what amici
/// would do next that the arbiter may not expect, as facts; the shell (`import`) words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// Mate, stalemate or dead material on the board, but the PGN gives no result.
    EndedWithoutResult {
        termination: Termination,
        result: GameResult,
    },
    /// Art. 8: the declared days of thinking time differ from the rebuilt ones.
    DeclaredDays {
        color: Color,
        declared: i64,
        rebuilt: i64,
        penalty_days: i64,
    },
    /// The overstep amici's first tick would claim ([`first_tick_claim`]).
    FirstTickClaim(clock::Detection),
}

/// Why an imported game cannot be taken at all, with the facts as fields; the shell
/// (`import`) words it (issue 10 item 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// A move that is not legal in the position.
    Illegal(MoveAt),
    /// A move without its `[%ccsnt …]` sending date.
    NoSendingDate(MoveAt),
    /// A move of a `post` game whose receipt date the sidecar does not give.
    NoReceipt(MoveAt),
    SentBeforeReceived {
        at: MoveAt,
        sent: Day,
        received: Day,
    },
    SentAfterToday {
        at: MoveAt,
        sent: Day,
        today: Day,
    },
    /// The sidecar's facts do not fit the game.
    Sidecar(FactError),
}

/// A move of the imported game: its number, who made it and its SAN as the PGN gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAt {
    pub number: u32,
    pub color: Color,
    pub san: String,
}

/// A fact of the sidecar that does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactError {
    /// Art. 28, 29: so many oversteps lose the game, but the PGN gives no result.
    OverstepsLoseWithoutResult {
        count: usize,
        color: Color,
    },
    /// A date before the start or after today.
    OutOfRange {
        what: Dated,
        date: Day,
        start: Day,
        today: Day,
    },
    PenaltyNotPositive {
        days: i32,
        article: String,
    },
    LeaveEndsBeforeItStarts {
        from: Day,
        to: Day,
    },
    /// Art. 42: more leave in a year than the year allows.
    TooMuchLeave {
        days: i64,
        color: Color,
        year: i32,
        allowed: i64,
    },
    /// Receipt dates given for an `email` game.
    ReceiptsInEmail,
    OverstepBeyondReach {
        number: u32,
        color: Color,
        reached: usize,
    },
    ReceiptOfMoveZero,
    ReceivedBeforeSent {
        number: u32,
        color: Color,
        received: Day,
        sent: Day,
    },
}

/// Which date of the sidecar is out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dated {
    Penalty,
    LeaveStart,
    OverstepClaim,
}

/// Rebuilds `base` (the configured game, no move yet) from the imported moves, result and
/// facts, as of `today`. An error is a record that cannot be taken at all (an illegal move, a
/// move without a date, dates running backwards); a disagreement is a figure the arbiter must
/// look at before committing.
pub fn rebuild(
    base: &GameRecord,
    moves: &[ImportedMove],
    result: Option<GameResult>,
    facts: &GameFacts,
    today: Day,
) -> Result<Rebuilt, ImportError> {
    let mut rec = base.clone();
    let mut disagreements = Vec::new();
    rec.moves = played_moves(base, moves, facts, today)?;
    check_facts(base, &rec.moves, result, facts, today).map_err(ImportError::Sidecar)?;
    for p in &facts.penalties {
        rec.penalties.push(Penalty {
            color: p.color.color(),
            days: p.days,
            article: p.article.clone(),
            reason: if p.reason.is_empty() {
                "imported".into()
            } else {
                p.reason.clone()
            },
            date: p.date,
        });
    }
    // Art. 45: leave suspends the game; RULES.md §3 leaves the days out of both clocks.
    for l in &facts.leave {
        rec.suspensions.push(Suspension {
            color: Some(l.color.color()),
            from: l.from,
            to: l.to,
        });
    }
    for o in &facts.oversteps {
        rec.clock.oversteps.push(Overstep {
            color: o.color.color(),
            move_number: o.number,
            ground: OverstepGround::Period,
            claimant: Claimant::Arbiter,
            claimed_on: o.claimed,
            count_from: rec.clock.count_from(&rec.params, o.color.color()),
            days: 0,
            limit: 0,
            pauses: false,
            status: OverstepStatus::Confirmed,
            decided_on: Some(o.claimed),
            objected_on: None,
        });
    }
    if let Some(r) = result {
        rec.status = Status::Finished;
        rec.result = Some(r);
        rec.termination = Some(Termination::ArbiterDecision);
    } else if let Some(end) = ended_on_the_board(&rec) {
        rec.status = Status::Finished;
        rec.result = Some(end.0);
        rec.termination = Some(end.1);
        disagreements.push(Disagreement::EndedWithoutResult {
            termination: end.1,
            result: end.0,
        });
    }
    let report = rec.clocks(today);
    for (color, declared) in [
        (Color::White, facts.white_days),
        (Color::Black, facts.black_days),
    ] {
        let side = report.side(color);
        if let Some(d) = declared
            && d != side.game_days
        {
            disagreements.push(Disagreement::DeclaredDays {
                color,
                declared: d,
                rebuilt: side.game_days,
                penalty_days: side.penalty_days,
            });
        }
    }
    disagreements.extend(first_tick_claim(&rec, today).map(Disagreement::FirstTickClaim));
    Ok(Rebuilt {
        record: rec,
        disagreements,
    })
}

/// The overstep amici's first tick would claim in this game: an imported game, or a
/// configured one the import leaves without a move.
pub fn first_tick_claim(rec: &GameRecord, today: Day) -> Option<clock::Detection> {
    if rec.result.is_some() {
        return None;
    }
    clock::detect_overstep(&rec.clock_game(), today)
}

/// The sidecar's facts must fit the game: penalties of whole positive days, every date from
/// the start to today, an overstep at a move its player has reached, a `post` receipt after
/// the opponent's sending day.
fn check_facts(
    base: &GameRecord,
    moves: &[PlayedMove],
    result: Option<GameResult>,
    facts: &GameFacts,
    today: Day,
) -> Result<(), FactError> {
    // Art. 28, 29: the overstep that loses ends the game; the PGN must say so.
    let to_lose = base.params.oversteps_to_lose.max(1) as usize;
    for c in [Color::White, Color::Black] {
        let n = facts
            .oversteps
            .iter()
            .filter(|o| o.color.color() == c)
            .count();
        if n >= to_lose && result.is_none() {
            return Err(FactError::OverstepsLoseWithoutResult { count: n, color: c });
        }
    }
    let within = |what: Dated, date: Day| -> Result<(), FactError> {
        if date < base.start || date > today {
            return Err(FactError::OutOfRange {
                what,
                date,
                start: base.start,
                today,
            });
        }
        Ok(())
    };
    for p in &facts.penalties {
        if p.days <= 0 {
            return Err(FactError::PenaltyNotPositive {
                days: p.days,
                article: p.article.clone(),
            });
        }
        within(Dated::Penalty, p.date)?;
    }
    for l in &facts.leave {
        if l.to < l.from {
            return Err(FactError::LeaveEndsBeforeItStarts {
                from: l.from,
                to: l.to,
            });
        }
        within(Dated::LeaveStart, l.from)?;
    }
    // Art. 42: at most the year's leave days, each day charged to its own year.
    for c in [Color::White, Color::Black] {
        let mut by_year = std::collections::BTreeMap::<i32, i64>::new();
        for l in facts.leave.iter().filter(|l| l.color.color() == c) {
            for d in l.from.iter_days().take_while(|d| *d <= l.to) {
                *by_year.entry(chrono::Datelike::year(&d)).or_default() += 1;
            }
        }
        let allowed = i64::from(base.params.leave_days_per_year);
        if let Some((year, n)) = by_year.into_iter().find(|(_, n)| *n > allowed) {
            return Err(FactError::TooMuchLeave {
                days: n,
                color: c,
                year,
                allowed,
            });
        }
    }
    if base.params.mode == Mode::Email && !facts.received.is_empty() {
        return Err(FactError::ReceiptsInEmail);
    }
    for o in &facts.oversteps {
        within(Dated::OverstepClaim, o.claimed)?;
        let reached = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| clock::ply_color(*i) == o.color.color())
            .count()
            + 1;
        if o.number as usize > reached {
            return Err(FactError::OverstepBeyondReach {
                number: o.number,
                color: o.color.color(),
                reached,
            });
        }
    }
    for r in &facts.received {
        if r.number == 0 {
            return Err(FactError::ReceiptOfMoveZero);
        }
        let ply = (r.number as usize - 1) * 2 + usize::from(r.color.color() == Color::Black);
        if let Some(prev) = ply.checked_sub(1).and_then(|i| moves.get(i))
            && r.date < prev.sent
        {
            return Err(FactError::ReceivedBeforeSent {
                number: r.number,
                color: r.color.color(),
                received: r.date,
                sent: prev.sent,
            });
        }
    }
    Ok(())
}

/// The moves replayed from the start, each with the day the mover received the opponent's
/// previous move (RULES.md §3) and the day he sent his own.
fn played_moves(
    base: &GameRecord,
    moves: &[ImportedMove],
    facts: &GameFacts,
    today: Day,
) -> Result<Vec<PlayedMove>, ImportError> {
    let mut pos = Chess::default();
    let mut out: Vec<PlayedMove> = Vec::with_capacity(moves.len());
    for (ply, m) in moves.iter().enumerate() {
        let number = u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX);
        let color = pos.turn();
        let at = || MoveAt {
            number,
            color,
            san: m.san.clone(),
        };
        let mv = m
            .san
            .parse::<San>()
            .ok()
            .and_then(|s| s.to_move(&pos).ok())
            .ok_or_else(|| ImportError::Illegal(at()))?;
        let sent = m.sent.ok_or_else(|| ImportError::NoSendingDate(at()))?;
        // White's first move: time runs from the start (Art. 24), as if received the day
        // before. `email`: received the day the bot forwarded the previous move, its sending
        // day. `post`: the receiver's own report (Д), from the sidecar.
        let received = if ply == 0 {
            base.start - chrono::Duration::days(1)
        } else if base.params.mode == Mode::Post {
            facts
                .received
                .iter()
                .find(|r| r.number == number && r.color.color() == color)
                .map(|r| r.date)
                .ok_or_else(|| ImportError::NoReceipt(at()))?
        } else {
            out[ply - 1].sent
        };
        if sent < received {
            return Err(ImportError::SentBeforeReceived {
                at: at(),
                sent,
                received,
            });
        }
        if sent > today {
            return Err(ImportError::SentAfterToday {
                at: at(),
                sent,
                today,
            });
        }
        let san = San::from_move(&pos, mv).to_string();
        let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
        pos.play_unchecked(mv);
        out.push(PlayedMove {
            uci,
            san,
            received,
            sent,
            from_variant: false,
            letter: u32::try_from(ply + 1).unwrap_or(u32::MAX),
        });
    }
    Ok(out)
}

/// Mate, stalemate or dead material on the board after the moves.
fn ended_on_the_board(rec: &GameRecord) -> Option<(GameResult, Termination)> {
    let pos = rec.position();
    if pos.is_checkmate() {
        let r = if pos.turn().is_white() {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        return Some((r, Termination::Checkmate));
    }
    if pos.is_stalemate() {
        return Some((GameResult::Draw, Termination::Stalemate));
    }
    if pos.is_insufficient_material() {
        return Some((GameResult::Draw, Termination::InsufficientMaterial));
    }
    None
}
