//! The line mode in the parlor's languages, as a screen reader hears it: whole games in
//! Swedish and English with no symbol in a line, and `--lines brief` against `full`.

use crate::cli::{parlor_with_stdin, stderr, stdout};

/// What a screen reader would spell out, or a line mode should not draw.
const SYMBOLS: [char; 9] = ['●', '♥', '♠', '♦', '♣', '·', '|', '[', ']'];

/// A whole Chase the Ace game played by the bots for you, seed 7, in `lang`, with `lines`.
fn chase_the_ace(lang: &str, lines: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let args = [
        "play",
        "chase-the-ace",
        "--plain",
        "--auto",
        "--seed",
        "7",
        "--lang",
        lang,
        "--lines",
        lines,
        "--data-dir",
        d,
    ];
    let out = parlor_with_stdin(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

fn assert_no_symbols(text: &str) {
    for symbol in SYMBOLS {
        assert!(!text.contains(symbol), "{symbol:?} in:\n{text}");
    }
}

/// The table lines (indented) and the rest (the events, the header, the end).
fn split(text: &str) -> (Vec<&str>, Vec<&str>) {
    text.lines().partition(|line| line.starts_with("  "))
}

#[test]
fn a_whole_chase_the_ace_game_in_swedish_says_the_line_modes_words_in_swedish() {
    let text = chase_the_ace("sv", "full");
    assert_no_symbols(&text);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first == "Jaga esset: 5 spelare, 3 liv var, frö 7.",
        "{text}"
    );
    for said in [
        "\nPartiet tog ",
        " turer på ",
        " omgångar.\n",
        "\nFrö: 7, spelkod: chase-the-ace.",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    for english in ["The game took", "Seed:", "game code", "Game abandoned"] {
        assert!(!text.contains(english), "{english:?} in:\n{text}");
    }
}

#[test]
fn a_whole_chase_the_ace_game_in_english_has_no_symbols() {
    let text = chase_the_ace("en", "full");
    assert_no_symbols(&text);
    assert!(
        text.starts_with("Chase the Ace: 5 players, 3 lives each, seed 7.\n"),
        "{text}"
    );
    assert!(
        text.contains("\nThe game took 47 turns over 11 rounds.\n"),
        "{text}"
    );
    assert!(
        text.contains("\nSeed: 7, game code: chase-the-ace.v4.5p.3l.7.8o\n"),
        "{text}"
    );
}

/// Brief lines say the same events, and after a turn only the holdings that changed:
/// the whole table the first time and at the end, as full lines do.
#[test]
fn brief_lines_say_only_the_holdings_that_changed() {
    for lang in ["en", "sv"] {
        let full = chase_the_ace(lang, "full");
        let brief = chase_the_ace(lang, "brief");
        assert_no_symbols(&brief);
        let (full_tables, full_events) = split(&full);
        let (brief_tables, brief_events) = split(&brief);
        assert_eq!(full_events, brief_events, "the same events in {lang}");
        assert!(brief_tables.len() < full_tables.len(), "{brief}");
        assert_eq!(full_tables.last(), brief_tables.last(), "the end, whole");
        // In between: a seat's holding, no marks (dealer, out), and not every seat.
        let middle = &brief_tables[1..brief_tables.len() - 1];
        assert!(!middle.is_empty(), "{brief}");
        for line in middle {
            for seat in line.trim().split("; ") {
                assert_eq!(seat.matches(": ").count(), 1, "{seat:?} in {brief}");
                assert!(!seat.contains(", "), "no marks in brief: {seat:?}");
            }
            assert!(
                line.matches("; ").count() < 4,
                "not the whole table: {line}"
            );
        }
    }
    // After Dev's first lost life, only Dev's holding is said.
    let brief = chase_the_ace("en", "brief");
    assert!(
        brief.contains("Dev loses a life (2 left)\nAna deals a card to everyone still in\n  Dev: 2 of 3 lives\n"),
        "{brief}"
    );
    let full = chase_the_ace("en", "full");
    assert!(
        full.contains("Ana deals a card to everyone still in\n  You: 3 of 3 lives; Ana: 3 of 3 lives, dealer; Ben: 3 of 3 lives; Cara: 3 of 3 lives; Dev: 2 of 3 lives\n"),
        "{full}"
    );
}

/// A decision put in Swedish: the question, its help, an answer that picks nothing, the
/// odds, the whole table (`h`) and leaving, all in Swedish words.
#[test]
fn a_question_in_swedish() {
    let out = parlor_with_stdin(
        &[
            "play",
            "chase-the-ace",
            "--plain",
            "--seed",
            "1",
            "--lang",
            "sv",
        ],
        "x\n?\no\nh\nq\n",
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "left: {text}");
    // h: every seat of five, just after the question.
    assert!(
        text.lines()
            .any(|line| line.contains("avsluta > ") && line.matches("; ").count() == 4),
        "{text}"
    );
    assert_no_symbols(&text);
    for said in [
        ", ditt drag: k) ",
        ". Enter för k, ? för hjälp, q för att avsluta > ",
        "Skriv en av k, c, ? för hjälp eller q för att avsluta.\n",
        "Skriv något av detta och tryck Enter:\n",
        "  Bara Enter: det första, ",
        "  o: oddsen, i ord\n",
        "  h: allas innehav och markeringar\n",
        "  q: lämna partiet, det räknas som avbrutet\n",
        "Chansen att du hamnar lägst och förlorar ett liv, lägre är bättre: ",
        " om du behåller, ",
        "Partiet avbröts.\n",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    // Percentages as Swedish writes them.
    assert!(text.contains("\u{a0}%"), "{text}");
}

/// The daily deal in Swedish: its header, and why there are no odds.
#[test]
fn the_daily_deal_in_swedish() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let out = parlor_with_stdin(
        &["daily", "--plain", "--lang", "sv", "--data-dir", d],
        "o\n?\nq\n",
    );
    let text = stdout(&out);
    assert_no_symbols(&text);
    for said in [
        "Dagens giv ",
        "Inga odds i dagens giv: den spelas på eget omdöme, lika för alla.\n",
        "  o: oddsen, som inte ges i dagens giv\n",
        "Partiet avbröts.\n",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
}

/// `--lines` is for the line mode only, and is brief or full.
#[test]
fn lines_is_brief_or_full_and_needs_plain() {
    for args in [
        &["play", "lcr", "--lines", "brief"][..],
        &["play", "lcr", "--plain", "--lines", "terse"],
    ] {
        let out = parlor_with_stdin(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

/// `replay --plain` says a saved game as it was played, the table after each turn as
/// `--lines` asks: the same events, fewer table lines when brief.
#[test]
fn a_replay_in_brief_and_full_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let played = parlor_with_stdin(
        &[
            "play",
            "chase-the-ace",
            "--plain",
            "--watch",
            "--seed",
            "7",
            "--data-dir",
            d,
        ],
        "",
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let replay = |lines: &str| {
        let out = parlor_with_stdin(
            &[
                "replay",
                "--last",
                "--plain",
                "--lines",
                lines,
                "--lang",
                "sv",
                "--data-dir",
                d,
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let (full, brief) = (replay("full"), replay("brief"));
    let (full_tables, full_events) = split(&full);
    let (brief_tables, brief_events) = split(&brief);
    assert_eq!(full_events, brief_events);
    assert!(brief_tables.len() < full_tables.len(), "{brief}");
    assert_eq!(full_tables.last(), brief_tables.last());
}
