//! Snapshots of the reply texts for each verdict, in Bulgarian, Russian and English: what a
//! player actually reads. A change in wording shows up as a snapshot diff to review
//! (`cargo insta review`, or `INSTA_UPDATE=always cargo test --test reply_snapshots`).

use amici::mail::render::{Names, render};
use amici::rules::game::{GameRecord, Handled, Role, handle_letter};
use amici::rules::model::{Day, Lang, Mode, Notation, Params};
use shakmaty::Color;

fn day(s: &str) -> Day {
    s.parse().unwrap()
}

fn game() -> GameRecord {
    GameRecord::new(
        "BG-2026-01/3".into(),
        "BG-2026-01".into(),
        "ivan@example.test".into(),
        "petar@example.test".into(),
        Params::for_mode(Mode::Email),
        Notation::Bg,
        day("2026-03-01"),
    )
}

fn played(g: GameRecord, moves: &[(Color, &str, &str)]) -> GameRecord {
    moves.iter().fold(g, |g, (c, text, d)| {
        handle_letter(&g, *c, text, day(d)).record.expect("legal")
    })
}

/// After 1. e4 e5 (sent 3 and 5 March), White to move.
fn opened() -> GameRecord {
    played(
        game(),
        &[
            (Color::White, "1. e2-e4", "2026-03-03"),
            (Color::Black, "1. e2-e4 e7-e5", "2026-03-05"),
        ],
    )
}

/// Renders the message to `to` in each language.
fn texts(rec: &GameRecord, h: &Handled, to: Role, today: &str) -> String {
    texts_as(rec, h, to, today, "Petar Georgiev", None)
}

/// The message to `to` in each language, Black named `black`; `role`: the recipient as
/// `render_for` is told it (`None`: `render`, as the engine calls it).
fn texts_as(
    rec: &GameRecord,
    h: &Handled,
    to: Role,
    today: &str,
    black: &str,
    role: Option<Role>,
) -> String {
    let next = h.record.as_ref().unwrap_or(rec);
    let names = Names {
        white: "Иван Петров",
        black,
    };
    let e = h
        .effects
        .iter()
        .find(|e| e.to == to)
        .expect("a message to that role");
    let mut out = format!("X-Amici-Kind: {}\n", e.kind.as_str());
    for lang in [Lang::Bg, Lang::Ru, Lang::En] {
        let (subject, body) = match role {
            None => render(next, &names, &e.msg, lang, day(today), None),
            Some(r) => amici::mail::render::render_for(
                next,
                &names,
                &e.msg,
                lang,
                day(today),
                None,
                Some(r),
            ),
        };
        out.push_str(&format!("=== {lang:?}\nSubject: {subject}\n\n{body}"));
    }
    out
}

fn letter(rec: &GameRecord, from: Color, text: &str, today: &str) -> Handled {
    handle_letter(rec, from, text, day(today))
}

#[test]
fn accepted_complete_letter_ack() {
    let g = opened();
    let h = letter(
        &g,
        Color::White,
        "1... e7-e5 2. Кg1-f3; 5.3. – 6.3. – 8.3. = 2 дни; общо време белите 4 – черните 1",
        "2026-03-08",
    );
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn accepted_move_forwarded_to_the_opponent() {
    let g = opened();
    let h = letter(
        &g,
        Color::White,
        "1... e7-e5 2. Кg1-f3; 5.3. – 6.3. – 8.3. = 2 дни; общо време белите 4 – черните 1",
        "2026-03-08",
    );
    insta::assert_snapshot!(texts(&g, &h, Role::Black, "2026-03-08"));
}

#[test]
fn art_9_incomplete_letter_lists_missing_and_wrong_items() {
    let g = opened();
    let h = letter(
        &g,
        Color::White,
        "2. Кf3; 5.3. – 6.3. – 8.3. = 5 дни",
        "2026-03-08",
    );
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn art_14_impossible_move() {
    let g = opened();
    let h = letter(&g, Color::White, "1... e7-e5 2. Кg1-e3", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn art_15_incorrect_repetition_of_the_opponents_move() {
    let g = opened();
    let h = letter(&g, Color::White, "1... c7-c5 2. Кg1-f3", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn art_16_unclear_move() {
    let g = opened();
    let h = letter(&g, Color::White, "1... e7-e5 2. Кg1-f9", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn no_move_found() {
    let g = opened();
    let h = letter(
        &g,
        Color::White,
        "Здравей, ще помисля още малко.",
        "2026-03-08",
    );
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn not_your_turn() {
    let g = opened();
    let h = letter(&g, Color::Black, "2... Кb8-c6", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::Black, "2026-03-08"));
}

#[test]
fn game_over() {
    let g = played(
        game(),
        &[
            (Color::White, "1. f2-f3", "2026-03-03"),
            (Color::Black, "1... e7-e5", "2026-03-04"),
            (Color::White, "2. g2-g4", "2026-03-05"),
            (Color::Black, "2... Дd8-h4", "2026-03-06"),
        ],
    );
    let h = letter(&g, Color::White, "3. e2-e4", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn checkmate_ends_the_game_told_to_the_arbiter() {
    let g = played(
        game(),
        &[
            (Color::White, "1. f2-f3", "2026-03-03"),
            (Color::Black, "1... e7-e5", "2026-03-04"),
            (Color::White, "2. g2-g4", "2026-03-05"),
        ],
    );
    let h = letter(&g, Color::Black, "2... Дd8-h4", "2026-03-06");
    insta::assert_snapshot!(texts(&g, &h, Role::Arbiter, "2026-03-06"));
}

#[test]
fn art_31_overstep_claim_for_silence_told_to_the_arbiter() {
    // Black never answers 1. e4 (no delay notice): the bot files the Art. 31 claim.
    let g = played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]);
    let mut h = amici::rules::game::handle_tick(&g, day("2026-04-20"));
    // The day-14 repeat went out too; the claim is the message looked at here.
    h.effects
        .retain(|e| e.kind == amici::rules::model::Kind::OverstepClaim);
    insta::assert_snapshot!(texts(&g, &h, Role::Arbiter, "2026-04-20"));
}

/// White uses 51 days for move 2 (with a delay notice, so Art. 31 stays out); the tick of 25
/// April claims the overstep (Art. 27).
fn art_27_claimed() -> (GameRecord, Handled) {
    let g = played(
        game(),
        &[
            (Color::White, "1. e2-e4", "2026-03-03"),
            (Color::Black, "1... e7-e5", "2026-03-04"),
        ],
    );
    let g = handle_letter(&g, Color::White, "уведомление", day("2026-03-10"))
        .record
        .unwrap();
    let g = handle_letter(&g, Color::White, "2. Кg1-f3", day("2026-04-25"))
        .record
        .unwrap();
    let h = amici::rules::game::handle_tick(&g, day("2026-04-25"));
    (g, h)
}

#[test]
fn art_27_overstep_claim_with_score_table_totals_and_diagram() {
    let (g, h) = art_27_claimed();
    insta::assert_snapshot!(texts(&g, &h, Role::Arbiter, "2026-04-25"));
}

#[test]
fn rules_4_two_readings_are_asked_in_the_players_language() {
    // 1. e4 Кc6 2. Кf3 Кd4: «Кd4 e5» is "your Кd4, my e4-e5" or "my Кf3:d4, then e7-e5".
    let g = played(
        game(),
        &[
            (Color::White, "1. e2-e4", "2026-03-03"),
            (Color::Black, "1... Кb8-c6", "2026-03-04"),
            (Color::White, "2. Кg1-f3", "2026-03-05"),
            (Color::Black, "2... Кc6-d4", "2026-03-06"),
        ],
    );
    let h = letter(&g, Color::White, "Кd4 e5", "2026-03-08");
    insta::assert_snapshot!(texts(&g, &h, Role::White, "2026-03-08"));
}

#[test]
fn art_37_a_move_while_the_game_waits_for_the_arbiter() {
    let g = played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]);
    let g = amici::rules::game::handle_tick(&g, day("2026-04-20"))
        .record
        .expect("claim filed");
    let h = letter(&g, Color::Black, "1... e7-e5", "2026-04-21");
    assert!(h.record.as_ref().is_none_or(|r| r.moves.is_empty()));
    insta::assert_snapshot!(texts(&g, &h, Role::Black, "2026-04-21"));
}

/// Renders the message to `to` in each language with the recipient given (`render_for`).
fn texts_for(rec: &GameRecord, h: &Handled, to: Role, today: &str) -> String {
    texts_as(rec, h, to, today, "Мария Иванова", Some(to))
}

#[test]
fn issue_13_first_move_ack_names_the_missing_items_and_shows_a_complete_letter() {
    // The first letter of a newcomer: the move alone.
    let h = letter(&game(), Color::White, "1. e2-e4", "2026-03-03");
    insta::assert_snapshot!(texts(&game(), &h, Role::White, "2026-03-03"));
}

#[test]
fn issue_13_black_s_incomplete_ack_and_refusal_from_black_s_side() {
    let g = played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]);
    let h = letter(&g, Color::Black, "1... e7-e5", "2026-03-06");
    let mut out = texts(&g, &h, Role::Black, "2026-03-06");
    let h = letter(&g, Color::Black, "1. e2-e4 Кg8-e6", "2026-03-06");
    out.push_str(&texts(&g, &h, Role::Black, "2026-03-06"));
    insta::assert_snapshot!(out);
}

#[test]
fn issue_13_repeat_to_a_silent_player_fits_every_player() {
    // Art. 26 Б: Мария Иванова (Black) has not answered 1. e4 for 14 days.
    let g = played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]);
    let h = amici::rules::game::handle_tick(&g, day("2026-03-17"));
    let out = texts_for(&g, &h, Role::Black, "2026-03-17");
    assert!(
        !out.contains("отговорил") && !out.contains("ответил"),
        "{out}"
    );
    assert!(!out.contains(" his ") && !out.contains(" he "), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn issue_13_a_claim_is_drawn_from_the_recipient_s_side() {
    // §707 claims go to the opponent, the arbiter and the claimant with one message.
    let g = played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]);
    let h = letter(&g, Color::Black, "claim draw", "2026-03-05");
    let e = h
        .effects
        .iter()
        .find(|e| e.to == Role::Black)
        .expect("the claimant's copy");
    let names = Names {
        white: "W",
        black: "B",
    };
    let next = h.record.as_ref().unwrap_or(&g);
    let to = |role| {
        amici::mail::render::render_for(
            next,
            &names,
            &e.msg,
            Lang::En,
            day("2026-03-05"),
            None,
            Some(role),
        )
        .1
    };
    let (black, arbiter) = (to(Role::Black), to(Role::Arbiter));
    assert!(black.contains("     h  g  f  e  d  c  b  a"), "{black}");
    assert!(arbiter.contains("     a  b  c  d  e  f  g  h"), "{arbiter}");
    assert!(!arbiter.contains("What to send now"), "{arbiter}");
}

/// The complete letter an acknowledgement shows, sent instead of the incomplete one on the
/// same day, is read as complete: nothing missing, nothing wrong (issue 13 item 3).
#[test]
fn issue_13_the_complete_letter_shown_is_read_as_complete() {
    let cases: Vec<(GameRecord, Color, &str, &str)> = vec![
        (game(), Color::White, "1. e2-e4", "2026-03-03"),
        (
            played(game(), &[(Color::White, "1. e2-e4", "2026-03-03")]),
            Color::Black,
            "e7-e5",
            "2026-03-06",
        ),
        (opened(), Color::White, "2. Кf3", "2026-03-08"),
        (
            played(
                opened(),
                &[(Color::White, "1... e7-e5 2. Кg1-f3", "2026-03-08")],
            ),
            Color::Black,
            "2... Кb8-c6",
            "2026-03-20",
        ),
    ];
    let names = Names {
        white: "W",
        black: "B",
    };
    for (g, c, text, today) in cases {
        let h = letter(&g, c, text, today);
        let next = h.record.as_ref().expect("the move stands");
        let e = &h.effects[0];
        assert_eq!(e.kind, amici::rules::model::Kind::Incomplete, "{text}");
        for lang in [Lang::Bg, Lang::Ru, Lang::En] {
            let (_, body) = render(next, &names, &e.msg, lang, day(today), None);
            let example = body
                .lines()
                .skip_while(|l| {
                    !l.contains("(Art. 8)") && !l.contains("(чл. 8)") && !l.contains("(ст. 8)")
                })
                .nth(1)
                .unwrap_or_else(|| panic!("no example in\n{body}"))
                .trim();
            let again = letter(&g, c, example, today);
            assert_eq!(
                again.effects[0].kind,
                amici::rules::model::Kind::Ack,
                "{lang:?} example «{example}» is not complete:\n{body}"
            );
        }
    }
}

/// The body of `msg` as White reads it in `lang` (players W and B).
fn to_white(rec: &GameRecord, msg: &amici::rules::game::Msg, lang: Lang, today: &str) -> String {
    let names = Names {
        white: "W",
        black: "B",
    };
    amici::mail::render::render_for(rec, &names, msg, lang, day(today), None, Some(Role::White)).1
}

/// The rules' decisions are worded in the recipient's language, never in the core's English
/// (issue 10 item 6): the Art. 50 extension told to a Bulgarian and a Russian player.
#[test]
fn art_50_the_extension_is_told_in_each_players_language() {
    let g = opened();
    let games: Vec<GameRecord> = vec![g.clone()];
    let ext = amici::rules::game::extend_end_date(
        "T",
        &games,
        day("2027-01-01"),
        day("2027-06-30"),
        day("2026-11-01"),
    )
    .unwrap();
    let msg = &ext.told[0].1[0].msg;
    let say = |lang| to_white(&g, msg, lang, "2026-11-01");
    let (bg, ru, en) = (say(Lang::Bg), say(Lang::Ru), say(Lang::En));
    assert!(
        bg.contains("е удължен до 30.6.2027 (0 от 1 партии са завършени"),
        "{bg}"
    );
    assert!(
        ru.contains("продлён до 30.6.2027 (0 из 1 партий окончены"),
        "{ru}"
    );
    assert!(
        en.contains("is extended to 30.6.2027 (0 of 1 games finished"),
        "{en}"
    );
    assert!(
        !bg.contains("extended") && !ru.contains("extended"),
        "{bg}\n{ru}"
    );
}

/// A player's word about an overstep that changes nothing is answered in his language
/// (issue 10 item 6): an admission with no claim against him.
#[test]
fn art_36_an_admission_with_no_claim_is_answered_in_the_players_language() {
    let g = opened();
    let h = handle_letter(
        &g,
        Color::White,
        "Признавам просрочването.",
        day("2026-03-05"),
    );
    let e = h
        .effects
        .iter()
        .find(|e| e.to == Role::White)
        .expect("an answer to the sender");
    let say = |lang| to_white(&g, &e.msg, lang, "2026-03-05");
    assert!(
        say(Lang::Bg).contains("Няма висяща рекламация за просрочка срещу Вас."),
        "{}",
        say(Lang::Bg)
    );
    assert!(say(Lang::Ru).contains("Против Вас нет рассматриваемой рекламации о просрочке."));
    assert!(say(Lang::En).contains("There is no pending overstep claim against you."));
}

#[test]
fn art_44_a_refused_leave_is_explained_in_the_players_language() {
    // The reason is data (issue 10 item 6): worded in the recipient's language, with the
    // dates as the letters write them, not the rules' English error text.
    use amici::rules::game::Msg;
    use amici::rules::leave::LeaveError;
    let g = opened();
    let msg = Msg::LeaveRefused(LeaveError::NotBeforeStart {
        from: day("2026-03-01"),
        on: day("2026-03-05"),
    });
    let say = |lang| to_white(&g, &msg, lang, "2026-03-05");
    let bg = say(Lang::Bg);
    assert!(
        bg.contains("Отпускът не е приет: отпускът трябва да бъде обявен преди началото си (1.3.2026); обявен е на 5.3.2026 (чл. 44)."),
        "{bg}"
    );
    let ru = say(Lang::Ru);
    assert!(
        ru.contains("Отпуск не принят: об отпуске нужно заявить до его начала (1.3.2026); заявлено 5.3.2026 (ст. 44)."),
        "{ru}"
    );
    let en = say(Lang::En);
    assert!(
        en.contains("The leave is refused: leave must be announced before it starts (1.3.2026); it was announced on 5.3.2026 (Art. 44)."),
        "{en}"
    );
    let quota = Msg::LeaveRefused(LeaveError::Quota {
        year: 2026,
        left: 3,
        asked: 10,
    });
    let bg = to_white(&g, &quota, Lang::Bg, "2026-03-05");
    assert!(
        bg.contains("за 2026 г. остават 3 дни отпуск, поискани са 10 (чл. 42)."),
        "{bg}"
    );
}

#[test]
fn art_10_the_penalty_for_a_declined_variant_is_worded_in_the_players_language() {
    use amici::rules::game::{Msg, PenaltyReason};
    let g = opened();
    let msg = Msg::Penalty {
        color: Role::White,
        days: 5,
        article: "10".into(),
        reason: PenaltyReason::DeclinedVariantPlayed,
    };
    let bg = to_white(&g, &msg, Lang::Bg, "2026-03-05");
    assert!(bg.contains("отказан вариант, изигран ход по ход"), "{bg}");
    assert!(!bg.contains("declined variant"), "{bg}");
    let ru = to_white(&g, &msg, Lang::Ru, "2026-03-05");
    assert!(
        ru.contains("отклонённый вариант, сыгранный ход за ходом"),
        "{ru}"
    );
    // the arbiter's own words are shown as he wrote them
    let words = Msg::Penalty {
        color: Role::White,
        days: 3,
        article: "56".into(),
        reason: PenaltyReason::Words("неспортсменско поведение".into()),
    };
    let en = to_white(&g, &words, Lang::En, "2026-03-05");
    assert!(en.contains("неспортсменско поведение"), "{en}");
}

#[test]
fn issue_13_item_10_a_game_without_moves_shows_no_empty_score_line() {
    // White never moved: on 15 April the tick claims his silence (Art. 31). The claim shows
    // the score — which has no move yet: said in words, never an empty "Score:".
    let g = game();
    let h = amici::rules::game::handle_tick(&g, day("2026-04-15"));
    let claim = h
        .effects
        .iter()
        .find(|e| e.to == Role::Arbiter && e.kind == amici::rules::model::Kind::OverstepClaim)
        .expect("the arbiter is told of the claim");
    let next = h.record.as_ref().unwrap_or(&g);
    let en = to_white(next, &claim.msg, Lang::En, "2026-04-15");
    assert!(en.contains("Score: — (no move played yet)"), "{en}");
    for lang in [Lang::Bg, Lang::Ru, Lang::En] {
        let text = to_white(next, &claim.msg, lang, "2026-04-15");
        // no line that is a label and nothing after it ("Score:", "Ходове:" …)
        assert!(
            text.lines().all(|l| {
                let l = l.trim();
                !(l.ends_with(':') && !l.trim_end_matches(':').contains(' '))
            }),
            "an empty labelled line in {lang:?}: {text}"
        );
    }
}

#[test]
fn issue_13_the_overstep_claim_as_each_player_receives_it() {
    // The Art. 27 claim of the test above, rendered as the engine sends it to White (the
    // offender) and to Black, in each language: from the recipient's side, with the "what to
    // send now" line.
    let (g, h) = art_27_claimed();
    for role in [Role::White, Role::Black] {
        let text = texts_as(&g, &h, role, "2026-04-25", "Petar Georgiev", Some(role));
        assert!(
            text.contains("Art. 27") && text.contains("чл. 27"),
            "{text}"
        );
        assert!(
            text.contains("Nothing to send now") || text.contains("What to send now"),
            "{text}"
        );
        insta::assert_snapshot!(format!("overstep_claim_to_{role:?}"), text);
    }
}

#[test]
fn issue_13_what_to_send_now_in_post_before_and_after_the_receipt_is_reported() {
    // `post`: White's 1. e4 sent 3 March. Black's forwarded move cannot name a date while his
    // receipt is unknown: it gives his days instead of a date invented a year away.
    let mut g = game();
    g.params = Params::for_mode(Mode::Post);
    let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-03-03"));
    let next = h.record.clone().expect("recorded");
    let forward = h
        .effects
        .iter()
        .find(|e| e.to == Role::Black)
        .expect("the move forwarded to Black");
    let names = Names {
        white: "W",
        black: "B",
    };
    let text = amici::mail::render::render_for(
        &next,
        &names,
        &forward.msg,
        Lang::En,
        day("2026-03-03"),
        None,
        Some(Role::Black),
    )
    .1;
    let line = text
        .lines()
        .find(|l| l.starts_with("What to send now"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("within 30 days of thinking time from the day you receive the move"),
        "{line}"
    );
    assert!(
        !line.contains("2027"),
        "no invented date a year away: {line}"
    );
}

#[test]
fn art_44_a_leave_is_told_in_one_sentence_of_the_recipients_language() {
    use amici::rules::game::Msg;
    let g = opened();
    let leave = |special| Msg::Leave {
        who: Role::White,
        from: day("2026-06-01"),
        to: day("2026-06-30"),
        special,
    };
    let ru = to_white(&g, &leave(false), Lang::Ru, "2026-05-20");
    assert!(
        ru.contains("Отпуск W 1.6.2026 – 30.6.2026 (ст. 41–45)."),
        "{ru}"
    );
    assert!(!ru.contains("Art.") && !ru.contains("чл."), "{ru}");
    let bg = to_white(&g, &leave(true), Lang::Bg, "2026-05-20");
    assert!(
        bg.contains("Отпуск на W 1.6.2026 – 30.6.2026 (специален отпуск, чл. 43)."),
        "{bg}"
    );
}

#[test]
fn art_52_the_proposals_are_named_in_the_recipients_language() {
    use amici::rules::game::{AdjudicationStage, Msg};
    let g = opened();
    let msg = Msg::Adjudication {
        stage: AdjudicationStage::ToAdjudicator,
        deadline: day("2027-01-15"),
        proposals: [
            Some((
                amici::rules::model::GameResult::WhiteWins,
                "a pawn up".into(),
            )),
            None,
        ],
        score: "e4 e5".into(),
        diagram: String::new(),
    };
    let bg = to_white(&g, &msg, Lang::Bg, "2027-01-15");
    assert!(bg.contains("  белите: 1-0 — a pawn up"), "{bg}");
    assert!(bg.contains("  черните: —"), "{bg}");
    assert!(!bg.contains("White:"), "{bg}");
}
