//! Negamax over full turns for two players without powers, on the fast path's copy-make
//! positions (the reference's `PlainSearch`). What makes it strong for its speed, all
//! exact under the base rules:
//!
//! - **Immediate wins**: a side to move with a worker on level 2 next to a free level-3
//!   square wins; no turn list is made.
//! - **Threats**: if the opponent has such a worker, the only turns that do not lose at
//!   once dome the threatened square(s) or step onto one; only those are searched, and
//!   two threatened squares with no worker on level 3 is a loss.
//! - **Threat quiescence**: at the horizon a side facing a threat is not evaluated but
//!   searched on (its blocking turns only), so scores are never taken mid-tactic.
//! - Ordering: the table's turn, killer turns, then climbs, blocks and step-ups by a
//!   quick score plus the history table; principal-variation search with aspiration
//!   windows at the root.

use crate::eval::{evaluate_with, Weights, MATE_BOUND, WIN};
use crate::fastpath::{self, Turn, TurnList, MAX_TURNS};
use crate::position::Position;
use crate::squares::{Mask, NEIGHBORS};
use crate::steps;
use crate::zobrist::position_hash;

use super::{
    aspiration, flag_of, from_tt, to_tt, widen, Clock, Info, Partial, Scored, Table, Timeout,
    EXACT, INF, LOWER, MAX_PLY,
};

/// Nodes this deep or deeper get the full ordering; nearer the leaves a cutoff usually
/// comes at once and scoring every turn costs more than it saves.
const FULL_ORDERING_DEPTH: u32 = 3;
/// Turns from this place in the order on are late (reductions).
const LATE: usize = 4;

/// A turn packed into 15 bits: move source and destination, build square + 1 (0: none).
#[inline]
fn pack(t: Turn) -> u16 {
    let build = if t.build == 0 {
        0
    } else {
        steps::dst(t.build) as u16 + 1
    };
    steps::src(t.mv) as u16 | (steps::dst(t.mv) as u16) << 5 | build << 10
}

/// What the plain search remembers between searches: the history table (aged at each
/// search) and the killer turns.
pub struct Memory {
    history: Vec<u32>,
    killers: Vec<[u16; 2]>,
    /// Late-move reductions (on by default; a switch for measuring them).
    pub reductions: bool,
    /// The evaluation's weights (the reference's unless being measured).
    pub weights: Weights,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            history: vec![0; 1 << 15],
            killers: vec![[0; 2]; MAX_PLY + 2],
            reductions: true,
            weights: Weights::REFERENCE,
        }
    }
}

#[inline]
fn height(p: &Position, s: u8) -> u8 {
    p.height(s)
}

/// Free level-3 squares next to `workers` standing on level 2.
#[inline]
fn climbs(p: &Position, workers: [u8; 2], top: Mask) -> Mask {
    let mut out = 0;
    for w in workers {
        if height(p, w) == 2 {
            out |= NEIGHBORS[w as usize] & top;
        }
    }
    out
}

/// Whether the side `me` (who just played) threatens to climb onto level 3 in `p`.
#[inline]
fn threatens(p: &Position, me: usize) -> bool {
    let top = p.levels[2] & !(p.occupied() | p.domes);
    top != 0 && climbs(p, p.workers[me], top) != 0
}

/// Whether `t` covers every threatened square (moves onto it or builds on it).
#[inline]
fn blocks(t: &Turn, threats: Mask) -> bool {
    let covered = 1 << steps::dst(t.mv)
        | if t.build != 0 {
            1 << steps::dst(t.build)
        } else {
            0
        };
    threats & !covered == 0
}

struct Search<'a, 'c> {
    table: &'a mut Table,
    memory: &'a mut Memory,
    clock: &'a mut Clock<'c>,
    /// Each ply's turn list, kept for the next node at that ply.
    spare: Vec<Option<Box<Ordered>>>,
}

impl Default for Box<Ordered> {
    fn default() -> Self {
        Box::new(Ordered::new())
    }
}

/// The turns of a node, scored for ordering, and the order to take them in.
struct Ordered {
    turns: [(i32, Turn); MAX_TURNS],
    order: [u8; MAX_TURNS],
    len: usize,
}

impl Ordered {
    fn new() -> Self {
        Ordered {
            turns: [(0, Turn::default()); MAX_TURNS],
            order: [0; MAX_TURNS],
            len: 0,
        }
    }

    /// Best first: by sorting the indices (full ordering), or by counting when the keys
    /// are classes (0 to 6).
    fn sort(&mut self, full: bool) {
        let n = self.len;
        if full {
            for i in 0..n {
                self.order[i] = i as u8;
            }
            let turns = &self.turns;
            self.order[..n].sort_unstable_by_key(|&i| std::cmp::Reverse(turns[i as usize].0));
            return;
        }
        // The keys are classes, best first: the table's turn, the killers, then the
        // heights reached 3, 2, 1, 0.
        let mut start = [0u8; 8];
        for i in 0..n {
            start[self.turns[i].0 as usize + 1] += 1;
        }
        for c in 1..8 {
            start[c] += start[c - 1];
        }
        for i in 0..n {
            let c = self.turns[i].0 as usize;
            self.order[start[c] as usize] = i as u8;
            start[c] += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = (i32, Turn)> + '_ {
        self.order[..self.len]
            .iter()
            .map(|&i| self.turns[i as usize])
    }
}

impl Search<'_, '_> {
    /// The evaluation with the searcher's weights.
    #[inline]
    fn evaluate(
        &self,
        p: &Position,
        blocked: Mask,
        mine: [u8; 2],
        theirs: [u8; 2],
        ply: i32,
    ) -> i32 {
        evaluate_with(
            &self.memory.weights,
            &p.levels,
            p.domes,
            blocked,
            mine,
            theirs,
            ply,
        )
    }

    fn negamax(
        &mut self,
        p: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Timeout> {
        self.clock.tick()?;
        let key = if depth > 0 { position_hash(p) } else { 0 };
        self.table.prefetch(key);
        let ply_i = ply as i32;
        let me = p.to_move as usize;
        let (mine, theirs) = (p.workers[me], p.workers[1 - me]);
        let blocked = p.occupied() | p.domes;
        let top = p.levels[2] & !blocked;
        let mut threats = 0;
        if top != 0 {
            if climbs(p, mine, top) != 0 {
                return Ok(WIN - ply_i);
            }
            threats = climbs(p, theirs, top);
            if threats.count_ones() >= 2 && height(p, mine[0]) != 3 && height(p, mine[1]) != 3 {
                // Two squares to dome and one build: the opponent wins next turn (or
                // this side cannot even move and has lost already).
                return Ok(if fastpath::has_turn(p) {
                    ply_i + 1 - WIN
                } else {
                    ply_i - WIN
                });
            }
        }
        if depth == 0 {
            if threats == 0 || ply >= MAX_PLY {
                return Ok(self.evaluate(p, blocked, mine, theirs, ply_i));
            }
            return self.quiesce(p, threats, alpha, beta, ply);
        }
        let mut tt_turn = 0u16;
        if let Some(e) = self.table.probe(key) {
            tt_turn = e.best as u16;
            if e.depth as u32 >= depth {
                let score = from_tt(e.score, ply_i);
                match e.flag {
                    EXACT => return Ok(score),
                    LOWER if score >= beta => return Ok(score),
                    super::UPPER if score <= alpha => return Ok(score),
                    _ => {}
                }
            }
        }
        let mut list = TurnList::default();
        fastpath::legal_turns(p, &mut list);
        if list.is_empty() {
            return Ok(ply_i - WIN); // no legal turn: the side to move loses
        }
        // The ply's list, reused from node to node (no array to clear each time).
        let mut ordered = self.spare[ply].take().unwrap_or_default();
        ordered.len = 0;
        let full = threats == 0 && depth >= FULL_ORDERING_DEPTH;
        let mut danger = 0;
        if full {
            for w in theirs {
                if height(p, w) == 2 {
                    danger |= NEIGHBORS[w as usize];
                }
            }
        }
        let killers = self.memory.killers[ply];
        for &t in list.as_slice() {
            if threats != 0 && !blocks(&t, threats) {
                continue;
            }
            let hd = height(p, steps::dst(t.mv)) as i32;
            let packed = pack(t);
            let mut s = if full {
                let b = steps::dst(t.build);
                let hb = height(p, b) as i32;
                let mut s = self.memory.history[packed as usize] as i32 + (hd << 12);
                if danger >> b & 1 != 0 {
                    s += match hb {
                        2 => -(1 << 20),
                        3 => 1 << 11,
                        _ => 0,
                    };
                } else if hb == hd && hd < 3 {
                    s += 1 << 10;
                }
                s
            } else {
                6 - hd
            };
            let rank = if packed == tt_turn {
                0
            } else if packed == killers[0] {
                1
            } else if packed == killers[1] {
                2
            } else {
                3
            };
            if rank < 3 {
                s = if full { i32::MAX - rank } else { rank };
            }
            ordered.turns[ordered.len] = (s, t);
            ordered.len += 1;
        }
        if ordered.len == 0 {
            self.spare[ply] = Some(ordered);
            return Ok(ply_i + 1 - WIN);
        }
        ordered.sort(full);
        if depth == 1 && threats == 0 {
            let (score, best) = self.frontier(p, &ordered, alpha, beta, ply)?;
            self.spare[ply] = Some(ordered);
            let flag = flag_of(score, alpha, beta);
            self.table.store(
                key,
                1,
                flag,
                to_tt(score, ply_i),
                best.map_or(0, |t| pack(t) as u64),
            );
            return Ok(score);
        }
        let alpha0 = alpha;
        let mut best_score = -INF;
        let mut best_turn = None;
        let reduce = self.memory.reductions && full && depth >= 4 && beta - alpha == 1;
        let n = ordered.len;
        for i in 0..n {
            let (key_score, t) = ordered.turns[ordered.order[i] as usize];
            let next = fastpath::play(p, t);
            if i + 1 < n && depth >= 2 {
                // While this child is searched, the next one's table entry comes in.
                let (_, after) = ordered.turns[ordered.order[i + 1] as usize];
                self.table
                    .prefetch(position_hash(&fastpath::play(p, after)));
            }
            let score = if i == 0 || depth == 1 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)?
            } else {
                // Late turns that neither climb nor come first by table or killers are
                // searched one turn shallower first, and again fully if they beat alpha.
                let late = reduce && i >= LATE && key_score < (2 << 12) && !threatens(&next, me);
                let s = if late {
                    let r = -self.negamax(&next, depth - 2, -alpha - 1, -alpha, ply + 1)?;
                    if r > alpha {
                        -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1)?
                    } else {
                        r
                    }
                } else {
                    -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1)?
                };
                if alpha < s && s < beta {
                    -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)?
                } else {
                    s
                }
            };
            if score > best_score {
                best_score = score;
                best_turn = Some(t);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.reward(t, depth, ply);
                        break;
                    }
                }
            }
        }
        self.spare[ply] = Some(ordered);
        self.table.store(
            key,
            depth,
            flag_of(best_score, alpha0, beta),
            to_tt(best_score, ply_i),
            best_turn.map_or(0, |t| pack(t) as u64),
        );
        Ok(best_score)
    }

    /// The last full turn before the horizon, the children's evaluation inlined; a child
    /// with a climb to take or a threat to answer goes through [`Search::negamax`].
    fn frontier(
        &mut self,
        p: &Position,
        ordered: &Ordered,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<(i32, Option<Turn>), Timeout> {
        let me = p.to_move as usize;
        let child = ply as i32 + 1;
        let mut best_score = -INF;
        let mut best_turn = None;
        for (_, t) in ordered.iter() {
            let next = fastpath::play(p, t);
            let blocked = next.occupied() | next.domes;
            let top = next.levels[2] & !blocked;
            let tactical = top != 0
                && (climbs(&next, next.workers[0], top) | climbs(&next, next.workers[1], top)) != 0;
            let score = if tactical {
                -self.negamax(&next, 0, -beta, -alpha, ply + 1)?
            } else {
                self.clock.tick()?;
                -self.evaluate(
                    &next,
                    blocked,
                    next.workers[1 - me],
                    next.workers[me],
                    child,
                )
            };
            if score > best_score {
                best_score = score;
                best_turn = Some(t);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.reward(t, 1, ply);
                        break;
                    }
                }
            }
        }
        Ok((best_score, best_turn))
    }

    /// At the horizon with an opponent threat: the blocking turns only.
    fn quiesce(
        &mut self,
        p: &Position,
        threats: Mask,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, Timeout> {
        let mut list = TurnList::default();
        fastpath::legal_turns(p, &mut list);
        if list.is_empty() {
            return Ok(ply as i32 - WIN);
        }
        let mut best = -INF;
        let mut any = false;
        for &t in list.as_slice() {
            if !blocks(&t, threats) {
                continue;
            }
            any = true;
            let score = -self.negamax(&fastpath::play(p, t), 0, -beta, -alpha, ply + 1)?;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        Ok(if any { best } else { ply as i32 + 1 - WIN })
    }

    /// A turn that caused a cutoff: remember it for siblings and for later.
    fn reward(&mut self, t: Turn, depth: u32, ply: usize) {
        let packed = pack(t);
        let h = &mut self.memory.history[packed as usize];
        *h = h.saturating_add(depth * depth);
        let killers = &mut self.memory.killers[ply];
        if killers[0] != packed {
            killers[1] = killers[0];
            killers[0] = packed;
        }
    }

    /// The line the table holds after `first`, at most `depth` turns, each checked legal.
    fn principal_variation(&self, p: &Position, first: Turn, depth: u32) -> Vec<Vec<u32>> {
        let mut line = vec![first.steps().collect::<Vec<_>>()];
        let mut here = fastpath::play(p, first);
        let mut list = TurnList::default();
        while (line.len() as u32) < depth && here.winner.is_none() {
            let Some(e) = self.table.probe(position_hash(&here)) else {
                break;
            };
            fastpath::legal_turns(&here, &mut list);
            let Some(&t) = list.as_slice().iter().find(|&&t| pack(t) as u64 == e.best) else {
                break;
            };
            line.push(t.steps().collect());
            here = fastpath::play(&here, t);
        }
        line
    }
}

/// Iterative deepening over the root's turns; `multi` > 1 keeps that many root scores
/// exact (analysis).
pub(crate) fn search(
    table: &mut Table,
    memory: &mut Memory,
    root: &Position,
    max_depth: u32,
    multi: usize,
    clock: &mut Clock<'_>,
    report: &mut dyn FnMut(&Info),
) -> Option<(Info, Vec<Scored>)> {
    table.new_search();
    for h in memory.history.iter_mut() {
        *h >>= 2; // recent cutoffs count most
    }
    let mut list = TurnList::default();
    fastpath::legal_turns(root, &mut list);
    if list.is_empty() {
        return None;
    }
    let steps_of = |t: Turn| t.steps().collect::<Vec<_>>();
    if let Some(&win) = list.as_slice().iter().find(|t| t.build == 0) {
        let info = Info {
            depth: 0,
            score: WIN,
            nodes: 0,
            elapsed: clock.elapsed(),
            pv: vec![steps_of(win)],
            cut_short: false,
        };
        let scored = vec![Scored {
            turn: steps_of(win),
            score: WIN,
            pv: info.pv.clone(),
        }];
        return Some((info, scored));
    }
    let me = root.to_move as usize;
    let top = root.levels[2] & !(root.occupied() | root.domes);
    let threats = climbs(root, root.workers[1 - me], top);
    let mut turns: Vec<Turn> = list.as_slice().to_vec();
    if threats != 0 {
        let blocking: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| blocks(t, threats))
            .collect();
        if !blocking.is_empty() && multi == 1 {
            turns = blocking;
        }
    }
    let mut search = Search {
        table,
        memory,
        clock,
        spare: (0..MAX_PLY + 2).map(|_| None).collect(),
    };
    // Root order: a quick score (as at full-ordering nodes), then each iteration's best
    // first.
    turns.sort_by_key(|&t| -(height(root, steps::dst(t.mv)) as i32));
    let max_depth = if turns.len() > 1 {
        max_depth
    } else {
        max_depth.min(2)
    };
    let mut done: (Turn, i32) = (turns[0], 0);
    let mut done_depth = 0;
    let mut cut_short = false;
    let mut scores: Vec<(Turn, i32)> = Vec::new();
    let mut guess = 0;
    for depth in 1..=max_depth {
        search.clock.enforced = depth > 1;
        if depth > 1 && search.clock.spent() {
            break;
        }
        let result = if multi > 1 {
            search.root_multi(root, &turns, depth, multi)
        } else {
            search.root_aspirated(root, &turns, depth, guess)
        };
        match result {
            Ok(found) => {
                scores = found;
                done = scores[0];
                done_depth = depth;
                guess = done.1;
                turns.sort_by_key(|&t| {
                    scores
                        .iter()
                        .position(|&(s, _)| s == t)
                        .unwrap_or(usize::MAX)
                });
                let info = Info {
                    depth,
                    score: done.1,
                    nodes: search.clock.nodes,
                    elapsed: search.clock.elapsed(),
                    pv: search.principal_variation(root, done.0, depth),
                    cut_short: false,
                };
                report(&info);
                if done.1.abs() > MATE_BOUND || search.clock.half_gone() {
                    break;
                }
            }
            Err(partial) => {
                cut_short = true;
                // A turn that beat the previous best in this unfinished iteration is better.
                if let Some(better) = partial {
                    done = better;
                }
                break;
            }
        }
    }
    let info = Info {
        depth: done_depth,
        score: done.1,
        nodes: search.clock.nodes,
        elapsed: search.clock.elapsed(),
        pv: search.principal_variation(root, done.0, done_depth.max(1)),
        cut_short,
    };
    let scored = if multi > 1 {
        scores
            .iter()
            .take(multi)
            .map(|&(t, s)| Scored {
                turn: steps_of(t),
                score: s,
                pv: search.principal_variation(root, t, done_depth.max(1)),
            })
            .collect()
    } else {
        vec![Scored {
            turn: steps_of(done.0),
            score: done.1,
            pv: info.pv.clone(),
        }]
    };
    Some((info, scored))
}

impl Search<'_, '_> {
    /// One root iteration with an aspiration window around `guess`: the turns in search
    /// order with the best first. `Err` carries a better turn found before the budget ran
    /// out, if any.
    fn root_aspirated(
        &mut self,
        root: &Position,
        turns: &[Turn],
        depth: u32,
        guess: i32,
    ) -> Result<Vec<(Turn, i32)>, Partial<Turn>> {
        let (mut alpha, mut beta) = if depth >= 3 && guess.abs() < MATE_BOUND {
            (guess - aspiration(), guess + aspiration())
        } else {
            (-INF, INF)
        };
        let mut step = aspiration();
        loop {
            let (best, score) = self.root(root, turns, depth, alpha, beta)?;
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
            let mut order = vec![(best, score)];
            order.extend(
                turns
                    .iter()
                    .copied()
                    .filter(|&t| t != best)
                    .map(|t| (t, -INF)),
            );
            return Ok(order);
        }
    }

    /// The root with window (alpha, beta): the best turn and its score.
    fn root(
        &mut self,
        root: &Position,
        turns: &[Turn],
        depth: u32,
        alpha0: i32,
        beta: i32,
    ) -> Result<(Turn, i32), Partial<Turn>> {
        let mut alpha = alpha0;
        let mut best = (turns[0], -INF);
        for (i, &t) in turns.iter().enumerate() {
            let next = fastpath::play(root, t);
            let run = |s: &mut Self, a: i32, b: i32| s.negamax(&next, depth - 1, a, b, 1);
            let score = if i == 0 {
                run(self, -beta, -alpha).map(|s| -s)
            } else {
                run(self, -alpha - 1, -alpha).map(|s| -s).and_then(|s| {
                    if s > alpha && s < beta {
                        run(self, -beta, -alpha).map(|s| -s)
                    } else {
                        Ok(s)
                    }
                })
            };
            let score = match score {
                Ok(s) => s,
                Err(Timeout) => {
                    return Err((i > 0 && best.1 > alpha0).then_some(best));
                }
            };
            if score > best.1 {
                best = (t, score);
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

    /// Every root turn scored, the best `multi` exactly: sorted best first.
    fn root_multi(
        &mut self,
        root: &Position,
        turns: &[Turn],
        depth: u32,
        multi: usize,
    ) -> Result<Vec<(Turn, i32)>, Partial<Turn>> {
        let mut scored: Vec<(Turn, i32)> = Vec::with_capacity(turns.len());
        for &t in turns {
            let mut sorted: Vec<i32> = scored.iter().map(|x| x.1).collect();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let alpha = if sorted.len() >= multi {
                sorted[multi - 1]
            } else {
                -INF
            };
            let next = fastpath::play(root, t);
            let score = match self.negamax(&next, depth - 1, -INF, -alpha, 1) {
                Ok(s) => -s,
                Err(Timeout) => return Err(None),
            };
            scored.push((t, score));
        }
        scored.sort_by_key(|t| std::cmp::Reverse(t.1));
        Ok(scored)
    }
}
