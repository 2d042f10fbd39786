//! The words a person reads, in the staff's language: one Project Fluent
//! catalogue per language (`locales/*.ftl`, built into the binary), a
//! lookup that falls back to English (never to a key name), which language
//! (`language` in a profile, else the locale), and numbers and dates as the
//! place writes them. What machines read (`--format json`, exit codes, the
//! logs, the sandbox) never goes through here: it stays English.
//!
//! Fluent because its catalogues are plain text a translator edits without
//! Rust, with plural rules per language (CLDR's) and named arguments;
//! English is the source and a missing message falls back to it.

mod bulk;
mod columns;
mod dates;
mod door;
mod errors;
mod keys;
mod labels;
mod nouns;
mod policy;
mod select;
mod titles;
mod verdict;

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use dates::relative;
pub use errors::api_error_text;
pub use select::{Choice, choose};

/// Each language's code and catalogue, as built into the binary: a new
/// language is its file and a line here (docs/configuration.md).
const CATALOGUES: [(&str, &str); 5] = [
    ("en", include_str!("../locales/en.ftl")),
    ("es", include_str!("../locales/es.ftl")),
    ("de", include_str!("../locales/de.ftl")),
    ("fr", include_str!("../locales/fr.ftl")),
    ("pt", include_str!("../locales/pt.ftl")),
];

/// A language the app speaks: its place in [`CATALOGUES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub struct Lang(usize);

impl Lang {
    pub const EN: Self = Self(0);
    pub const ES: Self = Self(1);
    pub const DE: Self = Self(2);
    pub const FR: Self = Self(3);
    pub const PT: Self = Self(4);

    /// Every language, English first.
    pub const ALL: [Self; CATALOGUES.len()] = {
        let mut all = [Self(0); CATALOGUES.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = Self(i);
            i += 1;
        }
        all
    };

    /// Its code, as config.toml's `language` names it ("es").
    pub fn code(self) -> &'static str {
        CATALOGUES[self.0].0
    }

    /// The language of a code or a locale: "es", "es-ES", "es_ES.UTF-8",
    /// "`pt_BR@x`" (its first part, any case).
    pub fn parse(text: &str) -> Option<Self> {
        let code = text
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Self::ALL.into_iter().find(|l| l.code() == code)
    }

    /// Its catalogue's source text.
    pub fn source(self) -> &'static str {
        CATALOGUES[self.0].1
    }

    /// Its words, read once.
    pub fn tongue(self) -> &'static Tongue {
        static TONGUES: [OnceLock<Tongue>; CATALOGUES.len()] =
            [const { OnceLock::new() }; CATALOGUES.len()];
        TONGUES[self.0].get_or_init(|| Tongue::read(self))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A message of the catalogue and its arguments, to be said later in the
/// reader's language (`Tongue::said`); `Display` says it in English, as
/// logs and machine output keep it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Said`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// As it is (a number in digits counts for plural rules).
    Text(String),
    /// A count with the language's thousands separator.
    Count(u64),
    /// Another message, said in the same language.
    Said(Said),
    /// A store's error, said in the same language.
    Store(crate::store::StoreError),
}

impl Said {
    pub fn new(id: &'static str) -> Self {
        Self {
            id,
            args: Vec::new(),
        }
    }

    /// With the argument `name`, as it is.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// With the argument `name`, a count grouped as the language groups
    /// thousands.
    #[must_use]
    pub fn count(mut self, name: &'static str, n: u64) -> Self {
        self.args.push((name, Arg::Count(n)));
        self
    }

    /// With the argument `name`, a store's error.
    #[must_use]
    pub fn store(mut self, name: &'static str, e: crate::store::StoreError) -> Self {
        self.args.push((name, Arg::Store(e)));
        self
    }

    /// With the argument `name`, another message.
    #[must_use]
    pub fn said(mut self, name: &'static str, said: Self) -> Self {
        self.args.push((name, Arg::Said(said)));
        self
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Tongue::english().said(self))
    }
}

/// A language's catalogue, ready to say things.
pub struct Tongue {
    pub lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl fmt::Debug for Tongue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tongue")
            .field("lang", &self.lang)
            .finish_non_exhaustive()
    }
}

impl Tongue {
    fn read(lang: Lang) -> Self {
        // A message the parser cannot read is left out (English says it);
        // the catalogues' test fails on any.
        let resource = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(r, _)| r);
        let id = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No Unicode isolation marks around arguments: a terminal shows
        // them as gaps or garbage.
        bundle.set_use_isolating(false);
        let _ = bundle.add_resource(resource);
        Self { lang, bundle }
    }

    /// English's words (the fallback, and what tests compare with).
    pub fn english() -> &'static Self {
        Lang::EN.tongue()
    }

    /// The message `id`, without arguments.
    pub fn t(&self, id: &str) -> String {
        self.ta(id, &[])
    }

    /// The message `id` with its arguments; in English where this
    /// language lacks it or cannot say it. An argument that reads as a
    /// whole number (no leading zero) is a number, for plural rules.
    pub fn ta(&self, id: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            let text = value.to_string();
            let number = !text.is_empty()
                && text.len() < 16
                && text.bytes().all(|b| b.is_ascii_digit())
                && (text == "0" || !text.starts_with('0'));
            match text.parse::<f64>() {
                Ok(n) if number => fluent.set(*name, FluentValue::from(n)),
                _ => fluent.set(*name, FluentValue::from(text)),
            }
        }
        self.say(id, &fluent)
            .or_else(|| Self::english().say(id, &fluent))
            .unwrap_or_default()
    }

    /// A message said later ([`Said`]) in this language.
    pub fn said(&self, said: &Said) -> String {
        let values: Vec<(&str, String)> = said
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(text) => text.clone(),
                    Arg::Count(n) => self.number(*n),
                    Arg::Said(inner) => self.said(inner),
                    Arg::Store(e) => self.store_error(e),
                };
                (*name, value)
            })
            .collect();
        let args: Vec<(&str, &dyn fmt::Display)> = values
            .iter()
            .map(|(name, value)| (*name, value as &dyn fmt::Display))
            .collect();
        self.ta(said.id, &args)
    }

    fn say(&self, id: &str, args: &FluentArgs) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(args), &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }

    /// `n` with the language's thousands separator ("79,870", "79.870").
    pub fn number(&self, n: u64) -> String {
        let sep = self.t("number-group");
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 * sep.len());
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(&sep);
            }
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests;
