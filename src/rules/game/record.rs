//! The official record of one game (Art. 24: White's time runs from the start date): its
//! status, moves, penalties and suspensions, the replay of its moves and what the rest of the
//! core reads of it (position, clocks, lines for replies).

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::rules::clock::{self, ClockGame, ClockReport, ClockState};
use crate::rules::model::{Day, GameResult, Notation, Params, Penalty, PlayedMove, Suspension};
use crate::rules::notation;
use crate::rules::tick::Recipient;

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
    /// Art. 47 А: the player withdrew after moving; his unfinished games are lost (unplayed).
    Withdrawal,
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
    /// A game of a tournament in stages (RULES.md §12a): its round, stage and the round's end
    /// date, which stands for the tournament's end date (Art. 49–55) for this game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<GameRound>,
}

/// The round of a game in a tournament in stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRound {
    pub number: u32,
    pub stage: crate::rules::stage::StageKind,
    pub end: Day,
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
    /// The adjudicator was reminded that his 15 days had run out (Art. 53).
    #[serde(default)]
    pub reminded: bool,
    /// The decision recorded after an appeal: the second adjudicator's, final (Art. 55).
    #[serde(default)]
    pub final_decision: bool,
}

impl Adjudication {
    /// An adjudication whose players were asked for their proposals on `asked_on`, nothing
    /// else of it happened yet.
    pub fn asked(asked_on: Day) -> Adjudication {
        Adjudication {
            asked_on,
            proposals: [None, None],
            forwarded_on: None,
            decided_on: None,
            appeals: Vec::new(),
            reminded: false,
            final_decision: false,
        }
    }
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
    /// SAN with English letters (`Nf3`): shown beside `text` to a recipient whose language
    /// writes other piece letters than the tournament's notation.
    #[serde(default)]
    pub san: String,
    pub received: Day,
    pub sent: Day,
    pub days: u32,
    /// Played automatically from the mover's conditional line (Art. 32).
    pub from_variant: bool,
}
pub(super) fn replay(moves: &[PlayedMove]) -> (Chess, Vec<Move>) {
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
    /// How the game stands for the standings: a game the record says was forfeited (or lost
    /// by withdrawal) counts as a forfeit, an unfinished one as unfinished.
    pub fn standings_outcome(&self) -> crate::rules::standings::Outcome {
        use crate::rules::standings::Outcome;
        let forfeit = matches!(
            self.termination,
            Some(Termination::Forfeit | Termination::Withdrawal)
        );
        match self.result {
            None => Outcome::Unfinished,
            Some(crate::rules::model::GameResult::WhiteWins) if forfeit => {
                Outcome::WhiteWinsByForfeit
            }
            Some(crate::rules::model::GameResult::BlackWins) if forfeit => {
                Outcome::BlackWinsByForfeit
            }
            Some(r) => Outcome::from(r),
        }
    }

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
            round: None,
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

    /// Nothing has happened in this game yet: no move, penalty, suspension, result, clock
    /// event or adjudication. Until then the pairing follows the config (issue 5: players may
    /// be added before the start, Art. 47 А: a player who never moved is removed).
    pub fn untouched(&self) -> bool {
        self.moves.is_empty()
            && self.penalties.is_empty()
            && self.suspensions.is_empty()
            && self.result.is_none()
            && self.clock == ClockState::default()
            && self.adjudication.is_none()
    }

    /// The position as a text diagram in the game's notation.
    pub fn position_diagram(&self) -> String {
        notation::diagram(&self.position(), self.notation)
    }

    /// The day the side to move received the last move, or in `post` before his report the
    /// earliest it can be ([`clock::receipt`], the one receipt rule; White's move 1: the day
    /// before the start, RULES.md §3).
    pub fn clock_started(&self) -> Day {
        clock::receipt(&self.clock_game()).earliest()
    }

    /// The record's moves as lines for replies, from index `from` on.
    pub fn lines(&self, from: usize, today: Day) -> Vec<MoveLine> {
        let times = self.clocks(today).moves;
        let mut pos = Chess::default();
        let mut out = Vec::new();
        for (i, (m, mv)) in self.moves.iter().zip(self.played()).enumerate() {
            if i >= from {
                out.push(MoveLine {
                    number: clock::ply_number(i),
                    color: clock::ply_color(i),
                    text: notation::render_full(&pos, &mv, self.notation),
                    san: m.san.clone(),
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

    /// The record's moves as legal moves, from the start (up to the first that does not
    /// replay, which a record never has).
    pub fn played(&self) -> Vec<Move> {
        replay(&self.moves).1
    }

    /// Full score in SAN (English letters), as `status --format json` shows it.
    pub fn sans(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.san.clone()).collect()
    }

    /// Plays a legal move into the record.
    pub(super) fn play(
        &mut self,
        pos: &mut Chess,
        mv: Move,
        received: Day,
        sent: Day,
        from_variant: bool,
    ) {
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

    pub(super) fn finish(&mut self, result: GameResult, termination: Termination) {
        self.status = Status::Finished;
        self.result = Some(result);
        self.termination = Some(termination);
        self.draw_offer = None;
        self.variant = None;
    }

    /// Repetition count of the current position (threefold claim, FIDE 9.2).
    pub(super) fn repetitions(&self) -> usize {
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

/// When the player to move must answer (Art. 23 В, 25, 27, 31): what a letter's "what to send
/// now" line states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    pub to_move: Color,
    /// The move he plays next.
    pub number: u32,
    /// The last day his time stays within the current period's allowance; `None`: already
    /// past it.
    pub limit: Option<Day>,
    /// The last day he may answer without a delay notice first (Art. 25, 31), when before
    /// `limit`.
    pub notice: Option<Day>,
    /// Whether his receipt day is known (`post`: not before his report; then no date can be
    /// given, only `days_left`).
    pub receipt_known: bool,
    /// Days left of the current allowance.
    pub days_left: i64,
}

impl GameRecord {
    /// The deadlines of the player to move as of `today`; `None` when nobody is to move or
    /// the game waits for the arbiter (Art. 37).
    pub fn deadlines(&self, today: Day) -> Option<Deadlines> {
        let c = self.to_move()?;
        let now = self.clocks(today);
        if now.awaiting_decision.is_some() {
            return None;
        }
        // The last day from `today` on (within 400 days) on which `ok` still holds.
        let last_day = |ok: &dyn Fn(&crate::rules::clock::ClockReport) -> bool| {
            let mut last = None;
            let mut d = today;
            for _ in 0..400 {
                if !ok(&self.clocks(d)) {
                    break;
                }
                last = Some(d);
                d = d.succ_opt()?;
            }
            last
        };
        let side = now.side(c);
        let limit = last_day(&|r| r.side(c).days_left >= 0);
        let notice_days = i64::from(self.params.notice_days);
        let notice = side
            .running_days
            .and_then(|_| last_day(&|r| r.side(c).running_days.is_some_and(|x| x < notice_days)))
            .filter(|n| limit.is_none_or(|l| *n < l));
        Some(Deadlines {
            to_move: c,
            number: side.move_number,
            limit,
            notice,
            receipt_known: side.running_days.is_some(),
            days_left: side.days_left,
        })
    }
}
