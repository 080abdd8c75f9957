//! Europa & Talus (card 34), Queen & Guardian Automaton — *Setup*: put the Talus token on
//! your card. *End of Your Turn*: you may move the Talus token to an unoccupied space
//! neighbouring the worker that moved. *Any Time*: every player treats the Talus space as
//! if it held only a dome (RULINGS #51: Europa included).
//!
//! After her build an optional `MARK` step puts the Talus on a free space next to the
//! worker that moved, `b2-c3^d4*b3` (not where it stands). Nothing moves, is forced, is
//! built or removed there, and no token goes there: her own moves and builds skip it, the
//! opponent's steps onto it are refused (`allows_opponent_step`), a move that would push a
//! worker onto it too (Minotaur). It is no Complete Tower. Token: `europa&talus=<square>`,
//! none while the Talus is on her card.

use super::{
    base_turn_before_mark, default_apply_step, default_build_steps, dome_tokens, marks_then_end,
    Power, Token, TurnShape,
};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MARK, KIND_MOVE};

/// The token's key in a position; its values are the squares' names.
pub const TOKEN: &str = "europa&talus";

pub struct Europa;

/// The Talus's square as a mask (0: on her card).
fn talus(state: &State, owner: usize) -> Mask {
    match state.tokens[owner] {
        0 => 0,
        t => 1 << (t - 1),
    }
}

/// Where the worker that moved this turn stands: the target of the turn's last move.
fn moved_worker(state: &State) -> Option<u8> {
    let turn = state.turn.as_slice();
    let last = turn.iter().rev().find(|&&s| steps::kind(s) == KIND_MOVE)?;
    Some(steps::dst(*last))
}

impl Power for Europa {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &squares::NAMES,
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        if talus(state, owner) & (state.occupied() | state.domes) == 0 {
            Ok(())
        } else {
            Err("the Talus is a dome: nothing else stands on its square")
        }
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if !base_turn_before_mark(self, state, player, out) {
            return;
        }
        let Some(worker) = moved_worker(state).filter(|&w| state.owner(w) == Some(player)) else {
            return;
        };
        // The end of her turn: the Talus next to the worker that moved, or stay.
        let blocked = state.occupied() | state.domes | state.token_squares();
        marks_then_end(NEIGHBORS[worker as usize] & !blocked, out);
    }

    fn token_squares(&self, state: &State, owner: usize) -> Mask {
        talus(state, owner)
    }

    fn move_targets(&self, state: &State, player: usize, worker: u8) -> Mask {
        super::default_move_targets(state, worker) & !talus(state, player)
    }

    fn build_steps(&self, state: &State, player: usize, worker: u8, out: &mut StepList) {
        let guard = talus(state, player);
        let start = out.len();
        default_build_steps(state, worker, out);
        out.retain_from(start, |s| guard & 1 << steps::dst(s) == 0);
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        match (steps::kind(step), steps::mark_direction(step)) {
            (KIND_MARK, None) => state.tokens[player] = steps::dst(step) + 1,
            _ => default_apply_step(state, step),
        }
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    /// Nothing goes onto the Talus: no move, force, build, removal, placement (Jason's
    /// spare) or token there, and no
    /// move that pushes a worker there (tried on a copy: Minotaur).
    fn allows_opponent_step(&self, state: &State, owner: usize, player: usize, step: Step) -> bool {
        let guard = talus(state, owner);
        guard == 0 || !dome_tokens::goes_onto(state, player, step, guard)
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuildMark
    }
}
