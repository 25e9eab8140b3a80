//! The arbiter's command transcript: one line a command, `✓` and what was done or `✗` and why
//! not, worded from the core's decisions (`rules::game::{Done, Refused}`) in the arbiter's
//! language. The game log records the same words in English.

use shakmaty::Color;

use crate::mail::texts::{Key, fill, text as tr};
use crate::rules::game::{
    Action, Applied, Done, ExtensionRefusal, GameRefusal, Outcome, Refused, ReplacementRefusal,
    StageRefusal,
};
use crate::rules::model::Lang;
use crate::rules::stage::import::ImportError;

use super::{clock_refused, date, decisions::leave_refused};

/// One command's line: `✓ …` or `✗ …`.
pub fn line(lang: Lang, outcome: &Outcome) -> String {
    match outcome {
        Ok(d) => format!("✓ {}", done(lang, d)),
        Err(why) => format!("✗ {}", refused(lang, why)),
    }
}

/// What one decision did to a game, in words.
pub fn action(lang: Lang, a: &Action) -> String {
    let key = match a {
        Action::ClaimConfirmed => Key::CmdClaimConfirmed,
        Action::ClaimRejected => Key::CmdClaimRejected,
        Action::Penalty {
            color,
            days,
            reason,
        } => {
            let side = tr(
                lang,
                if *color == Color::White {
                    Key::White
                } else {
                    Key::Black
                },
            );
            return fill(
                lang,
                Key::CmdPenalty,
                &[
                    ("days", &format!("{days:+}")),
                    ("side", &side),
                    ("reason", reason),
                ],
            );
        }
        Action::Forfeit { result } => {
            let result = result.map_or("", |r| r.pgn());
            return fill(lang, Key::CmdForfeit, &[("result", &result)]);
        }
        Action::Result { result } => {
            return fill(lang, Key::CmdResult, &[("result", &result.pgn())]);
        }
        Action::SwitchedToPost => Key::CmdSwitchedToPost,
        Action::OverstepDeclared => Key::CmdOverstepDeclared,
        Action::Removed => Key::CmdRemoved,
        Action::ToAdjudication => Key::CmdToAdjudication,
        Action::LostByWithdrawal => Key::CmdLostByWithdrawal,
        Action::ForfeitByExclusion => Key::CmdForfeitByExclusion,
        Action::Replaced { old, new } => {
            return fill(lang, Key::CmdReplaced, &[("old", old), ("new", new)]);
        }
    };
    tr(lang, key).to_string()
}

fn applied(lang: Lang, a: &Applied) -> String {
    fill(
        lang,
        Key::CmdApplied,
        &[
            ("game", &a.game),
            ("what", &action(lang, &a.action)),
            ("article", &a.article),
        ],
    )
}

/// The games' parts joined, or "no unfinished game".
fn games(lang: Lang, games: &[Applied]) -> String {
    if games.is_empty() {
        tr(lang, Key::CmdNoUnfinishedGame).to_string()
    } else {
        games
            .iter()
            .map(|a| applied(lang, a))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// What a command did, in words.
pub fn done(lang: Lang, d: &Done) -> String {
    match d {
        Done::Game(a) => applied(lang, a),
        Done::Withdrawn { player, games: g } => fill(
            lang,
            Key::CmdWithdrawn,
            &[("player", player), ("done", &games(lang, g))],
        ),
        Done::Excluded { player, games: g } => fill(
            lang,
            Key::CmdExcluded,
            &[("player", player), ("done", &games(lang, g))],
        ),
        Done::Replaced { old, games: g } if g.is_empty() => {
            fill(lang, Key::CmdNoUnfinishedGameOf, &[("player", old)])
        }
        Done::Replaced { games: g, .. } => games(lang, g),
        Done::SpecialLeave { player, from, to } => fill(
            lang,
            Key::CmdSpecialLeave,
            &[
                ("player", player),
                ("from", &date(*from)),
                ("to", &date(*to)),
            ],
        ),
        Done::Resent { game, to } => fill(lang, Key::CmdResent, &[("game", game), ("to", to)]),
        Done::Extended {
            tournament,
            to,
            finished,
            games,
            share,
        } => fill(
            lang,
            Key::CmdExtended,
            &[
                ("tournament", tournament),
                ("to", &date(*to)),
                ("finished", finished),
                ("games", games),
                ("share", share),
            ],
        ),
        Done::RoundPaired {
            tournament,
            round,
            games,
            byes,
        } => fill(
            lang,
            Key::CmdRoundPaired,
            &[
                ("tournament", tournament),
                ("round", round),
                ("games", games),
                ("byes", byes),
            ],
        ),
        Done::RoundUnpaired {
            tournament,
            round,
            games,
        } => fill(
            lang,
            Key::CmdRoundUnpaired,
            &[
                ("tournament", tournament),
                ("round", round),
                ("games", games),
            ],
        ),
        Done::ByeRequested {
            player,
            tournament,
            round,
        } => fill(
            lang,
            Key::CmdByeRequested,
            &[
                ("player", player),
                ("tournament", tournament),
                ("round", round),
            ],
        ),
    }
}

/// Why a command for a tournament in stages was refused (RULES.md §12a).
fn stage_refused(lang: Lang, r: &StageRefusal) -> String {
    match r {
        StageRefusal::NotStaged { tournament } => {
            fill(lang, Key::CmdNotStaged, &[("tournament", tournament)])
        }
        StageRefusal::NoRoundDue { tournament } => {
            fill(lang, Key::CmdNoRoundDue, &[("tournament", tournament)])
        }
        StageRefusal::AppealOpen {
            tournament,
            round,
            until: Some(until),
        } => fill(
            lang,
            Key::CmdAppealOpenUntil,
            &[
                ("tournament", tournament),
                ("round", &round.to_string()),
                ("until", &until.to_string()),
            ],
        ),
        StageRefusal::AppealOpen {
            tournament,
            round,
            until: None,
        } => fill(
            lang,
            Key::CmdAppealPending,
            &[("tournament", tournament), ("round", &round.to_string())],
        ),
        StageRefusal::NotLastRound { tournament, round } => fill(
            lang,
            Key::CmdNotLastRound,
            &[("tournament", tournament), ("round", round)],
        ),
        StageRefusal::RoundBegun { game, round } => fill(
            lang,
            Key::CmdRoundBegun,
            &[("game", game), ("round", round)],
        ),
        StageRefusal::NotInSwiss { player } => {
            fill(lang, Key::CmdNotInSwiss, &[("player", player)])
        }
        StageRefusal::ByesNotAllowed { tournament } => {
            fill(lang, Key::CmdByesNotAllowed, &[("tournament", tournament)])
        }
        StageRefusal::ByeRound { round, first, last } => fill(
            lang,
            Key::CmdByeRound,
            &[("round", round), ("first", first), ("last", last)],
        ),
        StageRefusal::NoPairingsAttached { tournament } => fill(
            lang,
            Key::CmdNoPairingsAttached,
            &[("tournament", tournament)],
        ),
        StageRefusal::PairingsRefused { tournament, why } => fill(
            lang,
            Key::CmdPairingsRefused,
            &[
                ("tournament", tournament),
                ("why", &import_refused(lang, why)),
            ],
        ),
    }
}

/// Why the next round of a tournament in stages could not be made, in words.
pub fn stage_error(lang: Lang, e: &crate::rules::stage::StageError) -> String {
    use crate::rules::dutch::PairError;
    use crate::rules::stage::StageError;
    match e {
        StageError::Pairing {
            round,
            why: PairError::NoPairing,
        } => fill(lang, Key::StageErrNoPairing, &[("round", round)]),
        StageError::Pairing {
            round,
            why: PairError::DuplicateId(number),
        } => fill(
            lang,
            Key::StageErrDuplicate,
            &[("round", round), ("number", number)],
        ),
        StageError::TopTooLarge { top, have } => fill(
            lang,
            Key::StageErrTopTooLarge,
            &[("top", top), ("have", have)],
        ),
    }
}

/// Why another program's pairings fail the check (§709.1), in words.
fn import_refused(lang: Lang, e: &ImportError) -> String {
    match e {
        ImportError::NotSwiss => fill(lang, Key::ImpNotSwiss, &[]),
        ImportError::Unfinished(round) => fill(lang, Key::ImpUnfinished, &[("round", round)]),
        ImportError::AppealOpen {
            round,
            until: Some(until),
        } => fill(
            lang,
            Key::ImpAppealOpenUntil,
            &[("round", round), ("until", until)],
        ),
        ImportError::AppealOpen { round, until: None } => {
            fill(lang, Key::ImpAppealPending, &[("round", round)])
        }
        ImportError::AllPaired(rounds) => fill(lang, Key::ImpAllPaired, &[("rounds", rounds)]),
        ImportError::BadLine { line, text } => {
            fill(lang, Key::ImpBadLine, &[("line", line), ("text", text)])
        }
        ImportError::Count { said, found } => {
            fill(lang, Key::ImpCount, &[("said", said), ("found", found)])
        }
        ImportError::Unknown { line, number } => {
            fill(lang, Key::ImpUnknown, &[("line", line), ("number", number)])
        }
        ImportError::Twice { line, number } => {
            fill(lang, Key::ImpTwice, &[("line", line), ("number", number)])
        }
        ImportError::Absent { line, number } => {
            fill(lang, Key::ImpAbsent, &[("line", line), ("number", number)])
        }
        ImportError::Rematch { line, white, black } => fill(
            lang,
            Key::ImpRematch,
            &[("line", line), ("white", white), ("black", black)],
        ),
        ImportError::ByeAgain { line, number } => fill(
            lang,
            Key::ImpByeAgain,
            &[("line", line), ("number", number)],
        ),
        ImportError::Missing(numbers) => {
            let list = numbers
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            fill(lang, Key::ImpMissing, &[("numbers", &list)])
        }
        ImportError::SecondBye { line } => fill(lang, Key::ImpSecondBye, &[("line", line)]),
    }
}

/// Why a command was not carried out, in words.
pub fn refused(lang: Lang, r: &Refused) -> String {
    match r {
        Refused::NotACommand { line } => fill(lang, Key::CmdNotACommand, &[("line", line)]),
        Refused::Command(e) => fill(
            lang,
            Key::CmdExpected,
            &[("line", &e.line), ("usage", &e.usage)],
        ),
        Refused::NoGame { game } => fill(lang, Key::CmdNoGame, &[("game", game)]),
        Refused::NoTournament { tournament } => {
            fill(lang, Key::CmdNoTournament, &[("tournament", tournament)])
        }
        Refused::NotRegistered { player } => {
            fill(lang, Key::CmdNotRegistered, &[("player", player)])
        }
        Refused::PlaysNoGame { player } => fill(lang, Key::CmdPlaysNoGame, &[("player", player)]),
        Refused::InGame { game, why } => format!("{game}: {}", in_game(lang, why)),
        Refused::Extension(why) => extension(lang, why),
        Refused::Replacement(why) => replacement(lang, why),
        Refused::Leave(why) => leave_refused(lang, why),
        Refused::Stage(why) => stage_refused(lang, why),
    }
}

fn in_game(lang: Lang, why: &GameRefusal) -> String {
    let key = match why {
        GameRefusal::Claim(e) => return clock_refused(lang, e),
        GameRefusal::NothingToChange => Key::CmdNothingToChange,
        GameRefusal::NoPendingClaim => Key::CmdNoPendingClaim,
        GameRefusal::AlreadyPost => Key::CmdAlreadyPost,
        GameRefusal::Finished => Key::CmdGameFinished,
        GameRefusal::NoBouncedMove => Key::CmdNoBouncedMove,
        GameRefusal::BouncedMessageGone => Key::CmdBouncedMessageGone,
    };
    tr(lang, key).to_string()
}

fn extension(lang: Lang, why: &ExtensionRefusal) -> String {
    match why {
        ExtensionRefusal::OutOfRange {
            end,
            configured,
            limit,
        } => fill(
            lang,
            Key::CmdExtensionOutOfRange,
            &[
                ("end", &date(*end)),
                ("configured", &date(*configured)),
                ("limit", &date(*limit)),
            ],
        ),
        ExtensionRefusal::MostlyFinished { share } => {
            fill(lang, Key::CmdExtensionMostlyFinished, &[("share", share)])
        }
        ExtensionRefusal::TooLate { end } => {
            fill(lang, Key::CmdExtensionTooLate, &[("end", &date(*end))])
        }
        ExtensionRefusal::WinnerDecided {
            finished,
            games,
            share,
        } => fill(
            lang,
            Key::CmdExtensionWinnerDecided,
            &[("finished", finished), ("games", games), ("share", share)],
        ),
    }
}

fn replacement(lang: Lang, why: &ReplacementRefusal) -> String {
    match why {
        ReplacementRefusal::NotRegistered { new, tournament } => fill(
            lang,
            Key::CmdReplacementNotRegistered,
            &[("new", new), ("tournament", tournament)],
        ),
        ReplacementRefusal::NotTeamSection => tr(lang, Key::CmdReplacementNotTeamSection).into(),
        ReplacementRefusal::OtherTeam { new } => {
            fill(lang, Key::CmdReplacementOtherTeam, &[("new", new)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::model::Day;

    fn day(s: &str) -> Day {
        s.parse().unwrap()
    }

    #[test]
    fn the_arbiters_transcript_is_worded_in_his_language() {
        let penalty: Outcome = Ok(Done::Game(Applied {
            game: "T/1".into(),
            action: Action::Penalty {
                color: Color::Black,
                days: 5,
                reason: "unfounded complaint".into(),
            },
            article: "22".into(),
        }));
        assert_eq!(
            line(Lang::En, &penalty),
            "✓ T/1: +5 days to Black (unfounded complaint) (Art. 22)"
        );
        assert_eq!(
            line(Lang::Bg, &penalty),
            "✓ T/1: +5 дни за черните (unfounded complaint) (чл. 22)"
        );
        let extended: Outcome = Ok(Done::Extended {
            tournament: "T".into(),
            to: day("2027-05-01"),
            finished: 0,
            games: 1,
            share: 0,
        });
        assert_eq!(
            line(Lang::En, &extended),
            "✓ end date of T extended to 1.5.2027 (0 of 1 games finished, 0%; the winner is not yet decided)"
        );
        assert!(line(Lang::Ru, &extended).contains("продлён до 1.5.2027"));
        let late: Outcome = Err(Refused::Extension(ExtensionRefusal::TooLate {
            end: day("2027-01-01"),
        }));
        assert_eq!(
            line(Lang::En, &late),
            "✗ Art. 50: an extension must be announced at least 30 days before the end date 1.1.2027"
        );
        assert!(line(Lang::Bg, &late).starts_with("✗ чл. 50: удължаването"));
        let none: Outcome = Ok(Done::Withdrawn {
            player: "p@x.test".into(),
            games: Vec::new(),
        });
        assert_eq!(
            line(Lang::En, &none),
            "✓ p@x.test withdrawn: no unfinished game"
        );
        let claim: Outcome = Err(Refused::InGame {
            game: "T/1".into(),
            why: GameRefusal::NoPendingClaim,
        });
        assert_eq!(
            line(Lang::Ru, &claim),
            "✗ T/1: в этой партии нет рекламации о просрочке, ожидающей решения"
        );
    }

    /// The help a line that is no command gets names every command the parser reads, in
    /// each language (the guide, section 7, lists the same).
    #[test]
    fn a_line_that_is_no_command_is_answered_with_every_command() {
        use crate::rules::arbiter::parse_line;
        let lines = [
            "confirm T/1",
            "reject T/1",
            "penalty T/1 white 5 Art. 22",
            "forfeit T/1 white",
            "result T/1 1-0",
            "post T/1",
            "overstep T/1 white",
            "leave p@x.test 2026-01-01 2026-01-05",
            "resend T/1",
            "extend T 2027-05-01",
            "withdraw p@x.test",
            "replace p@x.test r@x.test",
            "exclude p@x.test",
        ];
        for lang in [Lang::Bg, Lang::Ru, Lang::En] {
            let help = refused(
                lang,
                &Refused::NotACommand {
                    line: "hello".into(),
                },
            );
            for l in lines {
                assert!(matches!(parse_line(l), Ok(Some(_))), "{l} is a command");
                let word = l.split_whitespace().next().unwrap();
                assert!(help.contains(word), "{lang:?} help lacks {word}: {help}");
            }
        }
        // A command word with arguments that do not parse: the form it takes, in his language.
        let e = parse_line("post").unwrap_err();
        assert_eq!(
            refused(Lang::En, &Refused::Command(e.clone())),
            "`post`: expected `post GAME`"
        );
        assert_eq!(
            refused(Lang::Bg, &Refused::Command(e)),
            "„post“: очаква се `post GAME`"
        );
    }
}
