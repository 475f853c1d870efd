//! The setup form: every setting of one game, the seats and their names, and the seed.

use std::fmt;

use crate::games::{BotLevel, GameId, Settings, SettingsError, SettingsRequest, Variant, Variants};
use crate::said;
use crate::setups::RememberedSetup;
use crate::table::{GameSetup, MAX_NAME_CHARS, Seat, default_human_name};

/// Why the setup form cannot start its game.
#[derive(Debug, PartialEq, Eq)]
pub enum NotStarted {
    Settings(SettingsError),
    Seed(String),
    Unnamed(usize),
    SameName(String),
}

impl From<SettingsError> for NotStarted {
    fn from(error: SettingsError) -> Self {
        NotStarted::Settings(error)
    }
}

/// Told on the form, in the language the screen speaks.
impl fmt::Display for NotStarted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotStarted::Settings(error) => error.fmt(f),
            NotStarted::Seed(seed) => f.write_str(&said!(setup_error_seed, seed = seed)),
            NotStarted::Unnamed(person) => {
                f.write_str(&said!(setup_error_unnamed, person = *person))
            }
            NotStarted::SameName(name) => f.write_str(&said!(setup_error_same_name, name = name)),
        }
    }
}

impl std::error::Error for NotStarted {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotStarted::Settings(error) => error.source(),
            NotStarted::Seed(_) | NotStarted::Unnamed(_) | NotStarted::SameName(_) => None,
        }
    }
}

/// The setup form for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupForm {
    pub game: GameId,
    pub players: u8,
    /// Chips, dice, lives or counters, whichever the game has (0 if none).
    pub amount: u8,
    pub level: usize,
    pub variants: Variants,
    pub stakes: bool,
    pub bank: u16,
    pub rounds: u16,
    /// Dice tumble before landing; off is reduced motion.
    pub animation: bool,
    pub humans: Vec<bool>,
    /// Names typed for the people's seats, by seat; `None` keeps the default.
    pub names: Vec<Option<String>>,
    /// The seed typed, to deal a game again; empty: a seed is drawn as the game starts,
    /// and told only when it is over (before then it would show every card to come).
    pub seed: String,
    pub row: usize,
    pub seat_cursor: usize,
    pub error: Option<String>,
}

/// The rows of the setup form, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupRow {
    Players,
    Amount(Stock),
    Seats,
    /// The name of the person in this seat.
    Name(usize),
    Level,
    Stakes,
    Bank,
    Rounds,
    Variant(Variant),
    /// The dice tumble before they land (off: reduced motion).
    Animation,
    Seed,
    Start,
}

/// What each player starts with, whichever the game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stock {
    Chips,
    Dice,
    Lives,
    Counters,
}

impl Stock {
    /// Its row's label: "Chips each".
    pub fn label(self) -> String {
        match self {
            Stock::Chips => said!(setup_chips_each),
            Stock::Dice => said!(setup_dice_each),
            Stock::Lives => said!(setup_lives),
            Stock::Counters => said!(setup_counters_each),
        }
    }
}

/// Forty-One's bank and rounds run to this.
const MOST_BANK_OR_ROUNDS: u16 = 999;

/// What a new form starts from besides the game's defaults: the player's settings, and the
/// game's last setup if one is remembered.
#[derive(Clone, Debug, Default)]
pub struct FormStart {
    /// Dice tumble (the player's reduced-motion setting, turned round).
    pub animation: bool,
    /// The name the first person's seat gets.
    pub your_name: Option<String>,
    /// The bot level to start with.
    pub level: Option<BotLevel>,
    pub remembered: Option<RememberedSetup>,
}

impl SetupForm {
    pub fn new(game: GameId, start: &FormStart) -> Self {
        let defaults = Settings::defaults(game);
        let amount = defaults.stock();
        let mut humans = vec![false; usize::from(defaults.players)];
        humans[0] = true;
        let mut names = vec![None; humans.len()];
        names[0].clone_from(&start.your_name);
        let level = start
            .level
            .and_then(|level| game.bot_levels().iter().position(|&l| l == level))
            .unwrap_or(0);
        let mut form = SetupForm {
            game,
            players: defaults.players,
            amount,
            level,
            variants: Variants::default(),
            stakes: defaults.stakes,
            bank: defaults.bank,
            rounds: defaults.rounds,
            animation: start.animation,
            names,
            humans,
            seed: String::new(),
            row: 0,
            seat_cursor: 0,
            error: None,
        };
        if let Some(remembered) = &start.remembered {
            form.recall(remembered);
            // The name chosen in the settings for the first person's seat, unless this
            // setup was remembered with a name typed there.
            if let Some(first) = form.humans.iter().position(|&human| human)
                && form.names[first].is_none()
            {
                form.names[first].clone_from(&start.your_name);
            }
        }
        form
    }

    /// Take back what was remembered, each value only if this game allows it.
    fn recall(&mut self, last: &RememberedSetup) {
        let game = self.game;
        let ranges = game.ranges();
        let within = |value: u8, (low, high, _): (u8, u8, u8)| (low..=high).contains(&value);
        if within(last.players, ranges.players) {
            self.players = last.players;
        }
        if ranges.stock().is_some_and(|r| within(last.amount, r)) {
            self.amount = last.amount;
        }
        if let Some(level) = game
            .bot_levels()
            .iter()
            .position(|l| l.name() == last.level)
        {
            self.level = level;
        }
        self.variants = game
            .variants()
            .iter()
            .copied()
            .filter(|v| last.variants.iter().any(|name| name == v.name()))
            .collect();
        if game.ranges().bank.is_some() {
            self.stakes = last.stakes;
        }
        let wide = 1..=MOST_BANK_OR_ROUNDS;
        if wide.contains(&last.bank) {
            self.bank = last.bank;
        }
        if wide.contains(&last.rounds) {
            self.rounds = last.rounds;
        }
        self.animation = last.animation;
        let seats = usize::from(self.players);
        self.humans.clone_from(&last.humans);
        self.humans.resize(seats, false);
        self.names = last
            .names
            .iter()
            .map(|name| {
                name.as_deref()
                    .map(crate::untrusted::printable)
                    .filter(|n| n.chars().count() <= MAX_NAME_CHARS)
            })
            .collect();
        self.names.resize(seats, None);
    }

    /// The form as it stands, to open as it was next time.
    pub fn remembered(&self) -> RememberedSetup {
        RememberedSetup {
            players: self.players,
            amount: self.amount,
            level: self.game.bot_levels()[self.level].name().to_owned(),
            variants: self.variants.iter().map(|v| v.name().to_owned()).collect(),
            stakes: self.stakes,
            bank: self.bank,
            rounds: self.rounds,
            animation: self.animation,
            humans: self.humans.clone(),
            names: self.names.clone(),
        }
    }

    pub fn rows(&self) -> Vec<SetupRow> {
        let ranges = self.game.ranges();
        let mut rows = vec![SetupRow::Players];
        for (name, range) in [
            (Stock::Chips, ranges.chips),
            (Stock::Dice, ranges.dice),
            (Stock::Lives, ranges.lives),
            (Stock::Counters, ranges.counters),
        ] {
            if range.is_some() {
                rows.push(SetupRow::Amount(name));
            }
        }
        rows.push(SetupRow::Seats);
        rows.extend(
            self.humans
                .iter()
                .enumerate()
                .filter(|&(_, &human)| human)
                .map(|(seat, _)| SetupRow::Name(seat)),
        );
        if self.game.bot_levels().len() > 1 {
            rows.push(SetupRow::Level);
        }
        if ranges.bank.is_some() {
            rows.push(SetupRow::Stakes);
            if self.stakes {
                rows.push(SetupRow::Bank);
            }
        }
        if ranges.rounds.is_some() {
            rows.push(SetupRow::Rounds);
        }
        rows.extend(self.game.variants().iter().map(|&v| SetupRow::Variant(v)));
        if self.game.rolls_dice() {
            rows.push(SetupRow::Animation);
        }
        rows.extend([SetupRow::Seed, SetupRow::Start]);
        rows
    }

    pub fn current_row(&self) -> Option<SetupRow> {
        self.rows().get(self.row).copied()
    }

    /// Move up or down the rows, wrapping.
    pub fn move_row(&mut self, delta: i8) {
        let count = self.rows().len() as i32;
        self.row = (self.row as i32 + i32::from(delta)).rem_euclid(count) as usize;
    }

    fn amount_range(&self) -> (u8, u8) {
        let r = self.game.ranges();
        let (low, high, _) = r.stock().unwrap_or((0, 0, 0));
        (low, high)
    }

    /// Change the value on the current row by `delta` (left/right) or toggle it.
    pub fn adjust(&mut self, delta: i8) {
        let Some(row) = self.current_row() else {
            return;
        };
        let delta = i32::from(delta);
        let step = |value: u8, (low, high): (u8, u8)| {
            (i32::from(value) + delta).clamp(i32::from(low), i32::from(high)) as u8
        };
        let step_wide =
            |value: u16| (i32::from(value) + delta).clamp(1, i32::from(MOST_BANK_OR_ROUNDS)) as u16;
        match row {
            SetupRow::Players => {
                let (low, high, _) = self.game.ranges().players;
                self.players = step(self.players, (low, high));
                self.humans.resize(usize::from(self.players), false);
                self.names.resize(usize::from(self.players), None);
                self.seat_cursor = self.seat_cursor.min(usize::from(self.players) - 1);
            }
            SetupRow::Amount(_) => self.amount = step(self.amount, self.amount_range()),
            SetupRow::Seats => {
                let n = self.humans.len() as i32;
                self.seat_cursor = (self.seat_cursor as i32 + delta).rem_euclid(n) as usize;
            }
            SetupRow::Level => {
                let n = self.game.bot_levels().len() as i32;
                self.level = (self.level as i32 + delta).rem_euclid(n) as usize;
            }
            SetupRow::Bank => self.bank = step_wide(self.bank),
            SetupRow::Rounds => self.rounds = step_wide(self.rounds),
            SetupRow::Stakes | SetupRow::Animation | SetupRow::Variant(_) => self.toggle(),
            SetupRow::Name(_) | SetupRow::Seed | SetupRow::Start => {}
        }
    }

    /// Space on the current row.
    pub fn toggle(&mut self) {
        match self.current_row() {
            Some(SetupRow::Seats) => self.toggle_seat(self.seat_cursor),
            Some(SetupRow::Stakes) => self.stakes = !self.stakes,
            Some(SetupRow::Animation) => self.animation = !self.animation,
            Some(SetupRow::Variant(v)) => self.toggle_variant(v),
            Some(SetupRow::Seed) => self.seed.clear(),
            _ => self.adjust(1),
        }
    }

    /// Flip a seat between a person and a bot; the seats row stays chosen.
    pub fn toggle_seat(&mut self, seat: usize) {
        let Some(human) = self.humans.get_mut(seat) else {
            return;
        };
        *human = !*human;
        self.seat_cursor = seat;
        self.row = self
            .rows()
            .iter()
            .position(|&r| r == SetupRow::Seats)
            .unwrap_or(self.row);
    }

    fn toggle_variant(&mut self, variant: Variant) {
        let without: Variants = self.variants.iter().filter(|&v| v != variant).collect();
        if self.variants.contains(variant) {
            self.variants = without;
        } else {
            self.variants.insert(variant);
        }
    }

    /// Type a character into the current row's text.
    pub fn type_char(&mut self, c: char) {
        match self.current_row() {
            // A u64 has at most 20 digits.
            Some(SetupRow::Seed) if c.is_ascii_digit() && self.seed.len() < 20 => {
                self.seed.push(c);
            }
            Some(SetupRow::Name(seat)) if !c.is_control() => {
                let name = self.names[seat].get_or_insert_with(String::new);
                if name.chars().count() < MAX_NAME_CHARS {
                    name.push(c);
                }
            }
            _ => {}
        }
    }

    /// Backspace on the current row's text.
    pub fn erase(&mut self) {
        match self.current_row() {
            Some(SetupRow::Seed) => {
                self.seed.pop();
            }
            Some(SetupRow::Name(seat)) => {
                let default = self.default_name(seat);
                let name = self.names[seat].get_or_insert(default);
                name.pop();
            }
            _ => {}
        }
    }

    /// Empty the current row's text.
    pub fn clear_text(&mut self) {
        match self.current_row() {
            Some(SetupRow::Seed) => self.seed.clear(),
            Some(SetupRow::Name(seat)) => self.names[seat] = Some(String::new()),
            _ => {}
        }
    }

    /// The name the person in `seat` gets unless they type one.
    fn default_name(&self, seat: usize) -> String {
        let index = self.humans[..seat].iter().filter(|&&h| h).count();
        let people = self.humans.iter().filter(|&&h| h).count();
        default_human_name(index, people)
    }

    /// The name of the person in `seat` as it stands (typed or default).
    pub fn name(&self, seat: usize) -> String {
        self.names[seat]
            .clone()
            .unwrap_or_else(|| self.default_name(seat))
    }

    /// The game this form describes, or why it cannot start.
    pub fn build(&self) -> Result<GameSetup, NotStarted> {
        let ranges = self.game.ranges();
        let amount = |r: Option<(u8, u8, u8)>| r.map(|_| self.amount);
        let staked = ranges.bank.is_some();
        let request = SettingsRequest {
            players: Some(self.players),
            chips: amount(ranges.chips),
            dice: amount(ranges.dice),
            lives: amount(ranges.lives),
            counters: amount(ranges.counters),
            variants: self.variants.iter().map(|v| v.name().to_owned()).collect(),
            stakes: staked.then_some(self.stakes),
            bank: (staked && self.stakes).then_some(self.bank),
            rounds: ranges.rounds.map(|_| self.rounds),
        };
        let settings = Settings::new(self.game, &request)?;
        let seed = match self.seed.trim() {
            "" => rand::random(),
            typed => typed
                .parse::<u64>()
                .map_err(|_| NotStarted::Seed(self.seed.clone()))?,
        };
        let names: Vec<String> = (0..self.humans.len())
            .filter(|&s| self.humans[s])
            .map(|s| self.name(s).trim().to_owned())
            .collect();
        if let Some(empty) = names.iter().position(String::is_empty) {
            return Err(NotStarted::Unnamed(empty + 1));
        }
        if let Some(twice) = names
            .iter()
            .enumerate()
            .find(|(i, n)| names[..*i].contains(n))
            .map(|(_, n)| n)
        {
            return Err(NotStarted::SameName(twice.clone()));
        }
        let level = self.game.bot_levels()[self.level];
        let levels = vec![level; self.humans.len()];
        Ok(GameSetup {
            settings,
            seats: Seat::seated(&self.humans, &names, &levels),
            seed,
        })
    }
}

impl super::form::Form for SetupForm {
    fn rows_len(&self) -> usize {
        self.rows().len()
    }

    fn select(&mut self, row: usize) {
        self.row = row;
    }

    fn move_row(&mut self, delta: i8) {
        SetupForm::move_row(self, delta);
    }

    fn adjust(&mut self, delta: i8) {
        SetupForm::adjust(self, delta);
    }

    fn toggle(&mut self) {
        SetupForm::toggle(self);
    }

    fn toggle_seat(&mut self, seat: usize) {
        SetupForm::toggle_seat(self, seat);
    }

    fn type_char(&mut self, c: char) {
        SetupForm::type_char(self, c);
    }

    fn erase(&mut self) {
        SetupForm::erase(self);
    }

    fn clear_text(&mut self) {
        SetupForm::clear_text(self);
    }

    fn clear_error(&mut self) {
        self.error = None;
    }
}
