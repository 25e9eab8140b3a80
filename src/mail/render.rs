//! Reply texts in the recipient's language (bg, ru, en): the game, the move(s) in the
//! tournament's full notation with their numbers, the dates of Art. 7/8, the thinking time of
//! the move and both players' totals (penalties included), and for errors the article applied
//! and what to send now (INTERFACE.md "Letters out").

use std::fmt::Write as _;

use shakmaty::Color;

use crate::rules::game::{GameRecord, MoveLine, Msg, Refusal, Termination};
use crate::rules::model::{Day, GameResult, Lang};

/// Names of the two players, for the header line.
pub struct Names<'a> {
    pub white: &'a str,
    pub black: &'a str,
}

struct Words {
    game: &'static str,
    white: &'static str,
    black: &'static str,
    days: &'static str,
    received: &'static str,
    sent: &'static str,
    time: &'static str,
    totals: &'static str,
    ack: &'static str,
    your_move: &'static str,
    refused: [&'static str; 3],
    penalty: &'static str,
    send_new: &'static str,
    legal: &'static str,
    no_move: &'static str,
    not_your_turn: &'static str,
    game_over: &'static str,
    ended: &'static str,
    article: &'static str,
    footer: &'static str,
    arbiter_copy: &'static str,
    start: &'static str,
}

const BG: Words = Words {
    game: "Партия",
    white: "белите",
    black: "черните",
    days: "дни",
    received: "получен",
    sent: "изпратен",
    time: "време за хода",
    totals: "Общо време",
    ack: "Вашият ход е записан и изпратен на противника:",
    your_move: "Ход на противника — очаква се Вашият отговор:",
    refused: [
        "Ходът е невъзможен",
        "Ходът е неправилен (грешно повторен ход на противника)",
        "Ходът е неясен",
    ],
    penalty: "Наказание: +{} дни към Вашето време (чл. 17).",
    send_new: "Изпратете нов ход. Не е задължително да местите същата фигура (чл. 19).",
    legal: "Възможни ходове например:",
    no_move: "В писмото не намерих ход или команда. Нищо не е променено.",
    not_your_turn: "Не сте на ход в тази партия. Нищо не е променено.",
    game_over: "Партията е завършена. Нищо не е променено.",
    ended: "Партията завърши",
    article: "чл.",
    footer: "— amici, съдийски бот",
    arbiter_copy: "Копие за съдията на турнира. Писмо от",
    start: "начало",
};

const RU: Words = Words {
    game: "Партия",
    white: "белые",
    black: "черные",
    days: "дн.",
    received: "получен",
    sent: "отправлен",
    time: "время на ход",
    totals: "Общее время",
    ack: "Ваш ход записан и отправлен противнику:",
    your_move: "Ход противника — ждём Ваш ответ:",
    refused: [
        "Ход невозможен",
        "Ход неправильный (ошибочно повторён ход противника)",
        "Ход неясен",
    ],
    penalty: "Штраф: +{} дней к Вашему времени (ст. 17).",
    send_new: "Пришлите новый ход. Ходить той же фигурой не обязательно (ст. 19).",
    legal: "Возможные ходы, например:",
    no_move: "В письме не найден ни ход, ни команда. Ничего не изменено.",
    not_your_turn: "Сейчас не Ваш ход в этой партии. Ничего не изменено.",
    game_over: "Партия окончена. Ничего не изменено.",
    ended: "Партия окончена",
    article: "ст.",
    footer: "— amici, бот-судья",
    arbiter_copy: "Копия для судьи турнира. Письмо от",
    start: "начало",
};

const EN: Words = Words {
    game: "Game",
    white: "White",
    black: "Black",
    days: "days",
    received: "received",
    sent: "sent",
    time: "time for the move",
    totals: "Total time",
    ack: "Your move is recorded and sent to your opponent:",
    your_move: "Your opponent's move — your reply is due:",
    refused: [
        "The move is impossible",
        "The move is incorrect (your opponent's last move repeated wrongly)",
        "The move is unclear",
    ],
    penalty: "Penalty: +{} days on your time (Art. 17).",
    send_new: "Please send a new move. You need not move the same piece (Art. 19).",
    legal: "Legal moves include:",
    no_move: "I found no move and no command in your letter. Nothing was changed.",
    not_your_turn: "It is not your turn in this game. Nothing was changed.",
    game_over: "This game is over. Nothing was changed.",
    ended: "The game has ended",
    article: "Art.",
    footer: "— amici, the arbiter bot",
    arbiter_copy: "Copy for the tournament arbiter. Letter from",
    start: "start",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Bg => &BG,
        Lang::Ru => &RU,
        Lang::En => &EN,
    }
}

/// Dates as Art. 8 writes them: `11.3.`
fn short_date(d: Day) -> String {
    d.format("%-d.%-m.%Y").to_string()
}

fn move_line(w: &Words, m: &MoveLine) -> String {
    let num = match m.color {
        Color::White => format!("{}.", m.number),
        Color::Black => format!("{}...", m.number),
    };
    // White's move 1 runs from the start date (Art. 24), recorded as received the day before.
    let from = if m.number == 1 && m.color == Color::White {
        format!(
            "{} {}",
            w.start,
            short_date(m.received.succ_opt().unwrap_or(m.received))
        )
    } else {
        format!("{} {}", w.received, short_date(m.received))
    };
    format!(
        "{num} {}   ({from}, {} {}; {}: {} {})",
        m.text,
        w.sent,
        short_date(m.sent),
        w.time,
        m.days,
        w.days
    )
}

fn result_text(lang: Lang, r: GameResult, t: Termination) -> String {
    let why = match (lang, t) {
        (Lang::Bg, Termination::Checkmate) => "мат",
        (Lang::Bg, Termination::Stalemate) => "пат",
        (Lang::Bg, Termination::InsufficientMaterial) => "недостатъчен материал",
        (Lang::Bg, Termination::Resignation) => "отказване",
        (Lang::Bg, Termination::Agreement) => "споразумение",
        (Lang::Bg, Termination::Overstep) => "просрочване",
        (Lang::Bg, Termination::Forfeit) => "служебен резултат",
        (Lang::Bg, Termination::Adjudication) => "присъждане",
        (Lang::Ru, Termination::Checkmate) => "мат",
        (Lang::Ru, Termination::Stalemate) => "пат",
        (Lang::Ru, Termination::InsufficientMaterial) => "недостаточно материала",
        (Lang::Ru, Termination::Resignation) => "сдача",
        (Lang::Ru, Termination::Agreement) => "соглашение",
        (Lang::Ru, Termination::Overstep) => "просрочка",
        (Lang::Ru, Termination::Forfeit) => "служебный результат",
        (Lang::Ru, Termination::Adjudication) => "присуждение",
        (Lang::En, Termination::Checkmate) => "checkmate",
        (Lang::En, Termination::Stalemate) => "stalemate",
        (Lang::En, Termination::InsufficientMaterial) => "insufficient material",
        (Lang::En, Termination::Resignation) => "resignation",
        (Lang::En, Termination::Agreement) => "agreement",
        (Lang::En, Termination::Overstep) => "overstep of the time limit",
        (Lang::En, Termination::Forfeit) => "forfeit",
        (Lang::En, Termination::Adjudication) => "adjudication",
    };
    format!("{} ({why})", r.pgn())
}

/// Subject and body of one message.
pub fn render(
    rec: &GameRecord,
    names: &Names<'_>,
    msg: &Msg,
    lang: Lang,
    today: Day,
    arbiter_copy_of: Option<&str>,
) -> (String, String) {
    let w = words(lang);
    let subject = format!("{} {}: {} – {}", w.game, rec.id, names.white, names.black);
    let mut b = String::new();
    if let Some(sender) = arbiter_copy_of {
        let _ = writeln!(b, "{} {sender}.", w.arbiter_copy);
        let _ = writeln!(b);
    }
    let _ = writeln!(
        b,
        "{} {} ({} – {})",
        w.game, rec.id, names.white, names.black
    );
    let _ = writeln!(b);
    match msg {
        Msg::Ack { moves } | Msg::Forward { moves } => {
            let _ = writeln!(
                b,
                "{}",
                if matches!(msg, Msg::Ack { .. }) {
                    w.ack
                } else {
                    w.your_move
                }
            );
            for m in moves {
                let _ = writeln!(b, "  {}", move_line(w, m));
            }
        }
        Msg::Refused {
            refusal,
            written,
            penalty_days,
            legal_examples,
        } => {
            let idx = match refusal {
                Refusal::Impossible => 0,
                Refusal::Incorrect => 1,
                Refusal::Unclear => 2,
            };
            let _ = writeln!(
                b,
                "{}: «{}» ({} {}).",
                w.refused[idx],
                written,
                w.article,
                refusal.article()
            );
            if *penalty_days > 0 {
                let _ = writeln!(b, "{}", w.penalty.replace("{}", &penalty_days.to_string()));
            }
            let _ = writeln!(b, "{}", w.send_new);
            if !legal_examples.is_empty() {
                let _ = writeln!(b, "{} {}", w.legal, legal_examples.join(", "));
            }
            if let Some(last) = rec.lines(rec.moves.len().saturating_sub(1)).pop() {
                let _ = writeln!(b);
                let _ = writeln!(b, "  {}", move_line(w, &last));
            }
        }
        Msg::NoMove => {
            let _ = writeln!(b, "{}", w.no_move);
        }
        Msg::NotYourTurn => {
            let _ = writeln!(b, "{}", w.not_your_turn);
        }
        Msg::GameOver => {
            let _ = writeln!(b, "{}", w.game_over);
        }
        Msg::Ended {
            result,
            termination,
        } => {
            let _ = writeln!(
                b,
                "{}: {}.",
                w.ended,
                result_text(lang, *result, *termination)
            );
        }
    }
    let _ = writeln!(b);
    let days = w.days.trim_end_matches('.');
    let _ = writeln!(
        b,
        "{}: {} {} – {} {} {days}.",
        w.totals,
        w.white,
        rec.total_days(Color::White, today),
        w.black,
        rec.total_days(Color::Black, today),
    );
    let _ = writeln!(b);
    let _ = writeln!(b, "{}", w.footer);
    (subject, b)
}
