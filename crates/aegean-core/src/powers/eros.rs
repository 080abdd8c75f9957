//! Eros (card 19), God of Desire — *Setup*: place your workers anywhere along opposite
//! edges of the board. *Win Condition*: you also win if one of your workers moves to a
//! space neighbouring your other worker and both are on level 1 (RULINGS #36; the three-
//! player reading, "on the same level", is not played here). The win needs a *move* by
//! one of his workers (forced is not moved). The setup is the placement's, which the
//! reference plays.

use super::{default_wins_with, Power, TurnShape};
use crate::squares::NEIGHBORS;
use crate::state::{State, Termination};
use crate::steps::{self, Step, KIND_MOVE};

pub struct Eros;

impl Power for Eros {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn wins_with(&self, state: &State, player: usize, step: Step) -> Option<Termination> {
        let won = default_wins_with(state, step);
        if won.is_some() || steps::kind(step) != KIND_MOVE {
            return won;
        }
        let dst = steps::dst(step);
        let [a, b, ..] = state.workers[player];
        let other = if a == dst { b } else { a };
        let together = NEIGHBORS[dst as usize] & 1 << other != 0;
        (together && state.height(dst) == 1 && state.height(other) == 1)
            .then_some(Termination::Power)
    }
}
