//! Minotaur (card 8), Bull-headed Monster — *Your Move*: your worker may move (by normal movement
//! rules) into a space occupied by an opponent worker if that worker can be forced one
//! space straight on, in the same direction, into an unoccupied space at any level.
//! RULINGS #24: the space behind must hold no worker and no dome, at any level; the push
//! is a force, so a worker pushed onto level 3 does not win.

use super::{default_apply_step, Power, TurnShape};
use crate::squares::{Mask, NEIGHBORS};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Minotaur;

/// Where a worker on `dst` goes when pushed by a worker coming from `src`: the next square
/// straight on, or `None` off the board.
pub fn push_square(src: u8, dst: u8) -> Option<u8> {
    let (file, rank) = (
        2 * (dst % 5) as i8 - (src % 5) as i8,
        2 * (dst / 5) as i8 - (src / 5) as i8,
    );
    ((0..5).contains(&file) && (0..5).contains(&rank)).then_some((rank * 5 + file) as u8)
}

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
                if let Some(behind) = push_square(worker, t) {
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
            let behind = push_square(src, dst)
                .expect("move_targets offers only pushes that stay on the board");
            state.move_worker(dst, behind); // the force: forced is not moved (ruling 1)
            state.move_worker(src, dst);
        } else {
            default_apply_step(state, step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::push_square;

    #[test]
    fn pushes_go_straight_on() {
        assert_eq!(push_square(6, 12), Some(18)); // b2 -> c3 pushes to d4
        assert_eq!(push_square(12, 7), Some(2)); // c3 -> c2 pushes to c1
        assert_eq!(push_square(6, 0), None); // b2 -> a1: off the board
        assert_eq!(push_square(3, 4), None); // d1 -> e1: off the board
    }
}
