//! Hypnus (card 22), God of Sleep — *Start of Opponent's Turn*: if one of your opponent's
//! workers is higher than all of their others, it cannot move (RULINGS #39: decided as the
//! opponent's turn starts, from the levels their workers stand on then; strictly higher,
//! so a tie blocks nothing; any move of that worker is refused, a build without moving is
//! not). The token `hypnus=<square>` names the sleeper from the start of the opponent's
//! turn to its end.

use super::{Power, Token, TurnShape};
use crate::squares::{self, OFF};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position; its values are the squares' names.
pub const TOKEN: &str = "hypnus";

pub struct Hypnus;

impl Power for Hypnus {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &squares::NAMES,
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        let sleeper = state.tokens[owner];
        if sleeper == 0 || state.owner(sleeper - 1).is_some() {
            Ok(())
        } else {
            Err("hypnus names a worker's square")
        }
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        state.tokens[owner] = 0;
    }

    fn start_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if player == owner {
            return;
        }
        // A lone worker (the other removed from the game) is higher than all the others.
        state.tokens[owner] = match state.workers[player] {
            [OFF, OFF] => 0,
            [w, OFF] | [OFF, w] => w + 1,
            [a, b] => match state.height(a).cmp(&state.height(b)) {
                std::cmp::Ordering::Greater => a + 1,
                std::cmp::Ordering::Less => b + 1,
                std::cmp::Ordering::Equal => 0,
            },
        };
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
        let sleeper = state.tokens[owner];
        !(steps::kind(step) == KIND_MOVE && sleeper != 0 && steps::src(step) == sleeper - 1)
    }
}
