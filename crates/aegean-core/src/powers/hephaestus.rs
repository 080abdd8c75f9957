//! Hephaestus (card 6), God of Blacksmiths — *Your Build*: your worker may build one extra block
//! (not a dome) on top of its first block (RULINGS #22: the same space, optional, so
//! offered only when the first build made level 1 or 2; #3: domes are not blocks).

use super::{default_turn_steps, Power, SecondBuild, TurnShape};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_BUILD};

pub struct Hephaestus;

impl Power for Hephaestus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildBuild(SecondBuild::SameBlock)
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        if turn.len() == 2 && steps::kind(turn[1]) == KIND_BUILD {
            let (builder, first) = (steps::src(turn[1]), steps::dst(turn[1]));
            if state.domes & 1 << first == 0 && state.height(first) <= 2 {
                out.push(steps::build_step(builder, first));
            }
            out.push(steps::END);
            return;
        }
        default_turn_steps(self, state, player, out);
    }
}
