//! Morpheus (card 25), God of Dreams — *Start of Your Turn*: put a block or dome on your
//! card. *Your Build*: your worker cannot build as normal; instead it may build any number
//! of times (zero included), spending one piece from the card per build (RULINGS #42: the
//! pieces are interchangeable, each build the ordinary piece for the level). The worker
//! that moved builds, `b2-c3^c4^d4^d4`; the builds in any order are one state (written in the order offered), merged by
//! the position and the builder, found breadth first.
//!
//! Token: `morpheus=<pieces on the card>` (absent when none). A position between turns
//! holds the piece gained at its turn's start, so at his turn there is at least one. The
//! core reads at most [`MOST_READ`] pieces (the reference plays more); in play the card
//! holds at most 31 (it would take 31 of his turns without a build from there).

use super::{default_apply_step, default_turn_steps, Power, Token, TurnKey};
use crate::state::{State, StepList};
use crate::steps::{self, Step, END, KIND_BUILD};

/// The token's key in a position; its values are the counts of pieces.
pub const TOKEN: &str = "morpheus";
/// The pieces a position may give his card, at most.
pub const MOST_READ: u8 = 20;
const PIECES: [&str; 31] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31",
];

pub struct Morpheus;

/// The worker that builds: the one that moved, or the one building.
fn builder(state: &State) -> Option<u8> {
    let last = state.turn.last()?;
    Some(if steps::kind(last) == KIND_BUILD {
        steps::src(last)
    } else {
        steps::dst(last)
    })
}

impl Power for Morpheus {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &PIECES,
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        let pieces = state.tokens[owner];
        if state.to_move as usize == owner && pieces == 0 {
            Err("at the start of Morpheus's turn his card holds at least the piece just gained")
        } else if pieces > MOST_READ {
            Err("the native core reads at most 20 pieces on Morpheus's card")
        } else {
            Ok(())
        }
    }

    fn start_of_turn(&self, state: &mut State, owner: usize, player: usize) {
        if player == owner {
            state.tokens[owner] = (state.tokens[owner] + 1).min(PIECES.len() as u8);
        }
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let Some(worker) = builder(state) else {
            return default_turn_steps(self, state, player, out);
        };
        if state.tokens[player] > 0 {
            self.build_steps(state, player, worker, out);
        }
        out.push(END);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if steps::kind(step) == KIND_BUILD {
            state.tokens[player] = state.tokens[player].saturating_sub(1);
        }
        default_apply_step(state, step);
    }

    /// Once he has moved, what is left is the builder and the board (his pieces
    /// included), not the order of the builds so far.
    fn turn_key(&self, state: &State) -> TurnKey {
        builder(state).map_or(TurnKey::Steps, TurnKey::Moving)
    }

    fn travels(&self) -> bool {
        true
    }

    /// His turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}
