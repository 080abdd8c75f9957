//! Selene (card 28), Goddess of the Moon — *Setup*: place a male and a female worker of
//! your colour. *Your Build*: instead of your normal build, your female worker may build a
//! dome at any level, whichever worker moved (RULINGS #45). After the move Selene builds
//! normally with the worker that moved, or her female builds a dome on an unoccupied space
//! next to *her* (on level 3 the ordinary dome, `^d4`; below it `^d4D`), written with the
//! female as actor when she did not move: `b2-c3,e1^d1D`.
//!
//! Token: `selene=<square>` names the female. It tags her (`tags_a_worker`), so the state
//! keeps it on her whether she moves, is swapped (Apollo), pushed (Minotaur) or ferried
//! (Charon). Without it (or naming another player's worker) only the normal build is left.

use super::{default_turn_steps, Power, Token};
use crate::squares::{self, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_MOVE};

/// The token's key in a position; its values are the squares' names.
pub const TOKEN: &str = "selene";

pub struct Selene;

/// The square of `player`'s female worker, if she is on the board.
fn female(state: &State, player: usize) -> Option<u8> {
    let her = state.tokens[player].checked_sub(1)?;
    (state.workers_of(player) & 1 << her != 0).then_some(her)
}

impl Power for Selene {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &squares::NAMES,
        })
    }

    fn tags_a_worker(&self) -> bool {
        true
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        let her = state.tokens[owner];
        if her == 0 || state.owner(her - 1).is_some() {
            Ok(())
        } else {
            Err("selene names a worker's square")
        }
    }

    /// The base turn; after the move, her domes beside the normal builds (those first, so
    /// that a level-3 dome both can build is written as the mover's when the turns merge).
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        default_turn_steps(self, state, player, out);
        let Some(last) = state.turn.last() else {
            return;
        };
        if state.turn.len() != 1 || steps::kind(last) != KIND_MOVE {
            return;
        }
        let Some(her) = female(state, player) else {
            return;
        };
        let mover = steps::dst(last);
        let blocked = state.occupied() | state.domes;
        for t in squares::iter(NEIGHBORS[her as usize] & !blocked) {
            if state.height(t) < 3 {
                out.push(steps::dome_step(her, t));
            } else if her != mover {
                out.push(steps::build_step(her, t));
            }
        }
    }
}
