//! The docs' commands: every `parlor` example the README, the guide, the hosting notes and
//! the performance table show parses and passes the checks the command would make, and every
//! usage synopsis names exactly the flags of its command.

use clap::{CommandFactory, Parser};
use parlor::cli::{Cli, Command};
use parlor::games::Settings;

/// The docs a reader runs commands from, by name.
const DOCS: [(&str, &str); 4] = [
    ("README.md", include_str!("../../README.md")),
    ("GUIDE.md", include_str!("../../GUIDE.md")),
    ("HOSTING.md", include_str!("../../HOSTING.md")),
    ("PERFORMANCE.md", include_str!("../../PERFORMANCE.md")),
];

/// The fenced blocks of one language in every doc, each as its lines.
fn blocks(language: &str) -> Vec<Vec<&'static str>> {
    let mut blocks = Vec::new();
    for (_, doc) in DOCS {
        let mut inside = false;
        for line in doc.lines() {
            if let Some(fence) = line.strip_prefix("```") {
                inside = !inside && fence == language;
                if inside {
                    blocks.push(Vec::new());
                }
            } else if inside && let Some(block) = blocks.last_mut() {
                block.push(line);
            }
        }
    }
    blocks
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

/// Every `parlor` command of the docs' `sh` blocks, of their `ini` blocks (a service's
/// `ExecStart=`) and of their tables' last column.
fn examples() -> Vec<Vec<&'static str>> {
    let in_blocks = ["sh", "ini"]
        .into_iter()
        .flat_map(blocks)
        .flatten()
        .filter_map(parlor_arguments);
    let in_tables = DOCS
        .iter()
        .flat_map(|(_, doc)| doc.lines())
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
    // A synopsis is a `text` block that starts `parlor COMMAND`; each line starting `parlor`
    // starts another, which may go on over indented lines. (Other `text` blocks, such as the
    // README's screenshot, are no synopsis.)
    let mut synopses: Vec<(&str, Vec<&str>)> = Vec::new();
    let synopsis_blocks = blocks("text").into_iter().filter(|block| {
        block
            .first()
            .is_some_and(|line| line.starts_with("parlor "))
    });
    for line in synopsis_blocks.flatten() {
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
        assert_eq!(shown, taken, "the docs' synopsis of parlor {command}");
    }
}

/// The figures the guide states of the code: the schema numbers of each `--json` and the
/// stats file's format.
#[test]
fn the_guide_states_the_schemas_the_code_writes() {
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
    let (_, guide) = DOCS[1];
    let flat: String = guide.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [stats, review, sim] {
        assert!(flat.contains(&said), "GUIDE.md should say: {said}");
    }
}

/// The anchor a heading gets on GitHub: lower case, spaces to hyphens, other punctuation
/// dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || [' ', '-', '_'].contains(c))
        .map(|c| {
            if c == ' ' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

#[test]
fn every_link_between_the_docs_leads_somewhere() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The docs that run no commands but link to the others, and are linked to.
    let others = [
        ("ARCHITECTURE.md", include_str!("../../ARCHITECTURE.md")),
        ("CONTRIBUTING.md", include_str!("../../CONTRIBUTING.md")),
        ("CHANGELOG.md", include_str!("../../CHANGELOG.md")),
    ];
    let mut checked = 0;
    for (name, doc) in DOCS.into_iter().chain(others) {
        for target in doc
            .split("](")
            .skip(1)
            .filter_map(|rest| rest.split(')').next())
        {
            if target.contains("://") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            let file = if file.is_empty() { name } else { file };
            let bytes = std::fs::read(root.join(file))
                .unwrap_or_else(|e| panic!("{name} links to {target}: {e}"));
            if !fragment.is_empty() {
                let text = String::from_utf8_lossy(&bytes);
                let anchors: Vec<String> = text
                    .lines()
                    .filter_map(|line| line.strip_prefix('#'))
                    .map(|heading| anchor(heading.trim_start_matches('#')))
                    .collect();
                assert!(
                    anchors.iter().any(|a| a == fragment),
                    "{name} links to {target}, a heading {file} does not have: {anchors:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} links found");
}
