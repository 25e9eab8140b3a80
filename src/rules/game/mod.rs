//! One game: its official record, and the transitions a letter, the daily tick or an arbiter's
//! decision cause. `handle_letter(record, from, text, today)` → the new record (or none:
//! a refused transition leaves the state unchanged) and the effects to carry out.

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, KnownOutcome, Move, Outcome, Position};

use super::clock::{self, ClockGame, ClockReport, ClockState};
use super::letter::{self, Command, Letter};
use super::model::{Day, GameResult, Kind, Notation, Params, Penalty, PlayedMove, Suspension};
use super::notation;
use super::tick::{self, ClockNotice, Recipient};
use super::verdict::{self, Accepted, GameView, Official, Verdict, WrongItem};

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

/// Why a game ended (PGN `Termination`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Resignation,
    Agreement,
    Repetition,
    FiftyMoves,
    Overstep,
    Forfeit,
    Adjudication,
    ArbiterDecision,
    /// Art. 47 А: a player who withdrew without ever moving is removed from the tournament;
    /// his games do not count.
    Removed,
    /// §707: an early-end claim proved by an endgame tablebase.
    Tablebase,
}

/// A conditional line offered by `by` after his own move (Art. 10, 32): the opponent's
/// expected move, the proposer's answer, and so on, as UCI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    #[serde(with = "crate::rules::model::color_serde")]
    pub by: Color,
    /// Ply index of the first move of the line (the opponent's expected move).
    pub from_ply: usize,
    pub moves: Vec<String>,
    /// The receiver wrote `decline` (Art. 10: playing it move by move then costs +5 days).
    pub declined: bool,
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
    /// Everything the clock remembers (oversteps, notices issued, receipts …). The store keeps
    /// it in a row of its own; a new game's (empty) clock is left out of the JSON.
    #[serde(default, skip_serializing_if = "ClockState::is_new")]
    pub clock: ClockState,
    /// A pending draw offer by this side.
    #[serde(default, with = "crate::rules::model::opt_color_serde")]
    pub draw_offer: Option<Color>,
    /// A conditional line waiting for the opponent (Art. 10, 32).
    #[serde(default)]
    pub variant: Option<Variant>,
    /// Letters in short notation per side (Art. 7 note 2), White then Black.
    #[serde(default)]
    pub short_letters: [u32; 2],
    /// End-of-tournament adjudication of this game (Art. 52–55).
    #[serde(default)]
    pub adjudication: Option<Adjudication>,
    /// `post`: the players were reminded to send their score before the end date (Art. 51).
    #[serde(default)]
    pub end_reminded: bool,
    /// Appeals against sanctions to the Board (Art. 57): who, when, and the penalty's index.
    #[serde(default)]
    pub sanction_appeals: Vec<(Role, Day, usize)>,
    /// Art. 47 Б: a replacement player (0 White, 1 Black) and the day of the captain's notice,
    /// until his first move.
    #[serde(default)]
    pub replacement: Option<(u8, Day)>,
}

/// The adjudication of an unfinished game at the end date (Art. 52–55).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// The day the players were asked for their proposals (the end date or later).
    pub asked_on: Day,
    /// White's and Black's proposals with their words (Art. 52: within 15 days).
    pub proposals: [Option<(GameResult, String)>; 2],
    /// The day the material went to the adjudicator (Art. 53).
    pub forwarded_on: Option<Day>,
    /// The day the adjudicator's decision was recorded (appeals run 7 days from it, Art. 55).
    #[serde(default)]
    pub decided_on: Option<Day>,
    /// Appeals to the second adjudicator: who (`Role::White`/`Role::Black`) and when (Art. 55).
    #[serde(default)]
    pub appeals: Vec<(Role, Day)>,
}

/// Days the players have for their proposals (Art. 52).
pub const PROPOSAL_DAYS: i64 = 15;

/// What an adjudication message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdjudicationStage {
    /// The players are asked for their proposals (Art. 52).
    Ask,
    /// A player's proposal is recorded.
    Recorded,
    /// The proposals differ or are missing: the material goes to the adjudicator (Art. 53).
    ToAdjudicator,
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

impl From<Recipient> for Role {
    fn from(r: Recipient) -> Role {
        match r {
            Recipient::White => Role::White,
            Recipient::Black => Role::Black,
            Recipient::Arbiter => Role::Arbiter,
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
    /// Played automatically from the mover's conditional line (Art. 32).
    pub from_variant: bool,
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

/// What an accepted letter lacked or got wrong (Art. 7 note 2, Art. 9 Б, В).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remarks {
    /// Short notation was used (Art. 7 note 2).
    pub short: bool,
    /// Required items not written: the rule book's letters (Б, Г, Д, Е, Ж, З).
    pub missing: Vec<char>,
    /// Items written wrongly: (item letter, as written, the official figure).
    pub wrong: Vec<(char, String, String)>,
    /// Wrong move numbers: (as written, correct).
    pub wrong_numbers: Vec<(String, String)>,
    /// The conditional line offered, in full notation, or where it stopped being readable.
    pub line: Vec<String>,
    pub line_error: Option<String>,
}

impl Remarks {
    pub fn is_empty(&self) -> bool {
        !self.short
            && self.missing.is_empty()
            && self.wrong.is_empty()
            && self.wrong_numbers.is_empty()
    }
}

/// A claim of §707 / FIDE that the bot could not settle itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimKind {
    Win,
    Draw,
}

/// The content of a message, rendered in the recipient's language by the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Msg {
    /// To the sender: his move(s) are recorded.
    Ack {
        moves: Vec<MoveLine>,
        remarks: Remarks,
        draw_offered: bool,
    },
    /// To the opponent: the move(s) to answer.
    Forward {
        moves: Vec<MoveLine>,
        draw_offered: bool,
        line_offered: bool,
    },
    /// To the sender (copy arbiter): the move is refused, nothing played.
    Refused {
        refusal: Refusal,
        written: String,
        penalty_days: u32,
        transport_fault: bool,
        expected_repeat: Option<String>,
        piece_moves: Vec<String>,
        nearest: Vec<String>,
        diagram: String,
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
    /// The opponent offers a draw (without a move).
    DrawOffer,
    /// The draw offer was declined.
    DrawDeclined,
    /// `accept draw` with no offer pending.
    NoDrawOffer,
    /// A delay notice (Art. 25), forwarded to the opponent; to the sender, its receipt.
    DelayNotice { from_sender: bool },
    /// A claim forwarded to the opponent and the arbiter (§707.2), or refused as unfounded.
    Claim {
        claimant: Role,
        kind: ClaimKind,
        explanation: String,
        fen: String,
        diagram: String,
    },
    /// A clock notice of the daily tick (silence, overstep claim …).
    Clock(Box<ClockNotice>),
    /// Penalty days put on the clock by the arbiter or a rule.
    Penalty {
        color: Role,
        days: i32,
        article: String,
        reason: String,
    },
    /// A decision of the arbiter on an overstep claim.
    Decision { text: String },
    /// The bot has recorded an explicit `decline` of the opponent's variant.
    VariantDeclined,
    /// A player's leave (Art. 44; special leave Art. 43): every game of his pauses.
    Leave {
        who: Role,
        from: Day,
        to: Day,
        special: bool,
    },
    /// A leave request refused, with the rule's reason.
    LeaveRefused { reason: String },
    /// An arbiter's decision in words (withdrawal, exclusion, extension …).
    Announcement { text: String },
    /// The letter reads two ways with different own moves (RULES.md §4): the candidates,
    /// numbered, in the game's notation; nothing changed, nothing charged, which is meant?
    TwoReadings { moves: Vec<String> },
    /// A move while the game waits for the arbiter's decision (Art. 37): nothing is judged,
    /// nothing changed, no penalty.
    AwaitingArbiter,
    /// `post`: the receiver's reported postmark (Г) differs from the sender's declared sending
    /// date (Е); the postmark stands (RULES.md §3), both players and the arbiter are told.
    DateDisagreement {
        number: u32,
        mover: Role,
        declared: Day,
        reported: Day,
    },
    /// End of tournament (Art. 52–55): proposals asked, recorded, or sent to the adjudicator.
    Adjudication {
        stage: AdjudicationStage,
        deadline: Day,
        proposals: Vec<String>,
        score: String,
        diagram: String,
    },
}

/// A message the core asks the shell to send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    pub to: Role,
    pub kind: Kind,
    pub msg: Msg,
}

/// A request the core makes of the shell beyond messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The player asked for leave (Art. 44): the shell checks it against his leave book,
    /// which spans all his games.
    Leave { color: Color, from: Day, to: Day },
}

/// What handling an event produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Handled {
    /// The new record; `None` when nothing changed.
    pub record: Option<GameRecord>,
    pub effects: Vec<Effect>,
    pub requests: Vec<Request>,
}

impl Handled {
    fn unchanged(effects: Vec<Effect>) -> Handled {
        Handled {
            record: None,
            effects,
            requests: Vec::new(),
        }
    }

    fn changed(record: GameRecord, effects: Vec<Effect>) -> Handled {
        Handled {
            record: Some(record),
            effects,
            requests: Vec::new(),
        }
    }
}

fn replay(moves: &[PlayedMove]) -> (Chess, Vec<Move>) {
    let mut pos = Chess::default();
    let mut played = Vec::with_capacity(moves.len());
    for m in moves {
        let Some(mv) = m
            .uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
        else {
            break;
        };
        pos.play_unchecked(mv);
        played.push(mv);
    }
    (pos, played)
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
            clock: ClockState::default(),
            draw_offer: None,
            variant: None,
            short_letters: [0, 0],
            adjudication: None,
            end_reminded: false,
            sanction_appeals: Vec::new(),
            replacement: None,
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

    /// Replays the record. Moves were legal when stored.
    pub fn position(&self) -> Chess {
        replay(&self.moves).0
    }

    /// The side to move, `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        (self.status != Status::Finished).then(|| clock::ply_color(self.moves.len()))
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.position(), EnPassantMode::Legal).to_string()
    }

    /// What the clock reads of this record.
    pub fn clock_game(&self) -> ClockGame<'_> {
        ClockGame {
            params: &self.params,
            start: self.start,
            moves: &self.moves,
            penalties: &self.penalties,
            suspensions: &self.suspensions,
            state: &self.clock,
            result: self.result,
        }
    }

    /// Both clocks as of `today` (RULES.md §3).
    pub fn clocks(&self, today: Day) -> ClockReport {
        clock::report(&self.clock_game(), today)
    }

    /// A player's total thinking time as of `today` (penalties and running clock included).
    pub fn total_days(&self, color: Color, today: Day) -> i64 {
        self.clocks(today).side(color).total_days
    }

    /// Penalty days of one side.
    pub fn penalty_days(&self, color: Color) -> i64 {
        self.penalties
            .iter()
            .filter(|p| p.color == color)
            .map(|p| i64::from(p.days))
            .sum()
    }

    /// Is `day` a day on which this game is suspended (leave of either player, dead time)?
    pub fn suspended(&self, day: Day) -> bool {
        self.suspensions
            .iter()
            .any(|s| s.from <= day && day <= s.to)
    }

    /// The day the side to move received the last move (White's move 1: the day before the
    /// start, RULES.md §3).
    pub fn clock_started(&self) -> Day {
        // The receipt day the clock knows for this move (email: the day the bot forwarded the
        // opponent's move, when that was later than its arrival; post: the player's report).
        if let Some(r) = self.clock.receipt
            && r.ply as usize == self.moves.len()
        {
            return r.day;
        }
        match self.moves.last() {
            Some(m) => m.sent,
            None => self.start.pred_opt().unwrap_or(self.start),
        }
    }

    /// The record's moves as lines for replies, from index `from` on.
    pub fn lines(&self, from: usize, today: Day) -> Vec<MoveLine> {
        let times = self.clocks(today).moves;
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
                    number: clock::ply_number(i),
                    color: clock::ply_color(i),
                    text: notation::render_full(&pos, &mv, self.notation),
                    received: m.received,
                    sent: m.sent,
                    days: times.get(i).map_or(0, |t| t.days),
                    from_variant: m.from_variant,
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

    /// Plays a legal move into the record.
    fn play(&mut self, pos: &mut Chess, mv: Move, received: Day, sent: Day, from_variant: bool) {
        self.moves.push(PlayedMove {
            uci: UciMove::from_standard(mv).to_string(),
            san: San::from_move(pos, mv).to_string(),
            received,
            sent: sent.max(received),
            from_variant,
            letter: 0,
        });
        pos.play_unchecked(mv);
    }

    fn finish(&mut self, result: GameResult, termination: Termination) {
        self.status = Status::Finished;
        self.result = Some(result);
        self.termination = Some(termination);
        self.draw_offer = None;
        self.variant = None;
    }

    /// The official figures of Art. 7/8 for a move `color` sends on `today` (email mode: the
    /// bot knows every date; `post`: the receipt comes from the player's own report).
    fn official(&self, color: Color, today: Day) -> Official {
        let first = self.moves.is_empty();
        let last = self.moves.last();
        let mut o = Official::default();
        if self.params.mode == super::model::Mode::Email {
            o.letter = last.map(|m| m.sent);
            // Art. 8: the written receipt date is the arrival day + 1.
            o.received = last.and_then(|m| m.sent.succ_opt());
            o.sent = Some(today);
            let received = if first {
                self.start.pred_opt().unwrap_or(self.start)
            } else {
                self.clock_started()
            };
            o.time_used = Some(clock::thinking_days(received, today, |d| self.suspended(d)));
            let mut next = self.clone();
            let mut pos = next.position();
            // Totals after this move: simulate any legal move sent today.
            if let Some(mv) = pos.legal_moves().first().copied() {
                next.play(&mut pos, mv, received, today, false);
                let r = next.clocks(today);
                o.totals = Some(letter::Totals {
                    white: u32::try_from(r.white.total_days.max(0)).unwrap_or(0),
                    black: u32::try_from(r.black.total_days.max(0)).unwrap_or(0),
                });
            }
        }
        let _ = color;
        o
    }

    /// Repetition count of the current position (threefold claim, FIDE 9.2).
    fn repetitions(&self) -> usize {
        let mut pos = Chess::default();
        let key = |p: &Chess| -> Zobrist64 { p.zobrist_hash(EnPassantMode::Legal) };
        let mut hashes = vec![key(&pos)];
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
            hashes.push(key(&pos));
        }
        let last = hashes.last().copied();
        hashes.iter().filter(|h| Some(**h) == last).count()
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

/// The same message to both players and the arbiter.
fn tell_all(kind: Kind, msg: &Msg) -> Vec<Effect> {
    [Role::White, Role::Black, Role::Arbiter]
        .into_iter()
        .map(|to| Effect {
            to,
            kind,
            msg: msg.clone(),
        })
        .collect()
}

fn win_for(c: Color) -> GameResult {
    if c == Color::White {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

fn ended_effects(effects: &mut Vec<Effect>, result: GameResult, termination: Termination) {
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

fn remarks_of(a: &Accepted) -> Remarks {
    let date = |d: Day| d.format("%-d.%-m.%Y").to_string();
    Remarks {
        short: a.short,
        missing: a.missing.iter().map(|i| i.letter()).collect(),
        wrong: a
            .wrong
            .iter()
            .map(|w| {
                let (written, official) = match w {
                    WrongItem::LetterDate { written, official }
                    | WrongItem::ReceivedDate { written, official }
                    | WrongItem::SentDate { written, official } => {
                        (date(*written), date(*official))
                    }
                    WrongItem::TimeUsed { written, official } => {
                        (written.to_string(), official.to_string())
                    }
                    WrongItem::Totals { written, official } => (
                        format!("{} – {}", written.white, written.black),
                        format!("{} – {}", official.white, official.black),
                    ),
                };
                (w.item().letter(), written, official)
            })
            .collect(),
        wrong_numbers: a
            .wrong_numbers
            .iter()
            .map(|n| {
                let w = format!("{}{}", n.written, if n.written_black { "..." } else { "." });
                let e = format!(
                    "{}{}",
                    n.expected,
                    if n.expected_color == Color::Black {
                        "..."
                    } else {
                        "."
                    }
                );
                (w, e)
            })
            .collect(),
        line: a.line.iter().map(|m| m.full.clone()).collect(),
        line_error: a.line_error.as_ref().map(|e| e.written.clone()),
    }
}

/// The remarks of an accepted letter, with the older quoted moves that differ from the record
/// pointed out as item Б written wrongly (Art. 9 Б): never punished.
fn remarks_with_quotes(a: &Accepted) -> Remarks {
    let mut r = remarks_of(a);
    for q in &a.quote_slips {
        let side = if q.record.color == Color::Black {
            "..."
        } else {
            "."
        };
        r.wrong.push((
            'Б',
            q.written.clone(),
            format!("{}{} {}", q.record.number, side, q.record.full),
        ));
    }
    r
}

/// A letter from one of the players of this game, arriving on `today`.
pub fn handle_letter(rec: &GameRecord, from: Color, text: &str, today: Day) -> Handled {
    handle_letter_with(rec, from, text, today, None)
}

/// What an endgame tablebase says of the current position (§707.3), found by the shell (the
/// probe reads files) and passed in as data. Unlimited game length: a win the 50-move rule
/// would frustrate is still a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    WinFor(Color),
    Draw,
}

/// A letter, with the tablebase's verdict on the position when one is configured.
pub fn handle_letter_with(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
    proof: Option<Proof>,
) -> Handled {
    if rec.status != Status::Finished
        && let Some(a) = &rec.adjudication
    {
        return adjudication_letter(rec, a, from, text);
    }
    // An appeal against an adjudication (Art. 55), after the game ended.
    if rec.termination == Some(Termination::Adjudication)
        && let Some(h) = appeal_letter(rec, from, text, today)
    {
        return h;
    }
    // An appeal against a sanction (Art. 57): within 7 days, to the Board.
    if let Some(h) = sanction_appeal(rec, from, text, today) {
        return h;
    }
    // Claims, admissions, withdrawals; an objection (Art. 39) also after the game ended.
    if let Some(h) = claim_letter(rec, from, text, today) {
        return h;
    }
    let letter = letter::read_letter(text, rec.notation, rec.params.allow_numeric, today);
    handle_read_letter_with(rec, from, &letter, today, proof, text)
}

/// What a team captain's letter for one of his players does (RULES.md §14: a captain sends
/// claims, leave notices and replacements, never moves).
#[derive(Clone, Debug, PartialEq)]
pub enum CaptainLetter {
    /// The letter holds move tokens: no move is judged — legal, impossible or unreadable —
    /// and nobody is charged (a captain's move is not the player's letter, Art. 17); the
    /// captain is told that moves come from the player.
    MovesRefused,
    /// Claims and leave notices: handled as the player's own letter would be.
    Handled(Handled),
    /// The letter's claims and leave notices handled; its moves, resignation or draw
    /// commands refused (a captain sends no such thing, RULES.md §14): the captain is told.
    PartlyRefused(Handled),
}

/// The commands a captain may send for his player (RULES.md §14): leave notices and claims.
fn captains_command(c: &Command) -> bool {
    matches!(
        c,
        Command::Leave { .. } | Command::ClaimWin | Command::ClaimDraw
    )
}

/// A captain's letter written for the player of `color` in this game.
pub fn handle_captain_letter(
    rec: &GameRecord,
    color: Color,
    text: &str,
    today: Day,
) -> CaptainLetter {
    let mut letter = letter::read_letter(text, rec.notation, rec.params.allow_numeric, today);
    // Overstep claims, admissions and objections (a letter without moves).
    if letter.items.is_empty()
        && let Some(h) = claim_letter(rec, color, text, today)
    {
        return CaptainLetter::Handled(h);
    }
    // Moves, resignation, draw offers are the player's alone: never judged, never charged
    // (Art. 17); leave notices and claims in the same letter still count.
    let refused = !letter.items.is_empty() || !letter.commands.iter().all(captains_command);
    letter.items.clear();
    letter.commands.retain(captains_command);
    if letter.commands.is_empty() && refused {
        return CaptainLetter::MovesRefused;
    }
    let h = handle_read_letter_with(rec, color, &letter, today, None, text);
    if refused {
        CaptainLetter::PartlyRefused(h)
    } else {
        CaptainLetter::Handled(h)
    }
}

/// A letter already read.
pub fn handle_read_letter(rec: &GameRecord, from: Color, letter: &Letter, today: Day) -> Handled {
    handle_read_letter_with(rec, from, letter, today, None, "")
}

fn handle_read_letter_with(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    proof: Option<Proof>,
    text: &str,
) -> Handled {
    let sender = Role::of(from);
    let opponent = Role::of(from.other());
    let reply = |kind, msg| {
        Handled::unchanged(vec![Effect {
            to: sender,
            kind,
            msg,
        }])
    };
    if rec.status == Status::Finished {
        return reply(Kind::GameOver, Msg::GameOver);
    }

    let (_, played) = replay(&rec.moves);
    let view = GameView {
        moves: played,
        sender: from,
        notation: rec.notation,
        over: false,
        penalty_days: rec.params.penalty_days,
        official: rec.official(from, today),
    };
    let verdict = verdict::judge(letter, &view);
    let mut next = rec.clone();
    let mut effects = Vec::new();
    let mut requests = Vec::new();
    let mut changed = false;

    // Commands first: resignation ends the game whatever else the letter says.
    for c in &letter.commands {
        match c {
            Command::Resign => {
                next.finish(win_for(from.other()), Termination::Resignation);
                ended_effects(
                    &mut effects,
                    win_for(from.other()),
                    Termination::Resignation,
                );
                return Handled {
                    record: Some(next),
                    effects,
                    requests,
                };
            }
            Command::AcceptDraw => {
                if rec.draw_offer == Some(from.other()) {
                    next.finish(GameResult::Draw, Termination::Agreement);
                    ended_effects(&mut effects, GameResult::Draw, Termination::Agreement);
                    return Handled {
                        record: Some(next),
                        effects,
                        requests,
                    };
                }
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NoDrawOffer,
                });
            }
            Command::DeclineDraw => {
                if rec.draw_offer == Some(from.other()) {
                    next.draw_offer = None;
                    changed = true;
                    effects.push(Effect {
                        to: opponent,
                        kind: Kind::Notice,
                        msg: Msg::DrawDeclined,
                    });
                }
            }
            Command::Leave {
                from: first,
                to: last,
            } => {
                requests.push(Request::Leave {
                    color: from,
                    from: *first,
                    to: *last,
                });
            }
            Command::Notice => {
                // Art. 25: the delay notice is forwarded to the opponent and suspends Art. 31.
                // It concerns the next move the sender owes: the one awaited now, or — sent
                // while the opponent is to move — his next one (fixed up below when the letter
                // also carries his move).
                next.clock
                    .record_delay_notice(from, notice_ply(rec, from), today);
                changed = true;
                effects.push(Effect {
                    to: opponent,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: false },
                });
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Notice,
                    msg: Msg::DelayNotice { from_sender: true },
                });
            }
            Command::DeclineVariant => {
                if let Some(v) = &mut next.variant
                    && v.by == from.other()
                {
                    v.declined = true;
                    changed = true;
                    effects.push(Effect {
                        to: sender,
                        kind: Kind::Ack,
                        msg: Msg::VariantDeclined,
                    });
                }
            }
            Command::ClaimDraw | Command::ClaimWin => {}
            Command::OfferDraw => {}
        }
    }

    // Art. 37: while the game waits for the arbiter nothing is judged — a legal move and an
    // impossible one get the same explanatory answer, and no penalty.
    let suspended =
        rec.status == Status::AwaitingDecision && rec.clock.awaiting_decision().is_some();
    let has_move = matches!(
        verdict,
        Verdict::Accepted(_)
            | Verdict::Impossible(_)
            | Verdict::Incorrect(_)
            | Verdict::Unclear(_)
            | Verdict::TwoReadings(_)
    );
    if suspended && has_move {
        effects.insert(
            0,
            Effect {
                to: sender,
                kind: Kind::Error,
                msg: Msg::AwaitingArbiter,
            },
        );
        return Handled {
            record: changed.then_some(next),
            effects,
            requests,
        };
    }

    match &verdict {
        Verdict::TwoReadings(own) => {
            // RULES.md §4: an ambiguity of amici's reading costs nothing; ask.
            let moves: Vec<String> = own
                .iter()
                .map(|m| match m.color {
                    Color::White => format!("{}. {}", m.number, m.full),
                    Color::Black => format!("{}... {}", m.number, m.full),
                })
                .collect();
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::TwoReadings { moves },
                },
            );
            Handled {
                record: changed.then_some(next),
                effects,
                requests,
            }
        }
        Verdict::Accepted(a) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            let mut pos = next.position();
            let before = next.moves.len();
            let (received, sent) = if rec.params.mode == super::model::Mode::Post {
                post_dates(&mut next, from, letter, today, &mut effects)
            } else {
                (next.clock_started(), today)
            };
            next.play(&mut pos, a.own.mv, received, sent, false);
            end_replacement_dead_time(&mut next, from, today);
            if a.short {
                next.short_letters[if from == Color::White { 0 } else { 1 }] += 1;
            }
            // The opponent's draw offer lapses with a move that does not accept it.
            if next.draw_offer == Some(from.other()) {
                next.draw_offer = None;
            }
            let offered = letter.commands.contains(&Command::OfferDraw);
            if offered {
                next.draw_offer = Some(from);
            }
            // Art. 10, 32: the opponent's variant, if this move follows it.
            let auto = follow_variant(&mut next, &mut pos, from, a, today);
            // This sender's own conditional line.
            let own_line: Vec<String> = if auto.lapsed_rest_is_own_line {
                a.line
                    .iter()
                    .skip(auto.consumed)
                    .map(|m| m.uci.clone())
                    .collect()
            } else {
                Vec::new()
            };
            // Art. 32: every move this letter brought, and those played from a line in answer
            // to it, carry the letter's number: time is attributed by letter.
            let number = next.moves[..before]
                .iter()
                .map(|m| m.letter)
                .max()
                .unwrap_or(0)
                .max(u32::try_from(before).unwrap_or(u32::MAX))
                + 1;
            for m in &mut next.moves[before..] {
                m.letter = number;
            }
            // A delay notice sent with the move concerns his next move (Art. 25).
            if letter.commands.contains(&Command::Notice) {
                let stale = notice_ply(rec, from);
                next.clock
                    .delay_notices
                    .retain(|n| !(n.color == from && n.ply == stale && n.received_on == today));
                let ply = notice_ply(&next, from);
                next.clock.record_delay_notice(from, ply, today);
            }
            if let Some(end) = ended_by_position(&pos) {
                next.finish(end.0, end.1);
            } else if !own_line.is_empty() && next.to_move() == Some(from.other()) {
                next.variant = Some(Variant {
                    by: from,
                    from_ply: next.moves.len(),
                    moves: own_line,
                    declined: false,
                });
                let reach = clock::ply_number(next.moves.len())
                    + u32::try_from(a.line.len() / 2).unwrap_or(0);
                next.clock.set_pending_line(Some(clock::PendingLine {
                    ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
                    reach_move: reach,
                }));
            } else if let Some(v) = next.variant.as_ref().filter(|v| v.by == from.other()) {
                // The opponent's line goes on: offered again to this sender (Art. 32).
                let reach = clock::ply_number(next.moves.len())
                    + u32::try_from(v.moves.len() / 2).unwrap_or(0);
                next.clock.set_pending_line(Some(clock::PendingLine {
                    ply: u32::try_from(next.moves.len()).unwrap_or(u32::MAX),
                    reach_move: reach,
                }));
            } else {
                next.clock.set_pending_line(None);
            }
            if let Some(p) = auto.penalty {
                next.penalties.push(p.clone());
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Notice,
                    msg: Msg::Penalty {
                        color: sender,
                        days: p.days,
                        article: p.article.clone(),
                        reason: p.reason.clone(),
                    },
                });
            }
            let played = next.lines(before, today);
            // Art. 32: the moves played from the opponent's line are told to the sender as
            // the opponent's moves, with the position and that it is his turn again.
            let (own_moves, line_moves): (Vec<MoveLine>, Vec<MoveLine>) =
                played.iter().cloned().partition(|m| m.color == from);
            let rem = remarks_with_quotes(a);
            let kind = if rem.is_empty() {
                Kind::Ack
            } else {
                Kind::Incomplete
            };
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind,
                    msg: Msg::Ack {
                        moves: if line_moves.is_empty() {
                            played.clone()
                        } else {
                            own_moves
                        },
                        remarks: rem,
                        draw_offered: offered,
                    },
                },
            );
            effects.insert(
                1,
                Effect {
                    to: opponent,
                    kind: Kind::Move,
                    msg: Msg::Forward {
                        moves: played,
                        draw_offered: offered,
                        line_offered: next.variant.as_ref().is_some_and(|v| v.by == from),
                    },
                },
            );
            if !line_moves.is_empty() && next.status != Status::Finished {
                effects.insert(
                    2,
                    Effect {
                        to: sender,
                        kind: Kind::Move,
                        msg: Msg::Forward {
                            moves: line_moves,
                            draw_offered: false,
                            line_offered: false,
                        },
                    },
                );
            }
            if a.short {
                let n = next.short_letters[if from == Color::White { 0 } else { 1 }];
                if n == rec.params.short_notation_warnings {
                    effects.push(Effect {
                        to: Role::Arbiter,
                        kind: Kind::Notice,
                        msg: Msg::Decision {
                            text: format!("short-notation:{n}"),
                        },
                    });
                }
            }
            if let (Status::Finished, Some(result), Some(t)) =
                (next.status, next.result, next.termination)
            {
                ended_effects(&mut effects, result, t);
            } else if let Some(c) = letter
                .commands
                .iter()
                .find(|c| matches!(c, Command::ClaimDraw | Command::ClaimWin))
            {
                // A claim sent with the move is judged on the position the move made (a
                // threefold repetition or the 50th move produced by one's own move).
                let after = next.clone();
                // The tablebase verdict was for the position before the move: not used here.
                claim(
                    &after,
                    &mut next,
                    from,
                    *c == Command::ClaimWin,
                    None,
                    text,
                    &mut effects,
                );
            }
            Handled {
                record: Some(next),
                effects,
                requests,
            }
        }
        Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => {
            if rec.to_move() != Some(from) {
                return reply(Kind::Error, Msg::NotYourTurn);
            }
            let refusal = match verdict {
                Verdict::Impossible(_) => Refusal::Impossible,
                Verdict::Incorrect(_) => Refusal::Incorrect,
                _ => Refusal::Unclear,
            };
            // Art. 17: +5 days (none where the transport is at fault); the arbiter is copied.
            if r.penalty_days > 0 {
                next.penalties.push(Penalty {
                    color: from,
                    days: i32::try_from(r.penalty_days).unwrap_or(i32::MAX),
                    article: "17".into(),
                    reason: format!(
                        "{} move «{}» (Art. {})",
                        ["impossible", "incorrect", "unclear"][refusal.article() as usize - 14],
                        r.written,
                        r.article
                    ),
                    date: today,
                });
            }
            let msg = Msg::Refused {
                refusal,
                written: r.written.clone(),
                penalty_days: r.penalty_days,
                transport_fault: r.transport_fault,
                expected_repeat: r.expected_repeat.as_ref().map(|m| {
                    format!(
                        "{}{} {}",
                        m.number,
                        if m.color == Color::Black { "..." } else { "." },
                        m.full
                    )
                }),
                piece_moves: r.help.piece_moves.iter().map(|m| m.full.clone()).collect(),
                nearest: r.help.nearest.iter().map(|m| m.full.clone()).collect(),
                diagram: r.help.diagram.clone(),
            };
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: msg.clone(),
                },
            );
            effects.push(Effect {
                to: Role::Arbiter,
                kind: Kind::Error,
                msg,
            });
            Handled {
                record: Some(next),
                effects,
                requests,
            }
        }
        Verdict::NotYourTurn => {
            effects.insert(
                0,
                Effect {
                    to: sender,
                    kind: Kind::Error,
                    msg: Msg::NotYourTurn,
                },
            );
            Handled {
                record: changed.then_some(next),
                effects,
                requests,
            }
        }
        Verdict::GameOver => reply(Kind::GameOver, Msg::GameOver),
        Verdict::NoMove | Verdict::CommandsOnly | Verdict::BadRecord { .. } => {
            // `post`: a receipt report (Д) by the player to move, before his answer: his
            // running clock is known from then on (RULES.md §2, INTERFACE.md status).
            if rec.params.mode == super::model::Mode::Post
                && rec.to_move() == Some(from)
                && let Some(d) = letter.dates.received.or(letter.dates.sent)
                && !rec.moves.is_empty()
                && d >= rec.clock_started()
                && d <= today
            {
                next.clock
                    .set_receipt(u32::try_from(rec.moves.len()).unwrap_or(u32::MAX), d);
                changed = true;
                effects.push(Effect {
                    to: sender,
                    kind: Kind::Ack,
                    msg: Msg::Announcement {
                        text: format!("receipt:{d}"),
                    },
                });
            }
            let mut handled_claim = false;
            for c in &letter.commands {
                if matches!(c, Command::ClaimDraw | Command::ClaimWin) {
                    handled_claim = true;
                    claim(
                        rec,
                        &mut next,
                        from,
                        *c == Command::ClaimWin,
                        proof,
                        text,
                        &mut effects,
                    );
                    changed = true;
                }
                if *c == Command::OfferDraw && rec.to_move().is_some() {
                    next.draw_offer = Some(from);
                    changed = true;
                    effects.push(Effect {
                        to: opponent,
                        kind: Kind::Notice,
                        msg: Msg::DrawOffer,
                    });
                    effects.push(Effect {
                        to: sender,
                        kind: Kind::Ack,
                        msg: Msg::DrawOffer,
                    });
                }
            }
            let _ = handled_claim;
            if effects.is_empty() && requests.is_empty() {
                return reply(Kind::NoMove, Msg::NoMove);
            }
            Handled {
                record: (changed || next != *rec).then_some(next),
                effects,
                requests,
            }
        }
    }
}

/// The half-move a delay notice from `from` concerns (Art. 25): the next one he owes.
fn notice_ply(rec: &GameRecord, from: Color) -> u32 {
    let n = rec.moves.len();
    let ply = if clock::ply_color(n) == from {
        n
    } else {
        n + 1
    };
    u32::try_from(ply).unwrap_or(u32::MAX)
}

/// What following the opponent's variant did.
struct Followed {
    /// Moves of the sender's written line consumed by accepting the variant step by step.
    consumed: usize,
    /// The rest of the sender's line stands as his own offer.
    lapsed_rest_is_own_line: bool,
    /// Art. 10 penalty for playing an explicitly declined variant move by move.
    penalty: Option<Penalty>,
}

/// Art. 10, 32: when the sender's move matches the opponent's pending variant, the proposer's
/// next move is played at once, and so on while the sender's own written line follows it.
fn follow_variant(
    next: &mut GameRecord,
    pos: &mut Chess,
    from: Color,
    a: &Accepted,
    today: Day,
) -> Followed {
    let mut out = Followed {
        consumed: 0,
        lapsed_rest_is_own_line: true,
        penalty: None,
    };
    let Some(v) = next.variant.clone() else {
        return out;
    };
    if v.by == from {
        // A declined line the proposer keeps playing by hand is still watched (Art. 10: the
        // receiver who declined it and then plays it move by move is penalised); otherwise his
        // own earlier line is replaced by this letter.
        let ply = next.moves.len() - 1;
        let follows =
            |i: usize| i >= v.from_ply && v.moves.get(i - v.from_ply) == Some(&next.moves[i].uci);
        if !(v.declined && (v.from_ply..=ply).all(follows)) {
            next.variant = None;
        }
        return out;
    }
    let played_ply = next.moves.len() - 1;
    let offset = played_ply.checked_sub(v.from_ply);
    let Some(offset) = offset else {
        next.variant = None;
        return out;
    };
    if v.declined {
        // Art. 10: declined, then played move by move: +5 days when the whole line was played.
        let matches = v
            .moves
            .get(offset)
            .is_some_and(|u| *u == next.moves[played_ply].uci);
        let prefix_ok = (0..offset).all(|i| {
            v.moves
                .get(i)
                .is_some_and(|u| *u == next.moves[v.from_ply + i].uci)
        });
        if !(matches && prefix_ok) {
            next.variant = None;
        } else if offset + 1 >= v.moves.len() || offset + 2 >= v.moves.len() {
            out.penalty = Some(Penalty {
                color: from,
                days: i32::try_from(next.params.penalty_days).unwrap_or(i32::MAX),
                article: "10".into(),
                reason: "a declined variant played move by move".into(),
                date: today,
            });
            next.variant = None;
        }
        return out;
    }
    if offset != 0 || v.moves.first() != Some(&next.moves[played_ply].uci) {
        next.variant = None; // deviated: the rest lapses
        return out;
    }
    let mut k = 1; // index in v.moves of the proposer's next move
    let mut line = a.line.iter();
    let mut consumed = 0;
    // The rest of the proposer's line, still on offer after this letter (RULES.md §5: "and so
    // on until the line ends or the opponent deviates").
    let mut rest: Vec<String> = Vec::new();
    loop {
        let Some(u) = v.moves.get(k) else { break };
        let Some(mv) = u.parse::<UciMove>().ok().and_then(|u| u.to_move(pos).ok()) else {
            break;
        };
        let day = next.moves.last().map_or(today, |m| m.sent);
        next.play(pos, mv, day, day, true);
        if pos.is_game_over() {
            break;
        }
        // The sender's written line may accept further steps in this same letter.
        let (Some(opp), Some(own)) = (line.next(), line.next()) else {
            if line.len() == 0 && consumed == a.line.len() {
                rest = v.moves.get(k + 1..).unwrap_or_default().to_vec();
            }
            break;
        };
        if opp.uci != *u {
            break;
        }
        let Some(mine) = own
            .uci
            .parse::<UciMove>()
            .ok()
            .and_then(|x| x.to_move(pos).ok())
        else {
            break;
        };
        consumed += 2;
        next.play(pos, mine, day, today, false);
        if v.moves.get(k + 1) != Some(&own.uci) {
            // The proposer's line ends here or the sender leaves it: the move he wrote after
            // the accepted part is his own move, the rest of his letter his own new line.
            break;
        }
        k += 2;
    }
    out.consumed = consumed;
    next.variant = (!rest.is_empty()).then(|| Variant {
        by: v.by,
        from_ply: next.moves.len(),
        moves: rest,
        declined: false,
    });
    out
}

/// §707 / FIDE claims: settled at once where the bot can prove them, else forwarded.
fn claim(
    rec: &GameRecord,
    next: &mut GameRecord,
    from: Color,
    win: bool,
    proof: Option<Proof>,
    explanation: &str,
    effects: &mut Vec<Effect>,
) {
    let pos = rec.position();
    // §707.3: a claim the tablebase proves ends the game at once.
    match (win, proof) {
        (true, Some(Proof::WinFor(c))) if c == from => {
            next.finish(win_for(from), Termination::Tablebase);
            ended_effects(effects, win_for(from), Termination::Tablebase);
            return;
        }
        (false, Some(Proof::Draw)) => {
            next.finish(GameResult::Draw, Termination::Tablebase);
            ended_effects(effects, GameResult::Draw, Termination::Tablebase);
            return;
        }
        _ => {}
    }
    if !win {
        let proven = if pos.is_insufficient_material() {
            Some(Termination::InsufficientMaterial)
        } else if rec.repetitions() >= 3 {
            Some(Termination::Repetition)
        } else if pos.halfmoves() >= 100 {
            Some(Termination::FiftyMoves)
        } else {
            None
        };
        if let Some(t) = proven {
            next.finish(GameResult::Draw, t);
            ended_effects(effects, GameResult::Draw, t);
            return;
        }
    }
    // §707.4: the opponent may agree — to a draw claim by accepting it as a draw offer, to a
    // win claim by resigning; otherwise the arbiter decides.
    if !win {
        next.draw_offer = Some(from);
    }
    let msg = Msg::Claim {
        claimant: Role::of(from),
        kind: if win { ClaimKind::Win } else { ClaimKind::Draw },
        explanation: explanation.trim().chars().take(4000).collect(),
        fen: rec.fen(),
        diagram: notation::diagram(&pos, rec.notation),
    };
    effects.push(Effect {
        to: Role::of(from.other()),
        kind: Kind::Decision,
        msg: msg.clone(),
    });
    effects.push(Effect {
        to: Role::Arbiter,
        kind: Kind::Decision,
        msg: msg.clone(),
    });
    effects.push(Effect {
        to: Role::of(from),
        kind: Kind::Ack,
        msg,
    });
}

/// The daily tick for one game as of `today`: the clock notices due, the claims filed, and
/// the game paused where Art. 37 says.
pub fn handle_tick(rec: &GameRecord, today: Day) -> Handled {
    // A game stopped for adjudication has no clock (Art. 52).
    if rec.status == Status::Finished || rec.adjudication.is_some() {
        return Handled::unchanged(Vec::new());
    }
    let out = tick::tick(&rec.clock_game(), today);
    if out.notices.is_empty() && out.state == rec.clock {
        return Handled::unchanged(Vec::new());
    }
    let mut next = rec.clone();
    next.clock = out.state;
    if next.clock.awaiting_decision().is_some() {
        next.status = Status::AwaitingDecision;
    }
    let mut effects = Vec::new();
    for n in out.notices {
        let kind = n.letter_kind();
        for r in &n.to {
            effects.push(Effect {
                to: (*r).into(),
                kind,
                msg: Msg::Clock(Box::new(n.clone())),
            });
        }
    }
    Handled::changed(next, effects)
}

/// An arbiter's decision on an overstep claim (Art. 37, 38): `confirm` or `reject`.
pub fn decide_claim(
    rec: &GameRecord,
    idx: Option<usize>,
    confirm: bool,
    today: Day,
) -> Result<Handled, String> {
    let mut next = rec.clone();
    let idx = match idx {
        Some(i) => i,
        None => next
            .clock
            .oversteps
            .iter()
            .rposition(|o| o.status == clock::OverstepStatus::Claimed)
            // After a timely objection (Art. 39) the confirmed claim is decided again.
            .or_else(|| {
                next.clock.oversteps.iter().rposition(|o| {
                    o.status == clock::OverstepStatus::Confirmed && o.objected_on.is_some()
                })
            })
            .ok_or_else(|| "no pending overstep claim in this game".to_string())?,
    };
    let effect = if confirm {
        next.clock.confirm(&rec.params, idx, today)
    } else {
        next.clock.reject(&rec.params, idx, today)
    }
    .map_err(|e| e.to_string())?;
    let mut effects = Vec::new();
    let text = format!("{}:{idx}", if confirm { "confirmed" } else { "rejected" });
    for to in [Role::White, Role::Black, Role::Arbiter] {
        effects.push(Effect {
            to,
            kind: Kind::Decision,
            msg: Msg::Decision { text: text.clone() },
        });
    }
    if let Some(p) = effect.penalty {
        next.penalties.push(p);
    }
    // An objection upheld (Art. 39): the overstep is undone, and with it the loss.
    if !confirm && rec.termination == Some(Termination::Overstep) && effect.loser.is_none() {
        next.status = Status::Playing;
        next.result = None;
        next.termination = None;
    }
    if next.clock.awaiting_decision().is_none() && next.status == Status::AwaitingDecision {
        next.status = Status::Playing;
    }
    if let Some(loser) = effect.loser {
        next.finish(win_for(loser.other()), Termination::Overstep);
        ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
    }
    Ok(Handled::changed(next, effects))
}

/// Penalty days by the arbiter (Art. 56), with reason; negative days take them back.
pub fn arbiter_penalty(
    rec: &GameRecord,
    color: Color,
    days: i32,
    reason: &str,
    today: Day,
) -> Handled {
    let mut next = rec.clone();
    // The article the arbiter cites in his reason (Art. 22, 40 …); Art. 56 otherwise.
    let article = cited_article(reason).unwrap_or_else(|| "56".into());
    next.penalties.push(Penalty {
        color,
        days,
        article: article.clone(),
        reason: reason.to_string(),
        date: today,
    });
    let msg = Msg::Penalty {
        color: Role::of(color),
        days,
        article,
        reason: reason.to_string(),
    };
    let effects = tell_all(Kind::Decision, &msg);
    Handled::changed(next, effects)
}

/// A result set by the arbiter: forfeit (Art. 56), adjudication (Art. 53) or a decision.
pub fn set_result(rec: &GameRecord, result: GameResult, termination: Termination) -> Handled {
    let mut next = rec.clone();
    next.finish(result, termination);
    let mut effects = Vec::new();
    ended_effects(&mut effects, result, termination);
    Handled::changed(next, effects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::NoticeKind;
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

    /// Letters of White and Black in turn, all on day `d`.
    fn alternate(mut g: GameRecord, letters: &[&str], d: &str) -> GameRecord {
        for (i, text) in letters.iter().enumerate() {
            g = play(
                g,
                if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                text,
                d,
            );
        }
        g
    }

    fn play(g: GameRecord, c: Color, text: &str, d: &str) -> GameRecord {
        let h = handle_letter(&g, c, text, day(d));
        h.record
            .unwrap_or_else(|| panic!("{text} refused: {:?}", h.effects))
    }

    #[test]
    fn art_24_white_time_runs_from_the_start_date() {
        let g = game();
        let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"));
        let g = h.record.unwrap();
        assert_eq!(g.moves[0].san, "e4");
        assert_eq!(
            g.lines(0, day("2026-01-12"))[0].days,
            2,
            "start 10 Jan, sent 12 Jan → 2 days"
        );
        assert_eq!(h.effects[1].to, Role::Black);
        assert_eq!(h.effects[1].kind, Kind::Move);
    }

    #[test]
    fn art_8_received_11_answered_13_is_one_day() {
        let g = play(game(), Color::White, "e2-e4", "2026-03-11");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-03-13");
        assert_eq!(g.lines(1, day("2026-03-13"))[0].days, 1);
    }

    #[test]
    fn art_14_impossible_move_is_refused_with_penalty_and_changes_no_move() {
        let h = handle_letter(&game(), Color::White, "1. Кg1-e3", day("2026-01-12"));
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
        assert!(h.effects.iter().any(|e| e.to == Role::Arbiter));
    }

    #[test]
    fn art_7_note_2_short_notation_stands_and_is_marked_incomplete() {
        let h = handle_letter(&game(), Color::White, "1. Кf3", day("2026-01-12"));
        assert_eq!(h.record.unwrap().moves[0].san, "Nf3");
        assert_eq!(h.effects[0].kind, Kind::Incomplete);
    }

    #[test]
    fn not_your_turn_changes_nothing() {
        let h = handle_letter(&game(), Color::Black, "1... e7-e5", day("2026-01-12"));
        assert!(h.record.is_none());
        assert_eq!(h.effects[0].msg, Msg::NotYourTurn);
    }

    #[test]
    fn checkmate_ends_the_game_and_later_letters_are_answered_game_over() {
        let mut g = game();
        for (c, m) in [
            (Color::White, "1. f2-f3"),
            (Color::Black, "1... e7-e5"),
            (Color::White, "2. g2-g4"),
            (Color::Black, "2... Дd8-h4"),
        ] {
            g = play(g, c, m, "2026-01-12");
        }
        assert_eq!(g.status, Status::Finished);
        assert_eq!(g.result, Some(GameResult::BlackWins));
        assert_eq!(g.termination, Some(Termination::Checkmate));
        let h = handle_letter(&g, Color::White, "3. e2-e4", day("2026-01-13"));
        assert_eq!(h.effects[0].msg, Msg::GameOver);
    }

    #[test]
    fn resignation_ends_the_game() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "Предавам се.", day("2026-01-13"));
        let g = h.record.unwrap();
        assert_eq!(g.result, Some(GameResult::WhiteWins));
        assert_eq!(g.termination, Some(Termination::Resignation));
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::GameOver)
                .count(),
            3
        );
    }

    #[test]
    fn a_draw_offered_with_a_move_and_accepted_is_a_draw() {
        let g = play(
            game(),
            Color::White,
            "1. e2-e4\nПредлагам реми.",
            "2026-01-12",
        );
        assert_eq!(g.draw_offer, Some(Color::White));
        let g = play(g, Color::Black, "Приемам реми.", "2026-01-13");
        assert_eq!(g.result, Some(GameResult::Draw));
        assert_eq!(g.termination, Some(Termination::Agreement));
    }

    #[test]
    fn a_move_without_accepting_lapses_the_draw_offer() {
        let g = play(game(), Color::White, "1. e2-e4\noffer draw", "2026-01-12");
        let g = play(g, Color::Black, "1... e7-e5", "2026-01-13");
        assert_eq!(g.draw_offer, None);
        let h = handle_letter(&g, Color::White, "accept draw", day("2026-01-14"));
        assert_eq!(h.effects[0].msg, Msg::NoDrawOffer);
    }

    #[test]
    fn art_32_a_matching_move_plays_the_proposers_line_at_once() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        // Black answers and offers: if 2. Кg1-f3 then 2... Кb8-c6.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        assert_eq!(g.variant.as_ref().map(|v| v.moves.len()), Some(2));
        let h = handle_letter(&g, Color::White, "2. Кg1-f3", day("2026-01-15"));
        let g = h.record.unwrap();
        assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6"]);
        assert!(g.moves[3].from_variant);
        assert_eq!(
            g.lines(3, day("2026-01-15"))[0].days,
            0,
            "Art. 32: the proposer's moves from the line cost nothing"
        );
        assert_eq!(g.to_move(), Some(Color::White));
    }

    #[test]
    fn art_10_the_receivers_move_after_the_accepted_line_is_his_move() {
        // Issue 9 item 5: Black offers 2. Кg1-f3 Кb8-c6; White writes the line out and adds
        // his own 3. Оf1-b5: Кb8-c6 is played from the line and Оf1-b5 is White's move.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let h = handle_letter(
            &g,
            Color::White,
            "1... e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6 4. Оb5-a4",
            day("2026-01-15"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert!(g.moves[3].from_variant && !g.moves[4].from_variant);
        assert_eq!(g.to_move(), Some(Color::Black));
        // The rest of his letter is his own new line, offered to Black.
        let v = g.variant.as_ref().expect("White's own line");
        assert_eq!(
            (v.by, v.moves.clone()),
            (Color::White, vec!["a7a6".to_string(), "b5a4".to_string()])
        );
        // Art. 32: his time for the letter is counted on Оf1-b5, Кb8-c6 cost nothing.
        let lines = g.lines(2, day("2026-01-15"));
        assert_eq!(lines[1].days, 0);
    }

    #[test]
    fn art_32_the_acknowledgement_tells_the_line_moves_as_the_opponents() {
        // Issue 9 item 11: White's 2. Кg1-f3 plays Black's 2... Кb8-c6 from his line. White's
        // acknowledgement lists his own move only; the line move comes as the opponent's move,
        // with the position, and it is White's turn again.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let h = handle_letter(&g, Color::White, "1... e7-e5 2. Кg1-f3", day("2026-01-15"));
        let Msg::Ack { moves, .. } = &h.effects[0].msg else {
            panic!("{:?}", h.effects[0])
        };
        assert_eq!(h.effects[0].to, Role::White);
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["Кg1-f3"]);
        let told = h
            .effects
            .iter()
            .find(|e| e.to == Role::White && matches!(e.msg, Msg::Forward { .. }))
            .expect("the line move told to White as his opponent's move");
        let Msg::Forward { moves, .. } = &told.msg else {
            unreachable!()
        };
        assert_eq!(told.kind, Kind::Move);
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (moves[0].text.as_str(), moves[0].from_variant),
            ("Кb8-c6", true)
        );
        assert_eq!(h.record.unwrap().to_move(), Some(Color::White));
    }

    #[test]
    fn art_37_nothing_is_judged_while_the_game_waits_for_the_arbiter() {
        // Issue 9 item 9: a legal move and an impossible one get the same answer, no penalty.
        let g = claimed();
        for text in ["1. e2-e4", "1. Кg1-e3", "1. e2-e9"] {
            let h = handle_letter(&g, Color::White, text, day("2026-03-06"));
            assert_eq!(h.effects.len(), 1, "{text}: {:?}", h.effects);
            assert_eq!(h.effects[0].msg, Msg::AwaitingArbiter, "{text}");
            let next = h.record.unwrap_or_else(|| g.clone());
            assert!(next.penalties.is_empty(), "{text}: {:?}", next.penalties);
            assert!(next.moves.is_empty());
        }
    }

    #[test]
    fn art_17_a_captains_move_is_never_judged_nor_charged() {
        // Issue 9 item 10: legal, impossible and unreadable moves from a captain are refused
        // alike, in the core, with no penalty for his player.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        for text in ["1... e7-e5", "1... Кg8-e7", "1... e7-e9", "1. e2-e4 Кb8-c6"] {
            assert_eq!(
                handle_captain_letter(&g, Color::Black, text, day("2026-01-13")),
                CaptainLetter::MovesRefused,
                "{text}"
            );
        }
        // A leave notice is the player's, as if he wrote it.
        let CaptainLetter::Handled(h) = handle_captain_letter(
            &g,
            Color::Black,
            "leave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("a captain's leave notice is handled")
        };
        assert_eq!(h.requests.len(), 1);
    }

    #[test]
    fn rules_s14_a_captain_can_neither_resign_nor_offer_a_draw() {
        // Reviewer F: a captain sends claims and leave notices, never a resignation or a
        // draw for his player.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        for text in ["resign", "I offer a draw", "предавам се"] {
            let c = handle_captain_letter(&g, Color::Black, text, day("2026-01-13"));
            assert_eq!(c, CaptainLetter::MovesRefused, "{text}");
        }
        // A resignation beside a leave notice: the leave counts, the resignation not.
        let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
            &g,
            Color::Black,
            "resign\nleave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("the leave is handled, the resignation refused")
        };
        assert_eq!(h.requests.len(), 1);
        assert!(
            h.record
                .as_ref()
                .is_none_or(|r| r.status != Status::Finished)
        );
    }

    #[test]
    fn rules_s14_a_captains_leave_notice_beside_a_move_still_counts() {
        // Reviewer G: the move is refused, the leave notice in the same letter is handled.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
            &g,
            Color::Black,
            "1... e7-e5\nleave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("the leave is handled, the move refused")
        };
        assert_eq!(h.requests.len(), 1);
        assert!(h.record.as_ref().is_none_or(|r| r.moves.len() == 1));
        assert!(h.record.as_ref().is_none_or(|r| r.penalties.is_empty()));
    }

    #[test]
    fn art_25_a_delay_notice_sent_with_the_move_or_out_of_turn_covers_the_next_move() {
        // Issue 9 item 7: stored under the move it concerns, so neither the Art. 26 repeat
        // nor the Art. 31 claim goes out against the player who gave notice.
        let notice = "Уведомление: ще отговоря след повече от 40 дни (чл. 25).";
        let chased = |g: &GameRecord, d: &str| -> Vec<NoticeKind> {
            let mut g = g.clone();
            let mut kinds = Vec::new();
            let mut day_ = day("2026-01-14");
            while day_ <= day(d) {
                let h = handle_tick(&g, day_);
                for e in &h.effects {
                    if let Msg::Clock(n) = &e.msg
                        && n.about == Color::White
                    {
                        kinds.push(n.kind);
                    }
                }
                if let Some(r) = h.record {
                    g = r;
                }
                day_ = day_.succ_opt().unwrap();
            }
            kinds
        };
        // With the move.
        let g = play(
            game(),
            Color::White,
            &format!("1. e2-e4\n{notice}"),
            "2026-01-12",
        );
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        assert_eq!(chased(&g, "2026-02-27"), []);
        // While the opponent is to move.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::White, notice, day("2026-01-12"));
        let g = h.record.expect("the notice is recorded");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        assert_eq!(chased(&g, "2026-02-27"), []);
        // Without notice both go out.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        let k = chased(&g, "2026-02-27");
        assert!(
            k.contains(&NoticeKind::Repeat) && k.contains(&NoticeKind::OverstepClaim),
            "{k:?}"
        );
    }

    #[test]
    fn art_7_post_the_receipt_is_checked_against_the_corrected_sending_day() {
        // Issue 9 item 8: White declares Е 10.3; Black reports Г 8.3 (the postmark, which
        // prevails), Д 9.3, Е 15.3: Д is consistent with 8.3, so Ж = 15 − 9 − 1 = 5.
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 10.3.2026",
            "2026-03-11",
        );
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 8.3. – 9.3. – 15.3.",
            "2026-03-16",
        );
        assert_eq!(g.moves[0].sent, day("2026-03-08"));
        assert_eq!(g.moves[1].received, day("2026-03-09"));
        assert_eq!(g.lines(1, day("2026-03-16"))[0].days, 5);
    }

    #[test]
    fn art_32_time_is_attributed_by_letter_not_by_sending_day() {
        // Issue 9 item 6: White's 10th move comes 60 days after Black's 9th (50 days allowed
        // by move 10) and plays Black's 10... from his line; the same day White sends his 11th
        // in a second letter. The two letters are not one stretch: the overstep is at move 10.
        let mut letters = Vec::new();
        for n in 1..=9 {
            let (w, b) = if n % 2 == 1 {
                ("Кg1-f3", "Кg8-f6")
            } else {
                ("Кf3-g1", "Кf6-g8")
            };
            letters.push(format!("{n}. {w}"));
            letters.push(if n == 9 {
                format!("{n}... {b} 10. Кf3-g1 Кf6-g8")
            } else {
                format!("{n}... {b}")
            });
        }
        let refs: Vec<&str> = letters.iter().map(String::as_str).collect();
        let g = alternate(game(), &refs, "2026-01-12");
        assert!(g.variant.is_some());
        let g = play(g, Color::White, "10. Кf3-g1", "2026-03-13");
        assert_eq!(g.moves.len(), 20, "Black's 10... played from his line");
        let g = play(g, Color::White, "11. Кg1-f3", "2026-03-13");
        let claims: Vec<u32> = handle_tick(&g, day("2026-03-14"))
            .effects
            .iter()
            .filter_map(|e| match &e.msg {
                Msg::Clock(n) if n.kind == NoticeKind::OverstepClaim && n.about == Color::White => {
                    Some(n.move_number)
                }
                _ => None,
            })
            .collect();
        assert!(claims.contains(&10), "{claims:?}");
        let t = g.lines(18, day("2026-03-14"));
        assert_eq!((t[0].number, t[0].days), (10, 59));
    }

    #[test]
    fn rules_4_a_letter_read_two_ways_is_asked_about_and_costs_nothing() {
        let g = alternate(
            game(),
            &["1. e2-e4", "1... Кb8-c6", "2. Кg1-f3", "2... Кc6-d4"],
            "2026-01-12",
        );
        let h = handle_letter(&g, Color::White, "Кd4 e5", day("2026-01-14"));
        assert!(h.record.is_none(), "nothing changes");
        assert_eq!(h.effects.len(), 1);
        assert!(
            matches!(&h.effects[0].msg, Msg::TwoReadings { moves } if moves.len() == 2),
            "{:?}",
            h.effects
        );
    }

    #[test]
    fn art_10_a_deviating_move_lapses_the_line() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "2. d2-d4", "2026-01-15");
        assert_eq!(g.sans(), ["e4", "e5", "d4"]);
        assert!(g.variant.is_none());
    }

    #[test]
    fn a_threefold_repetition_claim_is_verified() {
        let g = alternate(
            game(),
            &[
                "1. Кg1-f3",
                "1... Кg8-f6",
                "2. Кf3-g1",
                "2... Кf6-g8",
                "3. Кg1-f3",
                "3... Кg8-f6",
                "4. Кf3-g1",
                "4... Кf6-g8",
            ],
            "2026-01-12",
        );
        let h = handle_letter(&g, Color::White, "claim draw", day("2026-01-13"));
        let g = h.record.unwrap();
        assert_eq!(g.termination, Some(Termination::Repetition));
    }

    #[test]
    fn an_unproven_draw_claim_goes_to_the_arbiter() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "claim draw", day("2026-01-13"));
        assert!(h.record.as_ref().is_none_or(|g| g.result.is_none()));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
        );
    }

    #[test]
    fn art_52_at_the_end_date_the_players_are_asked_for_proposals() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let end = day("2026-12-31");
        assert!(handle_end(&g, end, day("2026-12-30")).record.is_none());
        let h = handle_end(&g, end, day("2026-12-31"));
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::Adjudication);
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::Adjudication)
                .count(),
            3
        );
        assert!(
            handle_end(&g, end, day("2027-01-01")).record.is_none(),
            "asked once"
        );
        // The clock stops (Art. 52): no silence notices while in adjudication.
        assert!(handle_tick(&g, day("2027-03-01")).effects.is_empty());
    }

    #[test]
    fn art_53_equal_proposals_from_both_players_are_the_result() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(
            &g,
            Color::White,
            "I propose 1/2-1/2: the position is dead equal.",
            day("2027-01-02"),
        )
        .record
        .unwrap();
        assert_eq!(g.result, None);
        let h = handle_letter(&g, Color::Black, "Съгласен съм: реми.", day("2027-01-03"));
        let g = h.record.unwrap();
        assert_eq!(g.result, Some(GameResult::Draw));
        assert_eq!(g.termination, Some(Termination::Adjudication));
    }

    #[test]
    fn art_53_differing_proposals_go_to_the_adjudicator_after_15_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::Black, "0-1", day("2027-01-03"))
            .record
            .unwrap();
        assert!(
            handle_end(&g, day("2026-12-31"), day("2027-01-14"))
                .record
                .is_none(),
            "15 days not yet over"
        );
        let h = handle_end(&g, day("2026-12-31"), day("2027-01-15"));
        assert!(h.effects.iter().any(|e| e.to == Role::Arbiter
            && matches!(
                e.msg,
                Msg::Adjudication {
                    stage: AdjudicationStage::ToAdjudicator,
                    ..
                }
            )));
        let g = h.record.unwrap();
        let g = set_result(&g, GameResult::WhiteWins, Termination::Adjudication)
            .record
            .unwrap();
        assert_eq!(g.result, Some(GameResult::WhiteWins));
    }

    fn post_game() -> GameRecord {
        let mut g = game();
        g.params = Params::for_mode(Mode::Post);
        g
    }

    #[test]
    fn post_dates_come_from_the_players_reports() {
        // White posts 1. e4 on 2 March (declared Е), reported on 3 March.
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        assert_eq!(g.moves[0].sent, day("2026-03-02"));
        // Black: the card (postmarked 2.3.) arrived 5.3. (Д), answered 9.3. (Е): Ж = 9 − 5 − 1 = 3.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 2.3. – 5.3. – 9.3.",
            "2026-03-10",
        );
        assert_eq!(
            (g.moves[1].received, g.moves[1].sent),
            (day("2026-03-05"), day("2026-03-09"))
        );
        assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
    }

    #[test]
    fn post_the_receivers_postmark_prevails_over_the_declared_sending_date() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        // Black reports the postmark on White's card as 4 March, not 2 March.
        let h = handle_letter(
            &g,
            Color::Black,
            "1. e2-e4 e7-e5; 4.3. – 6.3. – 9.3.",
            day("2026-03-10"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.moves[0].sent, day("2026-03-04"));
        let told: Vec<Role> = h
            .effects
            .iter()
            .filter(|e| matches!(e.msg, Msg::DateDisagreement { .. }))
            .map(|e| e.to)
            .collect();
        assert_eq!(told, [Role::Black, Role::White, Role::Arbiter]);
    }

    /// White never moved: by 5 March the bot has filed a claim (Art. 27/31) and paused.
    fn claimed() -> GameRecord {
        let g = handle_tick(&game(), day("2026-03-05")).record.unwrap();
        assert_eq!(g.status, Status::AwaitingDecision);
        g
    }

    #[test]
    fn art_36_note_3_an_admitted_overstep_takes_effect_at_once() {
        let h = handle_letter(
            &claimed(),
            Color::White,
            "I admit the overstep.",
            day("2026-03-06"),
        );
        let g = h.record.unwrap();
        assert_eq!(
            g.result,
            Some(GameResult::BlackWins),
            "email: the first overstep loses (Art. 29)"
        );
        assert_eq!(g.termination, Some(Termination::Overstep));
    }

    #[test]
    fn art_34_the_player_claimed_for_may_withdraw_the_claim() {
        let h = handle_letter(
            &claimed(),
            Color::Black,
            "Оттеглям рекламацията.",
            day("2026-03-06"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::Playing);
        assert_eq!(g.result, None);
        // The offender himself cannot withdraw it.
        let h = handle_letter(
            &claimed(),
            Color::White,
            "withdraw claim",
            day("2026-03-06"),
        );
        assert!(h.record.is_none());
    }

    #[test]
    fn art_39_objection_within_7_days_of_the_decision() {
        let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
            .unwrap()
            .record
            .unwrap();
        assert!(
            handle_letter(
                &g,
                Color::White,
                "Възражение: пощата закъсня.",
                day("2026-03-13")
            )
            .record
            .is_some()
        );
        let late = handle_letter(&g, Color::White, "Възражение", day("2026-03-14"));
        assert!(
            late.record.is_none(),
            "8 days after the decision is too late"
        );
        assert_eq!(late.effects[0].kind, Kind::Error);
    }

    #[test]
    fn art_40_an_unfounded_player_claim_rejected_costs_the_claimant_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::White, "claim overstep", day("2026-01-14"));
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::AwaitingDecision);
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::OverstepClaim)
        );
        let g = decide_claim(&g, None, false, day("2026-01-15"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!(g.penalty_days(Color::White), 5);
        assert_eq!(g.status, Status::Playing);
    }

    #[test]
    fn art_39_an_objection_upheld_undoes_the_loss() {
        let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!(g.result, Some(GameResult::BlackWins));
        let g = handle_letter(
            &g,
            Color::White,
            "Objection: the server was down.",
            day("2026-03-08"),
        )
        .record
        .unwrap();
        let g = decide_claim(&g, None, false, day("2026-03-10"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!((g.result, g.status), (None, Status::Playing));
    }

    #[test]
    fn art_20_an_impossible_move_never_enters_the_record_so_no_replay_is_ever_needed() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "1... e7-e4", day("2026-01-13"));
        let next = h.record.unwrap();
        assert_eq!(
            next.moves, g.moves,
            "checked on arrival: the record holds legal moves only"
        );
        assert_eq!(replay(&next.moves).1.len(), next.moves.len());
    }

    #[test]
    fn art_22_the_arbiter_penalises_an_unfounded_complaint_citing_the_article() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = arbiter_penalty(
            &g,
            Color::Black,
            5,
            "Art. 22: unfounded complaint about 1. e2-e4",
            day("2026-01-14"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.penalty_days(Color::Black), 5);
        assert_eq!(g.penalties[0].article, "22");
        assert_eq!(h.effects.len(), 3, "both players and the arbiter are told");
    }

    #[test]
    fn art_10_declining_a_variant_then_playing_it_move_by_move_costs_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        // White declines the line explicitly, then plays its move anyway.
        let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
        assert_eq!(
            g.sans(),
            ["e4", "e5", "Nf3"],
            "a declined line is not played automatically"
        );
        assert_eq!(g.penalty_days(Color::White), 5);
        assert_eq!(g.penalties[0].article, "10");
    }

    #[test]
    fn art_10_declining_a_variant_and_playing_otherwise_costs_nothing() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "decline\n2. d2-d4", "2026-01-15");
        assert_eq!(g.penalty_days(Color::White), 0);
    }

    #[test]
    fn art_10_a_longer_declined_line_played_move_by_move_costs_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        // Black offers two moves for each side: 2. Nf3 Nc6 3. Bb5 a6.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
        assert_eq!(g.penalty_days(Color::White), 0, "not yet the whole line");
        let g = play(g, Color::Black, "2... Кb8-c6", "2026-01-16");
        let g = play(g, Color::White, "3. Оf1-b5", "2026-01-18");
        assert_eq!(g.penalty_days(Color::White), 5);
    }

    #[test]
    fn art_55_an_appeal_within_7_days_goes_to_the_second_adjudicator() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
            .record
            .unwrap();
        let g = adjudicate(&g, GameResult::Draw, day("2027-01-20"))
            .record
            .unwrap();
        // Black sent no proposal: no right of appeal (Art. 52 note 2).
        let h = handle_letter(&g, Color::Black, "I appeal", day("2027-01-21"));
        assert!(h.record.is_none());
        // White appeals in time; later is too late.
        let h = handle_letter(
            &g,
            Color::White,
            "Обжалвам присъждането.",
            day("2027-01-27"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::Adjudication)
        );
        assert_eq!(h.record.unwrap().adjudication.unwrap().appeals.len(), 1);
        assert!(
            handle_letter(&g, Color::White, "appeal", day("2027-01-28"))
                .record
                .is_none()
        );
    }

    #[test]
    fn post_a_receipt_report_starts_the_running_clock() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        let before = g.clocks(day("2026-03-20")).black.running_days;
        // Black reports the card arrived on 6 March (Д), no move yet.
        let g = handle_letter(
            &g,
            Color::Black,
            "Получих хода на 6.3.2026",
            day("2026-03-07"),
        )
        .record
        .unwrap();
        let after = g.clocks(day("2026-03-20")).black.running_days;
        assert_eq!(
            before, None,
            "post: no running clock before the receipt is known"
        );
        assert_eq!(
            after,
            Some(13),
            "7–20 March after a receipt on 6 March: N = 14 → 13 days"
        );
    }

    #[test]
    fn post_a_missing_receipt_date_is_derived_from_sending_date_and_time_used() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        // Black writes Е = 9.3. and Ж = 3 days but no Д: Д = 9 − 3 − 1 = 5 March.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 9.3.2026 = 3 дни",
            "2026-03-10",
        );
        assert_eq!(
            (g.moves[1].received, g.moves[1].sent),
            (day("2026-03-05"), day("2026-03-09"))
        );
        assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
    }

    #[test]
    fn art_51_post_players_are_reminded_to_send_their_score_before_the_end_date() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        let end = day("2026-12-31");
        assert!(handle_end(&g, end, day("2026-12-16")).record.is_none());
        let h = handle_end(&g, end, day("2026-12-17"));
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::Reminder)
                .count(),
            2
        );
        let g = h.record.unwrap();
        assert!(
            handle_end(&g, end, day("2026-12-20")).record.is_none(),
            "once"
        );
        // Email games get no such reminder.
        let e = play(game(), Color::White, "1. e2-e4", "2026-03-03");
        assert!(handle_end(&e, end, day("2026-12-20")).record.is_none());
    }

    #[test]
    fn art_57_a_sanction_may_be_appealed_within_7_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = arbiter_penalty(
            &g,
            Color::Black,
            10,
            "unsporting behaviour",
            day("2026-01-14"),
        )
        .record
        .unwrap();
        let h = handle_letter(
            &g,
            Color::Black,
            "I appeal against the penalty.",
            day("2026-01-20"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::Decision)
        );
        assert_eq!(h.record.unwrap().sanction_appeals.len(), 1);
        let late = handle_letter(&g, Color::Black, "I appeal", day("2026-01-22"));
        assert!(late.record.is_none(), "8 days later is too late");
    }

    #[test]
    fn s707_a_claim_the_tablebase_proves_ends_the_game_one_it_refutes_goes_to_the_arbiter() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim win",
            day("2026-01-13"),
            Some(Proof::WinFor(Color::Black)),
        );
        let won = h.record.unwrap();
        assert_eq!(
            (won.result, won.termination),
            (Some(GameResult::BlackWins), Some(Termination::Tablebase))
        );
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim draw",
            day("2026-01-13"),
            Some(Proof::Draw),
        );
        assert_eq!(h.record.unwrap().result, Some(GameResult::Draw));
        // The tablebase says White wins: Black's claim of a win is the arbiter's to judge.
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim win",
            day("2026-01-13"),
            Some(Proof::WinFor(Color::White)),
        );
        assert!(h.record.as_ref().is_none_or(|r| r.result.is_none()));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
        );
    }

    #[test]
    fn s707_the_opponent_agreeing_to_a_draw_claim_makes_it_the_result() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(
            &g,
            Color::Black,
            "claim draw: the position is a fortress",
            day("2026-01-13"),
        );
        let msg = h
            .effects
            .iter()
            .find(|e| e.to == Role::Arbiter)
            .map(|e| e.msg.clone());
        assert!(
            matches!(msg, Some(Msg::Claim { ref explanation, .. }) if explanation.contains("fortress"))
        );
        let g = h.record.unwrap();
        let g = play(g, Color::White, "accept draw", "2026-01-14");
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Agreement))
        );
    }

    #[test]
    fn a_threefold_claim_sent_with_the_move_that_repeats_is_verified() {
        let g = alternate(
            game(),
            &[
                "1. Кg1-f3",
                "1... Кg8-f6",
                "2. Кf3-g1",
                "2... Кf6-g8",
                "3. Кg1-f3",
                "3... Кg8-f6",
                "4. Кf3-g1",
            ],
            "2026-01-12",
        );
        // Black's move repeats the start position a third time; he claims in the same letter.
        let g = play(g, Color::Black, "4... Кf6-g8\nclaim draw", "2026-01-13");
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Repetition))
        );
    }

    #[test]
    fn art_52_proposals_are_read_as_whole_tokens() {
        assert_eq!(
            proposal("I propose a draw (sent 2027-01-03)"),
            Some(GameResult::Draw)
        );
        assert_eq!(
            proposal("withdraw nothing, 1-0 is right"),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(proposal("see my letter of 2027-10-15"), None);
        assert_eq!(proposal("0-1."), Some(GameResult::BlackWins));
    }

    #[test]
    fn stalemate_ends_the_game_as_a_draw() {
        // Sam Loyd's ten-move stalemate, in English notation.
        let mut g = game();
        g.notation = Notation::En;
        let moves = [
            "e2-e3", "a7-a5", "Qd1-h5", "Ra8-a6", "Qh5xa5", "h7-h5", "h2-h4", "Ra6-h6", "Qa5xc7",
            "f7-f6", "Qc7xd7", "Ke8-f7", "Qd7xb7", "Qd8-d3", "Qb7xb8", "Qd3-h7", "Qb8xc8",
            "Kf7-g6", "Qc8-e6",
        ];
        for (i, m) in moves.iter().enumerate() {
            g = play(
                g,
                if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                m,
                "2026-01-12",
            );
        }
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Stalemate))
        );
    }

    #[test]
    fn a_draw_offer_without_a_move_and_its_declining() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(
            &g,
            Color::Black,
            "I offer a draw. offer draw",
            day("2026-01-13"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::White && e.msg == Msg::DrawOffer)
        );
        let g = h.record.unwrap();
        assert_eq!(g.draw_offer, Some(Color::Black));
        let h = handle_letter(&g, Color::White, "decline draw", day("2026-01-14"));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Black && e.msg == Msg::DrawDeclined)
        );
        assert_eq!(h.record.unwrap().draw_offer, None);
    }

    #[test]
    fn fifty_moves_without_a_capture_or_pawn_move_a_claim_is_verified() {
        // 100 half-moves of pieces only, never the same position twice, then a claim.
        let mut g = game();
        let mut pos = Chess::default();
        let mut seen = std::collections::HashSet::new();
        let key = |p: &Chess| -> Zobrist64 { p.zobrist_hash(EnPassantMode::Legal) };
        seen.insert(key(&pos));
        // Open the bishops' and queens' diagonals first: 1. e3 e6 (pawn moves reset the count).
        for m in ["e2-e3", "e7-e6"] {
            let c = pos.turn();
            g = play(g, c, m, "2026-01-12");
            pos = g.position();
            seen.insert(key(&pos));
        }
        for _ in 0..100 {
            let mv = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.role() != shakmaty::Role::Pawn && !m.is_capture())
                .find(|m| {
                    let mut p = pos.clone();
                    p.play_unchecked(*m);
                    !seen.contains(&key(&p)) && p.outcome() == Outcome::Unknown
                })
                .expect("a fresh quiet move");
            let text = notation::render_full(&pos, &mv, g.notation);
            let c = pos.turn();
            g = play(g, c, &text, "2026-01-13");
            pos = g.position();
            seen.insert(key(&pos));
        }
        assert!(pos.halfmoves() >= 100);
        let c = pos.turn();
        let h = handle_letter(&g, c, "claim draw", day("2026-01-14"));
        let g = h.record.unwrap();
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::FiftyMoves))
        );
    }

    #[test]
    fn insufficient_material_ends_the_game_automatically() {
        use shakmaty::CastlingMode;
        let fen: Fen = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(
            ended_by_position(&pos),
            Some((GameResult::Draw, Termination::InsufficientMaterial))
        );
        let fen: Fen = "8/8/4k3/8/8/3K4/8/7N w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(
            ended_by_position(&pos),
            Some((GameResult::Draw, Termination::InsufficientMaterial))
        );
    }
}

fn adjudication_msg(rec: &GameRecord, a: &Adjudication, stage: AdjudicationStage) -> Msg {
    let side = |i: usize| if i == 0 { "White" } else { "Black" };
    Msg::Adjudication {
        stage,
        deadline: a.asked_on + chrono::Duration::days(PROPOSAL_DAYS),
        proposals: a
            .proposals
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Some((r, words)) => format!("{}: {} — {}", side(i), r.pgn(), words.trim()),
                None => format!("{}: —", side(i)),
            })
            .collect(),
        score: rec.sans().join(" "),
        diagram: rec.position_diagram(),
    }
}

/// A result proposal in a letter (Art. 52): `1-0`, `0-1`, `1/2-1/2`, `½-½` or a draw word.
fn proposal(text: &str) -> Option<GameResult> {
    let lower = text.to_lowercase();
    // Whole tokens only: `1-0` inside a date (2027-01-03) or `draw` inside `withdraw` are not
    // proposals. Draws first: `1/2-1/2` contains `2-1`.
    let whole = |token: &str| {
        lower.match_indices(token).any(|(i, _)| {
            let before = lower[..i].chars().next_back();
            let after = lower[i + token.len()..].chars().next();
            let joins =
                |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '/');
            !joins(before) && !joins(after)
        })
    };
    for (token, r) in [
        ("1/2-1/2", GameResult::Draw),
        ("½-½", GameResult::Draw),
        ("реми", GameResult::Draw),
        ("ничья", GameResult::Draw),
        ("ничью", GameResult::Draw),
        ("draw", GameResult::Draw),
        ("remis", GameResult::Draw),
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
    ] {
        if whole(token) {
            return Some(r);
        }
    }
    None
}

/// A letter about a game waiting for adjudication: a proposal, or a request for one.
fn adjudication_letter(rec: &GameRecord, a: &Adjudication, from: Color, text: &str) -> Handled {
    let sender = Role::of(from);
    // A resignation still ends the game (the end date stops play, not resigning).
    if letter::read_letter(text, rec.notation, false, a.asked_on)
        .commands
        .contains(&Command::Resign)
    {
        return set_result(rec, win_for(from.other()), Termination::Resignation);
    }
    let Some(result) = proposal(text) else {
        return Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Adjudication,
            msg: adjudication_msg(rec, a, AdjudicationStage::Ask),
        }]);
    };
    let mut next = rec.clone();
    let mut adj = a.clone();
    let idx = if from == Color::White { 0 } else { 1 };
    adj.proposals[idx] = Some((result, text.chars().take(2000).collect()));
    let mut effects = Vec::new();
    // Art. 53 note: equal proposals from both players are the result.
    if let [Some((w, _)), Some((b, _))] = &adj.proposals
        && w == b
    {
        let agreed = *w;
        next.adjudication = Some(adj.clone());
        next.finish(agreed, Termination::Adjudication);
        ended_effects(&mut effects, agreed, Termination::Adjudication);
        return Handled::changed(next, effects);
    }
    effects.push(Effect {
        to: sender,
        kind: Kind::Adjudication,
        msg: adjudication_msg(rec, &adj, AdjudicationStage::Recorded),
    });
    next.adjudication = Some(adj);
    Handled::changed(next, effects)
}

/// The end of the tournament for one game (Art. 49–53): on the end date an unfinished game
/// stops and its players are asked for proposals; after 15 days the material goes to the
/// adjudicator (the arbiter's address, who decides with `result GAME … adjudication`).
pub fn handle_end(rec: &GameRecord, end: Day, today: Day) -> Handled {
    if rec.status == Status::Finished {
        return Handled::unchanged(Vec::new());
    }
    // Art. 51 (`post`): without a score sent by the end date both players lose; they are
    // reminded two weeks before.
    if rec.params.mode == super::model::Mode::Post
        && !rec.end_reminded
        && rec.adjudication.is_none()
        && today < end
        && today + chrono::Duration::days(END_REMINDER_DAYS) >= end
    {
        let mut next = rec.clone();
        next.end_reminded = true;
        let msg = Msg::Announcement {
            text: format!("art51:{end}"),
        };
        let effects = [Role::White, Role::Black]
            .into_iter()
            .map(|to| Effect {
                to,
                kind: Kind::Reminder,
                msg: msg.clone(),
            })
            .collect();
        return Handled::changed(next, effects);
    }
    match &rec.adjudication {
        None if today >= end => start_adjudication(rec, today),
        // Proposals are due 15 days after they were asked for (at the end date, or earlier
        // for a game sent to adjudication by Art. 48).
        Some(a)
            if a.forwarded_on.is_none()
                && today >= a.asked_on + chrono::Duration::days(PROPOSAL_DAYS) =>
        {
            let mut next = rec.clone();
            let mut a = a.clone();
            a.forwarded_on = Some(today);
            let msg = adjudication_msg(rec, &a, AdjudicationStage::ToAdjudicator);
            let effects = [Role::Arbiter, Role::White, Role::Black]
                .into_iter()
                .map(|to| Effect {
                    to,
                    kind: Kind::Adjudication,
                    msg: msg.clone(),
                })
                .collect();
            next.adjudication = Some(a);
            Handled::changed(next, effects)
        }
        _ => Handled::unchanged(Vec::new()),
    }
}

/// Stops a game for adjudication (Art. 52: at the end date; Art. 48: a player's serious
/// illness or death): the players are asked for their proposals within 15 days.
pub fn start_adjudication(rec: &GameRecord, today: Day) -> Handled {
    let mut next = rec.clone();
    let a = Adjudication {
        asked_on: today,
        proposals: [None, None],
        forwarded_on: None,
        decided_on: None,
        appeals: Vec::new(),
    };
    let msg = adjudication_msg(rec, &a, AdjudicationStage::Ask);
    let effects = tell_all(Kind::Adjudication, &msg);
    next.status = Status::Adjudication;
    next.adjudication = Some(a);
    Handled::changed(next, effects)
}

/// The first day on which the daily tick would have something to do for this game as it
/// stands (a notice, a claim, a reminder), searched up to `horizon` days after its last event;
/// `None` when nothing is due in that span. The tick is monotone in the day — whatever is due
/// by a day is still due, unissued, on every later day — so a binary search finds it. The shell
/// stores it so the daily sweep reads only the games that are due (the end date of the
/// tournament is checked separately).
pub fn next_due(rec: &GameRecord, horizon: i64) -> Option<Day> {
    if rec.status == Status::Finished || rec.adjudication.is_some() {
        return None;
    }
    let base = rec.moves.last().map_or(rec.start, |m| m.sent);
    let base = rec
        .clock
        .issued
        .iter()
        .map(|i| i.due)
        .chain(std::iter::once(base))
        .max()
        .unwrap_or(base);
    // The same question as `!handle_tick(rec, d).effects.is_empty()`, without building the
    // claims' evidence (tested to agree in tests/tick_due.rs).
    let game = rec.clock_game();
    let busy = |d: Day| tick::sends_anything(&game, d);
    let (mut lo, mut hi) = (0_i64, horizon);
    if !busy(base + chrono::Duration::days(hi)) {
        return None;
    }
    // Invariant: not busy at lo - 1 … (unknown at lo), busy at hi.
    while lo < hi {
        let mid = (lo + hi) / 2;
        if busy(base + chrono::Duration::days(mid)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(base + chrono::Duration::days(lo))
}

/// `post` mode (RULES.md §2, §3): the dates of a move come from the players' own reports —
/// Д (the arrival postmark of the opponent's card) and Е (the sending postmark of his own).
/// The receiver's Г (the postmark on the opponent's card) is checked against the sender's
/// declared Е; where they differ, the postmark stands and everyone is told.
fn post_dates(
    next: &mut GameRecord,
    from: Color,
    letter: &Letter,
    today: Day,
    effects: &mut Vec<Effect>,
) -> (Day, Day) {
    if let (Some(reported), Some(last)) = (letter.dates.letter, next.moves.last_mut())
        && reported != last.sent
        && reported >= last.received
        && reported <= today
    {
        let declared = last.sent;
        last.sent = reported;
        let ply = next.moves.len() - 1;
        let msg = Msg::DateDisagreement {
            number: clock::ply_number(ply),
            mover: Role::of(from.other()),
            declared,
            reported,
        };
        for to in [Role::of(from), Role::of(from.other()), Role::Arbiter] {
            effects.push(Effect {
                to,
                kind: Kind::Notice,
                msg: msg.clone(),
            });
        }
    }
    // The receipt is checked against the corrected sending day (Г prevails over Е).
    let started = next.clock_started();
    let first = next.moves.is_empty();
    let sent = letter
        .dates
        .sent
        .filter(|d| *d <= today + chrono::Duration::days(1))
        .unwrap_or(today);
    // Д missing: derived from Е and Ж when both are written (post: Ж = Е − Д − 1), so
    // transit time is not charged (Art. 23 А); else the opponent's sending date.
    let received = if first {
        started
    } else {
        letter
            .dates
            .received
            .or_else(|| {
                letter
                    .time_used
                    .map(|t| sent - chrono::Duration::days(i64::from(t) + 1))
            })
            .filter(|d| *d >= started)
            .unwrap_or(started)
    };
    let sent = sent.max(received);
    (received, sent)
}

/// What a player may say about an overstep claim (Art. 34–40).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClaimWord {
    /// Art. 35, 36: the player claims his opponent's overstep himself.
    File,
    /// Art. 36 note 3: the offender admits it — in force at once.
    Admit,
    /// Art. 39: the offender objects to a confirmed overstep within 7 days.
    Object,
    /// Art. 34, 37 note: the player on whose behalf it was claimed withdraws it.
    Withdraw,
}

fn claim_word(text: &str) -> Option<ClaimWord> {
    let t = text.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
    if has(&[
        "withdraw claim",
        "withdraw the claim",
        "оттеглям рекламацията",
        "отзываю рекламацию",
        "снимаю рекламацию",
    ]) {
        Some(ClaimWord::Withdraw)
    } else if has(&[
        "admit overstep",
        "admit the overstep",
        "признавам просрочването",
        "признавам просрочка",
        "признаю просрочку",
        "признаю превышение",
    ]) {
        Some(ClaimWord::Admit)
    } else if has(&[
        "objection",
        "i object",
        "възражение",
        "възразявам",
        "возражение",
        "возражаю",
    ]) {
        Some(ClaimWord::Object)
    } else if has(&[
        "claim overstep",
        "overstep claim",
        "рекламация за просрочване",
        "рекламирам просрочване",
        "рекламация о просрочке",
        "заявляю просрочку",
    ]) {
        Some(ClaimWord::File)
    } else {
        None
    }
}

/// A letter about an overstep claim: filed by a player, admitted, objected to, withdrawn.
/// `None` when the letter says none of these (it is then read as an ordinary letter).
fn claim_letter(rec: &GameRecord, from: Color, text: &str, today: Day) -> Option<Handled> {
    let word = claim_word(text)?;
    // A letter with a move is a move letter: words in its prose ("no objection") must never
    // cost the player his move.
    if !letter::read_letter(text, rec.notation, rec.params.allow_numeric, today)
        .items
        .is_empty()
    {
        return None;
    }
    if rec.status == Status::Finished && word != ClaimWord::Object {
        return None;
    }
    let mut next = rec.clone();
    let sender = Role::of(from);
    let last_against = |c: Color, status: clock::OverstepStatus| {
        rec.clock
            .oversteps
            .iter()
            .rposition(|o| o.color == c && o.status == status)
    };
    let outcome: Result<(clock::DecisionEffect, &str), String> = match word {
        ClaimWord::File => {
            let report = rec.clocks(today);
            let side = report.side(from.other());
            next.clock
                .file_claim(
                    &rec.params,
                    from.other(),
                    side.move_number,
                    clock::OverstepGround::Period,
                    clock::Claimant::Player(from),
                    today,
                    side.total_days,
                    side.allowance,
                )
                .map(|(_, e)| (e, "claim-filed"))
                .map_err(|e| e.to_string())
        }
        ClaimWord::Admit => match last_against(from, clock::OverstepStatus::Claimed) {
            Some(i) => next
                .clock
                .admit(&rec.params, i, today)
                .map(|e| (e, "admitted"))
                .map_err(|e| e.to_string()),
            None => Err("no pending overstep claim against you".into()),
        },
        ClaimWord::Object => match last_against(from, clock::OverstepStatus::Confirmed) {
            Some(i) => next
                .clock
                .object(i, today)
                .map(|()| (clock::DecisionEffect::default(), "objection"))
                .map_err(|e| e.to_string()),
            None => Err("no confirmed overstep of yours to object to".into()),
        },
        ClaimWord::Withdraw => match last_against(from.other(), clock::OverstepStatus::Claimed) {
            Some(i) => next
                .clock
                .withdraw(i, from, today)
                .map(|e| (e, "withdrawn"))
                .map_err(|e| e.to_string()),
            None => Err("no pending overstep claim to withdraw".into()),
        },
    };
    let mut effects = Vec::new();
    match outcome {
        Err(why) => {
            effects.push(Effect {
                to: sender,
                kind: Kind::Error,
                msg: Msg::Announcement {
                    text: format!("{why}."),
                },
            });
            return Some(Handled {
                record: None,
                effects,
                requests: Vec::new(),
            });
        }
        Ok((effect, what)) => {
            if next.clock.awaiting_decision().is_some() {
                next.status = Status::AwaitingDecision;
            } else if next.status == Status::AwaitingDecision {
                next.status = Status::Playing;
            }
            let msg = Msg::Decision {
                text: format!(
                    "player-{what}:{}",
                    if from == Color::White {
                        "white"
                    } else {
                        "black"
                    }
                ),
            };
            for to in [Role::White, Role::Black, Role::Arbiter] {
                effects.push(Effect {
                    to,
                    kind: if word == ClaimWord::File {
                        Kind::OverstepClaim
                    } else {
                        Kind::Decision
                    },
                    msg: msg.clone(),
                });
            }
            if let Some(p) = effect.penalty {
                next.penalties.push(p);
            }
            if let Some(loser) = effect.loser {
                next.finish(win_for(loser.other()), Termination::Overstep);
                ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
            }
        }
    }
    Some(Handled::changed(next, effects))
}

/// The first article cited in a text: `Art. 22`, `чл. 22`, `ст. 22`.
fn cited_article(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for key in ["art.", "чл.", "ст."] {
        if let Some(i) = lower.find(key) {
            let digits: String = lower[i + key.len()..]
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if !digits.is_empty() {
                return Some(digits);
            }
        }
    }
    None
}

/// Art. 47 А: a game of a player removed from the tournament (he withdrew without ever
/// moving): it ends without a result and does not count.
pub fn remove(rec: &GameRecord) -> Handled {
    let mut next = rec.clone();
    next.status = Status::Finished;
    next.result = None;
    next.termination = Some(Termination::Removed);
    next.draw_offer = None;
    next.variant = None;
    let msg = Msg::Announcement {
        text: "Art. 47 А".into(),
    };
    let effects = tell_all(Kind::GameOver, &msg);
    Handled::changed(next, effects)
}

/// `post`: days before the end date on which the players are reminded of Art. 51.
pub const END_REMINDER_DAYS: i64 = 14;

/// Days to appeal an adjudication to the second adjudicator (Art. 55).
pub const APPEAL_DAYS: i64 = 7;

/// The adjudicator's decision (Art. 53): the result, told to the players; appeals within 7
/// days (Art. 55).
pub fn adjudicate(rec: &GameRecord, result: GameResult, today: Day) -> Handled {
    let mut h = set_result(rec, result, Termination::Adjudication);
    if let Some(next) = &mut h.record {
        let a = next.adjudication.get_or_insert_with(|| Adjudication {
            asked_on: today,
            proposals: [None, None],
            forwarded_on: None,
            decided_on: None,
            appeals: Vec::new(),
        });
        a.decided_on = Some(today);
    }
    h
}

/// Art. 55: an appeal within 7 days of the adjudication goes to the second adjudicator (the
/// arbiter's address), whose decision is final; a player who sent no proposal within the 15
/// days has no right of appeal (Art. 52 note 2).
fn appeal_letter(rec: &GameRecord, from: Color, text: &str, today: Day) -> Option<Handled> {
    let t = text.to_lowercase();
    if ![
        "appeal",
        "обжалвам",
        "обжалване",
        "обжалую",
        "апелляци",
        "обжаловани",
    ]
    .iter()
    .any(|w| t.contains(w))
    {
        return None;
    }
    let a = rec.adjudication.as_ref()?;
    let sender = Role::of(from);
    let idx = if from == Color::White { 0 } else { 1 };
    let refuse = |why: &str| {
        Some(Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Error,
            msg: Msg::Announcement {
                text: why.to_string(),
            },
        }]))
    };
    if a.proposals[idx].is_none() {
        return refuse(
            "Art. 52 note 2: no proposal was sent within the 15 days, so there is no right of appeal.",
        );
    }
    match a.decided_on {
        Some(d) if today <= d + chrono::Duration::days(APPEAL_DAYS) => {}
        Some(d) => {
            return refuse(&format!(
                "Art. 55: the 7 days for an appeal ended on {}.",
                d + chrono::Duration::days(APPEAL_DAYS)
            ));
        }
        None => return refuse("Art. 55: there is no adjudication decision to appeal yet."),
    }
    let mut next = rec.clone();
    if let Some(adj) = &mut next.adjudication {
        adj.appeals.push((Role::of(from), today));
    }
    let msg = Msg::Announcement {
        text: format!(
            "Art. 55: {} appeals the adjudication of {}; the second adjudicator decides, finally.",
            if from == Color::White {
                "White"
            } else {
                "Black"
            },
            rec.id
        ),
    };
    let effects = [Role::Arbiter, Role::White, Role::Black]
        .into_iter()
        .map(|to| Effect {
            to,
            kind: Kind::Adjudication,
            msg: msg.clone(),
        })
        .collect();
    Some(Handled::changed(next, effects))
}

/// Art. 57: a player may appeal a sanction of the arbiter (penalty days, Art. 56) to the
/// Board within 7 days; the appeal is recorded with its date and told to the arbiter (who
/// forwards it), the game goes on meanwhile.
fn sanction_appeal(rec: &GameRecord, from: Color, text: &str, today: Day) -> Option<Handled> {
    let t = text.to_lowercase();
    if !["appeal", "обжалвам", "обжалую", "обжалване"]
        .iter()
        .any(|w| t.contains(w))
    {
        return None;
    }
    let (idx, p) = rec
        .penalties
        .iter()
        .enumerate()
        .rev()
        .find(|(_, p)| p.color == from && p.article != "17")?;
    // A letter with a move is a move letter: "appeal" in its prose must not swallow the move.
    if !letter::read_letter(text, rec.notation, rec.params.allow_numeric, today)
        .items
        .is_empty()
    {
        return None;
    }
    let sender = Role::of(from);
    if today > p.date + chrono::Duration::days(APPEAL_DAYS) {
        let why = format!(
            "Art. 57: the 7 days for an appeal against the sanction of {} ended on {}.",
            p.date,
            p.date + chrono::Duration::days(APPEAL_DAYS)
        );
        return Some(Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Error,
            msg: Msg::Announcement { text: why },
        }]));
    }
    let mut next = rec.clone();
    next.sanction_appeals.push((sender, today, idx));
    let msg = Msg::Announcement {
        text: format!(
            "Art. 57: {} appeals the sanction of {} ({:+} days, Art. {}: {}) to the Board.",
            if from == Color::White {
                "White"
            } else {
                "Black"
            },
            p.date,
            p.days,
            p.article,
            p.reason
        ),
    };
    let effects = vec![
        Effect {
            to: Role::Arbiter,
            kind: Kind::Decision,
            msg: msg.clone(),
        },
        Effect {
            to: sender,
            kind: Kind::Ack,
            msg,
        },
    ];
    Some(Handled::changed(next, effects))
}

/// Longest dead time of a team replacement (Art. 47 Б).
pub const REPLACEMENT_DAYS: i64 = 30;

/// Art. 47 Б: the withdrawn player `old` is replaced in this game by `new`; from the notice
/// until the new player's first move, at most 30 days, is dead time for both clocks.
pub fn replace_player(rec: &GameRecord, old: &str, new: &str, today: Day) -> Option<Handled> {
    let color = rec.color_of(old)?;
    let mut next = rec.clone();
    match color {
        Color::White => next.white = new.to_string(),
        Color::Black => next.black = new.to_string(),
    }
    next.suspensions.push(Suspension {
        color: None,
        from: today,
        to: today + chrono::Duration::days(REPLACEMENT_DAYS - 1),
    });
    next.replacement = Some((color_index(color), today));
    let msg = Msg::Announcement {
        text: format!("replaced:{old}:{new}"),
    };
    Some(Handled::changed(next, tell_all(Kind::Decision, &msg)))
}

fn color_index(c: Color) -> u8 {
    if c == Color::White { 0 } else { 1 }
}

/// Art. 47 Б: the dead time of a replacement ends with the new player's first move.
fn end_replacement_dead_time(next: &mut GameRecord, from: Color, today: Day) {
    let Some((who, since)) = next.replacement else {
        return;
    };
    if who != color_index(from) {
        return;
    }
    next.replacement = None;
    for s in next
        .suspensions
        .iter_mut()
        .filter(|s| s.color.is_none() && s.from == since)
    {
        s.to = today.pred_opt().unwrap_or(today).max(since);
        if s.to < s.from {
            s.to = s.from;
        }
    }
    next.suspensions
        .retain(|s| !(s.color.is_none() && s.from == since && today <= since));
}

/// Art. 56: an overstep declared by the arbiter as a sanction — in force at once: `email` (or a
/// second one in `post`) loses the game, a first one in `post` restarts the count (Art. 30).
pub fn declare_overstep(rec: &GameRecord, color: Color, today: Day) -> Result<Handled, String> {
    let mut next = rec.clone();
    let side = rec.clocks(today);
    let s = side.side(color);
    let (_, effect) = next
        .clock
        .file_claim(
            &rec.params,
            color,
            s.move_number,
            clock::OverstepGround::Sanction,
            clock::Claimant::Arbiter,
            today,
            s.total_days,
            s.allowance,
        )
        .map_err(|e| e.to_string())?;
    let msg = Msg::Decision {
        text: format!(
            "declared:{}",
            if color == Color::White {
                "white"
            } else {
                "black"
            }
        ),
    };
    let mut effects = tell_all(Kind::Decision, &msg);
    if let Some(loser) = effect.loser {
        next.finish(win_for(loser.other()), Termination::Overstep);
        ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
    }
    Ok(Handled::changed(next, effects))
}
