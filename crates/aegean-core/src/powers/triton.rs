//! Triton (card 29), God of the Waves — *Your Move*: each time your worker moves into a
//! perimeter space (ground or block), it may immediately move again (RULINGS #46: no
//! limit, spaces may be revisited, only the same worker goes on, and the chain stops
//! after a move into a non-perimeter space; the build is offered beside the extra moves,
//! and a move up onto level 3 wins at once, anywhere in the chain). Written as one
//! worker's moves one after another: `a2-a3-b4^c4`.

use super::{default_turn_steps, moving_worker, Power, TurnKey, MOVING_MORE};
use crate::squares::{self, PERIMETER};
use crate::state::{State, StepList};
use crate::steps::{self, KIND_MOVE};

pub struct Triton;

impl Power for Triton {
    /// (His moves, then one build.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let Some(worker) = moving_worker(state) else {
            return default_turn_steps(self, state, player, out);
        };
        self.build_steps(state, player, worker, out);
        if PERIMETER & 1 << worker != 0 {
            for t in squares::iter(self.move_targets(state, player, worker)) {
                out.push(steps::move_step(worker, t));
            }
        }
    }

    /// Mid-chain, the rest of the turn depends only on the position, which worker is
    /// moving and (as the reference keys it) whether it has moved up: loops around the
    /// perimeter merge, so listing ends.
    fn turn_key(&self, state: &State) -> TurnKey {
        // (No build comes before the last move: today's heights are those moved at.)
        let up = state.turn.as_slice().iter().any(|&s| {
            steps::kind(s) == KIND_MOVE && state.height(steps::dst(s)) > state.height(steps::src(s))
        });
        let more = if up { MOVING_MORE } else { 0 };
        moving_worker(state).map_or(TurnKey::Steps, |w| TurnKey::Moving(w | more))
    }

    fn travels(&self) -> bool {
        true
    }
}
