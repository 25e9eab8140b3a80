//! Team standings (the team annex of the rule book, RULES.md §12): match points 2/1/0 or game
//! points first (config), then the other, then the match between the tied teams, then the
//! board results of that match (board I first), then each team's board totals over the event
//! (board I first), then the team whose board-I player had Black in the direct match.
//!
//! Decisions:
//! - A match gives match points once it is decided: when one team has more than half of the
//!   board points whatever the unfinished boards give, or when every board is finished.
//!   Game points count every finished board, decided match or not.
//! - The tie-breaks are applied to the group still tied at each step. The direct match
//!   (item 3) compares the match points the tied teams took from each other, when every two
//!   of them have a decided match; items 4 and 6 speak of *the* match between two teams, so
//!   they apply only when exactly two teams are still tied.
//! - Teams equal after item 6 share the place.

use std::fmt::Write as _;

use thiserror::Error;

use crate::rules::standings::{Outcome, Word, Wording, fmt_num};

/// RULES.md §14: in a team event the captain of the player's team receives a copy of every
/// letter amici sends the player — not of a letter to the arbiter, and none when the captain is
/// the player himself. `captain`: the captain registered for the recipient's team.
pub fn captain_copy<'a>(
    to_player: bool,
    player: &str,
    captain: Option<&'a str>,
) -> Option<&'a str> {
    captain.filter(|c| to_player && !c.eq_ignore_ascii_case(player))
}

/// What ranks first (annex item 1; some events rank by game points first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Primary {
    /// 2 for a won match, 1 drawn, 0 lost; then game points.
    #[default]
    MatchPoints,
    /// Game points; then match points.
    GamePoints,
}

/// The team section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TeamConfig {
    /// Boards per team (N).
    pub boards: usize,
    pub primary: Primary,
}

/// One board of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardGame {
    /// True when the home team's player has White on this board.
    pub home_white: bool,
    /// The result, from White's side.
    pub outcome: Outcome,
}

impl BoardGame {
    /// Half points of (home, away), `None` while unfinished.
    fn halves(self) -> Option<(i64, i64)> {
        let (w, b) = self.outcome.half_points()?;
        let (w, b) = (i64::from(w), i64::from(b));
        Some(if self.home_white { (w, b) } else { (b, w) })
    }
}

/// A match between two teams: indices into the team list, boards in order (board I first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamMatch {
    pub home: usize,
    pub away: usize,
    pub boards: Vec<BoardGame>,
}

/// One step of the annex chain, in the order applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Criterion {
    MatchPoints,
    GamePoints,
    DirectMatch,
    DirectMatchBoards,
    BoardTotals,
    BoardOneBlack,
}

/// Why the input cannot be ranked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TeamError {
    #[error("match {index}: team {team} is not in the list of {n_teams} teams")]
    UnknownTeam {
        index: usize,
        team: usize,
        n_teams: usize,
    },
    #[error("match {index}: a team cannot play itself")]
    SameTeam { index: usize },
    #[error("match {index}: {got} boards, the section has {expected}")]
    WrongBoardCount {
        index: usize,
        expected: usize,
        got: usize,
    },
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamRow {
    pub rank: u32,
    /// Last place of a shared rank; equal to `rank` when alone.
    pub shared_to: u32,
    pub team: usize,
    pub name: String,
    pub match_points: u32,
    pub game_points: f64,
    /// Decided matches.
    pub matches: u32,
    /// Game points per board over the event, board I first.
    pub board_points: Vec<f64>,
}

/// The ranked team table.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamStandings {
    pub primary: Primary,
    pub rows: Vec<TeamRow>,
}

struct Stats {
    /// Match points per team.
    mp: Vec<i64>,
    /// Half points per team.
    gp: Vec<i64>,
    /// Half points per team per board.
    boards: Vec<Vec<i64>>,
    decided: Vec<u32>,
    /// (home, away, home match points, away match points) of decided matches.
    results: Vec<(usize, usize, i64, i64)>,
}

/// Match points (home, away) once the match is decided.
fn match_points(m: &TeamMatch) -> Option<(i64, i64)> {
    let (mut home, mut away, mut open) = (0i64, 0i64, 0i64);
    for b in &m.boards {
        match b.halves() {
            Some((h, a)) => {
                home += h;
                away += a;
            }
            None => open += 2,
        }
    }
    if home > away + open {
        Some((2, 0))
    } else if away > home + open {
        Some((0, 2))
    } else if open == 0 {
        Some((1, 1))
    } else {
        None
    }
}

fn stats(n: usize, matches: &[TeamMatch], cfg: &TeamConfig) -> Result<Stats, TeamError> {
    let mut s = Stats {
        mp: vec![0; n],
        gp: vec![0; n],
        boards: vec![vec![0; cfg.boards]; n],
        decided: vec![0; n],
        results: Vec::new(),
    };
    for (i, m) in matches.iter().enumerate() {
        let index = i + 1;
        for team in [m.home, m.away] {
            if team >= n {
                return Err(TeamError::UnknownTeam {
                    index,
                    team,
                    n_teams: n,
                });
            }
        }
        if m.home == m.away {
            return Err(TeamError::SameTeam { index });
        }
        if m.boards.len() != cfg.boards {
            return Err(TeamError::WrongBoardCount {
                index,
                expected: cfg.boards,
                got: m.boards.len(),
            });
        }
        for (k, b) in m.boards.iter().enumerate() {
            if let Some((h, a)) = b.halves() {
                s.gp[m.home] += h;
                s.gp[m.away] += a;
                s.boards[m.home][k] += h;
                s.boards[m.away][k] += a;
            }
        }
        if let Some((h, a)) = match_points(m) {
            s.mp[m.home] += h;
            s.mp[m.away] += a;
            s.decided[m.home] += 1;
            s.decided[m.away] += 1;
            s.results.push((m.home, m.away, h, a));
        }
    }
    Ok(s)
}

/// Rank the teams of a section.
pub fn team_standings(
    teams: &[String],
    matches: &[TeamMatch],
    cfg: &TeamConfig,
) -> Result<TeamStandings, TeamError> {
    let n = teams.len();
    let s = stats(n, matches, cfg)?;
    let chain: [Criterion; 6] = match cfg.primary {
        Primary::MatchPoints => [
            Criterion::MatchPoints,
            Criterion::GamePoints,
            Criterion::DirectMatch,
            Criterion::DirectMatchBoards,
            Criterion::BoardTotals,
            Criterion::BoardOneBlack,
        ],
        Primary::GamePoints => [
            Criterion::GamePoints,
            Criterion::MatchPoints,
            Criterion::DirectMatch,
            Criterion::DirectMatchBoards,
            Criterion::BoardTotals,
            Criterion::BoardOneBlack,
        ],
    };
    let mut groups: Vec<Vec<usize>> = vec![(0..n).collect()];
    for criterion in chain {
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            let keys = keys(&s, matches, cfg, criterion, &group);
            let mut keyed: Vec<(Vec<i64>, usize)> = keys.into_iter().zip(group).collect();
            keyed.sort_by(|a, b| b.0.cmp(&a.0));
            let mut run: Vec<usize> = Vec::new();
            let mut last: Option<Vec<i64>> = None;
            for (k, t) in keyed {
                if last.as_ref().is_some_and(|l| *l != k) {
                    next.push(std::mem::take(&mut run));
                }
                run.push(t);
                last = Some(k);
            }
            if !run.is_empty() {
                next.push(run);
            }
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    let mut place = 1u32;
    for mut group in groups {
        group.sort_by(|&a, &b| teams[a].cmp(&teams[b]).then(a.cmp(&b)));
        let last = place + group.len() as u32 - 1;
        for t in group {
            rows.push(TeamRow {
                rank: place,
                shared_to: last,
                team: t,
                name: teams[t].clone(),
                match_points: s.mp[t] as u32,
                game_points: s.gp[t] as f64 / 2.0,
                matches: s.decided[t],
                board_points: s.boards[t].iter().map(|&h| h as f64 / 2.0).collect(),
            });
        }
        place = last + 1;
    }
    Ok(TeamStandings {
        primary: cfg.primary,
        rows,
    })
}

/// The sort key of each team of a tied group for one criterion (higher ranks first).
fn keys(
    s: &Stats,
    matches: &[TeamMatch],
    cfg: &TeamConfig,
    criterion: Criterion,
    group: &[usize],
) -> Vec<Vec<i64>> {
    let none = || vec![Vec::new(); group.len()];
    match criterion {
        Criterion::MatchPoints => group.iter().map(|&t| vec![s.mp[t]]).collect(),
        Criterion::GamePoints => group.iter().map(|&t| vec![s.gp[t]]).collect(),
        // Item 3: the match points the tied teams took from each other.
        Criterion::DirectMatch => {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    let met = s
                        .results
                        .iter()
                        .any(|&(h, w, _, _)| (h == a && w == b) || (h == b && w == a));
                    if !met {
                        return none();
                    }
                }
            }
            group
                .iter()
                .map(|&t| {
                    let mp = s
                        .results
                        .iter()
                        .map(|&(h, a, hp, ap)| {
                            if h == t && group.contains(&a) {
                                hp
                            } else if a == t && group.contains(&h) {
                                ap
                            } else {
                                0
                            }
                        })
                        .sum();
                    vec![mp]
                })
                .collect()
        }
        // Item 4: within the match of the two tied teams, board I first.
        Criterion::DirectMatchBoards => {
            let [a, b] = group else { return none() };
            let mut ka = vec![0i64; cfg.boards];
            let mut kb = vec![0i64; cfg.boards];
            for m in direct(matches, *a, *b) {
                for (k, bg) in m.boards.iter().enumerate() {
                    if let Some((h, w)) = bg.halves() {
                        let (pa, pb) = if m.home == *a { (h, w) } else { (w, h) };
                        ka[k] += pa;
                        kb[k] += pb;
                    }
                }
            }
            vec![ka, kb]
        }
        // Item 5: board totals over the whole event, board I first.
        Criterion::BoardTotals => group.iter().map(|&t| s.boards[t].clone()).collect(),
        // Item 6: the team whose board-I player had Black in the direct match.
        Criterion::BoardOneBlack => {
            let [a, b] = group else { return none() };
            let black_on_one = |t: usize| -> i64 {
                direct(matches, *a, *b)
                    .filter(|m| {
                        m.boards
                            .first()
                            .is_some_and(|b1| (m.home == t) != b1.home_white)
                    })
                    .count() as i64
            };
            vec![vec![black_on_one(*a)], vec![black_on_one(*b)]]
        }
    }
}

/// The matches between two teams that have been played out (every board finished): a match
/// still in play, or only scheduled, decides nothing (items 4 and 6).
fn direct(matches: &[TeamMatch], a: usize, b: usize) -> impl Iterator<Item = &TeamMatch> {
    matches.iter().filter(move |m| {
        ((m.home == a && m.away == b) || (m.home == b && m.away == a))
            && m.boards.iter().all(|bg| bg.halves().is_some())
    })
}

impl TeamStandings {
    /// A plain-text table followed by the order of ranking (§709.2).
    pub fn to_text(&self, words: impl Wording) -> String {
        let head = [
            Word::Rank,
            Word::Team,
            Word::MatchPoints,
            Word::GamePoints,
            Word::Boards,
        ];
        let mut table = vec![head.map(|w| words.word(w).to_string()).to_vec()];
        for r in &self.rows {
            let rank = if r.shared_to > r.rank {
                format!("{}-{}", r.rank, r.shared_to)
            } else {
                r.rank.to_string()
            };
            let boards: Vec<String> = r.board_points.iter().map(|&v| fmt_num(v)).collect();
            table.push(vec![
                rank,
                r.name.clone(),
                r.match_points.to_string(),
                fmt_num(r.game_points),
                boards.join(" "),
            ]);
        }
        let width: Vec<usize> = (0..5)
            .map(|c| {
                table
                    .iter()
                    .map(|l| l[c].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for line in &table {
            let mut text = String::new();
            for (c, cell) in line.iter().enumerate() {
                let pad = " ".repeat(width[c].saturating_sub(cell.chars().count()));
                if c == 1 || c == 4 {
                    let _ = write!(text, "{cell}{pad}  ");
                } else {
                    let _ = write!(text, "{pad}{cell}  ");
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&team_definitions(self.primary, words));
        out
    }
}

/// The order of ranking of the annex, as printed under the team standings (§709.2).
pub fn team_definitions(primary: Primary, words: impl Wording) -> String {
    let steps = [
        Word::TeamByMatchPoints,
        Word::TeamByGamePoints,
        Word::TeamByMatch,
        Word::TeamByBoardsOfMatch,
        Word::TeamByBoardTotals,
        Word::TeamByBlackOnBoardOne,
    ];
    let order: [usize; 6] = match primary {
        Primary::MatchPoints => [0, 1, 2, 3, 4, 5],
        Primary::GamePoints => [1, 0, 2, 3, 4, 5],
    };
    let mut out = format!("{}\n", words.word(Word::TeamRankingIntro));
    for (k, &i) in order.iter().enumerate() {
        let _ = writeln!(out, "{}. {}", k + 1, words.word(steps[i]));
    }
    out
}
