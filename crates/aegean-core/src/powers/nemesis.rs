//! Nemesis (card 41), Goddess of Retribution — *End of Your Turn*: if none of an
//! opponent's workers neighbour yours, you may force as many of that opponent's workers as
//! possible to take the spaces your workers occupy, and vice versa (RULINGS #58: after her
//! build, all pairs or none; with two workers each, two swaps, and every pairing of all of
//! them ends alike). The swaps are forces, not moves: nobody wins by them, and heights do
//! not matter. Each is a `FORCE` step whose actor is the opponent's worker and whose target
//! is the space of hers it takes (hers goes to the space it left): `b2-c3^c4,a5>c3,e5>d4`.
//! The condition is judged once, as the swapping starts.

use super::{default_apply_step, default_turn_steps, Power};
use crate::squares::{NEIGHBORS, OFF};
use crate::state::{State, StepList, SLOTS};
use crate::steps::{self, Step, END, KIND_FORCE};

pub struct Nemesis;

impl Nemesis {
    /// Every swap of one of `theirs` with one of `mine` (those not in `done`), theirs first.
    fn swaps(theirs: [u8; SLOTS], mine: [u8; SLOTS], done: u32, out: &mut StepList) {
        for t in theirs.into_iter().filter(|&t| done & 1 << t == 0) {
            for m in mine.into_iter().filter(|&m| done & 1 << m == 0) {
                out.push(steps::force_step(t, m));
            }
        }
    }
}

impl Power for Nemesis {
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        let (mine, theirs) = (state.workers[player], state.workers[1 - player]);
        // The swaps made so far, and the squares they touched (those workers are done, and
        // so is a worker removed from the game).
        let (swapped, done) = state
            .turn
            .as_slice()
            .iter()
            .filter(|&&s| steps::kind(s) == KIND_FORCE)
            .fold((0, 0u32), |(n, done), &s| {
                (n + 1, done | 1 << steps::src(s) | 1 << steps::dst(s))
            });
        let done = done | 1 << OFF;
        // As many pairs as both sides have workers (fewer once some were removed).
        let pairs = state
            .live_workers(player)
            .count()
            .min(state.live_workers(1 - player).count());
        if swapped == 0 {
            default_turn_steps(self, state, player, out);
            if out.as_slice() == [END] && !state.turn.is_empty() {
                // Her turn is done: the swaps may follow, if no worker of theirs is near.
                let near = mine.iter().fold(0, |m, &w| m | NEIGHBORS[w as usize]);
                if near & state.workers_of(1 - player) == 0 {
                    out.clear();
                    Self::swaps(theirs, mine, done, out);
                    out.push(END);
                }
            }
        } else if swapped >= pairs {
            out.push(END);
        } else {
            // Swapping has begun: the other pair must follow.
            Self::swaps(theirs, mine, done, out);
        }
    }

    fn apply_step(&self, state: &mut State, _player: usize, step: Step) {
        if steps::kind(step) == KIND_FORCE {
            state.swap_workers(steps::src(step), steps::dst(step));
        } else {
            default_apply_step(state, step);
        }
    }

    /// Her turn starts with a move, and only a move wins.
    fn only_first_move_wins(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::rules;
    use crate::state::State;
    use crate::steps::{build_step, move_step};

    #[test]
    fn two_swaps_in_either_pairing_are_one_turn() {
        // After b2-c3^c4 no worker of theirs neighbours hers (c3, e1): a5 and e5 swap in.
        let state: State = "00000/00000/00000/00000/00000 1 b2,e1 a5,e5 powers=Nemesis,-"
            .parse()
            .unwrap();
        let turns = rules::legal_turns(&state);
        let mut text = String::new();
        let swapped: Vec<_> = turns
            .iter()
            .filter(|t| {
                t.turn.len() == 4
                    && t.turn.as_slice()[..2] == [move_step(6, 12), build_step(12, 17)]
            })
            .collect();
        assert_eq!(swapped.len(), 1, "both pairings end alike: one turn");
        for &s in swapped[0].turn.as_slice() {
            crate::steps::format(s, &mut text);
        }
        assert_eq!(text, "b2-c3c3^c4a5>c3e5>e1");
    }
}
