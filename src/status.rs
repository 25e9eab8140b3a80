//! `amici status`: the games as text or as the JSON of INTERFACE.md. Changes nothing in the
//! database but the config sync.

use chrono::{DateTime, FixedOffset};
use serde_json::{Value, json};
use shakmaty::Color;

use crate::config::Config;
use crate::engine;
use crate::rules::game::GameRecord;

/// One side's clock as `status --format json` shows it (INTERFACE.md, plus the allowance).
fn side(report: &crate::rules::clock::ClockReport, c: Color) -> Value {
    let s = report.side(c);
    json!({
        "days": s.total_days,
        "penalty_days": s.penalty_days,
        "oversteps": s.oversteps,
        "on_leave": s.on_leave,
        "allowance": s.allowance,
        "days_left": s.days_left,
        "move": s.move_number,
    })
}

/// The JSON document of `status --format json`.
pub fn json(games: &[GameRecord], config: &Config, now: DateTime<FixedOffset>) -> Value {
    let today = engine::local_day(config, now);
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            let report = g.clocks(today);
            json!({
                "id": g.id,
                "tournament": g.tournament,
                "white": g.white,
                "black": g.black,
                "moves": g.sans(),
                "fen": g.fen(),
                "to_move": g.to_move().map(|c| if c == Color::White { "white" } else { "black" }),
                "state": g.status.as_str(),
                "result": g.result.map_or("*", |r| r.pgn()),
                "clock": {
                    "white": side(&report, Color::White),
                    "black": side(&report, Color::Black),
                },
            })
        })
        .collect();
    json!({ "games": list })
}

/// A human-readable table.
pub fn text(games: &[GameRecord], config: &Config, now: DateTime<FixedOffset>) -> String {
    let today = engine::local_day(config, now);
    let mut out = String::new();
    for g in games {
        let to_move = match g.to_move() {
            Some(Color::White) => "White to move",
            Some(Color::Black) => "Black to move",
            None => "finished",
        };
        out.push_str(&format!(
            "{:<16} {} – {}  moves {}  {}  {}  days W {} / B {}\n",
            g.id,
            config.name_of(&g.white),
            config.name_of(&g.black),
            g.moves.len(),
            g.result.map_or("*", |r| r.pgn()),
            to_move,
            g.total_days(Color::White, today),
            g.total_days(Color::Black, today),
        ));
    }
    if games.is_empty() {
        out.push_str("no games\n");
    }
    out
}
