//! Aeolus (card 31), God of the Winds — *Setup*: place the Wind token pointing in one of
//! the 8 directions (where the wind blows). *End of Your Turn*: turn the Wind token to any
//! of the 8 directions. *Any Move*: no worker can move directly into the wind (opposite to
//! where it blows). The printed text (RULINGS #48): after his build a `MARK` step may turn
//! the Wind, `b2-c3^d4*sw`; a turn without one keeps it (and `*<same>` ends alike). No
//! worker moves into the wind: his own moves are left out of his steps, his opponent's
//! refused (`allows_opponent_step`); forced is not moved, so forces are not. Urania's
//! wrapped steps have the direction of the wrap (`a1-e1` goes west). Token:
//! `aeolus=<direction>`, set at setup, which the reference plays.

use super::{
    base_turn_before_mark, default_apply_step, direction_token, pointed_at_setup, Power, Token,
    TurnShape,
};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MARK, KIND_MOVE};

/// The token's key in a position; its values are the directions' names.
pub const TOKEN: &str = "aeolus";

pub struct Aeolus;

/// Whether `step` is a move directly into the wind the token `wind` says (0: none yet).
fn into_the_wind(wind: u8, step: Step) -> bool {
    let Some(blows) = usize::from(wind).checked_sub(1) else {
        return false;
    };
    steps::kind(step) == KIND_MOVE
        && squares::wrapped_direction(steps::src(step), steps::dst(step)) == Some((blows + 4) % 8)
}

impl Power for Aeolus {
    fn token(&self) -> Option<Token> {
        Some(direction_token(TOKEN))
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        pointed_at_setup(
            TOKEN,
            state,
            owner,
            "the Wind is pointed at setup: aeolus=<direction>",
        )
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let start = out.len();
        if base_turn_before_mark(self, state, player, out) {
            // The end of his turn: turn the Wind (END keeps it).
            for d in 0..8 {
                out.push(steps::mark_step(d));
            }
            return;
        }
        let wind = state.tokens[player];
        out.retain_from(start, |s| !into_the_wind(wind, s));
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        match (steps::kind(step), steps::mark_direction(step)) {
            (KIND_MARK, Some(d)) => state.tokens[player] = d + 1,
            _ => default_apply_step(state, step),
        }
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        !into_the_wind(state.tokens[owner], step)
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildMark
    }
}
