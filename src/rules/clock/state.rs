//! The claim state (Art. 25–40, 56): [`ClockState`], the one value the game record keeps for the
//! clock — receipts, delay notices, pending lines, notices issued, overstep claims and their
//! fate — and the arbiter's decisions as pure transitions on it (Art. 37–40).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::model::{Color, Day, Mode, Params, Penalty};

use super::*;

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
    #[serde(with = "crate::rules::model::color_serde")]
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
    Player(#[serde(with = "crate::rules::model::color_serde")] Color),
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
    #[serde(with = "crate::rules::model::color_serde")]
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
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
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
