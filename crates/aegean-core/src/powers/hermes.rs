//! Hermes (card 7), God of Travel — *Your Turn*: if your workers do not move up or down, each of
//! them may move any number of times (zero included), and then one of them builds.
//! RULINGS #23: a move that changes level makes the turn a normal one (that single move,
//! then that worker builds), so it can only be the turn's first move; while every move
//! stays level, either worker may go on moving, and then *either* worker builds, even one
//! that never moved (so a turn may be a build alone, `b2^c3`).

use super::{Power, TurnKey, TurnShape};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MOVE};

pub struct Hermes;

/// Hermes builds only at the end of his turn, so the heights a move was made at are still
/// today's heights while the turn goes on.
fn level(state: &State, step: Step) -> bool {
    state.height(steps::src(step)) == state.height(steps::dst(step))
}

impl Power for Hermes {
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let workers = state.workers[player];
        let Some(last) = state.turn.last() else {
            // Any first move (a level one starts the travel), or a build with no move.
            for w in workers {
                for t in squares::iter(self.move_targets(state, player, w)) {
                    out.push(steps::move_step(w, t));
                }
            }
            for w in workers {
                self.build_steps(state, player, w, out);
            }
            return;
        };
        if steps::kind(last) != KIND_MOVE {
            out.push(steps::END);
            return;
        }
        if !level(state, state.turn.as_slice()[0]) {
            // Moved up or down: a normal turn, the worker that moved builds.
            self.build_steps(state, player, steps::dst(last), out);
            return;
        }
        // Builds first (the reference's order), then level moves of either worker.
        for w in workers {
            self.build_steps(state, player, w, out);
        }
        for w in workers {
            let h = state.height(w);
            for t in squares::iter(self.move_targets(state, player, w)) {
                if state.height(t) == h {
                    out.push(steps::move_step(w, t));
                }
            }
        }
    }

    fn travels(&self) -> bool {
        true
    }

    /// (His moves, then one build.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::Travel
    }

    /// While travelling, what is left of the turn depends only on where the workers stand,
    /// not on the path: back-and-forth moves merge, so listing turns ends.
    fn turn_key(&self, state: &State) -> TurnKey {
        match state.turn.last() {
            Some(last)
                if steps::kind(last) == KIND_MOVE && level(state, state.turn.as_slice()[0]) =>
            {
                TurnKey::Position
            }
            _ => TurnKey::Steps,
        }
    }
}
