//! The rules of the five games behind one object-safe [`Game`] trait.
//!
//! A game is a state machine. [`Game::turn`] says whose decision is due: a seat, chance,
//! or nobody because the game is over. Seats decide with [`Game::apply_action`]; chance is
//! sampled by the table from [`Game::chance`] and applied with [`Game::apply_chance`], so
//! a test can force any roll or deck. Rules know nothing of the terminal.

mod action;
pub mod chance;
mod event;
mod figures;
mod fixed;
mod game_type;
mod holdings;
mod narration;
pub mod present;
mod registry;
mod rng;
mod seat_set;
mod settings;

use std::fmt::Debug;

use thiserror::Error;

pub use action::{Action, Actions};
pub use chance::{Card, Chance, ChanceSpec, Deck, Dice, LastRoll, Polyhedral, Thrown};
pub use event::{Event, Events, Place, Token};
pub use figures::{Figures, ScoreTallies, ScoreTally};
pub use game_type::{
    DecisionWords, GameType, Goal, Progress, RuleChange, SeatGame, SimFigure, StatFigure, Tally,
    no_stat_figures,
};
pub use holdings::{Counts, Holdings, MOST_HELD};
pub use narration::{Narrator, OPEN, SeatNames, YOU, capitalised, counted, lasting};
pub(crate) use narration::{said_name, said_of};
pub use registry::RulesVisitor;
pub use rng::{GameRng, RunSeed, game_rng};
pub use seat_set::SeatSet;
pub use settings::{BotLevel, Ranges, Settings, SettingsError, SettingsRequest, Variant, Variants};

// The games: the one list a new game is added to (see `registry`).
registry::registry! {
    AcesInThePot: aces_in_the_pot::AcesInThePot,
        aces_in_the_pot::AcesInThePot as aces_in_the_pot::AcesInThePot;
    SwedishAces: swedish_aces::SwedishAces,
        swedish_aces::SwedishAces as swedish_aces::SwedishAces;
    Lcr: lcr::Lcr, lcr::Lcr as lcr::Lcr;
    /// Boxed: its score tallies make it several times the size of the others.
    FortyOne: forty_one::FortyOne, Box<forty_one::FortyOne> as forty_one::FortyOne;
    ChaseTheAce: chase_the_ace::ChaseTheAce,
        chase_the_ace::ChaseView as chase_the_ace::ChaseView;
    HelpYourNeighbour: help_your_neighbour::HelpYourNeighbour,
        help_your_neighbour::HelpYourNeighbour as help_your_neighbour::HelpYourNeighbour;
}

/// Most seats any game takes.
pub const MAX_SEATS: usize = 10;

/// Whose decision is due.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// This seat must pick one of the legal actions.
    Seat(u8),
    /// Dice must be rolled or a deck shuffled: see [`Game::chance`].
    Chance,
    /// The game is over.
    Over,
}

/// Why an action or chance outcome was refused. The game is left exactly as it was.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError {
    #[error("it is not seat {seat}'s turn")]
    NotYourTurn { seat: u8 },
    #[error("{action} is not a legal action now")]
    IllegalAction { action: Action },
    #[error("no chance outcome is due now")]
    NoChanceDue,
    /// What came, kept as it was rather than written out: a refusal costs no formatting
    /// until it is shown (the test harness offers thousands a second).
    #[error("{got} does not fit: the game needs {expected:?}")]
    WrongChance { expected: ChanceSpec, got: Chance },
    #[error("the game is over")]
    Over,
}

/// One game in play. The app holds it as `Box<dyn Game>`.
pub trait Game: GameState {
    fn settings(&self) -> &Settings;

    fn players(&self) -> u8 {
        self.settings().players
    }

    fn turn(&self) -> Turn;

    /// The actions the seat whose turn it is may take; empty unless `turn()` is a seat.
    fn legal_actions(&self) -> Actions;

    /// What chance must produce next; `None` unless `turn()` is [`Turn::Chance`].
    fn chance(&self) -> Option<ChanceSpec>;

    /// Which draw of chance this is, from facts no player's choice changes, so that a table
    /// deals the same dice whatever its players choose (duplicate play: see
    /// `table::streams`). `None`: the number of draws before it says so well enough (one
    /// a turn or a deal).
    fn chance_key(&self) -> Option<u64> {
        None
    }

    /// Play the deciding seat's action, pushing what happened onto `events`. An action that
    /// is not legal now is refused and nothing changes.
    fn apply_action(&mut self, action: Action, events: &mut Events) -> Result<(), GameError> {
        check_legal(self, action)?;
        self.play_action(action, events);
        Ok(())
    }

    /// Apply a chance outcome, pushing what happened onto `events`. An outcome that does
    /// not fit [`Game::chance`] is refused and nothing changes.
    fn apply_chance(&mut self, chance: &Chance, events: &mut Events) -> Result<(), GameError> {
        check_chance(self.chance(), chance)?;
        self.play_chance(chance, events);
        Ok(())
    }

    /// [`Game::apply_action`] for an action already known to be legal (a bot's choice):
    /// the rules without the check, so the simulator does not pay for it on every roll.
    fn play_action(&mut self, action: Action, events: &mut Events);

    /// [`Game::apply_chance`] for an outcome already known to fit (sampled from
    /// [`Game::chance`]).
    fn play_chance(&mut self, chance: &Chance, events: &mut Events);

    /// What `seat` may see; `None` for an onlooker, who sees only what is public.
    fn view(&self, seat: Option<u8>) -> View;

    /// A bot's choice for the seat whose turn it is, made from that seat's view alone.
    fn bot_action(&self, level: BotLevel, rng: &mut GameRng) -> Action;

    /// The figures so far; complete once the game is over.
    fn figures(&self) -> &Figures;

    /// Every seat's chance of winning from here, by absolute seat, where the rules give it
    /// in closed form (a race of dice no choice changes); `None`: the odds solve or sample
    /// the game instead. A game that gives them gives them from every position: the odds
    /// ask a new game once which way to go.
    fn win_chances(&self) -> Option<Vec<f64>> {
        None
    }

    /// About how many turns are left to play, where a game knows (a match's rounds left
    /// times its players): what sizes a Monte Carlo answer from here.
    fn turns_left(&self) -> Option<u32> {
        None
    }

    /// Forty-One's tallies of every turn's score so far; `None` for the other games.
    fn score_tallies(&self) -> Option<&ScoreTallies> {
        None
    }

    /// Every counted thing (chips, dice, cards, lives) as (what, total): a conservation
    /// check compares these before and after each step.
    fn conserved(&self) -> Conserved;
}

/// Most kinds of thing a game counts: Forty-One's chips and dice, Chase the Ace's lives and
/// cards.
const MOST_CONSERVED: usize = 2;

/// A game's counted things as (what, total), in a list of fixed size: the test harness asks
/// for them for every action it tries, and a `Vec` was an allocation each time.
#[derive(Clone, Copy)]
pub struct Conserved {
    len: u8,
    counts: [(&'static str, u32); MOST_CONSERVED],
}

impl Conserved {
    /// These counts, in this order.
    // Inlined into each codegen unit of the dev profile, which has no LTO (Cargo.toml).
    #[cfg_attr(debug_assertions, inline)]
    pub fn of(counts: &[(&'static str, u32)]) -> Self {
        let mut conserved = Conserved {
            len: counts.len() as u8,
            counts: [("", 0); MOST_CONSERVED],
        };
        conserved.counts[..counts.len()].copy_from_slice(counts);
        conserved
    }
}

impl std::ops::Deref for Conserved {
    type Target = [(&'static str, u32)];

    #[cfg_attr(debug_assertions, inline)]
    fn deref(&self) -> &Self::Target {
        &self.counts[..usize::from(self.len)]
    }
}

impl PartialEq for Conserved {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Conserved {}

impl PartialEq<Vec<(&'static str, u32)>> for Conserved {
    fn eq(&self, other: &Vec<(&'static str, u32)>) -> bool {
        **self == **other
    }
}

impl Debug for Conserved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Cloning, comparing and typing through `dyn Game`: the registry implements it for every
/// game of its list.
pub trait GameState: Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn Game>;

    /// Whether `other` is this game in this very state.
    fn same_state(&self, other: &dyn Game) -> bool;

    /// The game as its own type: how the few layers with a solver or a loop of their own
    /// for some games (the odds' chains, the simulator's fast loops) find theirs without
    /// the rules knowing of them. `None` for a game outside the registry (a test's).
    fn rules(&self) -> Option<Rules<'_>>;

    /// [`GameState::rules`], to change.
    fn rules_mut(&mut self) -> Option<RulesMut<'_>>;
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A new game of `settings.game`.
pub fn new_game(settings: Settings) -> Box<dyn Game> {
    (settings.game.game_type().new)(settings)
}

/// The seat `steps` places from `seat` (positive: left, the way the dice travel).
///
/// Steps are at most a lap each way, so a compare replaces the division `rem_euclid` would
/// cost on every turn of the simulator.
#[cfg_attr(debug_assertions, inline)]
pub fn seat_at(seat: u8, steps: i32, players: u8) -> u8 {
    let players = i32::from(players);
    debug_assert!(steps.abs() <= players, "{steps} steps is more than a lap");
    let mut at = i32::from(seat) + steps;
    if at >= players {
        at -= players;
    } else if at < 0 {
        at += players;
    }
    at as u8
}

/// Start the next turn after `from`: the first seat to its left holding anything. Each
/// empty-handed seat passed has its turn skipped (logged and counted as a turn).
///
/// # Panics
/// When nobody holds anything: the caller ends the game first.
#[inline]
pub(crate) fn next_turn(
    from: u8,
    holdings: &Holdings,
    players: u8,
    turns: &mut u32,
    events: &mut Events,
) -> u8 {
    let (next, steps) = holdings.next_holder(from).expect("someone holds something");
    *turns += u32::from(steps);
    events.extend_with(|| {
        (1..steps).map(move |skipped| Event::Skipped {
            seat: seat_at(from, i32::from(skipped), players),
        })
    });
    next
}

/// Check a chance outcome against what the game asked for.
pub(crate) fn check_chance(expected: Option<ChanceSpec>, chance: &Chance) -> Result<(), GameError> {
    let Some(spec) = expected else {
        return Err(GameError::NoChanceDue);
    };
    let fits = match (spec, chance) {
        (ChanceSpec::Dice(count), Chance::Dice(dice)) => {
            dice.len() == usize::from(count) && dice.is_valid()
        }
        (ChanceSpec::Polyhedral { count, sides }, Chance::Polyhedral(dice)) => {
            dice.len() == usize::from(count) && dice.sides() == sides && dice.is_valid()
        }
        (ChanceSpec::Shuffle, Chance::Deck(deck)) => deck.is_valid(),
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(GameError::WrongChance {
            expected: spec,
            got: *chance,
        })
    }
}

/// Check that `action` is legal for a game, so `apply_action` can refuse it untouched.
pub(crate) fn check_legal<G: Game + ?Sized>(game: &G, action: Action) -> Result<(), GameError> {
    match game.turn() {
        Turn::Over => Err(GameError::Over),
        _ if game.legal_actions().contains(action) => Ok(()),
        _ => Err(GameError::IllegalAction { action }),
    }
}
