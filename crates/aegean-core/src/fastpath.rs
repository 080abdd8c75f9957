//! The fast path: the base game for two players on a copy-make [`Position`], as the
//! Python engine's `fastpath.py` is for its generic engine (`rules.py`, here `rules.rs`).
//!
//! The same rules as the Python reference (`aegean/santorini/rules.py` with no power;
//! its fast path `fastpath.py` is the closest reading): a worker moves to a neighbouring
//! square that is free, not domed and at most one level higher; moving up onto level 3
//! wins and ends the turn; otherwise that worker builds on a free, undomed neighbour of
//! its new square (a dome on level 3). A player with no legal turn loses. Turns are
//! listed in the reference's order: by worker as the position lists them, destination
//! ascending, build ascending.

use crate::position::Position;
use crate::squares::{self, Mask, NEIGHBORS};
use crate::steps::{self, Step};

/// A turn of the base game: a move, then a build (`build == 0`: the move won).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Turn {
    pub mv: Step,
    pub build: Step,
}

impl Turn {
    /// Its steps, as the Python engine's `Turn` holds them.
    pub fn steps(&self) -> impl Iterator<Item = Step> {
        [self.mv, self.build].into_iter().filter(|&s| s != 0)
    }

    /// The turn in the project's notation: `b2-c3^d4`, or `b2-c3` for a winning climb.
    pub fn notation(&self) -> String {
        let mut out = String::with_capacity(8);
        steps::format(self.mv, &mut out);
        if self.build != 0 {
            out.push('^');
            out.extend(squares::name(steps::dst(self.build)).map(char::from));
        }
        out
    }
}

/// At most 2 workers × 8 destinations × 8 builds.
pub const MAX_TURNS: usize = 128;

/// A fixed-capacity list of turns: listing allocates nothing.
pub struct TurnList {
    turns: [Turn; MAX_TURNS],
    len: usize,
}

impl Default for TurnList {
    fn default() -> Self {
        TurnList {
            turns: [Turn::default(); MAX_TURNS],
            len: 0,
        }
    }
}

impl TurnList {
    #[inline]
    fn push(&mut self, turn: Turn) {
        self.turns[self.len] = turn;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Turn] {
        &self.turns[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The squares a worker standing at height `h` may not step onto for being too high.
#[inline]
fn too_high(position: &Position, h: u8) -> Mask {
    match h {
        0 => position.levels[1],
        1 => position.levels[2],
        _ => 0,
    }
}

/// Where the worker on `w` may move: free, undomed neighbours at most one level up.
#[inline]
fn destinations(position: &Position, w: u8, blocked: Mask) -> Mask {
    NEIGHBORS[w as usize] & !blocked & !too_high(position, position.height(w))
}

/// Every legal turn of the player to move (none once the game is won).
pub fn legal_turns(position: &Position, out: &mut TurnList) {
    out.len = 0;
    for_each_turn(position, |turn| out.push(turn));
}

/// Call `visit` with every legal turn, in [`legal_turns`]'s order, listing nothing.
#[inline]
pub fn for_each_turn(position: &Position, mut visit: impl FnMut(Turn)) {
    if position.winner.is_some() {
        return;
    }
    let blocked = position.occupied() | position.domes;
    for &w in &position.workers[position.to_move as usize] {
        let climbs = if position.height(w) == 2 {
            position.levels[2]
        } else {
            0
        };
        for d in squares::iter(destinations(position, w, blocked)) {
            let mv = steps::move_step(w, d);
            if climbs & 1 << d != 0 {
                visit(Turn { mv, build: 0 });
                continue;
            }
            for b in squares::iter(build_squares(blocked, w, d)) {
                visit(Turn {
                    mv,
                    build: steps::build_step(d, b),
                });
            }
        }
    }
}

/// Call `visit` with the position after each legal move (the other player to move; the
/// winner set after a climb onto level 3) and the squares its worker may then build on
/// (none after a win), in [`legal_turns`]'s order: [`play`] of a turn is [`build_on`] of
/// its move's position.
#[inline]
pub fn for_each_move(position: &Position, mut visit: impl FnMut(Position, Mask)) {
    if position.winner.is_some() {
        return;
    }
    let blocked = position.occupied() | position.domes;
    let player = position.to_move as usize;
    for slot in 0..2 {
        let w = position.workers[player][slot];
        let climbs = if position.height(w) == 2 {
            position.levels[2]
        } else {
            0
        };
        for d in squares::iter(destinations(position, w, blocked)) {
            let mut moved = *position;
            moved.workers[player][slot] = d;
            moved.to_move ^= 1;
            if climbs & 1 << d != 0 {
                moved.winner = Some(position.to_move);
                visit(moved, 0);
            } else {
                visit(moved, build_squares(blocked, w, d));
            }
        }
    }
}

/// A position after its move with the build on `b` (the fitting piece) added.
#[inline]
pub fn build_on(moved: &Position, b: u8) -> Position {
    let mut next = *moved;
    let bit = 1 << b;
    match moved.height(b) {
        3 => next.domes |= bit,
        h => next.levels[h as usize] |= bit,
    }
    next
}

/// Where the worker that moved from `w` to `d` may build: free, undomed neighbours of
/// `d` (the square it left is free now).
#[inline]
fn build_squares(blocked: Mask, w: u8, d: u8) -> Mask {
    NEIGHBORS[d as usize] & !((blocked ^ 1 << w) | 1 << d)
}

/// The `k`-th of [`legal_turns`] (`k` below [`count_turns`]) without listing the others:
/// a uniformly random turn is `nth_turn(p, random below count_turns(p))`.
pub fn nth_turn(position: &Position, mut k: u64) -> Option<Turn> {
    if position.winner.is_some() {
        return None;
    }
    let blocked = position.occupied() | position.domes;
    for &w in &position.workers[position.to_move as usize] {
        let climbs = if position.height(w) == 2 {
            position.levels[2]
        } else {
            0
        };
        for d in squares::iter(destinations(position, w, blocked)) {
            let mv = steps::move_step(w, d);
            if climbs & 1 << d != 0 {
                if k == 0 {
                    return Some(Turn { mv, build: 0 });
                }
                k -= 1;
                continue;
            }
            let mut builds = build_squares(blocked, w, d);
            let n = u64::from(builds.count_ones());
            if k < n {
                for _ in 0..k {
                    builds &= builds - 1;
                }
                return Some(Turn {
                    mv,
                    build: steps::build_step(d, builds.trailing_zeros() as u8),
                });
            }
            k -= n;
        }
    }
    None
}

/// The number of legal turns, without listing them (perft's last level).
pub fn count_turns(position: &Position) -> u64 {
    if position.winner.is_some() {
        return 0;
    }
    let blocked = position.occupied() | position.domes;
    let mut total = 0;
    for &w in &position.workers[position.to_move as usize] {
        let dests = destinations(position, w, blocked);
        let climbs = if position.height(w) == 2 {
            dests & position.levels[2]
        } else {
            0
        };
        total += climbs.count_ones() as u64;
        for d in squares::iter(dests & !climbs) {
            total += build_squares(blocked, w, d).count_ones() as u64;
        }
    }
    total
}

/// Whether the player to move has a legal turn (a move can always be followed by a build).
pub fn has_turn(position: &Position) -> bool {
    let blocked = position.occupied() | position.domes;
    position.winner.is_none()
        && position.workers[position.to_move as usize]
            .iter()
            .any(|&w| destinations(position, w, blocked) != 0)
}

/// The position after `turn` (one of [`legal_turns`]), the other player to move.
#[inline]
pub fn play(position: &Position, turn: Turn) -> Position {
    let mut next = *position;
    let player = position.to_move as usize;
    let (src, dst) = (steps::src(turn.mv), steps::dst(turn.mv));
    let slot = (next.workers[player][0] != src) as usize;
    next.workers[player][slot] = dst;
    if turn.build == 0 {
        next.winner = Some(position.to_move);
    } else {
        let b = steps::dst(turn.build);
        let bit = 1 << b;
        match position.height(b) {
            3 => next.domes |= bit,
            h => next.levels[h as usize] |= bit,
        }
    }
    next.to_move ^= 1;
    next
}

/// The winner once the game is over: a climb, or the player to move has no legal turn.
pub fn winner(position: &Position) -> Option<u8> {
    position
        .winner
        .or_else(|| (!has_turn(position)).then_some(position.to_move ^ 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(text: &str) -> Vec<String> {
        let position: Position = text.parse().unwrap();
        let mut list = TurnList::default();
        legal_turns(&position, &mut list);
        assert_eq!(count_turns(&position), list.len() as u64);
        for (k, &turn) in list.as_slice().iter().enumerate() {
            assert_eq!(nth_turn(&position, k as u64), Some(turn));
        }
        assert_eq!(nth_turn(&position, list.len() as u64), None);
        list.as_slice().iter().map(Turn::notation).collect()
    }

    #[test]
    fn moves_then_builds_make_the_positions_play_makes() {
        for text in [
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",
            "01000/12131/01121/21220/10020 1 e4,b2 a2,d2",
            "00000/00000/00000/00000/23000 1 a1,e5 c5,d5",
        ] {
            let position: Position = text.parse().unwrap();
            let mut list = TurnList::default();
            legal_turns(&position, &mut list);
            let mut made = Vec::new();
            for_each_move(&position, |moved, builds| {
                if builds == 0 {
                    made.push(moved);
                }
                for b in squares::iter(builds) {
                    made.push(build_on(&moved, b));
                }
            });
            let played: Vec<Position> = list
                .as_slice()
                .iter()
                .map(|&t| play(&position, t))
                .collect();
            assert_eq!(made, played, "{text}");
        }
    }

    #[test]
    fn corner_worker_hemmed_in() {
        // Player 1's a1 worker: b1 and a2 are taken, b2 is a dome; the e5 worker has 3 moves.
        let list = turns("00000/00000/00000/A0000/00000 1 a1,e5 b1,b2");
        assert!(list.iter().all(|t| t.starts_with("e5-")), "{list:?}");
    }

    #[test]
    fn climbing_onto_level_three_wins_without_a_build() {
        let list = turns("00000/00000/00000/00000/23000 1 a1,e5 c5,d5");
        assert!(list.contains(&"a1-b1".to_string()));
        assert!(!list.iter().any(|t| t.starts_with("a1-b1^")));
        let position: Position = "00000/00000/00000/00000/23000 1 a1,e5 c5,d5"
            .parse()
            .unwrap();
        let win = Turn {
            mv: steps::move_step(0, 1),
            build: 0,
        };
        assert_eq!(winner(&play(&position, win)), Some(0));
    }

    #[test]
    fn no_climb_of_two_levels_and_domes_on_level_three() {
        let list = turns("00000/00000/00000/00000/02000 1 a1,e5 c5,d5");
        assert!(!list.iter().any(|t| t.starts_with("a1-b1")));
        let position: Position = "00000/00000/00000/00000/30000 1 b2,e5 c5,d5"
            .parse()
            .unwrap();
        let next = play(
            &position,
            Turn {
                mv: steps::move_step(6, 7),
                build: steps::build_step(7, 0),
            },
        );
        assert_eq!(
            next.to_string(),
            "00000/00000/00000/00000/D0000 2 c2,e5 c5,d5"
        );
    }

    #[test]
    fn a_player_with_no_turn_loses() {
        // Player 1's workers on a1 and a5 are boxed in by domes and player 2's workers.
        let stuck: Position = "0D000/DD000/00000/DD000/0D000 1 a1,a5 e4,d5"
            .parse()
            .unwrap();
        assert!(!has_turn(&stuck));
        assert_eq!(count_turns(&stuck), 0);
        assert_eq!(winner(&stuck), Some(1));
        let free: Position = "0D000/DD000/00000/D0000/0D000 1 a1,a5 e4,d5"
            .parse()
            .unwrap();
        assert!(has_turn(&free));
        assert_eq!(winner(&free), None);
    }
}
