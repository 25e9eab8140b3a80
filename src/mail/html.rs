//! HTML → readable plain text for letters that arrive as HTML only: block elements become line
//! breaks, entities are decoded, and `<blockquote>` content comes out as `> ` quoted lines so that
//! the quote stripper removes it (a quoted move must never reach the rules).
//!
//! A single linear pass over the input, no recursion, output capped by the caller's limit: it is
//! fed untrusted bytes from the network.

/// Elements whose content is never shown to a reader. Not `head` (letters often never close
/// it, and everything in it that has text is listed here) nor `noscript` (mail readers run no
/// scripts, so they show it).
const HIDDEN: &[&str] = &["script", "style", "title", "template"];

/// Elements that start and end a line.
const BLOCK: &[&str] = &[
    "p", "div", "br", "tr", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
    "table", "thead", "tbody", "tfoot", "pre", "hr", "section", "article", "header", "footer",
    "address", "center", "form", "fieldset", "figure", "main", "nav", "aside", "body", "html",
];

/// Renders `html` as plain text of at most about `max_bytes` bytes.
pub fn html_to_text(html: &str, max_bytes: usize) -> String {
    let mut out = Renderer::new(max_bytes);
    let bytes = html.as_bytes();
    let mut i = 0;
    // While inside a hidden element, the name of the element whose end tag we wait for.
    let mut hidden: Option<&'static str> = None;
    let mut pre_depth = 0usize;
    while i < bytes.len() && !out.full() {
        let b = bytes[i];
        if b == b'<' {
            // Comment: skip to `-->` (or the end).
            if bytes[i..].starts_with(b"<!--") {
                i = find(bytes, i + 4, b"-->").map_or(bytes.len(), |e| e + 3);
                continue;
            }
            if let Some(tag) = parse_tag(bytes, i) {
                i = tag.end;
                let name = tag.name.as_str();
                if let Some(h) = hidden {
                    if tag.closing && name == h {
                        hidden = None;
                    }
                    continue;
                }
                if !tag.closing
                    && !tag.self_closing
                    && let Some(h) = HIDDEN.iter().find(|h| **h == name)
                {
                    hidden = Some(h);
                    continue;
                }
                match name {
                    "blockquote" => {
                        out.newline();
                        if tag.closing {
                            out.quote_depth = out.quote_depth.saturating_sub(1);
                        } else {
                            // Bounded so that 10,000 nested blockquotes cannot blow up each line.
                            out.quote_depth = (out.quote_depth + 1).min(16);
                        }
                    }
                    "pre" => {
                        out.newline();
                        if tag.closing {
                            pre_depth = pre_depth.saturating_sub(1);
                        } else {
                            pre_depth = (pre_depth + 1).min(64);
                        }
                    }
                    "td" | "th" => out.space(),
                    "img" => {
                        if let Some(alt) = tag.alt {
                            out.push_text(&alt, false);
                        }
                    }
                    _ if BLOCK.contains(&name) => {
                        out.newline();
                        if name == "p" && tag.closing {
                            out.blank_line();
                        }
                    }
                    _ => {}
                }
                continue;
            }
            // A lone `<` that opens no tag is text.
        }
        // Text run up to the next `<`.
        let end = memchr(bytes, i + 1, b'<').unwrap_or(bytes.len());
        if hidden.is_none() {
            // `i` and `end` are on ASCII `<` positions or the ends, so char boundaries.
            let raw = &html[i..end];
            let text = decode_entities(raw);
            out.push_text(&text, pre_depth > 0);
        }
        i = end;
    }
    out.finish()
}

/// The output being built, line by line, with the quote depth of each line.
struct Renderer {
    lines: Vec<String>,
    line: String,
    line_depth: usize,
    quote_depth: usize,
    pending_space: bool,
    size: usize,
    max_bytes: usize,
}

impl Renderer {
    fn new(max_bytes: usize) -> Self {
        Renderer {
            lines: Vec::new(),
            line: String::new(),
            line_depth: 0,
            quote_depth: 0,
            pending_space: false,
            size: 0,
            max_bytes,
        }
    }

    fn full(&self) -> bool {
        self.size >= self.max_bytes
    }

    fn push_text(&mut self, text: &str, pre: bool) {
        for ch in text.chars() {
            if self.full() {
                return;
            }
            if pre {
                if ch == '\n' {
                    self.newline_always();
                } else if ch != '\r' {
                    self.push_char(ch);
                }
            } else if ch.is_whitespace() && ch != '\u{a0}' {
                self.pending_space = true;
            } else {
                if self.pending_space && !self.line.is_empty() {
                    self.push_char(' ');
                }
                self.pending_space = false;
                self.push_char(if ch == '\u{a0}' { ' ' } else { ch });
            }
        }
    }

    fn push_char(&mut self, ch: char) {
        if self.line.is_empty() {
            self.line_depth = self.quote_depth;
        }
        self.line.push(ch);
        self.size += ch.len_utf8();
    }

    fn space(&mut self) {
        self.pending_space = true;
    }

    /// Ends the current line if it has text (block boundaries do not stack up blank lines).
    fn newline(&mut self) {
        self.pending_space = false;
        if !self.line.is_empty() {
            self.newline_always();
        }
    }

    fn newline_always(&mut self) {
        let depth = if self.line.is_empty() {
            self.quote_depth
        } else {
            self.line_depth
        };
        let mut l = String::with_capacity(self.line.len() + depth * 2);
        for _ in 0..depth {
            l.push('>');
        }
        if depth > 0 && !self.line.is_empty() {
            l.push(' ');
        }
        l.push_str(self.line.trim_end());
        self.size += depth + 2;
        self.lines.push(l);
        self.line.clear();
    }

    fn blank_line(&mut self) {
        if self.lines.last().is_some_and(|l| !l.trim().is_empty()) {
            self.lines.push(String::new());
            self.size += 1;
        }
    }

    fn finish(mut self) -> String {
        self.newline();
        let mut s = self.lines.join("\n");
        let trimmed = s.trim_end().len();
        s.truncate(trimmed);
        s
    }
}

struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
    alt: Option<String>,
    end: usize,
}

/// Reads the tag starting at `bytes[start] == b'<'`; `None` if this `<` opens no tag.
fn parse_tag(bytes: &[u8], start: usize) -> Option<Tag> {
    let mut i = start + 1;
    let closing = bytes.get(i) == Some(&b'/');
    if closing {
        i += 1;
    }
    let first = *bytes.get(i)?;
    if first == b'!' || first == b'?' {
        // Doctype or processing instruction: skip it entirely.
        let end = memchr(bytes, i, b'>').map_or(bytes.len(), |e| e + 1);
        return Some(Tag {
            name: String::new(),
            closing: true,
            self_closing: true,
            alt: None,
            end,
        });
    }
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let name_start = i;
    while i < bytes.len()
        && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'-' || bytes[i] == b':')
    {
        i += 1;
    }
    let name = String::from_utf8_lossy(&bytes[name_start..i]).to_ascii_lowercase();
    // Attributes: scan to `>` honouring quoted values.
    let attr_start = i;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b'>' => break,
            None => {}
        }
        i += 1;
    }
    let attrs = &bytes[attr_start..i.min(bytes.len())];
    let end = (i + 1).min(bytes.len());
    let self_closing = attrs.last() == Some(&b'/');
    let alt = if name == "img" {
        attr_value(attrs, b"alt")
    } else {
        None
    };
    Some(Tag {
        name,
        closing,
        self_closing,
        alt,
        end,
    })
}

/// The value of attribute `key` (lower-case) in an attribute run, entity-decoded.
fn attr_value(attrs: &[u8], key: &[u8]) -> Option<String> {
    let lower: Vec<u8> = attrs.iter().map(|b| b.to_ascii_lowercase()).collect();
    let mut from = 0;
    while let Some(pos) = find(&lower, from, key) {
        from = pos + 1;
        let before_ok = pos == 0 || lower[pos - 1].is_ascii_whitespace();
        let mut j = pos + key.len();
        while j < lower.len() && lower[j].is_ascii_whitespace() {
            j += 1;
        }
        if !before_ok || lower.get(j) != Some(&b'=') {
            continue;
        }
        j += 1;
        while j < lower.len() && lower[j].is_ascii_whitespace() {
            j += 1;
        }
        let (start, end) = match attrs.get(j) {
            Some(&q) if q == b'"' || q == b'\'' => {
                let s = j + 1;
                (s, memchr(attrs, s, q).unwrap_or(attrs.len()))
            }
            Some(_) => {
                let e = (j..attrs.len())
                    .find(|&k| attrs[k].is_ascii_whitespace())
                    .unwrap_or(attrs.len());
                (j, e)
            }
            None => return None,
        };
        let v = String::from_utf8_lossy(&attrs[start..end]);
        return Some(decode_entities(&v));
    }
    None
}

/// Decodes character references: named ones a letter is likely to hold, and all numeric ones.
pub fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        // An entity is at most a few dozen characters and ends with `;` (tolerated missing).
        let end = after
            .bytes()
            .take(32)
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'#')
            .count();
        let name = &after[..end];
        let decoded = entity(name);
        match decoded {
            Some(ch) => {
                out.push(ch);
                let consumed = if after[end..].starts_with(';') {
                    end + 1
                } else {
                    end
                };
                rest = &after[consumed..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = if let Some(hex) = num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
            u32::from_str_radix(hex, 16).ok()?
        } else {
            num.parse::<u32>().ok()?
        };
        // NUL and invalid scalars become the replacement character, as browsers do.
        return Some(
            char::from_u32(code)
                .filter(|c| *c != '\0')
                .unwrap_or('\u{fffd}'),
        );
    }
    Some(match name {
        "amp" | "AMP" => '&',
        "lt" | "LT" => '<',
        "gt" | "GT" => '>',
        "quot" | "QUOT" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "laquo" => '«',
        "raquo" => '»',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "bdquo" => '„',
        "copy" => '©',
        "reg" => '®',
        "deg" => '°',
        "middot" => '·',
        "bull" => '•',
        "times" => '×',
        "frac12" => '½',
        "shy" => '\u{ad}',
        "zwnj" => '\u{200c}',
        "zwj" => '\u{200d}',
        "euro" => '€',
        "numero" => '№',
        _ => return None,
    })
}

fn memchr(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    bytes
        .get(from..)?
        .iter()
        .position(|&b| b == needle)
        .map(|p| p + from)
}

fn find(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(from);
    }
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_become_lines_and_entities_decode() {
        let t = html_to_text(
            "<html><head><title>x</title><style>p{}</style></head><body><p>13. Nc3 &amp; draw?</p><div>Ivan&nbsp;Petrov</div>a<br>b</body></html>",
            1 << 20,
        );
        assert_eq!(t, "13. Nc3 & draw?\n\nIvan Petrov\na\nb");
    }

    #[test]
    fn blockquote_content_is_quoted() {
        let t = html_to_text(
            "<div>13. Nc3</div><div class=gmail_quote>On Tue, bot wrote:<blockquote>12...Nf6<blockquote>deep</blockquote></blockquote></div>",
            1 << 20,
        );
        assert_eq!(t, "13. Nc3\nOn Tue, bot wrote:\n> 12...Nf6\n>> deep");
    }

    #[test]
    fn numeric_entities_and_stray_angle_brackets() {
        let t = html_to_text("1 &lt; 2 &#1093;&#x43E;&#x434; < 3 &unknown; &#0;", 1 << 20);
        assert_eq!(t, "1 < 2 ход < 3 &unknown; \u{fffd}");
    }

    #[test]
    fn comments_scripts_and_pre() {
        let t = html_to_text(
            "<!-- a -->x<script>alert('<p>')</script><pre>1. e4\n1... e5</pre>",
            1 << 20,
        );
        assert_eq!(t, "x\n1. e4\n1... e5");
    }

    #[test]
    fn unclosed_head_does_not_hide_the_letter() {
        let t = html_to_text(
            "<html><head><meta charset=utf-8><title>t</title><body><p>13. Nc3</p>",
            1 << 20,
        );
        assert_eq!(t, "13. Nc3");
    }

    #[test]
    fn output_is_capped() {
        let big = "<p>word</p>".repeat(100_000);
        assert!(html_to_text(&big, 1000).len() < 1100);
    }
}
