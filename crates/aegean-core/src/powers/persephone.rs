//! Persephone (card 26), Goddess of Spring Growth — *Opponent's Turn*: if possible, at
//! least one worker must move up this turn (RULINGS #43: if the opponent has any legal
//! turn containing a move up, every turn without one is illegal; for the multi-movers the
//! sequence must contain an up-move somewhere; #27: Prometheus may not build first when
//! he could otherwise move up). "Possible" is under every other rule in play, and a forced
//! worker has not moved.
//!
//! How: the search of the rest of the turn that every "if possible" rule makes
//! (`if_possible.rs`), as the reference's.
//! Token: `persephone=up` from the opponent's first move up to the end of that turn.

use std::cell::RefCell;

use super::if_possible::{self, Memo, Rule};
use super::{Power, Token, TurnShape};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position, and its value once the opponent has moved up.
pub const TOKEN: &str = "persephone";
pub const UP: &str = "up";

pub struct Persephone;

fn rises(state: &State, step: Step) -> bool {
    steps::kind(step) == KIND_MOVE
        && state.height(steps::dst(step)) > state.height(steps::src(step))
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Her rule: the turn has moved up (her token says so).
static MOVE_UP: Rule = Rule {
    met: Persephone::moved_up,
    memo: &MEMO,
};

impl Persephone {
    fn moved_up(state: &State, owner: usize) -> bool {
        state.tokens[owner] != 0
    }
}

impl Power for Persephone {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &[UP],
        })
    }

    fn watches_steps(&self) -> bool {
        true
    }

    /// The heights of a move's squares are unchanged by the move itself, so this is the
    /// rise it made.
    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        if player != owner && !Self::moved_up(state, owner) && rises(state, step) {
            state.tokens[owner] = 1;
        }
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        state.tokens[owner] = 0;
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn judges_whole_turns(&self, _state: &State, _owner: usize) -> bool {
        true
    }

    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        Self::moved_up(state, owner) || if_possible::allows(&MOVE_UP, state, owner, step)
    }
}
