//! Negamax over full turns for two players with powers (the reference's `GenericSearch`
//! for two players): a node's children are the distinct states its legal turns lead to,
//! found through the powers' hooks ([`rules::successors`]), so every rule a power changes
//! is searched as the reference plays it.
//!
//! - **Immediate wins**: the children are found depth first and the first turn that wins
//!   ends the node; a player with no legal turn has lost.
//! - **The horizon** (the last turn before the evaluation) is verified: children are taken
//!   best first by their evaluation and the first one after which the next player cannot
//!   win at once ([`rules::can_win_now`]) settles the node (nothing after it can be
//!   better); one after which they can scores as that loss. The opponent's immediate win
//!   must therefore always be answered.
//! - Ordering: the table's child first, then the killer turns (two turns a ply that
//!   refuted a sibling, each kept as the change it makes: the XOR of the child's key and
//!   its parent's), then by evaluation; principal-variation search, aspiration windows at
//!   the root.

use super::MAX_PLY;
use crate::eval::{evaluate_state_with, MATE_BOUND, WIN};
use crate::rules;
use crate::state::State;
use crate::zobrist::state_hash;

use super::{
    aspiration, flag_of, from_tt, to_tt, widen, Clock, Info, Partial, Scored, Steps, Table,
    Timeout, EXACT, INF, LOWER, UPPER,
};

/// Work units (one: a plain node) of each child a powered node finds, and of a win
/// probe: what they cost against a plain node, so a budget buys about the same time.
const CHILD_UNITS: u64 = 2;
const PROBE_UNITS: u64 = 20;

/// Children searched in full at a null-window node before later ones are reduced.
const LATE: usize = 3;
/// From this child on, at nodes this many turns or more from the horizon, a late child is
/// reduced by two turns instead of one (A/B over 200 god games at 0.25 s a turn: +24 Elo
/// [−24, +72]; Atlas a turn deeper in 1 s).
const DEEPER_AFTER: usize = 9;
const DEEPER_FROM: u32 = 5;

/// Frontier pruning (the `frontier_pruning` switch), at null-window nodes:
/// - two (three) turns from the horizon, a child whose evaluation plus the first (second)
///   margin cannot reach alpha is not searched (futility; the margin at three turns: A/B
///   over 200 god games at 0.25 s a turn, +14 Elo [−34, +62], a turn deeper for Athena,
///   Atlas and Prometheus);
const FUTILITY_MARGINS: [i32; 2] = [50, 120];
/// - two turns from the horizon, a late child is first scored by its evaluation less this bias, after a
///   probe of the opponent's immediate win, and searched only if that beats alpha: the
///   bias is what the opponent's best reply takes off the evaluation on average
///   (measured at 20–35 over the benchmark's god positions);
const PROBE_BIAS: i32 = 25;
/// - higher up, late children are reduced by 1 + ln(depth)·ln(place)/this, not by one
///   or two turns.
const REDUCTION_DIVISOR: f64 = 2.0;

/// What the search with powers keeps between searches (the killer turns) and its
/// switches.
pub struct Memory {
    /// Each ply's two latest killers, as the change they make to a node's key.
    killers: Vec<[u64; 2]>,
    /// Late-move reductions (on; off only to measure what they bring).
    pub reductions: bool,
    /// Killer ordering (on; off only to measure what it brings).
    pub killer_ordering: bool,
    /// The evaluation's power-aware threats (on; off only to measure what they bring).
    pub power_eval: bool,
    /// Futility, probes and logarithmic reductions near the horizon (on; off only to
    /// measure what they bring).
    pub frontier_pruning: bool,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            killers: vec![[0; 2]; MAX_PLY + 2],
            reductions: true,
            killer_ordering: true,
            power_eval: true,
            frontier_pruning: true,
        }
    }
}

struct Search<'a, 'c> {
    table: &'a mut Table,
    clock: &'a mut Clock<'c>,
    killers: &'a mut [[u64; 2]],
    /// Each ply's buffer of children, kept for the next node at that ply (no allocation
    /// and no regrowth per node).
    spare: Vec<Vec<State>>,
    /// The player to move at the root.
    mover: u8,
    reductions: bool,
    killer_ordering: bool,
    power_eval: bool,
    frontier_pruning: bool,
}

/// Ordering keys above any evaluation: the table's child, then the killers.
const TT_FIRST: i32 = i32::MAX;
const KILLER: [i32; 2] = [i32::MAX - 1, i32::MAX - 2];

/// The index of a ply in the per-ply tables (the killers, the children's buffers).
#[inline]
fn slot(ply: i32) -> usize {
    (ply as usize).min(MAX_PLY)
}

/// The key of a node: the board, the tokens (the powers are the game's).
#[inline]
fn key(s: &State) -> u64 {
    state_hash(s)
}

fn won(child: &State, mover: u8) -> bool {
    matches!(child.decided, Some((w, _)) if w == mover)
}

impl Search<'_, '_> {
    /// The children of `s`, and whether the first of them (the last pushed) wins.
    fn children(&mut self, s: &State, out: &mut Vec<State>) -> Result<bool, Timeout> {
        self.clock.tick()?;
        let won = rules::successors(s, out, true);
        self.clock.add(out.len() as u64 * CHILD_UNITS);
        Ok(won)
    }

    /// The evaluation for the side to move of `s`.
    #[inline]
    fn evaluate(&self, s: &State) -> i32 {
        evaluate_state_with(s, self.power_eval)
    }

    /// A win probe of the next player, counted as work.
    fn can_win(&mut self, s: &State) -> Result<bool, Timeout> {
        self.clock.tick()?;
        self.clock.add(PROBE_UNITS);
        Ok(rules::can_win_now(s))
    }

    /// `child`, reached by `mover`'s turn, searched for `mover`: negated where the other
    /// player moves next, as it does unless a power gives the mover another turn
    /// (Dionysus's extra turns).
    #[inline]
    fn searched(
        &mut self,
        child: &State,
        mover: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, Timeout> {
        if child.to_move == mover {
            self.value(child, depth, alpha, beta, ply)
        } else {
            Ok(-self.value(child, depth, -beta, -alpha, ply)?)
        }
    }

    /// The evaluation of `child`, reached by `mover`'s turn, for `mover`.
    #[inline]
    fn evaluated(&self, child: &State, mover: u8) -> i32 {
        let e = self.evaluate(child);
        if child.to_move == mover {
            e
        } else {
            -e
        }
    }

    /// For `mover`, whose turn led to `child`: the player to move there wins at once.
    fn next_wins(child: &State, mover: u8, ply: i32) -> i32 {
        if child.to_move == mover {
            WIN - ply
        } else {
            ply - WIN
        }
    }

    /// The score of a finished child for the player who made the turn.
    fn decided(child: &State, mover: u8, ply: i32) -> Option<i32> {
        child
            .decided
            .map(|(w, _)| if w == mover { WIN - ply } else { ply - WIN })
    }

    fn value(
        &mut self,
        s: &State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, Timeout> {
        let k = key(s);
        let mut tt_best = 0u64;
        if let Some(e) = self.table.probe(k) {
            tt_best = e.best;
            if e.depth as u32 >= depth {
                let score = from_tt(e.score, ply);
                match e.flag {
                    EXACT => return Ok(score),
                    LOWER if score >= beta => return Ok(score),
                    UPPER if score <= alpha => return Ok(score),
                    _ => {}
                }
            }
        }
        let mut kids = std::mem::take(&mut self.spare[slot(ply)]);
        let found = self.node(s, &mut kids, k, tt_best, depth, alpha, beta, ply);
        self.spare[slot(ply)] = kids;
        found
    }

    /// `value` once the table has not settled the node: its children in `kids`.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        s: &State,
        kids: &mut Vec<State>,
        k: u64,
        tt_best: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, Timeout> {
        if self.children(s, kids)? {
            return Ok(WIN - ply);
        }
        if kids.is_empty() {
            return Ok(ply - WIN); // no legal turn: the side to move loses
        }
        let mover = s.to_move;
        let alpha0 = alpha;
        let (best, best_key) = if depth <= 1 {
            self.horizon(kids, mover, alpha, beta, ply)?
        } else {
            // Children best first: the table's, the killers, then by evaluation.
            let killers = if self.killer_ordering {
                self.killers[slot(ply)]
            } else {
                [u64::MAX; 2]
            };
            let mut order: Vec<(i32, i32, usize)> = kids
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let e = match Self::decided(c, mover, ply) {
                        Some(v) => v,
                        None => self.evaluated(c, mover),
                    };
                    let ck = key(c);
                    let rank = if ck == tt_best {
                        TT_FIRST
                    } else if ck ^ k == killers[0] {
                        KILLER[0]
                    } else if ck ^ k == killers[1] {
                        KILLER[1]
                    } else {
                        e
                    };
                    (rank, e, i)
                })
                .collect();
            order.sort_by_key(|t| std::cmp::Reverse(t.0));
            let mut best = -INF;
            let mut best_key = 0;
            // At null-window nodes three or more turns from the horizon, children after the
            // first few are searched shallower first, and again in full if they beat
            // alpha; two and three turns from it, futility, and two turns from it, probes
            // instead of searches (frontier pruning, measured: docs/performance.md).
            let null_window = beta - alpha == 1;
            let reduce = self.reductions && depth >= 3 && null_window;
            // Frontier pruning compares evaluations with alpha: only while alpha is an
            // evaluation too, not a win or a loss (a second reader found it pruning every
            // child once alpha was a win; a null window's alpha does not change).
            let prunable = self.frontier_pruning && null_window && alpha.abs() < MATE_BOUND;
            let frontier = prunable && depth == 2;
            let margin = match depth {
                2 | 3 if prunable => Some(FUTILITY_MARGINS[depth as usize - 2]),
                _ => None,
            };
            for (n, &(_, e, i)) in order.iter().enumerate() {
                let child = &kids[i];
                let undecided = child.decided.is_none();
                if n > 0 && undecided && margin.is_some_and(|m| e + m <= alpha) {
                    if e > best {
                        best = e;
                        best_key = key(child);
                    }
                    continue;
                }
                let score = match Self::decided(child, mover, ply) {
                    Some(v) => v,
                    None if n == 0 => {
                        self.searched(child, mover, depth - 1, alpha, beta, ply + 1)?
                    }
                    None => {
                        let mut s1 = alpha + 1;
                        if reduce && n >= LATE {
                            let r = self.reduction(depth, n);
                            s1 =
                                self.searched(child, mover, depth - r, alpha, alpha + 1, ply + 1)?;
                        } else if frontier && n >= LATE {
                            s1 = if self.can_win(child)? {
                                Self::next_wins(child, mover, ply + 1)
                            } else {
                                e - PROBE_BIAS
                            };
                        }
                        if s1 > alpha {
                            s1 =
                                self.searched(child, mover, depth - 1, alpha, alpha + 1, ply + 1)?;
                        }
                        if s1 > alpha && s1 < beta {
                            self.searched(child, mover, depth - 1, alpha, beta, ply + 1)?
                        } else {
                            s1
                        }
                    }
                };
                if score > best {
                    best = score;
                    best_key = key(child);
                    if score > alpha {
                        alpha = score;
                        if score >= beta {
                            let change = best_key ^ k;
                            let ks = &mut self.killers[slot(ply)];
                            if child.decided.is_none() && ks[0] != change {
                                *ks = [change, ks[0]];
                            }
                            break;
                        }
                    }
                }
            }
            (best, best_key)
        };
        self.table.store(
            k,
            depth,
            flag_of(best, alpha0, beta),
            to_tt(best, ply),
            best_key,
        );
        Ok(best)
    }

    /// How many turns shallower than its parent the `n`th child of a node `depth` turns
    /// from the horizon is first searched (one: not reduced); at least the horizon.
    fn reduction(&self, depth: u32, n: usize) -> u32 {
        let r = if self.frontier_pruning {
            let late = (depth as f64).ln() * ((n + 1) as f64).ln() / REDUCTION_DIVISOR;
            2 + late as u32
        } else if depth >= DEEPER_FROM && n >= DEEPER_AFTER {
            3
        } else {
            2
        };
        r.min(depth - 1)
    }

    /// The last full turn before the evaluation, verified lazily.
    fn horizon(
        &mut self,
        kids: &[State],
        mover: u8,
        alpha: i32,
        _beta: i32,
        ply: i32,
    ) -> Result<(i32, u64), Timeout> {
        let mut order: Vec<(i32, bool, usize)> = kids
            .iter()
            .enumerate()
            .map(|(i, c)| match Self::decided(c, mover, ply) {
                Some(v) => (v, true, i),
                None => (self.evaluated(c, mover), false, i),
            })
            .collect();
        order.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut best = -INF;
        let mut best_key = key(&kids[order[0].2]);
        for &(score, exact, i) in &order {
            let child = &kids[i];
            let mut score = score;
            if !exact {
                if score <= alpha && best > -INF {
                    break; // this and every later child are no better than a bound held
                }
                if self.can_win(child)? {
                    score = Self::next_wins(child, mover, ply + 1);
                } else {
                    if score > best {
                        best = score;
                        best_key = key(child);
                    }
                    break; // safe: no later child evaluates better
                }
            }
            if score > best {
                best = score;
                best_key = key(child);
            }
        }
        Ok((best, best_key))
    }
}

/// The root's turns as the reference lists them, each with its state.
fn root_turns(root: &State) -> Vec<(Steps, State)> {
    rules::legal_turns(root)
        .into_iter()
        .map(|f| (f.turn.as_slice().to_vec(), f.end))
        .collect()
}

fn principal_variation(
    table: &Table,
    root: &State,
    first: &(Steps, State),
    depth: u32,
) -> Vec<Steps> {
    let mut line = vec![first.0.clone()];
    let mut here = first.1;
    while (line.len() as u32) < depth && here.decided.is_none() {
        let Some(e) = table.probe(key(&here)) else {
            break;
        };
        let next = root_turns(&here)
            .into_iter()
            .find(|(_, end)| key(end) == e.best);
        let Some((turn, end)) = next else { break };
        line.push(turn);
        here = end;
    }
    let _ = root;
    line
}

/// Iterative deepening over the root's turns (the reference's canonical turns);
/// `multi` > 1 keeps that many root scores exact.
pub(crate) fn search(
    table: &mut Table,
    memory: &mut Memory,
    root: &State,
    max_depth: u32,
    multi: usize,
    clock: &mut Clock<'_>,
    report: &mut dyn FnMut(&Info),
) -> Option<(Info, Vec<Scored>)> {
    table.new_search();
    let reductions = memory.reductions;
    let killer_ordering = memory.killer_ordering;
    let power_eval = memory.power_eval;
    let frontier_pruning = memory.frontier_pruning;
    let mut turns = root_turns(root);
    if turns.is_empty() {
        return None;
    }
    let mover = root.to_move;
    if let Some(win) = turns.iter().find(|(_, end)| won(end, mover)) {
        let info = Info {
            depth: 0,
            score: WIN,
            nodes: 0,
            elapsed: clock.elapsed(),
            pv: vec![win.0.clone()],
            cut_short: false,
        };
        let scored = vec![Scored {
            turn: win.0.clone(),
            score: WIN,
            pv: info.pv.clone(),
        }];
        return Some((info, scored));
    }
    // Root order: by evaluation.
    turns.sort_by_key(|(_, end)| evaluate_state_with(end, memory.power_eval));
    let mut search = Search {
        table,
        clock,
        killers: &mut memory.killers,
        spare: vec![Vec::new(); MAX_PLY + 1],
        mover,
        reductions,
        killer_ordering,
        power_eval,
        frontier_pruning,
    };
    let max_depth = if turns.len() > 1 { max_depth } else { 1 };
    let mut done = (0usize, 0i32);
    let mut done_depth = 0;
    let mut cut_short = false;
    let mut scores: Vec<(usize, i32)> = Vec::new();
    let mut guess = 0;
    let mut order: Vec<usize> = (0..turns.len()).collect();
    for depth in 1..=max_depth {
        search.clock.enforced = depth > 1;
        if depth > 1 && search.clock.spent() {
            break;
        }
        let result = if multi > 1 {
            search.root_multi(&turns, &order, depth, multi)
        } else {
            search.root_aspirated(&turns, &order, depth, guess)
        };
        match result {
            Ok(found) => {
                scores = found;
                done = scores[0];
                done_depth = depth;
                guess = done.1;
                order = scores.iter().map(|&(i, _)| i).collect();
                report(&Info {
                    depth,
                    score: done.1,
                    nodes: search.clock.nodes,
                    elapsed: search.clock.elapsed(),
                    pv: principal_variation(search.table, root, &turns[done.0], depth),
                    cut_short: false,
                });
                if done.1.abs() > MATE_BOUND || search.clock.half_gone() {
                    break;
                }
            }
            Err(partial) => {
                cut_short = true;
                if let Some(better) = partial {
                    done = better;
                }
                break;
            }
        }
    }
    if scores.is_empty() {
        scores = vec![(done.0, done.1)];
    }
    let info = Info {
        depth: done_depth,
        score: done.1,
        nodes: search.clock.nodes,
        elapsed: search.clock.elapsed(),
        pv: principal_variation(search.table, root, &turns[done.0], done_depth.max(1)),
        cut_short,
    };
    let scored = if multi > 1 {
        scores
            .iter()
            .take(multi)
            .map(|&(i, s)| Scored {
                turn: turns[i].0.clone(),
                score: s,
                pv: principal_variation(search.table, root, &turns[i], done_depth.max(1)),
            })
            .collect()
    } else {
        vec![Scored {
            turn: turns[done.0].0.clone(),
            score: done.1,
            pv: info.pv.clone(),
        }]
    };
    Some((info, scored))
}

impl Search<'_, '_> {
    fn child_score(
        &mut self,
        end: &State,
        mover: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Timeout> {
        if let Some(v) = Self::decided(end, mover, 0) {
            return Ok(v);
        }
        if depth == 1 {
            // The root's horizon: the evaluation, unless the next player wins at once.
            return Ok(if self.can_win(end)? {
                Self::next_wins(end, mover, 1)
            } else {
                self.evaluated(end, mover)
            });
        }
        self.searched(end, mover, depth - 1, alpha, beta, 1)
    }

    fn root_aspirated(
        &mut self,
        turns: &[(Steps, State)],
        order: &[usize],
        depth: u32,
        guess: i32,
    ) -> Result<Vec<(usize, i32)>, Partial<usize>> {
        let (mut alpha, mut beta) = if depth >= 3 && guess.abs() < MATE_BOUND {
            (guess - aspiration(), guess + aspiration())
        } else {
            (-INF, INF)
        };
        let mut step = aspiration();
        loop {
            let (best, score) = self.root(turns, order, depth, alpha, beta)?;
            if score <= alpha && alpha > -INF {
                step *= 4;
                (alpha, beta) = widen(alpha, beta, true, score, step);
                continue;
            }
            if score >= beta && beta < INF {
                step *= 4;
                (alpha, beta) = widen(alpha, beta, false, score, step);
                continue;
            }
            let mut out = vec![(best, score)];
            out.extend(
                order
                    .iter()
                    .copied()
                    .filter(|&i| i != best)
                    .map(|i| (i, -INF)),
            );
            return Ok(out);
        }
    }

    fn root(
        &mut self,
        turns: &[(Steps, State)],
        order: &[usize],
        depth: u32,
        alpha0: i32,
        beta: i32,
    ) -> Result<(usize, i32), Partial<usize>> {
        let mover = self.mover;
        let mut alpha = alpha0;
        let mut best = (order[0], -INF);
        for (n, &i) in order.iter().enumerate() {
            let end = &turns[i].1;
            let score = if n == 0 {
                self.child_score(end, mover, depth, alpha, beta)
            } else {
                self.child_score(end, mover, depth, alpha, alpha + 1)
                    .and_then(|s| {
                        if s > alpha && s < beta {
                            self.child_score(end, mover, depth, alpha, beta)
                        } else {
                            Ok(s)
                        }
                    })
            };
            let score = match score {
                Ok(s) => s,
                Err(Timeout) => return Err((best.0 != order[0]).then_some(best)),
            };
            if score > best.1 {
                best = (i, score);
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        Ok(best)
    }

    fn root_multi(
        &mut self,
        turns: &[(Steps, State)],
        order: &[usize],
        depth: u32,
        multi: usize,
    ) -> Result<Vec<(usize, i32)>, Partial<usize>> {
        let mover = self.mover;
        let mut scored: Vec<(usize, i32)> = Vec::with_capacity(order.len());
        for &i in order {
            let mut sorted: Vec<i32> = scored.iter().map(|x| x.1).collect();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let alpha = if sorted.len() >= multi {
                sorted[multi - 1]
            } else {
                -INF
            };
            let score = self
                .child_score(&turns[i].1, mover, depth, alpha, INF)
                .map_err(|_| None)?;
            scored.push((i, score));
        }
        scored.sort_by_key(|t| std::cmp::Reverse(t.1));
        Ok(scored)
    }
}
