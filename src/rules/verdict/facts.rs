//! The verdict as data (RULES.md §4; Art. 7–9, 11, 14–19, 21): the items А–З of Art. 7 and 8,
//! each move named in full, what an accepted letter lacks or has wrong (Art. 9), what a refusal
//! and its help carry (Art. 17–19). Plain data: the reply texts are rendered elsewhere.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::rules::letter::{MoveItem, Totals};
use crate::rules::model::{Day, Kind, Notation};
use crate::rules::notation::{self, SyntaxError};

/// What `judge` needs to know about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// The moves played so far, from the standard start position.
    pub moves: Vec<Move>,
    /// The colour of the letter's sender.
    pub sender: Color,
    /// How the tournament writes moves (for the full notation in the verdict and the help).
    pub notation: Notation,
    /// The game is finished.
    pub over: bool,
    /// Penalty of Art. 17 (`Params::penalty_days`, default 5).
    pub penalty_days: u32,
    /// The official figures the letter's items Г–З are checked against (Art. 9 В).
    pub official: Official,
}

/// The official record's figures for the move being answered. `None`: not known, not checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Official {
    /// Г: the date of the opponent's letter.
    pub letter: Option<Day>,
    /// Д: the date of receipt, in the mode's convention (RULES.md §3).
    pub received: Option<Day>,
    /// Д as Art. 8 reads literally (the arrival day + 1), where that is after the sending day
    /// and so differs from `received`: not called wrong either.
    pub received_also: Option<Day>,
    /// Е: the date of sending (email mode: the letter's arrival day).
    pub sent: Option<Day>,
    /// Ж: thinking time of this move.
    pub time_used: Option<u32>,
    /// З: both players' totals including this move and penalties.
    pub totals: Option<Totals>,
}

/// The items of Art. 7 / Art. 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// А: tournament index (never required, Art. 7 А).
    Tournament,
    /// Б: the opponent's last move repeated.
    OpponentMove,
    /// В: the player's own move.
    OwnMove,
    /// Г: date of the opponent's letter.
    LetterDate,
    /// Д: date of receipt.
    ReceivedDate,
    /// Е: date of sending.
    SentDate,
    /// Ж: thinking time used.
    TimeUsed,
    /// З: both players' totals.
    Totals,
}

impl Item {
    /// The item's letter in the rule book.
    pub fn letter(self) -> char {
        match self {
            Item::Tournament => 'А',
            Item::OpponentMove => 'Б',
            Item::OwnMove => 'В',
            Item::LetterDate => 'Г',
            Item::ReceivedDate => 'Д',
            Item::SentDate => 'Е',
            Item::TimeUsed => 'Ж',
            Item::Totals => 'З',
        }
    }
}

/// A move with everything a reply needs to name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFact {
    /// Move number (1, 2, …).
    pub number: u32,
    pub color: Color,
    pub mv: Move,
    /// UCI (`g1f3`, castling as `e1g1`).
    pub uci: String,
    /// The tournament notation's full form (`Кg1-f3`).
    pub full: String,
}

/// A declared figure that differs from the record (Art. 9 В): the reply gives the official one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongItem {
    LetterDate { written: Day, official: Day },
    ReceivedDate { written: Day, official: Day },
    SentDate { written: Day, official: Day },
    TimeUsed { written: u32, official: u32 },
    Totals { written: Totals, official: Totals },
}

impl WrongItem {
    pub fn item(&self) -> Item {
        match self {
            WrongItem::LetterDate { .. } => Item::LetterDate,
            WrongItem::ReceivedDate { .. } => Item::ReceivedDate,
            WrongItem::SentDate { .. } => Item::SentDate,
            WrongItem::TimeUsed { .. } => Item::TimeUsed,
            WrongItem::Totals { .. } => Item::Totals,
        }
    }
}

/// A move number (or Black's `...` mark) written wrongly: the move stands (Art. 9 Б, 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongNumber {
    /// `OwnMove` or `OpponentMove`.
    pub item: Item,
    pub written: u32,
    /// Written as Black's move (`15...`).
    pub written_black: bool,
    pub expected: u32,
    pub expected_color: Color,
}

/// Where a conditional line stops being readable: the rest of it lapses, the own move stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// Index in the line (0 = the first opponent move after the own move).
    pub index: usize,
    pub written: String,
    pub reason: MoveFault,
}

/// An accepted move (Art. 11): complete, or incomplete with the list of what to add or correct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub own: MoveFact,
    /// The item Б as written and matched (None when not written).
    pub repeated: Option<MoveFact>,
    /// Conditional line offered after the own move (Art. 10): opponent, own, opponent, …
    pub line: Vec<MoveFact>,
    pub line_error: Option<LineError>,
    /// Short notation used for Б or В: incomplete, the move stands (Art. 7 note 2).
    pub short: bool,
    /// Required items not written (Art. 9: Б–З).
    pub missing: Vec<Item>,
    /// Items written with figures that differ from the record (Art. 9 В).
    pub wrong: Vec<WrongItem>,
    /// Wrong move numbers (Art. 9 Б, 21).
    pub wrong_numbers: Vec<WrongNumber>,
    /// Older moves of the score quoted before Б that differ from the record: pointed out,
    /// never punished (Art. 9 Б).
    pub quote_slips: Vec<QuoteSlip>,
}

/// A quoted old move written otherwise than the record has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteSlip {
    /// As written.
    pub written: String,
    /// The move as the record has it.
    pub record: MoveFact,
}

impl Accepted {
    /// Complete: nothing missing, wrong or short (RULES.md §4 first row).
    pub fn is_complete(&self) -> bool {
        !self.short
            && self.missing.is_empty()
            && self.wrong.is_empty()
            && self.wrong_numbers.is_empty()
            && self.quote_slips.is_empty()
    }
}

/// Why a move could not be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// The text cannot be read as a move (Art. 16).
    Syntax(SyntaxError),
    /// Illegal in the position (Art. 14).
    Illegal,
    /// Names several legal moves (Art. 16); they are listed.
    Ambiguous(Vec<MoveFact>),
    /// The opponent's move was repeated as another move (Art. 15); `expected` is the record's.
    Mismatch,
}

/// What the reply to a refused letter needs (Art. 17, 19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 14, 15 or 16.
    pub article: u32,
    /// Art. 17: added to the offender's total; 0 where the fault is the transport's.
    pub penalty_days: u32,
    /// The move text could not be decoded (U+FFFD in it): the post's fault, no penalty
    /// (Art. 17 note).
    pub transport_fault: bool,
    /// The faulty text as written.
    pub written: String,
    pub fault: MoveFault,
    /// For Art. 15: the opponent's last move as it stands in the record.
    pub expected_repeat: Option<MoveFact>,
    pub help: Help,
}

/// Help for a new move. Art. 19: the new move need not be made with the same piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    /// Legal moves of the piece named in the refused move.
    pub piece_moves: Vec<MoveFact>,
    /// The legal moves nearest to what was written ("did you mean Кg1-f3?").
    pub nearest: Vec<MoveFact>,
    /// The position as a text diagram.
    pub diagram: String,
    /// The position as FEN.
    pub fen: String,
}

/// The reading of a letter in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted(Box<Accepted>),
    /// Art. 14.
    Impossible(Box<Refusal>),
    /// Art. 15.
    Incorrect(Box<Refusal>),
    /// Art. 16.
    Unclear(Box<Refusal>),
    /// No move and no command found: nothing changes.
    NoMove,
    /// No move, but commands (resign, draw, leave …): the caller acts on `letter.commands`.
    CommandsOnly,
    /// Moves while it is not the sender's turn: nothing changes.
    NotYourTurn,
    /// The game is over: nothing changes.
    GameOver,
    /// A well-formed letter that reads two ways, each with another own move (the move numbers
    /// do not say which token repeats a played move): amici asks, nothing changes and nothing
    /// is charged (RULES.md §4: an ambiguity of amici's reading costs nothing). The own move
    /// of each reading is listed.
    TwoReadings(Vec<MoveFact>),
    /// The game's record does not replay (a bug upstream, never the player's fault).
    BadRecord {
        ply: usize,
    },
}

impl Verdict {
    /// The `X-Amici-Kind` of the reply to the sender (INTERFACE.md): `ack` for a complete
    /// letter, `incomplete` for an accepted one with something to add or correct, `error` for
    /// refusals and for a move out of turn, `game-over`, `no-move`; `None` where the letter
    /// holds only commands (their replies are the caller's) or the record is broken.
    pub fn kind(&self) -> Option<Kind> {
        match self {
            Verdict::Accepted(a) if a.is_complete() => Some(Kind::Ack),
            Verdict::Accepted(_) => Some(Kind::Incomplete),
            Verdict::Impossible(_) | Verdict::Incorrect(_) | Verdict::Unclear(_) => {
                Some(Kind::Error)
            }
            Verdict::NotYourTurn | Verdict::TwoReadings(_) => Some(Kind::Error),
            Verdict::GameOver => Some(Kind::GameOver),
            Verdict::NoMove => Some(Kind::NoMove),
            Verdict::CommandsOnly | Verdict::BadRecord { .. } => None,
        }
    }

    /// The refusal, for the three faulty-move verdicts (Art. 14, 15, 16).
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => Some(r),
            _ => None,
        }
    }
}

/// Replay UCI strings from the start position into moves (for building a `GameView`).
pub fn replay_uci<S: AsRef<str>>(ucis: &[S]) -> Result<Vec<Move>, usize> {
    let mut pos = Chess::default();
    let mut out = Vec::with_capacity(ucis.len());
    for (ply, u) in ucis.iter().enumerate() {
        let m = u
            .as_ref()
            .parse::<UciMove>()
            .ok()
            .and_then(|um| um.to_move(&pos).ok())
            .ok_or(ply)?;
        pos = pos.play(m).map_err(|_| ply)?;
        out.push(m);
    }
    Ok(out)
}

pub(super) fn fact(pos: &Chess, mv: Move, ply: usize, notation: Notation) -> MoveFact {
    MoveFact {
        number: (ply / 2 + 1) as u32,
        color: pos.turn(),
        mv,
        uci: mv.to_uci(CastlingMode::Standard).to_string(),
        full: notation::render_full(pos, &mv, notation),
    }
}

pub(super) fn facts(pos: &Chess, moves: &[Move], ply: usize, notation: Notation) -> Vec<MoveFact> {
    moves.iter().map(|&m| fact(pos, m, ply, notation)).collect()
}

pub(super) fn help(pos: &Chess, item: &MoveItem, ply: usize, notation: Notation) -> Help {
    let piece_moves = match &item.parsed {
        Ok(mt) => notation::moves_of_named_piece(pos, mt),
        Err(_) => Vec::new(),
    };
    let nearest = notation::suggestions(pos, &item.raw, notation);
    Help {
        piece_moves: facts(pos, &piece_moves, ply, notation),
        nearest: facts(pos, &nearest, ply, notation),
        diagram: notation::diagram(pos, notation),
        fen: shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string(),
    }
}
