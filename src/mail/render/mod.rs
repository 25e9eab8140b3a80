//! Reply texts in the recipient's language (bg, ru, en): the game, the move(s) in the
//! tournament's full notation with their numbers, the dates of Art. 7/8, the thinking time of
//! the move and both players' totals (penalties included), the allowance to the end of the
//! current period and the days left, and for errors the article applied and what to send now
//! (INTERFACE.md "Letters out").

use std::fmt::Write as _;

use shakmaty::Color;

use crate::rules::clock::{ClockReport, OverstepGround, RunsFrom};
use crate::rules::game::{
    ClaimKind, GameRecord, MoveLine, Msg, Refusal, Remarks, Role, Termination, Told,
};
use crate::rules::model::{Day, GameResult, Lang, Mode, Notation};
use crate::rules::tick::ClockNotice;

use super::texts::{Key, fill, text as tr};

mod clock;
pub use clock::{OVERDUE_LINES_PER_LETTER, OverdueLine, overdue_digests, overdue_line};
mod decisions;
mod play;
pub mod transcript;

/// What every part of a letter is written from: the recipient's language, the game, the
/// players' names, the day, and the side the recipient sees the board from.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    lang: Lang,
    rec: &'a GameRecord,
    names: &'a Names<'a>,
    today: Day,
    viewer: Color,
    /// The arbiter's copy of a letter to a player (he is not asked to act).
    arbiter_copy: bool,
}

/// Names of the two players, for the header line.
pub struct Names<'a> {
    pub white: &'a str,
    pub black: &'a str,
}

/// Dates as Art. 8 writes them: `11.3.2026`.
fn date(d: Day) -> String {
    d.format("%-d.%-m.%Y").to_string()
}

fn days_word(lang: Lang) -> &'static str {
    tr(lang, Key::Days)
}

/// A number of days with the right word: `1 ден` / `3 дни`, `1 day` / `3 days`, `5 дн.`.
fn days(lang: Lang, n: i64) -> String {
    let word = if n.abs() == 1 {
        tr(lang, Key::Day)
    } else {
        days_word(lang)
    };
    format!("{n} {word}")
}

fn side(lang: Lang, c: Color) -> &'static str {
    match c {
        Color::White => tr(lang, Key::White),
        Color::Black => tr(lang, Key::Black),
    }
}

fn role_name<'a>(lang: Lang, role: Role, names: &Names<'a>) -> &'a str {
    match role {
        Role::White => names.white,
        Role::Black => names.black,
        Role::Arbiter => tr(lang, Key::TheArbiter),
    }
}

/// A move as a letter states it: in the tournament's notation, and — to a recipient whose
/// language writes other piece letters (an English player in a Bulgarian tournament) — also in
/// SAN, which every player reads: `2. Кg1-f3 (Nf3)`.
fn move_text(lang: Lang, notation: Notation, m: &MoveLine) -> String {
    use crate::rules::notation::piece_letter;
    let theirs = Notation::of_language(lang);
    let letters_differ = [shakmaty::Role::Knight, shakmaty::Role::King]
        .into_iter()
        .any(|r| piece_letter(r, notation) != piece_letter(r, theirs));
    // a pawn move or castling has no piece letter to misread: `e2-e4`, `0-0`
    let piece_letter_in_it = m
        .text
        .chars()
        .any(|c| c.is_alphabetic() && !c.is_ascii_lowercase());
    if letters_differ && piece_letter_in_it && !m.san.is_empty() {
        format!("{} ({})", m.text, m.san)
    } else {
        m.text.clone()
    }
}

fn move_line(lang: Lang, notation: Notation, m: &MoveLine) -> String {
    let num = match m.color {
        Color::White => format!("{}.", m.number),
        Color::Black => format!("{}...", m.number),
    };
    let from = match RunsFrom::of(m.number, m.color, m.received) {
        RunsFrom::Start(d) => format!("{} {}", tr(lang, Key::Start), date(d)),
        RunsFrom::Received(d) => format!("{} {}", tr(lang, Key::Received), date(d)),
    };
    let auto = if m.from_variant {
        tr(lang, Key::FromVariantArt32)
    } else {
        ""
    };
    format!(
        "{num} {}   ({from}, {} {}; {}: {}){auto}",
        move_text(lang, notation, m),
        tr(lang, Key::Sent),
        date(m.sent),
        tr(lang, Key::TimeMove),
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
        tr(lang, Key::NoMovePlayedYet).to_string()
    } else {
        score
    };
    format!("{}: {score}", tr(lang, Key::Score))
}

fn termination(lang: Lang, t_: Termination) -> &'static str {
    match t_ {
        Termination::Checkmate => tr(lang, Key::Checkmate),
        Termination::Stalemate => tr(lang, Key::Stalemate),
        Termination::InsufficientMaterial => tr(lang, Key::InsufficientMaterial),
        Termination::Resignation => tr(lang, Key::Resignation),
        Termination::Agreement => tr(lang, Key::Agreement),
        Termination::Repetition => tr(lang, Key::ThreefoldRepetition),
        Termination::FiftyMoves => tr(lang, Key::T50MoveRule),
        Termination::Overstep => tr(lang, Key::OverstepTimeLimitArt28),
        Termination::Forfeit => tr(lang, Key::ForfeitArt56),
        Termination::Withdrawal => tr(lang, Key::WithdrawalArt47),
        Termination::Adjudication => tr(lang, Key::AdjudicationArt53),
        Termination::ArbiterDecision => tr(lang, Key::ArbiterDecision),
        Termination::Tablebase => tr(lang, Key::ProvedEndgameTablebase707),
        Termination::Removed => tr(lang, Key::PlayerWasRemovedFromTournament),
    }
}

fn result_text(lang: Lang, r: GameResult, term: Termination) -> String {
    format!("{} ({})", r.pgn(), termination(lang, term))
}

fn remarks_text(b: &mut String, lang: Lang, r: &Remarks) {
    if r.short {
        let _ = writeln!(b, "{}", tr(lang, Key::MoveWasWrittenShortNotation));
    }
    if !r.missing.is_empty() {
        let _ = writeln!(b, "{}", tr(lang, Key::LetterLacksArt79));
        for &item in &r.missing {
            let _ = writeln!(b, "  – {} ({item})", item_name(lang, item));
        }
    }
    for (item, written, official) in &r.wrong {
        let line = fill(
            lang,
            Key::WrongItemLine,
            &[
                ("item", item),
                ("name", &item_name(lang, *item)),
                ("written", written),
                ("official", official),
            ],
        );
        let _ = writeln!(b, "{line}");
    }
    for (written, correct) in &r.wrong_numbers {
        let line = fill(
            lang,
            Key::WrongNumberLine,
            &[("written", written), ("correct", correct)],
        );
        let _ = writeln!(b, "{line}");
    }
    if !r.line.is_empty() {
        let line = fill(
            lang,
            Key::ConditionalLineLine,
            &[("line", &r.line.join(" "))],
        );
        let _ = writeln!(b, "{line}");
    }
    if let Some(e) = &r.line_error {
        let _ = writeln!(b, "{} «{e}».", tr(lang, Key::ConditionalLineCouldNotRead));
    }
}

/// An item of the move letter (Art. 7, 8; RULES.md §4) in words, as the recipient would write
/// it: `Д` → "the date you received the move".
pub fn item_name(lang: Lang, item: char) -> &'static str {
    match item {
        'А' => tr(lang, Key::TournamentIndex),
        'Б' => tr(lang, Key::NumberFullNotationOpponentLast),
        'В' => tr(lang, Key::NumberFullNotationOwnMove),
        'Г' => tr(lang, Key::DateOpponentLetter),
        'Д' => tr(lang, Key::DateReceivedMove),
        'Е' => tr(lang, Key::DateSendMove),
        'Ж' => tr(lang, Key::ThinkingTimeThisMove),
        'З' => tr(lang, Key::TotalThinkingTimeBothPlayers),
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
            let received =
                crate::rules::clock::written_receipt(rec.params.mode, own.received, own.sent);
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
        tr(lang, Key::TotalTime),
        side(lang, Color::White),
        clocks.white.total_days,
        side(lang, Color::Black),
        clocks.black.total_days
    );
    Some(out)
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
    crate::rules::notation::diagram_from(pos, Notation::of_language(lang), viewer)
}

fn clock_block(b: &mut String, lang: Lang, r: &ClockReport) {
    let d = days_word(lang);
    // While a claim waits for the arbiter the clocks stand still (Art. 37, RULES.md §3): said,
    // so that today's figure is not read against the one at the overstep.
    let label = if r.awaiting_decision.is_some() {
        tr(lang, Key::TotalTimeWhileWaiting)
    } else {
        tr(lang, Key::TotalTime2)
    };
    let _ = writeln!(
        b,
        "{}: {} {} – {} {} {}.",
        label,
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
                tr(lang, Key::InclPenalties),
                days(lang, s.penalty_days)
            )
        } else {
            String::new()
        };
        let end = s.period_end;
        let _ = writeln!(
            b,
            "  {}: {}{pen}; {} {end}: {}, {} {}.",
            side(lang, c),
            days(lang, s.total_days),
            tr(lang, Key::LimitUpMove),
            days(lang, s.allowance),
            tr(lang, Key::Left),
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
    let silent = n.figures.silent_days.unwrap_or(0);
    let fill = |key: Key| {
        crate::mail::texts::fill(
            lang,
            key,
            &[
                ("who", &who),
                ("move", &n.move_number),
                (
                    "days",
                    &if key == Key::NoticeClaimPeriod || key == Key::NoticeRunningOverstep {
                        n.figures.days
                    } else {
                        silent
                    },
                ),
                ("limit", &n.figures.limit),
                ("article", &n.article),
            ],
        )
    };
    let text = match n.kind {
        K::Repeat => fill(Key::NoticeRepeat),
        K::RegisteredRepeat => fill(Key::NoticeRegisteredRepeat),
        K::SilenceToArbiter => fill(Key::NoticeSilenceToArbiter),
        K::OverstepClaim if n.ground == Some(OverstepGround::Silence) => {
            fill(Key::NoticeClaimSilence)
        }
        K::OverstepClaim => fill(Key::NoticeClaimPeriod),
        K::RunningOverstep => fill(Key::NoticeRunningOverstep),
        K::DecisionOverdue => tr(lang, Key::T7DaysDecisionClaimHave).to_string(),
    };
    let _ = writeln!(b, "{} {}: {text}", tr(lang, Key::As), date(n.due));
    if let Some(e) = &n.evidence {
        // Art. 35, 36: the full score in the tournament's notation, every move's receipt and
        // sending dates with its days, the totals, and the position (diagram and FEN).
        let _ = writeln!(b);
        let _ = writeln!(b, "{}", score_text(lang, rec, today));
        for m in &e.moves {
            let from = RunsFrom::of(m.number, m.color, m.received).day();
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
                tr(lang, Key::TotalTimeAtOverstep),
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

/// "What to send now", one line: the next move's number and the dates by which it is due — the
/// end of the allowance of the current period (Art. 23 В, 27) and the last day to answer
/// without a delay notice (Art. 25, 31) — for the recipient `me` (`None`: said of the player to
/// move).
fn what_now(lang: Lang, rec: &GameRecord, today: Day, me: Option<Color>) -> String {
    let Some(c) = rec.to_move() else {
        return tr(lang, Key::NowGameOver).to_string();
    };
    let Some(due) = rec.deadlines(today) else {
        return tr(lang, Key::NowWaitsForArbiter).to_string();
    };
    let arts = if rec.params.mode == Mode::Email {
        tr(lang, Key::Art2531)
    } else {
        tr(lang, Key::Art25)
    };
    let by = match due.limit {
        // `post`, the receipt not reported yet: no date can be given, the days left can
        // (Art. 23 А: the time runs from the receipt).
        _ if !due.receipt_known => fill(
            lang,
            Key::WithinDaysOfReceipt,
            &[("days", &days(lang, due.days_left.max(0)))],
        ),
        Some(l) => fill(lang, Key::NowByDate, &[("date", &date(l))]),
        None => tr(lang, Key::NowLimitExceeded).to_string(),
    };
    let notice = due.notice.map(date);
    let key = match (me, &notice) {
        (Some(m), None) if m == c => Key::NowYourMove,
        (Some(m), Some(_)) if m == c => Key::NowYourMoveNotice,
        (Some(_), _) if c == Color::White => Key::NowWhiteToMove,
        (Some(_), _) => Key::NowBlackToMove,
        (None, None) => Key::NowNext,
        (None, Some(_)) => Key::NowNextNotice,
    };
    fill(
        lang,
        key,
        &[
            ("number", &due.number),
            ("by", &by),
            ("side", &side(lang, c)),
            ("date", &notice.unwrap_or_default()),
            ("arts", &arts),
        ],
    )
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
/// in the game. The end of a game (`Msg::Ended`, whose text ends with the final position's diagram)
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
        tr(lang, Key::Game),
        rec.id,
        names.white,
        names.black
    );
    let mut b = String::new();
    if let Some(sender) = arbiter_copy_of {
        let _ = writeln!(
            b,
            "{} {sender}.",
            tr(lang, Key::CopyTournamentArbiterLetterFrom)
        );
        let _ = writeln!(b);
    }
    let _ = writeln!(
        b,
        "{} {} ({} – {})",
        tr(lang, Key::Game),
        rec.id,
        names.white,
        names.black
    );
    let _ = writeln!(b);
    let c = Ctx {
        lang,
        rec,
        names,
        today,
        viewer,
        arbiter_copy: arbiter_copy_of.is_some(),
    };
    match msg {
        Msg::Ack { .. }
        | Msg::Forward { .. }
        | Msg::Refused { .. }
        | Msg::NoMove
        | Msg::NotYourTurn
        | Msg::AwaitingArbiter
        | Msg::TwoReadings { .. }
        | Msg::GameOver
        | Msg::Ended { .. }
        | Msg::DrawOffer
        | Msg::DrawDeclined
        | Msg::NoDrawOffer => play::body(&mut b, &c, msg),
        Msg::DelayNotice { .. } | Msg::Claim { .. } | Msg::Clock(_) => clock::body(&mut b, &c, msg),
        _ => decisions::body(&mut b, &c, msg),
    }
    let _ = writeln!(b);
    clock_block(&mut b, lang, &rec.clocks(today));
    if !arbiter {
        let _ = writeln!(b);
        let _ = writeln!(b, "{}", what_now(lang, rec, today, me));
    }
    let _ = writeln!(b);
    let _ = writeln!(b, "{}", tr(lang, Key::AmiciArbiterBot));
    (subject, b)
}

/// Why a player's word about an overstep changed nothing, in words.
fn claim_refused(lang: Lang, why: &crate::rules::game::ClaimRefusal) -> String {
    use crate::rules::game::ClaimRefusal as R;
    match why {
        R::NothingToAdmit => tr(lang, Key::ClaimNothingToAdmit).to_string(),
        R::NothingToObject => tr(lang, Key::ClaimNothingToObject).to_string(),
        R::NothingToWithdraw => tr(lang, Key::ClaimNothingToWithdraw).to_string(),
        R::Clock(e) => clock_refused(lang, e),
    }
}

/// Why the state of an overstep claim refuses what was asked (Art. 33–39), in words.
fn clock_refused(lang: Lang, why: &crate::rules::clock::ClockError) -> String {
    use crate::rules::clock::ClockError as E;
    match why {
        E::NoSuchClaim(n) => fill(lang, Key::ClaimNoSuchClaim, &[("n", n)]),
        E::NotPending(_) => tr(lang, Key::ClaimNotPending).to_string(),
        E::NotConfirmed => tr(lang, Key::ClaimNothingToObject).to_string(),
        E::ObjectionTooLate { deadline } => fill(
            lang,
            Key::ClaimObjectionTooLate,
            &[("deadline", &date(*deadline))],
        ),
        E::NoObjection => tr(lang, Key::ClaimNoObjection).to_string(),
        E::AlreadyPending => tr(lang, Key::ClaimAlreadyPending).to_string(),
        E::AlreadyClaimed => tr(lang, Key::ClaimAlreadyClaimed).to_string(),
        E::NotClaimant => tr(lang, Key::ClaimNotClaimant).to_string(),
    }
}

/// The rules' decisions and refusals in words (`Msg::Told`).
fn told_text(lang: Lang, told: &Told) -> String {
    let side = |c: Color| {
        tr(
            lang,
            if c == Color::White {
                Key::White
            } else {
                Key::Black
            },
        )
    };
    match told {
        Told::EndDateExtended {
            tournament,
            to,
            finished,
            games,
        } => fill(
            lang,
            Key::EndDateExtended,
            &[
                ("tournament", tournament),
                ("to", &date(*to)),
                ("finished", finished),
                ("games", games),
            ],
        ),
        Told::SanctionAppealLate { sanctioned, ended } => fill(
            lang,
            Key::SanctionAppealLate,
            &[("sanctioned", &date(*sanctioned)), ("ended", &date(*ended))],
        ),
        Told::SanctionAppealed {
            by,
            sanctioned,
            days,
            article,
            reason,
        } => fill(
            lang,
            Key::SanctionAppealed,
            &[
                ("side", &side(*by)),
                ("sanctioned", &date(*sanctioned)),
                ("days", &format!("{days:+}")),
                ("article", article),
                ("reason", reason),
            ],
        ),
        Told::NoAppealWithoutProposal => tr(lang, Key::NoAppealWithoutProposal).to_string(),
        Told::AdjudicationAppealLate { ended } => fill(
            lang,
            Key::AdjudicationAppealLate,
            &[("ended", &date(*ended))],
        ),
        Told::NoAdjudicationYet => tr(lang, Key::NoAdjudicationYet).to_string(),
        Told::AdjudicationFinal => tr(lang, Key::AdjudicationFinal).to_string(),
        Told::ClaimRefused(why) => claim_refused(lang, why),
        Told::SwitchedToPost { on } => fill(lang, Key::SwitchedToPost, &[("on", &date(*on))]),
        Told::RemovedNeverMoved => tr(lang, Key::PlayerWithdrewWithoutEverMoving).to_string(),
        Told::PlayerReplaced { old, new } => format!(
            "{} {old} → {new}. {}",
            tr(lang, Key::ReplacementArt47),
            tr(lang, Key::UntilNewPlayerFirstMove)
        ),
        Told::ScoreDueByEndDate { end } => format!(
            "{} {end} {}",
            tr(lang, Key::ReminderArt51SendScore),
            tr(lang, Key::WithoutScoreEndDateBoth)
        ),
        Told::ReceiptRecorded { day } => {
            format!("{} {day}.", tr(lang, Key::RecordedReceivedOpponentMove))
        }
        Told::AdjudicationAppealed { by, game } => fill(
            lang,
            Key::AdjudicationAppealed,
            &[("side", &side(*by)), ("game", game)],
        ),
    }
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
    let line = format!("{} {url}", tr(lang, Key::RulesHowAmiciAppliesThem));
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
