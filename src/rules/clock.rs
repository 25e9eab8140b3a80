//! Thinking-time clocks of one game: day counting (RULES.md §3), per-move times with variants
//! (Art. 32), totals and 10-move periods (Art. 23, 27), overstep detection and the `post`
//! restart (Art. 27–40), silence (Art. 25, 26, 31), and the arbiter's decisions as pure
//! transitions on [`ClockState`], the one value the game record keeps for the clock.
//!
//! Everything here is derived from the record (moves, penalties, suspensions) and `now`; the
//! only memory is [`ClockState`]: claims and their fate, receipt dates reported in `post`,
//! delay notices, pending conditional lines and which notices were already issued.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position};
use thiserror::Error;

use super::model::{Color, Day, GameResult, Mode, Params, Penalty, PlayedMove, Suspension};

// ---------------------------------------------------------------------------------------------
// Day counting (RULES.md §3)
// ---------------------------------------------------------------------------------------------

/// Thinking time of one move (RULES.md §3, Art. 8, 45, 47): N = the days d with
/// `received < d ≤ sent` that are not `suspended` (leave of either player, dead time); the
/// first of them is free, so the time is `max(0, N − 1)`.
///
/// A running clock on day D is `thinking_days(received, D, …)`; White's move 1 is counted
/// from the day before the start (Art. 24).
pub fn thinking_days(received: Day, sent: Day, suspended: impl Fn(Day) -> bool) -> u32 {
    let mut n: u32 = 0;
    let mut d = received;
    while d < sent {
        match d.succ_opt() {
            Some(next) => d = next,
            None => break,
        }
        if !suspended(d) {
            n = n.saturating_add(1);
        }
    }
    n.saturating_sub(1)
}

/// Day number for arithmetic.
pub(crate) fn dn(d: Day) -> i32 {
    d.num_days_from_ce()
}

/// Day from a day number, clamped into chrono's range (never panics).
pub(crate) fn day(n: i32) -> Day {
    NaiveDate::from_num_days_from_ce_opt(n).unwrap_or(if n < 0 {
        NaiveDate::MIN
    } else {
        NaiveDate::MAX
    })
}

/// The suspended days of a game (leave, dead time, pauses awaiting a decision) as merged,
/// sorted, inclusive spans of day numbers; counts days without walking them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Calendar {
    spans: Vec<(i32, i32)>,
}

impl Calendar {
    pub(crate) fn new(mut spans: Vec<(i32, i32)>) -> Calendar {
        spans.retain(|&(a, b)| a <= b);
        spans.sort_unstable();
        let mut merged: Vec<(i32, i32)> = Vec::with_capacity(spans.len());
        for (a, b) in spans {
            match merged.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        Calendar { spans: merged }
    }

    /// Days d with `a < d ≤ b` that count (are not suspended).
    pub(crate) fn counted(&self, a: i32, b: i32) -> i64 {
        if b <= a {
            return 0;
        }
        let mut n = i64::from(b) - i64::from(a);
        for &(s, e) in &self.spans {
            let lo = s.max(a + 1);
            let hi = e.min(b);
            if lo <= hi {
                n -= i64::from(hi) - i64::from(lo) + 1;
            }
        }
        n
    }

    /// Thinking time from `received` to `sent` (RULES.md §3).
    pub(crate) fn thinking(&self, received: i32, sent: i32) -> i64 {
        (self.counted(received, sent) - 1).max(0)
    }

    /// The day on which `counted(a, d)` first reaches `n` (n ≥ 1).
    pub(crate) fn nth_counted_after(&self, a: i32, n: i64) -> i32 {
        let mut cur = i64::from(a);
        let mut rem = n.max(1);
        for &(s, e) in &self.spans {
            let (s, e) = (i64::from(s), i64::from(e));
            if e <= cur {
                continue;
            }
            let free = s.max(cur + 1) - cur - 1;
            if free >= rem {
                break;
            }
            rem -= free;
            cur = e;
        }
        let d = cur + rem;
        d.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

// ---------------------------------------------------------------------------------------------
// The state the game record keeps for the clock
// ---------------------------------------------------------------------------------------------

/// Everything the clock must remember besides the moves, penalties and suspensions of the game
/// record. Serialized with the game (serde); `Default` is the state of a new game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The day the side to move received the opponent's last move, when known. `email`: the
    /// day the bot forwarded it (when absent, the day that move arrived, since the bot forwards
    /// at once); `post`: the date of Д from the receiver's report (RULES.md §3). Valid only
    /// while `ply` equals the number of moves played.
    #[serde(default)]
    pub receipt: Option<Receipt>,
    /// A conditional line offered to the side to move (Art. 32): while it is pending, his
    /// running clock is judged against the furthest move the line lets him reach.
    #[serde(default)]
    pub pending_line: Option<PendingLine>,
    /// Overstep claims and their fate, in filing order (Art. 27–40, 56).
    #[serde(default)]
    pub oversteps: Vec<Overstep>,
    /// Delay notices received (Art. 25).
    #[serde(default)]
    pub delay_notices: Vec<DelayNotice>,
    /// Notices already issued by the tick, so none is sent twice.
    #[serde(default)]
    pub issued: Vec<IssuedNotice>,
}

impl ClockState {
    /// The state of a game whose clock has remembered nothing yet.
    pub fn is_new(&self) -> bool {
        *self == ClockState::default()
    }
}

/// Receipt date of the move awaited at `ply` (0-based half-move index of the move to play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub ply: u32,
    pub day: Day,
}

/// A conditional line waiting for the player to move at `ply`; playing it through and then one
/// own move, he would be at his move `reach_move` (Art. 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLine {
    pub ply: u32,
    pub reach_move: u32,
}

/// A delay notice (Art. 25) from `color` while his move at `ply` was awaited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayNotice {
    #[serde(with = "super::model::color_serde")]
    pub color: Color,
    pub ply: u32,
    pub received_on: Day,
}

/// What a clock notice is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoticeKind {
    /// `email`, Art. 26 Б: the move repeated to the silent player, copy to the arbiter.
    Repeat,
    /// `post`, Art. 26 А: the waiting player is told to send a registered repeat.
    RegisteredRepeat,
    /// `post`, Art. 26 А, Art. 30 note: the arbiter is told of a long silence.
    SilenceToArbiter,
    /// Art. 27–36: an overstep claim filed with the arbiter.
    OverstepClaim,
    /// `post`, Art. 23 А, Art. 30 note: a running clock is past the limit but the card may be
    /// in transit, so the arbiter is told instead of a claim.
    RunningOverstep,
    /// Art. 37: the arbiter's 7 days for a decision have passed.
    DecisionOverdue,
}

/// A notice the tick has issued: `key` is the ply of the awaited move for silence notices and
/// the index in [`ClockState::oversteps`] for claims and reminders about them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IssuedNotice {
    pub kind: NoticeKind,
    pub key: u32,
    pub due: Day,
    /// The day it was actually issued (later than `due` after downtime).
    #[serde(default)]
    pub on: Option<Day>,
}

/// Why the time is overstepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OverstepGround {
    /// Art. 27 (and 30 after a restart): more than 50·k / 30·k days for k periods.
    Period,
    /// Art. 31 (`email`): more than 40 days silent without a delay notice after the repeat.
    Silence,
    /// Art. 56: declared by the arbiter as a sanction.
    Sanction,
}

impl OverstepGround {
    /// The article a claim on this ground cites.
    pub fn article(self) -> &'static str {
        match self {
            OverstepGround::Period => "27",
            OverstepGround::Silence => "31",
            OverstepGround::Sanction => "56",
        }
    }
}

/// Who filed a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claimant {
    /// The bot on behalf of the offender's opponent (RULES.md §7).
    Bot,
    /// A player (Art. 35, 36).
    Player(#[serde(with = "super::model::color_serde")] Color),
    /// The arbiter (Art. 56).
    Arbiter,
}

/// Where a claim stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OverstepStatus {
    /// Filed, no decision yet (Art. 36 note 2). A `post` first overstep already restarts the
    /// count (Art. 28, 30).
    Claimed,
    /// The arbiter confirmed it (Art. 38).
    Confirmed,
    /// The arbiter rejected it (Art. 38): as if never claimed.
    Rejected,
    /// The offender admitted it: in force at once (Art. 36 note 3).
    Admitted,
    /// The player on whose behalf it was filed withdrew it (Art. 34, Art. 37 note).
    Withdrawn,
}

/// One overstep claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overstep {
    /// The offender.
    #[serde(with = "super::model::color_serde")]
    pub color: Color,
    /// The offender's move at which it was claimed (Art. 30: the new count starts after it).
    pub move_number: u32,
    pub ground: OverstepGround,
    pub claimant: Claimant,
    /// The day the claim became due (was filed).
    pub claimed_on: Day,
    /// First move of the count in which it happened (1, or the restart move, Art. 30).
    pub count_from: u32,
    /// The offender's time in that count and the limit it exceeded.
    pub days: i64,
    pub limit: i64,
    /// The game waits for the decision (Art. 37: `email`, and a second overstep in `post`).
    pub pauses: bool,
    pub status: OverstepStatus,
    /// The day of the decision, admission or withdrawal.
    #[serde(default)]
    pub decided_on: Option<Day>,
    /// The day the offender objected to a confirmed overstep (Art. 39).
    #[serde(default)]
    pub objected_on: Option<Day>,
}

impl Overstep {
    /// In force or taking effect at once: it counts towards the oversteps of Art. 28, 29.
    pub fn is_effective(&self) -> bool {
        matches!(
            self.status,
            OverstepStatus::Claimed | OverstepStatus::Confirmed | OverstepStatus::Admitted
        )
    }

    /// Art. 39: a confirmed overstep may be objected to within 7 days of the decision.
    pub fn objection_deadline(&self) -> Option<Day> {
        match (self.status, self.decided_on) {
            (OverstepStatus::Confirmed, Some(d)) => Some(day(dn(d).saturating_add(7))),
            _ => None,
        }
    }

    /// Art. 37: the arbiter decides within 7 days of the claim.
    pub fn decision_deadline(&self) -> Day {
        day(dn(self.claimed_on).saturating_add(7))
    }
}

/// A refused transition; the state is left unchanged (STYLE.md 5).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClockError {
    #[error("no overstep claim number {0}")]
    NoSuchClaim(usize),
    #[error("the claim is not awaiting a decision (it is {0:?})")]
    NotPending(OverstepStatus),
    #[error("the overstep is not confirmed, there is nothing to object to")]
    NotConfirmed,
    #[error("Art. 39: objections were due by {deadline}")]
    ObjectionTooLate { deadline: Day },
    #[error("a rejection of a confirmed overstep needs a timely objection (Art. 39)")]
    NoObjection,
    #[error("a claim against this player is already awaiting a decision")]
    AlreadyPending,
    #[error("this overstep is already claimed (Art. 30: one overstep per count)")]
    AlreadyClaimed,
    #[error("only the player on whose behalf the claim was filed may withdraw it (Art. 37 note)")]
    NotClaimant,
}

/// What a decision changes besides the state: the lead ends the game, adds the penalty, tells
/// the players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecisionEffect {
    /// The game is lost by this player (Art. 28 second overstep, Art. 29).
    pub loser: Option<Color>,
    /// Art. 40: +5 days to a player whose claim was unfounded.
    pub penalty: Option<Penalty>,
    /// `post` first overstep: the offender's new count starts at this move (Art. 30).
    pub restart: Option<(Color, u32)>,
    /// The game resumes (it was paused awaiting the decision, Art. 37).
    pub resumes: bool,
}

impl ClockState {
    /// Record the receipt date of the move awaited at `ply` (email: forwarding day; post: the
    /// receiver's reported Д).
    pub fn set_receipt(&mut self, ply: u32, day: Day) {
        self.receipt = Some(Receipt { ply, day });
    }

    /// Record a conditional line offered to the player to move at `ply` (Art. 32).
    pub fn set_pending_line(&mut self, line: Option<PendingLine>) {
        self.pending_line = line;
    }

    /// Record a delay notice (Art. 25) from `color` awaited at `ply`.
    pub fn record_delay_notice(&mut self, color: Color, ply: u32, received_on: Day) {
        let n = DelayNotice {
            color,
            ply,
            received_on,
        };
        if !self.delay_notices.contains(&n) {
            self.delay_notices.push(n);
        }
    }

    /// The claim awaiting the arbiter that pauses the game (Art. 37), if any.
    pub fn awaiting_decision(&self) -> Option<(usize, &Overstep)> {
        self.oversteps
            .iter()
            .enumerate()
            .find(|(_, o)| o.pauses && o.status == OverstepStatus::Claimed)
    }

    /// Oversteps in force or taking effect at once, of one player.
    pub fn effective_oversteps(&self, color: Color) -> usize {
        self.oversteps
            .iter()
            .filter(|o| o.color == color && o.is_effective())
            .count()
    }

    /// First move of the player's current count: 1, or the move after his last overstep
    /// that does not lose the game (Art. 30: in `post` the first; in `email` none, as the
    /// first loses, Art. 29).
    pub fn count_from(&self, params: &Params, color: Color) -> u32 {
        let non_final = usize::try_from(params.oversteps_to_lose.max(1) - 1).unwrap_or(0);
        self.oversteps
            .iter()
            .filter(|o| o.color == color && o.is_effective())
            .take(non_final)
            .last()
            .map_or(1, |o| o.move_number.saturating_add(1))
    }

    /// File a claim by a player or the arbiter (the bot's own claims come from the tick).
    /// `Claimant::Arbiter` declares the overstep at once (Art. 56: "присуждать первую
    /// просрочку"). Returns the index of the claim.
    #[allow(clippy::too_many_arguments)]
    pub fn file_claim(
        &mut self,
        params: &Params,
        offender: Color,
        move_number: u32,
        ground: OverstepGround,
        claimant: Claimant,
        on: Day,
        days: i64,
        limit: i64,
    ) -> Result<(usize, DecisionEffect), ClockError> {
        if self
            .oversteps
            .iter()
            .any(|o| o.color == offender && o.status == OverstepStatus::Claimed && o.pauses)
        {
            return Err(ClockError::AlreadyPending);
        }
        // One overstep per count: a move before the restart, or a count whose overstep is
        // already in force, cannot be claimed again (Art. 30, 34).
        let count_from = self.count_from(params, offender);
        if move_number < count_from
            || self
                .oversteps
                .iter()
                .any(|o| o.color == offender && o.is_effective() && o.count_from == count_from)
        {
            return Err(ClockError::AlreadyClaimed);
        }
        let before = self.effective_oversteps(offender);
        let pauses = pauses_game(params, before);
        let decided = claimant == Claimant::Arbiter;
        self.oversteps.push(Overstep {
            color: offender,
            move_number,
            ground,
            claimant,
            claimed_on: on,
            count_from,
            days,
            limit,
            // A sanction of Art. 56 is a decision itself: nothing to wait for.
            pauses: pauses && !decided,
            status: if decided {
                OverstepStatus::Confirmed
            } else {
                OverstepStatus::Claimed
            },
            decided_on: decided.then_some(on),
            objected_on: None,
        });
        let idx = self.oversteps.len() - 1;
        let effect = self.effect_in_force(params, idx, before);
        Ok((idx, effect))
    }

    /// The arbiter confirms a claim (Art. 38).
    pub fn confirm(
        &mut self,
        params: &Params,
        idx: usize,
        on: Day,
    ) -> Result<DecisionEffect, ClockError> {
        let o = self.pending(idx)?;
        let before = self.effective_before(idx);
        let resumes = o.pauses;
        let o = &mut self.oversteps[idx];
        o.status = OverstepStatus::Confirmed;
        o.decided_on = Some(on);
        let mut effect = self.effect_in_force(params, idx, before);
        effect.resumes = resumes && effect.loser.is_none();
        Ok(effect)
    }

    /// The offender admits the overstep: in force at once (Art. 36 note 3).
    pub fn admit(
        &mut self,
        params: &Params,
        idx: usize,
        on: Day,
    ) -> Result<DecisionEffect, ClockError> {
        let o = self.pending(idx)?;
        let before = self.effective_before(idx);
        let resumes = o.pauses;
        let o = &mut self.oversteps[idx];
        o.status = OverstepStatus::Admitted;
        o.decided_on = Some(on);
        let mut effect = self.effect_in_force(params, idx, before);
        effect.resumes = resumes && effect.loser.is_none();
        Ok(effect)
    }

    /// The offender objects to a confirmed overstep (Art. 39: within 7 days of the decision,
    /// else it counts as admitted).
    pub fn object(&mut self, idx: usize, on: Day) -> Result<(), ClockError> {
        let o = self
            .oversteps
            .get(idx)
            .ok_or(ClockError::NoSuchClaim(idx))?;
        let deadline = o.objection_deadline().ok_or(ClockError::NotConfirmed)?;
        if on > deadline {
            return Err(ClockError::ObjectionTooLate { deadline });
        }
        self.oversteps[idx].objected_on = Some(on);
        Ok(())
    }

    /// The arbiter rejects a claim (Art. 38), or upholds an objection to a confirmed one (Art.
    /// 39). A rejected first overstep in `post` undoes the restart (RULES.md §7); a claim by a
    /// player of a second overstep (`post`) or of any overstep (`email`) costs him +5 days
    /// (Art. 40).
    pub fn reject(
        &mut self,
        params: &Params,
        idx: usize,
        on: Day,
    ) -> Result<DecisionEffect, ClockError> {
        let o = self
            .oversteps
            .get(idx)
            .ok_or(ClockError::NoSuchClaim(idx))?;
        match o.status {
            OverstepStatus::Claimed => {}
            OverstepStatus::Confirmed if o.objected_on.is_some() => {}
            OverstepStatus::Confirmed => return Err(ClockError::NoObjection),
            s => return Err(ClockError::NotPending(s)),
        }
        let before = self.effective_before(idx);
        let was_pausing = o.pauses && o.status == OverstepStatus::Claimed;
        let (color, claimant) = (o.color, o.claimant);
        // Art. 40: only a claim of an overstep that would lose the game (the second in `post`,
        // any in `email`) is penalised when unfounded.
        let to_lose = usize::try_from(params.oversteps_to_lose.max(1)).unwrap_or(usize::MAX);
        let penalised = before + 1 >= to_lose;
        let penalty = match claimant {
            Claimant::Player(c) if penalised => Some(Penalty {
                color: c,
                days: i32::try_from(params.penalty_days).unwrap_or(i32::MAX),
                article: "40".to_string(),
                reason: "unfounded overstep claim".to_string(),
                date: on,
            }),
            _ => None,
        };
        let o = &mut self.oversteps[idx];
        o.status = OverstepStatus::Rejected;
        o.decided_on = Some(on);
        // Decided: a later claim filed against the same player while the first was pending
        // was counted from the restart the rejection undoes; it lapses and the tick looks
        // again on the original count (Art. 38).
        if !penalised {
            for later in self.oversteps.iter_mut().skip(idx + 1) {
                if later.color == color && later.status == OverstepStatus::Claimed {
                    later.status = OverstepStatus::Withdrawn;
                    later.decided_on = Some(on);
                }
            }
        }
        Ok(DecisionEffect {
            loser: None,
            penalty,
            restart: None,
            resumes: was_pausing,
        })
    }

    /// The player on whose behalf the claim was filed withdraws it (Art. 34; Art. 37 note: the
    /// game continuing means the claim was withdrawn). `by` is the withdrawing player.
    pub fn withdraw(
        &mut self,
        idx: usize,
        by: Color,
        on: Day,
    ) -> Result<DecisionEffect, ClockError> {
        let o = self.pending(idx)?;
        if o.color == by || o.claimant == Claimant::Arbiter {
            return Err(ClockError::NotClaimant);
        }
        let resumes = o.pauses;
        let o = &mut self.oversteps[idx];
        o.status = OverstepStatus::Withdrawn;
        o.decided_on = Some(on);
        Ok(DecisionEffect {
            resumes,
            ..DecisionEffect::default()
        })
    }

    fn pending(&self, idx: usize) -> Result<&Overstep, ClockError> {
        let o = self
            .oversteps
            .get(idx)
            .ok_or(ClockError::NoSuchClaim(idx))?;
        if o.status != OverstepStatus::Claimed {
            return Err(ClockError::NotPending(o.status));
        }
        Ok(o)
    }

    fn effective_before(&self, idx: usize) -> usize {
        let Some(o) = self.oversteps.get(idx) else {
            return 0;
        };
        self.oversteps[..idx]
            .iter()
            .filter(|p| p.color == o.color && p.is_effective())
            .count()
    }

    /// What an overstep in force means: loss (Art. 28, 29) or restart (Art. 30).
    fn effect_in_force(&self, params: &Params, idx: usize, before: usize) -> DecisionEffect {
        let Some(o) = self.oversteps.get(idx) else {
            return DecisionEffect::default();
        };
        let in_force = matches!(
            o.status,
            OverstepStatus::Confirmed | OverstepStatus::Admitted
        );
        let mut effect = DecisionEffect::default();
        let to_lose = usize::try_from(params.oversteps_to_lose.max(1)).unwrap_or(usize::MAX);
        if before + 1 >= to_lose {
            if in_force {
                effect.loser = Some(o.color);
            }
        } else {
            // Art. 28, 30: the restart applies at once, even before the decision.
            effect.restart = Some((o.color, o.move_number.saturating_add(1)));
        }
        effect
    }
}

/// Art. 37: the game waits for the decision on an `email` claim and on a second `post` claim.
pub(crate) fn pauses_game(params: &Params, effective_before: usize) -> bool {
    let to_lose = usize::try_from(params.oversteps_to_lose.max(1)).unwrap_or(usize::MAX);
    params.mode == Mode::Email || effective_before + 1 >= to_lose
}

// ---------------------------------------------------------------------------------------------
// The game as the clock sees it
// ---------------------------------------------------------------------------------------------

/// The parts of a game record the clock reads.
#[derive(Clone, Copy, Debug)]
pub struct ClockGame<'a> {
    pub params: &'a Params,
    /// Start date of the tournament (Art. 24).
    pub start: Day,
    pub moves: &'a [PlayedMove],
    pub penalties: &'a [Penalty],
    pub suspensions: &'a [Suspension],
    pub state: &'a ClockState,
    /// A finished game has no running clock and gets no notices.
    pub result: Option<GameResult>,
}

/// Colour of the half-move at `ply` (0-based).
pub fn ply_color(ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// Move number of the half-move at `ply` (0-based).
pub fn ply_number(ply: usize) -> u32 {
    u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX)
}

fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// One row of the per-move table (Art. 35 item 2, Art. 36 item 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTime {
    pub ply: u32,
    pub number: u32,
    #[serde(with = "super::model::color_serde")]
    pub color: Color,
    pub received: Day,
    pub sent: Day,
    pub days: u32,
    /// Played automatically from the mover's own conditional line: 0 days (Art. 32).
    pub from_variant: bool,
    /// Accepted from the opponent's line in one letter: its time is counted on the move at
    /// this ply, the last one the player actually played (Art. 32).
    pub counted_at: Option<u32>,
}

/// A stretch of one player's clock ending in a checkpoint: a single move, or the moves he
/// played in one letter accepting a line (Art. 32).
#[derive(Clone, Copy, Debug)]
struct Unit {
    /// The (first) half-move of the letter.
    first_ply: usize,
    /// The move number the time is counted at (the last one played).
    last: u32,
    received: i32,
    sent: i32,
    days: i64,
    /// Played automatically from his own line: no running time.
    auto: bool,
}

/// What the current (unsent) move of a player looks like.
#[derive(Clone, Copy, Debug)]
struct Next {
    number: u32,
    /// Receipt day when his clock runs and is known.
    received: Option<i32>,
    /// Limit judged against this move (Art. 32: a pending line may reach further).
    limit_move: u32,
}

/// A detected overstep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detection {
    pub color: Color,
    pub move_number: u32,
    pub ground: OverstepGround,
    /// The first day on which it could be claimed.
    pub day: Day,
    pub days: i64,
    pub limit: i64,
    pub count_from: u32,
}

/// The game prepared for counting: calendar, per-move times, checkpoints per player.
pub(crate) struct Prepared<'a> {
    pub(crate) g: ClockGame<'a>,
    pub(crate) now: i32,
    pub(crate) cal: Calendar,
    pub(crate) times: Vec<MoveTime>,
    units: [Vec<Unit>; 2],
    next: [Next; 2],
    pens: [Vec<(i32, i64)>; 2],
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(g: ClockGame<'a>, now: Day) -> Prepared<'a> {
        let now = dn(now);
        let mut spans: Vec<(i32, i32)> = g
            .suspensions
            .iter()
            .map(|s| (dn(s.from), dn(s.to)))
            .collect();
        // Art. 37: while a claim awaits the decision the game is paused; the days after the
        // claim up to the decision are dead time for both clocks.
        for o in &g.state.oversteps {
            if !o.pauses {
                continue;
            }
            let from = dn(o.claimed_on).saturating_add(1);
            let to = match (o.status, o.decided_on) {
                (OverstepStatus::Claimed, _) | (_, None) => i32::MAX,
                (_, Some(d)) => dn(d),
            };
            spans.push((from, to));
        }
        let cal = Calendar::new(spans);
        // Day numbers of every move, computed once (date arithmetic is the hot path).
        // A move's receipt is usually the previous move's sending day: reuse that number.
        let mut memo: Option<(Day, i32)> = None;
        let mut number = |d: Day| match memo {
            Some((md, n)) if md == d => n,
            _ => {
                let n = dn(d);
                memo = Some((d, n));
                n
            }
        };
        let dates: Vec<(i32, i32)> = g
            .moves
            .iter()
            .map(|m| (number(m.received), number(m.sent)))
            .collect();
        let times = move_times(g.moves, &dates, &cal);

        let half = times.len() / 2 + 1;
        let mut units: [Vec<Unit>; 2] = [Vec::with_capacity(half), Vec::with_capacity(half)];
        let mut i = 0;
        while i < times.len() {
            let t = &times[i];
            let s = side(t.color);
            if t.from_variant {
                units[s].push(Unit {
                    first_ply: i,
                    last: t.number,
                    received: dates[i].0,
                    sent: dates[i].1,
                    days: 0,
                    auto: true,
                });
                i += 1;
                continue;
            }
            match t.counted_at {
                Some(at) if at as usize != i => {
                    i += 1;
                    continue;
                }
                _ => {}
            }
            // The unit starts at the first move of a letter accepting a line (Art. 32).
            let mut first = i;
            while first >= 2 && times[first - 2].counted_at == Some(i as u32) {
                first -= 2;
            }
            units[s].push(Unit {
                first_ply: first,
                last: t.number,
                received: dates[first].0,
                sent: dates[i].1,
                days: i64::from(t.days),
                auto: false,
            });
            i += 1;
        }

        let n = g.moves.len();
        let finished = g.result.is_some();
        let to_move = ply_color(n);
        let mut next = [Next {
            number: 1,
            received: None,
            limit_move: 1,
        }; 2];
        for c in [Color::White, Color::Black] {
            // His next move: one more than the moves he has (a letter accepting a line holds
            // several of them, Art. 32).
            let own = if c == Color::White {
                n.div_ceil(2)
            } else {
                n / 2
            };
            let number = u32::try_from(own + 1).unwrap_or(u32::MAX);
            let received = if c == to_move && !finished {
                running_received(&g)
            } else {
                None
            };
            let limit_move = match g.state.pending_line {
                Some(l) if c == to_move && l.ply as usize == n => l.reach_move.max(number),
                _ => number,
            };
            next[side(c)] = Next {
                number,
                received: received.map(dn),
                limit_move,
            };
        }
        let mut pens: [Vec<(i32, i64)>; 2] = [Vec::new(), Vec::new()];
        for p in g.penalties {
            pens[side(p.color)].push((dn(p.date), i64::from(p.days)));
        }
        for v in &mut pens {
            v.sort_unstable();
        }
        Prepared {
            g,
            now,
            cal,
            times,
            units,
            next,
            pens,
        }
    }

    fn limit(&self, count_from: u32, number: u32) -> i64 {
        let p = self.g.params;
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(p.period_moves.max(1));
        let periods = (k + per - 1) / per;
        periods.max(1) * i64::from(p.period_days)
    }

    fn period(&self, count_from: u32, number: u32) -> i64 {
        let k = i64::from(number.saturating_sub(count_from)) + 1;
        let per = i64::from(self.g.params.period_moves.max(1));
        (k + per - 1) / per
    }

    /// Penalties after this day belong to the new count (Art. 30); see `count_cut`.
    fn count_cut(&self, c: Color, count_from: u32) -> i32 {
        if count_from <= 1 {
            return i32::MIN;
        }
        // Decided (Art. 30): penalties for the move at which the overstep was claimed, or
        // earlier, stay in the old count; those after it was sent go to the new one.
        self.units[side(c)]
            .iter()
            .find(|u| u.last + 1 >= count_from)
            .map_or(i32::MAX, |u| u.sent)
    }

    fn pens_upto(&self, c: Color, cut: i32, d: i32) -> i64 {
        self.pens[side(c)]
            .iter()
            .filter(|&&(pd, _)| pd > cut && pd <= d)
            .map(|&(_, n)| n)
            .sum()
    }

    /// Running days of the side to move as of `now` (0 when his receipt is unknown).
    pub(crate) fn running_days(&self, c: Color) -> Option<i64> {
        let r = self.next[side(c)].received?;
        Some(self.cal.thinking(r, self.now))
    }

    /// The player's time in his current count and the parts of it.
    pub(crate) fn side_clock(&self, c: Color) -> SideClock {
        let r = self.g.state.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        let units = &self.units[side(c)];
        let moves_all: i64 = units.iter().map(|u| u.days).sum();
        let moves_count: i64 = units.iter().filter(|u| u.last >= r).map(|u| u.days).sum();
        let pens_all: i64 = self.pens[side(c)].iter().map(|&(_, n)| n).sum();
        let pens_count = self.pens_upto(c, cut, i32::MAX);
        let next = self.next[side(c)];
        let running = self.running_days(c);
        let run = running.unwrap_or(0);
        let run_count = if next.number >= r { run } else { 0 };
        let total = moves_count + pens_count + run_count;
        let allowance = self.limit(r, next.number.max(r));
        let on_leave = self
            .g
            .suspensions
            .iter()
            .any(|s| s.color == Some(c) && dn(s.from) <= self.now && self.now <= dn(s.to));
        SideClock {
            game_days: moves_all + pens_all + run,
            total_days: total,
            running_days: running,
            penalty_days: pens_all,
            oversteps: u32::try_from(self.g.state.effective_oversteps(c)).unwrap_or(u32::MAX),
            on_leave,
            move_number: next.number,
            count_from: r,
            allowance,
            days_left: allowance - total,
        }
    }

    /// The first overstep of Art. 27 (30 after a restart) not yet claimed in the player's
    /// current count, up to `now`.
    pub(crate) fn detect_period(&self, c: Color) -> Option<Detection> {
        let st = self.g.state;
        let mode = self.g.params.mode;
        let to_lose = usize::try_from(self.g.params.oversteps_to_lose.max(1)).unwrap_or(1);
        if st.effective_oversteps(c) >= to_lose {
            return None;
        }
        let r = st.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        // Art. 34, 38: after a rejected or withdrawn claim the bot does not claim again in the
        // same 10-move period of the same count; the next situation is the next period.
        let suppressed: Vec<i64> = st
            .oversteps
            .iter()
            .filter(|o| {
                o.color == c
                    && o.ground == OverstepGround::Period
                    && o.count_from == r
                    && matches!(
                        o.status,
                        OverstepStatus::Rejected | OverstepStatus::Withdrawn
                    )
            })
            .map(|o| self.period(r, o.move_number))
            .collect();
        // An effective overstep in this count already claimed (email pending, or post second).
        let claimed_here: Option<u32> = st
            .oversteps
            .iter()
            .filter(|o| o.color == c && o.is_effective() && o.count_from == r)
            .map(|o| o.move_number)
            .min();
        if claimed_here.is_some() {
            return None;
        }
        let start = dn(self.g.start).saturating_sub(2);
        let mut prev_sent = start;
        let mut base: i64 = 0;
        let post = mode == Mode::Post;
        let checkpoints = self.units[side(c)].iter().map(|u| (u.last, Some(*u)));
        let next = self.next[side(c)];
        let all = checkpoints.chain(std::iter::once((next.number, None)));
        for (last, unit) in all {
            if last < r {
                if let Some(u) = unit {
                    prev_sent = u.sent;
                }
                continue;
            }
            let limit_move = if unit.is_none() {
                next.limit_move
            } else {
                last
            };
            let limit = self.limit(r, limit_move);
            let (hi, run) = match unit {
                Some(u) if u.auto => (u.sent, Run::Nothing),
                // `post`: only a reported card shows the time (Art. 23 А).
                Some(u) if post => (u.sent, Run::Step(u.sent, u.days)),
                Some(u) => (u.sent, Run::Running(u.received)),
                None if post => (self.now, Run::Nothing),
                None => (self.now, next.received.map_or(Run::Nothing, Run::Running)),
            };
            let skip = suppressed.contains(&self.period(r, limit_move));
            // Quick bound: the total is largest at the end of the window; when even that is
            // within the limit, nothing crosses in it.
            let hi_now = hi.min(self.now);
            let quiet = hi_now <= prev_sent
                || base + self.pens_upto(c, cut, hi_now) + run.at(&self.cal, hi_now) <= limit;
            if !skip
                && !quiet
                && let Some((d, total)) =
                    self.first_crossing(c, cut, base, prev_sent, hi.min(self.now), limit, run)
            {
                // Before the letter went off he was thinking about its first move; the time is
                // judged at its last one (Art. 32), and claimed at the move he was at.
                let move_number = match unit {
                    Some(u) if d < u.sent => ply_number(u.first_ply),
                    _ => last,
                };
                return Some(Detection {
                    color: c,
                    move_number,
                    ground: OverstepGround::Period,
                    day: day(d),
                    days: total,
                    limit,
                    count_from: r,
                });
            }
            if let Some(u) = unit {
                base += u.days;
                prev_sent = u.sent;
            }
        }
        None
    }

    /// The first day in `(lo, hi]` on which the player's time exceeds `limit`.
    #[allow(clippy::too_many_arguments)]
    fn first_crossing(
        &self,
        c: Color,
        cut: i32,
        base: i64,
        lo: i32,
        hi: i32,
        limit: i64,
        run: Run,
    ) -> Option<(i32, i64)> {
        let mut s = lo.checked_add(1)?;
        if s > hi {
            return None;
        }
        // Penalty days split the window: the total jumps on each (sorted by day).
        let pens = &self.pens[side(c)];
        let next_break = |after: i32| {
            pens.iter()
                .map(|&(d, _)| d)
                .find(|&d| d > cut && d > after && d <= hi)
        };
        loop {
            let e = match next_break(s) {
                Some(b) => b - 1,
                None => hi,
            };
            if e >= s {
                let p = self.pens_upto(c, cut, s);
                let x = limit - base - p;
                if let Some(d) = run.first_above(&self.cal, x, s, e) {
                    return Some((d, base + p + run.at(&self.cal, d)));
                }
            }
            if e >= hi {
                return None;
            }
            s = e + 1;
        }
    }

    /// The first overstep not yet claimed, of either player (Art. 27, 31); on the same day
    /// White's before Black's, Art. 27 before Art. 31.
    pub(crate) fn next_claim(&self) -> Option<Detection> {
        if self.g.result.is_some() || self.g.state.awaiting_decision().is_some() {
            return None;
        }
        [
            self.detect_period(Color::White),
            self.detect_period(Color::Black),
            self.detect_silence(Color::White),
            self.detect_silence(Color::Black),
        ]
        .into_iter()
        .flatten()
        .min_by_key(|d| (d.day, side(d.color)))
    }

    /// Art. 31 (`email`): the first silence of the player of more than 40 days without a delay
    /// notice, not yet claimed, up to `now`: over his answered letters (hindsight, so a sweep
    /// after downtime files what a daily sweep would have) and the move still awaited.
    pub(crate) fn detect_silence(&self, c: Color) -> Option<Detection> {
        let p = self.g.params;
        if p.mode != Mode::Email || self.g.result.is_some() {
            return None;
        }
        let st = self.g.state;
        let after = i64::from(p.notice_days) + 1;
        let repeat = i64::from(p.repeat_after_days.max(1));
        let n = self.g.moves.len();
        // Every stretch he was silent: each letter he sent, then the move still awaited.
        let answered = self.units[side(c)]
            .iter()
            .filter(|u| !u.auto)
            .map(|u| (u.first_ply, u.received, Some(u.sent)));
        let awaited = match self.next[side(c)].received {
            Some(f) if ply_color(n) == c => Some((n, f, None)),
            _ => None,
        };
        for (ply, f, sent) in answered.chain(awaited) {
            // Art. 31: more than 40 days (leave excluded, Art. 45), and only after the repeat
            // of Art. 26 was due.
            let claim = self
                .cal
                .nth_counted_after(f, after)
                .max(self.cal.nth_counted_after(f, repeat));
            if claim > self.now {
                break;
            }
            // An answer sent that day is too late, as a running clock counts that day
            // (RULES.md §3); a delay notice by then suspends the claim (Art. 25).
            if sent.is_some_and(|s| s < claim) || self.delay_notice_by(c, ply, claim) {
                continue;
            }
            let number = ply_number(ply);
            if st.oversteps.iter().any(|o| {
                o.color == c && o.ground == OverstepGround::Silence && o.move_number == number
            }) {
                continue;
            }
            let r = st.count_from(p, c);
            return Some(Detection {
                color: c,
                move_number: number,
                ground: OverstepGround::Silence,
                day: day(claim),
                days: self.total_on(c, claim),
                limit: self.limit(r, number.max(r)),
                count_from: r,
            });
        }
        None
    }

    /// A delay notice from `c` for the move at `ply` received on or before `by`.
    pub(crate) fn delay_notice_by(&self, c: Color, ply: usize, by: i32) -> bool {
        self.g
            .state
            .delay_notices
            .iter()
            .any(|n| n.color == c && n.ply as usize == ply && dn(n.received_on) <= by)
    }

    /// The player's time in his current count as of day `d` (≤ now), running clock included.
    pub(crate) fn total_on(&self, c: Color, d: i32) -> i64 {
        let r = self.g.state.count_from(self.g.params, c);
        let cut = self.count_cut(c, r);
        let done: i64 = self.units[side(c)]
            .iter()
            .filter(|u| u.last >= r)
            .map(|u| {
                if u.sent <= d {
                    u.days
                } else if u.received < d && !u.auto {
                    // The move was on his clock that day: as if sent on d (RULES.md §3).
                    self.cal.thinking(u.received, d)
                } else {
                    0
                }
            })
            .sum();
        let next = self.next[side(c)];
        let run = match next.received {
            Some(rec) if next.number >= r => self.cal.thinking(rec, d),
            _ => 0,
        };
        done + self.pens_upto(c, cut, d) + run
    }

    /// The silence of the side to move: the day counting starts from (the forwarding day in
    /// `email`, the waiting player's sending day in `post`, Art. 26), and the colour.
    pub(crate) fn silence_from(&self) -> Option<(Color, i32)> {
        if self.g.result.is_some() {
            return None;
        }
        let ply = self.g.moves.len();
        let c = ply_color(ply);
        let f = match self.g.params.mode {
            Mode::Email => self.next[side(c)].received?,
            // Art. 26: "в течении 14 дней от даты отправления своего хода".
            Mode::Post => match self.g.moves.last() {
                Some(m) => dn(m.sent),
                // Decided (Art. 24): before White's move 1 the silence runs from the start.
                None => dn(self.g.start).saturating_sub(1),
            },
        };
        Some((c, f))
    }

    /// `post`: the first day the running clock of the side to move (receipt known) is past his
    /// limit; the arbiter is told instead of a claim (Art. 23 А, Art. 30 note).
    pub(crate) fn detect_running_post(&self) -> Option<Detection> {
        if self.g.params.mode != Mode::Post || self.g.result.is_some() {
            return None;
        }
        let c = ply_color(self.g.moves.len());
        let next = self.next[side(c)];
        let rec = next.received?;
        let r = self.g.state.count_from(self.g.params, c);
        if next.number < r {
            return None;
        }
        let cut = self.count_cut(c, r);
        let base: i64 = self.units[side(c)]
            .iter()
            .filter(|u| u.last >= r)
            .map(|u| u.days)
            .sum();
        let lo = self.units[side(c)]
            .last()
            .map_or(dn(self.g.start).saturating_sub(2), |u| u.sent);
        let limit = self.limit(r, next.limit_move.max(r));
        let (d, total) =
            self.first_crossing(c, cut, base, lo, self.now, limit, Run::Running(rec))?;
        Some(Detection {
            color: c,
            move_number: next.number,
            ground: OverstepGround::Period,
            day: day(d),
            days: total,
            limit,
            count_from: r,
        })
    }
}

/// How the time of the move under test grows inside its window.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// No time of its own (played from the mover's line, or not his turn).
    Nothing,
    /// A clock running from this receipt day (`email`, or `post` with a known receipt).
    Running(i32),
    /// `post`: the card's time becomes known on its sending day.
    Step(i32, i64),
}

impl Run {
    fn at(self, cal: &Calendar, d: i32) -> i64 {
        match self {
            Run::Nothing => 0,
            Run::Running(r) => cal.thinking(r, d),
            Run::Step(at, days) => {
                if d >= at {
                    days
                } else {
                    0
                }
            }
        }
    }

    /// The first day in `[s, e]` on which this run exceeds `x`.
    fn first_above(self, cal: &Calendar, x: i64, s: i32, e: i32) -> Option<i32> {
        if x < 0 {
            return Some(s);
        }
        let d = match self {
            Run::Nothing => return None,
            // time = counted − 1 > x  ⇔  counted ≥ x + 2
            Run::Running(r) => cal.nth_counted_after(r, x + 2),
            Run::Step(at, days) => {
                if days > x {
                    at
                } else {
                    return None;
                }
            }
        };
        let d = d.max(s);
        (d <= e).then_some(d)
    }
}

/// Were two moves sent in one letter? By the letter's number; for records without it, by the
/// sending day.
fn same_letter(a: &PlayedMove, b: &PlayedMove) -> bool {
    if a.letter != 0 && b.letter != 0 {
        a.letter == b.letter
    } else {
        a.sent == b.sent
    }
}

/// Per-move times of the record (RULES.md §3, Art. 32).
fn move_times(moves: &[PlayedMove], dates: &[(i32, i32)], cal: &Calendar) -> Vec<MoveTime> {
    let n = moves.len();
    let mut out: Vec<MoveTime> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| MoveTime {
            ply: u32::try_from(i).unwrap_or(u32::MAX),
            number: ply_number(i),
            color: ply_color(i),
            received: m.received,
            sent: m.sent,
            days: 0,
            from_variant: m.from_variant,
            counted_at: None,
        })
        .collect();
    let mut i = 0;
    while i < n {
        if moves[i].from_variant || out[i].counted_at.is_some() {
            i += 1;
            continue;
        }
        // Art. 32: moves the receiver accepted from the opponent's line and sent in one letter
        // (the opponent's moves in between played from his line, the same sending day) count
        // as one stretch of time, attributed to the last move he actually played.
        let mut last = i;
        while last + 2 < n
            && moves[last + 1].from_variant
            && !moves[last + 2].from_variant
            && same_letter(&moves[i], &moves[last + 2])
        {
            last += 2;
        }
        let days = cal.thinking(dates[i].0, dates[last].1);
        out[last].days = u32::try_from(days).unwrap_or(u32::MAX);
        if last != i {
            let at = u32::try_from(last).unwrap_or(u32::MAX);
            let mut j = i;
            while j < last {
                out[j].counted_at = Some(at);
                j += 2;
            }
            out[last].counted_at = Some(at);
        }
        i += 1;
    }
    out
}

/// The receipt day of the side to move, when known (RULES.md §3; INTERFACE.md `status`).
fn running_received(g: &ClockGame<'_>) -> Option<Day> {
    let n = g.moves.len();
    if let Some(r) = g.state.receipt
        && r.ply as usize == n
    {
        return Some(r.day);
    }
    match g.moves.last() {
        // Art. 24: White's move 1 runs from the start date (received the day before).
        None => Some(day(dn(g.start).saturating_sub(1))),
        // `email`: the bot forwards a move the day it arrives.
        Some(m) if g.params.mode == Mode::Email => Some(m.sent),
        // `post`: only the receiver's report tells (INTERFACE.md status).
        Some(_) => None,
    }
}

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

/// One player's clock as of a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideClock {
    /// All his thinking time in the game, penalties and the running clock included.
    pub game_days: i64,
    /// His time in the current count: from move 1, or from the restart move after a first
    /// overstep in `post` (Art. 7 З note, Art. 30). This is what letters and `status` show
    /// and what oversteps are judged on.
    pub total_days: i64,
    /// The running clock, when it is his move and his receipt date is known.
    pub running_days: Option<i64>,
    pub penalty_days: i64,
    /// Oversteps in force or taking effect at once.
    pub oversteps: u32,
    pub on_leave: bool,
    /// The move he is playing or thinking about (his next move).
    pub move_number: u32,
    /// First move of the current count (1, or the restart move, Art. 30).
    pub count_from: u32,
    /// Allowed total up to the end of the current 10-move period (Art. 23 В, 27).
    pub allowance: i64,
    /// `allowance − total_days`; negative when over.
    pub days_left: i64,
}

/// The clocks of a game as of a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReport {
    pub moves: Vec<MoveTime>,
    pub white: SideClock,
    pub black: SideClock,
    /// `None` when the game is finished.
    #[serde(with = "super::model::opt_color_serde")]
    pub to_move: Option<Color>,
    /// Paused awaiting the arbiter's decision on this claim (Art. 37).
    pub awaiting_decision: Option<usize>,
}

impl ClockReport {
    pub fn side(&self, c: Color) -> &SideClock {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// The clocks of a game as of `now`.
pub fn report(g: &ClockGame<'_>, now: Day) -> ClockReport {
    let p = Prepared::new(*g, now);
    ClockReport {
        white: p.side_clock(Color::White),
        black: p.side_clock(Color::Black),
        to_move: g.result.is_none().then(|| ply_color(g.moves.len())),
        awaiting_decision: g.state.awaiting_decision().map(|(i, _)| i),
        moves: p.times,
    }
}

/// The first overstep not yet claimed, of either player, detectable by `now` (Art. 27, 31).
pub fn detect_overstep(g: &ClockGame<'_>, now: Day) -> Option<Detection> {
    if g.result.is_some() || g.state.awaiting_decision().is_some() {
        return None;
    }
    Prepared::new(*g, now).next_claim()
}

// ---------------------------------------------------------------------------------------------
// Evidence for a claim (Art. 35, 36)
// ---------------------------------------------------------------------------------------------

/// What an overstep claim carries (Art. 35, 36): the full score, the per-move table with
/// receipt and sending dates, the totals and the position at the overstep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverstepEvidence {
    #[serde(with = "super::model::color_serde")]
    pub offender: Color,
    pub move_number: u32,
    /// Full score in SAN (the lead renders the tournament's notation).
    pub score: Vec<String>,
    pub moves: Vec<MoveTime>,
    /// Both players' time in their current counts on the claim day.
    pub white_days: i64,
    pub black_days: i64,
    pub limit: i64,
    /// Position after the offender's move at the overstep, or the current one when he has
    /// not played it; `None` when the record cannot be replayed from the initial position.
    pub fen: Option<String>,
}

/// Evidence for a detected overstep, as of the day it became due.
pub fn evidence(g: &ClockGame<'_>, d: &Detection) -> OverstepEvidence {
    let p = Prepared::new(*g, d.day);
    let ply_after = (d.move_number as usize)
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(side(d.color))
        .saturating_add(1)
        .min(g.moves.len());
    OverstepEvidence {
        offender: d.color,
        move_number: d.move_number,
        score: g.moves.iter().map(|m| m.san.clone()).collect(),
        moves: p.times.clone(),
        white_days: p.total_on(Color::White, dn(d.day)),
        black_days: p.total_on(Color::Black, dn(d.day)),
        limit: d.limit,
        fen: fen_after(g.moves, ply_after),
    }
}

/// FEN after the first `plies` moves, replayed from the initial position.
pub fn fen_after(moves: &[PlayedMove], plies: usize) -> Option<String> {
    let mut pos = Chess::default();
    for m in moves.iter().take(plies) {
        let uci: UciMove = m.uci.parse().ok()?;
        let mv = uci.to_move(&pos).ok()?;
        pos = pos.play(mv).ok()?;
    }
    Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

// ---------------------------------------------------------------------------------------------
// Penalties the clock side knows about
// ---------------------------------------------------------------------------------------------

/// A penalty of `params.penalty_days` (Art. 10 declined variant played move by move, Art. 17
/// impossible/incorrect/unclear move, Art. 22 unfounded complaint, Art. 40 unfounded claim).
pub fn penalty(params: &Params, color: Color, article: &str, reason: &str, date: Day) -> Penalty {
    Penalty {
        color,
        days: i32::try_from(params.penalty_days).unwrap_or(i32::MAX),
        article: article.to_string(),
        reason: reason.to_string(),
        date,
    }
}
