//! Leave in a game (Art. 41, 46): the clock suspended, a move during leave ending it.

use super::*;
use crate::rules::leave::LeaveBook;

#[test]
fn art_46_a_move_during_leave_ends_it_in_that_game_and_asks_the_shell_to_store_the_book() {
    let g = alternate(game(), &["1. e4", "1... e5"], "2026-01-12");
    let mut book = LeaveBook::default();
    book.request(
        &g.params,
        day("2026-02-01"),
        day("2026-02-20"),
        day("2026-01-20"),
        &[],
    )
    .unwrap();
    let mut on_leave = g.clone();
    on_leave.suspensions = book.suspensions(&g.id, Color::White);
    let facts = LetterFacts {
        proof: None,
        leave: Some(&book),
        forwarded: None,
    };
    let h = handle_player_letter(&on_leave, Color::White, "2. Кf3", day("2026-02-05"), facts);
    let next = h.record.as_ref().expect("the move is accepted");
    assert_eq!(next.moves.len(), 3);
    // The leave ends in this game the day of the move: it is suspended 1–4 February only.
    let mine: Vec<_> = next
        .suspensions
        .iter()
        .filter(|s| s.color == Some(Color::White))
        .collect();
    assert_eq!(mine.len(), 1, "{:?}", next.suspensions);
    assert_eq!(
        (mine[0].from, mine[0].to),
        (day("2026-02-01"), day("2026-02-04"))
    );
    let stored = h
        .requests
        .iter()
        .find_map(|r| match r {
            Request::LeaveEnded { color, book } => Some((*color, book.clone())),
            _ => None,
        })
        .expect("the changed book goes to the shell");
    assert_eq!(stored.0, Color::White);
    assert!(!stored.1.on_leave(&g.id, day("2026-02-06")));
    // Without a leave running, nothing is asked of the shell.
    let plain = handle_player_letter(
        &g,
        Color::White,
        "2. Кf3",
        day("2026-01-14"),
        LetterFacts {
            proof: None,
            leave: Some(&LeaveBook::default()),
            forwarded: None,
        },
    );
    assert!(plain.requests.is_empty());
}

#[test]
fn art_41_play_is_suspended_for_leave_and_stops_for_a_withdrawal() {
    // Leave 1–10 February: the ten days are not White's thinking time in this game.
    let g = alternate(game(), &["1. e2-e4", "1... e7-e5"], "2026-01-20");
    let mut book = LeaveBook::default();
    book.request(
        &g.params,
        day("2026-02-01"),
        day("2026-02-10"),
        day("2026-01-25"),
        &[],
    )
    .unwrap();
    let mut on_leave = g.clone();
    on_leave.suspensions = book.suspensions(&g.id, Color::White);
    // Received 20 January; on 15 February: 21–31 January (11) and 11–15 February (5) = 16
    // days counted, the first free: 15. Without the leave: 26 − 1 = 25.
    assert_eq!(
        on_leave.clocks(day("2026-02-15")).white.running_days,
        Some(15)
    );
    assert_eq!(g.clocks(day("2026-02-15")).white.running_days, Some(25));
    // A withdrawal ends his play: the unfinished game is decided (Art. 47 А).
    let changes = withdraw(&[g], "w@x.test", false, day("2026-02-15"));
    assert_eq!(
        changes[0].handled.record.as_ref().unwrap().status,
        Status::Finished
    );
}
