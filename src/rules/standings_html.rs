//! The standings as one self-contained HTML page a federation can publish (`standings --format
//! html`): title, crosstable with colour marks, points, tie-break columns and the definitions
//! of the tie-breaks under the table (§709.2). UTF-8, inline CSS, no external resources; every
//! name is escaped. The generation date is an argument (the core reads no clock).

use std::fmt::Write as _;

use crate::rules::model::{Day, Lang};
use crate::rules::standings::{Game, Standings, definitions, fmt_num, rank_text};

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

const CSS: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#111}\
h1{font-size:1.4em}\
table{border-collapse:collapse;margin:1em 0}\
th,td{border:1px solid #999;padding:.25em .45em;text-align:center;white-space:nowrap}\
td.name{text-align:left}\
td.self{background:#ccc}\
span.r{display:inline-block;min-width:1.1em;padding:0 .15em;margin:0 .05em}\
span.w{background:#fff;border:1px solid #777}\
span.b{background:#333;color:#fff;border:1px solid #333}\
.defs{font-size:.9em;max-width:60em}\
.gen{font-size:.8em;color:#555}";

/// Render the page. `players` and `games` are those the standings were computed from; the
/// crosstable lists the players in standings order.
pub fn render_html(
    title: &str,
    players: &[String],
    games: &[Game],
    standings: &Standings,
    lang: Lang,
    generated: Day,
) -> String {
    let (h_rank, h_name, h_pts, h_games, h_gen, h_legend) = match lang {
        Lang::En => (
            "Rank",
            "Player",
            "Pts",
            "Games",
            "Generated",
            "1 win, ½ draw, 0 loss, + / − forfeit, * unfinished; white box: played with White, black box: with Black.",
        ),
        Lang::Ru => (
            "Место",
            "Игрок",
            "Очки",
            "Партии",
            "Составлено",
            "1 победа, ½ ничья, 0 поражение, + / − служебный результат, * партия не окончена; белый квадрат — белыми, чёрный — чёрными.",
        ),
        Lang::Bg => (
            "Място",
            "Играч",
            "Точки",
            "Партии",
            "Изготвено",
            "1 победа, ½ реми, 0 загуба, + / − служебен резултат, * незавършена партия; бяло поле — с белите, черно — с черните.",
        ),
    };
    let lang_code = match lang {
        Lang::En => "en",
        Lang::Ru => "ru",
        Lang::Bg => "bg",
    };
    let order: Vec<usize> = standings.rows.iter().map(|r| r.player).collect();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{lang_code}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{t}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{t}</h1>\n<table>\n<thead><tr>\
<th>{h_rank}</th><th>{h_name}</th>",
        t = escape(title),
    );
    for i in 1..=order.len() {
        let _ = write!(out, "<th>{i}</th>");
    }
    let _ = write!(out, "<th>{h_pts}</th><th>{h_games}</th>");
    for tb in &standings.tiebreaks {
        let _ = write!(
            out,
            "<th title=\"{}\">{}</th>",
            escape(tb.name()),
            escape(tb.short(lang))
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, row) in standings.rows.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"name\">{}. {}</td>",
            escape(&rank_text(row)),
            i + 1,
            escape(players.get(row.player).map_or(&row.name, |n| n))
        );
        for &opp in &order {
            if opp == row.player {
                out.push_str("<td class=\"self\"></td>");
                continue;
            }
            out.push_str("<td>");
            for game in games.iter().filter(|g| {
                (g.white == row.player && g.black == opp)
                    || (g.black == row.player && g.white == opp)
            }) {
                let white = game.white == row.player;
                let _ = write!(
                    out,
                    "<span class=\"r {}\">{}</span>",
                    if white { "w" } else { "b" },
                    game.outcome.mark(white)
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
            "<td><b>{}</b></td><td>{}</td>",
            fmt_num(row.points),
            games_cell
        );
        for v in &row.tiebreaks {
            let _ = write!(out, "<td>{}</td>", fmt_num(*v));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    let _ = writeln!(out, "<p class=\"defs\">{}</p>", escape(h_legend));
    out.push_str("<div class=\"defs\">\n");
    for line in definitions(&standings.tiebreaks, lang).lines() {
        let _ = writeln!(out, "<p>{}</p>", escape(line));
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<p class=\"gen\">{h_gen}: {}</p>\n</body>\n</html>",
        generated.format("%Y-%m-%d")
    );
    out
}
