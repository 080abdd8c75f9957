//! Perft: the number of sequences of exactly `depth` full turns. A winning turn ends the
//! game, so it counts only as the last turn of a sequence; a player with no legal turn
//! contributes nothing (`docs/notation.md`, "Perft"; the reference is
//! `aegean/santorini/perft.py`).

use crate::fastpath::{self, count_turns, for_each_turn, legal_turns, play, TurnList};
use crate::position::Position;

/// Perft that plays every turn, the last level's included.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => make_leaves(position),
        _ => {
            let mut total = 0;
            for_each_turn(position, |turn| {
                let next = play(position, turn);
                if next.winner.is_none() {
                    total += perft(&next, depth - 1);
                }
            });
            total
        }
    }
}

/// The last level of [`perft`]: every leaf position made in full (the move once per
/// destination, then each build on a copy of it) and counted.
fn make_leaves(position: &Position) -> u64 {
    let mut total = 0;
    fastpath::for_each_move(position, |moved, builds| {
        if builds == 0 {
            total += u64::from(std::hint::black_box(moved).to_move < 2);
            return;
        }
        for b in crate::squares::iter(builds) {
            let leaf = fastpath::build_on(&moved, b);
            total += u64::from(std::hint::black_box(leaf).to_move < 2);
        }
    });
    total
}

/// Perft that counts the last level's turns without playing them.
pub fn perft_bulk(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_turns(position),
        _ => {
            let mut list = TurnList::default();
            legal_turns(position, &mut list);
            list.as_slice()
                .iter()
                .map(|&turn| play(position, turn))
                .filter(|next| next.winner.is_none())
                .map(|next| perft_bulk(&next, depth - 1))
                .sum()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        // bench/bench_perft.py: perft 80, 6176, 426384 from this position.
        let start: Position = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
            .parse()
            .unwrap();
        for (depth, leaves) in [(1, 80), (2, 6176), (3, 426_384)] {
            assert_eq!(perft_bulk(&start, depth), leaves);
            assert_eq!(perft(&start, depth), leaves);
        }
    }
}
