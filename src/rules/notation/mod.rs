//! Move notation: text → `MoveText` (syntax only, per notation) → a legal move in a position,
//! and legal moves → text in each notation's full and short forms (RULES.md §4, Art. 7 notes
//! 1–3, Art. 8 note 1, Art. 14, 16, 21).
//!
//! Two stages, as in shakmaty's `San` → `to_move`: `parse_move` never looks at a position, so a
//! syntax failure is always *unclear* (Art. 16); `MoveText::resolve` then says whether the text
//! names exactly one legal move, none (*impossible*, Art. 14) or several (*unclear*, Art. 16).

use std::fmt::Write as _;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};
use thiserror::Error;

use crate::rules::model::Notation;

/// A move as written, before any position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    pub shape: Shape,
    /// A capture mark (`:` `x` `×`) was written. Never decisive (Art. 21).
    pub capture_mark: bool,
    /// `+` or `++` was written. Never decisive (Art. 21).
    pub check_mark: bool,
    /// `#` was written. Never decisive (Art. 21).
    pub mate_mark: bool,
    /// `e.p.` / `ep` was written.
    pub en_passant_mark: bool,
    /// Written in ICCF numeric notation (`5254`).
    pub numeric: bool,
}

/// What the text says about the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `0-0`, `O-O`, `О-О` (king side) or the long forms (queen side).
    Castle(CastlingSide),
    /// Any other move. `role: None` means no piece letter was written: a pawn in short form,
    /// or any piece in from-to form (`g1-f3` names one piece unambiguously).
    /// `to_rank: None` only for a pawn capture written by files (`ed`, `e:d`).
    Piece {
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to_file: File,
        to_rank: Option<Rank>,
        promotion: Option<Role>,
    },
}

/// Why a text is not a readable move: always *unclear* (Art. 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SyntaxError {
    #[error("nothing written")]
    Empty,
    #[error("not a move")]
    NotAMove,
    #[error("a square cannot be read")]
    BadSquare,
    #[error("the target square is missing")]
    MissingTarget,
    #[error("the promotion piece cannot be read")]
    BadPromotion,
    #[error("unexpected text after the move")]
    TrailingText,
    #[error("numeric notation is not allowed in this tournament (Art. 7 note 3)")]
    NumericNotAllowed,
    #[error("numeric notation cannot be read")]
    BadNumeric,
}

/// A move text matched to exactly one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resolved {
    pub mv: Move,
    /// Not full from-to notation: incomplete, but the move stands (Art. 7 note 2).
    pub short: bool,
}

/// Why a well-formed move text is not one legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ResolveError {
    /// Illegal in the position (Art. 14).
    #[error("impossible move (Art. 14)")]
    Impossible,
    /// Names more than one legal move (Art. 16); the candidates are listed for the reply.
    #[error("unclear move (Art. 16): {} moves fit", candidates.len())]
    Unclear { candidates: Vec<Move> },
}

impl MoveText {
    /// Full notation: from-square and to-square both written, or castling (Art. 7 note 2).
    pub fn is_full(&self) -> bool {
        match self.shape {
            Shape::Castle(_) => true,
            Shape::Piece {
                from_file,
                from_rank,
                to_rank,
                ..
            } => from_file.is_some() && from_rank.is_some() && to_rank.is_some(),
        }
    }

    /// The from-square, when written.
    pub fn from_square(&self) -> Option<Square> {
        match self.shape {
            Shape::Piece {
                from_file: Some(f),
                from_rank: Some(r),
                ..
            } => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The to-square, when written.
    pub fn to_square(&self) -> Option<Square> {
        match self.shape {
            Shape::Piece {
                to_file,
                to_rank: Some(r),
                ..
            } => Some(Square::from_coords(to_file, r)),
            _ => None,
        }
    }

    /// The piece the text names in `pos`: the letter written, else the piece standing on the
    /// written from-square, else a pawn (short form without a letter); the king for castling.
    pub fn named_role(&self, pos: &Chess) -> Option<Role> {
        match self.shape {
            Shape::Castle(_) => Some(Role::King),
            Shape::Piece { role: Some(r), .. } => Some(r),
            Shape::Piece { .. } => match self.from_square() {
                Some(sq) => pos.board().role_at(sq),
                None => Some(Role::Pawn),
            },
        }
    }

    /// Does the legal move `m` fit what is written? Check, capture and en-passant marks are
    /// ignored (Art. 21).
    pub fn matches(&self, pos: &Chess, m: Move) -> bool {
        match self.shape {
            Shape::Castle(side) => m.castling_side() == Some(side),
            Shape::Piece {
                role,
                from_file,
                from_rank,
                to_file,
                to_rank,
                promotion,
            } => {
                let Some(from) = m.from() else { return false };
                // A castling move also reads as the king's own from-to move (`Цe1-g1`).
                let to = match m {
                    Move::Castle { .. } => match m.castling_side() {
                        Some(side) => side.king_to(pos.turn()),
                        None => return false,
                    },
                    _ => m.to(),
                };
                let full = from_file.is_some() && from_rank.is_some() && to_rank.is_some();
                let role_ok = match role {
                    Some(r) => m.role() == r,
                    // No letter: a pawn in short form; any piece when from-to is written.
                    None => full || m.role() == Role::Pawn,
                };
                let promo_ok = match promotion {
                    Some(p) => m.promotion() == Some(p),
                    None => true,
                };
                role_ok
                    && promo_ok
                    && from_file.is_none_or(|f| f == from.file())
                    && from_rank.is_none_or(|r| r == from.rank())
                    && to_file == to.file()
                    && to_rank.is_none_or(|r| r == to.rank())
                    // A pawn capture written by files (`ed`) must be a capture.
                    && (to_rank.is_some() || m.is_capture())
            }
        }
    }

    /// Stage two: the one legal move this text names in `pos`.
    pub fn resolve(&self, pos: &Chess) -> Result<Resolved, ResolveError> {
        let mut found: Option<Move> = None;
        let mut candidates = Vec::new();
        for m in pos.legal_moves() {
            if self.matches(pos, m) {
                if found.is_none() {
                    found = Some(m);
                }
                candidates.push(m);
            }
        }
        match (found, candidates.len()) {
            (Some(mv), 1) => Ok(Resolved {
                mv,
                short: !self.is_full(),
            }),
            (None, _) => Err(ResolveError::Impossible),
            _ => Err(ResolveError::Unclear { candidates }),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Characters

/// A file letter, with the Cyrillic look-alikes players type (RULES.md §4 "Squares").
pub(crate) fn file_of(c: char) -> Option<File> {
    let i = match c {
        'a'..='h' => c as u32 - 'a' as u32,
        'а' => 0, // Cyrillic а
        'в' => 1, // Cyrillic в: b on the Cyrillic keyboard
        'с' => 2, // Cyrillic с
        'д' => 3, // Cyrillic д: lower case, so never the queen
        'е' => 4, // Cyrillic е
        'һ' => 7,
        _ => return None,
    };
    Some(File::new(i))
}

fn is_latin_file(c: char) -> bool {
    c.is_ascii_lowercase() && c <= 'h'
}

pub(crate) fn rank_of(c: char) -> Option<Rank> {
    match c {
        '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
        _ => None,
    }
}

pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '‐' | '‑' | '−' | '‒' | '―')
}

fn is_capture_char(c: char) -> bool {
    matches!(c, ':' | 'x' | '×' | 'х' | 'X' | 'Х')
}

fn is_castle_char(c: char) -> bool {
    matches!(c, '0' | 'O' | 'О' | 'o' | 'о')
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{a0}' | '\u{2009}' | '\u{202f}')
}

/// The end of a move: end of text, or anything that cannot continue a word.
fn is_boundary(chars: &[char], i: usize) -> bool {
    match chars.get(i) {
        None => true,
        Some(&c) => !is_word_char(c),
    }
}

/// A piece letter of `notation` at `i`: (role, chars used). Bulgarian reads both scripts
/// (Art. 8 note 1); Russian also reads the Latin look-alikes of К, Кр and С.
fn piece_at(chars: &[char], i: usize, notation: Notation) -> Option<(Role, usize)> {
    let c = *chars.get(i)?;
    let one = |r| Some((r, 1));
    match notation {
        Notation::Bg => match c {
            'Ц' | 'Z' => one(Role::King),
            'Д' | 'D' => one(Role::Queen),
            'Т' | 'T' => one(Role::Rook),
            'О' | 'O' => one(Role::Bishop),
            'К' | 'K' => one(Role::Knight),
            _ => None,
        },
        Notation::Ru => match c {
            'К' | 'K' => match chars.get(i + 1) {
                Some('р' | 'Р' | 'p' | 'P') => Some((Role::King, 2)),
                _ => one(Role::Knight),
            },
            'Ф' => one(Role::Queen),
            'Л' => one(Role::Rook),
            'С' | 'C' => one(Role::Bishop),
            _ => None,
        },
        Notation::En => match c {
            'K' => one(Role::King),
            'Q' => one(Role::Queen),
            'R' => one(Role::Rook),
            'B' => one(Role::Bishop),
            'N' => one(Role::Knight),
            _ => None,
        },
        Notation::De => match c {
            'K' => one(Role::King),
            'D' => one(Role::Queen),
            'T' => one(Role::Rook),
            'L' => one(Role::Bishop),
            'S' => one(Role::Knight),
            _ => None,
        },
    }
}

/// The letter a notation writes for a piece (Cyrillic for `bg`, as in Art. 7 note 1).
pub fn piece_letter(role: Role, notation: Notation) -> &'static str {
    match (notation, role) {
        (_, Role::Pawn) => "",
        (Notation::Bg, Role::King) => "Ц",
        (Notation::Bg, Role::Queen) => "Д",
        (Notation::Bg, Role::Rook) => "Т",
        (Notation::Bg, Role::Bishop) => "О",
        (Notation::Bg, Role::Knight) => "К",
        (Notation::Ru, Role::King) => "Кр",
        (Notation::Ru, Role::Queen) => "Ф",
        (Notation::Ru, Role::Rook) => "Л",
        (Notation::Ru, Role::Bishop) => "С",
        (Notation::Ru, Role::Knight) => "К",
        (Notation::En, Role::King) => "K",
        (Notation::En, Role::Queen) => "Q",
        (Notation::En, Role::Rook) => "R",
        (Notation::En, Role::Bishop) => "B",
        (Notation::En, Role::Knight) => "N",
        (Notation::De, Role::King) => "K",
        (Notation::De, Role::Queen) => "D",
        (Notation::De, Role::Rook) => "T",
        (Notation::De, Role::Bishop) => "L",
        (Notation::De, Role::Knight) => "S",
    }
}

// ---------------------------------------------------------------------------------------------
// Stage one: syntax

/// Stage one: read one move written alone (surrounding whitespace allowed).
pub fn parse_move(
    text: &str,
    notation: Notation,
    allow_numeric: bool,
) -> Result<MoveText, SyntaxError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.is_empty() {
        return Err(SyntaxError::Empty);
    }
    if chars.len() >= 4 && chars.iter().all(|c| c.is_ascii_digit()) {
        return parse_numeric(&chars, allow_numeric);
    }
    match parse_at(&chars, 0, notation) {
        None => Err(SyntaxError::NotAMove),
        Some((Err(e), _)) => Err(e),
        Some((Ok(mt), end)) => {
            if chars[end..].iter().all(|&c| c.is_whitespace()) {
                Ok(mt)
            } else {
                Err(SyntaxError::TrailingText)
            }
        }
    }
}

/// ICCF numeric notation: `5254`, promotion digit 1–4 = queen, rook, bishop, knight
/// (Art. 7 note 3). Read only where the tournament allows it.
pub fn parse_numeric(chars: &[char], allow_numeric: bool) -> Result<MoveText, SyntaxError> {
    let digits: Vec<u32> = chars.iter().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != chars.len() || !(digits.len() == 4 || digits.len() == 5) {
        return Err(SyntaxError::BadNumeric);
    }
    if !allow_numeric {
        return Err(SyntaxError::NumericNotAllowed);
    }
    if digits[..4].iter().any(|&d| !(1..=8).contains(&d)) {
        return Err(SyntaxError::BadNumeric);
    }
    let promotion = match digits.get(4) {
        None => None,
        Some(1) => Some(Role::Queen),
        Some(2) => Some(Role::Rook),
        Some(3) => Some(Role::Bishop),
        Some(4) => Some(Role::Knight),
        Some(_) => return Err(SyntaxError::BadNumeric),
    };
    Ok(MoveText {
        shape: Shape::Piece {
            role: None,
            from_file: Some(File::new(digits[0] - 1)),
            from_rank: Some(Rank::new(digits[1] - 1)),
            to_file: File::new(digits[2] - 1),
            to_rank: Some(Rank::new(digits[3] - 1)),
            promotion,
        },
        capture_mark: false,
        check_mark: false,
        mate_mark: false,
        en_passant_mark: false,
        numeric: true,
    })
}

/// Does the word starting at `i` look like an attempt at a move? Only then is a failure to
/// read it an *unclear* move (Art. 16) rather than prose: it must hold a square (a file letter
/// followed by a digit) or a castling shape.
fn looks_like_move(chars: &[char], i: usize) -> bool {
    let end = word_end(chars, i);
    (i..end).any(|j| {
        file_of(chars[j]).is_some() && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit())
    })
}

/// No move attempt is longer than this; the bound keeps reading linear on garbage.
const MAX_ATTEMPT: usize = 40;

/// The end of the whitespace-delimited word at `i`, at most `MAX_ATTEMPT` characters on.
fn word_end(chars: &[char], i: usize) -> usize {
    let limit = chars.len().min(i + MAX_ATTEMPT);
    let mut j = i;
    while j < limit && !chars[j].is_whitespace() {
        j += 1;
    }
    j
}

/// Read a move starting at `i` (which should be a word start). `None`: this is not a move
/// attempt (prose). `Some((result, end))`: a move attempt ending at `end`.
pub(crate) fn parse_at(
    chars: &[char],
    i: usize,
    notation: Notation,
) -> Option<(Result<MoveText, SyntaxError>, usize)> {
    let first = *chars.get(i)?;
    if is_castle_char(first)
        && let Some(r) = parse_castle(chars, i)
    {
        return Some(r);
    }
    match parse_piece_move(chars, i, notation) {
        Ok((mt, end)) => {
            if is_pawn_file_capture(&mt) && !mt.capture_mark {
                // `ed` without a mark: only Latin letters of adjacent files, so that short
                // Cyrillic words (`де`, `ас`) are never read as moves.
                let ok = (i..end).all(|k| is_latin_file(chars[k]) || !chars[k].is_alphabetic())
                    && pawn_files_adjacent(&mt);
                if !ok {
                    return None;
                }
            }
            Some((Ok(mt), end))
        }
        Err(e) => {
            let end = word_end(chars, i);
            if looks_like_move(chars, i) {
                return Some((Err(e), end));
            }
            // `Теf – e2`: a piece letter and a file, then a dash and a square: an attempt at a
            // from-to move whose from-square cannot be read.
            let starts_like_move = piece_at(chars, i, notation)
                .is_some_and(|(_, n)| chars.get(i + n).is_some_and(|&c| file_of(c).is_some()));
            let k = skip_spaces(chars, end);
            if starts_like_move && chars.get(k).is_some_and(|&c| is_dash(c)) {
                let k2 = skip_spaces(chars, k + 1);
                if chars.get(k2).is_some_and(|&c| file_of(c).is_some())
                    && chars.get(k2 + 1).is_some_and(|c| c.is_ascii_digit())
                {
                    let limit = word_end(chars, k2);
                    let mut e2 = k2 + 2;
                    while e2 < limit && chars[e2] != ';' && chars[e2] != ',' {
                        e2 += 1;
                    }
                    return Some((Err(e), e2));
                }
            }
            None
        }
    }
}

fn is_pawn_file_capture(mt: &MoveText) -> bool {
    matches!(mt.shape, Shape::Piece { to_rank: None, .. })
}

fn pawn_files_adjacent(mt: &MoveText) -> bool {
    match mt.shape {
        Shape::Piece {
            from_file: Some(f),
            to_file,
            ..
        } => f.distance(to_file) == 1,
        _ => false,
    }
}

fn skip_spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    i
}

fn parse_castle(chars: &[char], i: usize) -> Option<(Result<MoveText, SyntaxError>, usize)> {
    // c (-c){1,2}; dashes may have spaces around them; `00` / `000` without dashes too.
    let mut n = 1;
    let mut j = i + 1;
    loop {
        let k = skip_spaces(chars, j);
        let k2 = if chars.get(k).is_some_and(|&c| is_dash(c)) {
            skip_spaces(chars, k + 1)
        } else if k == j {
            k
        } else {
            break;
        };
        if chars.get(k2).is_some_and(|&c| is_castle_char(c)) && n < 3 {
            n += 1;
            j = k2 + 1;
        } else {
            break;
        }
    }
    if n < 2 {
        return None;
    }
    // A castling token has no square after it (`O-O` is castling, `Of1` a bishop).
    let (suffix, end) = parse_suffix(chars, j, false);
    if !is_boundary(chars, end) {
        return None;
    }
    let side = if n == 2 {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    Some((
        Ok(MoveText {
            shape: Shape::Castle(side),
            capture_mark: false,
            check_mark: suffix.check,
            mate_mark: suffix.mate,
            en_passant_mark: false,
            numeric: false,
        }),
        end,
    ))
}

#[derive(Default)]
struct Suffix {
    check: bool,
    mate: bool,
    ep: bool,
}

/// After the squares: `e.p.`, then marks `+ ++ # ! ? !? ?!`.
fn parse_suffix(chars: &[char], mut j: usize, read_ep: bool) -> (Suffix, usize) {
    let mut s = Suffix::default();
    if read_ep {
        let k = skip_spaces(chars, j);
        if let Some(e) = en_passant_at(chars, k) {
            s.ep = true;
            j = e;
        }
    }
    while let Some(&c) = chars.get(j) {
        match c {
            '+' | '†' => s.check = true,
            '#' | '‡' => s.mate = true,
            '!' | '?' => {}
            // Russian notation writes mate as a trailing х (Cyrillic or Latin x, or ×) after
            // the move (Art. 21: marks never decide); only where the move ends after it.
            'х' | 'x' | '×' | 'Х' | 'X' if chars.get(j + 1).is_none_or(|&n| !is_word_char(n)) => {
                s.mate = true;
            }
            _ => break,
        }
        j += 1;
    }
    // The en-passant mark may also follow the check mark (`e5:d6+ e.p.`).
    if read_ep && !s.ep {
        let k = skip_spaces(chars, j);
        if let Some(e) = en_passant_at(chars, k) {
            s.ep = true;
            j = e;
        }
    }
    (s, j)
}

/// `e.p.`, `e. p.`, `ep`, `e.p` (Latin or Cyrillic е, п) at `k`; returns the end.
fn en_passant_at(chars: &[char], k: usize) -> Option<usize> {
    let mut j = k;
    // Russian `в.п.` (взятие на проходе).
    if chars.get(j) == Some(&'в') {
        j += 1;
        if chars.get(j) == Some(&'.') {
            j = skip_spaces(chars, j + 1);
        }
        if chars.get(j) != Some(&'п') {
            return None;
        }
        j += 1;
        if chars.get(j) == Some(&'.') {
            j += 1;
        }
        return (is_boundary(chars, j) || chars.get(j).is_some_and(|&c| matches!(c, '+' | '#')))
            .then_some(j);
    }
    if !matches!(chars.get(j), Some('e' | 'е')) {
        return None;
    }
    j += 1;
    if chars.get(j) == Some(&'.') {
        j = skip_spaces(chars, j + 1);
    }
    if !matches!(chars.get(j), Some('p' | 'п' | 'р')) {
        return None;
    }
    j += 1;
    if chars.get(j) == Some(&'.') {
        j += 1;
    }
    if is_boundary(chars, j) || chars.get(j).is_some_and(|&c| matches!(c, '+' | '#')) {
        Some(j)
    } else {
        None
    }
}

/// `(file?, rank?)` at `j`.
fn parse_group(chars: &[char], j: usize) -> (Option<File>, Option<Rank>, usize) {
    let mut k = j;
    let f = chars.get(k).and_then(|&c| file_of(c));
    if f.is_some() {
        k += 1;
    }
    let r = chars.get(k).and_then(|&c| rank_of(c));
    if r.is_some() {
        k += 1;
    }
    (f, r, k)
}

fn parse_piece_move(
    chars: &[char],
    i: usize,
    notation: Notation,
) -> Result<(MoveText, usize), SyntaxError> {
    let mut j = i;
    let role = match piece_at(chars, j, notation) {
        Some((r, n)) => {
            j += n;
            Some(r)
        }
        None => None,
    };
    let (f1, r1, after1) = parse_group(chars, j);
    let g1_empty = f1.is_none() && r1.is_none();
    // A separator (dash or capture mark, spaces allowed around it) is taken only when a target
    // file follows it; else the move ends before it (`e4 — Кf6` is two moves).
    let mut capture_mark = false;
    let mut target: Option<(File, Option<Rank>, usize)> = None;
    {
        let k = skip_spaces(chars, after1);
        if let Some(&c) = chars.get(k)
            && (is_dash(c) || is_capture_char(c))
        {
            let mut k2 = k + 1;
            // `x` may itself follow a dash (`e2-x-e4` is not a thing, but `-:` is rare);
            // accept one more capture mark directly after a dash.
            if is_dash(c) && chars.get(k2).is_some_and(|&c2| is_capture_char(c2)) {
                k2 += 1;
            }
            let k3 = skip_spaces(chars, k2);
            let (f2, r2, after2) = parse_group(chars, k3);
            if let Some(f2) = f2 {
                capture_mark = is_capture_char(c) || k2 > k + 1;
                target = Some((f2, r2, after2));
            } else if g1_empty && k == after1 {
                // `Кx` followed by garbage: a move attempt that cannot be read.
                return Err(SyntaxError::MissingTarget);
            }
        }
    }
    if target.is_none() && !g1_empty && after1 == skip_spaces(chars, after1) {
        // No separator: `Кbd2`, `R1e2`, `e2e4`, `ed`.
        if let Some(f2) = chars.get(after1).and_then(|&c| file_of(c)) {
            let (_, r2, after2) = parse_group(chars, after1);
            target = Some((f2, r2, after2));
        }
    }
    let (from_file, from_rank, to_file, to_rank, mut end) = match target {
        Some((f2, r2, after2)) => (f1, r1, f2, r2, after2),
        None => match (f1, r1) {
            (Some(f), Some(r)) => (None, None, f, Some(r), after1),
            (None, None) => return Err(SyntaxError::NotAMove),
            _ => return Err(SyntaxError::MissingTarget),
        },
    };
    if g1_empty && target.is_some() && role.is_none() {
        // `-e4`, `:d5` with nothing before: not a move.
        return Err(SyntaxError::NotAMove);
    }
    if to_rank.is_none() {
        // Only a pawn capture by files (`ed`) may omit the target rank.
        if role.is_some() || from_file.is_none() || from_rank.is_some() {
            return Err(SyntaxError::MissingTarget);
        }
    }
    // Promotion: `e8Д`, `e8=D`, `e8(D)`, `e8/Д`.
    let mut promotion = None;
    if to_rank.is_some() {
        let mut k = end;
        let open = chars.get(k).copied();
        let bracket = matches!(open, Some('(' | '['));
        if matches!(open, Some('=' | '/' | '(' | '[')) {
            k += 1;
        }
        match piece_at(chars, k, notation) {
            Some((p, n)) if p != Role::King && p != Role::Pawn => {
                k += n;
                if bracket {
                    if matches!(chars.get(k), Some(')' | ']')) {
                        k += 1;
                    } else {
                        return Err(SyntaxError::BadPromotion);
                    }
                }
                promotion = Some(p);
                end = k;
            }
            _ => {
                if k != end && !bracket {
                    return Err(SyntaxError::BadPromotion);
                }
            }
        }
    }
    let (suffix, end) = parse_suffix(chars, end, true);
    if !is_boundary(chars, end) {
        return Err(if chars.get(end).is_some_and(|c| c.is_ascii_digit()) {
            SyntaxError::BadSquare
        } else {
            SyntaxError::TrailingText
        });
    }
    Ok((
        MoveText {
            shape: Shape::Piece {
                role,
                from_file,
                from_rank,
                to_file,
                to_rank,
                promotion,
            },
            capture_mark,
            check_mark: suffix.check,
            mate_mark: suffix.mate,
            en_passant_mark: suffix.ep,
            numeric: false,
        },
        end,
    ))
}

// ---------------------------------------------------------------------------------------------
// Rendering

fn castle_text(side: CastlingSide, notation: Notation) -> &'static str {
    // English players write the letter O (PGN); the others the digit 0 (Art. 7 note 1 style).
    match (notation, side) {
        (Notation::En, CastlingSide::KingSide) => "O-O",
        (Notation::En, CastlingSide::QueenSide) => "O-O-O",
        (_, CastlingSide::KingSide) => "0-0",
        (_, CastlingSide::QueenSide) => "0-0-0",
    }
}

fn capture_sep(notation: Notation) -> char {
    match notation {
        Notation::Bg | Notation::Ru => ':',
        Notation::En | Notation::De => 'x',
    }
}

fn push_promotion(s: &mut String, promotion: Option<Role>, notation: Notation) {
    if let Some(p) = promotion {
        if notation == Notation::En {
            s.push('=');
        }
        s.push_str(piece_letter(p, notation));
    }
}

/// The notation's full from-to form of a legal move: bg `Кg1-f3`, `e2-e4`, `Тf1:f7`, `0-0`,
/// `e7-e8Д`; ru `Крe1-e2`; en `Ng1-f3`, `e7-e8=Q`; de `Sg1-f3`.
pub fn render_full(pos: &Chess, mv: &Move, notation: Notation) -> String {
    let _ = pos;
    let mut s = String::with_capacity(12);
    match *mv {
        Move::Castle { .. } => {
            if let Some(side) = mv.castling_side() {
                s.push_str(castle_text(side, notation));
            }
        }
        Move::Put { role, to } => {
            let _ = write!(s, "{}@{}", piece_letter(role, notation), to);
        }
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            s.push_str(piece_letter(role, notation));
            let _ = write!(s, "{from}");
            s.push(if mv.is_capture() {
                capture_sep(notation)
            } else {
                '-'
            });
            let _ = write!(s, "{to}");
            push_promotion(&mut s, promotion, notation);
        }
        Move::EnPassant { from, to } => {
            let _ = write!(s, "{from}{}{to}", capture_sep(notation));
        }
    }
    s
}

/// The notation's short form (SAN with the notation's letters): bg `Кf3`, `e:d5`, `e8Д`.
pub fn render_short(pos: &Chess, mv: &Move, notation: Notation) -> String {
    let san = San::from_move(pos, *mv);
    match san {
        San::Castle(side) => castle_text(side, notation).to_string(),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut s = String::with_capacity(10);
            s.push_str(piece_letter(role, notation));
            if let Some(f) = file {
                s.push(f.char());
            }
            if let Some(r) = rank {
                s.push(r.char());
            }
            if capture {
                s.push(capture_sep(notation));
            }
            let _ = write!(s, "{to}");
            push_promotion(&mut s, promotion, notation);
            s
        }
        other => other.to_string(),
    }
}

/// A text diagram of the position for replies, White at the bottom, with the notation's piece
/// letters (White upper case, Black lower case), a legend line and the FEN below it.
pub fn diagram(pos: &Chess, notation: Notation) -> String {
    diagram_from(pos, notation, Color::White)
}

/// The letter of a pawn in a diagram (moves write none).
fn pawn_letter(notation: Notation) -> &'static str {
    match notation {
        Notation::Bg | Notation::Ru => "П",
        Notation::En => "P",
        Notation::De => "B",
    }
}

/// The legend of a diagram in the notation's own language: each letter and its piece.
pub fn diagram_legend(notation: Notation) -> &'static str {
    match notation {
        Notation::Bg => {
            "Ц цар, Д дама, Т топ, О офицер, К кон, П пешка; белите с главни, черните с малки букви."
        }
        Notation::Ru => {
            "Кр король, Ф ферзь, Л ладья, С слон, К конь, П пешка; белые прописными, черные строчными буквами."
        }
        Notation::En => {
            "K king, Q queen, R rook, B bishop, N knight, P pawn; White in capitals, Black in small letters."
        }
        Notation::De => {
            "K König, D Dame, T Turm, L Läufer, S Springer, B Bauer; Weiß groß, Schwarz klein geschrieben."
        }
    }
}

/// A text diagram seen from `side`: White's side has rank 1 at the bottom and file a on the
/// left, Black's side rank 1 at the top and file h on the left. Letters of `notation`, White
/// upper case, Black lower case, dark empty squares `.`; the legend and the FEN below it.
pub fn diagram_from(pos: &Chess, notation: Notation, side: Color) -> String {
    let board = pos.board();
    let ranks: Vec<u32> = match side {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let files: Vec<u32> = match side {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let mut s = String::with_capacity(500);
    s.push_str("   +------------------------+\n");
    for &r in &ranks {
        let _ = write!(s, " {} |", r + 1);
        for &f in &files {
            let sq = Square::from_coords(File::new(f), Rank::new(r));
            let cell = match board.piece_at(sq) {
                None if sq.is_dark() => ".".to_string(),
                None => " ".to_string(),
                Some(p) => {
                    let letter = match p.role {
                        Role::Pawn => pawn_letter(notation),
                        r => piece_letter(r, notation),
                    };
                    if p.color == Color::White {
                        letter.to_string()
                    } else {
                        letter.to_lowercase()
                    }
                }
            };
            let width = cell.chars().count();
            s.push(' ');
            s.push_str(&cell);
            for _ in width..2 {
                s.push(' ');
            }
        }
        s.push_str("|\n");
    }
    s.push_str("   +------------------------+\n");
    let letters: Vec<String> = files
        .iter()
        .map(|&f| File::new(f).char().to_string())
        .collect();
    let _ = writeln!(s, "     {}", letters.join("  "));
    let _ = writeln!(s, "{}", diagram_legend(notation));
    let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
    let _ = writeln!(s, "FEN: {fen}");
    s
}

// ---------------------------------------------------------------------------------------------
// Help for refusals

/// Every legal move of the piece the text names: the piece on the written from-square if any,
/// else every piece of the written kind (Art. 19: the player need not move it, but it helps).
pub fn moves_of_named_piece(pos: &Chess, text: &MoveText) -> Vec<Move> {
    let role = text.named_role(pos);
    let from = text.from_square();
    let own_on_from = from.is_some_and(|sq| pos.board().color_at(sq) == Some(pos.turn()));
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            if own_on_from {
                m.from() == from
            } else {
                Some(m.role()) == role
            }
        })
        .collect()
}

/// The legal moves nearest to what was written ("did you mean Кg1-f3?"), best first, at most
/// five. Works on readable and unreadable text alike.
pub fn suggestions(pos: &Chess, text: &str, notation: Notation) -> Vec<Move> {
    let chars: Vec<char> = text.trim().chars().collect();
    let parsed = parse_move(text, notation, true).ok();
    // What can be gleaned: a piece letter at the start, and the squares written.
    let role = match parsed {
        Some(mt) => match mt.shape {
            Shape::Castle(_) => Some(Role::King),
            Shape::Piece { role, .. } => {
                role.or(if mt.is_full() { None } else { Some(Role::Pawn) })
            }
        },
        None => piece_at(&chars, 0, notation).map(|(r, _)| r),
    };
    let mut squares: Vec<Square> = Vec::new();
    for k in 0..chars.len() {
        if let (Some(f), Some(r)) = (
            file_of(chars[k]),
            chars.get(k + 1).and_then(|&c| rank_of(c)),
        ) {
            squares.push(Square::from_coords(f, r));
        }
    }
    let castle = parsed.and_then(|mt| match mt.shape {
        Shape::Castle(side) => Some(side),
        _ => None,
    });
    let (from, to) = match squares.len() {
        0 => (None, None),
        1 => (None, Some(squares[0])),
        _ => (Some(squares[0]), Some(squares[squares.len() - 1])),
    };
    let mut scored: Vec<(u32, Move)> = Vec::new();
    for m in pos.legal_moves() {
        let mut score = 0u32;
        if castle.is_some() && m.castling_side() == castle {
            score += 10;
        }
        if role == Some(m.role()) {
            score += 3;
        }
        let mto = match m {
            Move::Castle { .. } => m
                .castling_side()
                .map(|s| s.king_to(pos.turn()))
                .unwrap_or(m.to()),
            _ => m.to(),
        };
        if let Some(f) = from {
            if m.from() == Some(f) {
                score += 4;
            } else if m.from().is_some_and(|mf| mf.distance(f) <= 1) {
                score += 1;
            }
        }
        if let Some(t) = to {
            if mto == t {
                score += 4;
            } else if mto.distance(t) <= 1 {
                score += 2;
            } else if mto.file() == t.file() || mto.rank() == t.rank() {
                score += 1;
            }
        }
        if score >= 4 {
            scored.push((score, m));
        }
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    scored.into_iter().take(5).map(|(_, m)| m).collect()
}

/// Letters and digits. ASCII and Cyrillic are decided without the Unicode tables, which
/// dominate the reading time otherwise.
pub(crate) fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else if ('\u{410}'..='\u{44F}').contains(&c) || matches!(c, 'ё' | 'Ё' | 'ѝ' | 'Ѝ') {
        true
    } else {
        c.is_alphanumeric()
    }
}

#[cfg(test)]
mod tests;
