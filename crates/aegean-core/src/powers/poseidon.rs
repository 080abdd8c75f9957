//! Poseidon (card 27), God of the Sea — *End of Your Turn*: if your unmoved worker is on
//! the ground level, it may build up to three times in neighbouring spaces (RULINGS #44).
//! The extra builds are optional steps after the normal build, by the unmoved worker,
//! written `b2-c3^d4,a1^a2^b1`, under the normal build rules (the same space may be built
//! on again; a level-3 space gets a dome).

use super::ares::unmoved_worker;
use super::{builds_in_turn, default_turn_steps, Power, TurnKey};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_BUILD};

/// Extra builds allowed after the normal one.
const EXTRA_BUILDS: usize = 3;

pub struct Poseidon;

fn after_build(state: &State) -> bool {
    state.turn.last().map(steps::kind) == Some(KIND_BUILD)
}

impl Power for Poseidon {
    /// (His extra builds follow the normal one.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if !after_build(state) {
            return default_turn_steps(self, state, player, out);
        }
        if builds_in_turn(state) <= EXTRA_BUILDS {
            if let Some(w) = unmoved_worker(state, player).filter(|&w| state.height(w) == 0) {
                self.build_steps(state, player, w, out);
            }
        }
        out.push(steps::END);
    }

    /// After the normal build the same builds in any order are one state: the position
    /// says which worker is unmoved and (each build adds one piece) how many builds are
    /// left, so the builds are merged by it, found breadth first.
    fn turn_key(&self, state: &State) -> TurnKey {
        if after_build(state) {
            TurnKey::Position
        } else {
            TurnKey::Steps
        }
    }

    fn travels(&self) -> bool {
        true
    }

    /// His turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
