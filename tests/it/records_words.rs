//! The records' words in Swedish: `parlor stats`, a review in plain words, the daily deal's
//! summary and the line to share, each rendered as a Swedish player reads them.

use std::path::Path;
use std::process::Command;

use parlor::daily::{DailyDeal, DailyOutcome, Standing};
use parlor::games::{Action, Chance, Dice, GameId, Settings, SettingsRequest, Turn};
use parlor::replay::Replay;
use parlor::review::{Budget, Review};
use parlor::stats::{self, Involvement};
use parlor::table::{Seat, SeatKind, Step, Table};
use parlor::words::{Language, speaking};

/// Swedish sets a no-break space before the percent sign.
const NBSP: char = '\u{a0}';

fn swedish<T>(words: impl FnOnce() -> T) -> T {
    speaking(Language::Swedish, words)
}

#[test]
fn a_record_reads_in_swedish_with_decimal_commas() {
    let record = stats::Record {
        games: 3,
        wins: 1,
        losses: 2,
        abandoned: 1,
        auto_played: 2,
        current_streak: 0,
        longest_streak: 1,
        recent: "WLL".to_owned(),
        ..stats::Record::new(
            GameId::SwedishAces,
            "players=4 dice=5".to_owned(),
            Involvement::Played,
        )
    };
    let text = swedish(|| stats::text::describe([&record]));
    for said in [
        ", spelat\n  regler: 4 spelare, 5 tärningar var\n",
        &format!(
            "3 partier spelade, 1 vinst (33,3{NBSP}%), 2 förluster, 1 avbrutet, 2 autospelade"
        ),
        "svit: 0 nu, 1 som bäst",
        "senaste 3 (W vinst, L förlust, äldst först): WLL",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    assert_eq!(
        swedish(|| record.summary()),
        "Ditt resultat här: 1 vinst på 3"
    );
    // English stays as it was.
    assert!(stats::text::describe([&record]).contains("3 games finished, 1 win (33.3%), 2 losses"));
}

#[test]
fn the_daily_line_to_share_and_the_places_are_swedish() {
    let deal = DailyDeal {
        game: GameId::FortyOne,
        day: "2026-12-01".parse().expect("a date"),
    };
    let outcome = DailyOutcome {
        deal,
        yours: Standing::Pile(22),
        expert: Standing::Pile(23),
        accuracy: Some(0.94),
    };
    assert_eq!(
        swedish(|| outcome.share_line()),
        format!("parlor daily forty-one 2026-12-01: 22 (experten 23) 94{NBSP}% ▰▰▰▰▱")
    );
    let place = |place| Standing::Place { place, players: 12 };
    assert_eq!(swedish(|| place(1).to_string()), "1:a av 12");
    assert_eq!(swedish(|| place(2).short()), "2:a/12");
    assert_eq!(swedish(|| place(3).to_string()), "3:e av 12");
    assert_eq!(swedish(|| place(11).short()), "11:e/12");
    assert_eq!(place(3).to_string(), "3rd of 12");
    assert_eq!(place(11).short(), "11th/12");
}

/// A game of Forty-One where the person at seat 0 sets a 6 down where a 1 qualified at
/// once: a blunder (as tests/it/review.rs plays it).
fn blundered_game() -> Table {
    let settings = Settings::new(
        GameId::FortyOne,
        &SettingsRequest {
            players: Some(3),
            rounds: Some(2),
            ..SettingsRequest::default()
        },
    )
    .expect("settings in range");
    let level = settings.game.bot_levels()[0];
    let seats = (0..3u8)
        .map(|seat| Seat {
            name: ["Ana", "Ben", "Cara"][usize::from(seat)].to_owned(),
            kind: if seat == 0 {
                SeatKind::Human
            } else {
                SeatKind::Bot(level)
            },
        })
        .collect();
    let mut table = Table::new(settings, seats, 1);
    let rolls: [&[u8]; 6] = [
        &[4, 2, 2, 2, 2, 2],
        &[6, 2, 2, 2, 2],
        &[6, 2, 2, 2],
        &[6, 2, 2],
        &[1, 6],
        &[3],
    ];
    for (roll, face) in rolls.into_iter().zip([4, 6, 6, 6, 6, 3]) {
        table
            .replay_step(Step::Chance(Chance::Dice(Dice::new(roll))))
            .expect("the forced dice fit");
        let Turn::Seat(seat) = table.game().turn() else {
            panic!("a seat must decide")
        };
        table
            .replay_step(Step::Action {
                seat,
                action: Action::SetDown(face),
            })
            .expect("the action is legal");
    }
    table
}

#[test]
fn a_review_in_plain_words_is_swedish() {
    let timeline = Replay::of(&blundered_game())
        .timeline(Path::new("test"))
        .expect("a table's own game plays back");
    let budget = Budget {
        playout_steps: 200_000,
        threads: 2,
    };
    let review = swedish(|| Review::within(&timeline, &budget));
    let text = swedish(|| review.to_text(false));
    for said in [
        "Platser: Ana (genomgången), Ben, Cara",
        "Beslut av Ana",
        "med ett val. Precision ",
        "1 tabbe;",
        ": en tabbe",
        "Omgång 1, kast 5 av 6: ",
        "(valt)",
        "(bäst)",
        "procentenheter bortgivna",
        "i början",
        "i slutet",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
    assert!(text.contains(&format!("{NBSP}%")), "{text}");
    for english in [
        "Decisions of",
        "blunder",
        "at the start",
        "points given away",
    ] {
        assert!(!text.contains(english), "{english:?} in:\n{text}");
    }
}

fn parlor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn parlor_stats_speaks_swedish_with_lang_sv() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let out = parlor(&["stats", "--lang", "sv", "--data-dir", d]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Inga partier sparade än i "), "{text}");
    let out = parlor(&["stats", "--reset", "--lang", "sv", "--data-dir", d]);
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("--reset börjar om din statistik; lägg till --yes"),
        "{text}"
    );
}

#[test]
fn a_mistyped_or_old_game_code_is_told_in_swedish() {
    let settings = Settings::new(GameId::Lcr, &SettingsRequest::default()).expect("defaults");
    let code = parlor::replay::game_code(&settings, 12_345);
    let (body, check) = code.rsplit_once('.').expect("a check");
    let other = if check.starts_with('a') { "b" } else { "a" };
    let mistyped = format!("{body}.{other}{}", &check[1..]);
    let error = parlor::replay::parse_code(&mistyped).expect_err("a mistyped code");
    let said = swedish(|| error.to_string());
    assert!(
        said.contains("' är ingen spelkod: den är felskriven"),
        "{said}"
    );
    // A code of format 3 carries no check: dealt, with a note in the player's language.
    let unchecked = body.replace(".v4.", ".v3.");
    let coded = parlor::replay::parse_code(&unchecked).expect("an old code deals");
    let note = swedish(|| coded.unchecked_note()).expect("a note");
    assert!(
        note.starts_with("den här spelkoden kommer från en äldre parlor"),
        "{note}"
    );
    assert!(
        coded
            .unchecked_note()
            .is_some_and(|n| n.contains("carries no check: if a character of it was"))
    );
}

#[test]
fn what_the_stats_file_suffered_is_told_in_swedish() {
    let read_only = stats::StatsError::ReadOnly {
        path: "/data/stats.json".into(),
    };
    assert_eq!(
        swedish(|| read_only.to_string()),
        "/data/stats.json är skrivskyddad: den lämnas orörd och resultat sparas inte i den"
    );
    assert_eq!(
        read_only.to_string(),
        "/data/stats.json is read-only: it is left untouched and results are not saved to it"
    );
}
