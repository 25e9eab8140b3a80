//! One daily tick over 100,000 active games, read from and written to a real SQLite file:
//! `cargo bench --bench tick_sqlite` prints the time (target < 1 s on this machine). Under
//! `cargo test --all-targets` it runs on 2,000 games so the code keeps working.

use std::time::Instant;

use amici::rules::game::GameRecord;
use amici::rules::model::{Mode, Notation, Params, PlayedMove};
use amici::store::Store;
use chrono::{Duration, NaiveDate};

/// The Immortal Game's moves (UCI), to give games realistic records of different lengths.
const MOVES: &[&str] = &[
    "e2e4", "e7e5", "f2f4", "e5f4", "f1c4", "d8h4", "e1f1", "b7b5", "c4b5", "g8f6", "g1f3", "h4h6",
    "d2d3", "f6h5", "f3h4", "h6g5", "h4f5", "c7c6", "g2g4", "h5f6", "h1g1", "c6b5", "h2h4", "g5g6",
    "h4h5", "g6g5", "d1f3", "f6g8", "c1f4", "g5f6", "b1c3", "f8c5", "c3d5", "f6b2", "f4d6", "c5g1",
    "e4e5", "b2a1", "f1e2", "b8a6",
];

fn record(i: usize, start: NaiveDate) -> GameRecord {
    let mut g = GameRecord::new(
        format!("B/{}", i + 1),
        "B".into(),
        format!("p{}@example.test", i % 500),
        format!("p{}@example.test", (i + 1 + i / 500) % 500),
        Params::for_mode(if i % 5 == 0 { Mode::Post } else { Mode::Email }),
        Notation::Bg,
        start,
    );
    // A pseudo-random length and pace per game.
    let plies = (i * 7919) % MOVES.len();
    let mut day = start - Duration::days(1);
    let mut pos = shakmaty::Chess::default();
    for uci in &MOVES[..plies] {
        let mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        let received = day;
        day += Duration::days(((i * 31 + g.moves.len() * 17) % 3) as i64 + 1);
        g.moves.push(PlayedMove {
            uci: uci.to_string(),
            san: shakmaty::san::San::from_move(&pos, mv).to_string(),
            received,
            sent: day,
            from_variant: false,
            letter: 0,
        });
        shakmaty::Position::play_unchecked(&mut pos, mv);
    }
    g
}

/// The CPU time this process has used so far, all threads (Linux: `/proc/self/stat`, in
/// USER_HZ = 1/100 s), to tell the tick's own work from waiting for cores that other work
/// holds; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command name (in parentheses): state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<f64>().ok();
    Some((ticks(14)? + ticks(15)?) / 100.0)
}

/// Fills the database with `n` games and runs the catch-up tick (months of it at once).
fn build_and_catch_up(store: &mut Store, config: &amici::config::Config, n: usize) {
    let start = NaiveDate::from_ymd_opt(2026, 1, 10).unwrap();
    store
        .transaction(|tx| {
            for i in 0..n {
                tx.put_game((i + 1) as u32, &record(i, start))?;
            }
            Ok::<_, amici::store::StoreError>(())
        })
        .unwrap();
    let t = Instant::now();
    let all = store.games().unwrap();
    println!(
        "read and decode {} records: {:.3} s",
        all.len(),
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let today = NaiveDate::from_ymd_opt(2026, 6, 2).unwrap();
    let mut changed = 0;
    for g in &all {
        if amici::rules::game::handle_tick(g, today).record.is_some() {
            changed += 1;
        }
    }
    println!(
        "pure tick over {} records: {:.3} s ({changed} changed)",
        all.len(),
        t.elapsed().as_secs_f64()
    );
    drop(all);
    // First tick: months of catching up (many notices); second tick the next day: steady state.
    // The first tick after months catches up on everything (many notices); then a month of
    // ordinary daily ticks, as the daemon runs them: the figure that matters.
    let first = "2026-06-01T06:00:00+03:00".parse().unwrap();
    let t = Instant::now();
    let queued = amici::tick::run(store, config, first).unwrap();
    println!(
        "catch-up tick (first run after months): {n} games in {:.3} s, {queued} messages queued",
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    // RUST_LOG=amici::tick=debug shows where each tick spends its time.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .try_init();
    let n = if full { 100_000 } else { 2_000 };
    let n = std::env::var("TICK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n);
    let dir = tempfile::tempdir().unwrap();
    // The games' tournament with its arbiter and players, so every notice due is rendered and
    // queued as the daemon would (without it the arbiter's notices have nobody to go to).
    let players: Vec<String> = (0..500)
        .map(|p| format!("{{ name = \"Player {p}\", email = \"p{p}@example.test\" }}"))
        .collect();
    let config_text = format!(
        "[bot]\naddress = \"bot@example.test\"\ndatabase = \"{}\"\n[outbox]\ndir = \"out\"\n\
         [[tournament]]\nid = \"B\"\nname = \"Bench\"\nmode = \"email\"\nnotation = \"bg\"\n\
         start = 2026-01-10\nend = 2029-12-31\narbiter = \"arbiter@example.test\"\npairing = \"explicit\"\n\
         games = []\nplayers = [{}]\n",
        dir.path().join("db.sqlite3").display(),
        players.join(", ")
    );
    let config = amici::config::parse(&dir.path().join("amici.toml"), &config_text).unwrap();
    // TICK_SNAPSHOT=path: the database as it stands after the catch-up tick, made on the
    // first run and copied on the next ones, to time the daily ticks alone (a profiler's runs).
    let snapshot = std::env::var_os("TICK_SNAPSHOT").map(std::path::PathBuf::from);
    let mut store = match &snapshot {
        Some(path) if path.exists() => {
            std::fs::copy(path, &config.bot.database).unwrap();
            Store::open(&config.bot.database).unwrap()
        }
        _ => {
            let mut store = Store::open(&config.bot.database).unwrap();
            build_and_catch_up(&mut store, &config, n);
            match &snapshot {
                Some(path) => {
                    // Closed first, so the WAL is in the file.
                    drop(store);
                    std::fs::copy(&config.bot.database, path).unwrap();
                    Store::open(&config.bot.database).unwrap()
                }
                None => store,
            }
        }
    };
    // As the daemon runs it (`daemon::run`): the WAL checkpointed beside the database thread.
    // The catch-up's checkpoint is waited for, as the day before the next tick would.
    store.checkpoint_beside().unwrap();
    let t = Instant::now();
    store.settle();
    println!(
        "catch-up tick's checkpoint: {:.3} s",
        t.elapsed().as_secs_f64()
    );
    let days = if full { 30 } else { 3 };
    if std::env::var_os("TICK_PROFILE").is_some() {
        // Time to attach a profiler to the daily ticks alone (`perf record -p PID`).
        println!("daily ticks start in 3 s: pid {}", std::process::id());
        std::thread::sleep(std::time::Duration::from_secs(3));
    }
    let mut times = Vec::new();
    let mut total = 0;
    let run_start = std::time::Instant::now();
    for d in 1..=days {
        let day = NaiveDate::from_ymd_opt(2026, 6, 1).unwrap() + Duration::days(d);
        let now = format!("{day}T06:00:00+03:00").parse().unwrap();
        let t = Instant::now();
        let cpu = cpu_seconds();
        let queued = amici::tick::run(&mut store, &config, now).unwrap();
        total += queued;
        let took = t.elapsed().as_secs_f64();
        let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
        times.push(took);
        // Its checkpoint, beside the database thread: timed apart, waited for before the
        // next day's tick (a day apart in the daemon).
        let c = Instant::now();
        store.settle();
        let checkpoint = c.elapsed().as_secs_f64();
        if took > 0.5 {
            let cpu = cpu
                .map(|c| format!(", {c:.2} s of CPU"))
                .unwrap_or_default();
            println!(
                "  {day}: {took:.3} s{cpu}, {queued} messages (ended {:.1} s into the daily ticks); its checkpoint after: {checkpoint:.3} s",
                run_start.elapsed().as_secs_f64()
            );
        }
    }
    if let Some(keep) = std::env::var_os("TICK_KEEP") {
        // The database, kept for a look (`TICK_KEEP=path`).
        drop(store);
        std::fs::copy(&config.bot.database, keep).unwrap();
    }
    let max = times.iter().copied().fold(0.0, f64::max);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "daily tick over {n} active games, {days} consecutive days: mean {mean:.3} s, max {max:.3} s ({total} messages queued in all)"
    );
}
