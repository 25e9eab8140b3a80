//! A player leaving the tournament (Art. 47, 48): removal of one who never moved (Art. 47 А),
//! a team replacement and its dead time (Art. 47 Б), the games of a withdrawn player (Art. 47 А,
//! 48).

use shakmaty::Color;

use crate::rules::model::{Day, Kind, Suspension};

use super::decision::{Action, ReplacementRefusal};
use super::effects::{Change, Handled, Msg, Told, tell_all, win_for};
use super::end::{set_result, start_adjudication};
use super::record::{GameRecord, Status, Termination};

/// Art. 47 А: a game of a player removed from the tournament (he withdrew without ever
/// moving): it ends without a result and does not count.
pub fn remove(rec: &GameRecord) -> Handled {
    let mut next = rec.clone();
    next.status = Status::Finished;
    next.result = None;
    next.termination = Some(Termination::Removed);
    next.draw_offer = None;
    next.variant = None;
    let msg = Msg::Told(Told::RemovedNeverMoved);
    let effects = tell_all(Kind::GameOver, &msg);
    Handled::changed(next, effects)
}

/// Art. 47 А: is `player` removed from `tournament` — every game of his there ended by his
/// removal? A removed player is not ranked.
pub fn removed_from(games: &[GameRecord], tournament: &str, player: &str) -> bool {
    let mut mine = games
        .iter()
        .filter(|g| g.tournament == tournament && g.color_of(player).is_some())
        .peekable();
    mine.peek().is_some() && mine.all(|g| g.termination == Some(Termination::Removed))
}

/// Art. 47 А: does the game count for the standings? A removed player's games do not.
pub fn counts_for_standings(g: &GameRecord) -> bool {
    g.termination != Some(Termination::Removed)
}

/// Longest dead time of a team replacement (Art. 47 Б).
pub const REPLACEMENT_DAYS: i64 = 30;

/// Art. 47 Б: the withdrawn player `old` is replaced in this game by `new`; from the notice
/// until the new player's first move, at most 30 days, is dead time for both clocks.
pub fn replace_player(rec: &GameRecord, old: &str, new: &str, today: Day) -> Option<Handled> {
    let color = rec.color_of(old)?;
    let mut next = rec.clone();
    match color {
        Color::White => next.white = new.to_string(),
        Color::Black => next.black = new.to_string(),
    }
    next.suspensions.push(Suspension {
        color: None,
        from: today,
        to: today + chrono::Duration::days(REPLACEMENT_DAYS - 1),
    });
    next.replacement = Some((color_index(color), today));
    let msg = Msg::Told(Told::PlayerReplaced {
        old: old.to_string(),
        new: new.to_string(),
    });
    Some(Handled::changed(next, tell_all(Kind::Decision, &msg)))
}

pub(super) fn color_index(c: Color) -> u8 {
    if c == Color::White { 0 } else { 1 }
}

/// Art. 47 Б: the dead time of a replacement ends with the new player's first move.
pub(super) fn end_replacement_dead_time(next: &mut GameRecord, from: Color, today: Day) {
    let Some((who, since)) = next.replacement else {
        return;
    };
    if who != color_index(from) {
        return;
    }
    next.replacement = None;
    for s in next
        .suspensions
        .iter_mut()
        .filter(|s| s.color.is_none() && s.from == since)
    {
        s.to = today.pred_opt().unwrap_or(today).max(since);
        if s.to < s.from {
            s.to = s.from;
        }
    }
    next.suspensions
        .retain(|s| !(s.color.is_none() && s.from == since && today <= since));
}

/// Art. 47 А and 48: `player` withdraws from the tournament (`illness`: serious illness or
/// death, Art. 48). A player who never moved in any of these games is removed: none of them
/// counts (Art. 47 А). Otherwise his unfinished games are lost (Art. 47 А) or, for illness,
/// go to adjudication (Art. 48); finished games stand.
pub fn withdraw(games: &[GameRecord], player: &str, illness: bool, today: Day) -> Vec<Change> {
    let never_moved = games.iter().all(|g| {
        g.color_of(player)
            .is_none_or(|c| g.moves.len() <= usize::from(color_index(c)))
    });
    let removed = never_moved && !illness;
    games
        .iter()
        .filter(|g| g.status != Status::Finished || removed)
        .filter_map(|g| {
            let color = g.color_of(player)?;
            Some(if removed {
                Change {
                    handled: remove(g),
                    what: Action::Removed,
                    article: "47",
                }
            } else if illness {
                Change {
                    handled: start_adjudication(g, today),
                    what: Action::ToAdjudication,
                    article: "48",
                }
            } else {
                Change {
                    handled: set_result(g, win_for(color.other()), Termination::Withdrawal),
                    what: Action::LostByWithdrawal,
                    article: "47",
                }
            })
        })
        .collect()
}

/// The facts of a replacement the core needs from the registration (Art. 47 Б).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplacementFacts<'a> {
    pub tournament: &'a str,
    /// The new player is registered in the tournament (a reserve).
    pub registered: bool,
    /// The tournament has teams.
    pub team_section: bool,
    /// The old and the new player's teams (index), when they have one.
    pub old_team: Option<usize>,
    pub new_team: Option<usize>,
}

/// Art. 47 Б: may `new` replace a withdrawn player? Only in a team section, by a registered
/// reserve of the same team. `Err`: why not.
pub fn replacement_allowed(new: &str, f: &ReplacementFacts<'_>) -> Result<(), ReplacementRefusal> {
    if !f.registered {
        return Err(ReplacementRefusal::NotRegistered {
            new: new.to_string(),
            tournament: f.tournament.to_string(),
        });
    }
    if !f.team_section {
        return Err(ReplacementRefusal::NotTeamSection);
    }
    if f.new_team.is_some() && f.old_team != f.new_team {
        return Err(ReplacementRefusal::OtherTeam {
            new: new.to_string(),
        });
    }
    Ok(())
}

/// Art. 47 Б: the games a replacement applies to — every unfinished game of `old` — each
/// with `new` in his place and the dead time until the new player's first move. Finished games
/// stand as they were played.
pub fn replace(games: &[GameRecord], old: &str, new: &str, today: Day) -> Vec<Change> {
    games
        .iter()
        .filter(|g| g.status != Status::Finished)
        .filter_map(|g| {
            Some(Change {
                handled: replace_player(g, old, new, today)?,
                what: Action::Replaced {
                    old: old.to_string(),
                    new: new.to_string(),
                },
                article: "47 Б",
            })
        })
        .collect()
}
