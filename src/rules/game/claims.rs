//! Claims of the end of a game (§707, FIDE 9.2, 9.3): proved at once by the position or an
//! endgame tablebase, else forwarded to the opponent and the arbiter; a draw offered without
//! a move.

use shakmaty::{Color, Position};

use crate::rules::letter::{Command, Letter};
use crate::rules::model::{GameResult, Kind};
use crate::rules::notation;

use super::effects::{ClaimKind, Draft, Effect, Msg, ended_effects, win_for};
use super::record::{GameRecord, Role, Termination};

/// What an endgame tablebase says of the current position (§707.3), found by the shell (the
/// probe reads files) and passed in as data. Unlimited game length: a win the 50-move rule
/// would frustrate is still a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    WinFor(Color),
    Draw,
}

/// §707 / FIDE claims: settled at once where the bot can prove them, else forwarded.
pub(super) fn claim(
    rec: &GameRecord,
    next: &mut GameRecord,
    from: Color,
    win: bool,
    proof: Option<Proof>,
    explanation: &str,
    effects: &mut Vec<Effect>,
) {
    let pos = rec.position();
    // §707.3: a claim the tablebase proves ends the game at once.
    match (win, proof) {
        (true, Some(Proof::WinFor(c))) if c == from => {
            next.finish(win_for(from), Termination::Tablebase);
            ended_effects(effects, win_for(from), Termination::Tablebase);
            return;
        }
        (false, Some(Proof::Draw)) => {
            next.finish(GameResult::Draw, Termination::Tablebase);
            ended_effects(effects, GameResult::Draw, Termination::Tablebase);
            return;
        }
        _ => {}
    }
    if !win {
        let proven = if pos.is_insufficient_material() {
            Some(Termination::InsufficientMaterial)
        } else if rec.repetitions() >= 3 {
            Some(Termination::Repetition)
        } else if pos.halfmoves() >= 100 {
            Some(Termination::FiftyMoves)
        } else {
            None
        };
        if let Some(t) = proven {
            next.finish(GameResult::Draw, t);
            ended_effects(effects, GameResult::Draw, t);
            return;
        }
    }
    // §707.4: the opponent may agree — to a draw claim by accepting it as a draw offer, to a
    // win claim by resigning; otherwise the arbiter decides.
    if !win {
        next.draw_offer = Some(from);
    }
    let msg = Msg::Claim {
        claimant: Role::of(from),
        kind: if win { ClaimKind::Win } else { ClaimKind::Draw },
        explanation: explanation.trim().chars().take(4000).collect(),
        fen: rec.fen(),
        diagram: notation::diagram(&pos, rec.notation),
    };
    effects.push(Effect {
        to: Role::of(from.other()),
        kind: Kind::Decision,
        msg: msg.clone(),
    });
    effects.push(Effect {
        to: Role::Arbiter,
        kind: Kind::Decision,
        msg: msg.clone(),
    });
    effects.push(Effect {
        to: Role::of(from),
        kind: Kind::Ack,
        msg,
    });
}

/// A letter without a move: its claims (§707) and its draw offer.
pub(super) fn without_move(
    rec: &GameRecord,
    from: Color,
    letter: &Letter,
    proof: Option<Proof>,
    text: &str,
    draft: &mut Draft,
) {
    let sender = Role::of(from);
    let opponent = Role::of(from.other());
    let mut handled_claim = false;
    for c in &letter.commands {
        if matches!(c, Command::ClaimDraw | Command::ClaimWin) {
            handled_claim = true;
            claim(
                rec,
                &mut draft.next,
                from,
                *c == Command::ClaimWin,
                proof,
                text,
                &mut draft.effects,
            );
            draft.changed = true;
        }
        if *c == Command::OfferDraw && rec.to_move().is_some() {
            draft.next.draw_offer = Some(from);
            draft.changed = true;
            draft.effects.push(Effect {
                to: opponent,
                kind: Kind::Notice,
                msg: Msg::DrawOffer,
            });
            draft.effects.push(Effect {
                to: sender,
                kind: Kind::Ack,
                msg: Msg::DrawOffer,
            });
        }
    }
    let _ = handled_claim;
}
