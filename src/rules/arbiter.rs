//! The arbiter's commands, as written in a letter from the arbiter's address or on the
//! command line (`amici arbiter …`): one command a line, English, Bulgarian or Russian
//! keywords. Parsing only; the shell carries them out.

use super::model::{Color, Day, GameResult};

/// One decision of the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArbiterCommand {
    /// Confirm an overstep claim (Art. 38); the last pending one when no number is given.
    Confirm { game: String, claim: Option<usize> },
    /// Reject an overstep claim (Art. 38).
    Reject { game: String, claim: Option<usize> },
    /// Penalty days (Art. 56, or Art. 22/40 by reason), negative to take them back.
    Penalty {
        game: String,
        color: Color,
        days: i32,
        reason: String,
    },
    /// Forfeit (Art. 56): the side named loses; `None`: both lose.
    Forfeit { game: String, loser: Option<Color> },
    /// Set a result: an adjudication (Art. 53–55) or another decision.
    Result {
        game: String,
        result: GameResult,
        adjudication: bool,
    },
    /// Special leave (Art. 43), also retroactive.
    Leave { player: String, from: Day, to: Day },
    /// Extend the tournament's end date (Art. 50).
    Extend { tournament: String, to: Day },
    /// Withdrawal (Art. 47 А) or, with `illness`, serious illness or death (Art. 48).
    Withdraw { player: String, illness: bool },
    /// Team events (Art. 47 Б): a withdrawn player is replaced by a reserve of his team.
    Replace { old: String, new: String },
    /// Exclusion (Art. 56): every unfinished game forfeited.
    Exclude { player: String },
    /// Art. 56: the arbiter declares an overstep as a sanction (in force at once).
    Overstep { game: String, color: Color },
    /// RULES.md §3: send a bounced forwarded move again (the address or mailbox is fixed).
    Resend { game: String },
    /// Art. 6 В: the game goes on by post (once); the clocks continue.
    Post { game: String },
    /// RULES.md §12a: pair the next round of a Swiss now (the previous one complete).
    Pair { tournament: String },
    /// §709.1, RULES.md §12a: start the next round from another program's pairings attached
    /// to the letter (`pairings`, filled in from the attachment; empty when none came).
    PairAttached {
        tournament: String,
        program: Option<String>,
        pairings: String,
    },
    /// RULES.md §12a: take back the pairing of the last round, before any move of it.
    Unpair { tournament: String, round: u32 },
    /// RULES.md §12a: a half-point bye asked for in advance (`requested_byes`).
    Bye { player: String, round: u32 },
}

impl ArbiterCommand {
    /// The article a one-game decision applies, as the game's log records it: the decision on
    /// a claim (Art. 38), an adjudication (Art. 53), the arbiter's sanctions (Art. 56). A
    /// penalty cites its own (Art. 22, 40 … in its reason, else 56: [`penalty_article`]).
    pub fn article(&self) -> Option<&'static str> {
        match self {
            ArbiterCommand::Confirm { .. } | ArbiterCommand::Reject { .. } => Some("38"),
            ArbiterCommand::Result {
                adjudication: true, ..
            } => Some("53"),
            ArbiterCommand::Result { .. }
            | ArbiterCommand::Forfeit { .. }
            | ArbiterCommand::Overstep { .. }
            | ArbiterCommand::Exclude { .. } => Some("56"),
            ArbiterCommand::Leave { .. } => Some("43"),
            ArbiterCommand::Extend { .. } => Some("50"),
            ArbiterCommand::Withdraw { illness: false, .. } => Some("47"),
            ArbiterCommand::Withdraw { illness: true, .. } => Some("48"),
            ArbiterCommand::Replace { .. } => Some("47"),
            ArbiterCommand::Post { .. } => Some("6"),
            ArbiterCommand::Penalty { .. } | ArbiterCommand::Resend { .. } => None,
            ArbiterCommand::Pair { .. }
            | ArbiterCommand::PairAttached { .. }
            | ArbiterCommand::Unpair { .. }
            | ArbiterCommand::Bye { .. } => None,
        }
    }

    /// The article the game's log records for this decision: [`article`](Self::article); a
    /// penalty's from its reason ([`penalty_article`]); else Art. 56, the arbiter's sanctions.
    pub fn logged_article(&self) -> String {
        match self {
            ArbiterCommand::Penalty { reason, .. } => penalty_article(reason),
            _ => self.article().unwrap_or(SANCTIONS).to_string(),
        }
    }
}

/// Art. 56: the arbiter's sanctions, the article a decision cites when it names no other.
const SANCTIONS: &str = "56";

/// The article a penalty cites: the one the arbiter names in his reason (Art. 22, 40 …),
/// else Art. 56.
pub fn penalty_article(reason: &str) -> String {
    cited_article(reason).unwrap_or_else(|| SANCTIONS.to_string())
}

/// The first article cited in a text: `Art. 22`, `чл. 22`, `ст. 22`.
fn cited_article(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for key in ["art.", "чл.", "ст."] {
        if let Some(i) = lower.find(key) {
            let digits: String = lower[i + key.len()..]
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if !digits.is_empty() {
                return Some(digits);
            }
        }
    }
    None
}

/// Why a line is not a command (only reported when it starts with a command word): the line,
/// and the form the command takes (its syntax, in the command words).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{line}`: expected `{usage}`")]
pub struct CommandError {
    pub line: String,
    pub usage: String,
}

fn color(s: &str) -> Option<Color> {
    match s.to_lowercase().as_str() {
        "white" | "w" | "бели" | "белите" | "белые" | "белый" => {
            Some(Color::White)
        }
        "black" | "b" | "черни" | "черните" | "черные" | "черный" => {
            Some(Color::Black)
        }
        _ => None,
    }
}

fn date(s: &str) -> Option<Day> {
    let s = s.trim_end_matches(['.', ',']);
    if let Ok(d) = s.parse::<Day>() {
        return Some(d);
    }
    let parts: Vec<&str> = s.split(['.', '/']).collect();
    if let [d, m, y] = parts.as_slice() {
        return Day::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    }
    None
}

fn result(s: &str) -> Option<GameResult> {
    match s {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" | "1/2" | "½" | "draw" | "реми" | "ничья" => {
            Some(GameResult::Draw)
        }
        "0-0" => Some(GameResult::BothLose),
        _ => None,
    }
}

/// The command word of a line, normalised to English.
fn verb(word: &str) -> Option<&'static str> {
    Some(match word.to_lowercase().trim_end_matches(':') {
        "confirm" | "потвърждавам" | "потвърждава" | "подтверждаю" => {
            "confirm"
        }
        "reject" | "отхвърлям" | "отклоняю" => "reject",
        "penalty" | "наказание" | "штраф" => "penalty",
        "forfeit" | "служебно" | "служебный" => "forfeit",
        "result" | "резултат" | "результат" => "result",
        "leave" | "special-leave" | "отпуск" => "leave",
        "extend" | "удължавам" | "продлеваю" => "extend",
        "withdraw" | "оттегляне" | "выбытие" => "withdraw",
        "replace" | "замяна" | "замена" => "replace",
        "exclude" | "изключвам" | "исключаю" => "exclude",
        "overstep" | "просрочване" | "просрочка" => "overstep",
        "resend" | "препрати" | "переслать" => "resend",
        "post" | "поща" | "почта" => "post",
        "pair" | "тегли" | "жеребьёвка" | "жеребьевка" => "pair",
        "unpair" | "отмени-тегленето" | "отменить-жеребьёвку" | "отменить-жеребьевку" => {
            "unpair"
        }
        "bye" | "почивка" | "свободный-тур" => "bye",
        _ => return None,
    })
}

/// Reads one line. `Ok(None)`: not a command line (prose); `Err`: a command word with
/// arguments that do not fit, explained.
pub fn parse_line(line: &str) -> Result<Option<ArbiterCommand>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(v) = words.first().and_then(|w| verb(w)) else {
        return Ok(None);
    };
    let w = Words { line, words };
    match v {
        "confirm" | "reject" | "penalty" | "forfeit" | "result" | "overstep" | "resend"
        | "post" => game_command(v, &w),
        "leave" | "extend" | "withdraw" | "replace" | "exclude" => player_command(v, &w),
        "pair" | "unpair" | "bye" => round_command(v, &w),
        _ => Ok(None),
    }
}

/// A command line split into words, and the error that shows its form.
struct Words<'a> {
    line: &'a str,
    words: Vec<&'a str>,
}

impl<'a> Words<'a> {
    fn arg(&self, i: usize) -> Option<&'a str> {
        self.words.get(i).copied()
    }

    fn err(&self, usage: &str) -> CommandError {
        CommandError {
            line: self.line.trim().to_string(),
            usage: usage.to_string(),
        }
    }
}

/// The commands about one game: a claim decided (Art. 38), a penalty, a forfeit, a result, an
/// overstep (Art. 56), a bounced move re-sent, the switch to post (Art. 6 В).
fn game_command(v: &str, w: &Words<'_>) -> Result<Option<ArbiterCommand>, CommandError> {
    let arg = |i: usize| w.arg(i);
    let err = |usage: &str| w.err(usage);
    let claim = |i: usize| {
        arg(i)
            .and_then(|s| s.trim_start_matches('#').parse::<usize>().ok())
            .map(|n| n.saturating_sub(1))
    };
    let words = &w.words;
    let cmd = match v {
        "confirm" | "reject" => {
            let game = arg(1)
                .ok_or_else(|| err(&format!("{v} GAME [CLAIM-NUMBER]")))?
                .to_string();
            if v == "confirm" {
                ArbiterCommand::Confirm {
                    game,
                    claim: claim(2),
                }
            } else {
                ArbiterCommand::Reject {
                    game,
                    claim: claim(2),
                }
            }
        }
        "penalty" => {
            let usage = "penalty GAME white|black ±DAYS REASON";
            let game = arg(1).ok_or_else(|| err(usage))?.to_string();
            let color = arg(2).and_then(color).ok_or_else(|| err(usage))?;
            let days = arg(3)
                .and_then(|d| d.trim_start_matches('+').parse::<i32>().ok())
                .ok_or_else(|| err(usage))?;
            if days.abs() > 365 {
                return Err(err(usage));
            }
            let reason = words.get(4..).map(|w| w.join(" ")).unwrap_or_default();
            ArbiterCommand::Penalty {
                game,
                color,
                days,
                reason,
            }
        }
        "forfeit" => {
            let usage = "forfeit GAME white|black|both";
            let game = arg(1).ok_or_else(|| err(usage))?.to_string();
            let loser = match arg(2) {
                Some(s) if matches!(s.to_lowercase().as_str(), "both" | "двамата" | "оба") => {
                    None
                }
                Some(s) => Some(color(s).ok_or_else(|| err(usage))?),
                None => return Err(err(usage)),
            };
            ArbiterCommand::Forfeit { game, loser }
        }
        "result" => {
            let usage = "result GAME 1-0|0-1|1/2-1/2 [adjudication]";
            let game = arg(1).ok_or_else(|| err(usage))?.to_string();
            let result = arg(2).and_then(result).ok_or_else(|| err(usage))?;
            let adjudication = arg(3).is_some_and(|s| {
                matches!(
                    s.to_lowercase().as_str(),
                    "adjudication" | "присъждане" | "присуждение"
                )
            });
            ArbiterCommand::Result {
                game,
                result,
                adjudication,
            }
        }
        "overstep" => {
            let usage = "overstep GAME white|black";
            let game = arg(1).ok_or_else(|| err(usage))?.to_string();
            let color = arg(2).and_then(color).ok_or_else(|| err(usage))?;
            ArbiterCommand::Overstep { game, color }
        }
        "resend" => {
            let game = arg(1).ok_or_else(|| err("resend GAME"))?.to_string();
            ArbiterCommand::Resend { game }
        }
        "post" => {
            let game = arg(1).ok_or_else(|| err("post GAME"))?.to_string();
            ArbiterCommand::Post { game }
        }
        _ => return Ok(None),
    };
    Ok(Some(cmd))
}

/// The commands about a player or a tournament: leave (Art. 43), the extension (Art. 50),
/// withdrawal and replacement (Art. 47, 48), exclusion (Art. 56).
fn player_command(v: &str, w: &Words<'_>) -> Result<Option<ArbiterCommand>, CommandError> {
    let arg = |i: usize| w.arg(i);
    let err = |usage: &str| w.err(usage);
    let cmd = match v {
        "leave" => {
            let usage = "leave PLAYER-EMAIL FROM TO (dates 2026-06-01 or 1.6.2026)";
            let player = arg(1)
                .filter(|p| p.contains('@'))
                .ok_or_else(|| err(usage))?
                .to_lowercase();
            let from = arg(2).and_then(date).ok_or_else(|| err(usage))?;
            let to = arg(3).and_then(date).ok_or_else(|| err(usage))?;
            ArbiterCommand::Leave { player, from, to }
        }
        "extend" => {
            let usage = "extend TOURNAMENT NEW-END-DATE";
            let tournament = arg(1).ok_or_else(|| err(usage))?.to_string();
            let to = arg(2).and_then(date).ok_or_else(|| err(usage))?;
            ArbiterCommand::Extend { tournament, to }
        }
        "withdraw" => {
            let usage = "withdraw PLAYER-EMAIL [illness]";
            let player = arg(1)
                .filter(|p| p.contains('@'))
                .ok_or_else(|| err(usage))?
                .to_lowercase();
            let illness = arg(2).is_some_and(|s| {
                matches!(
                    s.to_lowercase().as_str(),
                    "illness" | "death" | "болест" | "смърт" | "болезнь" | "смерть"
                )
            });
            ArbiterCommand::Withdraw { player, illness }
        }
        "replace" => {
            let usage = "replace OLD-PLAYER-EMAIL NEW-PLAYER-EMAIL";
            let old = arg(1)
                .filter(|p| p.contains('@'))
                .ok_or_else(|| err(usage))?
                .to_lowercase();
            let new = arg(2)
                .filter(|p| p.contains('@'))
                .ok_or_else(|| err(usage))?
                .to_lowercase();
            ArbiterCommand::Replace { old, new }
        }
        "exclude" => {
            let player = arg(1)
                .filter(|p| p.contains('@'))
                .ok_or_else(|| err("exclude PLAYER-EMAIL"))?
                .to_lowercase();
            ArbiterCommand::Exclude { player }
        }
        _ => return Ok(None),
    };
    Ok(Some(cmd))
}

/// The commands of a tournament in stages (RULES.md §12a): pair, unpair, a bye.
fn round_command(v: &str, w: &Words<'_>) -> Result<Option<ArbiterCommand>, CommandError> {
    let arg = |i: usize| w.arg(i);
    let err = |usage: &str| w.err(usage);
    let cmd = match v {
        "pair" => {
            let usage = "pair TOURNAMENT [attached [PROGRAM]]";
            let tournament = arg(1).ok_or_else(|| err(usage))?.to_string();
            match arg(2) {
                None => ArbiterCommand::Pair { tournament },
                Some(a) if attached(a) => ArbiterCommand::PairAttached {
                    tournament,
                    program: Some(w.words[3..].join(" ")).filter(|p| !p.is_empty()),
                    pairings: String::new(),
                },
                Some(_) => return Err(err(usage)),
            }
        }
        "unpair" => {
            let usage = "unpair TOURNAMENT ROUND";
            let tournament = arg(1).ok_or_else(|| err(usage))?.to_string();
            let round = arg(2)
                .and_then(|r| r.parse().ok())
                .ok_or_else(|| err(usage))?;
            ArbiterCommand::Unpair { tournament, round }
        }
        // `bye` also ends letters ("Bye!"): only a line naming a player is the command.
        "bye" => {
            let Some(player) = arg(1).filter(|p| p.contains('@')) else {
                return Ok(None);
            };
            let round = arg(2)
                .and_then(|r| r.parse().ok())
                .ok_or_else(|| err("bye PLAYER-EMAIL ROUND"))?;
            ArbiterCommand::Bye {
                player: player.to_lowercase(),
                round,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(cmd))
}

/// The word after `pair TOURNAMENT` that says the pairings are attached.
fn attached(word: &str) -> bool {
    matches!(
        word.to_lowercase().trim_end_matches([':', ',', '.']),
        "attached" | "приложено" | "приложени" | "приложение" | "вложение" | "приложена"
    )
}

/// Every command line of a letter, in order, with the lines that failed.
pub fn parse_letter(text: &str) -> Vec<Result<ArbiterCommand, CommandError>> {
    text.lines()
        .filter_map(|l| parse_line(l).transpose())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s12a_pair_unpair_and_bye_in_each_language_and_a_farewell_is_no_command() {
        assert_eq!(
            parse_line("тегли SW").unwrap(),
            Some(ArbiterCommand::Pair {
                tournament: "SW".into()
            })
        );
        assert_eq!(
            parse_line("отмени-тегленето SW 3").unwrap(),
            Some(ArbiterCommand::Unpair {
                tournament: "SW".into(),
                round: 3
            })
        );
        assert_eq!(
            parse_line("свободный-тур Maria@Example.test 4").unwrap(),
            Some(ArbiterCommand::Bye {
                player: "maria@example.test".into(),
                round: 4
            })
        );
        assert_eq!(
            parse_line("тегли SW приложено Swiss-Manager 14").unwrap(),
            Some(ArbiterCommand::PairAttached {
                tournament: "SW".into(),
                program: Some("Swiss-Manager 14".into()),
                pairings: String::new(),
            })
        );
        assert_eq!(
            parse_line("pair SW attached").unwrap(),
            Some(ArbiterCommand::PairAttached {
                tournament: "SW".into(),
                program: None,
                pairings: String::new(),
            })
        );
        assert!(
            parse_line("pair SW now").is_err(),
            "a word that is not `attached`"
        );
        // "Bye!" ending a letter names no player: prose, not a command with bad arguments.
        assert_eq!(parse_line("Bye, see you").unwrap(), None);
        assert!(parse_line("unpair SW three").is_err());
    }

    #[test]
    fn art_38_confirm_and_reject_name_the_game_and_optionally_the_claim() {
        assert_eq!(
            parse_line("confirm BG/3").unwrap(),
            Some(ArbiterCommand::Confirm {
                game: "BG/3".into(),
                claim: None
            })
        );
        assert_eq!(
            parse_line("отхвърлям BG/3 #2").unwrap(),
            Some(ArbiterCommand::Reject {
                game: "BG/3".into(),
                claim: Some(1)
            })
        );
    }

    #[test]
    fn art_56_penalty_with_sign_and_reason() {
        assert_eq!(
            parse_line("penalty BG/3 black +10 unsporting behaviour").unwrap(),
            Some(ArbiterCommand::Penalty {
                game: "BG/3".into(),
                color: Color::Black,
                days: 10,
                reason: "unsporting behaviour".into()
            })
        );
        assert_eq!(
            parse_line("наказание BG/3 белите -5 грешка")
                .unwrap()
                .map(|c| matches!(c, ArbiterCommand::Penalty { days: -5, .. })),
            Some(true)
        );
        assert!(parse_line("penalty BG/3 purple 5").is_err());
    }

    #[test]
    fn art_43_special_leave_in_either_date_form() {
        assert_eq!(
            parse_line("leave ivan@x.test 1.6.2026 2026-06-30").unwrap(),
            Some(ArbiterCommand::Leave {
                player: "ivan@x.test".into(),
                from: "2026-06-01".parse().unwrap(),
                to: "2026-06-30".parse().unwrap()
            })
        );
    }

    #[test]
    fn prose_is_not_a_command() {
        assert_eq!(parse_line("Dear players, good luck").unwrap(), None);
        assert!(
            parse_letter("Hello\nforfeit BG/1 both\nresult BG/2 1/2-1/2 adjudication\nthanks")
                .iter()
                .all(Result::is_ok)
        );
        assert_eq!(
            parse_letter("Hello\nforfeit BG/1 both\nresult BG/2 ½-½ adjudication").len(),
            2
        );
    }

    #[test]
    fn art_56_declared_overstep() {
        assert_eq!(
            parse_line("overstep BG/2 black").unwrap(),
            Some(ArbiterCommand::Overstep {
                game: "BG/2".into(),
                color: Color::Black
            })
        );
    }

    #[test]
    fn art_47_48_withdrawal_and_illness() {
        assert_eq!(
            parse_line("withdraw maria@x.test").unwrap(),
            Some(ArbiterCommand::Withdraw {
                player: "maria@x.test".into(),
                illness: false
            })
        );
        assert_eq!(
            parse_line("withdraw maria@x.test illness").unwrap(),
            Some(ArbiterCommand::Withdraw {
                player: "maria@x.test".into(),
                illness: true
            })
        );
    }
}
