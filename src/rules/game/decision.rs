//! The arbiter's decisions as data (Art. 6 В, 38, 43, 47–48, 50, 53, 56; RULES.md §3): what a
//! command did, or why it was refused, with the facts as fields. The shell carries a decision
//! out and words it in the arbiter's language (`mail::render::transcript`: the ✓ / ✗ lines).

use shakmaty::Color;

use crate::rules::arbiter::CommandError;
use crate::rules::clock::ClockError;
use crate::rules::leave::LeaveError;
use crate::rules::model::{Day, GameResult};

/// What a decision did to one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Art. 38.
    ClaimConfirmed,
    ClaimRejected,
    /// Art. 56 (or the article its reason cites); negative days take a penalty back.
    Penalty {
        color: Color,
        days: i32,
        reason: String,
    },
    /// Art. 56: the result the forfeit gives.
    Forfeit {
        result: Option<GameResult>,
    },
    /// Art. 53 or 56: a result set by the arbiter.
    Result {
        result: GameResult,
    },
    /// Art. 6 В.
    SwitchedToPost,
    /// Art. 56: an overstep declared as a sanction.
    OverstepDeclared,
    /// Art. 47 А: the player never moved, removed from the tournament.
    Removed,
    /// Art. 48: illness or death, the game adjudicated.
    ToAdjudication,
    /// Art. 47 А.
    LostByWithdrawal,
    /// Art. 56.
    ForfeitByExclusion,
    /// Art. 47 Б.
    Replaced {
        old: String,
        new: String,
    },
}

/// One game's part in a decision: the game, what was done, the article it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub game: String,
    pub action: Action,
    /// `47`, `47 Б`, `56` …
    pub article: String,
}

/// What an arbiter's command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// A decision on one game.
    Game(Applied),
    /// Art. 47 А, 48: the player withdrawn; each of his games' part (none: no unfinished game).
    Withdrawn { player: String, games: Vec<Applied> },
    /// Art. 56: the player excluded.
    Excluded { player: String, games: Vec<Applied> },
    /// Art. 47 Б: the player replaced in his unfinished games.
    Replaced { old: String, games: Vec<Applied> },
    /// Art. 43.
    SpecialLeave { player: String, from: Day, to: Day },
    /// RULES.md §3: the bounced move sent again.
    Resent { game: String, to: String },
    /// Art. 50: the figures the extension was granted on.
    Extended {
        tournament: String,
        to: Day,
        finished: usize,
        games: usize,
        /// Per cent of the counted games finished, rounded.
        share: u32,
    },
    /// RULES.md §12a: a round paired (`pair`), a round's pairing taken back (`unpair`), a
    /// requested bye recorded (`bye`).
    RoundPaired {
        tournament: String,
        round: u32,
        games: usize,
        byes: usize,
    },
    RoundUnpaired {
        tournament: String,
        round: u32,
        games: usize,
    },
    ByeRequested {
        player: String,
        tournament: String,
        round: u32,
    },
}

/// Why a decision on one game changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRefusal {
    /// The decision leaves the record as it is.
    NothingToChange,
    /// Art. 38: no claim awaits a decision.
    NoPendingClaim,
    /// Art. 33–39: the claim's state does not allow it.
    Claim(ClockError),
    /// Art. 6 В: one switch to post only.
    AlreadyPost,
    Finished,
    /// RULES.md §3: nothing waits to be sent again.
    NoBouncedMove,
    BouncedMessageGone,
}

/// Why Art. 50 refuses an extension of the end date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtensionRefusal {
    /// The new end must lie after `end` and at most 6 months after `configured` (`limit`).
    OutOfRange {
        end: Day,
        configured: Day,
        limit: Day,
    },
    /// 91 % or more of the games are finished.
    MostlyFinished { share: u32 },
    /// Announced less than 30 days before the end date `end`.
    TooLate { end: Day },
    /// The winner is decided already.
    WinnerDecided {
        finished: usize,
        games: usize,
        share: u32,
    },
}

/// Why Art. 47 Б refuses a replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplacementRefusal {
    /// The new player is not registered in the tournament.
    NotRegistered { new: String, tournament: String },
    /// Replacements are for team sections only.
    NotTeamSection,
    /// The new player plays for another team.
    OtherTeam { new: String },
}

/// Why an arbiter's command was not carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The line names no command.
    NotACommand {
        line: String,
    },
    /// A command word with arguments that do not parse.
    Command(CommandError),
    /// No such game in the arbiter's tournaments.
    NoGame {
        game: String,
    },
    NoTournament {
        tournament: String,
    },
    NotRegistered {
        player: String,
    },
    PlaysNoGame {
        player: String,
    },
    InGame {
        game: String,
        why: GameRefusal,
    },
    Extension(ExtensionRefusal),
    Replacement(ReplacementRefusal),
    /// Art. 41–45.
    Leave(LeaveError),
    /// RULES.md §12a: the commands of a tournament in stages.
    Stage(StageRefusal),
}

pub use crate::rules::stage::StageRefusal;

/// One command's outcome.
pub type Outcome = Result<Done, Refused>;
