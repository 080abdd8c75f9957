//! The search: iterative deepening over full turns, principal-variation alpha-beta with a
//! transposition table of fixed size, aspiration windows, killer and history ordering,
//! win-first generation and threat handling (the reference's `aegean/ai/alphabeta.py`,
//! the same ideas at native speed).
//!
//! Two searches share this driver, as in the reference: [`plain`] for two players without
//! powers (the fast path's copy-make positions, immediate wins and threats read off the
//! level masks, threat quiescence at the horizon) and [`powers`] for games with powers
//! (successor states found through the powers' hooks, the horizon verified against the
//! next player's immediate win). The evaluation is behind one function
//! ([`crate::eval`]), so a learned one can replace it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::eval::{Weights, MATE_BOUND, WIN};
use crate::state::State;
use crate::steps::Step;

pub mod plain;
pub mod powers;
mod table;

pub use table::Table;

pub const INF: i32 = WIN + 1;
/// Deepest iteration tried.
pub const MAX_DEPTH: u32 = 64;
/// Ply beyond which threat quiescence stops and the evaluation is trusted anyway.
pub const MAX_PLY: usize = 128;
/// Nodes between checks of the clock and the stop signal.
const CHECK_EVERY: u64 = 1024;
/// The first aspiration window around the previous iteration's score.
const ASPIRATION: i32 = 60;

/// What a search may spend: full turns deep, nodes, time, and a signal to stop now. The
/// first iteration (one full turn) is always finished.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// With a time budget, start no iteration after half the time (it would not finish);
    /// benchmarks of the depth reached turn this off.
    pub keep_going: bool,
    /// Count the time budget in the searching thread's processor time rather than on the
    /// wall clock, so that a match played on a busy machine is the same match (where the
    /// system has no such clock, the wall clock).
    pub cpu_time: bool,
}

/// Time as the budget counts it: the wall clock, or this thread's processor time.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Watch {
    Wall(Instant),
    Cpu(Duration),
}

impl Watch {
    pub fn start(cpu_time: bool) -> Watch {
        match thread_cpu_time() {
            Some(now) if cpu_time => Watch::Cpu(now),
            _ => Watch::Wall(Instant::now()),
        }
    }

    pub fn elapsed(&self) -> Duration {
        match *self {
            Watch::Wall(start) => start.elapsed(),
            Watch::Cpu(start) => thread_cpu_time().map_or(Duration::ZERO, |now| now - start),
        }
    }
}

/// The processor time this thread has used.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given and nothing else.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// A turn as its steps (the reference's `Turn`: packed step codes).
pub type Steps = Vec<Step>;

/// One finished iteration, or the search's result.
#[derive(Clone, Debug)]
pub struct Info {
    /// Full turns searched to completion (0: found without searching).
    pub depth: u32,
    /// For the side to move; wins and losses near ±[`WIN`] (`WIN - n`: a win `n` turns
    /// from now, the turn to play counted as 1).
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The line the search expects, the best turn first (never empty).
    pub pv: Vec<Steps>,
    /// Whether the budget stopped an iteration midway.
    pub cut_short: bool,
}

/// The scores of several root turns, best first (`analyse --top N`).
#[derive(Clone, Debug)]
pub struct Scored {
    pub turn: Steps,
    pub score: i32,
    pub pv: Vec<Steps>,
}

/// Raised inside a search when the budget is spent.
pub(crate) struct Timeout;

/// A root iteration cut short: the turn (and score) that beat the previous best before
/// the budget ran out, if one did.
pub(crate) type Partial<T> = Option<(T, i32)>;

/// The budget as the search spends it.
pub(crate) struct Clock<'a> {
    /// Wall time, for the reports.
    start: Instant,
    /// Time as the budget counts it.
    watch: Watch,
    keep_going: bool,
    budget: Option<Duration>,
    node_limit: Option<u64>,
    stop: Option<&'a AtomicBool>,
    pub nodes: u64,
    next_check: u64,
    /// Off while the first iteration runs.
    pub enforced: bool,
}

impl<'a> Clock<'a> {
    pub fn new(limits: &Limits, stop: Option<&'a AtomicBool>) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            watch: Watch::start(limits.cpu_time),
            keep_going: limits.keep_going,
            budget: limits.time,
            node_limit: limits.nodes,
            stop,
            nodes: 0,
            next_check: CHECK_EVERY,
            enforced: false,
        }
    }

    /// Count a node; `Err` once the budget is spent.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Timeout> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            if self.enforced && self.spent() {
                return Err(Timeout);
            }
        }
        Ok(())
    }

    /// Count `units` of work besides a node (a powered node's children, a win probe).
    #[inline]
    pub fn add(&mut self, units: u64) {
        self.nodes += units;
    }

    pub fn spent(&self) -> bool {
        self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.budget.is_some_and(|b| self.watch.elapsed() >= b)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a next iteration is pointless: with half the time gone it would not finish.
    pub fn half_gone(&self) -> bool {
        !self.keep_going && self.budget.is_some_and(|b| self.watch.elapsed() * 2 > b)
    }
}

/// Win/loss scores are stored relative to the node, so they stay valid elsewhere.
#[inline]
pub(crate) fn to_tt(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

#[inline]
pub(crate) fn from_tt(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

pub(crate) const EXACT: u8 = 0;
pub(crate) const LOWER: u8 = 1;
pub(crate) const UPPER: u8 = 2;

/// The bound a score is, given the window it was searched with.
#[inline]
pub(crate) fn flag_of(score: i32, alpha: i32, beta: i32) -> u8 {
    if score >= beta {
        LOWER
    } else if score > alpha {
        EXACT
    } else {
        UPPER
    }
}

/// A searcher: its transposition table and ordering memory live from search to search
/// (a game's turns), until [`Searcher::clear`].
pub struct Searcher {
    pub table: Table,
    plain: plain::Memory,
    powers: powers::Memory,
}

impl Searcher {
    /// A searcher whose transposition table takes about `table_bytes` (it never grows).
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: Table::new(table_bytes),
            plain: plain::Memory::default(),
            powers: powers::Memory::default(),
        }
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        let (reductions, weights) = (self.plain.reductions, self.plain.weights);
        self.table.clear();
        self.plain = plain::Memory::default();
        self.plain.reductions = reductions;
        self.plain.weights = weights;
        let powers = &self.powers;
        let (killers, power_eval, frontier_pruning) = (
            powers.killer_ordering,
            powers.power_eval,
            powers.frontier_pruning,
        );
        self.powers = powers::Memory::default();
        self.powers.reductions = reductions;
        self.powers.killer_ordering = killers;
        self.powers.power_eval = power_eval;
        self.powers.frontier_pruning = frontier_pruning;
    }

    /// The evaluation's weights without powers (the reference's by default; others to
    /// measure them against it).
    pub fn set_weights(&mut self, weights: Weights) {
        self.plain.weights = weights;
    }

    /// Late-move reductions on or off (on by default): a switch for measuring them.
    pub fn set_reductions(&mut self, on: bool) {
        self.plain.reductions = on;
        self.powers.reductions = on;
    }

    /// Killer ordering in the search with powers on or off (on by default): a switch for
    /// measuring it.
    pub fn set_killers(&mut self, on: bool) {
        self.powers.killer_ordering = on;
    }

    /// The power-aware threats of the evaluation with powers on or off (on by default): a
    /// switch for measuring them.
    pub fn set_power_eval(&mut self, on: bool) {
        self.powers.power_eval = on;
    }

    /// Frontier pruning in the search with powers on or off (on by default): a switch for
    /// measuring it.
    pub fn set_frontier_pruning(&mut self, on: bool) {
        self.powers.frontier_pruning = on;
    }

    /// The best turn for the side to move of `state` (between turns, game not decided)
    /// within `limits`; `report` hears every finished iteration. `None` when there is no
    /// legal turn.
    pub fn search(
        &mut self,
        state: &State,
        limits: &Limits,
        stop: Option<&AtomicBool>,
        report: &mut dyn FnMut(&Info),
    ) -> Option<Info> {
        self.run(state, limits, stop, 1, report)
            .map(|(info, _)| info)
    }

    /// The `top` best root turns with their scores and lines, searched within `limits`
    /// (every root turn is searched with a window that keeps the best `top` exact).
    pub fn analyse(
        &mut self,
        state: &State,
        limits: &Limits,
        top: usize,
        stop: Option<&AtomicBool>,
        report: &mut dyn FnMut(&Info),
    ) -> Option<(Info, Vec<Scored>)> {
        self.run(state, limits, stop, top.max(1), report)
    }

    fn run(
        &mut self,
        state: &State,
        limits: &Limits,
        stop: Option<&AtomicBool>,
        multi: usize,
        report: &mut dyn FnMut(&Info),
    ) -> Option<(Info, Vec<Scored>)> {
        let mut clock = Clock::new(limits, stop);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if state.plain() && state.turn.is_empty() {
            plain::search(
                &mut self.table,
                &mut self.plain,
                &state.position(),
                max_depth,
                multi,
                &mut clock,
                report,
            )
        } else {
            powers::search(
                &mut self.table,
                &mut self.powers,
                state,
                max_depth,
                multi,
                &mut clock,
                report,
            )
        }
    }
}

/// Aspiration: the next window after a fail (`low`: the score fell to alpha or below).
#[inline]
pub(crate) fn widen(alpha: i32, beta: i32, low: bool, guess: i32, step: i32) -> (i32, i32) {
    if low {
        ((guess - step).max(-INF), beta)
    } else {
        (alpha, (guess + step).min(INF))
    }
}

pub(crate) const fn aspiration() -> i32 {
    ASPIRATION
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn processor_time_counts_work_and_not_waiting() {
        let watch = Watch::start(true);
        assert!(matches!(watch, Watch::Cpu(_)));
        std::thread::sleep(Duration::from_millis(200));
        let waited = watch.elapsed();
        let mut x = 1u64;
        let busy = Instant::now();
        while busy.elapsed() < Duration::from_millis(200) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        assert!(
            waited < Duration::from_millis(100),
            "{waited:?} counted while asleep"
        );
        assert!(watch.elapsed() > waited, "no time counted while working");
    }
}
