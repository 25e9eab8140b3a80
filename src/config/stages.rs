//! The keys of a tournament in stages (RULES.md §12a, INTERFACE.md): `rounds`, `tables`,
//! `round_days`, `bye_points`, `top`, `knockout_games`, `knockout_tie`, `requested_byes` —
//! each checked against the pairing and the number of players.

use toml::Spanned;

use super::check::Checker;
use super::raw::RawTournament;
use super::{Pairing, Stages};
use crate::rules::stage::{First, Tie};

/// RULES.md §12a defaults.
const ROUND_DAYS: u32 = 120;
const KNOCKOUT_GAMES: u32 = 2;

/// The stages of a `swiss` or `tables` tournament; `None` for the others, whose stage keys are
/// refused.
pub(super) fn validate(
    ck: &mut Checker<'_>,
    raw: &RawTournament,
    pairing: Pairing,
    players: usize,
) -> Option<Stages> {
    if !pairing.staged() {
        refuse_stage_keys(ck, raw);
        return None;
    }
    let first = first_stage(ck, raw, pairing, players)?;
    let top = raw.top.as_ref().map_or(0, |t| *t.get_ref());
    if let Some(t) = &raw.top
        && top != 0
        && (!top.is_power_of_two() || top < 2 || top as usize > players)
    {
        ck.at(
            Some(t.span()),
            format!(
                "top = {top}: expected 0 (no top) or 2, 4, 8, 16 … up to the {players} players"
            ),
        );
    }
    let round_days = raw.round_days.as_ref().map_or(ROUND_DAYS, |d| *d.get_ref());
    if let Some(d) = raw.round_days.as_ref().filter(|d| *d.get_ref() == 0) {
        ck.at(Some(d.span()), "round_days: expected at least 1 day");
    }
    let knockout_games = raw
        .knockout_games
        .as_ref()
        .map_or(KNOCKOUT_GAMES, |k| *k.get_ref());
    if let Some(k) = raw.knockout_games.as_ref().filter(|k| *k.get_ref() == 0) {
        ck.at(
            Some(k.span()),
            "knockout_games: expected at least 1 game a match",
        );
    }
    let bye = raw.bye_points.as_ref().map_or(1.0, |b| *b.get_ref());
    let halves = bye * 2.0;
    let bye_halves = if [0.0, 1.0, 2.0].contains(&halves) {
        halves as u32
    } else {
        if let Some(b) = &raw.bye_points {
            ck.at(
                Some(b.span()),
                format!("bye_points = {bye}: expected 0, 0.5 or 1"),
            );
        }
        2
    };
    Some(Stages {
        first,
        round_days,
        bye_halves,
        top,
        knockout_games,
        tie: raw.knockout_tie.unwrap_or(Tie::Seed),
        requested_byes: raw.requested_byes.unwrap_or(false),
    })
}

/// A tournament that is not in stages: every stage key given is an error.
fn refuse_stage_keys(ck: &mut Checker<'_>, raw: &RawTournament) {
    let keys: [(&str, Option<std::ops::Range<usize>>); 6] = [
        ("rounds", raw.rounds.as_ref().map(Spanned::span)),
        ("tables", raw.tables.as_ref().map(Spanned::span)),
        ("round_days", raw.round_days.as_ref().map(Spanned::span)),
        ("bye_points", raw.bye_points.as_ref().map(Spanned::span)),
        ("top", raw.top.as_ref().map(Spanned::span)),
        (
            "knockout_games",
            raw.knockout_games.as_ref().map(Spanned::span),
        ),
    ];
    // Keys read without their place in the file: named at the tournament's id.
    let unplaced = [
        ("knockout_tie", raw.knockout_tie.is_some()),
        ("requested_byes", raw.requested_byes.is_some()),
    ]
    .into_iter()
    .filter(|(_, given)| *given)
    .map(|(key, _)| (key, Some(raw.id.span())));
    for (key, span) in keys
        .into_iter()
        .filter(|(_, s)| s.is_some())
        .chain(unplaced)
    {
        ck.at(
            span,
            format!("{key} is only used with pairing = \"swiss\" or \"tables\""),
        );
    }
}

/// The first stage: `rounds` of a Swiss, `tables` of the round-robin tables.
fn first_stage(
    ck: &mut Checker<'_>,
    raw: &RawTournament,
    pairing: Pairing,
    players: usize,
) -> Option<First> {
    let first = match pairing {
        Pairing::Swiss => {
            if let Some(t) = &raw.tables {
                ck.at(
                    Some(t.span()),
                    "tables is only used with pairing = \"tables\"",
                );
            }
            match &raw.rounds {
                None => {
                    ck.at(
                        Some(raw.id.span()),
                        "pairing = \"swiss\" needs `rounds = N` (the number of Swiss rounds)",
                    );
                    return None;
                }
                Some(r) if *r.get_ref() == 0 || *r.get_ref() as usize >= players.max(1) => {
                    ck.at(
                        Some(r.span()),
                        format!(
                            "rounds = {}: a Swiss of {players} players has 1 to {} rounds",
                            r.get_ref(),
                            players.saturating_sub(1)
                        ),
                    );
                    return None;
                }
                Some(r) => First::Swiss {
                    rounds: *r.get_ref(),
                },
            }
        }
        _ => {
            if let Some(r) = &raw.rounds {
                ck.at(
                    Some(r.span()),
                    "rounds is only used with pairing = \"swiss\"",
                );
            }
            match &raw.tables {
                None => {
                    ck.at(
                        Some(raw.id.span()),
                        "pairing = \"tables\" needs `tables = N` (the number of round-robin tables)",
                    );
                    return None;
                }
                Some(t) if *t.get_ref() == 0 || (*t.get_ref() as usize) * 2 > players => {
                    ck.at(
                        Some(t.span()),
                        format!(
                            "tables = {}: {players} players make at most {} tables of two or more",
                            t.get_ref(),
                            players / 2
                        ),
                    );
                    return None;
                }
                Some(t) => First::Tables {
                    tables: *t.get_ref(),
                },
            }
        }
    };
    Some(first)
}
