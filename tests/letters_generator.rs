//! The generated letters of the corpus (`fixtures/letters/NNN-g-*`) are what
//! `scripts/gen-letters.py` writes (issue 10 item 7): the generator is run into a folder of its
//! own and every file compared with the checked-in one, byte for byte, both ways (none missing,
//! none left over). It needs python3 with python-chess 1.11.2 (`scripts/test.sh` installs it
//! into `target/pairings-venv`); without it the test says so loudly, and fails under CI=true.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A python3 that has python-chess: the test venv's, else the system's.
fn python_with_chess() -> Option<PathBuf> {
    [
        root().join("target/pairings-venv/bin/python"),
        PathBuf::from("python3"),
    ]
    .into_iter()
    .find(|py| {
        Command::new(py)
            .args(["-c", "import chess; assert chess.__version__ == '1.11.2'"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The generated letters' names in `dir`.
fn generated(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("-g-"))
        .collect()
}

#[test]
fn gen_letters_py_reproduces_the_generated_letters_byte_for_byte() {
    let Some(python) = python_with_chess() else {
        let msg = "THE LETTER GENERATOR TEST DID NOT RUN: no python3 with python-chess 1.11.2 \
                   (scripts/test.sh installs it into target/pairings-venv)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg}");
        }
        eprintln!("\n!!!!!!!! {msg} !!!!!!!!\n");
        return;
    };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gen-letters");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let run = Command::new(&python)
        .arg(root().join("scripts/gen-letters.py"))
        .arg(&out)
        .output()
        .expect("run scripts/gen-letters.py");
    assert!(
        run.status.success(),
        "scripts/gen-letters.py failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let fixtures = root().join("fixtures/letters");
    let (made, kept) = (generated(&out), generated(&fixtures));
    assert!(!made.is_empty(), "the generator wrote no letter");
    assert_eq!(
        made.difference(&kept).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "generated but not checked in"
    );
    assert_eq!(
        kept.difference(&made).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "checked in but no longer generated"
    );
    let differ: Vec<&String> = made
        .iter()
        .filter(|n| std::fs::read(out.join(n)).unwrap() != std::fs::read(fixtures.join(n)).unwrap())
        .collect();
    assert!(
        differ.is_empty(),
        "{} generated letters differ from the checked-in ones, e.g. {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
}
