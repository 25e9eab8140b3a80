//! Short fixed texts of replies that are about a letter rather than a game, in bg / ru / en.

use crate::rules::model::Lang;

pub fn stranger(lang: Lang) -> String {
    match lang {
        Lang::Bg => "Това е автоматичният съдия на турнир по кореспондентен шах. Вашият адрес не е регистриран като играч или съдия, затова писмото не беше обработено. Ако смятате, че това е грешка, обърнете се към съдията на турнира.".into(),
        Lang::Ru => "Это автоматический судья турнира по переписке. Ваш адрес не зарегистрирован как игрок или судья, поэтому письмо не обработано. Если это ошибка, обратитесь к судье турнира.".into(),
        Lang::En => "This is the automatic arbiter of a correspondence chess tournament. Your address is not registered as a player or arbiter, so your letter was not processed. If this is a mistake, please contact the tournament arbiter.".into(),
    }
}

pub fn too_large(lang: Lang, max: usize) -> String {
    let kib = max / 1024;
    match lang {
        Lang::Bg => format!(
            "Писмото е твърде голямо (над {kib} KiB) и не беше прочетено. Изпратете хода си с кратко писмо с обикновен текст. Нищо не е променено."
        ),
        Lang::Ru => format!(
            "Письмо слишком большое (более {kib} КиБ) и не прочитано. Пришлите ход коротким письмом простым текстом. Ничего не изменено."
        ),
        Lang::En => format!(
            "Your letter is too large (over {kib} KiB) and was not read. Please send your move in a short plain-text letter. Nothing was changed."
        ),
    }
}

pub fn undecodable(lang: Lang) -> String {
    match lang {
        Lang::Bg => "Писмото пристигна повредено и не може да бъде прочетено (чл. 16: неясно по вина на пощата — без наказание). Моля, изпратете го отново като обикновен текст. Нищо не е променено.".into(),
        Lang::Ru => "Письмо пришло повреждённым и не может быть прочитано (ст. 16: неясно по вине почты — без штрафа). Пожалуйста, пришлите его ещё раз простым текстом. Ничего не изменено.".into(),
        Lang::En => "Your letter arrived damaged and cannot be read (Art. 16: unclear through the transport's fault — no penalty). Please send it again as plain text. Nothing was changed.".into(),
    }
}

pub fn arbiter_letters(lang: Lang) -> String {
    match lang {
        Lang::Bg => "Не намерих съдийска команда в писмото. Нищо не е променено.".into(),
        Lang::Ru => "В письме не найдено команды судьи. Ничего не изменено.".into(),
        Lang::En => "I found no arbiter command in your letter. Nothing was changed.".into(),
    }
}

pub fn unauthenticated(lang: Lang, from: &str, message_id: &str, reason: &str) -> String {
    match lang {
        Lang::Bg => format!(
            "Писмо от {from} (Message-ID <{message_id}>) не премина проверката на подателя ({reason}). Писмото е съхранено, но не е обработено.\n\n— amici\n"
        ),
        Lang::Ru => format!(
            "Письмо от {from} (Message-ID <{message_id}>) не прошло проверку отправителя ({reason}). Письмо сохранено, но не обработано.\n\n— amici\n"
        ),
        Lang::En => format!(
            "A letter from {from} (Message-ID <{message_id}>) failed sender authentication ({reason}). It is stored but had no effect.\n\n— amici\n"
        ),
    }
}

pub fn captain_which_game(lang: Lang) -> String {
    match lang {
        Lang::Bg => {
            "Като капитан посочете номера на партията (напр. BG-2026-01/3) в темата или в писмото."
                .into()
        }
        Lang::Ru => {
            "Как капитан укажите номер партии (напр. BG-2026-01/3) в теме или в письме.".into()
        }
        Lang::En => {
            "As a captain, please name the game (e.g. BG-2026-01/3) in the subject or the letter."
                .into()
        }
    }
}

pub fn captain_no_moves(lang: Lang) -> String {
    match lang {
        Lang::Bg => "Капитанът изпраща само претенции, известия за отпуск и замени (RULES.md §14): ходовете, предаването и предложенията за реми идват от самия играч. Те не са разгледани и няма наказание.".into(),
        Lang::Ru => "Капитан присылает только претензии, извещения об отпуске и замены (RULES.md §14): ходы, сдачу и предложения ничьей присылает сам игрок. Они не рассмотрены, штрафа нет.".into(),
        Lang::En => "A captain sends only claims, leave notices and replacements (RULES.md §14): moves, resignations and draw offers come from the player himself. They were not considered and there is no penalty.".into(),
    }
}

/// A letter set aside after its processing failed `max_attempts` times (issue 8).
pub fn set_aside(lang: Lang) -> String {
    match lang {
        Lang::Bg => "Писмото Ви не можа да бъде обработено поради вътрешна грешка на amici и беше отделено настрана; съдията и администраторът са уведомени. Нищо не е променено и не е наложено наказание. Моля, изпратете хода си отново с кратко писмо с обикновен текст.".into(),
        Lang::Ru => "Ваше письмо не удалось обработать из-за внутренней ошибки amici, оно отложено; администратор уведомлён. Ничего не изменено, штрафа нет. Пожалуйста, пришлите ход ещё раз коротким письмом простым текстом.".into(),
        Lang::En => "Your letter could not be processed because of an internal error in amici and was set aside; the administrator has been told. Nothing was changed and no penalty was given. Please send your move again in a short plain-text letter.".into(),
    }
}

/// To the arbiter, once a day: a known player's letters beyond the daily limit are ignored.
pub fn rate_limited(lang: Lang, from: &str, limit: u32) -> String {
    match lang {
        Lang::Bg => format!(
            "Днес от {from} пристигнаха повече от {limit} писма (дневният лимит). Следващите писма от този адрес днес се съхраняват, но не се обработват. Проверете дали адресът не се използва от някой друг."
        ),
        Lang::Ru => format!(
            "Сегодня от {from} пришло больше {limit} писем (дневной лимит). Следующие письма с этого адреса сегодня сохраняются, но не обрабатываются. Проверьте, не использует ли адрес кто-то другой."
        ),
        Lang::En => format!(
            "More than {limit} letters arrived from {from} today (the daily limit). Further letters from this address today are stored but not processed. Please check that nobody else is using the address."
        ),
    }
}

/// To the admin: a letter reused an earlier, different letter's Message-ID (issue 8 item 11).
pub fn reused_message_id(inbound_id: i64, message_id: &str, from: &str) -> String {
    format!(
        "Letter {inbound_id} from {from} carries the Message-ID <{message_id}> of an earlier, different letter. It was stored and processed as a letter of its own; if it is a forgery or a broken mail client, please look into it.\n\n— amici\n"
    )
}

/// To the arbiter: a letter whose subject says auto-reply carried a move or command; it was
/// stored and not applied (issue 8 item 9).
pub fn suspected_auto_reply(lang: Lang, from: &str, subject: &str, message_id: &str) -> String {
    match lang {
        Lang::Bg => format!(
            "Писмо от {from} с тема „{subject}“ (Message-ID {message_id}) изглежда като автоматичен отговор, но съдържа ход или команда. То е съхранено, но не е изпълнено и на подателя не е отговорено. Ако го е писал човек, помолете играча да го изпрати отново с друга тема."
        ),
        Lang::Ru => format!(
            "Письмо от {from} с темой «{subject}» (Message-ID {message_id}) похоже на автоответ, но содержит ход или команду. Оно сохранено, но не выполнено, отправителю не ответили. Если его написал человек, попросите игрока прислать его ещё раз с другой темой."
        ),
        Lang::En => format!(
            "A letter from {from} with the subject \"{subject}\" (Message-ID {message_id}) looks like an auto-reply but carries a move or a command. It was stored and not applied, and its sender was not answered. If a person wrote it, ask the player to send it again with another subject."
        ),
    }
}

/// To the arbiter and the player who moved: a forwarded move did not reach the opponent
/// (RULES.md §3).
pub fn forward_bounced(
    lang: Lang,
    game: &str,
    to: &str,
    mv: &str,
    why: &str,
    suspended: bool,
) -> String {
    let (bg, ru, en) = if suspended {
        (
            "Партията е спряна за двамата играчи (мъртво време) от днес, докато ходът бъде доставен отново (правилата, §3).",
            "Партия остановлена для обоих игроков (мёртвое время) с сегодняшнего дня, пока ход не будет доставлен снова (правила, §3).",
            "The game is suspended for both players (dead time) from today until the move is delivered again (RULES §3).",
        )
    } else {
        ("", "", "")
    };
    match lang {
        Lang::Bg => format!(
            "Партия {game}: ходът {mv}, препратен на {to}, не беше доставен ({why}). {bg}\nСъдията: поправете адреса или пощенската кутия и изпратете „resend {game}“.\n\n— amici\n"
        ),
        Lang::Ru => format!(
            "Партия {game}: ход {mv}, пересланный {to}, не доставлен ({why}). {ru}\nСудье: исправьте адрес или почтовый ящик и отправьте «resend {game}».\n\n— amici\n"
        ),
        Lang::En => format!(
            "Game {game}: the move {mv} forwarded to {to} could not be delivered ({why}). {en}\nArbiter: correct the address or mailbox and send \"resend {game}\".\n\n— amici\n"
        ),
    }
}

/// A player's letter that names none of his games (INTERFACE.md "Letters in"); `games` one
/// line a game.
pub fn which_game(lang: Lang, games: &[String]) -> String {
    let list = games.join("\n");
    match lang {
        Lang::Bg => format!(
            "Не разбрах за коя партия е писмото. Посочете номера на партията в темата:\n{list}"
        ),
        Lang::Ru => format!(
            "Не понял, к какой партии относится письмо. Укажите номер партии в теме:\n{list}"
        ),
        Lang::En => format!(
            "I could not tell which game your letter is about. Please name the game id in the subject:\n{list}"
        ),
    }
}
