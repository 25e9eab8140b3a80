//! The arbiter's reading of a letter in a game: `judge(letter, game) → Verdict` — accepted
//! (complete or incomplete, Art. 7–9, 21), impossible (Art. 14), incorrect (Art. 15), unclear
//! (Art. 16), no move, not your turn, game over. Plain data: the reply texts are rendered
//! elsewhere from the facts here (articles, moves in full notation, the official figures).

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::rules::letter::{Letter, MoveItem, Totals};
use crate::rules::model::{Day, Kind, Notation};
use crate::rules::notation::{self, ResolveError, SyntaxError};

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

fn fact(pos: &Chess, mv: Move, ply: usize, notation: Notation) -> MoveFact {
    MoveFact {
        number: (ply / 2 + 1) as u32,
        color: pos.turn(),
        mv,
        uci: mv.to_uci(CastlingMode::Standard).to_string(),
        full: notation::render_full(pos, &mv, notation),
    }
}

fn facts(pos: &Chess, moves: &[Move], ply: usize, notation: Notation) -> Vec<MoveFact> {
    moves.iter().map(|&m| fact(pos, m, ply, notation)).collect()
}

fn help(pos: &Chess, item: &MoveItem, ply: usize, notation: Notation) -> Help {
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

/// How a letter's move items are read: the first `k` repeat the last `k` half-moves of the
/// record (Б is the k-th, older ones are a quoted score), item `k` is the own move (В), the
/// rest a conditional line.
#[derive(Clone, Debug)]
struct Reading {
    k: usize,
    /// Б (the last quoted item) fits the record; true when nothing is quoted.
    last_ok: bool,
    /// The item that repeats Б (None: Б is not written, the quote stops earlier).
    repeat: Option<usize>,
    /// Older quoted items that do not fit the record: (item, the record's half-move).
    slips: Vec<(usize, usize)>,
    /// The own move, when it names one legal move (resolved once).
    own: Option<notation::Resolved>,
}

enum Choice {
    One(Reading),
    /// Two readings (their `k`) that give different own moves, both as good.
    Two(usize, usize),
}

/// Does the item fit the record's move `m` in `pos`? Lenient: an old move quoted in a form
/// that would be ambiguous today still fits; marks never matter (Art. 21).
fn fits(item: &MoveItem, pos: &Chess, m: Move) -> bool {
    item.parsed.as_ref().is_ok_and(|mt| mt.matches(pos, m))
}

/// The half-move a move number says an item is: `7.` White's 7th, `7...` Black's.
fn numbered_ply(item: &MoveItem) -> Option<usize> {
    let n = item.number? as usize;
    let base = 2 * n.checked_sub(1)?;
    Some(if item.black { base + 1 } else { base })
}

/// The item's number and side mark name exactly the half-move `ply` (the one to be played).
fn numbered_now(item: &MoveItem, ply: usize) -> bool {
    item.number == Some((ply / 2 + 1) as u32) && item.black == (ply % 2 == 1)
}

/// A reading by the gaps, with how many quoted items it skipped.
struct GapReading {
    reading: Reading,
    /// Quoted items that fit no half-move in order (a duplicated or garbled old move).
    skipped: usize,
}

/// The quoted items matched in order: the last matched half-move and its item, whether the
/// last quoted item was matched or repeats an older one, where each item went.
type InOrder = (Option<(usize, usize)>, bool, Vec<Placed>);

/// How the gap reading placed one quoted item.
#[derive(Clone, Copy)]
enum Placed {
    /// At this half-move of the record.
    At(usize),
    /// Skipped: a repeat of a move already matched (nothing to point out).
    Duplicate,
    /// Skipped: fits no half-move in order (its number's half-move, if any).
    Slip(Option<usize>),
}

/// The skipped items worth pointing out (Art. 9 Б): a garbled old move that stands where
/// record moves went unmatched, one for one, or at the half-move its number names.
fn gap_slips(placed: &[Placed], ply: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev: Option<usize> = None;
    while i < placed.len() {
        if let Placed::At(q) = placed[i] {
            prev = Some(q);
            i += 1;
            continue;
        }
        // A run of skipped items between the matched half-moves `prev` and `next`.
        let run_end = (i..placed.len())
            .find(|&j| matches!(placed[j], Placed::At(_)))
            .unwrap_or(placed.len());
        let next = match placed.get(run_end) {
            Some(Placed::At(q)) => *q,
            _ => ply,
        };
        let start = prev.map_or(0, |q| q + 1);
        let real: Vec<(usize, Option<usize>)> = (i..run_end)
            .filter_map(|j| match placed[j] {
                Placed::Slip(n) => Some((j, n)),
                _ => None,
            })
            .collect();
        let gap = next.saturating_sub(start);
        for (t, &(j, n)) in real.iter().enumerate() {
            let at = match n {
                Some(q) if q >= start && q < next => Some(q),
                Some(_) => None,
                None if real.len() == gap => Some(start + t),
                None => None,
            };
            if let Some(q) = at.filter(|&q| q < ply) {
                out.push((j, q));
            }
        }
        i = run_end;
    }
    out
}

/// The lenient reading when the strict ones would refuse: the quoted items fit the record in
/// order but with gaps (a token of the copied score left out, duplicated or garbled), the own
/// move after them is legal. Then nothing is refused: a slip in copying the score is the
/// sender's to correct, never a fault (Art. 9 Б). The own move may stand anywhere in the
/// letter (a duplicated move puts it past `ply`); an item with a number fits only at its
/// numbered half-move, and one numbered as Б that does not fit it is Б written wrongly
/// (Art. 15: no gap reading).
fn read_with_gaps(
    items: &[MoveItem],
    moves: &[Move],
    positions: &[Chess],
    pos: &Chess,
) -> Option<GapReading> {
    let ply = moves.len();
    if ply == 0 || items.len() < 2 {
        return None;
    }
    // Match items[..k] to increasing half-moves below `ply`: (the last matched half-move and
    // its item, whether the last quoted item was matched or repeats an older one, where each
    // item went).
    let fits_in_order = |k: usize| -> Option<InOrder> {
        let mut p = 0;
        let mut last = None;
        let mut placed = Vec::with_capacity(k);
        let mut last_item_ok = false;
        for (i, it) in items[..k].iter().enumerate() {
            let at = |q: usize| q < ply && fits(it, &positions[q], moves[q]);
            if let Some(q) = numbered_ply(it) {
                // `2. e7-e5` for Black's second move: the side mark is often left out.
                let qs = if it.black { vec![q] } else { vec![q, q + 1] };
                if let Some(&q) = qs.iter().find(|&&q| q >= p && at(q)) {
                    p = q + 1;
                    last = Some((q, i));
                    last_item_ok = true;
                    placed.push(Placed::At(q));
                    continue;
                }
                if q + 1 == ply && !qs.iter().any(|&q| at(q)) {
                    // Numbered as the opponent's last move and not it: Art. 15, not a gap.
                    return None;
                }
                last_item_ok = qs.iter().any(|&q| q < p && at(q));
                placed.push(if last_item_ok {
                    Placed::Duplicate
                } else {
                    Placed::Slip(Some(q))
                });
                continue;
            }
            match (p..ply).find(|&q| at(q)) {
                Some(q) => {
                    p = q + 1;
                    last = Some((q, i));
                    last_item_ok = true;
                    placed.push(Placed::At(q));
                }
                None => {
                    // A repeat of a move already matched is a harmless duplicate.
                    last_item_ok = (0..p).any(at);
                    placed.push(if last_item_ok {
                        Placed::Duplicate
                    } else {
                        Placed::Slip(None)
                    });
                }
            }
        }
        Some((last, last_item_ok, placed))
    };
    let own_numbered = |k: usize| numbered_now(&items[k], ply);
    (1..items.len()).rev().find_map(|k| {
        if items[k].conditional {
            return None;
        }
        let own = resolve(&items[k], pos)?;
        let (last, last_item_ok, placed) = fits_in_order(k)?;
        let repeat = last.filter(|&(q, _)| q + 1 == ply).map(|(_, i)| i);
        // The quote must end on a move of the record, unless the own move's number says
        // which it is and Б was found.
        if !(last_item_ok || own_numbered(k) && repeat.is_some()) {
            return None;
        }
        last?;
        let slips = gap_slips(&placed, ply);
        let skipped = placed
            .iter()
            .filter(|p| !matches!(p, Placed::At(_)))
            .count();
        Some(GapReading {
            reading: Reading {
                k,
                last_ok: true,
                repeat,
                slips,
                own: Some(own),
            },
            skipped,
        })
    })
}

/// Decide which items repeat the record, which is the own move and which are a line.
///
/// Each split is scored (lower is better): everything fits 0; an older quoted move differs 2
/// (pointed out); the own move's number names another half-move, or another item is
/// numbered as the half-move to play, +3; the line after the own move is not legal
/// throughout +3; Б differs 6 (Art. 15); the own move is not legal 8. So a
/// whole score copied with a slip (2) is never read as its first move being the sender's
/// (`1. e2-e4` may be legal for a rook on e2, but its number and its "line" say otherwise).
fn read_items(
    items: &[MoveItem],
    moves: &[Move],
    positions: &[Chess],
    pos: &Chess,
    sender: Color,
) -> Choice {
    let _ = sender;
    let ply = moves.len();
    let kmax = ply.min(items.len() - 1);
    // Votes of the move numbers: item i numbered as half-move q says k = ply + i − q.
    let mut votes = vec![0u32; kmax + 1];
    for (i, it) in items.iter().enumerate() {
        if let Some(q) = numbered_ply(it)
            && let Some(k) = (ply + i).checked_sub(q)
            && k <= kmax
        {
            votes[k] += 1;
        }
    }
    // The own move of each reading (resolved once: resolving is the costly part).
    let owns: Vec<Option<notation::Resolved>> =
        (0..=kmax).map(|k| resolve(&items[k], pos)).collect();
    let own = |k: usize| owns[k].map(|r| r.mv);
    // The line after the own move of reading k is legal throughout.
    let line_ok = |k: usize, m: Move| {
        if k + 1 == items.len() {
            return true;
        }
        let mut lpos = pos.clone();
        lpos.play_unchecked(m);
        items[k + 1..].iter().all(|it| match resolve(it, &lpos) {
            Some(r) => {
                lpos.play_unchecked(r.mv);
                true
            }
            None => false,
        })
    };
    // The own move's number names another move (a wrong side mark alone is no contradiction:
    // `3. e7-e6` for Black's third move is sloppy, not another move).
    let number_bad = |k: usize| items[k].number.is_some_and(|n| n as usize != ply / 2 + 1);
    // Another item is numbered as the half-move to be played: its number says it is the own
    // move, not this reading's.
    let other_numbered_now = |k: usize| {
        items
            .iter()
            .enumerate()
            .any(|(j, it)| j != k && numbered_now(it, ply))
    };
    let mut scored: Vec<(u32, Reading)> = Vec::with_capacity(kmax + 1);
    for k in 0..=kmax {
        // The own move is never inside an "if …" clause.
        if k > 0 && items[k].conditional {
            continue;
        }
        let own_mv = own(k);
        let last_ok = k == 0 || fits(&items[k - 1], &positions[ply - 1], moves[ply - 1]);
        let mut slips = Vec::new();
        if k >= 2 {
            for i in 0..k - 1 {
                let p = ply - k + i;
                if !fits(&items[i], &positions[p], moves[p]) {
                    slips.push((i, p));
                }
            }
        }
        let score = match (own_mv, last_ok) {
            (None, _) => 8,
            (Some(_), false) => 6,
            (Some(m), true) => {
                u32::from(!slips.is_empty()) * 2
                    + u32::from(number_bad(k) || other_numbered_now(k)) * 3
                    + u32::from(!line_ok(k, m)) * 3
            }
        };
        scored.push((
            score,
            Reading {
                k,
                last_ok,
                repeat: k.checked_sub(1),
                slips,
                own: owns[k],
            },
        ));
    }
    let top = scored.iter().map(|s| s.0).min().unwrap_or(8);
    let strict = choose_strict(&scored, top, &votes, &owns);
    // The gap reading (a quote with a move left out, duplicated or garbled) when the strict
    // readings have a fault, or explain the letter only by two or more slips.
    let best_slips = scored
        .iter()
        .filter(|s| s.0 == top)
        .map(|s| s.1.slips.len())
        .min()
        .unwrap_or(0);
    if (top >= 3 || (top == 2 && best_slips >= 2))
        && let Some(g) = read_with_gaps(items, moves, positions, pos).filter(|g| {
            !number_bad(g.reading.k) && g.reading.own.is_some_and(|r| line_ok(g.reading.k, r.mv))
        })
        && (top >= 3 || (best_slips >= 2 && g.skipped < best_slips))
    {
        let gk = g.reading.k;
        let gap_own = g.reading.own.map(|r| r.mv);
        let sk = match &strict {
            Choice::One(r) => r.k,
            Choice::Two(a, _) => *a,
        };
        // Never change the own move on the strength of the gaps alone: the gap reading
        // stands when it gives the strict reading's own move, when no strict reading has a
        // legal own move with Б right, or when its own move's number says it is the one.
        if top >= 6
            || (matches!(strict, Choice::One(_)) && gap_own == own(sk))
            || (numbered_now(&items[gk], ply) && !numbered_now(&items[sk], ply))
        {
            return Choice::One(g.reading);
        }
        if gap_own != own(sk) {
            // Two readings, two own moves: ask (RULES.md §4, no penalty).
            return Choice::Two(sk, gk);
        }
    }
    strict
}

/// The best of the strict readings (`top` is the best score).
fn choose_strict(
    scored: &[(u32, Reading)],
    top: u32,
    votes: &[u32],
    owns: &[Option<notation::Resolved>],
) -> Choice {
    let own = |k: usize| owns[k].map(|r| r.mv);
    let mut tied: Vec<&(u32, Reading)> = scored.iter().filter(|s| s.0 == top).collect();
    if top >= 6 {
        // No legal own move in any reading (or Б wrong in the best): the reading the numbers
        // and the quoted moves support most; the refusal concerns its own move.
        let key = |r: &Reading| {
            let fitting = r.k - r.slips.len() - usize::from(!r.last_ok && r.k > 0);
            (fitting, votes[r.k], r.k)
        };
        tied.sort_by(|a, b| key(&b.1).cmp(&key(&a.1)));
        return Choice::One(tied[0].1.clone());
    }
    // Legal own moves: the readings as good as the best; the numbers decide between them.
    let first_own = own(tied[0].1.k);
    if tied.iter().all(|t| own(t.1.k) == first_own) {
        // One own move whatever the reading: the one the numbers support, else the longest
        // quote.
        tied.sort_by(|a, b| (votes[b.1.k], b.1.k).cmp(&(votes[a.1.k], a.1.k)));
        return Choice::One(tied[0].1.clone());
    }
    let max_votes = tied.iter().map(|t| votes[t.1.k]).max().unwrap_or(0);
    let voted: Vec<&&(u32, Reading)> = tied.iter().filter(|t| votes[t.1.k] == max_votes).collect();
    if max_votes > 0 && voted.iter().all(|t| own(t.1.k) == own(voted[0].1.k)) {
        return Choice::One(voted[0].1.clone());
    }
    let a = voted[0].1.k;
    let b = voted
        .iter()
        .map(|t| t.1.k)
        .find(|&k| own(k) != own(a))
        .unwrap_or(a);
    Choice::Two(a, b)
}

fn resolve(item: &MoveItem, pos: &Chess) -> Option<notation::Resolved> {
    item.parsed
        .as_ref()
        .ok()
        .and_then(|mt| mt.resolve(pos).ok())
}

/// Judge a letter in a game. Pure; never panics.
pub fn judge(letter: &Letter, game: &GameView) -> Verdict {
    if game.over {
        return Verdict::GameOver;
    }
    // Replay the record: the position before the opponent's last move and the current one.
    let mut pos = Chess::default();
    // `positions[p]`: the position before half-move `p`, for reading quoted moves.
    let mut positions: Vec<Chess> = Vec::with_capacity(game.moves.len());
    for (ply, &m) in game.moves.iter().enumerate() {
        positions.push(pos.clone());
        pos = match pos.play(m) {
            Ok(p) => p,
            Err(_) => return Verdict::BadRecord { ply },
        };
    }
    let before_last = positions.last().cloned().unwrap_or_default();
    if pos.is_game_over() {
        return Verdict::GameOver;
    }
    let items = &letter.items;
    if items.is_empty() {
        return if letter.commands.is_empty() {
            Verdict::NoMove
        } else {
            Verdict::CommandsOnly
        };
    }
    if pos.turn() != game.sender {
        return Verdict::NotYourTurn;
    }
    let ply = game.moves.len();
    let n = game.notation;
    let last = game.moves.last().copied();

    // Which items repeat moves already played (Б and any older part of the score), which one
    // is the own move (В), and which are a line: decided by `reading` from the numbers, the
    // side to move and the record (Art. 9 Б, 21).
    let reading = match read_items(items, &game.moves, &positions, &pos, game.sender) {
        Choice::One(r) => r,
        Choice::Two(a, b) => {
            let own = |k: usize| resolve(&items[k], &pos).map(|r| fact(&pos, r.mv, ply, n));
            let readings: Vec<MoveFact> = [own(a), own(b)].into_iter().flatten().collect();
            return Verdict::TwoReadings(readings);
        }
    };
    let k = reading.k;
    let repeat_idx = reading.repeat;

    // Art. 15: the opponent's last move repeated wrongly.
    if let (Some(i), false, Some(last_mv)) = (repeat_idx, reading.last_ok, last) {
        let item = &items[i];
        return Verdict::Incorrect(Box::new(Refusal {
            article: 15,
            penalty_days: game.penalty_days,
            transport_fault: false,
            written: item.raw.clone(),
            fault: MoveFault::Mismatch,
            expected_repeat: Some(fact(&before_last, last_mv, ply - 1, n)),
            help: help(&pos, &items[k.min(items.len() - 1)], ply, n),
        }));
    }
    // Art. 9 Б: a slip in an older quoted move is pointed out, never punished.
    let quote_slips: Vec<QuoteSlip> = reading
        .slips
        .iter()
        .map(|&(i, p)| QuoteSlip {
            written: items[i].raw.clone(),
            record: fact(&positions[p], game.moves[p], p, n),
        })
        .collect();

    let own_idx = k;
    let Some(own_item) = items.get(own_idx) else {
        // Only the opponent's move was repeated.
        return if letter.commands.is_empty() {
            Verdict::NoMove
        } else {
            Verdict::CommandsOnly
        };
    };

    let refuse = |article: u32, fault: MoveFault| {
        let transport = own_item.raw.contains('\u{FFFD}');
        Box::new(Refusal {
            article,
            penalty_days: if transport { 0 } else { game.penalty_days },
            transport_fault: transport,
            written: own_item.raw.clone(),
            fault,
            expected_repeat: None,
            help: help(&pos, own_item, ply, n),
        })
    };
    let resolved = match (&own_item.parsed, reading.own) {
        (_, Some(r)) => r,
        (Err(e), None) => return Verdict::Unclear(refuse(16, MoveFault::Syntax(*e))),
        (Ok(mt), None) => match mt.resolve(&pos) {
            Ok(r) => r,
            Err(ResolveError::Impossible) => {
                return Verdict::Impossible(refuse(14, MoveFault::Illegal));
            }
            Err(ResolveError::Unclear { candidates }) => {
                let c = facts(&pos, &candidates, ply, n);
                return Verdict::Unclear(refuse(16, MoveFault::Ambiguous(c)));
            }
        },
    };

    let own = fact(&pos, resolved.mv, ply, n);
    let repeated = match (repeat_idx, last) {
        (Some(_), Some(m)) => Some(fact(&before_last, m, ply - 1, n)),
        _ => None,
    };
    let mut short = resolved.short;
    if let Some(i) = repeat_idx {
        short |= items[i].parsed.as_ref().is_ok_and(|m| !m.is_full());
    }

    // Wrong numbers (Art. 9 Б): the move stands, the reply points the error out.
    let mut wrong_numbers = Vec::new();
    let own_number = (ply / 2 + 1) as u32;
    if let Some(w) = own_item.number {
        let black_wrong = own_item.black && game.sender == Color::White;
        if w != own_number || black_wrong {
            wrong_numbers.push(WrongNumber {
                item: Item::OwnMove,
                written: w,
                written_black: own_item.black,
                expected: own_number,
                expected_color: game.sender,
            });
        }
    }
    if let Some(i) = repeat_idx {
        let opp_number = ((ply - 1) / 2 + 1) as u32;
        if let Some(w) = items[i].number
            && w != opp_number
        {
            wrong_numbers.push(WrongNumber {
                item: Item::OpponentMove,
                written: w,
                written_black: items[i].black,
                expected: opp_number,
                expected_color: game.sender.other(),
            });
        }
    }

    // The conditional line (Art. 10): replay it after the own move; it stops at the first
    // move that is not one legal move, the rest lapses.
    let mut line = Vec::new();
    let mut line_error = None;
    let mut lpos = match pos.clone().play(resolved.mv) {
        Ok(p) => p,
        Err(_) => return Verdict::BadRecord { ply },
    };
    for (k, item) in items[own_idx + 1..].iter().enumerate() {
        let lply = ply + 1 + k;
        let fault = match &item.parsed {
            Err(e) => Some(MoveFault::Syntax(*e)),
            Ok(mt) => match mt.resolve(&lpos) {
                Ok(r) => {
                    line.push(fact(&lpos, r.mv, lply, n));
                    match lpos.clone().play(r.mv) {
                        Ok(p) => {
                            lpos = p;
                            None
                        }
                        Err(_) => Some(MoveFault::Illegal),
                    }
                }
                Err(ResolveError::Impossible) => Some(MoveFault::Illegal),
                Err(ResolveError::Unclear { candidates }) => {
                    Some(MoveFault::Ambiguous(facts(&lpos, &candidates, lply, n)))
                }
            },
        };
        if let Some(reason) = fault {
            line_error = Some(LineError {
                index: k,
                written: item.raw.clone(),
                reason,
            });
            break;
        }
    }
    // A line ends on the proposer's own move: a trailing opponent move alone offers nothing.
    if line.len() % 2 == 1 {
        line.pop();
    }

    // Items Б–З (Art. 9); Г and Д do not exist for White's first move (Art. 24).
    let mut missing = Vec::new();
    if ply > 0 && repeat_idx.is_none() {
        missing.push(Item::OpponentMove);
    }
    let d = &letter.dates;
    if ply > 0 && d.letter.is_none() {
        missing.push(Item::LetterDate);
    }
    if ply > 0 && d.received.is_none() {
        missing.push(Item::ReceivedDate);
    }
    if d.sent.is_none() {
        missing.push(Item::SentDate);
    }
    if letter.time_used.is_none() {
        missing.push(Item::TimeUsed);
    }
    if letter.totals.is_none() {
        missing.push(Item::Totals);
    }

    // Art. 9 В: figures checked against the record, the official ones given.
    let o = &game.official;
    let mut wrong = Vec::new();
    if let (Some(w), Some(off)) = (d.letter, o.letter)
        && w != off
    {
        wrong.push(WrongItem::LetterDate {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (d.received, o.received)
        && w != off
    {
        wrong.push(WrongItem::ReceivedDate {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (d.sent, o.sent) {
        // Art. 7 Е note: the sending date may be the expected postmark of the next day.
        if w != off && w != off.succ_opt().unwrap_or(off) {
            wrong.push(WrongItem::SentDate {
                written: w,
                official: off,
            });
        }
    }
    if let (Some(w), Some(off)) = (letter.time_used, o.time_used)
        && w != off
    {
        wrong.push(WrongItem::TimeUsed {
            written: w,
            official: off,
        });
    }
    if let (Some(w), Some(off)) = (letter.totals, o.totals)
        && w != off
    {
        wrong.push(WrongItem::Totals {
            written: w,
            official: off,
        });
    }

    Verdict::Accepted(Box::new(Accepted {
        own,
        repeated,
        line,
        line_error,
        short,
        missing,
        wrong,
        wrong_numbers,
        quote_slips,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::letter::{Command, read_letter};
    use chrono::NaiveDate;

    fn day(m: u32, d: u32) -> Day {
        NaiveDate::from_ymd_opt(2026, m, d).expect("date")
    }

    fn game(ucis: &[&str], sender: Color) -> GameView {
        GameView {
            moves: replay_uci(ucis).expect("record"),
            sender,
            notation: Notation::Bg,
            over: false,
            penalty_days: 5,
            official: Official::default(),
        }
    }

    fn judge_text(text: &str, g: &GameView) -> Verdict {
        judge(&read_letter(text, g.notation, false, day(3, 15)), g)
    }

    fn accepted(v: Verdict) -> Accepted {
        match v {
            Verdict::Accepted(a) => *a,
            other => panic!("not accepted: {other:?}"),
        }
    }

    const COMPLETE: &str = "11.3. – 12.3. – 15.3. = 3 дни, общо време: белите 15 – черните 21";

    #[test]
    fn art_8_complete_letter_is_accepted_complete() {
        let g = game(&["e2e4"], Color::Black);
        let a = accepted(judge_text(&format!("1. e2-e4 e7-e5; {COMPLETE}"), &g));
        assert_eq!(a.own.uci, "e7e5");
        assert_eq!(a.own.full, "e7-e5");
        assert!(a.is_complete(), "{a:?}");
    }

    #[test]
    fn art_9_missing_items_are_listed_and_move_stands() {
        let g = game(&["e2e4"], Color::Black);
        let a = accepted(judge_text("e7-e5", &g));
        assert_eq!(
            a.missing,
            vec![
                Item::OpponentMove,
                Item::LetterDate,
                Item::ReceivedDate,
                Item::SentDate,
                Item::TimeUsed,
                Item::Totals
            ]
        );
    }

    #[test]
    fn art_9_v_wrong_figures_get_the_official_ones() {
        let mut g = game(&["e2e4"], Color::Black);
        g.official = Official {
            letter: Some(day(3, 11)),
            received: Some(day(3, 12)),
            sent: Some(day(3, 15)),
            time_used: Some(2),
            totals: Some(Totals {
                white: 15,
                black: 20,
            }),
        };
        let a = accepted(judge_text(&format!("1. e2-e4 e7-e5; {COMPLETE}"), &g));
        assert_eq!(
            a.wrong,
            vec![
                WrongItem::TimeUsed {
                    written: 3,
                    official: 2
                },
                WrongItem::Totals {
                    written: Totals {
                        white: 15,
                        black: 21
                    },
                    official: Totals {
                        white: 15,
                        black: 20
                    }
                }
            ]
        );
    }

    #[test]
    fn art_9_b_wrong_number_with_a_legal_move_stands() {
        let g = game(&["e2e4"], Color::Black);
        let a = accepted(judge_text("1. e2-e4 7... e7-e5", &g));
        assert_eq!(a.own.uci, "e7e5");
        assert_eq!(a.wrong_numbers.len(), 1);
        assert_eq!(a.wrong_numbers[0].expected, 1);
    }

    #[test]
    fn art_7_note_2_short_notation_stands_marked() {
        let g = game(&[], Color::White);
        let a = accepted(judge_text("1. e4", &g));
        assert!(a.short);
        assert_eq!(a.own.full, "e2-e4");
    }

    #[test]
    fn art_14_impossible_with_penalty_and_help() {
        let g = game(&[], Color::White);
        let Verdict::Impossible(r) = judge_text("1. Кg1-e3", &g) else {
            panic!("not impossible")
        };
        assert_eq!((r.article, r.penalty_days), (14, 5));
        let names: Vec<&str> = r.help.piece_moves.iter().map(|m| m.full.as_str()).collect();
        assert_eq!(names, ["Кg1-f3", "Кg1-h3"]);
        assert!(r.help.nearest.iter().any(|m| m.full == "Кg1-f3"));
        assert!(r.help.diagram.contains("FEN:"));
    }

    #[test]
    fn art_15_incorrect_repeat_of_the_rule_book_example() {
        // White plays 1.e2-e4 and receives 1.c2-c4 Кg8-f6.
        let g = game(&["e2e4"], Color::Black);
        let Verdict::Incorrect(r) = judge_text("1.c2-c4 Кg8-f6", &g) else {
            panic!("not incorrect")
        };
        assert_eq!(r.article, 15);
        assert_eq!(r.penalty_days, 5);
        assert_eq!(r.expected_repeat.map(|m| m.full).as_deref(), Some("e2-e4"));
    }

    #[test]
    fn art_16_unclear_ambiguous_and_unreadable() {
        let g = game(&["g1f3", "g8f6", "d2d4", "d7d5"], Color::White);
        let v = judge_text("2... d7-d5 3. Кd2", &g);
        let Verdict::Unclear(r) = v else {
            panic!("not unclear: {v:?}")
        };
        assert!(matches!(&r.fault, MoveFault::Ambiguous(c) if c.len() == 2));
        let g = game(&[], Color::White);
        let Verdict::Unclear(r) = judge_text("1. e2-e9", &g) else {
            panic!("not unclear")
        };
        assert_eq!((r.article, r.penalty_days), (16, 5));
    }

    #[test]
    fn art_17_note_transport_fault_costs_nothing() {
        let g = game(&[], Color::White);
        let Verdict::Unclear(r) = judge_text("1. e2-e\u{FFFD}4", &g) else {
            panic!("not unclear")
        };
        assert!(r.transport_fault);
        assert_eq!(r.penalty_days, 0);
    }

    #[test]
    fn art_18_19_after_a_refusal_any_piece_may_move() {
        let g = game(&[], Color::White);
        assert!(matches!(
            judge_text("1. Кg1-e3", &g),
            Verdict::Impossible(_)
        ));
        let a = accepted(judge_text("1. d2-d4", &g));
        assert_eq!(a.own.uci, "d2d4");
    }

    #[test]
    fn art_21_marks_and_numbers_never_refuse() {
        let g = game(&["e2e4", "e7e5"], Color::White);
        let a = accepted(judge_text("1... e7:e5+ 5. Кg1:f3#", &g));
        assert_eq!(a.own.uci, "g1f3");
    }

    #[test]
    fn art_10_conditional_line_offered() {
        let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        let a = accepted(judge_text(
            "2... Кb8-c6 3. Оf1-c4 Оf8-c5 4. 0-0\nАко 4... Кg8-f6 5. d2-d3",
            &g,
        ));
        let line: Vec<&str> = a.line.iter().map(|m| m.full.as_str()).collect();
        assert_eq!(a.line_error, None);
        assert_eq!(line, ["Оf8-c5", "0-0", "Кg8-f6", "d2-d3"]);
        assert_eq!(a.own.full, "Оf1-c4");
    }

    #[test]
    fn first_move_needs_no_repeat_nor_receipt() {
        let g = game(&[], Color::White);
        let a = accepted(judge_text("1. e2-e4  15.3. = 0 дни, общо: 0 – 0", &g));
        assert!(a.is_complete(), "{a:?}");
    }

    #[test]
    fn not_your_turn_game_over_no_move() {
        let g = game(&["e2e4"], Color::White);
        assert_eq!(judge_text("2. d2-d4", &g), Verdict::NotYourTurn);
        let mut g = game(&["e2e4"], Color::Black);
        assert_eq!(judge_text("Здравейте, как сте?", &g), Verdict::NoMove);
        assert_eq!(judge_text("Предлагам реми.", &g), Verdict::CommandsOnly);
        g.over = true;
        assert_eq!(judge_text("1... e7-e5", &g), Verdict::GameOver);
        let l = read_letter("Предавам се", Notation::Bg, false, day(3, 1));
        assert_eq!(l.commands, vec![Command::Resign]);
    }

    #[test]
    fn art_7_b_whole_score_copied_before_the_own_move() {
        let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        let a = accepted(judge_text("1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5", &g));
        assert_eq!(a.own.uci, "f1b5");
        assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("b8c6"));
        assert!(!a.missing.contains(&Item::OpponentMove));
    }

    #[test]
    fn art_11_every_legal_move_is_correct() {
        let g = game(&["e2e4"], Color::Black);
        let pos = Chess::default().play(g.moves[0]).expect("legal");
        for m in pos.legal_moves() {
            let text = format!("1. e2-e4 {}", notation::render_full(&pos, &m, Notation::Bg));
            let a = accepted(judge_text(&text, &g));
            assert_eq!(a.own.mv, m, "{text}");
        }
    }

    #[test]
    fn art_13_the_three_kinds_of_faulty_move() {
        let g = game(&["e2e4"], Color::Black);
        let kinds: Vec<u32> = ["1. e2-e4 Кg8-e7", "1. d2-d4 Кg8-f6", "1. e2-e4 Кg8-f9"]
            .iter()
            .map(|t| match judge_text(t, &g) {
                Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => r.article,
                other => panic!("{t}: {other:?}"),
            })
            .collect();
        assert_eq!(kinds, [14, 15, 16]);
    }

    #[test]
    fn verdict_kinds_for_the_reply_header() {
        let g = game(&["e2e4"], Color::Black);
        let full = format!("1. e2-e4 e7-e5; {COMPLETE}");
        assert_eq!(judge_text(&full, &g).kind(), Some(Kind::Ack));
        assert_eq!(judge_text("e7-e5", &g).kind(), Some(Kind::Incomplete));
        assert_eq!(judge_text("1. e2-e4 Кg8-e7", &g).kind(), Some(Kind::Error));
        assert_eq!(judge_text("Здравей!", &g).kind(), Some(Kind::NoMove));
    }

    #[test]
    fn art_12_a_second_own_move_is_not_your_turn() {
        // A sent move is final: a later letter "instead of e2-e4 I play d2-d4" changes nothing.
        let g = game(&["e2e4"], Color::White);
        assert_eq!(
            judge_text("Вместо 1. e2-e4 играя 1. d2-d4", &g),
            Verdict::NotYourTurn
        );
    }

    fn ru_game(ucis: &[&str], sender: Color) -> GameView {
        GameView {
            notation: Notation::Ru,
            ..game(ucis, sender)
        }
    }

    #[test]
    fn art_9_b_quoting_the_last_full_pair_is_no_fault() {
        // Issue 9 item 1: after 1.e4 e5 2.Nf3 Nc6 White quotes the last full pair.
        let g = ru_game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        let a = accepted(judge_text("2. Кg1-f3 Кb8-c6 3. Сf1-b5", &g));
        assert_eq!(a.own.uci, "f1b5");
        assert_eq!(a.repeated.as_ref().map(|m| m.uci.as_str()), Some("b8c6"));
        assert!(
            a.wrong_numbers.is_empty() && a.quote_slips.is_empty(),
            "{a:?}"
        );
        // Black the same after 1.e4 e5 2.Nf3.
        let g = ru_game(&["e2e4", "e7e5", "g1f3"], Color::Black);
        let a = accepted(judge_text("1... e7-e5 2. Кg1-f3 Кb8-c6", &g));
        assert_eq!(a.own.uci, "b8c6");
        assert!(a.line.is_empty());
        // Several moves quoted, without numbers.
        let g = ru_game(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], Color::Black);
        let a = accepted(judge_text("Кg1-f3 Кb8-c6 Сf1-b5 a7-a6", &g));
        assert_eq!(a.own.uci, "a7a6");
    }

    #[test]
    fn art_9_b_a_slip_in_an_old_quoted_move_is_pointed_out_not_punished() {
        let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        // Move 2 of White copied wrongly (Кg1-e2): the score is pointed out, Оf1-b5 stands.
        let a = accepted(judge_text("1. e2-e4 e7-e5 2. Кg1-e2 Кb8-c6 3. Оf1-b5", &g));
        assert_eq!(a.own.uci, "f1b5");
        assert_eq!(a.quote_slips.len(), 1);
        assert_eq!(a.quote_slips[0].written, "Кg1-e2");
        assert_eq!(a.quote_slips[0].record.full, "Кg1-f3");
        assert!(!a.is_complete());
    }

    #[test]
    fn art_9_b_a_copied_score_with_a_move_left_out_costs_nothing() {
        // The whole score copied, one old move garbled past reading (it is no move token at
        // all) and Б left out: the own move stands, nothing is charged.
        let g = game(&["d2d4", "g8f6", "c2c4", "d7d5", "b1c3"], Color::Black);
        let a = accepted(judge_text("1. d2-d4 Кg8-f6 2. C2—C4 d7-d5 3. e7-e6", &g));
        assert_eq!(a.own.uci, "e7e6");
        assert!(a.missing.contains(&Item::OpponentMove));
        // The same with a wrong Б is still Art. 15 when nothing else fits.
        let g = game(&["e2e4"], Color::Black);
        assert!(matches!(
            judge_text("1.c2-c4 Кg8-f6", &g),
            Verdict::Incorrect(_)
        ));
    }

    #[test]
    fn rules_4_two_readings_with_different_own_moves_are_asked_not_punished() {
        // 1.e4 Кc6 2.Кf3 Кd4: «Кd4 e5» is "your Кd4, my e4-e5" or "my Кf3:d4, then e7-e5".
        let g = game(&["e2e4", "b8c6", "g1f3", "c6d4"], Color::White);
        let Verdict::TwoReadings(own) = judge_text("Кd4 e5", &g) else {
            panic!("{:?}", judge_text("Кd4 e5", &g))
        };
        let mut ucis: Vec<&str> = own.iter().map(|m| m.uci.as_str()).collect();
        ucis.sort();
        assert_eq!(ucis, ["e4e5", "f3d4"]);
        // The numbers decide it.
        assert_eq!(accepted(judge_text("2... Кd4 3. e5", &g)).own.uci, "e4e5");
        assert_eq!(accepted(judge_text("3. Кd4 e5", &g)).own.uci, "f3d4");
        // A legal line after the own move decides it too.
        assert_eq!(
            accepted(judge_text(
                "0-0",
                &game(
                    &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5"],
                    Color::White
                )
            ))
            .own
            .uci,
            "e1g1"
        );
    }

    #[test]
    fn art_9_b_a_copied_score_is_never_read_as_its_first_move_being_new() {
        // Found by the corpus (Capablanca): the whole score copied with a slip at move 6; the
        // rook on e2 could play «e2-e4», but «1.» and the rest of the letter say it is move 1.
        let ucis = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1",
            "b7b5", "a4b3", "e8g8", "c2c3", "d7d5", "e4d5", "f6d5", "f3e5", "c6e5", "e1e5", "d5f6",
            "e5e1", "e7d6", "h2h3", "f6g4", "d1f3", "d8h4", "d2d4", "g4f2", "e1e2", "c8g4",
        ];
        let g = ru_game(&ucis, Color::White);
        let text = "1.e2-e4 e7-e5 2.Кg1 - f3 Кb8-c6 3.Сf1 - b5 a7-a6 4.Сb5-a4 Кg8-f6 5. 0-0 \
                    Сf8-e7 6.Лf2-e1 6... b7-b5 7) Сa4-b3 О-О 8. c2-c3 d7-d5 9. e4×d5 Кf6:d5 \
                    10.Кf3xe5 Кc6×e5 11.Лe1:e5 Кd5-f6 12.Лe5-e1 Сe7-d6 13.h2–h3 Кf6–g4 \
                    14.Фd1 - f3 Фd8–h4 15) d2–d4 Кg4:f2 16.Лe1-e2 Сc8-g4 17.h3:g4";
        let a = accepted(judge_text(text, &g));
        assert_eq!(a.own.uci, "h3g4");
        assert_eq!(a.quote_slips.len(), 1, "{:?}", a.quote_slips);
    }

    #[test]
    fn art_9_b_the_move_number_says_which_castling_is_new() {
        // Issue 9 item 2: after 6... 0-0, White's `7. 0-0` is his own move.
        let g = game(
            &[
                "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "d2d3", "d7d6", "c1e3", "c8e6",
                "b1c3", "e8g8",
            ],
            Color::White,
        );
        let a = accepted(judge_text("7. 0-0", &g));
        assert_eq!(a.own.uci, "e1g1");
        let a = accepted(judge_text("6... 0-0 7. 0-0", &g));
        assert_eq!(a.own.uci, "e1g1");
        assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("e8g8"));
    }

    #[test]
    fn art_21_russian_mate_and_annotation_marks_never_refuse() {
        // Rook d1 to d8 with the black king on h8 behind its pawns.
        let ucis = [
            "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1", "e8g8", "d2d3", "d7d6", "f1e1",
            "f8e8",
        ];
        let g = ru_game(&ucis, Color::White);
        for mark in [
            "+", "++", "#", "х", "x", "×", "+!", "х!!", "#?!", "!?", "?", "??", "!",
        ] {
            let text = format!("6... Лf8-e8 7. Кb1-c3{mark}");
            let a = accepted(judge_text(&text, &g));
            assert_eq!(a.own.uci, "b1c3", "{text}");
        }
        let g = ru_game(&["e2e4", "d7d5"], Color::White);
        for t in [
            "2. e4:d5+?!",
            "2. e4xd5!",
            "2. e:d5",
            "2. ed5",
            "2. ed",
            "2. exd5",
            "2. e4×d5",
        ] {
            let a = accepted(judge_text(t, &g));
            assert_eq!(a.own.uci, "e4d5", "{t}");
        }
    }

    #[test]
    fn art_21_en_passant_marks_in_every_spelling() {
        let ucis = ["e2e4", "a7a6", "e4e5", "d7d5"];
        for (n, t) in [
            (Notation::Ru, "3. e5:d6 в.п."),
            (Notation::Ru, "3. e5:d6 e.p."),
            (Notation::Bg, "3. e5:d6 ep"),
            (Notation::En, "3. exd6 e.p."),
            (Notation::De, "3. e5xd6ep"),
        ] {
            let g = GameView {
                notation: n,
                ..game(&ucis, Color::White)
            };
            let a = accepted(judge_text(t, &g));
            assert_eq!(a.own.uci, "e5d6", "{t}");
        }
    }

    #[test]
    fn art_7_note_2_short_captures_in_every_notation() {
        // 1.e4 e5 2.Nf3 Nc6 3.d4 d6 4.Bb5 Bd7 5.Nc3 Nf6: Nd7? no — test the capture shapes.
        let ucis = [
            "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d2d4", "c7c6", "g1f3", "c8g4",
        ];
        for (n, t, uci) in [
            (Notation::Ru, "6. С:g4", ""),
            (Notation::Ru, "6. Сf1-e2 ", "f1e2"),
            (Notation::Bg, "6. Оc1-d2", "c1d2"),
        ] {
            let g = GameView {
                notation: n,
                ..game(&ucis, Color::White)
            };
            let v = judge_text(t, &g);
            if uci.is_empty() {
                // No bishop can take on g4: impossible, not "no move".
                assert!(matches!(v, Verdict::Impossible(_)), "{t}: {v:?}");
            } else {
                assert_eq!(accepted(v).own.uci, uci, "{t}");
            }
        }
        // Ф:f2, Л:d3, Кb:d7, Сd:e5 shapes, each naming one legal capture.
        let ucis = ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7"];
        let g = ru_game(&ucis, Color::Black);
        let a = accepted(judge_text("3... Кр:f7", &g));
        assert_eq!(a.own.uci, "e8f7");
        assert!(a.short);
        let g = game(&ucis, Color::Black);
        let a = accepted(judge_text("3... Ц:f7", &g));
        assert_eq!(a.own.uci, "e8f7");
        for (n, t) in [
            (Notation::Ru, "Ф:f7"),
            (Notation::Bg, "Д:f7"),
            (Notation::Bg, "D:f7"),
            (Notation::En, "Q:f7"),
            (Notation::De, "Dxf7"),
        ] {
            let g = GameView {
                notation: n,
                ..game(
                    &["e2e4", "e7e5", "d1h5", "d8e7", "h5f7", "e8d8"],
                    Color::White,
                )
            };
            let v = judge_text(&format!("4. {t}"), &g);
            assert!(matches!(v, Verdict::Impossible(_)), "{t}: {v:?}");
        }
        let ucis = [
            "e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "d7d6", "b1d2", "c8g4", "d4e5", "g4f3", "d2f3",
        ];
        let g = ru_game(&ucis, Color::Black);
        for t in [
            "6... d:e5",
            "6... de",
            "6... d6:e5",
            "6... de5",
            "6... dxe5",
        ] {
            let a = accepted(judge_text(t, &g));
            assert_eq!(a.own.uci, "d6e5", "{t}");
        }
        let g = ru_game(&ucis, Color::Black);
        for t in ["6... К:e5", "6... Кc:e5", "6... Кc6:e5", "6... Кc6-e5"] {
            let a = accepted(judge_text(t, &g));
            assert_eq!(a.own.uci, "c6e5", "{t}");
        }
    }

    #[test]
    fn art_7_note_2_short_piece_shapes() {
        // Knights on b1 and f3 can both reach d2: Кbd2 / К1d2 / Кfd2 name one.
        let ucis = ["g1f3", "g8f6", "d2d4", "d7d5"];
        let g = game(&ucis, Color::White);
        assert_eq!(accepted(judge_text("3. Кbd2", &g)).own.uci, "b1d2");
        assert_eq!(accepted(judge_text("3. К1d2", &g)).own.uci, "b1d2");
        assert_eq!(accepted(judge_text("3. Кfd2", &g)).own.uci, "f3d2");
        assert_eq!(accepted(judge_text("3. Кc3", &g)).own.uci, "b1c3");
        let ucis = [
            "a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6",
        ];
        let g = ru_game(&ucis, Color::White);
        assert_eq!(accepted(judge_text("5. ba8Ф", &g)).own.uci, "b7a8q");
        assert_eq!(accepted(judge_text("5. b7:a8Ф+", &g)).own.uci, "b7a8q");
        assert_eq!(accepted(judge_text("5. bа8Ф", &g)).own.uci, "b7a8q");
    }

    fn two_ucis(v: Verdict) -> Vec<String> {
        let Verdict::TwoReadings(own) = v else {
            panic!("not two readings: {v:?}")
        };
        let mut u: Vec<String> = own.into_iter().map(|m| m.uci).collect();
        u.sort();
        u
    }

    #[test]
    fn art_9_b_a_duplicated_move_in_a_copied_score_costs_nothing() {
        // Reviewer C: the whole score copied with one move written twice puts the own move
        // past `ply`; it stands, nothing is charged.
        let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        let a = accepted(judge_text(
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 Кb8-c6 3. Оf1-b5",
            &g,
        ));
        assert_eq!(a.own.uci, "f1b5");
        assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("b8c6"));
        let a = accepted(judge_text(
            "1. e2-e4 e7-e5 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5",
            &g,
        ));
        assert_eq!(a.own.uci, "f1b5");
        // The gaps never excuse a faulty new move nor a wrong Б.
        for (text, article) in [
            ("1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 Кb8-c6 3. Оf1-c5", 14),
            ("2... Кb8-c6 3. Оf1-c5", 14),
            ("c7-c5 3. Оf1-b5", 15),
            ("2... c7-c5 3. Оf1-b5", 15),
        ] {
            let v = judge_text(text, &g);
            assert_eq!(
                v.refusal().map(|r| r.article),
                Some(article),
                "{text}: {v:?}"
            );
        }
    }

    #[test]
    fn art_15_b_numbered_as_the_last_move_and_written_wrongly_is_incorrect() {
        // Reviewer A: `2... e7-e5` names Black's second move, which was Кb8-c6.
        let g = game(&["e2e4", "e7e5", "g1f3", "b8c6"], Color::White);
        let v = judge_text("2... e7-e5 3. Оf1-b5", &g);
        let Verdict::Incorrect(r) = v else {
            panic!("{v:?}")
        };
        assert_eq!(r.article, 15);
        assert_eq!(r.penalty_days, 5);
    }

    #[test]
    fn rules_4_the_gaps_never_change_a_correctly_numbered_own_move() {
        // Reviewer B: `4. Кf3` is legal and numbered right, its line is not; the gaps would
        // read «Оb5» as the own move. Two own moves: asked, no penalty.
        let g = game(
            &["e2e4", "e7e5", "g1f3", "b8c6", "f3g5", "d7d6"],
            Color::White,
        );
        assert_eq!(two_ucis(judge_text("4. Кf3 Кc6 Оb5", &g)), ["f1b5", "g5f3"]);
    }

    #[test]
    fn art_9_b_the_number_of_the_half_move_to_play_names_the_own_move() {
        // Reviewer H: after 1.e4 e5 2.Кf3 Black writes a line and then `2... d6`: the number
        // says d6 is his move.
        let g = game(&["e2e4", "e7e5", "g1f3"], Color::Black);
        let a = accepted(judge_text("2. Кf3 Кc6 3. Оb5 2... d6", &g));
        assert_eq!(a.own.uci, "d7d6");
        assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("g1f3"));
        // Б is `2. Кf3`, numbered right: no wrong number is pointed out.
        assert!(a.wrong_numbers.is_empty(), "{:?}", a.wrong_numbers);
    }

    #[test]
    fn art_9_b_a_score_with_a_move_left_out_points_out_no_false_slips() {
        // Reviewer D: Кb8-c6 left out of the copied score; aligned from the end every earlier
        // move would be a "slip".
        let g = game(
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"],
            Color::White,
        );
        let a = accepted(judge_text(
            "1. e2-e4 e7-e5 2. Кg1-f3 3. Оf1-b5 a7-a6 4. Оb5-a4",
            &g,
        ));
        assert_eq!(a.own.uci, "b5a4");
        assert_eq!(a.repeated.map(|m| m.uci).as_deref(), Some("a7a6"));
        assert!(a.quote_slips.is_empty(), "{:?}", a.quote_slips);
        // The same with one old move also garbled: that one alone is pointed out.
        let a = accepted(judge_text(
            "1. e2-e4 e7-e6 2. Кg1-f3 3. Оf1-b5 a7-a6 4. Оb5-a4",
            &g,
        ));
        assert_eq!(a.own.uci, "b5a4");
        assert_eq!(a.quote_slips.len(), 1, "{:?}", a.quote_slips);
        assert_eq!(a.quote_slips[0].written, "e7-e6");
        assert_eq!(a.quote_slips[0].record.full, "e7-e5");
    }
}
