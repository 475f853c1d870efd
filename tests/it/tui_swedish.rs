//! The full screen in Swedish at 80x24: the menu, a game's setup, the settings, the help
//! and a table mid-game, each drawn on a thread that speaks Swedish.

use crate::support::screens;

use crossterm::event::KeyCode;
use parlor::games::GameId;
use parlor::tui::App;
use parlor::words::{self, Language};
use screens::{
    options, play_until, press, press_times, screen, sitting, table_waiting_for_you, text,
};

#[test]
fn dump() {
    words::speak(Language::Swedish);
    let mut app = App::new(options(true), None);
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('?'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('4'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('?'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('c'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('?'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('a'));
    play_until(&mut app, 20_000, |a| sitting(a).stage.finished());
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('v'));
    println!("{}", text(&screen(&mut app, 80, 24)));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('s'));
    println!("{}", text(&screen(&mut app, 100, 30)));
    press_times(&mut app, KeyCode::Right, 3);
    println!("{}", text(&screen(&mut app, 100, 30)));
}
