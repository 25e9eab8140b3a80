//! Every reply sentence in Russian: one text a [`Key`], `{name}` marking what is filled in.

use super::Key;

/// The text of `key` in Russian.
///
/// Longer than 150 lines for a reason: it is a table, one arm a text, kept in one `match` so
/// that a key missing here does not compile.
pub(super) fn text(key: Key) -> &'static str {
    match key {
        Key::ClaimNothingToAdmit => "Против Вас нет рассматриваемой рекламации о просрочке.",
        Key::ClaimNothingToObject => {
            "Нет подтверждённой Вашей просрочки, против которой можно возразить."
        }
        Key::ClaimNothingToWithdraw => {
            "Нет Вашей рассматриваемой рекламации, которую можно отозвать."
        }
        Key::ClaimNoSuchClaim => "Нет рекламации о просрочке номер {n}.",
        Key::ClaimNotPending => "Рекламация уже не ожидает решения.",
        Key::ClaimObjectionTooLate => "Ст. 39: срок для возражения истёк {deadline}.",
        Key::ClaimNoObjection => {
            "Подтверждённая просрочка отменяется только после своевременного возражения (ст. 39)."
        }
        Key::ClaimAlreadyPending => "Рекламация против этого игрока уже ожидает решения судьи.",
        Key::ClaimAlreadyClaimed => {
            "Эта просрочка уже рекламирована (ст. 30: одна просрочка на отсчёт)."
        }
        Key::ClaimNotClaimant => {
            "Отозвать рекламацию может только игрок, от имени которого она подана (ст. 37, прим.)."
        }
        Key::EndDateExtended => {
            "Срок окончания турнира {tournament} продлён до {to} ({finished} из {games} партий окончены, победитель ещё не определился; ст. 50)."
        }
        Key::SanctionAppealLate => {
            "Ст. 57: 7 дней на обжалование санкции от {sanctioned} истекли {ended}."
        }
        Key::SanctionAppealed => {
            "Ст. 57: {side} обжалуют в Совете санкцию от {sanctioned} ({days} дней, ст. {article}: {reason})."
        }
        Key::NoAppealWithoutProposal => {
            "Ст. 52, прим. 2: в течение 15 дней предложение не прислано, поэтому права на обжалование нет."
        }
        Key::AdjudicationAppealLate => "Ст. 55: 7 дней на обжалование истекли {ended}.",
        Key::AdjudicationFinal => {
            "Ст. 55: второй арбитр вынес решение; оно окончательно и обжалованию не подлежит."
        }
        Key::NoAdjudicationYet => {
            "Ст. 55: решения по присуждению, которое можно обжаловать, ещё нет."
        }
        Key::AdjudicationAppealed => {
            "Ст. 55: {side} обжалуют присуждение партии {game}; окончательно решает второй арбитр."
        }
        Key::ReplySubject => "amici: ответ",
        Key::CaptainCopy => "Копия для капитана команды {team}. Кому: {player}.",
        Key::Days => "дн.",
        Key::White => "белые",
        Key::Black => "черные",
        Key::Start => "начало",
        Key::Received => "получен",
        Key::FromVariantArt32 => " — из варианта (ст. 32)",
        Key::Sent => "отправлен",
        Key::TimeMove => "время на ход",
        Key::NoMovePlayedYet => "— (ещё не сделано ни одного хода)",
        Key::Score => "Запись",
        Key::Checkmate => "мат",
        Key::Stalemate => "пат",
        Key::InsufficientMaterial => "недостаточно материала",
        Key::Resignation => "сдача",
        Key::Agreement => "соглашение",
        Key::ThreefoldRepetition => "троекратное повторение",
        Key::T50MoveRule => "правило 50 ходов",
        Key::OverstepTimeLimitArt28 => "просрочка времени (ст. 28, 29)",
        Key::ForfeitArt56 => "служебный результат (ст. 56)",
        Key::AdjudicationArt53 => "присуждение (ст. 53)",
        Key::ArbiterDecision => "решение судьи",
        Key::ProvedEndgameTablebase707 => "доказано таблицей эндшпиля (§707)",
        Key::PlayerWasRemovedFromTournament => "игрок исключён из турнира (ст. 47 А)",
        Key::MoveWasWrittenShortNotation => {
            "Ход записан сокращённо; ход действителен, но пишите полную нотацию, напр. Кg1-f3 (ст. 7, прим. 2)."
        }
        Key::LetterLacksArt79 => "В письме не указаны (ст. 7–9):",
        Key::ConditionalLineCouldNotRead => "Вариант неясен начиная с",
        Key::TournamentIndex => "индекс турнира",
        Key::NumberFullNotationOpponentLast => "номер и полная запись последнего хода противника",
        Key::NumberFullNotationOwnMove => "номер и полная запись Вашего хода",
        Key::DateOpponentLetter => "дата письма противника",
        Key::DateReceivedMove => "дата получения хода",
        Key::DateSendMove => "дата отправления Вашего хода",
        Key::ThinkingTimeThisMove => "Ваше время на обдумывание этого хода",
        Key::TotalThinkingTimeBothPlayers => "общее время на обдумывание обоих игроков",
        Key::TotalTime => "общее время",
        Key::TotalTime2 => "Общее время",
        Key::InclPenalties => "в т.ч. штрафы",
        Key::LimitUpMove => "лимит до хода",
        Key::Left => "осталось",
        Key::T7DaysDecisionClaimHave => "Истекли 7 дней на решение по рекламации (ст. 37).",
        Key::As => "На",
        Key::TotalTimeAtOverstep => "Общее время на момент просрочки",
        Key::Art2531 => "ст. 25, 31",
        Key::Art25 => "ст. 25",
        Key::Game => "Партия",
        Key::CopyTournamentArbiterLetterFrom => "Копия для судьи турнира. Письмо от",
        Key::MoveRecordedSentOpponent => "Ваш ход записан и отправлен противнику:",
        Key::DrawOfferHasBeenPassed => "Ваше предложение ничьей передано.",
        Key::CompleteLetterThisMoveArt => {
            "Полное письмо для этого хода (ст. 8) — скопируйте его в следующий раз:"
        }
        Key::OpponentMoveReplyDue => "Ход противника — ждём Ваш ответ:",
        Key::OpponentOffersDrawAnswerAccept => {
            "Противник предлагает ничью (ответьте «принимаю ничью» или продолжайте игру)."
        }
        Key::OpponentOffersConditionalLineArt => {
            "Противник предлагает вариант (ст. 10): если Ваш ход совпадёт, его следующий ход играется сразу."
        }
        Key::MoveImpossible => "Ход невозможен",
        Key::MoveIncorrectOpponentLastMove => "Ход неправильный: ход противника повторён ошибочно",
        Key::MoveUnclear => "Ход неясен",
        Key::Art => "ст.",
        Key::OpponentLastMove => "Последний ход противника:",
        Key::LetterWasDamagedTransitNo => "Письмо повреждено в пути: без штрафа (ст. 17).",
        Key::PleaseSendNewMoveNeed => {
            "Пришлите новый ход. Ходить той же фигурой не обязательно (ст. 19)."
        }
        Key::DidMean => "Возможно, Вы имели в виду:",
        Key::LegalMovesThatPiece => "Возможные ходы этой фигуры:",
        Key::LastMoveGame => "Последний ход в партии:",
        Key::IFoundNoMoveNo => "В письме не найдены ни ход, ни команда. Ничего не изменено.",
        Key::NotTurnThisGameNothing => "Сейчас не Ваш ход в этой партии. Ничего не изменено.",
        Key::GameWaitingArbiterDecisionArt => {
            "Партия ждёт решения судьи (ст. 37). Пока оно не принято, ходы не рассматриваются: ничего не изменено, штрафа нет."
        }
        Key::LetterCanReadTwoWays => {
            "Ваше письмо можно прочесть двояко, с разным Вашим ходом (ст. 9 Б):"
        }
        Key::NothingWasChangedThereNo => {
            "Ничего не изменено, штрафа нет: неясность в моём прочтении, а не в Вашем письме. Пожалуйста, напишите ещё раз, какой ход Вы имеете в виду."
        }
        Key::ThisGameOverNothingWas => "Партия окончена. Ничего не изменено.",
        Key::GameHasEnded => "Партия окончена",
        Key::DrawOfferWithoutMove => "Предложение ничьей (без хода).",
        Key::OpponentDeclinedDrawOffer => "Противник отклонил предложение ничьей.",
        Key::ThereNoDrawOfferAccept => "Нет ожидающего предложения ничьей. Ничего не изменено.",
        Key::DelayNoticeRecordedPassedArt => {
            "Ваше уведомление о задержке записано и передано (ст. 25)."
        }
        Key::OpponentGivesNoticeThatHe => "Противник уведомляет, что ответит позже (ст. 25).",
        Key::AgreeAnswerResign => "Чтобы согласиться, ответьте «сдаюсь».",
        Key::AgreeAnswerAcceptDraw => "Чтобы согласиться, ответьте «принимаю ничью».",
        Key::Explanation7072 => "Объяснение (§707.2):",
        Key::ArbiterConfirmedOverstepClaimArt => {
            "Судья подтвердил рекламацию о просрочке (ст. 38)."
        }
        Key::ArbiterRejectedOverstepClaimArt => "Судья отклонил рекламацию о просрочке (ст. 38).",
        Key::PlayerClaimsHisOpponentOverstep => {
            "Игрок подал рекламацию о просрочке противника (ст. 35, 36); судья решает в течение 7 дней (ст. 37). Необоснованная рекламация: +5 дней (ст. 40)."
        }
        Key::ArbiterDeclaredOverstepAsSanction => "Судья объявил просрочку как санкцию (ст. 56).",
        Key::PlayerAdmitsOverstepTakesEffect => {
            "Игрок признал просрочку: она вступает в силу сразу (ст. 36, прим. 3)."
        }
        Key::ObjectionOverstepDecisionRecordedArt => {
            "Возражение против решения о просрочке записано (ст. 39); судья его рассмотрит."
        }
        Key::OverstepClaimWithdrawnArt34 => {
            "Рекламация о просрочке отозвана (ст. 34); игра продолжается."
        }
        Key::PlayerKeepsSendingShortNotation => {
            "Игрок неоднократно присылает сокращённую запись (ст. 7, прим. 2); игра продолжается."
        }
        Key::LeaveRefused => "Отпуск не принят:",
        Key::WithdrawalArt47 => "выбытие (ст. 47 А)",
        Key::NoticeRepeat => {
            "Повторение хода: от {who} нет ответа на ход {move} уже {days} дн. (ст. 26 Б). Пожалуйста, пришлите ответ. Если ответите позже чем через 40 дней, пришлите уведомление (ст. 25)."
        }
        Key::NoticeRegisteredRepeat => {
            "Противник {who} молчит: {days} дн. Пошлите повторение хода заказным письмом (ст. 26 А)."
        }
        Key::NoticeSilenceToArbiter => "Длительное молчание {who}: {days} дн. (ст. 26 А, 30).",
        Key::NoticeClaimSilence => {
            "Рекламация о просрочке: {who}, ход {move}: более 40 дней без ответа и без уведомления после повторения хода (ст. 31). Судья решает в течение 7 дней (ст. 37); возражение в течение 7 дней после решения (ст. 39)."
        }
        Key::NoticeClaimPeriod => {
            "Рекламация о просрочке: {who}, ход {move}: {days} дн. при лимите {limit} дн. (ст. {article}). Судья решает в течение 7 дней (ст. 37); возражение в течение 7 дней после решения (ст. 39)."
        }
        Key::NoticeRunningOverstep => {
            "Текущее время превышает лимит (письмо может быть в пути): {who}, ход {move}: {days} дн. / {limit} дн. (ст. 23 А, 30)."
        }
        Key::PenaltyLine => "Штраф для {who}: {days} дн. (ст. {article}: {reason}).",
        Key::LeaveLine => {
            "Отпуск {who} {from} – {to} (ст. 41–45). Все партии игрока приостановлены; время ни у кого не идёт (ст. 45)."
        }
        Key::SpecialLeaveLine => {
            "Отпуск {who} {from} – {to} (специальный отпуск, ст. 43). Все партии игрока приостановлены; время ни у кого не идёт (ст. 45)."
        }
        Key::WithinDaysOfReceipt => {
            "в пределах {days} на обдумывание со дня получения хода (ст. 23 А, 27)"
        }
        Key::TotalTimeWhileWaiting => {
            "Общее время сейчас (часы стоят со дня рекламации до решения, ст. 37)"
        }
        Key::SwitchedToPost => {
            "Ст. 6 В: по решению судьи с {on} эта партия играется по почте. Время продолжает считаться; теперь сообщайте день получения каждого хода (Д) и отправляйте ходы по почте."
        }
        // The arbiter's command transcript and the admin's notices (issue 10 review).
        Key::CmdClaimConfirmed => "рекламация о просрочке подтверждена",
        Key::CmdClaimRejected => "рекламация о просрочке отклонена",
        Key::CmdPenalty => "{days} дн. для стороны «{side}» ({reason})",
        Key::CmdForfeit => "техническое решение, {result}",
        Key::CmdResult => "результат {result}",
        Key::CmdSwitchedToPost => "партия продолжается по почте",
        Key::CmdOverstepDeclared => "просрочка объявлена как санкция",
        Key::CmdRemoved => "исключён: игрок не сделал ни одного хода",
        Key::CmdToAdjudication => "на присуждение (выбытие)",
        Key::CmdLostByWithdrawal => "проиграна из-за выбытия",
        Key::CmdForfeitByExclusion => "техническое поражение из-за исключения",
        Key::CmdReplaced => "{old} заменён на {new}",
        Key::CmdApplied => "{game}: {what} (ст. {article})",
        Key::CmdWithdrawn => "{player} выбыл: {done}",
        Key::CmdExcluded => "{player} исключён: {done}",
        Key::CmdNoUnfinishedGame => "нет незавершённых партий",
        Key::CmdNoUnfinishedGameOf => "у {player} нет незавершённых партий",
        Key::CmdSpecialLeave => "особый отпуск для {player} {from} – {to} (ст. 43)",
        Key::CmdResent => {
            "{game}: ход отправлен снова {to}; партия продолжится, когда он будет доставлен (правила, §3)"
        }
        Key::CmdExtended => {
            "срок окончания {tournament} продлён до {to} (завершено {finished} из {games} партий, {share}%; победитель ещё не определён)"
        }
        Key::CmdNotACommand => {
            "«{line}» — не команда судьи (confirm, reject, penalty, forfeit, result, post, overstep, leave, resend, extend, withdraw, replace, exclude)"
        }
        Key::CmdExpected => "«{line}»: ожидается `{usage}`",
        Key::CmdNoGame => "нет партии {game} в ваших турнирах",
        Key::CmdNoTournament => "нет турнира {tournament}",
        Key::CmdNotRegistered => "{player} не зарегистрирован как игрок",
        Key::CmdPlaysNoGame => "{player} не играет ни одной партии",
        Key::CmdNothingToChange => "нечего менять",
        Key::CmdNoPendingClaim => "в этой партии нет рекламации о просрочке, ожидающей решения",
        Key::CmdAlreadyPost => "ст. 6 В: партия уже играется по почте (переход только один)",
        Key::CmdGameFinished => "партия окончена",
        Key::CmdNoBouncedMove => "нет возвращённого хода, ожидающего доставки",
        Key::CmdBouncedMessageGone => "возвращённое сообщение не найдено",
        Key::CmdExtensionOutOfRange => {
            "ст. 50: новый срок окончания должен быть позже {end} и не более чем через 6 месяцев после {configured} ({limit})"
        }
        Key::CmdExtensionMostlyFinished => {
            "ст. 50: завершено {share}% партий (91% или больше): продление невозможно"
        }
        Key::CmdExtensionTooLate => {
            "ст. 50: о продлении нужно объявить не менее чем за 30 дней до срока окончания {end}"
        }
        Key::CmdExtensionWinnerDecided => {
            "ст. 50: победитель уже определён (завершено {finished} из {games} партий, {share}%): продление невозможно"
        }
        Key::CmdReplacementNotRegistered => {
            "{new} не зарегистрирован в {tournament}: сначала добавьте его в список игроков"
        }
        Key::CmdReplacementNotTeamSection => {
            "ст. 47 Б: замены возможны только в командных соревнованиях"
        }
        Key::CmdReplacementOtherTeam => "{new} играет за другую команду",
        Key::SubjectReusedMessageId => "amici: письмо повторно использует Message-ID",
        Key::ReusedMessageIdAdmin => {
            "Письмо {id} от {from} несёт Message-ID <{mid}> более раннего, другого письма. Оно сохранено и обработано как отдельное письмо; если это подделка или неисправный почтовый клиент, пожалуйста, проверьте.\n\n— amici\n"
        }
        Key::SubjectConfigRefused => "amici: изменение настроек отклонено",
        Key::ConfigRefusedAdmin => {
            "Изменённый файл настроек отклонён; продолжают действовать прежние настройки.\n\n{errors}\n"
        }
        // Whole sentences of the letters' frame (issue 10 review): what to send now, the remarks, claims.
        Key::NowGameOver => "Сейчас ничего присылать не нужно: партия окончена.",
        Key::NowWaitsForArbiter => {
            "Сейчас ничего присылать не нужно: партия ждёт решения судьи (ст. 37)."
        }
        Key::NowByDate => "не позднее {date} (конец лимита, ст. 27)",
        Key::NowLimitExceeded => "(лимит уже превышен, ст. 27)",
        Key::NowYourMove => {
            "Что прислать сейчас: свой ход {number} (с последним ходом соперника, датами и временем, ст. 7–9) {by}."
        }
        Key::NowYourMoveNotice => {
            "Что прислать сейчас: свой ход {number} (с последним ходом соперника, датами и временем, ст. 7–9) {by}; если ответите после {date}, сначала пришлите уведомление ({arts})."
        }
        Key::NowWhiteToMove => "Сейчас ничего присылать не нужно: ходят белые, ход {number} {by}.",
        Key::NowBlackToMove => "Сейчас ничего присылать не нужно: ходят черные, ход {number} {by}.",
        Key::NowNext => "Далее: {side}, ход {number} {by}.",
        Key::NowNextNotice => {
            "Далее: {side}, ход {number} {by}; ответ после {date} — только с уведомлением до этого ({arts})."
        }
        Key::WrongItemLine => {
            "Пункт {item} ({name}): написано «{written}», по официальной записи {official} (ст. 9 В)."
        }
        Key::WrongNumberLine => {
            "Неверный номер хода, ход действителен: {written} → {correct} (ст. 9 Б, 21)."
        }
        Key::ConditionalLineLine => "Предложен вариант: {line} (ст. 10, 32).",
        Key::PenaltyDaysLine => "Штраф: +{days} дн. (ст. 17).",
        Key::DateDisagreementLine => {
            "Расхождение в датах хода {number} ({who}): заявлена отправка {declared}, почтовый штемпель по данным получателя {reported}. Действует штемпель (ст. 7 Г, Е)."
        }
        Key::ClaimWinLine => {
            "{who} заявляет выигрыш (§707). Если противник согласен, результат принимается; иначе решает судья."
        }
        Key::ClaimDrawLine => {
            "{who} заявляет ничья (§707). Если противник согласен, результат принимается; иначе решает судья."
        }
        Key::Day => "дн.",
        Key::TheArbiter => "судья",
        Key::AnEarlierMove => "(более ранний ход)",
        Key::SubjectUnauthenticated => "amici: неподтверждённое письмо от {from}",
        Key::SubjectAutoReply => "amici: письмо от {from} похоже на автоответ",
        Key::SubjectRateLimited => "amici: {from} достиг дневного лимита писем",
        Key::SubjectMoveNotDelivered => "amici: {game} — ход не доставлен",
        Key::SubjectUndeliverable => "amici: письмо для {to} не может быть доставлено",
        Key::Undeliverable => {
            "Письмо не удалось доставить, повторных попыток не будет.\n\nКому: {to}\nВид: {kind}\nПартия: {game}\nMessage-ID: <{id}>\nОшибка: {error}\n\n— amici\n"
        }
        Key::ReturnedUndeliverable => "возвращено как недоставляемое",
        Key::KindAck => "подтверждение",
        Key::KindMove => "пересланный ход",
        Key::KindError => "сообщение об ошибке",
        Key::KindIncomplete => "уведомление о неполном письме",
        Key::KindReminder => "напоминание",
        Key::KindSilence => "уведомление о молчании",
        Key::KindOverstepClaim => "претензия о просрочке",
        Key::KindLeave => "уведомление об отпуске",
        Key::KindNotice => "уведомление",
        Key::KindGameOver => "конец партии",
        Key::KindAdjudication => "присуждение",
        Key::KindDecision => "решение судьи",
        Key::KindWhichGame => "вопрос о какой партии",
        Key::KindNoMove => "письмо без хода",
        Key::SubjectSetAside => "amici: письмо не удалось обработать",
        Key::SetAsideAdmin => {
            "Письмо {id} (сохранено {arrived}, Message-ID {mid}) не удалось обработать {tries} раз(а), оно отложено:\n{error}\n\nЕго исходный текст остаётся в базе данных (inbound id {id}).\n\n— amici\n"
        }
        Key::DeclinedVariantPlayed => "отклонённый вариант, сыгранный ход за ходом",
        Key::LeaveBackwards => "отпуск заканчивается ({to}) раньше, чем начинается ({from}).",
        Key::LeaveNotBeforeStart => {
            "об отпуске нужно заявить до его начала ({from}); заявлено {on} (ст. 44)."
        }
        Key::LeaveQuota => "на {year} г. осталось {left} дней отпуска, запрошено {asked} (ст. 42).",
        Key::LeaveSpecialQuota => {
            "на {year} г. осталось {left} дней специального отпуска, запрошено {asked} (ст. 43)."
        }
        Key::LeaveDuringExtension => {
            "отпуск не предоставляется во время продления срока окончания ({from} – {to}) (ст. 42, прим. 2)."
        }
        Key::LeaveOverlap => "отпуск пересекается с отпуском № {id} ({from} – {to}).",
        Key::LeaveNoSuchLeave => "отпуска № {id} нет.",
        Key::LeaveStarted => "отпуск № {id} уже начался, отменить его нельзя.",
        Key::TournamentEndDateHasCome => {
            "Срок окончания турнира наступил (ст. 49). Партия остановлена и идёт на присуждение. Пришлите своё предложение (1-0, 0-1 или 1/2-1/2) с анализом до"
        }
        Key::ProposalRecordedArt52Proposals => {
            "Ваше предложение записано (ст. 52). Срок для предложений:"
        }
        Key::ProposalsDifferAreMissingMaterial => {
            "Предложения различаются или отсутствуют: материал передан арбитру (ст. 53). Игрок без предложения теряет право на обжалование (ст. 52, прим. 2). Срок был"
        }
        Key::ReplacementArt47 => "Замена (ст. 47 Б):",
        Key::UntilNewPlayerFirstMove => {
            "До первого хода нового игрока, не более 30 дней, время ни у кого не идёт."
        }
        Key::ReminderArt51SendScore => "Напоминание (ст. 51): пришлите запись партии до",
        Key::WithoutScoreEndDateBoth => "— без записи к сроку окончания проигрывают оба.",
        Key::RecordedReceivedOpponentMove => "Записано: Вы получили ход противника",
        Key::PlayerWithdrewWithoutEverMoving => {
            "Игрок выбыл, не сделав ни одного хода: он исключён из турнира, его партии не учитываются (ст. 47 А)."
        }
        Key::RefusalVariantRecordedArt10 => "Ваш отказ от варианта записан (ст. 10).",
        Key::AmiciArbiterBot => "— amici, бот-судья",
        Key::RulesHowAmiciAppliesThem => "Правила и как amici их применяет:",
        Key::Stranger => {
            "Это автоматический судья турнира по переписке. Ваш адрес не зарегистрирован как игрок или судья, поэтому письмо не обработано. Если это ошибка, обратитесь к судье турнира."
        }
        Key::TooLarge => {
            "Письмо слишком большое (более {kib} КиБ) и не прочитано. Пришлите ход коротким письмом простым текстом. Ничего не изменено."
        }
        Key::Undecodable => {
            "Письмо пришло повреждённым и не может быть прочитано (ст. 16: неясно по вине почты — без штрафа). Пожалуйста, пришлите его ещё раз простым текстом. Ничего не изменено."
        }
        Key::ArbiterLetters => "В письме не найдено команды судьи. Ничего не изменено.",
        Key::Unauthenticated => {
            "Письмо от {from} (Message-ID <{message_id}>) не прошло проверку отправителя ({reason}). Письмо сохранено, но не обработано.\n\n— amici\n"
        }
        Key::CaptainWhichGame => {
            "Как капитан укажите номер партии (напр. BG-2026-01/3) в теме или в письме."
        }
        Key::CaptainNoMoves => {
            "Капитан присылает только претензии, извещения об отпуске и замены (приложение о командных соревнованиях): ходы, сдачу и предложения ничьей присылает сам игрок. Они не рассмотрены, штрафа нет."
        }
        Key::SetAside => {
            "Ваше письмо не удалось обработать из-за внутренней ошибки amici, оно отложено; администратор уведомлён. Ничего не изменено, штрафа нет. Пожалуйста, пришлите ход ещё раз коротким письмом простым текстом."
        }
        Key::RateLimited => {
            "Сегодня от {from} пришло больше {limit} писем (дневной лимит). Следующие письма с этого адреса сегодня сохраняются, но не обрабатываются. Проверьте, не использует ли адрес кто-то другой."
        }
        Key::SuspectedAutoReply => {
            "Письмо от {from} с темой «{subject}» (Message-ID {message_id}) похоже на автоответ, но содержит ход или команду. Оно сохранено, но не выполнено, отправителю не ответили. Если его написал человек, попросите игрока прислать его ещё раз с другой темой."
        }
        Key::ForwardBounced => {
            "Партия {game}: ход {mv}, пересланный {to}, не доставлен ({why}).\nСудье: исправьте адрес или почтовый ящик и отправьте «resend {game}».\n\n— amici\n"
        }
        Key::ForwardBouncedSuspended => {
            "Партия {game}: ход {mv}, пересланный {to}, не доставлен ({why}). Партия остановлена для обоих игроков (мёртвое время) с сегодняшнего дня, пока ход не будет доставлен снова (правила, §3).\nСудье: исправьте адрес или почтовый ящик и отправьте «resend {game}».\n\n— amici\n"
        }
        Key::WhichGame => {
            "Не понял, к какой партии относится письмо. Укажите номер партии в теме:\n{list}"
        }
        Key::RoundSubject => "{tournament}, тур {round}: партия {game}",
        Key::RoundStarted => {
            "{tournament}, тур {round} ({stage}): партия {game}.\nВы играете {colour} против {opponent}.\nТур начался {start} и заканчивается {end}; неоконченная к этому сроку партия идёт на присуждение (ст. 52–55, RULES.md §12a).\n{first}\n\n— amici\n"
        }
        Key::RoundFirstWhite => "У вас белые: пришлите первый ход в ответ на это письмо.",
        Key::RoundFirstBlack => "У вас чёрные: первый ход противника придёт сюда.",
        Key::StageSwiss => "швейцарская система",
        Key::StageTables => "группа {table}",
        Key::StageKnockout => "олимпийская система, матч из {games} партий",
        Key::ByeSubject => "{tournament}, тур {round}: свободный тур",
        Key::ByeTold => {
            "{tournament}, тур {round}: в этом туре у вас нет партии — свободный тур, {points} (FIDE C.04.1, RULES.md §12a). Следующий тур составляется, когда у всех партий этого тура есть результат.\n\n— amici\n"
        }
        Key::StageErrNoPairing => {
            "тур {round}: никакая жеребьёвка не соблюдает абсолютных критериев (без повторной встречи, один свободный тур на игрока, ограничения по цвету: C.04.1, C.04.3 C1–C3)"
        }
        Key::StageErrDuplicate => "тур {round}: стартовый номер {number} указан дважды",
        Key::StageErrTopTooLarge => {
            "для финальной части из {top} нужно не меньше {top} участников первого этапа, их {have}"
        }
        Key::StageCannotPair => {
            "{tournament}: следующий тур не удалось составить: {why}.\nСоставьте его другой программой (amici trf --tournament {tournament}, затем amici pair --tournament {tournament} --import FILE) или проверьте выбывших. Когда никакая жеребьёвка не соблюдает абсолютных критериев (без повторной встречи, без второго свободного тура: C.04.1), решает арбитр: жеребьёвка, написанная вручную в том же формате, принимается при импорте и со вторым свободным туром или повторной встречей.\n"
        }
        Key::OverdueDigestSubject => {
            "{tournament}: {n} рекламаций о просрочке ждут вашего решения (ст. 37)"
        }
        Key::OverdueDigestHead => {
            "Истекли 7 дней на решение (ст. 37) по этим {n} рекламациям о просрочке в {tournament}. Доказательства — в письме каждой рекламации. Решите их одним письмом, по строке на каждую: подтверждаю ПАРТИЯ РЕКЛАМАЦИЯ или отклоняю ПАРТИЯ РЕКЛАМАЦИЯ."
        }
        Key::OverdueDigestLine => {
            "{game}: {white} – {black}, {side} на {move}-м ходу, рекламация {claim}"
        }
        Key::AdjudicatorOverdue => {
            "Напоминание арбитру: решение по этой партии должно было быть принято в течение 15 дней после получения материала (ст. 53), до"
        }
        Key::CmdRoundPaired => {
            "тур {round} турнира {tournament} составлен: {games} партий, свободных: {byes}"
        }
        Key::CmdRoundUnpaired => {
            "жеребьёвка тура {round} турнира {tournament} отменена ({games} партий удалено); составьте его снова командой `pair {tournament}` или `amici pair --tournament {tournament} --import FILE`"
        }
        Key::CmdByeRequested => {
            "{player}: свободный тур за пол-очка в туре {round} турнира {tournament}"
        }
        Key::CmdNotStaged => "{tournament} — не турнир по швейцарской системе или в группах",
        Key::CmdNoRoundDue => {
            "тур турнира {tournament} составить нельзя: в последнем туре есть партии без результата, или турнир окончен"
        }
        Key::CmdAppealOpenUntil => {
            "все партии тура {round} турнира {tournament} имеют результат, но присуждённый можно обжаловать до {until} (ст. 55): следующий тур составляется на следующий день"
        }
        Key::CmdAppealPending => {
            "все партии тура {round} турнира {tournament} имеют результат, но жалоба на присуждение ждёт второго арбитра-присуждающего (ст. 55): следующий тур составляется, когда его решение записано"
        }
        Key::CmdNotLastRound => {
            "тур {round} — не последний тур турнира {tournament}: отменить можно только последний"
        }
        Key::CmdRoundBegun => {
            "партия {game} тура {round} началась: жеребьёвка отменяется только до первого хода"
        }
        Key::CmdNotInSwiss => "{player} не играет в турнире по швейцарской системе",
        Key::CmdByesNotAllowed => {
            "{tournament} не допускает заявленных свободных туров (requested_byes = true в настройках)"
        }
        Key::CmdNoPairingsAttached => {
            "{tournament}: жеребьёвка не приложена. Приложите вывод программы жеребьёвки текстовым файлом (число пар в первой строке, затем по строке стартовые номера `белые чёрные`, `0` — соперник свободного от игры) к письму с `pair {tournament} attached ПРОГРАММА`"
        }
        Key::CmdPairingsRefused => {
            "приложенная жеребьёвка {tournament} не принята, ничего не начато: {why}"
        }
        Key::ImpNotSwiss => {
            "первый этап турнира не по швейцарской системе, поэтому его туры не составляются программой"
        }
        Key::ImpUnfinished => "в туре {round} ещё есть партии без результата",
        Key::ImpAppealOpenUntil => {
            "присуждённый результат тура {round} можно обжаловать до {until} (ст. 55): следующий тур начинается на следующий день"
        }
        Key::ImpAppealPending => {
            "жалоба на присуждение в туре {round} ждёт второго арбитра-присуждающего (ст. 55): следующий тур начинается, когда его решение записано"
        }
        Key::ImpAllPaired => "все {rounds} туров по швейцарской системе уже составлены",
        Key::ImpBadLine => {
            "строка {line}: `{text}` — не пара (ожидаются стартовые номера `белые чёрные`, `0` для свободного от игры)"
        }
        Key::ImpCount => "в первой строке {said} пар, а в файле {found}",
        Key::ImpUnknown => "строка {line}: стартового номера {number} нет среди участников турнира",
        Key::ImpTwice => "строка {line}: участник {number} встречается дважды",
        Key::ImpAbsent => {
            "строка {line}: участник {number} выбыл или попросил свободный тур и не участвует в жеребьёвке"
        }
        Key::ImpRematch => {
            "строка {line}: участники {white} и {black} уже играли между собой; повторной встречи нет (C.04.1 b)"
        }
        Key::ImpByeAgain => {
            "строка {line}: участник {number} уже был свободен по жеребьёвке или выиграл без игры; второго раза нет (C.04.1 d)"
        }
        Key::ImpMissing => "участников {numbers} нет в жеребьёвке",
        Key::ImpSecondBye => {
            "строка {line}: второй свободный; в туре свободен не более чем один, нечётный участник (C.04.1 c)"
        }
        Key::CmdByeRound => {
            "тур {round}: свободный тур заявляется на ещё не составленный тур ({first}–{last})"
        }
        Key::StageOverSubject => "{tournament}: итоговые места",
        Key::StageOver => {
            "{tournament} окончен. Итоговые места (§708.1–708.2):\n\n{places}\n— amici\n"
        }
        Key::RoundTakenBack => {
            "{tournament}, тур {round}: судья отменил жеребьёвку этого тура до первого хода; партия {game} не состоится. Новую жеребьёвку вы получите отдельным письмом.\n\n— amici\n"
        }
        Key::PairedSwiss => "Жеребьёвка: швейцарская система ФИДЕ (голландская, C.04.3), amici.",
        Key::PairedTables => "Жеребьёвка: группы по змейке по рейтингу (таблицы Бергера), amici.",
        Key::PairedKnockout => {
            " Олимпийская система: сетка по посеву, первый и второй номера встречаются только в финале."
        }
        Key::PairedImported => " Тур {round}: жеребьёвка программой {program} (§709.1).",
        Key::AnotherProgram => "другой программы",
        Key::TiebreaksFide => {
            "При равенстве: очки, коэффициент Бухгольца, суммарный коэффициент Бухгольца \
             (§708.3–708.4); несыгранные партии учитываются по правилам ФИДЕ о дополнительных \
             показателях (2024)."
        }
        Key::TiebreaksPlain => {
            "При равенстве: очки, коэффициент Бухгольца, суммарный коэффициент Бухгольца \
             (§708.3–708.4); учитываются только сыгранные партии."
        }
        Key::StageReached => "Стадия",
        Key::FinalPlacesHeading => "итоговые места (§708.1–708.2)",
        Key::FirstStageHeading => "первый этап (очки, Бухгольц, сумма Бухгольца; §708.2)",
        Key::AsOf => "на",
        Key::RoundSheetSubject => "{tournament}: тур {round} составлен",
        Key::RoundSheet => {
            "{tournament}, тур {round} ({stage}): начался {start}, заканчивается {end}.\n\n{lines}\n— amici\n"
        }
        Key::ByeWord => "свободный тур",
        Key::SeedsWord => "Посев (§708.2)",
        Key::StandingsRank => "Место",
        Key::StandingsPlayer => "Игрок",
        Key::StandingsPoints => "Очки",
        Key::StandingsGames => "Партии",
        Key::StandingsGenerated => "Составлено",
        Key::StandingsAsOf => "Турнирная таблица на",
        Key::StandingsLegend => {
            "1 победа, ½ ничья, 0 поражение, + / − служебный результат, * партия не окончена; белый квадрат — белыми, чёрный — чёрными. Партии: оконченные (+ неоконченные*)."
        }
        Key::PageLang => "ru",
        Key::PageDateFormat => "%d.%m.%Y",
        Key::RankingIntro => {
            "Порядок распределения мест: очки (победа 1, ничья ½, поражение 0), затем"
        }
        Key::RankingPointsOnly => {
            "Порядок распределения мест: очки (победа 1, ничья ½, поражение 0); при равенстве очков места делятся."
        }
        Key::RankingTail => {
            "Незаконченные партии (*) не учитываются. Игроки, равные по всем показателям, делят место."
        }
        Key::BuchholzPlainUnplayed => {
            "Коэффициент Бухгольца учитывает только сыгранные партии: свободный тур, неявка или выбытие ничего не добавляют."
        }
        Key::ShortBuchholz => "Бух",
        Key::ShortBuchholzCut1 => "Бух-1",
        Key::ShortSumBuchholz => "СБух",
        Key::ShortSonnebornBerger => "З-Б",
        Key::ShortWins => "Поб",
        Key::ShortBlackWins => "ПобЧ",
        Key::ShortDirectEncounter => "ЛВ",
        Key::DefinitionBuchholz => {
            "Коэффициент Бухгольца: сумма очков, набранных оппонентами игрока (§708.3). Партия со служебным результатом считается партией с соперником, набравшим столько же очков, сколько сам игрок."
        }
        Key::DefinitionBuchholzCut1 => {
            "Усечённый коэффициент Бухгольца: коэффициент Бухгольца без наименьшего результата одного оппонента."
        }
        Key::DefinitionSumBuchholz => {
            "Суммарный коэффициент Бухгольца: сумма коэффициентов Бухгольца оппонентов игрока (§708.4)."
        }
        Key::DefinitionSonnebornBerger => {
            "Коэффициент Зонненборна–Бергера: сумма очков побеждённых соперников плюс половина очков соперников, с которыми сыграна ничья."
        }
        Key::DefinitionWins => "Число побед (Баумбах): количество партий, выигранных за доской.",
        Key::DefinitionBlackWins => {
            "Победы чёрными: количество партий, выигранных за доской чёрными фигурами."
        }
        Key::DefinitionDirectEncounter => {
            "Личная встреча: очки, набранные в партиях между игроками с равным результатом, если каждый из них сыграл со всеми остальными."
        }
        Key::TeamColumn => "Команда",
        Key::TeamMatchPoints => "КО",
        Key::TeamGamePoints => "Очки",
        Key::TeamBoards => "Доски",
        Key::TeamRankingIntro => "Порядок определения мест команд:",
        Key::TeamByMatchPoints => {
            "командные очки (2 за выигранный матч, 1 за ничью, 0 за проигрыш)"
        }
        Key::TeamByGamePoints => "общее количество выигранных очков",
        Key::TeamByMatch => "результат личной встречи команд",
        Key::TeamByBoardsOfMatch => {
            "результаты по доскам в этой встрече: победа на I доске, при ничьей на I — на II доске и т. д."
        }
        Key::TeamByBoardTotals => {
            "итоговый результат каждой команды по доскам за всё соревнование, начиная с I доски"
        }
        Key::TeamByBlackOnBoardOne => {
            "преимущество у команды, участник которой играл на I доске чёрными во встрече"
        }
    }
}
