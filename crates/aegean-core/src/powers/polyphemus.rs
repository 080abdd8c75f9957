//! Polyphemus (card 54, a hero), Gigantic Cyclops — *End of Your Turn*: once, your worker
//! builds up to 2 domes at any level, on any unoccupied spaces of the board. RULINGS #68:
//! after the normal move and build, the worker that built may build one or two domes on
//! any free spaces anywhere; a dome below level 3 is written `^a1D`, one on level 3 the
//! ordinary `^a1`: `b2-c3^d4^a1D^e5D`. The first dome spends the power
//! (`polyphemus=used`).

use super::{
    builds_in_turn, default_apply_step, default_turn_steps, domes_on, hero_token, Power, Token,
    TurnShape,
};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, END, KIND_BUILD};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "polyphemus";

/// Domes the power builds at most.
const MAX_DOMES: usize = 2;

pub struct Polyphemus;

impl Power for Polyphemus {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let Some(last) = state.turn.last().filter(|&s| steps::kind(s) == KIND_BUILD) else {
            return default_turn_steps(self, state, player, out);
        };
        let domes_so_far = builds_in_turn(state) - 1;
        // Unused, or spent by this very turn's domes.
        if domes_so_far < MAX_DOMES && (state.tokens[player] == 0 || domes_so_far > 0) {
            domes_on(state, steps::src(last), squares::ALL, out);
        }
        out.push(END);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_BUILD && builds_in_turn(state) > 1 {
            state.tokens[player] = 1; // spent
        }
        default_apply_step(state, step);
    }

    /// (After his normal build come only domes.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildDomes {
            most: MAX_DOMES as u8,
        }
    }
}
