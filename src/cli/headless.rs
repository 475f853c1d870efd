//! The headless commands: `sim` plays bots-only games, `odds` works out every seat's chance.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use super::output::{refuse, say};
use super::schema::{OddsArgs, SimArgs};
use crate::games::Settings;
use crate::sim::{self, SimOptions};

pub(super) fn run_odds(args: &OddsArgs) -> ExitCode {
    let settings = match Settings::new(args.game, &args.rules.request()) {
        Ok(settings) => settings,
        Err(e) => return refuse(&e),
    };
    let report = crate::odds::OddsReport::start(&settings);
    if args.json {
        say!("{}", report.to_json());
    } else {
        say!("{}", report.summary().trim_end());
    }
    ExitCode::SUCCESS
}

pub(super) fn run_sim(args: &SimArgs) -> ExitCode {
    let settings = match args.deal.settings(args.game) {
        Ok(settings) => settings,
        Err(e) => return refuse(&e),
    };
    let levels = match args.deal.bot_levels(&settings) {
        Ok(levels) => levels,
        Err(e) => return refuse(&e),
    };
    let options = SimOptions {
        settings,
        games: args.games,
        seed: args.deal.seed(),
        levels,
    };
    // A progress bar only on a terminal, and only once the run has gone on a while (the
    // first report comes after 100 ms).
    let show_progress = std::io::stderr().is_terminal();
    let mut shown = false;
    let mut stderr = std::io::stderr();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let run = sim::run(options, threads, |done, total| {
        if show_progress {
            shown = true;
            let width = 30;
            let filled = (done * width / total.max(1)) as usize;
            let _ = write!(
                stderr,
                "\r[{}{}] {done}/{total} games",
                "#".repeat(filled),
                " ".repeat(width as usize - filled)
            );
        }
    });
    if shown {
        let _ = write!(stderr, "\r{}\r", " ".repeat(60));
    }
    if run.threads_refused > 0 {
        eprintln!(
            "parlor: the system would not start {} threads; the games ran on {} (the figures are the same)",
            run.threads_refused, run.threads
        );
    }
    if args.json {
        say!("{}", run.to_json());
    } else {
        say!("{}", run.summary().trim_end());
        if args.histogram {
            say!("\n{}", run.histogram().trim_end());
        }
    }
    ExitCode::SUCCESS
}
