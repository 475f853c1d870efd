//! The README's commands: every `parlor` example it shows parses and passes the checks the
//! command would make, and every usage synopsis names exactly the flags of its command.

use clap::{CommandFactory, Parser};
use parlor::cli::{Cli, Command};
use parlor::games::Settings;

const README: &str = include_str!("../../README.md");

/// The fenced blocks of the README of one language, line by line.
fn block_lines(language: &str) -> Vec<&'static str> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in README.lines() {
        if let Some(fence) = line.strip_prefix("```") {
            inside = !inside && fence == language;
        } else if inside {
            lines.push(line);
        }
    }
    lines
}

/// The arguments after `parlor` in a shell command (up to a pipe, a redirection, `&&` or a
/// comment), if it runs the parlor at all.
fn parlor_arguments(command: &str) -> Option<Vec<&str>> {
    let command = command.split(" #").next().unwrap_or_default();
    let mut words = command.split_whitespace();
    words.find(|word| *word == "parlor" || word.ends_with("/parlor"))?;
    Some(
        words
            .take_while(|word| !["|", "&&", ";"].contains(word) && !word.contains(['>', '<']))
            .collect(),
    )
}

/// Every `parlor` command of the README's `sh` blocks and of its tables' last column.
fn examples() -> Vec<Vec<&'static str>> {
    let in_blocks = block_lines("sh").into_iter().filter_map(parlor_arguments);
    let in_tables = README
        .lines()
        .filter(|line| line.starts_with('|'))
        .filter_map(|row| row.trim_end_matches('|').rsplit('|').next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2))
        .filter_map(parlor_arguments);
    in_blocks.chain(in_tables).collect()
}

/// Parse `arguments` as the parlor would, and make the checks it makes before it starts.
fn check(arguments: &[&str]) -> Result<(), String> {
    let cli = match Cli::try_parse_from(std::iter::once("parlor").chain(arguments.iter().copied()))
    {
        Ok(cli) => cli,
        // `--version` and `--help` "fail" on stdout.
        Err(e) if !e.use_stderr() => return Ok(()),
        Err(e) => return Err(e.to_string()),
    };
    match &cli.command {
        Some(Command::Play(args)) => {
            let settings = match (&args.code, args.game) {
                (Some(code), _) => {
                    parlor::replay::parse_code(code)
                        .map_err(|e| e.to_string())?
                        .settings
                }
                (None, Some(game)) => args.deal.settings(game).map_err(|e| e.to_string())?,
                (None, None) => return Err("no game".to_owned()),
            };
            args.deal.bot_levels(&settings).map(drop)
        }
        Some(Command::Sim(args)) => args
            .deal
            .settings(args.game)
            .and_then(|settings| args.deal.bot_levels(&settings))
            .map(drop),
        Some(Command::Odds(args)) => Settings::new(args.game, &args.rules.request()).map(drop),
        _ => Ok(()),
    }
    .map_err(|e| e.to_string())
}

#[test]
fn every_example_parses_and_its_settings_hold() {
    let examples = examples();
    // The examples this test must find, so a change of format cannot empty it unseen.
    for wanted in [
        &[
            "sim",
            "forty-one",
            "--games",
            "20000",
            "--seed",
            "1",
            "--bot",
            "expert,safe,safe,safe",
        ][..],
        &["completions", "bash"],
        &["man", "--dir", "~/.local/share/man/man1"],
        &[
            "sim",
            "lcr",
            "--games",
            "20000",
            "--seed",
            "1",
            "--threads",
            "1",
        ],
        &["replay", "--last", "--plain"],
        &["review", "--last", "--json"],
        &["--version"],
    ] {
        assert!(
            examples.contains(&wanted.to_vec()),
            "no example {wanted:?} in {examples:?}"
        );
    }
    assert!(examples.len() >= 20, "{examples:?}");
    for example in &examples {
        if !cfg!(feature = "host") && example.first().is_some_and(|word| *word == "host") {
            continue; // a parlor built without `host` does not have the command
        }
        if let Err(e) = check(example) {
            panic!("parlor {}: {e}", example.join(" "));
        }
    }
}

#[test]
fn the_checks_refuse_what_the_parlor_refuses() {
    for wrong in [
        &["sim", "lcr", "--bot", "expert"][..],
        &["sim", "forty-one", "--bot", "expert,safe"],
        &["odds", "lcr", "--players", "11"],
        &["play", "--code", "lcr.nonsense"],
        &["sim", "lcr", "--seeds", "1"],
    ] {
        assert!(check(wrong).is_err(), "{wrong:?}");
    }
}

#[test]
fn every_synopsis_names_exactly_its_commands_flags() {
    // Each synopsis starts `parlor COMMAND` and may go on over indented lines.
    let mut synopses: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in block_lines("text") {
        let mut words = line.split_whitespace();
        if line.starts_with("parlor ") {
            words.next();
            let command = words.next().expect("a command");
            synopses.push((command, Vec::new()));
        }
        let (_, flags) = synopses.last_mut().expect("a synopsis starts with parlor");
        flags.extend(words.flat_map(|word| {
            word.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .filter(|part| part.starts_with("--"))
        }));
    }
    let cli = Cli::command();
    for command in ["play", "sim", "odds", "stats", "replay", "review", "daily"] {
        let shown: std::collections::BTreeSet<&str> = synopses
            .iter()
            .filter(|(name, _)| *name == command)
            .flat_map(|(_, flags)| flags.iter().map(|flag| &flag[2..]))
            .collect();
        let taken: std::collections::BTreeSet<&str> = cli
            .find_subcommand(command)
            .expect("a command")
            .get_arguments()
            .filter_map(clap::Arg::get_long)
            .filter(|long| *long != "help")
            .collect();
        assert_eq!(shown, taken, "the README's synopsis of parlor {command}");
    }
}

/// The figures the README states of the code: the schema numbers of each `--json` and the
/// stats file's format.
#[test]
fn the_readme_states_the_schemas_the_code_writes() {
    let stats = format!(
        "`schema` in `stats --json` is the stats file's format ({})",
        parlor::stats::VERSION
    );
    let review = format!(
        "`--json` one object: `schema` ({}), `seats`",
        parlor::review::JSON_SCHEMA
    );
    let sim = format!(
        "`--json` prints one object: `schema` ({}: raised when a",
        parlor::sim::JSON_SCHEMA
    );
    for said in [stats, review, sim] {
        let flat: String = README.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&said), "the README should say: {said}");
    }
}
