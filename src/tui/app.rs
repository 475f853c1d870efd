//! The parlor's state and how input changes it. Drawing lives in `draw` and only reads this.

use std::time::{Duration, Instant};

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

use super::layout::{self, Hit, SetupPart};
use super::odds_panel::{self, OddsPanel, OddsWorker, Request, Solved};
use crate::games::ChanceSpec;
use crate::games::{
    Action, BotLevel, Event, GameId, Settings, SettingsRequest, Turn, Variant, Variants,
};
use crate::stats::Recorder;
use crate::table::{Progress, Seat, SeatKind, Table};

/// Bot delays a player can step through with `+` and `-`, in milliseconds.
pub const SPEEDS_MS: [u64; 9] = [0, 100, 250, 500, 700, 1000, 1500, 2000, 3000];
/// The default bot delay.
pub const DEFAULT_SPEED_MS: u64 = 700;
/// How long dice tumble before they land.
pub const ROLL_ANIMATION: Duration = Duration::from_millis(350);
/// Frames of the tumble.
pub const ANIMATION_FRAME: Duration = Duration::from_millis(70);

/// How the parlor was started.
#[derive(Clone, Debug)]
pub struct Options {
    pub speed_ms: u64,
    pub auto: bool,
    pub reduced_motion: bool,
    pub color: bool,
}

/// A game to open: its settings, who sits where, and the seed.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub settings: Settings,
    pub seats: Vec<Seat>,
    pub seed: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu { selected: usize },
    Setup(SetupForm),
    Table,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    Stats,
    Rules { scroll: u16 },
    ConfirmQuit,
}

/// The setup form for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupForm {
    pub game: GameId,
    pub players: u8,
    /// Chips, dice or lives, whichever the game has (0 if none).
    pub amount: u8,
    pub level: usize,
    pub variants: Variants,
    pub stakes: bool,
    /// Dice tumble before landing; off is reduced motion.
    pub animation: bool,
    pub humans: Vec<bool>,
    pub seed: String,
    pub row: usize,
    pub seat_cursor: usize,
    pub error: Option<String>,
}

/// The rows of the setup form, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupRow {
    Players,
    Amount(&'static str),
    Seats,
    Level,
    Stakes,
    Variant(Variant),
    /// The dice tumble before they land (off: reduced motion).
    Animation,
    Seed,
    Start,
}

impl SetupForm {
    pub fn new(game: GameId, seed: u64) -> Self {
        let defaults = Settings::defaults(game);
        let amount = [defaults.chips, defaults.dice, defaults.lives]
            .into_iter()
            .max()
            .unwrap_or(0);
        let mut humans = vec![false; usize::from(defaults.players)];
        humans[0] = true;
        SetupForm {
            game,
            players: defaults.players,
            amount,
            level: 0,
            variants: Variants::default(),
            stakes: defaults.stakes,
            animation: true,
            humans,
            seed: seed.to_string(),
            row: 0,
            seat_cursor: 0,
            error: None,
        }
    }

    pub fn rows(&self) -> Vec<SetupRow> {
        let ranges = self.game.ranges();
        let mut rows = vec![SetupRow::Players];
        for (name, range) in [
            ("Chips each", ranges.chips),
            ("Dice each", ranges.dice),
            ("Lives", ranges.lives),
        ] {
            if range.is_some() {
                rows.push(SetupRow::Amount(name));
            }
        }
        rows.push(SetupRow::Seats);
        if self.game.bot_levels().len() > 1 {
            rows.push(SetupRow::Level);
        }
        if self.game == GameId::FortyOne {
            rows.push(SetupRow::Stakes);
        }
        rows.extend(self.game.variants().iter().map(|&v| SetupRow::Variant(v)));
        rows.extend([SetupRow::Animation, SetupRow::Seed, SetupRow::Start]);
        rows
    }

    fn amount_range(&self) -> (u8, u8) {
        let r = self.game.ranges();
        let (low, high, _) = r.chips.or(r.dice).or(r.lives).unwrap_or((0, 0, 0));
        (low, high)
    }

    /// Change the value on the current row by `delta` (left/right) or toggle it.
    fn adjust(&mut self, delta: i32) {
        let Some(&row) = self.rows().get(self.row) else {
            return;
        };
        let step = |value: u8, (low, high): (u8, u8)| {
            (i32::from(value) + delta).clamp(i32::from(low), i32::from(high)) as u8
        };
        match row {
            SetupRow::Players => {
                let (low, high, _) = self.game.ranges().players;
                self.players = step(self.players, (low, high));
                self.humans.resize(usize::from(self.players), false);
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
            SetupRow::Stakes => self.stakes = !self.stakes,
            SetupRow::Animation => self.animation = !self.animation,
            SetupRow::Variant(v) => self.toggle_variant(v),
            SetupRow::Seed | SetupRow::Start => {}
        }
    }

    fn toggle_variant(&mut self, variant: Variant) {
        let set: Variants = self.variants.iter().filter(|&v| v != variant).collect();
        self.variants = if self.variants.contains(variant) {
            set
        } else {
            let mut set = self.variants;
            set.insert(variant);
            set
        };
    }

    fn toggle(&mut self) {
        match self.rows().get(self.row) {
            Some(SetupRow::Seats) => {
                let human = &mut self.humans[self.seat_cursor];
                *human = !*human;
            }
            _ => self.adjust(1),
        }
    }

    /// The game this form describes, or why it cannot start.
    pub fn build(&self) -> Result<GameSetup, String> {
        let ranges = self.game.ranges();
        let amount = |r: Option<(u8, u8, u8)>| r.map(|_| self.amount);
        let request = SettingsRequest {
            players: Some(self.players),
            chips: amount(ranges.chips),
            dice: amount(ranges.dice),
            lives: amount(ranges.lives),
            variants: self.variants.iter().map(|v| v.name().to_owned()).collect(),
            stakes: (self.game == GameId::FortyOne).then_some(self.stakes),
            ..SettingsRequest::default()
        };
        let settings = Settings::new(self.game, &request).map_err(|e| e.to_string())?;
        let seed = self
            .seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("'{}' is not a seed (0 to 2^64-1)", self.seed))?;
        let level = self.game.bot_levels()[self.level];
        Ok(GameSetup {
            settings,
            seats: seats_for(&self.humans, level),
            seed,
        })
    }
}

/// A letter or digit that names one of the offered actions.
fn shortcut(c: char, offered: &[Action]) -> Option<Action> {
    let wanted = match c {
        'k' => Action::Keep,
        'e' | 'x' => Action::Exchange,
        'c' => Action::Cut,
        't' => Action::ThrowKing,
        '1'..='6' => Action::SetDown(c as u8 - b'0'),
        _ => return None,
    };
    offered.contains(&wanted).then_some(wanted)
}

/// Seats with default names: humans are "You" (then "You 2", ...), bots get names.
pub fn seats_for(humans: &[bool], level: BotLevel) -> Vec<Seat> {
    let mut bots = Seat::defaults(&vec![level; humans.len()], false).into_iter();
    let mut human_count = 0;
    humans
        .iter()
        .map(|&human| {
            let bot = bots.next().expect("one default per seat");
            if human {
                human_count += 1;
                let name = if human_count == 1 {
                    "You".to_owned()
                } else {
                    format!("You {human_count}")
                };
                Seat {
                    name,
                    kind: SeatKind::Human,
                }
            } else {
                bot
            }
        })
        .collect()
}

#[allow(clippy::struct_excessive_bools)] // independent switches of the app
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub table: Option<Table>,
    pub setup: Option<GameSetup>,
    pub options: Options,
    pub paused: bool,
    /// Lines scrolled up from the newest log line.
    pub log_scroll: usize,
    /// The highlighted legal action while a human decides.
    pub choice: usize,
    /// When the next bot move is due.
    pub next_move_at: Option<Instant>,
    /// Dice tumble until this moment; `frame` counts tumbles for the drawing.
    pub rolling_until: Option<Instant>,
    pub frame: u64,
    pub quit: bool,
    /// The screen size at the last draw, for mouse hit-testing.
    pub area: Rect,
    /// The running record line of the game-over panel.
    pub record: Option<String>,
    /// Where finished and abandoned games are recorded.
    pub recorder: Recorder,
    /// Whether the current table's result is already recorded.
    pub recorded: bool,
    /// Whether your seat played itself at some point of the current table.
    pub auto_used: bool,
    /// The latest notice for the player (a stats problem), shown until the next key.
    pub notice: Option<String>,
    /// Every notice shown, to repeat on stderr once the terminal is back.
    pub notices_shown: Vec<String>,
    /// Watching a replay instead of playing.
    pub replay: Option<ReplayViewer>,
    /// The odds panel while it is shown (`o`), worked out again after every move.
    pub odds: Option<OddsPanel>,
    /// Works the odds out off the loop's thread.
    odds_worker: OddsWorker,
}

/// A replay being watched: the table at every step, and where we are.
#[derive(Clone)]
pub struct ReplayViewer {
    pub tables: Vec<Table>,
    pub position: usize,
    pub playing: bool,
}

impl App {
    /// The menu, or straight to a table when `setup` is given.
    pub fn new(options: Options, setup: Option<GameSetup>, now: Instant) -> Self {
        let mut app = App {
            screen: Screen::Menu { selected: 0 },
            overlay: None,
            table: None,
            setup: None,
            options,
            paused: false,
            log_scroll: 0,
            choice: 0,
            next_move_at: None,
            rolling_until: None,
            frame: 0,
            quit: false,
            area: Rect::new(0, 0, 80, 24),
            record: None,
            recorder: Recorder::off(),
            recorded: false,
            auto_used: false,
            notice: None,
            notices_shown: Vec::new(),
            replay: None,
            odds: None,
            odds_worker: OddsWorker::default(),
        };
        if let Some(setup) = setup {
            app.start(setup, now);
        }
        app
    }

    /// Watch a replay: `tables` holds the table at every step, from the start.
    pub fn watch_replay(options: Options, tables: Vec<Table>, now: Instant) -> Self {
        let mut app = App::new(options, None, now);
        app.table = tables.first().cloned();
        app.screen = Screen::Table;
        app.replay = Some(ReplayViewer {
            tables,
            position: 0,
            playing: true,
        });
        app.next_move_at = Some(now);
        app
    }

    /// Move the replay to `position` (clamped to the recorded steps).
    fn seek(&mut self, position: usize, now: Instant) {
        let Some(viewer) = &mut self.replay else {
            return;
        };
        viewer.position = position.min(viewer.tables.len() - 1);
        self.table = Some(viewer.tables[viewer.position].clone());
        self.log_scroll = 0;
        self.refresh_odds(false);
        self.next_move_at = Some(now + Duration::from_millis(self.options.speed_ms));
    }

    fn replay_key(&mut self, code: KeyCode, now: Instant) {
        let Some(viewer) = &mut self.replay else {
            return;
        };
        let (position, last) = (viewer.position, viewer.tables.len() - 1);
        match code {
            KeyCode::Right | KeyCode::Char('l' | '.') => self.seek(position + 1, now),
            KeyCode::Left | KeyCode::Char('h' | ',') => self.seek(position.saturating_sub(1), now),
            KeyCode::Home | KeyCode::Char('0') => self.seek(0, now),
            KeyCode::End | KeyCode::Char('$') => self.seek(last, now),
            KeyCode::Char(' ' | 'p') => {
                viewer.playing = !viewer.playing;
                self.next_move_at = Some(now);
            }
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('+' | '=' | '-' | '_' | 'r' | 's' | 'o' | '?')
            | KeyCode::PageUp
            | KeyCode::PageDown => {
                self.common_table_key(code, now);
            }
            _ => {}
        }
    }

    /// Show or hide the odds panel.
    pub fn toggle_odds(&mut self) {
        if self.odds.is_some() {
            self.odds = None;
        } else {
            self.refresh_odds(true);
        }
    }

    /// Ask for the odds of the position on the table (when the panel is shown, or
    /// `force`). They are worked out on another thread, never while drawing; the panel
    /// keeps the last figures, marked as being updated, until the new ones are in.
    fn refresh_odds(&mut self, force: bool) {
        if self.odds.is_none() && !force {
            return;
        }
        let Some(table) = &self.table else { return };
        let game = table.game();
        let level = table
            .seats()
            .iter()
            .find_map(|s| match s.kind {
                SeatKind::Bot(level) => Some(level),
                SeatKind::Human => None,
            })
            .unwrap_or(game.settings().game.bot_levels()[0]);
        let decider_view = self.human_to_decide().map(|_| game.view(self.viewer()));
        self.odds_worker.request(Request {
            game: game.clone_box(),
            level,
            decider_view,
        });
        self.odds
            .get_or_insert(OddsPanel {
                solved: None,
                working: true,
            })
            .working = true;
    }

    /// Show figures that came back from the odds worker, if any did.
    fn poll_odds(&mut self) {
        if let Some((solved, latest)) = self.odds_worker.poll() {
            self.show_odds(solved, latest);
        }
    }

    /// Block until the odds panel shows the figures for the position on the table.
    pub fn wait_for_odds(&mut self) {
        if let Some(solved) = self.odds_worker.wait() {
            self.show_odds(solved, true);
        }
    }

    fn show_odds(&mut self, solved: Solved, latest: bool) {
        // Hidden meanwhile: nobody wants them.
        if let Some(panel) = &mut self.odds {
            panel.solved = Some(solved);
            panel.working = !latest;
        }
    }

    /// Record games with `recorder` (stats on disk); by default nothing is kept.
    #[must_use]
    pub fn with_recorder(mut self, recorder: Recorder) -> Self {
        self.recorder = recorder;
        self.show_notices();
        self
    }

    fn show_notices(&mut self) {
        for notice in self.recorder.take_notices() {
            self.notice = Some(notice.clone());
            self.notices_shown.push(notice);
        }
    }

    /// Record the current table once: finished if it is over, abandoned if left midway.
    fn record_table(&mut self) {
        let Some(table) = &self.table else { return };
        if self.recorded || table.history().is_empty() {
            return;
        }
        self.recorded = true;
        let result = self.recorder.record_table(table, self.auto_used);
        self.record = self
            .recorder
            .stats
            .find(result.game, &result.rules, result.kind)
            .map(crate::stats::Record::summary);
        self.show_notices();
    }

    /// Leave the table (quit, new game, menu): a game not over counts as abandoned.
    pub fn leave_table(&mut self) {
        self.record_table();
    }

    /// Sit down at a new table.
    pub fn start(&mut self, setup: GameSetup, now: Instant) {
        self.leave_table();
        self.recorded = false;
        self.auto_used = self.options.auto;
        self.table = Some(Table::new(setup.settings, setup.seats.clone(), setup.seed));
        self.setup = Some(setup);
        self.screen = Screen::Table;
        self.overlay = None;
        self.log_scroll = 0;
        self.choice = 0;
        self.rolling_until = None;
        self.record = None;
        self.next_move_at = Some(now);
        self.refresh_odds(false);
    }

    pub fn is_over(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.game().turn() == Turn::Over)
    }

    /// The human seat whose decision is due, unless auto-play is taking it.
    pub fn human_to_decide(&self) -> Option<u8> {
        if self.options.auto {
            return None;
        }
        self.table.as_ref()?.waiting_for()
    }

    /// The legal actions offered to the deciding human.
    pub fn offered(&self) -> Vec<Action> {
        match (&self.table, self.human_to_decide()) {
            (Some(table), Some(_)) => table.game().legal_actions().as_slice().to_vec(),
            _ => Vec::new(),
        }
    }

    pub fn animating(&self, now: Instant) -> bool {
        self.rolling_until.is_some_and(|until| now < until)
    }

    /// How long the loop may sleep before something is due; `None`: wait for input.
    pub fn timeout(&self, now: Instant) -> Option<Duration> {
        let move_due = self.move_due(now);
        if self.odds_worker.busy() {
            Some(move_due.map_or(odds_panel::POLL, |due| due.min(odds_panel::POLL)))
        } else {
            move_due
        }
    }

    /// How long until the next frame, move or replay step is due; `None`: none is.
    fn move_due(&self, now: Instant) -> Option<Duration> {
        if self.animating(now) {
            return Some(ANIMATION_FRAME);
        }
        if let Some(viewer) = &self.replay {
            let playing = viewer.playing && viewer.position + 1 < viewer.tables.len();
            let idle = !playing || self.overlay.is_some();
            return if idle {
                None
            } else {
                self.next_move_at
                    .map(|at| at.saturating_duration_since(now))
            };
        }
        if self.screen != Screen::Table || self.overlay.is_some() || self.paused || self.is_over() {
            return None;
        }
        if self.human_to_decide().is_some() {
            return None;
        }
        self.next_move_at
            .map(|at| at.saturating_duration_since(now))
    }

    /// Time has passed: show odds that came in, land the dice, or let the next bot move.
    pub fn tick(&mut self, now: Instant) {
        self.poll_odds();
        if self.rolling_until.is_some() {
            if self.animating(now) {
                self.frame += 1;
                return;
            }
            self.rolling_until = None;
        }
        if self.move_due(now).is_some_and(|t| t.is_zero()) {
            match &self.replay {
                Some(viewer) => self.seek(viewer.position + 1, now),
                None => self.play_one_move(now),
            }
        }
    }

    /// One seat's move (a bot's, or an auto-played human's) and the chance that follows.
    pub fn play_one_move(&mut self, now: Instant) {
        let auto = self.options.auto;
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let before = table.log().len();
        let progress = if auto {
            table.auto_act()
        } else {
            table.advance()
        };
        if matches!(progress, Progress::Stepped(_)) {
            Self::settle_chance(table);
        }
        self.after_move(before, now);
    }

    /// Apply chance outcomes until a seat must decide (chance needs nobody to wait for).
    /// A fresh deck waits for the next tick instead, so the last showdown stays on the
    /// table for a bot's delay before the new deal covers it.
    fn settle_chance(table: &mut Table) {
        while table.game().turn() == Turn::Chance
            && table.game().chance() != Some(ChanceSpec::Shuffle)
        {
            table.advance();
        }
    }

    fn after_move(&mut self, log_before: usize, now: Instant) {
        self.choice = 0;
        self.refresh_odds(false);
        if self.is_over() {
            self.record_table();
        }
        let Some(table) = self.table.as_ref() else {
            return;
        };
        let rolled = table.log()[log_before..]
            .iter()
            .any(|e| matches!(e, Event::Rolled { .. }));
        let animate = rolled && !self.options.reduced_motion && self.options.speed_ms > 0;
        self.rolling_until = animate.then(|| now + ROLL_ANIMATION);
        let landing = if animate {
            ROLL_ANIMATION
        } else {
            Duration::ZERO
        };
        self.next_move_at = Some(now + landing + Duration::from_millis(self.options.speed_ms));
    }

    /// The deciding human plays `action`.
    pub fn act(&mut self, action: Action, now: Instant) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let before = table.log().len();
        if table.act(action).is_ok() {
            Self::settle_chance(table);
            self.after_move(before, now);
            // The human's own roll shows at once; bots then wait their delay.
            self.log_scroll = 0;
        }
    }

    pub fn on_key(&mut self, key: KeyEvent, now: Instant) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        self.notice = None;
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.quit = true;
            return;
        }
        if let Some(overlay) = self.overlay {
            self.overlay_key(overlay, key.code);
            return;
        }
        if self.replay.is_some() {
            self.replay_key(key.code, now);
            return;
        }
        match self.screen.clone() {
            Screen::Menu { selected } => self.menu_key(selected, key.code),
            Screen::Setup(form) => self.setup_key(form, key.code, now),
            Screen::Table => self.table_key(key.code, now),
        }
    }

    fn overlay_key(&mut self, overlay: Overlay, code: KeyCode) {
        match (overlay, code) {
            (Overlay::ConfirmQuit, KeyCode::Char('y' | 'q')) => self.quit = true,
            (Overlay::Rules { scroll }, KeyCode::Down | KeyCode::Char('j')) => {
                self.overlay = Some(Overlay::Rules {
                    scroll: scroll.saturating_add(1),
                });
            }
            (Overlay::Rules { scroll }, KeyCode::Up | KeyCode::Char('k')) => {
                self.overlay = Some(Overlay::Rules {
                    scroll: scroll.saturating_sub(1),
                });
            }
            (Overlay::Rules { scroll }, KeyCode::PageDown | KeyCode::Char(' ')) => {
                self.overlay = Some(Overlay::Rules {
                    scroll: scroll.saturating_add(10),
                });
            }
            (Overlay::Rules { scroll }, KeyCode::PageUp) => {
                self.overlay = Some(Overlay::Rules {
                    scroll: scroll.saturating_sub(10),
                });
            }
            _ => self.overlay = None,
        }
    }

    fn menu_key(&mut self, selected: usize, code: KeyCode) {
        let games = GameId::ALL.len();
        match code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.screen = Screen::Menu {
                    selected: (selected + games - 1) % games,
                }
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.screen = Screen::Menu {
                    selected: (selected + 1) % games,
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.open_setup(GameId::ALL[selected]),
            KeyCode::Char(c @ '1'..='5') => {
                self.open_setup(GameId::ALL[usize::from(c as u8 - b'1')]);
            }
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::Char('s') => self.overlay = Some(Overlay::Stats),
            _ => {}
        }
    }

    pub fn open_setup(&mut self, game: GameId) {
        let mut form = SetupForm::new(game, rand::random());
        form.animation = !self.options.reduced_motion;
        self.screen = Screen::Setup(form);
    }

    fn setup_key(&mut self, mut form: SetupForm, code: KeyCode, now: Instant) {
        let rows = form.rows();
        let on_seed = rows.get(form.row) == Some(&SetupRow::Seed);
        form.error = None;
        match code {
            KeyCode::Esc => {
                let selected = GameId::ALL
                    .iter()
                    .position(|&g| g == form.game)
                    .unwrap_or(0);
                self.screen = Screen::Menu { selected };
                return;
            }
            KeyCode::Up => form.row = (form.row + rows.len() - 1) % rows.len(),
            KeyCode::Down | KeyCode::Tab => form.row = (form.row + 1) % rows.len(),
            KeyCode::Left => form.adjust(-1),
            KeyCode::Right => form.adjust(1),
            // A u64 has at most 20 digits.
            KeyCode::Char(c) if on_seed && c.is_ascii_digit() && form.seed.len() < 20 => {
                form.seed.push(c);
            }
            KeyCode::Backspace if on_seed => {
                form.seed.pop();
            }
            KeyCode::Delete if on_seed => form.seed.clear(),
            KeyCode::Char('r') if on_seed => form.seed = rand::random::<u64>().to_string(),
            KeyCode::Char(' ') => form.toggle(),
            KeyCode::Enter => match form.build() {
                Ok(setup) => {
                    self.options.reduced_motion = !form.animation;
                    self.start(setup, now);
                    return;
                }
                Err(e) => form.error = Some(e),
            },
            KeyCode::Char('q') => {
                self.quit = true;
                return;
            }
            _ => {}
        }
        self.screen = Screen::Setup(form);
    }

    /// A click on the setup form: choose the row, then do what its key would.
    fn click_setup(&mut self, row: usize, part: SetupPart, now: Instant) {
        let Screen::Setup(mut form) = self.screen.clone() else {
            return;
        };
        form.row = row;
        let code = match part {
            SetupPart::Row => None,
            SetupPart::Less => Some(KeyCode::Left),
            SetupPart::More => Some(KeyCode::Right),
            SetupPart::Seat(seat) => {
                form.seat_cursor = seat;
                Some(KeyCode::Char(' '))
            }
            SetupPart::Press => Some(if form.rows()[row] == SetupRow::Start {
                KeyCode::Enter
            } else {
                KeyCode::Char(' ')
            }),
        };
        match code {
            Some(code) => self.setup_key(form, code, now),
            None => self.screen = Screen::Setup(form),
        }
    }

    fn table_key(&mut self, code: KeyCode, now: Instant) {
        if self.is_over() {
            match code {
                KeyCode::Char('n') => self.new_game(true, now),
                KeyCode::Char('g') => self.new_game(false, now),
                KeyCode::Char('m') => self.back_to_menu(),
                KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
                _ => self.common_table_key(code, now),
            }
            return;
        }
        let offered = self.offered();
        match code {
            KeyCode::Char(' ') | KeyCode::Enter if !offered.is_empty() => {
                let action = offered[self.choice.min(offered.len() - 1)];
                self.act(action, now);
            }
            KeyCode::Left if !offered.is_empty() => {
                self.choice = (self.choice + offered.len() - 1) % offered.len();
            }
            KeyCode::Right if !offered.is_empty() => {
                self.choice = (self.choice + 1) % offered.len();
            }
            KeyCode::Char(c) if shortcut(c, &offered).is_some() => {
                let action = shortcut(c, &offered).expect("checked");
                self.act(action, now);
            }
            KeyCode::Char('q') | KeyCode::Esc => self.overlay = Some(Overlay::ConfirmQuit),
            _ => self.common_table_key(code, now),
        }
    }

    fn common_table_key(&mut self, code: KeyCode, now: Instant) {
        match code {
            KeyCode::Char('a') => {
                self.options.auto = !self.options.auto;
                self.next_move_at = Some(now);
            }
            KeyCode::Char('p') => {
                self.paused = !self.paused;
                self.next_move_at = Some(now);
            }
            KeyCode::Char('.') if self.human_to_decide().is_none() && !self.is_over() => {
                self.play_one_move(now);
            }
            KeyCode::Char('+' | '=') => self.change_speed(-1),
            KeyCode::Char('-' | '_') => self.change_speed(1),
            KeyCode::Char('n') => self.new_game(true, now),
            KeyCode::Char('r') => self.overlay = Some(Overlay::Rules { scroll: 0 }),
            KeyCode::Char('s') => self.overlay = Some(Overlay::Stats),
            KeyCode::Char('o') => self.toggle_odds(),
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::PageUp => self.log_scroll = self.log_scroll.saturating_add(5),
            KeyCode::PageDown => self.log_scroll = self.log_scroll.saturating_sub(5),
            _ => {}
        }
    }

    /// `+` makes bots faster (shorter delay), `-` slower.
    fn change_speed(&mut self, direction: i32) {
        let current = SPEEDS_MS
            .iter()
            .position(|&s| s >= self.options.speed_ms)
            .unwrap_or(SPEEDS_MS.len() - 1);
        let next = (current as i32 + direction).clamp(0, SPEEDS_MS.len() as i32 - 1) as usize;
        self.options.speed_ms = SPEEDS_MS[next];
    }

    /// Deal again with a fresh seed, or (`fresh` false) the same seed.
    pub fn new_game(&mut self, fresh: bool, now: Instant) {
        if let Some(mut setup) = self.setup.clone() {
            if fresh {
                setup.seed = rand::random();
            }
            self.start(setup, now);
        }
    }

    fn back_to_menu(&mut self) {
        self.leave_table();
        let selected = self
            .setup
            .as_ref()
            .and_then(|s| GameId::ALL.iter().position(|&g| g == s.settings.game))
            .unwrap_or(0);
        self.table = None;
        self.screen = Screen::Menu { selected };
    }

    pub fn on_mouse(&mut self, mouse: MouseEvent, now: Instant) {
        let at = Position::new(mouse.column, mouse.row);
        match mouse.kind {
            MouseEventKind::ScrollUp => self.log_scroll = self.log_scroll.saturating_add(3),
            MouseEventKind::ScrollDown => self.log_scroll = self.log_scroll.saturating_sub(3),
            MouseEventKind::Down(MouseButton::Left) if self.overlay.is_none() => {
                match layout::hit(self, self.area, at) {
                    Some(Hit::Action(action)) => self.act(action, now),
                    Some(Hit::MenuItem(i)) => self.open_setup(GameId::ALL[i]),
                    Some(Hit::Setup(row, part)) => self.click_setup(row, part, now),
                    None => {}
                }
            }
            MouseEventKind::Down(MouseButton::Left) => self.overlay = None,
            _ => {}
        }
    }
}
