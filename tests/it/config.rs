//! The config file: every setting read, a bad value reported by key and line while the
//! rest still applies, and what the settings screen saves read back the same.

use crate::support::screens;
use parlor::config::{Config, ConfigMistake, ConfigProblem, ThemeChoice};

use parlor::colors::{Painted, Role};
use parlor::games::{BotLevel, GameId};
use parlor::tui::theme::Theme;
use ratatui::style::Color;

fn parse(text: &str) -> (Config, Vec<ConfigProblem>) {
    Config::parse(text, "config.toml")
}

#[test]
fn a_missing_file_is_every_default_and_no_problem() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (config, problems) = Config::load(dir.path());
    assert_eq!(config, Config::default());
    assert!(problems.is_empty());
    assert_eq!(config.speed_ms, 700);
    assert!(config.mouse && !config.bell && !config.ascii);
    assert_eq!(config.bot_level(GameId::FortyOne), BotLevel::Expert);
}

#[test]
fn every_setting_is_read() {
    let (config, problems) = parse(
        r#"
theme = "light"
ascii = true
speed = 250
reduced_motion = true
mouse = false
bell = true
name = "Kim"
lines = "brief"

[bots]
forty-one = "safe"
chase-the-ace = "threshold"
"#,
    );
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(config.theme, ThemeChoice::Light);
    assert!(config.ascii && config.reduced_motion && config.bell && !config.mouse);
    assert_eq!(config.speed_ms, 250);
    assert_eq!(config.name, "Kim");
    assert_eq!(config.lines, parlor::plain::Detail::Brief);
    assert_eq!(config.bot_level(GameId::FortyOne), BotLevel::Safe);
    assert_eq!(config.bot_level(GameId::ChaseTheAce), BotLevel::Threshold);
}

#[test]
fn a_bad_value_is_told_by_key_and_line_and_the_rest_applies() {
    let (config, problems) = parse(
        r#"theme = "purple"
speed = -5
ascii = true
colour = "red"
bell = "yes"
name = ""
lines = "terse"

[bots]
forty-one = "genius"
chase-the-ace = "threshold"
"#,
    );
    let told: Vec<(usize, String)> = problems
        .iter()
        .map(|p| (p.line, p.mistake.to_string()))
        .collect();
    let expect = [
        (1, "theme: 'purple' is not a theme"),
        (2, "speed = -5"),
        (4, "unknown setting 'colour'"),
        (5, "bell = \"yes\""),
        (6, "name = \"\""),
        (7, "lines = \"terse\""),
        (
            10,
            "bots.forty-one = \"genius\": forty-one's levels are expert, safe, novice",
        ),
    ];
    for (line, start) in expect {
        assert!(
            told.iter().any(|(l, m)| *l == line && m.starts_with(start)),
            "line {line} '{start}' not told: {told:?}"
        );
    }
    assert_eq!(problems.len(), expect.len(), "{told:?}");
    assert!(
        matches!(&problems[2].mistake, ConfigMistake::UnknownSetting(key) if key == "colour"),
        "{told:?}"
    );
    // Each problem names the file and its line, in the file's order.
    assert!(
        problems[0]
            .to_string()
            .starts_with("config.toml line 1: theme"),
        "{}",
        problems[0]
    );
    // The good settings still apply; the bad ones keep their defaults.
    assert!(config.ascii);
    assert_eq!(config.theme, ThemeChoice::Dark);
    assert_eq!(config.speed_ms, 700);
    assert_eq!(config.name, "You");
    assert_eq!(config.lines, parlor::plain::Detail::Full);
    assert_eq!(config.bot_level(GameId::ChaseTheAce), BotLevel::Threshold);
    assert_eq!(config.bot_level(GameId::FortyOne), BotLevel::Expert);
}

#[test]
fn a_broken_file_is_told_with_its_line_and_everything_keeps_its_default() {
    let (config, problems) = parse("theme = \"light\"\nspeed = = 3\n");
    assert_eq!(config, Config::default());
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].line, 2, "{problems:?}");
}

#[test]
fn what_is_saved_reads_back_the_same() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config {
        theme: ThemeChoice::HighContrast,
        ascii: true,
        speed_ms: 1500,
        reduced_motion: true,
        mouse: false,
        bell: true,
        name: "Zoë \"Z\"".to_owned(),
        lines: parlor::plain::Detail::Brief,
        ..Config::default()
    };
    config.bots.insert(GameId::FortyOne, BotLevel::Novice);
    let path = config.save(dir.path()).expect("saved").path;
    assert!(path.ends_with("config.toml"));
    let (loaded, problems) = Config::load(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(loaded, config);
}

/// `parlor config --default` prints a file that reads back as every default, with no
/// problem, and names every setting the parser knows.
#[test]
fn the_commented_default_file_reads_back_as_the_defaults() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["config", "--default"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // The settings, the keys, then the dark theme's colours as a [colors] table, every line of it
    // commented out.
    let colours = Theme::dark().commented_colours();
    assert_eq!(
        text.trim_end(),
        format!(
            "{}{}\n{}",
            Config::commented_default(),
            parlor::tui::commands::commented_keys(),
            colours
        )
        .trim_end()
    );
    assert!(
        colours
            .lines()
            .skip_while(|l| *l != "[colors]")
            .skip(1)
            .all(|l| l.starts_with("# "))
    );
    let (config, problems) = Config::parse(&text, "default.toml");
    assert!(problems.is_empty(), "{problems:?}");
    let defaults = Config::default();
    assert_eq!(
        Config {
            bots: std::collections::BTreeMap::new(),
            ..config.clone()
        },
        defaults
    );
    for game in GameId::ALL {
        assert_eq!(config.bot_level(game), defaults.bot_level(game));
    }
    // Every setting the parser knows: a key line, or the [bots] or [colors] table.
    for key in parlor::config::KEYS {
        let line = if matches!(key, "bots" | "colors") {
            format!("\n[{key}]\n")
        } else {
            format!("\n{key} = ")
        };
        assert!(text.contains(&line), "{key} missing from:\n{text}");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let shown = config_command_in(dir.path());
    let shown = String::from_utf8_lossy(&shown.stdout).into_owned();
    assert!(
        shown.contains(&format!("data: {} (stats, replays)", dir.path().display())),
        "{shown}"
    );
}

/// `[colors]` colours any role of a theme and any seat, by name, by palette number or as
/// `#rrggbb`; what it cannot read is told by line, the rest still applies; the settings
/// screen's save keeps it; and the screen draws with it.
#[test]
fn colours_are_read_by_role_and_seat_and_drawn() {
    let (config, problems) = parse(
        r##"theme = "light"
[colors]
banner = "light-magenta"
seat-2 = 214
stake = "#ff8800"
felt = "nope"
wat = "red"
seat-11 = 3
error = "300"
"##,
    );
    let told: Vec<(usize, String)> = problems
        .iter()
        .map(|p| (p.line, p.mistake.to_string()))
        .collect();
    let expect = [
        (6, "colors.felt = \"nope\": a colour is a name"),
        (7, "colors.wat: not a colour role (they are title, stake,"),
        (8, "colors.seat-11: not a colour role"),
        (9, "colors.error = \"300\": a colour is a name"),
    ];
    assert_eq!(told.len(), expect.len(), "{told:?}");
    for ((line, message), (want_line, start)) in told.iter().zip(expect) {
        assert_eq!(*line, want_line, "{message}");
        assert!(message.starts_with(start), "{message}");
    }
    let colours: Vec<(Painted, Color)> = config.colors.iter().map(|(p, c)| (*p, *c)).collect();
    assert_eq!(
        colours,
        [
            (Painted::Role(Role::Stake), Color::Rgb(0xff, 0x88, 0x00)),
            (Painted::Role(Role::Banner), Color::LightMagenta),
            (Painted::Seat(1), Color::Indexed(214)),
        ]
    );
    let theme = Theme::light().painted(&config.colors);
    assert_eq!(theme.style(Role::Banner).fg, Some(Color::LightMagenta));
    assert_eq!(theme.seat(1).fg, Some(Color::Indexed(214)));
    assert_eq!(
        theme.seat(0),
        Theme::light().seat(0),
        "the rest is the theme's"
    );
    assert_eq!(theme.style(Role::Felt), Theme::light().style(Role::Felt));

    let dir = tempfile::tempdir().expect("temp dir");
    config.save(dir.path()).expect("saved");
    let (loaded, problems) = Config::load(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(loaded.colors, config.colors, "saved and read back");

    // The options the full screen starts with colour as the file says.
    let mut options = parlor::tui::Options::default();
    options.follow(&config);
    assert_eq!(
        options.theme.style(Role::Stake).fg,
        Some(Color::Rgb(0xff, 0x88, 0x00))
    );
    assert_eq!(options.theme.seat(1).fg, Some(Color::Indexed(214)));
    // And a table drawn with them shows the pot in the file's colour.
    let mut app = parlor::tui::App::new(
        parlor::tui::Options {
            theme: options.theme,
            ..screens::options(true)
        },
        Some(screens::setup(GameId::Lcr, Some(4), true, 3)),
    );
    screens::play_until(&mut app, 2000, screens::deciding);
    let terminal = screens::screen(&mut app, 80, 24);
    let pot = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .filter(|cell| cell.fg == Color::Rgb(0xff, 0x88, 0x00))
        .count();
    assert!(pot >= "Pot: 0".len(), "{pot} cells in the pot's colour");
}

/// Whatever the file holds, what is said of it steers no terminal: its keys, values, role
/// names and key names are quoted (a control character never shown, a long text cut
/// short), in the problems as in `parlor config`'s words on stderr and stdout.
#[test]
fn the_files_text_is_quoted_wherever_a_problem_shows_it() {
    let long = "x".repeat(10_000);
    let text = format!(
        r#"
"\u001b]0;TOP\u0007" = 1
theme = "\u001b[2J"
speed = "\u001b[2J"
bell = "\u001b[?1049h"
name = "\u001b[31m"
[bots]
"\u001b]2;GAME\u0007" = "safe"
forty-one = "\u001b[?25l"
[colors]
"\u001b[?1049h" = "red"
banner = "\u001b]2;COLOUR\u0007"
seat-1 = "{long}"
[keys]
pause = "\u001b]2;PWNED\u0007"
"\u001b]2;ACTION\u0007" = "x"
quit = ["q", "\u001b[?1049h"]
"#
    );
    let (_, problems) = parse(&text);
    assert!(problems.len() >= 12, "{problems:#?}");
    for problem in &problems {
        let said = problem.to_string();
        assert!(!said.chars().any(char::is_control), "{said:?}");
        assert!(said.chars().count() < 1_000, "{said}");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("config.toml"), &text).expect("write");
    let shown = config_command_in(dir.path());
    for (what, bytes) in [("stdout", &shown.stdout), ("stderr", &shown.stderr)] {
        let said = String::from_utf8_lossy(bytes);
        assert!(
            !said.chars().any(|c| c.is_control() && c != '\n'),
            "{what}: {said:?}"
        );
    }
    let stderr = String::from_utf8_lossy(&shown.stderr);
    assert!(
        stderr.contains("]2;PWNED"),
        "the key is still said: {stderr}"
    );
}

/// `parlor config` with its config and data in `dir`.
fn config_command_in(dir: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["config", "--data-dir"])
        .arg(dir)
        .env("PARLOR_CONFIG_DIR", dir)
        .output()
        .expect("runs")
}
