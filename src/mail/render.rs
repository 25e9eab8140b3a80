//! Reply texts in the recipient's language (bg, ru, en): the game, the move(s) in the
//! tournament's full notation with their numbers, the dates of Art. 7/8, the thinking time of
//! the move and both players' totals (penalties included), the allowance to the end of the
//! current period and the days left, and for errors the article applied and what to send now
//! (INTERFACE.md "Letters out").

use std::fmt::Write as _;

use shakmaty::Color;

use crate::rules::clock::ClockReport;
use crate::rules::game::{
    ClaimKind, GameRecord, MoveLine, Msg, Refusal, Remarks, Role, Termination,
};
use crate::rules::model::{Day, GameResult, Lang, Mode, Notation};
use crate::rules::tick::ClockNotice;

/// Names of the two players, for the header line.
pub struct Names<'a> {
    pub white: &'a str,
    pub black: &'a str,
}

/// Picks the text of the recipient's language.
fn t<'a>(lang: Lang, bg: &'a str, ru: &'a str, en: &'a str) -> &'a str {
    match lang {
        Lang::Bg => bg,
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// Dates as Art. 8 writes them: `11.3.2026`.
fn date(d: Day) -> String {
    d.format("%-d.%-m.%Y").to_string()
}

fn days_word(lang: Lang) -> &'static str {
    t(lang, "дни", "дн.", "days")
}

/// A number of days with the right word: `1 ден` / `3 дни`, `1 day` / `3 days`, `5 дн.`.
fn days(lang: Lang, n: i64) -> String {
    let word = match (lang, n.abs()) {
        (Lang::Bg, 1) => "ден",
        (Lang::En, 1) => "day",
        _ => days_word(lang),
    };
    format!("{n} {word}")
}

fn side(lang: Lang, c: Color) -> &'static str {
    match c {
        Color::White => t(lang, "белите", "белые", "White"),
        Color::Black => t(lang, "черните", "черные", "Black"),
    }
}

fn role_name<'a>(role: Role, names: &Names<'a>) -> &'a str {
    match role {
        Role::White => names.white,
        Role::Black => names.black,
        Role::Arbiter => "arbiter",
    }
}

fn move_line(lang: Lang, m: &MoveLine) -> String {
    let num = match m.color {
        Color::White => format!("{}.", m.number),
        Color::Black => format!("{}...", m.number),
    };
    // White's move 1 runs from the start date (Art. 24), recorded as received the day before.
    let from = if m.number == 1 && m.color == Color::White {
        format!(
            "{} {}",
            t(lang, "начало", "начало", "start"),
            date(m.received.succ_opt().unwrap_or(m.received))
        )
    } else {
        format!(
            "{} {}",
            t(lang, "получен", "получен", "received"),
            date(m.received)
        )
    };
    let auto = if m.from_variant {
        t(
            lang,
            " — от варианта (чл. 32)",
            " — из варианта (ст. 32)",
            " — from the variant (Art. 32)",
        )
    } else {
        ""
    };
    format!(
        "{num} {}   ({from}, {} {}; {}: {}){auto}",
        m.text,
        t(lang, "изпратен", "отправлен", "sent"),
        date(m.sent),
        t(lang, "време за хода", "время на ход", "time for the move"),
        days(lang, i64::from(m.days))
    )
}

/// The whole score in the tournament's full notation: `1. e2-e4 e7-e5 2. Кg1-f3`.
fn score_line(rec: &GameRecord, today: Day) -> String {
    rec.lines(0, today)
        .iter()
        .map(|m| {
            if m.color == Color::White {
                format!("{}. {}", m.number, m.text)
            } else {
                m.text.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Score: 1. e2-e4 e7-e5`, or that no move has been played yet (never an empty line).
fn score_text(lang: Lang, rec: &GameRecord, today: Day) -> String {
    let score = score_line(rec, today);
    let score = if score.is_empty() {
        t(
            lang,
            "— (още няма изигран ход)",
            "— (ещё не сделано ни одного хода)",
            "— (no move played yet)",
        )
        .to_string()
    } else {
        score
    };
    format!("{}: {score}", t(lang, "Запис", "Запись", "Score"))
}

fn termination(lang: Lang, t_: Termination) -> &'static str {
    match t_ {
        Termination::Checkmate => t(lang, "мат", "мат", "checkmate"),
        Termination::Stalemate => t(lang, "пат", "пат", "stalemate"),
        Termination::InsufficientMaterial => t(
            lang,
            "недостатъчен материал",
            "недостаточно материала",
            "insufficient material",
        ),
        Termination::Resignation => t(lang, "отказване", "сдача", "resignation"),
        Termination::Agreement => t(lang, "споразумение", "соглашение", "agreement"),
        Termination::Repetition => t(
            lang,
            "трикратно повторение",
            "троекратное повторение",
            "threefold repetition",
        ),
        Termination::FiftyMoves => t(
            lang,
            "правило на 50-те хода",
            "правило 50 ходов",
            "the 50-move rule",
        ),
        Termination::Overstep => t(
            lang,
            "просрочване на времето (чл. 28, 29)",
            "просрочка времени (ст. 28, 29)",
            "overstep of the time limit (Art. 28, 29)",
        ),
        Termination::Forfeit => t(
            lang,
            "служебен резултат (чл. 56)",
            "служебный результат (ст. 56)",
            "forfeit (Art. 56)",
        ),
        Termination::Adjudication => t(
            lang,
            "присъждане (чл. 53)",
            "присуждение (ст. 53)",
            "adjudication (Art. 53)",
        ),
        Termination::ArbiterDecision => t(
            lang,
            "решение на съдията",
            "решение судьи",
            "the arbiter's decision",
        ),
        Termination::Tablebase => t(
            lang,
            "доказано с таблица за ендшпил (§707)",
            "доказано таблицей эндшпиля (§707)",
            "proved by an endgame tablebase (§707)",
        ),
        Termination::Removed => t(
            lang,
            "играчът е отстранен от турнира (чл. 47 А)",
            "игрок исключён из турнира (ст. 47 А)",
            "the player was removed from the tournament (Art. 47 А)",
        ),
    }
}

fn result_text(lang: Lang, r: GameResult, term: Termination) -> String {
    format!("{} ({})", r.pgn(), termination(lang, term))
}

fn remarks_text(b: &mut String, lang: Lang, r: &Remarks) {
    if r.short {
        let _ = writeln!(
            b,
            "{}",
            t(
                lang,
                "Ходът е записан съкратено; ходът е валиден, но пишете пълна нотация, напр. Кg1-f3 (чл. 7, бел. 2).",
                "Ход записан сокращённо; ход действителен, но пишите полную нотацию, напр. Кg1-f3 (ст. 7, прим. 2).",
                "Your move was written in short notation; it stands, but please write the full form, e.g. Ng1-f3 (Art. 7 note 2)."
            )
        );
    }
    if !r.missing.is_empty() {
        let _ = writeln!(
            b,
            "{}",
            t(
                lang,
                "В писмото липсват (чл./Art. 7–9):",
                "В письме не указаны (ст. 7–9):",
                "Your letter lacks (Art. 7–9):"
            )
        );
        for &item in &r.missing {
            let _ = writeln!(b, "  – {} ({item})", item_name(lang, item));
        }
    }
    for (item, written, official) in &r.wrong {
        let _ = writeln!(
            b,
            "{} {item} ({}): {} «{written}», {} {official} (чл./Art. 9 В).",
            t(lang, "Точка", "Пункт", "Item"),
            item_name(lang, *item),
            t(lang, "написано", "написано", "written"),
            t(
                lang,
                "по официалния запис",
                "по официальной записи",
                "the official record says"
            )
        );
    }
    for (written, correct) in &r.wrong_numbers {
        let _ = writeln!(
            b,
            "{} {written} → {correct} (чл./Art. 9 Б, 21).",
            t(
                lang,
                "Грешен номер на хода, ходът е валиден:",
                "Неверный номер хода, ход действителен:",
                "Wrong move number, the move stands:"
            )
        );
    }
    if !r.line.is_empty() {
        let _ = writeln!(
            b,
            "{} {} (чл./Art. 10, 32).",
            t(
                lang,
                "Предложен вариант:",
                "Предложен вариант:",
                "Conditional line offered:"
            ),
            r.line.join(" ")
        );
    }
    if let Some(e) = &r.line_error {
        let _ = writeln!(
            b,
            "{} «{e}».",
            t(
                lang,
                "Вариантът е неясен от",
                "Вариант неясен начиная с",
                "The conditional line could not be read from"
            )
        );
    }
}

/// An item of the move letter (Art. 7, 8; RULES.md §4) in words, as the recipient would write
/// it: `Д` → "the date you received the move".
pub fn item_name(lang: Lang, item: char) -> &'static str {
    match item {
        'А' => t(
            lang,
            "индекса на турнира",
            "индекс турнира",
            "the tournament index",
        ),
        'Б' => t(
            lang,
            "номера и пълния запис на последния ход на противника",
            "номер и полная запись последнего хода противника",
            "the number and full notation of your opponent's last move",
        ),
        'В' => t(
            lang,
            "номера и пълния запис на Вашия ход",
            "номер и полная запись Вашего хода",
            "the number and full notation of your own move",
        ),
        'Г' => t(
            lang,
            "датата на писмото на противника",
            "дата письма противника",
            "the date of your opponent's letter",
        ),
        'Д' => t(
            lang,
            "датата, на която получихте хода",
            "дата получения хода",
            "the date you received the move",
        ),
        'Е' => t(
            lang,
            "датата, на която изпращате хода си",
            "дата отправления Вашего хода",
            "the date you send your move",
        ),
        'Ж' => t(
            lang,
            "времето Ви за обмисляне на този ход",
            "Ваше время на обдумывание этого хода",
            "your thinking time for this move",
        ),
        'З' => t(
            lang,
            "общото време за обмисляне на двамата играчи",
            "общее время на обдумывание обоих игроков",
            "the total thinking time of both players",
        ),
        _ => "",
    }
}

/// A complete letter (Art. 8 form) for the move `own` just acknowledged, with the official
/// figures: `1... e7-e5 2. Кg1-f3; 5.3.2026 – 6.3.2026 – 8.3.2026 = 2 days; total time: White
/// 4 – Black 1`. `None` when the move is not the record's last (a line was played after it).
fn complete_letter(lang: Lang, rec: &GameRecord, own: &MoveLine) -> Option<String> {
    let all = rec.lines(0, own.sent);
    let idx = all
        .iter()
        .position(|m| m.number == own.number && m.color == own.color)?;
    if idx + 1 != all.len() || own.from_variant {
        return None;
    }
    let num = |m: &MoveLine| match m.color {
        Color::White => format!("{}. {}", m.number, m.text),
        Color::Black => format!("{}... {}", m.number, m.text),
    };
    let mut out = String::new();
    let dates = match idx.checked_sub(1).map(|i| &all[i]) {
        Some(prev) => {
            let _ = write!(out, "{} ", num(prev));
            // Г the opponent's letter, Д the receipt in the mode's convention (RULES.md §3).
            let received = match rec.params.mode {
                Mode::Email => prev.sent.succ_opt().unwrap_or(prev.sent),
                Mode::Post => own.received,
            };
            format!(
                "{} – {} – {}",
                date(prev.sent),
                date(received),
                date(own.sent)
            )
        }
        // White's move 1: the start date stands for Д (Art. 24).
        None => format!("{} – {}", date(rec.start), date(own.sent)),
    };
    let clocks = rec.clocks(own.sent);
    let _ = write!(
        out,
        "{}; {dates} = {}; {}: {} {} – {} {}",
        num(own),
        days(lang, i64::from(own.days)),
        t(lang, "общо време", "общее время", "total time"),
        side(lang, Color::White),
        clocks.white.total_days,
        side(lang, Color::Black),
        clocks.black.total_days
    );
    Some(out)
}

/// The piece letters a recipient reads in a diagram: his language's notation.
fn lang_notation(lang: Lang) -> Notation {
    match lang {
        Lang::Bg => Notation::Bg,
        Lang::Ru => Notation::Ru,
        Lang::En => Notation::En,
    }
}

/// The position of a diagram text by its `FEN:` line.
fn position_of(diagram: &str) -> Option<shakmaty::Chess> {
    let fen = diagram.lines().find_map(|l| l.strip_prefix("FEN: "))?;
    fen.trim()
        .parse::<shakmaty::fen::Fen>()
        .ok()?
        .into_position(shakmaty::CastlingMode::Standard)
        .ok()
}

/// The board drawn for the recipient: his language's piece letters, from his side.
fn board(lang: Lang, pos: &shakmaty::Chess, viewer: Color) -> String {
    crate::rules::notation::diagram_from(pos, lang_notation(lang), viewer)
}

fn clock_block(b: &mut String, lang: Lang, r: &ClockReport, period_moves: u32) {
    let d = days_word(lang);
    let _ = writeln!(
        b,
        "{}: {} {} – {} {} {}.",
        t(lang, "Общо време", "Общее время", "Total time"),
        side(lang, Color::White),
        r.white.total_days,
        side(lang, Color::Black),
        r.black.total_days,
        d.trim_end_matches('.')
    );
    for c in [Color::White, Color::Black] {
        let s = r.side(c);
        let pen = if s.penalty_days != 0 {
            format!(
                " ({} {})",
                t(lang, "в т.ч. наказания", "в т.ч. штрафы", "incl. penalties"),
                days(lang, s.penalty_days)
            )
        } else {
            String::new()
        };
        // The current period ends at this move (Art. 23 В: the limit is cumulative).
        let from = s.count_from.max(1);
        let period = period_moves.max(1);
        let end = from + ((s.move_number.max(from) - from) / period + 1) * period - 1;
        let _ = writeln!(
            b,
            "  {}: {}{pen}; {} {end}: {}, {} {}.",
            side(lang, c),
            days(lang, s.total_days),
            t(lang, "лимит до ход", "лимит до хода", "limit up to move"),
            days(lang, s.allowance),
            t(lang, "остават", "осталось", "left"),
            days(lang, s.days_left).trim_end_matches('.')
        );
    }
}

fn notice_text(
    b: &mut String,
    lang: Lang,
    n: &ClockNotice,
    names: &Names<'_>,
    rec: &GameRecord,
    today: Day,
    viewer: Color,
) {
    use crate::rules::clock::NoticeKind as K;
    let who = if n.about == Color::White {
        names.white
    } else {
        names.black
    };
    let d = days_word(lang);
    let text = match n.kind {
        K::Repeat => format!(
            "{} {who} {} {} {} {} {d} (чл./Art. 26 Б). {}",
            t(
                lang,
                "Повторение на хода: от",
                "Повторение хода: от",
                "Repeat of the move: no answer from"
            ),
            t(lang, "няма отговор на ход", "нет ответа на ход", "to move"),
            n.move_number,
            t(lang, "вече", "уже", "for"),
            n.figures.silent_days.unwrap_or(0),
            t(
                lang,
                "Моля, изпратете отговора си. Ако ще отговорите след повече от 40 дни, изпратете уведомление (чл. 25).",
                "Пожалуйста, пришлите ответ. Если ответите позже чем через 40 дней, пришлите уведомление (ст. 25).",
                "Please send your reply. If you will answer later than 40 days, send a delay notice (Art. 25)."
            )
        ),
        K::RegisteredRepeat => format!(
            "{} {who} {}: {} {d}. {} (чл./Art. 26 А).",
            t(lang, "Противникът", "Противник", "Your opponent"),
            t(lang, "мълчи", "молчит", "is silent"),
            n.figures.silent_days.unwrap_or(0),
            t(
                lang,
                "Изпратете повторение на хода с препоръчано писмо",
                "Пошлите повторение хода заказным письмом",
                "Send a repeat of your move by registered letter"
            )
        ),
        K::SilenceToArbiter => format!(
            "{} {who}: {} {d} (чл./Art. 26 А, 30).",
            t(
                lang,
                "Продължително мълчание на",
                "Длительное молчание",
                "Long silence of"
            ),
            n.figures.silent_days.unwrap_or(0)
        ),
        K::OverstepClaim if n.article == "31" => format!(
            "{} {who}, {} {}: {} (чл./Art. 31). {}",
            t(
                lang,
                "Рекламация за просрочване:",
                "Рекламация о просрочке:",
                "Overstep claim:"
            ),
            t(lang, "ход", "ход", "move"),
            n.move_number,
            t(
                lang,
                "повече от 40 дни без отговор и без уведомление след повторението на хода",
                "более 40 дней без ответа и без уведомления после повторения хода",
                "more than 40 days without an answer and without a delay notice after the repeat of the move"
            ),
            t(
                lang,
                "Съдията решава в 7-дневен срок (чл. 37); възражение в 7 дни след решението (чл. 39).",
                "Судья решает в течение 7 дней (ст. 37); возражение в течение 7 дней после решения (ст. 39).",
                "The arbiter decides within 7 days (Art. 37); objections within 7 days of the decision (Art. 39)."
            )
        ),
        K::OverstepClaim => format!(
            "{} {who}, {} {}: {} {d} {} {} {d} (чл./Art. {}). {}",
            t(
                lang,
                "Рекламация за просрочване:",
                "Рекламация о просрочке:",
                "Overstep claim:"
            ),
            t(lang, "ход", "ход", "move"),
            n.move_number,
            n.figures.days,
            t(lang, "при лимит", "при лимите", "against a limit of"),
            n.figures.limit,
            n.article,
            t(
                lang,
                "Съдията решава в 7-дневен срок (чл. 37); възражение в 7 дни след решението (чл. 39).",
                "Судья решает в течение 7 дней (ст. 37); возражение в течение 7 дней после решения (ст. 39).",
                "The arbiter decides within 7 days (Art. 37); objections within 7 days of the decision (Art. 39)."
            )
        ),
        K::RunningOverstep => format!(
            "{} {who}, {} {}: {} {d} / {} {d} (чл./Art. 23 А, 30).",
            t(
                lang,
                "Течащото време надхвърля лимита (писмото може да е в път):",
                "Текущее время превышает лимит (письмо может быть в пути):",
                "The running clock is past the limit (a card may be in transit):"
            ),
            t(lang, "ход", "ход", "move"),
            n.move_number,
            n.figures.days,
            n.figures.limit
        ),
        K::DecisionOverdue => t(
            lang,
            "Изтекоха 7-те дни за решение по рекламацията (чл. 37).",
            "Истекли 7 дней на решение по рекламации (ст. 37).",
            "The 7 days for the decision on the claim have passed (Art. 37).",
        )
        .to_string(),
    };
    let _ = writeln!(
        b,
        "{} {}: {text}",
        t(lang, "Към", "На", "As of"),
        date(n.due)
    );
    if let Some(e) = &n.evidence {
        // Art. 35, 36: the full score in the tournament's notation, every move's receipt and
        // sending dates with its days, the totals, and the position (diagram and FEN).
        let _ = writeln!(b);
        let _ = writeln!(b, "{}", score_text(lang, rec, today));
        for m in &e.moves {
            // White's move 1 runs from the start date (recorded as received the day before).
            let from = if m.number == 1 && m.color == Color::White {
                m.received.succ_opt().unwrap_or(m.received)
            } else {
                m.received
            };
            let _ = writeln!(
                b,
                "  {}{} {} → {}: {}",
                m.number,
                if m.color == Color::White { "." } else { "..." },
                date(from),
                date(m.sent),
                days(lang, i64::from(m.days))
            );
        }
        // The totals at the overstep; the letter's clock block below gives today's, so they
        // are written here only when they differ.
        let now = rec.clocks(today);
        if (e.white_days, e.black_days) != (now.white.total_days, now.black.total_days) {
            let _ = writeln!(
                b,
                "{}: {} {} – {} {}",
                t(
                    lang,
                    "Общо време към просрочването",
                    "Общее время на момент просрочки",
                    "Total time at the overstep"
                ),
                side(lang, Color::White),
                days(lang, e.white_days),
                side(lang, Color::Black),
                days(lang, e.black_days)
            );
        }
        // The position at the overstep (the evidence's FEN), not the record's current one.
        let at_overstep = e
            .fen
            .as_deref()
            .and_then(|f| f.parse::<shakmaty::fen::Fen>().ok())
            .and_then(|f| {
                f.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
                    .ok()
            });
        let pos = at_overstep.unwrap_or_else(|| rec.position());
        let _ = writeln!(b, "{}", board(lang, &pos, viewer));
    }
}

/// Subject and body of one message. The recipient is read from the message where it tells
/// (an acknowledgement goes to the mover, a forwarded move or a refusal to the player to move);
/// `render_for` takes him from the caller.
pub fn render(
    rec: &GameRecord,
    names: &Names<'_>,
    msg: &Msg,
    lang: Lang,
    today: Day,
    arbiter_copy_of: Option<&str>,
) -> (String, String) {
    render_for(rec, names, msg, lang, today, arbiter_copy_of, None)
}

/// The player a message is for, as far as the message itself tells: `None` for the arbiter or
/// a message that goes to several people.
fn recipient(rec: &GameRecord, msg: &Msg) -> Option<Color> {
    match msg {
        Msg::Ack { moves, .. } => moves.first().map(|m| m.color),
        Msg::Forward { moves, .. } => moves.first().map(|m| m.color.other()),
        Msg::Refused { diagram, .. } => position_of(diagram)
            .map(|p| shakmaty::Position::turn(&p))
            .or_else(|| rec.to_move()),
        Msg::TwoReadings { .. } => rec.to_move(),
        Msg::NotYourTurn => rec.to_move().map(Color::other),
        _ => None,
    }
}

/// The last day (from `today`, within a year) on which `ok` holds of the clocks, if it holds
/// today.
fn last_day(rec: &GameRecord, today: Day, ok: impl Fn(&ClockReport) -> bool) -> Option<Day> {
    let mut last = None;
    let mut d = today;
    for _ in 0..400 {
        if !ok(&rec.clocks(d)) {
            break;
        }
        last = Some(d);
        d = d.succ_opt()?;
    }
    last
}

/// "What to send now", one line: the next move's number and the dates by which it is due — the
/// end of the allowance of the current period (Art. 23 В, 27) and the last day to answer
/// without a delay notice (Art. 25, 31) — for the recipient `me` (`None`: said of the player to
/// move).
fn what_now(lang: Lang, rec: &GameRecord, today: Day, me: Option<Color>) -> String {
    let nothing = t(
        lang,
        "Сега не изпращайте нищо:",
        "Сейчас ничего присылать не нужно:",
        "Nothing to send now:",
    );
    let Some(c) = rec.to_move() else {
        return format!(
            "{nothing} {}",
            t(
                lang,
                "партията е завършена.",
                "партия окончена.",
                "the game is over."
            )
        );
    };
    let now = rec.clocks(today);
    if now.awaiting_decision.is_some() {
        return format!(
            "{nothing} {}",
            t(
                lang,
                "партията чака решението на съдията (чл. 37).",
                "партия ждёт решения судьи (ст. 37).",
                "the game waits for the arbiter's decision (Art. 37)."
            )
        );
    }
    let number = now.side(c).move_number;
    let limit = last_day(rec, today, |r| r.side(c).days_left >= 0);
    let notice_days = i64::from(rec.params.notice_days);
    let notice = now
        .side(c)
        .running_days
        .and_then(|_| {
            last_day(rec, today, |r| {
                r.side(c).running_days.is_some_and(|x| x < notice_days)
            })
        })
        .filter(|n| limit.is_none_or(|l| *n < l));
    let arts = if rec.params.mode == Mode::Email {
        t(lang, "чл. 25, 31", "ст. 25, 31", "Art. 25, 31")
    } else {
        t(lang, "чл. 25", "ст. 25", "Art. 25")
    };
    let by = match limit {
        Some(l) => format!(
            " {} {} ({})",
            t(lang, "до", "не позднее", "by"),
            date(l),
            t(
                lang,
                "край на лимита, чл. 27",
                "конец лимита, ст. 27",
                "end of the time limit, Art. 27"
            )
        ),
        None => format!(
            " ({})",
            t(
                lang,
                "лимитът вече е надхвърлен, чл. 27",
                "лимит уже превышен, ст. 27",
                "the time limit is already exceeded, Art. 27"
            )
        ),
    };
    match me {
        Some(m) if m == c => {
            let mut line = format!(
                "{} {number} ({}){by}",
                t(
                    lang,
                    "Какво да изпратите сега: хода си",
                    "Что прислать сейчас: свой ход",
                    "What to send now: your move"
                ),
                t(
                    lang,
                    "с точките Б–З, чл. 7–9",
                    "с пунктами Б–З, ст. 7–9",
                    "with items Б–З, Art. 7–9"
                ),
            );
            if let Some(n) = notice {
                let _ = write!(
                    line,
                    "; {} {}, {} ({arts})",
                    t(
                        lang,
                        "ако ще отговорите след",
                        "если ответите после",
                        "if you will answer after"
                    ),
                    date(n),
                    t(
                        lang,
                        "първо изпратете уведомление",
                        "сначала пришлите уведомление",
                        "send a delay notice first"
                    )
                );
            }
            line.push('.');
            line
        }
        Some(_) => format!(
            "{nothing} {} {number}{by}.",
            t(
                lang,
                match c {
                    Color::White => "на ход са белите, ход",
                    Color::Black => "на ход са черните, ход",
                },
                match c {
                    Color::White => "ходят белые, ход",
                    Color::Black => "ходят черные, ход",
                },
                match c {
                    Color::White => "White is to play move",
                    Color::Black => "Black is to play move",
                }
            )
        ),
        None => {
            let mut line = format!(
                "{} {}, {} {number}{by}",
                t(lang, "Следва:", "Далее:", "Next:"),
                side(lang, c),
                t(lang, "ход", "ход", "move"),
            );
            if let Some(n) = notice {
                let _ = write!(
                    line,
                    "; {} {} {} ({arts})",
                    t(lang, "отговор след", "ответ после", "an answer after"),
                    date(n),
                    t(
                        lang,
                        "— само с уведомление преди това",
                        "— только с уведомлением до этого",
                        "needs a delay notice first"
                    ),
                );
            }
            line.push('.');
            line
        }
    }
}

/// The player a message to `to` is for (`None`: the arbiter or several people), and whether
/// it is the arbiter's.
fn addressee(
    rec: &GameRecord,
    msg: &Msg,
    arbiter_copy: bool,
    to: Option<Role>,
) -> (Option<Color>, bool) {
    match to {
        Some(Role::White) => (Some(Color::White), false),
        Some(Role::Black) => (Some(Color::Black), false),
        Some(Role::Arbiter) => (None, true),
        None if arbiter_copy => (None, true),
        None => (recipient(rec, msg), false),
    }
}

/// The text diagram in a body's lines (`rules::notation::diagram_from`): the indices of its
/// top frame line and of its `FEN:` line, twelve lines below (the frame, eight ranks, the
/// frame, the file letters, the legend). The first such block: amici writes one a letter.
pub fn diagram_lines(lines: &[&str]) -> Option<(usize, usize)> {
    const FRAME: &str = "   +------------------------+";
    let top = (0..lines.len()).find(|&i| {
        lines[i] == FRAME
            && lines.get(i + 9) == Some(&FRAME)
            && lines.get(i + 12).is_some_and(|l| l.starts_with("FEN: "))
    })?;
    Some((top, top + 12))
}

/// The board picture of a rendered body (issue 14 item 1): the position of its text diagram
/// (by the diagram's FEN line, so the picture never shows another position than the text), from
/// the side `render_for` drew it from for `to`, with the last move that led to that position
/// in the game. The end of a game (`Msg::Ended`, whose text gives the score without a diagram)
/// shows the final position. `None` when the body shows no position.
pub fn picture_view(
    rec: &GameRecord,
    msg: &Msg,
    body: &str,
    arbiter_copy: bool,
    to: Option<Role>,
) -> Option<crate::picture::View> {
    use shakmaty::fen::Fen;
    use shakmaty::{EnPassantMode, Position};
    let lines: Vec<&str> = body.lines().collect();
    let fen = match diagram_lines(&lines) {
        Some((_, fen_line)) => lines[fen_line].strip_prefix("FEN: ")?.trim().to_string(),
        None if matches!(msg, Msg::Ended { .. }) => rec.fen(),
        None => return None,
    };
    let fen = fen.as_str();
    let pos = position_of(&format!("FEN: {fen}"))?;
    let (me, _) = addressee(rec, msg, arbiter_copy, to);
    // The move into the shown position: the last ply of the game after which it stood.
    let mut last_move = None;
    let mut at = shakmaty::Chess::default();
    for m in &rec.moves {
        let Some(mv) = m
            .uci
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|u| u.to_move(&at).ok())
        else {
            break;
        };
        let color = at.turn();
        at.play_unchecked(mv);
        if Fen::from_position(&at, EnPassantMode::Legal).to_string() == fen {
            last_move = match mv {
                // The king's two squares, not the rook's (shakmaty's `to` of a castling).
                shakmaty::Move::Castle { king, .. } => {
                    mv.castling_side().map(|side| (king, side.king_to(color)))
                }
                _ => mv.from().map(|from| (from, mv.to())),
            };
        }
    }
    Some(crate::picture::View {
        board: pos.board().clone(),
        side: me.unwrap_or(Color::White),
        last_move,
    })
}

/// Subject and body of one message to `to` (`None`: as far as the message tells, see
/// `render`). A player sees the board from his side; the arbiter from White's.
pub fn render_for(
    rec: &GameRecord,
    names: &Names<'_>,
    msg: &Msg,
    lang: Lang,
    today: Day,
    arbiter_copy_of: Option<&str>,
    to: Option<Role>,
) -> (String, String) {
    let (me, arbiter) = addressee(rec, msg, arbiter_copy_of.is_some(), to);
    let viewer = me.unwrap_or(Color::White);
    let subject = format!(
        "{} {}: {} – {}",
        t(lang, "Партия", "Партия", "Game"),
        rec.id,
        names.white,
        names.black
    );
    let mut b = String::new();
    if let Some(sender) = arbiter_copy_of {
        let _ = writeln!(
            b,
            "{} {sender}.",
            t(
                lang,
                "Копие за съдията на турнира. Писмо от",
                "Копия для судьи турнира. Письмо от",
                "Copy for the tournament arbiter. Letter from"
            )
        );
        let _ = writeln!(b);
    }
    let _ = writeln!(
        b,
        "{} {} ({} – {})",
        t(lang, "Партия", "Партия", "Game"),
        rec.id,
        names.white,
        names.black
    );
    let _ = writeln!(b);
    match msg {
        Msg::Ack {
            moves,
            remarks,
            draw_offered,
        } => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Вашият ход е записан и изпратен на противника:",
                    "Ваш ход записан и отправлен противнику:",
                    "Your move is recorded and sent to your opponent:"
                )
            );
            for m in moves {
                let _ = writeln!(b, "  {}", move_line(lang, m));
            }
            if *draw_offered {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Предложението Ви за реми е предадено.",
                        "Ваше предложение ничьей передано.",
                        "Your draw offer has been passed on."
                    )
                );
            }
            if !remarks.is_empty() || !remarks.line.is_empty() {
                let _ = writeln!(b);
                remarks_text(&mut b, lang, remarks);
            }
            if !remarks.is_empty()
                && let Some(example) = moves.first().and_then(|m| complete_letter(lang, rec, m))
            {
                let _ = writeln!(b);
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Пълно писмо за този ход (чл. 8) — копирайте го следващия път:",
                        "Полное письмо для этого хода (ст. 8) — скопируйте его в следующий раз:",
                        "A complete letter for this move (Art. 8) — copy it next time:"
                    )
                );
                let _ = writeln!(b, "  {example}");
            }
        }
        Msg::Forward {
            moves,
            draw_offered,
            line_offered,
        } => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Ход на противника — очаква се Вашият отговор:",
                    "Ход противника — ждём Ваш ответ:",
                    "Your opponent's move — your reply is due:"
                )
            );
            for m in moves {
                let _ = writeln!(b, "  {}", move_line(lang, m));
            }
            if *draw_offered {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Противникът предлага реми (отговорете «приемам реми» или продължете играта).",
                        "Противник предлагает ничью (ответьте «принимаю ничью» или продолжайте игру).",
                        "Your opponent offers a draw (answer \"accept draw\", or play on)."
                    )
                );
            }
            if *line_offered {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Противникът предлага вариант (чл. 10): ако ходът Ви съвпадне, следващият му ход се изиграва веднага.",
                        "Противник предлагает вариант (ст. 10): если Ваш ход совпадёт, его следующий ход играется сразу.",
                        "Your opponent offers a conditional line (Art. 10): if your move matches it, his next move is played at once."
                    )
                );
            }
            let _ = writeln!(b);
            let _ = writeln!(b, "{}", board(lang, &rec.position(), viewer));
        }
        Msg::Refused {
            refusal,
            written,
            penalty_days,
            transport_fault,
            expected_repeat,
            piece_moves,
            nearest,
            diagram,
        } => {
            let what = match refusal {
                Refusal::Impossible => t(
                    lang,
                    "Ходът е невъзможен",
                    "Ход невозможен",
                    "The move is impossible",
                ),
                Refusal::Incorrect => t(
                    lang,
                    "Ходът е неправилен: ходът на противника е повторен грешно",
                    "Ход неправильный: ход противника повторён ошибочно",
                    "The move is incorrect: your opponent's last move is repeated wrongly",
                ),
                Refusal::Unclear => t(lang, "Ходът е неясен", "Ход неясен", "The move is unclear"),
            };
            let _ = writeln!(
                b,
                "{what}: «{written}» ({} {}).",
                t(lang, "чл.", "ст.", "Art."),
                refusal.article()
            );
            if let Some(e) = expected_repeat {
                let _ = writeln!(
                    b,
                    "{} {e}.",
                    t(
                        lang,
                        "Последният ход на противника е",
                        "Последний ход противника:",
                        "Your opponent's last move is"
                    )
                );
            }
            if *penalty_days > 0 {
                let _ = writeln!(
                    b,
                    "{} +{penalty_days} {} (чл./Art. 17).",
                    t(lang, "Наказание:", "Штраф:", "Penalty:"),
                    days_word(lang)
                );
            } else if *transport_fault {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Писмото е повредено по пътя: без наказание (чл. 17).",
                        "Письмо повреждено в пути: без штрафа (ст. 17).",
                        "The letter was damaged in transit: no penalty (Art. 17)."
                    )
                );
            }
            if arbiter_copy_of.is_none() {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Изпратете нов ход. Не е задължително да местите същата фигура (чл. 19).",
                        "Пришлите новый ход. Ходить той же фигурой не обязательно (ст. 19).",
                        "Please send a new move. You need not move the same piece (Art. 19)."
                    )
                );
            }
            if !nearest.is_empty() {
                let _ = writeln!(
                    b,
                    "{} {}",
                    t(
                        lang,
                        "Може би имахте предвид:",
                        "Возможно, Вы имели в виду:",
                        "Did you mean:"
                    ),
                    nearest.join(", ")
                );
            }
            if !piece_moves.is_empty() {
                let _ = writeln!(
                    b,
                    "{} {}",
                    t(
                        lang,
                        "Възможни ходове на тази фигура:",
                        "Возможные ходы этой фигуры:",
                        "Legal moves of that piece:"
                    ),
                    piece_moves.join(", ")
                );
            }
            let _ = writeln!(b);
            if let Some(last) = rec.lines(rec.moves.len().saturating_sub(1), today).pop() {
                let _ = writeln!(
                    b,
                    "{}",
                    t(
                        lang,
                        "Последен ход в партията:",
                        "Последний ход в партии:",
                        "Last move of the game:"
                    )
                );
                let _ = writeln!(b, "  {}", move_line(lang, &last));
            }
            let pos = position_of(diagram).unwrap_or_else(|| rec.position());
            let _ = writeln!(b, "{}", board(lang, &pos, viewer));
        }
        Msg::NoMove => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "В писмото не намерих ход или команда. Нищо не е променено.",
                    "В письме не найдены ни ход, ни команда. Ничего не изменено.",
                    "I found no move and no command in your letter. Nothing was changed."
                )
            );
        }
        Msg::NotYourTurn => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Не сте на ход в тази партия. Нищо не е променено.",
                    "Сейчас не Ваш ход в этой партии. Ничего не изменено.",
                    "It is not your turn in this game. Nothing was changed."
                )
            );
        }
        Msg::AwaitingArbiter => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Партията чака решението на съдията (чл. 37). Докато то не бъде взето, ходове не се разглеждат: нищо не е променено и няма наказание.",
                    "Партия ждёт решения судьи (ст. 37). Пока оно не принято, ходы не рассматриваются: ничего не изменено, штрафа нет.",
                    "The game is waiting for the arbiter's decision (Art. 37). Until it is taken no move is judged: nothing was changed and there is no penalty."
                )
            );
        }
        Msg::TwoReadings { moves } => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Писмото Ви може да се прочете по два начина, с различен Ваш ход (чл. 9 Б):",
                    "Ваше письмо можно прочесть двояко, с разным Вашим ходом (ст. 9 Б):",
                    "Your letter can be read in two ways, with a different move of yours (Art. 9 Б):"
                )
            );
            for m in moves {
                let _ = writeln!(b, "  {m}");
            }
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Нищо не е променено и няма наказание: неяснотата е в моя прочит, не във Вашето писмо. Моля, напишете отново кой ход имате предвид.",
                    "Ничего не изменено, штрафа нет: неясность в моём прочтении, а не в Вашем письме. Пожалуйста, напишите ещё раз, какой ход Вы имеете в виду.",
                    "Nothing was changed and there is no penalty: the doubt is in my reading, not your letter. Please write again which move you mean."
                )
            );
        }
        Msg::GameOver => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Партията е завършена. Нищо не е променено.",
                    "Партия окончена. Ничего не изменено.",
                    "This game is over. Nothing was changed."
                )
            );
        }
        Msg::Ended {
            result,
            termination,
        } => {
            let _ = writeln!(
                b,
                "{}: {}.",
                t(
                    lang,
                    "Партията завърши",
                    "Партия окончена",
                    "The game has ended"
                ),
                result_text(lang, *result, *termination)
            );
            let _ = writeln!(b);
            let _ = writeln!(b, "{}", rec.sans().join(" "));
        }
        Msg::DrawOffer => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Предложение за реми (без ход).",
                    "Предложение ничьей (без хода).",
                    "A draw offer (without a move)."
                )
            );
        }
        Msg::DrawDeclined => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Противникът отклони предложението за реми.",
                    "Противник отклонил предложение ничьей.",
                    "Your opponent declined the draw offer."
                )
            );
        }
        Msg::NoDrawOffer => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Няма чакащо предложение за реми. Нищо не е променено.",
                    "Нет ожидающего предложения ничьей. Ничего не изменено.",
                    "There is no draw offer to accept. Nothing was changed."
                )
            );
        }
        Msg::DelayNotice { from_sender } => {
            let text = if *from_sender {
                t(
                    lang,
                    "Уведомлението Ви за забавяне е записано и предадено (чл. 25).",
                    "Ваше уведомление о задержке записано и передано (ст. 25).",
                    "Your delay notice is recorded and passed on (Art. 25).",
                )
            } else {
                t(
                    lang,
                    "Противникът уведомява, че ще отговори по-късно (чл. 25).",
                    "Противник уведомляет, что ответит позже (ст. 25).",
                    "Your opponent gives notice that he will answer later (Art. 25).",
                )
            };
            let _ = writeln!(b, "{text}");
        }
        Msg::Claim {
            claimant,
            kind,
            explanation,
            fen,
            diagram,
        } => {
            let k = match kind {
                ClaimKind::Win => t(lang, "печалба", "выигрыш", "a win"),
                ClaimKind::Draw => t(lang, "реми", "ничья", "a draw"),
            };
            let _ = writeln!(
                b,
                "{} {} {k} (§707). {}",
                role_name(*claimant, names),
                t(lang, "претендира за", "заявляет", "claims"),
                t(
                    lang,
                    "Ако противникът е съгласен, резултатът стои; иначе решава съдията.",
                    "Если противник согласен, результат принимается; иначе решает судья.",
                    "If the opponent agrees the result stands; otherwise the arbiter decides."
                )
            );
            let agree = match kind {
                ClaimKind::Win => t(
                    lang,
                    "За да се съгласите, отговорете «предавам се».",
                    "Чтобы согласиться, ответьте «сдаюсь».",
                    "To agree, answer \"resign\".",
                ),
                ClaimKind::Draw => t(
                    lang,
                    "За да се съгласите, отговорете «приемам реми».",
                    "Чтобы согласиться, ответьте «принимаю ничью».",
                    "To agree, answer \"accept draw\".",
                ),
            };
            let _ = writeln!(b, "{agree}");
            if !explanation.is_empty() {
                let _ = writeln!(
                    b,
                    "\n{}\n{explanation}",
                    t(
                        lang,
                        "Обяснение (§707.2):",
                        "Объяснение (§707.2):",
                        "Explanation (§707.2):"
                    )
                );
            }
            let _ = writeln!(b, "\n{}", score_text(lang, rec, today));
            let pos = fen
                .parse::<shakmaty::fen::Fen>()
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
                .or_else(|| position_of(diagram))
                .unwrap_or_else(|| rec.position());
            let _ = writeln!(b, "{}", board(lang, &pos, viewer));
        }
        Msg::Clock(n) => notice_text(&mut b, lang, n, names, rec, today, viewer),
        Msg::Penalty {
            color,
            days,
            article,
            reason,
        } => {
            let _ = writeln!(
                b,
                "{} {}: {days:+} {} ({} {article}: {reason}).",
                t(lang, "Наказание за", "Штраф для", "Penalty for"),
                role_name(*color, names),
                days_word(lang),
                t(lang, "чл.", "ст.", "Art.")
            );
        }
        Msg::Decision { text } => {
            let line = match text.split(':').next().unwrap_or("") {
                "confirmed" => t(
                    lang,
                    "Съдията потвърди рекламацията за просрочване (чл. 38).",
                    "Судья подтвердил рекламацию о просрочке (ст. 38).",
                    "The arbiter confirmed the overstep claim (Art. 38).",
                ),
                "rejected" => t(
                    lang,
                    "Съдията отхвърли рекламацията за просрочване (чл. 38).",
                    "Судья отклонил рекламацию о просрочке (ст. 38).",
                    "The arbiter rejected the overstep claim (Art. 38).",
                ),
                "player-claim-filed" => t(
                    lang,
                    "Играч подаде рекламация за просрочване на противника си (чл. 35, 36); съдията решава в 7 дни (чл. 37). Неоснователна рекламация: +5 дни (чл. 40).",
                    "Игрок подал рекламацию о просрочке противника (ст. 35, 36); судья решает в течение 7 дней (ст. 37). Необоснованная рекламация: +5 дней (ст. 40).",
                    "A player claims his opponent's overstep (Art. 35, 36); the arbiter decides within 7 days (Art. 37). An unfounded claim costs +5 days (Art. 40).",
                ),
                "declared" => t(
                    lang,
                    "Съдията обяви просрочване като санкция (чл. 56).",
                    "Судья объявил просрочку как санкцию (ст. 56).",
                    "The arbiter declared an overstep as a sanction (Art. 56).",
                ),
                "player-admitted" => t(
                    lang,
                    "Играчът призна просрочването: то влиза в сила веднага (чл. 36, бел. 3).",
                    "Игрок признал просрочку: она вступает в силу сразу (ст. 36, прим. 3).",
                    "The player admits the overstep: it takes effect at once (Art. 36 note 3).",
                ),
                "player-objection" => t(
                    lang,
                    "Възражение срещу решението за просрочване е записано (чл. 39); съдията го разглежда.",
                    "Возражение против решения о просрочке записано (ст. 39); судья его рассмотрит.",
                    "An objection to the overstep decision is recorded (Art. 39); the arbiter reviews it.",
                ),
                "player-withdrawn" => t(
                    lang,
                    "Рекламацията за просрочване е оттеглена (чл. 34); играта продължава.",
                    "Рекламация о просрочке отозвана (ст. 34); игра продолжается.",
                    "The overstep claim is withdrawn (Art. 34); play continues.",
                ),
                "short-notation" => t(
                    lang,
                    "Играчът многократно изпраща съкратена нотация (чл. 7, бел. 2); играта продължава.",
                    "Игрок неоднократно присылает сокращённую запись (ст. 7, прим. 2); игра продолжается.",
                    "A player keeps sending short notation (Art. 7 note 2); play continues.",
                ),
                _ => text.as_str(),
            };
            let _ = writeln!(b, "{line}");
        }
        Msg::Leave {
            who,
            from,
            to,
            special,
        } => {
            let _ = writeln!(
                b,
                "{} {} {} – {}{} (чл./Art. {}). {}",
                t(lang, "Отпуск на", "Отпуск", "Leave of"),
                role_name(*who, names),
                date(*from),
                date(*to),
                if *special {
                    t(
                        lang,
                        " (специален отпуск)",
                        " (специальный отпуск)",
                        " (special leave)",
                    )
                } else {
                    ""
                },
                if *special { "43" } else { "41–45" },
                t(
                    lang,
                    "Всички партии на играча спират; времето на никого не тече (чл. 45).",
                    "Все партии игрока приостановлены; время ни у кого не идёт (ст. 45).",
                    "All his games pause; neither player's time counts (Art. 45)."
                )
            );
        }
        Msg::LeaveRefused { reason } => {
            let _ = writeln!(
                b,
                "{} {reason}",
                t(
                    lang,
                    "Отпускът не е приет:",
                    "Отпуск не принят:",
                    "The leave is refused:"
                )
            );
        }
        Msg::Adjudication {
            stage,
            deadline,
            proposals,
            score,
            diagram,
        } => {
            use crate::rules::game::AdjudicationStage as S;
            let head = match stage {
                S::Ask => t(
                    lang,
                    "Крайният срок на турнира настъпи (чл. 49). Партията спира и отива за присъждане. Изпратете предложението си (1-0, 0-1 или 1/2-1/2) с анализ до",
                    "Срок окончания турнира наступил (ст. 49). Партия остановлена и идёт на присуждение. Пришлите своё предложение (1-0, 0-1 или 1/2-1/2) с анализом до",
                    "The tournament's end date has come (Art. 49). The game stops and goes to adjudication. Send your proposal (1-0, 0-1 or 1/2-1/2) with your analysis by",
                ),
                S::Recorded => t(
                    lang,
                    "Предложението Ви е записано (чл. 52). Срок за предложения:",
                    "Ваше предложение записано (ст. 52). Срок для предложений:",
                    "Your proposal is recorded (Art. 52). Proposals are due by",
                ),
                S::ToAdjudicator => t(
                    lang,
                    "Предложенията се различават или липсват: материалът отива при арбитъра (чл. 53). Играч без предложение губи правото на обжалване (чл. 52, бел. 2). Срокът беше",
                    "Предложения различаются или отсутствуют: материал передан арбитру (ст. 53). Игрок без предложения теряет право на обжалование (ст. 52, прим. 2). Срок был",
                    "The proposals differ or are missing: the material goes to the adjudicator (Art. 53). A player who sent none loses the right to appeal (Art. 52 note 2). The deadline was",
                ),
            };
            let _ = writeln!(b, "{head} {}.", date(*deadline));
            for p in proposals {
                let _ = writeln!(b, "  {p}");
            }
            let _ = writeln!(b);
            let _ = writeln!(b, "{score}");
            let pos = position_of(diagram).unwrap_or_else(|| rec.position());
            let _ = writeln!(b, "{}", board(lang, &pos, viewer));
        }
        Msg::DateDisagreement {
            number,
            mover,
            declared,
            reported,
        } => {
            let _ = writeln!(
                b,
                "{} {number} ({}): {} {}, {} {}. {}",
                t(
                    lang,
                    "Несъответствие в датите за ход",
                    "Расхождение в датах хода",
                    "Dates disagree for move"
                ),
                role_name(*mover, names),
                t(
                    lang,
                    "обявено изпращане",
                    "заявлена отправка",
                    "declared sent"
                ),
                date(*declared),
                t(
                    lang,
                    "пощенско клеймо по данни на получателя",
                    "почтовый штемпель по данным получателя",
                    "postmark reported by the receiver"
                ),
                date(*reported),
                t(
                    lang,
                    "Важи клеймото (чл. 7 Г, Е).",
                    "Действует штемпель (ст. 7 Г, Е).",
                    "The postmark stands (Art. 7 Г, Е)."
                )
            );
        }
        Msg::Announcement { text } if text.starts_with("replaced:") => {
            let mut parts = text.trim_start_matches("replaced:").splitn(2, ':');
            let (old, new) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let _ = writeln!(
                b,
                "{} {old} → {new}. {}",
                t(
                    lang,
                    "Замяна (чл. 47 Б):",
                    "Замена (ст. 47 Б):",
                    "Replacement (Art. 47 Б):"
                ),
                t(
                    lang,
                    "До първия ход на новия играч, най-много 30 дни, времето на никого не тече.",
                    "До первого хода нового игрока, не более 30 дней, время ни у кого не идёт.",
                    "Until the new player's first move, at most 30 days, neither clock runs."
                )
            );
        }
        Msg::Announcement { text } if text.starts_with("art51:") => {
            let _ = writeln!(
                b,
                "{} {} {}",
                t(
                    lang,
                    "Напомняне (чл. 51): изпратете записа на партията до",
                    "Напоминание (ст. 51): пришлите запись партии до",
                    "Reminder (Art. 51): send the score of the game before"
                ),
                text.trim_start_matches("art51:"),
                t(
                    lang,
                    "— без запис до крайния срок и двамата губят.",
                    "— без записи к сроку окончания проигрывают оба.",
                    "— without a score by the end date both players lose."
                )
            );
        }
        Msg::Announcement { text } if text.starts_with("receipt:") => {
            let _ = writeln!(
                b,
                "{} {}.",
                t(
                    lang,
                    "Записано: получихте хода на противника на",
                    "Записано: Вы получили ход противника",
                    "Recorded: you received your opponent's move on"
                ),
                text.trim_start_matches("receipt:")
            );
        }
        Msg::Announcement { text } if text == "Art. 47 А" => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Играч се оттегли, без да е направил ход: отстранен е от турнира и партиите му не се зачитат (чл. 47 А).",
                    "Игрок выбыл, не сделав ни одного хода: он исключён из турнира, его партии не учитываются (ст. 47 А).",
                    "A player withdrew without ever moving: he is removed from the tournament and his games do not count (Art. 47 А)."
                )
            );
        }
        Msg::Announcement { text } => {
            let _ = writeln!(b, "{text}");
        }
        Msg::VariantDeclined => {
            let _ = writeln!(
                b,
                "{}",
                t(
                    lang,
                    "Отказът Ви от варианта е записан (чл. 10).",
                    "Ваш отказ от варианта записан (ст. 10).",
                    "Your refusal of the variant is recorded (Art. 10)."
                )
            );
        }
    }
    let _ = writeln!(b);
    clock_block(&mut b, lang, &rec.clocks(today), rec.params.period_moves);
    if !arbiter {
        let _ = writeln!(b);
        let _ = writeln!(b, "{}", what_now(lang, rec, today, me));
    }
    let _ = writeln!(b);
    let _ = writeln!(
        b,
        "{}",
        t(
            lang,
            "— amici, съдийски бот",
            "— amici, бот-судья",
            "— amici, the arbiter bot"
        )
    );
    // Article references are written once for all languages; each reads its own abbreviation.
    let b = b.replace("чл./Art.", t(lang, "чл.", "ст.", "Art."));
    (subject, b)
}

/// The guide line of a reply (issue 13, item 2): with `[bot] guide_url` set, one short line in
/// the recipient's language pointing at the player's and arbiter's guide, put just above the
/// signature (the last line that begins with "— amici"; at the end when there is none).
/// Unset, or already there: the body unchanged. Called where a reply is queued.
pub fn with_guide(body: &str, lang: Lang, guide_url: Option<&str>) -> String {
    let Some(url) = guide_url.map(str::trim).filter(|u| !u.is_empty()) else {
        return body.to_string();
    };
    if body.contains(url) {
        return body.to_string();
    }
    let line = format!(
        "{} {url}",
        t(
            lang,
            "Правилата и как amici ги прилага:",
            "Правила и как amici их применяет:",
            "The rules and how amici applies them:"
        )
    );
    match body
        .rfind("\n— amici")
        .map(|i| i + 1)
        .or_else(|| body.starts_with("— amici").then_some(0))
    {
        Some(i) => format!("{}{line}\n{}", &body[..i], &body[i..]),
        None if body.is_empty() || body.ends_with('\n') => format!("{body}\n{line}\n"),
        None => format!("{body}\n\n{line}\n"),
    }
}

#[cfg(test)]
mod guide_line_tests {
    use super::*;

    const BODY: &str =
        "Game T/1\n\nNothing to send now: the game is over.\n\n— amici, the arbiter bot\n";

    #[test]
    fn the_guide_line_is_above_the_signature_when_set_in_the_recipients_language() {
        let url = "https://chess.example.test/guide";
        assert_eq!(
            with_guide(BODY, Lang::En, Some(url)),
            "Game T/1\n\nNothing to send now: the game is over.\n\nThe rules and how amici applies them: https://chess.example.test/guide\n— amici, the arbiter bot\n"
        );
        assert!(with_guide(BODY, Lang::Bg, Some(url)).contains(
            "Правилата и как amici ги прилага: https://chess.example.test/guide\n— amici"
        ));
        assert!(with_guide(BODY, Lang::Ru, Some(url)).contains(
            "Правила и как amici их применяет: https://chess.example.test/guide\n— amici"
        ));
        // Once, however often a body passes through.
        let twice = with_guide(&with_guide(BODY, Lang::En, Some(url)), Lang::En, Some(url));
        assert_eq!(twice.matches(url).count(), 1);
        // A body without the signature: at the end.
        assert_eq!(
            with_guide("✓ done\n", Lang::En, Some(url)),
            "✓ done\n\nThe rules and how amici applies them: https://chess.example.test/guide\n"
        );
    }

    #[test]
    fn no_guide_line_when_unset() {
        assert_eq!(with_guide(BODY, Lang::En, None), BODY);
        assert_eq!(with_guide(BODY, Lang::Bg, Some("  ")), BODY);
    }

    #[test]
    fn the_guide_url_is_read_from_the_config() {
        let text = |extra: &str| {
            format!(
                "[bot]\naddress = \"bot@example.test\"\n{extra}\n[outbox]\ndir = \"out\"\n[[tournament]]\nid = \"T\"\nstart = 2026-01-10\nend = 2027-01-01\narbiter = \"arbiter@example.test\"\nplayers = [ {{ name = \"A\", email = \"a@example.test\" }}, {{ name = \"B\", email = \"b@example.test\" }} ]\n"
            )
        };
        let path = std::path::Path::new("x.toml");
        let set = crate::config::parse(
            path,
            &text("guide_url = \"https://chess.example.test/guide\""),
        )
        .unwrap();
        assert_eq!(
            set.bot.guide_url.as_deref(),
            Some("https://chess.example.test/guide")
        );
        let unset = crate::config::parse(path, &text("")).unwrap();
        assert_eq!(unset.bot.guide_url, None);
    }
}

impl GameRecord {
    /// The position as a text diagram in the game's notation.
    pub fn position_diagram(&self) -> String {
        crate::rules::notation::diagram(&self.position(), self.notation)
    }
}

#[cfg(test)]
mod picture_view_tests {
    use super::*;
    use crate::rules::model::{Params, PlayedMove};
    use shakmaty::{Position, Square};

    /// 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O, as the record keeps it.
    fn castled() -> GameRecord {
        let day: Day = "2026-03-01".parse().unwrap();
        let mut rec = GameRecord::new(
            "T/1".into(),
            "T".into(),
            "w@example.test".into(),
            "b@example.test".into(),
            Params::for_mode(Mode::Email),
            Notation::En,
            day,
        );
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1"] {
            rec.moves.push(PlayedMove {
                uci: uci.into(),
                san: String::new(),
                received: day,
                sent: day,
                from_variant: false,
                letter: 0,
            });
        }
        rec
    }

    fn body(pos: &shakmaty::Chess, side: Color) -> String {
        format!("Game T/1\n\n{}\n— amici\n", board(Lang::En, pos, side))
    }

    #[test]
    fn the_picture_shows_the_text_diagrams_position_from_the_recipients_side() {
        let rec = castled();
        let v = picture_view(
            &rec,
            &Msg::GameOver,
            &body(&rec.position(), Color::Black),
            false,
            Some(Role::Black),
        )
        .unwrap();
        assert_eq!(&v.board, rec.position().board());
        assert_eq!(v.side, Color::Black);
        // Castling: the king's two squares, not the rook's.
        assert_eq!(v.last_move, Some((Square::E1, Square::G1)));
        // The arbiter sees White's side.
        let v = picture_view(
            &rec,
            &Msg::GameOver,
            &body(&rec.position(), Color::White),
            false,
            Some(Role::Arbiter),
        )
        .unwrap();
        assert_eq!(v.side, Color::White);
    }

    #[test]
    fn an_earlier_position_gets_the_move_that_led_to_it() {
        // An overstep claim shows the position at the overstep, not the current one.
        let rec = castled();
        let mut after_e4 = shakmaty::Chess::default();
        let e4 = "e2e4"
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&after_e4)
            .unwrap();
        after_e4.play_unchecked(e4);
        let v = picture_view(
            &rec,
            &Msg::GameOver,
            &body(&after_e4, Color::White),
            false,
            Some(Role::White),
        )
        .unwrap();
        assert_eq!(&v.board, after_e4.board());
        assert_eq!(v.last_move, Some((Square::E2, Square::E4)));
    }

    #[test]
    fn the_end_shows_the_final_position_and_a_body_without_a_diagram_none() {
        let rec = castled();
        let ended = Msg::Ended {
            result: GameResult::WhiteWins,
            termination: Termination::Resignation,
        };
        let v = picture_view(&rec, &ended, "Game T/1\n\n1-0\n", false, Some(Role::White)).unwrap();
        assert_eq!(&v.board, rec.position().board());
        assert_eq!(v.last_move, Some((Square::E1, Square::G1)));
        assert_eq!(
            picture_view(&rec, &Msg::GameOver, "Game T/1\n", false, Some(Role::White)),
            None
        );
    }
}
