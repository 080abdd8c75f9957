//! Hestia (card 21), Goddess of Hearth and Home — *Your Build*: your worker may build one
//! more time, but not on a perimeter space (RULINGS #38: optional, by the same worker, on
//! any unoccupied inner space next to it; the first build's space and a dome, the piece
//! that fits level 3, are both allowed). Written as a second build: `b2-c3^c4^c4`.

use super::{default_turn_steps, Power, SecondBuild, TurnShape};
use crate::squares::PERIMETER;
use crate::state::{State, StepList};
use crate::steps::{self, KIND_BUILD};

pub struct Hestia;

impl Power for Hestia {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildBuild(SecondBuild::Inner)
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        if turn.len() == 2 && steps::kind(turn[1]) == KIND_BUILD {
            // Moved and built once: one more build off the perimeter, or end the turn.
            let builder = steps::src(turn[1]);
            let mut extra = StepList::default();
            self.build_steps(state, player, builder, &mut extra);
            for &s in extra.as_slice() {
                if PERIMETER & 1 << steps::dst(s) == 0 {
                    out.push(s);
                }
            }
            out.push(steps::END);
            return;
        }
        default_turn_steps(self, state, player, out);
    }
}
