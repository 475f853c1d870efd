//! The table as a show: beats driven by a fake clock (nothing is shown before its dice
//! land), every game drawn at every size with nothing cut, and people sharing one screen.

use crate::support::screens;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use parlor::games::{GameId, SeatNames, View};
use parlor::tui::intent::{Intent, TableIntent};
use parlor::tui::snapshot::{Bar, ScreenView, TableView};
use parlor::tui::{App, Options};
use screens::{deciding, play_until, press, rows, screen, setup_of, sitting, sitting_mut};

fn showing(speed_ms: u64) -> Options {
    Options {
        speed_ms,
        auto: false,
        reduced_motion: false,
        theme: parlor::tui::theme::Theme::dark(),
        ..Options::default()
    }
}

fn table_view(app: &App) -> Box<TableView<'_>> {
    match app.snapshot().screen {
        ScreenView::Table(table) => table,
        _ => panic!("not at a table"),
    }
}

/// What the table says at this beat: holdings, pot, tracker, log length, game over.
fn said(app: &App) -> (Vec<String>, u32, Vec<String>, usize, bool) {
    let table = table_view(app);
    (
        table.seats.iter().map(|s| s.info.holding.text()).collect(),
        table.scene.centre.pot,
        table.scene.tracker.iter().map(|l| l.full.clone()).collect(),
        table.log.len(),
        table.game_over.is_some(),
    )
}

#[test]
fn nothing_is_shown_before_the_dice_land() {
    // Watch whole games at the default pace with a fake clock: whenever dice are in the
    // air, the table says exactly what it said before they were thrown.
    for (game, seed) in [
        (GameId::AcesInThePot, 5),
        (GameId::Lcr, 2),
        (GameId::SwedishAces, 3),
        (GameId::FortyOne, 4),
    ] {
        let settings = screens::settings(game, None, &[]);
        let mut app = App::new(showing(700), Some(setup_of(settings, false, seed)));
        let mut clock = Instant::now();
        let mut tumbles = 0;
        let mut before = said(&app);
        for _ in 0..200_000 {
            let table = table_view(&app);
            if table.game_over.is_some() {
                break;
            }
            if table.scene.rolling.is_some() {
                tumbles += 1;
                assert_eq!(
                    said(&app),
                    before,
                    "{game}: the table changed under tumbling dice"
                );
            } else {
                before = said(&app);
            }
            drop(table);
            clock += Duration::from_millis(35);
            app.tick(clock);
        }
        assert!(sitting(&app).stage.finished(), "{game} finished");
        assert!(tumbles > 10, "{game}: the dice tumbled ({tumbles} frames)");
    }
}

#[test]
fn your_roll_tumbles_at_once_then_lands_with_its_line_and_chips() {
    // Aces in the Pot, seed 5: You roll first.
    let settings = screens::settings(GameId::AcesInThePot, None, &[]);
    let mut app = App::new(showing(700), Some(setup_of(settings, true, 5)));
    let t0 = Instant::now();
    app.tick(t0);
    assert!(deciding(&app));
    let (holdings, pot, tracker, lines, _) = said(&app);
    app.apply(Intent::Table(TableIntent::ActChosen), t0);
    let table = table_view(&app);
    let rolling = table
        .scene
        .rolling
        .expect("the dice tumble on the same frame");
    assert_eq!(rolling.seat, 0);
    assert!(
        table.scene.centre.roll.is_none(),
        "no faces while they tumble"
    );
    drop(table);
    assert_eq!(
        said(&app),
        (holdings.clone(), pot, tracker.clone(), lines, false)
    );
    app.tick(t0 + Duration::from_millis(200));
    assert_eq!(said(&app).3, lines, "still in the air at 200 ms");
    app.tick(t0 + Duration::from_millis(460));
    let landed = table_view(&app);
    assert!(landed.scene.rolling.is_none(), "landed");
    assert!(landed.scene.centre.roll.is_some());
    assert_eq!(landed.log.len(), lines + 1);
    assert!(
        landed.log[lines].text.starts_with("You roll"),
        "{:?}",
        landed.log[lines]
    );
    drop(landed);
    // Then the rest of the roll's lines, one beat each, and the bot's thinking.
    let mut clock = t0 + Duration::from_millis(460);
    while !sitting(&app).stage.caught_up() {
        clock += Duration::from_millis(100);
        app.tick(clock);
    }
    let events = sitting(&app).table().log().len();
    assert_eq!(
        said(&app).3,
        events,
        "every event has its line once the show caught up"
    );
}

#[test]
fn the_game_over_panel_waits_for_the_last_beat() {
    let settings = screens::settings(GameId::Lcr, None, &[]);
    let mut app = App::new(showing(700), Some(setup_of(settings, false, 7)));
    let mut clock = Instant::now();
    // Until the engine's game is over, but not its show.
    while !sitting(&app).is_over() {
        clock += Duration::from_millis(50);
        app.tick(clock);
    }
    let table = table_view(&app);
    assert!(
        table.game_over.is_none(),
        "the panel opens after the dice land"
    );
    drop(table);
    let mut waited = Duration::ZERO;
    while table_view(&app).game_over.is_none() {
        clock += Duration::from_millis(50);
        waited += Duration::from_millis(50);
        app.tick(clock);
        assert!(waited < Duration::from_secs(10), "the show ends");
    }
    let table = table_view(&app);
    assert_eq!(
        sitting(&app).stage.events_told(),
        sitting(&app).table().log().len()
    );
    assert!(
        table
            .scene
            .banner
            .as_ref()
            .is_some_and(|b| b.text.full.contains("wins the pot")),
        "the winner is celebrated"
    );
}

#[test]
fn any_key_skips_to_now_and_a_round_end_waits_for_you() {
    // Forty-One with a person: a round's end holds until a key.
    let settings = screens::settings(GameId::FortyOne, Some(3), &[]);
    let mut app = App::new(showing(700), Some(setup_of(settings, true, 1)));
    let mut clock = Instant::now();
    let mut held = false;
    for _ in 0..100_000 {
        clock += Duration::from_millis(50);
        app.tick(clock);
        if deciding(&app) {
            press(&mut app, KeyCode::Char(' '));
        }
        if sitting(&app).stage.held() {
            held = true;
            let text = screens::text(&screen(&mut app, 100, 30));
            assert!(text.contains("Any key: go on"), "{text}");
            assert!(
                text.contains("round 1 with") || text.contains("A tie"),
                "{text}"
            );
            // Time alone does not move it on.
            app.tick(clock + Duration::from_mins(1));
            assert!(sitting(&app).stage.held());
            press(&mut app, KeyCode::Char('x'));
            assert!(!sitting(&app).stage.held());
            break;
        }
    }
    assert!(held, "a round ended");
    // Skipping: a bot's move in the middle of its beats jumps to now.
    for _ in 0..1000 {
        clock += Duration::from_millis(50);
        app.tick(clock);
        if !sitting(&app).stage.caught_up() && !sitting(&app).stage.held() {
            press(&mut app, KeyCode::Char('x'));
            assert!(sitting(&app).stage.caught_up() || sitting(&app).stage.held());
            assert_eq!(
                sitting(&app).stage.events_told(),
                sitting(&app).table().log().len()
            );
            return;
        }
    }
    panic!("no beats to skip");
}

#[test]
fn hot_seat_players_never_see_each_others_cards() {
    // Chase the Ace with two people: the table is covered until the next person says they
    // have the keyboard, and between their turns no card of theirs is face up.
    let settings = screens::settings(GameId::ChaseTheAce, Some(4), &[]);
    let levels = vec![settings.game.bot_levels()[0]; 4];
    let seats = parlor::table::Seat::seated(
        &[true, false, true, false],
        &["Ann".to_owned(), "Bo".to_owned()],
        &levels,
    );
    let setup = parlor::table::GameSetup {
        settings,
        seats,
        seed: 3,
    };
    let mut app = App::new(screens::options(true), Some(setup));
    let mut handovers = 0;
    for _ in 0..20_000 {
        if sitting(&app).is_over() {
            break;
        }
        let table = table_view(&app);
        let face_up: Vec<usize> = table
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.info.card, Some(parlor::games::present::CardFace::Up(_))))
            .map(|(i, _)| i)
            .collect();
        let in_round = matches!(
            sitting(&app).stage.shown().game().view(None),
            View::ChaseTheAce(v) if matches!(v.phase, parlor::games::chase_the_ace::Phase::Exchange | parlor::games::chase_the_ace::Phase::DealerChoice)
        );
        if let Some(name) = table.handover.clone() {
            handovers += 1;
            drop(table);
            let text = screens::text(&screen(&mut app, 80, 24));
            assert!(
                text.contains(&format!("Pass the keyboard to {name}")),
                "{text}"
            );
            assert!(
                !text.contains('♥') || !text.contains("[2"),
                "the table is covered"
            );
            assert!(
                sitting(&app).offered().is_empty(),
                "no choices before the hand-over"
            );
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if in_round && sitting(&app).stage.caught_up() {
            let decider = sitting(&app).human_to_decide();
            for seat in face_up {
                assert_eq!(
                    Some(seat as u8),
                    decider,
                    "only the person at the keyboard sees a card, and only their own"
                );
            }
        }
        let choosing = matches!(table.bar, Bar::Choices { .. });
        drop(table);
        if choosing {
            press(&mut app, KeyCode::Char(' '));
        } else if sitting(&app).stage.held() {
            press(&mut app, KeyCode::Enter);
        } else {
            app.tick(Instant::now());
        }
    }
    assert!(sitting(&app).is_over(), "the game finished");
    assert!(handovers >= 4, "the keyboard changed hands ({handovers})");
    let names = sitting(&app).table().names();
    assert_eq!(names.name(0), "Ann");
    assert!(
        sitting(&app)
            .stage
            .lines()
            .iter()
            .any(|l| l.text.starts_with("Bo "))
    );
    let _ = sitting_mut(&mut app);
}

// ---------------------------------------------------------------------------------------
// Nothing cut: every game, every size, 3 to 10 seats, with and without variants.

/// The rows of the box whose top border holds `title`, inside its border.
fn boxed(rows: &[String], title: &str) -> Option<Vec<String>> {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (top, line) = rows.iter().enumerate().find(|(_, r)| r.contains(title))?;
    let at = line[..line.find(title)?].chars().count();
    let corners = ['┌', '╭', '╔', '┏'];
    let left = (0..=at).rev().find(|&x| corners.contains(&grid[top][x]))?;
    let right = (at..grid[top].len()).find(|&x| ['┐', '╮', '╗', '┓'].contains(&grid[top][x]))?;
    let mut inside = Vec::new();
    for row in &grid[top + 1..] {
        if ['└', '╰', '╚', '┗'].contains(&row[left]) {
            break;
        }
        inside.push(row[left + 1..right].iter().collect());
    }
    Some(inside)
}

fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn labels_shown(rows: &[String], full: &str, short: &str) -> bool {
    rows.iter().any(|r| r.contains(full) || r.contains(short))
}

/// Every text the table means to show is on screen whole.
fn assert_nothing_cut(app: &App, rows: &[String], what: &str) {
    let table = table_view(app);
    let screen = rows.join("\n");
    let context = || format!("{what}:\n{screen}");
    let title = &table.header[0].text.full;
    assert!(
        rows[0].contains(title.as_str()),
        "the header's title: {}",
        context()
    );
    if table.handover.is_some() {
        return;
    }
    // The game-over panel lies over the table: what it says is checked instead.
    let seats = if table.game_over.is_some() {
        &[][..]
    } else {
        &table.seats[..]
    };
    for seat in seats {
        // The name on its box's border, whole: a border or the target mark follows it.
        let titled = ["─", "━", " ◀"].map(|next| format!("{}{next}", seat.name));
        assert!(
            rows.iter()
                .any(|r| titled.iter().any(|t| r.contains(t.as_str()))),
            "{}'s box title: {}",
            seat.name,
            context()
        );
        let holding = seat.info.holding.text();
        assert!(
            labels_shown(rows, &holding, &holding),
            "{holding}: {}",
            context()
        );
        if !seat.info.status.is_empty() {
            let full: Vec<&str> = seat.info.status.iter().map(|l| l.full.as_str()).collect();
            let short: Vec<&str> = seat.info.status.iter().map(|l| l.short.as_str()).collect();
            assert!(
                labels_shown(rows, &full.join(" · "), &short.join(" ")),
                "{}'s status {full:?}: {}",
                seat.name,
                context()
            );
        }
    }
    if let Some(lines) = &table.game_over {
        let inside = boxed(rows, " Game over ").expect("the game-over panel");
        let inside = collapsed(&inside.join(" "));
        for line in lines {
            assert!(
                inside.contains(&collapsed(line)),
                "game over '{line}': {}",
                context()
            );
        }
    } else {
        for line in &table.scene.tracker {
            assert!(
                labels_shown(rows, &line.full, &line.short),
                "tracker {line:?}: {}",
                context()
            );
        }
        let pot = format!(
            "{}: {}",
            table.scene.centre.pot_label, table.scene.centre.pot
        );
        assert!(screen.contains(&pot), "{pot}: {}", context());
        if let Some(banner) = &table.scene.banner {
            assert!(
                labels_shown(rows, &banner.text.full, &banner.text.short),
                "banner {:?}: {}",
                banner.text,
                context()
            );
        }
    }
    if let Some(newest) = table.log.last() {
        let inside = boxed(rows, " Log").expect("the log");
        assert!(
            collapsed(&inside.join(" ")).contains(&collapsed(&newest.text)),
            "log line '{}': {}",
            newest.text,
            context()
        );
    }
    if let Bar::Choices { items, selected } = &table.bar {
        let label = format!("[ {} ]", items[*selected].label);
        assert!(
            screen.contains(&label),
            "the highlighted choice {label}: {}",
            context()
        );
    }
}

/// Each game's variants, all at once (Chase the Ace's stayner needs grace).
fn all_variants(game: GameId) -> Vec<&'static str> {
    game.variants().iter().map(|v| v.name()).collect()
}

const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (200, 60)];

/// Check the table at every size; keep the screens in `shots` when given.
fn check_sizes(app: &mut App, what: &str, mut shots: Option<&mut String>) {
    for (width, height) in SIZES {
        let terminal = screen(app, width, height);
        assert_nothing_cut(
            app,
            &rows(&terminal),
            &format!("{what} at {width}x{height}"),
        );
        if let Some(shots) = shots.as_deref_mut() {
            let _ = writeln!(
                shots,
                "--- {what} at {width}x{height}\n{}",
                terminal.backend()
            );
        }
    }
}

/// The big moment of each game, shown: a finale throw, a showdown, a round's end, a wild
/// or a three to give, the last die.
fn big_moment(app: &App) -> bool {
    let stage = &sitting(app).stage;
    let banner = table_view(app).scene.banner.is_some();
    let view = stage.shown().game().view(None);
    let special = match &view {
        View::AcesInThePot(g) => matches!(
            g.phase(),
            parlor::games::aces_in_the_pot::Phase::Finale { .. }
        ),
        View::ChaseTheAce(v) => v.shown.iter().any(Option::is_some),
        View::FortyOne(g) => g.round() > 1,
        View::SwedishAces(g) => g.threes_pending() > 0 || g.in_play() < 4,
        View::Lcr(g) => g.wilds_pending() > 0 || g.chips().iter().filter(|&&c| c > 0).count() == 2,
        View::HelpYourNeighbour(g) => g.counters().contains(&1),
    };
    special && banner
}

#[test]
fn every_table_fits_every_size_with_nothing_cut() {
    for game in GameId::ALL {
        let (low, high, _) = game.ranges().players;
        let mut shots = String::new();
        for players in [3, 6, 10].map(|p: u8| p.clamp(low, high)) {
            let mut configs = vec![Vec::new()];
            if !game.variants().is_empty() {
                configs.push(all_variants(game));
            }
            for variants in configs {
                let what = format!("{game} {players} seats {variants:?}");
                let settings = screens::settings(game, Some(players), &variants);
                let mut app = App::new(screens::options(true), Some(setup_of(settings, true, 11)));
                // Mid-game: the person chooses after a few moves.
                let moves = 3 * usize::from(players);
                for _ in 0..5000 {
                    play_until(&mut app, 5000, |a| deciding(a) || sitting(a).is_over());
                    if sitting(&app).is_over() || sitting(&app).table().history().len() > moves {
                        break;
                    }
                    press(&mut app, KeyCode::Char(' '));
                }
                // Screens kept for review: the plain game, mid-game and at its moment.
                let keep = variants.is_empty();
                check_sizes(
                    &mut app,
                    &format!("{what} mid-game"),
                    keep.then_some(&mut shots),
                );
                // The big moment, then the end.
                sitting_mut(&mut app).toggle_auto(Instant::now());
                play_until(&mut app, 50_000, |a| {
                    big_moment(a) || sitting(a).stage.finished()
                });
                check_sizes(
                    &mut app,
                    &format!("{what} big moment"),
                    keep.then_some(&mut shots),
                );
                play_until(&mut app, 50_000, |a| sitting(a).stage.finished());
                check_sizes(&mut app, &format!("{what} over"), None);
            }
        }
        insta::assert_snapshot!(format!("tables_{}", game.name()), shots);
    }
}

#[test]
fn chase_the_ace_grace_and_rounds_read_true() {
    use parlor::games::chase_the_ace::Phase;
    use parlor::games::present::tracker;
    use parlor::games::{BotLevel, Turn, game_rng, new_game};
    // Bots' games with grace: whenever someone is out, the grace line never names them, and
    // at the end the tracker's round is the game-over panel's.
    let settings = screens::settings(GameId::ChaseTheAce, Some(6), &["grace"]);
    let names = SeatNames::new((0..6).map(|s| format!("P{s}")).collect(), None);
    let mut checked_out_on_grace = 0;
    for seed in 0..40 {
        let mut game = new_game(settings);
        let mut rng = game_rng(seed, 0);
        let mut events = parlor::games::Events::discarding();
        while game.turn() != Turn::Over {
            parlor::table::step_without_humans(
                game.as_mut(),
                &[BotLevel::Threshold; 6],
                &mut rng,
                &mut events,
            );
            let View::ChaseTheAce(v) = game.view(None) else {
                unreachable!()
            };
            let lines = tracker(&game.view(None), &names);
            let grace = lines.iter().find(|l| l.full.starts_with("On grace"));
            for seat in v.on_grace.iter().filter(|&s| !v.in_game.contains(s)) {
                checked_out_on_grace += 1;
                assert!(
                    grace.is_none_or(|l| !l.full.contains(&names.name(seat))),
                    "{} is out but listed: {lines:?}",
                    names.name(seat)
                );
            }
            if v.phase == Phase::Over {
                let round = format!("Round {} ·", game.figures().rounds);
                assert!(
                    lines[0].full.starts_with(&round),
                    "{round} vs {:?}",
                    lines[0]
                );
            }
        }
    }
    assert!(checked_out_on_grace > 0, "someone went out on grace");
}

#[test]
fn the_odds_panel_keeps_every_seat_at_every_size() {
    // The most seats each game takes, the panel open: no seat's row falls off.
    for game in GameId::ALL {
        let (_, most, _) = game.ranges().players;
        let settings = screens::settings(game, Some(most), &[]);
        let mut app = App::new(screens::options(true), Some(setup_of(settings, true, 5)));
        play_until(&mut app, 5000, |a| deciding(a) || sitting(a).is_over());
        press(&mut app, KeyCode::Char('o'));
        sitting_mut(&mut app).wait_for_odds();
        let names = sitting(&app).table().names();
        for (width, height) in SIZES {
            let terminal = screen(&mut app, width, height);
            let rows = rows(&terminal);
            let panel = boxed(&rows, " Odds").expect("the odds panel").join("\n");
            for name in &names.said() {
                let shown: String = name.chars().take(5).collect();
                assert!(
                    panel.contains(&shown),
                    "{game} at {width}x{height}: {name} missing from the odds:\n{panel}"
                );
            }
        }
    }
}
