//! `amici audit` over a season (issue 11, item 4): two sections of a 16-player double round
//! robin — 480 games — played to about 40,000 letters, a move every 4 days and a tick every
//! day of the season (336 days), then audited.
//! `cargo bench --bench audit` prints the time beside the target (< 60 s on this machine).
//! Under `cargo test --all-targets` it plays a handful of games so the code keeps working.

use std::time::Instant;

use amici::store::Store;
use chrono::{Duration, NaiveDate};
use shakmaty::{Chess, Move, Position};

/// A legal game of up to `plies` half-moves, the same for the same seed: no castling and no
/// promotion (so every move is written `e2-e4`), stopping early at a mate or stalemate.
fn game(seed: u64, plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while moves.len() < plies {
        let legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_castle() && !m.is_promotion())
            .collect();
        if legal.is_empty() || pos.is_game_over() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = legal[(x % legal.len() as u64) as usize];
        pos.play_unchecked(m);
        moves.push(m);
        if pos.is_game_over() {
            break;
        }
    }
    moves
}

fn coord(m: &Move) -> String {
    format!("{}-{}", m.from().expect("a move from a square"), m.to())
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (players, plies) = if full { (16, 84) } else { (3, 8) };
    let dir = tempfile::tempdir().unwrap();
    let emails: Vec<String> = (0..players).map(|i| format!("p{i}@example.test")).collect();
    let roster = emails
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{{ name = \"Player {i}\", email = \"{e}\" }}"))
        .collect::<Vec<_>>()
        .join(", ");
    let section = |id: &str| {
        format!(
            "[[tournament]]\nid = \"{id}\"\nstart = 2026-01-10\nend = 2027-06-30\narbiter = \"arbiter@example.test\"\npairing = \"double-round-robin\"\nplayers = [ {roster} ]\n"
        )
    };
    let text = format!(
        "[bot]\naddress = \"bot@example.test\"\ndatabase = \"{}\"\nmax_letters_per_sender_per_day = 10000\n[outbox]\ndir = \"out\"\n{}{}",
        dir.path().join("db.sqlite3").display(),
        section("A"),
        section("B")
    );
    let path = dir.path().join("amici.toml");
    std::fs::write(&path, &text).unwrap();
    let config = amici::config::parse(&path, &text).unwrap();
    let mut store = Store::open(&config.bot.database).unwrap();
    store.without_fsync().unwrap();
    amici::engine::sync_config(&mut store, &config).unwrap();
    let games = store.games().unwrap();
    let scripts: Vec<Vec<Move>> = (0..games.len())
        .map(|i| game(i as u64 + 1, plies))
        .collect();
    let start = NaiveDate::from_ymd_opt(2026, 1, 10).unwrap();
    let t = Instant::now();
    let mut letters = 0;
    // A correspondence calendar: a move every few days, the tick every day of the season.
    let pace = if full { 4 } else { 2 };
    let mut ticks = 0;
    for d in 0..plies * pace {
        let day = start + Duration::days(d as i64 + 1);
        if d % pace == 0 {
            let ply = d / pace;
            for (g, script) in games.iter().zip(&scripts) {
                let Some(m) = script.get(ply) else { continue };
                let (from, body) = if ply % 2 == 0 {
                    (&g.white, format!("{}. {}", ply / 2 + 1, coord(m)))
                } else {
                    (
                        &g.black,
                        format!("{}. {} {}", ply / 2 + 1, coord(&script[ply - 1]), coord(m)),
                    )
                };
                let raw = format!(
                    "From: {from}\r\nTo: bot@example.test\r\nSubject: {}\r\nMessage-ID: <{}-{ply}@example.test>\r\n\r\n{body}\r\n",
                    g.id,
                    g.id.replace('/', "-")
                );
                let at = format!("{day}T10:00:00+02:00").parse().unwrap();
                amici::engine::store_raw(&mut store, &config, raw.as_bytes(), at, "ingest", None)
                    .unwrap();
                amici::engine::process_pending(&mut store, &config, at).unwrap();
                letters += 1;
            }
        }
        amici::tick::run(
            &mut store,
            &config,
            format!("{day}T23:00:00+02:00").parse().unwrap(),
        )
        .unwrap();
        ticks += 1;
    }
    let played: usize = store.games().unwrap().iter().map(|g| g.moves.len()).sum();
    println!(
        "season: {} games, {letters} letters ({played} moves recorded), {ticks} daily ticks, built in {:.1} s",
        games.len(),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(played, letters, "every letter's move was recorded");
    drop(store);
    let t = Instant::now();
    let report = amici::audit::audit(&config, &amici::audit::Options::default()).unwrap();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "amici audit: {} inputs replayed in {secs:.1} s, {} difference(s) (target < 60 s: {})",
        report.replayed,
        report.differences.len(),
        if secs < 60.0 { "PASS" } else { "FAIL" }
    );
    assert!(
        report.differences.is_empty(),
        "{:?}",
        &report.differences[..report.differences.len().min(5)]
    );
}
