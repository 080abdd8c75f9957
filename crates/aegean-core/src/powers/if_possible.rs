//! The searches behind the "if possible" rules on an opponent's turn: the turn must meet
//! the rule when some way of finishing it does (Persephone: a move up, RULINGS #43;
//! Adonis: the chosen worker ending next to one of his, RULINGS #72), under every other
//! rule in play.
//!
//! How, as the reference does it: a step is allowed only if, when some way of finishing
//! the turn meets the rule, the step still leads to one. Both are searches of the rest of
//! the turn, with the rule's own filter off (in a two-player game its power is the only
//! opponent, so the mover's own steps are the ones every other rule allows); a way that
//! runs into a dead end finishes nothing. The rule is memoryless, so asking it at every
//! step gives the answer asked at the turn's start. The answers are a function of the
//! state, memoized (per thread and rule) as the reference's are: a search that finds a way
//! marks the states on it, one that finds none every state it passed through, so each
//! state of a turn is searched about once.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::thread::LocalKey;

use super::God;
use crate::rules::{take_step, EndKey, MixHasher};
use crate::state::{State, StepList, TurnSteps};
use crate::steps::{Step, END};

/// An "if possible" rule of the owner's on the opponent's turn.
pub(crate) struct Rule {
    /// Whether a turn that ends in this state (finished, or won) meets the rule. Where
    /// the mover's moves are over (`God::moves_over`), a state that does not meet it
    /// cannot be led to one that does.
    pub met: fn(&State, usize) -> bool,
    /// What the searches found, by state.
    pub memo: &'static LocalKey<RefCell<Memo>>,
}

/// What the rest of a turn depends on: the merged position where the mover's `turn_key`
/// allows it, else the position and the steps so far; and the powers in play.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
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

/// "Some way of finishing the turn from here meets the rule", by state.
pub(crate) type Memo = HashMap<Key, bool, BuildHasherDefault<MixHasher>>;

/// Whether the owner allows `step` of the opponent to move: no way of finishing the turn
/// meets the rule, or `step` still leads to one.
pub(crate) fn allows(rule: &Rule, state: &State, owner: usize, step: Step) -> bool {
    !can_finish(rule, state, owner) || leads_to(rule, state, owner, step)
}

fn known(rule: &Rule, key: &Key) -> Option<bool> {
    rule.memo.with(|memo| memo.borrow().get(key).copied())
}

/// The steps the mover's power offers (the rule's filter off).
fn offered(state: &State) -> StepList {
    let mut out = StepList::default();
    crate::rules::unrestricted_steps(state, &mut out);
    out
}

/// `step` taken on a copy of `state`, as `apply_step` takes it with the rule's filter
/// off: whether the turn is over then, and the state.
fn take(state: &State, step: Step) -> (bool, State) {
    let mut next = *state;
    take_step(&mut next, step);
    let over = next.decided.is_some() || offered(&next).as_slice() == [END];
    (over, next)
}

/// Whether some way of finishing the turn in progress meets the rule.
fn can_finish(rule: &Rule, state: &State, owner: usize) -> bool {
    let key = Key::of(state);
    if let Some(answer) = known(rule, &key) {
        return answer;
    }
    let (answer, marked) = search(rule, state, owner, key);
    rule.memo.with(|memo| {
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
/// the states it holds for: found, those on the way; not found, every state passed
/// through (nothing reachable from them meets the rule either).
fn search(rule: &Rule, state: &State, owner: usize, key: Key) -> (bool, Vec<Key>) {
    // Each state reached, its key and the index of the state it was reached from.
    let mut nodes: Vec<(State, Key, usize)> = vec![(*state, key, 0)];
    let mut seen: HashSet<Key, BuildHasherDefault<MixHasher>> = HashSet::default();
    seen.insert(key);
    let mut at = 0;
    while at < nodes.len() {
        let here = nodes[at].0;
        let mover = here.powers[here.to_move as usize];
        let met_here = (rule.met)(&here, owner);
        if !met_here && mover.moves_over(&here) {
            at += 1;
            continue; // (where the workers end is settled)
        }
        let mut found = false;
        for &step in offered(&here).as_slice() {
            if step == END {
                found = met_here;
            } else if !met_here && mover.ends_the_moves(step) {
                // A build that ends the moves, judged without being taken.
            } else {
                let (over, next) = take(&here, step);
                if over {
                    found = (rule.met)(&next, owner);
                } else {
                    let key = Key::of(&next);
                    match known(rule, &key) {
                        Some(answer) => found = answer,
                        None => {
                            if seen.insert(key) {
                                nodes.push((next, key, at));
                            }
                        }
                    }
                }
            }
            if found {
                break;
            }
        }
        if found {
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

/// Whether taking `step` now still lets the turn finish meeting the rule.
fn leads_to(rule: &Rule, state: &State, owner: usize, step: Step) -> bool {
    let met_here = (rule.met)(state, owner);
    if step == END {
        return met_here;
    }
    let mover = state.powers[state.to_move as usize];
    if !met_here && mover.ends_the_moves(step) {
        return false;
    }
    let (over, next) = take(state, step);
    if over {
        return (rule.met)(&next, owner);
    }
    can_finish(rule, &next, owner)
}
