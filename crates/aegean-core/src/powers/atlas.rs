//! Atlas (card 4), Titan Shouldering the Heavens — *Your Build*: your worker may build a dome on
//! any level, ground included (RULINGS #20: a dome below level 3 is not a Complete Tower;
//! written `^d4D`, and `A`-`C` in positions).

use super::{Power, TurnShape};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps;

pub struct Atlas;

impl Power for Atlas {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn build_steps(&self, state: &State, _player: usize, worker: u8, out: &mut StepList) {
        let blocked = state.occupied() | state.domes;
        for t in squares::iter(NEIGHBORS[worker as usize] & !blocked) {
            out.push(steps::build_step(worker, t));
            if state.height(t) < 3 {
                // On level 3 the dome is the normal build.
                out.push(steps::dome_step(worker, t));
            }
        }
    }
}
