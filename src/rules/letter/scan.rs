//! Small scanning helpers shared by the readers: word and letter classes, whole-word phrases,
//! lines, negations, numbers.

pub(crate) use crate::rules::notation::is_word_char;

/// Letters only, with the same shortcut.
pub(crate) fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic()
    } else if ('\u{410}'..='\u{44F}').contains(&c) || matches!(c, 'ё' | 'Ё' | 'ѝ' | 'Ѝ') {
        true
    } else {
        c.is_alphabetic()
    }
}

pub(super) fn word_start(chars: &[char], i: usize) -> bool {
    i == 0 || !is_word_char(chars[i - 1])
}

/// Does `pat` (lower case; one space matches any run of spaces) occur at `i` as whole words?
/// Returns the end.
pub(super) fn phrase_at(lower: &[char], i: usize, pat: &str) -> Option<usize> {
    if pat.chars().next() != lower.get(i).copied() || !word_start(lower, i) {
        return None;
    }
    let mut j = i;
    let mut prev_space = false;
    for p in pat.chars() {
        if p == ' ' {
            let start = j;
            while lower
                .get(j)
                .is_some_and(|&c| c == ' ' || c == '\t' || c == '\u{a0}')
            {
                j += 1;
            }
            if j == start {
                return None;
            }
            prev_space = true;
            continue;
        }
        prev_space = false;
        if lower.get(j) != Some(&p) {
            return None;
        }
        j += 1;
    }
    let _ = prev_space;
    if lower.get(j).is_some_and(|&c| is_word_char(c)) {
        return None;
    }
    Some(j)
}

/// The end of the line at `i`, looking at most `max` characters ahead (keeps reading linear).
pub(super) fn line_end(chars: &[char], i: usize, max: usize) -> usize {
    let limit = chars.len().min(i.saturating_add(max));
    let mut j = i;
    while j < limit && chars[j] != '\n' {
        j += 1;
    }
    j
}

/// Is `i` the first word of its line (only punctuation before it)?
pub(super) fn first_on_line(chars: &[char], i: usize) -> bool {
    let mut j = i;
    while j > 0 && chars[j - 1] != '\n' {
        if is_word_char(chars[j - 1]) {
            return false;
        }
        j -= 1;
    }
    true
}

/// The word just before `i` (lower case), for negations (`не приемам реми`).
pub(super) fn previous_word(lower: &[char], i: usize) -> String {
    let mut j = i;
    while j > 0 && !is_word_char(lower[j - 1]) && lower[j - 1] != '\n' {
        j -= 1;
    }
    let end = j;
    while j > 0 && (is_word_char(lower[j - 1]) || lower[j - 1] == '\'' || lower[j - 1] == '’') {
        j -= 1;
    }
    lower[j..end].iter().collect()
}

pub(super) fn is_negation(word: &str) -> bool {
    matches!(
        word,
        "не" | "not"
            | "don't"
            | "don’t"
            | "dont"
            | "won't"
            | "won’t"
            | "no"
            | "nicht"
            | "kein"
            | "never"
            | "никога"
            | "никогда"
    )
}

pub(super) fn is_latin_start(c: char) -> bool {
    c.is_ascii()
}

pub(super) fn mark(used: &mut [bool], from: usize, to: usize) {
    let to = to.min(used.len());
    for u in used.iter_mut().take(to).skip(from) {
        *u = true;
    }
}

pub(super) fn number_at(chars: &[char], i: usize, max_len: usize) -> Option<(u32, usize)> {
    let mut j = i;
    let mut v: u32 = 0;
    while let Some(d) = chars.get(j).and_then(|c| c.to_digit(10)) {
        if j - i >= max_len {
            return None;
        }
        v = v * 10 + d;
        j += 1;
    }
    if j == i { None } else { Some((v, j)) }
}
