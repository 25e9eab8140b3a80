//! Individual standings (RULES.md §12, §708): points, the tie-breaks in the configured order,
//! shared ranks; the JSON of INTERFACE.md, a text table and the printed definitions of the
//! tie-breaks used (§709.2).
//!
//! Decisions (DESIGN notes):
//! - All arithmetic is exact, in quarter points: results are 1, ½, 0 and Sonneborn–Berger
//!   multiplies a result by a score.
//! - Unfinished games count nowhere (points, games, tie-breaks); they are counted apart and
//!   shown as `*` in the crosstable.
//! - Forfeits (служебный проигрыш: Art. 12 note, 47 А, 51, 56) count in points as awarded. In
//!   the opponent-based tie-breaks a forfeited game is an *unplayed round*: following the FIDE
//!   tie-break regulations (C.07, 2023: a participant's unplayed round is evaluated as a game
//!   against an opponent with the participant's own score, the "game against oneself"), it
//!   adds the player's own points to Buchholz, his own Buchholz to sum of Buchholz, and
//!   (own points × result) to Sonneborn–Berger. So neither the winner by forfeit profits from
//!   an opponent who stopped playing, nor is the victim punished. `wins` and `black-wins`
//!   count games won over the board only. Direct encounter counts forfeits as their result.
//! - An opponent's score in these tie-breaks is the score he made (FIDE C.07 of 2023, in force
//!   for all FIDE-rated events from August 2024, 16.3), except that a round without an
//!   opponent after his last game that gave him less than a win (a withdrawal's absences, a
//!   trailing half- or zero-point bye) counts as a draw — a forfeit has an opponent and counts
//!   as scored, as FIDE's own tie-break server (TieBreakServer) computes it. Buchholz cut 1 cuts a round the player chose not to
//!   play (a half- or zero-point bye, a forfeit loss, an absence) before any other (14.6).
//!   This reproduces every published Buchholz, Buchholz cut 1 and Sonneborn–Berger of FIDE
//!   TEC's own tie-break exercises (`fixtures/standings/held_c07_2024`, byes, forfeits and a
//!   withdrawal). The older rule — every unplayed game of an opponent a draw, which the 2018
//!   table in `fixtures/standings/hamilton_2018.txt` followed — differs there by ½ once.
//! - Direct encounter applies to a group still tied when it comes in the order: the points
//!   scored in the games among the group, when every two of them have a finished game against
//!   each other; otherwise it does not separate them (value 0 for all).
//! - Players still tied after every tie-break share the rank (1, 2, 2, 4 …) and are listed by
//!   name.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use crate::rules::model::GameResult;

/// How a game stands for the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
    /// Still in play or awaiting adjudication: shown, not counted.
    Unfinished,
    /// Black lost by forfeit (`+:-`).
    WhiteWinsByForfeit,
    /// White lost by forfeit (`-:+`).
    BlackWinsByForfeit,
    /// Both lose (Art. 12 note, Art. 51): 0–0, an unplayed round for both.
    BothLose,
}

impl From<GameResult> for Outcome {
    fn from(r: GameResult) -> Outcome {
        match r {
            GameResult::WhiteWins => Outcome::WhiteWins,
            GameResult::BlackWins => Outcome::BlackWins,
            GameResult::Draw => Outcome::Draw,
            GameResult::BothLose => Outcome::BothLose,
        }
    }
}

impl Outcome {
    /// Half-points of (White, Black); `None` while unfinished.
    pub fn half_points(self) -> Option<(u32, u32)> {
        match self {
            Outcome::WhiteWins | Outcome::WhiteWinsByForfeit => Some((2, 0)),
            Outcome::BlackWins | Outcome::BlackWinsByForfeit => Some((0, 2)),
            Outcome::Draw => Some((1, 1)),
            Outcome::BothLose => Some((0, 0)),
            Outcome::Unfinished => None,
        }
    }

    /// True when the result came from play over the board (not a forfeit, not unfinished).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            Outcome::WhiteWins | Outcome::BlackWins | Outcome::Draw
        )
    }

    /// The crosstable mark of one side: `1`, `½`, `0`, `+`, `-`, `*`.
    pub fn mark(self, white: bool) -> &'static str {
        match (self, white) {
            (Outcome::Unfinished, _) => "*",
            (Outcome::Draw, _) => "½",
            (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => "1",
            (Outcome::WhiteWins, false) | (Outcome::BlackWins, true) => "0",
            (Outcome::WhiteWinsByForfeit, true) | (Outcome::BlackWinsByForfeit, false) => "+",
            (Outcome::WhiteWinsByForfeit, false) | (Outcome::BlackWinsByForfeit, true) => "-",
            (Outcome::BothLose, _) => "-",
        }
    }
}

/// One game: indices into the player list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub white: usize,
    pub black: usize,
    pub outcome: Outcome,
}

/// A tie-break (INTERFACE.md names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tiebreak {
    /// §708.3: the sum of the opponents' points.
    Buchholz,
    /// Buchholz without the lowest single contribution.
    BuchholzCut1,
    /// §708.4: the sum of the opponents' Buchholz.
    SumBuchholz,
    /// Opponents' points, full for a win, half for a draw.
    SonnebornBerger,
    /// Baumbach: number of games won.
    Wins,
    /// Number of games won with Black.
    BlackWins,
    /// Points scored in the games among the tied players.
    DirectEncounter,
}

/// RULES.md §12: points, Buchholz, sum of Buchholz (§708.2), then Sonneborn–Berger, direct
/// encounter and wins, because a complete round robin leaves the first two equal for tied
/// players.
pub const DEFAULT_TIEBREAKS: [Tiebreak; 5] = [
    Tiebreak::Buchholz,
    Tiebreak::SumBuchholz,
    Tiebreak::SonnebornBerger,
    Tiebreak::DirectEncounter,
    Tiebreak::Wins,
];

/// What the standings tables and their definitions print, named but not worded (issue 10
/// item 6, "the core says what, the shell says it"): the shell's catalogue
/// (`mail::texts`, which implements [`Wording`] for `Lang`) words each in the reader's
/// language, so no sentence lives in the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Rank,
    Player,
    Points,
    Games,
    /// The page footer's "generated" and the subtitle's "standings as of".
    Generated,
    AsOf,
    /// The crosstable's legend.
    Legend,
    /// The page's `lang` attribute and its date format (`chrono` `format`).
    PageLang,
    DateFormat,
    /// §709.2: the order of ranking, with tie-breaks or without.
    RankingIntro,
    RankingPointsOnly,
    RankingTail,
    /// §709.2: how unplayed games counted (`tiebreak_unplayed = plain`).
    BuchholzPlainUnplayed,
    /// A tie-break's column heading and its definition.
    Short(Tiebreak),
    Definition(Tiebreak),
    /// The team table's columns (its rank column is [`Word::Rank`]).
    Team,
    MatchPoints,
    GamePoints,
    Boards,
    /// The annex's order of ranking the teams, one step a word.
    TeamRankingIntro,
    TeamByMatchPoints,
    TeamByGamePoints,
    TeamByMatch,
    TeamByBoardsOfMatch,
    TeamByBoardTotals,
    TeamByBlackOnBoardOne,
}

/// The words of a language for the tables: the shell implements it (for `Lang`, from its
/// catalogue) and passes it in.
pub trait Wording: Copy {
    fn word(self, word: Word) -> &'static str;
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 7] = [
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::SumBuchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::BlackWins,
        Tiebreak::DirectEncounter,
    ];

    /// The name used in config, on the command line and in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz-cut1",
            Tiebreak::SumBuchholz => "sum-buchholz",
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::Wins => "wins",
            Tiebreak::BlackWins => "black-wins",
            Tiebreak::DirectEncounter => "direct-encounter",
        }
    }

    /// A short column heading.
    pub fn short(self, words: impl Wording) -> &'static str {
        words.word(Word::Short(self))
    }

    /// The definition printed under the standings (§709.2).
    pub fn definition(self, words: impl Wording) -> &'static str {
        words.word(Word::Definition(self))
    }

    /// Parse a comma-separated list (`--tiebreaks a,b,…`); an empty list is allowed.
    pub fn parse_list(list: &str) -> Result<Vec<Tiebreak>, StandingsError> {
        let mut out: Vec<Tiebreak> = Vec::new();
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let tb: Tiebreak = part.parse()?;
            if out.contains(&tb) {
                return Err(StandingsError::DuplicateTiebreak(part.to_string()));
            }
            out.push(tb);
        }
        Ok(out)
    }
}

impl FromStr for Tiebreak {
    type Err = StandingsError;
    fn from_str(s: &str) -> Result<Tiebreak, StandingsError> {
        let s = s.trim().to_ascii_lowercase();
        Tiebreak::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or(StandingsError::UnknownTiebreak(s))
    }
}

/// What is wrong with the input of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StandingsError {
    #[error(
        "unknown tie-break `{0}` (known: buchholz, buchholz-cut1, sum-buchholz, sonneborn-berger, wins, black-wins, direct-encounter)"
    )]
    UnknownTiebreak(String),
    #[error("tie-break `{0}` is listed twice")]
    DuplicateTiebreak(String),
    #[error("game {game}: player {player} is not in the list of {n_players} players")]
    UnknownPlayer {
        game: usize,
        player: usize,
        n_players: usize,
    },
    #[error("game {game}: a player cannot play himself")]
    SamePlayer { game: usize },
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Rank from 1; players who share it have the same rank.
    pub rank: u32,
    /// The last place of a shared rank (`rank..=shared_to`); equal to `rank` when alone.
    pub shared_to: u32,
    /// Index into the player list.
    pub player: usize,
    pub name: String,
    pub points: f64,
    /// Finished games (forfeits included, byes not).
    pub games: u32,
    /// Games not yet finished.
    pub unfinished: u32,
    /// Values in the order of `Standings::tiebreaks`.
    pub tiebreaks: Vec<f64>,
}

/// The ranked table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub tiebreaks: Vec<Tiebreak>,
    pub rows: Vec<Row>,
    /// How unplayed games counted in the tie-breaks (§709.2 names it).
    pub unplayed: Unplayed,
}

/// One finished round seen from one player.
#[derive(Clone, Copy)]
struct Seat {
    /// `None` for a bye.
    opponent: Option<usize>,
    /// The player's result in half points.
    halves: i64,
    played: bool,
    black: bool,
    /// A round the player chose not to play (C.07 14.6: cut first).
    chosen: bool,
}

/// A round without an opponent: a bye or an absence, with the half points it gives (0, 1, 2).
/// Byes do not occur in amici's own round robins (the odd player out simply waits); they exist
/// so that Swiss events and published crosstables can be ranked the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bye {
    pub player: usize,
    pub halves: u32,
    /// No game of the player (nor a round he won without playing) follows this one — a
    /// withdrawal's absences, say. FIDE C.07 (2024) 16.3: such a round, when it gave less than
    /// a win, counts as a draw in his opponents' tie-breaks; any other unplayed round counts
    /// as it was scored.
    pub after_last_game: bool,
    /// The pairing-allocated bye (the odd player out), which the player did not choose: never
    /// cut first, whatever it is worth (`bye_points`).
    pub allocated: bool,
}

impl Bye {
    /// A round without an opponent that the player chose (a requested bye, an absence), or a
    /// full-point one.
    pub fn new(player: usize, halves: u32) -> Bye {
        Bye {
            player,
            halves,
            after_last_game: false,
            allocated: false,
        }
    }
}

struct Tally {
    /// Quarter points.
    points: Vec<i64>,
    /// Quarter points as opponents' scores for tie-breaks (FIDE C.07 16.3): the points
    /// scored, except that an unplayed round after the player's last game that gave him less
    /// than a win counts as a draw.
    tb_points: Vec<i64>,
    seats: Vec<Vec<Seat>>,
    unfinished: Vec<u32>,
    buchholz: Vec<i64>,
    /// What a player's own unplayed round adds to his Buchholz: his own points (FIDE), or
    /// nothing (plain).
    own: Vec<i64>,
    unplayed: Unplayed,
}

/// How unplayed games (byes, forfeits, a withdrawn player's missing rounds) count in the
/// tie-breaks (RULES.md §12a `tiebreak_unplayed`; the standings name it, §709.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unplayed {
    /// The FIDE Tie-Break Regulations (1 August 2024): an unplayed round of the player counts
    /// as a game against himself, the opponents' unplayed games as draws.
    #[default]
    Fide,
    /// The excerpt read literally: the sum of the points the opponents actually played scored;
    /// an unplayed round adds nothing.
    Plain,
}

impl Unplayed {
    pub fn name(self) -> &'static str {
        match self {
            Unplayed::Fide => "fide",
            Unplayed::Plain => "plain",
        }
    }
}

fn tally(
    n: usize,
    games: &[Game],
    byes: &[Bye],
    unplayed: Unplayed,
) -> Result<Tally, StandingsError> {
    let plain = unplayed == Unplayed::Plain;
    let mut points = vec![0i64; n];
    let mut tb_points = vec![0i64; n];
    let mut seats: Vec<Vec<Seat>> = vec![Vec::new(); n];
    let mut unfinished = vec![0u32; n];
    for (i, g) in games.iter().enumerate() {
        for player in [g.white, g.black] {
            if player >= n {
                return Err(StandingsError::UnknownPlayer {
                    game: i + 1,
                    player,
                    n_players: n,
                });
            }
        }
        if g.white == g.black {
            return Err(StandingsError::SamePlayer { game: i + 1 });
        }
        let Some((w, b)) = g.outcome.half_points() else {
            unfinished[g.white] += 1;
            unfinished[g.black] += 1;
            continue;
        };
        let played = g.outcome.is_played();
        for (me, opp, halves, black) in [(g.white, g.black, w, false), (g.black, g.white, b, true)]
        {
            let halves = i64::from(halves);
            points[me] += 2 * halves;
            tb_points[me] += 2 * halves;
            seats[me].push(Seat {
                opponent: Some(opp),
                halves,
                played,
                black,
                // A forfeit loss, or a loss for both.
                chosen: !played && halves < 2,
            });
        }
    }
    for bye in byes {
        if bye.player >= n {
            return Err(StandingsError::UnknownPlayer {
                game: 0,
                player: bye.player,
                n_players: n,
            });
        }
        let halves = i64::from(bye.halves.min(2));
        points[bye.player] += 2 * halves;
        tb_points[bye.player] += if !plain && bye.after_last_game && halves < 2 {
            2
        } else {
            2 * halves
        };
        seats[bye.player].push(Seat {
            opponent: None,
            halves,
            played: false,
            black: false,
            chosen: !bye.allocated && halves < 2,
        });
    }
    let own = if plain { vec![0; n] } else { points.clone() };
    let buchholz = (0..n)
        .map(|p| contributions(&own, &tb_points, &seats[p], p).iter().sum())
        .collect();
    Ok(Tally {
        points,
        tb_points,
        seats,
        unfinished,
        buchholz,
        own,
        unplayed,
    })
}

/// The opponent's score counted for a round, in quarter points: the opponent's tie-break score
/// for a played game, `own[me]` for an unplayed round (FIDE C.07 "game against oneself": the
/// player's own points; plain: nothing).
fn opponent_score(own: &[i64], tb_points: &[i64], s: &Seat, me: usize) -> i64 {
    match (s.played, s.opponent) {
        (true, Some(o)) => tb_points[o],
        _ => own[me],
    }
}

/// Each finished round's contribution to Buchholz.
fn contributions(own: &[i64], tb_points: &[i64], seats: &[Seat], me: usize) -> Vec<i64> {
    seats
        .iter()
        .map(|s| opponent_score(own, tb_points, s, me))
        .collect()
}

impl Tally {
    /// A group-independent tie-break value in quarter points (or a count × 4).
    fn value(&self, tb: Tiebreak, p: usize) -> i64 {
        let seats = &self.seats[p];
        match tb {
            Tiebreak::Buchholz => self.buchholz[p],
            Tiebreak::BuchholzCut1 => {
                let c = contributions(&self.own, &self.tb_points, seats, p);
                // FIDE C.07 14.6: a round the player chose not to play (a half- or zero-point
                // bye, a forfeit loss, an absence) is cut first, the least of them.
                let voluntary = seats
                    .iter()
                    .zip(&c)
                    .filter(|(s, _)| self.unplayed == Unplayed::Fide && s.chosen)
                    .map(|(_, v)| *v)
                    .min();
                c.iter().sum::<i64>() - voluntary.or(c.iter().copied().min()).unwrap_or(0)
            }
            Tiebreak::SumBuchholz => seats
                .iter()
                .map(|s| match (s.played, s.opponent) {
                    (true, Some(o)) => self.buchholz[o],
                    _ if self.unplayed == Unplayed::Plain => 0,
                    _ => self.buchholz[p],
                })
                .sum(),
            // quarters: result halves × opponent quarters / 2 (opponent quarters are even)
            Tiebreak::SonnebornBerger => seats
                .iter()
                .map(|s| s.halves * opponent_score(&self.own, &self.tb_points, s, p) / 2)
                .sum(),
            Tiebreak::Wins => 4 * seats.iter().filter(|s| s.played && s.halves == 2).count() as i64,
            Tiebreak::BlackWins => {
                4 * seats
                    .iter()
                    .filter(|s| s.played && s.black && s.halves == 2)
                    .count() as i64
            }
            Tiebreak::DirectEncounter => 0,
        }
    }

    /// Direct encounter within `group`: quarter points scored against the others of the group,
    /// or 0 for all when some two of them have no finished game together.
    fn direct_encounter(&self, group: &[usize]) -> Vec<i64> {
        if group.len() < 2 {
            return vec![0; group.len()];
        }
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                if !self.seats[a].iter().any(|s| s.opponent == Some(b)) {
                    return vec![0; group.len()];
                }
            }
        }
        group
            .iter()
            .map(|&p| {
                self.seats[p]
                    .iter()
                    .filter(|s| s.opponent.is_some_and(|o| group.contains(&o)))
                    .map(|s| 2 * s.halves)
                    .sum()
            })
            .collect()
    }
}

fn quarters(q: i64) -> f64 {
    q as f64 / 4.0
}

/// Rank the players. `players` are the display names (index = player number); `tiebreaks` is
/// the configured order (e.g. [`DEFAULT_TIEBREAKS`]).
pub fn compute(
    players: &[String],
    games: &[Game],
    tiebreaks: &[Tiebreak],
) -> Result<Standings, StandingsError> {
    compute_with_byes(players, games, &[], tiebreaks)
}

/// [`compute`] with rounds that had no opponent (Swiss byes, absences).
pub fn compute_with_byes(
    players: &[String],
    games: &[Game],
    byes: &[Bye],
    tiebreaks: &[Tiebreak],
) -> Result<Standings, StandingsError> {
    compute_unplayed(players, games, byes, tiebreaks, Unplayed::Fide)
}

/// [`compute_with_byes`] with unplayed games counted as `unplayed` says (RULES.md §12a).
pub fn compute_unplayed(
    players: &[String],
    games: &[Game],
    byes: &[Bye],
    tiebreaks: &[Tiebreak],
    unplayed: Unplayed,
) -> Result<Standings, StandingsError> {
    let n = players.len();
    let t = tally(n, games, byes, unplayed)?;
    // value[p][k]: tie-break k of player p, quarter units; direct encounter filled per group.
    let mut value: Vec<Vec<i64>> = (0..n)
        .map(|p| tiebreaks.iter().map(|&tb| t.value(tb, p)).collect())
        .collect();

    // Split groups of equal keys, one criterion at a time, so that direct encounter sees the
    // group that is still tied when it comes in the order.
    let mut all: Vec<usize> = (0..n).collect();
    all.sort_by(|&a, &b| t.points[b].cmp(&t.points[a]));
    let mut groups: Vec<Vec<usize>> = split(all, |p| t.points[p]);
    for (k, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut group in groups {
            if tb == Tiebreak::DirectEncounter {
                let de = t.direct_encounter(&group);
                for (&p, v) in group.iter().zip(de) {
                    value[p][k] = v;
                }
            }
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            group.sort_by(|&a, &b| value[b][k].cmp(&value[a][k]));
            next.extend(split(group, |p| value[p][k]));
        }
        groups = next;
    }

    let mut rows = Vec::with_capacity(n);
    let mut place = 1u32;
    for mut group in groups {
        group.sort_by(|&a, &b| players[a].cmp(&players[b]).then(a.cmp(&b)));
        let last = place + group.len() as u32 - 1;
        for p in group {
            rows.push(Row {
                rank: place,
                shared_to: last,
                player: p,
                name: players[p].clone(),
                points: quarters(t.points[p]),
                games: t.seats[p].iter().filter(|s| s.opponent.is_some()).count() as u32,
                unfinished: t.unfinished[p],
                tiebreaks: value[p].iter().map(|&q| quarters(q)).collect(),
            });
        }
        place = last + 1;
    }
    Ok(Standings {
        tiebreaks: tiebreaks.to_vec(),
        rows,
        unplayed,
    })
}

/// Cut a sorted list into runs of equal key.
fn split(sorted: Vec<usize>, key: impl Fn(usize) -> i64) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for p in sorted {
        match out.last_mut() {
            Some(g) if g.first().is_some_and(|&q| key(q) == key(p)) => g.push(p),
            _ => out.push(vec![p]),
        }
    }
    out
}

#[derive(Serialize)]
struct JsonStandings<'a> {
    tiebreaks: Vec<&'static str>,
    /// How unplayed games count in the tie-breaks (RULES.md §12a).
    tiebreak_unplayed: &'static str,
    standings: Vec<JsonRow<'a>>,
}

#[derive(Serialize)]
struct JsonRow<'a> {
    rank: u32,
    player: &'a str,
    points: f64,
    games: u32,
    unfinished: u32,
    tiebreaks: BTreeMap<&'static str, f64>,
}

impl Standings {
    /// The value of one tie-break for a row, if it is in the configured list.
    pub fn tiebreak(&self, row: &Row, tb: Tiebreak) -> Option<f64> {
        let k = self.tiebreaks.iter().position(|&t| t == tb)?;
        row.tiebreaks.get(k).copied()
    }

    /// The row of a player by name.
    pub fn row(&self, name: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.name == name)
    }

    /// `standings --format json` (INTERFACE.md); `unfinished` is an addition to the contract.
    pub fn to_json_value(&self) -> serde_json::Value {
        let doc = JsonStandings {
            tiebreaks: self.tiebreaks.iter().map(|t| t.name()).collect(),
            tiebreak_unplayed: self.unplayed.name(),
            standings: self
                .rows
                .iter()
                .map(|r| JsonRow {
                    rank: r.rank,
                    player: &r.name,
                    points: r.points,
                    games: r.games,
                    unfinished: r.unfinished,
                    tiebreaks: self
                        .tiebreaks
                        .iter()
                        .zip(&r.tiebreaks)
                        .map(|(t, &v)| (t.name(), v))
                        .collect(),
                })
                .collect(),
        };
        // Serializing plain structs of strings and finite numbers cannot fail.
        serde_json::to_value(doc).unwrap_or(serde_json::Value::Null)
    }

    /// The JSON as pretty text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_json_value()).unwrap_or_default()
    }

    /// A plain-text table (`--format text`) followed by the definitions of the tie-breaks.
    pub fn to_text(&self, words: impl Wording) -> String {
        let mut head: Vec<String> = [Word::Rank, Word::Player, Word::Points, Word::Games]
            .map(|w| words.word(w).to_string())
            .into();
        head.extend(self.tiebreaks.iter().map(|t| t.short(words).to_string()));
        let mut table: Vec<Vec<String>> = vec![head];
        for r in &self.rows {
            let mut line = vec![
                rank_text(r),
                r.name.clone(),
                fmt_num(r.points),
                if r.unfinished > 0 {
                    format!("{} (+{}*)", r.games, r.unfinished)
                } else {
                    r.games.to_string()
                },
            ];
            line.extend(r.tiebreaks.iter().map(|&v| fmt_num(v)));
            table.push(line);
        }
        let cols = table[0].len();
        let width: Vec<usize> = (0..cols)
            .map(|c| {
                table
                    .iter()
                    .map(|l| l.get(c).map_or(0, |s| s.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for line in &table {
            let mut text = String::new();
            for (c, cell) in line.iter().enumerate() {
                let pad = width[c].saturating_sub(cell.chars().count());
                if c == 1 {
                    text.push_str(cell);
                    text.push_str(&" ".repeat(pad));
                } else {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                }
                text.push_str("  ");
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        let defs = definitions(&self.tiebreaks, words);
        if !defs.is_empty() {
            out.push('\n');
            out.push_str(&defs);
        }
        // §709.2: how unplayed games counted, where the tie-breaks depend on it.
        if self.unplayed == Unplayed::Plain
            && self.tiebreaks.iter().any(|t| {
                matches!(
                    t,
                    Tiebreak::Buchholz | Tiebreak::BuchholzCut1 | Tiebreak::SumBuchholz
                )
            })
        {
            out.push_str(words.word(Word::BuchholzPlainUnplayed));
            out.push('\n');
        }
        out
    }
}

/// `2-3` for a shared rank, else `2`.
pub fn rank_text(r: &Row) -> String {
    if r.shared_to > r.rank {
        format!("{}-{}", r.rank, r.shared_to)
    } else {
        r.rank.to_string()
    }
}

/// A number as the tables print it: `6.5`, `61`, `402.25`.
pub fn fmt_num(v: f64) -> String {
    let mut s = format!("{v:.2}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

/// The order of ranking and the definition of each tie-break used, as printed under the
/// standings (§709.2: the players must be told how the standings are computed).
pub fn definitions(tiebreaks: &[Tiebreak], words: impl Wording) -> String {
    let mut out = String::new();
    if tiebreaks.is_empty() {
        out.push_str(words.word(Word::RankingPointsOnly));
        out.push('\n');
        return out;
    }
    let names: Vec<&str> = tiebreaks.iter().map(|t| t.short(words)).collect();
    let _ = writeln!(
        out,
        "{} {}.",
        words.word(Word::RankingIntro),
        names.join(", ")
    );
    for tb in tiebreaks {
        let _ = writeln!(out, "{}: {}", tb.short(words), tb.definition(words));
    }
    out.push_str(words.word(Word::RankingTail));
    out.push('\n');
    out
}

/// Players and games by name (for PGN input): names in order of first appearance.
pub fn index_by_name<'a>(
    named: impl IntoIterator<Item = (&'a str, &'a str, Outcome)>,
) -> (Vec<String>, Vec<Game>) {
    let mut players: Vec<String> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut games = Vec::new();
    let mut id = |name: &str, players: &mut Vec<String>| -> usize {
        if let Some(&i) = index.get(name) {
            return i;
        }
        players.push(name.to_string());
        index.insert(name.to_string(), players.len() - 1);
        players.len() - 1
    };
    for (white, black, outcome) in named {
        let w = id(white, &mut players);
        let b = id(black, &mut players);
        games.push(Game {
            white: w,
            black: b,
            outcome,
        });
    }
    (players, games)
}
