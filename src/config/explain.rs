//! Where each value of the effective configuration came from (`config
//! show`, `doctor`): what [`resolve`](super::resolve) would use, explained
//! without running `api_key_command`.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{ConfigError, ConnectionArgs, Plan, is_private, load_file, non_empty};

/// Where a value of the effective configuration came from (`config show`,
/// `doctor`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A command-line option, e.g. `--base-url`.
    Flag(&'static str),
    /// An environment variable, e.g. `BOXOFFICE_BASE_URL`.
    Env(&'static str),
    /// A profile of the config file.
    Profile(String),
    /// The config file's `default_profile`.
    DefaultProfile,
    /// The profile named `default`, or the only profile.
    Implicit,
    /// boxoffice's default.
    Default,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Flag(flag) => write!(f, "from {flag}"),
            Self::Env(var) => write!(f, "from {var}"),
            Self::Profile(name) => write!(f, "from profile {name}"),
            Self::DefaultProfile => f.write_str("from default_profile in the config file"),
            Self::Implicit => f.write_str("the profile called default, or the only one"),
            Self::Default => f.write_str("default"),
        }
    }
}

/// Where the key would come from, without getting it: no `api_key_command`
/// is run, and the key itself is never held here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// `BOXOFFICE_API_KEY`.
    Env,
    /// The named profile's `api_key_command`.
    Command(String),
    /// The named profile's `api_key`, in a file private to its owner.
    File(String),
    /// The named profile's `api_key`, in a file others may read: refused.
    FileNotPrivate(String),
    /// Nowhere.
    NotSet,
}

impl fmt::Display for KeySource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Env => f.write_str("<set, from BOXOFFICE_API_KEY>"),
            Self::Command(p) => write!(f, "<set, from api_key_command of profile {p}>"),
            Self::File(p) => write!(f, "<set, from api_key of profile {p}>"),
            Self::FileNotPrivate(p) => write!(
                f,
                "<refused: api_key of profile {p} is in a file readable by others>"
            ),
            Self::NotSet => f.write_str("<not set>"),
        }
    }
}

/// The config file as found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileState {
    /// No path (neither `XDG_CONFIG_HOME` nor `HOME`).
    NoPath,
    Missing,
    /// Read; `private`: group and others have no access.
    Read {
        private: bool,
    },
    /// There, but unreadable or not valid.
    Invalid(ConfigError),
}

/// The effective connection and where each part came from, as
/// [`resolve`](super::resolve) would find it, without running `api_key_command`.
#[derive(Debug, Clone)]
pub struct Explained {
    pub path: Option<PathBuf>,
    pub file: FileState,
    /// The profile in use and how it was chosen; `None`: none is used.
    pub profile: Option<(String, Source)>,
    /// The base URL and where it came from, or why there is none.
    pub base_url: Result<(String, Source), ConfigError>,
    pub key: KeySource,
    /// The profile's `concurrency` (checked), if it sets one.
    pub concurrency: Option<usize>,
    /// The profile's `bell`, if it sets one.
    pub bell: Option<bool>,
    /// The profile's `desk_db`, if it sets one.
    pub desk_db: Option<DeskDbUrl>,
    /// The profile's `desk_db_password_command` (not run here).
    pub desk_db_password_command: Option<String>,
}

/// A `desk_db` URL as given, password and all: its `Debug` is redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct DeskDbUrl(pub String);

impl fmt::Debug for DeskDbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::store::pg::redact(&self.0))
    }
}

/// Explains the configuration [`resolve`](super::resolve) would use for `args`. An error
/// only when the choice of profile itself fails (an unknown `--profile`, a
/// file that cannot be read when it is needed).
pub fn explain(
    args: &ConnectionArgs,
    env: &dyn Fn(&str) -> Option<String>,
    config_path: Option<&Path>,
) -> Result<Explained, ConfigError> {
    let (file_state, file) = match config_path {
        None => (FileState::NoPath, None),
        Some(path) => match load_file(path) {
            Ok(None) => (FileState::Missing, None),
            Ok(Some(f)) => {
                let private = is_private(path).unwrap_or(false);
                (FileState::Read { private }, Some(f))
            }
            Err(e) => (FileState::Invalid(e), None),
        },
    };
    let load = || match &file_state {
        FileState::Invalid(e) => Err(e.clone()),
        _ => Ok(file.clone()),
    };
    let plan = Plan::new(args, env, config_path, load)?;
    let how_chosen = |name: &str| match &plan.explicit {
        Some((_, source)) => source.clone(),
        None if file.as_ref().and_then(|f| f.default_profile.as_deref()) == Some(name) => {
            Source::DefaultProfile
        }
        None => Source::Implicit,
    };
    let key = match &plan.profile {
        _ if plan.env_key => KeySource::Env,
        Some((name, p)) if non_empty(p.api_key_command.clone()).is_some() => {
            KeySource::Command(name.clone())
        }
        Some((name, p)) if non_empty(p.api_key.clone()).is_some() => {
            if matches!(file_state, FileState::Read { private: true }) {
                KeySource::File(name.clone())
            } else {
                KeySource::FileNotPrivate(name.clone())
            }
        }
        _ => KeySource::NotSet,
    };
    Ok(Explained {
        path: config_path.map(Path::to_path_buf),
        base_url: plan.base_url(config_path),
        concurrency: plan.concurrency()?,
        bell: plan.bell(),
        profile: plan
            .profile
            .as_ref()
            .map(|(name, _)| (name.clone(), how_chosen(name))),
        file: file_state,
        desk_db: plan.desk_db(),
        desk_db_password_command: plan.desk_db_password_command(),
        key,
    })
}
