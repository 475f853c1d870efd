//! The parlor's words, in each language it speaks: the messages of
//! `assets/i18n/<language>/<area>.ftl` (Fluent), said with [`said!`].
//!
//! The grammar lives in the messages, not here: plurals by the language's own rules (CLDR's,
//! through Fluent's selectors), and the second person ("You roll", "Du kastar") or the third
//! ("Ana rolls") chosen by a `who` argument the message selects on. Code hands a message
//! its facts (names, numbers, words already said) and the message makes the sentence.
//!
//! Each thread speaks one language ([`speak`], [`spoken`]): the parlor's screen and line
//! mode run on one thread, and at a shared table each guest's parlor runs on a thread of its
//! own that speaks that guest's language, so the words a screen is drawn in need no
//! language handed down through every function that draws. What is said off those threads
//! (the host's refusals, on its network tasks) names its language: [`said_in!`].
//!
//! Every message is written in English first. build.rs makes a constant of each English id
//! ([`id`]), with the arguments the message uses; `said!` names the constant, so a wrong id
//! does not compile, and checks the arguments it is given against it at compile time.
//! tests/it/words.rs holds every other language to the same ids.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, static_loader};

static_loader! {
    static MESSAGES = {
        locales: "./assets/i18n",
        fallback_language: "en",
        // No Unicode isolation marks around what is put into a message: a terminal draws
        // them as boxes, or counts them as columns.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

thread_local! {
    static SPOKEN: Cell<Language> = const { Cell::new(Language::English) };
}

/// The language this thread speaks.
pub fn spoken() -> Language {
    SPOKEN.with(Cell::get)
}

/// This thread speaks `language` from now on.
pub fn speak(language: Language) {
    SPOKEN.with(|spoken| spoken.set(language));
}

/// This thread speaks `language` while `words` are made, as it did before after.
pub fn speaking<T>(language: Language, words: impl FnOnce() -> T) -> T {
    let before = spoken();
    speak(language);
    let made = words();
    speak(before);
    made
}

/// A language the parlor speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    #[default]
    English,
    Swedish,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Swedish];

    /// Its code, as `--lang` and config.toml take it and Fluent's folders are named.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Swedish => "sv",
        }
    }

    /// Its name, in itself: how a menu of languages lists it.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Swedish => "Svenska",
        }
    }

    /// The language a locale names: `sv`, `sv-SE`, `sv_SE.UTF-8`, `en_GB@euro`; `None` for
    /// one the parlor does not speak (or "C", "POSIX").
    pub fn from_locale(locale: &str) -> Option<Language> {
        let language = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .trim();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(language))
    }

    /// The language the environment asks for, as POSIX reads it: `LC_ALL`, else
    /// `LC_MESSAGES`, else `LANG` (the first that is set and not empty); English where that
    /// names a language the parlor does not speak.
    pub fn from_environment() -> Language {
        Language::from_variables(|name| std::env::var(name).ok())
    }

    /// [`Language::from_environment`], reading the variables through `var` (a guest's
    /// session has variables of its own).
    pub fn from_variables(var: impl Fn(&str) -> Option<String>) -> Language {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.is_empty())
            .and_then(|locale| Language::from_locale(&locale))
            .unwrap_or_default()
    }

    /// The first language of a browser's `Accept-Language` (`sv-SE,sv;q=0.9,en;q=0.8`) that
    /// the parlor speaks, by the weights given.
    pub fn from_accept_language(header: &str) -> Option<Language> {
        let mut asked: Vec<(f32, usize, Language)> = header
            .split(',')
            .enumerate()
            .filter_map(|(order, part)| {
                let mut pieces = part.split(';');
                let language = Language::from_locale(pieces.next()?.trim())?;
                let weight = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                (weight > 0.0).then_some((weight, order, language))
            })
            .collect();
        asked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        asked.first().map(|&(_, _, language)| language)
    }

    /// `value` with `places` decimals, as this language writes them: `41.7` in English,
    /// `41,7` in Swedish.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let written = format!("{value:.places$}");
        match self {
            Language::English => written,
            Language::Swedish => written.replace('.', ","),
        }
    }

    /// A share out of 1 as a percentage with `places` decimals: `41.7%` in English,
    /// `41,7 %` in Swedish (with a no-break space, as Swedish sets it).
    pub fn percent(self, share: f64, places: usize) -> String {
        let number = self.decimal(share * 100.0, places);
        match self {
            Language::English => format!("{number}%"),
            Language::Swedish => format!("{number}\u{a0}%"),
        }
    }

    fn identifier(self) -> &'static LanguageIdentifier {
        static IDS: LazyLock<[LanguageIdentifier; 2]> = LazyLock::new(|| {
            Language::ALL.map(|l| l.code().parse().expect("a language code is an identifier"))
        });
        &IDS[self as usize]
    }

    /// A message in this language with its arguments (see [`said!`], which checks them).
    pub fn say(self, message: &MessageId, arguments: &[(&'static str, Arg<'_>)]) -> String {
        let arguments: HashMap<Cow<'static, str>, FluentValue<'_>> = arguments
            .iter()
            .map(|(name, value)| (Cow::Borrowed(*name), value.0.clone()))
            .collect();
        MESSAGES.lookup_with_args(self.identifier(), message.id, &arguments)
    }

    /// Whether this language has `id` itself, not by falling back to English; and the
    /// errors of saying it with `arguments` (a variable it uses that is not given). For the
    /// tests that hold the languages to one another.
    pub fn check(
        self,
        message: &MessageId,
        arguments: &[(&'static str, Arg<'_>)],
    ) -> Result<String, String> {
        let arguments: HashMap<&str, FluentValue<'_>> = arguments
            .iter()
            .map(|(name, value)| (*name, value.0.clone()))
            .collect();
        MESSAGES
            .lookup_single_language(self.identifier(), message.id, Some(&arguments))
            .map_err(|error| format!("{}: {error}", message.id))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A code that names no language the parlor speaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a language the parlor speaks: en (English), sv (svenska)", .0)]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == s)
            // Nothing of what was written that could steer a terminal.
            .ok_or_else(|| {
                UnknownLanguage(s.chars().filter(char::is_ascii_graphic).take(20).collect())
            })
    }
}

/// A message's id and the arguments its English form uses (from build.rs).
#[derive(Debug)]
pub struct MessageId {
    id: &'static str,
    arguments: &'static [&'static str],
}

impl MessageId {
    pub const fn new(id: &'static str, arguments: &'static [&'static str]) -> Self {
        MessageId { id, arguments }
    }

    pub fn id(&self) -> &'static str {
        self.id
    }

    pub fn arguments(&self) -> &'static [&'static str] {
        self.arguments
    }

    /// Panics (at compile time, where `said!` calls it) unless `given` are the arguments
    /// the message uses, each once.
    pub const fn check(&self, given: &[&str]) {
        let mut i = 0;
        while i < given.len() {
            assert!(
                contains(self.arguments, given[i]),
                "said!: an argument given that the English message does not use"
            );
            let mut j = i + 1;
            while j < given.len() {
                assert!(!same(given[i], given[j]), "said!: an argument given twice");
                j += 1;
            }
            i += 1;
        }
        let mut k = 0;
        while k < self.arguments.len() {
            assert!(
                contains(given, self.arguments[k]),
                "said!: an argument the English message uses is not given"
            );
            k += 1;
        }
    }
}

const fn contains(list: &[&str], wanted: &str) -> bool {
    let mut i = 0;
    while i < list.len() {
        if same(list[i], wanted) {
            return true;
        }
        i += 1;
    }
    false
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The messages' ids: one constant for each message of the English files.
#[allow(non_upper_case_globals)]
pub mod id {
    use super::MessageId;

    include!(concat!(env!("OUT_DIR"), "/messages.rs"));
}

/// A value a message is given: words or a number (numbers choose a plural form).
#[derive(Clone, Debug)]
pub struct Arg<'a>(FluentValue<'a>);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg(FluentValue::from(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg(FluentValue::from(text.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg(FluentValue::from(text))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(text: Cow<'a, str>) -> Self {
        Arg(FluentValue::from(text))
    }
}

macro_rules! numbers {
    ($($number:ty),*) => {
        $(impl From<$number> for Arg<'_> {
            fn from(number: $number) -> Self {
                Arg(FluentValue::from(number))
            }
        })*
    };
}

numbers!(u8, u16, u32, u64, usize, i32, i64);

/// A message in the language this thread speaks: `said!(id, name = value, ...)`, `id` one
/// of [`id`]'s constants and the arguments those its English form uses, checked at compile
/// time.
#[macro_export]
macro_rules! said {
    ($id:ident $(, $argument:ident = $value:expr)* $(,)?) => {
        $crate::said_in!($crate::words::spoken(), $id $(, $argument = $value)*)
    };
}

/// A message in `language`: `said_in!(language, id, name = value, ...)`, as [`said!`].
#[macro_export]
macro_rules! said_in {
    ($language:expr, $id:ident $(, $argument:ident = $value:expr)* $(,)?) => {{
        const _: () = $crate::words::id::$id.check(&[$(stringify!($argument)),*]);
        $crate::words::Language::say(
            $language,
            &$crate::words::id::$id,
            &[$((stringify!($argument), $crate::words::Arg::from($value))),*],
        )
    }};
}
