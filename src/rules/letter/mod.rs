//! A move letter's text → `Letter`: the items of Art. 7/8 (tournament index, the moves with
//! their numbers, the dates Г Д Е, the thinking time Ж, the totals З) and the commands of
//! INTERFACE.md, read the way an experienced arbiter reads a card: free prose is skipped, a word
//! counts as a move only when it looks like one.

use chrono::{Datelike, NaiveDate};

use crate::rules::model::{Day, Notation};
use crate::rules::notation::{self, MoveText, SyntaxError};

/// Everything read from one letter. Nothing here is checked against a game: that is
/// `verdict::judge`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Letter {
    /// Item А: the tournament index, when written (its absence is no fault, Art. 7 А).
    pub tournament: Option<String>,
    /// Items Б, В and any conditional line, in the order written.
    pub items: Vec<MoveItem>,
    /// Items Г, Д, Е.
    pub dates: DeclaredDates,
    /// Item Ж: thinking time used for this move, in days.
    pub time_used: Option<u32>,
    /// Item З: total thinking time of both players.
    pub totals: Option<Totals>,
    /// Commands in the letter, in the order written.
    pub commands: Vec<Command>,
    /// ICCF numeric moves written beside algebraic ones: ignored (Art. 7 note 3).
    pub numeric_beside: Vec<String>,
}

/// How a move number was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberMark {
    /// `15.` or `15)`
    Dot,
    /// `15...`, `15…`, `15. ...`: Black's move.
    Ellipsis,
    /// `15 Кg1-f3`
    Bare,
}

/// One move as written in the letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveItem {
    /// The number written before it, if any (the second move after `15.` has none).
    pub number: Option<u32>,
    pub mark: Option<NumberMark>,
    /// Written as Black's move (number followed by `...`).
    pub black: bool,
    /// The move text exactly as written (without the number).
    pub raw: String,
    pub parsed: Result<MoveText, SyntaxError>,
    /// Inside an "if …" clause (`ако`, `если`, `if`, `wenn`): part of a conditional line.
    pub conditional: bool,
}

/// Items Г (date of the opponent's letter), Д (date of receipt), Е (date of sending).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DeclaredDates {
    pub letter: Option<Day>,
    pub received: Option<Day>,
    pub sent: Option<Day>,
}

/// Item З as declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    pub white: u32,
    pub black: u32,
}

/// A command of INTERFACE.md "Letters in".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Leave (Art. 44), first and last day inclusive.
    Leave {
        from: Day,
        to: Day,
    },
    /// Delay notice (Art. 25).
    Notice,
    /// Claim of a guaranteed result (§707).
    ClaimWin,
    ClaimDraw,
    /// The receiver explicitly declines a variant (Art. 10).
    DeclineVariant,
}

// ---------------------------------------------------------------------------------------------

/// Read a letter. `arrival` is the day it arrived: a date written without a year gets the year
/// that puts it nearest to that day (RULES.md §4).
pub fn read_letter(text: &str, notation: Notation, allow_numeric: bool, arrival: Day) -> Letter {
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    let mut in_signature = false;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let t = line.trim_end();
        if t == "--" || t == "—" {
            // A signature separator: nothing after it is read.
            in_signature = true;
        }
        if in_signature {
            break;
        }
        if line.trim_start().starts_with('>') {
            // Quoted text is never read as moves (INTERFACE.md); keep the line count.
            chars.push('\n');
            continue;
        }
        chars.extend(line.chars().map(|c| if c == '\r' { ' ' } else { c }));
        chars.push('\n');
    }
    // Lower case with the same length, for keyword matching.
    let lower: Vec<char> = chars
        .iter()
        .map(|&c| c.to_lowercase().next().unwrap_or(c))
        .collect();
    let mut used = vec![false; chars.len()];
    let mut letter = Letter::default();

    read_commands(&chars, &lower, &mut used, arrival, &mut letter);
    read_totals(&lower, &mut used, &mut letter);
    read_time_used(&lower, &mut used, &mut letter);
    read_dates(&chars, &lower, &mut used, arrival, &mut letter);
    read_tournament(&chars, &lower, &mut used, &mut letter);
    read_moves(&chars, &lower, &used, notation, allow_numeric, &mut letter);
    letter
}

// ---------------------------------------------------------------------------------------------
// Small scanning helpers

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

fn word_start(chars: &[char], i: usize) -> bool {
    i == 0 || !is_word_char(chars[i - 1])
}

/// Does `pat` (lower case; one space matches any run of spaces) occur at `i` as whole words?
/// Returns the end.
fn phrase_at(lower: &[char], i: usize, pat: &str) -> Option<usize> {
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
fn line_end(chars: &[char], i: usize, max: usize) -> usize {
    let limit = chars.len().min(i.saturating_add(max));
    let mut j = i;
    while j < limit && chars[j] != '\n' {
        j += 1;
    }
    j
}

/// Is `i` the first word of its line (only punctuation before it)?
fn first_on_line(chars: &[char], i: usize) -> bool {
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
fn previous_word(lower: &[char], i: usize) -> String {
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

fn is_negation(word: &str) -> bool {
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

fn is_latin_start(c: char) -> bool {
    c.is_ascii()
}

fn mark(used: &mut [bool], from: usize, to: usize) {
    let to = to.min(used.len());
    for u in used.iter_mut().take(to).skip(from) {
        *u = true;
    }
}

fn number_at(chars: &[char], i: usize, max_len: usize) -> Option<(u32, usize)> {
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

// ---------------------------------------------------------------------------------------------
// Dates

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

fn is_dash_char(c: char) -> bool {
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
enum Slot {
    Letter,
    Received,
    Sent,
}

fn label_before(lower: &[char], from: usize, to: usize) -> Option<Slot> {
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

fn read_dates(chars: &[char], lower: &[char], used: &mut [bool], arrival: Day, l: &mut Letter) {
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

// ---------------------------------------------------------------------------------------------
// Thinking time and totals

const DAY_UNITS: [&str; 16] = [
    "dni", "dena", "дни", "дня", "дней", "ден", "день", "дн", "д", "days", "day", "d", "tage",
    "tag", "т", "t",
];

/// A day unit right after `i` (after spaces); returns the end, or `i` if none.
fn skip_unit(lower: &[char], i: usize) -> usize {
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

fn read_time_used(lower: &[char], used: &mut [bool], l: &mut Letter) {
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

fn colour_word_at(lower: &[char], i: usize) -> Option<(bool, usize)> {
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

fn read_totals(lower: &[char], used: &mut [bool], l: &mut Letter) {
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

// ---------------------------------------------------------------------------------------------
// Commands

fn read_commands(chars: &[char], lower: &[char], used: &mut [bool], arrival: Day, l: &mut Letter) {
    // Longer phrases first so that `decline draw` is not read as `decline` (a variant).
    const PHRASES: &[(&str, Command)] = &[
        // decline a draw (before accept: `не приемам реми`)
        ("decline draw", Command::DeclineDraw),
        ("decline the draw", Command::DeclineDraw),
        ("decline your draw offer", Command::DeclineDraw),
        ("draw declined", Command::DeclineDraw),
        ("отказвам реми", Command::DeclineDraw),
        ("отклонявам реми", Command::DeclineDraw),
        ("отклоняю ничью", Command::DeclineDraw),
        ("отклоняю предложение ничьей", Command::DeclineDraw),
        ("отказываюсь от ничьей", Command::DeclineDraw),
        ("lehne remis ab", Command::DeclineDraw),
        // accept a draw
        ("accept draw", Command::AcceptDraw),
        ("accept the draw", Command::AcceptDraw),
        ("accept your draw offer", Command::AcceptDraw),
        ("draw accepted", Command::AcceptDraw),
        ("приемам реми", Command::AcceptDraw),
        ("приемам предложението за реми", Command::AcceptDraw),
        ("принимаю ничью", Command::AcceptDraw),
        ("принимаю предложение ничьей", Command::AcceptDraw),
        ("согласен на ничью", Command::AcceptDraw),
        ("согласна на ничью", Command::AcceptDraw),
        ("nehme remis an", Command::AcceptDraw),
        ("remis angenommen", Command::AcceptDraw),
        // offer a draw
        ("offer draw", Command::OfferDraw),
        ("offer a draw", Command::OfferDraw),
        ("draw offer", Command::OfferDraw),
        ("предлагам реми", Command::OfferDraw),
        ("предлагам равенство", Command::OfferDraw),
        ("предлагаю ничью", Command::OfferDraw),
        ("biete remis", Command::OfferDraw),
        ("remis angeboten", Command::OfferDraw),
        // resign
        ("resign", Command::Resign),
        ("i resign", Command::Resign),
        ("resigns", Command::Resign),
        ("предавам се", Command::Resign),
        ("предавам партията", Command::Resign),
        ("сдаюсь", Command::Resign),
        ("сдаю партию", Command::Resign),
        ("признаю поражение", Command::Resign),
        ("gebe auf", Command::Resign),
        // claims (§707)
        ("claim win", Command::ClaimWin),
        ("claim a win", Command::ClaimWin),
        ("claim the win", Command::ClaimWin),
        ("претендирам за победа", Command::ClaimWin),
        ("заявявам победа", Command::ClaimWin),
        ("рекламирам победа", Command::ClaimWin),
        ("претендую на победу", Command::ClaimWin),
        ("требую победу", Command::ClaimWin),
        ("заявляю о победе", Command::ClaimWin),
        ("claim draw", Command::ClaimDraw),
        ("claim a draw", Command::ClaimDraw),
        ("претендирам за реми", Command::ClaimDraw),
        ("заявявам реми", Command::ClaimDraw),
        ("рекламирам реми", Command::ClaimDraw),
        ("претендую на ничью", Command::ClaimDraw),
        ("требую ничью", Command::ClaimDraw),
        ("заявляю о ничьей", Command::ClaimDraw),
        // delay notice (Art. 25)
        ("delay notice", Command::Notice),
        ("notice of delay", Command::Notice),
        ("уведомление", Command::Notice),
        ("уведомявам", Command::Notice),
        ("уведомляю", Command::Notice),
        // decline a variant (Art. 10)
        ("decline variant", Command::DeclineVariant),
        ("decline the variant", Command::DeclineVariant),
        ("decline your variant", Command::DeclineVariant),
        ("отказвам варианта", Command::DeclineVariant),
        ("отказвам вариант", Command::DeclineVariant),
        ("не приемам варианта", Command::DeclineVariant),
        ("отклоняю вариант", Command::DeclineVariant),
        ("отклоняю ваш вариант", Command::DeclineVariant),
        ("не принимаю вариант", Command::DeclineVariant),
        ("отказываюсь от варианта", Command::DeclineVariant),
    ];
    const LEAVE: [&str; 6] = [
        "leave",
        "отпуск",
        "отпуска",
        "urlaub",
        "vacation",
        "holiday",
    ];
    let mut i = 0;
    while i < lower.len() {
        let c = lower[i];
        if !is_letter(c) || !word_start(lower, i) || used[i] {
            i += 1;
            continue;
        }
        // Leave: the keyword and two dates on the same line.
        if let Some(e) = LEAVE.iter().find_map(|k| phrase_at(lower, i, k))
            && let Some((from, to, end)) = two_dates(chars, e, arrival)
        {
            if !is_negation(&previous_word(lower, i)) {
                l.commands.push(Command::Leave { from, to });
            }
            mark(used, i, end);
            i = end;
            continue;
        }
        let mut hit: Option<(Command, usize)> = None;
        for &(p, cmd) in PHRASES {
            if let Some(e) = phrase_at(lower, i, p)
                && hit.is_none_or(|(_, he)| e > he)
            {
                hit = Some((cmd, e));
            }
        }
        // Plain `notice` / `decline` only at the start of a line (INTERFACE.md words).
        if hit.is_none() {
            let bare = phrase_at(lower, i, "notice")
                .map(|e| (Command::Notice, e))
                .or_else(|| phrase_at(lower, i, "decline").map(|e| (Command::DeclineVariant, e)));
            if bare.is_some() && first_on_line(lower, i) {
                hit = bare;
            }
        }
        if let Some((cmd, e)) = hit {
            let negated = is_negation(&previous_word(lower, i));
            match (negated, cmd) {
                (false, _) => l.commands.push(cmd),
                (true, Command::AcceptDraw) => l.commands.push(Command::DeclineDraw),
                (true, _) => {}
            }
            mark(used, i, e);
            i = e;
            continue;
        }
        i += 1;
    }
}

/// Two dates after `i` on the same line (`01.06.–30.06.`, `from 1.6 to 30.6`,
/// `2026-06-01 2026-06-30`).
fn two_dates(chars: &[char], i: usize, arrival: Day) -> Option<(Day, Day, usize)> {
    let end = line_end(chars, i, 60);
    let mut found = Vec::new();
    let mut j = i;
    while j < end && found.len() < 2 {
        if chars[j].is_ascii_digit()
            && (j == 0 || !chars[j - 1].is_ascii_digit())
            && let Some((d, e)) = date_at(chars, j, arrival)
        {
            found.push(d);
            j = e;
            continue;
        }
        j += 1;
    }
    if found.len() == 2 {
        let (from, mut to) = (found[0], found[1]);
        if to < from {
            // `отпуск 20.12.–10.01.`: the second date is in the next year.
            to = NaiveDate::from_ymd_opt(to.year() + 1, to.month(), to.day()).unwrap_or(to);
        }
        Some((from, to, j))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Tournament index

fn read_tournament(chars: &[char], lower: &[char], used: &mut [bool], l: &mut Letter) {
    const KEYS: [&str; 6] = [
        "турнир",
        "tournament",
        "индекс",
        "index",
        "turnier",
        "tourn",
    ];
    let mut i = 0;
    while i < chars.len() && l.tournament.is_none() {
        if let Some(e) = KEYS.iter().find_map(|k| phrase_at(lower, i, k)) {
            let mut j = e;
            while j < chars.len() && matches!(chars[j], ' ' | ':' | '№' | '#' | '-') {
                j += 1;
            }
            let s = j;
            while j < chars.len()
                && (is_word_char(chars[j]) || matches!(chars[j], '-' | '/' | '_' | '.'))
            {
                j += 1;
            }
            let mut tok: String = chars[s..j].iter().collect();
            while tok.ends_with('.') {
                tok.pop();
            }
            if tok.chars().any(|c| c.is_ascii_digit()) {
                l.tournament = Some(tok);
                mark(used, i, j);
            }
            i = j.max(i + 1);
            continue;
        }
        // A bare index: two or more capitals, then a digit somewhere, like `BG-2026-01`.
        if word_start(chars, i) && chars[i].is_uppercase() && !used[i] {
            let s = i;
            let mut j = i;
            while j < chars.len() && (is_word_char(chars[j]) || matches!(chars[j], '-' | '/' | '_'))
            {
                j += 1;
            }
            let tok: Vec<char> = chars[s..j].to_vec();
            let caps = tok.iter().take_while(|c| c.is_uppercase()).count();
            let has_digit = tok.iter().any(|c| c.is_ascii_digit());
            let has_lower = tok.iter().any(|c| c.is_lowercase());
            let has_sep = tok.iter().any(|&c| c == '-' || c == '/');
            if caps >= 2 && has_digit && !has_lower && has_sep && tok.len() >= 4 {
                l.tournament = Some(tok.iter().collect());
                mark(used, s, j);
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
}

// ---------------------------------------------------------------------------------------------
// Moves

fn read_moves(
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
                let raw: String = chars[i..e].iter().collect();
                if after_move {
                    // Art. 7 note 3: written beside the algebraic move, it is ignored.
                    l.numeric_beside.push(raw);
                    after_move = false;
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
                    after_move = true;
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
                    after_move = true;
                }
                i = e;
                continue;
            }
            if len <= 3 && n > 0 {
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
                    i = e;
                    continue;
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
                    pending = Some((n, markk));
                    after_move = false;
                    i = k;
                    continue;
                }
            }
            i = e;
            after_move = false;
            continue;
        }
        match notation::parse_at(chars, i, notation) {
            Some((parsed, end)) => {
                // A bare pawn move typed with a Cyrillic look-alike (`е4`, `в5`, `с3`) is
                // also a Bulgarian/Russian word plus a number: it counts as a move only after a
                // move number or another move.
                let cyrillic_pawn = !is_latin_start(c)
                    && parsed.as_ref().is_ok_and(|m| {
                        !m.is_full() && matches!(m.shape, notation::Shape::Piece { role: None, .. })
                    });
                if cyrillic_pawn && pending.is_none() && !after_move {
                    i = end;
                    continue;
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
                after_move = true;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> Day {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn raws(l: &Letter) -> Vec<&str> {
        l.items.iter().map(|i| i.raw.as_str()).collect()
    }

    #[test]
    fn art_8_sample_line_is_read() {
        let l = read_letter(
            "15. Теf – e2 Kg8 – f6; 11.3. – 12.3. – 15.3.= 3дня общее время Белые 15 дней – Черные 21 день",
            Notation::Bg,
            false,
            day(2026, 3, 15),
        );
        assert_eq!(l.dates.letter, Some(day(2026, 3, 11)));
        assert_eq!(l.dates.received, Some(day(2026, 3, 12)));
        assert_eq!(l.dates.sent, Some(day(2026, 3, 15)));
        assert_eq!(l.time_used, Some(3));
        assert_eq!(
            l.totals,
            Some(Totals {
                white: 15,
                black: 21
            })
        );
        assert_eq!(l.items.len(), 2, "{:?}", raws(&l));
        assert_eq!(l.items[1].raw, "Kg8 – f6");
        assert_eq!(l.items[0].number, Some(15));
    }

    #[test]
    fn s4_dates_every_form_and_missing_year() {
        let a = day(2026, 1, 3);
        for (t, want) in [
            ("11.3.", day(2026, 3, 11)),
            ("11.03.2026", day(2026, 3, 11)),
            ("11/3", day(2026, 3, 11)),
            ("2026-03-11", day(2026, 3, 11)),
            ("11.03.26", day(2026, 3, 11)),
            // Written on 3 January about 30 December: last year.
            ("30.12.", day(2025, 12, 30)),
        ] {
            let chars: Vec<char> = t.chars().collect();
            assert_eq!(date_at(&chars, 0, a).map(|x| x.0), Some(want), "{t}");
        }
        assert_eq!(nearest_year(2, 29, day(2027, 3, 1)), Some(day(2028, 2, 29)));
    }

    #[test]
    fn s4_dates_labelled() {
        let l = read_letter(
            "Получих хода Ви на 12.3., изпращам на 15.3.2026",
            Notation::Bg,
            false,
            day(2026, 3, 15),
        );
        assert_eq!(l.dates.received, Some(day(2026, 3, 12)));
        assert_eq!(l.dates.sent, Some(day(2026, 3, 15)));
        assert_eq!(l.dates.letter, None);
    }

    #[test]
    fn s4_totals_three_languages() {
        let a = day(2026, 3, 15);
        for t in [
            "общо време: белите 15 – черните 21",
            "Общее время: белые 15 дней, черные 21 день",
            "Total: White 15, Black 21",
            "total time: black 21 white 15",
        ] {
            let l = read_letter(t, Notation::Bg, false, a);
            assert_eq!(
                l.totals,
                Some(Totals {
                    white: 15,
                    black: 21
                }),
                "{t}"
            );
        }
    }

    #[test]
    fn s4_time_used_forms() {
        let a = day(2026, 3, 15);
        for t in [
            "= 3 дни",
            "=3дня",
            "= 3 дней",
            "= 3 days",
            "Time used: 3 days",
            "време за хода: 3",
        ] {
            assert_eq!(
                read_letter(t, Notation::Bg, false, a).time_used,
                Some(3),
                "{t}"
            );
        }
    }

    #[test]
    fn commands_in_three_languages() {
        let a = day(2026, 5, 15);
        let cases: [(&str, Command); 18] = [
            ("I resign.", Command::Resign),
            ("Предавам се.", Command::Resign),
            ("Сдаюсь.", Command::Resign),
            ("offer draw", Command::OfferDraw),
            ("Предлагам реми.", Command::OfferDraw),
            ("Предлагаю ничью", Command::OfferDraw),
            ("I accept the draw", Command::AcceptDraw),
            ("Приемам реми", Command::AcceptDraw),
            ("Принимаю ничью", Command::AcceptDraw),
            ("decline draw", Command::DeclineDraw),
            ("Не приемам реми", Command::DeclineDraw),
            ("notice", Command::Notice),
            ("Уведомление: ще отговоря по-късно", Command::Notice),
            ("claim win", Command::ClaimWin),
            ("claim draw", Command::ClaimDraw),
            ("Претендую на ничью", Command::ClaimDraw),
            ("decline", Command::DeclineVariant),
            ("Отклоняю вариант.", Command::DeclineVariant),
        ];
        for (t, c) in cases {
            assert_eq!(
                read_letter(t, Notation::Bg, false, a).commands,
                vec![c],
                "{t}"
            );
        }
        assert_eq!(
            read_letter("Отказвам варианта", Notation::Bg, false, a).commands,
            vec![Command::DeclineVariant]
        );
    }

    #[test]
    fn art_44_leave_forms() {
        let a = day(2026, 5, 15);
        let want = Command::Leave {
            from: day(2026, 6, 1),
            to: day(2026, 6, 30),
        };
        for t in [
            "leave 2026-06-01 2026-06-30",
            "отпуск 01.06.–30.06.",
            "Отпуск 01.06.2026-30.06.2026",
            "Излизам в отпуск от 1.6 до 30.6",
        ] {
            let l = read_letter(t, Notation::Bg, false, a);
            assert_eq!(l.commands, vec![want], "{t}");
            assert_eq!(l.dates, DeclaredDates::default(), "{t}");
        }
    }

    #[test]
    fn s5_conditional_line_forms() {
        let a = day(2026, 5, 15);
        let l = read_letter("28. Кg1-f3 Кg8-f6 29. Оf1-c4", Notation::Bg, false, a);
        assert_eq!(raws(&l), ["Кg1-f3", "Кg8-f6", "Оf1-c4"]);
        assert_eq!(l.items[2].number, Some(29));
        let l = read_letter("28. Кg1-f3\nАко 28…Кf6 — 29.Оc4", Notation::Bg, false, a);
        assert_eq!(raws(&l), ["Кg1-f3", "Кf6", "Оc4"]);
        assert!(l.items[1].black && l.items[1].conditional && l.items[2].conditional);
    }

    #[test]
    fn prose_words_are_not_moves() {
        let a = day(2026, 5, 15);
        let l = read_letter(
            "Здравейте, Иване! Да, ще играя. Как сте? Ако е възможно, де, в 5 часа. Ас, се, а.\nПоздрави, Петър",
            Notation::Bg,
            false,
            a,
        );
        assert!(l.items.is_empty(), "{:?}", raws(&l));
        let l = read_letter(
            "Dear Ivan, I hope all is well. Best, Peter. 1-0? No!",
            Notation::En,
            false,
            a,
        );
        assert!(l.items.is_empty(), "{:?}", raws(&l));
    }

    #[test]
    fn art_7_note_3_numeric_beside_is_ignored() {
        let a = day(2026, 5, 15);
        let l = read_letter("1. e2-e4 (5254)", Notation::Bg, false, a);
        assert_eq!(raws(&l), ["e2-e4"]);
        assert_eq!(l.numeric_beside, ["5254"]);
        let l = read_letter("1. 5254", Notation::Bg, true, a);
        assert!(l.items[0].parsed.as_ref().is_ok_and(|m| m.numeric));
    }

    #[test]
    fn windows_line_endings_and_black_marks() {
        let a = day(2026, 5, 15);
        let l = read_letter(
            "Здравей,\r\n14... Кg8-f6 15. Кg1-f3\r\n-- \r\nИван",
            Notation::Bg,
            false,
            a,
        );
        assert_eq!(raws(&l), ["Кg8-f6", "Кg1-f3"]);
        assert!(l.items[0].black);
        assert!(!l.items[1].black);
        let l = read_letter("14. ... Nf6 15.Ng1-f3", Notation::En, false, a);
        assert_eq!(raws(&l), ["Nf6", "Ng1-f3"]);
        assert!(l.items[0].black);
    }

    #[test]
    fn results_and_cyrillic_prose_are_not_dates_or_moves() {
        let a = day(2026, 5, 15);
        let l = read_letter("Предлагам 1/2-1/2.", Notation::Bg, false, a);
        assert_eq!(l.dates, DeclaredDates::default());
        let l = read_letter("Ще отговоря в5 часа, с2 деца.", Notation::Bg, false, a);
        assert!(l.items.is_empty(), "{:?}", raws(&l));
        // …but after a move number the look-alike pawn move is read.
        let l = read_letter("1. е4", Notation::Bg, false, a);
        assert_eq!(raws(&l), ["е4"]);
        let l = read_letter("I won't resign yet.", Notation::En, false, a);
        assert!(l.commands.is_empty());
    }

    #[test]
    fn tournament_index() {
        let a = day(2026, 5, 15);
        let l = read_letter("BG-2026-01\n1. e2-e4", Notation::Bg, false, a);
        assert_eq!(l.tournament.as_deref(), Some("BG-2026-01"));
        let l = read_letter("Турнир: РЧ-45, 1. e2-e4", Notation::Bg, false, a);
        assert_eq!(l.tournament.as_deref(), Some("РЧ-45"));
    }
}
