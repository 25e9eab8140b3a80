//! Tie-breaks with unplayed games (RULES.md §12a `tiebreak_unplayed = "fide"`, §708.3–708.4)
//! against FIDE TEC's own published answers: IA Mario Held, "Exercises in Tie-Breaking"
//! (C.07-2023, the regulations in force from August 2024), whose 16-player, 5-round Swiss has
//! half-point, zero-point and pairing-allocated byes, a withdrawal and two forfeits
//! (fixtures/standings/held_c07_2024, sources in fixtures/README). The TRF is read here by
//! the test itself, column by column, not by amici's reader.

use amici::rules::standings::{Bye, Game, Outcome, Tiebreak, Unplayed, compute_unplayed};

const TRF: &str = include_str!("../fixtures/standings/held_c07_2024/held_swiss_5.trf");
const PUBLISHED: &str =
    include_str!("../fixtures/standings/held_c07_2024/held_swiss_5.published.tsv");

/// The players (by start number, from 0), the games (each from White's line, checked against
/// Black's) and the rounds without a game.
fn event() -> (Vec<String>, Vec<f64>, Vec<Game>, Vec<Bye>) {
    let lines: Vec<&str> = TRF.lines().filter(|l| l.starts_with("001")).collect();
    let n = lines.len();
    let mut names = vec![String::new(); n];
    let mut points = vec![0.0; n];
    let mut blocks = vec![Vec::new(); n];
    for l in &lines {
        let sn: usize = l[4..8].trim().parse().unwrap();
        names[sn - 1] = l[14..47].trim().to_string();
        points[sn - 1] = l[80..84].trim().parse().unwrap();
        let mut r = 91;
        while r + 8 <= l.len() {
            let opp: usize = l[r..r + 4].trim().parse().unwrap();
            let colour = &l[r + 5..r + 6];
            let code = &l[r + 7..r + 8];
            blocks[sn - 1].push((opp, colour.to_string(), code.to_string()));
            r += 10;
        }
    }
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (p, rounds) in blocks.iter().enumerate() {
        // The last round the player played or won without playing (C.07 16.3).
        let last = rounds.iter().rposition(|(opp, _, code)| {
            (*opp != 0 && code != "-") || ["U", "F"].contains(&code.as_str())
        });
        for (round, (opp, colour, code)) in rounds.iter().enumerate() {
            if *opp == 0 {
                let halves = match code.as_str() {
                    "U" | "F" => 2,
                    "H" => 1,
                    "Z" | "-" => 0,
                    other => panic!("round {}: bye code {other}", round + 1),
                };
                byes.push(Bye {
                    after_last_game: last.is_none_or(|l| round > l),
                    allocated: code == "U",
                    ..Bye::new(p, halves)
                });
                continue;
            }
            let (_, back_colour, back_code) = &blocks[opp - 1][round];
            assert_ne!(colour, back_colour, "player {} round {}", p + 1, round + 1);
            if colour != "w" {
                continue;
            }
            let outcome = match (code.as_str(), back_code.as_str()) {
                ("1", "0") => Outcome::WhiteWins,
                ("0", "1") => Outcome::BlackWins,
                ("=", "=") => Outcome::Draw,
                ("+", "-") => Outcome::WhiteWinsByForfeit,
                ("-", "+") => Outcome::BlackWinsByForfeit,
                other => panic!("player {} round {}: {other:?}", p + 1, round + 1),
            };
            games.push(Game {
                white: p,
                black: opp - 1,
                outcome,
            });
        }
    }
    (names, points, games, byes)
}

/// The published values: (start number, column) → value, for the columns asked for; values
/// the exercises do not assert (marked `*`) left out.
fn published(column: &str) -> Vec<(usize, f64)> {
    let mut rows = PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = rows.next().unwrap().split('\t').collect();
    let k = header.iter().position(|h| *h == column).unwrap();
    rows.take_while(|l| l.split('\t').count() == header.len())
        .filter_map(|l| {
            let v: Vec<&str> = l.split('\t').collect();
            let value = v[k];
            (!value.ends_with('*')).then(|| (v[0].parse().unwrap(), value.parse().unwrap()))
        })
        .collect()
}

#[test]
fn s708_3_fide_c07_exercises_with_byes_forfeits_and_a_withdrawal_points_buchholz_cut1_sonneborn_berger()
 {
    let (names, points, games, byes) = event();
    assert_eq!(names.len(), 16);
    assert_eq!(
        games.len(),
        36,
        "36 games on the board or forfeited, 8 rounds without one"
    );
    assert_eq!(byes.len(), 8);
    let tiebreaks = [
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::SonnebornBerger,
    ];
    let table = compute_unplayed(&names, &games, &byes, &tiebreaks, Unplayed::Fide).unwrap();
    let row = |sn: usize| table.rows.iter().find(|r| r.player == sn - 1).unwrap();
    let mut wrong = Vec::new();
    for sn in 1..=16 {
        if row(sn).points != points[sn - 1] {
            wrong.push(format!(
                "{sn} points {} ≠ {}",
                row(sn).points,
                points[sn - 1]
            ));
        }
    }
    let mut checked = 0;
    for (k, column) in ["BH", "BH-C1", "SB"].iter().enumerate() {
        for (sn, want) in published(column) {
            checked += 1;
            let got = row(sn).tiebreaks[k];
            if (got - want).abs() > 1e-9 {
                wrong.push(format!(
                    "{sn} {} {column}: amici {got}, published {want}",
                    names[sn - 1]
                ));
            }
        }
    }
    assert!(checked >= 35, "the published values were read: {checked}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
