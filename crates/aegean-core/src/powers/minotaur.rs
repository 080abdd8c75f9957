//! Minotaur (card 8), Bull-headed Monster — *Your Move*: your worker may move (by normal movement
//! rules) into a space occupied by an opponent worker if that worker can be forced one
//! space straight on, in the same direction, into an unoccupied space at any level.
//! RULINGS #24: the space behind must hold no worker and no dome, at any level; the push
//! is a force, so a worker pushed onto level 3 does not win.

use super::{default_apply_step, Power, TurnShape};
use crate::squares::{beyond, Mask, NEIGHBORS};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Minotaur;

impl Power for Minotaur {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn move_targets(&self, state: &State, player: usize, worker: u8) -> Mask {
        let limit = state.height(worker) + 1;
        let blocked = state.occupied() | state.domes;
        let rivals = state.workers_of(1 - player);
        let mut out = 0;
        for t in crate::squares::iter(NEIGHBORS[worker as usize] & !state.domes) {
            if state.height(t) > limit {
                continue;
            }
            if blocked & 1 << t == 0 {
                out |= 1 << t;
            } else if rivals & 1 << t != 0 {
                if let Some(behind) = beyond(worker, t) {
                    if blocked & 1 << behind == 0 {
                        out |= 1 << t;
                    }
                }
            }
        }
        out
    }

    fn apply_step(&self, state: &mut State, _player: usize, step: Step) {
        let (src, dst) = (steps::src(step), steps::dst(step));
        if steps::kind(step) == KIND_MOVE && state.owner(dst).is_some() {
            let behind =
                beyond(src, dst).expect("move_targets offers only pushes that stay on the board");
            state.move_worker(dst, behind); // the force: forced is not moved (ruling 1)
            state.move_worker(src, dst);
        } else {
            default_apply_step(state, step);
        }
    }
}
