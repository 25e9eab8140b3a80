//! The `[site]` section (issue 14): where the static site is written after each batch, and how
//! far behind running games are published. Its own room, so the long `parse` stays as it was.

use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;
use toml::de::DeValue;

use super::*;

/// How running games are published on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublishDelay {
    /// The last `n` moves of each side are held back (0: live). ICCF publishes five behind, so
    /// that nobody can follow a game move by move for help.
    Moves(u32),
    /// `"none"`: running games are not published at all, only finished ones.
    FinishedOnly,
}

/// `[site]`: the static site (`amici site`, and after each batch of `amici run`).
#[derive(Clone, Debug, PartialEq)]
pub struct Site {
    /// Regenerate the site into this folder after each processed batch; `None`: only on
    /// `amici site --out DIR`.
    pub dir: Option<PathBuf>,
    pub publish_delay: PublishDelay,
}

impl Default for Site {
    fn default() -> Site {
        Site {
            dir: None,
            publish_delay: PublishDelay::Moves(5),
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum RawDelay {
    Moves(i64),
    Word(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSite {
    pub(super) dir: Option<String>,
    pub(super) publish_delay_moves: Option<Spanned<RawDelay>>,
}

/// Validates `[site]`; `resolve` anchors a relative `dir` at the config file's folder.
pub(super) fn validate_site(
    ck: &mut Checker<'_>,
    value: Option<&Spanned<DeValue<'_>>>,
    resolve: &dyn Fn(&str) -> PathBuf,
) -> Site {
    let Some(value) = value else {
        return Site::default();
    };
    let Some(raw) = ck.section::<RawSite>("[site]", value) else {
        return Site::default();
    };
    let publish_delay = match raw.publish_delay_moves {
        None => PublishDelay::Moves(5),
        Some(d) => match d.get_ref() {
            RawDelay::Moves(n) if (0..=1000).contains(n) => PublishDelay::Moves(*n as u32),
            RawDelay::Word(w) if w.trim().eq_ignore_ascii_case("none") => {
                PublishDelay::FinishedOnly
            }
            _ => {
                ck.at(
                    Some(d.span()),
                    "[site] publish_delay_moves: expected a number of moves (0 = live, \
                     5 = ICCF's delay) or \"none\" (finished games only)",
                );
                PublishDelay::Moves(5)
            }
        },
    };
    let dir = raw.dir.as_deref().map(str::trim).filter(|d| !d.is_empty());
    Site {
        dir: dir.map(resolve),
        publish_delay,
    }
}
