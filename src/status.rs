//! `amici status`: the games as text or as the JSON of INTERFACE.md. Changes nothing in the
//! database but the config sync.

use chrono::{DateTime, FixedOffset};
use serde_json::{Value, json};
use shakmaty::Color;

use crate::config::Config;
use crate::engine;
use crate::rules::game::{GameRecord, Status};

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

/// The games as the day's tick leaves them (issue 13 item 8): a claim due today already
/// stops the clock it is about, so `status` shows one figure before and after the tick.
/// Pure: nothing is stored.
fn as_of(games: &[GameRecord], today: chrono::NaiveDate) -> Vec<GameRecord> {
    games
        .iter()
        .map(|g| {
            crate::rules::game::handle_tick(g, today)
                .record
                .unwrap_or_else(|| g.clone())
        })
        .collect()
}

/// The JSON document of `status --format json`.
pub fn json(games: &[GameRecord], config: &Config, now: DateTime<FixedOffset>) -> Value {
    let today = engine::local_day(config, now);
    let games = as_of(games, today);
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            let report = g.clocks(today);
            let mut v = json!({
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
            });
            // A game of a tournament in stages: its round (INTERFACE.md).
            if let Some(r) = g.round {
                v["round"] = json!(r.number);
                v["stage"] = json!(r.stage.as_str());
                v["round_end"] = json!(r.end.to_string());
            }
            if let Some(a) = &g.adjudication {
                v["adjudication"] = adjudication(a);
            }
            v
        })
        .collect();
    json!({ "games": list })
}

/// Where an adjudication stands (Art. 52–55): the days of each step and the last day of the
/// appeal once the decision is recorded.
fn adjudication(a: &crate::rules::game::Adjudication) -> Value {
    let due = a.deadlines();
    json!({
        "asked_on": a.asked_on.to_string(),
        "proposals_due": due.proposals_due.to_string(),
        "to_adjudicator_on": a.forwarded_on.map(|d| d.to_string()),
        "decision_due": due.decision_due.map(|d| d.to_string()),
        "decided_on": a.decided_on.map(|d| d.to_string()),
        "appeal_until": due.appeal_until.map(|d| d.to_string()),
        "appeals": a.appeals.len(),
    })
}

/// Whose turn, with the move number he plays next ("White, move 12"); a half-move count
/// ("moves 23") made the reader work it out (issue 13 item 11).
fn next_move(g: &GameRecord) -> String {
    let number = g.moves.len() / 2 + 1;
    let turn = match g.to_move() {
        Some(Color::White) => format!("White, move {number}"),
        Some(Color::Black) => format!("Black, move {number}"),
        None => return format!("finished after move {}", g.moves.len().div_ceil(2)),
    };
    match g.status {
        Status::Playing => turn,
        state => format!("{turn} ({})", state.as_str()),
    }
}

/// The result, and while an adjudicated one may still be appealed (Art. 55) until when, or
/// that an appeal waits for the second adjudicator.
fn result_cell(g: &GameRecord, today: chrono::NaiveDate) -> String {
    let result = g.result.map_or("*", |r| r.pgn()).to_string();
    match &g.adjudication {
        Some(a) if a.open_to_appeal(today) => match a.deadlines().appeal_until {
            Some(until) if a.appeals.is_empty() => format!("{result} (appeal until {until})"),
            _ => format!("{result} (appealed)"),
        },
        _ => result,
    }
}

/// A human-readable table, one game a line, the columns aligned (widths in characters, so
/// Cyrillic names line up too).
pub fn text(games: &[GameRecord], config: &Config, now: DateTime<FixedOffset>) -> String {
    if games.is_empty() {
        return "no games\n".to_string();
    }
    let today = engine::local_day(config, now);
    let games = &as_of(games, today);
    let header = [
        "game", "white", "black", "to move", "result", "days W", "days B",
    ];
    let mut rows = vec![header.map(String::from)];
    for g in games {
        rows.push([
            g.id.clone(),
            config.name_of(&g.white),
            config.name_of(&g.black),
            next_move(g),
            result_cell(g, today),
            g.total_days(Color::White, today).to_string(),
            g.total_days(Color::Black, today).to_string(),
        ]);
    }
    // The day counts are numbers: right-aligned.
    let right = [false, false, false, false, false, true, true];
    let mut width = [0; 7];
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(width.iter().zip(right))
            .map(|(cell, (&w, right))| {
                if right {
                    format!("{cell:>w$}")
                } else {
                    format!("{cell:<w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
