//! Which game, with which settings and variants: the choices RULES.md names, checked once.

use std::fmt;

use serde::{Deserialize, Serialize};
use strum::VariantArray;
use thiserror::Error;

use super::fixed::{fixed, fixed_in};
use super::{GameId, Goal};
use crate::untrusted;
use crate::words::{Language, MessageId, id};

impl GameId {
    /// The command-line name from RULES.md.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Its full name, in the language spoken.
    pub fn title(self) -> &'static str {
        self.game_type().title()
    }

    /// The game in one line, in the language spoken.
    pub fn tagline(self) -> &'static str {
        self.game_type().tagline()
    }

    /// The variants RULES.md names for this game.
    pub fn variants(self) -> &'static [Variant] {
        self.game_type().variants
    }

    /// Whether a seat holds a card the others may not see.
    pub fn hides_cards(self) -> bool {
        self.game_type().hides_cards
    }

    /// Whether the game throws dice (and so has a dice animation to turn off).
    pub fn rolls_dice(self) -> bool {
        self.game_type().rolls_dice
    }

    /// The bot levels a player can pick; the first is the default.
    pub fn bot_levels(self) -> &'static [BotLevel] {
        self.game_type().bot_levels
    }

    /// The settings ranges of this game: what [`Settings::new`] checks.
    pub fn ranges(self) -> Ranges {
        self.game_type().ranges
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An enum's `VARIANTS` (from strum) as an array, so that its length is a constant the
/// menu's rows and the key tables can be sized by.
pub(super) const fn listed<T: Copy, const N: usize>(variants: &[T]) -> [T; N] {
    let mut all = [variants[0]; N];
    let mut at = 0;
    while at < N {
        all[at] = variants[at];
        at += 1;
    }
    all
}

/// The refusal of a name that is no game's, naming those that are.
pub(super) fn unknown_game(name: &str) -> SettingsError {
    SettingsError::UnknownGame {
        name: untrusted::quote(name),
        known: names(GameId::ALL.iter().map(|g| g.name())),
    }
}

/// Each setting as (lowest, highest, default); `None` where the game has no such setting.
#[derive(Clone, Copy, Debug)]
pub struct Ranges {
    pub players: (u8, u8, u8),
    pub chips: Option<(u8, u8, u8)>,
    pub dice: Option<(u8, u8, u8)>,
    pub lives: Option<(u8, u8, u8)>,
    pub counters: Option<(u8, u8, u8)>,
    /// Rounds in a match.
    pub rounds: Option<(u16, u16, u16)>,
    /// Each player's starting bank, where chips may change hands (the stakes setting, on
    /// by default, comes with it).
    pub bank: Option<(u16, u16, u16)>,
}

impl Ranges {
    /// The range of what each seat starts with: chips, dice, lives or counters, whichever
    /// the game has (see [`Settings::stock`]).
    pub fn stock(&self) -> Option<(u8, u8, u8)> {
        self.chips.or(self.dice).or(self.lives).or(self.counters)
    }

    /// A game of `players` (lowest, highest, default) and no other setting: the start of a
    /// game's ranges, its own settings added to it.
    pub const fn players(low: u8, high: u8, default: u8) -> Ranges {
        Ranges {
            players: (low, high, default),
            chips: None,
            dice: None,
            lives: None,
            counters: None,
            rounds: None,
            bank: None,
        }
    }
}

/// Every house rule RULES.md names, across the games. New ones go last: a game code
/// names its variants in this order.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    PartialOrd,
    Ord,
    VariantArray,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Variant {
    ReversedFaces,
    AceFinale,
    PassRight,
    OneFinale,
    ThreesTravel,
    Jackpot,
    Wild,
    Grace,
    KingStops,
    Stayner,
    DoubleBurn,
    PassAlternate,
    BuyThrow,
}

impl Variant {
    pub const ALL: [Variant; Variant::VARIANTS.len()] = listed(Variant::VARIANTS);

    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The variant's word in a game code: short, so that a code with every variant of a
    /// game on still fits one line of an 80-column screen. A code may name a variant by
    /// its full name too.
    pub fn code_name(self) -> &'static str {
        match self {
            Variant::ReversedFaces => "rev",
            Variant::AceFinale => "acefin",
            Variant::PassRight => "right",
            Variant::OneFinale => "onefin",
            Variant::ThreesTravel => "threes",
            Variant::Jackpot => "jackpot",
            Variant::Wild => "wild",
            Variant::Grace => "grace",
            Variant::KingStops => "kings",
            Variant::Stayner => "stayner",
            Variant::DoubleBurn => "burn",
            Variant::PassAlternate => "alt",
            Variant::BuyThrow => "buy",
        }
    }

    /// The house rule in one line, in English: for `--help`, which stays English (the
    /// setup form says [`Variant::said_summary`]).
    pub fn summary(self) -> &'static str {
        fixed_in(Language::English, self.summary_id())
    }

    /// The house rule in one line, in the language spoken, for the setup form.
    pub fn said_summary(self) -> &'static str {
        fixed(self.summary_id())
    }

    fn summary_id(self) -> &'static MessageId {
        match self {
            Variant::ReversedFaces => &id::variant_reversed_faces,
            Variant::AceFinale => &id::variant_ace_finale,
            Variant::PassRight => &id::variant_pass_right,
            Variant::OneFinale => &id::variant_one_finale,
            Variant::ThreesTravel => &id::variant_threes_travel,
            Variant::Jackpot => &id::variant_jackpot,
            Variant::Wild => &id::variant_wild,
            Variant::Grace => &id::variant_grace,
            Variant::KingStops => &id::variant_king_stops,
            Variant::Stayner => &id::variant_stayner,
            Variant::DoubleBurn => &id::variant_double_burn,
            Variant::PassAlternate => &id::variant_pass_alternate,
            Variant::BuyThrow => &id::variant_buy_throw,
        }
    }

    /// The variant's name as a player reads it, in the language spoken (in English, its
    /// id).
    pub fn said(self) -> String {
        crate::said!(variant_name, variant = self.name())
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of variants, as bits: cheap to copy into every game state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Variants(u16);

impl Variants {
    pub fn contains(self, variant: Variant) -> bool {
        self.0 & variant.bit() != 0
    }

    pub fn insert(&mut self, variant: Variant) {
        self.0 |= variant.bit();
    }

    pub fn iter(self) -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().filter(move |v| self.contains(*v))
    }
}

impl FromIterator<Variant> for Variants {
    fn from_iter<I: IntoIterator<Item = Variant>>(iter: I) -> Self {
        let mut set = Variants::default();
        for v in iter {
            set.insert(v);
        }
        set
    }
}

/// How a bot seat plays. The dice-only games have one level: their few choices (a wild's
/// victim, a travelling three) follow a fixed documented heuristic.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    VariantArray,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum BotLevel {
    Standard,
    Novice,
    Safe,
    Expert,
    Threshold,
}

impl BotLevel {
    pub const ALL: [BotLevel; BotLevel::VARIANTS.len()] = listed(BotLevel::VARIANTS);

    /// Its id, as the flags, the config and the replays name it.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Its name as a player reads it, in the language spoken (in English, its id).
    pub fn said(self) -> &'static str {
        fixed(match self {
            BotLevel::Standard => &id::bot_standard,
            BotLevel::Novice => &id::bot_novice,
            BotLevel::Safe => &id::bot_safe,
            BotLevel::Expert => &id::bot_expert,
            BotLevel::Threshold => &id::bot_threshold,
        })
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game's settings, already checked against its ranges.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Settings {
    pub game: GameId,
    pub players: u8,
    /// Chips each (Aces in the Pot, LCR); 0 where the game has none.
    pub chips: u8,
    /// Dice each (Swedish Aces); 0 where the game has none.
    pub dice: u8,
    /// Lives each (Chase the Ace); 0 where the game has none.
    pub lives: u8,
    /// Counters each (Help Your Neighbour); 0 where the game has none.
    pub counters: u8,
    pub variants: Variants,
    /// Forty-One: chips change hands (on by default).
    pub stakes: bool,
    /// Forty-One: each player's starting bank.
    pub bank: u16,
    /// Forty-One: rounds in the match.
    pub rounds: u16,
}

/// What a player asked for; `None` means the game's default. Replays save settings in
/// this form, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsRequest {
    pub players: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lives: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<u8>,
    #[serde(default)]
    pub variants: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stakes: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u16>,
}

/// Why settings were refused: each message names what is allowed. Names quoted back come
/// from outside (the command line, a game code, a replay), so they are quoted as an
/// [`untrusted::quote`].
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SettingsError {
    #[error("unknown game '{name}': the games are {known}")]
    UnknownGame { name: String, known: String },
    #[error("{game} takes {what} from {low} to {high}, not {got}")]
    OutOfRange {
        game: GameId,
        what: &'static str,
        low: u32,
        high: u32,
        got: u32,
    },
    #[error("{game} has no {what} setting")]
    NotApplicable { game: GameId, what: &'static str },
    #[error("unknown variant '{name}' for {game}: {known}")]
    UnknownVariant {
        game: GameId,
        name: String,
        known: String,
    },
    #[error("variant stayner needs grace as well (--variant grace --variant stayner)")]
    StaynerWithoutGrace,
    #[error("unknown bot level '{name}' for {game}: the levels are {known}")]
    UnknownBotLevel {
        game: GameId,
        name: String,
        known: String,
    },
    #[error("{game} has {players} seats but {got} bot levels were given")]
    BotLevelCount {
        game: GameId,
        players: u8,
        got: usize,
    },
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

impl Settings {
    /// The game's defaults.
    pub fn defaults(game: GameId) -> Self {
        Self::new(game, &SettingsRequest::default()).expect("defaults are in range")
    }

    /// Check a request against the game's ranges and known variants.
    pub fn new(game: GameId, request: &SettingsRequest) -> Result<Self, SettingsError> {
        let ranges = game.ranges();
        let players = pick(game, "players", Some(ranges.players), request.players)?;
        let chips = pick(game, "chips", ranges.chips, request.chips)?;
        let dice = pick(game, "dice", ranges.dice, request.dice)?;
        let lives = pick(game, "lives", ranges.lives, request.lives)?;
        let counters = pick(game, "counters", ranges.counters, request.counters)?;
        let staked = ranges.bank.is_some();
        if !staked && request.stakes.is_some() {
            return Err(SettingsError::NotApplicable {
                game,
                what: "stakes",
            });
        }
        let bank = pick(game, "bank", ranges.bank, request.bank)?;
        let rounds = pick(game, "rounds", ranges.rounds, request.rounds)?;
        let mut variants = Variants::default();
        for name in &request.variants {
            let known = game.variants();
            let variant = known
                .iter()
                .copied()
                .find(|v| v.name() == name)
                .ok_or_else(|| SettingsError::UnknownVariant {
                    game,
                    name: untrusted::quote(name),
                    known: if known.is_empty() {
                        "it has no variants".to_owned()
                    } else {
                        format!("the variants are {}", names(known.iter().map(|v| v.name())))
                    },
                })?;
            variants.insert(variant);
        }
        if variants.contains(Variant::Stayner) && !variants.contains(Variant::Grace) {
            return Err(SettingsError::StaynerWithoutGrace);
        }
        Ok(Settings {
            game,
            players,
            chips,
            dice,
            lives,
            counters,
            variants,
            stakes: request.stakes.unwrap_or(staked),
            bank,
            rounds,
        })
    }

    /// These settings as a request that gives them back (what replays save).
    pub fn request(&self) -> SettingsRequest {
        let some = |v: u8| (v > 0).then_some(v);
        let ranges = self.game.ranges();
        let staked = ranges.bank.is_some();
        SettingsRequest {
            players: Some(self.players),
            chips: some(self.chips),
            dice: some(self.dice),
            lives: some(self.lives),
            counters: some(self.counters),
            variants: self.variants.iter().map(|v| v.name().to_owned()).collect(),
            stakes: staked.then_some(self.stakes),
            bank: staked.then_some(self.bank),
            rounds: ranges.rounds.is_some().then_some(self.rounds),
        }
    }

    /// What each seat starts with: its chips, dice, lives or counters, whichever the game
    /// has (see [`GameType::stock`]).
    pub fn stock(&self) -> u8 {
        self.chips.max(self.dice).max(self.lives).max(self.counters)
    }

    /// What a seat plays for at this table: the game's goal, but a game of one race
    /// played as a match of several (`--rounds`) is won by the match.
    pub fn goal(&self) -> Goal {
        match self.game.game_type().goal {
            Goal::WinGame if self.rounds > 1 => Goal::WinMatch,
            goal => goal,
        }
    }

    pub fn has(&self, variant: Variant) -> bool {
        self.variants.contains(variant)
    }

    /// Bot levels seat by seat from `--bot`: one level for every seat, or one per seat.
    pub fn bot_levels(&self, spec: Option<&str>) -> Result<Vec<BotLevel>, SettingsError> {
        let game = self.game;
        let allowed = game.bot_levels();
        let Some(spec) = spec else {
            return Ok(vec![allowed[0]; usize::from(self.players)]);
        };
        let levels = spec
            .split(',')
            .map(|name| {
                let name = name.trim();
                allowed
                    .iter()
                    .copied()
                    .find(|l| l.name() == name)
                    .ok_or_else(|| SettingsError::UnknownBotLevel {
                        game,
                        name: untrusted::quote(name),
                        known: names(allowed.iter().map(|l| l.name())),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        match levels.len() {
            1 => Ok(vec![levels[0]; usize::from(self.players)]),
            n if n == usize::from(self.players) => Ok(levels),
            got => Err(SettingsError::BotLevelCount {
                game,
                players: self.players,
                got,
            }),
        }
    }

    /// A short label of everything that changes the rules, e.g. `players=4 chips=2 pass-right`.
    pub fn signature(&self) -> String {
        let mut parts = vec![format!("players={}", self.players)];
        for (what, value) in [
            ("chips", self.chips),
            ("dice", self.dice),
            ("lives", self.lives),
            ("counters", self.counters),
        ] {
            if value > 0 {
                parts.push(format!("{what}={value}"));
            }
        }
        let ranges = self.game.ranges();
        if ranges.bank.is_some() {
            parts.push(format!("stakes={}", if self.stakes { "on" } else { "off" }));
            parts.push(format!("bank={}", self.bank));
        }
        if ranges.rounds.is_some() {
            parts.push(format!("rounds={}", self.rounds));
        }
        parts.extend(self.variants.iter().map(|v| v.name().to_owned()));
        parts.join(" ")
    }

    /// The settings a [`Settings::signature`] of `game` was made from, if it is one (a
    /// stats file keeps a record's rules as their signature).
    pub fn from_signature(game: GameId, signature: &str) -> Option<Settings> {
        let mut request = SettingsRequest::default();
        for part in signature.split_whitespace() {
            let Some((what, value)) = part.split_once('=') else {
                request.variants.push(part.to_owned());
                continue;
            };
            match what {
                "players" => request.players = Some(value.parse().ok()?),
                "chips" => request.chips = Some(value.parse().ok()?),
                "dice" => request.dice = Some(value.parse().ok()?),
                "lives" => request.lives = Some(value.parse().ok()?),
                "counters" => request.counters = Some(value.parse().ok()?),
                "stakes" => request.stakes = Some(value == "on"),
                "bank" => request.bank = Some(value.parse().ok()?),
                "rounds" => request.rounds = Some(value.parse().ok()?),
                _ => return None,
            }
        }
        // Only a signature these settings would write again: nothing filled in by default.
        Settings::new(game, &request)
            .ok()
            .filter(|settings| settings.signature() == signature)
    }
}

fn range_check(
    game: GameId,
    what: &'static str,
    low: u32,
    high: u32,
    got: u32,
) -> Result<(), SettingsError> {
    if (low..=high).contains(&got) {
        Ok(())
    } else {
        Err(SettingsError::OutOfRange {
            game,
            what,
            low,
            high,
            got,
        })
    }
}

/// The setting asked for, or the default, checked against its range; nothing (zero) where
/// the game has no such setting.
fn pick<T: Copy + Default + Into<u32>>(
    game: GameId,
    what: &'static str,
    range: Option<(T, T, T)>,
    asked: Option<T>,
) -> Result<T, SettingsError> {
    match (range, asked) {
        (None, None) => Ok(T::default()),
        (None, Some(_)) => Err(SettingsError::NotApplicable { game, what }),
        (Some((_, _, default)), None) => Ok(default),
        (Some((low, high, _)), Some(got)) => {
            range_check(game, what, low.into(), high.into(), got.into())?;
            Ok(got)
        }
    }
}
