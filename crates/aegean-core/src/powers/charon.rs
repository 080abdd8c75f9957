//! Charon (card 15), Ferryman to the Underworld — *Your Move*: before your worker moves,
//! you may force a neighbouring opponent worker to the space directly on the other side
//! of your worker, if that space is unoccupied (RULINGS #32: at any level; the same
//! worker must then move). The ferry is an optional first `FORCE` step, written `c3>a1`
//! (the opponent on c3 forced to a1, across Charon's worker on b2); forced is not moved,
//! so the ferried worker never wins by it (RULINGS #1).

use super::{default_turn_steps, Power};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_FORCE};

pub struct Charon;

/// Charon's worker of a ferry: the square halfway between the forced worker's start and
/// end (two squares apart in a straight line).
fn ferried_across(step: steps::Step) -> u8 {
    (steps::src(step) + steps::dst(step)) / 2
}

impl Power for Charon {
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        match state.turn.as_slice() {
            [] => {
                let rivals = state.workers_of(1 - player);
                let blocked = state.occupied() | state.domes;
                for w in state.workers[player] {
                    for victim in squares::iter(NEIGHBORS[w as usize] & rivals) {
                        if let Some(target) = squares::beyond(victim, w) {
                            if blocked & 1 << target == 0 {
                                out.push(steps::force_step(victim, target));
                            }
                        }
                    }
                }
                default_turn_steps(self, state, player, out);
            }
            [ferry] if steps::kind(*ferry) == KIND_FORCE => {
                let worker = ferried_across(*ferry);
                for t in squares::iter(self.move_targets(state, player, worker)) {
                    out.push(steps::move_step(worker, t));
                }
            }
            _ => default_turn_steps(self, state, player, out),
        }
    }
}
