//! Every reply sentence in English: one text a [`Key`], `{name}` marking what is filled in.

use super::Key;

/// The text of `key` in English.
///
/// Longer than 150 lines for a reason: it is a table, one arm a text, kept in one `match` so
/// that a key missing here does not compile.
pub(super) fn text(key: Key) -> &'static str {
    match key {
        Key::ClaimNothingToAdmit => "There is no pending overstep claim against you.",
        Key::ClaimNothingToObject => "There is no confirmed overstep of yours to object to.",
        Key::ClaimNothingToWithdraw => "There is no pending overstep claim of yours to withdraw.",
        Key::ClaimNoSuchClaim => "There is no overstep claim number {n}.",
        Key::ClaimNotPending => "The claim is no longer awaiting a decision.",
        Key::ClaimObjectionTooLate => "Art. 39: objections were due by {deadline}.",
        Key::ClaimNoObjection => {
            "A confirmed overstep is set aside only after a timely objection (Art. 39)."
        }
        Key::ClaimAlreadyPending => {
            "A claim against this player is already awaiting the arbiter's decision."
        }
        Key::ClaimAlreadyClaimed => {
            "This overstep is already claimed (Art. 30: one overstep per count)."
        }
        Key::ClaimNotClaimant => {
            "Only the player on whose behalf the claim was filed may withdraw it (Art. 37 note)."
        }
        Key::EndDateExtended => {
            "The end date of {tournament} is extended to {to} ({finished} of {games} games finished, the winner not yet decided; Art. 50)."
        }
        Key::SanctionAppealLate => {
            "Art. 57: the 7 days for an appeal against the sanction of {sanctioned} ended on {ended}."
        }
        Key::SanctionAppealed => {
            "Art. 57: {side} appeals the sanction of {sanctioned} ({days} days, Art. {article}: {reason}) to the Board."
        }
        Key::NoAppealWithoutProposal => {
            "Art. 52 note 2: no proposal was sent within the 15 days, so there is no right of appeal."
        }
        Key::AdjudicationAppealLate => "Art. 55: the 7 days for an appeal ended on {ended}.",
        Key::NoAdjudicationYet => "Art. 55: there is no adjudication decision to appeal yet.",
        Key::AdjudicationFinal => {
            "Art. 55: the second adjudicator has decided; his decision is final and cannot be \
             appealed."
        }
        Key::AdjudicationAppealed => {
            "Art. 55: {side} appeals the adjudication of {game}; the second adjudicator decides, finally."
        }
        Key::ReplySubject => "amici: reply",
        Key::CaptainCopy => "Copy for the captain of {team}. To {player}.",
        Key::Days => "days",
        Key::White => "White",
        Key::Black => "Black",
        Key::Start => "start",
        Key::Received => "received",
        Key::FromVariantArt32 => " — from the variant (Art. 32)",
        Key::Sent => "sent",
        Key::TimeMove => "time for the move",
        Key::NoMovePlayedYet => "— (no move played yet)",
        Key::Score => "Score",
        Key::Checkmate => "checkmate",
        Key::Stalemate => "stalemate",
        Key::InsufficientMaterial => "insufficient material",
        Key::Resignation => "resignation",
        Key::Agreement => "agreement",
        Key::ThreefoldRepetition => "threefold repetition",
        Key::T50MoveRule => "the 50-move rule",
        Key::OverstepTimeLimitArt28 => "overstep of the time limit (Art. 28, 29)",
        Key::ForfeitArt56 => "forfeit (Art. 56)",
        Key::AdjudicationArt53 => "adjudication (Art. 53)",
        Key::ArbiterDecision => "the arbiter's decision",
        Key::ProvedEndgameTablebase707 => "proved by an endgame tablebase (§707)",
        Key::PlayerWasRemovedFromTournament => {
            "the player was removed from the tournament (Art. 47 А)"
        }
        Key::MoveWasWrittenShortNotation => {
            "Your move was written in short notation; it stands, but please write the full form, e.g. Ng1-f3 (Art. 7 note 2)."
        }
        Key::LetterLacksArt79 => "Your letter lacks (Art. 7–9):",
        Key::ConditionalLineCouldNotRead => "The conditional line could not be read from",
        Key::TournamentIndex => "the tournament index",
        Key::NumberFullNotationOpponentLast => {
            "the number and full notation of your opponent's last move"
        }
        Key::NumberFullNotationOwnMove => "the number and full notation of your own move",
        Key::DateOpponentLetter => "the date of your opponent's letter",
        Key::DateReceivedMove => "the date you received the move",
        Key::DateSendMove => "the date you send your move",
        Key::ThinkingTimeThisMove => "your thinking time for this move",
        Key::TotalThinkingTimeBothPlayers => "the total thinking time of both players",
        Key::TotalTime => "total time",
        Key::TotalTime2 => "Total time",
        Key::InclPenalties => "incl. penalties",
        Key::LimitUpMove => "limit up to move",
        Key::Left => "left",
        Key::T7DaysDecisionClaimHave => {
            "The 7 days for the decision on the claim have passed (Art. 37)."
        }
        Key::As => "As of",
        Key::TotalTimeAtOverstep => "Total time at the overstep",
        Key::Art2531 => "Art. 25, 31",
        Key::Art25 => "Art. 25",
        Key::Game => "Game",
        Key::CopyTournamentArbiterLetterFrom => "Copy for the tournament arbiter. Letter from",
        Key::MoveRecordedSentOpponent => "Your move is recorded and sent to your opponent:",
        Key::DrawOfferHasBeenPassed => "Your draw offer has been passed on.",
        Key::CompleteLetterThisMoveArt => {
            "A complete letter for this move (Art. 8) — copy it next time:"
        }
        Key::OpponentMoveReplyDue => "Your opponent's move — your reply is due:",
        Key::OpponentOffersDrawAnswerAccept => {
            "Your opponent offers a draw (answer \"accept draw\", or play on)."
        }
        Key::OpponentOffersConditionalLineArt => {
            "Your opponent offers a conditional line (Art. 10): if your move matches it, your opponent's next move is played at once."
        }
        Key::MoveImpossible => "The move is impossible",
        Key::MoveIncorrectOpponentLastMove => {
            "The move is incorrect: your opponent's last move is repeated wrongly"
        }
        Key::MoveUnclear => "The move is unclear",
        Key::Art => "Art.",
        Key::OpponentLastMove => "Your opponent's last move is",
        Key::LetterWasDamagedTransitNo => {
            "The letter was damaged in transit: no penalty (Art. 17)."
        }
        Key::PleaseSendNewMoveNeed => {
            "Please send a new move. You need not move the same piece (Art. 19)."
        }
        Key::DidMean => "Did you mean:",
        Key::LegalMovesThatPiece => "Legal moves of that piece:",
        Key::LastMoveGame => "Last move of the game:",
        Key::IFoundNoMoveNo => {
            "I found no move and no command in your letter. Nothing was changed."
        }
        Key::NotTurnThisGameNothing => "It is not your turn in this game. Nothing was changed.",
        Key::GameWaitingArbiterDecisionArt => {
            "The game is waiting for the arbiter's decision (Art. 37). Until it is taken no move is judged: nothing was changed and there is no penalty."
        }
        Key::LetterCanReadTwoWays => {
            "Your letter can be read in two ways, with a different move of yours (Art. 9 Б):"
        }
        Key::NothingWasChangedThereNo => {
            "Nothing was changed and there is no penalty: the doubt is in my reading, not your letter. Please write again which move you mean."
        }
        Key::ThisGameOverNothingWas => "This game is over. Nothing was changed.",
        Key::GameHasEnded => "The game has ended",
        Key::DrawOfferWithoutMove => "A draw offer (without a move).",
        Key::OpponentDeclinedDrawOffer => "Your opponent declined the draw offer.",
        Key::ThereNoDrawOfferAccept => "There is no draw offer to accept. Nothing was changed.",
        Key::DelayNoticeRecordedPassedArt => {
            "Your delay notice is recorded and passed on (Art. 25)."
        }
        Key::OpponentGivesNoticeThatHe => "Your opponent gives notice of a later answer (Art. 25).",
        Key::AgreeAnswerResign => "To agree, answer \"resign\".",
        Key::AgreeAnswerAcceptDraw => "To agree, answer \"accept draw\".",
        Key::Explanation7072 => "Explanation (§707.2):",
        Key::ArbiterConfirmedOverstepClaimArt => {
            "The arbiter confirmed the overstep claim (Art. 38)."
        }
        Key::ArbiterRejectedOverstepClaimArt => {
            "The arbiter rejected the overstep claim (Art. 38)."
        }
        Key::PlayerClaimsHisOpponentOverstep => {
            "A player claims the opponent's overstep (Art. 35, 36); the arbiter decides within 7 days (Art. 37). An unfounded claim costs +5 days (Art. 40)."
        }
        Key::ArbiterDeclaredOverstepAsSanction => {
            "The arbiter declared an overstep as a sanction (Art. 56)."
        }
        Key::PlayerAdmitsOverstepTakesEffect => {
            "The player admits the overstep: it takes effect at once (Art. 36 note 3)."
        }
        Key::ObjectionOverstepDecisionRecordedArt => {
            "An objection to the overstep decision is recorded (Art. 39); the arbiter reviews it."
        }
        Key::OverstepClaimWithdrawnArt34 => {
            "The overstep claim is withdrawn (Art. 34); play continues."
        }
        Key::PlayerKeepsSendingShortNotation => {
            "A player keeps sending short notation (Art. 7 note 2); play continues."
        }
        Key::LeaveRefused => "The leave is refused:",
        Key::WithdrawalArt47 => "withdrawal (Art. 47 А)",
        Key::NoticeRepeat => {
            "Repeat of the move: no answer from {who} to move {move} for {days} days (Art. 26 Б). Please send your reply. If you will answer later than 40 days, send a delay notice (Art. 25)."
        }
        Key::NoticeRegisteredRepeat => {
            "Your opponent {who} is silent: {days} days. Send a repeat of your move by registered letter (Art. 26 А)."
        }
        Key::NoticeSilenceToArbiter => "Long silence of {who}: {days} days (Art. 26 А, 30).",
        Key::NoticeClaimSilence => {
            "Overstep claim: {who}, move {move}: more than 40 days without an answer and without a delay notice after the repeat of the move (Art. 31). The arbiter decides within 7 days (Art. 37); objections within 7 days of the decision (Art. 39)."
        }
        Key::NoticeClaimPeriod => {
            "Overstep claim: {who}, move {move}: {days} days against a limit of {limit} days (Art. {article}). The arbiter decides within 7 days (Art. 37); objections within 7 days of the decision (Art. 39)."
        }
        Key::NoticeRunningOverstep => {
            "The running clock is past the limit (a card may be in transit): {who}, move {move}: {days} days / {limit} days (Art. 23 А, 30)."
        }
        Key::PenaltyLine => "Penalty for {who}: {days} days (Art. {article}: {reason}).",
        Key::LeaveLine => {
            "Leave of {who} {from} – {to} (Art. 41–45). Every game of that player pauses; neither player's time counts (Art. 45)."
        }
        Key::SpecialLeaveLine => {
            "Leave of {who} {from} – {to} (special leave, Art. 43). Every game of that player pauses; neither player's time counts (Art. 45)."
        }
        Key::WithinDaysOfReceipt => {
            "within {days} of thinking time from the day you receive the move (Art. 23 А, 27)"
        }
        Key::TotalTimeWhileWaiting => {
            "Total time now (the clocks stand still from the day of the claim until the decision, Art. 37)"
        }
        Key::SwitchedToPost => {
            "Art. 6 В: by the arbiter’s decision, from {on} this game is played by post. The clocks continue; from now on report the day you receive each move (Д), and send your moves by post."
        }
        // The arbiter's command transcript and the admin's notices (issue 10 review).
        Key::CmdClaimConfirmed => "overstep claim confirmed",
        Key::CmdClaimRejected => "overstep claim rejected",
        Key::CmdPenalty => "{days} days to {side} ({reason})",
        Key::CmdForfeit => "forfeit, {result}",
        Key::CmdResult => "result {result}",
        Key::CmdSwitchedToPost => "the game goes on by post",
        Key::CmdOverstepDeclared => "overstep declared as a sanction",
        Key::CmdRemoved => "removed: the player never moved",
        Key::CmdToAdjudication => "to adjudication (withdrawal)",
        Key::CmdLostByWithdrawal => "lost by withdrawal",
        Key::CmdForfeitByExclusion => "forfeit by exclusion",
        Key::CmdReplaced => "{old} replaced by {new}",
        Key::CmdApplied => "{game}: {what} (Art. {article})",
        Key::CmdWithdrawn => "{player} withdrawn: {done}",
        Key::CmdExcluded => "{player} excluded: {done}",
        Key::CmdNoUnfinishedGame => "no unfinished game",
        Key::CmdNoUnfinishedGameOf => "{player} has no unfinished game",
        Key::CmdSpecialLeave => "special leave for {player} {from} – {to} (Art. 43)",
        Key::CmdResent => {
            "{game}: the move is sent again to {to}; the game goes on once it is delivered (RULES.md §3)"
        }
        Key::CmdExtended => {
            "end date of {tournament} extended to {to} ({finished} of {games} games finished, {share}%; the winner is not yet decided)"
        }
        Key::CmdNotACommand => {
            "`{line}` is not an arbiter command (confirm, reject, penalty, forfeit, result, post, overstep, leave, resend, extend, withdraw, replace, exclude)"
        }
        Key::CmdExpected => "`{line}`: expected `{usage}`",
        Key::CmdNoGame => "no game {game} in your tournaments",
        Key::CmdNoTournament => "no tournament {tournament}",
        Key::CmdNotRegistered => "{player} is not a registered player",
        Key::CmdPlaysNoGame => "{player} plays no game",
        Key::CmdNothingToChange => "nothing to change",
        Key::CmdNoPendingClaim => "no pending overstep claim in this game",
        Key::CmdAlreadyPost => "Art. 6 В: the game is played by post already (one switch only)",
        Key::CmdGameFinished => "the game is finished",
        Key::CmdNoBouncedMove => "no bounced move waits to be delivered",
        Key::CmdBouncedMessageGone => "the bounced message is gone",
        Key::CmdExtensionOutOfRange => {
            "Art. 50: the new end date must be after {end} and at most 6 months after {configured} ({limit})"
        }
        Key::CmdExtensionMostlyFinished => {
            "Art. 50: {share}% of the games are finished (91% or more): no extension"
        }
        Key::CmdExtensionTooLate => {
            "Art. 50: an extension must be announced at least 30 days before the end date {end}"
        }
        Key::CmdExtensionWinnerDecided => {
            "Art. 50: the winner is already decided ({finished} of {games} games finished, {share}%): no extension"
        }
        Key::CmdReplacementNotRegistered => {
            "{new} is not registered in {tournament}: add him to the players first"
        }
        Key::CmdReplacementNotTeamSection => "Art. 47 Б: replacements are for team sections only",
        Key::CmdReplacementOtherTeam => "{new} plays for another team",
        Key::SubjectReusedMessageId => "amici: a letter reused a Message-ID",
        Key::ReusedMessageIdAdmin => {
            "Letter {id} from {from} carries the Message-ID <{mid}> of an earlier, different letter. It was stored and processed as a letter of its own; if it is a forgery or a broken mail client, please look into it.\n\n— amici\n"
        }
        Key::SubjectConfigRefused => "amici: config edit refused",
        Key::ConfigRefusedAdmin => {
            "The edited config was refused; the previous config keeps running.\n\n{errors}\n"
        }
        // Whole sentences of the letters' frame (issue 10 review): what to send now, the remarks, claims.
        Key::NowGameOver => "Nothing to send now: the game is over.",
        Key::NowWaitsForArbiter => {
            "Nothing to send now: the game waits for the arbiter's decision (Art. 37)."
        }
        Key::NowByDate => "by {date} (end of the time limit, Art. 27)",
        Key::NowLimitExceeded => "(the time limit is already exceeded, Art. 27)",
        Key::NowYourMove => {
            "What to send now: your move {number} (with the opponent's last move, the dates and the times, Art. 7–9) {by}."
        }
        Key::NowYourMoveNotice => {
            "What to send now: your move {number} (with the opponent's last move, the dates and the times, Art. 7–9) {by}; if you will answer after {date}, send a delay notice first ({arts})."
        }
        Key::NowWhiteToMove => "Nothing to send now: White is to play move {number} {by}.",
        Key::NowBlackToMove => "Nothing to send now: Black is to play move {number} {by}.",
        Key::NowNext => "Next: {side}, move {number} {by}.",
        Key::NowNextNotice => {
            "Next: {side}, move {number} {by}; an answer after {date} needs a delay notice first ({arts})."
        }
        Key::WrongItemLine => {
            "Item {item} ({name}): written «{written}», the official record says {official} (Art. 9 В)."
        }
        Key::WrongNumberLine => {
            "Wrong move number, the move stands: {written} → {correct} (Art. 9 Б, 21)."
        }
        Key::ConditionalLineLine => "Conditional line offered: {line} (Art. 10, 32).",
        Key::PenaltyDaysLine => "Penalty: +{days} days (Art. 17).",
        Key::DateDisagreementLine => {
            "Dates disagree for move {number} ({who}): declared sent {declared}, postmark reported by the receiver {reported}. The postmark stands (Art. 7 Г, Е)."
        }
        Key::ClaimWinLine => {
            "{who} claims a win (§707). If the opponent agrees the result stands; otherwise the arbiter decides."
        }
        Key::ClaimDrawLine => {
            "{who} claims a draw (§707). If the opponent agrees the result stands; otherwise the arbiter decides."
        }
        Key::Day => "day",
        Key::TheArbiter => "the arbiter",
        Key::AnEarlierMove => "(an earlier move)",
        Key::SubjectUnauthenticated => "amici: unauthenticated letter from {from}",
        Key::SubjectAutoReply => "amici: a letter from {from} looks like an auto-reply",
        Key::SubjectRateLimited => "amici: daily letter limit reached by {from}",
        Key::SubjectMoveNotDelivered => "amici: {game} — move not delivered",
        Key::SubjectUndeliverable => "amici: undeliverable mail to {to}",
        Key::Undeliverable => {
            "A message could not be delivered and will not be retried.\n\nTo: {to}\nKind: {kind}\nGame: {game}\nMessage-ID: <{id}>\nError: {error}\n\n— amici\n"
        }
        Key::ReturnedUndeliverable => "returned as undeliverable",
        Key::KindAck => "acknowledgement",
        Key::KindMove => "forwarded move",
        Key::KindError => "error notice",
        Key::KindIncomplete => "incomplete letter notice",
        Key::KindReminder => "reminder",
        Key::KindSilence => "silence notice",
        Key::KindOverstepClaim => "overstep claim",
        Key::KindLeave => "leave notice",
        Key::KindNotice => "notice",
        Key::KindGameOver => "end of the game",
        Key::KindAdjudication => "adjudication",
        Key::KindDecision => "arbiter's decision",
        Key::KindWhichGame => "question which game",
        Key::KindNoMove => "letter without a move",
        Key::SubjectSetAside => "amici: a letter could not be processed",
        Key::SetAsideAdmin => {
            "Letter {id} (stored {arrived}, Message-ID {mid}) could not be processed {tries} time(s) and was set aside:\n{error}\n\nIts raw text stays in the database (inbound id {id}).\n\n— amici\n"
        }
        Key::DeclinedVariantPlayed => "a declined variant played move by move",
        Key::LeaveBackwards => "the leave ends ({to}) before it starts ({from}).",
        Key::LeaveNotBeforeStart => {
            "leave must be announced before it starts ({from}); it was announced on {on} (Art. 44)."
        }
        Key::LeaveQuota => "{year} leaves {left} days of leave, {asked} were asked (Art. 42).",
        Key::LeaveSpecialQuota => {
            "{year} leaves {left} days of special leave, {asked} were asked (Art. 43)."
        }
        Key::LeaveDuringExtension => {
            "no leave during the extension of the end date ({from} – {to}) (Art. 42, note 2)."
        }
        Key::LeaveOverlap => "the leave overlaps leave no. {id} ({from} – {to}).",
        Key::LeaveNoSuchLeave => "there is no leave no. {id}.",
        Key::LeaveStarted => "leave no. {id} has already started; it cannot be cancelled.",
        Key::TournamentEndDateHasCome => {
            "The tournament's end date has come (Art. 49). The game stops and goes to adjudication. Send your proposal (1-0, 0-1 or 1/2-1/2) with your analysis by"
        }
        Key::ProposalRecordedArt52Proposals => {
            "Your proposal is recorded (Art. 52). Proposals are due by"
        }
        Key::ProposalsDifferAreMissingMaterial => {
            "The proposals differ or are missing: the material goes to the adjudicator (Art. 53). A player who sent none loses the right to appeal (Art. 52 note 2). The deadline was"
        }
        Key::ReplacementArt47 => "Replacement (Art. 47 Б):",
        Key::UntilNewPlayerFirstMove => {
            "Until the new player's first move, at most 30 days, neither clock runs."
        }
        Key::ReminderArt51SendScore => "Reminder (Art. 51): send the score of the game before",
        Key::WithoutScoreEndDateBoth => "— without a score by the end date both players lose.",
        Key::RecordedReceivedOpponentMove => "Recorded: you received your opponent's move on",
        Key::PlayerWithdrewWithoutEverMoving => {
            "A player withdrew without ever moving: the player is removed from the tournament and those games do not count (Art. 47 А)."
        }
        Key::RefusalVariantRecordedArt10 => "Your refusal of the variant is recorded (Art. 10).",
        Key::AmiciArbiterBot => "— amici, the arbiter bot",
        Key::RulesHowAmiciAppliesThem => "The rules and how amici applies them:",
        Key::Stranger => {
            "This is the automatic arbiter of a correspondence chess tournament. Your address is not registered as a player or arbiter, so your letter was not processed. If this is a mistake, please contact the tournament arbiter."
        }
        Key::TooLarge => {
            "Your letter is too large (over {kib} KiB) and was not read. Please send your move in a short plain-text letter. Nothing was changed."
        }
        Key::Undecodable => {
            "Your letter arrived damaged and cannot be read (Art. 16: unclear through the transport's fault — no penalty). Please send it again as plain text. Nothing was changed."
        }
        Key::ArbiterLetters => "I found no arbiter command in your letter. Nothing was changed.",
        Key::Unauthenticated => {
            "A letter from {from} (Message-ID <{message_id}>) failed sender authentication ({reason}). It is stored but had no effect.\n\n— amici\n"
        }
        Key::CaptainWhichGame => {
            "As a captain, please name the game (e.g. BG-2026-01/3) in the subject or the letter."
        }
        Key::CaptainNoMoves => {
            "A captain sends only claims, leave notices and replacements (the team annex): moves, resignations and draw offers come from the player. They were not considered and there is no penalty."
        }
        Key::SetAside => {
            "Your letter could not be processed because of an internal error in amici and was set aside; the administrator has been told. Nothing was changed and no penalty was given. Please send your move again in a short plain-text letter."
        }
        Key::RateLimited => {
            "More than {limit} letters arrived from {from} today (the daily limit). Further letters from this address today are stored but not processed. Please check that nobody else is using the address."
        }
        Key::SuspectedAutoReply => {
            "A letter from {from} with the subject \"{subject}\" (Message-ID {message_id}) looks like an auto-reply but carries a move or a command. It was stored and not applied, and its sender was not answered. If a person wrote it, ask the player to send it again with another subject."
        }
        Key::ForwardBounced => {
            "Game {game}: the move {mv} forwarded to {to} could not be delivered ({why}).\nArbiter: correct the address or mailbox and send \"resend {game}\".\n\n— amici\n"
        }
        Key::ForwardBouncedSuspended => {
            "Game {game}: the move {mv} forwarded to {to} could not be delivered ({why}). The game is suspended for both players (dead time) from today until the move is delivered again.\nArbiter: correct the address or mailbox and send \"resend {game}\".\n\n— amici\n"
        }
        Key::WhichGame => {
            "I could not tell which game your letter is about. Please name the game id in the subject:\n{list}"
        }
        Key::RoundSubject => "{tournament}, round {round}: game {game}",
        Key::RoundStarted => {
            "{tournament}, round {round} ({stage}): game {game}.\nYou play {colour} against {opponent}.\nThe round started on {start} and ends on {end}; a game unfinished then goes to adjudication (Art. 52–55, RULES.md §12a).\n{first}\n\n— amici\n"
        }
        Key::RoundFirstWhite => "You have White: send your first move in reply to this letter.",
        Key::RoundFirstBlack => "You have Black: your opponent's first move will reach you here.",
        Key::StageSwiss => "Swiss system",
        Key::StageTables => "table {table}",
        Key::StageKnockout => "knockout, a match of {games} game(s)",
        Key::ByeSubject => "{tournament}, round {round}: bye",
        Key::ByeTold => {
            "{tournament}, round {round}: you have no game in this round, a bye worth {points} (FIDE C.04.1, RULES.md §12a). The next round is paired when every game of this round has a result.\n\n— amici\n"
        }
        Key::StageErrNoPairing => {
            "round {round}: no pairing satisfies the absolute criteria (no rematch, one bye per player, the colour limits: C.04.1, C.04.3 C1–C3)"
        }
        Key::StageErrDuplicate => "round {round}: pairing number {number} is given twice",
        Key::StageErrTopTooLarge => {
            "the top of {top} needs at least {top} players in the first stage, there are {have}"
        }
        Key::StageCannotPair => {
            "{tournament}: the next round could not be paired: {why}.\nPair it with another program (amici trf --tournament {tournament}, then amici pair --tournament {tournament} --import FILE), or check the withdrawals. When no pairing satisfies the absolute criteria (no rematch, no second bye: C.04.1), the arbiter decides: pairings written by hand in the same format are accepted by the import with a second bye or a rematch.\n"
        }
        Key::OverdueDigestSubject => {
            "{tournament}: {n} overstep claims await your decision (Art. 37)"
        }
        Key::OverdueDigestHead => {
            "The 7 days for the decision (Art. 37) have passed on these {n} overstep claims of {tournament}. Each claim's own letter has its evidence. Decide them in one letter, one line each: confirm GAME CLAIM or reject GAME CLAIM."
        }
        Key::OverdueDigestLine => "{game}: {white} – {black}, {side} at move {move}, claim {claim}",
        Key::AdjudicatorOverdue => {
            "Reminder to the adjudicator: the decision on this game was due within 15 days of receiving the material (Art. 53), by"
        }
        Key::CmdRoundPaired => "round {round} of {tournament} paired: {games} games, {byes} bye(s)",
        Key::CmdRoundUnpaired => {
            "round {round} of {tournament} unpaired ({games} games removed); pair it again with `pair {tournament}` or `amici pair --tournament {tournament} --import FILE`"
        }
        Key::CmdByeRequested => "{player}: a half-point bye in round {round} of {tournament}",
        Key::CmdNotStaged => "{tournament} is not a Swiss or tables tournament",
        Key::CmdNoRoundDue => {
            "no round of {tournament} is due: the last round has games without a result, or the tournament is over"
        }
        Key::CmdAppealOpenUntil => {
            "round {round} of {tournament} has every result, but an adjudicated one may be appealed until {until} (Art. 55): the next round is paired the day after"
        }
        Key::CmdAppealPending => {
            "round {round} of {tournament} has every result, but an appeal against an adjudication waits for the second adjudicator (Art. 55): the next round is paired once his decision is recorded"
        }
        Key::CmdNotLastRound => {
            "round {round} is not the last round of {tournament}: only the last round can be unpaired"
        }
        Key::CmdRoundBegun => {
            "game {game} of round {round} has begun: a round is unpaired only before any move"
        }
        Key::CmdNotInSwiss => "{player} plays in no Swiss tournament",
        Key::CmdByesNotAllowed => {
            "{tournament} does not allow requested byes (requested_byes = true in its config)"
        }
        Key::CmdNoPairingsAttached => {
            "{tournament}: no pairings attached. Attach the pairing program's output as a text file (the number of pairs on the first line, then `white black` start numbers a line, `0` as the bye's opponent) to a letter with `pair {tournament} attached PROGRAM`"
        }
        Key::CmdPairingsRefused => {
            "the attached pairings for {tournament} are not accepted and nothing was started: {why}"
        }
        Key::ImpNotSwiss => {
            "the tournament's first stage is not a Swiss, so its rounds are not paired by a program"
        }
        Key::ImpUnfinished => "round {round} still has games without a result",
        Key::ImpAppealOpenUntil => {
            "an adjudicated result of round {round} may be appealed until {until} (Art. 55): the next round starts the day after"
        }
        Key::ImpAppealPending => {
            "an appeal against an adjudication in round {round} waits for the second adjudicator (Art. 55): the next round starts once his decision is recorded"
        }
        Key::ImpAllPaired => "all {rounds} Swiss rounds are already paired",
        Key::ImpBadLine => {
            "line {line}: `{text}` is not a pairing (expected `white black` start numbers, `0` for the bye)"
        }
        Key::ImpCount => "the first line says {said} pairs but the file has {found}",
        Key::ImpUnknown => "line {line}: start number {number} is not a player of the tournament",
        Key::ImpTwice => "line {line}: player {number} is paired twice",
        Key::ImpAbsent => {
            "line {line}: player {number} has withdrawn or asked for a bye this round and is not paired"
        }
        Key::ImpRematch => {
            "line {line}: players {white} and {black} have met before; no rematch (C.04.1 b)"
        }
        Key::ImpByeAgain => {
            "line {line}: player {number} has already had a pairing-allocated bye or a win without playing; no second (C.04.1 d)"
        }
        Key::ImpMissing => "players {numbers} are missing from the pairings",
        Key::ImpSecondBye => {
            "line {line}: a second bye; a round has at most one, for the odd player out (C.04.1 c)"
        }
        Key::CmdByeRound => {
            "round {round}: a bye is asked for a Swiss round not yet paired ({first} to {last})"
        }
        Key::StageOverSubject => "{tournament}: final places",
        Key::StageOver => {
            "{tournament} is over. The final places (§708.1–708.2):\n\n{places}\n— amici\n"
        }
        Key::RoundTakenBack => {
            "{tournament}, round {round}: the arbiter has taken back this round's pairing before any move; game {game} does not take place. The new pairing will reach you in a separate letter.\n\n— amici\n"
        }
        Key::PairedSwiss => "Pairings: the FIDE Dutch system (C.04.3), by amici.",
        Key::PairedTables => {
            "Pairings: round-robin tables by snake seeding on rating (Berger tables), by amici."
        }
        Key::PairedKnockout => {
            " The knockout top: a seeded bracket, seeds 1 and 2 meet only in the final."
        }
        Key::PairedImported => " Round {round}: paired by {program} (§709.1).",
        Key::AnotherProgram => "another program",
        Key::TiebreaksFide => {
            "Ties: points, then Buchholz, then sum of Buchholz (§708.3–708.4); unplayed games \
             counted as the FIDE Tie-Break Regulations (2024) count them."
        }
        Key::TiebreaksPlain => {
            "Ties: points, then Buchholz, then sum of Buchholz (§708.3–708.4); only games \
             played count (an unplayed round adds nothing)."
        }
        Key::StageReached => "Stage reached",
        Key::FinalPlacesHeading => "final places (§708.1–708.2)",
        Key::FirstStageHeading => "the first stage (points, Buchholz, sum of Buchholz; §708.2)",
        Key::AsOf => "as of",
        Key::RoundSheetSubject => "{tournament}: round {round} paired",
        Key::RoundSheet => {
            "{tournament}, round {round} ({stage}): started on {start}, ends on {end}.\n\n{lines}\n— amici\n"
        }
        Key::ByeWord => "bye",
        Key::SeedsWord => "Seeds (§708.2)",
        Key::StandingsRank => "Rank",
        Key::StandingsPlayer => "Player",
        Key::StandingsPoints => "Pts",
        Key::StandingsGames => "Games",
        Key::StandingsGenerated => "Generated",
        Key::StandingsAsOf => "Standings as of",
        Key::StandingsLegend => {
            "1 win, ½ draw, 0 loss, + / − forfeit, * unfinished; white box: played with White, black box: with Black. Games: finished games (+ unfinished*)."
        }
        Key::PageLang => "en",
        Key::PageDateFormat => "%-d %B %Y",
        Key::RankingIntro => "Ranking: points (win 1, draw ½, loss 0), then",
        Key::RankingPointsOnly => {
            "Ranking: points (win 1, draw ½, loss 0); equal points share the place."
        }
        Key::RankingTail => {
            "Unfinished games (*) count nowhere. Players equal in everything share the place."
        }
        Key::BuchholzPlainUnplayed => {
            "Buchholz counts only the games played over the board: a bye, a forfeit or an absence adds nothing (tiebreak_unplayed = plain)."
        }
        Key::ShortBuchholz => "BH",
        Key::ShortBuchholzCut1 => "BH-1",
        Key::ShortSumBuchholz => "SBH",
        Key::ShortSonnebornBerger => "SB",
        Key::ShortWins => "W",
        Key::ShortBlackWins => "BW",
        Key::ShortDirectEncounter => "DE",
        Key::DefinitionBuchholz => {
            "Buchholz: the sum of the points of all opponents (§708.3). A round lost or won by forfeit counts as a game against an opponent with the player's own points."
        }
        Key::DefinitionBuchholzCut1 => {
            "Buchholz cut 1: Buchholz without the lowest single opponent's score."
        }
        Key::DefinitionSumBuchholz => {
            "Sum of Buchholz: the sum of the Buchholz values of all opponents (§708.4)."
        }
        Key::DefinitionSonnebornBerger => {
            "Sonneborn–Berger: the points of each opponent beaten plus half the points of each opponent drawn with."
        }
        Key::DefinitionWins => "Wins (Baumbach): the number of games won over the board.",
        Key::DefinitionBlackWins => {
            "Wins with Black: the number of games won over the board with the black pieces."
        }
        Key::DefinitionDirectEncounter => {
            "Direct encounter: the points scored in the games between the tied players, when each of them has played all the others."
        }
        Key::TeamColumn => "Team",
        Key::TeamMatchPoints => "MP",
        Key::TeamGamePoints => "GP",
        Key::TeamBoards => "Boards",
        Key::TeamRankingIntro => "Ranking of the teams:",
        Key::TeamByMatchPoints => "match points (2 for a won match, 1 drawn, 0 lost)",
        Key::TeamByGamePoints => "game points (1 a won game, ½ a draw)",
        Key::TeamByMatch => "the result of the match between the tied teams",
        Key::TeamByBoardsOfMatch => {
            "the board results of that match: a win on board I, else on board II when board I was drawn, and so on"
        }
        Key::TeamByBoardTotals => "each team's board totals over the whole event, board I first",
        Key::TeamByBlackOnBoardOne => "the team whose board-I player had Black in that match",
    }
}
