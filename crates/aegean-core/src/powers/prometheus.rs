//! Prometheus (card 10), Titan Benefactor of Mankind — *Your Turn*: if your worker does not move
//! up, it may build both before and after moving. RULINGS #26: after a build before moving,
//! the *same* worker must move, may not move up, and then builds again; the normal
//! move-then-build turn stays available. RULINGS #27: every step, the early build
//! included, passes opponents' restrictions.

use super::{default_turn_steps, Power, TurnShape};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, KIND_MOVE};

pub struct Prometheus;

impl Power for Prometheus {
    /// Two builds a turn: two threats answered at once.
    fn blocks(&self) -> u32 {
        2
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::BuildMoveBuild
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        let Some(&last) = turn.last() else {
            // The normal turn (move first) or the build before moving, by either worker.
            default_turn_steps(self, state, player, out);
            for w in state.workers[player] {
                self.build_steps(state, player, w, out);
            }
            return;
        };
        if steps::kind(last) == KIND_MOVE {
            self.build_steps(state, player, steps::dst(last), out);
        } else if turn.len() == 1 {
            // Built first: the same worker moves, not up.
            let worker = steps::src(last);
            let level = state.height(worker);
            for t in squares::iter(self.move_targets(state, player, worker)) {
                if state.height(t) <= level {
                    out.push(steps::move_step(worker, t));
                }
            }
        } else {
            out.push(steps::END);
        }
    }
}
