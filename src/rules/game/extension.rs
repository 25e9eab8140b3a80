//! Art. 50: the extension of the tournament's end date — at most 6 months, only while fewer
//! than 91 % of the games are finished, announced at least 30 days before the end date, and
//! only while the winner is not yet decided. Games of a removed player (Art. 47 А) count
//! neither way.

use chrono::Months;

use crate::rules::model::{Day, GameResult, Kind};

use super::decision::{Done, ExtensionRefusal};
use super::effects::{Effect, Msg, Told};
use super::record::{GameRecord, Role, Status, Termination};

/// Longest extension (Art. 50).
pub const EXTENSION_MONTHS: u32 = 6;
/// Below this share of finished games an extension is possible (Art. 50).
pub const FINISHED_SHARE_LIMIT: f64 = 91.0;
/// An extension is announced at least this many days before the end date (Art. 50).
pub const NOTICE_DAYS: i64 = 30;

/// An extension granted: the figures it was granted on, and what every unfinished game's
/// players are told.
#[derive(Clone, Debug, PartialEq)]
pub struct Extension {
    pub to: Day,
    pub finished: usize,
    pub games: usize,
    /// Per cent of the counted games finished.
    pub share: f64,
    /// What the arbiter is answered and the log records.
    pub done: Done,
    /// For each unfinished game (its id), the announcement to both players.
    pub told: Vec<(String, Vec<Effect>)>,
}

/// The end date in force (Art. 49, 50): the configured one, or the arbiter's extension of it.
pub fn end_in_force(configured: Day, extended: Option<Day>) -> Day {
    extended.map_or(configured, |e| e.max(configured))
}

/// The days of the extension, after the configured end up to the end in force (Art. 42 note
/// 2: no ordinary leave then); none when not extended.
pub fn extension_periods(configured: Day, in_force: Day) -> Vec<(Day, Day)> {
    if in_force > configured {
        vec![(configured.succ_opt().unwrap_or(configured), in_force)]
    } else {
        Vec::new()
    }
}

/// Art. 50 applied to a first extension of `tournament`'s end date `end` to `to`, asked on
/// `today`, over the tournament's games. `Err`: why not, citing the article.
pub fn extend_end_date(
    tournament: &str,
    games: &[GameRecord],
    end: Day,
    to: Day,
    today: Day,
) -> Result<Extension, ExtensionRefusal> {
    extend_end_date_from(tournament, games, end, end, to, today)
}

/// Art. 50 with the end date already extended: the 6 months run from the `configured` end
/// (the extension is at most 6 months in all, RULES.md §11), the 30 days' notice counts back
/// from the end date `in_force`, and the new end lies after it.
pub fn extend_end_date_from(
    tournament: &str,
    games: &[GameRecord],
    configured: Day,
    in_force: Day,
    to: Day,
    today: Day,
) -> Result<Extension, ExtensionRefusal> {
    let end = in_force;
    let limit = configured
        .checked_add_months(Months::new(EXTENSION_MONTHS))
        .unwrap_or(configured);
    if to <= end || to > limit {
        return Err(ExtensionRefusal::OutOfRange {
            end,
            configured,
            limit,
        });
    }
    let counted: Vec<&GameRecord> = games
        .iter()
        .filter(|g| g.termination != Some(Termination::Removed))
        .collect();
    let finished = counted
        .iter()
        .filter(|g| g.status == Status::Finished)
        .count();
    let share = if counted.is_empty() {
        100.0
    } else {
        100.0 * finished as f64 / counted.len() as f64
    };
    // Rounded as the arbiter is told it; the limit is checked on the exact share.
    let rounded = share.round() as u32;
    if share >= FINISHED_SHARE_LIMIT {
        return Err(ExtensionRefusal::MostlyFinished { share: rounded });
    }
    if today > end - chrono::Duration::days(NOTICE_DAYS) {
        return Err(ExtensionRefusal::TooLate { end });
    }
    if winner_decided(&counted) {
        return Err(ExtensionRefusal::WinnerDecided {
            finished,
            games: counted.len(),
            share: rounded,
        });
    }
    let done = Done::Extended {
        tournament: tournament.to_string(),
        to,
        finished,
        games: counted.len(),
        share: rounded,
    };
    let told = counted
        .iter()
        .filter(|g| g.status != Status::Finished)
        .map(|g| {
            let effects = [Role::White, Role::Black]
                .into_iter()
                .map(|role| Effect {
                    to: role,
                    kind: Kind::Decision,
                    msg: Msg::Told(Told::EndDateExtended {
                        tournament: tournament.to_string(),
                        to,
                        finished,
                        games: counted.len(),
                    }),
                })
                .collect();
            (g.id.clone(), effects)
        })
        .collect();
    Ok(Extension {
        to,
        finished,
        games: counted.len(),
        share,
        done,
        told,
    })
}

/// Is the winner decided: does the leader have more points than any other player could
/// still reach with every unfinished game won?
fn winner_decided(games: &[&GameRecord]) -> bool {
    let mut points: std::collections::HashMap<&str, (f64, f64)> = std::collections::HashMap::new();
    for g in games {
        let (w, b) = match g.result {
            Some(GameResult::WhiteWins) => (1.0, 0.0),
            Some(GameResult::BlackWins) => (0.0, 1.0),
            Some(GameResult::Draw) => (0.5, 0.5),
            Some(GameResult::BothLose) => (0.0, 0.0),
            None => {
                points.entry(&g.white).or_default().1 += 1.0;
                points.entry(&g.black).or_default().1 += 1.0;
                continue;
            }
        };
        points.entry(&g.white).or_default().0 += w;
        points.entry(&g.black).or_default().0 += b;
    }
    let mut table: Vec<(f64, f64)> = points.values().copied().collect();
    table.sort_by(|a, b| b.0.total_cmp(&a.0));
    match table.as_slice() {
        [first, rest @ ..] => rest.iter().all(|p| p.0 + p.1 < first.0),
        [] => true,
    }
}
