//! Puts the git commit the binary is built from into `BOXOFFICE_COMMIT`
//! (for `boxoffice --version`): `git rev-parse --short HEAD`, or "unknown"
//! when there is no git or no repository (a tarball). Rebuilt when HEAD or
//! the branch it points to moves.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `git <args>` in the crate's directory, its trimmed stdout when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn main() {
    let mut dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    // lib/ (the library over the binary's src/, lib/Cargo.toml) is built
    // from the repository one level up.
    if std::env::var("CARGO_PKG_NAME").is_ok_and(|p| p == "boxoffice-lib") {
        dir.pop();
    }
    // The crate's own repository only, not one it happens to be unpacked in.
    let own = git(&dir, &["rev-parse", "--show-toplevel"])
        .and_then(|top| Path::new(&top).canonicalize().ok())
        .is_some_and(|top| dir.canonicalize().is_ok_and(|d| d == top));
    let commit = own
        .then(|| git(&dir, &["rev-parse", "--short", "HEAD"]))
        .flatten();
    // Only letters and digits reach the version string.
    let commit = commit
        .filter(|c| c.chars().all(|ch| ch.is_ascii_alphanumeric()))
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=BOXOFFICE_COMMIT={commit}");

    // A worktree has its own HEAD (git-dir) and shares the refs (common dir).
    // A path that does not exist would make cargo rerun this at every build.
    let watch = |path: PathBuf| {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    };
    if let Some(git_dir) = own
        .then(|| git(&dir, &["rev-parse", "--absolute-git-dir"]))
        .flatten()
    {
        let git_dir = PathBuf::from(git_dir);
        watch(git_dir.join("HEAD"));
        let common = git(&dir, &["rev-parse", "--git-common-dir"])
            .map_or_else(|| git_dir.clone(), |c| dir.join(c));
        if let Some(reference) = git(&dir, &["symbolic-ref", "-q", "HEAD"]) {
            watch(common.join(reference));
        }
        watch(common.join("packed-refs"));
    }
    watch(dir.join("build.rs"));
}
