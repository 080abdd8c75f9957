//! The hand-written evaluation: how good a quiet position is for the side to move (the
//! reference's `aegean/ai/evaluation.py`, the same terms and weights). "Quiet" matters:
//! the search settles immediate wins and threats itself; what is left is potential.
//!
//! - **height**: a worker on level 2 is one step from winning;
//! - **reach**: free neighbours at the level a worker can climb to next are worth most,
//!   flat ones count as mobility;
//! - **centre**: central squares have more neighbours;
//! - **trapped** workers (no legal move) are a liability, and a side to move with no
//!   legal move at all has lost.
//!
//! Everything the search needs to know about a position's worth goes through
//! [`evaluate`] and [`evaluate_state`], so a learned evaluation can replace them.

use crate::squares::{Mask, ALL, NEIGHBORS};
use crate::state::State;

/// The score of a win for the side to move at ply 0; a win `n` plies later is `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond ±MATE_BOUND are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = WIN - 10_000;

const HEIGHT_VALUE: [i32; 4] = [0, 30, 80, 50];
const REACH: [[i32; 4]; 4] = [
    // REACH_k[h] of the reference, by h: the weights of free neighbours on level 0..3.
    [2, 5, 0, 0],
    [1, 3, 12, 0],
    [1, 2, 6, 0],
    [1, 2, 4, 3],
];
const TRAPPED: i32 = -30;
const TEMPO: i32 = 5;
/// A player threatening one climb onto level 3, or two (one build cannot dome both): the
/// evaluation of games with powers only; the plain search settles threats by searching.
const THREAT: i32 = 40;
const DOUBLE_THREAT: i32 = 400;

const fn centre() -> [i32; 25] {
    let mut out = [0; 25];
    let mut s = 0;
    while s < 25 {
        let (f, r) = ((s % 5) as i32 - 2, (s / 5) as i32 - 2);
        let d = if f.abs() > r.abs() { f.abs() } else { r.abs() };
        out[s] = [4, 2, 0][d as usize];
        s += 1;
    }
    out
}

const CENTRE: [i32; 25] = centre();

/// The heights and free squares the terms read, computed once per position.
pub struct Board {
    pub levels: [Mask; 3],
    pub free: [Mask; 4],
}

impl Board {
    #[inline]
    pub fn new(levels: &[Mask; 3], blocked: Mask) -> Board {
        let free = ALL & !blocked;
        Board {
            levels: *levels,
            free: [
                free & !levels[0],
                free & levels[0] & !levels[1],
                free & levels[1] & !levels[2],
                free & levels[2],
            ],
        }
    }

    #[inline]
    pub fn height(&self, s: u8) -> usize {
        let bit = 1 << s;
        (self.levels[0] & bit != 0) as usize
            + (self.levels[1] & bit != 0) as usize
            + (self.levels[2] & bit != 0) as usize
    }

    /// One worker's terms, and whether it can move.
    #[inline]
    fn worker(&self, w: u8) -> (i32, bool) {
        let h = self.height(w);
        let nb = NEIGHBORS[w as usize];
        let [f0, f1, f2, f3] = self.free;
        let weights = REACH[h];
        let value = HEIGHT_VALUE[h]
            + CENTRE[w as usize]
            + weights[0] * (nb & f0).count_ones() as i32
            + weights[1] * (nb & f1).count_ones() as i32
            + weights[2] * (nb & f2).count_ones() as i32
            + weights[3] * (nb & f3).count_ones() as i32;
        let reach = match h {
            0 => f0 | f1,
            1 => f0 | f1 | f2,
            _ => f0 | f1 | f2 | f3,
        };
        (value, nb & reach != 0)
    }

    /// A side's terms, and whether any of its workers can move.
    #[inline]
    pub fn side(&self, workers: [u8; 2]) -> (i32, bool) {
        let mut value = 0;
        let mut movable = false;
        for w in workers {
            let (v, moves) = self.worker(w);
            value += v;
            if moves {
                movable = true;
            } else {
                value += TRAPPED;
            }
        }
        (value, movable)
    }

    /// Free level-3 squares a side's workers on level 2 could climb onto.
    #[inline]
    pub fn threats(&self, workers: [u8; 2]) -> Mask {
        let mut out = 0;
        for w in workers {
            if self.height(w) == 2 {
                out |= NEIGHBORS[w as usize] & self.free[3];
            }
        }
        out
    }
}

/// The score for the side to move (`mine`) of a two-player position without powers:
/// `ply - WIN` when it cannot move at all (rule 2.2).
#[inline]
pub fn evaluate(
    levels: &[Mask; 3],
    blocked: Mask,
    mine: [u8; 2],
    theirs: [u8; 2],
    ply: i32,
) -> i32 {
    let board = Board::new(levels, blocked);
    let (ours, movable) = board.side(mine);
    if !movable {
        return ply - WIN;
    }
    TEMPO + ours - board.side(theirs).0
}

/// The score of a state with powers for the side to move: both sides' terms, each side's
/// climbing threats credited (the search checks whether the mover wins at once, with its
/// power; a threat that cannot be carried out now still stands), and the tempo.
pub fn evaluate_state(s: &State) -> i32 {
    let board = Board::new(&s.levels, s.occupied() | s.domes);
    let me = s.to_move as usize;
    let value = |p: usize| {
        let workers = s.workers[p];
        let threats = board.threats(workers).count_ones() as i32;
        board.side(workers).0
            + if threats >= 2 {
                DOUBLE_THREAT
            } else {
                THREAT * threats
            }
    };
    TEMPO + value(me) - value(1 - me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn the_reference_s_numbers() {
        // aegean.ai.evaluation.evaluate on these positions, computed in Python.
        for (text, expected) in [
            ("00000/00000/00000/00000/00000 1 b2,d4 b4,d2", 5),
            ("01000/12131/01121/21220/10020 1 e4,b2 a2,d2", -85),
            ("00000/03300/01200/21000/0D000 1 a2,c5 b2,d4", 30),
            ("20010/01012/00000/00030/00010 2 d1,b4 d4,d5", 15),
        ] {
            let p: Position = text.parse().unwrap();
            let me = p.to_move as usize;
            let blocked = p.occupied() | p.domes;
            let got = evaluate(&p.levels, blocked, p.workers[me], p.workers[1 - me], 0);
            assert_eq!(got, expected, "{text}");
        }
    }
}
