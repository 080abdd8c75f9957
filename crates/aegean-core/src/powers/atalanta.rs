//! Atalanta (card 48, a hero), Swift Huntress — *Your Move*: once, your worker moves any
//! number of additional times. The same worker moves on as often as she likes (spaces may
//! be revisited, the start included), then builds; the second move spends the power
//! (`atalanta=used`) and the moves after it belong to the same use. Each move up onto
//! level 3 wins at once (ruling 7).

use super::{
    default_apply_step, default_turn_steps, hero_token, moving_worker, Power, Token, TurnKey,
    MOVING_MORE,
};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "atalanta";

pub struct Atalanta;

impl Power for Atalanta {
    /// (Her moves, then one build.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let Some(worker) = moving_worker(state) else {
            return default_turn_steps(self, state, player, out);
        };
        self.build_steps(state, player, worker, out);
        // Unused, or spent by this very turn's moves.
        if state.tokens[player] == 0 || state.turn.len() > 1 {
            for t in squares::iter(self.move_targets(state, player, worker)) {
                out.push(steps::move_step(worker, t));
            }
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        default_apply_step(state, step);
        if steps::kind(step) == KIND_MOVE && state.turn.len() == 2 {
            state.tokens[player] = 1; // spent
        }
    }

    /// While moving, what follows depends on the position (her token says whether the
    /// power is spent), which worker moves and, as the reference keys it, whether it has
    /// moved more than once; so her wandering merges and listing ends.
    fn turn_key(&self, state: &State) -> TurnKey {
        let moves = state
            .turn
            .as_slice()
            .iter()
            .filter(|&&s| steps::kind(s) == KIND_MOVE);
        let more = if moves.count() > 1 { MOVING_MORE } else { 0 };
        moving_worker(state).map_or(TurnKey::Steps, |w| TurnKey::Moving(w | more))
    }

    fn travels(&self) -> bool {
        true
    }
}
