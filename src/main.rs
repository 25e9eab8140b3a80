//! The command line: parse arguments, call into the library, print errors once.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

use amici::config::{self, Config};
use amici::mail::deliver::{self, Transport};
use amici::store::Store;
use amici::{clock, daemon, engine, report, status, tick};

/// amici — an e-mail correspondence chess arbiter.
///
/// Players keep writing ordinary letters; amici reads them, checks every move against the
/// rule book, keeps the record and the clocks, answers every letter and forwards each move to
/// the opponent. Start with `amici check-config`, then `amici run`.
#[derive(Parser)]
#[command(name = "amici", version, about, long_about)]
struct Cli {
    /// The config file (TOML); see config/amici.example.toml.
    #[arg(long, global = true, default_value = "config/amici.toml")]
    config: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// `standings --format`.
#[derive(Clone, Copy, ValueEnum)]
enum StandingsFormat {
    Text,
    Json,
    Html,
}

impl From<StandingsFormat> for report::Format {
    fn from(f: StandingsFormat) -> report::Format {
        match f {
            StandingsFormat::Text => report::Format::Text,
            StandingsFormat::Json => report::Format::Json,
            StandingsFormat::Html => report::Format::Html,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run the daemon: IMAP in (IDLE, polling as fallback), SMTP out, the daily tick.
    /// Reloads the config on SIGHUP and when the file changes.
    Run {
        /// Send what a tournament whose start date lies in the past would get at its first
        /// tick (silence repeats, Art. 31 claims): without this, `run` refuses.
        #[arg(long)]
        accept_past_start: bool,
        /// One read-only pass instead of the daemon: the mailbox opened without changing it,
        /// the letters processed in a copy of the database (DIR/amici.sqlite3), the day's
        /// tick run, and every message amici would send written into DIR/outbox/ as .eml
        /// files. Nothing is sent; the live database is not written.
        #[arg(long, value_name = "DIR")]
        dry_run: Option<PathBuf>,
    },
    /// Process raw RFC 5322 messages (files, or stdin when none) exactly as if they had just
    /// arrived in the mailbox; replies go out at once. For MTA pipe delivery and for tests.
    Ingest {
        /// Message files (.eml); reads one message from stdin when none is given.
        files: Vec<PathBuf>,
    },
    /// Run the clock sweep once (silence, oversteps, leave, end of tournament).
    Tick {
        /// As for `run`: send the first tick of a tournament whose start lies in the past.
        #[arg(long)]
        accept_past_start: bool,
    },
    /// Show the games: moves, position, whose turn, both clocks.
    Status {
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Only this game (e.g. BG-2026-01/3).
        #[arg(long)]
        game: Option<String>,
    },
    /// The standings of a tournament, or of any PGN file: points, tie-breaks, crosstable,
    /// and the definitions of the tie-breaks used (§709.2).
    Standings {
        /// The tournament (needed when several are configured).
        #[arg(long, value_name = "ID", conflicts_with = "pgn")]
        tournament: Option<String>,
        /// Rank the players of this PGN file instead (players by their PGN names); needs no
        /// config.
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
        /// Tie-breaks in order, comma-separated (buchholz, buchholz-cut1, sum-buchholz,
        /// sonneborn-berger, wins, black-wins, direct-encounter); default: the tournament's.
        #[arg(long, value_name = "LIST")]
        tiebreaks: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: StandingsFormat,
        /// The team standings of a team section (RULES.md §12 annex): match points, game
        /// points, then the annex's tie-breaks; `--format text` or `json`.
        #[arg(long, conflicts_with_all = ["pgn", "tiebreaks"])]
        teams: bool,
    },
    /// The games as PGN (sending date and thinking days of every move): one game, the games
    /// of a tournament, or all.
    Pgn {
        /// Only this game (e.g. BG-2026-01/3).
        #[arg(long, value_name = "ID", conflicts_with = "tournament")]
        game: Option<String>,
        /// Only the games of this tournament.
        #[arg(long, value_name = "ID")]
        tournament: Option<String>,
    },
    /// The section in FIDE's TRF-16 format (§709.1), for Swiss-Manager, JaVaFo, bbpPairings.
    Trf {
        /// The tournament (needed when several are configured).
        #[arg(long, value_name = "ID")]
        tournament: Option<String>,
    },
    /// Pair the next round of a TRF-16 tournament by the FIDE Dutch system (C.04.3) and print
    /// it in the JaVaFo/bbpPairings format: the number of pairs, then "white black" start
    /// numbers a line, 0 as the bye's opponent. Needs no config.
    ///
    /// With `--tournament ID --import FILE`: start the next Swiss round of a configured
    /// tournament from another program's pairings in that format (§709.1), after checking
    /// that every player is paired once, nobody twice against the same opponent, and the bye
    /// goes to a player who may have it.
    Pair {
        /// The TRF-16 file (TRFx XXR: rounds, XXC white1|black1: the initial colour).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["tournament", "import"], required_unless_present = "import")]
        trf: Option<PathBuf>,
        /// The tournament whose next round the imported pairings start.
        #[arg(long, value_name = "ID", requires = "import")]
        tournament: Option<String>,
        /// The pairings (JaVaFo/bbpPairings output format) to import.
        #[arg(long, value_name = "FILE", requires = "tournament")]
        import: Option<PathBuf>,
        /// The program that paired the round (the standings name it, §709.2).
        #[arg(long, value_name = "NAME", requires = "import")]
        program: Option<String>,
    },
    /// Validate the config and print every problem with its line and column.
    CheckConfig,
    /// Carry out an arbiter's decision, exactly as if the arbiter had sent it by letter.
    ///
    /// Those concerned are told by mail; the same words in a letter from the arbiter's
    /// address do the same. One command, each shown with an example:
    ///
    ///   confirm GAME [N]                 confirm overstep claim N, else the last (Art. 38)
    ///     amici arbiter confirm BG-2026-01/3
    ///   reject GAME [N]                  reject overstep claim N, else the last (Art. 38)
    ///     amici arbiter reject BG-2026-01/3 2
    ///   penalty GAME white|black ±DAYS REASON
    ///                                    add penalty days, or take them back with - (Art. 56)
    ///     amici arbiter penalty BG-2026-01/3 black +10 unsporting behaviour
    ///   forfeit GAME white|black|both    the side named loses the game, or both (Art. 56)
    ///     amici arbiter forfeit BG-2026-01/3 white
    ///   result GAME 1-0|0-1|1/2-1/2 [adjudication]
    ///                                    set the result, an adjudication (Art. 53-55)
    ///     amici arbiter result BG-2026-01/3 1/2-1/2 adjudication
    ///   leave EMAIL FROM TO              special leave, also retroactive (Art. 43)
    ///     amici arbiter leave ivan@example.test 2026-06-01 2026-06-30
    ///   extend TOURNAMENT DATE           extend the tournament's end date (Art. 50)
    ///     amici arbiter extend BG-2026-01 2028-03-31
    ///   withdraw EMAIL [illness]         withdrawal (Art. 47 А), illness or death (Art. 48)
    ///     amici arbiter withdraw maria@example.test illness
    ///   exclude EMAIL                    exclusion: every unfinished game forfeited (Art. 56)
    ///     amici arbiter exclude maria@example.test
    ///   overstep GAME white|black        declare an overstep as a sanction (Art. 56)
    ///     amici arbiter overstep BG-2026-01/3 black
    ///   replace OLD NEW                  a reserve replaces a withdrawn team player (Art. 47 Б)
    ///     amici arbiter replace maria@example.test elena@example.test
    ///   resend GAME                      send a bounced move again (the game waits till then)
    ///     amici arbiter resend BG-2026-01/3
    ///   post GAME                        the game goes on by post, once (Art. 6 В)
    ///     amici arbiter post BG-2026-01/3
    ///   pair TOURNAMENT                  a Swiss: pair the next round now (RULES.md §12a)
    ///     amici arbiter pair SW-2027
    ///   unpair TOURNAMENT ROUND          take back the last round's pairing before any move
    ///     amici arbiter unpair SW-2027 3
    ///   bye EMAIL ROUND                  a requested half-point bye (requested_byes = true)
    ///     amici arbiter bye maria@example.test 4
    #[command(
        verbatim_doc_comment,
        about = "Carry out an arbiter's decision, exactly as if the arbiter had sent it by letter"
    )]
    Arbiter {
        /// One of the commands above with its arguments, e.g. `confirm BG-2026-01/3`.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        command: Vec<String>,
    },
    /// Bring games in progress into amici from another arbiter's record: a PGN (moves with
    /// their sending dates as `{[%ccsnt 2026.01.15]}` comments, results of finished games) and
    /// a sidecar TOML (FILE.toml beside it: receipt dates in post mode, penalties, leave,
    /// oversteps, the declared totals). The clocks are rebuilt (the day count of Art. 8, 45, 47) and every
    /// disagreement listed; nothing is written when a game cannot be read (exit 2, the game
    /// and the line named) or when figures disagree without --accept (exit 3).
    Import {
        /// The tournament (its games must be in the config, with no move yet in amici).
        #[arg(long)]
        tournament: String,
        /// The games (PGN).
        file: PathBuf,
        /// The sidecar file (default: FILE with the extension .toml, when it exists).
        #[arg(long)]
        sidecar: Option<PathBuf>,
        /// Write the games although their rebuilt figures disagree with the declared ones.
        #[arg(long)]
        accept: bool,
    },
    /// Write the static site of every tournament into DIR: an index, each tournament's
    /// crosstable and pairings, each game's page (moves, dates, clocks, a board stepping
    /// through the moves, the PGN) and an Atom feed of results. Games in play are published
    /// `[site] publish_delay_moves` behind; no e-mail address is published. DIR is replaced
    /// as a whole (built beside it, then renamed into place).
    Site {
        /// The folder to write (created, or replaced).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Replay the stored history through today's rules and list every past decision that
    /// would differ (exit 0: none; 3: differences listed; 1: a runtime failure). The database
    /// is only read.
    Audit {
        #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
        format: AuditFormat,
        /// Only decisions made on or after this day (YYYY-MM-DD).
        #[arg(long, value_name = "DATE")]
        since: Option<chrono::NaiveDate>,
        /// Only the games of this tournament.
        #[arg(long, value_name = "ID")]
        tournament: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum AuditFormat {
    Text,
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("AMICI_LOG")
                .unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    // Ranking any PGN file needs no config (INTERFACE.md: arbiters use it for events amici
    // did not run).
    if let Command::Standings {
        pgn: Some(file),
        tiebreaks,
        format,
        ..
    } = &cli.command
    {
        return standings_pgn(file, tiebreaks.as_deref(), *format);
    }
    if let Command::Pair { trf: Some(trf), .. } = &cli.command {
        return pair_trf(trf);
    }
    let config = match config::load(&cli.config) {
        Ok(c) => c,
        Err(errors) => {
            eprintln!("{errors}");
            eprintln!(
                "amici: the config has {} problem(s); nothing was done",
                errors.0.len()
            );
            return ExitCode::from(2);
        }
    };
    if let Err(e) = clock::now() {
        eprintln!("amici: {e}");
        return ExitCode::from(2);
    }
    match run(cli.command, cli.config, config) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("amici: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn standings_pgn(
    file: &std::path::Path,
    tiebreaks: Option<&str>,
    format: StandingsFormat,
) -> ExitCode {
    if let Some(list) = tiebreaks
        && let Err(e) = amici::rules::standings::Tiebreak::parse_list(list)
    {
        eprintln!("amici: --tiebreaks: {e}");
        return ExitCode::from(2);
    }
    let today = match clock::now() {
        Ok(now) => now.date_naive(),
        Err(e) => {
            eprintln!("amici: {e}");
            return ExitCode::from(2);
        }
    };
    match report::standings_pgn(file, tiebreaks, format.into(), today) {
        Ok(out) => match emit(&out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("amici: {e:#}");
                ExitCode::from(1)
            }
        },
        Err(e) => {
            eprintln!("amici: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// `amici pair --trf FILE`: a bad file is bad input (exit 2), with the line that is wrong.
fn pair_trf(file: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("amici: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let trf = match amici::rules::trf_read::read_trf(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("amici: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let input = amici::rules::trf_read::next_round(&trf);
    match amici::rules::dutch::pair(&input) {
        Ok(p) => match emit(&p.to_javafo()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("amici: {e:#}");
                ExitCode::from(1)
            }
        },
        Err(e) => {
            eprintln!("amici: {}: round {}: {e}", file.display(), input.round);
            ExitCode::from(1)
        }
    }
}

/// Writes a command's output to stdout. A reader that has gone away (`amici status | head`)
/// is not a failure: the rest is dropped quietly, and the command ends as it would have —
/// print! would panic with "failed printing to stdout" and exit 101 (issue 13 item 9).
fn emit(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("writing to stdout"))
        }
        _ => Ok(()),
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

fn open(config: &Config) -> Result<Store> {
    let mut store = Store::open(&config.bot.database)
        .with_context(|| format!("opening {}", config.bot.database.display()))?;
    engine::sync_config(&mut store, config)
        .context("bringing the games in line with the config")?;
    Ok(store)
}

/// The past-start tournaments of the config (issue 13 item 8), counted against the database
/// when there is one — read through a copy, never written.
fn past_start_of_config(config: &Config) -> Result<Vec<amici::past_start::PastStart>> {
    let today = engine::local_day(config, clock::now()?);
    let db = &config.bot.database;
    if !db.exists() {
        return Ok(amici::past_start::past_start(None, config, today)?);
    }
    let dir = amici::store::ScratchDir::new("check")?;
    let copy = dir.0.join("copy.sqlite3");
    Store::snapshot(db, &copy)?;
    let live = Store::open(&copy)?;
    Ok(amici::past_start::past_start(Some(&live), config, today)?)
}

/// `run` and `tick` without `--accept-past-start`: exit 2 with the reason when a first tick
/// would flood the players.
fn refuse_past_start(config: &Config) -> Result<Option<ExitCode>> {
    let found = past_start_of_config(config)?;
    if found.is_empty() {
        return Ok(None);
    }
    eprint!("{}", amici::past_start::refusal(&found));
    Ok(Some(ExitCode::from(2)))
}

/// Sends what the outbox holds; used by the one-shot commands. When an `amici run` is working
/// on the same database, sending is left to it (one sender keeps each recipient's messages in
/// order); it picks the new rows up within a second.
fn flush(store: Store, config: &Config) -> Result<()> {
    if daemon::is_running(&config.bot.database) {
        return Ok(());
    }
    let transport = Transport::from_config(config)?;
    let db = amici::store::Db::spawn(store);
    let config = std::sync::Arc::new(config.clone());
    let flushed = runtime()?.block_on(deliver::flush(
        &db,
        &config,
        &transport,
        clock::system_now(),
    ))?;
    if flushed.retry > 0 || flushed.failed > 0 || flushed.down.is_some() {
        eprintln!(
            "amici: {} message(s) sent, {} to retry (kept in the outbox), {} failed{}",
            flushed.sent,
            flushed.retry,
            flushed.failed,
            flushed
                .down
                .map(|d| format!("; the mail server is unavailable, the rest stays queued: {d}"))
                .unwrap_or_default()
        );
    }
    Ok(())
}

/// With `[site] dir` configured, the site follows what `ingest`, `tick`, `arbiter`, `import`
/// and `pair --import` changed (as it follows each batch of `amici run`). A site that cannot be written is reported, not a
/// failure of the command: the letters are processed and their answers still go out (an MTA
/// would otherwise deliver the letter again).
fn publish_site(store: &Store, config: &Config) -> Result<()> {
    if config.site.dir.is_none() {
        return Ok(());
    }
    let today = engine::local_day(config, clock::now()?);
    let staged = amici::site::staged(store, config)?;
    if let Err(e) = amici::site::publish(config, &store.games()?, &staged, today) {
        eprintln!("amici: warning: the site was not written: {e:#}");
    }
    Ok(())
}

/// `run` reads its passwords from the environment (`password_env`): without them it could only
/// retry its logins for ever, so it says which are missing, where the config names them, and
/// exits 2 — also under a service manager whose environment lacks a variable.
fn passwords_set(config: &Config, dry_run: bool) -> bool {
    let mut config = config.clone();
    if dry_run {
        // a dry run sends nothing: only the mailbox's password is needed
        config.delivery = amici::config::Delivery::Dir(PathBuf::new());
    }
    let unset = config.unset_passwords(|var| std::env::var_os(var).is_some());
    for (_, at) in &unset {
        eprintln!("{at}");
    }
    if !unset.is_empty() {
        eprintln!("amici: `run` needs these environment variables set; nothing was done");
    }
    unset.is_empty()
}

/// Runs one command. Longer than 150 lines for a reason: it is the command line's dispatcher,
/// one short arm a command, read as the list of what amici can do.
fn run(command: Command, config_path: PathBuf, config: Config) -> Result<ExitCode> {
    match command {
        Command::CheckConfig => {
            // A valid config is OK (exit 0) even when this shell lacks the passwords: they
            // are only ever read from the environment, and `run`'s may be another one
            // (DESIGN.md, "check-config and the passwords").
            let unset = config.unset_passwords(|var| std::env::var_os(var).is_some());
            for w in config.warnings() {
                eprintln!("{}: warning: {w}", config_path.display());
            }
            for (_, at) in &unset {
                eprintln!("{at}");
            }
            let mut summary = format!(
                "{}: OK ({} tournament(s), {} game(s))",
                config_path.display(),
                config.tournaments.len(),
                config
                    .tournaments
                    .iter()
                    .map(|t| t.games.len())
                    .sum::<usize>()
            );
            if !unset.is_empty() {
                summary.push_str(&format!(
                    "; the config is valid, but before `amici run` set {}",
                    unset
                        .iter()
                        .map(|(var, _)| var.as_str())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ));
            }
            // A start date in the past with nothing played: say what the first tick would send.
            for p in past_start_of_config(&config)? {
                eprintln!(
                    "{}: warning: {p}; `amici run` refuses to send them without --accept-past-start",
                    config_path.display()
                );
            }
            emit(&format!("{summary}\n"))?;
        }
        Command::Run { ref dry_run, .. } if !passwords_set(&config, dry_run.is_some()) => {
            return Ok(ExitCode::from(2));
        }
        Command::Run {
            dry_run: Some(dir), ..
        } => {
            let s = runtime()?.block_on(amici::dry_run::run(&config, &dir, clock::now()?))?;
            emit(&format!(
                "dry run: {} letter(s) read{}, {} message(s) amici would send written into {} \
                 (nothing sent; the letters were processed in {}, the live database untouched)\n",
                s.letters,
                if s.mailbox {
                    ""
                } else {
                    " (no [imap] in the config: no mailbox read)"
                },
                s.messages,
                s.outbox.display(),
                s.database.display()
            ))?;
        }
        Command::Run {
            accept_past_start, ..
        } => {
            if !accept_past_start && let Some(code) = refuse_past_start(&config)? {
                return Ok(code);
            }
            runtime()?.block_on(daemon::run(config_path, config, accept_past_start))?
        }
        Command::Ingest { files } => {
            let mut store = open(&config)?;
            let now = clock::now()?;
            let mut raws = Vec::new();
            if files.is_empty() {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf)?;
                raws.push(buf);
            }
            for f in &files {
                raws.push(std::fs::read(f).with_context(|| format!("reading {}", f.display()))?);
            }
            for raw in &raws {
                // Arrival: AMICI_NOW when set (tests, replays); else the top Received: line
                // (the MTA's own stamp); else now.
                let arrived = if clock::is_overridden() {
                    now
                } else {
                    amici::mail::headers::envelope(raw)
                        .received_at
                        .unwrap_or(now)
                };
                engine::store_raw(&mut store, &config, raw, arrived, "ingest", None)
                    .context("storing the letter")?;
            }
            engine::process_pending(&mut store, &config, now).context("processing")?;
            publish_site(&store, &config)?;
            flush(store, &config).context("sending")?;
        }
        Command::Standings {
            tournament,
            format,
            teams: true,
            ..
        } => {
            if matches!(format, StandingsFormat::Html) {
                eprintln!("amici: --teams: --format html is not available; use text or json");
                return Ok(ExitCode::from(2));
            }
            let today = engine::local_day(&config, clock::now()?);
            let store = open(&config)?;
            emit(&report::team_standings(
                &store,
                &config,
                tournament.as_deref(),
                format.into(),
                today,
            )?)?;
        }
        Command::Standings {
            tournament,
            tiebreaks,
            format,
            ..
        } => {
            // A tie-break name that does not exist is bad usage (exit 2), like a bad flag.
            if let Some(list) = &tiebreaks
                && let Err(e) = amici::rules::standings::Tiebreak::parse_list(list)
            {
                eprintln!("amici: --tiebreaks: {e}");
                return Ok(ExitCode::from(2));
            }
            let today = engine::local_day(&config, clock::now()?);
            let store = open(&config)?;
            emit(&report::standings(
                &store,
                &config,
                tournament.as_deref(),
                tiebreaks.as_deref(),
                format.into(),
                today,
            )?)?;
        }
        Command::Pgn { game, tournament } => {
            let store = open(&config)?;
            let today = engine::local_day(&config, clock::now()?);
            emit(&report::pgn(
                &store,
                &config,
                game.as_deref(),
                tournament.as_deref(),
                today,
            )?)?;
        }
        Command::Pair {
            tournament: Some(id),
            import: Some(file),
            program,
            ..
        } => {
            let Some(t) = config.tournament(&id) else {
                eprintln!("amici: no tournament `{id}` in {}", config.path.display());
                return Ok(ExitCode::from(2));
            };
            if !t.pairing.staged() {
                eprintln!("amici: {id} is not a Swiss tournament (pairing = \"swiss\")");
                return Ok(ExitCode::from(2));
            }
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let mut store = open(&config)?;
            engine::sync_config(&mut store, &config)?;
            match amici::stages::import_pairings(
                &mut store,
                &config,
                t,
                &text,
                program.as_deref(),
                clock::now()?,
            ) {
                Ok(done) => {
                    publish_site(&store, &config)?;
                    flush(store, &config)?;
                    emit(&format!("{done}\n"))?;
                }
                Err(e) => {
                    eprintln!("amici: {}: {e:#}", file.display());
                    eprintln!("amici: nothing was started");
                    return Ok(ExitCode::from(2));
                }
            }
        }
        Command::Pair { trf, .. } => {
            return Ok(pair_trf(&trf.context(
                "pair needs --trf FILE or --tournament ID --import FILE",
            )?));
        }
        Command::Site { out } => {
            let store = open(&config)?;
            let today = engine::local_day(&config, clock::now()?);
            let staged = amici::site::staged(&store, &config)?;
            amici::site::generate(&config, &store.games()?, &staged, today, &out)
                .with_context(|| format!("writing the site to {}", out.display()))?;
        }
        Command::Trf { tournament } => {
            let store = open(&config)?;
            emit(&report::trf(&store, &config, tournament.as_deref())?)?;
        }
        Command::Arbiter { command } => {
            let mut store = open(&config)?;
            let line = command.join(" ");
            let outcome = amici::engine::run_command(&mut store, &config, &line, clock::now()?)?;
            publish_site(&store, &config)?;
            flush(store, &config)?;
            // The command line is the operator's console: English, like its other messages.
            use amici::mail::render::transcript;
            use amici::rules::model::Lang;
            match outcome {
                Ok(done) => emit(&format!("{}\n", transcript::done(Lang::En, &done)))?,
                Err(why) => {
                    eprintln!("amici: {}", transcript::refused(Lang::En, &why));
                    return Ok(ExitCode::from(1));
                }
            }
        }
        Command::Audit {
            format,
            since,
            tournament,
        } => {
            if let Some(t) = tournament.as_deref()
                && config.tournament(t).is_none()
            {
                eprintln!("amici: no tournament `{t}` in {}", config_path.display());
                return Ok(ExitCode::from(2));
            }
            let report =
                amici::audit::audit(&config, &amici::audit::Options { since, tournament })?;
            match format {
                AuditFormat::Text => emit(&amici::audit::text(&report))?,
                AuditFormat::Json => {
                    for l in &report.lacks {
                        eprintln!("amici: {l}");
                    }
                    emit(&amici::audit::json_lines(&report))?;
                }
            }
            if !report.differences.is_empty() {
                return Ok(ExitCode::from(3));
            }
        }
        Command::Import {
            tournament,
            file,
            sidecar,
            accept,
        } => {
            let mut store = open(&config)?;
            let report = amici::import::import(
                &mut store,
                &config,
                &tournament,
                &file,
                sidecar.as_deref(),
                accept,
                clock::now()?,
            )?;
            emit(&report.text())?;
            if !report.errors.is_empty() {
                return Ok(ExitCode::from(2));
            }
            if !report.committed {
                return Ok(ExitCode::from(3));
            }
            publish_site(&store, &config)?;
        }
        Command::Tick { accept_past_start } => {
            if !accept_past_start && let Some(code) = refuse_past_start(&config)? {
                return Ok(code);
            }
            let mut store = open(&config)?;
            tick::run(&mut store, &config, clock::now()?)?;
            publish_site(&store, &config)?;
            flush(store, &config)?;
        }
        Command::Status { format, game } => {
            let store = open(&config)?;
            let mut games = store.games()?;
            if let Some(id) = &game {
                games.retain(|g| &g.id == id);
                if games.is_empty() {
                    eprintln!("amici: no game {id}");
                    return Ok(ExitCode::from(1));
                }
            }
            let now = clock::now()?;
            match format {
                Format::Json => emit(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&status::json(&games, &config, now))?
                ))?,
                Format::Text => emit(&status::text(&games, &config, now))?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
