//! What a game says of itself, as `GameType` does in `OpenSpiel`: its names, its rules text,
//! its settings and variants, its bot levels and the words the rest of the parlor uses for
//! it. Each game exports one `TYPE`; the menu, the flags, the stats, the simulator, the
//! odds and the review read it rather than asking which game they hold, so a new game is
//! a folder and one line of the registry (`GameId`), not a branch in every file.

use super::fixed::fixed;
use super::settings::{BotLevel, Ranges, Variant};
use super::{Event, Game, Settings};
use crate::words::{self, Language, MessageId, id};

/// One game's description. Every field is a fact of the game, not of a screen.
pub struct GameType {
    /// Its full name, as the menu and the rules show it (see [`GameType::title`]).
    pub title: &'static MessageId,
    /// A name short enough for a bar of the stats chart (at most five letters).
    pub short_title: &'static MessageId,
    /// The game in one line, for the menu.
    pub tagline: &'static MessageId,
    /// The in-app rules, in our own words, in each language the parlor speaks, in the
    /// order of [`Language::ALL`] (from assets/rules/ and assets/rules/sv/).
    pub rules: [&'static str; Language::ALL.len()],
    /// The settings it takes, with their ranges and defaults.
    pub ranges: Ranges,
    /// The variants RULES.md names for it.
    pub variants: &'static [Variant],
    /// The bot levels a player can pick; the first is the default.
    pub bot_levels: &'static [BotLevel],
    /// What a seat plays for.
    pub goal: Goal,
    /// Who is counted as seat 0 when wins are tallied by position, as the tallies label
    /// it ("0 = first to act").
    pub seat_zero: &'static MessageId,
    /// How the game moves on, as the review charts it.
    pub progress: Progress,
    /// What each seat starts with, as the messages select on it ("chips", "dice", "lives",
    /// "counters"); `None` where the game has no per-seat stock setting (Forty-One's bank
    /// is its match's).
    pub stock: Option<&'static str>,
    /// Whether a seat holds a card the others may not see: people sharing one screen then
    /// hand it over between turns.
    pub hides_cards: bool,
    /// Whether the game throws dice (and so has a dice animation to turn off).
    pub rolls_dice: bool,
    /// The choices the review weighs, where a player's decisions change the outcome;
    /// `None` where they are dice alone.
    pub decisions: Option<DecisionWords>,
    /// The words for the biggest thing won at the end, for you and for any winner; `None`
    /// where nothing changes hands at the end (see [`GameType::biggest_win`]).
    pub biggest_win: Option<(&'static MessageId, &'static MessageId)>,
    /// The word for a die's face where it is not its pips (LCR's letters), as the log and
    /// the line mode write a roll; `None`: the pips.
    pub die_face: Option<fn(&Settings, u8) -> &'static str>,
    /// The same face as it is said to a screen reader ("Left", "dot"); `None`: the number
    /// in words.
    pub die_word: Option<fn(&Settings, u8) -> String>,
    /// How its rules have changed since older replays and game codes were made, so that
    /// one of those says where it came from (`replay::rules_changed_since`).
    pub rule_changes: &'static [RuleChange],
    /// What `parlor sim` reports of it beside the wins by seat and the turns.
    pub sim_figures: &'static [SimFigure],
    /// What the stats keep of a seat's games of it beside wins and losses.
    pub stat_figures: &'static [StatFigure],
    /// A seat's values of [`GameType::stat_figures`] from one game, in their order: `None`
    /// where the game gave none (no qualifying turn, no win).
    pub seat_figures: fn(&SeatGame) -> Vec<Option<u64>>,
    /// A new game with these settings (already checked against `ranges`).
    pub new: fn(Settings) -> Box<dyn Game>,
}

impl GameType {
    /// Its full name, in the language spoken.
    pub fn title(&self) -> &'static str {
        fixed(self.title)
    }

    /// Its name for a bar of the stats chart.
    pub fn short_title(&self) -> &'static str {
        fixed(self.short_title)
    }

    /// The game in one line, for the menu.
    pub fn tagline(&self) -> &'static str {
        fixed(self.tagline)
    }

    /// The in-app rules, in the language spoken.
    pub fn rules(&self) -> &'static str {
        self.rules[words::spoken() as usize]
    }

    /// Who is counted as seat 0 when wins are tallied by position: "0 = first to act".
    pub fn seat_zero(&self) -> &'static str {
        fixed(self.seat_zero)
    }

    /// The words for the biggest thing won at the end, for you and for any winner, in the
    /// language spoken.
    pub fn biggest_win(&self) -> Option<(&'static str, &'static str)> {
        self.biggest_win
            .map(|(yours, anyone)| (fixed(yours), fixed(anyone)))
    }
}

/// What a seat plays for, as the odds and the review say it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// To be the one who wins the game.
    WinGame,
    /// Not to be the one who loses (everyone else wins).
    NotLose,
    /// To win a match of several rounds.
    WinMatch,
}

impl Goal {
    /// "the chance {words}".
    pub fn chance_words(self) -> &'static str {
        fixed(match self {
            Goal::WinGame => &id::goal_win_game,
            Goal::NotLose => &id::goal_not_lose,
            Goal::WinMatch => &id::goal_win_match,
        })
    }

    /// A chart's title for a seat's chance over the game.
    pub fn chart_title(self) -> &'static str {
        fixed(match self {
            Goal::NotLose => &id::chart_not_losing,
            Goal::WinGame | Goal::WinMatch => &id::chart_winning,
        })
    }
}

/// How a game moves on, as the review charts it and counts where a position stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// Every step but a bare roll (the dice yet to land) moves the odds; turns count as
    /// they begin.
    Steps,
    /// The odds take long to answer: one point a turn; turns count as they end.
    Turns,
    /// The odds change only with the round: one point a round; rounds count as they end.
    Rounds,
}

impl Progress {
    /// What a position's place is counted in: "turn 14", "round 3".
    pub fn word(self) -> &'static str {
        fixed(match self {
            Progress::Steps | Progress::Turns => &id::progress_turn,
            Progress::Rounds => &id::progress_round,
        })
    }
}

/// A change to a game's rules, told to a replay or game code from before it.
pub struct RuleChange {
    /// The first replay format that plays by the new rules.
    pub since_format: u32,
    /// The variant the change is to, if it is to one.
    pub with: Option<Variant>,
    /// What changed, in a clause: "with king-stops a King may now be thrown ..." (see
    /// [`RuleChange::note`]).
    pub note: &'static MessageId,
}

impl RuleChange {
    /// What changed, in the language spoken.
    pub fn note(&self) -> &'static str {
        fixed(self.note)
    }
}

/// A figure the simulator reports for a game, read from the games' figures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SimFigure {
    /// The losses of each seat, beside its wins (a game one seat loses).
    LossesBySeat,
    /// The finale's throws, and how often the first sole holder won.
    Finale,
    /// Rolls per game.
    Rolls,
    /// Every turn's score and the opening turns', qualified or not.
    ScoreTallies,
    /// Rounds per game.
    Rounds,
}

/// A figure of one seat's games that the stats keep for a game, beside its wins and
/// losses: a Forty-One best turn, an Aces in the Pot finale survived.
pub struct StatFigure {
    /// Its name in the stats file, which never changes: "best-score".
    pub key: &'static str,
    /// What it is, as the stats say it: "best turn" (see [`StatFigure::words`]).
    pub words: &'static MessageId,
    /// The unit of its values, singular and plural ("point", "points"); `None`: a bare
    /// number.
    pub unit: Option<(&'static MessageId, &'static MessageId)>,
    pub tally: Tally,
}

impl StatFigure {
    /// What it is, in the language spoken.
    pub fn words(&self) -> &'static str {
        fixed(self.words)
    }

    /// The unit of its values, singular and plural, in the language spoken.
    pub fn unit(&self) -> Option<(&'static str, &'static str)> {
        self.unit.map(|(one, many)| (fixed(one), fixed(many)))
    }
}

/// How a [`StatFigure`] adds up over games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tally {
    /// The highest value of any game.
    Best,
    /// The games' values added up.
    Sum,
    /// How many games gave each value (the lives left of each win).
    ByValue,
}

/// One seat's game, finished or not, as a game reads its stats figures from it.
pub struct SeatGame<'a> {
    /// Everything that happened, oldest first.
    pub log: &'a [Event],
    pub seat: u8,
    pub won: bool,
    /// What the seat holds at the end (chips, dice, lives, counters).
    pub held: u32,
}

/// The figures of a game that keeps none in the stats.
pub fn no_stat_figures(_: &SeatGame) -> Vec<Option<u64>> {
    Vec::new()
}

/// How the review speaks of a game's decisions, each said in the language spoken by the
/// method of its name.
pub struct DecisionWords {
    /// What each option is weighed by ("chance to win the round").
    pub measure: &'static MessageId,
    /// What the figure shown beside each option is ("chance to end the round lowest").
    pub options_heading: &'static MessageId,
    /// One decision and several ("die set down", "dice set down").
    pub one: &'static MessageId,
    pub many: &'static MessageId,
}

impl DecisionWords {
    pub fn measure(&self) -> &'static str {
        fixed(self.measure)
    }

    pub fn options_heading(&self) -> &'static str {
        fixed(self.options_heading)
    }

    pub fn one(&self) -> &'static str {
        fixed(self.one)
    }

    pub fn many(&self) -> &'static str {
        fixed(self.many)
    }
}
