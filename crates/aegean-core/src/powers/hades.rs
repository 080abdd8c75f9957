//! Hades (card 37), God of the Underworld — *Opponent's Turn*: opponent workers cannot
//! move down (RULINGS #54: every *move* step of an opponent worker, whatever power makes
//! it; forces are not moves, so a worker may still be forced down; any move onto a lower
//! level is refused; Hades's own workers moved by an opponent's power may go down).

use super::{Power, TurnShape};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Hades;

impl Power for Hades {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        if steps::kind(step) != KIND_MOVE {
            return true;
        }
        let src = steps::src(step);
        match state.owner(src) {
            Some(side) if side != owner => state.height(steps::dst(step)) >= state.height(src),
            _ => true, // Hades's own worker (moved by an opponent's power), or no worker
        }
    }
}
