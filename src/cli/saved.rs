//! The commands that read a saved game: `replay` and `review`.

use std::process::ExitCode;

use super::full_screen::run_full_screen;
use super::output::{refuse, say, tell_stderr, write_out};
use super::schema::{ReplayArgs, ReviewArgs, SavedGameArgs};
use crate::replay;
use crate::review::Review;
use crate::words::{self, Language};

impl SavedGameArgs {
    /// The replay these flags name, read and checked; the refusal to exit with if it
    /// cannot be.
    fn load(&self) -> Result<(replay::Replay, replay::Timeline), ExitCode> {
        match (&self.file, self.data.resolve()) {
            (Some(file), _) => replay::Replay::load(file).map_err(|e| refuse(&e)),
            (None, Some(dir)) => {
                let last = replay::last(&dir).map_err(|e| refuse(&e))?;
                for passed in &last.passed_over {
                    tell_stderr(&crate::said!(cli_passed_over, file = passed.to_string()));
                }
                Ok((last.replay, last.timeline))
            }
            (None, None) => Err(refuse(&crate::said!(cli_no_data_dir))),
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
        let status = if replay.finished {
            "finished"
        } else {
            "abandoned"
        };
        say!(
            "{}",
            crate::said!(
                cli_replay_title,
                game = replay.game.title(),
                rules = last.game().settings().signature(),
                seed = replay.seed.to_string(),
                status = status
            )
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
        &crate::said!(cli_replay_plain_instead),
    )
}

/// `parlor review`: the review of a saved game, as text (with its chart, or `--plain`
/// without) or JSON.
pub(super) fn run_review(args: &ReviewArgs) -> ExitCode {
    let (_, timeline) = match args.game.load() {
        Ok(loaded) => loaded,
        Err(refused) => return refused,
    };
    if args.json {
        // JSON is for scripts: its words (when each point stands, the swings) stay English,
        // whatever language the player speaks.
        let review = words::speaking(Language::English, || Review::of(&timeline));
        say!("{}", review.to_json());
    } else {
        let review = Review::of(&timeline);
        say!("{}", review.to_text(!args.plain).trim_end());
    }
    ExitCode::SUCCESS
}
