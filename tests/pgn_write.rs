//! The PGN of one game (`amici::rules::pgn`): tags, sending dates and days per move, read back
//! by the results reader (`pgn_results`) the standings use.

use amici::rules::game::Status;
use amici::rules::game::{GameRecord, Termination};
use amici::rules::model::{Day, GameResult, Mode};
use amici::rules::model::{Notation, Params, PlayedMove};
use amici::rules::pgn::*;
use amici::rules::pgn_results::read_pgn_results;
use amici::rules::standings::Outcome;
use shakmaty::Chess;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{EnPassantMode, Position};

fn day(s: &str) -> Day {
    s.parse().unwrap()
}

/// A record of `sans` played from the start position, one move every `gap` days, the first
/// sent two days after the start.
fn record(sans: &[&str], gap: i64) -> GameRecord {
    let start = day("2026-01-10");
    let mut rec = GameRecord::new(
        "BG-2026-01/3".into(),
        "BG-2026-01".into(),
        "ivan@example.test".into(),
        "petar@example.test".into(),
        Params::for_mode(Mode::Email),
        Notation::Bg,
        start,
    );
    let mut pos = Chess::default();
    let mut received = start.pred_opt().unwrap();
    let mut sent = start + chrono::Duration::days(2);
    for s in sans {
        let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
        rec.moves.push(PlayedMove {
            uci: UciMove::from_standard(mv).to_string(),
            san: San::from_move(&pos, mv).to_string(),
            received,
            sent,
            from_variant: false,
            letter: 0,
        });
        pos.play_unchecked(mv);
        received = sent;
        sent += chrono::Duration::days(gap);
    }
    rec
}

fn info() -> PgnInfo {
    PgnInfo {
        event: "Republic \"A\" championship 2026".into(),
        site: "Sofia BUL".into(),
        round: "2".into(),
        white: "Иван Петров".into(),
        black: "Petar Georgiev".into(),
    }
}

const SCHOLAR: [&str; 7] = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];

fn finished() -> GameRecord {
    let mut rec = record(&SCHOLAR, 3);
    rec.status = Status::Finished;
    rec.result = Some(GameResult::WhiteWins);
    rec.termination = Some(Termination::Checkmate);
    rec
}

/// The movetext's SAN tokens (comments, numbers and the result removed).
fn sans_of(pgn: &str) -> Vec<String> {
    let body = pgn.split("\n\n").nth(1).unwrap();
    let mut out = Vec::new();
    let mut in_comment = false;
    for tok in body.split_whitespace() {
        if in_comment {
            in_comment = !tok.ends_with('}');
            continue;
        }
        if tok.starts_with('{') {
            in_comment = !tok.ends_with('}');
            continue;
        }
        if tok.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*", "0-0"].contains(&tok) {
            continue;
        }
        out.push(tok.to_string());
    }
    out
}

#[test]
fn a_finished_game_reads_back_with_its_players_and_result() {
    let pgn = game_pgn(&finished(), &info(), day("2026-02-01"));
    let games = read_pgn_results(&pgn).unwrap();
    assert_eq!(games.len(), 1, "{pgn}");
    assert_eq!(games[0].white, "Иван Петров");
    assert_eq!(games[0].black, "Petar Georgiev");
    assert_eq!(games[0].result, Outcome::WhiteWins);
    assert_eq!(
        games[0].event.as_deref(),
        Some("Republic \"A\" championship 2026")
    );
    assert_eq!(games[0].round.as_deref(), Some("2"));
}

#[test]
fn the_score_replays_to_the_same_final_position() {
    let rec = finished();
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    let mut pos = Chess::default();
    let sans = sans_of(&pgn);
    assert_eq!(sans.len(), SCHOLAR.len(), "{pgn}");
    for s in &sans {
        let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    let fen = |p: &Chess| shakmaty::fen::Fen::from_position(p, EnPassantMode::Legal).to_string();
    assert_eq!(fen(&pos), rec.fen());
    assert!(pos.is_checkmate());
}

#[test]
fn tags_are_the_roster_then_the_correspondence_tags() {
    let pgn = game_pgn(&finished(), &info(), day("2026-02-01"));
    let head: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(
        head,
        [
            r#"[Event "Republic \"A\" championship 2026"]"#,
            r#"[Site "Sofia BUL"]"#,
            r#"[Date "2026.01.10"]"#,
            r#"[Round "2"]"#,
            r#"[White "Иван Петров"]"#,
            r#"[Black "Petar Georgiev"]"#,
            r#"[Result "1-0"]"#,
            r#"[Mode "EM"]"#,
            r#"[TimeControl "10/50d"]"#,
            r#"[Termination "normal"]"#,
            r#"[Annotator "amici"]"#,
            r#"[GameId "BG-2026-01/3"]"#,
            r#"[PlyCount "7"]"#,
        ]
    );
    assert!(!pgn.contains("example.test"), "no addresses: {pgn}");
}

#[test]
fn each_move_has_its_sending_date_and_thinking_days() {
    let rec = finished();
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    // White's move 1: start 10 Jan, sent 12 Jan → 2 days (RULES.md §3).
    assert!(pgn.contains("1. e4 {[%ccsnt 2026.01.12] 2d}"), "{pgn}");
    // Black received 12 Jan, sent 15 Jan → N = 3, 2 days.
    assert!(pgn.contains("1... e5 {[%ccsnt 2026.01.15] 2d}"), "{pgn}");
    assert!(
        pgn.contains("4. Qxf7# {[%ccsnt 2026.01.30] 2d} {Checkmate} 1-0"),
        "{pgn}"
    );
    let times = rec.clocks(day("2026-01-30")).moves;
    for (i, t) in times.iter().enumerate() {
        let needle = format!("{}] {}d}}", t.sent.format("%Y.%m.%d"), t.days);
        assert!(pgn.contains(&needle), "move {i}: {needle} in {pgn}");
    }
}

#[test]
fn lines_are_at_most_80_columns() {
    // A long game: the Ruy Lopez shuffle repeated is not legal forever, so knights dance.
    let mut sans = Vec::new();
    for _ in 0..12 {
        sans.extend(["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    let rec = record(&sans, 11);
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    let body = pgn.split("\n\n").nth(1).unwrap();
    assert!(body.lines().count() > 5, "{pgn}");
    for line in body.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
        assert!(
            !line.ends_with('.'),
            "a number is never cut from its move: {line:?}"
        );
    }
    assert_eq!(sans_of(&pgn).len(), sans.len());
    // Unfinished: `*` and `unterminated`, no ending words.
    assert!(pgn.contains("[Result \"*\"]"));
    assert!(pgn.contains("[Termination \"unterminated\"]"));
    assert!(body.trim_end().ends_with('*'));
    assert_eq!(
        read_pgn_results(&pgn).unwrap()[0].result,
        Outcome::Unfinished
    );
}

#[test]
fn terminations_use_the_standard_words() {
    let cases = [
        (
            GameResult::BlackWins,
            Termination::Resignation,
            "normal",
            "White resigns",
        ),
        (
            GameResult::Draw,
            Termination::Agreement,
            "normal",
            "Draw agreed",
        ),
        (
            GameResult::WhiteWins,
            Termination::Overstep,
            "time forfeit",
            "Black exceeded the time limit",
        ),
        (
            GameResult::BlackWins,
            Termination::Forfeit,
            "rules infraction",
            "White lost by forfeit",
        ),
        (
            GameResult::Draw,
            Termination::Adjudication,
            "adjudication",
            "Adjudicated",
        ),
        (
            GameResult::BothLose,
            Termination::Forfeit,
            "rules infraction",
            "Both players",
        ),
    ];
    for (result, t, tag, words) in cases {
        let mut rec = record(&["d4", "d5"], 4);
        rec.status = Status::Finished;
        rec.result = Some(result);
        rec.termination = Some(t);
        let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
        assert!(pgn.contains(&format!("[Termination \"{tag}\"]")), "{pgn}");
        assert!(pgn.contains(words), "{pgn}");
        assert!(pgn.trim_end().ends_with(result.pgn()), "{pgn}");
    }
}

#[test]
fn forfeits_and_time_losses_read_back_as_the_standings_count_them() {
    let mut rec = record(&[], 1);
    rec.status = Status::Finished;
    rec.result = Some(GameResult::WhiteWins);
    rec.termination = Some(Termination::Forfeit);
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    assert!(
        pgn.contains("{Black lost by forfeit, game not played} 1-0"),
        "{pgn}"
    );
    assert_eq!(
        read_pgn_results(&pgn).unwrap()[0].result,
        Outcome::WhiteWinsByForfeit
    );
    rec.termination = Some(Termination::Overstep);
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    assert_eq!(
        read_pgn_results(&pgn).unwrap()[0].result,
        Outcome::WhiteWins
    );
}

#[test]
fn post_mode_says_pm() {
    let mut rec = record(&["c4"], 1);
    rec.params = Params::for_mode(Mode::Post);
    let pgn = game_pgn(&rec, &info(), day("2026-06-01"));
    assert!(pgn.contains("[Mode \"PM\"]"));
    assert!(pgn.contains("[TimeControl \"10/30d\"]"));
}
