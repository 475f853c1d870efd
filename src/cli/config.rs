//! `parlor config`, and the config file as every full-screen command reads it.

use std::path::PathBuf;
use std::process::ExitCode;

use super::output::{refuse, say, tell_stderr};
use crate::colors::colour_text;
use crate::config::{self, Config};
use crate::flags::DataDirArg;
use crate::games::GameId;
use crate::keymap::Keymap;
use crate::tui::commands::{clash_problems, settle};

/// The settings in the config file, each problem in it told on stderr by key and line
/// (and returned, for the full screen to show too).
pub(super) fn load_config() -> (Config, Option<PathBuf>, Vec<String>) {
    let Some(dir) = config::config_dir() else {
        return (Config::default(), None, Vec::new());
    };
    let (config, mut problems) = Config::load(&dir);
    // A key the file moves onto one another action keeps is known only to the front-end,
    // which takes it back; it is told here with the file's other mistakes.
    let path = dir.join(config::FILE_NAME).display().to_string();
    problems.extend(clash_problems(&config.keys, &path));
    problems.sort_by_key(|problem| problem.line);
    let told: Vec<String> = problems.iter().map(ToString::to_string).collect();
    for problem in &told {
        tell_stderr(problem);
    }
    (config, Some(dir), told)
}

/// `parlor config`: where the file and the data are, and every setting in force with where
/// it came from.
pub(super) fn show_config(data: &DataDirArg) -> ExitCode {
    let (config, dir, _) = load_config();
    let Some(dir) = dir else {
        return refuse(&crate::said!(cli_no_config_dir));
    };
    let path = dir.join(config::FILE_NAME);
    let found = path.is_file();
    let file = path.display().to_string();
    if found {
        say!("{file}");
    } else {
        say!("{}", crate::said!(cli_config_missing, file = file));
    }
    match data.resolve() {
        Some(dir) => say!(
            "{}",
            crate::said!(cli_config_data, dir = dir.display().to_string())
        ),
        None => say!("{}", crate::said!(cli_config_no_data)),
    }
    let defaults = Config::default();
    let default = crate::said!(cli_config_default);
    let from = |same: bool| {
        if same {
            default.as_str()
        } else {
            "config.toml"
        }
    };
    let speed = config.speed_ms.to_string();
    let lines: [(&str, String, bool); 8] = [
        (
            "language",
            config.language.to_string(),
            config.language == defaults.language,
        ),
        (
            "theme",
            config.theme.to_string(),
            config.theme == defaults.theme,
        ),
        (
            "ascii",
            config.ascii.to_string(),
            config.ascii == defaults.ascii,
        ),
        ("speed", speed, config.speed_ms == defaults.speed_ms),
        (
            "reduced_motion",
            config.reduced_motion.to_string(),
            config.reduced_motion == defaults.reduced_motion,
        ),
        (
            "mouse",
            config.mouse.to_string(),
            config.mouse == defaults.mouse,
        ),
        (
            "bell",
            config.bell.to_string(),
            config.bell == defaults.bell,
        ),
        ("name", config.name.clone(), config.name == defaults.name),
    ];
    for (key, value, same) in lines {
        say!("{key:<19} {value:<16} {}", from(same));
    }
    for game in GameId::ALL.into_iter().filter(|g| g.bot_levels().len() > 1) {
        let level = config.bot_level(game);
        say!(
            "{:<19} {:<16} {}",
            format!("bots.{game}"),
            level.name(),
            from(!config.bots.contains_key(&game))
        );
    }
    // The theme's own colours are many and shown by `--default`; only the file's are here.
    for (painted, &colour) in &config.colors {
        say!(
            "{:<19} {:<16} {}",
            format!("colors.{painted}"),
            colour_text(colour),
            from(false)
        );
    }
    // Only the keys moved: every other is as the footers and `parlor config --default` say.
    for (action, keys) in settle(&config.keys).0.moved() {
        say!(
            "{:<19} {:<16} {}",
            format!("keys.{action}"),
            Keymap::value_of(keys),
            from(false)
        );
    }
    ExitCode::SUCCESS
}
