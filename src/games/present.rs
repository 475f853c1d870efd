//! What a game's view shows a player, in words and symbols: seats, the centre, the tracker,
//! the key moments and the names of actions. Shared by the full-screen table and the
//! `--plain` line mode, so both say the same thing. Reads views only; never changes a game.
//!
//! Anything that may meet a narrow space comes as a [`Label`] with a full and a short form,
//! so a drawing shortens it by design and never cuts it. Widths are the columns a terminal
//! gives the text (a wide character two), not its characters.

mod moments;
mod tracker;

pub use moments::{Banner, Moment, banner, banner_in_step};
pub(crate) use tracker::chips_in_play;
pub use tracker::{tracker, tracker_during};

use unicode_width::UnicodeWidthStr;

use crate::games::{
    Action, Card, Dice, Event, Figures, Game, Place, SeatNames, Settings, Variant, View,
};

/// What is particular to one game in how its view looks and is said: each game's view
/// implements it in the game's own folder, and [`View::presentation`] is the one place
/// that picks the game. What every game shows alike stays here.
pub trait Presentation {
    /// Every seat's look.
    fn seats(&self) -> Vec<SeatInfo>;

    /// The middle of the table.
    fn centre(&self) -> Centre;

    /// One die face as this game draws it: pips, unless its dice have faces of their own.
    fn die_face(&self, pips: u8) -> DieFace {
        DieFace::Pips(pips)
    }

    /// The tracker's lines: `revealed` is the step's events shown so far (the view is the
    /// table before the step), `held` and `pot` what the table shows held and in the pot.
    fn tracker(&self, names: &SeatNames, revealed: &[Event], held: u32, pot: u32) -> Vec<Label>;

    /// An action in the words of this game's moment, where they differ from every
    /// game's ("Throw 2 of 3" for a roll in a finale); `None`: the common words.
    fn action_label(&self, _action: Action, _names: &SeatNames) -> Option<String> {
        None
    }

    /// The seat an action points at, where the action itself does not name one (the
    /// neighbour an exchange is with).
    fn action_target(&self, _action: Action) -> Option<u8> {
        None
    }

    /// The game-over panel's figures of the finished game, in lines of at most `width`
    /// characters where they can be wrapped: "Pot: 12   Turns: 40".
    fn game_over(&self, figures: &Figures, names: &[String], width: usize) -> Vec<String>;

    /// Where the game stands, in its own words, where "turn 14" would not say it (the
    /// Aces in the Pot finale, whose throws are all one turn).
    fn moment(&self) -> Option<String> {
        None
    }

    /// The banner one of this game's own events raises, if it is a key moment (see
    /// [`banner`]); this view is the table before the event's step.
    fn banner(&self, _event: &Event, _names: &SeatNames) -> Option<Banner> {
        None
    }
}

/// Text in a full form and a short form for tight spaces, and, where the full form draws
/// with symbols, the words a screen reader is to say instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub full: String,
    pub short: String,
    words: Option<String>,
}

impl Label {
    pub fn new(full: impl Into<String>, short: impl Into<String>) -> Self {
        Label {
            full: full.into(),
            short: short.into(),
            words: None,
        }
    }

    /// A label that has no shorter form.
    pub fn same(text: impl Into<String>) -> Self {
        let text = text.into();
        Label::new(text.clone(), text)
    }

    /// The label, said as `words` (its full form draws with symbols).
    #[must_use]
    pub fn said_as(mut self, words: impl Into<String>) -> Self {
        self.words = Some(words.into());
        self
    }

    /// What a line-by-line front-end says: the words, else the full form.
    pub fn spoken(&self) -> String {
        // The full screen sets a label's parts apart with a middle dot; an ear hears a
        // pause at a comma, and a screen reader would say the dot.
        self.words
            .as_deref()
            .unwrap_or(&self.full)
            .replace(" · ", ", ")
    }

    /// The longest form that fits in `width` columns, if either does.
    pub fn fitting(&self, width: usize) -> Option<&str> {
        [&self.full, &self.short]
            .into_iter()
            .find(|text| UnicodeWidthStr::width(text.as_str()) <= width)
            .map(String::as_str)
    }
}

/// What a seat holds, as a number and the symbols that draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holding {
    pub count: u32,
    pub kind: HoldingKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldingKind {
    Chips,
    Dice,
    /// Lives out of a starting number.
    Lives {
        of: u32,
    },
    /// Help Your Neighbour's counters, still to be paid.
    Counters,
    /// Forty-One without stakes: rounds won, no symbols.
    RoundsWon,
}

/// More symbols than this and a seat shows a number alone beside a row of this many.
const MAX_SYMBOLS: u32 = 8;

impl Holding {
    /// Symbols and a number: `●●● 3`, `♥♥♡ 2`, `no dice`.
    pub fn text(self) -> String {
        let symbols = |on: &str, off: &str, of: u32| {
            let shown = self.count.min(MAX_SYMBOLS);
            let empty = of.min(MAX_SYMBOLS).saturating_sub(shown);
            format!(
                "{}{} {}",
                on.repeat(shown as usize),
                off.repeat(empty as usize),
                self.count
            )
        };
        match self.kind {
            HoldingKind::Chips | HoldingKind::Dice | HoldingKind::Counters if self.count == 0 => {
                self.none()
            }
            HoldingKind::Chips => symbols("●", "○", 0),
            HoldingKind::Dice => symbols("◆", "◇", 0),
            HoldingKind::Lives { of } => symbols("♥", "♡", of),
            HoldingKind::Counters => symbols("■", "□", 0),
            HoldingKind::RoundsWon => self.rounds_won(),
        }
    }

    /// In words, for a screen reader (which would read every symbol of [`Holding::text`]):
    /// `3 chips`, `2 of 3 lives`, `no dice`.
    pub fn words(self) -> String {
        match self.kind {
            HoldingKind::Chips | HoldingKind::Dice | HoldingKind::Counters if self.count == 0 => {
                self.none()
            }
            HoldingKind::Chips | HoldingKind::Dice | HoldingKind::Counters => {
                crate::said!(holding_words, kind = self.kind_key(), count = self.count)
            }
            HoldingKind::Lives { of } => crate::said!(holding_lives, count = self.count, of = of),
            HoldingKind::RoundsWon => self.rounds_won(),
        }
    }

    /// "no chips", "no dice", "no counters".
    fn none(self) -> String {
        crate::said!(holding_none, kind = self.kind_key())
    }

    /// "3 rounds won".
    fn rounds_won(self) -> String {
        crate::said!(pile, stakes = "no", count = self.count)
    }

    /// The kind as the messages select on it.
    fn kind_key(self) -> &'static str {
        match self.kind {
            HoldingKind::Dice => "dice",
            HoldingKind::Counters => "counters",
            HoldingKind::Lives { .. } => "lives",
            HoldingKind::Chips | HoldingKind::RoundsWon => "chips",
        }
    }

    /// The holding after `delta` tokens came (or went, when negative).
    #[must_use]
    pub fn moved(self, delta: i64) -> Holding {
        Holding {
            count: u32::try_from((i64::from(self.count) + delta).max(0)).unwrap_or(u32::MAX),
            ..self
        }
    }
}

/// How a seat looks at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub holding: Holding,
    /// The card in front of the seat, face up or down (Chase the Ace).
    pub card: Option<CardFace>,
    /// Whose turn it is.
    pub to_act: bool,
    /// Out of the game (drawn dimmed).
    pub out: bool,
    /// Short status words (DEALER, SOLE, GRACE, OUT, EMPTY) and what the seat did or scored.
    pub status: Vec<Label>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFace {
    Down,
    Up(Card),
}

/// One die face as drawn in the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieFace {
    Pips(u8),
    /// LCR faces: L, R, C, a dot, W.
    Letter(&'static str),
    /// A die of more than six sides, whose face is its number.
    Number(u8),
}

/// The middle of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Centre {
    /// "Pot" or "Centre".
    pub pot_label: String,
    pub pot: u32,
    /// The last dice thrown and by whom.
    pub roll: Option<(u8, Vec<DieFace>)>,
    /// Cards on show.
    pub cards: Option<CardsShown>,
}

/// Cards face up in the centre: your own card, or the showdown with each card's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardsShown {
    pub caption: Label,
    pub cards: Vec<(u8, Card)>,
    /// The rank that loses, marked on the cards of that rank.
    pub lowest: Option<u8>,
    /// One card drawn large (your card, the cut) rather than a list of whose card is what.
    pub large: bool,
}

/// A seat's status word, drawn in capitals to stand out (DEALER, OUT) and said in lower
/// case, as a word rather than letters.
pub(crate) fn tag(full: String, short: String) -> Label {
    let said = full.to_lowercase();
    Label::new(full, short).said_as(said)
}

/// Every seat's look.
pub fn seats(view: &View) -> Vec<SeatInfo> {
    view.presentation().seats()
}

/// A table's settings in words: the players, what each starts with (and for Forty-One the
/// match), and the house rules in play.
pub fn settings_in_words(settings: &Settings) -> (String, Option<String>, Option<String>) {
    let people = crate::said!(settings_players, count = settings.players);
    let game = settings.game.game_type();
    let stock = game
        .stock
        .map(|stock| crate::said!(settings_stock, stock = stock, count = settings.stock()));
    let rounds = game.ranges.rounds.map(|_| match game.ranges.bank {
        Some(_) if settings.stakes => crate::said!(
            settings_rounds_stakes,
            rounds = settings.rounds,
            bank = settings.bank
        ),
        Some(_) => crate::said!(settings_rounds_points, rounds = settings.rounds),
        None => crate::said!(settings_rounds, rounds = settings.rounds),
    });
    let rules = match (stock, rounds) {
        (Some(stock), Some(rounds)) => Some(crate::said!(
            settings_both,
            stock = stock,
            rounds_said = rounds
        )),
        (stock, rounds) => stock.or(rounds),
    };
    let variants: Vec<String> = settings.variants.iter().map(Variant::said).collect();
    let variants = (!variants.is_empty()).then(|| variants.join(", "));
    (people, rules, variants)
}

/// A table's settings in one line of words: "5 players, 3 lives each", the house rules
/// after (the words the full screen's header is made of, without its dots).
pub fn settings_line(settings: &Settings) -> String {
    let (people, rules, variants) = settings_in_words(settings);
    [Some(people), rules, variants]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
}

/// The seat everyone sees deciding (`None` at chance, between deals, once over).
pub fn public_decider(game: &dyn Game) -> Option<u8> {
    seats(&game.view(None))
        .iter()
        .position(|s| s.to_act)
        .map(|s| s as u8)
}

/// The seat really deciding is not the one everyone sees deciding: a question put in
/// secret (a Chase the Ace King call). Whoever it is for answers it at once, bot or person,
/// since a pause, a banner or a cover screen would tell the table who was asked.
pub fn decided_in_secret(game: &dyn Game) -> bool {
    match game.turn() {
        crate::games::Turn::Seat(seat) => public_decider(game) != Some(seat),
        _ => false,
    }
}

/// The seats of a game of dice and one kind of holding, the empty-handed marked.
pub(crate) fn dice_game_seats(
    held: &[u8],
    current: u8,
    over: bool,
    kind: HoldingKind,
) -> Vec<SeatInfo> {
    held.iter()
        .enumerate()
        .map(|(seat, &n)| SeatInfo {
            holding: Holding {
                count: u32::from(n),
                kind,
            },
            card: None,
            to_act: !over && seat == usize::from(current),
            out: false,
            status: if n == 0 {
                // Said by the holding itself ("no chips"), so nothing more to the ear.
                vec![tag(crate::said!(tag_empty), crate::said!(tag_empty)).said_as("")]
            } else {
                vec![]
            },
        })
        .collect()
}

/// Dice faces as the game shows them: pips, LCR's letters, a big die's number.
pub fn die_faces(faces: &[u8], view: &View) -> Vec<DieFace> {
    faces_as(view.presentation(), faces.iter().copied())
}

/// `faces` as `presentation`'s game draws them.
pub(crate) fn faces_as(
    presentation: &dyn Presentation,
    faces: impl Iterator<Item = u8>,
) -> Vec<DieFace> {
    faces.map(|f| presentation.die_face(f)).collect()
}

/// The centre of the table.
pub fn centre(view: &View) -> Centre {
    view.presentation().centre()
}

/// A centre of a pot (or the centre's dice) and the last roll, its dice drawn as
/// `presentation`'s game draws them.
pub(crate) fn pot_centre(
    presentation: &dyn Presentation,
    pot_label: String,
    pot: u32,
    roll: Option<(u8, Dice)>,
) -> Centre {
    Centre {
        pot_label,
        pot,
        roll: roll.map(|(seat, dice)| (seat, faces_as(presentation, dice.faces()))),
        cards: None,
    }
}

/// Cards shown face up, the lowest marked.
pub fn showdown(cards: Vec<(u8, Card)>) -> Option<CardsShown> {
    let lowest = cards.iter().map(|(_, c)| c.rank()).min()?;
    let rank = cards
        .iter()
        .find(|(_, c)| c.rank() == lowest)
        .map_or("?", |(_, c)| c.rank_name());
    Some(CardsShown {
        caption: Label::new(
            crate::said!(showdown, rank = rank),
            crate::said!(showdown_short, rank = rank),
        ),
        cards,
        lowest: Some(lowest),
        large: false,
    })
}

/// The seat an event is about, whose colour its line in the log takes.
pub fn subject(event: &Event) -> Option<u8> {
    match *event {
        Event::Skipped { seat }
        | Event::Rolled { seat, .. }
        | Event::RolledPolyhedral { seat, .. }
        | Event::FinaleBegins { seat }
        | Event::SafeThrow { seat, .. }
        | Event::NormalPlayResumes { seat }
        | Event::Opens { seat, .. }
        | Event::ThreeTravels { seat, .. }
        | Event::WildTakes { seat, .. }
        | Event::WildFizzles { seat }
        | Event::Wins { seat, .. }
        | Event::Loses { seat }
        | Event::SetDown { seat, .. }
        | Event::Scored { seat, .. }
        | Event::RoundWon { seat, .. }
        | Event::OutOfMatch { seat }
        | Event::RoundBegins { opener: seat, .. }
        | Event::Dealt { dealer: seat }
        | Event::Kept { seat }
        | Event::Exchanged { seat, .. }
        | Event::Cut { dealer: seat, .. }
        | Event::KingThrown { seat }
        | Event::Shown { seat, .. }
        | Event::LostLife { seat, .. }
        | Event::OnGrace { seat }
        | Event::ThrowBought { seat }
        | Event::ThrowForgiven { seat }
        | Event::ThreeKept { seat }
        | Event::PenaltyOwed { seat }
        | Event::PenaltyPaid { seat }
        | Event::Out { seat } => Some(seat),
        Event::Moved { from, to, .. } => match (from, to) {
            (Place::Seat(seat), _) | (Place::Pot, Place::Seat(seat)) => Some(seat),
            (Place::Pot, Place::Pot) => None,
        },
        Event::MatchWon { seats, .. }
        | Event::OpeningTie { seats, .. }
        | Event::RoundShared { seats, .. } => seats.first(),
        Event::RoundTied { .. } | Event::VoidRound | Event::Reset => None,
    }
}

/// An action in the words of the game's moment: "Throw 2 of 3", "Set down a 4".
pub fn action_label(view: &View, action: Action, names: &SeatNames) -> String {
    if let Some(label) = view.presentation().action_label(action, names) {
        return label;
    }
    let name = |seat: u8| names.name(seat);
    match action {
        Action::Roll => crate::said!(action_roll),
        Action::SetDown(face) => crate::said!(action_set_down, face = face),
        Action::GiveThree(seat) => crate::said!(action_give_three, name = name(seat)),
        Action::TakeChip(seat) => crate::said!(action_take_chip, name = name(seat)),
        Action::Keep => crate::said!(action_keep),
        Action::Exchange => crate::said!(action_exchange),
        Action::Cut => crate::said!(action_cut),
        Action::ThrowKing => crate::said!(action_throw_king),
        Action::KeepThree => crate::said!(action_keep_three),
        Action::BuyThrow => crate::said!(action_buy_throw),
    }
}

/// Rolling `dice` dice, in words: "Roll 3 dice".
pub(crate) fn roll_label(dice: u8) -> String {
    crate::said!(action_roll_dice, count = dice)
}

/// The seat an action points at on the table (a wild's victim, a three's receiver, the
/// neighbour you would exchange with), to highlight while that choice is highlighted.
pub fn action_target(view: &View, action: Action) -> Option<u8> {
    match action {
        Action::GiveThree(seat) | Action::TakeChip(seat) => Some(seat),
        _ => view.presentation().action_target(action),
    }
}
