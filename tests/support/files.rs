//! The Rust files under a folder, for the tests that read amici's own source.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, at any depth.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
