//! The standings as one self-contained HTML page a federation can publish (`standings --format
//! html`): title, crosstable with colour marks, points, tie-break columns and the definitions
//! of the tie-breaks under the table (§709.2). UTF-8, inline CSS, no external resources; every
//! name is escaped. The generation date is an argument (the core reads no clock).

use std::fmt::Write as _;

use crate::rules::model::Day;
use crate::rules::standings::{Game, Standings, Word, Wording, definitions, fmt_num, rank_text};

/// Escape text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The page's style sheet; the site (`src/site/`) builds on it.
pub const CSS: &str = "\
:root{--ink:#1a1a1a;--muted:#5b6470;--line:#b8c0cc;--head:#1f3a5f;--stripe:#f3f6fa}\
*{box-sizing:border-box}\
body{font-family:'Segoe UI',system-ui,-apple-system,'DejaVu Sans',Arial,sans-serif;\
margin:2em auto;padding:0 1.5em;max-width:75em;color:var(--ink);line-height:1.4}\
h1{font-size:1.55em;margin:0 0 .15em}\
p.sub{margin:0 0 1.2em;color:var(--muted)}\
.scroll{overflow-x:auto}\
table{border-collapse:collapse;margin:0 0 1.2em;font-variant-numeric:tabular-nums}\
th,td{border:1px solid var(--line);padding:.3em .5em;text-align:center;white-space:nowrap}\
thead th{background:var(--head);color:#fff;font-weight:600;border-color:var(--head)}\
tbody tr:nth-child(even)>*{background:var(--stripe)}\
tbody tr:hover>*{background:#e6eef8}\
td.rank{font-weight:600}\
.name{text-align:left}\
tbody .name{font-weight:500}\
.name .no{display:inline-block;min-width:1.6em;color:var(--muted);font-weight:400}\
tbody tr>td.self{background:repeating-linear-gradient(45deg,#d5dae1 0 4px,#c3c9d2 4px 8px)}\
td.x{padding:.2em .25em}\
td.pts{font-weight:700;font-size:1.05em}\
td.tb{color:#333}\
span.r{display:inline-block;min-width:1.35em;padding:0 .2em;margin:0 .05em;border-radius:2px;\
line-height:1.35}\
span.w{background:#fff;border:1px solid #6b7480}\
span.b{background:#2b2f36;color:#fff;border:1px solid #2b2f36}\
.legend{color:var(--muted);font-size:.88em;margin:0 0 1em;max-width:60em}\
.defs{font-size:.92em;max-width:60em;border-top:1px solid var(--line);padding-top:.6em}\
.defs p{margin:.4em 0}\
.defs dl{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em;margin:.6em 0}\
.defs dt{font-weight:700}\
.defs dd{margin:0}\
footer{margin-top:1.5em;font-size:.8em;color:var(--muted)}\
@media print{body{margin:0;max-width:none}tbody tr:hover>*{background:inherit}\
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

/// A score as crosstables print it: `4½`, `½`, `9¾`, `14` (tie-breaks are multiples of ¼).
/// Avoids the decimal point, which is a comma in Bulgarian and Russian.
pub fn fmt_score(v: f64) -> String {
    let quarters = (v * 4.0).round() as i64;
    if (v * 4.0 - quarters as f64).abs() > 1e-9 {
        return fmt_num(v);
    }
    let (whole, frac) = (quarters.div_euclid(4), quarters.rem_euclid(4));
    let glyph = ["", "¼", "½", "¾"][frac as usize];
    match (whole, frac) {
        (0, f) if f > 0 => glyph.to_string(),
        (w, _) if w < 0 && frac > 0 => fmt_num(v),
        (w, _) => format!("{w}{glyph}"),
    }
}

/// The page's fixed words: rank, player, points, games, generated, as of, legend.
/// Render the page. `players` and `games` are those the standings were computed from; the
/// crosstable lists the players in standings order.
pub fn render_html(
    title: &str,
    players: &[String],
    games: &[Game],
    standings: &Standings,
    words: impl Wording,
    generated: Day,
) -> String {
    let (h_gen, h_asof) = (words.word(Word::Generated), words.word(Word::AsOf));
    let lang_code = words.word(Word::PageLang);
    let date = generated.format(words.word(Word::DateFormat)).to_string();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{lang_code}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"amici\">\n\
<title>{t}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<header>\n<h1>{t}</h1>\n\
<p class=\"sub\">{h_asof} {date}</p>\n</header>\n<main>\n",
        t = escape(title),
    );
    out.push_str(&crosstable_html(players, games, standings, words));
    out.push_str("</main>\n");
    let _ = writeln!(
        out,
        "<footer>{h_gen}: {} · amici</footer>\n</body>\n</html>",
        generated.format("%Y-%m-%d")
    );
    out
}

/// The crosstable, its legend and the tie-breaks' definitions (§709.2): the body of the
/// standings page, also set into the site's tournament page.
pub fn crosstable_html(
    players: &[String],
    games: &[Game],
    standings: &Standings,
    words: impl Wording,
) -> String {
    let [h_rank, h_name, h_pts, h_games, h_legend] = [
        Word::Rank,
        Word::Player,
        Word::Points,
        Word::Games,
        Word::Legend,
    ]
    .map(|w| words.word(w));
    let order: Vec<usize> = standings.rows.iter().map(|r| r.player).collect();
    let mut out = String::new();
    let _ = write!(
        out,
        "<div class=\"scroll\">\n<table>\n\
<thead><tr><th scope=\"col\">{h_rank}</th><th scope=\"col\" class=\"name\">{h_name}</th>"
    );
    for i in 1..=order.len() {
        let _ = write!(out, "<th scope=\"col\">{i}</th>");
    }
    let _ = write!(
        out,
        "<th scope=\"col\">{h_pts}</th><th scope=\"col\">{h_games}</th>"
    );
    for tb in &standings.tiebreaks {
        let _ = write!(
            out,
            "<th scope=\"col\" title=\"{}\">{}</th>",
            escape(tb.definition(words)),
            escape(tb.short(words))
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, row) in standings.rows.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td class=\"rank\">{}</td><th scope=\"row\" class=\"name\"><span class=\"no\">{}.</span> {}</th>",
            escape(&rank_text(row).replace('-', "–")),
            i + 1,
            escape(players.get(row.player).map_or(&row.name, |n| n))
        );
        for &opp in &order {
            if opp == row.player {
                out.push_str("<td class=\"self\"></td>");
                continue;
            }
            out.push_str("<td class=\"x\">");
            for game in games.iter().filter(|g| {
                (g.white == row.player && g.black == opp)
                    || (g.black == row.player && g.white == opp)
            }) {
                let white = game.white == row.player;
                let _ = write!(
                    out,
                    "<span class=\"r {}\">{}</span>",
                    if white { "w" } else { "b" },
                    game.outcome.mark(white).replace('-', "−")
                );
            }
            out.push_str("</td>");
        }
        let games_cell = if row.unfinished > 0 {
            format!("{} (+{}*)", row.games, row.unfinished)
        } else {
            row.games.to_string()
        };
        let _ = write!(
            out,
            "<td class=\"pts\">{}</td><td>{}</td>",
            fmt_score(row.points),
            games_cell
        );
        for v in &row.tiebreaks {
            let _ = write!(out, "<td class=\"tb\">{}</td>", fmt_score(*v));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
    let _ = writeln!(out, "<p class=\"legend\">{}</p>", escape(h_legend));
    // §709.2: how the standings are computed, under the table.
    definitions_html(&mut out, standings, words);
    out.push_str("</section>\n");
    out
}

/// §709.2: the definitions of the tie-breaks used, under the table — each tie-break a term
/// of a definition list, the other lines paragraphs.
fn definitions_html(out: &mut String, standings: &Standings, words: impl Wording) {
    out.push_str("<section class=\"defs\">\n");
    let mut in_list = false;
    for line in definitions(&standings.tiebreaks, words).lines() {
        let item = standings.tiebreaks.iter().find_map(|tb| {
            line.strip_prefix(tb.short(words))
                .and_then(|rest| rest.strip_prefix(": "))
                .map(|def| (tb.short(words), def))
        });
        match item {
            Some((short, def)) => {
                if !in_list {
                    out.push_str("<dl>\n");
                    in_list = true;
                }
                let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(short), escape(def));
            }
            None => {
                if in_list {
                    out.push_str("</dl>\n");
                    in_list = false;
                }
                let _ = writeln!(out, "<p>{}</p>", escape(line));
            }
        }
    }
    if in_list {
        out.push_str("</dl>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::fmt_score;

    #[test]
    fn scores_use_fraction_glyphs() {
        assert_eq!(fmt_score(4.5), "4½");
        assert_eq!(fmt_score(0.5), "½");
        assert_eq!(fmt_score(9.75), "9¾");
        assert_eq!(fmt_score(6.25), "6¼");
        assert_eq!(fmt_score(14.0), "14");
        assert_eq!(fmt_score(0.0), "0");
        assert_eq!(fmt_score(-1.5), "-1.5");
    }
}
