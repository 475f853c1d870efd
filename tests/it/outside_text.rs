//! Every parser of text from outside the parlor, fed arbitrary Unicode (control characters,
//! multi-byte characters, empty strings): game codes, seeds, game and variant names, bot
//! levels, actions, stats files and replay files. None may panic, and what an error quotes
//! back is short and free of control characters.

use std::sync::OnceLock;

use parlor::games::{GameId, Settings, SettingsRequest};
use parlor::replay::{self, Replay, SavedStep};
use parlor::stats::{self, GameResult, Involvement, Stats};
use parlor::table::{Progress, Table};
use proptest::prelude::*;

/// Any text up to 40 characters, newlines and control characters included.
const ANY_TEXT: &str = "(?s).{0,40}";

/// A message quoting outside text neither steers the terminal nor grows with the text.
fn assert_quotes_safely(message: &str) {
    assert!(
        !message.chars().any(char::is_control),
        "a control character reached the message: {message:?}"
    );
    assert!(message.chars().count() <= 400, "{message:?}");
}

/// A finished game of every kind the files hold: dice, decks, actions with arguments.
fn sample_replays() -> &'static [Replay] {
    static REPLAYS: OnceLock<Vec<Replay>> = OnceLock::new();
    REPLAYS.get_or_init(|| {
        [GameId::SwedishAces, GameId::ChaseTheAce, GameId::FortyOne]
            .into_iter()
            .map(|game| {
                let settings = Settings::defaults(game);
                let levels = vec![game.bot_levels()[0]; usize::from(settings.players)];
                let mut table = Table::new(settings, crate::support::seats(&levels, false), 3);
                while table.advance() != Progress::Over {}
                Replay::of(&table)
            })
            .collect()
    })
}

fn sample_stats() -> Stats {
    let mut stats = Stats::default();
    stats.add(&GameResult {
        game: GameId::Lcr,
        rules: "players=4 chips=3".to_owned(),
        kind: Involvement::Played,
        finished: true,
        won: true,
        pot_won: 12,
        auto: false,
        winning_seats: vec![true, false, false, false],
        figures: std::collections::BTreeMap::new(),
        when: 1_800_000_000,
        daily: None,
    });
    stats
}

/// Set every seventh string of `value` to `text`, from the `pick`-th on (`*seen` counts the
/// strings passed).
fn plant(value: &mut serde_json::Value, text: &str, pick: usize, seen: &mut usize) {
    match value {
        serde_json::Value::String(s) => {
            if *seen % 7 == pick % 7 {
                text.clone_into(s);
            }
            *seen += 1;
        }
        serde_json::Value::Array(items) => {
            for item in items {
                plant(item, text, pick, seen);
            }
        }
        serde_json::Value::Object(fields) => {
            for (_, field) in fields.iter_mut() {
                plant(field, text, pick, seen);
            }
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn game_codes_never_panic(text in ANY_TEXT, game in 0usize..5) {
        let game = GameId::ALL[game].name();
        // Whole codes, and the text in every position a code has: a count, a letter, a
        // variant, a seed.
        for code in [
            text.clone(),
            format!("{game}.{text}.1"),
            format!("{game}.4{text}.1"),
            format!("{game}.4p.{text}.1"),
            format!("{game}.4p.3c.{text}"),
            format!("{game}.{text}"),
        ] {
            if let Err(error) = replay::parse_code(&code) {
                assert_quotes_safely(&error.to_string());
            }
        }
    }

    #[test]
    fn names_and_bot_levels_never_panic(text in ANY_TEXT, game in 0usize..5) {
        let game = GameId::ALL[game];
        if let Err(e) = text.parse::<GameId>() {
            assert_quotes_safely(&e.to_string());
        }
        let request = SettingsRequest { variants: vec![text.clone()], ..SettingsRequest::default() };
        if let Err(e) = Settings::new(game, &request) {
            assert_quotes_safely(&e.to_string());
        }
        let settings = Settings::defaults(game);
        for spec in [text.clone(), format!("{},{text}", game.bot_levels()[0].name())] {
            if let Err(e) = settings.bot_levels(Some(&spec)) {
                assert_quotes_safely(&e.to_string());
            }
        }
    }

    #[test]
    fn stats_files_never_panic(text in ANY_TEXT, pick in 0usize..7) {
        let _ = stats::parse(text.as_bytes());
        let mut json = serde_json::to_value(sample_stats()).expect("json");
        plant(&mut json, &text, pick, &mut 0);
        let bytes = serde_json::to_vec(&json).expect("json");
        match stats::parse(&bytes) {
            Ok(stats) => {
                for record in &stats.records {
                    prop_assert!(!record.rules.chars().any(char::is_control));
                    prop_assert!(record.recent.chars().all(|c| c == 'W' || c == 'L'));
                }
            }
            Err(reason) => assert_quotes_safely(&reason.to_string()),
        }
    }

    #[test]
    fn replay_files_never_panic(text in ANY_TEXT, pick in 0usize..7, which in 0usize..3) {
        if let Err(e) = replay::check_bytes(text.as_bytes()) {
            assert_quotes_safely(&e.to_string());
        }
        let mut json = serde_json::to_value(&sample_replays()[which]).expect("json");
        plant(&mut json, &text, pick, &mut 0);
        match replay::check_bytes(&serde_json::to_vec(&json).expect("json")) {
            Ok(timeline) => {
                for name in &timeline.last().names().said() {
                    prop_assert!(!name.chars().any(char::is_control), "{name:?}");
                }
            }
            Err(e) => assert_quotes_safely(&e.to_string()),
        }
    }

    #[test]
    fn actions_in_a_replay_never_panic(text in ANY_TEXT, at in 0usize..400, which in 0usize..3) {
        let mut saved = sample_replays()[which].clone();
        let at = at % saved.history.len();
        let seat = match saved.history[at] {
            SavedStep::Action { seat, .. } => seat,
            _ => 0,
        };
        saved.history[at] = SavedStep::Action { seat, action: text.clone() };
        if let Err(e) = replay::check_bytes(&serde_json::to_vec(&saved).expect("json")) {
            assert_quotes_safely(&e.to_string());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever a player types at a `--plain` prompt.
    #[test]
    fn plain_input_never_panics(lines in proptest::collection::vec(ANY_TEXT, 0..12), game in 0usize..5) {
        let game = GameId::ALL[game];
        let settings = Settings::defaults(game);
        let levels = vec![game.bot_levels()[0]; usize::from(settings.players)];
        let setup = parlor::table::GameSetup {
            settings,
            seats: crate::support::seats(&levels, true),
            seed: 7,
        };
        let input = lines.join("\n");
        let mut out = Vec::new();
        let games = parlor::plain::Games { setup: &setup, count: 1, auto: false, seed_given: true, detail: parlor::plain::Detail::Full };
        parlor::plain::play(&games, &mut input.as_bytes(), &mut out, &|| false, |_| Vec::new())
            .expect("writing to memory never fails");
    }
}
