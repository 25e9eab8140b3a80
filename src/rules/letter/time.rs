//! Items Ж and З (Art. 7, 8): the thinking time used for the move and the totals of both
//! players, in every spelling of days and colours.

use super::*;

pub(super) const DAY_UNITS: [&str; 16] = [
    "dni", "dena", "дни", "дня", "дней", "ден", "день", "дн", "д", "days", "day", "d", "tage",
    "tag", "т", "t",
];

/// A day unit right after `i` (after spaces); returns the end, or `i` if none.
pub(super) fn skip_unit(lower: &[char], i: usize) -> usize {
    let mut j = i;
    while lower.get(j) == Some(&' ') {
        j += 1;
    }
    for u in DAY_UNITS {
        if let Some(e) = phrase_at(lower, j, u) {
            let e = if lower.get(e) == Some(&'.') { e + 1 } else { e };
            return e;
        }
    }
    i
}

pub(super) fn read_time_used(lower: &[char], used: &mut [bool], l: &mut Letter) {
    const KEYS: [&str; 12] = [
        "време за обмисляне",
        "време за хода",
        "време за този ход",
        "изразходвано време",
        "время на ход",
        "время на обдумывание",
        "израсходовано",
        "затрачено",
        "time used",
        "thinking time",
        "time for this move",
        "bedenkzeit",
    ];
    let mut i = 0;
    while i < lower.len() {
        if used[i] {
            i += 1;
            continue;
        }
        // `= 3 дни`
        if lower[i] == '=' {
            let mut j = i + 1;
            while lower.get(j) == Some(&' ') {
                j += 1;
            }
            if let Some((n, e)) = number_at(lower, j, 3)
                && !lower
                    .get(e)
                    .is_some_and(|c| c.is_ascii_digit() || *c == '.')
            {
                let end = skip_unit(lower, e);
                if l.time_used.is_none() {
                    l.time_used = Some(n);
                }
                mark(used, i, end);
                i = end;
                continue;
            }
        }
        if !is_letter(lower[i]) || !word_start(lower, i) {
            i += 1;
            continue;
        }
        for k in KEYS
            .iter()
            .copied()
            .chain(["време", "время", "time", "zeit"].iter().copied())
        {
            if let Some(e) = phrase_at(lower, i, k) {
                let mut j = e;
                let mut skipped = 0;
                while j < lower.len() && !lower[j].is_ascii_digit() && skipped < 4 {
                    if !matches!(lower[j], ' ' | ':' | '-' | '–' | '=') {
                        break;
                    }
                    j += 1;
                    skipped += 1;
                }
                if let Some((n, ne)) = number_at(lower, j, 3)
                    && !matches!(lower.get(ne), Some('.' | '/' | ':'))
                {
                    let end = skip_unit(lower, ne);
                    if l.time_used.is_none() {
                        l.time_used = Some(n);
                    }
                    mark(used, i, end);
                    i = end;
                    break;
                }
            }
        }
        i += 1;
    }
}

pub(super) fn colour_word_at(lower: &[char], i: usize) -> Option<(bool, usize)> {
    const WHITE: [&str; 13] = [
        "belite",
        "beli",
        "белите",
        "белые",
        "белым",
        "белых",
        "бели",
        "бял",
        "бел",
        "white",
        "w",
        "weiß",
        "weiss",
    ];
    const BLACK: [&str; 12] = [
        "chernite",
        "cherni",
        "черните",
        "черные",
        "черным",
        "черных",
        "черни",
        "черен",
        "black",
        "b",
        "schwarz",
        "s",
    ];
    for w in WHITE {
        if let Some(e) = phrase_at(lower, i, w) {
            return Some((true, e));
        }
    }
    for w in BLACK {
        if let Some(e) = phrase_at(lower, i, w) {
            return Some((false, e));
        }
    }
    None
}

pub(super) fn read_totals(lower: &[char], used: &mut [bool], l: &mut Letter) {
    const KEYS: [&str; 15] = [
        "obshto vreme",
        "obshto",
        "vsichko",
        "общо време",
        "общото време",
        "общее время",
        "общее",
        "общо",
        "всего",
        "total time",
        "totals",
        "total",
        "gesamtzeit",
        "gesamt",
        "итого",
    ];
    let mut i = 0;
    while i < lower.len() {
        if !is_letter(lower[i]) || !word_start(lower, i) {
            i += 1;
            continue;
        }
        let key_end = KEYS.iter().find_map(|k| phrase_at(lower, i, k));
        let Some(mut j) = key_end else {
            i += 1;
            continue;
        };
        // Up to two numbers, each optionally after a colour word, within the line.
        let limit = line_end(lower, j, 90);
        let mut numbers: Vec<(Option<bool>, u32)> = Vec::new();
        let mut colour: Option<bool> = None;
        while j < limit && numbers.len() < 2 {
            if let Some((c, e)) = colour_word_at(lower, j) {
                colour = Some(c);
                j = e;
                continue;
            }
            if lower[j].is_ascii_digit()
                && let Some((n, e)) = number_at(lower, j, 4)
            {
                numbers.push((colour.take(), n));
                j = skip_unit(lower, e);
                continue;
            }
            if is_letter(lower[j]) && word_start(lower, j) {
                // Skip a word (`дни`, `time`, …) but stop at anything long and unrelated.
                let s = j;
                while j < limit && is_letter(lower[j]) {
                    j += 1;
                }
                if j - s > 12 {
                    break;
                }
                continue;
            }
            j += 1;
        }
        if numbers.len() == 2 {
            let (c0, n0) = numbers[0];
            let (c1, n1) = numbers[1];
            let (white, black) = match (c0, c1) {
                (Some(false), _) | (_, Some(true)) => (n1, n0),
                _ => (n0, n1),
            };
            if l.totals.is_none() {
                l.totals = Some(Totals { white, black });
            }
            mark(used, i, j);
            i = j;
            continue;
        }
        i += 1;
    }
}
