//! The daily deal: duplicate play (the same dice and cards whatever anyone chooses and
//! whichever bots sit), the expert's game on the person's dice, and the stats keeping one
//! attempt a day, the streak and the best.

use std::collections::BTreeMap;

use parlor::daily::{DailyDeal, DailyOutcome, Day, Standing, YOUR_SEAT};
use parlor::games::{BotLevel, Chance, GameId};
use parlor::stats::{DailyEntry, DailyRecord, GameResult, Involvement, Recorder, Stats, Store};
use parlor::table::{Progress, Seat, SeatKind, Step, Table};

fn deal(game: GameId, date: &str) -> DailyDeal {
    DailyDeal {
        game,
        day: date.parse().expect("a date"),
    }
}

/// How the person at seat 0 chooses: by the index of the legal action.
type Choose = fn(usize) -> usize;

/// Play `table` to the end, the person choosing with `choose`; every chance outcome by the
/// key of the moment it was drawn (the game's key, or the number of draws before it).
fn chance_by_key(table: Table, choose: Choose) -> BTreeMap<u64, Chance> {
    play(table, choose).1
}

/// The finished table, and its chance by key (see [`chance_by_key`]).
fn play(mut table: Table, choose: Choose) -> (Table, BTreeMap<u64, Chance>) {
    let mut by_key = BTreeMap::new();
    let mut draws = 0;
    loop {
        let key = table.game().chance_key().unwrap_or(draws);
        match table.advance() {
            Progress::Stepped(Step::Chance(chance)) => {
                by_key.insert(key, chance);
                draws += 1;
            }
            Progress::Stepped(Step::Action { .. }) => {}
            Progress::WaitingFor(_) => {
                let legal = table.game().legal_actions();
                let actions = legal.as_slice();
                table
                    .act(actions[choose(actions.len()) % actions.len()])
                    .expect("a legal action");
            }
            Progress::Over => return (table, by_key),
        }
    }
}

/// Two runs meet the same chance wherever both reached the same point; they must share
/// enough points for that to mean something.
fn assert_same_chance(a: &BTreeMap<u64, Chance>, b: &BTreeMap<u64, Chance>, at_least: usize) {
    let shared: Vec<u64> = a.keys().filter(|k| b.contains_key(k)).copied().collect();
    assert!(
        shared.len() >= at_least,
        "only {} draws in common",
        shared.len()
    );
    for key in shared {
        assert_eq!(a[&key], b[&key], "the draw at key {key:#x}");
    }
}

fn with_bots(seats: &[Seat], level: BotLevel) -> Vec<Seat> {
    seats
        .iter()
        .map(|seat| match seat.kind {
            SeatKind::Bot(_) => Seat {
                kind: SeatKind::Bot(level),
                ..seat.clone()
            },
            SeatKind::Human => seat.clone(),
        })
        .collect()
}

/// Forty-One: a person setting down the first die offered, or the last, meets the same
/// rolls at every (round, seat, roll) both reach, and so do bots of another level.
#[test]
fn forty_one_rolls_do_not_depend_on_choices_or_bots() {
    for date in ["2026-12-01", "2026-12-02", "2027-02-28"] {
        let deal = deal(GameId::FortyOne, date);
        let seats = deal.seats(None);
        let (first_table, first) = play(deal.table(seats.clone()), |_| 0);
        let (last_table, last) = play(deal.table(seats.clone()), |n| n - 1);
        assert_ne!(
            first_table.history(),
            last_table.history(),
            "the choices made different games"
        );
        // The first round, at least, is reached by both: 4 seats x 6 rolls.
        assert_same_chance(&first, &last, 24);
        let novices = chance_by_key(deal.table(with_bots(&seats, BotLevel::Novice)), |_| 0);
        assert_same_chance(&first, &novices, 24);
    }
}

/// Chase the Ace: the deck of every deal is the same, however people and bots of either
/// level keep, exchange or cut.
#[test]
fn chase_the_ace_deals_do_not_depend_on_choices_or_bots() {
    for date in ["2026-12-01", "2026-12-02"] {
        let deal = deal(GameId::ChaseTheAce, date);
        let seats = deal.seats(None);
        let keeping = chance_by_key(deal.table(seats.clone()), |_| 0);
        let changing = chance_by_key(deal.table(seats.clone()), |n| n - 1);
        assert_same_chance(&keeping, &changing, 5);
        let threshold = chance_by_key(deal.table(with_bots(&seats, BotLevel::Threshold)), |n| {
            n / 2
        });
        assert_same_chance(&keeping, &threshold, 5);
    }
}

/// The same day and game deal the same table everywhere; another day another.
#[test]
fn a_day_deals_one_game() {
    let today = deal(GameId::FortyOne, "2026-12-01");
    let seats = today.seats(Some("Sam"));
    assert_eq!(seats[usize::from(YOUR_SEAT)].name, "Sam");
    let once = chance_by_key(today.table(seats.clone()), |_| 0);
    let again = chance_by_key(today.table(seats.clone()), |_| 0);
    assert_eq!(once, again);
    let tomorrow = deal(GameId::FortyOne, "2026-12-02");
    assert_ne!(once, chance_by_key(tomorrow.table(seats), |_| 0));
}

/// The expert's game is the person's game with the expert in their seat: when the person
/// plays exactly as the expert would, the two results are the same.
#[test]
fn the_expert_plays_the_same_dice_from_your_seat() {
    for game in [GameId::FortyOne, GameId::ChaseTheAce, GameId::Lcr] {
        let deal = deal(game, "2026-12-01");
        let mut table = deal.table(deal.seats(None));
        loop {
            match table.advance() {
                Progress::Stepped(_) => {}
                Progress::WaitingFor(_) => {
                    table.auto_act();
                }
                Progress::Over => break,
            }
        }
        let outcome = DailyOutcome::of(deal, &table, None);
        assert_eq!(outcome.yours, outcome.expert, "{game:?}");
        let expert = deal.expert_game(table.seats());
        assert_eq!(expert.history(), table.history(), "{game:?}: the same game");
    }
}

fn daily_result(game: GameId, date: &str, finished: Option<Standing>) -> GameResult {
    let mut table = deal(game, date).table(deal(game, date).seats(None));
    table.run_until_human();
    GameResult {
        daily: Some(DailyEntry {
            day: date.parse().expect("a date"),
            finished: finished.map(|s| (s, format!("{date}: {s}"))),
            attempt: None,
        }),
        ..GameResult::of(&table, false)
    }
}

/// Only the first attempt of a day counts; the streak runs over days in a row with a
/// finished deal, and the best result is kept with its line.
#[test]
fn one_attempt_a_day_counts_and_the_streak_runs_over_days_in_a_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::new(dir.path().to_path_buf());
    let pile = Standing::Pile;
    for result in [
        daily_result(GameId::FortyOne, "2026-11-29", Some(pile(18))),
        daily_result(GameId::FortyOne, "2026-11-30", Some(pile(25))),
        daily_result(GameId::FortyOne, "2026-11-30", Some(pile(40))),
        daily_result(GameId::FortyOne, "2026-12-01", Some(pile(21))),
        daily_result(GameId::ChaseTheAce, "2026-12-01", None),
        daily_result(GameId::ChaseTheAce, "2026-12-01", Some(pile(1))),
    ] {
        store.record(&[result]).expect("recorded");
    }
    let (stats, _) = store.load().expect("loaded");
    let day = |d: &str| d.parse::<Day>().expect("a date");
    let forty_one = stats
        .daily_counted(GameId::FortyOne, day("2026-12-01"))
        .expect("counted today");
    assert_eq!(forty_one.streak, 3);
    assert_eq!(forty_one.longest_streak, 3);
    assert_eq!(forty_one.days, 3);
    assert_eq!(
        forty_one.best,
        Some(pile(25)),
        "the second try of a day did not count"
    );
    assert_eq!(forty_one.best_line.as_deref(), Some("2026-11-30: 25"));
    assert_eq!(forty_one.last_line.as_deref(), Some("2026-12-01: 21"));
    let chase = stats
        .daily_counted(GameId::ChaseTheAce, day("2026-12-01"))
        .expect("given up, but counted");
    assert_eq!((chase.days, chase.streak, chase.best), (0, 0, None));
    assert!(
        stats
            .daily_counted(GameId::Lcr, day("2026-12-01"))
            .is_none()
    );
    assert!(
        stats
            .daily_counted(GameId::FortyOne, day("2026-12-02"))
            .is_none()
    );

    // A day missed starts the streak again; the longest stays.
    store
        .record(&[daily_result(GameId::FortyOne, "2026-12-03", Some(pile(30)))])
        .expect("recorded");
    let (stats, _) = store.load().expect("loaded");
    let forty_one = stats
        .daily_counted(GameId::FortyOne, day("2026-12-03"))
        .expect("counted");
    assert_eq!((forty_one.streak, forty_one.longest_streak), (1, 3));
    assert_eq!(forty_one.best, Some(pile(30)));
}

/// A version 1 file (before daily deals) loads, and is written back as version 2.
#[test]
fn a_file_from_before_daily_deals_loads_and_is_upgraded() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("stats.json"),
        r#"{"version": 1, "records": []}"#,
    )
    .expect("written");
    let store = Store::new(dir.path().to_path_buf());
    let (stats, _) = store.load().expect("loaded");
    assert_eq!(stats, Stats::default());
    store
        .record(&[daily_result(
            GameId::FortyOne,
            "2026-12-01",
            Some(Standing::Pile(20)),
        )])
        .expect("recorded");
    let written = std::fs::read_to_string(dir.path().join("stats.json")).expect("read");
    assert!(
        written.contains(&format!("\"version\": {}", parlor::stats::VERSION)),
        "{written}"
    );
    assert!(
        written.contains("\"last_day\": \"2026-12-01\""),
        "{written}"
    );
    assert_eq!(
        store.load().expect("loaded").0.records[0].kind,
        Involvement::Played
    );
}

/// Today's deal of `game` played to the end by the bots and the expert in your seat, as
/// the attempt `recorder` records (finished, with its line).
fn attempt_today(recorder: &mut Recorder, game: GameId, practice: bool) -> GameResult {
    let deal = DailyDeal::today(game);
    let mut table = deal.table(deal.seats(None));
    while table.auto_act() != Progress::Over {}
    let yours = Standing::of(&table, YOUR_SEAT);
    // As the table does: a practice attempt brings no entry.
    let entry = (!practice).then(|| DailyEntry {
        day: deal.day,
        finished: Some((yours, format!("{}: {yours}", deal.day))),
        attempt: None,
    });
    recorder.record_table(&table, false, entry)
}

fn daily_in(dir: &std::path::Path, game: GameId) -> Option<DailyRecord> {
    let (stats, _) = Store::new(dir.to_path_buf()).load().expect("loaded");
    stats.daily.into_iter().find(|d| d.game == game)
}

/// A data directory whose stats hold a finished Forty-One daily deal dated `date` (as the
/// file's text: it may be no date at all).
fn finished_daily_dated(date: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut written = Stats::default();
    written.add(&daily_result(
        GameId::FortyOne,
        "2026-11-30",
        Some(Standing::Pile(30)),
    ));
    let text = serde_json::to_string_pretty(&written)
        .expect("json")
        .replace("2026-11-30", date);
    std::fs::write(dir.path().join("stats.json"), &text).expect("written");
    dir
}

/// A year of 17 digits in a daily record is no date: that date alone is lost (the rest of
/// the file is read, and nothing negative is written back), and today's attempt counts.
#[test]
fn a_date_out_of_range_costs_only_that_date() {
    let dir = finished_daily_dated("30000000000000000-01-01");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    assert_eq!(
        recorder.take_notices(),
        Vec::<String>::new(),
        "nothing moved aside"
    );
    assert_eq!(recorder.stats.records.len(), 1, "the records are kept");
    let record = &recorder.stats.daily[0];
    assert_eq!((record.last_day, record.days), (None, 1), "{record:?}");
    assert_eq!(recorder.begin_daily(GameId::FortyOne, Day::today()), None);
    attempt_today(&mut recorder, GameId::FortyOne, false);
    let text = std::fs::read_to_string(dir.path().join("stats.json")).expect("read");
    assert!(!text.contains("\"-"), "no negative date: {text}");
    let record = daily_in(dir.path(), GameId::FortyOne).expect("a record");
    assert_eq!(record.last_day, Some(Day::today()));
    assert_eq!(record.days, 2);
}

/// A record dated after today is no attempt anyone made: today's first attempt counts.
#[test]
fn a_daily_record_dated_in_the_future_does_not_make_today_practice() {
    let dir = finished_daily_dated("9999-12-31");
    let mut recorder = Recorder::on(Store::new(dir.path().to_path_buf()));
    assert_eq!(
        recorder.begin_daily(GameId::FortyOne, Day::today()),
        None,
        "it counts"
    );
    attempt_today(&mut recorder, GameId::FortyOne, false);
    let record = daily_in(dir.path(), GameId::FortyOne).expect("a record");
    assert_eq!(record.last_day, Some(Day::today()));
    assert_eq!(record.last_finished, Some(Day::today()));
    assert_eq!((record.days, record.streak), (2, 1));
    // The next attempt today is practice, and says what counted.
    let practice = recorder.begin_daily(GameId::FortyOne, Day::today());
    assert_eq!(
        practice, record.last_line,
        "practice, showing the line that counted"
    );
}

/// Two attempts at once (two parlors): the first begun counts, even when the second ends
/// first; the second is practice from its start.
#[test]
fn of_two_attempts_at_once_the_first_begun_counts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = Recorder::on(Store::new(dir.path().to_path_buf()));
    let mut second = Recorder::on(Store::new(dir.path().to_path_buf()));
    let game = GameId::ChaseTheAce;
    assert_eq!(
        first.begin_daily(game, Day::today()),
        None,
        "the first counts"
    );
    let why = second
        .begin_daily(game, Day::today())
        .expect("the second is practice");
    assert!(why.contains("begun and has not ended"), "{why}");
    // The second ends first: nothing of it counts.
    attempt_today(&mut second, game, true);
    assert_eq!(daily_in(dir.path(), game).expect("claimed").days, 0);
    // An entry for the day that is not the claim's (a parlor that did not ask) is
    // not folded in either.
    attempt_today(&mut second, game, false);
    assert_eq!(daily_in(dir.path(), game).expect("claimed").days, 0);
    // The first ends: it counts.
    let result = attempt_today(&mut first, game, false);
    let record = daily_in(dir.path(), game).expect("a record");
    assert_eq!((record.days, record.last_finished), (1, Some(Day::today())));
    assert_eq!(record.attempt, None, "the claim is over");
    assert_eq!(
        record.last_line,
        result.daily.and_then(|d| d.finished).map(|(_, line)| line)
    );
}

/// A clock moved back and forth counts each day's deal once: a day counted stays counted
/// after another day was counted while the clock was wrong, whichever way it went.
#[test]
fn a_clock_moved_back_and_forth_counts_a_day_once() {
    let day = |d: &str| d.parse::<Day>().expect("a date");
    let finished_on = |date: &str, attempt: u64| GameResult {
        when: u64::try_from(day(date).first_second()).expect("after 1970") + 3_600,
        daily: Some(DailyEntry {
            day: day(date),
            finished: Some((Standing::Pile(20), format!("{date}: 20"))),
            attempt: Some(attempt),
        }),
        ..daily_result(GameId::FortyOne, date, None)
    };
    // The clock's dates, in the order the player met them: `true` where the attempt
    // counts.
    let cases: [&[(&str, bool)]; 3] = [
        // Back a day, then forth again.
        &[
            ("2026-12-07", true),
            ("2026-12-06", true),
            ("2026-12-07", false),
        ],
        // Forth a day, then back again.
        &[
            ("2026-12-07", true),
            ("2026-12-08", true),
            ("2026-12-07", false),
        ],
        // Back and forth twice over.
        &[
            ("2026-12-07", true),
            ("2026-12-05", true),
            ("2026-12-09", true),
            ("2026-12-05", false),
            ("2026-12-07", false),
            ("2026-12-09", false),
        ],
    ];
    for dates in cases {
        let mut stats = Stats::default();
        for (attempt, &(date, counts)) in (1u64..).zip(dates) {
            assert_eq!(
                stats.claim_daily(GameId::FortyOne, day(date), attempt),
                counts,
                "{date} in {dates:?}"
            );
            stats.add(&finished_on(date, attempt));
        }
        let record = &stats.daily[0];
        let counted = dates.iter().filter(|(_, counts)| *counts).count();
        assert_eq!(record.days, counted as u64, "{dates:?}: {record:?}");
    }
}
