//! Heracles (card 50, a hero), Doer of Great Deeds — *End of Your Turn*: once, both of
//! your workers build any number of domes (zero included) at any level. The printed text
//! (RULINGS #71): after the normal move and build, each of his workers may build domes on
//! free spaces next to it, as many as it likes, in any order. A dome below level 3 is
//! written `^c4D`, one on level 3 the ordinary `^c4`: `b2-c3^d4^c4D,a1^a2D`. The first
//! dome spends the power (`heracles=used`). Every set of neighbouring spaces is a turn of
//! its own, so a turn with the power unused may have tens of thousands: found by shape
//! (`MoveBuildDomes`), not by walking every order of the domes.

use super::{
    builds_in_turn, default_apply_step, default_turn_steps, domes_on, hero_token, Power, Token,
    TurnKey, TurnShape,
};
use crate::squares::NEIGHBORS;
use crate::state::{State, StepList};
use crate::steps::{self, Step, END, KIND_BUILD};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "heracles";

pub struct Heracles;

fn after_build(state: &State) -> bool {
    state.turn.last().map(steps::kind) == Some(KIND_BUILD)
}

impl Power for Heracles {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if !after_build(state) {
            return default_turn_steps(self, state, player, out);
        }
        // Unused, or spent by this very turn's domes.
        if state.tokens[player] == 0 || builds_in_turn(state) > 1 {
            for w in state.workers[player] {
                domes_on(state, w, NEIGHBORS[w as usize], out);
            }
        }
        out.push(END);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_BUILD && builds_in_turn(state) > 1 {
            state.tokens[player] = 1; // spent
        }
        default_apply_step(state, step);
    }

    /// After the normal build, what may follow depends on the position alone (its token
    /// included): domes in any order merge, found breadth first.
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

    /// (After his normal build come only domes.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildDomes { most: u8::MAX }
    }
}
