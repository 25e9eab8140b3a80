//! One game: its official record, and the transitions a letter, the daily tick or an arbiter's
//! decision cause. `handle_letter(record, from, text, today)` → the new record (or none:
//! a refused transition leaves the state unchanged) and the effects to carry out.
//!
//! # Layout
//! One file a concept, each opening with the articles it enforces:
//! - `record`   the record, its replay and accessors (Art. 24: White's time from the start)
//! - `effects`  messages, effects, requests and `Handled`, as data; the shared builders
//! - `dispatch` `handle_letter` and its kin: the routing of a letter, nothing decided there
//! - `commands` resignation, draws, delay notice (Art. 25), leave (Art. 44), variant declined
//! - `moves`    a move letter accepted or refused (Art. 7–22), the official figures of Art. 9 В
//! - `variant`  conditional lines (Art. 10, 32)
//! - `claims`   §707 claims, draws by rule (FIDE 9.2, 9.3), the tablebase's proof, draw offers
//! - `post`     `post` mode's dates from the players' reports (Art. 23 А; RULES.md §2, §3)
//! - `overstep` overstep claims filed, admitted, objected to, withdrawn, decided (Art. 33–40)
//! - `daily`    the daily tick (`handle_tick`) and the next day it is due (`next_due`)
//! - `end`      the end of the tournament and adjudication (Art. 49, 51–55)
//! - `extension` the end date extended (Art. 50)
//! - `import`   a game in progress brought in from another record, its clocks rebuilt (§3)
//! - `roster`   a player withdrawn, removed or replaced (Art. 47–48)
//! - `sanction` the arbiter's sanctions and their appeal (Art. 56–57)

mod claims;
mod commands;
mod daily;
mod decision;
mod dispatch;
mod effects;
mod end;
mod extension;
mod import;
mod moves;
mod overstep;
mod post;
mod record;
mod roster;
mod sanction;
mod variant;

pub use claims::Proof;
pub use commands::leave_applied;
pub use daily::{
    PausedTick, handle_tick, next_due, next_due_paused, sweeps_alone_from, tick_in_place,
    tick_paused,
};
pub use decision::{
    Action, Applied, Done, ExtensionRefusal, GameRefusal, Outcome, Refused, ReplacementRefusal,
    StageRefusal,
};
pub use dispatch::{
    CaptainLetter, LetterFacts, handle_captain_letter, handle_letter, handle_letter_with,
    handle_player_letter, handle_read_letter,
};
pub use effects::{
    AdjudicationStage, Change, ClaimKind, ClaimRefusal, Effect, Handled, Msg, PenaltyReason,
    PlayerAct, Refusal, Remarks, Request, Ruling, Told,
};
pub use end::{
    ADJUDICATOR_DAYS, APPEAL_DAYS, AdjudicationDeadlines, END_REMINDER_DAYS, PROPOSAL_DAYS,
    adjudicate, end_in_sight, handle_end, set_result, start_adjudication,
};
pub use extension::{
    EXTENSION_MONTHS, Extension, end_in_force, extend_end_date, extend_end_date_from,
    extension_periods,
};
pub use import::{
    Dated, Disagreement, FactError, GameFacts, ImportError, ImportedLeave, ImportedMove,
    ImportedOverstep, ImportedPenalty, MoveAt, Rebuilt, Receipt, Side, first_tick_claim, rebuild,
};
pub use overstep::decide_claim;
pub use post::switch_to_post;
pub use record::{
    Adjudication, Deadlines, GameRecord, GameRound, MoveLine, Role, Status, Termination, Variant,
};
pub use roster::{
    REPLACEMENT_DAYS, ReplacementFacts, counts_for_standings, remove, removed_from, replace,
    replace_player, replacement_allowed, withdraw,
};
pub use sanction::{arbiter_penalty, declare_overstep, exclude, forfeit};

#[cfg(test)]
mod tests;
