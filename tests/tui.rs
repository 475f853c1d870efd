//! The terminal front-end: whole screens as snapshots of ratatui's `TestBackend`, and the
//! real event loop driven by synthetic keys and clicks.

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use crossterm::event::KeyModifiers;
use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use parlor::games::aces_in_the_pot::Phase;
use parlor::games::{BotLevel, GameId, Settings, SettingsRequest, Turn, Variant, View};
use parlor::table::Seat;
use parlor::tui::app::{Overlay, Screen, SetupRow};
use parlor::tui::layout;
use parlor::tui::odds_panel::OddsPanel;
use parlor::tui::{App, GameSetup, Input, Options, run_loop};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

fn options(color: bool) -> Options {
    Options {
        speed_ms: 0,
        auto: false,
        reduced_motion: true,
        color,
    }
}

fn setup(game: GameId, players: Option<u8>, human: bool, seed: u64) -> GameSetup {
    let settings = Settings::new(
        game,
        &SettingsRequest {
            players,
            ..SettingsRequest::default()
        },
    )
    .expect("valid settings");
    let levels = vec![game.bot_levels()[0]; usize::from(settings.players)];
    GameSetup {
        settings,
        seats: Seat::defaults(&levels, human),
        seed,
    }
}

/// Let the bots play (instantly) until `done` holds, at most `limit` moves.
fn play_until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) {
            return;
        }
        app.play_one_move(Instant::now());
    }
    assert!(
        done(app),
        "the state wanted was not reached in {limit} moves"
    );
}

fn screen(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| {
            app.area = frame.area();
            frame.render_widget(&*app, frame.area());
        })
        .expect("draw");
    terminal
}

fn text(terminal: &Terminal<TestBackend>) -> String {
    terminal.backend().to_string()
}

/// A table at the first moment the human must decide.
fn table_waiting_for_you(game: GameId, seed: u64) -> App {
    let mut app = App::new(
        options(true),
        Some(setup(game, None, true, seed)),
        Instant::now(),
    );
    play_until(&mut app, 500, |a| a.human_to_decide().is_some());
    app
}

#[test]
fn every_table_at_three_sizes() {
    for game in GameId::ALL {
        for (width, height) in [(80, 24), (120, 40), (200, 60)] {
            let mut app = table_waiting_for_you(game, 11);
            let terminal = screen(&mut app, width, height);
            let name = format!("table_{}_{width}x{height}", game.name());
            insta::assert_snapshot!(name, terminal.backend());
        }
    }
}

#[test]
fn ten_seats_fit_at_80x24() {
    for game in [GameId::AcesInThePot, GameId::Lcr, GameId::ChaseTheAce] {
        let mut app = App::new(
            options(true),
            Some(setup(game, Some(10), true, 3)),
            Instant::now(),
        );
        play_until(&mut app, 500, |a| a.human_to_decide().is_some());
        let terminal = screen(&mut app, 80, 24);
        let shown = text(&terminal);
        for name in [
            "You", "Ana", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hal", "Ivy",
        ] {
            assert!(
                shown.contains(name),
                "{name} missing from the {game} table:\n{shown}"
            );
        }
        insta::assert_snapshot!(format!("ten_seats_{}", game.name()), terminal.backend());
    }
}

#[test]
fn aces_finale_tracker_reads_throw_k_of_3() {
    // Watch the bots until someone is throwing alone with at least one safe throw.
    let mut app = App::new(
        options(true),
        Some(setup(GameId::AcesInThePot, None, false, 5)),
        Instant::now(),
    );
    play_until(&mut app, 2000, |a| {
        let table = a.table.as_ref().expect("a table");
        matches!(table.game().view(None), View::AcesInThePot(g) if matches!(g.phase(), Phase::Finale { safe: 1.. }))
    });
    let shown = text(&screen(&mut app, 100, 30));
    assert!(shown.contains("FINALE"), "{shown}");
    assert!(shown.contains("Safe throws ●"), "{shown}");
    assert!(shown.contains("SOLE · safe ●"), "{shown}");
    insta::assert_snapshot!("aces_finale_tracker", shown);
}

#[test]
fn your_finale_action_reads_throw_2_of_3() {
    // Find a seed whose game puts You in the finale with one safe throw behind you.
    for seed in 0..200 {
        let mut app = App::new(
            options(true),
            Some(setup(GameId::AcesInThePot, Some(3), true, seed)),
            Instant::now(),
        );
        for _ in 0..400 {
            if app.is_over() {
                break;
            }
            if app.human_to_decide().is_some() {
                let View::AcesInThePot(g) = app.table.as_ref().expect("table").game().view(Some(0))
                else {
                    unreachable!()
                };
                if g.phase() == (Phase::Finale { safe: 1 }) {
                    let shown = text(&screen(&mut app, 80, 24));
                    assert!(shown.contains("[ Throw 2 of 3 ]"), "{shown}");
                    return;
                }
                app.on_key(key(KeyCode::Char(' ')), Instant::now());
            } else {
                app.play_one_move(Instant::now());
            }
        }
    }
    panic!("no seed in 0..200 put You in the finale with one safe throw");
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn overlays_and_game_over() {
    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    app.on_key(key(KeyCode::Char('?')), Instant::now());
    assert_eq!(app.overlay, Some(Overlay::Help));
    insta::assert_snapshot!("overlay_help", screen(&mut app, 80, 24).backend());
    app.on_key(key(KeyCode::Esc), Instant::now());
    app.on_key(key(KeyCode::Char('r')), Instant::now());
    assert_eq!(app.overlay, Some(Overlay::Rules { scroll: 0 }));
    insta::assert_snapshot!("overlay_rules", screen(&mut app, 80, 24).backend());
    app.on_key(key(KeyCode::Esc), Instant::now());
    app.on_key(key(KeyCode::Char('q')), Instant::now());
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    insta::assert_snapshot!("overlay_confirm_quit", screen(&mut app, 80, 24).backend());
    app.on_key(key(KeyCode::Char('n')), Instant::now());
    assert!(!app.quit, "any key but y keeps playing");

    app.options.auto = true;
    play_until(&mut app, 5000, App::is_over);
    let shown = screen(&mut app, 80, 24);
    assert!(text(&shown).contains("Game over"));
    assert!(text(&shown).contains("Seed: 4"));
    insta::assert_snapshot!("game_over_lcr", shown.backend());

    app.on_key(key(KeyCode::Char('s')), Instant::now());
    assert_eq!(app.overlay, Some(Overlay::Stats));
    let stats = screen(&mut app, 100, 30);
    assert!(
        text(&stats).contains("Win rate by game"),
        "{}",
        text(&stats)
    );
    insta::assert_snapshot!("overlay_stats", stats.backend());
}

#[test]
fn menu_and_setup_screens() {
    let mut app = App::new(options(true), None, Instant::now());
    insta::assert_snapshot!("menu", screen(&mut app, 80, 24).backend());
    app.on_key(key(KeyCode::Char('4')), Instant::now());
    let shown = text(&screen(&mut app, 80, 24));
    assert!(shown.contains("Forty-One — new game"), "{shown}");
    assert!(shown.contains("Bot level"), "{shown}");
    assert!(shown.contains("Stakes"), "{shown}");
}

#[test]
fn too_small_terminal_says_how_big_and_never_panics() {
    let mut app = table_waiting_for_you(GameId::ChaseTheAce, 2);
    insta::assert_snapshot!("too_small", screen(&mut app, 60, 20).backend());
    for (w, h) in [(1, 1), (2, 1), (1, 5), (79, 24), (80, 23), (10, 3)] {
        let shown = text(&screen(&mut app, w, h));
        if w >= 40 {
            assert!(shown.contains("Enlarge"), "{w}x{h}: {shown}");
        }
    }
}

#[test]
fn no_color_draws_without_colours() {
    for game in GameId::ALL {
        let mut app = App::new(
            options(false),
            Some(setup(game, None, true, 8)),
            Instant::now(),
        );
        play_until(&mut app, 500, |a| a.human_to_decide().is_some());
        let terminal = screen(&mut app, 120, 40);
        let buffer = terminal.backend().buffer();
        let coloured = buffer
            .content()
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count();
        assert_eq!(
            coloured, 0,
            "{game}: {coloured} coloured cells with NO_COLOR"
        );
        // And the whose-turn marker is a symbol, not a colour.
        assert!(text(&terminal).contains('▶'));
    }
    let mut coloured_app = table_waiting_for_you(GameId::Lcr, 8);
    let terminal = screen(&mut coloured_app, 120, 40);
    assert!(
        terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .any(|c| c.fg != Color::Reset),
        "colour is on by default"
    );
    insta::assert_snapshot!("no_color_lcr", {
        let mut app = App::new(
            options(false),
            Some(setup(GameId::Lcr, None, true, 8)),
            Instant::now(),
        );
        play_until(&mut app, 500, |a| a.human_to_decide().is_some());
        text(&screen(&mut app, 80, 24))
    });
}

/// Keys for the real loop: time passes at once whenever the app waits on a timer, and the
/// next key arrives whenever it blocks for input.
struct Script {
    events: VecDeque<Event>,
    blocked_reads: usize,
    /// Calls to `next` so far.
    calls: usize,
    /// A stop from outside (a signal) arrives once `next` has been called this often.
    stop_after: Option<usize>,
}

impl Input for Script {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        self.calls += 1;
        if timeout.is_some() {
            return Ok(None);
        }
        self.blocked_reads += 1;
        self.events
            .pop_front()
            .map(Some)
            .ok_or_else(|| io::Error::other("script ran out of keys"))
    }

    fn stop_requested(&self) -> bool {
        self.stop_after.is_some_and(|calls| self.calls >= calls)
    }
}

fn script(events: impl IntoIterator<Item = Event>) -> Script {
    Script {
        events: events.into_iter().collect(),
        blocked_reads: 0,
        calls: 0,
        stop_after: None,
    }
}

#[test]
fn the_real_loop_plays_whole_games_from_keys() {
    for game in GameId::ALL {
        let mut app = App::new(
            options(true),
            Some(setup(game, None, true, 21)),
            Instant::now(),
        );
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
        // Space plays the highlighted choice whenever You must decide; then quit.
        let keys = std::iter::repeat_n(Event::Key(key(KeyCode::Char(' '))), 3000)
            .chain([Event::Key(key(KeyCode::Char('q')))]);
        let mut input = script(keys);
        run_loop(&mut terminal, &mut app, &mut input).expect("the loop ends on q");
        assert!(app.is_over(), "{game} not over");
        assert!(app.quit);
        let shown = text(&terminal);
        assert!(shown.contains("Game over"), "{game}:\n{shown}");
        let table = app.table.as_ref().expect("table");
        assert_eq!(table.game().turn(), Turn::Over);
        assert!(
            table
                .history()
                .iter()
                .any(|s| matches!(s, parlor::table::Step::Action { seat: 0, .. })),
            "You played"
        );
    }
}

#[test]
fn the_loop_blocks_only_when_a_human_must_act() {
    let mut app = App::new(
        options(true),
        Some(setup(GameId::Lcr, None, false, 3)),
        Instant::now(),
    );
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    // Watching bots: the loop never waits for a key until the game is over.
    let mut input = script([Event::Key(key(KeyCode::Char('q')))]);
    run_loop(&mut terminal, &mut app, &mut input).expect("ends");
    assert!(app.is_over());
    assert_eq!(input.blocked_reads, 1, "blocked once: at game over");
    assert!(
        app.timeout(Instant::now()).is_none(),
        "an idle table waits for input, with no tick"
    );
}

#[test]
fn a_stop_from_outside_leaves_the_loop_mid_game() {
    // SIGTERM: the loop stops at its next input, as q would, with the game unfinished.
    let mut app = App::new(
        options(true),
        Some(setup(GameId::Lcr, None, false, 3)),
        Instant::now(),
    );
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    let mut input = script([]);
    input.stop_after = Some(5);
    run_loop(&mut terminal, &mut app, &mut input).expect("ends on the stop");
    assert!(app.quit);
    assert_eq!(input.calls, 5, "stopped at once");
    assert!(!app.is_over(), "mid-game");
}

#[test]
fn ctrl_c_quits_mid_game() {
    let mut app = table_waiting_for_you(GameId::SwedishAces, 1);
    app.on_key(
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
        Instant::now(),
    );
    assert!(app.quit);
}

#[test]
fn pause_step_speed_and_auto() {
    let mut app = App::new(
        Options {
            speed_ms: 700,
            auto: false,
            reduced_motion: true,
            color: true,
        },
        Some(setup(GameId::AcesInThePot, None, false, 9)),
        Instant::now(),
    );
    let now = Instant::now();
    app.on_key(key(KeyCode::Char('p')), now);
    assert!(
        app.paused && app.timeout(now).is_none(),
        "paused: nothing is due"
    );
    let before = app.table.as_ref().expect("table").history().len();
    app.on_key(key(KeyCode::Char('.')), now);
    assert!(
        app.table.as_ref().expect("table").history().len() > before,
        ". steps one move"
    );
    app.on_key(key(KeyCode::Char('+')), now);
    assert_eq!(app.options.speed_ms, 500);
    for _ in 0..20 {
        app.on_key(key(KeyCode::Char('-')), now);
    }
    assert_eq!(app.options.speed_ms, 3000, "slowest is 3 s");
    for _ in 0..20 {
        app.on_key(key(KeyCode::Char('+')), now);
    }
    assert_eq!(app.options.speed_ms, 0, "fastest is instant");
    app.on_key(key(KeyCode::Char('a')), now);
    assert!(app.options.auto);
}

#[test]
fn a_click_on_a_button_or_a_die_plays_it() {
    let mut app = table_waiting_for_you(GameId::FortyOne, 13);
    let _ = screen(&mut app, 120, 40);
    let View::FortyOne(game) = app.table.as_ref().expect("table").game().view(Some(0)) else {
        unreachable!()
    };
    let roll = game.roll().expect("a roll to choose from");
    let regions = layout::table_regions(app.area);
    let centre = layout::centre_rect(regions.table, 4);
    let die = layout::dice_rects(centre, roll.len()).expect("dice fit at 120x40")[0];
    let click = |x, y| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.on_mouse(click(die.x + 1, die.y + 1), Instant::now());
    let View::FortyOne(after) = app.table.as_ref().expect("table").game().view(Some(0)) else {
        unreachable!()
    };
    assert_eq!(
        after.set_down(),
        &[roll.face(0)],
        "the clicked die was set down"
    );

    // The menu: a click on a row opens that game's setup.
    let mut menu = App::new(options(true), None, Instant::now());
    let _ = screen(&mut menu, 80, 24);
    let row = layout::menu_rows(menu.area)[2];
    menu.on_mouse(click(row.x + 3, row.y), Instant::now());
    assert!(text(&screen(&mut menu, 80, 24)).contains("LCR (Left Center Right) — new game"));

    // The setup form: ▶ and ◀ change a value, a seat flips to you, a box ticks, and the
    // start button starts. Rows are one line each inside the border; values begin after
    // the label column.
    let value_x = 1 + layout::SETUP_LABEL_WIDTH + 2;
    let form = |app: &App| match &app.screen {
        Screen::Setup(form) => form.clone(),
        _ => panic!("not on the setup form"),
    };
    let row_of = |app: &App, wanted: SetupRow| {
        1 + form(app)
            .rows()
            .iter()
            .position(|&r| r == wanted)
            .expect("the row is on the form") as u16
    };
    let players = form(&menu).players;
    let y = row_of(&menu, SetupRow::Players);
    menu.on_mouse(click(value_x + 4, y), Instant::now()); // "◀ 4 ▶": the ▶
    menu.on_mouse(click(value_x + 4, y), Instant::now());
    menu.on_mouse(click(value_x, y), Instant::now()); // the ◀
    assert_eq!(form(&menu).players, players + 1);
    menu.on_mouse(click(value_x + 2, y), Instant::now()); // the number itself
    assert_eq!(
        form(&menu).players,
        players + 1,
        "a click on the number changes nothing"
    );
    menu.on_mouse(
        click(value_x + 5 * 2 + 1, row_of(&menu, SetupRow::Seats)),
        Instant::now(),
    );
    assert!(form(&menu).humans[2], "the third seat is yours");
    let wild = row_of(&menu, SetupRow::Variant(Variant::Wild));
    menu.on_mouse(click(value_x + 1, wild), Instant::now());
    assert!(form(&menu).variants.contains(Variant::Wild));
    menu.on_mouse(click(3, wild), Instant::now());
    assert!(
        form(&menu).variants.contains(Variant::Wild),
        "the label only chooses the row"
    );
    assert_eq!(form(&menu).row, usize::from(wild - 1));
    menu.on_mouse(
        click(value_x + 3, row_of(&menu, SetupRow::Start)),
        Instant::now(),
    );
    let table = menu
        .table
        .as_ref()
        .expect("the start button starts the game");
    let settings = table.game().settings();
    assert_eq!(settings.players, players + 1);
    assert!(settings.has(Variant::Wild));
    assert_eq!(table.seats()[2].kind, parlor::table::SeatKind::Human);
}

#[test]
fn bots_at_a_level_are_seated_as_asked() {
    let seats = parlor::tui::app::seats_for(&[false, true, false], BotLevel::Expert);
    assert_eq!(seats[1].name, "You");
    assert_eq!(seats[0].name, "Ana");
    assert_eq!(
        seats[2].kind,
        parlor::table::SeatKind::Bot(BotLevel::Expert)
    );
}

#[test]
fn the_replay_viewer_steps_forward_and_back() {
    let settings = Settings::defaults(GameId::SwedishAces);
    let levels = vec![BotLevel::Standard; 4];
    let mut table = parlor::table::Table::new(settings, Seat::defaults(&levels, false), 6);
    while table.advance() != parlor::table::Progress::Over {}
    let saved = parlor::replay::Replay::of(&table);
    let tables = saved
        .tables(std::path::Path::new("test"))
        .expect("a good replay");
    let steps = tables.len() - 1;
    let mut app = App::watch_replay(options(true), tables, Instant::now());
    let position = |app: &App| app.replay.as_ref().expect("replaying").position;
    app.on_key(key(KeyCode::Char(' ')), Instant::now());
    assert!(
        !app.replay.as_ref().expect("replaying").playing,
        "Space stops the playback"
    );
    assert!(
        app.timeout(Instant::now()).is_none(),
        "a stopped replay waits for keys"
    );
    app.on_key(key(KeyCode::Right), Instant::now());
    app.on_key(key(KeyCode::Right), Instant::now());
    assert_eq!(position(&app), 2);
    app.on_key(key(KeyCode::Left), Instant::now());
    assert_eq!(position(&app), 1);
    assert_eq!(app.table.as_ref().expect("table").history().len(), 1);
    app.on_key(key(KeyCode::End), Instant::now());
    assert_eq!(position(&app), steps);
    assert!(app.is_over());
    let shown = text(&screen(&mut app, 100, 30));
    assert!(
        shown.contains(&format!("REPLAY step {steps} of {steps}")),
        "{shown}"
    );
    assert!(shown.contains("Game code: swedish-aces.4p.5d.6"), "{shown}");
    app.on_key(key(KeyCode::Home), Instant::now());
    assert_eq!(position(&app), 0);
    // Playing: time passing moves it on one step at a time.
    app.on_key(key(KeyCode::Char(' ')), Instant::now());
    app.tick(Instant::now());
    assert_eq!(position(&app), 1);
    insta::assert_snapshot!("replay_viewer", screen(&mut app, 80, 24).backend());
}

#[test]
fn the_odds_panel_shows_every_seat_and_a_hint() {
    // LCR is solved exactly: the panel's chances are the solver's, and sum to 1.
    let mut app = table_waiting_for_you(GameId::Lcr, 3);
    app.on_key(key(KeyCode::Char('o')), Instant::now());
    // The figures are worked out off the loop's thread: the panel says so until they land.
    let panel = app.odds.clone().expect("o shows the panel at once");
    assert!(panel.working);
    assert!(
        app.timeout(Instant::now()).is_some(),
        "the loop looks back for them"
    );
    app.odds = Some(OddsPanel {
        solved: None,
        working: true,
    });
    let waiting = text(&screen(&mut app, 120, 40));
    assert!(waiting.contains("working the odds out…"), "{waiting}");
    app.wait_for_odds();
    let panel = app.odds.clone().expect("still shown");
    assert!(!panel.working);
    let solved = panel.solved.expect("the figures are in");
    assert_eq!(solved.odds.seat_win.len(), 4);
    assert!((solved.odds.seat_win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(
        app.timeout(Instant::now()),
        None,
        "nothing away: idle again"
    );
    let shown = text(&screen(&mut app, 120, 40));
    assert!(shown.contains("chance to win, exact"), "{shown}");
    insta::assert_snapshot!("odds_panel_lcr", shown);
    // It follows the game: after a move it is worked out again, the old figures marked
    // as being updated until the new ones land.
    app.on_key(key(KeyCode::Char(' ')), Instant::now());
    play_until(&mut app, 200, |a| {
        a.human_to_decide().is_some() || a.is_over()
    });
    assert!(app.odds.as_ref().expect("still shown").working);
    app.odds.as_mut().expect("shown").solved = Some(solved.clone());
    let updating = text(&screen(&mut app, 120, 40));
    assert!(updating.contains("Odds · updating…"), "{updating}");
    assert!(updating.contains("chance to win, exact"), "{updating}");
    app.wait_for_odds();
    let after = app.odds.clone().expect("still shown").solved.expect("in");
    assert_ne!(after.odds, solved.odds);
    app.on_key(key(KeyCode::Char('o')), Instant::now());
    assert!(app.odds.is_none(), "o again hides it");

    // Forty-One: a hint for every die you could set down, the expert's pick marked.
    let mut app = table_waiting_for_you(GameId::FortyOne, 3);
    app.on_key(key(KeyCode::Char('o')), Instant::now());
    app.wait_for_odds();
    let shown = text(&screen(&mut app, 120, 40));
    assert!(
        shown.contains("Set down: qualify · mean · beat · win"),
        "{shown}"
    );
    assert!(shown.contains('◀'), "{shown}");
    let small = text(&screen(&mut app, 80, 24));
    assert!(small.contains("win if set down:"), "{small}");

    // Chase the Ace: keep against change.
    let mut app = table_waiting_for_you(GameId::ChaseTheAce, 3);
    app.on_key(key(KeyCode::Char('o')), Instant::now());
    app.wait_for_odds();
    let shown = text(&screen(&mut app, 120, 40));
    assert!(shown.contains("lowest if keep"), "{shown}");
}

#[test]
fn the_setup_form_builds_the_game_asked_for() {
    let mut app = App::new(options(true), None, Instant::now());
    app.on_key(key(KeyCode::Char('2')), Instant::now());
    // Swedish Aces: players 5, dice 3, threes-travel on, seat 2 human too, no animation.
    let press = |app: &mut App, code: KeyCode, times: usize| {
        for _ in 0..times {
            app.on_key(key(code), Instant::now());
        }
    };
    press(&mut app, KeyCode::Right, 1); // players 4 -> 5
    press(&mut app, KeyCode::Down, 1);
    press(&mut app, KeyCode::Left, 2); // dice 5 -> 3
    press(&mut app, KeyCode::Down, 1); // seats
    press(&mut app, KeyCode::Right, 2);
    press(&mut app, KeyCode::Char(' '), 1); // seat 2 becomes a human seat
    press(&mut app, KeyCode::Down, 1); // threes-travel
    press(&mut app, KeyCode::Char(' '), 1);
    press(&mut app, KeyCode::Down, 1); // dice animation (off: the options ask for reduced motion)
    press(&mut app, KeyCode::Char(' '), 1);
    press(&mut app, KeyCode::Down, 1); // seed
    press(&mut app, KeyCode::Delete, 1);
    for digit in "4242".chars() {
        press(&mut app, KeyCode::Char(digit), 1);
    }
    insta::assert_snapshot!("setup_swedish_aces", screen(&mut app, 80, 24).backend());
    press(&mut app, KeyCode::Enter, 1);
    let table = app.table.as_ref().expect("the game started");
    let settings = table.game().settings();
    assert_eq!((settings.players, settings.dice), (5, 3));
    assert!(settings.has(parlor::games::Variant::ThreesTravel));
    assert_eq!(table.seed(), 4242);
    let humans: Vec<bool> = table
        .seats()
        .iter()
        .map(|s| s.kind == parlor::table::SeatKind::Human)
        .collect();
    assert_eq!(humans, [true, false, true, false, false]);
    assert_eq!(table.seats()[2].name, "You 2");
    // The test options start with reduced motion, so the row turned the animation on.
    assert!(
        !app.options.reduced_motion,
        "the animation row turned it on"
    );
}
