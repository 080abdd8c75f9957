//! Terpsichore (card 44), Muse of Dancing — *Your Turn*: all of your workers must move,
//! and then all of them must build. RULINGS #61, #4: each worker moves once, in the order
//! she chooses (one may step into the space the other has just left), and only then does
//! each build once, next to itself, in any order (both builds may go on one space). A turn
//! that cannot be completed is illegal. A move up onto level 3 wins at once (ruling 7).
//! Written in the order taken, each worker named where it changes: `b2-c3,d4-d5^e5,c3^c4`.
//! Which workers have moved or built is read from the turn, as the reference does.

use super::Power;
use crate::squares::{self, Mask, OFF};
use crate::state::{State, StepList};
use crate::steps::{self, END, KIND_BUILD, KIND_FORCE, KIND_MOVE, KIND_REMOVE};

pub struct Terpsichore;

/// What the turn so far says: the squares of the workers that have moved, of those that
/// have built, whether the builds have begun, and the worker in use (the last to move,
/// or else to build: the reference's `current_worker`).
fn progress(state: &State) -> (Mask, Mask, bool, Option<u8>) {
    let (mut moved, mut built, mut building, mut current) = (0u32, 0u32, false, None);
    for &step in state.turn.as_slice() {
        let (src, dst) = (steps::src(step), steps::dst(step));
        match steps::kind(step) {
            KIND_MOVE => {
                moved = moved & !(1 << src) | 1 << dst;
                current = Some(dst);
            }
            KIND_FORCE => {
                // A forced worker keeps what it has done.
                for group in [&mut moved, &mut built] {
                    if *group & 1 << src != 0 {
                        *group = *group & !(1 << src) | 1 << dst;
                    }
                }
                if current == Some(src) {
                    current = Some(dst);
                }
            }
            KIND_BUILD => {
                building = true;
                built |= 1 << src;
                current = Some(src);
            }
            KIND_REMOVE => current = Some(src),
            _ => {}
        }
    }
    (moved, built, building, current)
}

impl Power for Terpsichore {
    /// (All her workers move, then all build.)
    fn builds_end_the_moves(&self) -> bool {
        true
    }

    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let workers = state.workers[player];
        let (moved, built, building, current) = progress(state);
        // A worker removed from the game has nothing left to do.
        let (moved, built) = (moved | 1 << OFF, built | 1 << OFF);
        if !building && workers.iter().any(|&w| moved & 1 << w == 0) {
            for w in workers.into_iter().filter(|&w| moved & 1 << w == 0) {
                for t in squares::iter(self.move_targets(state, player, w)) {
                    out.push(steps::move_step(w, t));
                }
            }
            return;
        }
        if state.turn.is_empty() {
            return; // no worker at all: nothing to do
        }
        let mut still = workers.into_iter().filter(|&w| built & 1 << w == 0);
        let (first, second) = (still.next(), still.next());
        let Some(first) = first else {
            return out.push(END);
        };
        // The worker in use builds first, so that the common case reads without naming it.
        let order = match second {
            Some(second) if current == Some(second) => [Some(second), Some(first)],
            _ => [Some(first), second],
        };
        for w in order.into_iter().flatten() {
            self.build_steps(state, player, w, out);
        }
    }
}
