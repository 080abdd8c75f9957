//! Hera (card 20), Goddess of Marriage — *Opponent's Turn*: an opponent cannot win by
//! moving into a perimeter space (RULINGS #37: *any* win whose last action is a move into
//! a perimeter space is void, Pan's drop included; #8: the mover's win speaks first, then
//! Hera may veto; the vetoed move stands and the turn goes on).

use super::{Power, TurnShape};
use crate::squares::{Mask, PERIMETER};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

pub struct Hera;

impl Power for Hera {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn void_wins(&self) -> Mask {
        PERIMETER
    }

    fn vetoes_win(&self, state: &mut State, _owner: usize, player: usize, step: Step) -> bool {
        // Only the mover's own win by that move.
        player == state.to_move as usize
            && steps::kind(step) == KIND_MOVE
            && PERIMETER & 1 << steps::dst(step) != 0
    }
}
