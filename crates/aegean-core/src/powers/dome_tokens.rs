//! Tokens that act as domes (Europa's Talus for everyone, Clio's coins for her opponents):
//! what a restriction on other players' steps needs to keep them off such a space, as the
//! reference's `powers/dome_tokens.py` has it.
//!
//! "As if it held only a dome": no worker moves, is forced or is placed there, nothing is
//! built on it or removed from it, and no token goes on it. Most of that is the target of
//! a step; a displacement inside a move (Minotaur's push) is found by trying the move.

use crate::squares::Mask;
use crate::state::State;
use crate::steps::{
    self, Step, KIND_BUILD, KIND_FORCE, KIND_MARK, KIND_MOVE, KIND_PLACE, KIND_REMOVE,
};

/// Whether `player`'s `step` goes onto one of the squares of `guard` (a move, force,
/// build, removal, placement or token put there), or is a move that pushes a worker there
/// (tried on a copy).
pub fn goes_onto(state: &State, player: usize, step: Step, guard: Mask) -> bool {
    let onto = guard & 1 << steps::dst(step) != 0;
    match steps::kind(step) {
        KIND_BUILD | KIND_FORCE | KIND_REMOVE | KIND_PLACE => onto,
        KIND_MARK => steps::mark_direction(step).is_none() && onto,
        KIND_MOVE => {
            if onto {
                return true;
            }
            if state.occupied() & 1 << steps::dst(step) == 0 {
                return false;
            }
            let mut tried = *state;
            state.powers[player].apply_step(&mut tried, player, step);
            tried.occupied() & !state.occupied() & guard != 0
        }
        _ => false,
    }
}
