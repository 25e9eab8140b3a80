use std::path::{Path, PathBuf};

use super::*;

const GOOD: &str = r#"
[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

[[tournament]]
id = "T1"
start = 2026-01-10
end = 2027-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Иван Петров", email = "ivan@example.test", language = "bg" },
  { name = "Petar Georgiev", email = "petar@example.test" },
]
games = [ { white = "ivan@example.test", black = "petar@example.test" } ]
"#;

fn errs(text: &str) -> Vec<ConfigError> {
    parse(Path::new("amici.toml"), text)
        .expect_err("config should be refused")
        .0
}

#[test]
fn art_6_email_by_the_regulation_the_tournaments_mode_sets_its_rules() {
    // Art. 6 А: e-mail when the tournament's regulation says so — `mode`, e-mail by default
    // (RULES.md §2): 50 days per 10 moves, a notice after 40, one overstep loses; `post`:
    // 30 days, 28, two oversteps (Art. 23, 25, 28, 29).
    let c = parse(Path::new("amici.toml"), GOOD).unwrap();
    let p = &c.tournaments[0].params;
    assert_eq!(p.mode, Mode::Email);
    assert_eq!(
        (p.period_days, p.notice_days, p.oversteps_to_lose),
        (50, 40, 1)
    );
    let post = GOOD.replace("id = \"T1\"", "id = \"T1\"\nmode = \"post\"");
    let c = parse(Path::new("amici.toml"), &post).unwrap();
    let p = &c.tournaments[0].params;
    assert_eq!(p.mode, Mode::Post);
    assert_eq!(
        (p.period_days, p.notice_days, p.oversteps_to_lose),
        (30, 28, 2)
    );
}

#[test]
fn diagram_is_both_unless_set_and_a_tournament_may_differ() {
    let c = parse(Path::new("amici.toml"), GOOD).unwrap();
    assert_eq!(c.bot.diagram, Diagram::Both);
    assert_eq!(c.diagram_for("T1"), Diagram::Both);
    let text = GOOD
        .replace(
            "language = \"bg\"\n\n[outbox]",
            "language = \"bg\"\ndiagram = \"png\"\n\n[outbox]",
        )
        .replace("id = \"T1\"", "id = \"T1\"\ndiagram = \"text\"");
    let c = parse(Path::new("amici.toml"), &text).unwrap();
    assert_eq!(c.bot.diagram, Diagram::Png);
    assert_eq!(c.diagram_for("T1"), Diagram::Text);
    assert_eq!(c.diagram_for("no such"), Diagram::Png);
    assert!(!Diagram::Text.picture() && Diagram::Png.picture() && Diagram::Both.picture());
    let bad = GOOD.replace(
        "language = \"bg\"\n\n[outbox]",
        "language = \"bg\"\ndiagram = \"jpeg\"\n\n[outbox]",
    );
    let e = errs(&bad);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert_eq!(e[0].line, 7);
    assert_eq!(
        e[0].message,
        "[bot] diagram: `jpeg` is not one of: text, png, both"
    );
}

#[test]
fn a_good_config_validates() {
    let c = parse(Path::new("/etc/amici/amici.toml"), GOOD).unwrap();
    assert_eq!(c.bot.address, "bot@example.test");
    assert_eq!(c.bot.database, PathBuf::from("/etc/amici/amici.sqlite3"));
    assert_eq!(
        c.delivery,
        Delivery::Dir(PathBuf::from("/etc/amici/outbox"))
    );
    assert_eq!(
        c.tournaments[0].games,
        vec![GameSpec {
            white: "ivan@example.test".into(),
            black: "petar@example.test".into()
        }]
    );
    assert_eq!(c.tournaments[0].params.period_days, 50);
}

#[test]
fn syntax_error_names_line_and_column() {
    let e = errs("[bot]\naddress = \"bot@example.test\n");
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e[0].line, e[0].column),
        (2, 28),
        "the closing quote is missing at the end of line 2: {e:?}"
    );
    assert!(
        e[0].to_string().starts_with("amici.toml:2:28: TOML syntax"),
        "{}",
        e[0]
    );
}

#[test]
fn wrong_type_names_line_column_and_expectation() {
    let text = GOOD.replace(
        "language = \"bg\"\n\n[outbox]",
        "language = \"bg\"\ntick_hour = \"six\"\n\n[outbox]",
    );
    let e = errs(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].line, 7, "{e:?}");
    assert!(
        e[0].message.contains("tick_hour")
            || e[0].message.contains("u32")
            || e[0].message.contains("integer"),
        "{e:?}"
    );
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let text = GOOD
        .replace("timezone = \"Europe/Sofia\"", "timezone = \"Mars/Olympus\"")
        .replace("arbiter = \"arbiter@example.test\"", "arbiter = \"nobody\"")
        .replace("end = 2027-12-31", "end = 2025-12-31")
        .replace("[outbox]", "[outbax]");
    let e = errs(&text);
    let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
    assert!(
        msgs.iter()
            .any(|m| m.contains("timezone") && m.contains(":5:")),
        "{msgs:#?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("arbiter") && m.contains(":15:")),
        "{msgs:#?}"
    );
    assert!(
        msgs.iter().any(|m| m.contains("end date is before")),
        "{msgs:#?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("unknown section `outbax`") && m.contains(":8:")),
        "{msgs:#?}"
    );
    assert!(e.len() >= 4);
}

#[test]
fn every_wrong_key_of_one_section_is_reported() {
    let text = GOOD.replace(
        "language = \"bg\"\n\n[outbox]",
        "language = \"xx\"\ntick_hour = \"six\"\ncourtesy_replies = \"yes\"\n\n[outbox]",
    );
    let e = errs(&text);
    let lines: Vec<usize> = e.iter().map(|e| e.line).collect();
    assert_eq!(lines, [6, 7, 8], "{e:#?}");
}

#[test]
fn unknown_key_is_refused_with_its_place() {
    let text = GOOD.replace(
        "language = \"bg\"\n\n",
        "language = \"bg\"\nlangauge = \"ru\"\n\n",
    );
    let e = errs(&text);
    assert_eq!(e.len(), 1);
    assert!(e[0].message.contains("langauge"), "{e:?}");
    assert_eq!(e[0].line, 7);
}

#[test]
fn plaintext_mail_only_to_loopback() {
    let text = GOOD.replace(
        "[outbox]\ndir = \"outbox\"",
        "[smtp]\nhost = \"mail.example.org\"\nsecurity = \"none\"",
    );
    let e = errs(&text);
    assert!(e[0].message.contains("loopback"), "{e:?}");
    let ok = GOOD.replace(
        "[outbox]\ndir = \"outbox\"",
        "[smtp]\nhost = \"127.0.0.1\"\nport = 2525\nsecurity = \"none\"",
    );
    assert!(parse(Path::new("a.toml"), &ok).is_ok());
}

#[test]
fn smtp_and_outbox_are_exclusive() {
    let text = GOOD.replace("[outbox]", "[smtp]\nhost = \"127.0.0.1\"\n\n[outbox]");
    assert!(
        errs(&text)
            .iter()
            .any(|e| e.message.contains("exactly one"))
    );
}

#[test]
fn explicit_game_with_a_stranger_is_refused() {
    let text = GOOD.replace(
        "black = \"petar@example.test\"",
        "black = \"x@example.test\"",
    );
    assert!(
        errs(&text)
            .iter()
            .any(|e| e.message.contains("not in this tournament's players"))
    );
}

#[test]
fn dates_may_be_written_as_strings_as_in_the_interface_example() {
    let text = GOOD
        .replace("start = 2026-01-10", "start = \"2026-01-10\"")
        .replace("end = 2027-12-31", "end = \"2027-12-31\"");
    let c = parse(Path::new("a.toml"), &text).unwrap();
    assert_eq!(
        c.tournaments[0].start,
        NaiveDate::from_ymd_opt(2026, 1, 10).unwrap()
    );
    let bad = GOOD.replace("start = 2026-01-10", "start = \"10 Jan\"");
    assert!(
        errs(&bad)
            .iter()
            .any(|e| e.message.contains("start") && e.line == 13),
        "{:?}",
        errs(&bad)
    );
}

#[test]
fn round_robin_games_are_generated() {
    let text = GOOD
        .replace("pairing = \"explicit\"", "pairing = \"double-round-robin\"")
        .replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
            "",
        );
    let c = parse(Path::new("a.toml"), &text).unwrap();
    assert_eq!(c.tournaments[0].games.len(), 2);
    assert_ne!(
        c.tournaments[0].games[0].white,
        c.tournaments[0].games[1].white
    );
}

/// A team section: 4 teams of `boards` players (t0p0 … t3p{boards-1}).
fn team_config(boards: usize, extra: &str) -> String {
    let mut players = String::new();
    let mut teams = String::new();
    for t in 0..4 {
        let list: Vec<String> = (0..boards)
            .map(|b| format!("\"t{t}b{b}@example.test\""))
            .collect();
        for b in 0..boards {
            players.push_str(&format!(
                "  {{ name = \"T{t} B{b}\", email = \"t{t}b{b}@example.test\" }},\n"
            ));
        }
        teams.push_str(&format!(
            "  {{ name = \"Team {t}\", captain = \"cap{t}@example.test\", players = [{}] }},\n",
            list.join(", ")
        ));
    }
    format!(
        "[bot]\naddress = \"bot@example.test\"\ndatabase = \"a.sqlite3\"\n\
             timezone = \"Europe/Sofia\"\nlanguage = \"bg\"\n\n[outbox]\ndir = \"outbox\"\n\n\
             [[tournament]]\nid = \"TS\"\nstart = 2026-01-10\nend = 2027-12-31\n\
             arbiter = \"arbiter@example.test\"\n{extra}players = [\n{players}]\nteams = [\n{teams}]\n"
    )
}

#[test]
fn annex_team_round_robin_pairs_the_teams_with_berger_and_the_boards_in_order() {
    let c = parse(Path::new("a.toml"), &team_config(2, "")).unwrap();
    let t = &c.tournaments[0];
    assert_eq!(t.teams.len(), 4);
    assert_eq!(t.boards(), 2);
    assert_eq!(t.team_ranking, Primary::MatchPoints);
    assert_eq!(t.teams[1].captain.as_deref(), Some("cap1@example.test"));
    assert_eq!(t.team_matches.len(), 6);
    assert_eq!(t.games.len(), 12);
    let berger = crate::rules::pairing::games(&crate::rules::pairing::round_robin(4));
    for (i, m) in t.team_matches.iter().enumerate() {
        assert_eq!(
            (m.home, m.away, m.round),
            (berger[i].white, berger[i].black, berger[i].round)
        );
        // Board I: the first-named team has White; board II: Black.
        assert_eq!(t.games[2 * i].white, format!("t{}b0@example.test", m.home));
        assert_eq!(t.games[2 * i].black, format!("t{}b0@example.test", m.away));
        assert_eq!(
            t.games[2 * i + 1].white,
            format!("t{}b1@example.test", m.away)
        );
        assert_eq!(
            t.games[2 * i + 1].black,
            format!("t{}b1@example.test", m.home)
        );
    }
    assert_eq!(t.team_board(0), Some((0, 0)));
    assert_eq!(t.team_board(5), Some((2, 1)));
    assert_eq!(t.team_board(11), Some((5, 1)));
    assert_eq!(t.team_board(12), None);
    assert_eq!(t.team_of("T2B1@example.test"), Some(2));
    assert_eq!(t.team_of("cap3@example.test"), Some(3));
    assert_eq!(t.team_of("nobody@example.test"), None);
}

#[test]
fn annex_board_one_colour_rule_alternates_by_board() {
    let c = parse(Path::new("a.toml"), &team_config(3, "")).unwrap();
    let t = &c.tournaments[0];
    let m = t.team_matches[0];
    let home = |b: usize| format!("t{}b{b}@example.test", m.home);
    assert_eq!(t.games[0].white, home(0));
    assert_eq!(t.games[1].black, home(1));
    assert_eq!(t.games[2].white, home(2));
    assert_eq!(t.games.len(), 6 * 3);
}

#[test]
fn annex_double_round_robin_reverses_every_board() {
    let c = parse(
        Path::new("a.toml"),
        &team_config(
            2,
            "pairing = \"double-round-robin\"\nteam_ranking = \"game-points\"\n",
        ),
    )
    .unwrap();
    let t = &c.tournaments[0];
    assert_eq!(t.team_ranking, Primary::GamePoints);
    assert_eq!(t.team_matches.len(), 12);
    assert_eq!(t.games.len(), 24);
    for i in 0..6 {
        let (a, b) = (t.team_matches[i], t.team_matches[i + 6]);
        assert_eq!((a.home, a.away), (b.away, b.home));
        assert_eq!(a.round + 3, b.round);
        for k in 0..2 {
            assert_eq!(t.games[2 * i + k].white, t.games[12 + 2 * i + k].black);
        }
    }
}

#[test]
fn individual_events_have_no_teams() {
    let c = parse(Path::new("a.toml"), GOOD).unwrap();
    assert!(c.tournaments[0].teams.is_empty());
    assert_eq!(c.tournaments[0].boards(), 0);
    assert_eq!(c.tournaments[0].team_board(0), None);
}

fn team_errs(text: &str) -> Vec<String> {
    errs(text).iter().map(|e| e.to_string()).collect()
}

#[test]
fn team_player_not_in_the_tournament_is_refused_with_its_place() {
    let text = team_config(2, "").replace(
        "players = [\"t2b0@example.test\"",
        "players = [\"stranger@example.test\"",
    );
    let e = errs(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].message.contains("stranger@example.test"), "{e:?}");
    assert!(e[0].message.contains("Team 2"), "{e:?}");
    let line = text.lines().position(|l| l.contains("stranger@")).unwrap() + 1;
    let col = text
        .lines()
        .nth(line - 1)
        .unwrap()
        .find("\"stranger")
        .unwrap()
        + 1;
    assert_eq!((e[0].line, e[0].column), (line, col), "{e:?}");
}

#[test]
fn teams_need_the_same_number_of_boards() {
    let text = team_config(2, "").replace(
        "players = [\"t3b0@example.test\", \"t3b1@example.test\"]",
        "players = [\"t3b0@example.test\"]",
    );
    let m = team_errs(&text);
    assert!(
        m.iter()
            .any(|m| m.contains("Team 3` has 1 board(s), team `Team 0` has 2")),
        "{m:#?}"
    );
}

#[test]
fn a_player_plays_for_one_team_only() {
    let text = team_config(2, "").replace(
        "players = [\"t3b0@example.test\", \"t3b1@example.test\"]",
        "players = [\"t3b0@example.test\", \"t0b1@example.test\"]",
    );
    let m = team_errs(&text);
    assert!(
        m.iter()
            .any(|m| m.contains("already plays for team `Team 0`")),
        "{m:#?}"
    );
}

#[test]
fn teams_need_a_round_robin_and_two_teams() {
    let m = team_errs(&team_config(2, "pairing = \"explicit\"\n"));
    assert!(m.iter().any(|m| m.contains("not \"explicit\"")), "{m:#?}");
    let text = team_config(2, "");
    let start = text.find("teams = [\n").unwrap();
    let one = format!(
        "{}teams = [ {{ name = \"Solo\", players = [\"t0b0@example.test\"] }} ]\n",
        &text[..start]
    );
    let m = team_errs(&one);
    assert!(m.iter().any(|m| m.contains("at least two")), "{m:#?}");
}

#[test]
fn team_names_captains_and_ranking_are_checked() {
    let text = team_config(2, "")
        .replace("name = \"Team 1\"", "name = \"team 0\"")
        .replace("cap2@example.test", "captain two");
    let m = team_errs(&text);
    assert!(
        m.iter()
            .any(|m| m.contains("team `team 0` is listed twice")),
        "{m:#?}"
    );
    assert!(
        m.iter().any(|m| m.contains("captain `captain two`")),
        "{m:#?}"
    );
    let bad = team_config(2, "team_ranking = \"points\"\n");
    assert!(!team_errs(&bad).is_empty());
    let orphan = GOOD.replace(
        "pairing = \"explicit\"",
        "pairing = \"explicit\"\nteam_ranking = \"game-points\"",
    );
    let m = team_errs(&orphan);
    assert!(
        m.iter().any(|m| m.contains("team_ranking is only used")),
        "{m:#?}"
    );
}

#[test]
fn sender_authentication_trust_and_its_warning() {
    let c = parse(Path::new("amici.toml"), GOOD).expect("good config");
    assert_eq!(c.auth_trust(), None);
    assert!(
        c.warnings()
            .iter()
            .any(|w| w.contains("trust_authentication_results is not set")),
        "{:?}",
        c.warnings()
    );
    let text = GOOD.replace(
            "language = \"bg\"\n",
            "language = \"bg\"\ntrust_authentication_results = \"MX.example.test\"\ntrust_authentication_results_received_above = 1\n",
        );
    let c = parse(Path::new("amici.toml"), &text).expect("good config");
    assert_eq!(
        c.auth_trust(),
        Some(crate::mail::auth::AuthTrust {
            authserv_id: "mx.example.test".into(),
            received_above: 1,
        })
    );
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
}

/// Issue 13 item 7: a wrong value of one key no longer hides the others' of the same
/// `[[tournament]]`, whether of the wrong type (set aside) or of the right type but wrong.
#[test]
fn every_wrong_value_of_one_tournament_is_reported_with_its_place() {
    let text = GOOD
        .replace("id = \"T1\"", "id = \"T1\"\nmode = \"fax\"\nnotation = 7")
        .replace("start = 2026-01-10", "start = \"10.01.2026\"")
        .replace("arbiter = \"arbiter@example.test\"", "arbiter = \"nobody\"");
    let e = errs(&text);
    let got: Vec<(usize, usize, &str)> = e
        .iter()
        .map(|e| (e.line, e.column, e.message.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                13,
                8,
                "[[tournament]] #1 mode: `fax` is not one of: email, post"
            ),
            (
                14,
                12,
                "[[tournament]] #1 notation: expected one of the words config/amici.example.toml \
                     lists for it, in quotes"
            ),
            (
                15,
                9,
                "start: `10.01.2026` is not a date: write year-month-day, like 2026-01-10 \
                     (quotes optional)"
            ),
            (17, 11, "arbiter: `nobody` is not an e-mail address"),
        ],
        "{e:#?}"
    );
}

/// The keys set aside for their type are not reported again as missing or as breaking
/// the checks that need them (the explicit games need the players).
#[test]
fn a_key_set_aside_causes_no_second_error() {
    let text = GOOD.replace("pairing = \"explicit\"", "pairing = 3");
    let e = errs(&text);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].message.starts_with("[[tournament]] #1 pairing: "),
        "{e:?}"
    );
}

/// Every numeric and date type of the config, said in words rather than Rust's.
#[test]
fn wrong_numbers_and_dates_are_explained_without_rust_type_names() {
    let text = GOOD
        .replace(
            "language = \"bg\"\n\n[outbox]",
            "language = \"bg\"\ntick_hour = -1\nmax_message_bytes = \"big\"\n\
                 courtesy_replies = \"yes\"\n\n[outbox]",
        )
        .replace(
            "[outbox]\ndir = \"outbox\"",
            "[imap]\nhost = \"127.0.0.1\"\nport = 70000\nuser = \"bot\"\n\
                 password_env = \"P\"\npoll_seconds = 1.5\n\n[outbox]\ndir = \"outbox\"",
        )
        .replace("end = 2027-12-31", "end = 5");
    let e = errs(&text);
    let words: Vec<String> = e.iter().map(|e| e.message.clone()).collect();
    for want in [
        "[bot] tick_hour: expected a whole number (0 or more), found -1",
        "[bot] max_message_bytes: expected a whole number (0 or more), found \"big\"",
        "[bot] courtesy_replies: expected true or false, found \"yes\"",
        "[imap] port: expected a whole number from 1 to 65535, found 70000",
        "[imap] poll_seconds: expected a whole number (0 or more), found 1.5",
        "[[tournament]] #1 end: expected a date like 2026-01-10 (year-month-day)",
    ] {
        assert!(words.iter().any(|w| w == want), "no {want:?} in {words:#?}");
    }
    for jargon in [
        "u16",
        "u32",
        "u64",
        "usize",
        "untagged",
        "DateValue",
        "struct",
        "integer",
    ] {
        assert!(
            words.iter().all(|w| !w.contains(jargon)),
            "{jargon} in {words:#?}"
        );
    }
    let zero = errs(&text.replace("port = 70000", "port = 0"));
    assert!(
        zero.iter()
            .any(|e| e.message == "[imap] port: expected a whole number from 1 to 65535, found 0"),
        "{zero:#?}"
    );
}

#[test]
fn unset_passwords_are_found_at_their_password_env_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("amici.toml");
    let text = GOOD.replace(
        "[outbox]\ndir = \"outbox\"",
        "[imap]\nhost = \"127.0.0.1\"\nuser = \"bot\"\n  password_env = \"IMAP_PW\"\n\n\
             [smtp]\nhost = \"127.0.0.1\"\npassword_env = \"SMTP_PW\"",
    );
    std::fs::write(&path, &text).unwrap();
    let c = load(&path).unwrap();
    let unset = c.unset_passwords(|var| var == "SMTP_PW");
    assert_eq!(unset.len(), 1, "{unset:?}");
    let (var, at) = &unset[0];
    assert_eq!(var, "IMAP_PW");
    assert_eq!((at.line, at.column), (11, 3), "{at}");
    assert!(
        at.message
            .starts_with("[imap] password_env: the environment variable IMAP_PW")
    );
    assert!(c.unset_passwords(|_| true).is_empty());
    assert_eq!(c.unset_passwords(|_| false).len(), 2);
}

/// A tournament in stages (RULES.md §12a): its keys, their defaults and what is refused.
#[test]
fn s12a_swiss_and_tables_keys_are_checked_against_the_pairing_and_the_players() {
    let swiss = |extra: &str| {
        GOOD.replace(
            "pairing = \"explicit\"",
            &format!("pairing = \"swiss\"\n{extra}"),
        )
        .replace(
            "games = [ { white = \"ivan@example.test\", black = \"petar@example.test\" } ]\n",
            "",
        )
        .replace(
            "  { name = \"Petar Georgiev\", email = \"petar@example.test\" },\n",
            "  { name = \"Petar Georgiev\", email = \"petar@example.test\", rating = 2100 },\n  { name = \"C\", email = \"c@example.test\" },\n  { name = \"D\", email = \"d@example.test\" },\n",
        )
    };
    let c = parse(Path::new("amici.toml"), &swiss("rounds = 3\ntop = 2")).expect("valid");
    let t = &c.tournaments[0];
    assert!(t.games.is_empty(), "a Swiss makes its games round by round");
    let s = t.stages.unwrap();
    assert_eq!(s.first, crate::rules::stage::First::Swiss { rounds: 3 });
    assert_eq!(
        (s.round_days, s.bye_halves, s.top, s.knockout_games),
        (120, 2, 2, 2)
    );
    assert_eq!(s.tie, crate::rules::stage::Tie::Seed);
    assert_eq!(t.players[1].rating, Some(2100));
    let one = |extra: &str| {
        let e = errs(&swiss(extra));
        assert_eq!(e.len(), 1, "{extra}: {e:#?}");
        e[0].message.clone()
    };
    assert!(one("").contains("needs `rounds = N`"));
    assert!(one("rounds = 4").contains("1 to 3 rounds"));
    assert!(one("rounds = 3\ntop = 3").contains("top = 3"));
    assert!(one("rounds = 3\ntop = 8").contains("top = 8"));
    assert!(one("rounds = 3\nbye_points = 2").contains("bye_points"));
    assert!(one("rounds = 3\ntables = 2").contains("tables is only used"));
    let tables = swiss("tables = 3").replace("pairing = \"swiss\"", "pairing = \"tables\"");
    assert!(errs(&tables)[0].message.contains("at most 2 tables"));
    let e = errs(&GOOD.replace(
        "pairing = \"explicit\"",
        "pairing = \"explicit\"\nrounds = 5",
    ));
    assert!(
        e[0].message
            .contains("rounds is only used with pairing = \"swiss\""),
        "{e:?}"
    );
    // The knockout and bye keys on a round robin too (they would be silently ignored).
    for key in [
        "knockout_tie = \"replay\"",
        "requested_byes = true",
        "top = 4",
    ] {
        let e = errs(&GOOD.replace(
            "pairing = \"explicit\"",
            &format!("pairing = \"explicit\"\n{key}"),
        ));
        let name = key.split(' ').next().unwrap();
        assert!(
            e.iter().any(|e| e
                .message
                .contains(&format!("{name} is only used with pairing"))),
            "{key}: {e:?}"
        );
    }
}

#[test]
fn notation_of_a_sender_ignores_case_and_falls_back_to_the_bots_language() {
    let text = GOOD.replace("id = \"T1\"", "id = \"T1\"\nnotation = \"ru\"");
    let c = parse(Path::new("amici.toml"), &text).unwrap();
    assert_eq!(c.notation_of("Ivan@Example.TEST"), Notation::Ru);
    assert_eq!(c.notation_of("stranger@example.test"), Notation::Bg);
    let text = GOOD.replace(
        "language = \"bg\"\n\n[outbox]",
        "language = \"en\"\n\n[outbox]",
    );
    let c = parse(Path::new("amici.toml"), &text).unwrap();
    assert_eq!(c.notation_of("stranger@example.test"), Notation::En);
}

#[test]
fn a_player_is_found_by_his_address_in_any_case_in_the_first_tournament_he_plays_in() {
    // The second tournament spells Ivan's address in capitals and gives him another name and
    // language: the first appearance decides, as the walk over the players did.
    let second = r#"
[[tournament]]
id = "T2"
notation = "en"
start = 2026-01-10
end = 2027-12-31
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  { name = "Ivan P.", email = "IVAN@example.test", language = "en" },
  { name = "Maria Ivanova", email = "maria@example.test", language = "ru" },
]
games = [ { white = "IVAN@example.test", black = "maria@example.test" } ]
"#;
    let c = parse(Path::new("amici.toml"), &format!("{GOOD}{second}")).unwrap();
    assert_eq!(c.name_of("Ivan@Example.TEST"), "Иван Петров");
    assert_eq!(c.language_of("ivan@EXAMPLE.test"), Lang::Bg);
    assert_eq!(
        c.notation_of(" IVAN@example.test "),
        c.tournaments[0].notation
    );
    // Only in the second tournament.
    assert_eq!(c.name_of("MARIA@example.test"), "Maria Ivanova");
    assert_eq!(c.language_of("maria@example.test"), Lang::Ru);
    assert_eq!(c.notation_of("maria@example.test"), Notation::En);
    // Nobody: the address itself, and [bot]'s language.
    assert_eq!(c.name_of("nobody@example.test"), "nobody@example.test");
    assert_eq!(c.language_of("nobody@example.test"), Lang::Bg);
    // Tournaments changed after parsing are still searched.
    let mut changed = c.clone();
    changed.tournaments.swap(0, 1);
    assert_eq!(changed.name_of("ivan@example.test"), "Ivan P.");
}
