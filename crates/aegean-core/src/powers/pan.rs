//! Pan (card 9), God of the Wild — *Win Condition*: you also win if your worker moves down two
//! or more levels (RULINGS #25: only Pan's own *move*; a worker forced down has not moved;
//! climbing onto level 3 still wins as well).

use super::{default_threats, default_wins_with, Power, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, Termination};
use crate::steps::{self, Step, KIND_MOVE};

pub struct Pan;

impl Power for Pan {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn wins_with(&self, state: &State, _player: usize, step: Step) -> Option<Termination> {
        let drop =
            i16::from(state.height(steps::src(step))) - i16::from(state.height(steps::dst(step)));
        if steps::kind(step) == KIND_MOVE && drop >= 2 {
            return Some(Termination::Power);
        }
        default_wins_with(state, step)
    }

    /// Also a free square two or more levels below a worker (a worker forced onto level 3
    /// by a push may drop to level 1 as well).
    fn threats(&self, state: &State, player: usize) -> Mask {
        let free = squares::ALL & !(state.occupied() | state.domes);
        let mut out = default_threats(state, player);
        for w in state.workers[player] {
            let below = match state.height(w) {
                2 => !state.levels[0],
                3 => !state.levels[1],
                _ => continue,
            };
            out |= NEIGHBORS[w as usize] & free & below;
        }
        out
    }
}
