//! `parlor stats`: the record on the screen, as JSON, or started over.

use std::process::ExitCode;

use super::output::{USAGE, say, tell_stderr};
use super::schema::StatsArgs;
use crate::games::GameId;
use crate::said;
use crate::stats::{self, Store};

pub(super) fn run_stats(args: &StatsArgs) -> ExitCode {
    let Some(dir) = args.data.resolve() else {
        eprintln!("error: {}", said!(cli_no_data_dir));
        return ExitCode::from(USAGE);
    };
    let store = Store::new(dir).telling_waits(tell_stderr);
    // Results an earlier parlor kept aside belong in what is shown (and in a reset's
    // backup).
    for notice in store.merge_kept_telling().1 {
        tell_stderr(&notice);
    }
    if args.reset {
        if !args.yes {
            eprintln!("error: {}", said!(cli_reset_needs_yes));
            return ExitCode::from(USAGE);
        }
        return reset_stats(&store, args.game);
    }
    let stats = match store.load() {
        Ok((stats, loaded)) => {
            tell_if_moved(&store, loaded);
            stats
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let records: Vec<&stats::Record> = stats.for_game(args.game).collect();
    let daily: Vec<&stats::DailyRecord> = stats
        .daily
        .iter()
        .filter(|d| args.game.is_none_or(|g| d.game == g))
        .collect();
    if args.json {
        // The records are the stats file's own, so their schema is the file's format.
        let json = serde_json::json!({
            "schema": stats::VERSION,
            "records": records,
            "daily": daily,
        });
        say!(
            "{}",
            serde_json::to_string_pretty(&json).expect("stats serialise")
        );
        return ExitCode::SUCCESS;
    }
    if records.is_empty() {
        say!(
            "{}",
            said!(cli_no_games, file = store.path().display().to_string())
        );
        return ExitCode::SUCCESS;
    }
    say!("{}", stats::text::describe(records));
    if !daily.is_empty() {
        say!("\n{}", stats::text::describe_daily(daily));
    }
    ExitCode::SUCCESS
}

/// `stats --reset --yes`: start over for `game` (or every game), keeping a backup.
fn reset_stats(store: &Store, game: Option<GameId>) -> ExitCode {
    let which = game.map_or_else(|| "all".to_owned(), |g| g.to_string());
    match store.reset(game) {
        Ok((backup, loaded)) => {
            tell_if_moved(store, loaded);
            match backup {
                Some(backup) => say!(
                    "{}",
                    said!(
                        cli_reset_done,
                        game = &which,
                        backup = backup.display().to_string()
                    )
                ),
                None => say!(
                    "{}",
                    said!(
                        cli_reset_nothing,
                        game = &which,
                        dir = store.dir().display().to_string()
                    )
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Say where a stats file that could not be read was moved.
fn tell_if_moved(store: &Store, loaded: stats::Loaded) {
    if let stats::Loaded::Quarantined { reason, moved_to } = loaded {
        eprintln!(
            "parlor: {}",
            said!(
                cli_stats_moved,
                file = store.path().display().to_string(),
                reason = reason.to_string(),
                moved_to = moved_to.display().to_string()
            )
        );
    }
}
