//! LCR, Left Center Right: one die per chip (at most three); L passes left, R passes right,
//! C feeds the pot; the last player holding chips takes the pot.

use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Dice, Event, Figures, Game, GameRng, MAX_SEATS,
    Place, Settings, Token, Turn, Variant, View, next_turn, seat_at, sole_holder,
};

/// How an LCR die face reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    Left,
    Right,
    Centre,
    Dot,
    /// Only with the `wild` variant: a 6 takes a chip from a player of the roller's choice.
    Wild,
}

impl Face {
    /// The letter printed on the die.
    pub fn symbol(self) -> &'static str {
        match self {
            Face::Left => "L",
            Face::Right => "R",
            Face::Centre => "C",
            Face::Dot => "•",
            Face::Wild => "W",
        }
    }
}

/// Most dice one LCR roll uses, however many chips are held.
pub const MAX_DICE: u8 = 3;

#[derive(Clone, PartialEq, Debug)]
pub struct Lcr {
    settings: Settings,
    chips: [u8; MAX_SEATS],
    pot: u32,
    current: u8,
    rolling: bool,
    /// Wilds rolled that still have to choose whom to take from.
    wilds_pending: u8,
    over: bool,
    last_roll: Option<(u8, Dice)>,
    figures: Figures,
}

impl Lcr {
    pub fn new(settings: Settings) -> Self {
        let mut chips = [0; MAX_SEATS];
        chips[..usize::from(settings.players)].fill(settings.chips);
        Lcr {
            settings,
            chips,
            pot: u32::from(settings.has(Variant::Jackpot)),
            current: 0,
            rolling: false,
            wilds_pending: 0,
            over: false,
            last_roll: None,
            figures: Figures {
                turns: 1,
                ..Figures::default()
            },
        }
    }

    pub fn chips(&self) -> &[u8] {
        &self.chips[..usize::from(self.settings.players)]
    }

    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// The seat to play now (the winner once the game is over).
    pub fn current(&self) -> u8 {
        self.current
    }

    pub fn wilds_pending(&self) -> u8 {
        self.wilds_pending
    }

    pub fn last_roll(&self) -> Option<(u8, Dice)> {
        self.last_roll
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// How a die face reads under this game's variants.
    pub fn face(&self, pips: u8) -> Face {
        match pips {
            1 => Face::Left,
            2 => Face::Right,
            3 => Face::Centre,
            6 if self.settings.has(Variant::Wild) => Face::Wild,
            _ => Face::Dot,
        }
    }

    /// Dice the current seat rolls: one per chip, at most three.
    pub fn dice_to_roll(&self) -> u8 {
        self.chips[usize::from(self.current)].min(MAX_DICE)
    }

    /// Seats a wild could take a chip from: everyone else holding one.
    fn wild_targets(&self) -> impl Iterator<Item = u8> + '_ {
        let players = self.settings.players;
        (1..players)
            .map(move |step| seat_at(self.current, i32::from(step), players))
            .filter(|&s| self.chips[usize::from(s)] > 0)
    }

    fn move_chips(&mut self, count: u8, from: u8, to: Place, events: &mut Vec<Event>) {
        if count == 0 {
            return;
        }
        self.chips[usize::from(from)] -= count;
        match to {
            Place::Seat(seat) => self.chips[usize::from(seat)] += count,
            Place::Pot => self.pot += u32::from(count),
        }
        events.push(Event::Moved {
            token: Token::Chip,
            count,
            from: Place::Seat(from),
            to,
        });
    }

    /// Settle the wilds nobody can be taken for, then end the turn once none are pending.
    fn settle(&mut self, events: &mut Vec<Event>) {
        while self.wilds_pending > 0 && self.wild_targets().next().is_none() {
            self.wilds_pending -= 1;
            events.push(Event::WildFizzles { seat: self.current });
        }
        if self.wilds_pending > 0 {
            return;
        }
        let players = usize::from(self.settings.players);
        match sole_holder(&self.chips[..players]) {
            Some(winner) => {
                self.over = true;
                self.current = winner;
                events.push(self.figures.sole_winner(winner, self.pot));
            }
            None => {
                self.current = next_turn(
                    self.current,
                    &self.chips[..players],
                    &mut self.figures.turns,
                    events,
                );
            }
        }
    }
}

impl Game for Lcr {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Over
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Seat(self.current)
        }
    }

    fn legal_actions(&self) -> Actions {
        match self.turn() {
            Turn::Seat(_) if self.wilds_pending > 0 => {
                self.wild_targets().map(Action::TakeChip).collect()
            }
            Turn::Seat(_) => Actions::one(Action::Roll),
            _ => Actions::none(),
        }
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.turn() == Turn::Chance).then(|| ChanceSpec::Dice(self.dice_to_roll()))
    }

    fn play_action(&mut self, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::TakeChip(victim) => {
                self.wilds_pending -= 1;
                let taker = self.current;
                self.chips[usize::from(victim)] -= 1;
                self.chips[usize::from(taker)] += 1;
                events.push(Event::WildTakes {
                    seat: taker,
                    from: victim,
                });
                self.settle(events);
            }
            _ => self.rolling = true,
        }
    }

    fn play_chance(&mut self, chance: &Chance, events: &mut Vec<Event>) {
        let dice = chance.dice();
        let seat = self.current;
        self.rolling = false;
        self.last_roll = Some((seat, dice));
        self.figures.rolls += 1;
        events.push(Event::Rolled { seat, dice });
        // Pip counts: L is 1, R is 2, C is 3, a wild is 6 (see `face`).
        let mut counts = [0u8; 8];
        for pips in dice.faces() {
            counts[usize::from(pips)] += 1;
        }
        let players = self.settings.players;
        self.move_chips(
            counts[1],
            seat,
            Place::Seat(seat_at(seat, 1, players)),
            events,
        );
        self.move_chips(
            counts[2],
            seat,
            Place::Seat(seat_at(seat, -1, players)),
            events,
        );
        self.move_chips(counts[3], seat, Place::Pot, events);
        self.wilds_pending = if self.settings.has(Variant::Wild) {
            counts[6]
        } else {
            0
        };
        self.settle(events);
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::Lcr(self.clone())
    }

    /// A wild takes from the richest other player; ties go to the nearest on the left.
    fn bot_action(&self, _level: BotLevel, _rng: &mut GameRng) -> Action {
        if self.wilds_pending == 0 {
            return Action::Roll;
        }
        // wild_targets() walks left from the roller, so keeping the first strictly richer
        // seat leaves ties with the nearest.
        let mut richest: Option<u8> = None;
        for seat in self.wild_targets() {
            if richest.is_none_or(|r| self.chips[usize::from(seat)] > self.chips[usize::from(r)]) {
                richest = Some(seat);
            }
        }
        richest.map_or(Action::Roll, Action::TakeChip)
    }

    fn figures(&self) -> Figures {
        self.figures
    }

    fn conserved(&self) -> Vec<(&'static str, u32)> {
        let held: u32 = self.chips().iter().map(|&c| u32::from(c)).sum();
        vec![("chips", held + self.pot)]
    }
}
