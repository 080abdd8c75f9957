//! Medusa (card 24), Petrifying Gorgon — *End of Your Turn*: if possible, your workers
//! build in lower neighbouring spaces occupied by opponent workers, removing those
//! workers from the game.
//!
//! As the reference (`powers/medusa.py`) reads it (RULINGS #41: compulsory, every such
//! worker): as her turn ends, each opponent worker on a space lower than a neighbouring
//! Medusa worker is removed and a block built in its space, a build by her worker, so the
//! opponent's power may forbid it (Limus), and that worker stays. The victims are chosen
//! together, then removed. After a winning step the turn has no end, so no effect.

use super::{Power, TurnShape};
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::State;
use crate::steps;

pub struct Medusa;

impl Power for Medusa {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn removes_workers(&self) -> bool {
        true
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if owner != player {
            return;
        }
        let rivals = state.workers_of(1 - owner);
        let judge = state.powers[1 - owner];
        let mut victims: Mask = 0;
        for w in state.live_workers(owner) {
            let below = state.height(w);
            for v in squares::iter(NEIGHBORS[w as usize] & rivals & !victims) {
                if state.height(v) < below
                    && !super::shielded(state, owner, v)
                    && (!judge.restricts_opponents()
                        || judge.allows_opponent_step(
                            state,
                            1 - owner,
                            owner,
                            steps::build_step(w, v),
                        ))
                {
                    victims |= 1 << v;
                }
            }
        }
        for v in squares::iter(victims) {
            state.remove_worker(v);
            state.build_on(v, false);
        }
    }
}
