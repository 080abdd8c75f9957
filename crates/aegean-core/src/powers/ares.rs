//! Ares (card 12), God of War — *End of Your Turn*: you may remove an unoccupied block
//! (not a dome) neighbouring your unmoved worker (RULINGS #3, #29). The removal is an
//! optional last step after the build, a `REMOVE` step by the unmoved worker, written
//! `b2-c3^d4,a1xb1`: any unoccupied space with a block qualifies, the one just built on
//! included; a dome, or a block under one, never does.

use super::{default_turn_steps, Power};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_BUILD, KIND_MOVE, KIND_REMOVE};

pub struct Ares;

/// The worker of `player`'s that did not move this turn (none before the move).
pub fn unmoved_worker(state: &State, player: usize) -> Option<u8> {
    let moved = state
        .turn
        .as_slice()
        .iter()
        .rev()
        .find(|&&s| steps::kind(s) == KIND_MOVE)?;
    let moved = steps::dst(*moved);
    Some(
        state
            .live_workers(player)
            .find(|&w| w != moved)
            .unwrap_or(crate::squares::OFF),
    )
}

impl Power for Ares {
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        match state.turn.last().map(steps::kind) {
            Some(KIND_BUILD) => {
                if let Some(w) = unmoved_worker(state, player) {
                    let blocked = state.occupied() | state.domes;
                    for t in squares::iter(NEIGHBORS[w as usize] & !blocked & state.levels[0]) {
                        out.push(steps::remove_step(w, t));
                    }
                }
                out.push(steps::END);
            }
            Some(KIND_REMOVE) => out.push(steps::END),
            _ => default_turn_steps(self, state, player, out),
        }
    }

    /// His turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
