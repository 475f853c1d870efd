//! Chase the Ace: one card each; keep it or swap with the left neighbour, the dealer may
//! cut; the lowest card loses a life. The last player in takes the pot.

pub mod expert;
mod present;

use super::{
    Action, Actions, BotLevel, Card, Chance, ChanceSpec, Conserved, Deck, Event, Events, Figures,
    Game, GameRng, MAX_SEATS, Place, SeatSet, Settings, Token, Turn, Variant, View, seat_at,
};

use crate::words::id;
use super::game_type::{
    DecisionWords, GameType, Goal, Progress, RuleChange, SimFigure, StatFigure, Tally,
};
use super::settings::Ranges;

/// What Chase the Ace says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::chase_title,
    short_title: &id::chase_short_title,
    tagline: &id::chase_tagline,
    rules: [
        include_str!("../../assets/rules/chase-the-ace.txt"),
        include_str!("../../assets/rules/sv/chase-the-ace.txt"),
    ],
    ranges: Ranges {
        lives: Some((1, 9, 3)),
        ..Ranges::players(3, 10, 5)
    },
    variants: &[
        Variant::Grace,
        Variant::KingStops,
        Variant::Stayner,
        Variant::DoubleBurn,
    ],
    bot_levels: &[BotLevel::Expert, BotLevel::Threshold],
    goal: Goal::WinGame,
    seat_zero: &id::seat_zero_first_dealer,
    progress: Progress::Rounds,
    stock: Some("lives"),
    hides_cards: true,
    rolls_dice: false,
    decisions: Some(DecisionWords {
        measure: &id::chase_measure,
        options_heading: &id::chase_options_heading,
        one: &id::chase_decision,
        many: &id::chase_decisions,
    }),
    biggest_win: Some((&id::biggest_pot_yours, &id::biggest_pot_anyone)),
    die_face: None,
    die_word: None,
    rule_changes: &[RuleChange {
        since_format: 2,
        with: Some(Variant::KingStops),
        note: &id::chase_rule_change_kings,
    }],
    sim_figures: &[SimFigure::Rounds],
    stat_figures: &[StatFigure {
        key: "lives-left-when-winning",
        words: &id::chase_wins_by_lives,
        unit: Some((&id::unit_life, &id::unit_lives)),
        tally: Tally::ByValue,
    }],
    seat_figures: |game| vec![game.won.then_some(u64::from(game.held))],
    new: |settings| Box::new(ChaseTheAce::new(settings)),
};

/// The highest rank a `threshold` bot gives away: it exchanges (or cuts) holding 6 or lower.
pub const THRESHOLD_RANK: u8 = 6;
/// Rank of a King, the card that can stop the exchanges with `king-stops`.
pub const KING: u8 = 13;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// A fresh deck is due.
    Deal,
    /// The current seat keeps or exchanges with the left neighbour.
    Exchange,
    /// king-stops: the current seat holds a King and `next` is about to decide (keep,
    /// exchange or cut): throw the King down now, or keep quiet. Every holder of a King is
    /// asked in turn, going left from `next`, before each decision of the round.
    KingCall {
        next: u8,
    },
    /// The dealer keeps or cuts.
    DealerChoice,
    Over,
}

/// What a seat did this round: public knowledge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    Kept,
    Exchanged,
    Cut,
    ThrewKing,
}

/// The public table plus what one seat knows: its own card and the cards it gave away.
#[derive(Clone, PartialEq, Debug)]
pub struct ChaseView {
    pub settings: Settings,
    /// Whose view this is; `None` for an onlooker.
    pub viewer: Option<u8>,
    pub lives: [u8; MAX_SEATS],
    pub on_grace: SeatSet,
    pub in_game: SeatSet,
    pub pot: u32,
    pub dealer: u8,
    pub phase: Phase,
    pub current: u8,
    /// Each seat's choice this round so far.
    pub choices: [Option<Choice>; MAX_SEATS],
    /// The viewer's card.
    pub own: Option<Card>,
    /// Cards the viewer gave away this round, oldest first.
    pub given: [Option<Card>; 2],
    /// The cards shown at the last showdown (and the dealer's cut card), until the next.
    pub shown: [Option<Card>; MAX_SEATS],
    pub round: u32,
}

impl ChaseView {
    pub fn players(&self) -> u8 {
        self.settings.players
    }

    /// The next seat still in to the left of `seat` (`left` false: to its right).
    pub fn neighbour(&self, seat: u8, left: bool) -> u8 {
        neighbour(self.in_game, seat, left)
    }
}

fn neighbour(in_game: SeatSet, seat: u8, left: bool) -> u8 {
    if left {
        in_game.next_after(seat)
    } else {
        in_game.next_before(seat)
    }
    .expect("someone is in the game")
}

#[derive(Clone, PartialEq, Debug)]
pub struct ChaseTheAce {
    settings: Settings,
    lives: [u8; MAX_SEATS],
    on_grace: SeatSet,
    in_game: SeatSet,
    pot: u32,
    dealer: u8,
    deck: Deck,
    /// Cards taken from the top of the deck this round.
    dealt: u8,
    hands: [Option<Card>; MAX_SEATS],
    given: [[Option<Card>; 2]; MAX_SEATS],
    discard: Option<Card>,
    choices: [Option<Choice>; MAX_SEATS],
    shown: [Option<Card>; MAX_SEATS],
    phase: Phase,
    current: u8,
    /// stayner resets so far: each hands every player their lives again.
    resets: u32,
    figures: Figures,
}

impl ChaseTheAce {
    pub fn new(settings: Settings) -> Self {
        let players = settings.players;
        let mut lives = [0; MAX_SEATS];
        lives[..usize::from(players)].fill(settings.lives);
        ChaseTheAce {
            settings,
            lives,
            on_grace: SeatSet::default(),
            in_game: (0..players).collect(),
            pot: 0,
            dealer: 0,
            deck: Deck::ordered(),
            dealt: 0,
            hands: [None; MAX_SEATS],
            given: [[None; 2]; MAX_SEATS],
            discard: None,
            choices: [None; MAX_SEATS],
            shown: [None; MAX_SEATS],
            phase: Phase::Deal,
            current: 0,
            resets: 0,
            figures: Figures::default(),
        }
    }

    pub fn lives(&self) -> &[u8] {
        &self.lives[..usize::from(self.settings.players)]
    }

    pub fn pot(&self) -> u32 {
        self.pot
    }

    pub fn in_game(&self) -> SeatSet {
        self.in_game
    }

    pub fn on_grace(&self) -> SeatSet {
        self.on_grace
    }

    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's card this round (everyone's, hidden or not: for tests and replays).
    pub fn hand(&self, seat: u8) -> Option<Card> {
        self.hands[usize::from(seat)]
    }

    /// This game at the deal of a round with `lives` by seat, those `on_grace` and `in_game`,
    /// and `dealer` dealing (the pot, the figures and stayner's resets as they are): how
    /// the odds set up each point of their chain.
    pub(crate) fn at_deal(
        &self,
        lives: &[u8],
        on_grace: SeatSet,
        in_game: SeatSet,
        dealer: u8,
    ) -> Self {
        let mut at = self.round_start();
        at.lives = [0; MAX_SEATS];
        at.lives[..lives.len()].copy_from_slice(lives);
        at.on_grace = on_grace;
        at.in_game = in_game;
        at.dealer = dealer;
        at.current = dealer;
        at
    }

    /// The game as it stood before the current round was dealt: the same lives, pot and
    /// dealer, no cards out. What odds that must not see the cards start from.
    #[must_use]
    pub fn round_start(&self) -> ChaseTheAce {
        if matches!(self.phase, Phase::Deal | Phase::Over) {
            return self.clone();
        }
        ChaseTheAce {
            dealt: 0,
            hands: [None; MAX_SEATS],
            given: [[None; 2]; MAX_SEATS],
            discard: None,
            choices: [None; MAX_SEATS],
            phase: Phase::Deal,
            current: self.dealer,
            ..self.clone()
        }
    }

    /// What `seat` sees (`None`: an onlooker).
    pub fn observe(&self, viewer: Option<u8>) -> ChaseView {
        // A King call is the holder's secret: everyone else sees the next seat deciding, as
        // they would if the card were not a King.
        let (phase, current) = match self.phase {
            Phase::KingCall { next } if viewer != Some(self.current) => {
                (self.deciding_phase(next), next)
            }
            phase => (phase, self.current),
        };
        ChaseView {
            settings: self.settings,
            viewer,
            lives: self.lives,
            on_grace: self.on_grace,
            in_game: self.in_game,
            pot: self.pot,
            dealer: self.dealer,
            phase,
            current,
            choices: self.choices,
            own: viewer.and_then(|s| self.hands[usize::from(s)]),
            given: viewer
                .map(|s| self.given[usize::from(s)])
                .unwrap_or_default(),
            shown: self.shown,
            round: self.figures.rounds,
        }
    }

    fn left_of(&self, seat: u8) -> u8 {
        neighbour(self.in_game, seat, true)
    }

    fn deal(&mut self, deck: Deck, events: &mut Events) {
        self.deck = deck;
        self.dealt = 0;
        self.hands = [None; MAX_SEATS];
        self.given = [[None; 2]; MAX_SEATS];
        self.choices = [None; MAX_SEATS];
        self.discard = None;
        let mut seat = self.dealer;
        loop {
            seat = self.left_of(seat);
            self.hands[usize::from(seat)] = Some(self.deck.cards()[usize::from(self.dealt)]);
            self.dealt += 1;
            if seat == self.dealer {
                break;
            }
        }
        events.push(Event::Dealt {
            dealer: self.dealer,
        });
        self.ask(self.left_of(self.dealer));
    }

    /// The phase in which `seat` makes its decision of the round.
    fn deciding_phase(&self, seat: u8) -> Phase {
        if seat == self.dealer {
            Phase::DealerChoice
        } else {
            Phase::Exchange
        }
    }

    /// Give `seat` its decision, letting every King holder speak first.
    fn ask(&mut self, seat: u8) {
        self.call_kings(seat, seat);
    }

    /// Before `next` decides: the first King holder after `after` (going left, up to
    /// `next`) may throw it down; with none left to ask, `next` decides.
    fn call_kings(&mut self, next: u8, after: u8) {
        let players = self.settings.players;
        let caller = self.settings.has(Variant::KingStops).then(|| {
            (1..players)
                .map(|step| seat_at(after, i32::from(step), players))
                .take_while(|&s| s != next)
                .find(|&s| self.in_game.contains(s) && self.holds_king(s))
        });
        (self.phase, self.current) = match caller.flatten() {
            Some(holder) => (Phase::KingCall { next }, holder),
            None => (self.deciding_phase(next), next),
        };
    }

    fn holds_king(&self, seat: u8) -> bool {
        self.hands[usize::from(seat)].is_some_and(|c| c.rank() == KING)
    }

    fn give(&mut self, seat: u8, card: Card) {
        let slot = &mut self.given[usize::from(seat)];
        slot[usize::from(slot[0].is_some())] = Some(card);
    }

    fn showdown(&mut self, events: &mut Events) {
        self.figures.rounds += 1;
        self.shown = self.hands;
        let mut seat = self.dealer;
        let mut lowest = KING + 1;
        loop {
            seat = self.left_of(seat);
            let card = self.hands[usize::from(seat)].expect("everyone in holds a card");
            lowest = lowest.min(card.rank());
            events.push(Event::Shown { seat, card });
            if seat == self.dealer {
                break;
            }
        }
        let losers: SeatSet = self
            .in_game
            .iter()
            .filter(|&s| self.hands[usize::from(s)].is_some_and(|c| c.rank() == lowest))
            .collect();
        let burned = self.settings.has(Variant::DoubleBurn)
            && self.choices[usize::from(self.dealer)] == Some(Choice::Cut)
            && losers.contains(self.dealer)
            && self.discard.map(Card::rank) == Some(lowest);
        let dealer = self.dealer;
        let losses = move |seat: u8| if burned && seat == dealer { 2 } else { 1 };
        let would_go_out = |seat: u8| {
            let lives = self.lives[usize::from(seat)];
            let grace = self.settings.has(Variant::Grace) && !self.on_grace.contains(seat);
            losers.contains(seat) && losses(seat) + u8::from(!grace) > lives
        };
        if self.in_game.iter().all(would_go_out) {
            let both_on_grace =
                self.in_game.len() == 2 && self.in_game.iter().all(|s| self.on_grace.contains(s));
            if self.settings.has(Variant::Stayner) && both_on_grace {
                self.reset(events);
            } else {
                events.push(Event::VoidRound);
            }
        } else {
            for seat in losers.iter() {
                for _ in 0..losses(seat) {
                    self.lose_life(seat, events);
                }
            }
        }
        self.hands = [None; MAX_SEATS];
        self.discard = None;
        self.dealt = 0;
        if self.in_game.len() == 1 {
            let winner = self.in_game.iter().next().expect("one left");
            self.phase = Phase::Over;
            self.current = winner;
            events.push(self.figures.sole_winner(winner, self.pot));
        } else {
            self.dealer = self.left_of(self.dealer);
            self.phase = Phase::Deal;
        }
    }

    fn lose_life(&mut self, seat: u8, events: &mut Events) {
        if !self.in_game.contains(seat) {
            return;
        }
        let lives = &mut self.lives[usize::from(seat)];
        if *lives > 0 {
            *lives -= 1;
            self.pot += 1;
            events.moved(Token::Life, 1, Place::Seat(seat), Place::Pot);
            events.push(Event::LostLife { seat, left: *lives });
            if *lives > 0 {
                return;
            }
            if self.settings.has(Variant::Grace) {
                self.on_grace.insert(seat);
                events.push(Event::OnGrace { seat });
                return;
            }
        }
        // Out of lives without grace, or a loss while on grace. A dealer who goes out keeps
        // the deal's place: the next dealer is found from this seat all the same.
        self.in_game = self.in_game.iter().filter(|&s| s != seat).collect();
        events.push(Event::Out { seat });
    }

    fn reset(&mut self, events: &mut Events) {
        self.resets += 1;
        self.in_game = (0..self.settings.players).collect();
        self.on_grace = SeatSet::default();
        self.lives[..usize::from(self.settings.players)].fill(self.settings.lives);
        events.push(Event::Reset);
    }
}

impl Game for ChaseTheAce {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal => Turn::Chance,
            Phase::Over => Turn::Over,
            _ => Turn::Seat(self.current),
        }
    }

    fn legal_actions(&self) -> Actions {
        let mut actions: Actions = match self.phase {
            Phase::Exchange => const { Actions::of(&[Action::Keep, Action::Exchange]) },
            Phase::KingCall { .. } => const { Actions::one(Action::Keep) },
            Phase::DealerChoice => const { Actions::of(&[Action::Keep, Action::Cut]) },
            Phase::Deal | Phase::Over => return const { Actions::none() },
        };
        // A King may be thrown down at any point of the round, the holder's own turn
        // included (the dealer's too).
        if self.settings.has(Variant::KingStops) && self.holds_king(self.current) {
            actions.push(Action::ThrowKing);
        }
        actions
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.phase == Phase::Deal).then_some(ChanceSpec::Shuffle)
    }

    fn play_action(&mut self, action: Action, events: &mut Events) {
        let seat = self.current;
        let s = usize::from(seat);
        match (self.phase, action) {
            (Phase::KingCall { next }, Action::Keep) => self.call_kings(next, seat),
            (_, Action::ThrowKing) => {
                self.figures.turns += 1;
                self.choices[s] = Some(Choice::ThrewKing);
                events.push(Event::KingThrown { seat });
                self.showdown(events);
            }
            (Phase::DealerChoice, Action::Cut) => {
                self.figures.turns += 1;
                let card = self.deck.cards()[usize::from(self.dealt)];
                self.dealt += 1;
                self.discard = self.hands[s].replace(card);
                self.choices[s] = Some(Choice::Cut);
                events.push(Event::Cut { dealer: seat, card });
                self.showdown(events);
            }
            (Phase::DealerChoice, _) => {
                self.figures.turns += 1;
                self.choices[s] = Some(Choice::Kept);
                events.push(Event::Kept { seat });
                self.showdown(events);
            }
            (_, Action::Exchange) => {
                self.figures.turns += 1;
                let left = self.left_of(seat);
                let (mine, theirs) = (self.hands[s], self.hands[usize::from(left)]);
                self.hands[s] = theirs;
                self.hands[usize::from(left)] = mine;
                self.give(seat, mine.expect("dealt"));
                self.give(left, theirs.expect("dealt"));
                self.choices[s] = Some(Choice::Exchanged);
                events.push(Event::Exchanged { seat, with: left });
                self.ask(self.left_of(seat));
            }
            _ => {
                self.figures.turns += 1;
                self.choices[s] = Some(Choice::Kept);
                events.push(Event::Kept { seat });
                self.ask(self.left_of(seat));
            }
        }
    }

    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let Chance::Deck(deck) = chance else {
            unreachable!("chance() asks for a deck")
        };
        self.deal(*deck, events);
    }

    fn view(&self, seat: Option<u8>) -> View {
        View::ChaseTheAce(self.observe(seat))
    }

    fn bot_action(&self, level: BotLevel, _rng: &mut GameRng) -> Action {
        bot_action(&self.observe(Some(self.current)), level)
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn conserved(&self) -> Conserved {
        let players = u32::from(self.settings.players);
        let held: u32 = self.lives().iter().map(|&l| u32::from(l)).sum();
        let hands = self.hands.iter().flatten().count() as u32;
        let cards = hands + u32::from(self.discard.is_some()) + 52 - u32::from(self.dealt);
        Conserved::of(&[
            (
                "lives",
                held + self.pot - self.resets * players * u32::from(self.settings.lives),
            ),
            ("cards", cards),
        ])
    }
}

/// A bot's decision from a seat's view alone.
pub fn bot_action(view: &ChaseView, level: BotLevel) -> Action {
    let rank = view.own.map_or(KING, Card::rank);
    match view.phase {
        // A King is thrown down at the last moment that still stops a change: before the
        // right neighbour could take it, or before the dealer could cut. Until then it is
        // kept quiet (and kept on the holder's own turn: nobody after can take it).
        Phase::KingCall { next } => {
            let at_risk = view
                .viewer
                .is_some_and(|me| view.neighbour(me, false) == next);
            if at_risk || next == view.dealer {
                Action::ThrowKing
            } else {
                Action::Keep
            }
        }
        Phase::Exchange | Phase::DealerChoice => {
            let change = match level {
                BotLevel::Expert => expert::prefers_change(view),
                _ => rank <= THRESHOLD_RANK,
            };
            match (change, view.phase) {
                (false, _) => Action::Keep,
                (true, Phase::DealerChoice) => Action::Cut,
                (true, _) => Action::Exchange,
            }
        }
        Phase::Deal | Phase::Over => Action::Keep,
    }
}
