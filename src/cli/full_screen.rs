//! The commands that open the full screen (bare `parlor`, `play`, `daily`) and their
//! `--plain` line-by-line twins.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::config::load_config;
use super::output::{refuse, refuse_without_terminal, stopped_or, tell_stderr};
use super::schema::DailyArgs;
use crate::config::ThemeChoice;
use crate::daily::{DailyDeal, DailyOutcome};
use crate::flags::{DisplayArgs, PlayArgs};
use crate::plain;
use crate::review;
use crate::signals;
use crate::stats::{DailyRun, Recorder, Store};
use crate::table::GameSetup;
use crate::tui::{self, App, Options};

/// The full screen, opened at the menu unless `start` sits down somewhere (a table, a
/// replay, the daily deal), with `auto` for the person's seat; `instead` says what to do
/// without a terminal. What the player would keep (the daily deal's line) is printed after.
pub(super) fn run_full_screen(
    data_dir: Option<PathBuf>,
    display: &DisplayArgs,
    start: impl FnOnce(&mut App),
    auto: bool,
    instead: &str,
) -> ExitCode {
    if let Some(refused) = refuse_without_terminal(instead) {
        return refused;
    }
    let (config, config_dir, problems) = load_config();
    let light_background = (display.theme.unwrap_or(config.theme) == ThemeChoice::Auto)
        .then(tui::theme::light_background)
        .flatten();
    // NO_COLOR: any non-empty value (<https://no-color.org>).
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let options = Options::from_flags(display, &config, auto, light_background, no_color);
    let recorder = data_dir.map_or_else(Recorder::off, |dir| {
        Recorder::on(Store::new(dir).telling_waits(tui::tell))
    });
    let mut app = App::new(options, None)
        .with_recorder(recorder)
        .with_config(config, config_dir);
    start(&mut app);
    // The config file's problems, on screen as well as on stderr.
    if let Some(first) = problems.first() {
        let more = problems.len() - 1;
        app.notice = Some(tui::snapshot::Notice::Problem(if more == 0 {
            first.clone()
        } else {
            crate::said!(cli_more_problems, first = first, more = more)
        }));
    }
    match tui::run(app) {
        Ok(mut app) => {
            // What the screen said about the stats, again where it stays readable (if the
            // terminal is still there: writing to a closed one must not panic), and what
            // became of results that could not be saved.
            let all_saved = app.recorder.finish();
            let mut stderr = std::io::stderr();
            for notice in app.notices_shown.iter().chain(&app.recorder.take_notices()) {
                let _ = writeln!(stderr, "parlor: {notice}");
            }
            for line in &app.to_print {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
            // Ctrl-C is read as a key in raw mode, but it means what SIGINT means.
            let interrupted = ExitCode::from(128 + signals::SIGINT);
            stopped_or(if app.interrupted {
                interrupted
            } else if all_saved {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Err(e) => {
            eprintln!(
                "error: {}",
                crate::said!(cli_terminal_failed, reason = e.to_string())
            );
            ExitCode::FAILURE
        }
    }
}

/// The menu, or straight to the table of `setup`, telling `note` there.
pub(super) fn run_tui(
    data_dir: Option<PathBuf>,
    display: &DisplayArgs,
    setup: Option<GameSetup>,
    auto: bool,
    note: Option<&str>,
) -> ExitCode {
    run_full_screen(
        data_dir,
        display,
        |app| {
            if let Some(setup) = setup {
                app.start(setup);
            }
            if let Some(note) = note {
                app.notice = Some(tui::snapshot::Notice::Problem(note.to_owned()));
                app.notices_shown.push(note.to_owned());
            }
        },
        auto,
        &crate::said!(cli_play_plain_instead),
    )
}

/// `parlor daily`: today's deal in the full screen; its shareable line printed after.
pub(super) fn run_daily(args: &DailyArgs) -> ExitCode {
    let deal = DailyDeal::today(args.game.unwrap_or(DailyDeal::GAME));
    if args.plain {
        return run_daily_plain(deal, args.lines.resolve(), args.data.resolve());
    }
    run_full_screen(
        args.data.resolve(),
        &args.display,
        |app| app.start_daily(deal),
        false,
        &crate::said!(cli_daily_plain_instead),
    )
}

pub(super) fn run_play(args: &PlayArgs) -> ExitCode {
    let data_dir = args.data.resolve();
    // The first person's seat takes the name chosen in the settings (the full screen reads
    // the file again, and tells its problems).
    let config = crate::config::config_dir().map(|dir| crate::config::Config::load(&dir).0);
    let names: Vec<String> = config
        .as_ref()
        .and_then(crate::config::Config::chosen_name)
        .map(str::to_owned)
        .into_iter()
        .collect();
    let setup = match args.table(&names) {
        Ok(setup) => setup,
        Err(e) => return refuse(&e),
    };
    let note = args.code_note();
    if args.plain {
        if let Some(note) = note {
            eprintln!("parlor: {note}");
        }
        return run_plain(args, &setup, data_dir);
    }
    run_tui(data_dir, &args.display, Some(setup), args.auto, note)
}

/// `play --plain`: lines on stdout, answers from stdin.
fn run_plain(args: &PlayArgs, setup: &GameSetup, data_dir: Option<PathBuf>) -> ExitCode {
    let games = plain::Games {
        setup,
        count: args.games,
        auto: args.auto,
        seed_given: args.deal.seed.is_some() || args.code.is_some(),
        detail: args.lines.resolve(),
    };
    run_lines(data_dir, |recorder, input, out, stop| {
        plain::play(&games, input, out, &stop, |table| {
            let result = recorder.record_table(table, args.auto, None);
            warn(recorder);
            recorder.record_line(&result).into_iter().collect()
        })
    })
}

/// `daily --plain`: the daily deal in lines, its attempt counted or practice as at the
/// full screen, and the line to share printed last.
fn run_daily_plain(deal: DailyDeal, detail: plain::Detail, data_dir: Option<PathBuf>) -> ExitCode {
    let (config, _, _) = load_config();
    run_lines(data_dir, |recorder, input, out, stop| {
        let mut daily = DailyRun::begin(deal, recorder);
        warn(recorder);
        if daily.under_way_elsewhere {
            eprintln!("parlor: {}", DailyRun::under_way());
            return Ok(plain::Ending::Abandoned);
        }
        let seats = deal.seats(Some(&config.name));
        let asked = plain::Daily {
            deal,
            practice: daily.practice.is_some(),
            detail,
        };
        plain::play_daily(&asked, seats, input, out, &stop, |table| {
            daily.record(table, recorder, false, || {
                review::seat_accuracy(table, crate::daily::YOUR_SEAT)
            });
            warn(recorder);
            let mut lines = daily.summary();
            lines.extend(daily.outcome.as_ref().map(DailyOutcome::share_line));
            lines
        })
    })
}

/// What the recorder has to tell, on stderr.
fn warn(recorder: &mut Recorder) {
    for notice in recorder.take_notices() {
        eprintln!("parlor: {notice}");
    }
}

/// Games in lines on stdout, answers from stdin, recorded in `data_dir`. Ctrl-C, SIGTERM
/// and SIGHUP leave the game as `q` would (recorded as abandoned, its replay saved), then
/// the parlor exits with 128 + the signal.
fn run_lines(
    data_dir: Option<PathBuf>,
    play: impl FnOnce(
        &mut Recorder,
        &mut std::io::BufReader<plain::InterruptibleStdin>,
        &mut std::io::StdoutLock<'static>,
        &dyn Fn() -> bool,
    ) -> std::io::Result<plain::Ending>,
) -> ExitCode {
    let mut recorder = data_dir.map_or_else(Recorder::off, |dir| {
        Recorder::on(Store::new(dir).telling_waits(tell_stderr))
    });
    warn(&mut recorder);
    let (stdin, interrupt) = match plain::InterruptibleStdin::start() {
        Ok(started) => started,
        Err(e) => {
            eprintln!(
                "error: {}",
                crate::said!(cli_cannot_read_stdin, reason = e.to_string())
            );
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = signals::catch(move || interrupt.interrupt(), || {}) {
        eprintln!(
            "parlor: {}",
            crate::said!(cli_cannot_catch_signals, reason = e.to_string())
        );
    }
    let mut out = std::io::stdout().lock();
    let ended = play(
        &mut recorder,
        &mut std::io::BufReader::new(stdin),
        &mut out,
        &|| signals::requested().is_some(),
    );
    let all_saved = recorder.finish();
    warn(&mut recorder);
    if let Some(signal) = signals::requested() {
        return ExitCode::from(128 + signal as u8);
    }
    match ended {
        // A result that could not be saved is a file that failed.
        Ok(plain::Ending::Finished) if !all_saved => ExitCode::FAILURE,
        Ok(plain::Ending::Finished) => ExitCode::SUCCESS,
        Ok(plain::Ending::Abandoned) => ExitCode::from(1),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
