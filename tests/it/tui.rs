//! The terminal front-end: screens as snapshots of ratatui's `TestBackend`, the real event
//! loop driven by synthetic keys and clicks, and the keys and clicks of every screen.

use crate::support::screens;

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use parlor::games::aces_in_the_pot::Phase;
use parlor::games::{Action, BotLevel, GameId, Settings, Turn, Variant, View};
use parlor::table::{Seat, SeatKind, Step};
use parlor::tui::app::{Overlay, Screen};
use parlor::tui::intent::Confirm;
use parlor::tui::layout;
use parlor::tui::setup_form::SetupRow;
use parlor::tui::snapshot::Notice;
use parlor::tui::{App, Options, Tty, handle, run_loop};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use screens::{
    deciding, key, options, play_until, press, press_times, screen, setup, sitting, sitting_mut,
    table_waiting_for_you, text,
};

#[test]
fn aces_finale_tracker_reads_throw_k_of_3() {
    // Watch the bots until someone is throwing alone with at least one safe throw.
    let mut app = App::new(
        options(true),
        Some(setup(GameId::AcesInThePot, None, false, 5)),
    );
    play_until(&mut app, 4000, |a| {
        let s = sitting(a);
        s.stage.caught_up()
            && matches!(s.stage.shown().game().view(None), View::AcesInThePot(g) if matches!(g.phase(), Phase::Finale { safe: 1.. }))
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
        );
        for _ in 0..2000 {
            if sitting(&app).is_over() {
                break;
            }
            if deciding(&app) {
                let View::AcesInThePot(g) = sitting(&app).table().game().view(Some(0)) else {
                    unreachable!()
                };
                if g.phase() == (Phase::Finale { safe: 1 }) {
                    let shown = text(&screen(&mut app, 80, 24));
                    assert!(shown.contains("[ Throw 2 of 3 ]"), "{shown}");
                    return;
                }
                press(&mut app, KeyCode::Char(' '));
            }
            if sitting(&app).stage.held() {
                press(&mut app, KeyCode::Enter);
            }
            app.tick(Instant::now());
        }
    }
    panic!("no seed in 0..200 put You in the finale with one safe throw");
}

#[test]
fn overlays_and_game_over() {
    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay, Some(Overlay::Help { scroll: 0 }));
    insta::assert_snapshot!("overlay_help", screen(&mut app, 80, 24).backend());
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.overlay,
        Some(Overlay::Rules {
            game: GameId::Lcr,
            scroll: 0
        })
    );
    insta::assert_snapshot!("overlay_rules", screen(&mut app, 80, 24).backend());
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, Some(Overlay::Confirm(Confirm::Quit)));
    insta::assert_snapshot!("overlay_confirm_quit", screen(&mut app, 80, 24).backend());
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit, "any key but y keeps playing");
    assert_eq!(app.overlay, None);

    sitting_mut(&mut app).toggle_auto(Instant::now());
    play_until(&mut app, 20_000, |a| sitting(a).stage.finished());
    let shown = screen(&mut app, 80, 24);
    assert!(text(&shown).contains("Game over"));
    assert!(text(&shown).contains("Seed: 4"));
    insta::assert_snapshot!("game_over_lcr", shown.backend());

    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.overlay, Some(Overlay::Stats { page: 0 }));
    let stats = screen(&mut app, 100, 30);
    assert!(
        text(&stats).contains("Win share by game"),
        "{}",
        text(&stats)
    );
    insta::assert_snapshot!("stats_overview", stats.backend());
    // ← → go through a page per game: LCR's is the third.
    press_times(&mut app, KeyCode::Right, 3);
    assert_eq!(app.overlay, Some(Overlay::Stats { page: 3 }));
    let lcr = text(&screen(&mut app, 100, 30));
    assert!(lcr.contains("Played 1 · won"), "{lcr}");
    insta::assert_snapshot!("stats_lcr", lcr);
}

#[test]
fn menu_and_setup_screens_answer_help_and_rules() {
    let mut app = App::new(options(true), None);
    insta::assert_snapshot!("menu", screen(&mut app, 80, 24).backend());
    // The rules of the highlighted game, before choosing it.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.overlay,
        Some(Overlay::Rules {
            game: GameId::SwedishAces,
            scroll: 0
        })
    );
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay, Some(Overlay::Help { scroll: 0 }));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('4'));
    let shown = text(&screen(&mut app, 80, 24));
    assert!(shown.contains("Forty-One — new game"), "{shown}");
    for row in [
        "Bot level",
        "Stakes",
        "Starting bank",
        "Rounds",
        "Dice animation",
    ] {
        assert!(shown.contains(row), "{row} missing:\n{shown}");
    }
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.overlay,
        Some(Overlay::Rules {
            game: GameId::FortyOne,
            scroll: 0
        })
    );
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay, Some(Overlay::Help { scroll: 0 }));
    press(&mut app, KeyCode::Esc);
    // Chase the Ace throws no dice: no animation row. Each variant explains itself.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('5'));
    let Screen::Setup(form) = &app.screen else {
        panic!("not on the setup form")
    };
    assert!(!form.rows().contains(&SetupRow::Animation));
    let grace = form
        .rows()
        .iter()
        .position(|&r| r == SetupRow::Variant(Variant::Grace))
        .expect("a grace row");
    press_times(&mut app, KeyCode::Down, grace);
    let shown = text(&screen(&mut app, 80, 24));
    assert!(shown.contains(Variant::Grace.summary()), "{shown}");
    assert!(!shown.contains("Dice animation"), "{shown}");
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
        let mut app = App::new(options(false), Some(setup(game, None, true, 8)));
        play_until(&mut app, 500, deciding);
        let terminal = screen(&mut app, 120, 40);
        let coloured = terminal
            .backend()
            .buffer()
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
}

/// Keys for the real loop: time passes at once whenever the app waits on a timer, and the
/// next key arrives whenever it blocks for input.
struct Script {
    events: VecDeque<Event>,
    /// Times the bell rang.
    rings: usize,
    blocked_reads: usize,
    /// Calls to `next` so far.
    calls: usize,
    /// A stop from outside (a signal) arrives once `next` has been called this often.
    stop_after: Option<usize>,
}

impl Tty for Script {
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

    fn ring(&mut self) {
        self.rings += 1;
    }
}

fn script(events: impl IntoIterator<Item = Event>) -> Script {
    Script {
        events: events.into_iter().collect(),
        rings: 0,
        blocked_reads: 0,
        calls: 0,
        stop_after: None,
    }
}

#[test]
fn the_real_loop_plays_whole_games_from_keys() {
    for game in GameId::ALL {
        let mut app = App::new(options(true), Some(setup(game, None, true, 21)));
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
        // Space plays the highlighted choice whenever You must decide, and goes on after a
        // round's end; then quit.
        let keys = std::iter::repeat_n(Event::Key(key(KeyCode::Char(' '))), 3000)
            .chain([Event::Key(key(KeyCode::Char('q')))]);
        let mut input = script(keys);
        run_loop(&mut terminal, &mut app, &mut input).expect("the loop ends on q");
        assert!(sitting(&app).is_over(), "{game} not over");
        assert!(app.quit);
        let shown = text(&terminal);
        assert!(shown.contains("Game over"), "{game}:\n{shown}");
        let table = sitting(&app).table();
        assert_eq!(table.game().turn(), Turn::Over);
        assert!(
            table
                .history()
                .iter()
                .any(|s| matches!(s, Step::Action { seat: 0, .. })),
            "You played"
        );
    }
}

#[test]
fn the_loop_blocks_only_when_a_human_must_act() {
    let mut app = App::new(options(true), Some(setup(GameId::Lcr, None, false, 3)));
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    // Watching bots: the loop never waits for a key until the game is over.
    let mut input = script([Event::Key(key(KeyCode::Char('q')))]);
    run_loop(&mut terminal, &mut app, &mut input).expect("ends");
    assert!(sitting(&app).is_over());
    assert_eq!(input.blocked_reads, 1, "blocked once: at game over");
    assert!(
        app.timeout(Instant::now()).is_none(),
        "an idle table waits for input, with no tick"
    );
}

#[test]
fn a_stop_from_outside_leaves_the_loop_mid_game() {
    // SIGTERM: the loop stops at its next input, as q would, with the game unfinished.
    let mut app = App::new(options(true), Some(setup(GameId::Lcr, None, false, 3)));
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    let mut input = script([]);
    input.stop_after = Some(5);
    run_loop(&mut terminal, &mut app, &mut input).expect("ends on the stop");
    assert!(app.quit);
    assert_eq!(input.calls, 5, "stopped at once");
    assert!(!sitting(&app).is_over(), "mid-game");
}

#[test]
fn ctrl_c_quits_mid_game() {
    let mut app = table_waiting_for_you(GameId::SwedishAces, 1);
    handle(
        &mut app,
        &Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Instant::now(),
    );
    assert!(app.quit);
}

#[test]
fn esc_n_and_q_ask_before_abandoning_a_game() {
    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Some(Overlay::Confirm(Confirm::Leave)));
    insta::assert_snapshot!("overlay_confirm_leave", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('y'));
    assert!(
        matches!(app.screen, Screen::Menu { selected: 2 }),
        "back at the menu, on LCR"
    );
    assert!(app.sitting.is_none());

    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    let seed = sitting(&app).table().seed();
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay, Some(Overlay::Confirm(Confirm::NewGame)));
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(
        sitting(&app).table().seed(),
        seed,
        "anything but y keeps the game"
    );
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('y'));
    assert!(
        sitting(&app).table().history().is_empty(),
        "a new game was dealt"
    );

    // A finished game asks nothing.
    let mut app = App::new(options(true), Some(setup(GameId::Lcr, None, false, 4)));
    play_until(&mut app, 20_000, |a| sitting(a).stage.finished());
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu { .. }));
}

#[test]
fn pause_step_speed_and_auto_belong_to_the_game() {
    let mut app = App::new(
        Options {
            speed_ms: 700,
            auto: false,
            reduced_motion: true,
            theme: parlor::tui::theme::Theme::dark(),
            ..Options::default()
        },
        Some(setup(GameId::AcesInThePot, None, true, 9)),
    );
    let now = Instant::now();
    press(&mut app, KeyCode::Char('p'));
    assert!(
        sitting(&app).paused() && app.timeout(now).is_none(),
        "paused: nothing is due"
    );
    press(&mut app, KeyCode::Char('+'));
    assert_eq!(sitting(&app).stage.pacing().speed_ms, 500);
    press_times(&mut app, KeyCode::Char('-'), 20);
    assert_eq!(
        sitting(&app).stage.pacing().speed_ms,
        3000,
        "slowest is 3 s"
    );
    press_times(&mut app, KeyCode::Char('+'), 20);
    assert_eq!(
        sitting(&app).stage.pacing().speed_ms,
        0,
        "fastest is instant"
    );
    press(&mut app, KeyCode::Char('a'));
    assert!(sitting(&app).auto());
    // A new game starts as the parlor was started: not paused, not auto, at its speed.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    let fresh = sitting(&app);
    assert!(!fresh.auto() && !fresh.paused());
    assert_eq!(fresh.stage.pacing().speed_ms, 700);
}

#[test]
fn a_click_on_a_button_or_a_die_plays_it() {
    let click = |x, y| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    let mut app = table_waiting_for_you(GameId::FortyOne, 13);
    let terminal = screen(&mut app, 120, 40);
    let View::FortyOne(game) = sitting(&app).table().game().view(Some(0)) else {
        unreachable!()
    };
    let roll = game.roll().expect("a roll to choose from");
    // The first die drawn: its top-left corner is the first '╭' under the pot line.
    let rows = screens::rows(&terminal);
    let pot_row = rows
        .iter()
        .position(|r| r.contains("Pot:"))
        .expect("the pot");
    let (y, x) = rows
        .iter()
        .enumerate()
        .skip(pot_row)
        .find_map(|(y, r)| {
            let left = r.chars().take(80).collect::<String>();
            let seat_free = left.find("╭───╮").map(|x| left[..x].chars().count());
            seat_free.map(|x| (y, x))
        })
        .expect("drawn dice at 120x40");
    handle(&mut app, &click(x as u16 + 2, y as u16 + 2), Instant::now());
    let View::FortyOne(after) = sitting(&app).table().game().view(Some(0)) else {
        unreachable!()
    };
    assert_eq!(
        after.set_down(),
        &[roll.face(0)],
        "the clicked die was set down"
    );

    // The menu: a click on a row opens that game's setup.
    let mut menu = App::new(options(true), None);
    let _ = screen(&mut menu, 80, 24);
    let row = layout::menu_rows(menu.area, GameId::ALL.len())[2];
    handle(&mut menu, &click(row.x + 3, row.y), Instant::now());
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
    handle(&mut menu, &click(value_x + 4, y), Instant::now()); // "◀ 4 ▶": the ▶
    handle(&mut menu, &click(value_x + 4, y), Instant::now());
    handle(&mut menu, &click(value_x, y), Instant::now()); // the ◀
    assert_eq!(form(&menu).players, players + 1);
    handle(&mut menu, &click(value_x + 2, y), Instant::now()); // the number itself
    assert_eq!(
        form(&menu).players,
        players + 1,
        "a click on the number changes nothing"
    );
    let seats = row_of(&menu, SetupRow::Seats);
    handle(
        &mut menu,
        &click(value_x + 5 * 2 + 1, seats),
        Instant::now(),
    );
    assert!(form(&menu).humans[2], "the third seat is yours");
    let wild = row_of(&menu, SetupRow::Variant(Variant::Wild));
    handle(&mut menu, &click(value_x + 1, wild), Instant::now());
    assert!(form(&menu).variants.contains(Variant::Wild));
    handle(&mut menu, &click(3, wild), Instant::now());
    assert!(
        form(&menu).variants.contains(Variant::Wild),
        "the label only chooses the row"
    );
    assert_eq!(form(&menu).row, usize::from(wild - 1));
    let start = row_of(&menu, SetupRow::Start);
    handle(&mut menu, &click(value_x + 3, start), Instant::now());
    let table = sitting(&menu).table();
    let settings = table.game().settings();
    assert_eq!(settings.players, players + 1);
    assert!(settings.has(Variant::Wild));
    assert_eq!(table.seats()[2].kind, SeatKind::Human);
}

#[test]
fn seats_are_named_the_same_from_the_menu_play_and_a_code() {
    let levels = vec![BotLevel::Standard; 4];
    let from_play = crate::support::seats(&levels, true);
    let mut app = App::new(options(true), None);
    press(&mut app, KeyCode::Char('3'));
    press(&mut app, KeyCode::Enter);
    let from_menu = sitting(&app).table().seats().to_vec();
    assert_eq!(from_menu, from_play);
    let names: Vec<&str> = from_menu.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["You", "Ana", "Ben", "Cara"]);
    // People take their names in order; bots take the parlor's, skipping a chosen one.
    let seats = Seat::seated(
        &[false, true, true, false],
        &["Ana".to_owned()],
        &[BotLevel::Expert; 4],
    );
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ben", "Ana", "Player 2", "Cara"]);
    assert_eq!(seats[0].kind, SeatKind::Bot(BotLevel::Expert));
    // A name chosen in any case keeps a bot from taking it: "ana" and "Ana" read the same
    // once the narration starts a sentence with it.
    let seats = Seat::seated(&[true, false], &["ana".to_owned()], &[BotLevel::Expert; 2]);
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["ana", "Ben"]);
}

#[test]
fn the_replay_viewer_steps_forward_and_back() {
    let settings = Settings::defaults(GameId::SwedishAces);
    let levels = vec![BotLevel::Standard; 4];
    let mut table = parlor::table::Table::new(settings, crate::support::seats(&levels, false), 6);
    while table.advance() != parlor::table::Progress::Over {}
    let saved = parlor::replay::Replay::of(&table);
    let timeline = saved
        .timeline(std::path::Path::new("test"))
        .expect("a good replay");
    let steps = timeline.len() - 1;
    let mut app = App::new(options(true), None);
    app.watch_replay(timeline);
    let position = |app: &App| sitting(app).table().history().len();
    let playing = |app: &App| sitting(app).replay().expect("replaying").playing;
    press(&mut app, KeyCode::Char(' '));
    assert!(!playing(&app), "Space stops the playback");
    assert!(
        app.timeout(Instant::now()).is_none(),
        "a stopped replay waits for keys"
    );
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(position(&app), 2);
    press(&mut app, KeyCode::Left);
    assert_eq!(position(&app), 1);
    press(&mut app, KeyCode::End);
    assert_eq!(position(&app), steps);
    assert!(sitting(&app).is_over());
    let shown = text(&screen(&mut app, 100, 30));
    assert!(
        shown.contains(&format!("REPLAY step {steps} of {steps}")),
        "{shown}"
    );
    assert!(
        shown.contains("game code: swedish-aces.v4.4p.5d.6."),
        "{shown}"
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(position(&app), 0);
    // Playing: time passing moves it on one step at a time.
    press(&mut app, KeyCode::Char(' '));
    play_until(&mut app, 10, |a| position(a) == 1);
    insta::assert_snapshot!("replay_viewer", screen(&mut app, 80, 24).backend());
}

#[test]
fn the_odds_panel_shows_every_seat_and_a_hint() {
    // LCR is solved exactly: the panel's chances are the solver's, and sum to 1.
    let mut app = table_waiting_for_you(GameId::Lcr, 3);
    press(&mut app, KeyCode::Char('o'));
    // The figures are worked out off the loop's thread: the panel says so until they land.
    assert!(sitting(&app).odds.is_some(), "o shows the panel at once");
    let waiting = text(&screen(&mut app, 120, 40));
    if sitting(&app)
        .odds
        .as_ref()
        .and_then(|p| p.solved.as_ref())
        .is_none()
    {
        assert!(waiting.contains("working the odds out…"), "{waiting}");
        assert!(
            app.timeout(Instant::now()).is_some(),
            "the loop looks back for them"
        );
    }
    sitting_mut(&mut app).wait_for_odds();
    let solved = sitting(&app)
        .odds
        .clone()
        .and_then(|p| p.solved)
        .expect("in");
    assert_eq!(solved.odds.seat_win.len(), 4);
    assert!((solved.odds.seat_win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(
        app.timeout(Instant::now()),
        None,
        "nothing away: idle again"
    );
    let shown = text(&screen(&mut app, 120, 40));
    assert!(shown.contains("Odds · exact"), "{shown}");
    assert!(shown.contains("chance to win the game"), "{shown}");
    insta::assert_snapshot!("odds_panel_lcr", shown);
    // It follows the game: after a move, the last position's figures are never shown as
    // the new one's.
    press(&mut app, KeyCode::Char(' '));
    play_until(&mut app, 2000, |a| deciding(a) || sitting(a).is_over());
    let position = sitting(&app).stage.shown().history().len();
    let panel = sitting(&app).odds.clone().expect("still shown");
    if panel.for_position(position).is_none() {
        let updating = text(&screen(&mut app, 120, 40));
        assert!(updating.contains("working the odds out…"), "{updating}");
        assert!(!updating.contains("chance to win"), "{updating}");
    }
    sitting_mut(&mut app).wait_for_odds();
    let after = sitting(&app)
        .odds
        .clone()
        .and_then(|p| p.solved)
        .expect("in");
    assert_eq!(after.position, position);
    assert_ne!(after.odds, solved.odds);
    press(&mut app, KeyCode::Char('o'));
    assert!(sitting(&app).odds.is_none(), "o again hides it");

    // Forty-One: a hint for every die you could set down, the expert's pick marked.
    let mut app = table_waiting_for_you(GameId::FortyOne, 3);
    press(&mut app, KeyCode::Char('o'));
    sitting_mut(&mut app).wait_for_odds();
    let shown = text(&screen(&mut app, 120, 40));
    assert!(
        shown.contains("if down: qualify · mean · beat · round"),
        "{shown}"
    );
    assert!(shown.contains("chance to win the match"), "{shown}");
    assert!(shown.contains('◀'), "{shown}");
    // At 80x24 the hint is one line of whole figures, each saying what it is a chance of.
    let small = text(&screen(&mut app, 80, 24));
    let hint = small
        .lines()
        .find(|line| line.contains("round if down:"))
        .unwrap_or_else(|| panic!("the hint on one line: {small}"));
    assert!(
        hint.trim_end_matches(['"', ' ', '│']).ends_with(['%', '…']),
        "no figure is cut: {hint}"
    );
    assert!(small.contains("chance to win the match"), "{small}");

    // Chase the Ace: keep against change.
    let mut app = table_waiting_for_you(GameId::ChaseTheAce, 3);
    press(&mut app, KeyCode::Char('o'));
    sitting_mut(&mut app).wait_for_odds();
    let shown = text(&screen(&mut app, 120, 40));
    assert!(shown.contains("if keep"), "{shown}");
    assert!(shown.contains("Chance you end lowest"), "{shown}");
    // At 80x24, on one line, it still says what the figures are chances of.
    let small = text(&screen(&mut app, 80, 24));
    assert!(small.contains("lowest: keep "), "{small}");
}

#[test]
fn the_setup_form_builds_the_game_asked_for() {
    let mut app = App::new(options(true), None);
    press(&mut app, KeyCode::Char('2'));
    // Swedish Aces: players 5, dice 3, seat 2 a person named Kim, threes-travel on, no
    // animation change.
    press(&mut app, KeyCode::Right); // players 4 -> 5
    press(&mut app, KeyCode::Down);
    press_times(&mut app, KeyCode::Left, 2); // dice 5 -> 3
    press(&mut app, KeyCode::Down); // seats
    press_times(&mut app, KeyCode::Right, 2);
    press(&mut app, KeyCode::Char(' ')); // seat 2 becomes a person's
    press_times(&mut app, KeyCode::Down, 2); // the name of seat 2 (seat 0's is first)
    press(&mut app, KeyCode::Delete);
    for c in "Kim".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Down); // threes-travel
    press(&mut app, KeyCode::Char(' '));
    press(&mut app, KeyCode::Down); // dice animation (off: the options ask for reduced motion)
    press(&mut app, KeyCode::Char(' '));
    press(&mut app, KeyCode::Down); // seed
    press(&mut app, KeyCode::Delete);
    for digit in "4242".chars() {
        press(&mut app, KeyCode::Char(digit));
    }
    insta::assert_snapshot!("setup_swedish_aces", screen(&mut app, 80, 24).backend());
    press(&mut app, KeyCode::Enter);
    let table = sitting(&app).table();
    let settings = table.game().settings();
    assert_eq!((settings.players, settings.dice), (5, 3));
    assert!(settings.has(Variant::ThreesTravel));
    assert_eq!(table.seed(), 4242);
    let humans: Vec<bool> = table
        .seats()
        .iter()
        .map(|s| s.kind == SeatKind::Human)
        .collect();
    assert_eq!(humans, [true, false, true, false, false]);
    assert_eq!(table.seats()[2].name, "Kim");
    assert_eq!(table.seats()[1].name, "Ana");
    assert!(
        !app.options.reduced_motion,
        "the animation row turned it on"
    );
}

#[test]
fn forty_one_picks_a_die_by_its_face_and_the_choice_stays_on_screen() {
    let mut app = table_waiting_for_you(GameId::FortyOne, 21);
    let View::FortyOne(game) = sitting(&app).table().game().view(Some(0)) else {
        unreachable!()
    };
    let roll = game.roll().expect("a roll");
    let offered = sitting(&app).offered();
    // Every choice is on screen at 80x24, and the highlight follows the arrows round.
    for step in 0..=offered.len() {
        let terminal = screen(&mut app, 80, 24);
        let shown = text(&terminal);
        for action in &offered {
            let Action::SetDown(face) = action else {
                unreachable!()
            };
            assert!(
                shown.contains(&format!("[ Set down a {face} ]")),
                "step {step}:\n{shown}"
            );
        }
        let highlighted: String = terminal
            .backend()
            .buffer()
            .content()
            .iter()
            .filter(|c| c.modifier.contains(Modifier::REVERSED | Modifier::BOLD))
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        let chosen = offered[step % offered.len()];
        let Action::SetDown(face) = chosen else {
            unreachable!()
        };
        assert!(
            highlighted.contains(&format!("Set down a {face}")),
            "step {step}: {highlighted}"
        );
        press(&mut app, KeyCode::Right);
    }
    // A number key sets down a die showing that number.
    let face = roll.face(roll.len() - 1);
    press(&mut app, KeyCode::Char(char::from(b'0' + face)));
    let View::FortyOne(after) = sitting(&app).table().game().view(Some(0)) else {
        unreachable!()
    };
    assert_eq!(after.set_down(), &[face]);
}

#[test]
fn a_target_seat_is_highlighted_with_its_choice() {
    // LCR with wilds at 8 seats: every target is offered on screen, and the seat of the
    // highlighted one is marked on the table.
    for seed in 0..300 {
        let settings = screens::settings(GameId::Lcr, Some(8), &["wild"]);
        let mut app = App::new(options(true), Some(screens::setup_of(settings, true, seed)));
        play_until(&mut app, 3000, |a| deciding(a) || sitting(a).is_over());
        while deciding(&app) {
            let offered = sitting(&app).offered();
            if let Some(&Action::TakeChip(target)) = offered.first() {
                let terminal = screen(&mut app, 80, 24);
                let shown = text(&terminal);
                let names = sitting(&app).table().names();
                for action in &offered {
                    let Action::TakeChip(seat) = action else {
                        unreachable!()
                    };
                    let label = format!("[ Take a chip from {} ]", names.name(*seat));
                    assert!(shown.contains(&label), "{label} missing:\n{shown}");
                }
                assert!(
                    shown.contains(&format!("{} ◀", names.name(target))),
                    "the target's seat is marked:\n{shown}"
                );
                return;
            }
            press(&mut app, KeyCode::Char(' '));
            play_until(&mut app, 3000, |a| deciding(a) || sitting(a).is_over());
        }
    }
    panic!("no seed in 0..300 gave You a wild to play");
}

#[test]
fn the_stats_overlay_draws_a_record_that_breaks_its_invariants() {
    // A hand-edited file: more wins than games, counters at their limit. The overlay shows
    // what it can and never panics.
    let mut app = App::new(options(true), None);
    let record = parlor::stats::Record {
        game: GameId::Lcr,
        rules: "players=4 chips=3".to_owned(),
        kind: parlor::stats::Involvement::Played,
        games: 5,
        wins: 10,
        losses: 0,
        abandoned: u64::MAX,
        auto_played: 0,
        biggest_pot: u64::MAX,
        current_streak: 12,
        longest_streak: 3,
        last_played: 0,
        recent: "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
            .to_owned(),
        wins_by_seat: vec![u64::MAX; 3],
        figures: std::collections::BTreeMap::from([("best-score".to_owned(), vec![200])]),
    };
    app.recorder.stats.records.push(record);
    press(&mut app, KeyCode::Char('s'));
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = text(&screen(&mut app, width, height));
        assert!(shown.contains("100%"), "{shown}");
    }
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let page = text(&screen(&mut app, 80, 24));
    assert!(page.contains("won 5 (100%) · lost 0"), "{page}");
}

#[test]
fn the_bell_rings_when_your_turn_comes_after_the_bots_only_if_asked() {
    for bell in [false, true] {
        let mut app = App::new(
            Options {
                bell,
                ..options(true)
            },
            Some(setup(GameId::Lcr, None, true, 21)),
        );
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
        let keys = std::iter::repeat_n(Event::Key(key(KeyCode::Char(' '))), 3000)
            .chain([Event::Key(key(KeyCode::Char('q')))]);
        let mut input = script(keys);
        run_loop(&mut terminal, &mut app, &mut input).expect("the loop ends on q");
        let yours = sitting(&app)
            .table()
            .history()
            .iter()
            .filter(|s| matches!(s, Step::Action { seat: 0, .. }))
            .count();
        if bell {
            // Every turn of yours but the first came after the bots' moves.
            assert!(
                input.rings > 0 && input.rings <= yours,
                "{} rings, {yours} turns",
                input.rings
            );
        } else {
            assert_eq!(input.rings, 0, "off by default");
        }
    }
}

#[test]
fn ascii_mode_draws_every_screen_in_ascii() {
    for game in GameId::ALL {
        let mut app = App::new(
            Options {
                ascii: true,
                ..options(true)
            },
            Some(setup(game, None, true, 8)),
        );
        play_until(&mut app, 500, deciding);
        for (width, height) in [(80, 24), (120, 40)] {
            let terminal = screen(&mut app, width, height);
            let shown = text(&terminal);
            assert!(
                terminal
                    .backend()
                    .buffer()
                    .content()
                    .iter()
                    .all(|c| c.symbol().is_ascii()),
                "{game}:\n{shown}"
            );
            // Whose turn it is still reads.
            assert!(shown.contains("> * You"), "{game}:\n{shown}");
        }
    }
    let mut menu = App::new(
        Options {
            ascii: true,
            ..options(true)
        },
        None,
    );
    insta::assert_snapshot!("menu_ascii", text(&screen(&mut menu, 80, 24)));
}

#[test]
fn the_setup_form_remembers_each_games_last_setup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recorder = parlor::stats::Recorder::on(parlor::stats::Store::new(dir.path().to_path_buf()));
    let config = parlor::config::Config {
        name: "Kim".to_owned(),
        ..parlor::config::Config::default()
    };
    let mut app = App::new(options(true), None)
        .with_recorder(recorder)
        .with_config(config, None);
    let form = |app: &App| match &app.screen {
        Screen::Setup(form) => form.clone(),
        _ => panic!("not on the setup form"),
    };
    press(&mut app, KeyCode::Char('2'));
    assert_eq!(form(&app).name(0), "Kim", "your name from the config");
    press(&mut app, KeyCode::Right); // players 4 -> 5
    let threes = form(&app)
        .rows()
        .iter()
        .position(|&r| r == SetupRow::Variant(Variant::ThreesTravel))
        .expect("the threes row");
    press_times(&mut app, KeyCode::Down, threes);
    press(&mut app, KeyCode::Char(' '));
    let left = form(&app);
    press(&mut app, KeyCode::Enter);
    assert!(app.sitting.is_some(), "the game started");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    press(&mut app, KeyCode::Char('2'));
    let back = form(&app);
    assert_eq!(back.players, 5);
    assert!(back.variants.contains(Variant::ThreesTravel));
    assert_eq!(back.name(0), "Kim");
    assert_eq!(back.remembered(), left.remembered());
    // Another game keeps its own.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('3'));
    assert_eq!(form(&app).players, 4);

    // A damaged file is no setup at all, and no harm.
    std::fs::write(dir.path().join("setups.json"), br#"{"swedish-aces":{"players":200,"humans":[true,true,true,true,true,true,true,true,true,true,true,true],"names":["\u001b[31mX"],"level":"god"}}"#).expect("write");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('2'));
    let damaged = form(&app);
    assert_eq!(damaged.players, 4, "players out of range are not taken");
    assert_eq!(damaged.humans.len(), 4);
    assert!(!damaged.name(0).contains('\u{1b}'), "{:?}", damaged.name(0));
    press(&mut app, KeyCode::Enter);
    assert!(app.sitting.is_some(), "a game starts from it");
}

#[test]
fn the_settings_screen_edits_and_saves_the_config_file() {
    use parlor::config::{Config, ThemeChoice};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = App::new(options(true), None)
        .with_config(Config::default(), Some(dir.path().to_path_buf()));
    // From the menu: down past the games and today's deal to the settings row, or `c`.
    press_times(&mut app, KeyCode::Down, GameId::ALL.len() + 1);
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Settings(_)));
    insta::assert_snapshot!("settings", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Down); // past the language, to the theme
    press(&mut app, KeyCode::Right); // theme: dark -> light
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char(' ')); // ASCII on
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Left); // speed 0.7 s -> 0.5 s
    press_times(&mut app, KeyCode::Down, 3);
    press(&mut app, KeyCode::Char(' ')); // the bell on
    press(&mut app, KeyCode::Down); // your name
    press(&mut app, KeyCode::Delete);
    for c in "Kim".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Down); // bots in Forty-One
    press(&mut app, KeyCode::Right); // expert -> safe
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen, Screen::Menu { .. }),
        "saved, back at the menu"
    );
    assert!(
        app.notice
            .as_ref()
            .is_some_and(|n| matches!(n, Notice::Done(text) if text.contains("config.toml")))
    );
    // In force at once, and in the file.
    assert_eq!(app.options.theme.name, "light");
    assert!(app.options.ascii && app.options.bell);
    assert_eq!(app.options.speed_ms, 500);
    let (saved, problems) = Config::load(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(saved, app.config);
    assert_eq!(saved.theme, ThemeChoice::Light);
    assert_eq!(saved.name, "Kim");
    assert_eq!(saved.bot_level(GameId::FortyOne), BotLevel::Safe);
    // A new game's setup starts from them.
    press(&mut app, KeyCode::Char('4'));
    let Screen::Setup(form) = &app.screen else {
        panic!("not on the setup form")
    };
    assert_eq!(form.name(0), "Kim");
    assert_eq!(form.game.bot_levels()[form.level], BotLevel::Safe);
}

#[test]
fn paused_a_step_shows_one_whole_move_and_the_table_stays_paused_and_awake_to_keys() {
    // `play lcr --seed 7`, Enter, `p`, `.`, `.`: the second step started a bot's roll whose
    // beat nobody would ever end, and the loop spun deaf to every key.
    let mut app = App::new(
        Options {
            speed_ms: 700,
            auto: false,
            reduced_motion: false,
            theme: parlor::tui::theme::Theme::dark(),
            ..Options::default()
        },
        Some(setup(GameId::Lcr, None, true, 7)),
    );
    let now = Instant::now();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('p'));
    for _ in 0..3 {
        let before = sitting(&app).table().history().len();
        press(&mut app, KeyCode::Char('.'));
        let s = sitting(&app);
        assert!(s.paused(), "a step leaves the table paused");
        assert!(s.stage.caught_up(), "the step is shown whole");
        assert!(
            s.table().history().len() <= before + 2,
            "one move (and its chance) a step"
        );
        assert_eq!(app.timeout(now), None, "paused and shown: nothing is due");
    }
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
}

/// A result the stats file could not take is not shown as your record on the game-over
/// panel (issue 25: the panel showed the record the file did not hold).
#[test]
fn the_game_over_panel_shows_no_record_that_was_not_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, "not a directory").expect("write");
    let recorder = parlor::stats::Recorder::on(parlor::stats::Store::new(blocker.join("parlor")));
    let mut app =
        App::new(options(true), Some(setup(GameId::Lcr, None, false, 3))).with_recorder(recorder);
    play_until(&mut app, 20_000, |a| {
        sitting(a).is_over() && sitting(a).stage.caught_up()
    });
    let shown = text(&screen(&mut app, 80, 24));
    // The game-over panel (its title under the notice that says why nothing was saved).
    assert!(shown.contains("game code: lcr"), "{shown}");
    assert!(
        shown.contains("Not in your record yet: it could not be saved"),
        "{shown}"
    );
    assert!(!shown.contains("Watched here"), "{shown}");
}
