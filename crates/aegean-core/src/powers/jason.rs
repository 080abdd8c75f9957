//! Jason (card 51), Leader of the Argonauts — *Setup*: keep one extra worker of your color
//! on your card. *Your Turn*: once, instead of your normal turn, place the extra worker on
//! an unoccupied ground-level perimeter space; that worker then builds.
//!
//! As the reference (`powers/jason.py`) reads it (RULINGS #70, the printed text): the
//! once-a-game turn is a placement (`PLACE`) then a build by that worker, `@a1,a1^b1`; it
//! spends the power (`jason=used`), and from then on he has three workers on the board.

use super::{default_apply_step, default_turn_steps, hero_token, Power, Token};
use crate::squares::{self, PERIMETER};
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_PLACE};

/// The token's key in a position, `jason=used` once his spare is on the board.
pub const TOKEN: &str = "jason";

pub struct Jason;

impl Power for Jason {
    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn workers_in_game(&self, state: &State, owner: usize) -> u8 {
        2 + u8::from(state.tokens[owner] != 0)
    }

    fn most_workers(&self) -> usize {
        3
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        match state.turn.as_slice() {
            [] => {
                default_turn_steps(self, state, player, out);
                if state.tokens[player] == 0 {
                    let blocked = state.occupied() | state.domes | state.levels[0];
                    for s in squares::iter(PERIMETER & !blocked) {
                        out.push(steps::place_step(s));
                    }
                }
            }
            [placed] if steps::kind(*placed) == KIND_PLACE => {
                self.build_steps(state, player, steps::dst(*placed), out);
            }
            _ => default_turn_steps(self, state, player, out),
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_PLACE {
            state.add_worker(player, steps::dst(step));
            state.tokens[player] = 1;
        } else {
            default_apply_step(state, step);
        }
    }

    /// His turn starts with a move (a placement wins nothing), and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
