//! The first hour with the built binary (issue 13): `check-config` on the untouched example
//! config (item 6), every wrong value of one `[[tournament]]` in words (item 7), a closed pipe
//! (item 9), the `status` table (item 11), `arbiter --help` (item 12) and the README's list of
//! commands (item 5).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const EXAMPLE: &str = include_str!("../config/amici.example.toml");

/// A config in a temp dir, run with `--config` there.
struct Setup {
    dir: tempfile::TempDir,
}

impl Setup {
    fn new(config: &str) -> Setup {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("amici.toml"), config).expect("write config");
        Setup { dir }
    }

    fn config(&self) -> PathBuf {
        self.dir.path().join("amici.toml")
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_amici"));
        c.arg("--config")
            .arg(self.config())
            .args(args)
            .current_dir(self.dir.path())
            .env("AMICI_NOW", "2026-03-20T12:00:00+02:00")
            .env("AMICI_LOG", "warn")
            .env_remove("AMICI_IMAP_PASSWORD")
            .env_remove("AMICI_SMTP_PASSWORD");
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run amici")
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// 1-based number of the first line of `text` that starts with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix:?}"))
        + 1
}

#[test]
fn check_config_on_the_untouched_example_is_valid_and_points_at_each_password_env() {
    let s = Setup::new(EXAMPLE);
    let out = s.run(&["check-config"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    // INTERFACE.md: 2 is a bad config; this one is valid, only the shell lacks the passwords.
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let imap = line_of(EXAMPLE, "password_env = \"AMICI_IMAP_PASSWORD\"");
    let smtp = line_of(EXAMPLE, "password_env = \"AMICI_SMTP_PASSWORD\"");
    let file = s.config().display().to_string();
    for (line, section, var) in [
        (imap, "imap", "AMICI_IMAP_PASSWORD"),
        (smtp, "smtp", "AMICI_SMTP_PASSWORD"),
    ] {
        let want =
            format!("{file}:{line}:1: [{section}] password_env: the environment variable {var} ");
        assert!(stderr.contains(&want), "no {want:?} in:\n{stderr}");
    }
    assert!(stderr.contains("set it before `amici run`"), "{stderr}");
    assert!(
        stdout.contains(": OK (1 tournament(s), 3 game(s)); the config is valid, but before `amici run` set AMICI_IMAP_PASSWORD and AMICI_SMTP_PASSWORD"),
        "{stdout}"
    );

    // With the passwords set nothing is said about them.
    let out = s
        .command(&["check-config"])
        .env("AMICI_IMAP_PASSWORD", "x")
        .env("AMICI_SMTP_PASSWORD", "y")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!text(&out.stderr).contains("password_env"), "{out:?}");
    assert!(!text(&out.stdout).contains("before `amici run`"), "{out:?}");
}

#[test]
fn a_bad_mode_does_not_hide_a_bad_start_and_neither_speaks_rust() {
    let config = EXAMPLE
        .replace("mode     = \"email\"", "mode     = \"fax\"")
        .replace("start    = 2027-03-01", "start    = \"10.01.2026\"")
        .replace("\nport = 993\n", "\nport = 99999\n");
    assert_ne!(config, EXAMPLE);
    let s = Setup::new(&config);
    let out = s.run(&["check-config"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let file = s.config().display().to_string();
    let mode = line_of(&config, "mode     = \"fax\"");
    let start = line_of(&config, "start    = \"10.01.2026\"");
    let port = line_of(&config, "port = 99999");
    for want in [
        format!("{file}:{mode}:12: [[tournament]] #1 mode: `fax` is not one of: email, post"),
        format!(
            "{file}:{start}:12: start: `10.01.2026` is not a date: write year-month-day, like 2026-01-10"
        ),
        format!(
            "{file}:{port}:8: [imap] port: expected a whole number from 1 to 65535, found 99999"
        ),
    ] {
        assert!(stderr.contains(&want), "no {want:?} in:\n{stderr}");
    }
    assert!(stderr.contains("the config has 3 problem(s)"), "{stderr}");
    assert!(!stderr.contains("u16"), "{stderr}");
}

/// The example's tournament (three players, round robin) with its mail written to a folder
/// instead of servers, and one move played: Petar Georgiev, White in game 1, 1. e4.
fn one_move_played() -> Setup {
    let servers = EXAMPLE.find("\n[imap]").expect("[imap] in the example");
    let tournament = EXAMPLE
        .find("\n[[tournament]]")
        .expect("a tournament in the example");
    let config = format!(
        "{}\n[outbox]\ndir = \"outbox\"\n{}",
        &EXAMPLE[..servers],
        &EXAMPLE[tournament..]
    )
    .replace("start    = 2027-03-01", "start    = 2026-01-10");
    let s = Setup::new(&config);
    let letter = s.dir.path().join("in.eml");
    std::fs::write(
        &letter,
        "From: petar@example.test\r\nTo: bot@example.test\r\nSubject: BG-2026-01/1\r\n\
         Message-ID: <l1@example.test>\r\nDate: Mon, 12 Jan 2026 09:00:00 +0200\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n1. e2-e4\r\n",
    )
    .unwrap();
    let out = s
        .command(&["ingest", letter.to_str().unwrap()])
        .env("AMICI_NOW", "2026-01-12T10:00:00+02:00")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    s
}

#[test]
fn status_text_is_a_table_with_the_move_number_and_whose_turn() {
    let s = one_move_played();
    let out = s
        .command(&["status"])
        .env("AMICI_NOW", "2026-01-13T10:00:00+02:00")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "a header and three games:\n{table}");
    assert!(lines[0].starts_with("game "), "{table}");
    assert!(lines[1].starts_with("BG-2026-01/1 ") && lines[1].contains("Black, move 1"));
    assert!(lines[2].starts_with("BG-2026-01/2 ") && lines[2].contains("White, move 1"));
    assert!(!table.contains("moves "), "no half-move count:\n{table}");
    // Aligned in characters (the names are Cyrillic): every column starts where its header
    // does, and the day counts end where theirs do.
    let col = |line: &str, cell: &str| {
        let byte = line
            .find(cell)
            .unwrap_or_else(|| panic!("{cell:?} in {line:?}"));
        line[..byte].chars().count()
    };
    assert_eq!(col(lines[0], "to move"), col(lines[1], "Black, move 1"));
    assert_eq!(col(lines[0], "to move"), col(lines[2], "White, move 1"));
    assert_eq!(col(lines[0], "black"), col(lines[1], "Мария Иванова"));
    assert_eq!(col(lines[0], "black"), col(lines[2], "Petar Georgiev"));
    assert_eq!(col(lines[0], "white"), col(lines[3], "Мария Иванова"));
    let width = lines[0].chars().count();
    assert!(lines.iter().all(|l| l.chars().count() == width), "{table}");
}

/// Runs the command with its stdout a pipe whose reading end is already closed.
fn into_a_closed_pipe(mut command: Command) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    command
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run amici")
}

/// Files the commands above read (pairing needs no config; the import finds a game amici
/// already keeps and says so).
const TRF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/dutch/bye_never_twice.trf"
);
const PGN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/import/iccf-fin-running.pgn"
);

#[test]
fn every_command_exits_quietly_on_a_closed_pipe() {
    let s = one_move_played();
    for args in [
        &["status", "--format", "json"][..],
        &["status"],
        &["standings"],
        &["standings", "--format", "json"],
        &["pgn"],
        &["trf"],
        &["check-config"],
        &["audit"],
        &["audit", "--format", "json"],
        &["arbiter", "--help"],
        &["--help"],
        &["run", "--dry-run", "dry"],
        &["site", "--out", "site"],
        &["tick", "--accept-past-start"],
        &["pair", "--trf", TRF],
        &["import", "--tournament", "BG-2026-01", PGN, "--accept"],
    ] {
        let out = into_a_closed_pipe(s.command(args));
        let stderr = text(&out.stderr);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "amici {args:?}: {stderr}"
        );
        assert_ne!(out.status.code(), Some(101), "amici {args:?}: {stderr}");
        // the import refuses a file whose players are not the tournament's: exit 2, quietly
        let expected = if args[0] == "import" { 2 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "amici {args:?}: {stderr}"
        );
    }
}

#[test]
fn arbiter_help_has_one_command_a_line_each_with_an_example_that_parses() {
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .args(["arbiter", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = text(&out.stdout);
    assert!(help.lines().all(|l| l.chars().count() <= 100), "{help}");
    let verbs = [
        "confirm", "reject", "penalty", "forfeit", "result", "leave", "extend", "withdraw",
        "exclude", "overstep", "replace", "resend", "post",
    ];
    let lines: Vec<&str> = help.lines().collect();
    for verb in verbs {
        let at = lines
            .iter()
            .position(|l| l.starts_with(&format!("  {verb} ")))
            .unwrap_or_else(|| panic!("no line for `{verb}` in:\n{help}"));
        // The example follows within two lines (a long usage wraps its description).
        let example = lines[at + 1..]
            .iter()
            .take(2)
            .find_map(|l| l.trim_start().strip_prefix("amici arbiter "))
            .unwrap_or_else(|| panic!("no example after `{verb}` in:\n{help}"));
        assert!(example.starts_with(verb), "{example}");
        match amici::rules::arbiter::parse_line(example) {
            Ok(Some(_)) => {}
            other => panic!("the example `{example}` does not parse: {other:?}"),
        }
    }
}

#[test]
fn readme_lists_every_command_and_how_to_get_amici_on_the_path() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--help")
        .output()
        .unwrap();
    let help = text(&out.stdout);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 9, "{help}");
    for c in commands {
        assert!(
            readme.contains(&format!("`amici {c}")),
            "README.md does not list `amici {c}`"
        );
    }
    assert!(readme.contains("cargo install --path ."), "README.md");
}

/// The example's tournament with its mail written to a folder instead of servers.
fn example_without_servers() -> Setup {
    let servers = EXAMPLE.find("\n[imap]").expect("[imap] in the example");
    let tournament = EXAMPLE
        .find("\n[[tournament]]")
        .expect("a tournament in the example");
    // the example's tournament as if it had started on 10 January (the tests run on 20 March)
    Setup::new(
        &format!(
            "{}\n[outbox]\ndir = \"outbox\"\n{}",
            &EXAMPLE[..servers],
            &EXAMPLE[tournament..]
        )
        .replace("start    = 2027-03-01", "start    = 2026-01-10"),
    )
}

/// The outbox's messages of one `X-Amici-Kind`.
fn outbox_of_kind(s: &Setup, kind: &str) -> usize {
    let dir = s.dir.path().join("outbox");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return 0;
    };
    entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .filter(|m| m.contains(&format!("X-Amici-Kind: {kind}\r\n")))
        .count()
}

#[test]
fn a_start_date_in_the_past_is_warned_and_its_first_tick_held_back_until_accepted() {
    // Issue 13 item 8. The example starts on 10 January; on 20 March nobody has moved: 69
    // silent days in each of the three games, over Art. 31's 40 — three claims at once.
    let s = example_without_servers();
    let out = s.run(&["check-config"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: tournament BG-2026-01 started on 2026-01-10 and no game has a move yet: the first tick would file 3 overstep claim(s)"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("without --accept-past-start"), "{stderr}");
    // `status` before the tick shows what the tick will leave: White's clock stopped at the
    // claim (Art. 37), not 69 days.
    let before = text(&s.run(&["status", "--format", "json"]).stdout);
    // `tick` and `run` refuse, and nothing is queued.
    for args in [&["tick"][..], &["run"]] {
        let out = s.run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "amici {args:?}: {stderr}");
        assert!(stderr.contains("refusing to send them"), "{stderr}");
        assert!(stderr.contains("--accept-past-start"), "{stderr}");
    }
    assert_eq!(outbox_of_kind(&s, "overstep-claim"), 0);
    // Accepted: the tick files exactly the claims counted (each to the arbiter and both
    // players of its game).
    let out = s.run(&["tick", "--accept-past-start"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let claims = outbox_of_kind(&s, "overstep-claim");
    assert_eq!(
        claims,
        3 * 3,
        "3 claims, each to the arbiter and both players"
    );
    let after = text(&s.run(&["status", "--format", "json"]).stdout);
    assert_eq!(before, after, "one figure before and after the tick");
    // Something has happened now: never held back again.
    let out = s.run(&["tick"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = s.run(&["check-config"]);
    assert!(!text(&out.stderr).contains("no game has a move yet"));
}

#[test]
fn issue_13_item_11_the_users_own_config_stays_out_of_the_repository() {
    // README: `cp config/amici.example.toml config/amici.toml` — that file holds the
    // federation's addresses; git ignores it.
    let ignore = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.gitignore"))
        .expect(".gitignore");
    assert!(
        ignore
            .lines()
            .any(|l| l.trim() == "config/amici.toml" || l.trim() == "/config/amici.toml"),
        "{ignore}"
    );
}

#[test]
fn a_dry_run_never_writes_into_amicis_own_folders_and_replaces_only_its_own_files() {
    let s = one_move_played();
    let db = s.dir.path().join("amici.sqlite3");
    let size = std::fs::metadata(&db).expect("the live database").len();
    // the config's own folder (the live database is there): refused, nothing touched
    for dir in [".", "outbox"] {
        let out = s.run(&["run", "--dry-run", dir]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "--dry-run {dir}: {}",
            text(&out.stdout)
        );
        assert!(
            text(&out.stderr).contains("a folder of its own"),
            "{}",
            text(&out.stderr)
        );
    }
    assert_eq!(std::fs::metadata(&db).unwrap().len(), size);
    // a folder holding something else: refused
    let other = s.dir.path().join("papers");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let out = s.run(&["run", "--dry-run", "papers"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not empty"),
        "{}",
        text(&out.stderr)
    );
    assert!(other.join("notes.txt").exists());
    // a new folder, twice: the second run replaces the first one's messages
    let mut counts = Vec::new();
    for _ in 0..2 {
        let out = s.run(&["run", "--dry-run", "dry"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains("no [imap] in the config"),
            "{}",
            text(&out.stdout)
        );
        let written = std::fs::read_dir(s.dir.path().join("dry/outbox"))
            .unwrap()
            .count();
        assert!(
            text(&out.stdout).contains(&format!("{written} message(s)")),
            "{}",
            text(&out.stdout)
        );
        counts.push(written);
    }
    assert!(
        counts[0] > 0,
        "the day's tick has something to send on 20 March"
    );
    assert_eq!(
        counts[0], counts[1],
        "the second run replaced the first one's messages"
    );
    assert_eq!(
        std::fs::metadata(&db).unwrap().len(),
        size,
        "the live database untouched"
    );
}

#[test]
fn run_without_its_passwords_exits_2_naming_each_password_env() {
    let s = Setup::new(EXAMPLE);
    let out = s.run(&["run"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let imap = line_of(EXAMPLE, "password_env = \"AMICI_IMAP_PASSWORD\"");
    let smtp = line_of(EXAMPLE, "password_env = \"AMICI_SMTP_PASSWORD\"");
    assert!(stderr.contains(&format!("amici.toml:{imap}:")), "{stderr}");
    assert!(stderr.contains(&format!("amici.toml:{smtp}:")), "{stderr}");
    // a dry run sends nothing: only the mailbox's password is asked for
    let out = s.run(&["run", "--dry-run", "dry"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("amici.toml:{imap}:")), "{stderr}");
    assert!(!stderr.contains(&format!("amici.toml:{smtp}:")), "{stderr}");
}
