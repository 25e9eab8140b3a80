//! FIDE (Dutch) System, Handbook C.04.3 (in force from 1 February 2026) with the basic Swiss
//! rules of C.04.1: the pairing of one round from the players' histories. Pure: no IO, no
//! clock.
//!
//! - [`player`]   pairing numbers, order, scoregroups (C.04.3 1.1–1.3), colour differences and
//!   preferences (1.6–1.7), floats (1.4), topscorers, the bye's eligibility (C.04.1 d, C.2)
//! - [`colour`]   colour allocation (C.04.3 E.1–E.5)
//! - [`criteria`] the absolute criteria C1–C3, completion C4 and quality criteria C5–C19 as
//!   the weight of one pairing (a lexicographic integer, heaviest criterion first)
//! - [`bracket`]  brackets top-down, MDPs, S1/S2, exchanges and transpositions (C.04.3 2–4)
//!   on a maximum-weight matching core (`integer-blossom`; DESIGN.md "Dutch pairings")
//!
//! The engine's public face is [`pair`]; `amici pair --trf FILE` reads its input from a
//! TRF-16 file (`crate::rules::trf_read`).

pub mod bracket;
pub mod colour;
pub mod criteria;
pub mod player;
#[cfg(test)]
mod tests;

pub use colour::Colour;
pub use player::{Float, Player};

/// One round to pair: the players present (those absent, withdrawn or with a requested bye
/// are left out by the caller) with their histories.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundInput {
    /// The round being paired, from 1.
    pub round: u32,
    /// The tournament's number of rounds (TRFx `XXR`); topscorers exist only in the last.
    pub total_rounds: u32,
    /// The initial colour (TRFx `XXC white1` / `black1`, C.04.3 E.5): when no preference
    /// decides, the higher-ranked player gets it if his effective pairing number (see `others`)
    /// is odd, the other colour if it is even — so in round 1 the top of each pair with an
    /// odd number has it.
    pub initial: Colour,
    pub players: Vec<Player>,
    /// Pairing numbers of players left out of this round who took part in an earlier round's
    /// pairing (a game, a forfeit, the pairing-allocated bye): they keep their place in the
    /// count of pairing numbers that E.5 reads, players who never took part do not (the
    /// effective pairing numbers of bbpPairings; DESIGN.md "Dutch pairings").
    pub others: Vec<u32>,
}

/// A round's pairing: games as (white, black) pairing numbers, ordered by board (the higher
/// pair first), and the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub games: Vec<(u32, u32)>,
    pub bye: Option<u32>,
}

impl Pairing {
    /// The JaVaFo / bbpPairings output format: the number of pairs (the bye counted), then
    /// `white black` a line, `0` as the bye's opponent.
    pub fn to_javafo(&self) -> String {
        let mut out = format!("{}\n", self.games.len() + usize::from(self.bye.is_some()));
        for (w, b) in &self.games {
            out.push_str(&format!("{w} {b}\n"));
        }
        if let Some(p) = self.bye {
            out.push_str(&format!("{p} 0\n"));
        }
        out
    }
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    #[error("pairing number {0} is given twice")]
    DuplicateId(u32),
    #[error(
        "no pairing satisfies the absolute criteria C1–C3 (no rematch, one bye per player, colours)"
    )]
    NoPairing,
}

/// Pairs one round by the Dutch system.
pub fn pair(input: &RoundInput) -> Result<Pairing, PairError> {
    let mut seen = std::collections::HashSet::new();
    for p in &input.players {
        if !seen.insert(p.id) {
            return Err(PairError::DuplicateId(p.id));
        }
    }
    let ctx = player::Context::new(input);
    let (pairs, bye) = bracket::pair_all(&ctx)?;
    let mut games: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| colour::allocate(&ctx, a, b))
        .collect();
    // Boards: the pair with the higher-ranked player first (the score of the better player,
    // then his pairing number; C.04.2's board order).
    games.sort_by(|x, y| {
        let kx = board_key(&ctx, *x);
        let ky = board_key(&ctx, *y);
        kx.cmp(&ky)
    });
    Ok(Pairing {
        games: games
            .into_iter()
            .map(|(w, b)| (ctx.players[w].id, ctx.players[b].id))
            .collect(),
        bye: bye.map(|i| ctx.players[i].id),
    })
}

fn board_key(ctx: &player::Context, (w, b): (usize, usize)) -> (std::cmp::Reverse<u32>, usize) {
    let hi = w.min(b);
    let score = ctx.players[w].score.max(ctx.players[b].score);
    (std::cmp::Reverse(score), hi)
}
