//! `boxoffice cache clear`: removes the offline ticket lists of the business
//! in use (`--demo`: the demo's), or of every business (`--all`). Nothing is
//! sent to the API and no key is needed.

use std::path::PathBuf;

use super::Failure;
use crate::api::{ApiKey, Client, ClientConfig};
use crate::cli::{CacheCommand, GlobalArgs};
use crate::config;
use crate::i18n::Said;
use crate::store::{self, paths};

/// The business key the TUI keeps its local state under: the API host, or
/// "demo" for the demo sandbox (whose port changes at every start).
pub fn business_key(global: &GlobalArgs, demo: bool) -> Result<String, Failure> {
    if demo {
        return Ok(DEMO.into());
    }
    let env = |k: &str| std::env::var(k).ok();
    let path = config::default_config_path(&env);
    let base_url = config::resolve_base_url(&global.connection(), &env, path.as_deref())?;
    // The client's own reading of the URL, so the key is the one the TUI
    // uses; the stand-in key is never sent.
    let client = Client::new(ClientConfig::new(base_url, ApiKey::new("unused")))
        .map_err(|e| Failure::Config(e.to_string().into()))?;
    Ok(client.host().to_owned())
}

/// The business key of `--demo`.
pub const DEMO: &str = "demo";

/// Runs `cache clear`; prints which directories were removed, or that there
/// was nothing to remove.
pub fn run(global: &GlobalArgs, demo: bool, command: CacheCommand) -> Result<(), Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let t = super::words(global);
    let no_place = || Failure::Config(Said::new("cache-no-place").into());
    let CacheCommand::Clear { all } = command;
    let failed = |dir: &PathBuf, e: std::io::Error| {
        Failure::Other(
            Said::new("cache-cannot-remove")
                .arg("path", dir.display())
                .arg("error", e)
                .into(),
        )
    };
    if all {
        let root = paths::cache_root(&env).ok_or_else(no_place)?;
        let cleared = store::clear_all_caches(&root).map_err(|e| failed(&root, e))?;
        if cleared.is_empty() {
            println!("{}", t.ta("cache-none-in", &[("path", &root.display())]));
        }
        for dir in cleared {
            println!("{}", t.ta("cache-removed", &[("path", &dir.display())]));
        }
        return Ok(());
    }
    let business = business_key(global, demo)?;
    let dir = paths::cache_dir(&env, &business).ok_or_else(no_place)?;
    if store::clear_cache(&dir).map_err(|e| failed(&dir, e))? {
        println!("{}", t.ta("cache-removed", &[("path", &dir.display())]));
    } else {
        println!(
            "{}",
            t.ta(
                "cache-none-for",
                &[("business", &business), ("path", &dir.display())]
            )
        );
    }
    Ok(())
}
