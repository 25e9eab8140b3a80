//! The commands of INTERFACE.md "Letters in": resignation, draws, claims, leave (Art. 44),
//! delay notices (Art. 25), each with its negations and dates.

use super::*;

pub(super) fn read_commands(
    chars: &[char],
    lower: &[char],
    used: &mut [bool],
    arrival: Day,
    l: &mut Letter,
) {
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
pub(super) fn two_dates(chars: &[char], i: usize, arrival: Day) -> Option<(Day, Day, usize)> {
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
