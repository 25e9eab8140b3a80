//! Oversteps and their claims (Art. 33–40): a player files, admits, objects to or withdraws
//! a claim; the arbiter confirms or rejects it (Art. 37, 38).

use shakmaty::Color;

use crate::rules::clock;
use crate::rules::letter;
use crate::rules::model::{Day, Kind};
use crate::rules::verdict::Verdict;

use super::decision::GameRefusal;
use super::effects::{
    ClaimRefusal, Effect, Handled, Msg, PlayerAct, Ruling, Told, ended_effects, win_for,
};
use super::record::{GameRecord, Role, Status, Termination};

/// An arbiter's decision on an overstep claim (Art. 37, 38): `confirm` or `reject`.
pub fn decide_claim(
    rec: &GameRecord,
    idx: Option<usize>,
    confirm: bool,
    today: Day,
) -> Result<Handled, GameRefusal> {
    let mut next = rec.clone();
    let idx = match idx {
        Some(i) => i,
        None => next
            .clock
            .oversteps
            .iter()
            .rposition(|o| o.status == clock::OverstepStatus::Claimed)
            // After a timely objection (Art. 39) the confirmed claim is decided again.
            .or_else(|| {
                next.clock.oversteps.iter().rposition(|o| {
                    o.status == clock::OverstepStatus::Confirmed && o.objected_on.is_some()
                })
            })
            .ok_or(GameRefusal::NoPendingClaim)?,
    };
    let effect = if confirm {
        next.clock.confirm(&rec.params, idx, today)
    } else {
        next.clock.reject(&rec.params, idx, today)
    }
    .map_err(GameRefusal::Claim)?;
    let mut effects = Vec::new();
    let ruling = if confirm {
        Ruling::ClaimConfirmed { claim: idx }
    } else {
        Ruling::ClaimRejected { claim: idx }
    };
    for to in [Role::White, Role::Black, Role::Arbiter] {
        effects.push(Effect {
            to,
            kind: Kind::Decision,
            msg: Msg::Decision(ruling),
        });
    }
    if let Some(p) = effect.penalty {
        next.penalties.push(p);
    }
    // An objection upheld (Art. 39): the overstep is undone, and with it the loss.
    if !confirm && rec.termination == Some(Termination::Overstep) && effect.loser.is_none() {
        next.status = Status::Playing;
        next.result = None;
        next.termination = None;
    }
    if next.clock.awaiting_decision().is_none() && next.status == Status::AwaitingDecision {
        next.status = Status::Playing;
    }
    if let Some(loser) = effect.loser {
        next.finish(win_for(loser.other()), Termination::Overstep);
        ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
    }
    Ok(Handled::changed(next, effects))
}

/// What a player may say about an overstep claim (Art. 34–40).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ClaimWord {
    /// Art. 35, 36: the player claims his opponent's overstep himself.
    File,
    /// Art. 36 note 3: the offender admits it — in force at once.
    Admit,
    /// Art. 39: the offender objects to a confirmed overstep within 7 days.
    Object,
    /// Art. 34, 37 note: the player on whose behalf it was claimed withdraws it.
    Withdraw,
}

fn claim_word(text: &str) -> Option<ClaimWord> {
    let t = text.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
    if has(&[
        "withdraw claim",
        "withdraw the claim",
        "оттеглям рекламацията",
        "отзываю рекламацию",
        "снимаю рекламацию",
    ]) {
        Some(ClaimWord::Withdraw)
    } else if has(&[
        "admit overstep",
        "admit the overstep",
        "признавам просрочването",
        "признавам просрочка",
        "признаю просрочку",
        "признаю превышение",
    ]) {
        Some(ClaimWord::Admit)
    } else if has(&[
        "objection",
        "i object",
        "възражение",
        "възразявам",
        "возражение",
        "возражаю",
    ]) {
        Some(ClaimWord::Object)
    } else if has(&[
        "claim overstep",
        "overstep claim",
        "рекламация за просрочване",
        "рекламирам просрочване",
        "рекламация о просрочке",
        "заявляю просрочку",
    ]) {
        Some(ClaimWord::File)
    } else {
        None
    }
}

/// A letter about an overstep claim: filed by a player, admitted, objected to, withdrawn.
/// `None` when the letter says none of these (it is then read as an ordinary letter).
pub(super) fn claim_letter(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
) -> Option<Handled> {
    let word = claim_word(text)?;
    // A letter with a move is a move letter: words in its prose ("no objection") must never
    // cost the player his move.
    if !letter::read_letter(text, rec.notation, rec.params.allow_numeric, today)
        .items
        .is_empty()
    {
        return None;
    }
    if rec.status == Status::Finished && word != ClaimWord::Object {
        return None;
    }
    let mut next = rec.clone();
    let sender = Role::of(from);
    let last_against = |c: Color, status: clock::OverstepStatus| {
        rec.clock
            .oversteps
            .iter()
            .rposition(|o| o.color == c && o.status == status)
    };
    let outcome: Result<(clock::DecisionEffect, PlayerAct), ClaimRefusal> = match word {
        ClaimWord::File => {
            let report = rec.clocks(today);
            let side = report.side(from.other());
            next.clock
                .file_claim(
                    &rec.params,
                    from.other(),
                    side.move_number,
                    clock::OverstepGround::Period,
                    clock::Claimant::Player(from),
                    today,
                    side.total_days,
                    side.allowance,
                )
                .map(|(_, e)| (e, PlayerAct::ClaimFiled))
                .map_err(ClaimRefusal::Clock)
        }
        ClaimWord::Admit => match last_against(from, clock::OverstepStatus::Claimed) {
            Some(i) => next
                .clock
                .admit(&rec.params, i, today)
                .map(|e| (e, PlayerAct::Admitted))
                .map_err(ClaimRefusal::Clock),
            None => Err(ClaimRefusal::NothingToAdmit),
        },
        ClaimWord::Object => match last_against(from, clock::OverstepStatus::Confirmed) {
            Some(i) => next
                .clock
                .object(i, today)
                .map(|()| (clock::DecisionEffect::default(), PlayerAct::Objection))
                .map_err(ClaimRefusal::Clock),
            None => Err(ClaimRefusal::NothingToObject),
        },
        ClaimWord::Withdraw => match last_against(from.other(), clock::OverstepStatus::Claimed) {
            Some(i) => next
                .clock
                .withdraw(i, from, today)
                .map(|e| (e, PlayerAct::Withdrawn))
                .map_err(ClaimRefusal::Clock),
            None => Err(ClaimRefusal::NothingToWithdraw),
        },
    };
    let mut effects = Vec::new();
    match outcome {
        Err(why) => {
            effects.push(Effect {
                to: sender,
                kind: Kind::Error,
                msg: Msg::Told(Told::ClaimRefused(why)),
            });
            return Some(Handled {
                record: None,
                effects,
                requests: Vec::new(),
            });
        }
        Ok((effect, act)) => {
            if next.clock.awaiting_decision().is_some() {
                next.status = Status::AwaitingDecision;
            } else if next.status == Status::AwaitingDecision {
                next.status = Status::Playing;
            }
            let msg = Msg::Decision(Ruling::ByPlayer { act, by: from });
            for to in [Role::White, Role::Black, Role::Arbiter] {
                effects.push(Effect {
                    to,
                    kind: if word == ClaimWord::File {
                        Kind::OverstepClaim
                    } else {
                        Kind::Decision
                    },
                    msg: msg.clone(),
                });
            }
            if let Some(p) = effect.penalty {
                next.penalties.push(p);
            }
            if let Some(loser) = effect.loser {
                next.finish(win_for(loser.other()), Termination::Overstep);
                ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
            }
        }
    }
    Some(Handled::changed(next, effects))
}

/// Art. 37: while the game waits for the arbiter nothing is judged — a legal move and an
/// impossible one get the same explanatory answer, and no penalty.
pub(super) fn waits_for_arbiter(rec: &GameRecord, verdict: &Verdict) -> bool {
    let suspended =
        rec.status == Status::AwaitingDecision && rec.clock.awaiting_decision().is_some();
    let has_move = matches!(
        verdict,
        Verdict::Accepted(_)
            | Verdict::Impossible(_)
            | Verdict::Incorrect(_)
            | Verdict::Unclear(_)
            | Verdict::TwoReadings(_)
    );
    suspended && has_move
}
