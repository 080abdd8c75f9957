//! Medea (card 52), Powerful Sorceress — *End of Your Turn*: once, remove one block from
//! under any number of workers neighbouring your unmoved worker.
//!
//! As the reference (`powers/medea.py`) reads it (RULINGS #69, the printed text): after
//! her move and build, her unmoved worker may take the top block from under each of any
//! number of workers next to it, hers or an opponent's, one block each: the worker stays,
//! one level lower (forced down: no move, no win). Each is a `REMOVE` step by the unmoved
//! worker aimed at the worker's space, `b2-c3^d4,a1xa2xb1`; the first spends the power
//! (`medea=used`). The orders of one set end alike: merged by the position.

use super::ares::unmoved_worker;
use super::{default_turn_steps, hero_token, Power, Token, TurnKey};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, Step, END, KIND_BUILD, KIND_REMOVE};

/// The token's key in a position, `medea=used` once her power is spent.
pub const TOKEN: &str = "medea";

pub struct Medea;

/// The turn so far ends with her build or a removal after it.
fn after_build(state: &State) -> bool {
    matches!(
        state.turn.last().map(steps::kind),
        Some(KIND_BUILD | KIND_REMOVE)
    )
}

impl Power for Medea {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if !after_build(state) {
            return default_turn_steps(self, state, player, out);
        }
        let mut done = 0;
        for &s in state.turn.as_slice() {
            if steps::kind(s) == KIND_REMOVE {
                done |= 1 << steps::dst(s);
            }
        }
        // Once a game: in the turn that spent it, she goes on.
        if state.tokens[player] == 0 || done != 0 {
            if let Some(w) = unmoved_worker(state, player) {
                let under = state.occupied() & !state.domes & state.levels[0] & !done;
                for t in squares::iter(NEIGHBORS[w as usize] & under) {
                    out.push(steps::remove_step(w, t));
                }
            }
        }
        out.push(END);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_REMOVE {
            state.tokens[player] = 1;
        }
        super::default_apply_step(state, step);
    }

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

    /// Her turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
