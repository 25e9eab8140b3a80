//! C.04.3 E.1–E.5: colour allocation within a pair, and what a pair's colours cost the
//! colour criteria (C8–C11).

use super::player::{Context, Strength};

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The colour of the higher-ranked player `a` of a pair by E.1–E.5.
fn colour_of_higher(ctx: &Context, a: usize, b: usize) -> Colour {
    let (pa, pb) = (ctx.prefs[a], ctx.prefs[b]);
    // E.1 both preferences granted (they differ, or one player has none).
    match (pa.colour, pb.colour) {
        (Some(x), Some(y)) if x != y => return x,
        (Some(x), None) => return x,
        (None, Some(y)) => return y.opposite(),
        _ => {}
    }
    if let (Some(x), Some(_)) = (pa.colour, pb.colour) {
        // E.2 the stronger preference; two absolute ones: the wider colour difference.
        if pa.strength != pb.strength {
            return if pa.strength > pb.strength {
                x
            } else {
                x.opposite()
            };
        }
        if pa.strength == Strength::Absolute {
            let (da, db) = (
                ctx.players[a].colour_difference().abs(),
                ctx.players[b].colour_difference().abs(),
            );
            if da != db {
                return if da > db { x } else { x.opposite() };
            }
        }
        // E.3 alternate to the most recent game in which their colours differed.
        let (ca, cb) = (&ctx.players[a].colours, &ctx.players[b].colours);
        for (x1, y1) in ca.iter().rev().zip(cb.iter().rev()) {
            if x1 != y1 {
                return x1.opposite();
            }
        }
        // E.4 the higher-ranked player's preference.
        return x;
    }
    // E.5 neither has a preference: the higher-ranked player's pairing number decides.
    if ctx.number[a] % 2 == 1 {
        ctx.initial
    } else {
        ctx.initial.opposite()
    }
}

/// (white, black) of the pair of `x` and `y` (indices into `ctx.players`). "Higher ranked"
/// in E.4–E.5 is A.2's order: the higher score, then the lower pairing number (as
/// bbpPairings reads it; DESIGN.md "Dutch pairings").
pub fn allocate(ctx: &Context, x: usize, y: usize) -> (usize, usize) {
    let (a, b) = if ctx.ranks_above(x, y) {
        (x, y)
    } else {
        (y, x)
    };
    if colour_of_higher(ctx, a, b) == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}

/// What the colours of a pair cost: (C8 players with a colour difference beyond ±2, C9
/// players with the same colour three times running, C10 preferences not granted, C11
/// strong or absolute preferences not granted).
pub fn violations(ctx: &Context, x: usize, y: usize) -> [u32; 4] {
    let (w, b) = allocate(ctx, x, y);
    let mut out = [0; 4];
    for (p, c) in [(w, Colour::White), (b, Colour::Black)] {
        let pl = &ctx.players[p];
        let cd = pl.colour_difference() + if c == Colour::White { 1 } else { -1 };
        if cd.abs() > 2 {
            out[0] += 1;
        }
        if pl.repeated() == Some(c) {
            out[1] += 1;
        }
        let pref = ctx.prefs[p];
        if pref.colour.is_some_and(|want| want != c) {
            out[2] += 1;
            if pref.strength >= Strength::Strong {
                out[3] += 1;
            }
        }
    }
    out
}
