//! The search bot's passes: the reference's `SearchBot.choose` after it has asked the
//! heuristic and kept the candidates (`aegean/trial/bots/search.py`): each pass imagines
//! one game from the view ([`View::determinize`]), plays every choice still in the
//! running on it with the same generator, halves the rivals after each stage, and at the
//! end keeps the heuristic's choice unless a rival's gain is clear. The same draws from
//! the bot's generator as the reference, so the same choice.

use std::time::{Duration, Instant};

use crate::choice::Choice;
use crate::content::Content;
use crate::determinize::View;
use crate::engine::Game;
use crate::heuristic::Knowledge;
use crate::playout::{playouts, Settings};
use crate::rng::PyRandom;

/// A decision's budget: playouts (reproducible) or seconds.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    Playouts(usize),
    Seconds(f64),
}

/// What a search found: the choice, and the playouts it ran.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub choice: Choice,
    pub playouts: usize,
}

/// Search `arms` (the heuristic's choice first) for `me` from `view`, drawing from `rng`.
#[allow(clippy::too_many_arguments)]
pub fn search(
    c: &Content,
    k: &Knowledge,
    view: &View,
    me: usize,
    arms: &[Choice],
    rng: &mut PyRandom,
    budget: Budget,
    settings: &Settings,
    confidence: f64,
) -> Found {
    let prior = arms[0];
    let mut gains: Vec<Vec<f64>> = vec![Vec::new(); arms.len()];
    let mut sizes = vec![arms.len()];
    while *sizes.last().expect("one size") > 2 {
        let last = *sizes.last().expect("one size");
        sizes.push(2.max((last - 1) / 2 + 1));
    }
    let per_stage = match budget {
        Budget::Playouts(n) => 1.max(n / sizes.iter().sum::<usize>()),
        Budget::Seconds(_) => 2,
    };
    let deadline = match budget {
        Budget::Seconds(s) => Some(Instant::now() + Duration::from_secs_f64(s)),
        Budget::Playouts(_) => None,
    };
    let (mut done, mut passes) = (0usize, 0usize);
    // Rivals by their index in `arms`.
    let mut rivals: Vec<usize> = (1..arms.len()).collect();
    loop {
        if let Budget::Playouts(n) = budget {
            if done + 1 + rivals.len() > n && passes > 0 {
                break;
            }
        }
        if deadline.is_some_and(|d| Instant::now() >= d) && passes > 0 {
            break;
        }
        let world = Game::new(c, view.determinize(c, rng));
        let low = u64::from(rng.next_u32());
        let seed = low | u64::from(rng.next_u32()) << 32;
        let mut chosen = vec![prior];
        chosen.extend(rivals.iter().map(|&r| arms[r]));
        let values = playouts(&world, k, me, &chosen, seed, settings);
        for (i, &r) in rivals.iter().enumerate() {
            gains[r].push(values[i + 1] - values[0]);
        }
        done += 1 + rivals.len();
        passes += 1;
        if passes % per_stage == 0 && rivals.len() > 1 {
            let total = |r: usize| {
                let mut sum = 0.0;
                for g in &gains[r] {
                    sum += g;
                }
                -sum
            };
            rivals.sort_by(|&a, &b| total(a).partial_cmp(&total(b)).expect("no NaN"));
            rivals.truncate(1.max(rivals.len() / 2));
        }
    }
    Found {
        choice: arms[verified(&rivals, &gains, confidence).unwrap_or(0)],
        playouts: done,
    }
}

/// The rival whose mean gain over the heuristic's choice is largest, if that gain is
/// clear (at least `confidence` standard errors of its mean); else None.
fn verified(rivals: &[usize], gains: &[Vec<f64>], confidence: f64) -> Option<usize> {
    let (mut best, mut best_mean) = (None, 0.0);
    for &r in rivals {
        let diffs = &gains[r];
        let n = diffs.len();
        if n < 2 {
            continue;
        }
        let mut sum = 0.0;
        for d in diffs {
            sum += d;
        }
        let mean = sum / n as f64;
        let mut squares = 0.0;
        for d in diffs {
            squares += (d - mean).powf(2.0);
        }
        let spread = (squares / (n - 1) as f64 / n as f64).sqrt();
        if mean > best_mean && mean > confidence * spread {
            best = Some(r);
            best_mean = mean;
        }
    }
    best
}
