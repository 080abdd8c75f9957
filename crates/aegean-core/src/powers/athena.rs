//! Athena (card 3), Goddess of Wisdom — *Opponent's Turn*: if one of your workers moved up on
//! your last turn, opponent workers cannot move up this turn (RULINGS #16-17: any step of
//! a multi-move counts, a force does not; the restriction lasts until her next turn and
//! covers the moves powers add, such as Apollo's and Minotaur's).

use super::{Power, Token, TurnShape};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position, and its value while Athena's last turn moved up.
pub const TOKEN: &str = "athena";
pub const MOVED_UP: &str = "up";

pub struct Athena;

fn moves_up(state: &State, step: Step) -> bool {
    steps::kind(step) == KIND_MOVE
        && state.height(steps::dst(step)) > state.height(steps::src(step))
}

impl Power for Athena {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &[MOVED_UP],
        })
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn start_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if player == owner {
            state.tokens[owner] = 0;
        }
    }

    fn watches_steps(&self) -> bool {
        true
    }

    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        // Checked as the move happens: a later build on the vacated space must not hide it.
        if player == owner && moves_up(state, step) {
            state.tokens[owner] = 1;
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
        // Her own workers moved by an opponent are free (RULINGS #18).
        !(state.tokens[owner] == 1
            && moves_up(state, step)
            && state.owner(steps::src(step)) != Some(owner))
    }
}
