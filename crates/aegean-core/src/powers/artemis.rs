//! Artemis (card 2), Goddess of the Hunt — *Your Move*: your worker may move one more time, but
//! not back to the space it started the turn on (RULINGS #19: optional, the same worker,
//! both moves may go up; #7: a first move up onto level 3 wins at once, before any second
//! move).

use super::{default_threats, default_turn_steps, Power, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_MOVE};

pub struct Artemis;

impl Power for Artemis {
    /// (One or two moves, then one build.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveMoveBuild
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        if turn.len() == 1 && steps::kind(turn[0]) == KIND_MOVE {
            // After the first move: a second move of the same worker, or the build.
            let (start, worker) = (steps::src(turn[0]), steps::dst(turn[0]));
            for t in squares::iter(self.move_targets(state, player, worker) & !(1 << start)) {
                out.push(steps::move_step(worker, t));
            }
            self.build_steps(state, player, worker, out);
            return;
        }
        default_turn_steps(self, state, player, out);
    }

    /// Also a climb two moves away: a free level-2 square a worker can step onto first,
    /// next to a free level-3 square it does not already threaten. One build on the
    /// stepping square stops every climb through it, so that square is the threat.
    fn threats(&self, state: &State, player: usize) -> Mask {
        let free = squares::ALL & !(state.occupied() | state.domes);
        let level2 = free & state.levels[1] & !state.levels[2];
        let direct = default_threats(state, player);
        let tops = free & state.levels[2] & !direct;
        let mut out = direct;
        for w in state.workers[player] {
            if state.height(w) >= 1 {
                for m in squares::iter(NEIGHBORS[w as usize] & level2) {
                    if NEIGHBORS[m as usize] & tops != 0 {
                        out |= 1 << m;
                    }
                }
            }
        }
        out
    }
}
