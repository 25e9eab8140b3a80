//! C.04.3 1.1–1.7 and C.04.1: the players as the Dutch system sees them — pairing numbers and
//! the order (1.2: score, then pairing number), scoregroups (1.3), floats (1.4), the bye's
//! eligibility (C.04.1 d; C.04.3 C2), colour differences and preferences (1.6–1.7) and
//! topscorers (1.8).

use super::{Colour, RoundInput};

/// A float received in a round (C.04.3 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Float {
    #[default]
    None,
    Down,
    Up,
}

/// A player to pair, with what the previous rounds left.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Player {
    /// The pairing number (the TRF start number).
    pub id: u32,
    /// Points in half points (1.5 points = 3).
    pub score: u32,
    /// The colours of the games actually played, in round order (forfeits left out).
    pub colours: Vec<Colour>,
    /// The float of each previous round (index 0 = round 1).
    pub floats: Vec<Float>,
    /// Opponents met over the board (C1: never again).
    pub opponents: Vec<u32>,
    /// False after a pairing-allocated bye or a win without playing (C.04.1 d; C2).
    pub bye_eligible: bool,
}

/// The strength of a colour preference (C.04.3 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A colour preference: the colour wanted and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Option<Colour>,
    pub strength: Strength,
}

impl Player {
    /// Colour difference: games with White minus games with Black (1.6).
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// The colour of the last two games when they were the same.
    pub fn repeated(&self) -> Option<Colour> {
        match self.colours.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        }
    }

    /// C.04.3 1.7: absolute when the colour difference is beyond ±1 or the last two games
    /// had the same colour; strong at ±1; mild at 0 (alternate the last game's colour);
    /// none before the first game.
    pub fn preference(&self) -> Preference {
        let cd = self.colour_difference();
        let Some(last) = self.colours.last().copied() else {
            return Preference {
                colour: None,
                strength: Strength::None,
            };
        };
        let (colour, strength) = if let Some(c) = self.repeated() {
            (c.opposite(), Strength::Absolute)
        } else if cd > 1 {
            (Colour::Black, Strength::Absolute)
        } else if cd < -1 {
            (Colour::White, Strength::Absolute)
        } else if cd == 1 {
            (Colour::Black, Strength::Strong)
        } else if cd == -1 {
            (Colour::White, Strength::Strong)
        } else {
            (last.opposite(), Strength::Mild)
        };
        Preference {
            colour: Some(colour),
            strength,
        }
    }

    /// The float received `back` rounds ago (1 = the previous round).
    pub fn float_back(&self, back: usize) -> Float {
        if back == 0 || back > self.floats.len() {
            return Float::None;
        }
        self.floats[self.floats.len() - back]
    }
}

/// The players of one round in the Dutch order (1.2: score, then pairing number); an index
/// into `players` is the player's rank.
#[derive(Clone, Debug)]
pub struct Context {
    pub players: Vec<Player>,
    pub prefs: Vec<Preference>,
    /// Topscorers (1.8): only when pairing the last round, a score over half the maximum.
    pub topscorer: Vec<bool>,
    pub round: u32,
    pub initial: Colour,
    /// The scores from the highest (scoregroups, 1.3.1).
    pub groups: Vec<u32>,
    /// Each player's effective pairing number (E.5): his place, from 1, among the players of
    /// this pairing and `RoundInput::others`, by pairing number.
    pub number: Vec<u32>,
}

impl Context {
    pub fn new(input: &RoundInput) -> Context {
        let mut players = input.players.clone();
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
        let prefs = players.iter().map(Player::preference).collect();
        let last = input.total_rounds > 0 && input.round >= input.total_rounds;
        let played = input.round.saturating_sub(1);
        let topscorer = players.iter().map(|p| last && p.score > played).collect();
        let mut groups: Vec<u32> = players.iter().map(|p| p.score).collect();
        groups.dedup();
        let number = players
            .iter()
            .map(|p| {
                let below = |id: &u32| *id < p.id;
                let counted = input.players.iter().map(|q| q.id).filter(below).count()
                    + input.others.iter().filter(|id| below(id)).count();
                counted as u32 + 1
            })
            .collect();
        Context {
            players,
            prefs,
            topscorer,
            round: input.round,
            initial: input.initial,
            groups,
            number,
        }
    }

    /// Whether `a` ranks above `b` (C.04.3 A.2: score, then pairing number), as E.4 and E.5
    /// read "the higher ranked player".
    pub fn ranks_above(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        (pb.score, pa.id) < (pa.score, pb.id)
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// C1: they have not met; C3: two non-topscorers with the same absolute colour
    /// preference do not meet.
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        if pa.opponents.contains(&pb.id) || pb.opponents.contains(&pa.id) {
            return false;
        }
        let (fa, fb) = (self.prefs[a], self.prefs[b]);
        !(fa.strength == Strength::Absolute
            && fb.strength == Strength::Absolute
            && fa.colour == fb.colour
            && !self.topscorer[a]
            && !self.topscorer[b])
    }
}
