//! Siren (card 42), Alluring Sea Nymph — *Setup*: place the Arrow token pointing in one of
//! the 8 directions (the Song's). *Your Turn*: instead of your normal turn you may force one
//! or more opponent workers one space in the direction of the Song, each into an
//! unoccupied space at any level. RULINGS #59 (printed): a turn of `FORCE` steps only, each
//! a different opponent worker one space along the Arrow, onto a space with no worker and
//! no dome, one after another (one may take the space another has just left): `b4>c5` or
//! `b4>c5,d2>e3`. No move, no build; forced is not moved, so nobody wins by it. The Arrow
//! is set at setup (`siren=ne`), which the reference plays.

use super::{default_turn_steps, direction_token, pointed_at_setup, Power, Token};
use crate::squares::{self, Mask};
use crate::state::{State, StepList};
use crate::steps::{self, END, KIND_FORCE};

/// The token's key in a position; its values are the directions' names.
pub const TOKEN: &str = "siren";

pub struct Siren;

impl Siren {
    /// Forces of the opponent workers not yet forced (not on a square of `forced`), one
    /// space along the Arrow.
    fn songs(state: &State, player: usize, forced: Mask, out: &mut StepList) {
        let Some(direction) = usize::from(state.tokens[player]).checked_sub(1) else {
            return; // no Arrow: no Song
        };
        let blocked = state.occupied() | state.domes;
        for victim in state.live_workers(1 - player) {
            if forced & 1 << victim != 0 {
                continue;
            }
            if let Some(target) = squares::toward(victim, direction) {
                if blocked & 1 << target == 0 {
                    out.push(steps::force_step(victim, target));
                }
            }
        }
    }
}

impl Power for Siren {
    fn token(&self) -> Option<Token> {
        Some(direction_token(TOKEN))
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        pointed_at_setup(
            TOKEN,
            state,
            owner,
            "the Arrow is pointed at setup: siren=<direction>",
        )
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        match turn.first() {
            None => {
                default_turn_steps(self, state, player, out);
                Siren::songs(state, player, 0, out);
            }
            Some(&first) if steps::kind(first) == KIND_FORCE => {
                let forced = turn.iter().fold(0, |m, &s| m | 1 << steps::dst(s));
                Siren::songs(state, player, forced, out);
                out.push(END);
            }
            Some(_) => default_turn_steps(self, state, player, out),
        }
    }

    /// A turn starts with a move or a Song, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
