//! The parlor's state, and [`App::apply`]: the one place intents change it. Keys and clicks
//! are turned into intents elsewhere (`keys`, `mouse`); drawing reads a snapshot of this.
//! `options` holds how the parlor was started, `apply` each intent carried out.

mod apply;
mod options;
mod snapshot;

pub use options::{Options, Pinned};

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;

use super::intent::Confirm;
use super::lobby::LobbyScreen;
use super::review_screen::ReviewScreen;
use super::settings_form::SettingsForm;
use super::setup_form::SetupForm;
use super::sitting::Sitting;
use super::snapshot::Notice;
use crate::shared_table::Lobby;

use crate::config::Config;
use crate::daily::DailyDeal;
use crate::games::GameId;
use crate::replay::Timeline;
use crate::said;
use crate::shared_table::Joined;
use crate::stats::{DailyRun, Recorder};
use crate::table::GameSetup;

/// Frames of the tumble and the celebration.
pub const ANIMATION_FRAME: Duration = Duration::from_millis(70);
/// How often the review screen looks whether its review is worked out.
const REVIEW_POLL: Duration = Duration::from_millis(50);

/// A screen the parlor can show. The screens form a stack (`App::screen` on top of
/// `App::below`): a screen opened from another goes on top, and Esc goes back to the one
/// under it, everywhere; at the bottom, going back leaves the parlor.
#[derive(Debug)]
pub enum Screen {
    /// The games, today's deal, then the settings.
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
    /// The keys of the screen under it, scrolled by lines.
    Help {
        scroll: u16,
    },
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

/// A screen under the one shown, to come back to.
pub struct Beneath {
    pub screen: Screen,
    /// The table this screen was opened over, when another table has since taken its
    /// place (a finished game's replay opened from its review): going back here sits at
    /// it again.
    pub(super) table: Option<Box<Sitting>>,
}

impl Beneath {
    /// A screen to come back to, with nothing of its own held.
    pub fn of(screen: Screen) -> Self {
        Beneath {
            screen,
            table: None,
        }
    }
}

#[allow(clippy::struct_excessive_bools)] // independent flags the loop reads
pub struct App {
    /// The screen shown.
    pub screen: Screen,
    /// The screens it was opened from, the nearest last: where Esc goes back to.
    pub below: Vec<Beneath>,
    pub overlay: Option<Overlay>,
    pub sitting: Option<Sitting>,
    pub options: Options,
    /// The parlor is leaving: by `q`, or by going back from its first screen (exit 0).
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
            below: Vec::new(),
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

    /// Watch a replay from its start, as the parlor's first screen (`parlor replay`):
    /// going back from it leaves.
    pub fn watch_replay(&mut self, timeline: Timeline) {
        self.leave_table();
        self.sitting = Some(Sitting::watching(timeline, self.options.pacing()));
        self.below.clear();
        self.screen = Screen::Table;
        self.overlay = None;
    }

    /// Show `screen` over the one shown, which Esc comes back to.
    pub(crate) fn open(&mut self, screen: Screen) {
        let under = std::mem::replace(&mut self.screen, screen);
        self.below.push(Beneath::of(under));
        self.overlay = None;
    }

    /// Show a table: in place of the setup form it was set up on, or of the table dealt
    /// again; over any other screen.
    fn show_table(&mut self) {
        if matches!(self.screen, Screen::Setup(_) | Screen::Table) {
            self.screen = Screen::Table;
        } else {
            self.open(Screen::Table);
        }
        self.overlay = None;
    }

    /// Back to the screen under this one; from the first screen, leave the parlor. The
    /// table in play (if this was it) is left first: a game not over counts as abandoned.
    pub fn back(&mut self) {
        self.overlay = None;
        let leaving_table = matches!(self.screen, Screen::Table);
        if leaving_table {
            self.leave_table();
        }
        let Some(under) = self.below.pop() else {
            self.quit = true;
            return;
        };
        let left_game = leaving_table
            .then(|| self.sitting.take())
            .flatten()
            .map(|s| s.setup.settings.game);
        if let Some(table) = under.table {
            self.sitting = Some(*table);
        }
        self.screen = under.screen;
        match &mut self.screen {
            // The menu's cursor on the game just left.
            Screen::Menu { selected } => {
                if let Some(row) = left_game.and_then(|g| GameId::ALL.iter().position(|&x| x == g))
                {
                    *selected = row;
                }
            }
            Screen::Lobby(screen) => {
                if let Some(lobby) = &self.lobby {
                    let _ = screen.refresh(lobby.tables());
                }
            }
            _ => {}
        }
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

    /// The lobby, as the first screen: every other is opened from it.
    fn show_lobby(&mut self) {
        let mut screen = LobbyScreen::default();
        if let Some(lobby) = &self.lobby {
            let _ = screen.refresh(lobby.tables());
        }
        self.below.clear();
        self.screen = Screen::Lobby(screen);
        self.overlay = None;
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
        self.show_table();
    }

    /// Sit at (or watch) a table shared over `parlor host`.
    pub fn sit_shared(&mut self, joined: Joined) {
        self.leave_table();
        self.sitting = Some(Sitting::remote(joined, self.options.pacing()));
        self.show_table();
    }

    /// Sit down at the daily deal. The day's first attempt counts; later ones are practice,
    /// and say so.
    pub fn start_daily(&mut self, deal: DailyDeal) {
        self.leave_table();
        let daily = DailyRun::begin(deal, &mut self.recorder);
        if daily.under_way_elsewhere {
            self.notice = Some(Notice::Problem(DailyRun::UNDER_WAY.to_owned()));
            self.notices_shown.push(DailyRun::UNDER_WAY.to_owned());
            return;
        }
        let sitting = Sitting::daily_deal(daily, Some(&self.config.name), self.options.pacing());
        self.sitting = Some(sitting);
        self.show_table();
    }

    /// Leave the table (quit, new game, menu): a game not over counts as abandoned.
    pub fn leave_table(&mut self) {
        self.record(true);
    }

    /// Leave the parlor: a game not over counts as abandoned, and the player is told so
    /// once the terminal is theirs again, with where its replay is.
    pub fn leave_parlor(&mut self) {
        if self.record(true) && self.recorder.dir().is_some() {
            let told = if let Some(path) = &self.recorder.last_replay {
                said!(notice_abandoned_replay, path = path.display().to_string())
            } else {
                said!(notice_abandoned)
            };
            self.notices_shown.push(told);
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
        if sitting.take_recorded() {
            self.recorder.reload();
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
}
