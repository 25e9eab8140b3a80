//! Letters from the tournament's staff: the arbiter's commands (carried out by
//! `crate::arbiter`) and a team captain's letters for his players (RULES.md §14; the core
//! decides them, `game::handle_captain_letter`).

use shakmaty::Color;

use crate::config::Config;
use crate::mail::render::transcript;
use crate::mail::texts;
use crate::rules::arbiter::{ArbiterCommand, CommandError};
use crate::rules::game;
use crate::rules::model::{Day, Kind, Lang};
use crate::store::Tx;

use super::{Answer, Result, carry_out, contains_id};
use chrono::{DateTime, FixedOffset};

/// Carries out each command in `scope` and answers the sender with one line a command: done
/// (✓) or why not (✗), in the tournament's language (`lang` when it has none of its own).
pub(super) fn commands(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    commands: Vec<std::result::Result<ArbiterCommand, CommandError>>,
    scope: &[String],
    lang: Lang,
    now: DateTime<FixedOffset>,
) -> Result<Vec<String>> {
    let lang = scope
        .iter()
        .find_map(|t| config.tournament(t).and_then(|t| t.language))
        .unwrap_or(lang);
    let mut lines = Vec::new();
    for c in commands {
        let outcome = match c {
            Ok(cmd) => crate::arbiter::execute(tx, config, answer, &cmd, now, Some(scope))?,
            Err(e) => Err(game::Refused::Command(e)),
        };
        lines.push(transcript::line(lang, &outcome));
    }
    let to = answer.sender.clone();
    answer.simple(tx, &to, Kind::Decision, lang, &lines.join("\n"))?;
    Ok(lines)
}

/// A captain's letter for one of `players`, naming the game; claims, leave notices and the
/// like, never moves.
pub(super) fn captain_letter(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    msg: &crate::mail::inbound::Inbound,
    players: &[String],
    lang: Lang,
    today: Day,
) -> Result<String> {
    let from = answer.sender.clone();
    let haystack = format!("{}\n{}", msg.subject, msg.fresh_text);
    let mut games = Vec::new();
    for p in players {
        games.extend(
            tx.games_of(p)?
                .into_iter()
                .filter(|g| contains_id(&haystack, &g.id)),
        );
    }
    let Some(game) = games.first() else {
        answer.simple(
            tx,
            &from,
            Kind::WhichGame,
            lang,
            &texts::captain_which_game(lang),
        )?;
        return Ok("captain: which game?".into());
    };
    let Some(player) = players.iter().find(|p| game.color_of(p).is_some()) else {
        return Ok("captain: no player of his in that game".into());
    };
    let color = game.color_of(player).unwrap_or(Color::White);
    // The core decides a captain's letter (issue 9 item 10): moves are never judged.
    let (handled, refused) = match game::handle_captain_letter(game, color, &msg.fresh_text, today)
    {
        game::CaptainLetter::Handled(h) => (h, false),
        game::CaptainLetter::PartlyRefused(h) => (h, true),
        game::CaptainLetter::MovesRefused => {
            answer.simple(tx, &from, Kind::Error, lang, &texts::captain_no_moves(lang))?;
            return Ok("captain: moves refused".into());
        }
    };
    if refused {
        answer.simple(tx, &from, Kind::Error, lang, &texts::captain_no_moves(lang))?;
    }
    if let Some(next) = &handled.record {
        tx.update_game(next)?;
    }
    let record = handled.record.as_ref().unwrap_or(game);
    carry_out(tx, config, answer, record, &handled, today)?;
    Ok(format!("captain for {player} in {}", game.id))
}
