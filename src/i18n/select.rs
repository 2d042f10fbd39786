//! Which language: a profile's `language`, else the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`: the first one set decides, as for any program),
//! else English; and why, for `doctor`.

use super::Lang;

/// The language chosen and why, in words `doctor` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub lang: Lang,
    pub why: String,
}

/// The language for `profile` (its name and its `language`, if it sets
/// one) and the environment `env`. A profile's language the app does not
/// speak is an error (config.toml is fixed); a locale's is English.
pub fn choose(
    profile: Option<(&str, &str)>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Choice, String> {
    if let Some((name, code)) = profile {
        return match Lang::parse(code) {
            Some(lang) => Ok(Choice {
                lang,
                why: format!("language = {code:?} in profile {name:?}"),
            }),
            None => Err(format!(
                "profile {name:?}: language {code:?} is not one of {}",
                Lang::ALL.map(Lang::code).join(", ")
            )),
        };
    }
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        let Some(value) = env(var).filter(|v| !v.trim().is_empty()) else {
            continue;
        };
        let value = crate::sanitize::clean(value.trim()).into_owned();
        return Ok(match Lang::parse(&value) {
            Some(lang) => Choice {
                lang,
                why: format!("{var}={value}"),
            },
            None => Choice {
                lang: Lang::EN,
                why: format!("{var}={value}, a language without a catalogue: English"),
            },
        });
    }
    Ok(Choice {
        lang: Lang::EN,
        why: "no language in the profile, no LC_ALL, LC_MESSAGES or LANG: English".into(),
    })
}
