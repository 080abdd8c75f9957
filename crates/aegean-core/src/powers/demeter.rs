//! Demeter (card 5), Goddess of the Harvest — *Your Build*: your worker may build one more time,
//! but not on the same space (RULINGS #21: optional, the same worker, a different space;
//! the second build is the piece that fits, so a dome on level 3).

use super::{default_turn_steps, Power, SecondBuild, TurnShape};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_BUILD};

pub struct Demeter;

impl Power for Demeter {
    /// Two builds a turn: two threats answered at once.
    fn blocks(&self) -> u32 {
        2
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildBuild(SecondBuild::Elsewhere)
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        if turn.len() == 2 && steps::kind(turn[1]) == KIND_BUILD {
            let (builder, first) = (steps::src(turn[1]), steps::dst(turn[1]));
            let mut again = StepList::default();
            self.build_steps(state, player, builder, &mut again);
            for &s in again.as_slice() {
                if steps::dst(s) != first {
                    out.push(s);
                }
            }
            out.push(steps::END);
            return;
        }
        default_turn_steps(self, state, player, out);
    }
}
