//! The generic engine: turns made of steps, each power's hooks asked at named points, as
//! the Python reference's `rules.py` does for the games the core plays (two players, no
//! power or one of the powers in `powers/`). Full turns are found as the reference finds
//! them ([`legal_turns`]): breadth first over the steps, sequences that end in the same state
//! merged and written as the shortest of them, listed in depth-first order of the steps.
//! The fast path (`fastpath.rs`) plays plain games faster; the Python suite checks both
//! against the reference.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::powers::{SecondBuild, TurnKey, TurnShape};
use crate::squares::{Mask, PERIMETER};
use crate::state::{State, StepList, Termination, TurnSteps};
use crate::steps::{self, Step, END, INSERTED, KIND_MOVE};

/// The state the start of the turn of the player to move decides (Athena's token
/// cleared at her own turn): run as each turn starts and on a position read between turns.
pub fn begin_turn_state(state: &mut State) {
    let player = state.to_move as usize;
    for owner in 0..2 {
        let power = state.powers[owner];
        power.start_of_turn_state(state, owner, player);
    }
}

/// What the turn structure offers next, after opponents' restrictions: a power's step
/// inside the turn (an interjection, never restricted) if one is due, else the mover's.
pub fn candidate_steps(state: &State, out: &mut StepList) {
    if !unrestricted_steps(state, out) {
        let player = state.to_move as usize;
        let owner = 1 - player;
        let other = state.powers[owner];
        if other.restricts_opponents() {
            out.retain(|step| other.allows_opponent_step(state, owner, player, step));
        }
    }
}

/// The steps offered next before the opponent's restrictions, into `out`: the
/// interjection due (then returns true), or the mover's power's, as it sees the turn
/// (`mover_view`). A power's own searches of the opponent's turn take them with its rule
/// off (Persephone's, Adonis's).
pub(crate) fn unrestricted_steps(state: &State, out: &mut StepList) -> bool {
    let player = state.to_move as usize;
    if state.interjections() && !state.turn.is_empty() {
        if interjection(state, out).is_some() {
            return true;
        }
        if has_inserted(&state.turn) {
            state.powers[player].turn_steps(&mover_view(state), player, out);
            return false;
        }
    }
    state.powers[player].turn_steps(state, player, out);
    false
}

/// The power whose step inside the turn in progress is due now (`Power::interjects`), its
/// steps put into `out`; in the order of `interjection_order`, then of the seats.
fn interjection(state: &State, out: &mut StepList) -> Option<usize> {
    let player = state.to_move as usize;
    let order = if state.powers[1].interjection_order() < state.powers[0].interjection_order() {
        [1, 0]
    } else {
        [0, 1]
    };
    order.into_iter().find(|&owner| {
        let power = state.powers[owner];
        let start = out.len();
        if power.interjects() {
            power.interjection_steps(state, owner, player, out);
        }
        out.len() > start
    })
}

/// The mover's `turn_key` as it sees the turn in progress (`mover_view`), and the first
/// step another power is due to take now (0: none).
#[cold]
#[inline(never)]
fn interjected_turn_key(state: &State) -> (TurnKey, Step) {
    let mut due = StepList::default();
    interjection(state, &mut due);
    let mover = state.powers[state.to_move as usize];
    let key = if has_inserted(&state.turn) {
        mover.turn_key(&mover_view(state))
    } else {
        mover.turn_key(state)
    };
    (key, due.as_slice().first().copied().unwrap_or(0))
}

/// The turn in progress as the mover's power sees it (the reference's `mover_turn`): a
/// move another power inserted for the worker in use (the whirlpool jump) carries on the
/// move before it, the two one move to where the worker came to rest.
fn mover_view(state: &State) -> State {
    let mut view = *state;
    view.turn.clear();
    for &step in state.turn.as_slice() {
        if step & INSERTED == 0 {
            view.turn.push(step);
        } else if steps::kind(step) == KIND_MOVE {
            if let Some(last) = view.turn.last() {
                if steps::kind(last) == KIND_MOVE && steps::dst(last) == steps::src(step) {
                    view.turn.pop();
                    view.turn
                        .push(steps::move_step(steps::src(last), steps::dst(step)));
                }
            }
        }
    }
    view
}

/// Whether another power took a step of `turn` (recorded with [`INSERTED`]).
#[inline]
fn has_inserted(turn: &TurnSteps) -> bool {
    turn.as_slice().iter().any(|&s| s & INSERTED != 0)
}

/// The steps of `turn` as a list of turns writes them: without [`INSERTED`] (the
/// reference's lists name each step as it was offered).
#[inline]
fn as_listed(turn: &TurnSteps) -> TurnSteps {
    let mut out = *turn;
    if has_inserted(turn) {
        out.clear();
        for &s in turn.as_slice() {
            out.push(s & !INSERTED);
        }
    }
    out
}

/// Carry out a step without checking it, then end the turn if nothing else can follow.
pub fn apply_step(state: &mut State, step: Step) {
    *state = step_on(state, step & !INSERTED, &mut StepList::default());
}

/// `step` taken on a copy of `here` as [`apply_step`] takes it, with the steps offered
/// after it put into `after` (what the walks go on with while the turn goes on).
#[inline]
fn step_on(here: &State, step: Step, after: &mut StepList) -> State {
    after.clear();
    let mut next = *here;
    if step == END {
        finish_turn(&mut next);
    } else {
        take_step(&mut next, step);
        if next.decided.is_none() {
            candidate_steps(&next, after);
            if after.as_slice() == [END] {
                finish_turn(&mut next);
            }
        }
    }
    next
}

/// A step's effects and the win check (a win ends the game at once, ruling 7).
pub(crate) fn take_step(state: &mut State, step: Step) {
    if state.interjections() && !state.turn.is_empty() {
        if let Some(owner) = interjection(state, &mut StepList::default()) {
            return take_inserted(state, owner, step);
        }
    }
    let player = state.to_move as usize;
    state.turn.push(step);
    let power = state.powers[player];
    power.apply_step(state, player, step);
    for owner in 0..2 {
        let watcher = state.powers[owner];
        if watcher.watches_steps() {
            watcher.after_step(state, owner, player, step);
        }
    }
    if state.decided.is_some() {
        // A power's loss condition (Tartarus's Abyss), once every power has heard the step
        // (Persephone notes the move up into it): the game ends at once.
        end_turn(state);
        return;
    }
    check_win(state, player, step);
}

/// The mover's win with `step`, then the opponent's veto (ruling 8: Hera); then the win
/// the opponent's power claims on it (Chronus). A win ends the turn.
#[inline]
fn check_win(state: &mut State, player: usize, step: Step) {
    let owner = 1 - player;
    if let Some(termination) = state.powers[player].wins_with(state, player, step) {
        if !state.powers[owner].vetoes_win(state, owner, player, step) {
            state.decided = Some((player as u8, termination));
            end_turn(state);
            return;
        }
    }
    if state.powers[owner].claims_wins_on() {
        claimed_win(state, owner, step);
    }
}

/// A step `owner`'s power takes inside the mover's turn (the whirlpool jump): recorded
/// as inserted, heard by the watchers as the mover's if it is a move (it "counts as a
/// move", and is checked for the mover's win), else as the owner's.
#[cold]
#[inline(never)]
fn take_inserted(state: &mut State, owner: usize, step: Step) {
    let player = state.to_move as usize;
    state.turn.push(step | INSERTED);
    state.powers[owner].apply_step(state, owner, step);
    let moved = steps::kind(step) == KIND_MOVE;
    let actor = if moved { player } else { owner };
    for watching in 0..2 {
        let watcher = state.powers[watching];
        if watcher.watches_steps() {
            watcher.after_step(state, watching, actor, step);
        }
    }
    if state.decided.is_some() {
        end_turn(state);
    } else if moved {
        check_win(state, player, step);
    }
}

/// The win the opponent's power claims on the mover's step (ruling 33: Chronus), which
/// the mover may veto in turn. Out of line: `take_step` is the hottest function there
/// is, and inlined, this cost the other powers' lists a quarter of their speed.
#[cold]
#[inline(never)]
fn claimed_win(state: &mut State, owner: usize, step: Step) {
    let player = 1 - owner;
    if let Some(termination) = state.powers[owner].wins_on(state, owner, player, step) {
        if !state.powers[player].vetoes_win(state, player, owner, step) {
            state.decided = Some((owner as u8, termination));
            end_turn(state);
        }
    }
}

/// The turn ends (its end-of-turn changes made): the next player, whom a power may
/// choose (Dionysus's extra turns), moves next.
fn end_turn(state: &mut State) {
    let player = state.to_move as usize;
    state.to_move = (0..2)
        .find_map(|owner| state.powers[owner].next_player(state, owner, player))
        .unwrap_or(state.to_move ^ 1);
    state.turn.clear();
    state.ply += 1;
}

/// The state after the turn `steps` from `start` (between turns), each step checked as
/// the reference's `Board.play` checks it: offered when it is taken, and the turn over
/// after the last (a trailing `END` implied). Any such sequence is the turn, not only the
/// one `legal_turns` writes, so no turn list is made (Heracles's may be tens of
/// thousands long). `None`: not a legal turn here.
pub fn play_turn(start: &State, steps: &[Step]) -> Option<State> {
    if start.decided.is_some() || !start.turn.is_empty() || steps.len() > TurnSteps::CAPACITY {
        return None;
    }
    let mut state = *start;
    let mut offered = StepList::default();
    for &step in steps {
        let step = step & !INSERTED; // (recorded so when another power took it)
        if state.decided.is_some() || state.ply != start.ply {
            return None; // the turn was over before this step
        }
        offered.clear();
        candidate_steps(&state, &mut offered);
        if !offered.as_slice().contains(&step) {
            return None;
        }
        apply_step(&mut state, step);
    }
    if state.decided.is_none() && state.ply == start.ply {
        offered.clear();
        candidate_steps(&state, &mut offered);
        if !offered.as_slice().contains(&END) {
            return None; // unfinished: something must still follow
        }
        apply_step(&mut state, END);
    }
    Some(state)
}

/// The steps the player to move may take next, between turns or inside one: those after
/// which the turn can still be finished, in the order [`candidate_steps`] offers them (the
/// reference's `legal_steps`). A user interface offers these one at a time, and no turn
/// list is made (Heracles's first turn has 63,232). Each state of the turn is searched
/// about once: one found on a way to the end completes, and every state a failed search
/// entered cannot (it explored all that follows them), as in the reference.
pub fn legal_steps(state: &State, out: &mut StepList) {
    out.clear();
    if state.decided.is_some() {
        return;
    }
    let mut offered = StepList::default();
    candidate_steps(state, &mut offered);
    if state.powers.iter().all(|p| p.is_plain()) {
        // Base rules: after a move the vacated square can always be built on.
        *out = offered;
        return;
    }
    let mut known: HashMap<MidTurnKey, bool> = HashMap::new();
    let mut seen: HashSet<MidTurnKey> = HashSet::new();
    for &step in offered.as_slice() {
        seen.clear();
        if completes(state, step, &mut known, &mut seen) {
            out.push(step);
        } else {
            known.extend(seen.drain().map(|key| (key, false)));
        }
    }
}

/// A state inside a turn as [`legal_steps`] merges them: by the position (and the worker
/// going on moving) where the mover's `turn_key` allows, else the whole state, steps and all.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum MidTurnKey {
    Merged(EndKey),
    Whole(State),
}

/// Whether some way of finishing the turn follows `step` from `here`: breadth first, so
/// that a traveller's walks stay short (depth first, Hermes under Persephone's rule had
/// wandered hundreds of moves before building). `seen`: the states this search entered;
/// if it fails, nothing reachable from them finishes the turn either.
fn completes(
    here: &State,
    step: Step,
    known: &mut HashMap<MidTurnKey, bool>,
    seen: &mut HashSet<MidTurnKey>,
) -> bool {
    let mut after = StepList::default();
    let next = step_on(here, step, &mut after);
    if next.decided.is_some() || next.ply != here.ply {
        return true;
    }
    let root = mid_turn_key(&next);
    if let Some(&answer) = known.get(&root) {
        return answer;
    }
    seen.insert(root);
    let mut frontier = vec![(next, after)];
    let mut deeper = Vec::new();
    while !frontier.is_empty() {
        for (state, offered) in &frontier {
            // Ending the turn always completes it: the optional steps need no search.
            if offered.as_slice().contains(&END) {
                known.insert(root, true);
                return true;
            }
            for &step in offered.as_slice() {
                let mut after = StepList::default();
                let next = step_on(state, step, &mut after);
                if next.decided.is_some() || next.ply != state.ply {
                    known.insert(root, true);
                    return true;
                }
                let key = mid_turn_key(&next);
                match known.get(&key) {
                    Some(true) => {
                        known.insert(root, true);
                        return true;
                    }
                    Some(false) => {}
                    None => {
                        if seen.insert(key) {
                            deeper.push((next, after));
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut frontier, &mut deeper);
        deeper.clear();
    }
    false
}

fn mid_turn_key(state: &State) -> MidTurnKey {
    match EndKey::mid_turn(state) {
        Some(key) => MidTurnKey::Merged(key),
        None => MidTurnKey::Whole(*state),
    }
}

/// End the turn in progress (the powers' end-of-turn changes first); the next player's
/// turn starts.
pub fn finish_turn(state: &mut State) {
    let player = state.to_move as usize;
    for owner in 0..2 {
        let power = state.powers[owner];
        power.end_of_turn_state(state, owner, player);
    }
    end_turn(state);
    begin_turn_state(state);
    let player = state.to_move as usize;
    for owner in 0..2 {
        let power = state.powers[owner];
        power.start_of_turn(state, owner, player);
    }
}

/// A legal full turn and where it leads.
#[derive(Clone, Copy, Debug)]
pub struct FoundTurn {
    pub turn: TurnSteps,
    pub end: State,
}

/// What identifies the state a turn ends in (the reference's Zobrist hash and outcome):
/// workers by owner, not by slot. Hashed as its one 64-bit mix ([`EndKey::mixed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EndKey {
    levels: [Mask; 3],
    domes: Mask,
    workers: [Mask; 2],
    to_move: u8,
    tokens: [u8; 2],
    marks: [Mask; 2],
    decided: Option<(u8, Termination)>,
    /// Mid-turn, the square of the worker that goes on moving plus one (`TurnKey::Moving`).
    moving: u8,
    /// Mid-turn, another power's step due now (a whirlpool jump), else 0.
    pending: Step,
}

impl EndKey {
    pub(crate) fn of(state: &State) -> Self {
        EndKey {
            levels: state.levels,
            domes: state.domes,
            workers: [state.workers_of(0), state.workers_of(1)],
            to_move: state.to_move,
            tokens: if state.tokens == [0, 0] {
                [0, 0]
            } else {
                [0, 1].map(|p| state.powers[p].key_token(state, p))
            },
            marks: state.marks,
            decided: state.decided,
            moving: 0,
            pending: 0,
        }
    }

    /// The key a state inside a turn is merged by, when the mover's `turn_key` says the
    /// steps taken do not matter (`None`: they do).
    /// With a power that interjects, as the reference's `state_key`: the mover's key as it
    /// sees the turn (`mover_view`), and the step due now.
    pub(crate) fn mid_turn(state: &State) -> Option<Self> {
        let mover = state.powers[state.to_move as usize];
        let (key, pending) = if state.interjections() && !state.turn.is_empty() {
            interjected_turn_key(state)
        } else {
            (mover.turn_key(state), 0)
        };
        match key {
            TurnKey::Steps => None,
            TurnKey::Position => Some(EndKey {
                pending,
                ..EndKey::of(state)
            }),
            TurnKey::Moving(worker) => Some(EndKey {
                moving: worker + 1,
                pending,
                ..EndKey::of(state)
            }),
        }
    }
}

impl EndKey {
    /// A 64-bit mix of the key: the open-addressing set of the depth-first walk uses it,
    /// and so do the hash sets (through [`Hash`] and [`MixHasher`]).
    #[inline]
    pub(crate) fn mixed(&self) -> u64 {
        let mut h: u64 = 0x243F_6A88_85A3_08D3;
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        };
        mix(u64::from(self.levels[0]) | u64::from(self.levels[1]) << 32);
        mix(u64::from(self.levels[2]) | u64::from(self.domes) << 32);
        mix(u64::from(self.workers[0]) | u64::from(self.workers[1]) << 32);
        let decided = match self.decided {
            None => 0,
            Some((w, t)) => 1 + u64::from(w) * 2 + (t == Termination::Power) as u64,
        };
        mix(u64::from(self.to_move)
            | u64::from(self.tokens[0]) << 8
            | u64::from(self.tokens[1]) << 16
            | decided << 24
            | u64::from(self.moving) << 32);
        if self.marks != [0, 0] || self.pending != 0 {
            mix(u64::from(self.marks[0]) | u64::from(self.marks[1]) << 32);
            mix(u64::from(self.pending));
        }
        h
    }
}

impl Hash for EndKey {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mixed());
    }
}

/// The hasher of the sets of end states: the key's own mix passed through (SipHash over
/// the fields had been nearly half the time of a travelling power's turns).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    #[inline]
    fn write_u64(&mut self, mixed: u64) {
        self.0 = mixed;
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of end states.
pub(crate) type EndSet = HashSet<EndKey, BuildHasherDefault<MixHasher>>;

/// The end states of one walk: an open-addressing table of indices into the turns found.
struct Ends {
    slots: Vec<u32>,
    keys: Vec<EndKey>,
}

impl Ends {
    fn new() -> Self {
        Ends {
            slots: vec![0; 512],
            keys: Vec::with_capacity(256),
        }
    }

    /// The index of `key` among those inserted, and whether it was new.
    #[inline]
    fn insert(&mut self, key: EndKey) -> (usize, bool) {
        if (self.keys.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = key.mixed() as usize & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.keys.push(key);
                    self.slots[i] = self.keys.len() as u32;
                    return (self.keys.len() - 1, true);
                }
                k if self.keys[k as usize - 1] == key => return (k as usize - 1, false),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        for (n, key) in self.keys.iter().enumerate() {
            let mut i = key.mixed() as usize & (size - 1);
            while self.slots[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            self.slots[i] = n as u32 + 1;
        }
    }
}

/// The turns of a power of shape `MoveBuild` (see `TurnShape`), without walking steps:
/// for each move the hooks offer (after the opponent's restrictions), the move taken, and
/// unless it won, each build then offered. Each (move, build) is its own state, so there
/// is nothing to merge, and they come in `legal_turns`'s order. `visit` hears each turn
/// and the state it leads to, and returns true to stop (the function then returns true).
/// Without `ENDS` (turns listed, their states not wanted) a turn that did not win is heard
/// with the state before its last step instead, which saves making it.
fn move_build<const ENDS: bool>(
    state: &State,
    any_builder: bool,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    let player = state.to_move as usize;
    let power = state.powers[player];
    let owner = 1 - player;
    let other = state.powers[owner];
    let mut moves = StepList::default();
    power.turn_steps(state, player, &mut moves);
    let mut builds = StepList::default();
    for &mv in moves.as_slice() {
        if other.restricts_opponents() && !other.allows_opponent_step(state, owner, player, mv) {
            continue;
        }
        let mut moved = *state;
        take_step(&mut moved, mv);
        if moved.decided.is_some() {
            if visit(&[mv], &moved) {
                return true;
            }
            continue;
        }
        builds.clear();
        power.turn_steps(&moved, player, &mut builds);
        // With any builder (`MoveAnyBuild`), a square built on (dome or not) once.
        let mut built = [0 as crate::squares::Mask; 2];
        for &build in builds.as_slice() {
            if other.restricts_opponents()
                && !other.allows_opponent_step(&moved, owner, player, build)
            {
                continue;
            }
            if any_builder {
                let done = &mut built[usize::from(build & crate::steps::DOME_FLAG != 0)];
                if *done & 1 << crate::steps::dst(build) != 0 {
                    continue;
                }
                *done |= 1 << crate::steps::dst(build);
            }
            if hear::<ENDS>(&mut visit, &[mv, build], &moved, build) {
                return true;
            }
        }
    }
    false
}

/// The steps the mover is offered in `state` that the opponent allows, into `out`.
#[inline]
fn offered(state: &State, out: &mut StepList) {
    out.clear();
    candidate_steps(state, out);
}

/// Take `step` on a copy of `state`, ending the turn when nothing else is offered after
/// it (as `apply_step` does) or when `finish` says the turn ends there.
#[inline]
fn after(state: &State, step: Step, finish: bool) -> State {
    let mut next = *state;
    take_step(&mut next, step);
    if next.decided.is_none() && finish {
        finish_turn(&mut next);
    }
    next
}

/// `visit` hears `turn`, whose last step `step` is taken from `before`: with the state it
/// ends in, or (without `ENDS`: the turn is only listed) with `before`, sparing the copy.
#[inline]
fn hear<const ENDS: bool>(
    visit: &mut impl FnMut(&[Step], &State) -> bool,
    turn: &[Step],
    before: &State,
    step: Step,
) -> bool {
    if ENDS {
        visit(turn, &after(before, step, true))
    } else {
        visit(turn, before)
    }
}

/// The turns of shape `MoveMoveBuild` (Artemis), in `legal_turns`'s order and with its
/// choice of sequence for each state, without walking: for each first move in order, its
/// second moves (each with its builds), then its own builds. A state two moves reach is
/// written with one move when one move reaches it (that sequence is shorter), else with
/// the first two-move sequence to reach it; a win is a turn of its own. `visit` hears
/// each turn and its state (see `move_build` for `ENDS`), and returns true to stop.
fn move_move_build<const ENDS: bool>(
    state: &State,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    use crate::steps::{dst, kind, src, DOME_FLAG, KIND_BUILD, KIND_MOVE};
    let mut first = StepList::default();
    offered(state, &mut first);
    let mut second = StepList::default();
    let mut builds = StepList::default();
    // Per worker: the squares one move reaches without winning, the two-move ends
    // already written (by build), and the winning squares already written.
    let mut worker = None;
    let mut direct: u32 = 0;
    // The builds written after two moves, by the square moved to: a mask of the squares
    // built on, blocks and domes apart (the builder is the worker on that square).
    let mut written = [[0 as Mask; 2]; 25];
    let mut won: u32 = 0;
    // Each first move's state, made once (a worker's wins are needed before its moves).
    let ones: Vec<State> = first
        .as_slice()
        .iter()
        .map(|&m| after(state, m, false))
        .collect();
    for (i, &mv) in first.as_slice().iter().enumerate() {
        if worker != Some(src(mv)) {
            worker = Some(src(mv));
            direct = 0;
            won = 0;
            let mine = first
                .as_slice()
                .iter()
                .zip(&ones)
                .filter(|(&m, _)| src(m) == src(mv));
            for (&m, one) in mine {
                if one.decided.is_some() {
                    won |= 1 << dst(m);
                } else {
                    direct |= 1 << dst(m);
                }
            }
            written = [[0; 2]; 25];
        }
        let one = &ones[i];
        if one.decided.is_some() {
            if visit(&[mv], one) {
                return true;
            }
            continue;
        }
        offered(one, &mut second);
        for &mv2 in second.as_slice() {
            if kind(mv2) != KIND_MOVE {
                continue;
            }
            let end = dst(mv2);
            let two = after(one, mv2, false);
            if two.decided.is_some() {
                // Written once: with one move where one move to the square wins too (that
                // sequence is shorter), else with the first pair of moves to win there. (A
                // square one move reaches without winning can still be won on by two: down,
                // then up onto level 3.)
                if won & 1 << end == 0 {
                    won |= 1 << end;
                    if visit(&[mv, mv2], &two) {
                        return true;
                    }
                }
                continue;
            }
            if direct & 1 << end != 0 {
                // One move reaches it without winning: written with that move. (Where one
                // move there wins and two do not, as when Hera voids the first move's climb
                // onto the edge and the second steps level, the two moves end in a state of
                // their own, and are written.)
                continue;
            }
            offered(&two, &mut builds);
            for &b in builds.as_slice() {
                let seen = &mut written[end as usize][usize::from(b & DOME_FLAG != 0)];
                if *seen & 1 << dst(b) != 0 {
                    continue;
                }
                *seen |= 1 << dst(b);
                if hear::<ENDS>(&mut visit, &[mv, mv2, b], &two, b) {
                    return true;
                }
            }
        }
        for &b in second.as_slice() {
            if kind(b) == KIND_BUILD && hear::<ENDS>(&mut visit, &[mv, b], one, b) {
                return true;
            }
        }
    }
    false
}

/// The turns of shape `MoveBuildBuild` (Demeter, Hephaestus), in `legal_turns`'s order
/// and with its choice of sequence for each state, without walking: for each move and
/// each first build, the second builds offered after it, then the first build alone (the
/// turn ended). With `Elsewhere` the two builds in either order are one state, written in
/// the order whose first build comes first. `visit` hears each turn and its state (see
/// `move_build` for `ENDS`), and returns true to stop.
fn move_build_build<const ENDS: bool>(
    state: &State,
    second: SecondBuild,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    let mut moves = StepList::default();
    offered(state, &mut moves);
    let mut firsts = StepList::default();
    let mut seconds = StepList::default();
    for &mv in moves.as_slice() {
        let moved = after(state, mv, false);
        if moved.decided.is_some() {
            if visit(&[mv], &moved) {
                return true;
            }
            continue;
        }
        offered(&moved, &mut firsts);
        for &b1 in firsts.as_slice() {
            let mut built = moved;
            take_step(&mut built, b1);
            // Elsewhere: the second builds are the first ones on the other squares (a
            // build changes only its own square), each pair written once, first square
            // first; on the same square they are what the hooks offer.
            let then = match second {
                SecondBuild::Elsewhere => firsts.as_slice(),
                SecondBuild::SameBlock | SecondBuild::Inner => {
                    offered(&built, &mut seconds);
                    seconds.as_slice()
                }
            };
            let (d1, inner) = (
                crate::steps::dst(b1),
                PERIMETER & 1 << crate::steps::dst(b1) == 0,
            );
            for &b2 in then {
                let d2 = crate::steps::dst(b2);
                // Two squares in either order are one state, written first square first
                // (Demeter; Hestia when the first is inner too, or it could not be second).
                let swapped = match second {
                    SecondBuild::Elsewhere => d2 <= d1,
                    SecondBuild::Inner => d2 < d1 && inner,
                    SecondBuild::SameBlock => false,
                };
                if b2 == END || swapped {
                    continue;
                }
                if hear::<ENDS>(&mut visit, &[mv, b1, b2], &built, b2) {
                    return true;
                }
            }
            let mut end = built;
            if ENDS {
                finish_turn(&mut end);
            }
            if visit(&[mv, b1], &end) {
                return true;
            }
        }
    }
    false
}

/// The turns of shape `Travel` (Hermes), in `legal_turns`'s order and with its choice of
/// sequence for each state: breadth first over the stands the workers reach (each stand
/// kept with the first, so a shortest, way there; the starting stand counts as reached),
/// every stand's steps in the order offered, and the turns read off depth first, as the
/// reference sorts its index paths. Only the builds of both workers on one square from
/// one stand end in one state: the first is kept. `visit` hears each turn and its state
/// (see `move_build` for `ENDS`), and returns true to stop.
fn travel<const ENDS: bool>(state: &State, mut visit: impl FnMut(&[Step], &State) -> bool) -> bool {
    use crate::steps::{dst, kind, src, DOME_FLAG, KIND_BUILD, KIND_MOVE};
    /// A step of a stand: the last of a turn (a build, a winning move), or a move to the
    /// stand `node`.
    #[derive(Clone, Copy)]
    enum Entry {
        Last(Step),
        Node(u32, Step),
    }
    let player = state.to_move as usize;
    // The stands reached (the start first), and their entries: a stand's are contiguous
    // (`starts[n]..starts[n + 1]`), since each stand is done before the next.
    let mut nodes: Vec<State> = Vec::with_capacity(32);
    nodes.push(*state);
    let mut starts: Vec<u32> = Vec::with_capacity(33);
    let mut entries: Vec<Entry> = Vec::with_capacity(256);
    // The stands reached while travelling, by the pair of squares (`reached[a]`: the
    // squares `b > a` reached together with `a`; `OFF` for a worker removed from the game).
    let mut reached = [0 as Mask; 26];
    let stand = |a: u8, b: u8| (a.min(b) as usize, a.max(b));
    // (A traveller has two workers, fewer once some are removed: the slots after are empty.)
    let [a, b, ..] = state.workers[player];
    let (a, b) = stand(a, b);
    reached[a] |= 1 << b;
    let mut steps = StepList::default();
    let mut n = 0;
    while n < nodes.len() {
        let here = nodes[n];
        starts.push(entries.len() as u32);
        offered(&here, &mut steps);
        let mut built = [0 as Mask; 2];
        for &step in steps.as_slice() {
            match kind(step) {
                KIND_BUILD => {
                    let done = &mut built[usize::from(step & DOME_FLAG != 0)];
                    if *done & 1 << dst(step) == 0 {
                        *done |= 1 << dst(step);
                        entries.push(Entry::Last(step));
                    }
                }
                KIND_MOVE => {
                    // A level move is looked up by the stand it leads to before it is made.
                    if here.height(src(step)) == here.height(dst(step)) {
                        let [a, b, ..] = here.workers[player];
                        let (a, b) = stand(if a == src(step) { b } else { a }, dst(step));
                        if reached[a] & 1 << b != 0 {
                            continue;
                        }
                        reached[a] |= 1 << b;
                    }
                    let moved = after(&here, step, false);
                    if moved.decided.is_some() {
                        entries.push(Entry::Last(step));
                        continue;
                    }
                    entries.push(Entry::Node(nodes.len() as u32, step));
                    nodes.push(moved);
                }
                _ => debug_assert!(false, "a travelling turn ends with its build"),
            }
        }
        n += 1;
    }
    starts.push(entries.len() as u32);
    // Depth first: the turns in the order of their index paths.
    let mut path: Vec<Step> = Vec::with_capacity(24);
    let mut stack: Vec<(u32, u32)> = vec![(0, starts[0])];
    while let Some(&mut (node, ref mut at)) = stack.last_mut() {
        if *at == starts[node as usize + 1] {
            stack.pop();
            path.pop();
            continue;
        }
        let entry = entries[*at as usize];
        *at += 1;
        match entry {
            Entry::Last(step) => {
                path.push(step);
                let stop = hear::<ENDS>(&mut visit, &path, &nodes[node as usize], step);
                path.pop();
                if stop {
                    return true;
                }
            }
            Entry::Node(child, step) => {
                path.push(step);
                stack.push((child, starts[child as usize]));
            }
        }
    }
    false
}

/// The turns of shape `BuildMoveBuild` (Prometheus), in `legal_turns`'s order: the steps
/// offered at the start, in order, each followed by what is offered after it — a move by
/// its builds, a build by the moves then offered, each by its builds. Two build-move-build
/// turns end in one state exactly when the same worker moves to the same square and builds
/// the same two squares, swapped: the first in step order is kept (`later[w][x][d]`: the
/// squares built after worker `w` built on `x` and moved to `d`). `visit` hears each turn
/// and its state (see `move_build` for `ENDS`), and returns true to stop.
fn build_move_build<const ENDS: bool>(
    state: &State,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    use crate::steps::{dst, kind, src, KIND_MOVE};
    let workers = state.workers[state.to_move as usize];
    let mut first = StepList::default();
    offered(state, &mut first);
    let mut second = StepList::default();
    let mut third = StepList::default();
    let mut later = [[[0 as Mask; 25]; 25]; 2];
    for &s1 in first.as_slice() {
        let one = after(state, s1, false);
        if one.decided.is_some() {
            if visit(&[s1], &one) {
                return true;
            }
            continue;
        }
        offered(&one, &mut second);
        if kind(s1) == KIND_MOVE {
            for &build in second.as_slice() {
                if hear::<ENDS>(&mut visit, &[s1, build], &one, build) {
                    return true;
                }
            }
            continue;
        }
        let w = usize::from(src(s1) != workers[0]);
        let x = dst(s1) as usize;
        for &mv in second.as_slice() {
            let two = after(&one, mv, false);
            if two.decided.is_some() {
                if visit(&[s1, mv], &two) {
                    return true;
                }
                continue;
            }
            let d = dst(mv) as usize;
            offered(&two, &mut third);
            for &build in third.as_slice() {
                let y = dst(build) as usize;
                if later[w][y][d] & 1 << x != 0 {
                    continue; // built on y first, then on x: found already
                }
                later[w][x][d] |= 1 << y;
                if hear::<ENDS>(&mut visit, &[s1, mv, build], &two, build) {
                    return true;
                }
            }
        }
    }
    false
}

/// A base turn (a move, then a build) taken on a copy, as `each_move_build` hands it on.
struct BaseTurn<'a> {
    mv: Step,
    /// The state after the move, and the builds offered then.
    moved: &'a State,
    builds: &'a [Step],
    build: Step,
    /// The state after the build.
    built: &'a State,
}

/// Each move and then build the hooks offer, in order, each taken on a copy: `then` hears
/// the base turn and says whether to stop; a move or build that ends the game is heard by
/// `visit` alone (the shapes that go on after the base turn: `MoveBuildMark`,
/// `MoveBuildDomes`). Returns true if stopped.
fn each_move_build<V: FnMut(&[Step], &State) -> bool>(
    state: &State,
    visit: &mut V,
    mut then: impl FnMut(&mut V, BaseTurn<'_>) -> bool,
) -> bool {
    let mut moves = StepList::default();
    let mut builds = StepList::default();
    offered(state, &mut moves);
    for &mv in moves.as_slice() {
        let moved = after(state, mv, false);
        if moved.decided.is_some() {
            if visit(&[mv], &moved) {
                return true;
            }
            continue;
        }
        offered(&moved, &mut builds);
        for &build in builds.as_slice() {
            let built = after(&moved, build, false);
            let stop = if built.decided.is_some() {
                visit(&[mv, build], &built)
            } else {
                let base = BaseTurn {
                    mv,
                    moved: &moved,
                    builds: builds.as_slice(),
                    build,
                    built: &built,
                };
                then(visit, base)
            };
            if stop {
                return true;
            }
        }
    }
    false
}

/// The turns of shape `MoveBuildMark` (Aeolus, Europa), in the reference's order: for each
/// move and build in order, the two alone (`END`) and each mark offered after them, in the
/// order offered, but a turn of the token to where it points (that state is `END`'s).
/// `visit` hears each turn and its state (see `move_build` for `ENDS`), and returns true
/// to stop.
fn move_build_mark<const ENDS: bool>(
    state: &State,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    let token = state.tokens[state.to_move as usize];
    let mut ends = StepList::default();
    each_move_build(state, &mut visit, |visit, base| {
        let BaseTurn {
            mv, build, built, ..
        } = base;
        offered(built, &mut ends);
        for &end in ends.as_slice() {
            let heard = if end == END {
                let mut ended = *built;
                if ENDS {
                    finish_turn(&mut ended);
                }
                visit(&[mv, build], &ended)
            } else if crate::steps::mark_direction(end).map(|d| d + 1) == Some(token) {
                false // the token turned to where it points: as END
            } else {
                hear::<ENDS>(visit, &[mv, build, end], built, end)
            };
            if heard {
                return true;
            }
        }
        false
    })
}

/// The turns of shape `MoveBuildDomes` (Heracles, Polyphemus), in the reference's order,
/// without walking every order of the domes: for each move and build in order, each set
/// of at most `most` of the squares offered for a dome after the build (the first step
/// offered for each square), written in the order offered. The reference keeps, for each
/// state, the first sequence in step order, so a set's domes go in that order; and it
/// lists a set's larger sets (one more step, offered before `END`) before the set itself.
/// Two builds that are domes (on level 3) can each be followed by a dome on the other's
/// square and end alike: the first build's turn is kept.
fn move_build_domes<const ENDS: bool>(
    state: &State,
    most: u8,
    mut visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    let mut offers = StepList::default();
    let mut seen: HashSet<Mask> = HashSet::new();
    let mut seen_after = None;
    each_move_build(state, &mut visit, |visit, base| {
        let BaseTurn {
            mv,
            moved,
            builds,
            build,
            built,
        } = base;
        if seen_after != Some(mv) {
            seen.clear(); // (the ends alike share their move)
            seen_after = Some(mv);
        }
        offered(built, &mut offers);
        let mut domes = StepList::default();
        let mut squares: Mask = 0;
        for &d in offers.as_slice() {
            let q = crate::steps::dst(d);
            if d != END && squares & 1 << q == 0 {
                squares |= 1 << q;
                domes.push(d);
            }
        }
        // The domes' squares at the end say which turns end alike (the move and the
        // levels being the same): only needed after two builds that are domes.
        let on_top = |b: Step| moved.height(crate::steps::dst(b)) == 3;
        let dedupe = on_top(build) && builds.iter().filter(|&&b| on_top(b)).count() > 1;
        let mut sets = DomeSets {
            domes: domes.as_slice(),
            most: usize::from(most),
            turn: steps_of(&[mv, build]),
            dedupe: dedupe.then_some((&mut seen, built.domes)),
        };
        sets.each::<ENDS>(0, built, visit)
    })
}

/// The sets of domes after one base turn (see `move_build_domes`), heard in its order.
struct DomeSets<'a> {
    domes: &'a [Step],
    /// Domes a turn builds at most.
    most: usize,
    turn: TurnSteps,
    /// The end states' domes heard so far for this move, and the domes after the build.
    dedupe: Option<(&'a mut HashSet<Mask>, Mask)>,
}

impl DomeSets<'_> {
    /// Every set adding domes from `from` on to the turn so far (which left `here`), then
    /// the turn so far itself; returns true if `visit` stopped it.
    fn each<const ENDS: bool>(
        &mut self,
        from: usize,
        here: &State,
        visit: &mut impl FnMut(&[Step], &State) -> bool,
    ) -> bool {
        let more = if self.turn.len() - 2 < self.most {
            self.domes.len()
        } else {
            from // the most domes built: none more
        };
        for i in from..more {
            let dome = self.domes[i];
            let next = if ENDS {
                after(here, dome, false)
            } else {
                *here
            };
            self.turn.push(dome);
            let stop = self.each::<ENDS>(i + 1, &next, visit);
            self.turn.pop();
            if stop {
                return true;
            }
        }
        if let Some((seen, built)) = &mut self.dedupe {
            let mut domes = *built;
            for &d in &self.turn.as_slice()[2..] {
                domes |= 1 << crate::steps::dst(d);
            }
            if !seen.insert(domes) {
                return false; // an earlier build's turn ends alike
            }
        }
        let turn = self.turn.as_slice();
        if ENDS {
            let mut end = *here;
            finish_turn(&mut end);
            visit(turn, &end)
        } else {
            visit(turn, here)
        }
    }
}

/// Where a depth-first walk puts the turns it finds.
enum Sink<'a> {
    /// Every turn with its state, the shortest sequence kept for each state (ties: the
    /// first visited), with the place it was visited (the reference's order).
    Turns {
        found: &'a mut Vec<FoundTurn>,
        kept: Vec<(u32, usize)>,
    },
    /// The states alone (the search's children).
    States(&'a mut Vec<State>),
}

/// The depth-first walk over the steps of a turn (for powers that do not travel): every
/// sequence is visited in step order and each end state kept once.
struct Walk<'a> {
    start_ply: u32,
    mover: u8,
    sink: Sink<'a>,
    ends: Ends,
    visits: u32,
    win_first: bool,
    /// The steps offered after each step, one buffer per depth (no allocation per node).
    buffers: Vec<StepList>,
}

impl Walk<'_> {
    /// Returns true at the first win for the mover, when `win_first`.
    fn walk(&mut self, here: &State, depth: usize) -> bool {
        if self.buffers.len() <= depth + 1 {
            self.buffers.resize(depth + 2, StepList::default());
        }
        for k in 0..self.buffers[depth].len() {
            let step = self.buffers[depth].as_slice()[k];
            let next = step_on(here, step, &mut self.buffers[depth + 1]);
            if next.decided.is_some() || next.ply != self.start_ply {
                let visit = self.visits;
                self.visits += 1;
                let (i, new) = self.ends.insert(EndKey::of(&next));
                match &mut self.sink {
                    Sink::States(states) => {
                        if new {
                            states.push(next);
                        }
                    }
                    Sink::Turns { found, kept } => {
                        let counted = step != END || here.turn.is_empty();
                        let length = here.turn.len() + counted as usize;
                        if new || length < kept[i].1 {
                            let mut turn = as_listed(&here.turn);
                            if counted {
                                turn.push(step);
                            }
                            if new {
                                found.push(FoundTurn { turn, end: next });
                                kept.push((visit, length));
                            } else {
                                found[i].turn = turn;
                                kept[i] = (visit, length);
                            }
                        }
                    }
                }
                if self.win_first && matches!(next.decided, Some((w, _)) if w == self.mover) {
                    return true;
                }
                continue;
            }
            if self.walk(&next, depth + 1) {
                return true;
            }
        }
        false
    }
}

/// Walk the turns of a power that does not travel into `sink`. Returns whether it stopped
/// at a win (`win_first`).
fn walk_into<'a>(state: &State, sink: Sink<'a>, win_first: bool) -> (bool, Sink<'a>) {
    let mut first = StepList::default();
    candidate_steps(state, &mut first);
    let mut walk = Walk {
        start_ply: state.ply,
        mover: state.to_move,
        sink,
        ends: Ends::new(),
        visits: 0,
        win_first,
        buffers: vec![first, StepList::default(), StepList::default()],
    };
    let won = walk.walk(state, 0);
    (won, walk.sink)
}

/// The turns of a power that does not travel, found depth first, in the reference's order.
fn walk_turns(state: &State) -> Vec<FoundTurn> {
    let mut found = Vec::with_capacity(256);
    let sink = Sink::Turns {
        found: &mut found,
        kept: Vec::with_capacity(256),
    };
    let (_, sink) = walk_into(state, sink, false);
    let Sink::Turns { kept, .. } = sink else {
        unreachable!("the sink given")
    };
    let mut order: Vec<(u32, usize)> = kept.iter().enumerate().map(|(i, k)| (k.0, i)).collect();
    order.sort_unstable();
    order.into_iter().map(|(_, i)| found[i]).collect()
}

/// Every legal full turn of the player to move, in the reference's order: sequences that
/// end in the same state are one turn, written as the shortest of them (ties: the first in
/// step order), listed in depth-first order of the steps. Depth first for the powers that
/// do not travel; breadth first for those that do (Hermes), whose walks must stay short. A
/// trailing `END` is implied.
pub fn legal_turns(state: &State) -> Vec<FoundTurn> {
    if state.decided.is_some() {
        return Vec::new();
    }
    let power = state.powers[state.to_move as usize];
    let shape = shape_of(state);
    if state.turn.is_empty() && shape != TurnShape::Any {
        let mut found = Vec::with_capacity(64);
        shaped::<true>(state, shape, |turn, end| {
            found.push(FoundTurn {
                turn: steps_of(turn),
                end: *end,
            });
            false
        });
        return found;
    }
    if !power.travels() {
        return walk_turns(state);
    }
    legal_turns_breadth_first(state)
}

/// A list of turns as their steps, packed: every turn's steps one after the other, and
/// where each turn ends (a turn costs its steps and one index, not a fixed-size array).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnStepList {
    steps: Vec<Step>,
    ends: Vec<u32>,
}

impl TurnStepList {
    /// Add a turn at the end.
    #[inline]
    pub fn push(&mut self, turn: &[Step]) {
        self.steps.extend_from_slice(turn);
        self.ends.push(self.steps.len() as u32);
    }

    /// The number of turns.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no turn.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The turns' steps, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Step]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(a, b)| &self.steps[a as usize..b as usize])
    }
}

/// The steps of [`legal_turns`] alone, in its order: for the powers of a `TurnShape` the
/// last state of each turn is not made (listing is then about twice as fast).
pub fn legal_turn_steps(state: &State) -> TurnStepList {
    let mut found = TurnStepList {
        steps: Vec::with_capacity(256),
        ends: Vec::with_capacity(128),
    };
    each_turn_steps(state, |turn| found.push(turn));
    found
}

/// Each turn of [`legal_turn_steps`], in its order, handed to `visit` without making the
/// list (a turn is about a hundred bytes: copying them was a tenth of a list's time).
pub fn each_turn_steps(state: &State, mut visit: impl FnMut(&[Step])) {
    let shape = shape_of(state);
    if state.decided.is_some() || !state.turn.is_empty() || shape == TurnShape::Any {
        for turn in legal_turns(state) {
            visit(turn.turn.as_slice());
        }
        return;
    }
    shaped::<false>(state, shape, |turn, _| {
        visit(turn);
        false
    });
}

/// The shape the turn of the player to move is found by: its power's, unless the
/// opponent judges whole turns (Persephone), which only walking the steps follows, claims
/// wins on its builds (Chronus) before the turn's last step, or tells a traveller's
/// workers apart (Aphrodite).
#[inline]
fn shape_of(state: &State) -> TurnShape {
    let player = state.to_move as usize;
    let other = state.powers[1 - player];
    if other.judges_whole_turns(state, 1 - player) || state.interjection_possible() {
        return TurnShape::Any;
    }
    match state.powers[player].turn_shape_at(state, player) {
        // A build may end the turn with the opponent's win (Chronus): the shapes with one
        // build, last, still hold; the others are walked.
        shape @ (TurnShape::MoveBuild | TurnShape::MoveAnyBuild) => shape,
        _ if other.claims_wins_on_builds() => TurnShape::Any,
        // Travelling merges the ways to the same two squares, whichever worker stands on
        // which: not where the opponent tells them apart (Aphrodite).
        TurnShape::Travel if other.tells_workers_apart() => TurnShape::Any,
        shape => shape,
    }
}

/// The turns of a power of a `TurnShape` (not `Any`: those are walked), each heard by
/// `visit` (see `move_build` for `ENDS`); returns true if `visit` stopped it.
fn shaped<const ENDS: bool>(
    state: &State,
    shape: TurnShape,
    visit: impl FnMut(&[Step], &State) -> bool,
) -> bool {
    match shape {
        TurnShape::MoveBuild => move_build::<ENDS>(state, false, visit),
        TurnShape::MoveAnyBuild => move_build::<ENDS>(state, true, visit),
        TurnShape::MoveMoveBuild => move_move_build::<ENDS>(state, visit),
        TurnShape::MoveBuildBuild(second) => move_build_build::<ENDS>(state, second, visit),
        TurnShape::BuildMoveBuild => build_move_build::<ENDS>(state, visit),
        TurnShape::Travel => travel::<ENDS>(state, visit),
        TurnShape::MoveBuildMark => move_build_mark::<ENDS>(state, visit),
        TurnShape::MoveBuildDomes { most } => move_build_domes::<ENDS>(state, most, visit),
        TurnShape::Any => unreachable!("a power of no shape is walked"),
    }
}

fn steps_of(turn: &[Step]) -> TurnSteps {
    let mut steps = TurnSteps::default();
    for &s in turn {
        steps.push(s);
    }
    steps
}

/// [`legal_turns`] breadth first: the first path found to an end state is a shortest one
/// (ties: the first in step order); listed in depth-first order of the steps (as the
/// reference sorts its index paths). The walk keeps a tree, each node's entries in step
/// order, and reads the turns off it depth first: no path is copied and nothing sorted.
pub fn legal_turns_breadth_first(state: &State) -> Vec<FoundTurn> {
    /// What a step leads to: a turn found, or a node walked on from.
    #[derive(Clone, Copy)]
    enum Entry {
        Turn(u32),
        Node(u32),
    }
    if state.decided.is_some() {
        return Vec::new();
    }
    let mut found: Vec<FoundTurn> = Vec::new();
    // Each node's entries, in step order (the root is node 0).
    let mut entries: Vec<Vec<Entry>> = vec![Vec::new()];
    let mut ends = EndSet::with_capacity_and_hasher(256, Default::default());
    let mut seen = EndSet::with_capacity_and_hasher(256, Default::default());
    let start_ply = state.ply;
    // Each node with the steps offered there (found once, as the step to it was taken).
    let mut first = StepList::default();
    candidate_steps(state, &mut first);
    let mut frontier: Vec<(u32, State, StepList)> = vec![(0, *state, first)];
    let mut deeper = Vec::new();
    while !frontier.is_empty() {
        for (node, here, offered) in &frontier {
            for &step in offered.as_slice() {
                let mut after = StepList::default();
                let next = step_on(here, step, &mut after);
                if next.decided.is_some() || next.ply != start_ply {
                    if ends.insert(EndKey::of(&next)) {
                        let mut turn = as_listed(&here.turn);
                        if step != END || turn.is_empty() {
                            turn.push(step);
                        }
                        entries[*node as usize].push(Entry::Turn(found.len() as u32));
                        found.push(FoundTurn { turn, end: next });
                    }
                } else {
                    if EndKey::mid_turn(&next).is_some_and(|key| !seen.insert(key)) {
                        continue;
                    }
                    let child = entries.len() as u32;
                    entries.push(Vec::new());
                    entries[*node as usize].push(Entry::Node(child));
                    deeper.push((child, next, after));
                }
            }
        }
        std::mem::swap(&mut frontier, &mut deeper);
        deeper.clear();
    }
    // Depth first over the tree: the turns in the order of their index paths.
    let mut order = Vec::with_capacity(found.len());
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    while let Some((node, at)) = stack.pop() {
        let Some(&entry) = entries[node as usize].get(at) else {
            continue;
        };
        stack.push((node, at + 1));
        match entry {
            Entry::Turn(t) => order.push(t),
            Entry::Node(child) => stack.push((child, 0)),
        }
    }
    let mut slots: Vec<Option<FoundTurn>> = found.into_iter().map(Some).collect();
    order
        .into_iter()
        .filter_map(|t| slots[t as usize].take())
        .collect()
}

/// Every distinct state a legal full turn of the player to move leads to (the search's
/// children; `legal_turns` lists the same states, each with the reference's canonical
/// turn and in its order). Breadth first over the steps, as `legal_turns` goes, so that a
/// travelling power's walks stay short; stops at the first turn that wins for the mover
/// when `win_first` (that turn is the last one pushed). Returns whether such a win was
/// found.
pub fn successors(state: &State, out: &mut Vec<State>, win_first: bool) -> bool {
    out.clear();
    if state.decided.is_some() {
        return false;
    }
    let power = state.powers[state.to_move as usize];
    let mover = state.to_move;
    let mut push = |end: &State| {
        out.push(*end);
        win_first && matches!(end.decided, Some((w, _)) if w == mover)
    };
    let shape = shape_of(state);
    if state.turn.is_empty() && shape != TurnShape::Any {
        return shaped::<true>(state, shape, |_, end| push(end));
    }
    if !power.travels() {
        return walk_into(state, Sink::States(out), win_first).0;
    }
    let mover = state.to_move;
    let start_ply = state.ply;
    let mut ends = EndSet::with_capacity_and_hasher(256, Default::default());
    let mut seen = EndSet::with_capacity_and_hasher(256, Default::default());
    let mut frontier: Vec<(State, StepList)> = Vec::new();
    let mut offered = StepList::default();
    candidate_steps(state, &mut offered);
    frontier.push((*state, offered));
    let mut deeper = Vec::new();
    while !frontier.is_empty() {
        for (here, offered) in &frontier {
            for &step in offered.as_slice() {
                let mut after = StepList::default();
                let next = step_on(here, step, &mut after);
                if next.decided.is_some() || next.ply != start_ply {
                    if ends.insert(EndKey::of(&next)) {
                        out.push(next);
                        if win_first && matches!(next.decided, Some((w, _)) if w == mover) {
                            return true;
                        }
                    }
                    continue;
                }
                if EndKey::mid_turn(&next).is_some_and(|key| !seen.insert(key)) {
                    continue;
                }
                deeper.push((next, after));
            }
        }
        std::mem::swap(&mut frontier, &mut deeper);
        deeper.clear();
    }
    false
}

/// Whether the player to move can win in this turn (a win probe: breadth first over the
/// steps, stopping at the first winning one).
pub fn can_win_now(state: &State) -> bool {
    if state.decided.is_some() {
        return false;
    }
    let power = state.powers[state.to_move as usize];
    if state.turn.is_empty() && power.only_first_move_wins() && !state.interjection_possible() {
        // Only a move can win: the first moves, and Artemis's second.
        let mover = state.to_move;
        let mut moves = StepList::default();
        let mut second = StepList::default();
        offered(state, &mut moves);
        for &mv in moves.as_slice() {
            let one = after(state, mv, false);
            match one.decided {
                Some((w, _)) if w == mover => return true,
                Some(_) => continue,
                None => {}
            }
            if power.turn_shape() == TurnShape::MoveMoveBuild {
                offered(&one, &mut second);
                for &mv2 in second.as_slice() {
                    if crate::steps::kind(mv2) == crate::steps::KIND_MOVE
                        && matches!(after(&one, mv2, false).decided, Some((w, _)) if w == mover)
                    {
                        return true;
                    }
                }
            }
        }
        return false;
    }
    let mover = state.to_move;
    let start_ply = state.ply;
    let mut seen = EndSet::default();
    let mut frontier = vec![*state];
    let mut deeper = Vec::new();
    let mut offered = StepList::default();
    while !frontier.is_empty() {
        for here in &frontier {
            candidate_steps(here, &mut offered);
            for &step in offered.as_slice() {
                if step == END {
                    continue;
                }
                let mut next = *here;
                take_step(&mut next, step);
                match next.decided {
                    Some((w, _)) if w == mover => return true,
                    Some(_) => continue,
                    None => {}
                }
                if next.ply != start_ply {
                    continue;
                }
                if EndKey::mid_turn(&next).is_some_and(|key| !seen.insert(key)) {
                    continue;
                }
                deeper.push(next);
            }
            offered = StepList::default();
        }
        std::mem::swap(&mut frontier, &mut deeper);
        deeper.clear();
    }
    false
}

/// The winner once the game is over: a win, or the player to move has no legal turn.
pub fn winner(state: &State) -> Option<u8> {
    if let Some((w, _)) = state.decided {
        return Some(w);
    }
    (state.turn.is_empty() && legal_turns(state).is_empty()).then_some(state.to_move ^ 1)
}

/// Perft of a state between turns (the fast path's for a plain game).
pub fn perft(state: &State, depth: u32) -> u64 {
    if state.plain() && state.turn.is_empty() {
        return crate::perft::perft_bulk(&state.position(), depth);
    }
    if depth == 0 {
        return 1;
    }
    let turns = legal_turns(state);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns
        .iter()
        .filter(|t| t.end.decided.is_none())
        .map(|t| perft(&t.end, depth - 1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft_bulk;
    use crate::position::Position;
    use crate::powers::God;
    use crate::steps::{build_step, move_step, KIND_MOVE};

    fn state(text: &str) -> State {
        text.parse().unwrap()
    }

    #[test]
    fn the_generic_engine_agrees_with_the_fast_path_without_powers() {
        for text in [
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",
            "01000/12131/01121/21220/10020 1 e4,b2 a2,d2",
        ] {
            let generic = state(text);
            let position: Position = text.parse().unwrap();
            assert_eq!(legal_turns(&generic).len() as u64, perft_bulk(&position, 1));
            let two: u64 = legal_turns(&generic)
                .iter()
                .filter(|t| t.end.decided.is_none())
                .map(|t| legal_turns(&t.end).len() as u64)
                .sum();
            assert_eq!(two, perft_bulk(&position, 2));
        }
    }

    #[test]
    fn positions_with_powers_round_trip() {
        for text in [
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,Athena",
            "00000/00000/00000/00000/11000 2 b1,e5 c3,d1 powers=Athena,- athena=up",
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=-,Prometheus",
        ] {
            assert_eq!(state(text).to_string(), text);
        }
        assert_eq!(
            state("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=apollo,HERMES").powers[1]
                .name(),
            "Hermes"
        );
    }

    #[test]
    fn unsupported_fields_are_refused_with_one_line() {
        for (text, said) in [
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Circe,-",
                "Circe",
            ),
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Harpies,Hermes",
                "banned",
            ),
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo",
                "powers",
            ),
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,- athena=up",
                "athena",
            ),
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Athena,- athena=up",
                "athena=up",
            ),
            (
                "00000/00000/00000/00000/00000 2 b2,d4 b4,d2 powers=Athena,- athena=down",
                "athena",
            ),
            (
                "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 turn=b2-c3",
                "turn",
            ),
        ] {
            let message = text.parse::<State>().unwrap_err().0;
            assert!(message.contains(said), "{text}: {message}");
        }
    }

    /// Positions of seeded random games between `a` and `b` (turns from the reference's
    /// list, chosen by a small generator).
    fn random_positions(a: God, b: God, seed: u64) -> Vec<State> {
        let mut out = Vec::new();
        let mut x = seed;
        let mut next = move |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) as usize) % n
        };
        for start in [
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",
            "00000/00000/00000/00000/00000 1 c3,a1 e5,c2",
        ] {
            let mut s: State = start.parse().unwrap();
            s.powers = [a, b];
            // Heracles's domes, unused, make tens of thousands of turns on these open
            // boards: his power starts spent (`the_heroes_domes_every_set_once` has it unused).
            // The Wind and the Arrow are pointed at setup: north-east.
            for p in 0..2 {
                match s.powers[p] {
                    God::Heracles => s.tokens[p] = 1,
                    God::Aeolus | God::Siren => s.tokens[p] = 2,
                    _ => {}
                }
            }
            for _ in 0..24 {
                if s.decided.is_some() {
                    break;
                }
                out.push(s);
                let turns = legal_turns(&s);
                if turns.is_empty() {
                    break;
                }
                s = turns[next(turns.len())].end;
            }
        }
        out
    }

    /// Random positions (`random_positions`, one set per seed) of every pair of powers
    /// the core plays (no mirror match of a god, no banned matchup).
    fn every_pair(seeds: &[u64]) -> Vec<State> {
        let mut out = Vec::new();
        for a in God::ALL {
            for b in God::ALL {
                if (a == b && !a.is_plain()) || a.banned_with(b) {
                    continue;
                }
                for &seed in seeds {
                    out.extend(random_positions(a, b, seed));
                }
            }
        }
        out
    }

    #[test]
    fn successors_are_the_states_of_the_legal_turns_and_wins_are_probed() {
        for s in every_pair(&[7]) {
            let listed: HashSet<EndKey> =
                legal_turns(&s).iter().map(|t| EndKey::of(&t.end)).collect();
            let mut found = Vec::new();
            assert!(!successors(&s, &mut found, false));
            let keys: HashSet<EndKey> = found.iter().map(EndKey::of).collect();
            assert_eq!(keys.len(), found.len(), "{s}: a state twice");
            assert_eq!(keys, listed, "{s}: successors differ from the legal turns");
            let wins = found
                .iter()
                .any(|t| matches!(t.decided, Some((w, _)) if w == s.to_move));
            assert_eq!(can_win_now(&s), wins, "{s}: the win probe");
            assert_eq!(successors(&s, &mut found, true), wins, "{s}: win first");
        }
    }

    /// Each turn's steps and the key of its end state, for comparing two listings.
    fn keyed(turns: &[FoundTurn]) -> Vec<(Vec<Step>, EndKey)> {
        turns
            .iter()
            .map(|t| (t.turn.as_slice().to_vec(), EndKey::of(&t.end)))
            .collect()
    }

    #[test]
    fn the_steps_listed_alone_are_those_of_the_legal_turns() {
        for s in every_pair(&[5, 23]) {
            let turns: Vec<TurnSteps> = legal_turns(&s).iter().map(|t| t.turn).collect();
            let steps = legal_turn_steps(&s);
            assert_eq!(steps.len(), turns.len(), "{s}");
            assert_eq!(
                turns.iter().map(|t| t.as_slice()).collect::<Vec<_>>(),
                steps.iter().collect::<Vec<_>>(),
                "{s}"
            );
        }
    }

    #[test]
    fn each_legal_step_leads_on_to_the_end_of_a_turn_and_each_turn_starts_with_one() {
        for s in every_pair(&[29]) {
            let mut steps = StepList::default();
            legal_steps(&s, &mut steps);
            let turns = legal_turns(&s);
            for turn in &turns {
                assert!(steps.as_slice().contains(&turn.turn.as_slice()[0]), "{s}");
            }
            if turns.is_empty() {
                assert!(steps.is_empty(), "{s}: steps but no turn");
                continue;
            }
            // Two random walks on until the turn is over (after three steps, any step but a
            // move first; at most 16 steps, as `Board` hands the core: travellers wander).
            let mut x = u64::from(s.levels[0]) ^ 0x9E37_79B9;
            for _ in 0..2 {
                let mut here = s;
                let mut offered = steps;
                for _ in 0..16 {
                    if here.ply != s.ply || here.decided.is_some() {
                        break;
                    }
                    assert!(
                        !offered.is_empty(),
                        "a dead end in {s} after {:?}",
                        here.turn
                    );
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let rest = offered.as_slice();
                    let step = match rest.iter().find(|&&x| crate::steps::kind(x) != KIND_MOVE) {
                        Some(&other) if here.turn.len() >= 3 => other,
                        _ => rest[(x >> 33) as usize % rest.len()],
                    };
                    apply_step(&mut here, step);
                    legal_steps(&here, &mut offered);
                }
            }
        }
    }

    #[test]
    fn depth_first_lists_the_turns_breadth_first_finds_in_the_same_order() {
        for s in every_pair(&[11, 13, 17]) {
            let (deep, broad) = (legal_turns(&s), legal_turns_breadth_first(&s));
            assert_eq!(keyed(&deep), keyed(&broad), "{s}");
        }
    }

    #[test]
    fn the_heroes_domes_every_set_once() {
        // RULINGS #71: after the normal build, any set of free squares next to his workers
        // domed, in any order: each set is one turn (as the reference lists them). On
        // crowded boards the shape's list is the walk's; on the second, b1-b2 may dome a2
        // or c2 (level 3) as its build, then the other square: both end alike.
        // Polyphemus (RULINGS #68) likewise, with two domes at most, anywhere.
        for text in [
            "DDDDD/DDDDD/DDD00/0000D/0000D 1 a1,b1 e3,d3 powers=Heracles,-",
            "DDDDD/DDDDD/DDD00/3030D/0000D 1 a1,b1 e3,d3 powers=Heracles,-",
            "DDDDD/DDDDD/DDD00/3030D/0000D 1 a1,b1 e3,d3 powers=Polyphemus,Athena",
            "01000/12131/01121/21220/10020 1 e4,b2 a2,d2 powers=Polyphemus,Demeter",
        ] {
            let s = state(text);
            let turns = legal_turns(&s);
            assert_eq!(
                keyed(&turns),
                keyed(&legal_turns_breadth_first(&s)),
                "{text}"
            );
            let steps = legal_turn_steps(&s);
            assert!(turns.iter().map(|t| t.turn.as_slice()).eq(steps.iter()));
            let mut found = Vec::new();
            successors(&s, &mut found, false);
            let keys: HashSet<EndKey> = found.iter().map(EndKey::of).collect();
            let listed: HashSet<EndKey> = turns.iter().map(|t| EndKey::of(&t.end)).collect();
            assert_eq!((keys.len(), found.len()), (listed.len(), turns.len()));
            assert_eq!(keys, listed);
        }
        let s = state("DDDDD/DDDDD/DDD00/0000D/0000D 1 a1,b1 e3,d3 powers=Heracles,-");
        let turns = legal_turns(&s);
        // a1-a2^a1, then any set of a1, b2 (both next to both workers), c1 and c2.
        let domed = turns
            .iter()
            .filter(|t| t.turn.as_slice()[..2] == [move_step(0, 5), build_step(5, 0)])
            .count();
        assert_eq!(domed, 16);
    }

    #[test]
    fn hermes_by_shape_lists_the_walk_s_turns_with_one_build_from_a_stand_once() {
        // RULINGS #23: while every move stays level either worker may go on moving, then
        // either builds. On a flat board both workers reach most stands, and from each
        // stand both can often build on one square: one state, one turn.
        for text in [
            "00000/00000/00000/00000/00000 1 a1,b1 e5,d5 powers=Hermes,-",
            "00100/01110/0D2D0/01110/00100 2 c5,e1 c3,a1 powers=Athena,Hermes athena=up",
        ] {
            let s = state(text);
            let turns = legal_turns(&s);
            assert_eq!(
                keyed(&turns),
                keyed(&legal_turns_breadth_first(&s)),
                "{text}"
            );
            let ends: HashSet<EndKey> = turns.iter().map(|t| EndKey::of(&t.end)).collect();
            assert_eq!(ends.len(), turns.len(), "{text}");
        }
    }

    #[test]
    fn artemis_wins_by_moving_down_then_up_where_one_move_does_not_win() {
        // c5 (level 3) to c4 (level 3) is no climb; c5-b5 (level 2) then c4 is one, and wins
        // (RULINGS #19: both moves may go up). Found by tests/powers/test_artemis.py.
        let s = state("B2333/31301/21320/D03B3/CC11A 2 a3,a4 c5,c1 powers=-,Artemis");
        assert_eq!(
            keyed(&legal_turns(&s)),
            keyed(&legal_turns_breadth_first(&s))
        );
        let (c5, b5, c4) = (22, 21, 17);
        let win = [
            crate::steps::move_step(c5, b5),
            crate::steps::move_step(b5, c4),
        ];
        assert!(legal_turns(&s)
            .iter()
            .any(|t| t.turn.as_slice() == win && t.end.decided.is_some()));
        let mut found = Vec::new();
        assert!(successors(&s, &mut found, true), "the win is found first");
        assert!(can_win_now(&s));
    }

    #[test]
    fn prometheus_building_two_squares_in_either_order_around_one_move_is_one_turn() {
        // RULINGS #26: build, move the same worker not up, build. c3 builds b2, moves to c2
        // and builds b3; building b3 first and b2 last ends in the same state, so only the
        // first in step order is listed (the shape skips the second without a state set).
        let s = state("00000/00000/00000/00000/00000 1 c3,a5 e5,e1 powers=Prometheus,-");
        let turns = legal_turns(&s);
        let ends: HashSet<EndKey> = turns.iter().map(|t| EndKey::of(&t.end)).collect();
        assert_eq!(ends.len(), turns.len());
        assert_eq!(keyed(&turns), keyed(&legal_turns_breadth_first(&s)));
        let build = crate::steps::build_step;
        let (b2, b3, c2, c3) = (6, 11, 7, 12);
        let spelled = |a: u8, b: u8| {
            turns.iter().any(|t| {
                t.turn.as_slice() == [build(c3, a), crate::steps::move_step(c3, c2), build(c2, b)]
            })
        };
        assert!(spelled(b2, b3) != spelled(b3, b2));
    }

    #[test]
    fn hestia_building_two_inner_squares_in_either_order_is_one_turn() {
        // RULINGS #38: her second build is off the perimeter, the first's square allowed.
        // a1 moves to b2: c3 then b3 (both inner) is b3 then c3, written once, first square
        // first; a2 (perimeter) then b3 stands alone, since b3 then a2 is not hers to take;
        // c3 twice is its own turn.
        let s = state("00000/00000/00000/00000/00000 1 a1,e5 c5,e1 powers=Hestia,-");
        let turns = legal_turns(&s);
        let ends: HashSet<EndKey> = turns.iter().map(|t| EndKey::of(&t.end)).collect();
        assert_eq!(ends.len(), turns.len());
        assert_eq!(keyed(&turns), keyed(&legal_turns_breadth_first(&s)));
        let (a1, a2, b2, b3, c3) = (0, 5, 6, 11, 12);
        let build = |dst: u8| crate::steps::build_step(b2, dst);
        let spelled = |a: u8, b: u8| {
            turns
                .iter()
                .any(|t| t.turn.as_slice() == [crate::steps::move_step(a1, b2), build(a), build(b)])
        };
        assert!(spelled(b3, c3) && !spelled(c3, b3));
        assert!(spelled(a2, b3) && !spelled(b3, a2));
        assert!(spelled(c3, c3));
    }

    #[test]
    fn athena_stops_moving_up_until_her_next_turn() {
        // Athena (player 1) moved up last turn; player 2 may not step up onto b1.
        let s = state("00000/00000/00000/00000/01000 2 e5,d5 a1,c3 powers=Athena,- athena=up");
        assert!(legal_turns(&s)
            .iter()
            .all(|t| crate::steps::dst(t.turn.as_slice()[0]) != 1));
    }
}
