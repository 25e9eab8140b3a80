//! Item А (Art. 7): the tournament index and the game's number in it.

use super::*;

pub(super) fn read_tournament(chars: &[char], lower: &[char], used: &mut [bool], l: &mut Letter) {
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
