//! Removes what the player did not write from a letter's text: quoted lines, the attribution
//! above a quote, Outlook's quoted header block, and the signature. What is left is what the
//! rules read, so a quoted move (the bot's own echo of the opponent's move) can never be taken
//! for a new one (INTERFACE.md "Letters in": quoted text and signatures are never read as moves).
//!
//! The rules, in order, line by line:
//! - a line starting with `>` (any depth, `> >` too) is dropped, and only that line, so a player
//!   who answers below or between quoted lines keeps their text;
//! - an attribution line ("On … wrote:", "… написа:", "… писал(а):", "Am … schrieb …:", also split
//!   over two lines as Gmail wraps it) is dropped; if the quote under it is not `>`-marked (an
//!   HTML client's quote turned to text), everything from it on is dropped;
//! - an Outlook separator ("-----Original Message-----", "-----Исходное сообщение-----",
//!   "-----Оригинално съобщение-----", a long `____` rule) or Outlook's "From:/Sent:/To:/Subject:"
//!   header block (also "От:/Изпратено:/Отправлено:/Кому:/До:/Тема:/Относно:", "Von:/Gesendet:")
//!   drops everything from it on: Outlook quotes are unmarked;
//! - a signature delimiter (`-- ` or `--` alone on a line) and mobile footers ("Sent from my
//!   iPhone", "Отправлено с iPhone", "Изпратено от …") drop everything from them on.

use regex::Regex;
use std::sync::LazyLock;

/// Verbs that end an attribution line, in the languages the players write.
static ATTRIBUTION_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(\bwrote|\bнаписа|\bнаписал|\bнаписала|\bнаписал\(а\)|\bписал|\bписала|\bписал\(а\)|\bпише|\ba écrit|\bescribió|\bscrisse|\bschreef|\bnapisał\(a\)|\bnapisał)\s*:\s*$",
    )
    .expect("static regex")
});

/// German puts the verb before the name: "Am 01.12.2026 um 10:00 schrieb Hans <h@x.de>:".
static ATTRIBUTION_SCHRIEB: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bschrieb\b.*:\s*$").expect("static regex"));

/// Words an attribution begins with when Gmail wraps it over two lines.
static ATTRIBUTION_START: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(on|am|на|le|el|il|op|w dniu|dne)\s").expect("static regex")
});

static OUTLOOK_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\s*(([-_=]{2,}\s*(original message|original e-?mail|forwarded message|исходное сообщение|исходное письмо|пересылаемое сообщение|пересылаемое письмо|оригинално съобщение|оригинално писмо|препратено съобщение|препратено писмо|ursprüngliche nachricht|weitergeleitete nachricht)\s*[-_=]{2,})|begin forwarded message:|начало переадресованного сообщения:|начало на препратеното съобщение:)\s*$",
    )
    .expect("static regex")
});

/// Outlook's rule line above its quoted header block.
static RULE_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*_{10,}\s*$").expect("static regex"));

static HEADER_FROM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*\**\s*(from|от|von|de|od)\s*:\s*\**\s*\S").expect("static regex")
});

static HEADER_OTHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\s*\**\s*(sent|date|to|cc|subject|отправлено|изпратено|дата|кому|до|копия|копие|тема|относно|gesendet|datum|an|betreff|envoyé|à|objet)\s*:",
    )
    .expect("static regex")
});

static MOBILE_FOOTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\s*(sent from my |sent from (mail|outlook|yahoo|samsung|gmail)|sent with |get outlook for |sent via |отправлено с |отправлено из |изпратено от |изпратено с |von meinem .* gesendet|gesendet von )",
    )
    .expect("static regex")
});

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

fn is_signature_delimiter(line: &str) -> bool {
    // `-- ` is the standard (RFC 3676 §4.3); clients that trim trailing spaces leave `--`.
    line.trim_end() == "--"
}

/// An attribution ending on line `i`, or starting on `i` and ending on `i + 1`: the number of
/// lines it spans.
fn attribution_at(lines: &[&str], i: usize) -> Option<usize> {
    let line = lines[i];
    // Bounded lengths: an attribution is one short sentence, and the regexes stay cheap.
    if line.len() <= 400 && is_attribution_line(line) {
        return Some(1);
    }
    let next = *lines.get(i + 1)?;
    if line.trim().is_empty() || is_quoted(line) || line.len() > 400 || next.len() > 400 {
        return None;
    }
    if is_attribution_line(next)
        && (ATTRIBUTION_START.is_match(line) || line.contains('<') || line.contains('@'))
    {
        return Some(2);
    }
    None
}

fn is_attribution_line(line: &str) -> bool {
    if is_quoted(line) {
        return false;
    }
    ATTRIBUTION_END.is_match(line)
        || ATTRIBUTION_SCHRIEB.is_match(line)
        || (line.trim_end().ends_with(">:") && line.contains('@'))
}

/// Outlook's quoted header block: a `From:` line followed within six lines by at least two of
/// `Sent:`/`Date:`/`To:`/`Cc:`/`Subject:` (or their Bulgarian, Russian, German forms).
fn outlook_header_block_at(lines: &[&str], i: usize) -> bool {
    if !HEADER_FROM.is_match(lines[i]) {
        return false;
    }
    lines
        .iter()
        .skip(i + 1)
        .take(6)
        .filter(|l| HEADER_OTHER.is_match(l))
        .count()
        >= 2
}

/// The next non-blank line after `from` (inclusive) is `>`-quoted.
fn quote_follows(lines: &[&str], from: usize) -> bool {
    lines
        .iter()
        .skip(from)
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| is_quoted(l))
}

/// `text` without quoted parts and signature; the player's own lines are kept as written.
pub fn strip_quotes_and_signature(text: &str) -> String {
    let normalized;
    let text = if text.contains('\r') {
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    let lines: Vec<&str> = text.split('\n').collect();
    let mut kept: Vec<&str> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_quoted(line) {
            i += 1;
            continue;
        }
        if is_signature_delimiter(line)
            // A footer is a short line of its own; a longer one may carry the player's words.
            || (line.len() <= 80 && MOBILE_FOOTER.is_match(line))
            || OUTLOOK_SEPARATOR.is_match(line)
            || outlook_header_block_at(&lines, i)
            || (RULE_LINE.is_match(line)
                && (i + 1..(i + 3).min(lines.len())).any(|j| outlook_header_block_at(&lines, j)))
        {
            break;
        }
        if let Some(span) = attribution_at(&lines, i) {
            if quote_follows(&lines, i + span) {
                i += span;
                continue;
            }
            // An unmarked quote under an attribution: everything below is the quote.
            break;
        }
        kept.push(line);
        i += 1;
    }
    // Drop the blank lines and bare rule lines left at the ends.
    while kept
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim().chars().all(|c| c == '_'))
    {
        kept.pop();
    }
    let first = kept
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(kept.len());
    kept[first..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::strip_quotes_and_signature as strip;

    #[test]
    fn quoted_lines_of_any_depth_are_removed() {
        let t = "13. Nc3\n> 12...Nf6\n> > 11. e4\n>> 10. d4\n  > 9. c4\nthanks";
        assert_eq!(strip(t), "13. Nc3\nthanks");
    }

    #[test]
    fn answer_below_quote_is_kept() {
        let t = "On Tue, 1 Dec 2026 at 10:00, Amici <bot@x.org> wrote:\n> Your move?\n\n13. Nc3";
        assert_eq!(strip(t), "13. Nc3");
    }

    #[test]
    fn english_attribution_with_quote() {
        let t = "13. Nc3\n\nOn Tue, 1 Dec 2026 at 10:00, Amici <bot@x.org> wrote:\n> 12...Nf6";
        assert_eq!(strip(t), "13. Nc3");
    }

    #[test]
    fn gmail_attribution_split_over_two_lines() {
        let t = "13. Nc3\n\nOn Tue, 1 Dec 2026 at 10:00, Amici Chess Arbiter <\nbot@example.org> wrote:\n\n> 12...Nf6";
        assert_eq!(strip(t), "13. Nc3");
    }

    #[test]
    fn unmarked_quote_under_attribution_is_dropped() {
        let t = "13. Nc3\nOn Tue, 1 Dec 2026, Amici <bot@x.org> wrote:\n12...Nf6 was played";
        assert_eq!(strip(t), "13. Nc3");
    }

    #[test]
    fn bulgarian_attribution() {
        let t = "13. Кc3\nНа 1.12.2026 г. в 10:00, Амичи <bot@x.org> написа:\n12... Кf6";
        assert_eq!(strip(t), "13. Кc3");
    }

    #[test]
    fn russian_attributions() {
        for verb in ["писал(а)", "писал", "написал(а)", "написала", "писала"]
        {
            let t = format!(
                "13. Кc3\n1 декабря 2026 г., в 10:00, Амичи <bot@x.org> {verb}:\n12... Кf6"
            );
            assert_eq!(strip(&t), "13. Кc3", "{verb}");
        }
    }

    #[test]
    fn mailru_style_attribution_with_address_and_colon() {
        let t =
            "13. Кc3\n\nВторник, 1 декабря 2026, 10:00 +03:00 от Амичи <bot@x.org>:\n> 12... Кf6";
        assert_eq!(strip(t), "13. Кc3");
    }

    #[test]
    fn german_attribution() {
        let t = "13. Sc3\nAm 01.12.2026 um 10:00 schrieb Amici <bot@x.org>:\n> 12... Sf6";
        assert_eq!(strip(t), "13. Sc3");
    }

    #[test]
    fn outlook_original_message_blocks() {
        for sep in [
            "-----Original Message-----",
            "-----Исходное сообщение-----",
            "-----Оригинално съобщение-----",
            "-------- Оригинално писмо --------",
            "-------- Пересылаемое сообщение --------",
            "Begin forwarded message:",
        ] {
            let t = format!("13. Nc3\n\n{sep}\nFrom: Amici\n12...Nf6");
            assert_eq!(strip(&t), "13. Nc3", "{sep}");
        }
    }

    #[test]
    fn outlook_header_blocks_in_three_languages() {
        let blocks = [
            "From: Amici <bot@x.org>\nSent: Tuesday, December 1, 2026 10:00\nTo: Ivan\nSubject: Game 1",
            "От: Amici <bot@x.org>\nИзпратено: 1 декември 2026 г. 10:00\nДо: Иван\nОтносно: Партия 1",
            "От: Amici <bot@x.org>\nОтправлено: 1 декабря 2026 г. 10:00\nКому: Иван\nТема: Партия 1",
            "*From:* Amici <bot@x.org>\n*Sent:* Tuesday\n*To:* Ivan\n*Subject:* Game 1",
        ];
        for b in blocks {
            let t = format!("13. Nc3\n\n________________________________\n{b}\n\n12...Nf6");
            assert_eq!(strip(&t), "13. Nc3", "{b}");
            let t = format!("13. Nc3\n{b}\n\n12...Nf6");
            assert_eq!(strip(&t), "13. Nc3", "{b}");
        }
    }

    #[test]
    fn a_single_from_line_is_not_a_header_block() {
        let t = "From: Ivan, my move\n13. Nc3";
        assert_eq!(strip(t), t);
    }

    #[test]
    fn signature_delimiters() {
        assert_eq!(strip("13. Nc3\n-- \nIvan Petrov\n14. Nd5"), "13. Nc3");
        assert_eq!(strip("13. Nc3\n--\nIvan Petrov\n14. Nd5"), "13. Nc3");
        // A longer dash rule is not a signature delimiter.
        assert_eq!(strip("13. Nc3\n---\n14. Nd5"), "13. Nc3\n---\n14. Nd5");
    }

    #[test]
    fn mobile_footers() {
        for f in [
            "Sent from my iPhone",
            "Sent from my Galaxy",
            "Get Outlook for Android",
            "Отправлено с iPhone",
            "Изпратено от моя iPhone",
            "Von meinem iPhone gesendet",
        ] {
            let t = format!("13. Nc3\n\n{f}\n\n> On Tue, bot wrote:\n> 12...Nf6");
            assert_eq!(strip(&t), "13. Nc3", "{f}");
        }
    }

    #[test]
    fn crlf_and_text_above_are_kept() {
        let t = "Hello,\r\n\r\n13. Nc3 14. Nd5\r\n\r\nIvan\r\n> quoted";
        assert_eq!(strip(t), "Hello,\n\n13. Nc3 14. Nd5\n\nIvan");
    }

    #[test]
    fn plain_text_is_untouched() {
        let t = "1. e4 e5 2. Nf3\nI wrote this myself: 3. Bb5";
        assert_eq!(strip(t), t);
    }
}
