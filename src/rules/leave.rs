//! A player's leave book across all his games (Art. 41–46, RULES.md §8): ordinary leave of 30
//! days per calendar year, special leave granted by the arbiter, the end of leave in a game
//! where the player moves anyway, and the suspensions each game's clock reads.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::model::{Color, Day, Params, Suspension};

/// Art. 43: the arbiter may grant up to 30 extra days. **Decided**: like the ordinary leave of
/// Art. 42 these are counted per calendar year, each day charged to the year it falls in.
pub const SPECIAL_LEAVE_DAYS_PER_YEAR: u32 = 30;

/// Ordinary (Art. 42) or special (Art. 43) leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeaveKind {
    Ordinary,
    Special,
}

/// In this game the leave ended on `from` because the player sent a move (Art. 46).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaveEnd {
    pub game: String,
    pub from: Day,
}

/// One leave, first and last day inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leave {
    pub id: u32,
    pub from: Day,
    pub to: Day,
    pub kind: LeaveKind,
    /// The day it was announced (Art. 44) or granted (Art. 43).
    pub requested_on: Day,
    /// Games in which it ended early (Art. 46).
    #[serde(default)]
    pub ended_in: Vec<LeaveEnd>,
}

impl Leave {
    /// Length in days.
    pub fn days(&self) -> u32 {
        u32::try_from((self.to - self.from).num_days() + 1).unwrap_or(0)
    }

    /// Days of this leave falling in calendar year `year` (Art. 42: each day is charged to its
    /// own year).
    pub fn days_in_year(&self, year: i32) -> u32 {
        let (Some(jan1), Some(dec31)) = (
            NaiveDate::from_ymd_opt(year, 1, 1),
            NaiveDate::from_ymd_opt(year, 12, 31),
        ) else {
            return 0;
        };
        let a = self.from.max(jan1);
        let b = self.to.min(dec31);
        if a > b {
            0
        } else {
            u32::try_from((b - a).num_days() + 1).unwrap_or(0)
        }
    }

    /// The last day of leave in `game` (earlier than `to` after Art. 46), or `None` when it
    /// ended there before it began.
    pub fn last_day_in(&self, game: &str) -> Option<Day> {
        match self.ended_in.iter().find(|e| e.game == game) {
            Some(e) => e.from.pred_opt().filter(|&d| d >= self.from),
            None => Some(self.to),
        }
    }
}

/// Why a leave is refused; the book is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum LeaveError {
    #[error("the leave ends ({to}) before it starts ({from})")]
    Backwards { from: Day, to: Day },
    #[error("Art. 44: leave must be announced before it starts ({from}); announced {on}")]
    NotBeforeStart { from: Day, on: Day },
    #[error("Art. 42: {year} leaves {left} days of leave, {asked} asked")]
    Quota { year: i32, left: u32, asked: u32 },
    #[error("Art. 43: {year} leaves {left} days of special leave, {asked} asked")]
    SpecialQuota { year: i32, left: u32, asked: u32 },
    #[error("Art. 42 note 2: no leave during the extension of the end date ({from} – {to})")]
    DuringExtension { from: Day, to: Day },
    #[error("the leave overlaps leave {id} ({from} – {to})")]
    Overlap { id: u32, from: Day, to: Day },
    #[error("no leave number {0}")]
    NoSuchLeave(u32),
    #[error("leave {0} has already started; it cannot be cancelled")]
    Started(u32),
}

/// All leave of one player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaveBook {
    pub leaves: Vec<Leave>,
}

impl LeaveBook {
    /// Days of `kind` charged to calendar year `year`.
    pub fn used(&self, year: i32, kind: LeaveKind) -> u32 {
        self.leaves
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| l.days_in_year(year))
            .sum()
    }

    /// Ordinary leave announced by the player on `today` (Art. 42, 44). `extensions` are the
    /// extension periods of the end dates of his tournaments (Art. 42 note 2).
    pub fn request(
        &mut self,
        params: &Params,
        from: Day,
        to: Day,
        today: Day,
        extensions: &[(Day, Day)],
    ) -> Result<&Leave, LeaveError> {
        if to < from {
            return Err(LeaveError::Backwards { from, to });
        }
        // Art. 44: «перед его началом» — announced on a day before the first day of leave.
        if today >= from {
            return Err(LeaveError::NotBeforeStart { from, on: today });
        }
        // Art. 42 note 2: none of it inside an extension, unless the arbiter grants it.
        if let Some(&(a, b)) = extensions.iter().find(|&&(a, b)| from <= b && a <= to) {
            return Err(LeaveError::DuringExtension { from: a, to: b });
        }
        self.check_overlap(from, to)?;
        self.check_quota(LeaveKind::Ordinary, from, to, params.leave_days_per_year)?;
        Ok(self.push(from, to, LeaveKind::Ordinary, today))
    }

    /// Leave already taken before amici kept this book (`amici import`): checked like any
    /// ordinary leave against the book — no overlap, the year's days (Art. 42) — but not
    /// announced in advance (it is history). The same leave listed again (for another of the
    /// player's games) is the one already recorded.
    pub fn record_taken(
        &mut self,
        params: &Params,
        from: Day,
        to: Day,
    ) -> Result<&Leave, LeaveError> {
        if to < from {
            return Err(LeaveError::Backwards { from, to });
        }
        if let Some(i) = self
            .leaves
            .iter()
            .position(|l| l.from == from && l.to == to)
        {
            return Ok(&self.leaves[i]);
        }
        self.check_overlap(from, to)?;
        self.check_quota(LeaveKind::Ordinary, from, to, params.leave_days_per_year)?;
        Ok(self.push(from, to, LeaveKind::Ordinary, from))
    }

    /// Special leave granted by the arbiter (Art. 43): may be retroactive and may fall in an
    /// extension (Art. 42 note 2 "кроме случаев в чл. 43").
    pub fn grant_special(&mut self, from: Day, to: Day, today: Day) -> Result<&Leave, LeaveError> {
        if to < from {
            return Err(LeaveError::Backwards { from, to });
        }
        self.check_overlap(from, to)?;
        self.check_quota(LeaveKind::Special, from, to, SPECIAL_LEAVE_DAYS_PER_YEAR)?;
        Ok(self.push(from, to, LeaveKind::Special, today))
    }

    /// Withdraw a leave that has not started yet (its days return to the year's quota).
    pub fn cancel(&mut self, id: u32, today: Day) -> Result<Leave, LeaveError> {
        let i = self
            .leaves
            .iter()
            .position(|l| l.id == id)
            .ok_or(LeaveError::NoSuchLeave(id))?;
        if self.leaves[i].from <= today {
            return Err(LeaveError::Started(id));
        }
        Ok(self.leaves.remove(i))
    }

    /// The player sent a move in `game` on `sent` (Art. 46): a leave running that day ends in
    /// that game from that day. Returns the ids of the leaves ended. The days stay charged: the
    /// leave goes on in his other games.
    pub fn record_move(&mut self, game: &str, sent: Day) -> Vec<u32> {
        let mut ended = Vec::new();
        for l in &mut self.leaves {
            if l.from <= sent && sent <= l.to && !l.ended_in.iter().any(|e| e.game == game) {
                l.ended_in.push(LeaveEnd {
                    game: game.to_string(),
                    from: sent,
                });
                ended.push(l.id);
            }
        }
        ended
    }

    /// On leave on `day` in `game` (Art. 45, 46).
    pub fn on_leave(&self, game: &str, day: Day) -> bool {
        self.leaves
            .iter()
            .any(|l| l.from <= day && l.last_day_in(game).is_some_and(|last| day <= last))
    }

    /// The suspensions of `game` caused by this player's leave, he playing `color` there
    /// (Art. 45: the game pauses; Art. 46: it resumes the day he moves).
    pub fn suspensions(&self, game: &str, color: Color) -> Vec<Suspension> {
        let mut out: Vec<Suspension> = self
            .leaves
            .iter()
            .filter_map(|l| {
                l.last_day_in(game).map(|to| Suspension {
                    color: Some(color),
                    from: l.from,
                    to,
                })
            })
            .collect();
        out.sort_by_key(|s| s.from);
        out
    }

    fn check_overlap(&self, from: Day, to: Day) -> Result<(), LeaveError> {
        match self.leaves.iter().find(|l| from <= l.to && l.from <= to) {
            Some(l) => Err(LeaveError::Overlap {
                id: l.id,
                from: l.from,
                to: l.to,
            }),
            None => Ok(()),
        }
    }

    /// Art. 42: per calendar year, no carry-over, no pro-rating; each day to its own year.
    fn check_quota(
        &self,
        kind: LeaveKind,
        from: Day,
        to: Day,
        quota: u32,
    ) -> Result<(), LeaveError> {
        let probe = Leave {
            id: 0,
            from,
            to,
            kind,
            requested_on: from,
            ended_in: Vec::new(),
        };
        for year in from.year()..=to.year() {
            let asked = probe.days_in_year(year);
            let left = quota.saturating_sub(self.used(year, kind));
            if asked > left {
                return Err(match kind {
                    LeaveKind::Ordinary => LeaveError::Quota { year, left, asked },
                    LeaveKind::Special => LeaveError::SpecialQuota { year, left, asked },
                });
            }
        }
        Ok(())
    }

    fn push(&mut self, from: Day, to: Day, kind: LeaveKind, today: Day) -> &Leave {
        let id = self.leaves.iter().map(|l| l.id).max().map_or(1, |m| m + 1);
        self.leaves.push(Leave {
            id,
            from,
            to,
            kind,
            requested_on: today,
            ended_in: Vec::new(),
        });
        let i = self.leaves.len() - 1;
        &self.leaves[i]
    }
}
