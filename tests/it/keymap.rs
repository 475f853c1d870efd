//! `[keys]` in config.toml: entries read and saved back, each kind of mistake told by its
//! line while the rest applies, and a moved key obeyed and shown where the old one was.

use crate::support::screens::{
    options, play_until, press, rows, screen, setup, sitting, table_waiting_for_you,
};

use crossterm::event::KeyCode;
use parlor::config::{Config, ConfigMistake, ConfigProblem};
use parlor::games::GameId;
use parlor::keymap::{Action, KeyMistake, Keymap, parse_key};
use parlor::tui::App;
use parlor::tui::app::Overlay;
use parlor::tui::commands::{clash_problems, settle};

/// `text` as the parlor reads a config file: its problems, clashing keys among them by
/// line, and the keys in force once the clashes are taken back.
fn parse(text: &str) -> (Config, Keymap, Vec<ConfigProblem>) {
    let (config, mut problems) = Config::parse(text, "config.toml");
    problems.extend(clash_problems(&config.keys, "config.toml"));
    problems.sort_by_key(|problem| problem.line);
    let keys = settle(&config.keys).0;
    (config, keys, problems)
}

/// The keys `text`'s `[keys]` moves, and that nothing in it was wrong.
pub fn keymap_of(text: &str) -> Keymap {
    let (_, keys, problems) = parse(text);
    assert!(problems.is_empty(), "{problems:?}");
    keys
}

#[test]
fn keys_are_read_by_character_and_by_name() {
    let keys = keymap_of(
        r#"
[keys]
pause = "P"
odds = "O"
quit = ["Q", "F10"]
back = "f2"
faster = "]"
slower = "["
help = "f1"
"#,
    );
    assert_eq!(keys.keys(Action::Pause), Some(&[KeyCode::Char('P')][..]));
    assert_eq!(
        keys.keys(Action::Quit),
        Some(&[KeyCode::Char('Q'), KeyCode::F(10)][..])
    );
    assert_eq!(keys.keys(Action::Back), Some(&[KeyCode::F(2)][..]));
    assert_eq!(keys.keys(Action::Help), Some(&[KeyCode::F(1)][..]));
    assert_eq!(
        keys.keys(Action::Auto),
        None,
        "an action not named keeps its key"
    );
    for name in [
        "space", "Enter", "esc", "tab", "pgup", "pgdn", "up", "f12", "?",
    ] {
        assert!(parse_key(name).is_some(), "{name}");
    }
    for name in ["spacebar", "ctrl-q", "f13", "", "ab"] {
        assert!(parse_key(name).is_none(), "{name}");
    }
}

#[test]
fn moved_keys_are_saved_and_read_back_the_same() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        keys: keymap_of("[keys]\npause = \"P\"\nquit = [\"Q\", \"f10\"]\nodds = '\"'\n"),
        ..Config::default()
    };
    config.save(dir.path()).expect("saved");
    let (loaded, problems) = Config::load(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(loaded, config);
}

#[test]
fn every_action_is_in_the_commented_default_at_its_key() {
    let text = format!(
        "{}{}",
        Config::commented_default(),
        parlor::tui::commands::commented_keys()
    );
    assert_eq!(parse(&text).0.keys, Keymap::default());
    for action in Action::ALL {
        let key = parlor::tui::commands::default_key(action).expect("every action is a row's");
        assert!(
            text.contains(&format!("\n# {action} = {} ", Keymap::value_of(&[key]))),
            "{action} missing from:\n{text}"
        );
    }
    // Uncommented, the table reads back as every key where it is.
    let uncommented: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != "# [keys]")
        .map(|line| line.trim_start_matches("# "))
        .collect();
    let uncommented = uncommented.join("\n");
    let (_, keys, problems) = parse(&uncommented);
    assert!(problems.is_empty(), "{problems:?}\n{uncommented}");
    assert_eq!(keys.moved().count(), Action::ALL.len());
}

#[test]
fn each_mistake_is_told_by_its_line_and_the_rest_applies() {
    let (config, keys, problems) = parse(
        r#"theme = "light"

[keys]
odds = "O"
jump = "j"
pause = "spacebar"
step = 3
rules = "o"
review = "g"
new = "N"
help = "k"
auto = "x"
"#,
    );
    let told: Vec<(usize, String)> = problems
        .iter()
        .map(|p| (p.line, p.mistake.to_string()))
        .collect();
    assert_eq!(problems.len(), 6, "{told:#?}");
    let at = |line: usize| {
        problems
            .iter()
            .find(|p| p.line == line)
            .unwrap_or_else(|| panic!("nothing told on line {line}: {told:#?}"))
    };
    assert!(matches!(
        at(5).mistake,
        ConfigMistake::Keys(KeyMistake::UnknownAction(_))
    ));
    assert!(matches!(
        at(6).mistake,
        ConfigMistake::Keys(KeyMistake::NoSuchKey { .. })
    ));
    assert!(matches!(
        at(7).mistake,
        ConfigMistake::Keys(KeyMistake::NotKeys { .. })
    ));
    // `o` is odds' no longer (odds moved to O): rules may have it.
    // `g` is the same seed again at a game's end, where review is offered too.
    assert!(
        matches!(&at(9).mistake, ConfigMistake::Keys(KeyMistake::Clash { action: Action::Review, by, .. }) if by == "same-seed"),
        "{told:#?}"
    );
    // `k` moves up the menu (and is typed into a name): help stays `?`.
    assert!(matches!(
        at(11).mistake,
        ConfigMistake::Keys(KeyMistake::Clash {
            action: Action::Help,
            ..
        })
    ));
    // `x` exchanges, a choice's own key, while auto is offered.
    assert!(matches!(
        at(12).mistake,
        ConfigMistake::Keys(KeyMistake::Clash {
            action: Action::Auto,
            ..
        })
    ));
    assert_eq!(config.theme, parlor::config::ThemeChoice::Light);
    assert_eq!(keys.keys(Action::Odds), Some(&[KeyCode::Char('O')][..]));
    assert_eq!(keys.keys(Action::Rules), Some(&[KeyCode::Char('o')][..]));
    assert_eq!(keys.keys(Action::New), Some(&[KeyCode::Char('N')][..]));
    for kept in [
        Action::Pause,
        Action::Step,
        Action::Auto,
        Action::Review,
        Action::Help,
    ] {
        assert_eq!(keys.keys(kept), None, "{kept} keeps its default");
    }
}

#[test]
fn a_mistake_is_told_on_the_line_that_sets_it() {
    // `up` is in `pgup` a line before; `x` is typed into a name, where up is offered.
    let (_, keys, problems) = parse("[keys]\ndown = \"pgup\"\nup = \"x\"\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].line, 3, "{}", problems[0]);
    assert_eq!(keys.keys(Action::Down), Some(&[KeyCode::PageUp][..]));
}

#[test]
fn two_actions_given_one_key_keep_the_first_and_the_second_its_default() {
    let (config, keys, problems) = parse("[keys]\nauto = \"P\"\npause = \"P\"\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].line, 3);
    assert!(problems[0].to_string().contains("auto"), "{}", problems[0]);
    assert_eq!(keys.keys(Action::Auto), Some(&[KeyCode::Char('P')][..]));
    assert_eq!(keys.keys(Action::Pause), None);
    // The file keeps what it says: the settings screen saves the clashing entry back.
    assert_eq!(
        config.keys.keys(Action::Pause),
        Some(&[KeyCode::Char('P')][..])
    );
    // Swapped, two keys do not clash.
    let swapped = keymap_of("[keys]\nauto = \"p\"\npause = \"a\"\n");
    assert_eq!(swapped.keys(Action::Auto), Some(&[KeyCode::Char('p')][..]));
}

fn with_keys(keys: Keymap) -> parlor::tui::Options {
    parlor::tui::Options {
        keymap: keys,
        ..options(false)
    }
}

/// The footer line of the table as drawn.
fn footer(app: &mut App) -> String {
    rows(&screen(app, 120, 30))
        .last()
        .cloned()
        .expect("a screen")
}

#[test]
fn a_moved_key_does_its_action_and_the_old_key_nothing() {
    let mut app = table_waiting_for_you(GameId::Lcr, 3);
    app.options = with_keys(keymap_of(
        "[keys]\nodds = \"O\"\nfaster = \"]\"\nhelp = \"f1\"\n",
    ));
    let shown = footer(&mut app);
    assert!(shown.contains(" O  odds "), "{shown}");
    assert!(shown.contains(" ]/-  speed "), "{shown}");
    assert!(!shown.contains(" o  odds "), "{shown}");
    press(&mut app, KeyCode::Char('o'));
    assert!(sitting(&app).odds.is_none(), "o no longer shows the odds");
    press(&mut app, KeyCode::Char('O'));
    assert!(sitting(&app).odds.is_some(), "O shows them");
    // The panel and the log's first words tell the keys in force too.
    let table = rows(&screen(&mut app, 120, 30)).join("\n");
    assert!(table.contains("(O hides)"), "{table}");
    assert!(table.contains("F1 every key"), "{table}");
    // The help tells the key in force.
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay, None, "? no longer opens the help");
    press(&mut app, KeyCode::F(1));
    assert_eq!(app.overlay, Some(Overlay::Help { scroll: 0 }));
    let help = rows(&screen(&mut app, 120, 40)).join("\n");
    assert!(help.contains("O             odds"), "{help}");
    assert!(!help.contains("o             odds"), "{help}");
}

#[test]
fn the_game_over_hint_tells_the_moved_keys() {
    let mut app = App::new(
        with_keys(keymap_of(
            "[keys]\nreview = \"V\"\nquit = [\"Q\", \"f10\"]\n",
        )),
        Some(setup(GameId::Lcr, None, false, 4)),
    );
    play_until(&mut app, 5000, |app| sitting(app).stage.finished());
    for _ in 0..50 {
        app.tick(std::time::Instant::now());
    }
    let shown = rows(&screen(&mut app, 120, 40)).join("\n");
    assert!(shown.contains("V review"), "{shown}");
    assert!(shown.contains("Q/F10 quit"), "{shown}");
    press(&mut app, KeyCode::Char('v'));
    assert!(
        matches!(app.screen, parlor::tui::app::Screen::Table),
        "v no longer opens the review"
    );
    press(&mut app, KeyCode::Char('V'));
    assert!(matches!(app.screen, parlor::tui::app::Screen::Review(_)));
}

#[test]
fn parlor_config_shows_the_moved_keys_and_tells_the_mistaken_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("config.toml"),
        "[keys]\npause = \"P\"\nquit = [\"q\", \"f10\"]\nodds = \"a\"\n",
    )
    .expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlor"))
        .env("PARLOR_CONFIG_DIR", dir.path())
        .env("PARLOR_DATA_DIR", dir.path())
        .arg("config")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("keys.pause          \"P\"              config.toml"),
        "{shown}"
    );
    assert!(
        shown.contains("keys.quit           [\"q\", \"f10\"]"),
        "{shown}"
    );
    assert!(!shown.contains("keys.odds"), "{shown}");
    let told = String::from_utf8_lossy(&out.stderr);
    assert!(
        told.contains("line 4: keys.odds = \"a\": at the table a is auto already"),
        "{told}"
    );
}
