//! Forty-One: six rolls, one die set down from each; a 4 and a 1 qualify the turn and the
//! other four dice are the score. A match of rounds, played for chips or for points.

mod present;
pub mod solver;

use solver::TurnState;

use super::{
    Action, Actions, BotLevel, Chance, ChanceSpec, Conserved, Dice, Event, Events, Figures, Game,
    GameRng, MAX_SEATS, Place, ScoreTallies, SeatSet, Settings, Token, Turn, View, seat_at,
};

use crate::words::id;
use super::game_type::{
    DecisionWords, GameType, Goal, Progress, RuleChange, SimFigure, StatFigure, Tally,
};
use super::settings::Ranges;

/// What Forty-One says of itself (see [`GameType`]).
pub const TYPE: GameType = GameType {
    title: &id::forty_one_title,
    short_title: &id::forty_one_short_title,
    tagline: &id::forty_one_tagline,
    rules: [
        include_str!("../../assets/rules/forty-one.txt"),
        include_str!("../../assets/rules/sv/forty-one.txt"),
    ],
    ranges: Ranges {
        rounds: Some((1, 999, 10)),
        bank: Some((1, 999, 20)),
        ..Ranges::players(2, 8, 4)
    },
    variants: &[],
    bot_levels: &[BotLevel::Expert, BotLevel::Safe, BotLevel::Novice],
    goal: Goal::WinMatch,
    seat_zero: &id::seat_zero_first_to_act,
    progress: Progress::Turns,
    stock: None,
    hides_cards: false,
    rolls_dice: true,
    decisions: Some(DecisionWords {
        measure: &id::forty_one_measure,
        options_heading: &id::forty_one_measure,
        one: &id::forty_one_decision,
        many: &id::forty_one_decisions,
    }),
    biggest_win: Some((
        &id::forty_one_biggest_win_yours,
        &id::forty_one_biggest_win_anyone,
    )),
    die_face: None,
    die_word: None,
    rule_changes: &[RuleChange {
        since_format: 2,
        with: None,
        note: &id::forty_one_rule_change_bust,
    }],
    sim_figures: &[SimFigure::ScoreTallies],
    stat_figures: &[
        StatFigure {
            key: "best-score",
            words: &id::forty_one_best_turn,
            unit: Some((&id::unit_point, &id::unit_points)),
            tally: Tally::Best,
        },
        StatFigure {
            key: "twenty-fours",
            words: &id::forty_one_perfect_24s,
            unit: None,
            tally: Tally::Sum,
        },
    ],
    seat_figures: |game| {
        let scores = game.log.iter().filter_map(|event| match *event {
            Event::Scored { seat, score } if seat == game.seat => Some(score),
            _ => None,
        });
        let (mut best, mut twenty_fours) = (None, 0);
        for score in scores {
            best = best.max(score.map(u64::from));
            twenty_fours += u64::from(score == Some(24));
        }
        vec![best, Some(twenty_fours)]
    },
    new: |settings| Box::new(FortyOne::new(settings)),
};

#[derive(Clone, PartialEq, Debug)]
pub struct FortyOne {
    settings: Settings,
    /// Chips with stakes on; rounds won with stakes off.
    piles: [u32; MAX_SEATS],
    pot: u32,
    /// Bust penalties owed (stakes on): paid into the next round's pot before its antes.
    owed: [u8; MAX_SEATS],
    in_match: SeatSet,
    /// The round being played, from 1.
    round: u16,
    opener: u8,
    current: u8,
    /// Seats that have finished their turn this round.
    rolled: SeatSet,
    /// This round's scores of the seats that have rolled (`None`: bust).
    scores: [Option<u8>; MAX_SEATS],
    /// The roll waiting for a die to be set down; `None` when the next roll is due.
    roll: Option<Dice>,
    set_down: [u8; 6],
    /// What the dice set down this turn add up to: kept as each goes down, where working it
    /// out from them for every decision was a quarter of the simulator's Forty-One
    /// instructions (callgrind).
    turn: TurnState,
    /// Whether nobody had qualified this round when the current turn began.
    opening_turn: bool,
    over: bool,
    figures: Figures,
    tallies: ScoreTallies,
}

impl FortyOne {
    pub fn new(settings: Settings) -> Self {
        let players = settings.players;
        let mut piles = [0; MAX_SEATS];
        if settings.stakes {
            piles[..usize::from(players)].fill(u32::from(settings.bank));
        }
        let mut game = FortyOne {
            settings,
            piles,
            pot: 0,
            owed: [0; MAX_SEATS],
            in_match: (0..players).collect(),
            round: 0,
            opener: 0,
            current: 0,
            rolled: SeatSet::default(),
            scores: [None; MAX_SEATS],
            roll: None,
            set_down: [0; 6],
            turn: TurnState::START,
            opening_turn: true,
            over: false,
            figures: Figures::default(),
            tallies: ScoreTallies::default(),
        };
        // The first round's antes are part of the deal, so they are not logged.
        game.begin_round(seat_at(0, -1, players), &mut Events::discarding());
        game
    }

    /// Chips held (stakes on) or rounds won (stakes off), by seat.
    pub fn piles(&self) -> &[u32] {
        &self.piles[..usize::from(self.settings.players)]
    }

    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// Bust penalties a seat owes the next round's pot.
    pub fn owed(&self, seat: u8) -> u8 {
        self.owed[usize::from(seat)]
    }

    pub fn in_match(&self) -> SeatSet {
        self.in_match
    }

    pub fn round(&self) -> u16 {
        self.round
    }

    pub fn opener(&self) -> u8 {
        self.opener
    }

    pub fn current(&self) -> u8 {
        self.current
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The roll waiting for a die to be set down.
    pub fn roll(&self) -> Option<Dice> {
        self.roll
    }

    /// Dice set down this turn, in order.
    pub fn set_down(&self) -> &[u8] {
        &self.set_down[..self.dice_down()]
    }

    /// The current roll's number, 1-6 (the roll being looked at or about to be made).
    pub fn roll_number(&self) -> u8 {
        self.dice_down() as u8 + 1
    }

    /// Dice set down this turn.
    fn dice_down(&self) -> usize {
        solver::DICE - usize::from(self.turn.dice_left)
    }

    /// This round's score of a seat that has rolled.
    pub fn score_of(&self, seat: u8) -> Option<Option<u8>> {
        self.rolled
            .contains(seat)
            .then(|| self.scores[usize::from(seat)])
    }

    /// The best score so far this round: what the current player must beat.
    pub fn score_to_beat(&self) -> Option<u8> {
        self.rolled
            .iter()
            .filter_map(|s| self.scores[usize::from(s)])
            .max()
    }

    /// Players who roll after the current one this round.
    pub fn still_to_roll(&self) -> usize {
        self.in_match.len() - self.rolled.len() - 1
    }

    /// The current turn's state for the solver.
    pub fn turn_state(&self) -> TurnState {
        self.turn
    }

    /// The seat after `seat` on the left that is still in the match.
    fn next_in_match(&self, seat: u8) -> u8 {
        let players = self.settings.players;
        (1..=players)
            .map(|step| seat_at(seat, i32::from(step), players))
            .find(|&s| self.in_match.contains(s))
            .expect("someone is in the match")
    }

    fn pay(&mut self, seat: u8, events: &mut Events) {
        if self.piles[usize::from(seat)] > 0 {
            self.piles[usize::from(seat)] -= 1;
            self.pot += 1;
            events.moved(Token::Chip, 1, Place::Seat(seat), Place::Pot);
        }
    }

    /// Start a round after the one `previous_opener` opened: penalties owed, outs, antes,
    /// the new opener.
    fn begin_round(&mut self, previous_opener: u8, events: &mut Events) {
        if self.round >= self.settings.rounds {
            self.end_match(events);
            return;
        }
        if self.settings.stakes && !self.settle_debts_and_outs(events) {
            self.end_match(events);
            return;
        }
        self.round += 1;
        self.opener = self.next_in_match(previous_opener);
        if self.settings.stakes {
            for seat in self.in_match.iter() {
                self.pay(seat, events);
            }
        }
        events.push(Event::RoundBegins {
            round: self.round,
            opener: self.opener,
        });
        self.start_play();
    }

    /// Before a round with stakes: whether it is played at all (two players or more can pay
    /// what they owe and still ante). If it is, the penalties owed go into its pot and those
    /// left with nothing are out; if not, those who could not ante are out and what they
    /// owe is never paid, for there is no next round's pot to pay it into.
    fn settle_debts_and_outs(&mut self, events: &mut Events) -> bool {
        let can_ante = |game: &Self, seat: u8| {
            game.piles[usize::from(seat)] > u32::from(game.owed[usize::from(seat)])
        };
        let played = self.in_match.iter().filter(|&s| can_ante(self, s)).count() > 1;
        if played {
            for seat in self.in_match.iter() {
                let s = usize::from(seat);
                let paid = u32::from(self.owed[s]).min(self.piles[s]);
                self.piles[s] -= paid;
                self.pot += paid;
                events.extend_with(|| (0..paid).map(move |_| Event::PenaltyPaid { seat }));
            }
        }
        let out: SeatSet = self
            .in_match
            .iter()
            .filter(|&s| self.piles[usize::from(s)] == 0 || (!played && !can_ante(self, s)))
            .collect();
        self.owed = [0; MAX_SEATS];
        for seat in out.iter() {
            events.push(Event::OutOfMatch { seat });
        }
        self.in_match = self.in_match.iter().filter(|&s| !out.contains(s)).collect();
        played
    }

    /// Everyone in the match rolls, from the opener (also how a tied round is replayed).
    fn start_play(&mut self) {
        self.figures.rounds += 1;
        self.rolled = SeatSet::default();
        self.scores = [None; MAX_SEATS];
        self.start_turn(self.opener);
    }

    fn start_turn(&mut self, seat: u8) {
        self.current = seat;
        self.roll = None;
        self.turn = TurnState::START;
        self.opening_turn = self.score_to_beat().is_none();
    }

    fn end_turn(&mut self, events: &mut Events) {
        let seat = self.current;
        let score = self.turn.score();
        self.figures.turns += 1;
        self.tallies.all.record(score);
        if self.opening_turn {
            self.tallies.opening.record(score);
        }
        events.push(Event::Scored { seat, score });
        if score.is_none() && self.settings.stakes {
            let owed = &mut self.owed[usize::from(seat)];
            *owed = owed.saturating_add(1);
            events.push(Event::PenaltyOwed { seat });
        }
        self.scores[usize::from(seat)] = score;
        self.rolled.insert(seat);
        if self.rolled.len() < self.in_match.len() {
            self.start_turn(self.next_in_match(seat));
        } else {
            self.settle_round(events);
        }
    }

    /// Everyone has rolled: the highest score takes the round. Nobody qualifying is a tie
    /// of all.
    fn settle_round(&mut self, events: &mut Events) {
        let best = self.score_to_beat();
        let leaders: SeatSet = self
            .in_match
            .iter()
            .filter(|&s| self.scores[usize::from(s)] == best)
            .collect();
        if self.settings.stakes {
            let (Some(score), Some(winner)) = (best, leaders.only()) else {
                events.push(Event::RoundTied { score: best });
                self.start_play();
                return;
            };
            self.take_pot(winner, score, events);
        } else {
            // For points a tie is not replayed: every player tied for the highest wins it.
            for seat in leaders.iter() {
                self.piles[usize::from(seat)] += 1;
            }
            events.push(match (best, leaders.only()) {
                (Some(score), Some(seat)) => Event::RoundWon {
                    seat,
                    score,
                    pot: 0,
                },
                _ => Event::RoundShared {
                    seats: leaders,
                    score: best,
                },
            });
        }
        self.begin_round(self.opener, events);
    }

    /// The round's sole winner takes the pot, after everyone else pays one more chip for a
    /// perfect 24.
    fn take_pot(&mut self, winner: u8, score: u8, events: &mut Events) {
        if score == 24 {
            for seat in self.in_match.iter().filter(|&s| s != winner) {
                self.pay(seat, events);
            }
        }
        let pot = std::mem::take(&mut self.pot);
        self.piles[usize::from(winner)] += pot;
        events.push(Event::RoundWon {
            seat: winner,
            score,
            pot,
        });
        events.moved(
            Token::Chip,
            pot.min(255) as u8,
            Place::Pot,
            Place::Seat(winner),
        );
    }

    fn end_match(&mut self, events: &mut Events) {
        self.over = true;
        let pile = self.piles().iter().copied().max().unwrap_or(0);
        let winners: SeatSet = (0..self.settings.players)
            .filter(|&s| self.piles[usize::from(s)] == pile)
            .collect();
        self.figures.winners = winners;
        self.figures.pot_won = pile;
        events.push(Event::MatchWon {
            seats: winners,
            pile,
        });
    }

    /// The die a bot at `level` sets down from the current roll.
    fn bot_face(&self, level: BotLevel, roll: Dice) -> u8 {
        let state = self.turn;
        match level {
            BotLevel::Safe if !state.has_four && roll.count(4) > 0 => 4,
            BotLevel::Safe if !state.has_one && roll.count(1) > 0 => 1,
            BotLevel::Expert => {
                let policy = solver::win_policy(self.score_to_beat(), self.still_to_roll());
                roll.with_faces(|faces| policy.best_face(state, faces))
            }
            _ => roll.highest().unwrap_or(6),
        }
    }
}

impl Game for FortyOne {
    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn turn(&self) -> Turn {
        match (self.over, self.roll) {
            (true, _) => Turn::Over,
            (false, None) => Turn::Chance,
            (false, Some(_)) => Turn::Seat(self.current),
        }
    }

    fn legal_actions(&self) -> Actions {
        let Some(roll) = self.roll.filter(|_| !self.over) else {
            return const { Actions::none() };
        };
        let mut faces = const { Actions::none() };
        for face in 1..=6 {
            if roll.count(face) > 0 {
                faces.push(Action::SetDown(face));
            }
        }
        faces
    }

    fn chance(&self) -> Option<ChanceSpec> {
        (self.turn() == Turn::Chance).then_some(ChanceSpec::Dice(self.turn.dice_left))
    }

    /// The round (replays counted), the seat and the roll: how many dice are left, and who
    /// went out of the match before, are choices. A roll of fewer than six dice is the
    /// first dice of the six its key would draw, so the dice a seat meets are the same
    /// whichever it set down.
    fn chance_key(&self) -> Option<u64> {
        Some(
            u64::from(self.figures.rounds) << 16
                | u64::from(self.current) << 8
                | self.dice_down() as u64,
        )
    }

    fn play_action(&mut self, action: Action, events: &mut Events) {
        let Action::SetDown(face) = action else {
            unreachable!("only set-downs are listed")
        };
        self.set_down[self.dice_down()] = face;
        self.turn = self.turn.after(face);
        self.roll = None;
        events.push(Event::SetDown {
            seat: self.current,
            face,
            roll: self.dice_down() as u8,
        });
        if self.turn.dice_left == 0 {
            self.end_turn(events);
        }
    }

    fn play_chance(&mut self, chance: &Chance, events: &mut Events) {
        let dice = chance.dice();
        self.roll = Some(dice);
        events.push(Event::Rolled {
            seat: self.current,
            dice,
        });
    }

    fn view(&self, _seat: Option<u8>) -> View {
        View::FortyOne(Box::new(self.clone()))
    }

    fn bot_action(&self, level: BotLevel, _rng: &mut GameRng) -> Action {
        match self.roll {
            Some(roll) => Action::SetDown(self.bot_face(level, roll)),
            None => Action::Roll,
        }
    }

    fn figures(&self) -> &Figures {
        &self.figures
    }

    fn turns_left(&self) -> Option<u32> {
        let rounds = self.settings.rounds.saturating_sub(self.round) + 1;
        Some(u32::from(rounds) * self.in_match.len() as u32)
    }

    fn score_tallies(&self) -> Option<&ScoreTallies> {
        Some(&self.tallies)
    }

    fn conserved(&self) -> Conserved {
        // Six dice: those set down plus those in the roll (or still to roll).
        let down = self.dice_down() as u32;
        let dice = (
            "dice",
            down + self.roll.map_or(6 - down, |r| r.len() as u32),
        );
        if self.settings.stakes {
            let held: u32 = self.piles().iter().sum();
            Conserved::of(&[("chips", held + self.pot), dice])
        } else {
            Conserved::of(&[dice])
        }
    }
}
