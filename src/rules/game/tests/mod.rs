//! Unit tests of the game's rooms, one file a concept as in `src/rules/game/`; the helpers
//! every file shares.

mod claims;
mod commands;
mod dispatch;
mod end;
mod extension;
mod leave;
mod moves;
mod overstep;
mod post;
mod record;
mod roster;
mod sanction;
mod variant;

use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Outcome, Position};

use super::end::proposal;
use super::moves::ended_by_position;
use super::record::replay;
use super::*;
use crate::rules::clock::NoticeKind;
use crate::rules::model::{Day, GameResult, Kind, Mode, Notation, Params};
use crate::rules::notation;

fn day(s: &str) -> Day {
    s.parse().unwrap()
}

fn game() -> GameRecord {
    GameRecord::new(
        "T/1".into(),
        "T".into(),
        "w@x.test".into(),
        "b@x.test".into(),
        Params::for_mode(Mode::Email),
        Notation::Bg,
        day("2026-01-10"),
    )
}

/// Three games of `w@x.test` as White: one with moves, one without, one finished (Art. 47,
/// 48, 56).
fn games_of_w() -> Vec<GameRecord> {
    let mut moved = game();
    moved = alternate(moved, &["1. e4", "1... e5"], "2026-01-12");
    let mut other = game();
    other.id = "T/2".into();
    other.black = "c@x.test".into();
    let mut done = game();
    done.id = "T/3".into();
    done.black = "d@x.test".into();
    done.finish(GameResult::Draw, Termination::Agreement);
    vec![moved, other, done]
}

/// Letters of White and Black in turn, all on day `d`.
fn alternate(mut g: GameRecord, letters: &[&str], d: &str) -> GameRecord {
    for (i, text) in letters.iter().enumerate() {
        g = play(
            g,
            if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            text,
            d,
        );
    }
    g
}

fn play(g: GameRecord, c: Color, text: &str, d: &str) -> GameRecord {
    let h = handle_letter(&g, c, text, day(d));
    h.record
        .unwrap_or_else(|| panic!("{text} refused: {:?}", h.effects))
}

fn post_game() -> GameRecord {
    let mut g = game();
    g.params = Params::for_mode(Mode::Post);
    g
}

/// White never moved: by 5 March the bot has filed a claim (Art. 27/31) and paused.
fn claimed() -> GameRecord {
    let g = handle_tick(&game(), day("2026-03-05")).record.unwrap();
    assert_eq!(g.status, Status::AwaitingDecision);
    g
}
