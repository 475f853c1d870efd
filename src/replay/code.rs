//! Game codes: a game, its settings and a seed in one token that deals the same game for
//! anyone.

use thiserror::Error;

use super::{FORMAT, dealing_changed_since};
use crate::games::{GameId, Settings, SettingsError, SettingsRequest, Variant};
use crate::untrusted;

/// A game code: the game, its settings and the seed in one token, such as
/// `lcr.v3.4p.3c.wild.3w5e11264sgsg`. Segments: the game, the format (`v`), players (`p`),
/// chips (`c`), dice (`d`) or lives (`l`), each variant by its code name, `nostakes`, bank
/// (`b`) and rounds (`r`) where they differ from the defaults, then the seed in base 36.
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
    ] {
        if value > 0 {
            parts.push(format!("{value}{suffix}"));
        }
    }
    parts.extend(settings.variants.iter().map(|v| v.code_name().to_owned()));
    if settings.game == GameId::FortyOne {
        let defaults = Settings::defaults(GameId::FortyOne);
        if !settings.stakes {
            parts.push("nostakes".to_owned());
        }
        if settings.bank != defaults.bank {
            parts.push(format!("b{}", settings.bank));
        }
        if settings.rounds != defaults.rounds {
            parts.push(format!("r{}", settings.rounds));
        }
    }
    parts.push(base36(seed));
    parts.join(".")
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
#[error("'{code}' is not a game code: {problem}")]
pub struct CodeError {
    /// The code, quoted: cut short and made printable.
    pub code: String,
    pub problem: CodeProblem,
}

/// What is wrong with a game code. What it quotes of the code is cut short and made
/// printable.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodeProblem {
    #[error("it needs at least a game, the players and a seed")]
    TooShort,
    /// The game, or the settings asked for, are not the parlor's.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error("'{0}' is not a seed")]
    NotASeed(String),
    /// A segment's number does not fit its setting.
    #[error("'{0}' is too big")]
    TooBig(String),
    #[error("it is from a newer parlor (code format {format}; this one reads {FORMAT})")]
    Newer { format: u32 },
    #[error(
        "it is from an older parlor (code format {format}; this one deals format {FORMAT}): \
         {why}, so it would not deal the same game"
    )]
    Older { format: u32, why: &'static str },
}

/// Read a game code back: the settings and the seed, or what is wrong with it.
pub fn parse_code(code: &str) -> Result<(Settings, u64), CodeError> {
    let bad = |problem: CodeProblem| CodeError {
        code: untrusted::quote(code),
        problem,
    };
    let parts: Vec<&str> = code.trim().split('.').collect();
    // Splitting yields one part at least, even of empty text.
    if parts.len() < 3 {
        return Err(bad(CodeProblem::TooShort));
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
    Ok((settings, seed))
}
