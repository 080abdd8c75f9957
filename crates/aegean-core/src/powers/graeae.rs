//! Graeae (card 36), The Gray Hags — *Setup*: place 3 workers of your color instead of 2.
//! *Your Build*: you choose which of your workers builds.
//!
//! As the reference (`powers/graeae.py`) reads it (RULINGS #53, the printed text): after
//! her move, any of her workers builds, the one that moved first in the listing (so a
//! build both could make is written short, `b2-c3^d4`; another builder is named,
//! `b2-c3,a1^b1`). Builds of one square by different workers end alike: the first is
//! kept (`TurnShape::MoveAnyBuild`).

use super::{default_turn_steps, Power, TurnShape};
use crate::state::{State, StepList};
use crate::steps::{self, END, KIND_MOVE};

pub struct Graeae;

impl Power for Graeae {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveAnyBuild
    }

    fn workers_in_game(&self, _state: &State, _owner: usize) -> u8 {
        3
    }

    fn most_workers(&self) -> usize {
        3
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        match state.turn.last() {
            Some(last) if steps::kind(last) == KIND_MOVE => {
                let mover = steps::dst(last);
                self.build_steps(state, player, mover, out);
                for w in state.live_workers(player).filter(|&w| w != mover) {
                    self.build_steps(state, player, w, out);
                }
            }
            Some(_) => out.push(END),
            None => default_turn_steps(self, state, player, out),
        }
    }
}
