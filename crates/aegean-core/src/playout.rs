//! Uniform random playouts: random placements, then uniformly random legal turns until
//! someone climbs or the player to move has no legal turn (the unit of Monte-Carlo work;
//! the reference is `aegean/santorini/playout.py`).

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::fastpath::{count_turns, nth_turn, play};
use crate::position::Position;

/// How a playout ended: the winner and the number of turns played after placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: u8,
    pub turns: u32,
}

/// A seeded generator for playouts (xoshiro256++).
pub fn generator(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// A uniform draw below `n` (Lemire's multiply-shift; `n` ≤ 2^32).
#[inline]
fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// An empty island with four workers on distinct random squares, player 1 to move.
pub fn random_placement(rng: &mut impl RngCore) -> Position {
    let mut squares: [u8; 25] = std::array::from_fn(|s| s as u8);
    for i in 0..4 {
        let j = i + below(rng, 25 - i);
        squares.swap(i, j);
    }
    Position {
        levels: [0; 3],
        domes: 0,
        workers: [[squares[0], squares[1]], [squares[2], squares[3]]],
        to_move: 0,
        winner: None,
    }
}

/// Play uniformly random legal turns from `position` to the end.
pub fn playout(mut position: Position, rng: &mut impl RngCore) -> Ending {
    let mut turns = 0;
    loop {
        if let Some(winner) = position.winner {
            return Ending { winner, turns };
        }
        let count = count_turns(&position);
        if count == 0 {
            return Ending {
                winner: position.to_move ^ 1,
                turns,
            };
        }
        let k = below(rng, count as usize) as u64;
        position = play(
            &position,
            nth_turn(&position, k).expect("k is below the count"),
        );
        turns += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fastpath::{legal_turns, winner, TurnList};

    #[test]
    fn playouts_end_and_repeat_from_their_seed() {
        let run = |seed| {
            let mut rng = generator(seed);
            (0..200)
                .map(|_| playout(random_placement(&mut rng), &mut rng))
                .collect::<Vec<_>>()
        };
        let games = run(7);
        assert_eq!(games, run(7));
        assert!(games.iter().all(|g| g.turns > 0 && g.winner < 2));
        assert!(games.iter().any(|g| g.winner == 0) && games.iter().any(|g| g.winner == 1));
    }

    #[test]
    fn every_game_ends_with_a_winner_by_the_rules() {
        let mut rng = generator(3);
        for _ in 0..100 {
            let mut position = random_placement(&mut rng);
            let mut list = TurnList::default();
            while winner(&position).is_none() {
                legal_turns(&position, &mut list);
                position = play(&position, list.as_slice()[below(&mut rng, list.len())]);
            }
            assert!(winner(&position).is_some());
        }
    }
}
