//! The daily clock sweep of one game (RULES.md §6, §7): silence repeats and notices, overstep
//! claims filed by the bot, reminders to the arbiter. Pure: the same game and day give the same
//! answer, a second run on the same day issues nothing new, and after days of downtime one run
//! catches up, each notice once and dated the day it became due.

use serde::{Deserialize, Serialize};

use super::clock::{
    Claimant, ClockGame, ClockState, Detection, IssuedNotice, NoticeKind, Overstep,
    OverstepEvidence, OverstepGround, OverstepStatus, Prepared, day, dn, evidence, pauses_game,
};
use super::model::{Color, Day, Kind, Mode};

/// What the tick reads: the game as the clock sees it.
pub type TickGame<'a> = ClockGame<'a>;

/// Who a notice goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recipient {
    White,
    Black,
    Arbiter,
}

impl From<Color> for Recipient {
    fn from(c: Color) -> Recipient {
        match c {
            Color::White => Recipient::White,
            Color::Black => Recipient::Black,
        }
    }
}

/// The figures a notice states (INTERFACE.md "Letters out").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeFigures {
    /// Both players' time in their current counts on the due day (Art. 7 З).
    pub white_days: i64,
    pub black_days: i64,
    /// The player concerned: his time and his limit for the move at stake.
    pub days: i64,
    pub limit: i64,
    /// Days of silence counted (leave and dead time excluded), for silence notices.
    pub silent_days: Option<i64>,
}

/// One notice the shell must send. Plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockNotice {
    pub kind: NoticeKind,
    /// The article applied, e.g. "26", "27", "31".
    pub article: String,
    /// The day it became due (its date, even when issued later after downtime).
    pub due: Day,
    /// Recipients, the one it is addressed to first.
    pub to: Vec<Recipient>,
    /// The silent player or the offender.
    #[serde(with = "super::model::color_serde")]
    pub about: Color,
    /// His move at stake.
    pub move_number: u32,
    pub figures: NoticeFigures,
    /// Index of the claim in `ClockState::oversteps` (claims and reminders about them).
    pub claim: Option<usize>,
    /// For overstep claims: the data of Art. 35, 36.
    pub evidence: Option<OverstepEvidence>,
    /// For overstep claims: on what ground (Art. 27, 31, 56), which the letter words.
    #[serde(default)]
    pub ground: Option<OverstepGround>,
}

impl ClockNotice {
    /// The `X-Amici-Kind` of the letter (INTERFACE.md).
    pub fn letter_kind(&self) -> Kind {
        match self.kind {
            NoticeKind::Repeat | NoticeKind::SilenceToArbiter => Kind::Silence,
            NoticeKind::RegisteredRepeat | NoticeKind::DecisionOverdue => Kind::Reminder,
            NoticeKind::OverstepClaim => Kind::OverstepClaim,
            NoticeKind::RunningOverstep => Kind::Notice,
        }
    }
}

/// The notices due and the new clock state to store with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TickOutcome {
    pub notices: Vec<ClockNotice>,
    pub state: ClockState,
}

/// Guard against a runaway loop on malformed records: a game has at most a few claims.
const MAX_CLAIMS_PER_TICK: usize = 8;

/// Sweep one game as of `now`.
pub fn tick(g: &TickGame<'_>, now: Day) -> TickOutcome {
    sweep(g, now, Evidence::Full)
}

/// Would the sweep of `now` send anything? The same sweep as [`tick`], without the claims'
/// evidence (the score and the position replayed from the first move): the question the
/// store's next-due search asks a dozen times per changed game.
pub fn sends_anything(g: &TickGame<'_>, now: Day) -> bool {
    sweep(g, now, Evidence::Skip)
        .notices
        .iter()
        .any(|n| !n.to.is_empty())
}

/// Whether a sweep builds the evidence of the claims it files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Evidence {
    Full,
    Skip,
}

fn sweep(g: &TickGame<'_>, now: Day, want: Evidence) -> TickOutcome {
    let mut state = g.state.clone();
    let mut notices = Vec::new();
    if g.result.is_some() {
        return TickOutcome { notices, state };
    }
    // Art. 37: while a claim awaits the decision the game is paused; nothing else runs.
    if let Some(out) = paused(g.state, now) {
        return out;
    }
    // The first look uses the stored state (the same as `state` until a claim is filed), and
    // is reused below when nothing was filed: one preparation per game on a quiet day.
    let base = Prepared::new(*g, now);
    let (filed, pause_from) = file_claims(g, &base, now, want, &mut state, &mut notices);
    decision_reminders(now, &mut state, &mut notices);
    // Silence is judged on the state with the claims just filed.
    let snapshot: ClockState;
    let fresh: Prepared<'_>;
    let p = if filed {
        snapshot = state.clone();
        fresh = Prepared::new(
            ClockGame {
                state: &snapshot,
                ..*g
            },
            now,
        );
        &fresh
    } else {
        &base
    };
    silence_notices(g, p, now, pause_from, &mut state, &mut notices);
    finish(notices, state)
}

/// The sweep of a game whose clock is paused by a claim awaiting the arbiter's decision
/// (Art. 37): nothing runs but the reminders to the arbiter, and they read the clock's state
/// alone — not the moves, the penalties or the leave. `None` when the clock is not paused.
/// [`tick`] answers a paused game of no result with exactly this, so the daily sweep may ask
/// it of a game it knows by its clock row only (`game::tick_paused`).
pub fn paused(state: &ClockState, now: Day) -> Option<TickOutcome> {
    state.awaiting_decision()?;
    let mut state = state.clone();
    let mut notices = Vec::new();
    decision_reminders(now, &mut state, &mut notices);
    Some(finish(notices, state))
}

/// Oversteps (Art. 27, 30, 31): the claims in the order they became due, until one pauses
/// the game (Art. 37). Returns whether any was filed and the day a pause begins.
fn file_claims(
    g: &TickGame<'_>,
    base: &Prepared<'_>,
    now: Day,
    want: Evidence,
    state: &mut ClockState,
    notices: &mut Vec<ClockNotice>,
) -> (bool, Option<i32>) {
    let mut pause_from: Option<i32> = None;
    let mut filed = false;
    let mut next = base.next_claim();
    for _ in 0..MAX_CLAIMS_PER_TICK {
        let Some(d) = next.take() else {
            break;
        };
        let game = ClockGame {
            state: &*state,
            ..*g
        };
        let ev = match want {
            Evidence::Full => evidence(&game, &d),
            Evidence::Skip => OverstepEvidence {
                offender: d.color,
                move_number: d.move_number,
                score: Vec::new(),
                moves: Vec::new(),
                white_days: 0,
                black_days: 0,
                limit: d.limit,
                fen: None,
            },
        };
        let before = state.effective_oversteps(d.color);
        let pauses = pauses_game(g.params, before);
        state.oversteps.push(Overstep {
            color: d.color,
            move_number: d.move_number,
            ground: d.ground,
            claimant: Claimant::Bot,
            claimed_on: d.day,
            count_from: d.count_from,
            days: d.days,
            limit: d.limit,
            pauses,
            status: OverstepStatus::Claimed,
            decided_on: None,
            objected_on: None,
        });
        filed = true;
        let idx = state.oversteps.len() - 1;
        let key = u32::try_from(idx).unwrap_or(u32::MAX);
        mark(state, NoticeKind::OverstepClaim, key, d.day, now);
        notices.push(claim_notice(&d, idx, ev));
        if pauses {
            pause_from = Some(dn(d.day));
            break;
        }
        let game = ClockGame {
            state: &*state,
            ..*g
        };
        next = Prepared::new(game, now).next_claim();
    }
    (filed, pause_from)
}

/// Art. 37: the arbiter decides within 7 days of receiving a claim; he is reminded the day
/// after.
fn decision_reminders(now: Day, state: &mut ClockState, notices: &mut Vec<ClockNotice>) {
    for i in 0..state.oversteps.len() {
        let o = &state.oversteps[i];
        if o.status != OverstepStatus::Claimed {
            continue;
        }
        // Art. 37: 7 days from the claim reaching the arbiter — after downtime, from the day
        // it was actually sent, not the day it fell due.
        let sent_on = state
            .issued
            .iter()
            .find(|n| n.kind == NoticeKind::OverstepClaim && n.key as usize == i)
            .and_then(|n| n.on)
            .map_or(dn(o.decision_deadline()), |on| {
                dn(on).saturating_add(7).max(dn(o.decision_deadline()))
            });
        let due = day(sent_on.saturating_add(1));
        let key = u32::try_from(i).unwrap_or(u32::MAX);
        if due > now || issued(state, NoticeKind::DecisionOverdue, key) {
            continue;
        }
        notices.push(ClockNotice {
            kind: NoticeKind::DecisionOverdue,
            article: "37".to_string(),
            due,
            to: vec![Recipient::Arbiter],
            about: o.color,
            move_number: o.move_number,
            figures: NoticeFigures {
                white_days: 0,
                black_days: 0,
                days: o.days,
                limit: o.limit,
                silent_days: None,
            },
            claim: Some(i),
            evidence: None,
            ground: None,
        });
        mark(state, NoticeKind::DecisionOverdue, key, due, now);
    }
}

/// Silence (Art. 25, 26): only about the move still awaited — an answered move ends the
/// silence, so a repeat that fell due during downtime but was answered since is not sent; in
/// `post` a running clock past the limit is told to the arbiter (Art. 23 А, 30 note).
fn silence_notices(
    g: &TickGame<'_>,
    p: &Prepared<'_>,
    now: Day,
    pause_from: Option<i32>,
    state: &mut ClockState,
    notices: &mut Vec<ClockNotice>,
) {
    let now_n = dn(now);
    if let Some((c, f)) = p.silence_from() {
        let ply = g.moves.len();
        let key = u32::try_from(ply).unwrap_or(u32::MAX);
        let number = u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX);
        let rep = i64::from(g.params.repeat_after_days.max(1));
        let steps: &[(NoticeKind, i64)] = match g.params.mode {
            Mode::Email => &[(NoticeKind::Repeat, rep)],
            Mode::Post => &[
                (NoticeKind::RegisteredRepeat, rep),
                (
                    NoticeKind::SilenceToArbiter,
                    rep + i64::from(g.params.arbiter_after_days),
                ),
            ],
        };
        for &(kind, n) in steps {
            let due = p.cal.nth_counted_after(f, n);
            if due > now_n || pause_from.is_some_and(|pf| due > pf) {
                continue;
            }
            // Art. 25: a player who gave notice of his delay is not chased.
            if issued(state, kind, key) || p.delay_notice_by(c, ply, due) {
                continue;
            }
            let waiting = c.other();
            let to = match kind {
                // Art. 26 Б: the repeat to the silent player, copy to the arbiter.
                NoticeKind::Repeat => vec![Recipient::from(c), Recipient::Arbiter],
                // Art. 26 А: the waiting player sends a registered repeat himself.
                NoticeKind::RegisteredRepeat => vec![Recipient::from(waiting)],
                _ => vec![Recipient::Arbiter],
            };
            notices.push(ClockNotice {
                kind,
                article: "26".to_string(),
                due: day(due),
                to,
                about: c,
                move_number: number,
                figures: NoticeFigures {
                    white_days: p.total_on(Color::White, due),
                    black_days: p.total_on(Color::Black, due),
                    days: p.total_on(c, due),
                    limit: 0,
                    silent_days: Some(p.cal.counted(f, due)),
                },
                claim: None,
                evidence: None,
                ground: None,
            });
            mark(state, kind, key, day(due), now);
        }
        // `post`: a running clock past the limit is told to the arbiter, not claimed, since
        // the card may be in transit (Art. 23 А, Art. 30 note).
        if let Some(d) = p.detect_running_post() {
            let due = dn(d.day);
            if !issued(state, NoticeKind::RunningOverstep, key)
                && pause_from.is_none_or(|pf| due <= pf)
            {
                notices.push(ClockNotice {
                    kind: NoticeKind::RunningOverstep,
                    article: "30".to_string(),
                    due: d.day,
                    to: vec![Recipient::Arbiter],
                    about: d.color,
                    move_number: d.move_number,
                    figures: NoticeFigures {
                        white_days: p.total_on(Color::White, due),
                        black_days: p.total_on(Color::Black, due),
                        days: d.days,
                        limit: d.limit,
                        silent_days: Some(p.cal.counted(f, due)),
                    },
                    claim: None,
                    evidence: None,
                    ground: None,
                });
                mark(state, NoticeKind::RunningOverstep, key, d.day, now);
            }
        }
    }
}

fn finish(mut notices: Vec<ClockNotice>, state: ClockState) -> TickOutcome {
    notices.sort_by_key(|n| n.due);
    TickOutcome { notices, state }
}

fn issued(state: &ClockState, kind: NoticeKind, key: u32) -> bool {
    state.issued.iter().any(|n| n.kind == kind && n.key == key)
}

fn mark(state: &mut ClockState, kind: NoticeKind, key: u32, due: Day, on: Day) {
    state.issued.push(IssuedNotice {
        kind,
        key,
        due,
        on: Some(on),
    });
}

fn claim_notice(d: &Detection, idx: usize, ev: OverstepEvidence) -> ClockNotice {
    ClockNotice {
        kind: NoticeKind::OverstepClaim,
        article: d.ground.article().to_string(),
        due: d.day,
        // RULES.md §7: the bot files the claim with the arbiter; both players are told.
        to: vec![
            Recipient::Arbiter,
            Recipient::from(d.color.other()),
            Recipient::from(d.color),
        ],
        about: d.color,
        move_number: d.move_number,
        figures: NoticeFigures {
            white_days: ev.white_days,
            black_days: ev.black_days,
            days: d.days,
            limit: d.limit,
            silent_days: None,
        },
        claim: Some(idx),
        evidence: Some(ev),
        ground: Some(d.ground),
    }
}
