//! A player's letter: which game it is about (INTERFACE.md "Letters in"), then the core's
//! decision on it, persisted with its replies. The shell's part is the facts the core cannot
//! know — the tablebase's verdict on the position (§707.3), the player's leave book (Art. 46),
//! the day the move is forwarded (RULES.md §3) — and stores what the core asks it to.

use chrono::{DateTime, FixedOffset};
use shakmaty::Color;

use crate::config::Config;
use crate::mail::inbound::Inbound;
use crate::mail::texts;
use crate::rules::game::{self, GameRecord};
use crate::rules::model::{Day, Kind, Lang};
use crate::store::Tx;

use super::{Answer, Result, carry_out, local_day};

/// A player's letter: the game chosen, the letter decided, the new record and every reply
/// stored.
pub(super) fn letter(
    tx: &Tx<'_>,
    config: &Config,
    answer: &mut Answer<'_>,
    msg: &Inbound,
    lang: Lang,
    today: Day,
    now: DateTime<FixedOffset>,
) -> Result<String> {
    let from = answer.sender.clone();
    let (games, by_thread) = candidates(tx, config, msg, &from)?;
    let haystack = format!("{}\n{}", msg.subject, msg.fresh_text);
    let Some(game) = choose(config, &games, by_thread, &haystack, &from) else {
        let list: Vec<String> = games
            .iter()
            .map(|g| {
                format!(
                    "  {}: {} – {}",
                    g.id,
                    config.name_of(&g.white),
                    config.name_of(&g.black)
                )
            })
            .collect();
        answer.simple(
            tx,
            &from,
            Kind::WhichGame,
            lang,
            &texts::which_game(lang, &list),
        )?;
        return Ok("which game?".into());
    };
    let color = game.color_of(&from).unwrap_or(Color::White);
    let book = tx.leave_book(&from)?;
    let facts = game::LetterFacts {
        proof: proof(config, game),
        leave: Some(&book),
        forwarded: Some(local_day(config, now)),
    };
    let handled = game::handle_player_letter(game, color, &msg.fresh_text, today, facts);
    if let Some(next) = &handled.record {
        tx.update_game(next)?;
    }
    let record = handled.record.as_ref().unwrap_or(game);
    carry_out(tx, config, answer, record, &handled, today)?;
    Ok(format!(
        "game {}: {} effect(s)",
        game.id,
        handled.effects.len()
    ))
}

/// §707.3: with tablebases configured, their verdict on a position they cover — a fact of the
/// position, given to the core, which uses it only when the letter claims a win or a draw.
fn proof(config: &Config, game: &GameRecord) -> Option<game::Proof> {
    let dir = config
        .tournament(&game.tournament)
        .and_then(|t| t.tablebases.as_deref())?;
    let pos = game.position();
    crate::tablebase::few_pieces(&pos)
        .then(|| crate::tablebase::prove(dir, &pos))
        .flatten()
}

/// The games the letter may be about: the one its thread names (a reply to one of amici's
/// messages) or the one game id in its subject; else all the sender's games. `true` when
/// the thread or the subject named it.
fn candidates(
    tx: &Tx<'_>,
    config: &Config,
    msg: &Inbound,
    from: &str,
) -> Result<(Vec<GameRecord>, bool)> {
    for id in msg.in_reply_to.iter().chain(msg.references.iter().rev()) {
        if let Some(gid) = tx.game_of_message(id)?
            && let Some(g) = tx.game(&gid)?
            && g.color_of(from).is_some()
        {
            return Ok((vec![g], true));
        }
    }
    let mut named: Vec<GameRecord> = Vec::new();
    for id in game_ids_in(config, &msg.subject) {
        if let Some(g) = tx.game(&id)?
            && g.color_of(from).is_some()
            && !named.iter().any(|n| n.id == g.id)
        {
            named.push(g);
        }
    }
    if named.len() == 1 {
        return Ok((named, true));
    }
    Ok((tx.games_of(from)?, false))
}

/// Which of the candidates (INTERFACE.md "Letters in"): the named one; else the one whose id
/// or opponent's name the letter writes; else the one where it is the sender's turn; else his
/// only game. `None`: ask him.
fn choose<'g>(
    config: &Config,
    games: &'g [GameRecord],
    by_thread: bool,
    haystack: &str,
    from: &str,
) -> Option<&'g GameRecord> {
    if by_thread {
        return games.first();
    }
    let one = |found: Vec<&'g GameRecord>| (found.len() == 1).then(|| found[0]);
    let by_id = one(games
        .iter()
        .filter(|g| contains_id(haystack, &g.id))
        .collect());
    let lower = haystack.to_lowercase();
    let by_name = || {
        one(games
            .iter()
            .filter(|g| {
                let opp = if g.white.eq_ignore_ascii_case(from) {
                    &g.black
                } else {
                    &g.white
                };
                let name = config.name_of(opp).to_lowercase();
                lower.contains(&name)
                    || name
                        .split_whitespace()
                        .any(|part| part.chars().count() >= 4 && lower.contains(part))
            })
            .collect())
    };
    let by_turn = || {
        one(games
            .iter()
            .filter(|g| {
                g.to_move()
                    .is_some_and(|c| g.address(c).eq_ignore_ascii_case(from))
            })
            .collect())
    };
    by_id
        .or_else(by_name)
        .or_else(by_turn)
        .or_else(|| one(games.iter().collect()))
}

/// The game ids (`<tournament id>/<n>`) of configured tournaments written in `text`.
pub(super) fn game_ids_in(config: &Config, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for t in &config.tournaments {
        let prefix = format!("{}/", t.id);
        for (i, _) in text.match_indices(&prefix) {
            let digits: String = text[i + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let before = text[..i].chars().next_back();
            if !digits.is_empty() && !before.is_some_and(|c| c.is_alphanumeric()) {
                out.push(format!("{prefix}{digits}"));
            }
        }
    }
    out
}

/// Does `text` name this game id as a word (`T1/3`, not `T1/33`)?
pub(super) fn contains_id(text: &str, id: &str) -> bool {
    text.match_indices(id).any(|(i, _)| {
        let after = text[i + id.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_digit())
    })
}
