//! An independent, deliberately naive day-by-day simulator of the clocks (RULES.md §3, §6, §7,
//! Art. 23–46), compared with the engine (`rules::clock`, `rules::tick`) over 10,000 seeded
//! random games in both modes: per-move days, totals, and the overstep claims (who, which move,
//! which day, which article).
//!
//! The oracle never calls `rules::clock`: it walks every calendar day and asks "whose clock
//! runs today, and does it count?". It knows the games' structure (which moves went in one
//! letter) from the generator, not from the record's dates.

use amici::rules::clock::{ClockGame, ClockState, NoticeKind, PendingLine, report};
use amici::rules::model::{Color, Day, Mode, Params, Penalty, PlayedMove, Suspension};
use amici::rules::tick::tick;
use chrono::NaiveDate;

// ---- a small seeded PRNG (SplitMix64) -------------------------------------------------------

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn plus(d: Day, n: i64) -> Day {
    d + chrono::Duration::days(n)
}

// ---- the generated game ---------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Ply {
    received: Day,
    sent: Day,
    auto: bool,
    /// Index of the letter this ply was sent in.
    letter: usize,
}

/// One letter of one player: the moves he sent together (or one automatic move).
#[derive(Clone, Debug)]
struct Letter {
    white: bool,
    /// His clock started the day after this (receipt of the opponent's move).
    received: Day,
    sent: Day,
    plies: Vec<usize>,
    auto: bool,
}

struct Case {
    mode: Mode,
    start: Day,
    plies: Vec<Ply>,
    letters: Vec<Letter>,
    /// (first, last, colour: 0 white, 1 black, 2 both)
    suspensions: Vec<(Day, Day, u8)>,
    /// (date, white?, days)
    penalties: Vec<(Day, bool, i64)>,
    delay_notice: Option<Day>,
    /// `post`: the reported receipt of the awaited move.
    receipt: Option<Day>,
    now: Day,
    /// Letters sent the same day as the automatic reply from a line that preceded them.
    same_day_after_line: usize,
}

fn thinking_gap(rng: &mut Rng) -> i64 {
    let r = rng.below(100);
    let g = if r < 70 {
        rng.below(6)
    } else if r < 92 {
        5 + rng.below(8)
    } else if r < 98 {
        12 + rng.below(30)
    } else {
        40 + rng.below(36)
    };
    g as i64
}

/// Longer than 150 lines for a reason: every field of a case is drawn in turn from one seeded
/// generator, so a seed names a case; one function keeps that order of draws in sight.
fn generate(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let mode = if rng.chance(50) {
        Mode::Email
    } else {
        Mode::Post
    };
    let start = plus(
        NaiveDate::from_ymd_opt(2025, 11, 1).expect("date"),
        rng.below(500) as i64,
    );
    let transit = |rng: &mut Rng| {
        if mode == Mode::Email {
            0
        } else {
            1 + rng.below(6) as i64
        }
    };
    let target = rng.below(70) as usize;
    let mut plies: Vec<Ply> = Vec::new();
    let mut letters: Vec<Letter> = Vec::new();
    let mut received = plus(start, -1);
    // Automatic moves the opponent's line still offers the player to move (Art. 32).
    let mut offered = 0usize;
    // The player to move continues right after an automatic reply from a line. Issue 9: his
    // next letter may go the same day — the record tells letters apart by their number, not by
    // the sending day (Art. 32).
    let mut after_auto = false;
    let mut same_day_after_line = 0usize;
    while plies.len() < target {
        let white = plies.len().is_multiple_of(2);
        let mut gap = thinking_gap(&mut rng);
        if after_auto && rng.chance(40) {
            gap = 0;
        }
        if after_auto && gap == 0 {
            same_day_after_line += 1;
        }
        let sent = plus(received, gap);
        if offered > 0 && rng.chance(50) {
            // Accept j moves of the line in one letter: j own moves, j − 1 automatic replies.
            let j = 1 + rng.below(offered as u64 + 1) as usize;
            let li = letters.len();
            let mut own = Vec::new();
            let later_received = if rng.chance(50) { received } else { sent };
            for t in 0..j {
                own.push(plies.len());
                plies.push(Ply {
                    received: if t == 0 { received } else { later_received },
                    sent,
                    auto: false,
                    letter: li,
                });
                if t + 1 < j {
                    letters.push(Letter {
                        white: !white,
                        received: sent,
                        sent,
                        plies: vec![plies.len()],
                        auto: true,
                    });
                    plies.push(Ply {
                        received: sent,
                        sent,
                        auto: true,
                        letter: li + 1 + t,
                    });
                }
            }
            // The letter itself goes before the automatic ones it triggered, in index order.
            let own_letter = Letter {
                white,
                received,
                sent,
                plies: own,
                auto: false,
            };
            letters.insert(li, own_letter);
            // The automatic letters were pushed after li; fix their ply back-references.
            for (k, l) in letters.iter().enumerate().skip(li) {
                for &p in &l.plies {
                    plies[p].letter = k;
                }
            }
            let remaining = offered - (j - 1);
            if remaining > 0 && rng.chance(50) {
                // His last move matched the line too: the proposer's next move is played at once.
                let li = letters.len();
                letters.push(Letter {
                    white: !white,
                    received: sent,
                    sent,
                    plies: vec![plies.len()],
                    auto: true,
                });
                plies.push(Ply {
                    received: sent,
                    sent,
                    auto: true,
                    letter: li,
                });
                received = sent;
                offered = remaining - 1;
                after_auto = true;
            } else {
                offered = 0;
                received = plus(sent, transit(&mut rng));
                after_auto = false;
            }
        } else {
            let li = letters.len();
            letters.push(Letter {
                white,
                received,
                sent,
                plies: vec![plies.len()],
                auto: false,
            });
            plies.push(Ply {
                received,
                sent,
                auto: false,
                letter: li,
            });
            // Maybe he offers a line of 1–3 automatic moves to his opponent.
            offered = if rng.chance(12) {
                1 + rng.below(3) as usize
            } else {
                0
            };
            received = plus(sent, transit(&mut rng));
            after_auto = false;
        }
    }
    let end = plies.last().map_or(start, |p| p.sent);
    let span = (end - start).num_days().max(0) + 60;
    let mut suspensions = Vec::new();
    for _ in 0..rng.below(4) {
        let from = plus(start, rng.below(span as u64) as i64);
        let to = plus(from, rng.below(30) as i64);
        suspensions.push((from, to, rng.below(3) as u8));
    }
    let now = plus(start, rng.below(span as u64 + 90) as i64 - 1);
    let mut penalties = Vec::new();
    for _ in 0..rng.below(4) {
        let date = plus(start, rng.below(span as u64) as i64);
        if date <= now {
            penalties.push((date, rng.chance(50), if rng.chance(70) { 5 } else { 10 }));
        }
    }
    // What the record holds on `now`: the letters sent by then.
    let kept = plies.iter().take_while(|p| p.sent <= now).count();
    let kept_letters = plies.get(kept).map_or(letters.len(), |p| p.letter);
    plies.truncate(kept);
    letters.truncate(kept_letters);
    // The awaited move: its receipt day (email: the forwarding day, i.e. the last sending day).
    let awaited_received = match plies.last() {
        None => plus(start, -1),
        Some(p) if mode == Mode::Email => p.sent,
        Some(p) => plus(p.sent, transit(&mut rng)),
    };
    let receipt = (mode == Mode::Post && rng.chance(70) && awaited_received <= now)
        .then_some(awaited_received);
    let delay_notice = if rng.chance(30) {
        let d = plus(awaited_received, rng.below(60) as i64);
        (d <= now).then_some(d)
    } else {
        None
    };
    Case {
        mode,
        start,
        plies,
        letters,
        suspensions,
        penalties,
        delay_notice,
        receipt,
        now,
        same_day_after_line,
    }
}

// ---- the oracle -----------------------------------------------------------------------------

/// Is the game suspended on day `d` (leave of either player, dead time)?
fn suspended(case: &Case, d: Day) -> bool {
    case.suspensions.iter().any(|&(a, b, _)| a <= d && d <= b)
}

/// The clock of the awaited move, when it runs and is known: (white?, received).
fn running(case: &Case) -> Option<(bool, Day)> {
    let white = case.plies.len().is_multiple_of(2);
    match (case.mode, case.plies.last()) {
        (_, None) => Some((true, plus(case.start, -1))),
        (Mode::Email, Some(p)) => Some((white, p.sent)),
        (Mode::Post, Some(_)) => case.receipt.map(|r| (white, r)),
    }
}

struct OracleClocks {
    ply_days: Vec<i64>,
    letter_days: Vec<i64>,
    running_days: Option<i64>,
    totals: [i64; 2],
}

/// Walk every day from the day before the start to `now`: the clock that runs that day is the
/// one of the letter (or the awaited move) whose stretch (received, sent] holds it; a day
/// counts unless suspended; the first counted day of each stretch is free.
fn oracle_clocks(case: &Case) -> OracleClocks {
    let mut counted = vec![0i64; case.letters.len()];
    let mut run_counted = 0i64;
    let run = running(case);
    let mut d = plus(case.start, -1);
    let mut li = 0usize;
    while d <= case.now {
        while li < case.letters.len() && case.letters[li].sent < d {
            li += 1;
        }
        if !suspended(case, d) {
            if li < case.letters.len() {
                let l = &case.letters[li];
                if !l.auto && l.received < d {
                    counted[li] += 1;
                }
            } else if let Some((_, r)) = run
                && r < d
            {
                run_counted += 1;
            }
        }
        d = plus(d, 1);
    }
    let letter_days: Vec<i64> = counted.iter().map(|&n| (n - 1).max(0)).collect();
    let mut ply_days = vec![0i64; case.plies.len()];
    for (i, l) in case.letters.iter().enumerate() {
        if let Some(&last) = l.plies.last() {
            ply_days[last] = letter_days[i];
        }
    }
    let running_days = run.map(|_| (run_counted - 1).max(0));
    let mut totals = [0i64; 2];
    for (i, l) in case.letters.iter().enumerate() {
        totals[usize::from(!l.white)] += letter_days[i];
    }
    for &(_, white, n) in &case.penalties {
        totals[usize::from(!white)] += n;
    }
    if let (Some((white, _)), Some(n)) = (run, running_days) {
        totals[usize::from(!white)] += n;
    }
    OracleClocks {
        ply_days,
        letter_days,
        running_days,
        totals,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Claim {
    white: bool,
    move_number: u32,
    day: Day,
    article: &'static str,
}

/// The first day from which one player's time in the count starting at move `from` exceeds his
/// limit: walk the days, keep his finished letters' time, his running stretch, his penalties.
fn oracle_overstep(
    case: &Case,
    clocks: &OracleClocks,
    white: bool,
    from: u32,
    cut: Option<Day>,
) -> Option<Claim> {
    let p = Params::for_mode(case.mode);
    let own: Vec<usize> = (0..case.letters.len())
        .filter(|&i| case.letters[i].white == white)
        .collect();
    let move_of = |ply: usize| (ply / 2 + 1) as u32;
    let own_moves = case
        .plies
        .iter()
        .enumerate()
        .filter(|(i, _)| (i % 2 == 0) == white)
        .count() as u32;
    let run = running(case).filter(|&(w, _)| w == white && case.mode == Mode::Email);
    let mut d = plus(case.start, -1);
    let mut k = 0usize; // own letters whose sending day is before d
    let mut done = 0i64;
    let mut stretch = 0i64; // counted days of the current stretch so far
    let mut stretch_of = usize::MAX;
    while d <= case.now {
        while k < own.len() && case.letters[own[k]].sent < d {
            let l = &case.letters[own[k]];
            if l.plies.last().is_some_and(|&lp| move_of(lp) >= from) {
                done += clocks.letter_days[own[k]];
            }
            k += 1;
        }
        // The move he is playing or thinking about today (`at`), the move his time is judged
        // at (`m`: the last of a letter, Art. 32), and his time on it so far.
        let mut at = None;
        let (m, run_today) = if k < own.len() {
            let li = own[k];
            let l = &case.letters[li];
            if stretch_of != li {
                stretch_of = li;
                stretch = 0;
            }
            let m = move_of(*l.plies.last().expect("letter has a ply"));
            if d < l.sent {
                at = Some(move_of(l.plies[0]));
            }
            let t = if case.mode == Mode::Post {
                if l.sent == d {
                    clocks.letter_days[li]
                } else {
                    0
                }
            } else {
                if !l.auto && l.received < d && !suspended(case, d) {
                    stretch += 1;
                }
                if l.auto { 0 } else { (stretch - 1).max(0) }
            };
            (m, t)
        } else {
            if stretch_of != usize::MAX - 1 {
                stretch_of = usize::MAX - 1;
                stretch = 0;
            }
            let t = match run {
                Some((_, r)) => {
                    if r < d && !suspended(case, d) {
                        stretch += 1;
                    }
                    (stretch - 1).max(0)
                }
                None => 0,
            };
            (own_moves + 1, t)
        };
        if m >= from {
            let pens: i64 = case
                .penalties
                .iter()
                .filter(|&&(pd, w, _)| w == white && pd <= d && cut.is_none_or(|c| pd > c))
                .map(|&(_, _, n)| n)
                .sum();
            let total = done + run_today + pens;
            let periods = i64::from((m - from) / p.period_moves + 1);
            if total > periods * i64::from(p.period_days) {
                return Some(Claim {
                    white,
                    move_number: at.unwrap_or(m),
                    day: d,
                    article: "27",
                });
            }
        }
        d = plus(d, 1);
    }
    None
}

/// Art. 31 (`email`): the first time the player stayed silent for more than 40 counted days
/// (an answer on the 41st day is too late), after the repeat of day 14, without a delay
/// notice: over every letter he sent and the move still awaited.
fn oracle_silence(case: &Case, white: bool) -> Option<Claim> {
    if case.mode != Mode::Email {
        return None;
    }
    let mut stretches: Vec<(usize, Day, Option<Day>)> = case
        .letters
        .iter()
        .filter(|l| l.white == white && !l.auto)
        .map(|l| (l.plies[0], l.received, Some(l.sent)))
        .collect();
    if let Some((w, f)) = running(case)
        && w == white
    {
        stretches.push((case.plies.len(), f, None));
    }
    for (ply, f, answered) in stretches {
        let mut silent = 0;
        let mut d = plus(f, 1);
        while d <= case.now && answered.is_none_or(|s| d <= s) {
            if !suspended(case, d) {
                silent += 1;
            }
            // The generator gives delay notices only for the move still awaited.
            let noticed = answered.is_none() && case.delay_notice.is_some_and(|n| n <= d);
            if noticed {
                break;
            }
            if silent > 40 {
                return Some(Claim {
                    white,
                    move_number: (ply / 2 + 1) as u32,
                    day: d,
                    article: "31",
                });
            }
            d = plus(d, 1);
        }
    }
    None
}

/// The claims the bot files, in order, up to the first that stops the game.
fn oracle_claims(case: &Case, clocks: &OracleClocks) -> Vec<Claim> {
    let mut out = Vec::new();
    let order = |c: &Claim| (c.day, !c.white, c.article == "31");
    match case.mode {
        Mode::Email => {
            let first = [
                oracle_overstep(case, clocks, true, 1, None),
                oracle_overstep(case, clocks, false, 1, None),
                oracle_silence(case, true),
                oracle_silence(case, false),
            ]
            .into_iter()
            .flatten()
            .min_by_key(order);
            out.extend(first);
        }
        Mode::Post => {
            let mut pending: Vec<(Claim, bool)> = [true, false]
                .into_iter()
                .filter_map(|w| oracle_overstep(case, clocks, w, 1, None).map(|c| (c, false)))
                .collect();
            while let Some(i) = (0..pending.len()).min_by_key(|&i| order(&pending[i].0)) {
                let (c, second) = pending.remove(i);
                out.push(c);
                if second {
                    break; // Art. 37: the game waits for the decision
                }
                // Art. 30: the new count starts at the next move; the penalties up to the
                // sending of the overstep move stay in the old one.
                let from = c.move_number + 1;
                let cut = case
                    .letters
                    .iter()
                    .find(|l| {
                        l.white == c.white
                            && l.plies.iter().any(|&p| (p / 2 + 1) as u32 >= c.move_number)
                    })
                    .map(|l| l.sent)
                    .or(Some(NaiveDate::MAX));
                if let Some(next) = oracle_overstep(case, clocks, c.white, from, cut) {
                    pending.push((next, true));
                }
            }
        }
    }
    out
}

// ---- the comparison -------------------------------------------------------------------------

fn record(case: &Case) -> (Vec<PlayedMove>, Vec<Penalty>, Vec<Suspension>, ClockState) {
    let moves = case
        .plies
        .iter()
        .map(|p| PlayedMove {
            uci: "e2e4".into(),
            san: "e4".into(),
            received: p.received,
            sent: p.sent,
            from_variant: p.auto,
            // Which letter brought the move, as the engine numbers them (issue 9, Art. 32).
            letter: p.letter as u32 + 1,
        })
        .collect();
    let color = |w: bool| if w { Color::White } else { Color::Black };
    let penalties = case
        .penalties
        .iter()
        .map(|&(date, w, n)| Penalty {
            color: color(w),
            days: n as i32,
            article: "17".into(),
            reason: "test".into(),
            date,
        })
        .collect();
    let suspensions = case
        .suspensions
        .iter()
        .map(|&(from, to, c)| Suspension {
            color: match c {
                0 => Some(Color::White),
                1 => Some(Color::Black),
                _ => None,
            },
            from,
            to,
        })
        .collect();
    let mut state = ClockState::default();
    let ply = case.plies.len() as u32;
    if let Some(r) = case.receipt {
        state.set_receipt(ply, r);
    }
    if let Some(n) = case.delay_notice {
        state.record_delay_notice(color(ply.is_multiple_of(2)), ply, n);
    }
    (moves, penalties, suspensions, state)
}

#[test]
fn oracle_agrees_with_the_engine_on_10000_random_games() {
    let mut claims_seen = [0usize; 4];
    // games with: an accepted line, a suspension, a penalty, an Art. 31 claim, a post restart
    let mut stats = [0usize; 5];
    let mut same_day = 0usize;
    for seed in 0..10_000u64 {
        let case = generate(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0xA11C_E5ED);
        let (moves, penalties, suspensions, state) = record(&case);
        let params = Params::for_mode(case.mode);
        let game = ClockGame {
            params: &params,
            start: case.start,
            moves: &moves,
            penalties: &penalties,
            suspensions: &suspensions,
            state: &state,
            result: None,
        };
        let clocks = oracle_clocks(&case);
        let r = report(&game, case.now);
        let engine_days: Vec<i64> = r.moves.iter().map(|m| i64::from(m.days)).collect();
        assert_eq!(
            engine_days, clocks.ply_days,
            "per-move days, seed {seed}, mode {:?}",
            case.mode
        );
        let to_move = if case.plies.len().is_multiple_of(2) {
            &r.white
        } else {
            &r.black
        };
        assert_eq!(
            to_move.running_days, clocks.running_days,
            "running clock, seed {seed}"
        );
        assert_eq!(
            [r.white.game_days, r.black.game_days],
            clocks.totals,
            "totals, seed {seed}"
        );

        let expected = oracle_claims(&case, &clocks);
        let got: Vec<Claim> = tick(&game, case.now)
            .notices
            .into_iter()
            .filter(|n| n.kind == NoticeKind::OverstepClaim)
            .map(|n| Claim {
                white: n.about == Color::White,
                move_number: n.move_number,
                day: n.due,
                article: if n.article == "31" { "31" } else { "27" },
            })
            .collect();
        assert_eq!(
            got, expected,
            "claims, seed {seed}, mode {:?}, now {}",
            case.mode, case.now
        );
        claims_seen[expected.len().min(3)] += 1;
        stats[0] += usize::from(case.letters.iter().any(|l| l.plies.len() > 1));
        stats[1] += usize::from(!case.suspensions.is_empty());
        stats[2] += usize::from(!case.penalties.is_empty());
        stats[3] += usize::from(expected.iter().any(|c| c.article == "31"));
        stats[4] += usize::from(case.mode == Mode::Post && expected.len() >= 2);
        same_day += usize::from(case.same_day_after_line > 0);
    }
    println!(
        "claims per game (0, 1, 2, 3+): {claims_seen:?}; stats: {stats:?}; games with a letter the same day as a line move before it: {same_day}"
    );
    // Art. 32 (issue 9): same-day letters after line moves are generated, and attributed by
    // letter.
    assert!(same_day > 100, "{same_day}");
    // The random games must exercise the interesting cases, not only quiet ones.
    assert!(claims_seen[1] > 500, "{claims_seen:?}");
    assert!(claims_seen[2] > 50, "{claims_seen:?}");
}

/// The daemon's life: one tick a day, the record growing as letters arrive, against one tick
/// after the whole stretch of downtime. Claims and the arbiter's reminders must be the same,
/// each once, each dated the day it became due.
#[test]
fn daily_ticks_match_one_catch_up_tick_on_400_random_games() {
    let mut with_claims = 0usize;
    // Claims must be the same whether ticked daily or caught up in one go. The Art. 37
    // reminder is not: it runs 7 days from the day the claim actually reached the arbiter, so
    // after downtime it comes later than with daily ticks (checked separately below).
    let keep = |k: NoticeKind| matches!(k, NoticeKind::OverstepClaim);
    for seed in 0..400u64 {
        let case = generate(seed.wrapping_mul(0x9E37_79B9) ^ 0xDA11_7C0C);
        let (moves, penalties, suspensions, final_state) = record(&case);
        let params = Params::for_mode(case.mode);
        // Art. 32: while a letter accepting a line is being written, the lead records the line
        // on offer; here its reach is the last move the player will play in that letter.
        let reach = |ply: usize| -> Option<PendingLine> {
            let l = &case.letters[case.plies.get(ply)?.letter];
            let last = *l.plies.last()?;
            (l.plies.len() > 1).then_some(PendingLine {
                ply: ply as u32,
                reach_move: (last / 2 + 1) as u32,
            })
        };
        let mut state = ClockState::default();
        let mut daily = Vec::new();
        let mut day = plus(case.start, -1);
        while day <= case.now {
            let known = moves.iter().take_while(|m| m.sent <= day).count();
            let pens: Vec<Penalty> = penalties
                .iter()
                .filter(|p| p.date <= day)
                .cloned()
                .collect();
            let ply = known as u32;
            state.receipt = None;
            if known < moves.len() {
                if moves[known].received <= day && case.mode == Mode::Post {
                    state.set_receipt(ply, moves[known].received);
                }
            } else if let Some(r) = final_state.receipt.filter(|r| r.day <= day) {
                state.receipt = Some(r);
            }
            state.delay_notices = final_state
                .delay_notices
                .iter()
                .filter(|n| n.received_on <= day)
                .cloned()
                .collect();
            state.set_pending_line(reach(known));
            let game = ClockGame {
                params: &params,
                start: case.start,
                moves: &moves[..known],
                penalties: &pens,
                suspensions: &suspensions,
                state: &state,
                result: None,
            };
            let out = tick(&game, day);
            for n in out.notices {
                assert!(
                    n.due <= day,
                    "seed {seed}: notice dated after the day it was sent"
                );
                if keep(n.kind) {
                    daily.push((n.kind, n.due, n.about == Color::White, n.move_number));
                }
            }
            state = out.state;
            day = plus(day, 1);
        }
        let game = ClockGame {
            params: &params,
            start: case.start,
            moves: &moves,
            penalties: &penalties,
            suspensions: &suspensions,
            state: &final_state,
            result: None,
        };
        let once: Vec<_> = tick(&game, case.now)
            .notices
            .into_iter()
            .filter(|n| keep(n.kind))
            .map(|n| (n.kind, n.due, n.about == Color::White, n.move_number))
            .collect();
        daily.sort_by_key(|n| (n.1, n.0 != NoticeKind::OverstepClaim));
        let mut once_sorted = once.clone();
        once_sorted.sort_by_key(|n| (n.1, n.0 != NoticeKind::OverstepClaim));
        with_claims += usize::from(!once_sorted.is_empty());
        assert_eq!(
            daily, once_sorted,
            "seed {seed}, mode {:?}, now {}",
            case.mode, case.now
        );
    }
    assert!(with_claims > 100, "only {with_claims} games with claims");
}

// ---- the same games played as letters through the rules core (issue 9) -----------------------

use amici::rules::game::{self as core_game, GameRecord, Msg};
use amici::rules::model::Notation;
use amici::rules::notation::render_full;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

/// Legal moves for every ply of the case that never end the game (the core would stop it).
fn moves_for(case: &Case, rng: &mut Rng) -> Option<(Vec<Move>, Vec<Chess>)> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    let mut positions = vec![pos.clone()];
    // Moves for the plies in the record and for lines offered beyond it.
    let want = case.plies.len() + 8;
    for _ in 0..want {
        let legal = pos.legal_moves();
        let start = rng.below(legal.len().max(1) as u64) as usize;
        let m = (0..legal.len())
            .map(|i| legal[(start + i) % legal.len()])
            .find(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                !p.is_game_over()
            })?;
        pos.play_unchecked(m);
        moves.push(m);
        positions.push(pos.clone());
    }
    Some((moves, positions))
}

fn numbered(positions: &[Chess], moves: &[Move], from: usize, to: usize) -> String {
    let mut out = String::new();
    for p in from..to {
        let n = p / 2 + 1;
        if p % 2 == 0 {
            out.push_str(&format!("{n}. "));
        } else if p == from {
            out.push_str(&format!("{n}... "));
        }
        out.push_str(&render_full(&positions[p], &moves[p], Notation::Bg));
        out.push(' ');
    }
    out
}

#[test]
fn art_32_letters_through_the_core_match_the_oracle() {
    // Email games without leave, penalties or notices: every letter of the generated schedule
    // is written out (quoting the opponent's move, the last pair or the whole score, offering
    // and accepting lines as the schedule says) and handled by `game::handle_letter` on its
    // sending day. The record the core builds must give the oracle's per-move days, totals
    // and running clock (Art. 32: same-day letters after line moves included).
    let mut played = 0usize;
    let mut same_day = 0usize;
    let mut quoted = 0usize;
    let mut seed = 0u64;
    while played < 300 {
        seed += 1;
        let mut case = generate(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x1E77_E25);
        // Mostly games with lines, where Art. 32 matters.
        let with_line = case.plies.iter().any(|p| p.auto);
        if case.mode != Mode::Email || case.plies.len() < 4 || !with_line && seed % 3 != 0 {
            continue;
        }
        case.suspensions.clear();
        case.penalties.clear();
        case.delay_notice = None;
        case.receipt = None;
        let mut rng = Rng(seed);
        let Some((moves, positions)) = moves_for(&case, &mut rng) else {
            continue;
        };
        let n = case.plies.len();
        // The automatic replies a letter's line brings: consecutive auto plies of the writer.
        let autos_after = |p: usize| {
            let mut a = 0;
            while p + 2 * (a + 1) < case.plies.len() && case.plies[p + 2 * (a + 1)].auto {
                a += 1;
            }
            a
        };
        let mut rec = GameRecord::new(
            "O/1".into(),
            "O".into(),
            "w@x.test".into(),
            "b@x.test".into(),
            Params::for_mode(Mode::Email),
            Notation::Bg,
            case.start,
        );
        for l in case.letters.iter().filter(|l| !l.auto) {
            let first = l.plies[0];
            let last = *l.plies.last().expect("ply");
            if rec.moves.len() != first {
                panic!(
                    "seed {seed}: the record has {} plies before ply {first}",
                    rec.moves.len()
                );
            }
            // The line this letter offers: a one-move letter not itself answered from a line
            // (as generated) offers the automatic replies that follow it.
            let accepting = first + 1 < n && case.plies[first + 1].auto;
            let a = if l.plies.len() == 1 && !accepting {
                autos_after(first)
            } else {
                0
            };
            let end = if a > 0 { first + 2 * a + 1 } else { last + 1 };
            let quote_from = match rng.below(4) {
                0 => first,
                1 => first.saturating_sub(1),
                2 => first.saturating_sub(2),
                _ => 0,
            };
            quoted += usize::from(quote_from < first);
            let text = numbered(&positions, &moves, quote_from, end);
            let color = if first % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if std::env::var("ORACLE_SHOW").is_ok() {
                eprintln!("seed {seed} {:?} plies {:?} a={a}: {text}", l.sent, l.plies);
            }
            let h = core_game::handle_letter(&rec, color, &text, l.sent);
            for e in &h.effects {
                if matches!(e.msg, Msg::Refused { .. } | Msg::NotYourTurn | Msg::NoMove) {
                    panic!("seed {seed}: {:?} for {text:?}", e.msg);
                }
            }
            rec = h
                .record
                .unwrap_or_else(|| panic!("seed {seed}: nothing recorded for {text:?}"));
            if first > 0 && case.plies[first - 1].auto && case.plies[first - 1].sent == l.sent {
                same_day += 1;
            }
        }
        // The record holds exactly the generated plies, with their moves.
        assert_eq!(rec.moves.len(), n, "seed {seed}");
        for (i, m) in rec.moves.iter().enumerate() {
            assert_eq!(
                m.uci,
                UciMove::from_standard(moves[i]).to_string(),
                "seed {seed} ply {i}"
            );
            assert_eq!(m.from_variant, case.plies[i].auto, "seed {seed} ply {i}");
        }
        let clocks = oracle_clocks(&case);
        let r = report(&rec.clock_game(), case.now);
        let engine_days: Vec<i64> = r.moves.iter().map(|m| i64::from(m.days)).collect();
        assert_eq!(engine_days, clocks.ply_days, "per-move days, seed {seed}");
        assert_eq!(
            [r.white.game_days, r.black.game_days],
            clocks.totals,
            "totals, seed {seed}"
        );
        played += 1;
    }
    println!(
        "{played} games through the core; {same_day} same-day letters after a line move; {quoted} letters quoting played moves"
    );
    assert!(same_day > 20, "{same_day}");
    assert!(quoted > 500, "{quoted}");
}
