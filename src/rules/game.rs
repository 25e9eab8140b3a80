//! One game: its official record, and the transitions a letter or a decision causes.
//! `handle_letter(record, from, text, today)` → the new record (or none: unchanged, Art. 12's
//! "a refused transition leaves the state unchanged") and the effects to carry out.

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, KnownOutcome, Move, Outcome, Position};

use super::model::{Day, GameResult, Kind, Notation, Params, Penalty, PlayedMove, Suspension};
use super::reading::{self, Reading};

/// Where a game stands (`status --format json` → `state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Playing,
    Paused,
    AwaitingDecision,
    Adjudication,
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Paused => "paused",
            Status::AwaitingDecision => "awaiting-decision",
            Status::Adjudication => "adjudication",
            Status::Finished => "finished",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Resignation,
    Agreement,
    Overstep,
    Forfeit,
    Adjudication,
}

/// The official record of one game: everything the rules need, serialisable as one value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: String,
    pub tournament: String,
    pub white: String,
    pub black: String,
    pub params: Params,
    pub notation: Notation,
    /// The tournament's start date: White's time runs from it (Art. 24).
    pub start: Day,
    pub moves: Vec<PlayedMove>,
    #[serde(default)]
    pub penalties: Vec<Penalty>,
    #[serde(default)]
    pub suspensions: Vec<Suspension>,
    pub status: Status,
    pub result: Option<GameResult>,
    pub termination: Option<Termination>,
}

/// Who a message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    White,
    Black,
    Arbiter,
}

impl Role {
    pub fn of(color: Color) -> Role {
        match color {
            Color::White => Role::White,
            Color::Black => Role::Black,
        }
    }
}

/// A move as replies state it: number, side, full notation, the dates and its thinking time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLine {
    pub number: u32,
    #[serde(with = "crate::rules::model::color_serde")]
    pub color: Color,
    /// In the tournament's full notation (`Кg1-f3`).
    pub text: String,
    pub received: Day,
    pub sent: Day,
    pub days: u32,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// Art. 14: illegal in the position.
    Impossible,
    /// Art. 15: the opponent's last move repeated wrongly.
    Incorrect,
    /// Art. 16: unreadable, or naming no single move.
    Unclear,
}

impl Refusal {
    pub fn article(self) -> u32 {
        match self {
            Refusal::Impossible => 14,
            Refusal::Incorrect => 15,
            Refusal::Unclear => 16,
        }
    }
}

/// The content of a message, rendered in the recipient's language by the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Msg {
    /// To the sender: his move is recorded.
    Ack { moves: Vec<MoveLine> },
    /// To the opponent: the move(s) to answer.
    Forward { moves: Vec<MoveLine> },
    /// To the sender (copy arbiter): the move is refused, nothing played.
    Refused {
        refusal: Refusal,
        written: String,
        penalty_days: u32,
        legal_examples: Vec<String>,
    },
    /// No move and no command found.
    NoMove,
    /// A move while it is the opponent's turn.
    NotYourTurn,
    /// A letter about a finished game.
    GameOver,
    /// The game ended.
    Ended {
        result: GameResult,
        termination: Termination,
    },
}

/// A message the core asks the shell to send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    pub to: Role,
    pub kind: Kind,
    pub msg: Msg,
}

/// What handling an event produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Handled {
    /// The new record; `None` when nothing changed.
    pub record: Option<GameRecord>,
    pub effects: Vec<Effect>,
}

impl GameRecord {
    /// A new game at the start position.
    pub fn new(
        id: String,
        tournament: String,
        white: String,
        black: String,
        params: Params,
        notation: Notation,
        start: Day,
    ) -> GameRecord {
        GameRecord {
            id,
            tournament,
            white,
            black,
            params,
            notation,
            start,
            moves: Vec::new(),
            penalties: Vec::new(),
            suspensions: Vec::new(),
            status: Status::Playing,
            result: None,
            termination: None,
        }
    }

    /// The colour of a player's address in this game.
    pub fn color_of(&self, email: &str) -> Option<Color> {
        if self.white.eq_ignore_ascii_case(email) {
            Some(Color::White)
        } else if self.black.eq_ignore_ascii_case(email) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The address of a side.
    pub fn address(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Replays the record. Moves were legal when stored; an unreadable one stops the replay.
    pub fn position(&self) -> Chess {
        let mut pos = Chess::default();
        for m in &self.moves {
            let Some(mv) = m
                .uci
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
            else {
                break;
            };
            pos.play_unchecked(mv);
        }
        pos
    }

    /// The side to move, `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        (self.status != Status::Finished).then(|| {
            if self.moves.len() % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.position(), EnPassantMode::Legal).to_string()
    }

    /// The day the side to move received the last move (White's move 1: the day before the
    /// start, RULES.md §3 — time runs *from* the start date).
    pub fn clock_started(&self) -> Day {
        match self.moves.last() {
            Some(m) => m.sent,
            None => self.start.pred_opt().unwrap_or(self.start),
        }
    }

    /// Is `day` a day on which this game is suspended (leave of either player, dead time)?
    pub fn suspended(&self, day: Day) -> bool {
        self.suspensions
            .iter()
            .any(|s| s.from <= day && day <= s.to)
    }

    /// Thinking time of a move received on `received` and sent on `sent` (RULES.md §3).
    pub fn move_days(&self, received: Day, sent: Day) -> u32 {
        let mut n: u32 = 0;
        let mut d = received;
        while d < sent {
            d = match d.succ_opt() {
                Some(x) => x,
                None => break,
            };
            if !self.suspended(d) {
                n += 1;
            }
        }
        n.saturating_sub(1)
    }

    /// A player's total thinking time as of `today`: his moves, his penalties and, when it is
    /// his turn, the running clock.
    pub fn total_days(&self, color: Color, today: Day) -> i64 {
        let idx = if color == Color::White { 0 } else { 1 };
        let moves: i64 = self
            .moves
            .iter()
            .enumerate()
            .filter(|(i, m)| i % 2 == idx && !m.from_variant)
            .map(|(_, m)| i64::from(self.move_days(m.received, m.sent)))
            .sum();
        let running = if self.to_move() == Some(color) && today > self.clock_started() {
            i64::from(self.move_days(self.clock_started(), today))
        } else {
            0
        };
        moves + self.penalty_days(color) + running
    }

    /// Penalty days of one side.
    pub fn penalty_days(&self, color: Color) -> i64 {
        self.penalties
            .iter()
            .filter(|p| p.color == color)
            .map(|p| i64::from(p.days))
            .sum()
    }

    /// The record's moves as lines for replies, from index `from` on.
    pub fn lines(&self, from: usize) -> Vec<MoveLine> {
        let mut pos = Chess::default();
        let mut out = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let Some(mv) = m
                .uci
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
            else {
                break;
            };
            if i >= from {
                out.push(MoveLine {
                    number: (i / 2 + 1) as u32,
                    color: if i % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    },
                    text: reading::render_full(&pos, &mv, self.notation),
                    received: m.received,
                    sent: m.sent,
                    days: if m.from_variant {
                        0
                    } else {
                        self.move_days(m.received, m.sent)
                    },
                });
            }
            pos.play_unchecked(mv);
        }
        out
    }

    /// Full score in SAN (English letters), as `status --format json` shows it.
    pub fn sans(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.san.clone()).collect()
    }

    /// Plays a legal move into the record (no checks beyond legality).
    fn play(&mut self, pos: &Chess, mv: Move, today: Day) {
        let received = self.clock_started();
        self.moves.push(PlayedMove {
            uci: UciMove::from_standard(mv).to_string(),
            san: San::from_move(pos, mv).to_string(),
            received,
            sent: today.max(received),
            from_variant: false,
        });
    }
}

fn ended_by_position(pos: &Chess) -> Option<(GameResult, Termination)> {
    match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some((
            if winner == Color::White {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            },
            Termination::Checkmate,
        )),
        Outcome::Known(KnownOutcome::Draw) => Some((
            GameResult::Draw,
            if pos.is_stalemate() {
                Termination::Stalemate
            } else {
                Termination::InsufficientMaterial
            },
        )),
        Outcome::Unknown => None,
    }
}

/// A letter from one of the players of this game, arriving on `today`.
pub fn handle_letter(rec: &GameRecord, from: Color, text: &str, today: Day) -> Handled {
    let sender = Role::of(from);
    let reply = |kind, msg| Handled {
        record: None,
        effects: vec![Effect {
            to: sender,
            kind,
            msg,
        }],
    };
    if rec.status == Status::Finished {
        return reply(Kind::Error, Msg::GameOver);
    }
    let pos = rec.position();
    let reading = reading::read_first_move(text, &pos, rec.notation);
    if rec.to_move() != Some(from) {
        return match reading {
            Reading::NoMove => reply(Kind::NoMove, Msg::NoMove),
            _ => reply(Kind::Error, Msg::NotYourTurn),
        };
    }
    match reading {
        Reading::NoMove => reply(Kind::NoMove, Msg::NoMove),
        Reading::Impossible { written } => {
            // Art. 14, 17: refused, +5 days; the arbiter is copied.
            let mut next = rec.clone();
            next.penalties.push(Penalty {
                color: from,
                days: rec.params.penalty_days as i32,
                article: "17".into(),
                reason: format!("impossible move {written} (Art. 14)"),
                date: today,
            });
            let examples = pos
                .legal_moves()
                .iter()
                .take(8)
                .map(|m| reading::render_full(&pos, m, rec.notation))
                .collect();
            let msg = Msg::Refused {
                refusal: Refusal::Impossible,
                written,
                penalty_days: rec.params.penalty_days,
                legal_examples: examples,
            };
            Handled {
                record: Some(next),
                effects: vec![
                    Effect {
                        to: sender,
                        kind: Kind::Error,
                        msg: msg.clone(),
                    },
                    Effect {
                        to: Role::Arbiter,
                        kind: Kind::Error,
                        msg,
                    },
                ],
            }
        }
        Reading::Legal { mv, .. } => {
            let mut next = rec.clone();
            next.play(&pos, mv, today);
            let played = next.lines(rec.moves.len());
            let mut effects = vec![
                Effect {
                    to: sender,
                    kind: Kind::Ack,
                    msg: Msg::Ack {
                        moves: played.clone(),
                    },
                },
                Effect {
                    to: Role::of(from.other()),
                    kind: Kind::Move,
                    msg: Msg::Forward { moves: played },
                },
            ];
            let mut after = pos.clone();
            after.play_unchecked(mv);
            if let Some((result, termination)) = ended_by_position(&after) {
                next.status = Status::Finished;
                next.result = Some(result);
                next.termination = Some(termination);
                for to in [Role::White, Role::Black, Role::Arbiter] {
                    effects.push(Effect {
                        to,
                        kind: Kind::GameOver,
                        msg: Msg::Ended {
                            result,
                            termination,
                        },
                    });
                }
            }
            Handled {
                record: Some(next),
                effects,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::model::Mode;

    fn day(s: &str) -> Day {
        s.parse().unwrap()
    }

    fn game() -> GameRecord {
        GameRecord::new(
            "T/1".into(),
            "T".into(),
            "w@x.test".into(),
            "b@x.test".into(),
            Params::for_mode(Mode::Email),
            Notation::Bg,
            day("2026-01-10"),
        )
    }

    #[test]
    fn art_24_white_time_runs_from_the_start_date() {
        let g = game();
        let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"));
        let g = h.record.unwrap();
        assert_eq!(g.moves[0].san, "e4");
        assert_eq!(g.lines(0)[0].days, 2, "start 10 Jan, sent 12 Jan → 2 days");
        assert_eq!(h.effects[0].kind, Kind::Ack);
        assert_eq!(h.effects[1].to, Role::Black);
        assert_eq!(h.effects[1].kind, Kind::Move);
    }

    #[test]
    fn art_8_received_11_answered_13_is_one_day() {
        let g = game();
        let g = handle_letter(&g, Color::White, "e2-e4", day("2026-03-11"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::Black, "e7-e5", day("2026-03-13"))
            .record
            .unwrap();
        assert_eq!(g.lines(1)[0].days, 1);
        assert_eq!(g.total_days(Color::Black, day("2026-03-13")), 1);
    }

    #[test]
    fn art_14_impossible_move_is_refused_with_penalty_and_changes_no_move() {
        let g = game();
        let h = handle_letter(&g, Color::White, "1. Кg1-e3", day("2026-01-12"));
        let next = h.record.unwrap();
        assert!(next.moves.is_empty());
        assert_eq!(next.penalty_days(Color::White), 5);
        assert!(matches!(
            h.effects[0].msg,
            Msg::Refused {
                refusal: Refusal::Impossible,
                ..
            }
        ));
        assert_eq!(h.effects[1].to, Role::Arbiter);
    }

    #[test]
    fn not_your_turn_changes_nothing() {
        let g = game();
        let h = handle_letter(&g, Color::Black, "e7-e5", day("2026-01-12"));
        assert!(h.record.is_none());
        assert_eq!(h.effects[0].msg, Msg::NotYourTurn);
    }

    #[test]
    fn checkmate_ends_the_game() {
        let mut g = game();
        for (c, m) in [
            (Color::White, "f2-f3"),
            (Color::Black, "e7-e5"),
            (Color::White, "g2-g4"),
            (Color::Black, "Дd8-h4"),
        ] {
            g = handle_letter(&g, c, m, day("2026-01-12")).record.unwrap();
        }
        assert_eq!(g.status, Status::Finished);
        assert_eq!(g.result, Some(GameResult::BlackWins));
        let h = handle_letter(&g, Color::White, "e2-e4", day("2026-01-13"));
        assert_eq!(h.effects[0].msg, Msg::GameOver);
    }
}
