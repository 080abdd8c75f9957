//! Bia (card 13), Goddess of Violence — *Setup*: place your workers first. *Your Move*:
//! if your worker moves into a space and the next space in the same direction holds an
//! opponent worker, that opponent worker is removed from the game (RULINGS #30).
//!
//! The placement is setup, which the reference plays; the core plays the game after it.
//! The removal is part of her move (`apply_step`): the turn reads as the base turn.

use super::{default_apply_step, Power, TurnShape};
use crate::squares;
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Bia;

impl Power for Bia {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn removes_workers(&self) -> bool {
        true
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        default_apply_step(state, step);
        if steps::kind(step) == KIND_MOVE {
            if let Some(beyond) = squares::beyond(steps::src(step), steps::dst(step)) {
                if state.workers_of(1 - player) & 1 << beyond != 0
                    && !super::shielded(state, player, beyond)
                {
                    state.remove_worker(beyond);
                }
            }
        }
    }
}
