//! Achilles (card 46, a hero), Volatile Warrior — *Your Turn*: once, your worker builds
//! both before and after moving (RULINGS #64: the same worker builds, moves and builds
//! again, and unlike Prometheus it may still move up after the early build, so a climb
//! onto level 3 then wins at once; the early build spends the power, `achilles=used`; the
//! normal move-then-build turn stays available).

use super::{default_apply_step, default_turn_steps, hero_token, Power, Token, TurnShape};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_BUILD};

/// The token's key in a position, and its value once the power is spent.
pub const TOKEN: &str = "achilles";

pub struct Achilles;

impl Power for Achilles {
    /// Build, move, build as Prometheus's turn is, moves up included: two such turns end
    /// in one state exactly when their builds are the same two squares swapped (a build
    /// changes only its own square, and the move never goes onto a square built on
    /// after it).
    fn turn_shape(&self) -> TurnShape {
        TurnShape::BuildMoveBuild
    }

    /// The early build can raise the square the move then climbs onto: the probe walks.
    fn only_first_move_wins(&self) -> bool {
        false
    }

    fn token(&self) -> Option<Token> {
        Some(hero_token(TOKEN))
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let turn = state.turn.as_slice();
        match turn {
            [] => {
                default_turn_steps(self, state, player, out);
                if state.tokens[player] == 0 {
                    for w in state.workers[player] {
                        self.build_steps(state, player, w, out);
                    }
                }
            }
            [first] if steps::kind(*first) == KIND_BUILD => {
                // Built first: the same worker moves, up allowed.
                let worker = steps::src(*first);
                for t in squares::iter(self.move_targets(state, player, worker)) {
                    out.push(steps::move_step(worker, t));
                }
            }
            _ => default_turn_steps(self, state, player, out),
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        default_apply_step(state, step);
        if state.turn.len() == 1 && steps::kind(step) == KIND_BUILD {
            state.tokens[player] = 1; // spent
        }
    }
}
