//! Limus (card 23), Goddess of Famine — *Opponent's Turn*: opponent workers cannot build on
//! spaces neighbouring your workers, unless the build is a dome completing a Complete
//! Tower (RULINGS #40: the printed text: next to her workers only the dome on level 3; a
//! dome on a lower level, Atlas's or Selene's, is refused there; every opponent build is
//! filtered, whichever power offers it).

use super::{Power, TurnShape};
use crate::squares::NEIGHBORS;
use crate::state::State;
use crate::steps::{self, Step, KIND_BUILD};

pub struct Limus;

impl Power for Limus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn allows_opponent_step(&self, state: &State, owner: usize, player: usize, step: Step) -> bool {
        if steps::kind(step) != KIND_BUILD || player == owner {
            return true;
        }
        let target = steps::dst(step);
        // On level 3 the piece that fits is the dome: it completes a tower.
        NEIGHBORS[target as usize] & state.workers_of(owner) == 0 || state.height(target) == 3
    }
}
