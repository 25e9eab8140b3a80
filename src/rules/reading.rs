//! Interim move reader: finds moves written in full from-to notation (`e2-e4`, `Кg1-f3`,
//! `0-0`) and resolves them in the position. It is replaced by `notation` + `letter` +
//! `verdict` (issue 3); until then it gives the loop a legal/illegal decision.

use regex::Regex;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};
use std::sync::LazyLock;

use super::model::Notation;

/// What the interim reader found in a letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A legal move.
    Legal { mv: Move, written: String },
    /// A move written in full notation that is illegal here (Art. 14).
    Impossible { written: String },
    /// No move token at all.
    NoMove,
}

static TOKEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?P<castle>\b[0OО]\s*-\s*[0OО](?:\s*-\s*[0OО])?\b)
        |
        (?P<piece>Кр|[ЦДТОКФЛСZDTOKQRBNLS])?
        (?P<from>[a-hасе][1-8])\s*[-–—:x×]\s*(?P<to>[a-hасе][1-8])
        (?:[\ \t]*[=/(]?[\ \t]*(?P<promo>[ДТОКФЛСDTOKQRBNLS])\b)?",
    )
    .expect("valid regex")
});

fn square(s: &str) -> Option<Square> {
    let s: String = s
        .chars()
        .map(|c| match c {
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            c => c,
        })
        .collect();
    s.parse().ok()
}

fn promotion(c: &str, notation: Notation) -> Option<Role> {
    Some(match (c, notation) {
        ("Д" | "D", Notation::Bg | Notation::De) | ("Ф" | "Q", _) => Role::Queen,
        ("Т" | "T", _) | ("Л" | "R", _) => Role::Rook,
        ("О" | "O", Notation::Bg) | ("С" | "B", _) | ("L", Notation::De) => Role::Bishop,
        ("К" | "K", Notation::Bg | Notation::Ru) | ("N", _) | ("S", Notation::De) => Role::Knight,
        _ => return None,
    })
}

/// Reads the first move token of `text` and resolves it in `pos`.
pub fn read_first_move(text: &str, pos: &Chess, notation: Notation) -> Reading {
    let Some(c) = TOKEN.captures(text) else {
        return Reading::NoMove;
    };
    let written = c.get(0).map_or("", |m| m.as_str()).trim().to_string();
    if let Some(castle) = c.name("castle") {
        let long = castle
            .as_str()
            .chars()
            .filter(|ch| matches!(ch, '0' | 'O' | 'О'))
            .count()
            == 3;
        let side = if long {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        };
        let found = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.castling_side() == Some(side));
        return match found {
            Some(mv) => Reading::Legal { mv, written },
            None => Reading::Impossible { written },
        };
    }
    let (Some(from), Some(to)) = (
        c.name("from").and_then(|m| square(m.as_str())),
        c.name("to").and_then(|m| square(m.as_str())),
    ) else {
        return Reading::NoMove;
    };
    let promo = c
        .name("promo")
        .and_then(|m| promotion(m.as_str(), notation));
    let uci = UciMove::Normal {
        from,
        to,
        promotion: promo,
    };
    match uci.to_move(pos) {
        Ok(mv) => Reading::Legal { mv, written },
        Err(_) => {
            // A pawn reaching the last rank without a piece named: queen (the usual intent).
            let queen = UciMove::Normal {
                from,
                to,
                promotion: Some(Role::Queen),
            };
            match (promo, queen.to_move(pos)) {
                (None, Ok(mv)) => Reading::Legal { mv, written },
                _ => Reading::Impossible { written },
            }
        }
    }
}

/// Renders a move in the notation's full from-to form (interim; `notation::render_full`).
pub fn render_full(pos: &Chess, mv: &Move, notation: Notation) -> String {
    if let Some(side) = mv.castling_side() {
        return if side == CastlingSide::KingSide {
            "0-0".into()
        } else {
            "0-0-0".into()
        };
    }
    let letter = |r: Role| -> &'static str {
        match (notation, r) {
            (_, Role::Pawn) => "",
            (Notation::Bg, Role::King) => "Ц",
            (Notation::Bg, Role::Queen) => "Д",
            (Notation::Bg, Role::Rook) => "Т",
            (Notation::Bg, Role::Bishop) => "О",
            (Notation::Bg, Role::Knight) => "К",
            (Notation::Ru, Role::King) => "Кр",
            (Notation::Ru, Role::Queen) => "Ф",
            (Notation::Ru, Role::Rook) => "Л",
            (Notation::Ru, Role::Bishop) => "С",
            (Notation::Ru, Role::Knight) => "К",
            (Notation::En, Role::King) | (Notation::De, Role::King) => "K",
            (Notation::En, Role::Queen) => "Q",
            (Notation::De, Role::Queen) => "D",
            (Notation::En, Role::Rook) => "R",
            (Notation::De, Role::Rook) => "T",
            (Notation::En, Role::Bishop) => "B",
            (Notation::De, Role::Bishop) => "L",
            (Notation::En, Role::Knight) => "N",
            (Notation::De, Role::Knight) => "S",
        }
    };
    let from = mv.from().map(|s| s.to_string()).unwrap_or_default();
    let sep = if mv.is_capture() {
        if matches!(notation, Notation::Bg | Notation::Ru) {
            ":"
        } else {
            "x"
        }
    } else {
        "-"
    };
    let promo = mv.promotion().map(letter).unwrap_or("");
    let _ = pos;
    format!("{}{}{}{}{}", letter(mv.role()), from, sep, mv.to(), promo)
}
