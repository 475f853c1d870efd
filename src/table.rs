//! A table drives any game: it samples chance from streams derived from the game's seed
//! (see [`streams`]), asks bots, waits for humans, and records the history of every action
//! and chance outcome.

pub mod streams;

use thiserror::Error;

use crate::games::{
    Action, BotLevel, Chance, Event, Events, Game, GameError, GameId, SeatNames, Settings, Turn,
    new_game,
};
pub use streams::Dealer;
use streams::{DuplicateStreams, Randomness};

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatKind {
    Human,
    Bot(BotLevel),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seat {
    pub name: String,
    pub kind: SeatKind,
}

/// Names the parlor gives its bots, in seat order.
const BOT_NAMES: [&str; 10] = [
    "Ana", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo",
];

/// The longest name a person may give their seat: seat boxes and the log are laid out for it.
pub const MAX_NAME_CHARS: usize = 12;

/// The name the `index`-th of `people` at a table gets unless they choose one: "You" for
/// the only person, who is spoken to; "Player 1", "Player 2" ... when several share it.
pub fn default_human_name(index: usize, people: usize) -> String {
    if people == 1 {
        crate::games::YOU.to_owned()
    } else {
        format!("Player {}", index + 1)
    }
}

impl Seat {
    /// The level each of `seats` plays `game` at as a bot: its own bot's, and for a
    /// person's seat (played for them when they step away) the game's default.
    pub fn levels(seats: &[Seat], game: GameId) -> Vec<BotLevel> {
        seats
            .iter()
            .map(|s| match s.kind {
                SeatKind::Bot(level) => level,
                SeatKind::Human => game.bot_levels()[0],
            })
            .collect()
    }

    /// The seats of a table, the same whether it starts from the menu, `play` or a game
    /// code: `humans[i]` says whether a person sits in seat i. People take `human_names` in
    /// order (a default for any not given); bots take the parlor's names in seat order,
    /// skipping any a person chose in any case (a sentence starting with "ana" says "Ana"),
    /// and play at their seat's level.
    pub fn seated(humans: &[bool], human_names: &[String], levels: &[BotLevel]) -> Vec<Seat> {
        let all_people = humans.iter().filter(|&&h| h).count();
        let mut people = 0;
        let mut bot_names = BOT_NAMES
            .iter()
            .filter(|bot| !human_names.iter().any(|n| n.eq_ignore_ascii_case(bot)));
        humans
            .iter()
            .zip(levels)
            .map(|(&human, &level)| {
                if human {
                    let name = human_names
                        .get(people)
                        .cloned()
                        .unwrap_or_else(|| default_human_name(people, all_people));
                    people += 1;
                    Seat {
                        name,
                        kind: SeatKind::Human,
                    }
                } else {
                    Seat {
                        name: (*bot_names.next().expect("a name for every seat")).to_owned(),
                        kind: SeatKind::Bot(level),
                    }
                }
            })
            .collect()
    }
}

/// A game to open: its settings, who sits where, and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub settings: Settings,
    pub seats: Vec<Seat>,
    pub seed: u64,
}

/// One entry of a game's history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Action { seat: u8, action: Action },
    Chance(Chance),
}

/// What [`Table::advance`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// A chance outcome or a bot's action was applied.
    Stepped(Step),
    /// This human seat must decide; nothing was done.
    WaitingFor(u8),
    Over,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum TableError {
    #[error("it is not a human's turn")]
    NotHumanTurn,
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Take one step that needs no human: sample chance, or let a bot at `levels` decide.
/// Shared by the table and the simulator so both play by the same code.
///
/// Generic so the simulator runs it on a concrete game type, with no dynamic dispatch
/// in its inner loop; the table runs it on `dyn Game`.
// Always inlined: left to itself, LLVM kept it out of line in some builds of the
// simulator's loop (benches/sim.rs) and not others, at a cost of a fifth of its speed.
#[expect(clippy::inline_always, reason = "measured: see above")]
#[inline(always)]
pub fn step_without_humans<G: Game + ?Sized>(
    game: &mut G,
    levels: &[BotLevel],
    rng: &mut impl Randomness,
    events: &mut Events,
) -> Option<Step> {
    match game.turn() {
        Turn::Over => None,
        Turn::Chance => {
            let spec = game.chance().expect("a chance turn says what it needs");
            let chance = spec.sample(rng.for_chance(&*game));
            // Sampled from the game's own request, so it fits: skip the check.
            game.play_chance(&chance, events);
            Some(Step::Chance(chance))
        }
        Turn::Seat(seat) => {
            let action = game.bot_action(levels[usize::from(seat)], rng.for_bot(seat));
            // Bots choose legal actions (the seed harness checks it on every step).
            debug_assert!(
                game.legal_actions().contains(action),
                "a bot chose {action}"
            );
            game.play_action(action, events);
            Some(Step::Action { seat, action })
        }
    }
}

/// Where a table stood at one step, without its record (history and log): with the record
/// of a later table of the same game, enough to rebuild it. Small, so a replay can keep one
/// every few steps of a long game.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    game: Box<dyn Game>,
    streams: DuplicateStreams,
    steps: usize,
    events: usize,
}

impl Checkpoint {
    /// The steps played before it.
    pub fn steps(&self) -> usize {
        self.steps
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    game: Box<dyn Game>,
    seats: Vec<Seat>,
    seed: u64,
    streams: DuplicateStreams,
    history: Vec<Step>,
    log: Events,
    /// The level a human seat plays at when it plays itself (auto-play).
    levels: Vec<BotLevel>,
    /// The seat its sentences speak to as "you": see [`Table::names`].
    spoken_to: Option<u8>,
}

impl Table {
    /// A new game at a table of `seats` (one per player), dealt from `seed`.
    pub fn new(settings: Settings, seats: Vec<Seat>, seed: u64) -> Self {
        Self::dealt_by(settings, seats, seed, Dealer::Seeded)
    }

    /// A new game as [`Table::new`], its streams those of `dealer` (the daily deal's are
    /// no seeded game's).
    pub fn dealt_by(settings: Settings, seats: Vec<Seat>, seed: u64, dealer: Dealer) -> Self {
        assert_eq!(
            seats.len(),
            usize::from(settings.players),
            "one seat per player"
        );
        let levels = Seat::levels(&seats, settings.game);
        // Sentences speak to the one person at a table of bots: at one keyboard shared by
        // several, each is named (a shared table's guest is spoken to: see `speak_to`).
        let mut people =
            (0..settings.players).filter(|&s| seats[usize::from(s)].kind == SeatKind::Human);
        let spoken_to = match (people.next(), people.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        };
        Table {
            game: new_game(settings),
            seats,
            seed,
            streams: DuplicateStreams::new(seed, dealer, settings.players),
            history: Vec::new(),
            log: Events::new(),
            levels,
            spoken_to,
        }
    }

    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The level of the first bot at the table (the game's default if every seat is a
    /// person's): the bots' game, which the odds shown at the table are worked out for.
    pub fn first_bot_level(&self) -> BotLevel {
        self.seats
            .iter()
            .find_map(|s| match s.kind {
                SeatKind::Bot(level) => Some(level),
                SeatKind::Human => None,
            })
            .unwrap_or(self.game.settings().game.bot_levels()[0])
    }

    /// Chance needs nobody to wait for: deal and roll until a seat must decide (or the game
    /// is over). The steps taken, in order.
    pub fn settle_chance(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        while self.game.turn() == Turn::Chance {
            if let Progress::Stepped(step) = self.advance() {
                steps.push(step);
            }
        }
        steps
    }

    /// The seats' names, and the seat spoken to as "you": the one person at a table of
    /// bots, or the guest whose screen this is (see [`Table::speak_to`]).
    pub fn names(&self) -> SeatNames {
        SeatNames::new(
            self.seats.iter().map(|s| s.name.clone()).collect(),
            self.spoken_to,
        )
    }

    /// Speak to `seat` as "you" from now on (`None`: to nobody): a shared table seen from
    /// one guest's screen.
    pub fn speak_to(&mut self, seat: Option<u8>) {
        self.spoken_to = seat;
    }

    /// Seat `seat` is now called `name`; what happened stays as it was.
    pub fn rename_seat(&mut self, seat: u8, name: &str) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            name.clone_into(&mut s.name);
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Every event so far, oldest first.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// The human seat whose decision is due, if any.
    pub fn waiting_for(&self) -> Option<u8> {
        match self.game.turn() {
            Turn::Seat(seat) if self.seats[usize::from(seat)].kind == SeatKind::Human => Some(seat),
            _ => None,
        }
    }

    /// Take one step unless a human must decide.
    pub fn advance(&mut self) -> Progress {
        if let Some(seat) = self.waiting_for() {
            return Progress::WaitingFor(seat);
        }
        self.record(|game, levels, streams, log| step_without_humans(game, levels, streams, log))
    }

    /// The waiting human's decision.
    pub fn act(&mut self, action: Action) -> Result<(), TableError> {
        let seat = self.waiting_for().ok_or(TableError::NotHumanTurn)?;
        self.game.apply_action(action, &mut self.log)?;
        self.history.push(Step::Action { seat, action });
        Ok(())
    }

    /// Apply a recorded step (from a replay), whoever sits in the seat. Nothing changes
    /// when it does not fit the game.
    pub fn replay_step(&mut self, step: Step) -> Result<(), TableError> {
        match step {
            Step::Action { seat, action } => {
                if self.game.turn() != Turn::Seat(seat) {
                    return Err(TableError::Game(GameError::NotYourTurn { seat }));
                }
                self.game.apply_action(action, &mut self.log)?;
            }
            Step::Chance(chance) => {
                self.game.apply_chance(&chance, &mut self.log)?;
                self.streams.pass_draw();
            }
        }
        self.history.push(step);
        Ok(())
    }

    /// Where this table stands now, to come back to with [`Table::at_checkpoint`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            game: self.game.clone_box(),
            streams: self.streams.clone(),
            steps: self.history.len(),
            events: self.log.len(),
        }
    }

    /// This table as it stood at `checkpoint`, taken earlier in the same game: its record
    /// is this table's, cut back to that moment.
    #[must_use]
    pub fn at_checkpoint(&self, checkpoint: &Checkpoint) -> Table {
        let mut log = Events::new();
        log.extend_with(|| self.log[..checkpoint.events].iter().copied());
        Table {
            game: checkpoint.game.clone_box(),
            seats: self.seats.clone(),
            seed: self.seed,
            streams: checkpoint.streams.clone(),
            history: self.history[..checkpoint.steps].to_vec(),
            log,
            levels: self.levels.clone(),
            spoken_to: self.spoken_to,
        }
    }

    /// Let the waiting human's seat play itself for one decision, as a bot would.
    pub fn auto_act(&mut self) -> Progress {
        if self.waiting_for().is_none() {
            return self.advance();
        }
        self.record(|game, levels, streams, log| {
            let Turn::Seat(seat) = game.turn() else {
                unreachable!("a human is waiting")
            };
            let action = game.bot_action(levels[usize::from(seat)], streams.for_bot(seat));
            game.apply_action(action, log)
                .expect("bots choose legal actions");
            Some(Step::Action { seat, action })
        })
    }

    /// Play on until a human must decide or the game is over.
    pub fn run_until_human(&mut self) -> Progress {
        loop {
            match self.advance() {
                Progress::Stepped(_) => {}
                other => return other,
            }
        }
    }

    fn record(
        &mut self,
        step: impl FnOnce(
            &mut dyn Game,
            &[BotLevel],
            &mut DuplicateStreams,
            &mut Events,
        ) -> Option<Step>,
    ) -> Progress {
        match step(
            self.game.as_mut(),
            &self.levels,
            &mut self.streams,
            &mut self.log,
        ) {
            Some(step) => {
                self.history.push(step);
                Progress::Stepped(step)
            }
            None => Progress::Over,
        }
    }
}
