//! Hypnus (card 22), God of Sleep — *Start of Opponent's Turn*: if one of your opponent's
//! workers is higher than all of their others, it cannot move (RULINGS #39: decided as the
//! opponent's turn starts, from the levels their workers stand on then; strictly higher,
//! so a tie blocks nothing; any move of that worker is refused, a build without moving is
//! not). The token `hypnus=<square>` names the sleeper from the start of the opponent's
//! turn to its end.

use super::{Power, Token, TurnShape};
use crate::squares;
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
        // The one worker higher than all the others (a lone worker is: the others were
        // removed from the game); a tie for the top blocks nothing.
        let top = state.live_workers(player).map(|w| state.height(w)).max();
        let mut highest = state
            .live_workers(player)
            .filter(|&w| Some(state.height(w)) == top);
        state.tokens[owner] = match (highest.next(), highest.next()) {
            (Some(w), None) => w + 1,
            _ => 0,
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
