//! The arbiter's sanctions (Art. 56, 57): penalty days with the article cited, an overstep
//! declared as a sanction, and a player's appeal to the Board within 7 days.

use shakmaty::Color;

use crate::rules::clock;
use crate::rules::letter;
use crate::rules::model::{Day, GameResult, Kind, Penalty};

use super::effects::{
    Change, Effect, Handled, Msg, PenaltyReason, Ruling, Told, ended_effects, tell_all, win_for,
};
use super::end::{APPEAL_DAYS, set_result};
use super::record::Status;
use super::record::{GameRecord, Role, Termination};

/// Penalty days by the arbiter (Art. 56), with reason; negative days take them back.
pub fn arbiter_penalty(
    rec: &GameRecord,
    color: Color,
    days: i32,
    reason: &str,
    today: Day,
) -> Handled {
    let mut next = rec.clone();
    let article = crate::rules::arbiter::penalty_article(reason);
    next.penalties.push(Penalty {
        color,
        days,
        article: article.clone(),
        reason: reason.to_string(),
        date: today,
    });
    let msg = Msg::Penalty {
        color: Role::of(color),
        days,
        article,
        reason: PenaltyReason::Words(reason.to_string()),
    };
    let effects = tell_all(Kind::Decision, &msg);
    Handled::changed(next, effects)
}

/// Art. 57: a player may appeal a sanction of the arbiter (penalty days, Art. 56) to the
/// Board within 7 days; the appeal is recorded with its date and told to the arbiter (who
/// forwards it), the game goes on meanwhile.
pub(super) fn sanction_appeal(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
) -> Option<Handled> {
    let t = text.to_lowercase();
    if !["appeal", "обжалвам", "обжалую", "обжалване"]
        .iter()
        .any(|w| t.contains(w))
    {
        return None;
    }
    let (idx, p) = rec
        .penalties
        .iter()
        .enumerate()
        .rev()
        .find(|(_, p)| p.color == from && p.article != "17")?;
    // A letter with a move is a move letter: "appeal" in its prose must not swallow the move.
    if !letter::read_letter(text, rec.notation, rec.params.allow_numeric, today)
        .items
        .is_empty()
    {
        return None;
    }
    let sender = Role::of(from);
    if today > p.date + chrono::Duration::days(APPEAL_DAYS) {
        return Some(Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Error,
            msg: Msg::Told(Told::SanctionAppealLate {
                sanctioned: p.date,
                ended: p.date + chrono::Duration::days(APPEAL_DAYS),
            }),
        }]));
    }
    let mut next = rec.clone();
    next.sanction_appeals.push((sender, today, idx));
    let msg = Msg::Told(Told::SanctionAppealed {
        by: from,
        sanctioned: p.date,
        days: p.days,
        article: p.article.clone(),
        reason: p.reason.clone(),
    });
    let effects = vec![
        Effect {
            to: Role::Arbiter,
            kind: Kind::Decision,
            msg: msg.clone(),
        },
        Effect {
            to: sender,
            kind: Kind::Ack,
            msg,
        },
    ];
    Some(Handled::changed(next, effects))
}

/// Art. 56: an overstep declared by the arbiter as a sanction — in force at once: `email` (or a
/// second one in `post`) loses the game, a first one in `post` restarts the count (Art. 30).
pub fn declare_overstep(
    rec: &GameRecord,
    color: Color,
    today: Day,
) -> Result<Handled, super::decision::GameRefusal> {
    let mut next = rec.clone();
    let side = rec.clocks(today);
    let s = side.side(color);
    let (_, effect) = next
        .clock
        .file_claim(
            &rec.params,
            color,
            s.move_number,
            clock::OverstepGround::Sanction,
            clock::Claimant::Arbiter,
            today,
            s.total_days,
            s.allowance,
        )
        .map_err(super::decision::GameRefusal::Claim)?;
    let msg = Msg::Decision(Ruling::OverstepDeclared { against: color });
    let mut effects = tell_all(Kind::Decision, &msg);
    if let Some(loser) = effect.loser {
        next.finish(win_for(loser.other()), Termination::Overstep);
        ended_effects(&mut effects, win_for(loser.other()), Termination::Overstep);
    }
    Ok(Handled::changed(next, effects))
}

/// Art. 56: `player` excluded from the tournament: each of his unfinished games is lost by
/// forfeit; finished games stand.
pub fn exclude(games: &[GameRecord], player: &str) -> Vec<Change> {
    games
        .iter()
        .filter(|g| g.status != Status::Finished)
        .filter_map(|g| {
            let color = g.color_of(player)?;
            Some(Change {
                handled: set_result(g, win_for(color.other()), Termination::Forfeit),
                what: super::decision::Action::ForfeitByExclusion,
                article: "56",
            })
        })
        .collect()
}

/// Art. 56: a game forfeited — the side named loses; `None`: both lose.
pub fn forfeit(rec: &GameRecord, loser: Option<Color>) -> Handled {
    let result = loser.map_or(GameResult::BothLose, |l| win_for(l.other()));
    set_result(rec, result, Termination::Forfeit)
}
