//! Unit tests of the Dutch engine's parts: C.04.3 1.7 colour preferences, E.1–E.5, the C2
//! bye eligibility of the TRF reader (C.04.1 d), 1.4.3 floats, the TRF-16 reader's errors.

use super::colour::{Colour, allocate};
use super::player::{Context, Float, Player, Strength};
use super::{RoundInput, pair};

use Colour::{Black as B, White as W};

fn player(id: u32, score: u32, colours: &[Colour]) -> Player {
    Player {
        id,
        score,
        colours: colours.to_vec(),
        floats: vec![Float::None; colours.len()],
        bye_eligible: true,
        ..Player::default()
    }
}

#[test]
fn c0403_1_7_preferences_absolute_strong_mild_none() {
    let p = |c: &[Colour]| player(1, 0, c).preference();
    assert_eq!(p(&[]).strength, Strength::None);
    assert_eq!(p(&[W, W]).strength, Strength::Absolute);
    assert_eq!(p(&[W, W]).colour, Some(B));
    assert_eq!(p(&[B, W, W]).colour, Some(B), "two the same in a row");
    assert_eq!(p(&[W, B, W]).strength, Strength::Strong);
    assert_eq!(p(&[W, B, W]).colour, Some(B));
    assert_eq!(p(&[W, B]).strength, Strength::Mild);
    assert_eq!(p(&[W, B]).colour, Some(W), "alternate the last game");
}

fn ctx(players: Vec<Player>, round: u32) -> Context {
    ctx_with(players, round, Vec::new())
}

/// (white, black) pairing numbers of the pair of pairing numbers `x` and `y`.
fn ids(c: &Context, x: u32, y: u32) -> (u32, u32) {
    let at = |id: u32| c.players.iter().position(|p| p.id == id).unwrap();
    let (w, b) = allocate(c, at(x), at(y));
    (c.players[w].id, c.players[b].id)
}

/// With `others`: players left out of this round who took part in an earlier pairing.
fn ctx_with(players: Vec<Player>, round: u32, others: Vec<u32>) -> Context {
    Context::new(&RoundInput {
        round,
        total_rounds: 9,
        initial: W,
        players,
        others,
    })
}

#[test]
fn c0403_e1_to_e4_colour_allocation() {
    // E.1: both preferences granted.
    let c = ctx(vec![player(1, 2, &[W, B]), player(2, 2, &[B, W])], 3);
    assert_eq!(allocate(&c, 0, 1), (0, 1));
    // E.2: the stronger (absolute over mild) wins.
    let c = ctx(vec![player(1, 2, &[B, W]), player(2, 2, &[W, W])], 3);
    assert_eq!(allocate(&c, 0, 1), (0, 1), "2 has absolute Black");
    // E.3: the most recent round their colours differed is alternated.
    let c = ctx(
        vec![player(1, 4, &[W, B, B, W]), player(2, 4, &[B, W, B, W])],
        5,
    );
    assert_eq!(allocate(&c, 0, 1), (0, 1), "1 had Black when 2 had White");
    // E.4: the higher-ranked (same score: lower pairing number) gets his preference.
    let c = ctx(vec![player(1, 2, &[B, W]), player(2, 2, &[B, W])], 3);
    assert_eq!(allocate(&c, 0, 1), (1, 0), "1 wants Black and gets it");
}

#[test]
fn c0403_e4_the_higher_ranked_is_the_higher_score_before_the_lower_number() {
    // A.2 ranks by score, then pairing number: 7 with 1.5 points ranks above 2 with 1
    // point, and both want White with the same history (E.1–E.3 do not decide).
    let c = ctx(vec![player(2, 2, &[B, W, B]), player(7, 3, &[B, W, B])], 4);
    assert_eq!(ids(&c, 2, 7), (7, 2), "7 ranks higher and gets White");
    assert_eq!(ids(&c, 7, 2), (7, 2), "whichever way the pair is given");
    // The same scores: the lower pairing number decides.
    let c = ctx(vec![player(2, 3, &[B, W, B]), player(7, 3, &[B, W, B])], 4);
    assert_eq!(ids(&c, 2, 7), (2, 7), "2 ranks higher and gets White");
}

#[test]
fn c0403_e5_neither_has_a_preference() {
    let c = ctx(vec![player(1, 0, &[]), player(2, 0, &[])], 1);
    assert_eq!(allocate(&c, 0, 1), (0, 1), "odd number: the initial colour");
    let c = ctx_with(vec![player(2, 0, &[]), player(3, 0, &[])], 1, vec![1]);
    assert_eq!(allocate(&c, 0, 1), (1, 0), "even number: the other colour");
}

#[test]
fn c0403_e5_a_player_who_never_took_part_in_a_pairing_is_not_counted() {
    // Round 1: number 1 is absent (a requested bye) and takes no place in the count, so
    // number 2 is the first of the pairing and has the initial colour (bbpPairings'
    // effective pairing numbers).
    let c = ctx(vec![player(2, 0, &[]), player(3, 0, &[])], 1);
    assert_eq!(allocate(&c, 0, 1), (0, 1), "2 counts as the first: White");
    // Round 3: number 1 played before and is absent now: he keeps his place.
    let c = ctx_with(vec![player(2, 2, &[]), player(3, 2, &[])], 3, vec![1]);
    assert_eq!(allocate(&c, 0, 1), (1, 0), "2 counts as the second: Black");
    // E.5 with different scores: the higher score's own number decides.
    let c = ctx(vec![player(1, 1, &[]), player(2, 2, &[])], 3);
    assert_eq!(ids(&c, 1, 2), (1, 2), "2 ranks higher, even: Black");
}

#[test]
fn c0403_a_500_player_round_one_pairs_top_half_against_bottom_half() {
    let players: Vec<Player> = (1..=500).map(|id| player(id, 0, &[])).collect();
    let p = pair(&RoundInput {
        round: 1,
        total_rounds: 9,
        initial: W,
        players,
        others: Vec::new(),
    })
    .unwrap();
    assert_eq!(p.games.len(), 250);
    assert_eq!(p.games[0], (1, 251));
    assert_eq!(p.games[1], (252, 2));
    assert_eq!(p.bye, None);
}
