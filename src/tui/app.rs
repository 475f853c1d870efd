//! The parlor's state, and [`App::apply`]: the one place intents change it. Keys and clicks
//! are turned into intents elsewhere (`keys`, `mouse`); drawing reads a snapshot of this.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;

use super::form;
use super::intent::{
    Confirm, DAILY_ROW, FormIntent, Intent, LobbyIntent, MENU_ROWS, MenuIntent, Panel,
    ReplayIntent, ReviewIntent, TableIntent,
};
use super::lobby::{Lobby, LobbyScreen};
use super::review_screen::ReviewScreen;
use super::settings_form::SettingsForm;
use super::setup_form::{FormStart, SetupForm};
use super::sitting::{LeaveTo, Sitting};
use super::snapshot::Notice;
use super::theme::Theme;

use crate::config::Config;
use crate::daily::DailyDeal;
use crate::games::GameId;
use crate::replay::Timeline;
use crate::setups::Setups;
use crate::shared_table::Joined;
use crate::stage::Pacing;
use crate::stats::Recorder;
use crate::table::GameSetup;

/// Frames of the tumble and the celebration.
pub const ANIMATION_FRAME: Duration = Duration::from_millis(70);
/// How often the review screen looks whether its review is worked out.
const REVIEW_POLL: Duration = Duration::from_millis(50);

/// How the parlor was started: what every new table starts with, and how it looks.
#[derive(Clone, Debug)]
#[allow(clippy::struct_excessive_bools)] // independent switches of the parlor
pub struct Options {
    pub speed_ms: u64,
    pub auto: bool,
    pub reduced_motion: bool,
    pub theme: Theme,
    /// Only ASCII on screen.
    pub ascii: bool,
    /// Ring the terminal's bell when it becomes your turn after the bots have moved.
    pub bell: bool,
    /// The mouse picks choices (off: the terminal keeps it, to select text).
    pub mouse: bool,
    /// The terminal's background is light (`None`: it could not be asked), for `auto`.
    pub light_background: Option<bool>,
    /// What this run's flags (or `NO_COLOR`) fixed, which the config file does not change.
    pub pinned: Pinned,
}

/// Options a run's flags fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one per flag
pub struct Pinned {
    pub speed: bool,
    pub reduced_motion: bool,
    pub theme: bool,
    pub ascii: bool,
}

impl Default for Options {
    /// The parlor as it comes: the default config's look and pace.
    fn default() -> Self {
        let mut options = Options {
            speed_ms: 0,
            auto: false,
            reduced_motion: false,
            theme: Theme::dark(),
            ascii: false,
            bell: false,
            mouse: true,
            light_background: None,
            pinned: Pinned::default(),
        };
        options.follow(&Config::default());
        options
    }
}

impl Options {
    /// Look and pace as `config` says, but for what this run's flags fixed.
    pub fn follow(&mut self, config: &Config) {
        let pinned = self.pinned;
        if !pinned.theme {
            self.theme = Theme::chosen(config.theme, self.light_background);
        }
        if !pinned.ascii {
            self.ascii = config.ascii;
        }
        if !pinned.speed {
            self.speed_ms = config.speed_ms;
        }
        if !pinned.reduced_motion {
            self.reduced_motion = config.reduced_motion;
        }
        self.bell = config.bell;
        self.mouse = config.mouse;
    }

    fn pacing(&self) -> Pacing {
        Pacing {
            speed_ms: self.speed_ms,
            reduced_motion: self.reduced_motion,
        }
    }
}

#[derive(Debug)]
pub enum Screen {
    /// The games, then the settings.
    Menu {
        selected: usize,
    },
    Setup(SetupForm),
    Settings(SettingsForm),
    /// The tables of a shared parlor (`parlor host`).
    Lobby(LobbyScreen),
    Table,
    /// The review of the game at the table (which it goes back to).
    Review(Box<ReviewScreen>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    /// Page 0 is the overview, then a page per game.
    Stats {
        page: usize,
    },
    Rules {
        game: GameId,
        scroll: u16,
    },
    Confirm(Confirm),
}

#[allow(clippy::struct_excessive_bools)] // independent flags the loop reads
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub sitting: Option<Sitting>,
    pub options: Options,
    pub quit: bool,
    /// Left by Ctrl-C (the parlor exits as a shell expects of an interrupted program).
    pub interrupted: bool,
    /// Ctrl-Z: the loop suspends the parlor, as job control would.
    pub suspend: bool,
    /// The screen size at the last draw, for clicks.
    pub area: Rect,
    /// Where finished and abandoned games are recorded.
    pub recorder: Recorder,
    /// The latest notice for the player, shown until the next key.
    pub notice: Option<Notice>,
    /// Every notice shown, to repeat on stderr once the terminal is back.
    pub notices_shown: Vec<String>,
    /// Counts animation frames, for the tumbling dice and the celebration.
    pub frame: u64,
    /// The bell is due: it became your turn after the bots moved.
    pub bell: bool,
    /// Text for the terminal's clipboard (a daily deal's line to share), once.
    pub to_copy: Option<String>,
    /// Lines to print once the terminal is back: the daily deals' lines to share.
    pub to_print: Vec<String>,
    /// The settings in the config file, as the settings screen edits them.
    pub config: Config,
    /// Where the config file is; `None`: nowhere to save it.
    pub config_dir: Option<PathBuf>,
    /// The server's tables, for a guest of `parlor host`: leaving a table comes back here.
    pub lobby: Option<Box<dyn Lobby>>,
}

impl App {
    /// The menu, or straight to a table when `setup` is given.
    pub fn new(options: Options, setup: Option<GameSetup>) -> Self {
        let mut app = App {
            screen: Screen::Menu { selected: 0 },
            overlay: None,
            sitting: None,
            options,
            quit: false,
            interrupted: false,
            suspend: false,
            area: Rect::new(0, 0, 80, 24),
            recorder: Recorder::off(),
            notice: None,
            notices_shown: Vec::new(),
            frame: 0,
            bell: false,
            to_copy: None,
            to_print: Vec::new(),
            config: Config::default(),
            config_dir: None,
            lobby: None,
        };
        if let Some(setup) = setup {
            app.start(setup);
        }
        app
    }

    /// Watch a replay from its start.
    pub fn watch_replay(&mut self, timeline: Timeline) {
        self.leave_table();
        self.sitting = Some(Sitting::watching(timeline, self.options.pacing()));
        self.screen = Screen::Table;
        self.overlay = None;
    }

    /// The player's settings, from the config file in `dir` (for the setup form's defaults
    /// and the settings screen).
    #[must_use]
    pub fn with_config(mut self, config: Config, dir: Option<PathBuf>) -> Self {
        self.config = config;
        self.config_dir = dir;
        self
    }

    /// Open on the lobby of `lobby`'s tables, and come back to it from every table.
    #[must_use]
    pub fn with_lobby(mut self, lobby: Box<dyn Lobby>) -> Self {
        self.lobby = Some(lobby);
        self.show_lobby();
        self
    }

    fn show_lobby(&mut self) {
        let mut screen = LobbyScreen::default();
        if let Some(lobby) = &self.lobby {
            let _ = screen.refresh(lobby.tables());
        }
        self.screen = Screen::Lobby(screen);
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
            self.notice = Some(Notice::Problem(notice.clone()));
            self.notices_shown.push(notice);
        }
    }

    /// Sit down at a new table, as its setup and the parlor's options say.
    pub fn start(&mut self, setup: GameSetup) {
        self.leave_table();
        let auto = self.options.auto;
        self.sitting = Some(Sitting::new(setup, auto, self.options.pacing()));
        self.screen = Screen::Table;
        self.overlay = None;
    }

    /// Sit at (or watch) a table shared over `parlor host`.
    pub fn sit_shared(&mut self, joined: Joined) {
        self.leave_table();
        self.sitting = Some(Sitting::remote(joined, self.options.pacing()));
        self.screen = Screen::Table;
        self.overlay = None;
    }

    /// Sit down at the daily deal. The day's first attempt counts; later ones are practice,
    /// and say so.
    pub fn start_daily(&mut self, deal: DailyDeal) {
        self.leave_table();
        let practice = self.recorder.begin_daily(deal.game, deal.day);
        let sitting = Sitting::daily_deal(
            deal,
            Some(&self.config.name),
            practice,
            self.options.pacing(),
        );
        self.sitting = Some(sitting);
        self.screen = Screen::Table;
        self.overlay = None;
    }

    /// Leave the table (quit, new game, menu): a game not over counts as abandoned.
    pub fn leave_table(&mut self) {
        self.record(true);
    }

    /// Leave the parlor: a game not over counts as abandoned, and the player is told so
    /// once the terminal is theirs again, with where its replay is.
    pub fn leave_parlor(&mut self) {
        if self.record(true) && self.recorder.dir().is_some() {
            let replay = match &self.recorder.last_replay {
                Some(path) => format!("; its replay is {}", path.display()),
                None => String::new(),
            };
            self.notices_shown.push(format!(
                "the game in play was recorded as abandoned{replay}"
            ));
        }
    }

    /// Record the game at the table once it is over, or (`leaving`) as it stands. Returns
    /// whether an unfinished game was recorded as abandoned now.
    fn record(&mut self, leaving: bool) -> bool {
        let Some(sitting) = &mut self.sitting else {
            return false;
        };
        let abandoned = sitting.record_with(&mut self.recorder, leaving);
        if let Some(line) = sitting.take_share_line() {
            self.to_copy = Some(line.clone());
            self.to_print.push(line);
        }
        self.show_notices();
        abandoned
    }

    /// How long the loop may sleep before something is due; `None`: wait for input.
    pub fn timeout(&self, now: Instant) -> Option<Duration> {
        // The lobby waits for input, or for the server to say its tables changed.
        if matches!(self.screen, Screen::Lobby(_)) {
            return None;
        }
        let sitting = self.sitting.as_ref()?;
        match &self.screen {
            Screen::Table => sitting.timeout(now, ANIMATION_FRAME),
            // Look for the review now and then while it is worked out.
            Screen::Review(review) if review.working() => Some(REVIEW_POLL),
            _ => None,
        }
    }

    /// Time has passed: beats, bot moves, odds that came in, a game that ended, a review
    /// worked out. Returns whether the screen must be drawn again: always at a table (the
    /// show moves on), in the lobby only when its tables changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        if let Screen::Review(review) = &mut self.screen {
            review.poll();
        }
        if let (Screen::Lobby(screen), Some(lobby)) = (&mut self.screen, &self.lobby) {
            let changed = screen.refresh(lobby.tables());
            if self.sitting.is_none() {
                return changed;
            }
        }
        let Some(sitting) = &mut self.sitting else {
            return true;
        };
        if sitting.stage.animating() {
            self.frame += 1;
        }
        sitting.tick(now);
        if let Some(news) = sitting.take_news() {
            self.notice = Some(Notice::Done(news));
        }
        if let Some(let_go) = sitting.let_go() {
            let notice = let_go.why;
            // Said again when the parlor closes, with the rest (once: this is looked at
            // again until the parlor has closed).
            if self.notices_shown.last() != Some(&notice) {
                self.notices_shown.push(notice.clone());
            }
            if let_go.ended && self.lobby.is_some() {
                // Back to the tables, told why.
                self.sitting = None;
                self.show_lobby();
                self.notice = Some(Notice::Problem(notice));
                return true;
            }
            self.quit = true;
            return true;
        }
        self.bell |= sitting.turn_came() && self.options.bell;
        let _ = self.record(false);
        true
    }

    /// Carry out what the player meant.
    pub fn apply(&mut self, intent: Intent, now: Instant) {
        self.notice = None;
        match intent {
            Intent::Quit => {
                self.quit = true;
                self.interrupted = true;
            }
            Intent::Suspend => self.suspend = true,
            Intent::Ask(question) => self.ask(question),
            Intent::Confirm => {
                if let Some(Overlay::Confirm(question)) = self.overlay.take() {
                    self.confirmed(question);
                }
            }
            Intent::Close => self.overlay = None,
            Intent::Show(Panel::Help) => self.overlay = Some(Overlay::Help),
            Intent::Show(Panel::Stats) => self.overlay = Some(Overlay::Stats { page: 0 }),
            Intent::StatsPage(delta) => {
                if let Some(Overlay::Stats { page }) = &mut self.overlay {
                    let pages = GameId::ALL.len() as i32 + 1;
                    *page = (*page as i32 + i32::from(delta)).rem_euclid(pages) as usize;
                }
            }
            Intent::Show(Panel::Rules(game)) => {
                self.overlay = Some(Overlay::Rules { game, scroll: 0 });
            }
            Intent::ScrollRules(lines) => {
                if let Some(Overlay::Rules { scroll, .. }) = &mut self.overlay {
                    *scroll = scroll.saturating_add_signed(lines);
                }
            }
            Intent::Menu(menu) => self.menu(menu),
            Intent::Lobby(lobby) => self.lobby(lobby),
            Intent::Form(form) => self.form(form),
            Intent::Table(table) => self.table(table, now),
            Intent::Replay(replay) => self.replay(replay, now),
            Intent::Review(review) => self.review(review),
        }
        self.tick(now);
    }

    /// A question only when a game would be abandoned; otherwise straight on.
    fn ask(&mut self, question: Confirm) {
        let offers = self.sitting.as_ref().map(Sitting::offers);
        if question == Confirm::LeaveLobby {
            self.overlay = Some(Overlay::Confirm(question));
        } else if let Some(offers) = offers.filter(|o| o.abandons)
            && matches!(self.screen, Screen::Table)
        {
            // At a shared table the game goes on without you: nothing is abandoned.
            let question = match (question, offers.leave_to) {
                (Confirm::Leave, LeaveTo::Tables) => Confirm::LeaveShared,
                (Confirm::Quit, LeaveTo::Tables) => Confirm::QuitShared,
                (question, _) => question,
            };
            self.overlay = Some(Overlay::Confirm(question));
        } else {
            self.confirmed(question);
        }
    }

    fn confirmed(&mut self, question: Confirm) {
        match question {
            Confirm::Quit | Confirm::QuitShared | Confirm::LeaveLobby => self.quit = true,
            Confirm::Leave | Confirm::LeaveShared => self.back_to_menu(),
            Confirm::NewGame => self.deal(true),
        }
    }

    fn menu(&mut self, intent: MenuIntent) {
        let Screen::Menu { selected } = &mut self.screen else {
            return;
        };
        match intent {
            MenuIntent::Move(delta) => {
                // The games, and the settings after them.
                let rows = MENU_ROWS as i32;
                *selected = (*selected as i32 + i32::from(delta)).rem_euclid(rows) as usize;
            }
            MenuIntent::Settings => {
                self.screen = Screen::Settings(SettingsForm::new(self.config.clone()));
            }
            MenuIntent::Daily => self.start_daily(DailyDeal::today(GameId::FortyOne)),
            MenuIntent::Open(game) => {
                let start = FormStart {
                    animation: !self.options.reduced_motion,
                    your_name: Some(self.config.name.clone()),
                    level: Some(self.config.bot_level(game)),
                    remembered: self
                        .recorder
                        .dir()
                        .and_then(|dir| Setups::load(dir).get(game).cloned()),
                };
                self.screen = Screen::Setup(SetupForm::new(game, rand::random(), &start));
            }
        }
    }

    fn lobby(&mut self, intent: LobbyIntent) {
        let (Screen::Lobby(screen), Some(lobby)) = (&mut self.screen, &self.lobby) else {
            return;
        };
        let joined = match (intent, screen.choosing) {
            (LobbyIntent::Move(delta), _) => return screen.step(delta),
            (LobbyIntent::New, _) => return screen.choosing = Some(0),
            (LobbyIntent::Back, _) => return screen.choosing = None,
            (LobbyIntent::Menu, _) => return self.screen = Screen::Menu { selected: 0 },
            (LobbyIntent::Enter, Some(game)) => lobby.open(GameId::ALL[game]),
            (LobbyIntent::Enter, None) => match screen.tables.get(screen.selected) {
                Some(table) => lobby.join(&table.name),
                None => return,
            },
        };
        match joined {
            Ok(joined) => self.sit_shared(joined),
            Err(refused) => {
                screen.choosing = None;
                self.notice = Some(Notice::Problem(refused));
            }
        }
    }

    fn form(&mut self, intent: FormIntent) {
        let rest = match &mut self.screen {
            Screen::Setup(setup) => form::edit(setup, intent),
            Screen::Settings(settings) => form::edit(settings, intent),
            Screen::Menu { .. } | Screen::Lobby(_) | Screen::Table | Screen::Review(_) => None,
        };
        match (rest, &self.screen) {
            (Some(FormIntent::Start), Screen::Setup(_)) => self.start_from_form(),
            (Some(FormIntent::Start), Screen::Settings(_)) => self.save_settings(),
            (Some(FormIntent::Back), Screen::Setup(form)) => {
                let selected = GameId::ALL
                    .iter()
                    .position(|&g| g == form.game)
                    .unwrap_or(0);
                self.screen = Screen::Menu { selected };
            }
            (Some(FormIntent::Back), _) => {
                self.screen = Screen::Menu {
                    selected: DAILY_ROW + 1,
                };
            }
            _ => {}
        }
    }

    /// Start the game the setup form describes, and remember the form for next time.
    fn start_from_form(&mut self) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        match form.build() {
            Ok(setup) => {
                self.options.reduced_motion = !form.animation;
                let remembered = form.remembered();
                if let Some(dir) = self.recorder.dir() {
                    match Setups::remember(dir, setup.settings.game, remembered) {
                        Ok(None) => {}
                        Ok(Some(moved)) => self.notice = Some(Notice::Problem(moved.to_string())),
                        Err(e) => {
                            self.notice = Some(Notice::Problem(format!(
                                "this setup could not be remembered: {e}"
                            )));
                        }
                    }
                }
                self.start(setup);
            }
            Err(e) => form.error = Some(e),
        }
    }

    /// Save the settings screen to the config file and put them in force.
    fn save_settings(&mut self) {
        let Screen::Settings(form) = &mut self.screen else {
            return;
        };
        let saved = form.checked().and_then(|config| {
            let dir = self
                .config_dir
                .as_deref()
                .ok_or("no config directory: set PARLOR_CONFIG_DIR")?;
            let saved = config.save(dir).map_err(|e| format!("cannot save: {e}"))?;
            Ok((config, saved))
        });
        match saved {
            Ok((config, saved)) => {
                self.options.follow(&config);
                self.config = config;
                self.notice = Some(Notice::Done(format!("settings {saved}")));
                self.screen = Screen::Menu {
                    selected: DAILY_ROW + 1,
                };
            }
            Err(e) => form.error = Some(e),
        }
    }

    fn table(&mut self, intent: TableIntent, now: Instant) {
        match intent {
            TableIntent::Deal { fresh } => return self.deal(fresh),
            TableIntent::ToMenu => return self.back_to_menu(),
            _ => {}
        }
        let Some(sitting) = &mut self.sitting else {
            return;
        };
        if matches!(
            intent,
            TableIntent::Skip | TableIntent::ActChosen | TableIntent::GoOn
        ) && sitting.start_shared_table()
        {
            return;
        }
        match intent {
            TableIntent::Act(action) => sitting.act(action, now),
            TableIntent::ActChosen => {
                let offered = sitting.offered();
                if let Some(&action) =
                    offered.get(sitting.choice.min(offered.len().saturating_sub(1)))
                {
                    sitting.act(action, now);
                }
            }
            TableIntent::Choose(delta) => {
                let count = sitting.offered().len().max(1) as i32;
                sitting.choice =
                    (sitting.choice as i32 + i32::from(delta)).rem_euclid(count) as usize;
            }
            TableIntent::Skip => sitting.skip(now),
            TableIntent::GoOn => sitting.stage.go_on(now),
            TableIntent::TakeSeat => sitting.take_seat(),
            TableIntent::HideCard => sitting.hide_card(),
            TableIntent::ToggleAuto => sitting.toggle_auto(now),
            TableIntent::TogglePause => sitting.toggle_pause(now),
            TableIntent::StepOne => sitting.step_one(now),
            TableIntent::Speed(slower) => sitting.change_speed(slower),
            TableIntent::ToggleOdds => sitting.toggle_odds(),
            TableIntent::ScrollLog(lines) => {
                sitting.log_scroll = sitting.log_scroll.saturating_add_signed(isize::from(lines));
            }
            TableIntent::Deal { .. } | TableIntent::ToMenu => {}
        }
    }

    fn review(&mut self, intent: ReviewIntent) {
        if intent == ReviewIntent::Open {
            if let Some(sitting) = &self.sitting {
                let timeline = sitting.timeline();
                self.screen = Screen::Review(Box::new(ReviewScreen::start(timeline)));
            }
            return;
        }
        let Screen::Review(review) = &mut self.screen else {
            return;
        };
        match intent {
            ReviewIntent::Point(delta) => review.step_point(delta),
            ReviewIntent::Entry(delta) => review.step_entry(delta),
            ReviewIntent::Back => self.screen = Screen::Table,
            ReviewIntent::Replay => {
                let Some(step) = review.moment() else { return };
                let timeline = review.timeline.clone();
                let watching = self.sitting.as_ref().is_some_and(|s| s.replay().is_some());
                if !watching {
                    // The game is over and recorded: its replay takes the table's place.
                    self.watch_replay(timeline);
                }
                if let Some(sitting) = &mut self.sitting {
                    sitting.seek_stopped(step);
                }
                self.screen = Screen::Table;
            }
            ReviewIntent::Open => {}
        }
    }

    fn replay(&mut self, intent: ReplayIntent, now: Instant) {
        if let Some(sitting) = &mut self.sitting {
            sitting.steer_replay(intent, now);
        }
    }

    /// Deal again with a fresh seed, or (`fresh` false) the same seed, as its setup says.
    pub fn deal(&mut self, fresh: bool) {
        // A shared table's seats are other people's, and a replay is a game played: neither
        // is dealt again here.
        let offered = self.sitting.as_ref().filter(|s| s.offers().deal_again);
        if let Some(mut setup) = offered.map(|s| s.setup.clone()) {
            if fresh {
                setup.seed = rand::random();
            }
            self.start(setup);
        }
    }

    fn back_to_menu(&mut self) {
        self.leave_table();
        let selected = self
            .sitting
            .take()
            .and_then(|s| GameId::ALL.iter().position(|&g| g == s.setup.settings.game))
            .unwrap_or(0);
        self.overlay = None;
        if self.lobby.is_some() {
            self.show_lobby();
        } else {
            self.screen = Screen::Menu { selected };
        }
    }
}
