//! Unit tests of `read_letter`: the items of Art. 7/8, the commands, the moves.

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
