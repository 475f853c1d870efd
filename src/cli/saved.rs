//! The commands that read a saved game: `replay` and `review`.

use std::process::ExitCode;

use super::full_screen::run_full_screen;
use super::output::{refuse, say, tell_stderr, write_out};
use super::schema::{ReplayArgs, ReviewArgs, SavedGameArgs};
use crate::replay;
use crate::review::Review;

impl SavedGameArgs {
    /// The replay these flags name, read and checked; the refusal to exit with if it
    /// cannot be.
    fn load(&self) -> Result<(replay::Replay, replay::Timeline), ExitCode> {
        match (&self.file, self.data.resolve()) {
            (Some(file), _) => replay::Replay::load(file).map_err(|e| refuse(&e)),
            (None, Some(dir)) => {
                let last = replay::last(&dir).map_err(|e| refuse(&e))?;
                for passed in &last.passed_over {
                    tell_stderr(&format!("passed over a newer file: {passed}"));
                }
                Ok((last.replay, last.timeline))
            }
            (None, None) => Err(refuse(
                &"no data directory: set PARLOR_DATA_DIR or pass --data-dir",
            )),
        }
    }
}

pub(super) fn run_replay(args: &ReplayArgs) -> ExitCode {
    let (replay, timeline) = match args.game.load() {
        Ok(loaded) => loaded,
        Err(refused) => return refused,
    };
    if args.plain {
        let last = timeline.last();
        say!(
            "== {} replay: {} (seed {}), {} ==",
            replay.game.title(),
            last.game().settings().signature(),
            replay.seed,
            if replay.finished {
                "finished"
            } else {
                "abandoned"
            }
        );
        if let Some(start) = timeline.table(0) {
            write_out(|out| crate::plain::replay(start, last, args.lines.resolve(), out));
        }
        return ExitCode::SUCCESS;
    }
    run_full_screen(
        None,
        &args.display,
        |app| app.watch_replay(timeline),
        false,
        "add --plain to print the game's log",
    )
}

/// `parlor review`: the review of a saved game, as text (with its chart, or `--plain`
/// without) or JSON.
pub(super) fn run_review(args: &ReviewArgs) -> ExitCode {
    let (_, timeline) = match args.game.load() {
        Ok(loaded) => loaded,
        Err(refused) => return refused,
    };
    let review = Review::of(&timeline);
    if args.json {
        say!("{}", review.to_json());
    } else {
        say!("{}", review.to_text(!args.plain).trim_end());
    }
    ExitCode::SUCCESS
}
