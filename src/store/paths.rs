//! Where the local state lives, and made private whatever the umask:
//! `$XDG_STATE_HOME/boxoffice/<business>/` (else `~/.local/state/…`) for
//! the desk log, `$XDG_CACHE_HOME/boxoffice/<business>/` (else `~/.cache/…`)
//! for the offline lists. Directories are 0700 and files 0600, set
//! explicitly after creating them: the umask only ever takes bits away, and
//! a user's umask of 0 must not make the desk log readable by others.
//!
//! The environment is a lookup passed in (as in `config`), so tests point
//! everything at a temporary directory.

use std::fs::{DirBuilder, OpenOptions, Permissions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The application's folder under the state and cache roots.
const APP: &str = "boxoffice";

/// `$XDG_STATE_HOME/boxoffice`, else `$HOME/.local/state/boxoffice`.
pub fn state_root(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    root(env, "XDG_STATE_HOME", &[".local", "state"])
}

/// `$XDG_CACHE_HOME/boxoffice`, else `$HOME/.cache/boxoffice`.
pub fn cache_root(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    root(env, "XDG_CACHE_HOME", &[".cache"])
}

/// The state directory of `business` (a business key: the API host, or
/// "demo").
pub fn state_dir(env: &dyn Fn(&str) -> Option<String>, business: &str) -> Option<PathBuf> {
    state_root(env).map(|r| r.join(business_dir_name(business)))
}

/// The cache directory of `business`.
pub fn cache_dir(env: &dyn Fn(&str) -> Option<String>, business: &str) -> Option<PathBuf> {
    cache_root(env).map(|r| r.join(business_dir_name(business)))
}

/// The XDG variable when it is an absolute path (the spec says a relative
/// one is to be ignored), else `$HOME` joined with `fallback`.
fn root(env: &dyn Fn(&str) -> Option<String>, var: &str, fallback: &[&str]) -> Option<PathBuf> {
    let xdg = env(var)
        .filter(|p| Path::new(p).is_absolute())
        .map(PathBuf::from);
    let base = xdg.or_else(|| {
        env("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| fallback.iter().fold(PathBuf::from(h), |p, s| p.join(s)))
    })?;
    Some(base.join(APP))
}

/// A safe directory name for a business key: letters, digits, `.`, `-` and
/// `_` kept, anything else (a `/`, a space, a non-ASCII letter) `_`; never
/// empty, never `.` or `..`.
pub fn business_dir_name(key: &str) -> String {
    let name: String = key
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match name.as_str() {
        "" => "_".into(),
        "." | ".." => name.replace('.', "_"),
        _ => name,
    }
}

/// Creates `dir` and whichever of its parents are missing, each 0700, and
/// makes `dir` itself 0700 if it was already there.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    let missing: Vec<&Path> = dir.ancestors().take_while(|p| !p.exists()).collect();
    for path in missing.into_iter().rev() {
        match DirBuilder::new().mode(0o700).create(path) {
            Ok(()) => std::fs::set_permissions(path, Permissions::from_mode(0o700))?,
            // Another desk made it meanwhile: it is made private below if
            // it is ours to make private.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    std::fs::set_permissions(dir, Permissions::from_mode(0o700))
}

/// Creates `path` empty if it is not there, and makes it 0600 either way,
/// before a database opens it (SQLite would create it with 0644 less the
/// umask).
pub fn create_private_file(path: &Path) -> io::Result<()> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)?;
    std::fs::set_permissions(path, Permissions::from_mode(0o600))
}

/// An environment of `pairs` alone, as the lookup `state_root`,
/// `config::resolve` and `doctor` are handed (the tests').
#[cfg(test)]
pub fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    use super::env_of as env;

    #[test]
    fn roots_follow_xdg_then_home() {
        let e = env(&[
            ("XDG_STATE_HOME", "/s"),
            ("XDG_CACHE_HOME", "/c"),
            ("HOME", "/h"),
        ]);
        assert_eq!(state_root(&e).unwrap(), Path::new("/s/boxoffice"));
        assert_eq!(cache_root(&e).unwrap(), Path::new("/c/boxoffice"));
        let e = env(&[("XDG_STATE_HOME", "rel"), ("HOME", "/h")]);
        assert_eq!(
            state_root(&e).unwrap(),
            Path::new("/h/.local/state/boxoffice")
        );
        assert_eq!(cache_root(&e).unwrap(), Path::new("/h/.cache/boxoffice"));
        assert_eq!(
            state_dir(&e, "shop.api.example.com").unwrap(),
            Path::new("/h/.local/state/boxoffice/shop.api.example.com")
        );
        assert!(cache_dir(&env(&[]), "demo").is_none());
    }

    #[test]
    fn business_keys_become_one_safe_directory_name() {
        for (key, name) in [
            ("shop.api.example.com", "shop.api.example.com"),
            ("demo", "demo"),
            ("a/b", "a_b"),
            ("../etc", ".._etc"),
            ("..", "__"),
            (".", "_"),
            ("", "_"),
            ("my shop", "my_shop"),
            ("café", "caf_"),
            ("a\\b\0c", "a_b_c"),
        ] {
            assert_eq!(business_dir_name(key), name, "{key:?}");
        }
    }
}
