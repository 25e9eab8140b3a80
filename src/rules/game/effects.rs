//! What the core hands the shell, as data: the messages (`Msg`) and to whom (`Effect`), the
//! requests beyond messages, and `Handled` — the new record or none (a refused transition
//! leaves the state unchanged). The small builders every article's code shares are here too.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::rules::model::{Day, GameResult, Kind};
use crate::rules::tick::ClockNotice;

use super::record::{GameRecord, MoveLine, Role, Termination};

/// What an adjudication message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdjudicationStage {
    /// The players are asked for their proposals (Art. 52).
    Ask,
    /// A player's proposal is recorded.
    Recorded,
    /// The proposals differ or are missing: the material goes to the adjudicator (Art. 53).
    ToAdjudicator,
    /// The adjudicator's 15 days have run out without a decision (Art. 53): a reminder.
    Overdue,
}
/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// Art. 14: illegal in the position.
    Impossible,
    /// Art. 15: the opponent's last move repeated wrongly.
    Incorrect,
    /// Art. 16: unreadable, or naming no single move.
    Unclear,
}

impl Refusal {
    pub fn article(self) -> u32 {
        match self {
            Refusal::Impossible => 14,
            Refusal::Incorrect => 15,
            Refusal::Unclear => 16,
        }
    }
}
/// What an accepted letter lacked or got wrong (Art. 7 note 2, Art. 9 Б, В).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remarks {
    /// Short notation was used (Art. 7 note 2).
    pub short: bool,
    /// Required items not written: the rule book's letters (Б, Г, Д, Е, Ж, З).
    pub missing: Vec<char>,
    /// Items written wrongly: (item letter, as written, the official figure).
    pub wrong: Vec<(char, String, String)>,
    /// Wrong move numbers: (as written, correct).
    pub wrong_numbers: Vec<(String, String)>,
    /// The conditional line offered, in full notation, or where it stopped being readable.
    pub line: Vec<String>,
    pub line_error: Option<String>,
}

impl Remarks {
    pub fn is_empty(&self) -> bool {
        !self.short
            && self.missing.is_empty()
            && self.wrong.is_empty()
            && self.wrong_numbers.is_empty()
    }
}
/// A claim of §707 / FIDE that the bot could not settle itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimKind {
    Win,
    Draw,
}
/// The content of a message, rendered in the recipient's language by the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Msg {
    /// To the sender: his move(s) are recorded.
    Ack {
        moves: Vec<MoveLine>,
        remarks: Remarks,
        draw_offered: bool,
    },
    /// To the opponent: the move(s) to answer.
    Forward {
        moves: Vec<MoveLine>,
        draw_offered: bool,
        line_offered: bool,
    },
    /// To the sender (copy arbiter): the move is refused, nothing played.
    Refused {
        refusal: Refusal,
        written: String,
        penalty_days: u32,
        transport_fault: bool,
        expected_repeat: Option<String>,
        piece_moves: Vec<String>,
        nearest: Vec<String>,
        diagram: String,
    },
    /// No move and no command found.
    NoMove,
    /// A move while it is the opponent's turn.
    NotYourTurn,
    /// A letter about a finished game.
    GameOver,
    /// The game ended.
    Ended {
        result: GameResult,
        termination: Termination,
    },
    /// The opponent offers a draw (without a move).
    DrawOffer,
    /// The draw offer was declined.
    DrawDeclined,
    /// `accept draw` with no offer pending.
    NoDrawOffer,
    /// A delay notice (Art. 25), forwarded to the opponent; to the sender, its receipt.
    DelayNotice { from_sender: bool },
    /// A claim forwarded to the opponent and the arbiter (§707.2), or refused as unfounded.
    Claim {
        claimant: Role,
        kind: ClaimKind,
        explanation: String,
        fen: String,
        diagram: String,
    },
    /// A clock notice of the daily tick (silence, overstep claim …).
    Clock(Box<ClockNotice>),
    /// Penalty days put on the clock by the arbiter or a rule.
    Penalty {
        color: Role,
        days: i32,
        article: String,
        reason: PenaltyReason,
    },
    /// A decision on an overstep claim (the arbiter's or a player's word), or a notice to the
    /// arbiter.
    Decision(Ruling),
    /// The bot has recorded an explicit `decline` of the opponent's variant.
    VariantDeclined,
    /// A player's leave (Art. 44; special leave Art. 43): every game of his pauses.
    Leave {
        who: Role,
        from: Day,
        to: Day,
        special: bool,
    },
    /// A leave request refused, with the rule's reason.
    LeaveRefused(crate::rules::leave::LeaveError),
    /// A decision or refusal of the rules, as data: the shell words it in the recipient's
    /// language (issue 10 item 6: no sentence is written in the core).
    Told(Told),
    /// The letter reads two ways with different own moves (RULES.md §4): the candidates,
    /// numbered, in the game's notation; nothing changed, nothing charged, which is meant?
    TwoReadings { moves: Vec<String> },
    /// A move while the game waits for the arbiter's decision (Art. 37): nothing is judged,
    /// nothing changed, no penalty.
    AwaitingArbiter,
    /// `post`: the receiver's reported postmark (Г) differs from the sender's declared sending
    /// date (Е); the postmark stands (RULES.md §3), both players and the arbiter are told.
    DateDisagreement {
        number: u32,
        mover: Role,
        declared: Day,
        reported: Day,
    },
    /// End of tournament (Art. 52–55): proposals asked, recorded, or sent to the adjudicator.
    Adjudication {
        stage: AdjudicationStage,
        deadline: Day,
        /// White's and Black's proposals with their words (Art. 52), `None`: none yet.
        proposals: [Option<(GameResult, String)>; 2],
        score: String,
        diagram: String,
    },
}
/// A decision on an overstep (Art. 33–40, 56), or a notice to the arbiter, as data: the shell
/// words it in the recipient's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ruling {
    /// Art. 36: the arbiter confirmed the overstep claim (its index in the clock's list).
    ClaimConfirmed { claim: usize },
    /// Art. 36: the arbiter rejected the overstep claim.
    ClaimRejected { claim: usize },
    /// Art. 56: the arbiter declared an overstep as a sanction.
    OverstepDeclared {
        #[serde(with = "crate::rules::model::color_serde")]
        against: Color,
    },
    /// A player's claim word acted on (Art. 33–39).
    ByPlayer {
        act: PlayerAct,
        #[serde(with = "crate::rules::model::color_serde")]
        by: Color,
    },
    /// Art. 18: the player keeps writing short notation after `warnings` warnings.
    ShortNotation { warnings: u32 },
}

/// Why penalty days were put on a clock, as told in a letter: the arbiter's own words, or a
/// rule's reason that the shell words in the recipient's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PenaltyReason {
    /// The arbiter's reason, in his own words (Art. 56).
    Words(String),
    /// Art. 10: a declined variant played out move by move.
    DeclinedVariantPlayed,
}

/// What a player's claim word did (Art. 33–39).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerAct {
    /// He claims his opponent's overstep (Art. 33).
    ClaimFiled,
    /// He admits the overstep claimed against him (Art. 35).
    Admitted,
    /// He objects to a confirmed overstep (Art. 39).
    Objection,
    /// He withdraws his own claim (Art. 34).
    Withdrawn,
}

/// A message the core asks the shell to send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    pub to: Role,
    pub kind: Kind,
    pub msg: Msg,
}
/// A request the core makes of the shell beyond messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The player asked for leave (Art. 44): the shell checks it against his leave book,
    /// which spans all his games.
    Leave { color: Color, from: Day, to: Day },
    /// Art. 46: a move during leave ended it in this game; the shell stores the player's
    /// leave book as it now stands.
    LeaveEnded {
        color: Color,
        book: crate::rules::leave::LeaveBook,
    },
}
/// The rules' decisions and refusals that are told in words (see [`Msg::Told`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Told {
    /// Art. 50: the end date extended; `finished` of `games` were finished.
    EndDateExtended {
        tournament: String,
        to: Day,
        finished: usize,
        games: usize,
    },
    /// Art. 57: the 7 days for appealing the sanction of `sanctioned` ended on `ended`.
    SanctionAppealLate { sanctioned: Day, ended: Day },
    /// Art. 57: a player appeals a sanction to the Board.
    SanctionAppealed {
        #[serde(with = "crate::rules::model::color_serde")]
        by: Color,
        sanctioned: Day,
        days: i32,
        article: String,
        reason: String,
    },
    /// Art. 52 note 2: no proposal within the 15 days, so no right of appeal.
    NoAppealWithoutProposal,
    /// Art. 55: the 7 days for appealing the adjudication ended on `ended`.
    AdjudicationAppealLate { ended: Day },
    /// Art. 55: there is no adjudication decision yet.
    NoAdjudicationYet,
    /// Art. 55: the second adjudicator has decided; his decision is final.
    AdjudicationFinal,
    /// A player's overstep claim, admission, objection or withdrawal refused (Art. 33–39).
    ClaimRefused(ClaimRefusal),
    /// Art. 6 В: from `on` the game is played by post; the clocks continue.
    SwitchedToPost { on: Day },
    /// Art. 47 А: a player withdrew without ever moving; his games end without a result.
    RemovedNeverMoved,
    /// Art. 47 Б: the withdrawn player `old` replaced by `new` in this game.
    PlayerReplaced { old: String, new: String },
    /// Art. 51 (`post`): the score is due by the end date `end`, or both players lose.
    ScoreDueByEndDate { end: Day },
    /// `post`: the receiver's report of the day he received the opponent's move, recorded.
    ReceiptRecorded { day: Day },
    /// Art. 55: a player appeals the adjudication; the second adjudicator decides, finally.
    AdjudicationAppealed {
        #[serde(with = "crate::rules::model::color_serde")]
        by: Color,
        game: String,
    },
}

/// Why a player's word about an overstep changed nothing (Art. 33–39).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimRefusal {
    /// An admission with no claim against him pending.
    NothingToAdmit,
    /// An objection with no confirmed overstep of his.
    NothingToObject,
    /// A withdrawal with no claim of his pending.
    NothingToWithdraw,
    /// The clock's own refusal.
    Clock(crate::rules::clock::ClockError),
}

/// What handling an event produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Handled {
    /// The new record; `None` when nothing changed.
    pub record: Option<GameRecord>,
    pub effects: Vec<Effect>,
    pub requests: Vec<Request>,
}

impl Handled {
    pub(super) fn unchanged(effects: Vec<Effect>) -> Handled {
        Handled {
            record: None,
            effects,
            requests: Vec::new(),
        }
    }

    pub(super) fn changed(record: GameRecord, effects: Vec<Effect>) -> Handled {
        Handled {
            record: Some(record),
            effects,
            requests: Vec::new(),
        }
    }
}
/// The same message to both players and the arbiter.
pub(super) fn tell_all(kind: Kind, msg: &Msg) -> Vec<Effect> {
    [Role::White, Role::Black, Role::Arbiter]
        .into_iter()
        .map(|to| Effect {
            to,
            kind,
            msg: msg.clone(),
        })
        .collect()
}
pub(super) fn win_for(c: Color) -> GameResult {
    if c == Color::White {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}
pub(super) fn ended_effects(
    effects: &mut Vec<Effect>,
    result: GameResult,
    termination: Termination,
) {
    for to in [Role::White, Role::Black, Role::Arbiter] {
        effects.push(Effect {
            to,
            kind: Kind::GameOver,
            msg: Msg::Ended {
                result,
                termination,
            },
        });
    }
}

/// A letter's transition while it is worked out: the record as changed so far, the effects and
/// requests gathered, and whether the letter's commands changed the record.
pub(super) struct Draft {
    pub(super) next: GameRecord,
    pub(super) effects: Vec<Effect>,
    pub(super) requests: Vec<Request>,
    pub(super) changed: bool,
}

impl Draft {
    pub(super) fn new(rec: &GameRecord) -> Draft {
        Draft {
            next: rec.clone(),
            effects: Vec::new(),
            requests: Vec::new(),
            changed: false,
        }
    }

    /// The new record, whatever the commands did (a move was played or refused).
    pub(super) fn played(self) -> Handled {
        Handled {
            record: Some(self.next),
            effects: self.effects,
            requests: self.requests,
        }
    }

    /// The new record only when the letter's commands changed it.
    pub(super) fn if_changed(self) -> Handled {
        Handled {
            record: self.changed.then_some(self.next),
            effects: self.effects,
            requests: self.requests,
        }
    }
}

/// One game's part in an arbiter's decision over several games (a withdrawal, an exclusion):
/// the transition, what it is called, and the article it applies.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub handled: Handled,
    pub what: super::decision::Action,
    pub article: &'static str,
}
