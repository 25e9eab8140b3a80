//! Property tests of notation.rs: in positions reached by random legal play (biased towards
//! castling, en passant and promotions), every legal move written in every notation, full and
//! short, reads back as exactly that move (Art. 7 notes 1–2, Art. 8 note 1), and every from-to
//! pair that no legal move makes is impossible (Art. 14).

use amici::rules::model::Notation;
use amici::rules::notation::{ResolveError, parse_move, render_full, render_short};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

const NOTATIONS: [Notation; 4] = [Notation::Bg, Notation::Ru, Notation::En, Notation::De];

/// Starting points besides the initial position, so that promotions, under-promotions and
/// castling on both sides come up often.
const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
    "4k3/PPP5/8/8/8/8/5ppp/K7 b - - 0 1",
];

fn special(m: &Move) -> bool {
    m.is_en_passant() || m.is_promotion() || matches!(m, Move::Castle { .. })
}

/// Random play from `start`, preferring castling, en passant and promotion when available
/// and pawn moves otherwise (they lead to promotions).
fn play(start: usize, choices: &[u16]) -> Vec<Chess> {
    let fen: Fen = STARTS[start].parse().expect("fen");
    let mut pos: Chess = fen.into_position(CastlingMode::Standard).expect("position");
    let mut seen = vec![pos.clone()];
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let specials: Vec<Move> = legal.iter().copied().filter(special).collect();
        let pawns: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.role() == Role::Pawn)
            .collect();
        let pick = |v: &[Move]| v[(c as usize / 4) % v.len()];
        let m = match c % 4 {
            0 | 1 if !specials.is_empty() => pick(&specials),
            2 if !pawns.is_empty() => pick(&pawns),
            _ => pick(&legal),
        };
        pos.play_unchecked(m);
        seen.push(pos.clone());
    }
    seen
}

fn check_readback(pos: &Chess) -> Result<(), TestCaseError> {
    for m in pos.legal_moves() {
        for n in NOTATIONS {
            let full = render_full(pos, &m, n);
            let mt = parse_move(&full, n, false)
                .map_err(|e| TestCaseError::fail(format!("{full:?} ({n:?}): {e}")))?;
            let r = mt
                .resolve(pos)
                .map_err(|e| TestCaseError::fail(format!("{full:?} ({n:?}): {e}")))?;
            prop_assert_eq!(r.mv, m, "{:?} in {:?}", full, n);
            prop_assert!(!r.short, "{:?} read as short", full);
            let short = render_short(pos, &m, n);
            let mt = parse_move(&short, n, false)
                .map_err(|e| TestCaseError::fail(format!("{short:?} ({n:?}): {e}")))?;
            let r = mt
                .resolve(pos)
                .map_err(|e| TestCaseError::fail(format!("{short:?} ({n:?}): {e}")))?;
            prop_assert_eq!(r.mv, m, "{:?} in {:?}", short, n);
        }
    }
    Ok(())
}

fn king_to(pos: &Chess, m: &Move) -> Square {
    match m {
        Move::Castle { .. } => m
            .castling_side()
            .map(|s| s.king_to(pos.turn()))
            .unwrap_or(m.to()),
        _ => m.to(),
    }
}

fn check_impossible_pairs(pos: &Chess) -> Result<(), TestCaseError> {
    let legal = pos.legal_moves();
    for from in Square::ALL {
        for to in Square::ALL {
            if from == to {
                continue;
            }
            let is_legal = legal
                .iter()
                .any(|m| m.from() == Some(from) && king_to(pos, m) == to);
            if is_legal {
                continue;
            }
            let text = format!("{from}-{to}");
            let mt = parse_move(&text, Notation::Bg, false)
                .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(mt.resolve(pos), Err(ResolveError::Impossible), "{}", text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn art_7_every_legal_move_in_every_notation_reads_back(
        start in 0usize..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let positions = play(start, &choices);
        // Every position with a special move, and every other one otherwise (debug speed).
        for (k, pos) in positions.iter().enumerate() {
            if k % 2 == 0 || pos.legal_moves().iter().any(special) {
                check_readback(pos)?;
            }
        }
    }

    #[test]
    fn art_14_every_other_from_to_pair_is_impossible(
        start in 0usize..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let positions = play(start, &choices);
        for (k, pos) in positions.iter().enumerate() {
            if k % 12 == 0 || k + 1 == positions.len() {
                check_impossible_pairs(pos)?;
            }
        }
    }
}

#[test]
fn the_biased_play_reaches_every_special_move() {
    // Pins the bias: across a few fixed runs castling on both sides, en passant, promotion and
    // under-promotion all occur, so the properties above really exercise them.
    let (mut ks, mut qs, mut ep, mut promo, mut under) = (false, false, false, false, false);
    for seed in 0..40u16 {
        for start in 0..STARTS.len() {
            let choices: Vec<u16> = (0..60u16)
                .map(|i| i.wrapping_mul(7919).wrapping_add(seed.wrapping_mul(39_119)))
                .collect();
            for pos in play(start, &choices) {
                for m in pos.legal_moves() {
                    match m.castling_side() {
                        Some(s) if s.is_king_side() => ks = true,
                        Some(_) => qs = true,
                        None => {}
                    }
                    ep |= m.is_en_passant();
                    promo |= m.promotion() == Some(Role::Queen);
                    under |= matches!(
                        m.promotion(),
                        Some(Role::Knight | Role::Rook | Role::Bishop)
                    );
                }
            }
        }
    }
    assert!(
        ks && qs && ep && promo && under,
        "{ks} {qs} {ep} {promo} {under}"
    );
}
