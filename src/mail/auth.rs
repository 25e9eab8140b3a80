//! Sender authentication from the receiving host's `Authentication-Results` (RFC 8601): which
//! of those headers our own host wrote, and whether it vouches for the `From:` domain.
//!
//! Anyone can write an `Authentication-Results` header with our host's name into a letter. What
//! a sender cannot do is write above the `Received:` lines that our own hosts prepend on the way
//! in: so the header that counts is the one at the place where our host writes it, counted in
//! `Received:` lines from the top ([`AuthTrust::received_above`]), and of the headers there the
//! topmost decides (RFC 8601 §5: our host prepends its own; one below it came with the letter).
//! Pure: no DNS, no clock. Why amici does not verify DKIM itself: DESIGN.md.

use crate::mail::fields::Address;

/// At most this many Authentication-Results headers are parsed.
pub const MAX_AUTH_RESULTS: usize = 32;

/// Which `Authentication-Results` header our own receiving host wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthTrust {
    /// The authserv-id our host writes (config `trust_authentication_results`).
    pub authserv_id: String,
    /// How many `Received:` lines our own hosts put above that header after writing it (config
    /// `trust_authentication_results_received_above`, default 0):
    /// - 0: the MX's milter (OpenDKIM, OpenDMARC, rspamd on Postfix) prepends it above every
    ///   `Received:` line, and the letter reaches the mailbox without another SMTP/LMTP hop
    ///   (Dovecot LDA, a pipe, `amici ingest`);
    /// - 1: the same, and Dovecot LMTP (or another relay of ours) adds its `Received:` above;
    /// - a host that writes the header *below* its own `Received:` line (Sendmail milters, Exim
    ///   ACLs, Gmail) counts that line too. In that layout the sender's own headers start at the
    ///   same place, so a forgery is refused only because our header sits above it and the
    ///   topmost decides: the host must write one on every letter (and should delete forged
    ///   ones, as OpenDKIM and rspamd do).
    pub received_above: usize,
}

impl AuthTrust {
    /// Trust `authserv_id` at the default position (0 `Received:` lines above).
    pub fn new(authserv_id: &str) -> Self {
        AuthTrust {
            authserv_id: authserv_id.trim().to_lowercase(),
            received_above: DEFAULT_RECEIVED_ABOVE,
        }
    }
}

/// The default of [`AuthTrust::received_above`], and the fail-safe end: a value below the real
/// place refuses every genuine letter (nothing applied, the arbiter told: it shows at once); a
/// value above it would trust whatever the sender wrote at the top of his headers. So the
/// default is the lowest, and a site counts its own lines rather than guessing.
pub const DEFAULT_RECEIVED_ABOVE: usize = 0;

/// One Authentication-Results header (RFC 8601).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthResult {
    /// The receiving server that wrote it, lower-cased.
    pub authserv_id: String,
    /// How many `Received:` headers are above it: where it sits in the trace (see `AuthTrust`).
    pub received_above: usize,
    pub checks: Vec<AuthCheck>,
}

/// One method's result inside an Authentication-Results header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthCheck {
    /// `dkim`, `spf`, `dmarc`, … lower-cased.
    pub method: String,
    /// `pass`, `fail`, `softfail`, `none`, … lower-cased.
    pub result: String,
    /// The domain the result is about: dkim `header.d` (or the domain of `header.i`), spf the
    /// domain of `smtp.mailfrom` (else `smtp.helo`), dmarc `header.from`; lower-cased.
    pub domain: Option<String>,
    /// All `ptype.property=value` pairs as written (property lower-cased).
    pub properties: Vec<(String, String)>,
}

/// Whether the letter really comes from its `From:` domain, per our own receiving server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthVerdict {
    /// `method` (`dkim`, `spf` or `dmarc`) passed for `domain`, the From domain.
    Pass {
        method: String,
        domain: String,
    },
    Fail {
        reason: String,
    },
}

/// Removes RFC 5322 comments `( … )` (nested), keeping quoted strings intact.
fn strip_comments(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    let mut quoted = false;
    let mut escaped = false;
    for ch in s.chars() {
        if escaped {
            escaped = false;
            if depth == 0 {
                out.push(ch);
            }
            continue;
        }
        match ch {
            '\\' => {
                escaped = true;
                if depth == 0 {
                    out.push(ch);
                }
            }
            '"' if depth == 0 => {
                quoted = !quoted;
                out.push(ch);
            }
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(' ');
                }
            }
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// Parses `authserv-id [version]; method=result ptype.prop=value …; …` (RFC 8601 §2.2).
pub(crate) fn parse_auth_results(value: &str, received_above: usize) -> Option<AuthResult> {
    let v = strip_comments(value);
    let mut sections = v.split(';');
    let authserv_id = sections
        .next()?
        .split_whitespace()
        .next()?
        .trim_matches('"')
        .to_lowercase();
    let mut checks = Vec::new();
    for section in sections.take(64) {
        let mut tokens = section.split_whitespace();
        let Some((method, result)) = tokens.next().and_then(|t| t.split_once('=')) else {
            continue;
        };
        let method = method.split('/').next().unwrap_or(method).to_lowercase();
        let result = result.trim_matches('"').to_lowercase();
        let mut properties = Vec::new();
        for t in tokens.take(32) {
            if let Some((k, val)) = t.split_once('=')
                && k.contains('.')
            {
                properties.push((k.to_lowercase(), val.trim_matches('"').to_string()));
            }
        }
        let prop = |k: &str| {
            properties
                .iter()
                .find(|(pk, _)| pk == k)
                .map(|(_, pv)| pv.as_str())
        };
        let domain_of = |s: &str| s.rsplit('@').next().unwrap_or(s).trim().to_lowercase();
        let domain = match method.as_str() {
            "dkim" => prop("header.d")
                .map(|d| d.to_lowercase())
                .or_else(|| prop("header.i").map(domain_of)),
            "spf" => prop("smtp.mailfrom")
                .or_else(|| prop("smtp.helo"))
                .map(domain_of),
            "dmarc" => prop("header.from").map(domain_of),
            _ => None,
        }
        .filter(|d| !d.is_empty());
        checks.push(AuthCheck {
            method,
            result,
            domain,
            properties,
        });
    }
    Some(AuthResult {
        authserv_id,
        received_above,
        checks,
    })
}

/// `domain` equals `from_domain`, or `from_domain` is a subdomain of it (DKIM relaxed alignment,
/// RFC 7489 §3.1.1, approximated without a public-suffix list: a one-label `d=` never aligns).
fn aligned(domain: &str, from_domain: &str) -> bool {
    domain == from_domain
        || (domain.contains('.')
            && from_domain
                .strip_suffix(domain)
                .is_some_and(|rest| rest.ends_with('.')))
}

/// All `Authentication-Results` headers of the top level, topmost first, each with the number of
/// `Received:` lines above it. `headers` are (name, unfolded value) in order.
pub(crate) fn auth_results<'a>(
    headers: impl Iterator<Item = (&'a str, String)>,
) -> Vec<AuthResult> {
    let mut out = Vec::new();
    let mut received_above = 0;
    for (name, value) in headers {
        if name.eq_ignore_ascii_case("Received") {
            received_above += 1;
        } else if name.eq_ignore_ascii_case("Authentication-Results") {
            if out.len() >= MAX_AUTH_RESULTS {
                break;
            }
            if let Some(r) = parse_auth_results(&value, received_above) {
                out.push(r);
            }
        }
    }
    out
}

/// Whether our own receiving host vouches that the letter comes from its `From:` domain: in the
/// one header it wrote — the topmost `Authentication-Results` bearing `trust.authserv_id` with
/// exactly `trust.received_above` `Received:` lines above it — a `dkim=pass` whose `header.d`
/// (or `header.i`) aligns with the From domain, an `spf=pass` whose `smtp.mailfrom` domain is
/// the From domain, or a `dmarc=pass` for it.
///
/// Headers with our name elsewhere have no effect: below one of our `Received:` lines they came
/// with the letter (forged, or written by another host that reused the name); below our own
/// header, at the same place, they were put there before our host prepended its own. A pass
/// there never outvotes our header's fail. Their number is named in the reason of a `Fail`.
pub fn verdict(from: Option<&Address>, results: &[AuthResult], trust: &AuthTrust) -> AuthVerdict {
    let fail = |reason: String| AuthVerdict::Fail { reason };
    let Some(from) = from else {
        return fail("no From address".to_string());
    };
    let Some((_, from_domain)) = from.email.rsplit_once('@') else {
        return fail(format!("From address {} has no domain", from.email));
    };
    let from_domain = from_domain.trim_end_matches('.').to_lowercase();
    let want = trust.authserv_id.trim().to_lowercase();
    let named: Vec<&AuthResult> = results.iter().filter(|r| r.authserv_id == want).collect();
    let elsewhere = named
        .iter()
        .filter(|r| r.received_above != trust.received_above)
        .count();
    let ignored = |n: usize| {
        if n == 0 {
            String::new()
        } else {
            format!("; {n} header(s) with that name elsewhere ignored")
        }
    };
    let Some(ours) = named
        .iter()
        .find(|r| r.received_above == trust.received_above)
    else {
        return fail(format!(
            "no Authentication-Results from {want} with {} Received line(s) above it{}",
            trust.received_above,
            ignored(elsewhere)
        ));
    };
    let below_ours = named.len() - elsewhere - 1;
    let mut seen = Vec::new();
    for c in &ours.checks {
        if !matches!(c.method.as_str(), "dkim" | "spf" | "dmarc") {
            continue;
        }
        let domain = c.domain.as_deref().unwrap_or("");
        let passes = c.result == "pass"
            && match c.method.as_str() {
                "dkim" => aligned(domain, &from_domain),
                _ => domain == from_domain,
            };
        if passes {
            return AuthVerdict::Pass {
                method: c.method.clone(),
                domain: from_domain,
            };
        }
        seen.push(format!(
            "{}={} ({})",
            c.method,
            c.result,
            if domain.is_empty() { "-" } else { domain }
        ));
    }
    let others = ignored(elsewhere + below_ours);
    if seen.is_empty() {
        fail(format!(
            "{want} reports no dkim, spf or dmarc result{others}"
        ))
    } else {
        fail(format!(
            "no pass aligned with {from_domain}: {}{others}",
            seen.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auth_results_parse_comments_and_versions() {
        let r = parse_auth_results(
            "mx.example.org 1; dkim=pass (good sig; yes) header.d=Example.com header.s=s1; spf=pass (x) smtp.mailfrom=ivan@example.com; dmarc=fail header.from=example.com",
            1,
        )
        .expect("parses");
        assert_eq!(r.authserv_id, "mx.example.org");
        assert_eq!(r.checks.len(), 3);
        assert_eq!(r.checks[0].domain.as_deref(), Some("example.com"));
        assert_eq!(r.checks[1].method, "spf");
        assert_eq!(r.checks[1].domain.as_deref(), Some("example.com"));
        assert_eq!(r.checks[2].result, "fail");
    }

    #[test]
    fn alignment() {
        assert!(aligned("example.com", "example.com"));
        assert!(aligned("example.com", "mail.example.com"));
        assert!(!aligned("com", "example.com"));
        assert!(!aligned("ample.com", "example.com"));
    }
}
