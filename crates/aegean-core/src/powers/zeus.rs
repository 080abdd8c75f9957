//! Zeus (card 30), God of the Sky — *Your Build*: your worker may build a block under
//! itself; it is forced up one level, and reaching level 3 this way does not win (RULINGS
//! #47: a block, never a dome, so impossible on level 3; a build, not a move, so Athena
//! does not stop it). The build under himself is a build on the worker's own square
//! (`b2-c3^c3`): the worker stays on it, one level higher, and no move was made, so the
//! default `wins_with` (moves only) never counts it as a climb.

use super::{default_build_steps, Power, TurnShape};
use crate::state::{State, StepList};
use crate::steps;

pub struct Zeus;

impl Power for Zeus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn build_steps(&self, state: &State, _player: usize, worker: u8, out: &mut StepList) {
        default_build_steps(state, worker, out);
        if state.height(worker) < 3 {
            out.push(steps::build_step(worker, worker));
        }
    }
}
