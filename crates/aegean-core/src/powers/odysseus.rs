//! Odysseus (card 53, a hero), Cunning Leader — *Start of Your Turn*: once, force any
//! number of opponent workers that neighbour your workers into unoccupied corner spaces.
//! RULINGS #66: before his move, each opponent worker next to one of his may be forced
//! into a free corner (a1, e1, a5, e5) at any level; forced is not moved, so it never wins
//! by it. Each is forced at most once, then his normal turn follows: `c3>a1,d4>e5,b2-b3^b4`.
//! The first force spends the power (`odysseus=used`).

use super::{default_apply_step, default_turn_steps, hero_token, Power, Token};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_FORCE};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "odysseus";

/// The corners, in the reference's order: a1, e1, a5, e5.
const CORNERS: [u8; 4] = [0, 4, 20, 24];

pub struct Odysseus;

impl Power for Odysseus {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        if turn.last().is_some_and(|&s| steps::kind(s) != KIND_FORCE) {
            return default_turn_steps(self, state, player, out); // moved: build, end
        }
        // The start of the turn, or forces so far: (once) more forces, then the moves.
        // Unused, or spent by this very turn's forces.
        if state.tokens[player] == 0 || !turn.is_empty() {
            let forced: Mask = turn.iter().fold(0, |m, &s| m | 1 << steps::dst(s));
            let near = state.workers[player]
                .iter()
                .fold(0, |m, &w| m | NEIGHBORS[w as usize]);
            let blocked = state.occupied() | state.domes;
            for victim in state.workers[1 - player] {
                if near & !forced & 1 << victim == 0 {
                    continue;
                }
                for corner in CORNERS.into_iter().filter(|&c| blocked & 1 << c == 0) {
                    out.push(steps::force_step(victim, corner));
                }
            }
        }
        for &w in &state.workers[player] {
            for t in squares::iter(self.move_targets(state, player, w)) {
                out.push(steps::move_step(w, t));
            }
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        default_apply_step(state, step);
        if steps::kind(step) == KIND_FORCE {
            state.tokens[player] = 1; // spent
        }
    }
}
