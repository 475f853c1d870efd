//! Exact win chances for the three dice games (Aces in the Pot, Swedish Aces, LCR).
//!
//! A point is a seat about to roll. One chance step is that roll, applied to a clone of
//! the engine state with `play_action(Roll)` and `play_chance`, followed by any choice the
//! roll leaves (a wild's victim, a travelling three kept or given, an extra finale throw
//! bought) made by the game's own `bot_action`, up to the next seat about to roll or the
//! end. So the chain reads a roll as the rules do: LCR's wild on every die, the roll's L,
//! R and C chips moved before its wilds take. Rolls are listed by the faces the rules
//! tell apart (from the games' own face accessors): as counts for games that only count
//! faces, in order for Aces in the Pot, which reads its two dice left to right.

use std::sync::OnceLock;

use super::chain::{Key, Model, Next, Point, Visit};
use crate::games::aces_in_the_pot::{self, AcesInThePot};
use crate::games::lcr::{self, Lcr};
use crate::games::swedish_aces::{self, SwedishAces};
use crate::games::{
    Action, BotLevel, Chance, ChanceSpec, Dice, Events, Game, GameRng, Holdings, MAX_SEATS, Turn,
    Variant, game_rng,
};

/// What the chain needs to know of a dice game beyond the `Game` trait.
pub(crate) trait DiceGame: Game + Clone + 'static {
    /// Whether the order of the dice matters (it does when a roll is read left to right).
    const ORDERED: bool;

    /// Chips or dice held, by seat: everything that decides the rest of the game.
    fn holdings(&self) -> Holdings;

    /// The seat about to roll.
    fn roller(&self) -> u8;

    /// Anything else a point must tell apart (the finale's safe throws).
    fn phase_code(&self) -> u8 {
        0
    }

    /// Where the game stands in a schedule that repeats, as (position, period): the turns
    /// of pass-alternate's two rounds, left then right. Points at different positions are
    /// different points.
    fn schedule(&self) -> (u8, u8) {
        (0, 1)
    }

    /// Which group of faces the rules read `pips` in: faces of one group roll alike.
    fn face_group(&self, pips: u8) -> u8;

    /// Phase codes a point can have: `0..PHASES`.
    const PHASES: usize = 1;

    /// The most dice a seat holding `held` rolls at once.
    fn dice_for(held: u8) -> u8;

    /// Whether the game sets up its points ([`DiceGame::at_point`]), so that its chain is
    /// solved level by level rather than explored from the position.
    const SOLVED_BY_LEVEL: bool = false;

    /// This game set up at a point of its chain with seat 0 about to roll: `held` by seat
    /// from seat 0, `phase` a phase code and `position` a place in the schedule, as
    /// [`DiceModel::point`] reads them. `None` where no position has them, and for a game
    /// the level solve does not set up (its chain is explored from the position instead).
    fn at_point(&self, _held: &[u8], _phase: u8, _position: u8) -> Option<Self> {
        None
    }

    /// Chance outcomes too many to list die by die, given as the states they lead to (the
    /// Swedish Aces opening roll); `None` to list the dice.
    fn special_chance(&self) -> Option<Vec<(f64, Self)>> {
        None
    }
}

impl DiceGame for Lcr {
    const ORDERED: bool = false;
    const SOLVED_BY_LEVEL: bool = true;

    fn holdings(&self) -> Holdings {
        self.chip_holdings()
    }

    fn roller(&self) -> u8 {
        self.current()
    }

    fn face_group(&self, pips: u8) -> u8 {
        self.face(pips) as u8
    }

    fn dice_for(held: u8) -> u8 {
        held.min(lcr::MAX_DICE)
    }

    fn at_point(&self, held: &[u8], phase: u8, position: u8) -> Option<Self> {
        let fits = phase == 0 && position == 0 && held[0] > 0 && holders(held) > 1;
        fits.then(|| self.at_roll(held))
    }
}

/// Seats holding anything.
fn holders(held: &[u8]) -> usize {
    held.iter().filter(|&&h| h > 0).count()
}

impl DiceGame for AcesInThePot {
    const ORDERED: bool = true;
    const SOLVED_BY_LEVEL: bool = true;
    /// Normal play, and the finale after 0, 1 or 2 safe throws, with an extra throw bought
    /// or not.
    const PHASES: usize = 1 + 2 * aces_in_the_pot::SAFE_THROWS_TO_WIN as usize;

    fn holdings(&self) -> Holdings {
        self.chip_holdings()
    }

    fn roller(&self) -> u8 {
        self.current()
    }

    fn phase_code(&self) -> u8 {
        let bought = self.extra_throw() == aces_in_the_pot::ExtraThrow::Bought;
        match self.phase() {
            aces_in_the_pot::Phase::Normal => 0,
            aces_in_the_pot::Phase::Finale { safe } => {
                1 + safe + u8::from(bought) * aces_in_the_pot::SAFE_THROWS_TO_WIN
            }
            aces_in_the_pot::Phase::Over => 15,
        }
    }

    /// With pass-alternate the way chips pass depends on the turn within two rounds.
    fn schedule(&self) -> (u8, u8) {
        if self.settings().has(Variant::PassAlternate) {
            let period = 2 * u32::from(self.players());
            (((self.figures().turns - 1) % period) as u8, period as u8)
        } else {
            (0, 1)
        }
    }

    /// The paying face, the passing face (one of them is the finale's face to avoid), and
    /// the faces that do nothing.
    fn face_group(&self, pips: u8) -> u8 {
        if pips == self.paying_face() {
            1
        } else if pips == self.passing_face() {
            2
        } else {
            0
        }
    }

    fn dice_for(_held: u8) -> u8 {
        2
    }

    /// The phase codes of [`DiceGame::phase_code`] read back; the place in the schedule is
    /// the turn's (turn `position + 1` stands at `position`).
    fn at_point(&self, held: &[u8], phase: u8, position: u8) -> Option<Self> {
        let safe_throws = aces_in_the_pot::SAFE_THROWS_TO_WIN;
        let (phase, bought, sole) = match phase {
            0 => (aces_in_the_pot::Phase::Normal, false, false),
            code if code <= 2 * safe_throws => {
                let safe = (code - 1) % safe_throws;
                let bought = code > safe_throws;
                (aces_in_the_pot::Phase::Finale { safe }, bought, true)
            }
            _ => return None,
        };
        let fits = held[0] > 0
            && (holders(held) == 1) == sole
            && (!bought || self.settings().has(Variant::BuyThrow));
        fits.then(|| self.at_roll(held, phase, bought, u32::from(position) + 1))
    }
}

impl DiceGame for SwedishAces {
    const ORDERED: bool = false;

    fn holdings(&self) -> Holdings {
        self.dice_holdings()
    }

    fn roller(&self) -> u8 {
        self.current()
    }

    /// 1s go to the centre, 2s left, 5s right, 3s travel with threes-travel; the rest
    /// stay.
    fn face_group(&self, pips: u8) -> u8 {
        match pips {
            1 | 2 | 5 => pips,
            3 if self.settings().has(Variant::ThreesTravel) => pips,
            _ => 0,
        }
    }

    fn dice_for(held: u8) -> u8 {
        held
    }

    /// The opening roll: every contender holds as many dice as the others, so each is as
    /// likely as the others to open. Each case is reached through the engine with a roll
    /// that makes that contender the highest.
    fn special_chance(&self) -> Option<Vec<(f64, Self)>> {
        let swedish_aces::Phase::Opening { contenders } = self.phase() else {
            return None;
        };
        let share = 1.0 / contenders.len() as f64;
        let cases = contenders
            .iter()
            .map(|opener| {
                let faces: Vec<u8> = contenders
                    .iter()
                    .flat_map(|seat| {
                        let face = if seat == opener { 6 } else { 1 };
                        std::iter::repeat_n(face, usize::from(self.dice()[usize::from(seat)]))
                    })
                    .collect();
                let mut game = self.clone();
                game.apply_chance(&Chance::Dice(Dice::new(&faces)), &mut Events::discarding())
                    .expect("an opening roll fits the opening");
                (share, game)
            })
            .collect();
        Some(cases)
    }
}

/// Faces 1-6 grouped by `group`: each group's lowest face and its chance.
fn group_faces(group: impl Fn(u8) -> u8) -> Vec<(u8, f64)> {
    let mut classes: Vec<(u8, u8, f64)> = Vec::new();
    for pips in 1..=6 {
        let g = group(pips);
        match classes.iter_mut().find(|(id, _, _)| *id == g) {
            Some(class) => class.2 += 1.0 / 6.0,
            None => classes.push((g, pips, 1.0 / 6.0)),
        }
    }
    classes.into_iter().map(|(_, face, p)| (face, p)).collect()
}

/// A seat about to roll: the only decision of the dice games that is not a bot's choice.
pub(crate) fn is_roll_point(game: &dyn Game) -> bool {
    matches!(game.turn(), Turn::Seat(_)) && game.legal_actions().as_slice() == [Action::Roll]
}

/// Let the bots make the choices a roll left (wild victims, travelling threes), up to the
/// next roll, the next chance step or the end. The dice games' bots draw nothing from the
/// RNG, so the walk is deterministic.
pub(crate) fn settle<G: Game>(game: &mut G, events: &mut Events) {
    let mut rng: Option<GameRng> = None;
    while matches!(game.turn(), Turn::Seat(_)) && !is_roll_point(game) {
        let rng = rng.get_or_insert_with(|| game_rng(0, 0));
        let action = game.bot_action(BotLevel::Standard, rng);
        game.play_action(action, events);
    }
}

/// Every roll of `count` dice over the face `classes`: (probability, dice).
fn rolls(count: u8, classes: &[(u8, f64)], ordered: bool) -> Vec<(f64, Dice)> {
    let mut out = Vec::new();
    let mut faces = Vec::with_capacity(usize::from(count));
    if ordered {
        sequences(count, classes, 1.0, &mut faces, &mut out);
    } else {
        multisets(count, classes, 0, 1.0, &mut faces, &mut out);
    }
    out
}

fn sequences(
    left: u8,
    classes: &[(u8, f64)],
    p: f64,
    faces: &mut Vec<u8>,
    out: &mut Vec<(f64, Dice)>,
) {
    if left == 0 {
        out.push((p, Dice::new(faces)));
        return;
    }
    for &(face, q) in classes {
        faces.push(face);
        sequences(left - 1, classes, p * q, faces, out);
        faces.pop();
    }
}

/// Counts of each class from `from` on, with the multinomial probability: `p` carries the
/// product so far of `q^k / k!`, and the count's factorial is applied at the end.
fn multisets(
    left: u8,
    classes: &[(u8, f64)],
    from: usize,
    p: f64,
    faces: &mut Vec<u8>,
    out: &mut Vec<(f64, Dice)>,
) {
    let (face, q) = classes[from];
    if from + 1 == classes.len() {
        let p = p * q.powi(i32::from(left)) / factorial(left);
        faces.extend(std::iter::repeat_n(face, usize::from(left)));
        out.push((p * factorial(faces.len() as u8), Dice::new(faces)));
        faces.truncate(faces.len() - usize::from(left));
        return;
    }
    for k in 0..=left {
        let pk = p * q.powi(i32::from(k)) / factorial(k);
        faces.extend(std::iter::repeat_n(face, usize::from(k)));
        multisets(left - k, classes, from + 1, pk, faces, out);
        faces.truncate(faces.len() - usize::from(k));
    }
}

fn factorial(n: u8) -> f64 {
    (1..=n).map(f64::from).product()
}

/// `n` choose `k`, as a float (only sizes are estimated with it).
fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// Most chips or dice a table holds, and so the largest binomial row needed.
const MOST_HELD: usize = 50;

/// A dice game as a chain.
pub(crate) struct DiceModel<G: DiceGame> {
    seats: usize,
    /// `C(x, k)` at `x * (MAX_SEATS + 1) + k`, for `x` up to `MOST_HELD + MAX_SEATS`.
    binomials: Vec<u64>,
    classes: Vec<(u8, f64)>,
    /// Rolls by number of dice, listed when first needed (by whichever thread expanding a
    /// level needs them first).
    rolls: Vec<OnceLock<Vec<(f64, Dice)>>>,
    /// The period of the game's schedule (see [`DiceGame::schedule`]).
    period: usize,
    _game: std::marker::PhantomData<G>,
}

impl<G: DiceGame> DiceModel<G> {
    pub(crate) fn new(template: &G) -> Self {
        let width = MAX_SEATS + 1;
        let mut binomials = vec![0u64; (MOST_HELD + MAX_SEATS + 1) * width];
        for x in 0..=MOST_HELD + MAX_SEATS {
            binomials[x * width] = 1;
            for k in 1..width.min(x + 1) {
                binomials[x * width + k] =
                    binomials[(x - 1) * width + k - 1] + binomials[(x - 1) * width + k];
            }
        }
        DiceModel {
            seats: usize::from(template.holdings().players()),
            binomials,
            classes: group_faces(|pips| template.face_group(pips)),
            rolls: (0..=crate::games::chance::MAX_DICE)
                .map(|_| OnceLock::new())
                .collect(),
            period: usize::from(template.schedule().1),
            _game: std::marker::PhantomData,
        }
    }

    /// `C(x, k)` from the table, `None` beyond it.
    fn binomial(&self, x: usize, k: usize) -> Option<u64> {
        let width = MAX_SEATS + 1;
        (x <= MOST_HELD + MAX_SEATS && k < width).then(|| self.binomials[x * width + k])
    }

    fn rolls(&self, count: u8) -> &[(f64, Dice)] {
        self.rolls[usize::from(count)].get_or_init(|| rolls(count, &self.classes, G::ORDERED))
    }

    /// The level and the number among the points from `start` of the point at `phase` (with
    /// its place in the schedule) holding `held`, seat by seat from the anchor.
    ///
    /// The holdings `v` with the slack `total - sum(v)` are a composition of `total` into
    /// `seats + 1` parts; its bars sit at `b_i = v_0 + ... + v_i + i`, and `sum C(b_i, i +
    /// 1)` ranks it (the combinatorial number system).
    fn numbered(
        &self,
        start: &Point,
        phase: usize,
        held: impl Iterator<Item = usize>,
    ) -> (u32, usize) {
        let width = MAX_SEATS + 1;
        let ways = self
            .binomial(start.level as usize + self.seats, self.seats)
            .expect("numbered") as usize;
        let (mut level, mut rank) = (0, 0);
        for (i, h) in held.enumerate() {
            level += h;
            // Indexed, not through `binomial`: every transition of the level solve comes
            // here, and its holdings are within the table.
            rank += self.binomials[(level + i) * width + i + 1] as usize;
        }
        (level as u32, phase * ways + rank)
    }

    /// Where `game` stands among the points from `start`: its level and anchor as
    /// [`Model::point`] gives them and its number as [`Model::number`] gives it, read from
    /// the holdings in one pass, without the key (the level solve asks this of every
    /// transition).
    pub(crate) fn place(&self, start: &Point, game: &G) -> Placed {
        let anchor = game.roller();
        let from_anchor = game.holdings().round_from(anchor).map(usize::from);
        let (level, number) = self.numbered(start, phase_of(game), from_anchor);
        Placed {
            level,
            anchor,
            number,
        }
    }

    /// Every state one chance step from `game` (which awaits chance), settled up to the
    /// next roll or the end, handed to `visit` with its probability.
    pub(crate) fn chance_step(&self, game: &G, visit: &mut dyn FnMut(f64, Next<'_, G>)) {
        if let Some(cases) = game.special_chance() {
            for (p, mut child) in cases {
                settle(&mut child, &mut Events::discarding());
                visit(p, next(&child));
            }
            return;
        }
        let Some(ChanceSpec::Dice(count)) = game.chance() else {
            unreachable!("the dice games only roll dice")
        };
        let mut events = Events::discarding();
        for &(p, dice) in self.rolls(count) {
            // The count the game asked for, of real faces: the engine's unchecked call.
            let mut child = game.clone();
            child.play_chance(&Chance::Dice(dice), &mut events);
            settle(&mut child, &mut events);
            visit(p, next(&child));
        }
    }

    /// Engine transitions an exact solve from a position holding `held` in all would list
    /// (an upper bound: every way of sharing out at most `held` among the seats, at every
    /// position of the schedule, times the rolls of each).
    pub(crate) fn work(&self, held: u32) -> f64 {
        let c = self.classes.len() as u32;
        self.over_roll_points(held, |roller_holds| {
            let dice = u32::from(G::dice_for(roller_holds.min(255) as u8));
            if G::ORDERED {
                f64::from(c).powi(dice as i32)
            } else {
                choose(dice + c - 1, c - 1)
            }
        })
    }

    /// Win chances a level solve from a position holding `held` in all would keep: a
    /// seat's chance at every point of normal play (a bound as [`DiceModel::work`] is).
    pub(crate) fn chances_kept(&self, held: u32) -> f64 {
        self.over_roll_points(held, |_| self.seats as f64)
    }

    /// The sum of `each(chips the roller holds)` over every point of normal play holding
    /// at most `held`, at every position of the schedule.
    fn over_roll_points(&self, held: u32, each: impl Fn(u32) -> f64) -> f64 {
        let n = self.seats as u32;
        (1..=held)
            .map(|h| each(h) * choose(held - h + n - 1, n - 1))
            .sum::<f64>()
            * self.period as f64
    }
}

fn next<G: DiceGame>(game: &G) -> Next<'_, G> {
    if game.turn() == Turn::Over {
        Next::Over(game.figures().winners)
    } else {
        Next::Point(game)
    }
}

/// The phase code of the point `game` stands at, with its place in the schedule: what a
/// point's key holds above its holdings.
fn phase_of<G: DiceGame>(game: &G) -> usize {
    let (position, _) = game.schedule();
    usize::from(game.phase_code()) + G::PHASES * usize::from(position)
}

/// A point's level and anchor (see [`Point`]), and its number among the points from a start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Placed {
    pub level: u32,
    pub anchor: u8,
    pub number: usize,
}

impl<G: DiceGame> Model for DiceModel<G> {
    type G = G;

    fn seats(&self) -> usize {
        self.seats
    }

    fn point(&self, game: &G) -> Point {
        let anchor = game.roller();
        let mut key: Key = phase_of(game) as Key;
        let mut level = 0;
        for h in game.holdings().round_from(anchor) {
            key = key << 7 | Key::from(h);
            level += u32::from(h);
        }
        Point { key, anchor, level }
    }

    /// Points from `start` hold at most what it holds: number them by phase and place in
    /// the schedule, then by the combinatorial rank of their holdings among all ways of
    /// holding at most as much.
    fn numbering(&self, start: &Point) -> Option<usize> {
        let ways = self.binomial(start.level as usize + self.seats, self.seats)?;
        usize::try_from(ways)
            .ok()?
            .checked_mul(G::PHASES * self.period)
    }

    /// The number of the point whose key is `key`: see [`DiceModel::numbered`].
    fn number(&self, start: &Point, key: Key) -> usize {
        let n = self.seats;
        let phase = (key >> (7 * n)) as usize;
        let held = (0..n).map(|i| (key >> (7 * (n - 1 - i))) as usize & 0x7f);
        self.numbered(start, phase, held).1
    }

    fn expand(&self, game: &G, visit: &mut Visit<'_, G>) {
        // A point is a seat about to roll: rolling is its one legal action.
        let mut rolled = game.clone();
        rolled.play_action(Action::Roll, &mut Events::discarding());
        self.chance_step(&rolled, &mut |p, step| visit(&[p], step));
    }
}

/// The largest table a key can describe: seven bits a seat, and a phase with its place in
/// the schedule (at most 7 phases x 20 turns).
const _: () = assert!(MAX_SEATS * 7 + 8 <= 128);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameId, Rules, Settings, SettingsRequest, new_game};
    use crate::table::step_without_humans;

    /// A dice game found as its own type in a game's state.
    trait Typed: DiceGame {
        fn typed(rules: Option<Rules<'_>>) -> Option<&Self>;
    }

    impl Typed for Lcr {
        fn typed(rules: Option<Rules<'_>>) -> Option<&Self> {
            match rules? {
                Rules::Lcr(lcr) => Some(lcr),
                _ => None,
            }
        }
    }

    impl Typed for AcesInThePot {
        fn typed(rules: Option<Rules<'_>>) -> Option<&Self> {
            match rules? {
                Rules::AcesInThePot(aces) => Some(aces),
                _ => None,
            }
        }
    }

    impl Typed for SwedishAces {
        fn typed(rules: Option<Rules<'_>>) -> Option<&Self> {
            match rules? {
                Rules::SwedishAces(swedish) => Some(swedish),
                _ => None,
            }
        }
    }

    /// Where a roll of `faces` leads from the seat about to roll in `game`: the next point's
    /// key and anchor, or the winners.
    fn lands<G: DiceGame>(model: &DiceModel<G>, game: &G, faces: &[u8]) -> (Option<Point>, u16) {
        let mut child = game.clone();
        let mut events = Events::discarding();
        child.apply_action(Action::Roll, &mut events).expect("roll");
        child
            .apply_chance(&Chance::Dice(Dice::new(faces)), &mut events)
            .expect("dice");
        settle(&mut child, &mut events);
        if child.turn() == Turn::Over {
            let winners = child.figures().winners.iter().fold(0, |m, s| m | 1 << s);
            (None, winners)
        } else {
            (Some(model.point(&child)), 0)
        }
    }

    /// Every seat about to roll in a few seeded games of `settings`.
    fn points<G: Typed>(settings: Settings) -> Vec<G> {
        let mut out = Vec::new();
        for seed in 0..6 {
            let mut game = new_game(settings);
            let mut rng = game_rng(seed, 0);
            let levels = vec![BotLevel::Standard; usize::from(settings.players)];
            let mut events = Events::discarding();
            while step_without_humans(game.as_mut(), &levels, &mut rng, &mut events).is_some() {
                let concrete = G::typed(game.rules()).expect("the game's type");
                if is_roll_point(concrete) {
                    out.push(concrete.clone());
                }
            }
        }
        out
    }

    /// Faces of one group lead to the same place, and the order of the dice matters only
    /// where the model lists rolls in order.
    fn check<G: Typed>(game: GameId, stock: u8, variants: &[&str]) {
        let mut request = SettingsRequest {
            players: Some(4),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        };
        if game == GameId::SwedishAces {
            request.dice = Some(stock);
        } else {
            request.chips = Some(stock);
        }
        let settings = Settings::new(game, &request).expect("settings");
        let all = points::<G>(settings);
        let model = DiceModel::new(&all[0]);
        let mut rng = game_rng(7, 7);
        let mut order_matters = false;
        for point in &all {
            let mut rolled = point.clone();
            rolled
                .apply_action(Action::Roll, &mut Events::discarding())
                .expect("roll");
            let Some(ChanceSpec::Dice(count)) = rolled.chance() else {
                panic!("dice are due")
            };
            for _ in 0..8 {
                let roll = Dice::roll(count, &mut rng);
                let faces: Vec<u8> = (0..roll.len()).map(|i| roll.face(i)).collect();
                let here = lands(&model, point, &faces);
                let mut reversed = faces.clone();
                reversed.reverse();
                order_matters |= lands(&model, point, &reversed) != here;
                for other in (1..=6).filter(|&f| point.face_group(f) == point.face_group(faces[0]))
                {
                    let mut swapped = faces.clone();
                    swapped[0] = other;
                    assert_eq!(
                        lands(&model, point, &swapped),
                        here,
                        "{game} {variants:?}: {} and {other} are grouped but roll apart",
                        faces[0]
                    );
                }
            }
        }
        assert_eq!(order_matters, G::ORDERED, "{game} {variants:?}: order");
    }

    #[test]
    fn grouped_faces_roll_alike_and_only_aces_in_the_pot_reads_dice_in_order() {
        check::<Lcr>(GameId::Lcr, 3, &[]);
        check::<Lcr>(GameId::Lcr, 3, &["wild"]);
        check::<AcesInThePot>(GameId::AcesInThePot, 2, &[]);
        check::<AcesInThePot>(GameId::AcesInThePot, 2, &["reversed-faces", "ace-finale"]);
        check::<AcesInThePot>(GameId::AcesInThePot, 2, &["pass-alternate", "buy-throw"]);
        check::<SwedishAces>(GameId::SwedishAces, 3, &[]);
        check::<SwedishAces>(GameId::SwedishAces, 3, &["threes-travel"]);
    }

    #[test]
    fn numbering_is_dense_and_one_to_one() {
        let settings = Settings::new(
            GameId::Lcr,
            &SettingsRequest {
                players: Some(4),
                ..SettingsRequest::default()
            },
        )
        .expect("settings");
        let model = DiceModel::new(&Lcr::new(settings));
        let start = Point {
            key: 0,
            anchor: 0,
            level: 5,
        };
        let size = model.numbering(&start).expect("numbered");
        let mut seen = vec![false; size];
        let mut count = 0;
        for a in 0..=5u128 {
            for b in 0..=5 - a {
                for c in 0..=5 - a - b {
                    for d in 0..=5 - a - b - c {
                        let key = a << 21 | b << 14 | c << 7 | d;
                        let number = model.number(&start, key);
                        assert!(!std::mem::replace(&mut seen[number], true));
                        count += 1;
                    }
                }
            }
        }
        assert_eq!(count, size, "every number is used");
    }

    /// `place` reads from the holdings what `point` then `number` read through the key.
    fn check_placed<G: Typed>(game: GameId, players: u8, variants: &[&str]) {
        let request = SettingsRequest {
            players: Some(players),
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        };
        let settings = Settings::new(game, &request).expect("settings");
        let all = points::<G>(settings);
        let model = DiceModel::new(&all[0]);
        let start = model.point(&all[0]);
        for game in &all {
            let point = model.point(game);
            assert_eq!(
                model.place(&start, game),
                Placed {
                    level: point.level,
                    anchor: point.anchor,
                    number: model.number(&start, point.key),
                },
                "{point:?}"
            );
        }
    }

    #[test]
    fn a_point_is_placed_as_its_key_is_numbered() {
        check_placed::<Lcr>(GameId::Lcr, 7, &[]);
        check_placed::<AcesInThePot>(GameId::AcesInThePot, 5, &["pass-alternate"]);
        check_placed::<AcesInThePot>(GameId::AcesInThePot, 10, &["buy-throw"]);
        check_placed::<SwedishAces>(GameId::SwedishAces, 3, &[]);
    }
}
