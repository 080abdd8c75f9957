//! Theseus (card 55), Slayer of the Minotaur — *End of Your Turn*: once, if any of your
//! workers is exactly 2 levels below a neighbouring opponent worker, remove one such
//! opponent worker from the game.
//!
//! As the reference (`powers/theseus.py`) reads it (RULINGS #67): after his move and build,
//! one opponent worker standing exactly two levels above a neighbouring Theseus worker
//! (either of his workers, moved or not) may be removed from the game. Written as a
//! `REMOVE` step by the Theseus worker below aimed at the victim's space,
//! `b2-c3^d4,c3xd3`; it spends the power (`theseus=used`). A player left without workers
//! has no legal turn and loses.

use super::{default_turn_steps, hero_token, Power, Token};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, Step, END, KIND_BUILD, KIND_REMOVE};

/// The token's key in a position, `theseus=used` once his power is spent.
pub const TOKEN: &str = "theseus";

pub struct Theseus;

impl Power for Theseus {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn removes_workers(&self) -> bool {
        true
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let after_build = state
            .turn
            .last()
            .is_some_and(|s| steps::kind(s) == KIND_BUILD);
        if !after_build {
            return default_turn_steps(self, state, player, out);
        }
        if state.tokens[player] == 0 {
            let rivals = state.workers_of(1 - player);
            for w in state.live_workers(player) {
                let above = state.height(w) + 2;
                for t in squares::iter(NEIGHBORS[w as usize] & rivals) {
                    if state.height(t) == above {
                        out.push(steps::remove_step(w, t));
                    }
                }
            }
        }
        out.push(END);
    }

    /// The removal takes the worker away, not a block.
    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_REMOVE {
            state.tokens[player] = 1;
            state.remove_worker(steps::dst(step));
        } else {
            super::default_apply_step(state, step);
        }
    }

    /// His turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
