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
}

impl Accepted {
    /// Complete: nothing missing, wrong or short (RULES.md §4 first row).
    pub fn is_complete(&self) -> bool {
        !self.short
            && self.missing.is_empty()
            && self.wrong.is_empty()
            && self.wrong_numbers.is_empty()
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
            Verdict::NotYourTurn => Some(Kind::Error),
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

/// How many leading items replay the record from move 1 (a letter that copies the score).
fn score_prefix(items: &[MoveItem], moves: &[Move]) -> usize {
    if items.first().and_then(|i| i.number) != Some(1) {
        return 0;
    }
    let mut pos = Chess::default();
    let mut k = 0;
    while k < items.len() && k < moves.len() {
        match resolve(&items[k], &pos) {
            Some(r) if r.mv == moves[k] => {}
            _ => break,
        }
        pos.play_unchecked(moves[k]);
        k += 1;
    }
    k
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
    let mut before_last = Chess::default();
    for (ply, &m) in game.moves.iter().enumerate() {
        before_last = pos.clone();
        pos = match pos.play(m) {
            Ok(p) => p,
            Err(_) => return Verdict::BadRecord { ply },
        };
    }
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

    // Which item is Б (the opponent's last move repeated) and which is В (the own move)?
    let mut repeat_idx: Option<usize> = None;
    let mut repeat_ok = false;
    let prefix = score_prefix(items, &game.moves);
    if ply >= 2 && prefix == ply && items.len() > ply {
        // The whole score so far written out before the own move: its last move is Б.
        repeat_idx = Some(ply - 1);
        repeat_ok = true;
    } else if let Some(last_mv) = last {
        let it0 = &items[0];
        let opp_number = ((ply - 1) / 2 + 1) as u32;
        let opp_black = game.sender == Color::White;
        let matches_last = resolve(it0, &before_last).is_some_and(|r| r.mv == last_mv);
        let marked_as_opponent = it0.number == Some(opp_number) && it0.black == opp_black;
        if matches_last {
            repeat_idx = Some(0);
            repeat_ok = true;
        } else if resolve(it0, &pos).is_some() {
            // The own move with Б left out.
        } else if items.len() >= 2 && (resolve(&items[1], &pos).is_some() || marked_as_opponent) {
            repeat_idx = Some(0);
        }
    }

    // Art. 15: the opponent's last move repeated wrongly.
    if let (Some(i), false, Some(last_mv)) = (repeat_idx, repeat_ok, last) {
        let item = &items[i];
        return Verdict::Incorrect(Box::new(Refusal {
            article: 15,
            penalty_days: game.penalty_days,
            transport_fault: false,
            written: item.raw.clone(),
            fault: MoveFault::Mismatch,
            expected_repeat: Some(fact(&before_last, last_mv, ply - 1, n)),
            help: help(
                &pos,
                &items[repeat_idx.map_or(0, |r| r + 1).min(items.len() - 1)],
                ply,
                n,
            ),
        }));
    }

    let own_idx = repeat_idx.map_or(0, |i| i + 1);
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
    let resolved = match &own_item.parsed {
        Err(e) => return Verdict::Unclear(refuse(16, MoveFault::Syntax(*e))),
        Ok(mt) => match mt.resolve(&pos) {
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
        short |= resolve(&items[i], &before_last).is_some_and(|r| r.short);
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
}
