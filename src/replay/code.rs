//! Game codes: a game, its settings and a seed in one token that deals the same game for
//! anyone.

use std::sync::LazyLock;

use thiserror::Error;

use super::{FORMAT, dealing_changed_since};
use crate::games::{GameId, Settings, SettingsError, SettingsRequest, Variant};
use crate::said;
use crate::untrusted;
use crate::words::{self, Language};

/// A game code: the game, its settings and the seed in one token, such as
/// `lcr.v4.4p.3c.wild.3w5e11264sgsg.k2`. Segments: the game, the format (`v`), players
/// (`p`), chips (`c`), dice (`d`), lives (`l`) or counters (`n`), each variant by its code name, `nostakes`,
/// bank (`b`) and rounds (`r`) where they differ from the defaults, the seed in base 36,
/// then two check characters (see [`check`]): friends who pass a code on by hand must not
/// play two different games without knowing it.
pub fn game_code(settings: &Settings, seed: u64) -> String {
    let mut parts = vec![
        settings.game.name().to_owned(),
        format!("v{FORMAT}"),
        format!("{}p", settings.players),
    ];
    for (value, suffix) in [
        (settings.chips, "c"),
        (settings.dice, "d"),
        (settings.lives, "l"),
        (settings.counters, "n"),
    ] {
        if value > 0 {
            parts.push(format!("{value}{suffix}"));
        }
    }
    parts.extend(settings.variants.iter().map(|v| v.code_name().to_owned()));
    // A match's settings, where the game has them, only where they are not the defaults.
    let defaults = Settings::defaults(settings.game);
    if settings.game.ranges().bank.is_some() {
        if !settings.stakes {
            parts.push("nostakes".to_owned());
        }
        if settings.bank != defaults.bank {
            parts.push(format!("b{}", settings.bank));
        }
    }
    if settings.rounds != defaults.rounds {
        parts.push(format!("r{}", settings.rounds));
    }
    parts.push(base36(seed));
    let body = parts.join(".");
    let check = check(&body);
    format!("{body}.{check}")
}

/// The check of a code's `body` (all before its last `.`), two base-36 characters: the sum
/// of each character's value weighted by its place (1, 2, 3...), modulo the prime 1291.
/// With a prime modulus above every character's value and every place of a code this
/// short, changing any one character, or swapping any two that differ, changes the sum:
/// every such slip is caught; other damage passes one time in 1291.
fn check(body: &str) -> String {
    const PRIME: u64 = 1291;
    let sum = body
        .chars()
        .zip(1u64..)
        .fold(0, |sum, (c, place)| (sum + u64::from(c) * place) % PRIME);
    format!("{:0>2}", base36(sum))
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ascii digits")
}

/// Why text is no game code this parlor deals.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{}", said!(code_error, code = code, problem = problem.to_string()))]
pub struct CodeError {
    /// The code, quoted: cut short and made printable.
    pub code: String,
    pub problem: CodeProblem,
}

/// What is wrong with a game code. What it quotes of the code is cut short and made
/// printable.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodeProblem {
    /// A code of format 4 or later whose check does not match the rest: a character was
    /// mistyped, dropped or swapped.
    #[error("{}", said!(code_mistyped))]
    Mistyped,
    #[error("{}", said!(code_too_short))]
    TooShort,
    /// The game, or the settings asked for, are not the parlor's.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error("{}", said!(code_not_a_seed, seed = .0))]
    NotASeed(String),
    /// A segment's number does not fit its setting.
    #[error("{}", said!(code_too_big, number = .0))]
    TooBig(String),
    #[error("{}", said!(code_newer, format = format.to_string(), reads = FORMAT.to_string()))]
    Newer { format: u32 },
    #[error("{}", said!(
        code_older,
        format = format.to_string(),
        deals = FORMAT.to_string(),
        why = *why
    ))]
    Older { format: u32, why: &'static str },
}

/// A game code read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coded {
    pub settings: Settings,
    pub seed: u64,
    /// Its check matched. Codes before format 4 carry none: a slip in one of them deals
    /// another game unnoticed, which the parlor says when it deals one.
    pub checked: bool,
}

/// The format from which codes end in their check.
const CHECKED_FROM: u32 = 4;

/// Read a game code back: the settings and the seed, or what is wrong with it.
pub fn parse_code(code: &str) -> Result<Coded, CodeError> {
    let bad = |problem: CodeProblem| CodeError {
        code: untrusted::quote(code),
        problem,
    };
    let code = code.trim();
    let mut parts: Vec<&str> = code.split('.').collect();
    // Splitting yields one part at least, even of empty text.
    if parts.len() < 3 {
        return Err(bad(CodeProblem::TooShort));
    }
    // A code of format 4 or later (its segment is the second) ends in the check; a newer
    // parlor's may check otherwise, and is refused as newer below.
    let checked = parts[1]
        .strip_prefix('v')
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|format| (CHECKED_FROM..=FORMAT).contains(&format));
    if checked {
        let (body, given) = code.rsplit_once('.').unwrap_or((code, ""));
        if parts.len() < 4 || check(body) != given {
            return Err(bad(CodeProblem::Mistyped));
        }
        parts.pop();
    }
    let (game, seed) = (parts[0], parts[parts.len() - 1]);
    let game: GameId = game.parse().map_err(|e: SettingsError| bad(e.into()))?;
    let seed = u64::from_str_radix(seed, 36)
        .map_err(|_| bad(CodeProblem::NotASeed(untrusted::quote(seed))))?;
    let mut request = SettingsRequest::default();
    // A code without a format segment comes from format 1, before codes carried one.
    let mut format = 1;
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    for &part in &parts[1..parts.len() - 1] {
        let too_big = || bad(CodeProblem::TooBig(untrusted::quote(part)));
        let number = |digits: &str| digits.parse::<u16>().map_err(|_| too_big());
        let small =
            |digits: &str| number(digits).and_then(|n| u8::try_from(n).map_err(|_| too_big()));
        // `4p`, `3c`, `5d`, `3l`: a count then its letter. Split at the last character,
        // not the last byte: a code is outside text and may hold any character.
        let (count, letter) = part
            .char_indices()
            .next_back()
            .map_or((part, ""), |(last, _)| part.split_at(last));
        let counted = match letter {
            "p" => Some(&mut request.players),
            "c" => Some(&mut request.chips),
            "d" => Some(&mut request.dice),
            "l" => Some(&mut request.lives),
            "n" => Some(&mut request.counters),
            _ => None,
        };
        if let (Some(slot), true) = (counted, is_number(count)) {
            *slot = Some(small(count)?);
        } else if let Some(bank) = part.strip_prefix('b').filter(|n| is_number(n)) {
            request.bank = Some(number(bank)?);
        } else if let Some(rounds) = part.strip_prefix('r').filter(|n| is_number(n)) {
            request.rounds = Some(number(rounds)?);
        } else if let Some(version) = part.strip_prefix('v').filter(|n| is_number(n)) {
            format = u32::from(number(version)?);
        } else if part == "nostakes" {
            request.stakes = Some(false);
        } else {
            // A variant by its code name, or by its full name as older codes name it.
            let name = Variant::ALL
                .into_iter()
                .find(|v| v.code_name() == part)
                .map_or(part, |v| v.name());
            request.variants.push(name.to_owned());
        }
    }
    // Before the settings: a newer parlor's code may name what this one does not know.
    if format > FORMAT {
        return Err(bad(CodeProblem::Newer { format }));
    }
    let settings = Settings::new(game, &request).map_err(|e| bad(e.into()))?;
    if let Some(why) = dealing_changed_since(format, &settings) {
        return Err(bad(CodeProblem::Older { format, why }));
    }
    Ok(Coded {
        settings,
        seed,
        checked,
    })
}

impl Coded {
    /// What to tell a person dealt this code, in the language this thread speaks: nothing
    /// for a checked one.
    pub fn unchecked_note(&self) -> Option<&'static str> {
        static NOTES: LazyLock<[String; 2]> =
            LazyLock::new(|| Language::ALL.map(|l| crate::said_in!(l, code_unchecked)));
        (!self.checked).then(|| NOTES[words::spoken() as usize].as_str())
    }
}
