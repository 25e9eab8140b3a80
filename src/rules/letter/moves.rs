//! The moves of a letter (Art. 7 Б В, notes 2–3; Art. 10, 21): move numbers and their marks,
//! numeric moves written beside (ignored) or alone, conditional lines after "if".

use super::*;

pub(super) fn read_moves(
    chars: &[char],
    lower: &[char],
    used: &[bool],
    notation: Notation,
    allow_numeric: bool,
    l: &mut Letter,
) {
    const IF_WORDS: [&str; 8] = [
        "ако",
        "если",
        "if",
        "wenn",
        "falls",
        "в случай",
        "в случае",
        "при ходе",
    ];
    let mut conditional = false;
    let mut pending: Option<(u32, NumberMark)> = None;
    // True right after a move item: a numeric move there is "written beside" it.
    let mut after_move = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            conditional = false;
            pending = None;
            after_move = false;
            i += 1;
            continue;
        }
        if used[i]
            || c.is_whitespace()
            || !word_start(chars, i)
                && !chars[i - 1].is_ascii_digit()
                && !matches!(chars[i - 1], '.' | '…')
        {
            // Words are tried from their start; `1.e4` starts a move after the dot.
            if !c.is_whitespace()
                && !matches!(c, '(' | ')' | ',' | ';' | '—' | '–' | '-' | '[' | ']')
                && is_word_char(c)
            {
                after_move = false;
            }
            i += 1;
            continue;
        }
        if is_letter(c)
            && let Some(e) = IF_WORDS.iter().find_map(|k| phrase_at(lower, i, k))
        {
            conditional = true;
            i = e;
            continue;
        }
        // A move number, possibly followed by `...`, then the move (`0-0` is castling).
        if c.is_ascii_digit() && !(c == '0' && notation::parse_at(chars, i, notation).is_some()) {
            let (n, e) = match number_at(chars, i, 6) {
                Some(x) => x,
                None => {
                    i += 1;
                    continue;
                }
            };
            let len = e - i;
            // ICCF numeric notation: four or five digits standing alone.
            if (len == 4 || len == 5)
                && !chars.get(e).is_some_and(|c| is_word_char(*c) || *c == '.')
            {
                numeric_move(
                    chars,
                    i,
                    e,
                    allow_numeric,
                    conditional,
                    &mut pending,
                    &mut after_move,
                    l,
                );
                i = e;
                continue;
            }
            if len <= 3 && n > 0 {
                match number_mark(chars, used, e, notation) {
                    AfterNumber::NoMark => {
                        i = e;
                        continue;
                    }
                    AfterNumber::Move(markk, k) => {
                        pending = Some((n, markk));
                        after_move = false;
                        i = k;
                        continue;
                    }
                    AfterNumber::NoMove => {}
                }
            }
            i = e;
            after_move = false;
            continue;
        }
        match notation::parse_at(chars, i, notation) {
            Some((parsed, end)) => {
                written_move(
                    chars,
                    i,
                    end,
                    parsed,
                    conditional,
                    &mut pending,
                    &mut after_move,
                    l,
                );
                i = end;
                // `(5254)` right after the move.
                continue;
            }
            None if !is_word_char(c) => {
                // Punctuation between moves (`(`, `;`, `—`).
                i += 1;
            }
            None => {
                // Skip the word.
                while i < chars.len() && is_word_char(chars[i]) {
                    i += 1;
                }
                if i < chars.len()
                    && !is_word_char(chars[i])
                    && !chars[i].is_whitespace()
                    && chars[i] != '\n'
                {
                    i += 1;
                }
                after_move = false;
                pending = None;
            }
        }
    }
}

/// ICCF numeric notation, four or five digits at `i..e` standing alone: ignored when written
/// beside the algebraic move (Art. 7 note 3), a move after a move number or, when numeric
/// moves are allowed, after another numeric move.
#[allow(clippy::too_many_arguments)]
fn numeric_move(
    chars: &[char],
    i: usize,
    e: usize,
    allow_numeric: bool,
    conditional: bool,
    pending: &mut Option<(u32, NumberMark)>,
    after_move: &mut bool,
    l: &mut Letter,
) {
    let raw: String = chars[i..e].iter().collect();
    if *after_move {
        // Art. 7 note 3: written beside the algebraic move, it is ignored.
        l.numeric_beside.push(raw);
        *after_move = false;
    } else if let Some((num, m)) = pending.take() {
        let parsed = notation::parse_numeric(&chars[i..e], allow_numeric);
        l.items.push(MoveItem {
            number: Some(num),
            mark: Some(m),
            black: m == NumberMark::Ellipsis,
            raw,
            parsed,
            conditional,
        });
        *after_move = true;
    } else if allow_numeric
        && l.items
            .last()
            .is_some_and(|it| it.parsed.as_ref().is_ok_and(|p| p.numeric))
    {
        // A second numeric move after a numeric one (`5254 7163`).
        let parsed = notation::parse_numeric(&chars[i..e], allow_numeric);
        l.items.push(MoveItem {
            number: None,
            mark: None,
            black: false,
            raw,
            parsed,
            conditional,
        });
        *after_move = true;
    }
}

/// What follows a move number of up to three digits ending at `e`.
enum AfterNumber {
    /// No mark and no space: not a move number.
    NoMark,
    /// A mark, but no move after it.
    NoMove,
    /// The mark, and where the move after it starts.
    Move(NumberMark, usize),
}

/// The mark after a move number (`15.`, `15...`, `15…`, `15)`, `15 `, `15. ...`) and whether a
/// move (or a numeric move) follows it: the number counts only then.
fn number_mark(chars: &[char], used: &[bool], e: usize, notation: Notation) -> AfterNumber {
    let mut j = e;
    let mut markk;
    let mut k = j;
    while chars.get(k) == Some(&' ') {
        k += 1;
    }
    if chars.get(j) == Some(&'…') {
        markk = NumberMark::Ellipsis;
        j += 1;
    } else if chars.get(j) == Some(&'.') {
        let mut dots = 0;
        while chars.get(j) == Some(&'.') {
            dots += 1;
            j += 1;
        }
        markk = if dots >= 2 {
            NumberMark::Ellipsis
        } else {
            NumberMark::Dot
        };
    } else if chars.get(j) == Some(&')') {
        markk = NumberMark::Dot;
        j += 1;
    } else if k > j {
        markk = NumberMark::Bare;
    } else {
        return AfterNumber::NoMark;
    }
    // `15. ...`, `15. …`
    let mut k = j;
    while chars.get(k) == Some(&' ') {
        k += 1;
    }
    if chars.get(k) == Some(&'…') {
        markk = NumberMark::Ellipsis;
        j = k + 1;
    } else if chars.get(k) == Some(&'.') && chars.get(k + 1) == Some(&'.') {
        let mut kk = k;
        while chars.get(kk) == Some(&'.') {
            kk += 1;
        }
        markk = NumberMark::Ellipsis;
        j = kk;
    }
    let mut k = j;
    while chars.get(k) == Some(&' ') {
        k += 1;
    }
    // The number counts only when a move (or a numeric move) follows it.
    let next_is_move = chars.get(k).is_some_and(|&c| c.is_ascii_digit())
        || (!used.get(k).copied().unwrap_or(true)
            && notation::parse_at(chars, k, notation).is_some());
    if next_is_move && k < chars.len() {
        return AfterNumber::Move(markk, k);
    }
    AfterNumber::NoMove
}

/// A move written in algebraic notation at `i..end`, numbered by the pending move number.
#[allow(clippy::too_many_arguments)]
fn written_move(
    chars: &[char],
    i: usize,
    end: usize,
    parsed: Result<MoveText, SyntaxError>,
    conditional: bool,
    pending: &mut Option<(u32, NumberMark)>,
    after_move: &mut bool,
    l: &mut Letter,
) {
    let c = chars[i];
    // A bare pawn move typed with a Cyrillic look-alike (`е4`, `в5`, `с3`) is
    // also a Bulgarian/Russian word plus a number: it counts as a move only after a
    // move number or another move.
    let cyrillic_pawn = !is_latin_start(c)
        && parsed.as_ref().is_ok_and(|m| {
            !m.is_full() && matches!(m.shape, notation::Shape::Piece { role: None, .. })
        });
    if cyrillic_pawn && pending.is_none() && !*after_move {
        return;
    }
    let raw: String = chars[i..end].iter().collect::<String>().trim().to_string();
    let (number, mark) = match pending.take() {
        Some((n, m)) => (Some(n), Some(m)),
        None => (None, None),
    };
    l.items.push(MoveItem {
        number,
        mark,
        black: mark == Some(NumberMark::Ellipsis),
        raw,
        parsed,
        conditional,
    });
    *after_move = true;
}
