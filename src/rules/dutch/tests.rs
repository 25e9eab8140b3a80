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
    Context::new(&RoundInput {
        round,
        total_rounds: 9,
        initial: W,
        players,
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
    // E.4: the higher-ranked (lower pairing number) gets his preference.
    let c = ctx(vec![player(1, 2, &[B, W]), player(2, 2, &[B, W])], 3);
    assert_eq!(allocate(&c, 0, 1), (1, 0), "1 wants Black and gets it");
}

#[test]
fn c0403_e5_neither_has_a_preference() {
    let c = ctx(vec![player(1, 0, &[]), player(2, 0, &[])], 1);
    assert_eq!(allocate(&c, 0, 1), (0, 1), "odd number: the initial colour");
    let c = ctx(vec![player(2, 0, &[]), player(3, 0, &[])], 1);
    assert_eq!(allocate(&c, 0, 1), (1, 0), "even number: the other colour");
}

#[test]
fn c0403_a_500_player_round_one_pairs_top_half_against_bottom_half() {
    let players: Vec<Player> = (1..=500).map(|id| player(id, 0, &[])).collect();
    let p = pair(&RoundInput {
        round: 1,
        total_rounds: 9,
        initial: W,
        players,
    })
    .unwrap();
    assert_eq!(p.games.len(), 250);
    assert_eq!(p.games[0], (1, 251));
    assert_eq!(p.games[1], (252, 2));
    assert_eq!(p.bye, None);
}
