//! Persephone (card 26), Goddess of Spring Growth — *Opponent's Turn*: if possible, at
//! least one worker must move up this turn (RULINGS #43: if the opponent has any legal
//! turn containing a move up, every turn without one is illegal; for the multi-movers the
//! sequence must contain an up-move somewhere; #27: Prometheus may not build first when
//! he could otherwise move up). "Possible" is under every other rule in play, and a forced
//! worker has not moved.
//!
//! How, as the reference does it: while the turn has no move up yet, a step is allowed
//! only if, when some way of finishing the turn contains a move up, the step still leads
//! to one. Both are searches of the rest of the turn, with her own filter off (in a
//! two-player game she is the only opponent, so the mover's own steps are the ones every
//! other rule allows); a way that runs into a dead end finishes nothing. The rule is
//! memoryless, so asking it at every step gives the answer asked at the turn's start. The
//! answers are a function of the state, memoized (per thread) as the reference's are: a
//! search that finds a way up marks the states on it, one that finds none every state it
//! passed through, so each state of a turn is searched about once.
//! Token: `persephone=up` from the opponent's first move up to the end of that turn.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::{God, Power, Token, TurnShape};
use crate::rules::{take_step, EndKey, MixHasher};
use crate::state::{State, StepList, TurnSteps};
use crate::steps::{self, Step, END, KIND_MOVE};

/// The token's key in a position, and its value once the opponent has moved up.
pub const TOKEN: &str = "persephone";
pub const UP: &str = "up";

pub struct Persephone;

fn rises(state: &State, step: Step) -> bool {
    steps::kind(step) == KIND_MOVE
        && state.height(steps::dst(step)) > state.height(steps::src(step))
}

/// What the rest of a turn depends on: the merged position where the mover's `turn_key`
/// allows it, else the position and the steps so far; and the powers in play.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    at: EndKey,
    turn: TurnSteps,
    powers: [God; 2],
}

impl Key {
    fn of(state: &State) -> Self {
        let (at, turn) = match EndKey::mid_turn(state) {
            Some(at) => (at, TurnSteps::default()),
            None => (EndKey::of(state), state.turn),
        };
        Key {
            at,
            turn,
            powers: state.powers,
        }
    }
}

impl Hash for Key {
    /// One 64-bit mix (for `MixHasher`): the position's, then the steps and the powers.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = self.at.mixed();
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        };
        for &step in self.turn.as_slice() {
            mix(u64::from(step));
        }
        mix(self.powers[0] as u64 | (self.powers[1] as u64) << 8);
        state.write_u64(h);
    }
}

/// Answers kept at most: the memo is emptied when full.
const MEMO_LIMIT: usize = 100_000;

type Memo = HashMap<Key, bool, BuildHasherDefault<MixHasher>>;

thread_local! {
    /// "Some way of finishing the turn from here moves up", by state.
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

fn known(key: &Key) -> Option<bool> {
    MEMO.with(|memo| memo.borrow().get(key).copied())
}

/// The steps the mover's power offers (her filter off).
fn offered(state: &State) -> StepList {
    let player = state.to_move as usize;
    let mut out = StepList::default();
    state.powers[player].turn_steps(state, player, &mut out);
    out
}

/// `step` taken on a copy of `state`, as `apply_step` takes it with her filter off:
/// whether the turn is over then, and the state.
fn take(state: &State, step: Step) -> (bool, State) {
    let mut next = *state;
    take_step(&mut next, step);
    let over = next.decided.is_some() || offered(&next).as_slice() == [END];
    (over, next)
}

/// Whether some way of finishing the turn in progress contains a move up (her token says
/// whether one was made already).
fn can_move_up(state: &State, owner: usize) -> bool {
    let key = Key::of(state);
    if let Some(answer) = known(&key) {
        return answer;
    }
    let (answer, marked) = search(state, owner, key);
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() + marked.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.extend(marked.into_iter().map(|k| (k, answer)));
    });
    answer
}

/// Breadth first through the rest of the turn from `state` (so that the travellers' walks
/// stay short), each state once, using what earlier searches found. Returns the answer and
/// the states it holds for: found, those on the way to the move up; not found, every
/// state passed through (nothing reachable from them moves up either).
fn search(state: &State, owner: usize, key: Key) -> (bool, Vec<Key>) {
    // Each state reached, its key and the index of the state it was reached from.
    let mut nodes: Vec<(State, Key, usize)> = vec![(*state, key, 0)];
    let mut seen: HashSet<Key, BuildHasherDefault<MixHasher>> = HashSet::default();
    seen.insert(key);
    let mut at = 0;
    while at < nodes.len() {
        let here = nodes[at].0;
        let mover = here.powers[here.to_move as usize];
        let moved_up = here.tokens[owner] != 0;
        if !moved_up && mover.moves_over(&here) {
            at += 1;
            continue; // (no move is left to go up with)
        }
        let mut up = false;
        for &step in offered(&here).as_slice() {
            if step == END {
                up = moved_up;
            } else if !moved_up && !rises(&here, step) && mover.ends_the_moves(step) {
                // A build that ends the moves, judged without being taken: no move up.
            } else {
                let (over, next) = take(&here, step);
                if over {
                    up = next.tokens[owner] != 0;
                } else {
                    let key = Key::of(&next);
                    match known(&key) {
                        Some(answer) => up = answer,
                        None => {
                            if seen.insert(key) {
                                nodes.push((next, key, at));
                            }
                        }
                    }
                }
            }
            if up {
                break;
            }
        }
        if up {
            let mut way = Vec::new();
            let mut i = at;
            loop {
                way.push(nodes[i].1);
                if i == 0 {
                    return (true, way);
                }
                i = nodes[i].2;
            }
        }
        at += 1;
    }
    (false, seen.into_iter().collect())
}

/// Whether taking `step` now still lets the turn finish with a move up in it.
fn leads_up(state: &State, owner: usize, step: Step) -> bool {
    if step == END {
        return state.tokens[owner] != 0;
    }
    let mover = state.powers[state.to_move as usize];
    if state.tokens[owner] == 0 && !rises(state, step) && mover.ends_the_moves(step) {
        return false;
    }
    let (over, next) = take(state, step);
    if over {
        return next.tokens[owner] != 0;
    }
    can_move_up(&next, owner)
}

impl Persephone {
    fn moved_up(state: &State, owner: usize) -> bool {
        state.tokens[owner] != 0
    }
}

impl Power for Persephone {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        Some(Token {
            key: TOKEN,
            values: &[UP],
        })
    }

    fn watches_steps(&self) -> bool {
        true
    }

    /// The heights of a move's squares are unchanged by the move itself, so this is the
    /// rise it made.
    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        if player != owner && !Self::moved_up(state, owner) && rises(state, step) {
            state.tokens[owner] = 1;
        }
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        state.tokens[owner] = 0;
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    fn judges_whole_turns(&self) -> bool {
        true
    }

    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        Self::moved_up(state, owner) || !can_move_up(state, owner) || leads_up(state, owner, step)
    }
}
