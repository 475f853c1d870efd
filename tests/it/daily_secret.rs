//! The daily deal keeps its cards to itself until it is played: no seed a person can type
//! deals it, the full screen deals it from the daily's own streams (those its expert plays
//! on), and the odds panel with its hints is off while it is played.

use crate::support::screens;

use crossterm::event::KeyCode;
use parlor::daily::DailyDeal;
use parlor::games::GameId;
use parlor::table::{Seat, Table};
use parlor::tui::App;
use parlor::tui::snapshot::Notice;
use screens::{drawn_rows, options, press, sitting};

fn deal(game: GameId) -> DailyDeal {
    DailyDeal {
        game,
        day: "2026-12-07".parse().expect("a date"),
    }
}

/// The game played on until a person must decide (by bots alone from every seat: to its
/// end): its whole history.
fn played_by_bots(mut table: Table) -> Vec<parlor::table::Step> {
    table.run_until_human();
    table.history().to_vec()
}

fn all_bots(deal: &DailyDeal) -> Vec<Seat> {
    deal.seats(None)
        .into_iter()
        .map(|seat| Seat {
            kind: parlor::table::SeatKind::Bot(deal.game.bot_levels()[0]),
            ..seat
        })
        .collect()
}

#[test]
fn the_daily_s_seed_typed_as_a_seed_deals_another_game() {
    for game in GameId::ALL {
        let deal = deal(game);
        let seats = all_bots(&deal);
        let daily = played_by_bots(deal.table(seats.clone()));
        let typed = played_by_bots(Table::new(deal.settings(), seats, deal.seed()));
        assert_ne!(
            daily,
            typed,
            "{game}: `parlor play {game} --seed {}` deals the daily deal",
            deal.seed()
        );
    }
}

#[test]
fn the_full_screen_deals_the_daily_from_the_streams_its_expert_plays_on() {
    for game in GameId::ALL {
        let deal = deal(game);
        let mut app = App::new(options(false), None);
        app.start_daily(deal);
        let at_the_table = sitting(&app).table();
        let seats = at_the_table.seats().to_vec();
        let shown = first_decisions(at_the_table.clone());
        assert_eq!(
            shown,
            first_decisions(deal.table(seats.clone())),
            "{game}: the table at the full screen is the daily's own deal"
        );
        assert_ne!(
            shown,
            first_decisions(Table::new(deal.settings(), seats, deal.seed())),
            "{game}: the check tells the daily's deal from its seed's"
        );
    }
}

#[test]
fn o_in_the_daily_says_odds_are_off_and_opens_nothing() {
    let mut app = App::new(options(false), None);
    app.start_daily(deal(GameId::FortyOne));
    let footer = drawn_rows(&mut app, 120, 40).join("\n");
    assert!(
        !footer.contains(" odds "),
        "no odds in the footer: {footer}"
    );
    press(&mut app, KeyCode::Char('o'));
    assert!(sitting(&app).odds.is_none(), "the odds panel stays shut");
    let said = match &app.notice {
        Some(Notice::Problem(text)) => text.clone(),
        other => panic!("o says nothing: {other:?}"),
    };
    assert!(said.contains("off in the daily deal"), "{said}");
    // An ordinary game opens them.
    let mut app = App::new(
        options(false),
        Some(screens::setup(GameId::FortyOne, None, true, 3)),
    );
    press(&mut app, KeyCode::Char('o'));
    assert!(sitting(&app).odds.is_some());
}

/// The first steps of `table`'s game, the person taking the first choice offered at each of
/// their first three decisions.
fn first_decisions(mut table: Table) -> Vec<parlor::table::Step> {
    for _ in 0..3 {
        table.run_until_human();
        if table.waiting_for().is_none() {
            break;
        }
        let first = table.game().legal_actions().as_slice()[0];
        table.act(first).expect("a legal action");
    }
    table.history().to_vec()
}

/// While the day's counted attempt is under way in one parlor, another deals no practice of
/// the deal (it would show the counted attempt's cards before they are played); once the
/// counted attempt has ended, practice is dealt.
#[test]
fn no_practice_is_dealt_while_the_counted_attempt_is_under_way() {
    use parlor::stats::{DailyRun, Recorder, Store};
    let dir = tempfile::tempdir().expect("temp dir");
    let deal = deal(GameId::FortyOne);
    let mut first = Recorder::on(Store::new(dir.path().to_owned()));
    let mut counted = DailyRun::begin(deal, &mut first);
    assert!(counted.practice.is_none() && !counted.under_way_elsewhere);
    let mut second = Recorder::on(Store::new(dir.path().to_owned()));
    let meanwhile = DailyRun::begin(deal, &mut second);
    assert!(
        meanwhile.under_way_elsewhere,
        "a practice dealt mid-attempt"
    );
    // At the full screen: told why, and no table dealt.
    let mut app = App::new(options(false), None)
        .with_recorder(Recorder::on(Store::new(dir.path().to_owned())));
    app.start_daily(deal);
    assert!(app.sitting.is_none(), "the practice was dealt");
    assert!(matches!(&app.notice, Some(Notice::Problem(why)) if why.contains("another parlor")));
    // The counted attempt given up: practice from now on.
    let table = deal.table(deal.seats(None));
    counted.record(&table, &mut first, false, || None);
    let mut third = Recorder::on(Store::new(dir.path().to_owned()));
    let after = DailyRun::begin(deal, &mut third);
    assert!(after.practice.is_some() && !after.under_way_elsewhere);
}
