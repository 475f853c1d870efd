//! The front-end's harness, to the engine's standard (`harness`): the real `App`
//! driven by random keys, clicks, resizes and the passing of a fake clock, over every game
//! and every way of sitting at a table: one person, two people at one keyboard, watching
//! the bots, a seat playing itself, the replay viewer, the review and the daily deal.
//! After every step it checks that
//! - the show never stalls: when nothing is due, the table waits for a person with their
//!   choices (or a cover screen, a round's end, the game's end) on screen, or is paused;
//!   the loop is never asked to wake again and again for nothing;
//! - `q` asks to quit (or quits) and Ctrl-C quits, from any screen; leaving by `q` is a
//!   normal exit, never the interrupted one;
//! - Esc goes back one screen, from every screen: to the one it was opened from (an
//!   overlay closes; a question to leave the game, once said yes to, goes there too), and
//!   from the first screen it leaves, normally;
//! - no frame shows the seed (nor the game code) of a game not over: with it, anyone who
//!   can see the screen could deal the game's cards to come;
//! - no frame shows a card but those face up to everyone and, at one keyboard, the card of
//!   the person who passed the last cover screen, and only until anything else happens;
//! - once the beats have landed, the holdings, pot and tracker drawn are the game's own;
//! - drawing at any size between 80x24 and 200x60 never panics.
//!
//! A shared table is driven in-process too: two guests' `App`s at one table whose
//! authority runs on its own thread, as `parlor host` runs it; each sees only its own
//! card, both see the game through to its end, and their shows end on the same game.

use crate::support::screens::screen_kind;
use crate::support::vocabulary::{foreign_words, table_words};

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use parlor::games::present::{self, CardFace};
use parlor::games::{Card, GameId, Variant};
use parlor::replay::Timeline;
use parlor::shared_table::{Pace, Person, Tables};
use parlor::stage::Scene;
use parlor::stats::{Recorder, Store};
use parlor::table::{GameSetup, Seat, Step, Table};
use parlor::tui::app::Screen;
use parlor::tui::intent::{Confirm, Intent};
use parlor::tui::snapshot::{Bar, ScreenView, TableMode, TableView};
use parlor::tui::{App, Options, handle, intent_of};
use parlor::words::{self, Language};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// How a run sits at its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sitting {
    /// One person and bots.
    Solo,
    /// Two people at one keyboard.
    TwoPeople,
    /// Bots only.
    Watch,
    /// One person whose seat plays itself.
    Auto,
    /// The replay viewer of a finished game.
    Replay,
    /// A finished game's review, and the table behind it.
    Review,
    /// The daily deal of a day, one person against the strongest bots.
    Daily,
}

/// Steps a run takes at most; a run also ends when the parlor quits.
const STEPS: usize = 1500;
/// Zero timeouts in a row that change nothing: the loop would spin.
const SPIN_LIMIT: usize = 4;

struct Run {
    app: App,
    clock: Instant,
    rng: ChaCha8Rng,
    size: (u16, u16),
    /// Drawn into at every step; resized when `size` changes. One buffer for the whole
    /// run: a new terminal a step spent most of the run allocating and clearing buffers.
    screen: Buffer,
    /// The person who passed the last cover screen at one keyboard, and the length of the
    /// table's history then.
    cover: Option<(u8, usize)>,
    /// Zero timeouts in a row after which nothing changed.
    idle_spins: usize,
    label: String,
    /// The language the run's screens speak.
    language: Language,
}

fn game_settings(game: GameId, rng: &mut ChaCha8Rng) -> parlor::games::Settings {
    let (low, high, _) = game.ranges().players;
    let mut request = parlor::games::SettingsRequest {
        players: Some(rng.random_range(low..=high.min(low + 3))),
        variants: game
            .variants()
            .iter()
            .filter(|_| rng.random_bool(0.5))
            .map(|v| v.name().to_owned())
            .collect(),
        // A short Forty-One match, so runs reach its end.
        rounds: (game == GameId::FortyOne).then(|| rng.random_range(1..=3)),
        ..parlor::games::SettingsRequest::default()
    };
    // Stayner needs grace: without it, play without stayner.
    parlor::games::Settings::new(game, &request).unwrap_or_else(|_| {
        request.variants.retain(|v| v != Variant::Stayner.name());
        parlor::games::Settings::new(game, &request).expect("valid settings")
    })
}

/// Draw `app` into `screen` at `size`, as the terminal draws a frame: the whole screen
/// rendered afresh into a cleared buffer (nothing here reads a terminal's diff of frames,
/// which was a fifth of these runs). The frame's area.
fn draw_at(screen: &mut Buffer, (w, h): (u16, u16), app: &App) -> Rect {
    let area = Rect::new(0, 0, w, h);
    screen.resize(area);
    screen.reset();
    app.snapshot().render(area, screen);
    area
}

fn seats(settings: &parlor::games::Settings, people: usize) -> Vec<Seat> {
    let levels = vec![settings.game.bot_levels()[0]; usize::from(settings.players)];
    let humans: Vec<bool> = (0..levels.len())
        .map(|seat| people > 0 && (seat == 0 || people > 1 && seat == 2))
        .collect();
    Seat::seated(&humans, &["Ann".to_owned(), "Bo".to_owned()], &levels)
}

fn options(speed_ms: u64, reduced_motion: bool, auto: bool) -> Options {
    Options {
        speed_ms,
        auto,
        reduced_motion,
        theme: parlor::tui::theme::Theme::dark(),
        ..Options::default()
    }
}

impl Run {
    fn new(game: GameId, sitting: Sitting, seed: u64) -> Run {
        // Every second seed in Swedish: each game, at each sitting, in both languages.
        let language = if seed % 2 == 1 {
            Language::Swedish
        } else {
            Language::English
        };
        words::speak(language);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (game as u64) << 32);
        let settings = game_settings(game, &mut rng);
        let speed_ms = [0, 250, 700][rng.random_range(0..3)];
        let reduced = rng.random_bool(0.3);
        let people = match sitting {
            Sitting::TwoPeople => 2,
            Sitting::Watch | Sitting::Replay | Sitting::Review => 0,
            Sitting::Solo | Sitting::Auto | Sitting::Daily => 1,
        };
        let setup = GameSetup {
            settings,
            seats: seats(&settings, people),
            seed,
        };
        let label = if sitting == Sitting::Daily {
            format!("{game} daily deal, day {seed} from 2026-12-01")
        } else {
            format!("{game} {sitting:?} seed {seed} ({settings:?})")
        };
        let label = format!("{label}, in {language}");
        let mut app = match sitting {
            Sitting::Daily => {
                let mut app = App::new(options(speed_ms, reduced, false), None);
                let first: parlor::daily::Day = "2026-12-01".parse().expect("a date");
                let day = (0..seed).fold(first, |day, _| day.next());
                app.start_daily(parlor::daily::DailyDeal { game, day });
                app
            }
            Sitting::Replay | Sitting::Review => {
                let mut played = Table::new(setup.settings, setup.seats.clone(), seed);
                played.run_until_human();
                let mut app = App::new(options(speed_ms, reduced, false), None);
                app.watch_replay(Timeline::of(&played));
                app
            }
            _ => App::new(
                options(speed_ms, reduced, sitting == Sitting::Auto),
                Some(setup),
            ),
        };
        let clock = Instant::now();
        if sitting == Sitting::Review {
            app.apply(
                Intent::Review(parlor::tui::intent::ReviewIntent::Open),
                clock,
            );
        }
        Run {
            app,
            clock,
            rng,
            size: (80, 24),
            screen: Buffer::empty(Rect::new(0, 0, 80, 24)),
            cover: None,
            idle_spins: 0,
            label,
            language,
        }
    }

    fn draw(&mut self) {
        self.app.area = draw_at(&mut self.screen, self.size, &self.app);
    }

    fn key(&mut self, code: KeyCode) {
        let way_back = (code == KeyCode::Esc).then(|| self.way_back());
        self.event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        if let Some(expected) = way_back {
            self.check_way_back(&expected);
        }
    }

    /// Where Esc must lead from here.
    fn way_back(&self) -> WayBack {
        let app = &self.app;
        let problem_told = matches!(app.notice, Some(parlor::tui::snapshot::Notice::Problem(_)));
        if app.overlay.is_some() || problem_told {
            WayBack::Close(screen_kind(&app.screen))
        } else if let Some(under) = app.below.last() {
            WayBack::To {
                screen: screen_kind(&under.screen),
                depth: app.below.len() - 1,
            }
        } else {
            WayBack::Leave
        }
    }

    /// Esc led where `expected` says; a question it asked (leave a game midway?) is said
    /// yes to, and then it must lead there.
    fn check_way_back(&mut self, expected: &WayBack) {
        if !matches!(expected, WayBack::Close(_))
            && matches!(
                self.app.overlay,
                Some(parlor::tui::app::Overlay::Confirm(_))
            )
        {
            self.event(&Event::Key(KeyEvent::new(
                KeyCode::Char('y'),
                KeyModifiers::NONE,
            )));
        }
        let app = &self.app;
        let now = screen_kind(&app.screen);
        let arrived = match *expected {
            WayBack::Close(screen) => app.overlay.is_none() && now == screen,
            WayBack::To { screen, depth } => {
                !app.quit && now == screen && app.below.len() == depth && app.overlay.is_none()
            }
            WayBack::Leave => app.quit && !app.interrupted,
        };
        assert!(
            arrived,
            "{}: Esc should have gone {expected:?}, and it is at {} (quit {}, interrupted {})",
            self.label,
            observed(app),
            app.quit,
            app.interrupted
        );
    }

    fn event(&mut self, event: &Event) {
        self.note_cover(event);
        handle(&mut self.app, event, self.clock);
    }

    /// A key on a cover screen hands the keyboard to the person it names.
    fn note_cover(&mut self, event: &Event) {
        let Some(sitting) = &self.app.sitting else {
            return;
        };
        if !matches!(self.app.screen, Screen::Table) || self.app.overlay.is_some() {
            return;
        }
        let Some(seat) = sitting.handover_due() else {
            return;
        };
        if matches!(
            intent_of(&self.app, event),
            Some(Intent::Table(parlor::tui::intent::TableIntent::TakeSeat))
        ) {
            self.cover = Some((seat, sitting.table().history().len()));
        }
    }

    /// One random thing a person (or time) does.
    fn step(&mut self) {
        let roll = self.rng.random_range(0..100);
        match roll {
            0..40 => self.pass_time(),
            40..70 => {
                let code = [KeyCode::Enter, KeyCode::Char(' ')][self.rng.random_range(0..2)];
                self.key(code);
            }
            70..78 => {
                let code = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down]
                    [self.rng.random_range(0..4)];
                self.key(code);
            }
            78..84 => {
                let c = b"123456kectbw"[self.rng.random_range(0..12)] as char;
                self.key(KeyCode::Char(c));
            }
            84..93 => {
                let c = b"p.+-oa?rsvg0$hl"[self.rng.random_range(0..15)] as char;
                self.key(KeyCode::Char(c));
            }
            93..95 => {
                let code = [
                    KeyCode::Esc,
                    KeyCode::PageUp,
                    KeyCode::PageDown,
                    KeyCode::Tab,
                    KeyCode::Home,
                    KeyCode::End,
                    KeyCode::Char('n'),
                    KeyCode::Char('m'),
                    KeyCode::Char('q'),
                ][self.rng.random_range(0..9)];
                self.key(code);
            }
            95..98 => self.click(),
            _ => {
                self.size = (
                    self.rng.random_range(80..=200),
                    self.rng.random_range(24..=60),
                );
                let (w, h) = self.size;
                self.event(&Event::Resize(w, h));
            }
        }
    }

    fn click(&mut self) {
        let (w, h) = self.size;
        let mouse = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: self.rng.random_range(0..w),
            row: self.rng.random_range(0..h),
            modifiers: KeyModifiers::NONE,
        };
        self.event(&Event::Mouse(mouse));
    }

    /// Let time pass as the loop would: to when something is due, then tick.
    fn pass_time(&mut self) {
        let Some(wait) = self.app.timeout(self.clock) else {
            return;
        };
        let before = observed(&self.app);
        self.clock += wait;
        self.app.tick(self.clock);
        if wait.is_zero() && observed(&self.app) == before {
            self.idle_spins += 1;
            assert!(
                self.idle_spins <= SPIN_LIMIT,
                "{}: the loop is asked to wake at once, again and again, for nothing ({before:?})",
                self.label
            );
        } else {
            self.idle_spins = 0;
        }
    }

    fn check(&mut self) {
        self.draw();
        let snapshot = self.app.snapshot();
        self.check_keys();
        self.check_seed_unsaid();
        self.check_words();
        assert!(
            !self.app.quit || !self.app.interrupted,
            "{}: the parlor left as if interrupted, by a key that is not Ctrl-C",
            self.label
        );
        let ScreenView::Table(table) = &snapshot.screen else {
            return;
        };
        self.check_progress(table);
        self.check_secrecy(table);
        self.check_truth(table);
    }

    /// Every word on a table or a review is the run's language's, whole: none left in
    /// English on a Swedish screen, none cut by a frame. (Away from a table the keys may
    /// have typed a name into a form.)
    fn check_words(&self) {
        if !matches!(self.app.screen, Screen::Table | Screen::Review(_)) {
            return;
        }
        let text = screen_text(&self.screen);
        let foreign = foreign_words(&text, self.language, &table_words(&self.app));
        assert!(
            foreign.is_empty(),
            "{}: words not the language's {foreign:?}\n{text}",
            self.label
        );
    }

    fn check_keys(&self) {
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(
            intent_of(&self.app, &ctrl_c),
            Some(Intent::Quit),
            "{}: Ctrl-C quits from {:?}",
            self.label,
            observed(&self.app)
        );
        let typing = matches!(&self.app.snapshot().screen, ScreenView::Form(form)
            if form.rows.get(form.selected).is_some_and(|row| row.typed.is_some()));
        let q = Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE));
        let quits = matches!(
            intent_of(&self.app, &q),
            Some(Intent::Leave | Intent::Ask(Confirm::Quit | Confirm::QuitShared))
        );
        // On a row that takes text, `q` is a letter; everywhere else it quits, or asks to
        // (once a problem told over the screen is put away).
        let in_overlay = self.app.overlay.is_some();
        let problem_told = matches!(
            self.app.notice,
            Some(parlor::tui::snapshot::Notice::Problem(_))
        );
        assert!(
            quits || typing || in_overlay || problem_told,
            "{}: q neither quits nor asks to ({:?})",
            self.label,
            observed(&self.app)
        );
    }

    /// While the game at the table is not over, neither its seed nor its game code is on
    /// screen (this harness's seeds stand for ones drawn by the parlor, never typed).
    fn check_seed_unsaid(&self) {
        let Some(sitting) = &self.app.sitting else {
            return;
        };
        let live = sitting.table();
        if sitting.replay().is_some() || live.game().turn() == parlor::games::Turn::Over {
            return;
        }
        let seed = live.seed().to_string();
        let code = parlor::replay::game_code(live.game().settings(), live.seed());
        let shown = screen_text(&self.screen);
        // A seed of a few digits can be any figure on the table; eight or more cannot.
        let says_seed = seed.len() >= 8 && shown.contains(&seed);
        assert!(
            !says_seed && !shown.contains(&code),
            "{}: the seed of a game in play is on screen:\n{shown}",
            self.label
        );
    }

    fn check_progress(&self, table: &TableView) {
        if self.app.timeout(self.clock).is_some() {
            return;
        }
        let sitting = self.app.sitting.as_ref().expect("a table on screen");
        let choices = matches!(&table.bar, Bar::Choices { items, .. } if !items.is_empty());
        let waits_for_a_person = match table.mode {
            TableMode::Deciding => choices,
            TableMode::Handover | TableMode::Peek | TableMode::Held | TableMode::Over => true,
            TableMode::Replay => {
                let viewer = sitting.replay().expect("a replay");
                !viewer.playing || sitting.table().history().len() + 1 >= viewer.timeline.len()
            }
            TableMode::Showing | TableMode::Waiting => false,
        };
        assert!(
            waits_for_a_person || sitting.paused(),
            "{}: the show stalled: nothing is due, and nobody is asked for anything ({:?})",
            self.label,
            observed(&self.app)
        );
    }

    /// The cards on screen are those face up to all, and the covered person's own while
    /// nobody else has moved since they took the keyboard.
    fn check_secrecy(&self, table: &TableView) {
        let sitting = self.app.sitting.as_ref().expect("a table on screen");
        let live = sitting.table();
        let stage = &sitting.stage;
        let people: Vec<u8> = live
            .seats()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == parlor::table::SeatKind::Human)
            .map(|(i, _)| i as u8)
            .collect();
        let private = match people.as_slice() {
            // Alone at the keyboard: your own card is yours to see.
            [one] => Some(*one),
            [] => None,
            _ => self.cover.and_then(|(seat, at)| {
                let since = &live.history()[at.min(live.history().len())..];
                since
                    .iter()
                    .all(|step| matches!(step, Step::Action { seat: s, .. } if *s == seat))
                    .then_some(seat)
            }),
        };
        let mut allowed = cards_of(&stage.scene(None));
        if let Some(seat) = private {
            allowed.extend(
                cards_of(&stage.scene(Some(seat)))
                    .into_iter()
                    .filter(|&(owner, _)| owner == seat),
            );
        }
        let shown = cards_of(&table.scene);
        let leaked: Vec<_> = shown.difference(&allowed).collect();
        assert!(
            leaked.is_empty(),
            "{}: cards shown that nobody at the keyboard may see: {leaked:?} (covered: {:?})",
            self.label,
            self.cover
        );
    }

    /// Caught up, the table drawn is the game's own state as its viewer may see it.
    fn check_truth(&self, table: &TableView) {
        let sitting = self.app.sitting.as_ref().expect("a table on screen");
        let stage = &sitting.stage;
        if !stage.caught_up() || stage.held() {
            return;
        }
        let view = stage.live().game().view(sitting.viewer());
        let names = stage.live().names();
        let truth = present::seats(&view);
        for (drawn, real) in table.seats.iter().zip(&truth) {
            assert_eq!(
                drawn.info.holding, real.holding,
                "{}: seat {} holds what it is drawn holding",
                self.label, drawn.seat
            );
        }
        assert_eq!(
            table.scene.centre.pot,
            present::centre(&view).pot,
            "{}: the pot drawn",
            self.label
        );
        assert_eq!(
            table.scene.tracker,
            present::tracker(&view, &names),
            "{}: the tracker drawn",
            self.label
        );
        if let Some(odds) = &table.odds
            && let Some(solved) = odds.solved
        {
            assert_eq!(
                solved.position,
                stage.live().history().len(),
                "{}: the odds are the position's",
                self.label
            );
        }
    }
}

/// Every card face up in a scene, with its owner.
fn cards_of(scene: &Scene) -> BTreeSet<(u8, Card)> {
    let mut cards: BTreeSet<(u8, Card)> = scene
        .seats
        .iter()
        .enumerate()
        .filter_map(|(seat, info)| match info.card {
            Some(CardFace::Up(card)) => Some((seat as u8, card)),
            _ => None,
        })
        .collect();
    if let Some(shown) = &scene.centre.cards {
        cards.extend(shown.cards.iter().copied());
    }
    cards
}

/// Where Esc must lead.
#[derive(Debug)]
enum WayBack {
    /// The overlay (or a problem told over the screen) goes, over the same screen.
    Close(&'static str),
    /// To the screen under this one, leaving `depth` screens under it.
    To { screen: &'static str, depth: usize },
    /// Out of the parlor, normally.
    Leave,
}

/// The text of every row of a drawn screen.
fn screen_text(screen: &Buffer) -> String {
    let area = screen.area;
    let mut text = String::new();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            text.push_str(screen[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// What a look at the parlor can tell apart: the screen, the table's mode, how far the
/// game and its show have got.
fn observed(app: &App) -> String {
    let screen = screen_kind(&app.screen);
    let table = app.sitting.as_ref().map(|s| {
        let mode = match app.snapshot().screen {
            ScreenView::Table(table) => Some(table.mode),
            _ => None,
        };
        (
            mode,
            s.table().history().len(),
            s.stage.shown().history().len(),
            s.stage.lines().len(),
            s.stage.next_beat().is_some(),
            s.paused(),
        )
    });
    format!("{screen} {table:?} overlay {:?}", app.overlay)
}

fn play(game: GameId, sitting: Sitting, seed: u64) {
    let mut run = Run::new(game, sitting, seed);
    run.check();
    for _ in 0..STEPS {
        if run.app.quit {
            return;
        }
        run.step();
        run.check();
    }
    // However it stands, q then y (or Ctrl-C) leaves.
    run.app.overlay = None;
    run.key(KeyCode::Char('q'));
    run.key(KeyCode::Char('y'));
    if !run.app.quit {
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        run.event(&ctrl_c);
    }
    assert!(run.app.quit, "{}: the parlor would not quit", run.label);
}

/// A test for each game at each kind of sitting, three seeds each: thirty short tests
/// that share the cores, where one long test a game held one.
macro_rules! at_every_sitting {
    ($($module:ident => $game:expr),* $(,)?) => {
        /// Every game is played here: a new one is not left out by a list not added to.
        #[test]
        fn every_game_is_played_at_every_sitting() {
            assert_eq!([$($game),*], GameId::ALL);
        }
        $(
        mod $module {
            use super::{GameId, Sitting, play};

            fn three_seeds(sitting: Sitting) {
                for seed in 0..3 {
                    play($game, sitting, seed);
                }
            }

            #[test]
            fn solo() {
                three_seeds(Sitting::Solo);
            }

            #[test]
            fn two_people() {
                three_seeds(Sitting::TwoPeople);
            }

            #[test]
            fn watch() {
                three_seeds(Sitting::Watch);
            }

            #[test]
            fn auto() {
                three_seeds(Sitting::Auto);
            }

            #[test]
            fn replay() {
                three_seeds(Sitting::Replay);
            }

            #[test]
            fn review() {
                three_seeds(Sitting::Review);
            }

            #[test]
            fn daily() {
                three_seeds(Sitting::Daily);
            }
        }
    )*};
}

at_every_sitting! {
    aces_in_the_pot => GameId::AcesInThePot,
    swedish_aces => GameId::SwedishAces,
    lcr => GameId::Lcr,
    forty_one => GameId::FortyOne,
    chase_the_ace => GameId::ChaseTheAce,
    help_your_neighbour => GameId::HelpYourNeighbour,
}

/// Two people at one keyboard, the moments the cover screen must come back: many games of
/// Chase the Ace with King calls, played by people who always take the keyboard and act.
#[test]
fn two_people_at_one_keyboard_never_see_each_others_cards() {
    for seed in 0..20 {
        let mut run = Run::new(GameId::ChaseTheAce, Sitting::TwoPeople, 100 + seed);
        for _ in 0..4000 {
            if run.app.sitting.as_ref().is_some_and(|s| s.stage.finished()) {
                break;
            }
            let roll = run.rng.random_range(0..10);
            if roll < 6 {
                run.pass_time();
            } else {
                let code = [KeyCode::Enter, KeyCode::Right][usize::from(roll == 9)];
                run.key(code);
            }
            run.check();
        }
    }
}

/// One guest of a shared table: their parlor and the seat the table gave them.
struct Guest {
    app: App,
    seat: u8,
    size: (u16, u16),
    screen: Buffer,
}

impl Guest {
    /// Draw, and check that only the cards face up to all and the guest's own are shown.
    fn check(&mut self, label: &str) {
        draw_at(&mut self.screen, self.size, &self.app);
        let snapshot = self.app.snapshot();
        let ScreenView::Table(table) = &snapshot.screen else {
            return;
        };
        let stage = &self.app.sitting.as_ref().expect("a table").stage;
        let mut allowed = cards_of(&stage.scene(None));
        allowed.extend(
            cards_of(&stage.scene(Some(self.seat)))
                .into_iter()
                .filter(|&(owner, _)| owner == self.seat),
        );
        let shown = cards_of(&table.scene);
        let leaked: Vec<_> = shown.difference(&allowed).collect();
        assert!(
            leaked.is_empty(),
            "{label}: seat {} is shown others' cards: {leaked:?}",
            self.seat
        );
    }

    fn finished(&self) -> bool {
        self.app
            .sitting
            .as_ref()
            .is_some_and(|s| s.stage.finished())
    }

    /// One random thing the guest does that keeps them at the table, or time passing.
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        let now = Instant::now();
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        match rng.random_range(0..10) {
            0..4 => {
                std::thread::sleep(Duration::from_micros(200));
                self.app.tick(Instant::now());
            }
            4..8 => {
                let code =
                    [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Right][rng.random_range(0..3)];
                handle(&mut self.app, &key(code), now);
            }
            8 => {
                let c = b"kectp.o?rs"[rng.random_range(0..10)] as char;
                handle(&mut self.app, &key(KeyCode::Char(c)), now);
                // An overlay opened is closed again: the guest stays at the table.
                self.app.overlay = None;
            }
            _ => {
                self.size = (rng.random_range(80..=200), rng.random_range(24..=60));
                let (w, h) = self.size;
                handle(&mut self.app, &Event::Resize(w, h), now);
            }
        }
    }
}

/// The game the table's authority recorded is in the guest's own records at once, without
/// leaving the table or the parlor.
fn records_show_the_shared_game(app: &mut App, label: &str) {
    let asked = Instant::now();
    while app.recorder.stats.records.is_empty() {
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "{label}: the guest's records never showed the shared game"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.tick(Instant::now());
    }
    let games: u64 = app.recorder.stats.records.iter().map(|r| r.games).sum();
    assert_eq!(games, 1, "{label}: the shared game, once");
}

/// Two guests at one Chase the Ace table with two bots (King calls among them), pressing
/// random keys that keep them at the table, with time passing for real: the table's
/// authority plays its bots on a thread of its own.
#[test]
fn two_guests_at_a_shared_table_each_see_only_their_own_card_to_the_end() {
    for seed in 0..4 {
        let label = format!("shared chase-the-ace seed {seed}");
        let guests_dir = tempfile::tempdir().expect("temp dir");
        let tables = Tables::new(2, Duration::ZERO, guests_dir.path().to_owned());
        let settings = parlor::games::Settings::new(
            GameId::ChaseTheAce,
            &parlor::games::SettingsRequest {
                players: Some(4),
                variants: vec![Variant::KingStops.name().to_owned()],
                ..parlor::games::SettingsRequest::default()
            },
        )
        .expect("settings");
        let setup = GameSetup {
            settings,
            seats: seats(&settings, 0),
            seed,
        };
        let first = tables
            .open(
                "den",
                &Person::named("ann"),
                &setup,
                Pace {
                    delay: Some(Duration::ZERO),
                    turn_time: None,
                },
                Box::new(|| {}),
            )
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        let second = tables
            .join("den", &Person::named("bo"), Box::new(|| {}))
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        let table = std::sync::Arc::clone(&first.table);
        let mut guests: Vec<Guest> = [first, second]
            .into_iter()
            .zip(["ann", "bo"])
            .map(|(joined, name)| {
                let seat = joined.seat.expect("a seat for each guest");
                // Each guest's records where the table's authority keeps them, as the
                // host's guests have them.
                let recorder = Recorder::on(Store::new(guests_dir.path().join(name)));
                let mut app = App::new(options(0, true, false), None).with_recorder(recorder);
                app.sit_shared(joined);
                Guest {
                    app,
                    seat,
                    size: (80, 24),
                    screen: Buffer::empty(Rect::new(0, 0, 80, 24)),
                }
            })
            .collect();
        assert_ne!(guests[0].seat, guests[1].seat);
        table.start();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !guests.iter().all(Guest::finished) {
            steps += 1;
            assert!(
                steps < 20_000,
                "{label}: the shared game never ended for both guests"
            );
            let guest = &mut guests[rng.random_range(0..2)];
            guest.step(&mut rng);
            guest.check(&label);
        }
        // Both shows ended on the same game, the table's own.
        let games: Vec<Vec<Step>> = guests
            .iter()
            .map(|g| {
                g.app
                    .sitting
                    .as_ref()
                    .expect("a table")
                    .table()
                    .history()
                    .to_vec()
            })
            .collect();
        assert_eq!(
            games[0], games[1],
            "{label}: the guests saw different games"
        );
        for guest in &mut guests {
            records_show_the_shared_game(&mut guest.app, &label);
        }
        tables.close();
    }
}
