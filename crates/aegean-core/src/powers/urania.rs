//! Urania (card 45), Muse of Astronomy — *Your Turn*: when your worker moves or builds,
//! opposite edges and corners count as adjacent (the board wraps around), so every space
//! has 8 neighbours (RULINGS #62: the wrap serves only her own moves and builds; for other
//! powers her neighbours are the ordinary ones; her moves keep the height rule and win by
//! climbing as usual; a wrapped step is written like any other, `a1-e5^a4`).

use super::{build_steps_among, move_targets_among, Power, TurnShape};
use crate::squares::{self, Mask};
use crate::state::{State, StepList};

/// `WRAPPED[s]`: the 8 squares around `s` on the wrapped (toroidal) board (none for
/// `squares::OFF`).
const WRAPPED: [Mask; 26] = wrapped();

const fn wrapped() -> [Mask; 26] {
    let mut out = [0; 26];
    let mut s = 0;
    while s < 25 {
        let (file, rank) = (s % 5, s / 5);
        let mut df = 4; // -1, 0, +1 as 4, 5, 6 (mod 5)
        while df <= 6 {
            let mut dr = 4;
            while dr <= 6 {
                if df != 5 || dr != 5 {
                    out[s] |= 1 << ((rank + dr) % 5 * 5 + (file + df) % 5);
                }
                dr += 1;
            }
            df += 1;
        }
        s += 1;
    }
    out
}

pub struct Urania;

impl Power for Urania {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn move_targets(&self, state: &State, _player: usize, worker: u8) -> Mask {
        move_targets_among(state, worker, WRAPPED[worker as usize], 1)
    }

    fn build_steps(&self, state: &State, _player: usize, worker: u8, out: &mut StepList) {
        build_steps_among(state, worker, WRAPPED[worker as usize], out);
    }

    /// Free level-3 squares next to her workers on level 2, across the edges too.
    fn threats(&self, state: &State, player: usize) -> Mask {
        let free = squares::ALL & !(state.occupied() | state.domes);
        state.workers[player]
            .iter()
            .filter(|&&w| state.height(w) == 2)
            .fold(0, |m, &w| m | WRAPPED[w as usize] & free & state.levels[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_has_eight_neighbours_across_the_edges() {
        for (s, (&wrapped, &plain)) in WRAPPED.iter().zip(&squares::NEIGHBORS).take(25).enumerate()
        {
            assert_eq!(wrapped.count_ones(), 8, "{s}");
            assert_eq!(wrapped & plain, plain, "{s}");
        }
        // a1 wraps to e1, a5, e5, e2, b5 and the rest.
        let a1 = WRAPPED[0];
        for name in ["b1", "a2", "b2", "e1", "e2", "a5", "b5", "e5"] {
            assert_ne!(a1 & 1 << squares::parse(name).unwrap(), 0, "{name}");
        }
    }
}
