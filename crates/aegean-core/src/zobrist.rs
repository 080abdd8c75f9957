//! Zobrist keys: a position hashes to the XOR of the keys of its parts. The keys come
//! from a fixed seed at compile time, so a hash is the same in every run. Workers are keyed
//! by (player, square), not by which of the player's workers stands there.

use crate::position::Position;
use crate::squares::{self, Mask};
use crate::state::State;

const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// 3 × 25 level keys, 25 dome keys, 2 × 25 worker keys, the player to move, 2 × 32
/// token keys (a power's token value, 1 to 31, by its holder: Hypnus's names a square),
/// and 2 × 25 keys of the squares a power's token names (Clio's coins), by its holder.
const COUNT: usize = 75 + 25 + 50 + 1 + 64 + 50;

const KEYS: [u64; COUNT] = {
    let mut out = [0u64; COUNT];
    let mut state = 0x5A4E_7005_A4E7_0000;
    let mut i = 0;
    while i < COUNT {
        let (next, key) = splitmix(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
};

const LEVELS: usize = 0;
const DOMES: usize = 75;
const WORKERS: usize = 100;
const TO_MOVE: usize = 150;
const TOKENS: usize = 151;
const MARKS: usize = 215;

#[inline]
fn keys_of(mask: Mask, base: usize) -> u64 {
    let mut h = 0;
    for s in squares::iter(mask) {
        h ^= KEYS[base + s as usize];
    }
    h
}

/// The hash of the board: levels, domes, workers by owner, the player to move.
#[inline]
pub fn board_hash(levels: &[Mask; 3], domes: Mask, workers: [&[u8]; 2], to_move: u8) -> u64 {
    let mut h = keys_of(levels[0], LEVELS) ^ keys_of(levels[1], LEVELS + 25);
    h ^= keys_of(levels[2], LEVELS + 50) ^ keys_of(domes, DOMES);
    for (p, pair) in workers.iter().enumerate() {
        for &w in *pair {
            if w != squares::OFF {
                h ^= KEYS[WORKERS + 25 * p + w as usize];
            }
        }
    }
    if to_move == 1 {
        h ^= KEYS[TO_MOVE];
    }
    h
}

pub fn position_hash(p: &Position) -> u64 {
    board_hash(
        &p.levels,
        p.domes,
        [&p.workers[0], &p.workers[1]],
        p.to_move,
    )
}

/// The hash of a state between turns: the board and the powers' tokens and squares.
pub fn state_hash(s: &State) -> u64 {
    let mut h = board_hash(
        &s.levels,
        s.domes,
        [&s.workers[0], &s.workers[1]],
        s.to_move,
    );
    for p in 0..2 {
        let token = s.powers[p].key_token(s, p);
        if token != 0 {
            h ^= KEYS[TOKENS + 32 * p + (token as usize & 31)];
            if token > 31 {
                // (the high bits: Charybdis's levels and her whirlpools placed)
                h ^= KEYS[TOKENS + 32 * p + (token as usize >> 5)].rotate_left(29);
            }
        }
        h ^= keys_of(s.marks[p], MARKS + 25 * p);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_order_does_not_change_the_hash() {
        let a: Position = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
            .parse()
            .unwrap();
        let b: Position = "00000/00000/00000/00000/00000 1 d4,b2 d2,b4"
            .parse()
            .unwrap();
        let c: Position = "00000/00000/00000/00000/00000 2 d4,b2 d2,b4"
            .parse()
            .unwrap();
        assert_eq!(position_hash(&a), position_hash(&b));
        assert_ne!(position_hash(&a), position_hash(&c));
        let keys: std::collections::HashSet<u64> = KEYS.iter().copied().collect();
        assert_eq!(keys.len(), COUNT);
    }
}
