//! Replays and game codes.
//!
//! A replay holds the full history of actions and chance outcomes, so it plays back
//! through the rules alone: it does not depend on the RNG or on the bots staying the same.
//! A game code packs the game, its settings and the seed into one token that deals the same
//! game for anyone.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::files::{self, Writer};
use crate::games::{
    Action, BotLevel, Card, Chance, Deck, Dice, GameId, Polyhedral, Settings, SettingsError,
    SettingsRequest, chance::DECK_SIZE,
};
use crate::said;
use crate::table::{Checkpoint, Seat, SeatKind, Step, Table, TableError};
use crate::untrusted;
use crate::words::{self, Language};

mod code;

pub use code::{CodeError, CodeProblem, Coded, game_code, parse_code};

/// The format of the replays this parlor writes and of its game codes (a code carries it
/// as `v4`; a code without one is format 1). A new format marks a change to the rules or
/// to how a seed deals, so a replay or code from before says where it came from (see
/// [`rules_changed_since`] and [`dealing_changed_since`]), or to the code itself: format
/// 4 deals as 3 did, its codes ending in a check that a mistyped code fails.
pub const FORMAT: u32 = 4;

/// Why a game of `settings` saved or coded by a parlor of `format` would not play the same
/// under these rules; `None` when it would.
///
/// Format 2 read the rules as their sources tell them: Forty-One's bust penalty goes into
/// the next round's pot and, without stakes, a tie is shared; a Chase the Ace King may be
/// thrown at any point of the round; a travelling Swedish 3 may be kept and earns no roll.
pub fn rules_changed_since(format: u32, settings: &Settings) -> Option<&'static str> {
    settings
        .game
        .game_type()
        .rule_changes
        .iter()
        .find(|change| {
            format < change.since_format && change.with.is_none_or(|variant| settings.has(variant))
        })
        .map(crate::games::RuleChange::note)
}

/// Why a code of `format` for `settings` would not deal the same game in this parlor;
/// `None` when it would. Its rules may have changed (see [`rules_changed_since`]), or how
/// a seed turns into the game: a replay keeps every outcome, so only codes mind that.
///
/// Format 3 deals by duplicate play (chance from streams keyed by where the game stands,
/// each bot thinking with its own: see `table::streams`), draws a whole roll of dice at a
/// time, and Chase the Ace's expert no longer draws sample deals from the game's seed.
pub fn dealing_changed_since(format: u32, settings: &Settings) -> Option<&'static str> {
    rules_changed_since(format, settings).or_else(|| {
        // In the language this thread speaks, said once for each.
        static NOTES: LazyLock<[[String; 2]; 2]> = LazyLock::new(|| {
            Language::ALL.map(|l| {
                [
                    crate::said_in!(l, code_dice_streams),
                    crate::said_in!(l, code_deck_streams),
                ]
            })
        });
        let notes = &NOTES[words::spoken() as usize];
        (format < 3).then_some(if settings.game.rolls_dice() {
            notes[0].as_str()
        } else {
            notes[1].as_str()
        })
    })
}

/// Replays kept in the data directory; older ones are deleted.
pub const KEEP: usize = 500;
pub const DIR_NAME: &str = "replays";
/// The most a replay file may hold. The longest game the parlor can play (999 rounds of
/// eight-player Forty-One) saves about 4 MB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// A seat as saved: its name and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub name: String,
    /// `human`, or the bot level's name.
    pub kind: String,
}

/// One step of the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SavedStep {
    /// A seat's decision: `roll`, `keep`, `exchange`, `cut`, `throw-king`, `keep-three`,
    /// `buy-throw`, `set-down N`, `give-three N`, `take-chip N`.
    Action { seat: u8, action: String },
    /// Dice, left to right.
    Dice(Vec<u8>),
    /// Dice of another size than six, left to right.
    Polyhedral { sides: u8, faces: Vec<u8> },
    /// A deck in dealing order, as card numbers 0-51 (rank 1 + n % 13, suit n / 13).
    Deck(Vec<u8>),
}

/// A whole replay file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    pub format: u32,
    pub game: GameId,
    /// The settings by name, as a player would ask for them.
    pub settings: SettingsRequest,
    pub seats: Vec<SavedSeat>,
    pub seed: u64,
    /// Whether the game was played to the end (else it was abandoned).
    pub finished: bool,
    pub history: Vec<SavedStep>,
}

/// Why a replay cannot be shown or saved. What a message quotes from the file is cut short
/// and made printable.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error(transparent)]
    Read(#[from] files::ReadError),
    // The reason may quote the file (serde's words do): cut short and made printable.
    #[error("{}", said!(
        replay_damaged,
        file = path.display().to_string(),
        reason = untrusted::reason(&reason.to_string())
    ))]
    Damaged { path: PathBuf, reason: Damage },
    #[error("{}", said!(
        replay_newer,
        file = path.display().to_string(),
        format = found.to_string(),
        reads = FORMAT.to_string()
    ))]
    Newer { path: PathBuf, found: u64 },
    #[error("{}", said!(
        replay_older,
        file = path.display().to_string(),
        format = found.to_string(),
        writes = FORMAT.to_string(),
        why = *why
    ))]
    Older {
        path: PathBuf,
        found: u32,
        why: &'static str,
    },
    #[error("{}", said!(
        replay_bad_step,
        file = path.display().to_string(),
        step = step.to_string(),
        what = what,
        reason = untrusted::reason(&reason.to_string())
    ))]
    BadStep {
        path: PathBuf,
        step: usize,
        /// The step as saved, quoted.
        what: String,
        reason: BadStepReason,
    },
    #[error("{}", said!(replay_none_yet, dir = .0.display().to_string()))]
    NoneYet(PathBuf),
    #[error("{}", said!(
        replay_none_readable,
        dir = dir.display().to_string(),
        newest = newest.to_string()
    ))]
    NoneReadable {
        dir: PathBuf,
        newest: Box<ReplayError>,
    },
    #[error("{}", said!(
        replay_cannot_save,
        dir = dir.display().to_string(),
        reason = source.to_string()
    ))]
    Write {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// Why a replay file holds no game this parlor can play back.
#[derive(Debug, Error)]
pub enum Damage {
    #[error(transparent)]
    NotJson(#[from] files::NotJson),
    #[error("no format field")]
    NoFormat,
    /// Its fields are not a replay's, in serde's words.
    #[error(transparent)]
    Fields(serde_json::Error),
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Why a replay's settings and seats are no table's. What it quotes from the file is cut
/// short and made printable.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SetupError {
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error("{seats} seats for {players} players")]
    Seats { seats: usize, players: u8 },
    #[error("seat kind '{0}'")]
    SeatKind(String),
}

/// Why a saved step is no step of any game. What it quotes from the file is cut short and
/// made printable.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NotAStep {
    #[error("'{0}' needs a number")]
    NeedsNumber(String),
    #[error("'{0}' is not an action")]
    NotAnAction(String),
    #[error("{0} dice is more than any roll")]
    TooManyDice(usize),
    #[error("{dice} dice of {sides} sides: no roll has those")]
    NoSuchDice { dice: usize, sides: u8 },
    #[error("a deck of {0} cards")]
    DeckSize(usize),
    #[error("a card number above 51")]
    CardAbove51,
}

/// Why a replay's step does not play back: it is no step, or not one the game takes there.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BadStepReason {
    #[error(transparent)]
    NotAStep(#[from] NotAStep),
    #[error(transparent)]
    Refused(#[from] TableError),
}

fn action_name(action: Action) -> String {
    match action {
        Action::Roll => "roll".to_owned(),
        Action::Keep => "keep".to_owned(),
        Action::Exchange => "exchange".to_owned(),
        Action::Cut => "cut".to_owned(),
        Action::ThrowKing => "throw-king".to_owned(),
        Action::KeepThree => "keep-three".to_owned(),
        Action::BuyThrow => "buy-throw".to_owned(),
        Action::SetDown(face) => format!("set-down {face}"),
        Action::GiveThree(seat) => format!("give-three {seat}"),
        Action::TakeChip(seat) => format!("take-chip {seat}"),
    }
}

fn parse_action(text: &str) -> Result<Action, NotAStep> {
    let (name, arg) = text.split_once(' ').unwrap_or((text, ""));
    let number = || {
        arg.parse::<u8>()
            .map_err(|_| NotAStep::NeedsNumber(untrusted::quote(text)))
    };
    Ok(match name {
        "roll" => Action::Roll,
        "keep" => Action::Keep,
        "exchange" => Action::Exchange,
        "cut" => Action::Cut,
        "throw-king" => Action::ThrowKing,
        "keep-three" => Action::KeepThree,
        "buy-throw" => Action::BuyThrow,
        "set-down" => Action::SetDown(number()?),
        "give-three" => Action::GiveThree(number()?),
        "take-chip" => Action::TakeChip(number()?),
        _ => return Err(NotAStep::NotAnAction(untrusted::quote(text))),
    })
}

impl SavedStep {
    /// A step as saved.
    pub fn of(step: &Step) -> Self {
        match step {
            Step::Action { seat, action } => SavedStep::Action {
                seat: *seat,
                action: action_name(*action),
            },
            Step::Chance(Chance::Dice(dice)) => SavedStep::Dice(dice.faces().collect()),
            Step::Chance(Chance::Polyhedral(dice)) => SavedStep::Polyhedral {
                sides: dice.sides(),
                faces: dice.faces().to_vec(),
            },
            Step::Chance(Chance::Deck(deck)) => {
                SavedStep::Deck(deck.cards().iter().map(|c| c.index() as u8).collect())
            }
        }
    }

    /// The step, or why it cannot be one.
    fn to_step(&self) -> Result<Step, NotAStep> {
        match self {
            SavedStep::Action { seat, action } => Ok(Step::Action {
                seat: *seat,
                action: parse_action(action)?,
            }),
            SavedStep::Dice(faces) if faces.len() <= crate::games::chance::MAX_DICE => {
                Ok(Step::Chance(Chance::Dice(Dice::new(faces))))
            }
            SavedStep::Dice(faces) => Err(NotAStep::TooManyDice(faces.len())),
            SavedStep::Polyhedral { sides, faces } => Polyhedral::new(*sides, faces)
                .map(|dice| Step::Chance(Chance::Polyhedral(dice)))
                .ok_or(NotAStep::NoSuchDice {
                    dice: faces.len(),
                    sides: *sides,
                }),
            SavedStep::Deck(cards) => {
                let cards: [u8; DECK_SIZE] = cards
                    .as_slice()
                    .try_into()
                    .map_err(|_| NotAStep::DeckSize(cards.len()))?;
                if cards.iter().any(|&c| usize::from(c) >= DECK_SIZE) {
                    return Err(NotAStep::CardAbove51);
                }
                Ok(Step::Chance(Chance::Deck(Deck::new(
                    cards.map(|c| Card::new(c % 13 + 1, c / 13)),
                ))))
            }
        }
    }
}

impl fmt::Display for SavedStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedStep::Action { seat, action } => write!(f, "seat {seat}: {action}"),
            SavedStep::Dice(faces) => write!(f, "dice {faces:?}"),
            SavedStep::Polyhedral { sides, faces } => write!(f, "{sides}-sided dice {faces:?}"),
            SavedStep::Deck(_) => f.write_str("a deck"),
        }
    }
}

fn seat_kind(kind: SeatKind) -> String {
    match kind {
        SeatKind::Human => "human".to_owned(),
        SeatKind::Bot(level) => level.name().to_owned(),
    }
}

impl Replay {
    /// The replay of a table, finished or not.
    pub fn of(table: &Table) -> Self {
        let settings = *table.game().settings();
        Replay {
            format: FORMAT,
            game: settings.game,
            settings: settings.request(),
            seats: table
                .seats()
                .iter()
                .map(|s| SavedSeat {
                    name: s.name.clone(),
                    kind: seat_kind(s.kind),
                })
                .collect(),
            seed: table.seed(),
            finished: table.game().turn() == crate::games::Turn::Over,
            history: table.history().iter().map(SavedStep::of).collect(),
        }
    }

    /// The replay's settings and seats, checked.
    pub fn setup(&self) -> Result<(Settings, Vec<Seat>), SetupError> {
        let settings = Settings::new(self.game, &self.settings)?;
        if self.seats.len() != usize::from(settings.players) {
            return Err(SetupError::Seats {
                seats: self.seats.len(),
                players: settings.players,
            });
        }
        let seats = self
            .seats
            .iter()
            .map(|s| {
                let kind = match s.kind.as_str() {
                    "human" => SeatKind::Human,
                    name => SeatKind::Bot(
                        BotLevel::ALL
                            .into_iter()
                            .find(|l| l.name() == name)
                            .ok_or_else(|| SetupError::SeatKind(untrusted::quote(name)))?,
                    ),
                };
                // Shown on screen and printed by `replay --plain`: nothing from the file
                // may steer the terminal.
                Ok(Seat {
                    name: untrusted::printable(&s.name),
                    kind,
                })
            })
            .collect::<Result<Vec<_>, SetupError>>()?;
        Ok((settings, seats))
    }

    /// Every step checked and applied, as a [`Timeline`] of the game. `path` names the
    /// file in errors.
    pub fn timeline(&self, path: &Path) -> Result<Timeline, ReplayError> {
        let (settings, seats) = self
            .setup()
            .map_err(|reason| ReplayError::damaged(path, reason.into()))?;
        if let Some(why) = rules_changed_since(self.format, &settings) {
            return Err(ReplayError::Older {
                path: path.to_path_buf(),
                found: self.format,
                why,
            });
        }
        let mut timeline = Timeline::start(Table::new(settings, seats, self.seed));
        for (index, saved) in self.history.iter().enumerate() {
            let bad = |reason: BadStepReason| ReplayError::BadStep {
                path: path.to_path_buf(),
                step: index + 1,
                what: untrusted::quote(&saved.to_string()),
                reason,
            };
            let step = saved.to_step().map_err(|e| bad(e.into()))?;
            timeline.push(step).map_err(|e| bad(e.into()))?;
        }
        Ok(timeline)
    }

    /// Read and check a replay file (format, then every step).
    pub fn load(path: &Path) -> Result<(Replay, Timeline), ReplayError> {
        let contents = files::read_regular(path, MAX_FILE_BYTES)?;
        check(&contents.bytes, path)
    }

    /// Save in `dir/replays/`, keeping the newest [`KEEP`]. Returns the file written.
    pub fn save(&self, data_dir: &Path) -> Result<PathBuf, ReplayError> {
        self.save_as_of(data_dir, SystemTime::now())
    }

    /// [`Replay::save`] with the clock saying `now` (a test's clock, set anywhere).
    ///
    /// Its name begins with a stamp later than every replay's there: the clock's reading
    /// in nanoseconds since 1970 when it is later, else the newest stamp's next. So names
    /// sort as the games were saved, and never meet, whatever the clock said: a clock set
    /// before 1970, past the year 4800 (when a stamp would outgrow its 20 digits) or moved
    /// back.
    pub fn save_as_of(&self, data_dir: &Path, now: SystemTime) -> Result<PathBuf, ReplayError> {
        let dir = data_dir.join(DIR_NAME);
        let write = |source| ReplayError::Write {
            dir: dir.clone(),
            source,
        };
        fs::create_dir_all(&dir).map_err(write)?;
        let clock = now
            .duration_since(UNIX_EPOCH)
            .ok()
            .map(|d| d.as_nanos())
            .filter(|&stamp| stamp <= LATEST_CLOCK_STAMP);
        let newest = list(data_dir).last().and_then(|path| stamp_of(path));
        let mut stamp = match (clock, newest) {
            (Some(clock), Some(newest)) => clock.max(newest + 1),
            (Some(clock), None) => clock,
            (None, newest) => newest.map_or(0, |newest| newest + 1),
        };
        let name = |stamp: u128| dir.join(format!("{stamp:020}-{}-{}.json", self.game, self.seed));
        // A name taken meanwhile (another parlor saving at once) is never written over.
        while fs::symlink_metadata(name(stamp)).is_ok() {
            stamp += 1;
        }
        let path = name(stamp);
        let json = serde_json::to_vec(self).expect("a replay always serialises");
        let temp = dir.join(format!(".{stamp}-{}.tmp", std::process::id()));
        files::replace(&path, &temp, &json, None).map_err(write)?;
        let mut replays = list(data_dir);
        if replays.len() > KEEP {
            let excess = replays.len() - KEEP;
            for old in replays.drain(..excess) {
                let _ = fs::remove_file(old);
            }
        }
        Ok(path)
    }
}

/// The latest clock reading a replay's name is stamped with (nanoseconds since 1970, in
/// the year 4822): a later one is no time a game was played, and would soon outgrow the
/// stamp's 20 digits.
const LATEST_CLOCK_STAMP: u128 = 9 * 10u128.pow(19);

/// The stamp a replay's name begins with (see [`Replay::save_as_of`]).
fn stamp_of(path: &Path) -> Option<u128> {
    path.file_name()?.to_str().and_then(name_stamp)
}

impl ReplayError {
    /// The disk (or the player's quota) has no room for the replay.
    pub fn is_out_of_space(&self) -> bool {
        matches!(self, ReplayError::Write { source, .. } if files::is_out_of_space(source))
    }

    fn damaged(path: &Path, reason: Damage) -> Self {
        ReplayError::Damaged {
            path: path.to_path_buf(),
            reason,
        }
    }
}

/// Steps between two checkpoints of a [`Timeline`]: showing any step replays at most this
/// many steps from the nearest checkpoint before it.
const CHECKPOINT_EVERY: usize = 32;

/// A replayed game, step by step: the table at any step from the start (0) to the end
/// (`len() - 1`).
///
/// One whole table per step would grow with the square of the game's length (each table
/// holds the log so far): a long Forty-One match needs gigabytes. A timeline keeps the final
/// table and a small [`Checkpoint`] every [`CHECKPOINT_EVERY`] steps, and rebuilds a step's
/// table from the nearest checkpoint and the final table's record.
#[derive(Clone, Debug)]
pub struct Timeline {
    last: Table,
    /// `checkpoints[k]` stands after `k * CHECKPOINT_EVERY` steps.
    checkpoints: Vec<Checkpoint>,
}

impl Timeline {
    /// The timeline of a game played here (its steps are the table's own, so they fit).
    pub fn of(played: &Table) -> Timeline {
        let mut timeline = Timeline::start(Table::new(
            *played.game().settings(),
            played.seats().to_vec(),
            played.seed(),
        ));
        for &step in played.history() {
            timeline
                .push(step)
                .expect("a table's own steps replay on its start");
        }
        timeline
    }

    /// A timeline at `table`, a game's start, to [`Timeline::push`] its steps onto.
    fn start(table: Table) -> Timeline {
        Timeline {
            checkpoints: vec![table.checkpoint()],
            last: table,
        }
    }

    /// The game goes on by `step`, if it fits.
    fn push(&mut self, step: Step) -> Result<(), TableError> {
        self.last.replay_step(step)?;
        if self.last.history().len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.last.checkpoint());
        }
        Ok(())
    }

    /// The tables it holds: one per step, and the start.
    #[expect(
        clippy::len_without_is_empty,
        reason = "a timeline always holds its starting table"
    )]
    pub fn len(&self) -> usize {
        self.last.history().len() + 1
    }

    /// The table at the end of the recorded game.
    pub fn last(&self) -> &Table {
        &self.last
    }

    /// The table after `step` steps (0: the start); `None` past the end.
    pub fn table(&self, step: usize) -> Option<Table> {
        if step >= self.len() {
            return None;
        }
        let checkpoint = &self.checkpoints[step / CHECKPOINT_EVERY];
        let mut table = self.last.at_checkpoint(checkpoint);
        for &recorded in &self.last.history()[checkpoint.steps()..step] {
            table
                .replay_step(recorded)
                .expect("every step was checked as the timeline was built");
        }
        Some(table)
    }
}

enum Parse {
    Newer(u64),
    Damaged(Damage),
}

/// The replay in `bytes`, its format checked first (see [`files::json_number`]).
fn parse(bytes: &[u8]) -> Result<Replay, Parse> {
    let format = files::json_number(bytes, "format")
        .map_err(|e| Parse::Damaged(e.into()))?
        .ok_or(Parse::Damaged(Damage::NoFormat))?;
    if format > u64::from(FORMAT) {
        return Err(Parse::Newer(format));
    }
    serde_json::from_slice(bytes).map_err(|e| Parse::Damaged(Damage::Fields(e)))
}

/// Delete replay temp files that killed parlors left behind (see [`files::sweep_orphans`]).
pub fn sweep_orphans(data_dir: &Path) {
    files::sweep_orphans(&data_dir.join(DIR_NAME), |name| {
        // `.STAMP-PID.tmp`, or `.STAMP.tmp` from before temp files named their writer.
        let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
        match stem.split_once('-') {
            Some((_, pid)) => pid.parse().ok().map(Writer::Process),
            None => stem
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then_some(Writer::Unknown),
        }
    });
}

/// Replay files in the data directory, oldest first: the files named as the parlor names
/// them (a zero-padded stamp, then the game and the seed), so that a file of another name
/// put there is never taken for one, nor pruned. Ordered by their stamps' numbers, so a
/// stamp that outgrew its 20 digits (a parlor of before, its clock past the year 5138)
/// still sorts after the others.
pub fn list(data_dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(data_dir.join(DIR_NAME)) else {
        return Vec::new();
    };
    let mut files: Vec<(u128, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter_map(|path| Some((stamp_of(&path)?, path)))
        .collect();
    files.sort();
    files.into_iter().map(|(_, path)| path).collect()
}

/// Delete the oldest replays until at least `bytes` are freed (or none are left), to make
/// room on a full disk for what matters more. Returns how many were deleted.
pub fn prune_oldest(data_dir: &Path, bytes: u64) -> usize {
    let mut freed = 0;
    let mut deleted = 0;
    for old in list(data_dir) {
        if freed >= bytes {
            break;
        }
        let size = fs::metadata(&old).map_or(0, |m| m.len());
        if fs::remove_file(&old).is_ok() {
            freed += size;
            deleted += 1;
        }
    }
    deleted
}

/// The stamp of `00000001767225600123-lcr-42.json`, what [`Replay::save`] names a file: 20
/// digits, or a few more (a parlor of before stamped a clock past the year 5138 so).
fn name_stamp(name: &str) -> Option<u128> {
    let (stamp, _) = name.strip_suffix(".json")?.split_once('-')?;
    ((20..=30).contains(&stamp.len()) && stamp.bytes().all(|b| b.is_ascii_digit()))
        .then(|| stamp.parse().ok())
        .flatten()
}

/// The newest replay that can be played back, as [`last`] finds it.
#[derive(Debug)]
pub struct Last {
    pub path: PathBuf,
    pub replay: Replay,
    pub timeline: Timeline,
    /// Why each newer file was passed over, newest first.
    pub passed_over: Vec<ReplayError>,
}

/// The newest replay in the data directory that can be read and played back: a newer file
/// that is damaged, cut short or from another parlor is passed over (and said why).
pub fn last(data_dir: &Path) -> Result<Last, ReplayError> {
    let mut passed_over = Vec::new();
    for path in list(data_dir).into_iter().rev() {
        match Replay::load(&path) {
            Ok((replay, timeline)) => {
                return Ok(Last {
                    path,
                    replay,
                    timeline,
                    passed_over,
                });
            }
            Err(e) => passed_over.push(e),
        }
    }
    let dir = data_dir.join(DIR_NAME);
    match passed_over.into_iter().next() {
        None => Err(ReplayError::NoneYet(dir)),
        Some(newest) => Err(ReplayError::NoneReadable {
            dir,
            newest: Box::new(newest),
        }),
    }
}

/// Parse replay bytes without reading a file (for the tests, and their property tests of
/// damaged and hostile files): the game's timeline, or the error a user would see.
pub fn check_bytes(bytes: &[u8]) -> Result<Timeline, ReplayError> {
    check(bytes, Path::new("<bytes>")).map(|(_, timeline)| timeline)
}

/// The replay in `bytes` (read from `path`) and its timeline.
fn check(bytes: &[u8], path: &Path) -> Result<(Replay, Timeline), ReplayError> {
    let replay = parse(bytes).map_err(|e| match e {
        Parse::Newer(found) => ReplayError::Newer {
            path: path.to_path_buf(),
            found,
        },
        Parse::Damaged(reason) => ReplayError::damaged(path, reason),
    })?;
    let timeline = replay.timeline(path)?;
    Ok((replay, timeline))
}
