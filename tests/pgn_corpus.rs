//! The differential corpus (issue 9): real games nobody here wrote (`fixtures/corpus/`, sources
//! in `fixtures/README`), read with `pgn-reader`. The letters are rendered HERE, from the PGN's
//! moves, with this file's own notation table typed from RULES.md §4 — no code of `src/` renders
//! them — in every notation (bg Cyrillic, bg Latin, ru, en, de) and in the letter styles people
//! use: the own move only; the opponent's move + own; the last full pair + own; the whole score
//! + own; Art. 21 marks as people write them; short notation; conditional lines accepted in part.
//! Every letter goes through the rules core's entry point for a player's letter
//! (`game::handle_letter`); every game must end in the PGN's final position with zero penalties
//! and no refused letter.
//!
//! CI runs a fixed sample in-process and two games through the binary (`amici ingest`).
//! `AMICI_CORPUS_FULL=1` replays every game in every notation (use `--release`).

use std::io;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;

use amici::rules::game::{self, GameRecord, Msg, Status};
use amici::rules::model::{Day, Mode, Notation, Params};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

// ---- the games ------------------------------------------------------------------------------

struct PgnGame {
    source: String,
    moves: Vec<Move>,
}

struct Collect {
    source: String,
}

struct Text {
    fen: bool,
}

impl Visitor for Collect {
    type Tags = Text;
    type Movetext = (Chess, Vec<Move>, bool);
    type Output = Option<PgnGame>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Text { fen: false })
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        _value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" || name == b"SetUp" {
            tags.fen = true;
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        if tags.fen {
            return ControlFlow::Break(None);
        }
        ControlFlow::Continue((Chess::default(), Vec::new(), true))
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        if movetext.2 {
            match san_plus.san.to_move(&movetext.0) {
                Ok(m) => {
                    movetext.0.play_unchecked(m);
                    movetext.1.push(m);
                }
                Err(_) => movetext.2 = false,
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        let (_, moves, ok) = movetext;
        (ok && moves.len() >= 2).then(|| PgnGame {
            source: self.source.clone(),
            moves,
        })
    }
}

fn corpus() -> Vec<PgnGame> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let mut reader = Reader::new(io::BufReader::new(std::fs::File::open(&f).unwrap()));
        let mut n = 0;
        loop {
            n += 1;
            let mut v = Collect {
                source: format!("{name}#{n}"),
            };
            match reader.read_game(&mut v) {
                Ok(Some(Some(g))) => games.push(g),
                Ok(Some(None)) => {}
                Ok(None) => break,
                Err(e) => panic!("{name}: {e}"),
            }
        }
    }
    games
}

// ---- our own notation table, typed from RULES.md §4 ------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    BgCyrillic,
    BgLatin,
    Ru,
    En,
    De,
}

const SCRIPTS: [Script; 5] = [
    Script::BgCyrillic,
    Script::BgLatin,
    Script::Ru,
    Script::En,
    Script::De,
];

impl Script {
    fn notation(self) -> Notation {
        match self {
            Script::BgCyrillic | Script::BgLatin => Notation::Bg,
            Script::Ru => Notation::Ru,
            Script::En => Notation::En,
            Script::De => Notation::De,
        }
    }

    fn config(self) -> &'static str {
        match self {
            Script::BgCyrillic | Script::BgLatin => "bg",
            Script::Ru => "ru",
            Script::En => "en",
            Script::De => "de",
        }
    }

    /// King, queen, rook, bishop, knight (RULES.md §4 table).
    fn piece(self, role: Role) -> &'static str {
        let t: [&str; 5] = match self {
            Script::BgCyrillic => ["Ц", "Д", "Т", "О", "К"],
            Script::BgLatin => ["Z", "D", "T", "O", "K"],
            Script::Ru => ["Кр", "Ф", "Л", "С", "К"],
            Script::En => ["K", "Q", "R", "B", "N"],
            Script::De => ["K", "D", "T", "L", "S"],
        };
        match role {
            Role::King => t[0],
            Role::Queen => t[1],
            Role::Rook => t[2],
            Role::Bishop => t[3],
            Role::Knight => t[4],
            Role::Pawn => "",
        }
    }

    fn capture(self, r: &mut Rng) -> &'static str {
        match self {
            Script::BgCyrillic | Script::Ru => [":", ":", ":", "x", "×"][r.below(5)],
            Script::BgLatin => [":", "x"][r.below(2)],
            Script::En | Script::De => ["x", "x", ":"][r.below(3)],
        }
    }

    fn castle(self, side: CastlingSide, r: &mut Rng) -> String {
        let o = match self {
            Script::BgCyrillic => ["0", "0", "О"][r.below(3)],
            Script::Ru => ["0", "0", "О"][r.below(3)],
            Script::BgLatin | Script::En => ["O", "0"][r.below(2)],
            Script::De => ["0", "O"][r.below(2)],
        };
        match side {
            CastlingSide::KingSide => format!("{o}-{o}"),
            CastlingSide::QueenSide => format!("{o}-{o}-{o}"),
        }
    }

    fn promotion(self, role: Role, r: &mut Rng) -> String {
        let p = self.piece(role);
        match (self, r.below(3)) {
            (_, 0) => format!("={p}"),
            (Script::BgCyrillic | Script::Ru | Script::BgLatin, 1) => format!("({p})"),
            _ => p.to_string(),
        }
    }

    fn en_passant(self, r: &mut Rng) -> &'static str {
        match self {
            Script::Ru => [" в.п.", " e.p.", ""][r.below(3)],
            _ => [" e.p.", "ep", ""][r.below(3)],
        }
    }
}

fn sq(s: Square) -> String {
    s.to_string()
}

/// Full from-to notation (Art. 7 note 1), with marks as people write them when `marks`.
fn full(pos: &Chess, m: Move, s: Script, r: &mut Rng) -> String {
    match m {
        Move::Castle { .. } => s.castle(m.castling_side().expect("castle"), r),
        Move::EnPassant { from, to } => {
            format!("{}{}{}{}", sq(from), s.capture(r), sq(to), s.en_passant(r))
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let _ = pos;
            let dash = ["-", "-", "-", "–", " - "][r.below(5)];
            let sep = if capture.is_some() {
                s.capture(r).to_string()
            } else {
                dash.to_string()
            };
            format!(
                "{}{}{}{}{}",
                s.piece(role),
                sq(from),
                sep,
                sq(to),
                promotion.map(|p| s.promotion(p, r)).unwrap_or_default()
            )
        }
        Move::Put { .. } => unreachable!(),
    }
}

/// Short notation (Art. 7 note 2) of every shape: `Кf3`, `Кgf3`, `К1f3`, `Ф:f2`, `ed`, `e:d`,
/// `ed5`, `exd5`, `gh8Ф` — each only where it names exactly one legal move.
fn short(pos: &Chess, m: Move, s: Script, r: &mut Rng) -> String {
    match San::from_move(pos, m) {
        San::Castle(side) => s.castle(side, r),
        San::Put { .. } | San::Null => unreachable!(),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let promo = promotion.map(|p| s.promotion(p, r)).unwrap_or_default();
            if role == Role::Pawn && capture {
                let from = m.from().expect("from");
                let files_only_unique = pos
                    .legal_moves()
                    .iter()
                    .filter(|x| {
                        x.role() == Role::Pawn
                            && x.is_capture()
                            && x.from().is_some_and(|f| f.file() == from.file())
                            && x.to().file() == to.file()
                    })
                    .count()
                    == 1;
                let f = from.file().char();
                let t = to.file().char();
                let choice = r.below(4);
                return match choice {
                    0 if files_only_unique && promotion.is_none() => format!("{f}{t}"),
                    1 if files_only_unique && promotion.is_none() => format!("{f}:{t}"),
                    2 => format!("{f}{}{}", s.capture(r), sq(to)) + &promo,
                    _ => format!("{f}{}", sq(to)) + &promo,
                };
            }
            let mut out = s.piece(role).to_string();
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(rk) = rank {
                out.push(rk.char());
            }
            if capture && r.below(2) == 0 {
                out.push_str(s.capture(r));
            }
            out.push_str(&sq(to));
            out + &promo
        }
    }
}

/// Art. 21 marks after a move: check, mate (Russian `х`), annotations, in any combination.
fn marks(after: &Chess, s: Script, r: &mut Rng) -> String {
    let mut out = String::new();
    if after.is_checkmate() {
        out.push_str(match s {
            Script::Ru => ["#", "х", "x", "×", "++", "+"][r.below(6)],
            _ => ["#", "++", "+", ""][r.below(4)],
        });
    } else if after.is_check() {
        out.push_str(["+", "+", "++", ""][r.below(4)]);
    }
    if r.below(5) == 0 {
        out.push_str(["!", "?", "!!", "??", "!?", "?!"][r.below(6)]);
    }
    out
}

// ---- letters ---------------------------------------------------------------------------------

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Style {
    OwnOnly,
    OpponentAndOwn,
    LastPairAndOwn,
    WholeScoreAndOwn,
    Marks,
    Short,
    Line,
    /// The receiver of a line writes out his move, the proposer's reply and his next move.
    AcceptLineAndOwn,
    /// The whole score copied with a slip in an old move (a wrong square, or a move left out).
    WholeScoreWithSlipAndOwn,
}

const STYLES: [Style; 7] = [
    Style::OwnOnly,
    Style::OpponentAndOwn,
    Style::LastPairAndOwn,
    Style::WholeScoreAndOwn,
    Style::Marks,
    Style::Short,
    Style::Line,
];

/// How move `ply` is numbered before its text: `7.`, `7)`, `7 `, `7...`, `7…`, `7. ...`.
fn number(ply: usize, first_of_run: bool, r: &mut Rng) -> String {
    let n = ply / 2 + 1;
    if ply % 2 == 0 {
        [format!("{n}. "), format!("{n}."), format!("{n}) ")][r.below(3)].clone()
    } else if first_of_run {
        [
            format!("{n}... "),
            format!("{n}…"),
            format!("{n}. ... "),
            format!("{n}..."),
        ][r.below(4)]
        .clone()
    } else {
        String::new()
    }
}

/// Write half-moves `from..to` of the game as a run of numbered moves.
fn run(
    positions: &[Chess],
    moves: &[Move],
    from: usize,
    to: usize,
    s: Script,
    r: &mut Rng,
    short_form: bool,
    with_marks: bool,
) -> String {
    let mut out = String::new();
    for p in from..to {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&number(p, p == from, r));
        let text = if short_form {
            short(&positions[p], moves[p], s, r)
        } else {
            full(&positions[p], moves[p], s, r)
        };
        out.push_str(&text);
        if with_marks {
            out.push_str(&marks(&positions[p + 1], s, r));
        }
    }
    out
}

fn greeting(s: Script, r: &mut Rng) -> &'static str {
    if r.below(3) != 0 {
        return "";
    }
    match s {
        Script::BgCyrillic | Script::BgLatin => "Здравейте!\n\n",
        Script::Ru => "Добрый день!\n\n",
        Script::En => "Dear friend,\n\n",
        Script::De => "Lieber Schachfreund,\n\n",
    }
}

/// A legal move in `pos` other than `not`, to make a line deviate.
fn other_move(pos: &Chess, not: Move, r: &mut Rng) -> Option<Move> {
    let legal: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| *m != not)
        .collect();
    (!legal.is_empty()).then(|| legal[r.below(legal.len())])
}

#[derive(Default)]
struct Figures {
    games: usize,
    letters: usize,
    by_style: std::collections::BTreeMap<String, usize>,
    line_moves: usize,
    ended_early: usize,
}

/// Replay one game in one script through the rules core. `Err` says what went wrong.
///
/// Longer than 150 lines for a reason: the letters of one game go through the core in order,
/// each step reading the record, the positions and the figures the step before left.
fn replay(g: &PgnGame, s: Script, seed: u64, fig: &mut Figures) -> Result<(), String> {
    let mut positions = vec![Chess::default()];
    for &m in &g.moves {
        let mut p = positions.last().unwrap().clone();
        p.play_unchecked(m);
        positions.push(p);
    }
    let mut r = Rng(seed | 1);
    let mut rec = GameRecord::new(
        "C/1".into(),
        "C".into(),
        "w@x.test".into(),
        "b@x.test".into(),
        Params::for_mode(Mode::Email),
        s.notation(),
        Day::from_ymd_opt(2026, 1, 10).unwrap(),
    );
    let mut today = Day::from_ymd_opt(2026, 1, 11).unwrap();
    let n = g.moves.len();
    let mut guard = 0;
    while rec.moves.len() < n {
        guard += 1;
        if guard > 4 * n + 10 {
            return Err("no progress".into());
        }
        if rec.status == Status::Finished {
            // The core ends a game on insufficient material the PGN may play on past.
            if positions[rec.moves.len()].is_insufficient_material() {
                fig.ended_early += 1;
                break;
            }
            return Err(format!("finished early at ply {}", rec.moves.len()));
        }
        let p = rec.moves.len();
        let side = if p % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut style = STYLES[r.below(STYLES.len())];
        if style == Style::WholeScoreAndOwn && r.below(4) != 0 {
            style = Style::LastPairAndOwn; // the whole score now and then: letters grow long
        }
        if style == Style::WholeScoreAndOwn && p >= 4 && r.below(2) == 0 {
            style = Style::WholeScoreWithSlipAndOwn;
        }
        if p == 0 && matches!(style, Style::OpponentAndOwn | Style::LastPairAndOwn) {
            style = Style::OwnOnly;
        }
        // A line of the opponent is pending: half the time accept a step of it in writing.
        if rec.variant.as_ref().is_some_and(|v| v.by != side) && p + 2 < n && r.below(2) == 0 {
            style = Style::AcceptLineAndOwn;
        }
        let own_full = |r: &mut Rng| run(&positions, &g.moves, p, p + 1, s, r, false, false);
        let body = match style {
            Style::OwnOnly => {
                if r.below(4) == 0 {
                    // No number at all.
                    full(&positions[p], g.moves[p], s, &mut r)
                } else {
                    own_full(&mut r)
                }
            }
            Style::OpponentAndOwn => {
                run(&positions, &g.moves, p - 1, p + 1, s, &mut r, false, false)
            }
            Style::LastPairAndOwn => {
                // White: `n-1. w b n. own`; Black: `n-1... b n. w own`.
                run(
                    &positions,
                    &g.moves,
                    p.saturating_sub(2),
                    p + 1,
                    s,
                    &mut r,
                    false,
                    false,
                )
            }
            Style::WholeScoreAndOwn => run(&positions, &g.moves, 0, p + 1, s, &mut r, false, false),
            Style::WholeScoreWithSlipAndOwn => {
                // An old move (never Б, the opponent's last) copied wrongly or left out.
                let q = r.below(p - 1);
                let mut text = run(&positions, &g.moves, 0, q, s, &mut r, false, false);
                let written = full(&positions[q], g.moves[q], s, &mut r);
                let slipped = match written.find(|c: char| c.is_ascii_digit()) {
                    Some(i) if r.below(3) != 0 => {
                        let d = written.as_bytes()[i] - b'0';
                        let other = char::from(b'1' + (d % 8));
                        format!("{}{other}{}", &written[..i], &written[i + 1..])
                    }
                    _ => String::new(),
                };
                if !slipped.is_empty() {
                    text.push(' ');
                    text.push_str(&number(q, true, &mut r));
                    text.push_str(&slipped);
                }
                text.push(' ');
                text.push_str(&run(
                    &positions,
                    &g.moves,
                    q + 1,
                    p + 1,
                    s,
                    &mut r,
                    false,
                    false,
                ));
                text
            }
            Style::Marks => {
                let from = p.saturating_sub(1);
                run(&positions, &g.moves, from, p + 1, s, &mut r, false, true)
            }
            Style::Short => {
                let from = p.saturating_sub(r.below(2));
                let with_marks = r.below(2) == 0;
                run(
                    &positions,
                    &g.moves,
                    from,
                    p + 1,
                    s,
                    &mut r,
                    true,
                    with_marks,
                )
            }
            Style::AcceptLineAndOwn => {
                let from = p.saturating_sub(r.below(2));
                run(&positions, &g.moves, from, p + 3, s, &mut r, false, false)
            }
            Style::Line => {
                // Own move + the game's real continuation for a pair (accepted when the
                // opponent plays it), then maybe a deviating pair that lapses.
                let mut text = run(
                    &positions,
                    &g.moves,
                    p,
                    (p + 3).min(n),
                    s,
                    &mut r,
                    false,
                    false,
                );
                if p + 3 < n
                    && r.below(2) == 0
                    && let Some(alt) = other_move(&positions[p + 3], g.moves[p + 3], &mut r)
                {
                    let mut alt_pos = positions[p + 3].clone();
                    alt_pos.play_unchecked(alt);
                    text.push(' ');
                    text.push_str(&number(p + 3, true, &mut r));
                    text.push_str(&full(&positions[p + 3], alt, s, &mut r));
                    if let Some(reply) = alt_pos.legal_moves().first().copied() {
                        text.push(' ');
                        text.push_str(&number(p + 4, false, &mut r));
                        text.push_str(&full(&alt_pos, reply, s, &mut r));
                    }
                }
                text
            }
        };
        let text = format!("{}{body}\n", greeting(s, &mut r));
        if std::env::var("AMICI_CORPUS_SHOW").is_ok() && r.below(50) == 0 {
            eprintln!("{s:?} {style:?} ply {p}: {text:?}");
        }
        let h = game::handle_letter(&rec, side, &text, today);
        for e in &h.effects {
            match &e.msg {
                Msg::Refused { .. } | Msg::Penalty { .. } | Msg::NoMove | Msg::NotYourTurn => {
                    return Err(format!(
                        "ply {p} ({style:?}): {:?} for letter {text:?}",
                        e.msg
                    ));
                }
                Msg::TwoReadings { moves } => {
                    return Err(format!(
                        "ply {p} ({style:?}): asked ({moves:?}) for {text:?}"
                    ));
                }
                _ => {}
            }
        }
        let next = h
            .record
            .ok_or_else(|| format!("ply {p} ({style:?}): nothing recorded for {text:?}"))?;
        if !next.penalties.is_empty() {
            return Err(format!(
                "ply {p}: penalty {:?} for {text:?}",
                next.penalties
            ));
        }
        if next.moves.len() <= p {
            return Err(format!("ply {p} ({style:?}): no move played for {text:?}"));
        }
        for (i, m) in next.moves.iter().enumerate().skip(p) {
            let want = shakmaty::uci::UciMove::from_standard(g.moves[i]).to_string();
            if m.uci != want {
                return Err(format!(
                    "ply {p} ({style:?}): recorded {} at ply {i}, the game has {want}, for {text:?}",
                    m.uci
                ));
            }
        }
        fig.line_moves += next.moves.iter().skip(p).filter(|m| m.from_variant).count();
        rec = next;
        fig.letters += 1;
        *fig.by_style.entry(format!("{s:?}/{style:?}")).or_default() += 1;
        if r.below(3) != 0 {
            today = today.succ_opt().unwrap();
        }
    }
    // The final position equals the PGN's, move for move.
    let k = rec.moves.len();
    for (i, m) in rec.moves.iter().enumerate() {
        let want = shakmaty::uci::UciMove::from_standard(g.moves[i]).to_string();
        if m.uci != want {
            return Err(format!(
                "ply {i}: recorded {} but the PGN has {want}",
                m.uci
            ));
        }
    }
    if rec.fen()
        != shakmaty::fen::Fen::from_position(&positions[k], shakmaty::EnPassantMode::Legal)
            .to_string()
    {
        return Err("final position differs".into());
    }
    if !rec.penalties.is_empty() {
        return Err(format!("penalties {:?}", rec.penalties));
    }
    fig.games += 1;
    Ok(())
}

fn replay_all(games: &[&PgnGame]) -> Figures {
    let mut fig = Figures::default();
    let mut failures = Vec::new();
    for (i, g) in games.iter().enumerate() {
        for (j, s) in SCRIPTS.iter().enumerate() {
            let seed = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((j as u64 + 1) << 40);
            if let Err(e) = replay(g, *s, seed, &mut fig) {
                failures.push(format!("{} in {s:?}: {e}", g.source));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} replays failed:\n{}",
        failures.len(),
        games.len() * SCRIPTS.len(),
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    fig
}

fn report(label: &str, fig: &Figures) {
    eprintln!(
        "{label}: {} game replays (games × 5 notations), {} letters, {} moves played from lines, {} ended early on insufficient material, 0 penalties",
        fig.games, fig.letters, fig.line_moves, fig.ended_early
    );
    for (k, v) in &fig.by_style {
        eprintln!("  {k}: {v}");
    }
}

#[test]
fn corpus_holds_at_least_1000_real_games() {
    let games = corpus();
    assert!(games.len() >= 1000, "{} games", games.len());
}

#[test]
fn art_7_9_21_real_games_replay_in_every_notation_and_letter_style() {
    let games = corpus();
    let full = std::env::var("AMICI_CORPUS_FULL").is_ok_and(|v| v == "1");
    // CI: a fixed sample, every 10th game of the corpus.
    let chosen: Vec<&PgnGame> = if full {
        games.iter().collect()
    } else {
        games.iter().step_by(10).collect()
    };
    let fig = replay_all(&chosen);
    report(if full { "full corpus" } else { "CI sample" }, &fig);
    assert_eq!(fig.games, chosen.len() * SCRIPTS.len() - 0);
    // The styles and the lines really were exercised, not only printed.
    assert!(fig.line_moves > 0, "no move was played from a line");
    let every = [
        Style::OwnOnly,
        Style::OpponentAndOwn,
        Style::LastPairAndOwn,
        Style::WholeScoreAndOwn,
        Style::Marks,
        Style::Short,
        Style::Line,
        Style::AcceptLineAndOwn,
        Style::WholeScoreWithSlipAndOwn,
    ];
    for style in every {
        let n: usize = fig
            .by_style
            .iter()
            .filter(|(k, _)| k.ends_with(&format!("/{style:?}")))
            .map(|(_, v)| v)
            .sum();
        assert!(n > 0, "letter style {style:?} never occurred");
    }
}

// ---- through the binary ----------------------------------------------------------------------

fn config(s: Script) -> String {
    format!(
        r#"
[bot]
address = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"

[outbox]
dir = "outbox"

[[tournament]]
id = "C"
name = "Corpus"
mode = "email"
notation = "{}"
start = 2026-01-10
end = 2027-06-30
arbiter = "arbiter@example.test"
pairing = "explicit"
players = [
  {{ name = "Ivan", email = "ivan@example.test", language = "bg" }},
  {{ name = "Petar", email = "petar@example.test", language = "en" }},
]
games = [ {{ white = "ivan@example.test", black = "petar@example.test" }} ]
"#,
        s.config()
    )
}

fn amici(dir: &Path, now: &str, args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_amici"))
        .arg("--config")
        .arg(dir.join("amici.toml"))
        .args(args)
        .env("AMICI_NOW", now)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "amici {args:?} at {now}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn art_7_real_games_through_the_binary() {
    let games = corpus();
    // Two short games of the corpus, in Bulgarian Cyrillic and in Russian.
    let mut picked: Vec<&PgnGame> = games
        .iter()
        .filter(|g| g.moves.len() <= 40)
        .take(2)
        .collect();
    assert_eq!(picked.len(), 2);
    for (g, s) in picked.drain(..).zip([Script::BgCyrillic, Script::Ru]) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::write(dir.join("amici.toml"), config(s)).unwrap();
        let mut positions = vec![Chess::default()];
        for &m in &g.moves {
            let mut p = positions.last().unwrap().clone();
            p.play_unchecked(m);
            positions.push(p);
        }
        let mut r = Rng(0x5eed);
        let mut day = Day::from_ymd_opt(2026, 1, 11).unwrap();
        for p in 0..g.moves.len() {
            let from = if p % 2 == 0 { "ivan" } else { "petar" };
            let body = run(
                &positions,
                &g.moves,
                p.saturating_sub(1),
                p + 1,
                s,
                &mut r,
                p % 3 == 2,
                true,
            );
            let path = dir.join(format!("in-{p}.eml"));
            std::fs::write(
                &path,
                format!("From: {from}@example.test\r\nTo: bot@example.test\r\nSubject: C/1\r\nMessage-ID: <m{p}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"),
            )
            .unwrap();
            let now = format!("{day}T12:00:00+02:00");
            amici(dir, &now, &["ingest", path.to_str().unwrap()]);
            day = day.succ_opt().unwrap();
        }
        let now = format!("{day}T12:00:00+02:00");
        let out = amici(dir, &now, &["status", "--format", "json"]);
        let status: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let want = shakmaty::fen::Fen::from_position(
            positions.last().unwrap(),
            shakmaty::EnPassantMode::Legal,
        )
        .to_string();
        assert_eq!(
            status["games"][0]["fen"],
            want.as_str(),
            "{} in {s:?}",
            g.source
        );
        // No refusal and no penalty went out.
        let conn = rusqlite::Connection::open(dir.join("amici.sqlite3")).unwrap();
        let mut st = conn.prepare("SELECT kind FROM outbox ORDER BY id").unwrap();
        let kinds: Vec<String> = st
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(kinds.iter().any(|k| k == "move"), "{kinds:?}");
        assert!(
            !kinds.iter().any(|k| k == "error"),
            "{} in {s:?}: {kinds:?}",
            g.source
        );
    }
}
