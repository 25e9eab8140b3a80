//! The record and its replay (Art. 20, 24).

use super::*;

#[test]
fn art_24_white_time_runs_from_the_start_date() {
    let g = game();
    let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"));
    let g = h.record.unwrap();
    assert_eq!(g.moves[0].san, "e4");
    assert_eq!(
        g.lines(0, day("2026-01-12"))[0].days,
        2,
        "start 10 Jan, sent 12 Jan → 2 days"
    );
    assert_eq!(h.effects[1].to, Role::Black);
    assert_eq!(h.effects[1].kind, Kind::Move);
}

#[test]
fn art_20_an_impossible_move_never_enters_the_record_so_no_replay_is_ever_needed() {
    let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
    let h = handle_letter(&g, Color::Black, "1... e7-e4", day("2026-01-13"));
    let next = h.record.unwrap();
    assert_eq!(
        next.moves, g.moves,
        "checked on arrival: the record holds legal moves only"
    );
    assert_eq!(replay(&next.moves).1.len(), next.moves.len());
}
