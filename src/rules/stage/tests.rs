//! The stages (RULES.md §12a, §708): hand-checked pairings, brackets and places.

use std::collections::{HashMap, HashSet};

use super::*;
use crate::rules::standings::Outcome;

fn day(s: &str) -> Day {
    s.parse().unwrap()
}

fn entrants(n: usize) -> Vec<Entrant> {
    // Listed out of rating order on purpose: pairing numbers follow the rating.
    (1..=n)
        .rev()
        .map(|k| Entrant {
            email: format!("p{k}@x.test"),
            rating: Some(2600 - 10 * k as u32),
            number: None,
        })
        .collect()
}

fn format(first: First, top: u32, tie: Tie) -> Format {
    Format {
        first,
        start: day("2027-01-10"),
        round_days: 120,
        bye_halves: 2,
        top,
        knockout_games: 2,
        tie,
    }
}

/// The tournament so far, driven as the shell drives it.
struct Play {
    entrants: Vec<Entrant>,
    rounds: Vec<Round>,
    results: HashMap<u32, Outcome>,
    withdrawn: HashSet<String>,
    requested: Vec<(String, u32)>,
    appeals: HashMap<u32, AppealWindow>,
}

impl Play {
    fn new(n: usize) -> Play {
        Play {
            entrants: entrants(n),
            rounds: Vec::new(),
            results: HashMap::new(),
            withdrawn: HashSet::new(),
            requested: Vec::new(),
            appeals: HashMap::new(),
        }
    }

    fn facts(&self) -> Facts<'_> {
        Facts {
            entrants: &self.entrants,
            rounds: &self.rounds,
            results: &self.results,
            withdrawn: &self.withdrawn,
            requested: &self.requested,
            unplayed: crate::rules::standings::Unplayed::Fide,
            game_floor: 0,
            appeals: &self.appeals,
        }
    }

    fn next(&mut self, f: &Format, today: &str) -> Next {
        let next = next(f, &self.facts(), day(today)).unwrap();
        if let Next::Start(r) = &next {
            self.rounds.push(r.clone());
        }
        next
    }

    /// Every game of the last round gets `result(white, black)`.
    fn finish(&mut self, result: impl Fn(&str, &str) -> Outcome) {
        let last = self.rounds.last().unwrap().clone();
        for g in &last.games {
            self.results.insert(g.game, result(&g.white, &g.black));
        }
    }
}

fn num(email: &str) -> u32 {
    email[1..email.find('@').unwrap()].parse().unwrap()
}

/// The player with the lower number (the higher rating) wins.
fn stronger_wins(w: &str, b: &str) -> Outcome {
    if num(w) < num(b) {
        Outcome::WhiteWins
    } else {
        Outcome::BlackWins
    }
}

#[test]
fn s708_2_the_bracket_keeps_seeds_1_and_2_apart_until_the_final() {
    // The standard seeded bracket (the order printed on every published draw sheet).
    assert_eq!(knockout::bracket_order(2), vec![1, 2]);
    assert_eq!(knockout::bracket_order(4), vec![1, 4, 2, 3]);
    assert_eq!(knockout::bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(
        knockout::bracket_order(16),
        vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
}

#[test]
fn s12a_tables_by_snake_seeding_on_rating() {
    // 15 players in 3 tables: 1 2 3 | 6 5 4 | 7 8 9 | 12 11 10 | 13 14 15.
    let order: Vec<usize> = (0..15).collect();
    let t = tables::snake(&order, 3);
    assert_eq!(t[0], vec![0, 5, 6, 11, 12]);
    assert_eq!(t[1], vec![1, 4, 7, 10, 13]);
    assert_eq!(t[2], vec![2, 3, 8, 9, 14]);
}

#[test]
fn s12a_pairing_numbers_by_rating_then_the_order_listed() {
    let entrant = |email: &str, rating| Entrant {
        email: email.into(),
        rating,
        number: None,
    };
    let mut e = vec![
        entrant("a", None),
        entrant("b", Some(2000)),
        entrant("c", Some(2100)),
        entrant("d", Some(2000)),
    ];
    assert_eq!(pairing_order(&e), vec![2, 1, 3, 0]);
    // Fixed at round 1: a later rating edit changes nothing; a player added since comes last.
    for (i, n) in [(2, 1), (1, 2), (3, 3), (0, 4)] {
        e[i].number = Some(n);
    }
    e[0].rating = Some(2700);
    e.push(entrant("z", Some(2800)));
    assert_eq!(pairing_order(&e), vec![2, 1, 3, 0, 4]);
}

#[test]
fn c0403_round_1_top_half_meets_bottom_half_and_the_last_gets_the_bye() {
    let f = format(First::Swiss { rounds: 5 }, 0, Tie::Seed);
    let mut p = Play::new(11);
    assert_eq!(
        p.next(&f, "2027-01-09"),
        Next::Wait,
        "nothing before the start date"
    );
    let Next::Start(r) = p.next(&f, "2027-01-10") else {
        panic!("round 1 starts on the start date")
    };
    let pairs: Vec<(u32, u32)> = r
        .games
        .iter()
        .map(|g| (num(&g.white), num(&g.black)))
        .collect();
    // C.04.3: S1 = 1…5 against S2 = 6…10; pairing number 1 White, colours alternate.
    assert_eq!(pairs, vec![(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]);
    assert_eq!(
        r.byes,
        vec![Bye {
            player: "p11@x.test".into(),
            kind: ByeKind::Pairing,
            halves: 2
        }]
    );
    assert_eq!((r.start, r.end), (day("2027-01-10"), day("2027-05-10")));
    assert_eq!(
        r.games.iter().map(|g| g.game).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert_eq!(
        p.next(&f, "2027-02-01"),
        Next::Wait,
        "round 2 waits for round 1's results"
    );
}

#[test]
fn art_55_the_next_round_waits_until_an_adjudicated_result_can_no_longer_be_appealed() {
    let f = format(First::Swiss { rounds: 5 }, 0, Tie::Seed);
    let mut p = Play::new(10);
    let Next::Start(r1) = p.next(&f, "2027-01-10") else {
        panic!("round 1 starts on the start date")
    };
    p.finish(stronger_wins);
    // Game 1 was adjudicated; a player may appeal up to 2027-06-06 (Art. 55, the window as
    // `game::Adjudication::appeal_window` reads it: tested there).
    let game = r1.games[0].game;
    p.appeals
        .insert(game, AppealWindow::Until(day("2027-06-06")));
    assert_eq!(
        p.next(&f, "2027-06-06"),
        Next::Wait,
        "the 7th day of the appeal"
    );
    let mut waiting = Play {
        rounds: p.rounds.clone(),
        results: p.results.clone(),
        ..Play::new(10)
    };
    // An appeal waits for the second adjudicator, however long.
    waiting.appeals.insert(game, AppealWindow::Pending);
    assert_eq!(
        waiting.next(&f, "2027-07-30"),
        Next::Wait,
        "the appeal undecided"
    );
    // Another program's pairings wait as well (§709.1), told until when.
    assert_eq!(
        import::imported_round(&f, &waiting.facts(), "5\n1 6\n", day("2027-07-30")),
        Err(import::ImportError::AppealOpen {
            round: 1,
            until: None
        })
    );
    assert_eq!(
        import::imported_round(&f, &p.facts(), "5\n1 6\n", day("2027-06-06")),
        Err(import::ImportError::AppealOpen {
            round: 1,
            until: Some(day("2027-06-06"))
        })
    );
    // The second adjudicator's decision is final: no window left, round 2 starts.
    waiting.appeals.clear();
    assert!(matches!(waiting.next(&f, "2027-08-01"), Next::Start(r) if r.number == 2));
    // Without an appeal: round 2 the day after the 7 days.
    assert!(matches!(p.next(&f, "2027-06-07"), Next::Start(r) if r.number == 2));
}

#[test]
fn art_55_an_adjudicated_last_round_gives_the_final_places_and_the_end_waits_for_the_appeal() {
    let f = format(First::Swiss { rounds: 1 }, 0, Tie::Seed);
    let mut p = Play::new(4);
    let Next::Start(r1) = p.next(&f, "2027-01-10") else {
        panic!("round 1 starts on the start date")
    };
    p.finish(stronger_wins);
    p.appeals
        .insert(r1.games[0].game, AppealWindow::Until(day("2027-06-06")));
    // The standings show the places as the results stand …
    assert!(places::final_places(&f, &p.facts(), StageKind::Swiss).is_some());
    // … the tournament is over (everyone told) only once the result is final.
    assert_eq!(p.next(&f, "2027-06-06"), Next::Wait);
    assert_eq!(p.next(&f, "2027-06-07"), Next::Over);
}

/// Checks C1–C3 over the whole tournament: no rematch, at most one pairing-allocated bye,
/// every present player in each round exactly once, withdrawn players never paired.
fn check_rounds(p: &Play) {
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for r in p.rounds.iter().filter(|r| r.stage == StageKind::Swiss) {
        let mut seen = HashSet::new();
        for g in &r.games {
            let key = if g.white < g.black {
                (&g.white, &g.black)
            } else {
                (&g.black, &g.white)
            };
            assert!(met.insert(key), "round {}: {key:?} meet again", r.number);
            assert!(seen.insert(&g.white) && seen.insert(&g.black));
        }
        for b in &r.byes {
            assert!(seen.insert(&b.player));
            if b.kind == ByeKind::Pairing {
                assert!(byes.insert(&b.player), "{} has a second bye", b.player);
            }
        }
    }
}

#[test]
fn s12a_a_swiss_of_11_runs_its_5_rounds_then_the_top_of_4_to_the_final() {
    let f = format(First::Swiss { rounds: 5 }, 4, Tie::Seed);
    let mut p = Play::new(11);
    for (k, today) in [
        "2027-01-10",
        "2027-03-01",
        "2027-05-01",
        "2027-07-01",
        "2027-09-01",
    ]
    .iter()
    .enumerate()
    {
        let Next::Start(r) = p.next(&f, today) else {
            panic!("round {} starts", k + 1)
        };
        assert_eq!(
            (r.number, r.stage, r.start),
            (k as u32 + 1, StageKind::Swiss, day(today))
        );
        // Round 3: p7 withdraws after it is paired (Art. 47): his game is lost by forfeit.
        if k == 2 {
            p.withdrawn.insert("p7@x.test".into());
        }
        let withdrawn = p.withdrawn.clone();
        p.finish(|w, b| {
            if withdrawn.contains(w) {
                Outcome::BlackWinsByForfeit
            } else if withdrawn.contains(b) {
                Outcome::WhiteWinsByForfeit
            } else {
                stronger_wins(w, b)
            }
        });
    }
    check_rounds(&p);
    for r in &p.rounds[3..] {
        let all: Vec<&String> = r.games.iter().flat_map(|g| [&g.white, &g.black]).collect();
        assert!(
            !all.contains(&&"p7@x.test".to_string()),
            "round {}: the withdrawn player is not paired",
            r.number
        );
        // Ten players left: no bye.
        assert!(r.byes.is_empty());
    }
    // The top of 4: seeds from the overall ranking, 1–4 and 2–3, the higher seed White first.
    let Next::Start(semi) = p.next(&f, "2027-11-01") else {
        panic!("the top starts")
    };
    assert_eq!(semi.stage, StageKind::Knockout);
    assert_eq!(semi.seeds.len(), 4);
    assert_eq!(semi.seeds[0], "p1@x.test", "five wins: seed 1");
    let pairs: Vec<(&str, &str, Option<u32>)> = semi
        .games
        .iter()
        .map(|g| (g.white.as_str(), g.black.as_str(), g.group))
        .collect();
    let s = &semi.seeds;
    assert_eq!(
        pairs,
        vec![
            (s[0].as_str(), s[3].as_str(), Some(0)),
            (s[3].as_str(), s[0].as_str(), Some(0)),
            (s[1].as_str(), s[2].as_str(), Some(1)),
            (s[2].as_str(), s[1].as_str(), Some(1)),
        ]
    );
    p.finish(stronger_wins);
    let Next::Start(fin) = p.next(&f, "2028-01-01") else {
        panic!("the final starts")
    };
    assert_eq!(fin.games.len(), 2);
    p.finish(|_, _| Outcome::Draw);
    assert_eq!(
        p.next(&f, "2028-03-01"),
        Next::Over,
        "a drawn final: the higher seed (seed)"
    );
}

/// A Swiss of 11, 5 rounds and a top of 4, its Swiss stage played (the stronger wins).
fn swiss_played(tie: Tie) -> (Format, Play) {
    let f = format(First::Swiss { rounds: 5 }, 4, tie);
    let mut p = Play::new(11);
    for today in [
        "2027-01-10",
        "2027-03-01",
        "2027-05-01",
        "2027-07-01",
        "2027-09-01",
    ] {
        p.next(&f, today);
        p.finish(stronger_wins);
    }
    (f, p)
}

/// A Swiss of 11 played to the top of 4; the semi-final 1–4 is drawn.
fn to_a_drawn_semi_final(tie: Tie) -> (Format, Play) {
    let (f, mut p) = swiss_played(tie);
    let Next::Start(_) = p.next(&f, "2027-11-01") else {
        panic!()
    };
    let seeds = p.rounds.last().unwrap().seeds.clone();
    // Match 1–4 drawn 1–1, match 2–3 won by seed 3.
    p.finish(|w, b| {
        if [w, b].contains(&seeds[0].as_str()) || w == seeds[2] {
            Outcome::WhiteWins
        } else {
            Outcome::Draw
        }
    });
    (f, p)
}

#[test]
fn s12a_knockout_tie_seed_a_drawn_match_sends_the_higher_seed_through() {
    let (f, mut p) = to_a_drawn_semi_final(Tie::Seed);
    let seeds = p.rounds.last().unwrap().seeds.clone();
    let Next::Start(fin) = p.next(&f, "2028-01-01") else {
        panic!("the final")
    };
    assert_eq!(fin.replay, 0);
    // Seed 1 through on the tie; seed 3 won 1½–½.
    assert_eq!(
        (fin.games[0].white.as_str(), fin.games[0].black.as_str()),
        (seeds[0].as_str(), seeds[2].as_str())
    );
}

#[test]
fn s12a_knockout_tie_replay_a_drawn_match_is_replayed_twice_then_the_higher_seed() {
    let (f, mut p) = to_a_drawn_semi_final(Tie::Replay);
    let seeds = p.rounds.last().unwrap().seeds.clone();
    for replay in 1..=2 {
        let Next::Start(r) = p.next(&f, "2028-01-01") else {
            panic!("replay {replay}")
        };
        assert_eq!(r.replay, replay);
        assert_eq!(r.games.len(), 2, "only the drawn match is played again");
        assert!(r.games.iter().all(|g| g.group == Some(0)));
        assert_eq!(
            r.games[0].white, seeds[0],
            "the higher seed White in the first"
        );
        p.finish(|_, _| Outcome::Draw);
    }
    let Next::Start(fin) = p.next(&f, "2028-06-01") else {
        panic!("the final")
    };
    assert_eq!(fin.replay, 0);
    assert_eq!(
        fin.games[0].white, seeds[0],
        "after two drawn replays the higher seed goes through"
    );
    assert_eq!(fin.games[0].black, seeds[2]);
}

#[test]
fn s708_1_final_places_winner_finalist_then_semi_final_losers_by_swiss_standing_then_the_rest() {
    let (f, mut p) = swiss_played(Tie::Seed);
    assert!(
        places::final_places(&f, &p.facts(), StageKind::Swiss).is_none(),
        "not over yet"
    );
    p.next(&f, "2027-11-01");
    let seeds = p.rounds.last().unwrap().seeds.clone();
    // Upsets: seed 4 beats seed 1 (2–0), seed 3 beats seed 2.
    let (s1, s2, s3, s4) = (
        seeds[0].clone(),
        seeds[1].clone(),
        seeds[2].clone(),
        seeds[3].clone(),
    );
    p.finish(|w, b| {
        let win = |x: &str| {
            if w == x {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            }
        };
        if [w, b].contains(&s1.as_str()) {
            win(&s4)
        } else {
            win(&s3)
        }
    });
    p.next(&f, "2028-01-01");
    p.finish(|w, _| {
        if w == s3 {
            Outcome::WhiteWins
        } else {
            Outcome::Draw
        }
    });
    assert_eq!(p.next(&f, "2028-03-01"), Next::Over);
    let places = places::final_places(&f, &p.facts(), StageKind::Swiss).unwrap();
    let got: Vec<(&str, u32, String)> = places
        .iter()
        .map(|pl| (pl.email.as_str(), pl.rank, pl.reached.name()))
        .collect();
    // Final: s3 beat s4 1½–½. Semi-final losers s1, s2 in their Swiss order (s1 first).
    assert_eq!(got[0], (s3.as_str(), 1, "final".to_string()));
    assert_eq!(got[1], (s4.as_str(), 2, "final".to_string()));
    assert_eq!(got[2], (s1.as_str(), 3, "semi-final".to_string()));
    assert_eq!(got[3], (s2.as_str(), 4, "semi-final".to_string()));
    assert_eq!(places.len(), 11);
    // s708_2: the rest by points, counted here from the results the test gave.
    let mut halves: HashMap<&str, u32> = HashMap::new();
    for r in p.rounds.iter().filter(|r| r.stage == StageKind::Swiss) {
        for g in &r.games {
            let (w, b) = p.results[&g.game].half_points().unwrap();
            *halves.entry(&g.white).or_default() += w;
            *halves.entry(&g.black).or_default() += b;
        }
        for b in &r.byes {
            *halves.entry(&b.player).or_default() += b.halves;
        }
    }
    assert_eq!(places[4..].len(), 7);
    for pl in &places[4..] {
        assert_eq!(pl.reached, places::Reached::First(StageKind::Swiss));
        assert!(pl.rank >= 5);
        assert_eq!(pl.points, f64::from(halves[pl.email.as_str()]) / 2.0);
    }
    for w in places[4..].windows(2) {
        assert!(w[0].points >= w[1].points, "{w:?}");
    }
}

#[test]
fn s12a_unpair_only_the_last_round_and_only_before_any_move() {
    let f = format(First::Swiss { rounds: 5 }, 0, Tie::Seed);
    let mut p = Play::new(6);
    p.next(&f, "2027-01-10");
    p.finish(stronger_wins);
    p.next(&f, "2027-02-10");
    let refused = commands::unpair("T", &p.rounds, 1, |_| false).unwrap_err();
    assert!(matches!(
        refused,
        StageRefusal::NotLastRound { round: 1, .. }
    ));
    let begun = commands::unpair("T", &p.rounds, 2, |g| g == 5).unwrap_err();
    assert_eq!(
        begun,
        StageRefusal::RoundBegun {
            game: "T/5".into(),
            round: 2
        }
    );
    assert_eq!(
        commands::unpair("T", &p.rounds, 2, |_| false)
            .unwrap()
            .number,
        2
    );
    // A round paired again after `unpair` never reuses the game numbers given before.
    let last = p.rounds.pop().unwrap();
    let floor = last.games.iter().map(|g| g.game).max().unwrap() + 1;
    let mut facts = p.facts();
    facts.game_floor = floor;
    assert_eq!(floor, 7, "games 4-6 were round 2's");
    assert_eq!(facts.next_game(), 7, "not 4 again");
}

#[test]
fn s12a_a_requested_bye_only_where_allowed_and_for_a_round_not_yet_paired() {
    let f = format(First::Swiss { rounds: 5 }, 0, Tie::Seed);
    let mut p = Play::new(6);
    p.next(&f, "2027-01-10");
    assert!(matches!(
        commands::bye("T", &f, false, &p.rounds, 3),
        Err(StageRefusal::ByesNotAllowed { .. })
    ));
    for round in [1, 6] {
        assert_eq!(
            commands::bye("T", &f, true, &p.rounds, round),
            Err(StageRefusal::ByeRound {
                round,
                first: 2,
                last: 5
            })
        );
    }
    assert_eq!(commands::bye("T", &f, true, &p.rounds, 2), Ok(()));
}

#[test]
fn s709_1_imported_pairings_with_two_byes_or_an_unknown_player_are_refused() {
    let f = format(First::Swiss { rounds: 5 }, 0, Tie::Seed);
    let p = Play::new(6);
    let day = || crate::rules::model::Day::from_ymd_opt(2027, 1, 10).unwrap();
    let import = |text: &str| import::imported_round(&f, &p.facts(), text, day());
    assert_eq!(
        import("4\n1 4\n2 5\n3 0\n6 0\n"),
        Err(import::ImportError::SecondBye { line: 5 })
    );
    assert_eq!(
        import("3\n1 4\n2 5\n3 9\n"),
        Err(import::ImportError::Unknown { line: 4, number: 9 })
    );
    let ok = import("3\n1 4\n5 2\n3 6\n").unwrap();
    assert_eq!(ok.games.len(), 3);
    assert_eq!(ok.paired_by, PairedBy::Imported);
    assert_eq!(
        (ok.games[1].white.as_str(), ok.games[1].black.as_str()),
        ("p5@x.test", "p2@x.test")
    );
}

#[test]
fn s12a_unplayed_rounds_a_withdrawal_s_absence_after_his_last_game_a_bye_before_a_game_not() {
    use crate::rules::standings::Bye as Unplayed;
    let f = format(First::Swiss { rounds: 3 }, 0, Tie::Seed);
    let mut p = Play::new(6);
    // p6 asks for a half-point bye in round 1; p3 withdraws after round 1.
    p.requested.push(("p6@x.test".into(), 1));
    p.next(&f, "2027-01-10");
    p.finish(stronger_wins);
    p.withdrawn.insert("p3@x.test".into());
    let Next::Start(r2) = p.next(&f, "2027-02-01") else {
        panic!("round 2")
    };
    assert!(
        r2.games
            .iter()
            .all(|g| g.white != "p3@x.test" && g.black != "p3@x.test")
    );
    p.finish(stronger_wins);
    let (_, byes) = places::first_stage_input(&p.facts());
    let index = |e: &str| p.entrants.iter().position(|x| x.email == e).unwrap();
    // p6's round-1 bye (½) comes before his game of round 2: counted as scored (C.07 16.3).
    let p6: Vec<&Unplayed> = byes
        .iter()
        .filter(|b| b.player == index("p6@x.test"))
        .collect();
    assert_eq!(p6.len(), 1);
    assert_eq!((p6[0].halves, p6[0].after_last_game), (1, false));
    // p3's round 2: an absence worth nothing, after his last game: a draw for his opponents.
    let p3: Vec<&Unplayed> = byes
        .iter()
        .filter(|b| b.player == index("p3@x.test"))
        .collect();
    assert_eq!(p3.len(), 1);
    assert_eq!((p3[0].halves, p3[0].after_last_game), (0, true));
}

#[test]
fn c0401_d_when_no_legal_pairing_exists_the_arbiter_s_imported_second_bye_is_accepted() {
    // Five players, four rounds; the byes went to p3, p1, p2. After round 3 p4 and p5 have met
    // everyone but each other, so they must play, and of p1, p2, p3 one must sit out — each
    // has had a bye: no pairing satisfies C.04.1 d. amici pairs nothing; the arbiter's
    // pairing (p3 a second bye) is accepted. After round 2, where a legal pairing exists, the
    // same kind of import is refused.
    let f = format(First::Swiss { rounds: 4 }, 0, Tie::Seed);
    let mut p = Play::new(5);
    let e = |n: u32| format!("p{n}@x.test");
    let (start, end) = (day("2027-01-10"), day("2027-05-10"));
    let mut game = 1;
    let mut round = |number: u32, games: &[(u32, u32)], bye: u32| {
        let pairs = games
            .iter()
            .map(|&(w, b)| {
                game += 1;
                Pair {
                    game: game - 1,
                    white: e(w),
                    black: e(b),
                    group: None,
                }
            })
            .collect();
        let byes = vec![Bye {
            player: e(bye),
            kind: ByeKind::Pairing,
            halves: 2,
        }];
        Round::new(
            number,
            StageKind::Swiss,
            (start, end),
            pairs,
            byes,
            PairedBy::Amici,
        )
    };
    let r3 = round(3, &[(1, 5), (3, 4)], 2);
    p.rounds = vec![
        round(1, &[(1, 4), (5, 2)], 3),
        round(2, &[(2, 4), (3, 5)], 1),
    ];
    for g in 1..=6 {
        p.results.insert(g, Outcome::Draw);
    }
    let today = day("2027-06-01");
    let import = |p: &Play, text: &str| import::imported_round(&f, &p.facts(), text, today);
    // Round 3: the bye could go to p2, p4 or p5 (1–3 and 4–5 then play): p3's second bye refused.
    assert_eq!(
        import(&p, "3\n1 2\n4 5\n3 0\n"),
        Err(import::ImportError::ByeAgain { line: 4, number: 3 })
    );
    p.rounds.push(r3);
    assert!(
        matches!(
            next(&f, &p.facts(), today),
            Err(StageError::Pairing { round: 4, .. })
        ),
        "amici finds no legal pairing for round 4"
    );
    let r4 = import(&p, "3\n4 5\n1 2\n3 0\n").unwrap();
    assert_eq!(r4.number, 4);
    assert_eq!(r4.games.len(), 2);
    assert_eq!(r4.byes[0].player, e(3));
    // Still checked: every player once.
    assert_eq!(
        import(&p, "2\n4 5\n1 2\n"),
        Err(import::ImportError::Missing(vec![3]))
    );
}

#[test]
fn s708_1_knocked_out_in_the_same_round_and_equal_after_the_first_stage_share_the_places() {
    // Two tables of 4 (snake: 1 4 5 8 | 2 3 6 7), the stronger wins: both winners 3 points
    // with equal Buchholz, both seconds 2. The top of 4: 1–4 and 2–3; both favourites lose.
    let f = format(First::Tables { tables: 2 }, 4, Tie::Seed);
    let mut p = Play::new(8);
    p.next(&f, "2027-01-10");
    p.finish(stronger_wins);
    let Next::Start(semi) = p.next(&f, "2027-06-01") else {
        panic!("the top")
    };
    let seeds: Vec<u32> = semi.seeds.iter().map(|e| num(e)).collect();
    assert_eq!(
        seeds,
        vec![1, 2, 3, 4],
        "equal on every criterion: the pairing number"
    );
    p.finish(|w, b| {
        if num(w) > num(b) {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    });
    p.next(&f, "2027-09-01");
    p.finish(stronger_wins);
    assert_eq!(p.next(&f, "2027-12-01"), Next::Over);
    let places = places::final_places(&f, &p.facts(), StageKind::Tables).unwrap();
    let got: Vec<(u32, u32, u32)> = places
        .iter()
        .map(|pl| (num(&pl.email), pl.rank, pl.shared_to))
        .collect();
    // The final: 3 beats 4. Seeds 1 and 2 lost their semi-finals and were equal: 3rd–4th.
    assert_eq!(&got[..4], &[(3, 1, 1), (4, 2, 2), (1, 3, 4), (2, 3, 4)]);
    // The rest across both tables, the table place ignored: the thirds (1 point) share 5–6,
    // the lasts (0) 7–8.
    let rest: Vec<(u32, u32)> = got[4..].iter().map(|&(_, r, to)| (r, to)).collect();
    assert_eq!(rest, vec![(5, 6), (5, 6), (7, 8), (7, 8)]);
}
