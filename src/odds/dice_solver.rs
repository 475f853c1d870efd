//! Exact win chances of a dice game from any position: the chain below it solved level by
//! level where the game sets up its points ([`super::levels`]), else explored from the
//! position ([`super::chain`]), as far as the budget allows.

use super::chain::{Model, Next, Point, Values};
use super::dice::{DiceGame, DiceModel, is_roll_point, settle};
use super::levels::Levels;
use crate::games::{Events, SeatSet, Turn};

/// How big an exact solve may be, by how it is solved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DiceBudget {
    /// Most engine transitions a solve level by level may list.
    pub by_level: f64,
    /// Most win chances (points times seats) a solve level by level may keep: what its
    /// memory grows with beside the transitions.
    pub by_level_chances: f64,
    /// Most engine transitions a chain explored from the position may list.
    pub explored: f64,
}

/// Exact win chances of a dice game, solved as far as the budget allows.
pub(crate) struct DiceSolver<G: DiceGame> {
    model: DiceModel<G>,
    /// The chain solved level by level, for a game that sets up its points.
    levels: Option<Levels>,
    /// The chain explored from a position, for the others.
    values: Values,
    budget: DiceBudget,
}

impl<G: DiceGame> DiceSolver<G> {
    pub(crate) fn new(template: &G, budget: DiceBudget) -> Self {
        let model = DiceModel::new(template);
        let values = Values::new(model.seats(), 1);
        DiceSolver {
            model,
            levels: None,
            values,
            budget,
        }
    }

    /// Points solved so far.
    pub(crate) fn solved(&self) -> usize {
        self.values.len() + self.levels.as_ref().map_or(0, Levels::len)
    }

    /// About how many bytes the chains solved so far hold.
    pub(crate) fn kept_bytes(&self) -> usize {
        self.values.kept_bytes() + self.levels.as_ref().map_or(0, Levels::kept_bytes)
    }

    /// Whether `game` is a seat about to roll whose chain is over the budget and not
    /// solved: [`DiceSolver::exact`] gives `None` there, whatever it solves later (chips and
    /// dice only leave play, so no later chain reaches back up to it). Other positions, a
    /// chance step or a choice before the roll, may reach a chain within the budget.
    pub(crate) fn over_budget(&self, game: &G) -> bool {
        is_roll_point(game)
            && self.looked_up(self.model.point(game)).is_none()
            && self.too_big(game)
    }

    /// The win chances at `point` by absolute seat, where a chain solved so far holds it.
    fn looked_up(&self, point: Point) -> Option<Vec<f64>> {
        self.levels
            .as_ref()
            .and_then(|levels| levels.absolute(&self.model, point))
            .or_else(|| self.values.absolute(point, 0))
    }

    /// Whether an exact solve from `game` would be bigger than the budget for the way the
    /// game is solved.
    fn too_big(&self, game: &G) -> bool {
        if G::SOLVED_BY_LEVEL {
            let held = game.holdings().total();
            self.model.work(held) > self.budget.by_level
                || self.model.chances_kept(held) > self.budget.by_level_chances
        } else {
            self.too_big_to_explore(game)
        }
    }

    /// Whether the chain explored from `game` would list more transitions than the budget.
    fn too_big_to_explore(&self, game: &G) -> bool {
        self.model.work(game.holdings().total()) > self.budget.explored
    }

    /// Win chances by absolute seat, or `None` when the exact chain is over budget.
    pub(crate) fn exact(&mut self, game: &G) -> Option<Vec<f64>> {
        match game.turn() {
            Turn::Over => Some(super::chain::relative_winners(
                game.figures().winners,
                0,
                self.model.seats(),
            )),
            Turn::Seat(_) if is_roll_point(game) => {
                let point = self.model.point(game);
                if let Some(values) = self.looked_up(point) {
                    return Some(values);
                }
                if self.too_big(game) {
                    return None;
                }
                // Level by level where the game sets up its points: faster, and a level's
                // transitions at a time rather than the whole chain's.
                if G::SOLVED_BY_LEVEL {
                    let levels = Levels::solve(&self.model, game);
                    if let Some(values) = levels
                        .as_ref()
                        .and_then(|levels| levels.absolute(&self.model, point))
                    {
                        self.levels = levels;
                        return Some(values);
                    }
                    // A level solve that gave up is explored only within the explored
                    // budget (`too_big` held the other games to it already).
                    if self.too_big_to_explore(game) {
                        return None;
                    }
                }
                self.values.solve_from(&self.model, game.clone());
                self.values.absolute(point, 0)
            }
            Turn::Seat(_) => {
                let mut game = game.clone();
                settle(&mut game, &mut Events::discarding());
                self.exact(&game)
            }
            Turn::Chance => {
                let mut steps: Vec<(f64, Result<G, SeatSet>)> = Vec::new();
                self.model.chance_step(game, &mut |p, step| {
                    steps.push((
                        p,
                        match step {
                            Next::Point(child) => Ok(child.clone()),
                            Next::Over(winners) => Err(winners),
                        },
                    ));
                });
                let mut total = vec![0.0; self.model.seats()];
                for (p, step) in steps {
                    let values = match step {
                        Err(winners) => {
                            super::chain::relative_winners(winners, 0, self.model.seats())
                        }
                        Ok(child) => self.exact(&child)?,
                    };
                    for (t, v) in total.iter_mut().zip(values) {
                        *t += p * v;
                    }
                }
                Some(total)
            }
        }
    }
}
