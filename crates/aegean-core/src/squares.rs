//! The 5 × 5 island: square `5 * rank + file` (0 = a1, 24 = e5), one bit per square.

/// A set of squares: bit `s` stands for square `s`.
pub type Mask = u32;

/// Every square of the island.
pub const ALL: Mask = (1 << 25) - 1;

/// The slot of a worker removed from the game (Bia, Medusa, Theseus): no square, with no
/// neighbours, no height and no bit in any mask of the board.
pub const OFF: u8 = 25;

/// `NEIGHBORS[s]`: the up-to-8 squares next to `s` (none for [`OFF`]).
pub const NEIGHBORS: [Mask; 26] = neighbors();

/// The perimeter: the 16 squares on the island's edge.
pub const PERIMETER: Mask = ALL & !(0b01110 << 5 | 0b01110 << 10 | 0b01110 << 15);

const fn neighbors() -> [Mask; 26] {
    let mut out = [0; 26];
    let mut s = 0;
    while s < 25 {
        let (file, rank) = ((s % 5) as i32, (s / 5) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 5 && r >= 0 && r < 5 {
                    out[s] |= 1 << (r * 5 + f);
                }
                dr += 1;
            }
            df += 1;
        }
        s += 1;
    }
    out
}

/// Every square's name, `a1` to `e5` (square `s` is `NAMES[s]`).
pub const NAMES: [&str; 25] = [
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4",
    "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5",
];

/// The name of square `s`, e.g. `c3`.
pub fn name(s: u8) -> [u8; 2] {
    [b'a' + s % 5, b'1' + s / 5]
}

/// The square named `text` (`a1` to `e5`).
pub fn parse(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [f @ b'a'..=b'e', r @ b'1'..=b'5'] => Some((r - b'1') * 5 + (f - b'a')),
        _ => None,
    }
}

/// The square straight on past `dst` coming from its neighbour `src` (where Minotaur pushes
/// a worker, where Charon ferries one across his), or `None` off the board.
pub fn beyond(src: u8, dst: u8) -> Option<u8> {
    let (file, rank) = (
        2 * (dst % 5) as i8 - (src % 5) as i8,
        2 * (dst / 5) as i8 - (src / 5) as i8,
    );
    ((0..5).contains(&file) && (0..5).contains(&rank)).then_some((rank * 5 + file) as u8)
}

/// The eight directions as (file, rank) steps, north first, clockwise (the reference's
/// `squares.DIRECTIONS`: Aeolus's Wind, Siren's Arrow).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The directions' names, in [`DIRECTIONS`]'s order.
pub const DIRECTION_NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// The square one step from `s` in direction `d` (an index into [`DIRECTIONS`]), or
/// `None` off the board.
pub fn toward(s: u8, d: usize) -> Option<u8> {
    let (df, dr) = DIRECTIONS[d];
    let (file, rank) = ((s % 5) as i8 + df, (s / 5) as i8 + dr);
    ((0..5).contains(&file) && (0..5).contains(&rank)).then_some((rank * 5 + file) as u8)
}

/// The direction (an index into [`DIRECTIONS`]) of a one-square step from `src` to `dst`
/// on the board wrapped round its edges (`a1` to `e1` goes west: Urania's steps), or
/// `None` where `dst` is no such neighbour (the reference's `MOVE_DIRECTION`).
pub fn wrapped_direction(src: u8, dst: u8) -> Option<usize> {
    let df = ((dst % 5) as i8 - (src % 5) as i8 + 7) % 5 - 2;
    let dr = ((dst / 5) as i8 - (src / 5) as i8 + 7) % 5 - 2;
    DIRECTIONS.iter().position(|&d| d == (df, dr))
}

/// The squares of a mask, ascending.
pub fn iter(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let s = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(s)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_centre() {
        assert_eq!(NEIGHBORS[0].count_ones(), 3);
        assert_eq!(NEIGHBORS[12].count_ones(), 8);
        assert_eq!(NEIGHBORS[24], 1 << 18 | 1 << 19 | 1 << 23);
        assert_eq!(iter(NEIGHBORS[0]).collect::<Vec<_>>(), vec![1, 5, 6]);
    }

    #[test]
    fn beyond_goes_straight_on() {
        assert_eq!(beyond(6, 12), Some(18)); // b2 -> c3: on to d4
        assert_eq!(beyond(12, 7), Some(2)); // c3 -> c2: on to c1
        assert_eq!(beyond(6, 0), None); // b2 -> a1: off the board
        assert_eq!(beyond(3, 4), None); // d1 -> e1: off the board
    }

    #[test]
    fn names_round_trip() {
        for s in 0..25 {
            let n = name(s);
            assert_eq!(parse(std::str::from_utf8(&n).unwrap()), Some(s));
            assert_eq!(NAMES[s as usize].as_bytes(), &n);
        }
        assert_eq!(parse("f1"), None);
        assert_eq!(parse("a0"), None);
        assert_eq!(parse("a"), None);
    }
}
