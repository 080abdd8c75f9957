//! Bellerophon (card 49, a hero), Tamer of Pegasus — *Your Move*: once, your worker may
//! move up two levels (RULINGS #65: the move two levels up spends the power,
//! `bellerophon=used`; from level 1 onto level 3 it is a climb and wins; opponents' limits
//! on moving up, Athena's, apply to it as to any move up; #63: once per game, optional).

use super::{default_threats, hero_token, move_targets_among, Power, Token, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "bellerophon";

pub struct Bellerophon;

fn unused(state: &State, player: usize) -> bool {
    state.tokens[player] == 0
}

impl Power for Bellerophon {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn move_targets(&self, state: &State, player: usize, worker: u8) -> Mask {
        let climb = if unused(state, player) { 2 } else { 1 };
        move_targets_among(state, worker, NEIGHBORS[worker as usize], climb)
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_MOVE
            && state.height(steps::dst(step)) == state.height(steps::src(step)) + 2
        {
            state.tokens[player] = 1; // spent
        }
        super::default_apply_step(state, step);
    }

    /// Also, while unused, a free level-3 square next to a worker on level 1.
    fn threats(&self, state: &State, player: usize) -> Mask {
        let mut out = default_threats(state, player);
        if unused(state, player) {
            let free = squares::ALL & !(state.occupied() | state.domes);
            for w in state.workers[player] {
                if state.height(w) == 1 {
                    out |= NEIGHBORS[w as usize] & free & state.levels[2];
                }
            }
        }
        out
    }
}
