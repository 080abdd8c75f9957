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

use crate::powers::default_threats;
use crate::squares::{Mask, ALL, NEIGHBORS};
use crate::state::State;

/// The score of a win for the side to move at ply 0; a win `n` plies later is `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond ±MATE_BOUND are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = WIN - 10_000;

/// The evaluation's weights: the reference's (`aegean/ai/evaluation.py`), or others
/// being measured against them (`Searcher::set_weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A worker standing on level 0..3.
    pub height: [i32; 4],
    /// `reach[h][k]`: each free neighbour on level `k` of a worker on level `h`.
    pub reach: [[i32; 4]; 4],
    /// A worker that cannot move.
    pub trapped: i32,
    /// Having the move.
    pub tempo: i32,
    /// A worker on the centre square, the ring around it, the edge.
    pub centre: [i32; 3],
    /// Each square of territory (see [`territory`]); 0 leaves the term out.
    pub territory: i32,
}

impl Weights {
    pub const REFERENCE: Weights = Weights {
        height: [0, 30, 80, 50],
        reach: [[2, 5, 0, 0], [1, 3, 12, 0], [1, 2, 6, 0], [1, 2, 4, 3]],
        trapped: -30,
        tempo: 5,
        centre: [4, 2, 0],
        territory: 0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::REFERENCE
    }
}

/// A player threatening one climb onto level 3, or two (one build cannot dome both): the
/// evaluation of games with powers only; the plain search settles threats by searching.
const THREAT: i32 = 40;
const DOUBLE_THREAT: i32 = 400;

const fn rings() -> [usize; 25] {
    let mut out = [0; 25];
    let mut s = 0;
    while s < 25 {
        let (f, r) = ((s % 5) as i32 - 2, (s / 5) as i32 - 2);
        let d = if f.abs() > r.abs() { f.abs() } else { r.abs() };
        out[s] = d as usize;
        s += 1;
    }
    out
}

/// Each square's ring: 0 the centre, 1 around it, 2 the edge.
const RING: [usize; 25] = rings();

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
    fn worker(&self, w: u8, weights: &Weights) -> (i32, bool) {
        let h = self.height(w);
        let nb = NEIGHBORS[w as usize];
        let [f0, f1, f2, f3] = self.free;
        let reach = weights.reach[h];
        let value = weights.height[h]
            + weights.centre[RING[w as usize]]
            + reach[0] * (nb & f0).count_ones() as i32
            + reach[1] * (nb & f1).count_ones() as i32
            + reach[2] * (nb & f2).count_ones() as i32
            + reach[3] * (nb & f3).count_ones() as i32;
        let open = match h {
            0 => f0 | f1,
            1 => f0 | f1 | f2,
            _ => f0 | f1 | f2 | f3,
        };
        (value, nb & open != 0)
    }

    /// A side's terms, and whether any of its workers can move.
    #[inline]
    pub fn side(&self, workers: &[u8], weights: &Weights) -> (i32, bool) {
        let mut value = 0;
        let mut movable = false;
        for &w in workers {
            if w == crate::squares::OFF {
                continue; // (removed from the game)
            }
            let (v, moves) = self.worker(w, weights);
            value += v;
            if moves {
                movable = true;
            } else {
                value += weights.trapped;
            }
        }
        (value, movable)
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
    evaluate_with(&Weights::REFERENCE, levels, 0, blocked, mine, theirs, ply)
}

/// [`evaluate`] with other weights (`domes` only matters for the territory term).
#[inline]
pub fn evaluate_with(
    weights: &Weights,
    levels: &[Mask; 3],
    domes: Mask,
    blocked: Mask,
    mine: [u8; 2],
    theirs: [u8; 2],
    ply: i32,
) -> i32 {
    let board = Board::new(levels, blocked);
    let (ours, movable) = board.side(&mine, weights);
    if !movable {
        return ply - WIN;
    }
    let mut score = weights.tempo + ours - board.side(&theirs, weights).0;
    if weights.territory != 0 {
        score += weights.territory * territory(domes, mine, theirs);
    }
    score
}

const FILE_A: Mask = 0b00001_00001_00001_00001_00001;
const FILE_E: Mask = FILE_A << 4;

/// The squares a king step from `m`, `m` included.
#[inline]
fn dilate(m: Mask) -> Mask {
    let row = m | (m << 1 & !FILE_A) | (m >> 1 & !FILE_E);
    (row | row << 5 | row >> 5) & ALL
}

/// Territory: the squares (not domed) that the side to move's workers reach in fewer king
/// steps than the other side's, less those the other side reaches first, up to four steps
/// (heights ignored: a region walled in by domes is what it measures).
#[inline]
pub fn territory(domes: Mask, mine: [u8; 2], theirs: [u8; 2]) -> i32 {
    let space = ALL & !domes;
    let (mut ours, mut others) = (1 << mine[0] | 1 << mine[1], 1 << theirs[0] | 1 << theirs[1]);
    let mut taken = ours | others;
    let (mut our_front, mut their_front) = (ours, others);
    let mut count = 0;
    for _ in 0..4 {
        let a = dilate(our_front) & space & !taken;
        let b = dilate(their_front) & space & !taken;
        let both = a & b;
        our_front = a & !both;
        their_front = b & !both;
        ours |= our_front;
        others |= their_front;
        taken |= a | b;
        count += 1;
        if our_front | their_front == 0 {
            break;
        }
    }
    let _ = count;
    ours.count_ones() as i32 - others.count_ones() as i32
}

/// The score of a state with powers for the side to move: both sides' terms, each side's
/// threats to win credited as its power reads them (Artemis's two-step climbs, Pan's
/// drops), more than its opponent can answer in one turn (Demeter and Prometheus build
/// twice) as nearly decisive; and the tempo. The search checks whether the mover wins
/// at once, with its power; a threat that cannot be carried out now still stands.
pub fn evaluate_state(s: &State) -> i32 {
    evaluate_state_with(s, true)
}

/// [`evaluate_state`], or with `aware` off the power-blind threats it had before (one
/// climb onto level 3 each, two decisive): a switch for measuring what the powers bring.
pub fn evaluate_state_with(s: &State, aware: bool) -> i32 {
    let board = Board::new(&s.levels, s.occupied() | s.domes);
    let me = s.to_move as usize;
    let weights = &Weights::REFERENCE;
    let value = |p: usize| {
        let (threats, answers) = if aware {
            let other = s.powers[1 - p];
            (
                (s.powers[p].threats(s, p) & !other.void_wins()).count_ones(),
                other.blocks(),
            )
        } else {
            (default_threats(s, p).count_ones(), 1)
        };
        board.side(&s.workers[p], weights).0
            + if threats > answers {
                DOUBLE_THREAT
            } else {
                THREAT * threats as i32
            }
    };
    weights.tempo + value(me) - value(1 - me)
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

    fn state(text: &str) -> State {
        text.parse().unwrap()
    }

    #[test]
    fn artemis_threatens_a_climb_two_moves_away_through_its_stepping_square() {
        // Artemis on a1 (level 1) can step onto b2 (level 2) and then up onto c3 (RULINGS #19).
        let text = "00000/00000/00300/02000/10000 1 a1,e5 e1,e2";
        let artemis = state(&format!("{text} powers=Artemis,-"));
        let mortal = state(&format!("{text} powers=-,-"));
        assert_eq!(artemis.powers[0].threats(&artemis, 0), 1 << 6);
        assert_eq!(mortal.powers[0].threats(&mortal, 0), 0);
        // Two tops behind one stepping square are one threat: a build on b2 stops both
        // (found by a second reader: they had counted as two, so as decisive).
        let s = state("00000/00000/03300/02000/10000 1 c1,e4 a1,e5 powers=-,Artemis");
        assert_eq!(s.powers[1].threats(&s, 1), 1 << 6);
    }

    #[test]
    fn hera_voids_the_threats_onto_the_perimeter() {
        // b1 (level 2) threatens to climb onto a2 (level 3), an edge square: against Hera
        // (RULINGS #37) that climb wins nothing, so it is no threat.
        let text = "00000/00000/00000/30000/02000 1 b1,e5 c5,e3";
        let plain = evaluate_state(&state(&format!("{text} powers=-,-")));
        let hera = evaluate_state(&state(&format!("{text} powers=-,Hera")));
        assert_eq!(plain - hera, THREAT);
    }

    #[test]
    fn pan_threatens_every_ground_square_next_to_a_worker_on_level_2() {
        // Pan wins by moving down two levels (RULINGS #25): b2 (level 2) to any free
        // ground-level neighbour; c3 (level 1) and the worker on a1 are no drop of two.
        let s = state("00000/00000/00100/02000/00000 1 b2,e5 a1,d5 powers=Pan,-");
        let expected = [1u8, 2, 5, 7, 10, 11].iter().fold(0, |m, &q| m | 1 << q);
        assert_eq!(s.powers[0].threats(&s, 0), expected);
        // On level 3 (pushed there by Minotaur) a drop to level 1 wins too; level 2 does not.
        let s = state("00000/00000/12000/03000/00000 1 b2,e5 a1,d5 powers=Pan,Minotaur");
        let expected = [1u8, 2, 5, 7, 10, 12].iter().fold(0, |m, &q| m | 1 << q);
        assert_eq!(s.powers[0].threats(&s, 0), expected);
    }

    #[test]
    fn two_threats_decide_only_against_a_single_build() {
        // The side not to move threatens to climb onto a1 and onto c1 from b2: one build
        // answers one of them, Demeter's two builds (or Prometheus's) answer both.
        let board = "00000/00000/00000/02000/30300 1 e5,d5 b2,e3 powers=";
        let one = evaluate_state(&state(&format!("{board}-,-")));
        let demeter = evaluate_state(&state(&format!("{board}Demeter,-")));
        let prometheus = evaluate_state(&state(&format!("{board}Prometheus,-")));
        assert_eq!(demeter - one, DOUBLE_THREAT - 2 * THREAT);
        assert_eq!(prometheus, demeter);
        // Switched off, the threats are the power-blind ones.
        let s = state(&format!("{board}Demeter,-"));
        assert_eq!(evaluate_state_with(&s, false), one);
    }
}
