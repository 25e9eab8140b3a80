//! Items Г Д Е (Art. 7, 8): the dates written in a letter, which is which by its label or
//! its place, and the year of a date written without one (RULES.md §4).

use super::*;

/// A date written at `i`: `11.3.`, `11.03.2026`, `11/3`, `11/3/26`, ISO `2026-03-11`.
pub(crate) fn date_at(chars: &[char], i: usize, arrival: Day) -> Option<(Day, usize)> {
    if i > 0 && is_word_char(chars[i - 1]) {
        return None;
    }
    let (a, j) = number_at(chars, i, 4)?;
    if j - i == 4 {
        // ISO
        if chars.get(j) != Some(&'-') {
            return None;
        }
        let (m, k) = number_at(chars, j + 1, 2)?;
        if chars.get(k) != Some(&'-') {
            return None;
        }
        let (d, e) = number_at(chars, k + 1, 2)?;
        if chars.get(e).is_some_and(|c| is_word_char(*c)) {
            return None;
        }
        return NaiveDate::from_ymd_opt(a as i32, m, d).map(|x| (x, e));
    }
    if j - i > 2 {
        return None;
    }
    let sep = *chars.get(j)?;
    if sep != '.' && sep != '/' {
        return None;
    }
    // `1/2-1/2` is a result, not two dates.
    if sep == '/' {
        let before_dash = i >= 2 && is_dash_char(chars[i - 1]) && chars[i - 2].is_ascii_digit();
        let after_dash = |k: usize| {
            chars.get(k).is_some_and(|&c| is_dash_char(c))
                && chars.get(k + 1).is_some_and(|c| c.is_ascii_digit())
        };
        if before_dash || after_dash(j + 2) {
            return None;
        }
    }
    let (m, mut k) = number_at(chars, j + 1, 2)?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&a) {
        return None;
    }
    let mut year: Option<i32> = None;
    if chars.get(k) == Some(&sep) {
        k += 1;
        if let Some((y, e)) = number_at(chars, k, 4) {
            let len = e - k;
            if len == 4 {
                year = Some(y as i32);
                k = e;
            } else if len == 2 {
                year = Some(2000 + y as i32);
                k = e;
            } else {
                return None;
            }
            if chars.get(k) == Some(&'.') {
                k += 1;
            }
        }
    }
    if chars.get(k).is_some_and(|c| is_word_char(*c)) {
        return None;
    }
    let day = match year {
        Some(y) => NaiveDate::from_ymd_opt(y, m, a)?,
        None => nearest_year(m, a, arrival)?,
    };
    Some((day, k))
}

pub(super) fn is_dash_char(c: char) -> bool {
    notation::is_dash(c)
}

/// The date with this month and day nearest to `arrival` (RULES.md §4: year omitted).
pub fn nearest_year(month: u32, day: u32, arrival: Day) -> Option<Day> {
    let y = arrival.year();
    [y - 1, y, y + 1]
        .iter()
        .filter_map(|&yy| NaiveDate::from_ymd_opt(yy, month, day))
        .min_by_key(|d| (*d - arrival).num_days().abs())
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    Letter,
    Received,
    Sent,
}

pub(super) fn label_before(lower: &[char], from: usize, to: usize) -> Option<Slot> {
    let seg: String = lower[from..to].iter().collect();
    // The last keyword in the segment wins.
    let mut best: Option<(usize, Slot)> = None;
    let keys: [(&str, Slot); 18] = [
        ("писмо", Slot::Letter),
        ("писмото", Slot::Letter),
        ("письм", Slot::Letter),
        ("letter", Slot::Letter),
        ("postmark", Slot::Letter),
        ("получ", Slot::Received),
        ("received", Slot::Received),
        ("receipt", Slot::Received),
        ("erhalten", Slot::Received),
        ("изпрат", Slot::Sent),
        ("изпращ", Slot::Sent),
        ("посыл", Slot::Sent),
        ("отправ", Slot::Sent),
        ("послан", Slot::Sent),
        ("sent", Slot::Sent),
        ("sending", Slot::Sent),
        ("gesendet", Slot::Sent),
        ("abgesandt", Slot::Sent),
    ];
    for (k, slot) in keys {
        if let Some(p) = seg.rfind(k)
            && best.is_none_or(|(bp, _)| p >= bp)
        {
            best = Some((p, slot));
        }
    }
    best.map(|(_, s)| s)
}

pub(super) fn read_dates(
    chars: &[char],
    lower: &[char],
    used: &mut [bool],
    arrival: Day,
    l: &mut Letter,
) {
    let mut found: Vec<(Day, Option<Slot>)> = Vec::new();
    let mut seg_start = 0;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\n' {
            seg_start = i + 1;
        }
        if !used[i] && chars[i].is_ascii_digit() {
            if let Some((d, end)) = date_at(chars, i, arrival) {
                let label = label_before(lower, seg_start, i);
                found.push((d, label));
                mark(used, i, end);
                seg_start = end;
                i = end;
                continue;
            }
            // Skip the rest of this number.
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    let mut slots: [Option<Day>; 3] = [None; 3];
    let idx = |s: Slot| match s {
        Slot::Letter => 0,
        Slot::Received => 1,
        Slot::Sent => 2,
    };
    let mut unlabelled = Vec::new();
    for (d, label) in &found {
        match label {
            Some(s) if slots[idx(*s)].is_none() => slots[idx(*s)] = Some(*d),
            _ => unlabelled.push(*d),
        }
    }
    let any_label = found.iter().any(|(_, s)| s.is_some());
    if !any_label && unlabelled.len() < 3 {
        // Two bare dates are receipt and sending, one bare date the sending: Г is the date
        // players most often leave out.
        let order: &[usize] = if unlabelled.len() == 2 { &[1, 2] } else { &[2] };
        for (d, &s) in unlabelled.iter().zip(order) {
            slots[s] = Some(*d);
        }
    } else {
        let mut it = unlabelled.into_iter();
        for slot in slots.iter_mut() {
            if slot.is_none() {
                *slot = it.next();
            }
        }
    }
    l.dates = DeclaredDates {
        letter: slots[0],
        received: slots[1],
        sent: slots[2],
    };
}
