//! Apollo (card 1), God of Music — *Your Move*: your worker may move into a space occupied by an
//! opponent worker (by normal movement rules); that worker is forced into the space yours
//! just left (RULINGS #15: the height limit applies to Apollo's move only; the swap is a
//! force, so the opponent cannot win by it).

use super::{default_apply_step, Power, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Apollo;

impl Power for Apollo {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn move_targets(&self, state: &State, player: usize, worker: u8) -> Mask {
        let limit = state.height(worker) + 1;
        let open = !(state.workers_of(player) | state.domes);
        let mut out = 0;
        for t in squares::iter(NEIGHBORS[worker as usize] & open) {
            if state.height(t) <= limit {
                out |= 1 << t;
            }
        }
        out
    }

    fn apply_step(&self, state: &mut State, _player: usize, step: Step) {
        if steps::kind(step) == KIND_MOVE && state.owner(steps::dst(step)).is_some() {
            state.swap_workers(steps::src(step), steps::dst(step));
        } else {
            default_apply_step(state, step);
        }
    }
}
