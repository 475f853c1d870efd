//! What a player means by a key or a click. Keys and clicks both become intents, and one
//! [`crate::tui::App::apply`] carries them out.

use crate::games::{Action, GameId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Leave at once, interrupted (Ctrl-C): the parlor exits as a shell expects of an
    /// interrupted program.
    Quit,
    /// Leave the parlor, as asked (`q`): a normal exit.
    Leave,
    /// Back to the screen this one was opened from (Esc); from the first, leave.
    Back,
    /// Put away the problem told over the screen: the key that does it does nothing else,
    /// since the screen under the notice was not seen.
    Dismiss,
    /// Ctrl-Z: stop for now, and come back on `fg`.
    Suspend,
    /// Ask before something that would abandon the game in play.
    Ask(Confirm),
    /// Yes to the question asked.
    Confirm,
    /// Close the overlay (and say no to a question).
    Close,
    Show(Panel),
    /// Scroll the rules or the help by lines.
    Scroll(i16),
    /// The stats' previous (-1) or next page.
    StatsPage(i8),
    Menu(MenuIntent),
    Lobby(LobbyIntent),
    Form(FormIntent),
    Table(TableIntent),
    Replay(ReplayIntent),
    Review(ReviewIntent),
}

/// A question before leaving a game midway.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Quit the parlor.
    Quit,
    /// Back to the menu.
    Leave,
    /// Away from a table shared with others (its seat plays on as a bot), to the tables.
    LeaveShared,
    /// Quit the parlor while seated at a shared table.
    QuitShared,
    /// Leave the lobby of a parlor over `parlor host` with Esc: a stray Esc (from a cut
    /// escape sequence) must not end a guest's visit.
    LeaveLobby,
    /// Deal a new game.
    NewGame,
}

/// Overlays a key opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    Help,
    Stats,
    Rules(GameId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuIntent {
    Move(i8),
    Open(GameId),
    /// Today's deal of Forty-One.
    Daily,
    /// The settings screen.
    Settings,
}

/// The menu's rows, top to bottom: the games, today's deal, the settings.
pub const MENU_ROWS: usize = GameId::ALL.len() + 2;
/// The row of today's deal; the settings' is the next.
pub const DAILY_ROW: usize = GameId::ALL.len();

impl MenuIntent {
    /// What Enter (or a click) on menu row `row` does.
    pub fn of_row(row: usize) -> MenuIntent {
        match GameId::ALL.get(row) {
            Some(&game) => MenuIntent::Open(game),
            None if row == DAILY_ROW => MenuIntent::Daily,
            None => MenuIntent::Settings,
        }
    }
}

/// In the lobby of a shared parlor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyIntent {
    /// Up or down the tables (or the games of a new table).
    Move(i8),
    /// Sit at (or watch) the picked table, or open the new table's game.
    Enter,
    /// Choose the game of a new table.
    New,
    /// Back from choosing a game.
    Back,
    /// The parlor's own menu, to play alone.
    Menu,
    /// The next language the parlor speaks, for this guest.
    Language,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormIntent {
    /// Up or down a row.
    Row(i8),
    /// Less or more of the row's value.
    Adjust(i8),
    /// Space on the row: a check box, a seat, a new random seed.
    Toggle,
    /// A click: choose the row, and press what was under the pointer.
    Click {
        row: usize,
        press: Option<FormPress>,
    },
    /// Type into the row's text (a seed, a name).
    Type(char),
    /// Backspace in the row's text.
    Erase,
    /// Delete: empty the row's text.
    ClearText,
    Start,
    Back,
}

/// What a click on a form's row pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormPress {
    /// The ◀ of a value.
    Less,
    /// The ▶ of a value.
    More,
    /// A check box.
    Toggle,
    /// One seat on the seats row: it flips between a person and a bot.
    Seat(usize),
    Start,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableIntent {
    /// Play this action for the human deciding.
    Act(Action),
    /// Play the highlighted choice.
    ActChosen,
    /// Highlight the previous (-1) or next choice.
    Choose(i8),
    /// Skip the beats still to show, or hurry the next bot along.
    Skip,
    /// Go on after a round's end.
    GoOn,
    /// The player named on the hand-over screen has the keyboard.
    TakeSeat,
    /// The person at a shared keyboard has seen the card their move gave them.
    HideCard,
    ToggleAuto,
    TogglePause,
    /// One move while paused.
    StepOne,
    /// Bots slower (+1) or faster (-1).
    Speed(i8),
    ToggleOdds,
    /// Scroll the log back (positive) or forward.
    ScrollLog(i16),
    /// Deal again: with a fresh seed, or the same one.
    Deal {
        fresh: bool,
    },
    /// Back to the menu from a finished game.
    ToMenu,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayIntent {
    Step(i8),
    Start,
    End,
    TogglePlay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewIntent {
    /// Review the game at the table (over, or a replay).
    Open,
    /// The chart's previous (-1) or next point.
    Point(i8),
    /// The list's previous (-1) or next entry.
    Entry(i8),
    /// Open the replay at the moment picked.
    Replay,
    /// Back to the table.
    Back,
}
