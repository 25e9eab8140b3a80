//! The letters corpus (fixtures/letters/): every `NNN-name.txt` is read and judged in the game
//! its `NNN-name.expect` describes, and the verdict compared; failures are reported by file
//! name. Also the bounded no-panic run over garbled input (`AMICI_FUZZ_ITER`).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use amici::rules::letter::{Command, Totals, read_letter};
use amici::rules::model::{Day, Notation};
use amici::rules::verdict::{GameView, Item, Official, Verdict, judge, replay_uci};
use shakmaty::{Chess, Color, Position};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/letters")
}

/// One `.expect` file: `key: value` lines, `#` comments.
#[derive(Default, Debug)]
struct Expect {
    moves: Vec<String>,
    notation: Option<Notation>,
    sender: Option<Color>,
    verdict: String,
    mv: Option<String>,
    short: Option<bool>,
    complete: Option<bool>,
    missing: Option<Vec<char>>,
    commands: Option<Vec<String>>,
    line: Option<Vec<String>>,
    wrong_number: Option<bool>,
    arrival: Option<Day>,
    allow_numeric: bool,
    over: bool,
    penalty: Option<u32>,
    article: Option<u32>,
    official: Official,
    wrong: Option<Vec<char>>,
    transport: Option<bool>,
}

fn date(v: &str) -> Result<Day, String> {
    v.parse().map_err(|_| format!("bad date {v:?}"))
}

fn parse_expect(text: &str) -> Result<Expect, String> {
    let mut e = Expect::default();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (k, v) = line
            .split_once(':')
            .ok_or_else(|| format!("bad line {line:?}"))?;
        let v = v.trim();
        let words = || v.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let boolean = || match v {
            "true" | "yes" => Ok(true),
            "false" | "no" => Ok(false),
            _ => Err(format!("bad bool {v:?}")),
        };
        match k.trim() {
            "moves" => e.moves = words(),
            "notation" => {
                e.notation = Some(match v {
                    "bg" => Notation::Bg,
                    "ru" => Notation::Ru,
                    "en" => Notation::En,
                    "de" => Notation::De,
                    _ => return Err(format!("bad notation {v:?}")),
                })
            }
            "sender" => {
                e.sender = Some(match v {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => return Err(format!("bad sender {v:?}")),
                })
            }
            "verdict" => e.verdict = v.to_string(),
            "move" => e.mv = Some(v.to_string()),
            "short" => e.short = Some(boolean()?),
            "complete" => e.complete = Some(boolean()?),
            "missing" => e.missing = Some(v.chars().filter(|c| !c.is_whitespace()).collect()),
            "commands" => e.commands = Some(words()),
            "line" => e.line = Some(words()),
            "wrong-number" => e.wrong_number = Some(boolean()?),
            "arrival" => e.arrival = Some(v.parse().map_err(|_| format!("bad date {v:?}"))?),
            "allow-numeric" => e.allow_numeric = boolean()?,
            "over" => e.over = boolean()?,
            "penalty" => e.penalty = Some(v.parse().map_err(|_| format!("bad penalty {v:?}"))?),
            "article" => e.article = Some(v.parse().map_err(|_| format!("bad article {v:?}"))?),
            "official-letter" => e.official.letter = Some(date(v)?),
            "official-received" => e.official.received = Some(date(v)?),
            "official-sent" => e.official.sent = Some(date(v)?),
            "official-time" => {
                e.official.time_used = Some(v.parse().map_err(|_| format!("bad time {v:?}"))?)
            }
            "official-totals" => {
                let n: Vec<u32> = v
                    .split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect();
                match n[..] {
                    [white, black] => e.official.totals = Some(Totals { white, black }),
                    _ => return Err(format!("bad totals {v:?}")),
                }
            }
            "wrong" => e.wrong = Some(v.chars().filter(|c| !c.is_whitespace()).collect()),
            "transport" => e.transport = Some(boolean()?),
            "note" => {}
            other => return Err(format!("unknown key {other:?}")),
        }
    }
    if e.verdict.is_empty() {
        return Err("no verdict".into());
    }
    Ok(e)
}

fn command_name(c: &Command) -> &'static str {
    match c {
        Command::Resign => "resign",
        Command::OfferDraw => "offer-draw",
        Command::AcceptDraw => "accept-draw",
        Command::DeclineDraw => "decline-draw",
        Command::Leave { .. } => "leave",
        Command::Notice => "notice",
        Command::ClaimWin => "claim-win",
        Command::ClaimDraw => "claim-draw",
        Command::DeclineVariant => "decline-variant",
    }
}

fn verdict_name(v: &Verdict) -> &'static str {
    match v {
        Verdict::Accepted(_) => "accepted",
        Verdict::Impossible(_) => "impossible",
        Verdict::Incorrect(_) => "incorrect",
        Verdict::Unclear(_) => "unclear",
        Verdict::NoMove => "no-move",
        Verdict::CommandsOnly => "commands-only",
        Verdict::NotYourTurn => "not-your-turn",
        Verdict::GameOver => "game-over",
        Verdict::BadRecord { .. } => "bad-record",
        Verdict::TwoReadings(_) => "two-readings",
    }
}

fn item_letter(i: &Item) -> char {
    i.letter()
}

/// Check one letter; `Err` describes every difference.
fn check(name: &str, text: &str, e: &Expect) -> Result<(String, Notation), String> {
    let notation = e.notation.ok_or("no notation")?;
    let sender = e.sender.ok_or("no sender")?;
    let moves =
        replay_uci(&e.moves).map_err(|ply| format!("record does not replay at ply {ply}"))?;
    let arrival = e
        .arrival
        .unwrap_or_else(|| Day::from_ymd_opt(2026, 3, 15).expect("date"));
    let letter = read_letter(text, notation, e.allow_numeric, arrival);
    let game = GameView {
        moves,
        sender,
        notation,
        over: e.over,
        penalty_days: 5,
        official: e.official,
    };
    let v = judge(&letter, &game);
    let mut errs = Vec::new();
    let got = verdict_name(&v);
    if got != e.verdict {
        errs.push(format!("verdict {got}, expected {}", e.verdict));
    }
    match &v {
        Verdict::Accepted(a) => {
            if let Some(m) = &e.mv
                && &a.own.uci != m
            {
                errs.push(format!("move {} ({}), expected {m}", a.own.uci, a.own.full));
            }
            if let Some(s) = e.short
                && a.short != s
            {
                errs.push(format!("short {}, expected {s}", a.short));
            }
            if let Some(c) = e.complete
                && a.is_complete() != c
            {
                errs.push(format!("complete {}, expected {c}: {a:?}", a.is_complete()));
            }
            if let Some(m) = &e.missing {
                let got: Vec<char> = a.missing.iter().map(item_letter).collect();
                if &got != m {
                    errs.push(format!("missing {got:?}, expected {m:?}"));
                }
            }
            if let Some(l) = &e.line {
                let got: Vec<&str> = a.line.iter().map(|m| m.uci.as_str()).collect();
                if got != *l {
                    errs.push(format!("line {got:?}, expected {l:?} ({:?})", a.line_error));
                }
            }
            if let Some(w) = &e.wrong {
                let got: Vec<char> = a.wrong.iter().map(|x| x.item().letter()).collect();
                if &got != w {
                    errs.push(format!("wrong {:?}, expected {w:?}", a.wrong));
                }
            }
            if let Some(w) = e.wrong_number
                && a.wrong_numbers.is_empty() == w
            {
                errs.push(format!("wrong numbers {:?}, expected {w}", a.wrong_numbers));
            }
        }
        Verdict::Impossible(r) | Verdict::Incorrect(r) | Verdict::Unclear(r) => {
            if let Some(p) = e.penalty
                && r.penalty_days != p
            {
                errs.push(format!("penalty {}, expected {p}", r.penalty_days));
            }
            if let Some(a) = e.article
                && r.article != a
            {
                errs.push(format!("article {}, expected {a}", r.article));
            }
            if let Some(t) = e.transport
                && r.transport_fault != t
            {
                errs.push(format!(
                    "transport fault {}, expected {t}",
                    r.transport_fault
                ));
            }
            if r.help.diagram.is_empty() {
                errs.push("no diagram in the help".into());
            }
        }
        _ => {}
    }
    if let Some(c) = &e.commands {
        let got: Vec<&str> = letter.commands.iter().map(command_name).collect();
        if got != *c {
            errs.push(format!("commands {got:?}, expected {c:?}"));
        }
    }
    if errs.is_empty() {
        Ok((got.to_string(), notation))
    } else {
        Err(format!(
            "{name}: {}\n    items: {:?}",
            errs.join("; "),
            letter.items.iter().map(|i| &i.raw).collect::<Vec<_>>()
        ))
    }
}

#[test]
fn s4_every_letter_of_the_corpus_gets_its_verdict() {
    let dir = corpus_dir();
    let mut names: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|d| d.ok().map(|d| d.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut hand = 0;
    for p in &names {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if name.contains("-h-") {
            hand += 1;
        }
        let bytes = fs::read(p).expect("read");
        // The mail layer hands over decoded text; a broken byte becomes U+FFFD as it would.
        let text = String::from_utf8_lossy(&bytes);
        let exp_path = p.with_extension("expect");
        let exp = match fs::read_to_string(&exp_path) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: no .expect ({e})"));
                continue;
            }
        };
        let exp = match parse_expect(&exp) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{name}: bad .expect: {e}"));
                continue;
            }
        };
        match check(&name, &text, &exp) {
            Ok((v, n)) => {
                seen.insert((v, format!("{n:?}")));
            }
            Err(f) => failures.push(f),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} letters failed:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
    assert!(names.len() >= 200, "only {} letters", names.len());
    assert!(hand >= 80, "only {hand} hand-written letters");
    // Every row of RULES.md §4 that a letter alone decides, in every notation.
    for n in ["Bg", "Ru", "En", "De"] {
        for v in [
            "accepted",
            "impossible",
            "incorrect",
            "unclear",
            "no-move",
            "not-your-turn",
            "game-over",
        ] {
            assert!(
                seen.contains(&(v.to_string(), n.to_string())),
                "no {v} letter in notation {n}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Garbled input must never panic.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', 'p', 'а', 'в', 'с', 'д', 'е', 'һ', 'х', 'п', '1',
    '2', '3', '4', '5', '6', '7', '8', '9', '0', 'O', 'О', 'о', 'K', 'К', 'р', 'Ц', 'Д', 'Т', 'Ф',
    'Л', 'С', 'Q', 'R', 'B', 'N', 'D', 'T', 'L', 'S', 'Z', '-', '–', '—', ':', '×', '=', '/', '(',
    ')', '+', '#', '!', '?', '.', '…', ' ', ' ', ' ', '\n', '\r', '\t', '\u{FFFD}', ',', ';', '>',
    'й', '字', '🙂', '\u{0301}', 'İ',
];

const WORDS: &[&str] = &[
    "Кg1-f3",
    "e2-e4",
    "0-0",
    "O-O-O",
    "e7-e8Д",
    "e8=Q",
    "ed",
    "e:d5",
    "5254",
    "15.",
    "15...",
    "15…",
    "11.3.",
    "12.03.2026",
    "2026-03-11",
    "11/3",
    "= 3 дни",
    "общо време белите 15 черните 21",
    "Total: White 15, Black 21",
    "resign",
    "предлагам реми",
    "сдаюсь",
    "отпуск 01.06.–30.06.",
    "leave 2026-06-01 2026-06-30",
    "notice",
    "уведомление",
    "claim win",
    "decline",
    "ако",
    "if",
    "если",
    "Здравей",
    "Привет",
    "Dear",
    "-- ",
    "> quoted",
    "e.p.",
    "(5254)",
    "Крe1-e2",
    "Фd1-h5",
    "Sg1-f3",
    "Lf1-c4",
    "Ng1-f3",
    "BG-2026-01",
    "Турнир",
    "31.02.",
    "99.99.",
    "0.0.",
    "1.1.1",
    // Issue 9 shapes: Russian mate, double check, en passant, `7)` numbers, short captures.
    "Лd1-d8х",
    "Лd1-d8×",
    "Лd1-d8x!!",
    "++",
    "+!",
    ":+?!",
    "в.п.",
    "e5:d6 в.п.",
    "7)",
    "7. ...",
    "Ф:f2",
    "Л:d3",
    "Кb:d7",
    "Сd:e5",
    "gh8Ф",
];

fn garbled(rng: &mut Rng) -> String {
    let mut s = String::new();
    let parts = 1 + rng.below(20);
    for _ in 0..parts {
        if rng.below(3) == 0 {
            for _ in 0..1 + rng.below(8) {
                s.push(ALPHABET[rng.below(ALPHABET.len())]);
            }
        } else {
            s.push_str(WORDS[rng.below(WORDS.len())]);
        }
        if rng.below(2) == 0 {
            s.push(' ');
        }
    }
    s
}

fn random_game(rng: &mut Rng) -> Vec<shakmaty::Move> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for _ in 0..rng.below(60) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos.play_unchecked(m);
        out.push(m);
    }
    out
}

#[test]
fn no_input_makes_read_letter_or_judge_panic() {
    // AMICI_FUZZ_ITER overrides; the default is 1,000,000 in release and 100,000 in debug builds (about 15 s)
    // so that `cargo test` stays under a minute.
    let iters: usize = std::env::var("AMICI_FUZZ_ITER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) {
            100_000
        } else {
            1_000_000
        });
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let games: Vec<Vec<shakmaty::Move>> = (0..64).map(|_| random_game(&mut rng)).collect();
    let arrival = Day::from_ymd_opt(2026, 3, 15).expect("date");
    let notations = [Notation::Bg, Notation::Ru, Notation::En, Notation::De];
    for k in 0..iters {
        let text = garbled(&mut rng);
        let notation = notations[k % 4];
        let letter = read_letter(&text, notation, k % 3 == 0, arrival);
        let moves = games[rng.below(games.len())].clone();
        let sender = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let game = GameView {
            moves,
            sender,
            notation,
            over: k % 97 == 0,
            penalty_days: 5,
            official: Official::default(),
        };
        let _ = judge(&letter, &game);
    }
}

#[test]
fn long_garbage_is_read_in_linear_time() {
    // 120,000 characters on one line, of the shapes that would invite rescanning.
    let arrival = Day::from_ymd_opt(2026, 5, 15).expect("date");
    for unit in [
        "a-", "total 1 ", "notice ", "e2", "1. ", "Кg", "= ", "11.3. ", "ако ", "- ", "0-",
    ] {
        let text = unit.repeat(120_000 / unit.len());
        let started = std::time::Instant::now();
        let letter = read_letter(&text, Notation::Bg, true, arrival);
        let game = GameView {
            moves: Vec::new(),
            sender: Color::White,
            notation: Notation::Bg,
            over: false,
            penalty_days: 5,
            official: Official::default(),
        };
        let _ = judge(&letter, &game);
        assert!(
            started.elapsed().as_secs() < 5,
            "{unit:?} took {:?}",
            started.elapsed()
        );
    }
}
