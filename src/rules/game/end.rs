//! The end of the tournament (Art. 49–55): the Art. 51 reminder (`post`), proposals asked and
//! recorded (Art. 52), the adjudicator's decision (Art. 53) and the appeal to the second
//! adjudicator (Art. 55), the decision told to both players (Art. 54); in a team event every
//! unfinished board at the end (team annex 8); a result set by the arbiter.

use shakmaty::Color;

use crate::rules::letter::{self, Command};
use crate::rules::model::{Day, GameResult, Kind, Mode};
use crate::rules::stage::AppealWindow;

use super::effects::{
    AdjudicationStage, Effect, Handled, Msg, Told, ended_effects, tell_all, win_for,
};
use super::record::{Adjudication, GameRecord, Role, Status, Termination};

/// Days the players have for their proposals (Art. 52).
pub const PROPOSAL_DAYS: i64 = 15;

/// A result set by the arbiter: forfeit (Art. 56), adjudication (Art. 53) or a decision.
pub fn set_result(rec: &GameRecord, result: GameResult, termination: Termination) -> Handled {
    let mut next = rec.clone();
    next.finish(result, termination);
    let mut effects = Vec::new();
    ended_effects(&mut effects, result, termination);
    Handled::changed(next, effects)
}

pub(super) fn adjudication_msg(
    rec: &GameRecord,
    a: &Adjudication,
    stage: AdjudicationStage,
) -> Msg {
    let deadline = match (stage, a.forwarded_on) {
        (AdjudicationStage::Overdue, Some(f)) => f + chrono::Duration::days(ADJUDICATOR_DAYS),
        _ => a.asked_on + chrono::Duration::days(PROPOSAL_DAYS),
    };
    Msg::Adjudication {
        stage,
        deadline,
        proposals: a
            .proposals
            .clone()
            .map(|p| p.map(|(r, words)| (r, words.trim().to_string()))),
        score: rec.sans().join(" "),
        diagram: rec.position_diagram(),
    }
}

/// A result proposal in a letter (Art. 52): `1-0`, `0-1`, `1/2-1/2`, `½-½` or a draw word.
pub(super) fn proposal(text: &str) -> Option<GameResult> {
    let lower = text.to_lowercase();
    // Whole tokens only: `1-0` inside a date (2027-01-03) or `draw` inside `withdraw` are not
    // proposals. Draws first: `1/2-1/2` contains `2-1`.
    let whole = |token: &str| {
        lower.match_indices(token).any(|(i, _)| {
            let before = lower[..i].chars().next_back();
            let after = lower[i + token.len()..].chars().next();
            let joins =
                |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '/');
            !joins(before) && !joins(after)
        })
    };
    for (token, r) in [
        ("1/2-1/2", GameResult::Draw),
        ("½-½", GameResult::Draw),
        ("реми", GameResult::Draw),
        ("ничья", GameResult::Draw),
        ("ничью", GameResult::Draw),
        ("draw", GameResult::Draw),
        ("remis", GameResult::Draw),
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
    ] {
        if whole(token) {
            return Some(r);
        }
    }
    None
}

/// A letter about a game waiting for adjudication: a proposal, or a request for one.
pub(super) fn adjudication_letter(
    rec: &GameRecord,
    a: &Adjudication,
    from: Color,
    text: &str,
) -> Handled {
    let sender = Role::of(from);
    // A resignation still ends the game (the end date stops play, not resigning).
    if letter::read_letter(text, rec.notation, false, a.asked_on)
        .commands
        .contains(&Command::Resign)
    {
        return set_result(rec, win_for(from.other()), Termination::Resignation);
    }
    let Some(result) = proposal(text) else {
        return Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Adjudication,
            msg: adjudication_msg(rec, a, AdjudicationStage::Ask),
        }]);
    };
    let mut next = rec.clone();
    let mut adj = a.clone();
    let idx = if from == Color::White { 0 } else { 1 };
    adj.proposals[idx] = Some((result, text.chars().take(2000).collect()));
    let mut effects = Vec::new();
    // Art. 53 note: equal proposals from both players are the result.
    if let [Some((w, _)), Some((b, _))] = &adj.proposals
        && w == b
    {
        let agreed = *w;
        next.adjudication = Some(adj.clone());
        next.finish(agreed, Termination::Adjudication);
        ended_effects(&mut effects, agreed, Termination::Adjudication);
        return Handled::changed(next, effects);
    }
    effects.push(Effect {
        to: sender,
        kind: Kind::Adjudication,
        msg: adjudication_msg(rec, &adj, AdjudicationStage::Recorded),
    });
    next.adjudication = Some(adj);
    Handled::changed(next, effects)
}

/// The end of the tournament for one game (Art. 49–53): on the end date an unfinished game
/// stops and its players are asked for proposals; after 15 days the material goes to the
/// adjudicator (the arbiter's address, who decides with `result GAME … adjudication`).
pub fn handle_end(rec: &GameRecord, end: Day, today: Day) -> Handled {
    if rec.status == Status::Finished {
        return Handled::unchanged(Vec::new());
    }
    // Art. 51 (`post`): without a score sent by the end date both players lose; they are
    // reminded two weeks before.
    if rec.params.mode == Mode::Post
        && !rec.end_reminded
        && rec.adjudication.is_none()
        && today < end
        && today + chrono::Duration::days(END_REMINDER_DAYS) >= end
    {
        let mut next = rec.clone();
        next.end_reminded = true;
        let msg = Msg::Told(Told::ScoreDueByEndDate { end });
        let effects = [Role::White, Role::Black]
            .into_iter()
            .map(|to| Effect {
                to,
                kind: Kind::Reminder,
                msg: msg.clone(),
            })
            .collect();
        return Handled::changed(next, effects);
    }
    match &rec.adjudication {
        None if today >= end => start_adjudication(rec, today),
        // Proposals are due 15 days after they were asked for (at the end date, or earlier
        // for a game sent to adjudication by Art. 48).
        Some(a)
            if a.forwarded_on.is_none()
                && today >= a.asked_on + chrono::Duration::days(PROPOSAL_DAYS) =>
        {
            let mut next = rec.clone();
            let mut a = a.clone();
            a.forwarded_on = Some(today);
            let msg = adjudication_msg(rec, &a, AdjudicationStage::ToAdjudicator);
            let effects = [Role::Arbiter, Role::White, Role::Black]
                .into_iter()
                .map(|to| Effect {
                    to,
                    kind: Kind::Adjudication,
                    msg: msg.clone(),
                })
                .collect();
            next.adjudication = Some(a);
            Handled::changed(next, effects)
        }
        // Art. 53: the adjudicator decides within 15 days; when they have run out without a
        // decision he is reminded, once, with the material again.
        Some(a)
            if a.decided_on.is_none()
                && !a.reminded
                && a.forwarded_on
                    .is_some_and(|f| today > f + chrono::Duration::days(ADJUDICATOR_DAYS)) =>
        {
            let mut next = rec.clone();
            let mut a = a.clone();
            a.reminded = true;
            let msg = adjudication_msg(rec, &a, AdjudicationStage::Overdue);
            next.adjudication = Some(a);
            Handled::changed(
                next,
                vec![Effect {
                    to: Role::Arbiter,
                    kind: Kind::Reminder,
                    msg,
                }],
            )
        }
        _ => Handled::unchanged(Vec::new()),
    }
}

/// Days the adjudicator has for his decision (Art. 53).
pub const ADJUDICATOR_DAYS: i64 = 15;

/// Stops a game for adjudication (Art. 52: at the end date; Art. 48: a player's serious
/// illness or death): the players are asked for their proposals within 15 days.
pub fn start_adjudication(rec: &GameRecord, today: Day) -> Handled {
    let mut next = rec.clone();
    let a = Adjudication::asked(today);
    let msg = adjudication_msg(rec, &a, AdjudicationStage::Ask);
    let effects = tell_all(Kind::Adjudication, &msg);
    next.status = Status::Adjudication;
    next.adjudication = Some(a);
    Handled::changed(next, effects)
}

/// `post`: days before the end date on which the players are reminded of Art. 51.
pub const END_REMINDER_DAYS: i64 = 14;

/// Days to appeal an adjudication to the second adjudicator (Art. 55).
pub const APPEAL_DAYS: i64 = 7;

/// The adjudicator's decision (Art. 53): the result, told to the players; appeals within 7
/// days (Art. 55).
pub fn adjudicate(rec: &GameRecord, result: GameResult, today: Day) -> Handled {
    let mut h = set_result(rec, result, Termination::Adjudication);
    if let Some(next) = &mut h.record {
        let a = next
            .adjudication
            .get_or_insert_with(|| Adjudication::asked(today));
        // After an appeal, the decision is the second adjudicator's: final (Art. 55).
        a.final_decision = !a.appeals.is_empty();
        a.decided_on = Some(today);
    }
    h
}

/// Art. 55: an appeal within 7 days of the adjudication goes to the second adjudicator (the
/// arbiter's address), whose decision is final; a player who sent no proposal within the 15
/// days has no right of appeal (Art. 52 note 2).
pub(super) fn appeal_letter(
    rec: &GameRecord,
    from: Color,
    text: &str,
    today: Day,
) -> Option<Handled> {
    let t = text.to_lowercase();
    if ![
        "appeal",
        "обжалвам",
        "обжалване",
        "обжалую",
        "апелляци",
        "обжаловани",
    ]
    .iter()
    .any(|w| t.contains(w))
    {
        return None;
    }
    let a = rec.adjudication.as_ref()?;
    let sender = Role::of(from);
    let idx = if from == Color::White { 0 } else { 1 };
    let refuse = |why: Told| {
        Some(Handled::unchanged(vec![Effect {
            to: sender,
            kind: Kind::Error,
            msg: Msg::Told(why),
        }]))
    };
    if a.final_decision {
        return refuse(Told::AdjudicationFinal);
    }
    if a.proposals[idx].is_none() {
        return refuse(Told::NoAppealWithoutProposal);
    }
    match a.decided_on {
        Some(d) if today <= d + chrono::Duration::days(APPEAL_DAYS) => {}
        Some(d) => {
            return refuse(Told::AdjudicationAppealLate {
                ended: d + chrono::Duration::days(APPEAL_DAYS),
            });
        }
        None => return refuse(Told::NoAdjudicationYet),
    }
    let mut next = rec.clone();
    if let Some(adj) = &mut next.adjudication {
        adj.appeals.push((Role::of(from), today));
    }
    let msg = Msg::Told(Told::AdjudicationAppealed {
        by: from,
        game: rec.id.clone(),
    });
    let effects = [Role::Arbiter, Role::White, Role::Black]
        .into_iter()
        .map(|to| Effect {
            to,
            kind: Kind::Adjudication,
            msg: msg.clone(),
        })
        .collect();
    Some(Handled::changed(next, effects))
}

/// Whether the tournament's end (Art. 49) concerns its games today: the end date `end` has
/// come, or — in `post` — the Art. 51 reminder window before it has begun. The daily tick
/// looks at the games of such tournaments even when their clocks have nothing due.
pub fn end_in_sight(mode: Mode, end: Day, today: Day) -> bool {
    let window = if mode == Mode::Post {
        END_REMINDER_DAYS
    } else {
        0
    };
    end <= today + chrono::Duration::days(window)
}

/// The last days of an adjudication's steps (Art. 52–55), as far as they are known yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjudicationDeadlines {
    /// Art. 52: the players' proposals, 15 days from the request.
    pub proposals_due: Day,
    /// Art. 53: the adjudicator's decision, 15 days from the day he received the material.
    pub decision_due: Option<Day>,
    /// Art. 55: an appeal to the second adjudicator, 7 days from the decision.
    pub appeal_until: Option<Day>,
}

impl Adjudication {
    /// How long the decided result may still change (Art. 55): the 7 days to appeal (for a
    /// player who sent a proposal: Art. 52 note 2 leaves the other none), or an appeal waits
    /// for the second adjudicator, whose decision (recorded after the appeal) is final. `None`
    /// when undecided, final, or nobody may appeal. A round in stages waits for it (RULES.md
    /// §12a).
    pub fn appeal_window(&self) -> Option<AppealWindow> {
        let decided = self.decided_on?;
        if self.final_decision {
            return None;
        }
        if !self.appeals.is_empty() {
            return Some(AppealWindow::Pending);
        }
        self.proposals
            .iter()
            .any(Option::is_some)
            .then(|| AppealWindow::Until(decided + chrono::Duration::days(APPEAL_DAYS)))
    }

    /// Whether the decided result may still change as of `today` (Art. 55).
    pub fn open_to_appeal(&self, today: Day) -> bool {
        self.appeal_window().is_some_and(|w| w.open(today))
    }

    /// Where the steps of this adjudication end (Art. 52–55).
    pub fn deadlines(&self) -> AdjudicationDeadlines {
        let after = |d: Day, n: i64| d + chrono::Duration::days(n);
        AdjudicationDeadlines {
            proposals_due: after(self.asked_on, PROPOSAL_DAYS),
            decision_due: self.forwarded_on.map(|d| after(d, ADJUDICATOR_DAYS)),
            appeal_until: self.decided_on.map(|d| after(d, APPEAL_DAYS)),
        }
    }
}

impl GameRecord {
    /// The game has begun: a move was played or a result recorded. A Swiss round is taken back
    /// (`unpair`, RULES.md §12a) only while none of its games has.
    pub fn begun(&self) -> bool {
        !self.moves.is_empty() || self.result.is_some()
    }

    /// The end date in force for this game (Art. 49): its round's in a tournament in stages
    /// (RULES.md §12a), else the tournament's (`tournament_end`, with any extension of Art. 50).
    pub fn end_date(&self, tournament_end: Option<Day>) -> Option<Day> {
        match &self.round {
            Some(round) => Some(round.end),
            None => tournament_end,
        }
    }
}
