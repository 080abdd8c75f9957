//! `aegean._core`: the PyO3 binding of `aegean-core`. Thin on purpose: positions cross as
//! their text, turns as the Python engine's packed step codes; `aegean.santorini.native`
//! is the Python API on top.

// pyo3 0.22's #[pyfunction] expands to a `PyErr` -> `PyErr` conversion that this clippy flags.
#![allow(clippy::useless_conversion)]

use aegean_core::fastpath::{self, TurnList};
use aegean_core::perft::{perft as perft_make, perft_bulk};
use aegean_core::playout::{generator, playout, random_placement};
use aegean_core::rules;
use aegean_core::state::{State, Termination};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod search;
mod trial;
mod turns;

fn state(text: &str) -> PyResult<State> {
    text.parse()
        .map_err(|e: aegean_core::ParseError| PyValueError::new_err(e.0))
}

/// The number of sequences of `depth` full turns from `position` (the GIL released).
/// ``bulk``: count the last level's turns without playing them (the fast path of a game
/// without powers; with powers every turn is played to find where it leads).
#[pyfunction]
#[pyo3(signature = (position, depth, bulk = true))]
fn perft(py: Python<'_>, position: &str, depth: u32, bulk: bool) -> PyResult<u64> {
    let start = state(position)?;
    Ok(py.allow_threads(|| {
        if !start.plain() {
            rules::perft(&start, depth)
        } else if bulk {
            perft_bulk(&start.position(), depth)
        } else {
            perft_make(&start.position(), depth)
        }
    }))
}

/// The legal turns of `start` as step codes, each with the state it leads to.
fn turns_of(start: &State) -> Vec<(Vec<u32>, State)> {
    if !start.plain() {
        return rules::legal_turns(start)
            .into_iter()
            .map(|f| (f.turn.as_slice().to_vec(), f.end))
            .collect();
    }
    let plain = start.position();
    let mut list = TurnList::default();
    fastpath::legal_turns(&plain, &mut list);
    list.as_slice()
        .iter()
        .map(|&t| {
            let next = fastpath::play(&plain, t);
            let end = State {
                levels: next.levels,
                domes: next.domes,
                workers: next
                    .workers
                    .map(|[a, b]| [a, b, aegean_core::squares::OFF, aegean_core::squares::OFF]),
                to_move: next.to_move,
                decided: next.winner.map(|w| (w, Termination::Climb)),
                ..*start
            };
            (t.steps().collect(), end)
        })
        .collect()
}

/// Every legal turn of the player to move, each a list of packed step codes, in the
/// reference's order.
#[pyfunction]
fn legal_turns(position: &str) -> PyResult<Vec<Vec<u32>>> {
    let start = state(position)?;
    if start.plain() {
        let mut list = TurnList::default();
        fastpath::legal_turns(&start.position(), &mut list);
        return Ok(list
            .as_slice()
            .iter()
            .map(|t| t.steps().collect())
            .collect());
    }
    Ok(rules::legal_turn_steps(&start)
        .iter()
        .map(|t| t.to_vec())
        .collect())
}

/// Every legal turn of the player to move in turn notation (games without powers).
#[pyfunction]
fn legal_turn_names(position: &str) -> PyResult<Vec<String>> {
    let start = state(position)?;
    if !start.plain() {
        return Err(PyValueError::new_err(
            "turn names: the native core writes the turns of games without powers",
        ));
    }
    let mut list = TurnList::default();
    fastpath::legal_turns(&start.position(), &mut list);
    Ok(list.as_slice().iter().map(|t| t.notation()).collect())
}

/// ``games`` uniform random playouts from random placements, seeded: (player 1's wins,
/// player 2's wins, turns played in all). The GIL is released.
#[pyfunction]
fn random_playouts(py: Python<'_>, games: u64, seed: u64) -> (u64, u64, u64) {
    py.allow_threads(|| {
        let mut rng = generator(seed);
        let mut wins = [0u64; 2];
        let mut turns = 0u64;
        for _ in 0..games {
            let ending = playout(random_placement(&mut rng), &mut rng);
            wins[ending.winner as usize] += 1;
            turns += u64::from(ending.turns);
        }
        (wins[0], wins[1], turns)
    })
}

/// The position after the legal turn `steps` (packed step codes), and the winner if the
/// game is over then (0 or 1: a win, or the next player has no legal turn). With powers
/// any legal sequence of steps is the turn (the reference's `Board.play`); without, the
/// turn as `legal_turns` writes it.
#[pyfunction]
fn play(position: &str, steps: Vec<u32>) -> PyResult<(String, Option<u8>)> {
    let start = state(position)?;
    let end = if start.plain() {
        turns_of(&start)
            .into_iter()
            .find(|(s, _)| *s == steps)
            .map(|(_, end)| end)
    } else {
        rules::play_turn(&start, &steps)
    };
    let Some(end) = end else {
        return Err(PyValueError::new_err(format!(
            "not a legal turn here: {steps:?}"
        )));
    };
    Ok((end.to_string(), rules::winner(&end)))
}

/// The winner of `position` if the game is over (the player to move has no legal turn).
#[pyfunction]
fn outcome(position: &str) -> PyResult<Option<u8>> {
    Ok(rules::winner(&state(position)?))
}

/// The position's text as the core reads and writes it (a check of the round trip).
#[pyfunction]
fn normalise(position: &str) -> PyResult<String> {
    Ok(state(position)?.to_string())
}

/// Seconds the core takes to list the legal turns of `position` `repeat` times (the
/// Rust side alone, for the benchmarks; the GIL is released).
#[pyfunction]
fn time_legal_turns(py: Python<'_>, position: &str, repeat: u32) -> PyResult<f64> {
    let start = state(position)?;
    Ok(py.allow_threads(|| {
        let clock = std::time::Instant::now();
        let mut total = 0usize;
        for _ in 0..repeat {
            let s = std::hint::black_box(&start);
            total += if s.plain() {
                let mut list = TurnList::default();
                fastpath::legal_turns(&s.position(), &mut list);
                list.len()
            } else {
                rules::legal_turn_steps(s).len()
            };
        }
        std::hint::black_box(total);
        clock.elapsed().as_secs_f64()
    }))
}

/// The powers the native core plays, by name (`-`: no power).
#[pyfunction]
fn powers() -> Vec<&'static str> {
    aegean_core::powers::God::ALL
        .iter()
        .map(|g| g.name())
        .collect()
}

/// The keys of the tokens of the powers the native core plays (`athena`, `bellerophon`).
#[pyfunction]
fn tokens() -> Vec<&'static str> {
    aegean_core::powers::God::ALL
        .iter()
        .flat_map(|g| g.token_keys())
        .chain([aegean_core::state::REMOVED])
        .collect()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(legal_turns, m)?)?;
    m.add_function(wrap_pyfunction!(turns::legal_turns_at, m)?)?;
    m.add_function(wrap_pyfunction!(turns::legal_steps_at, m)?)?;
    m.add_function(wrap_pyfunction!(turns::refusal_at, m)?)?;
    m.add_function(wrap_pyfunction!(legal_turn_names, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(normalise, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(powers, m)?)?;
    m.add_function(wrap_pyfunction!(tokens, m)?)?;
    m.add_function(wrap_pyfunction!(time_legal_turns, m)?)?;
    m.add_class::<search::Searcher>()?;
    m.add_class::<search::StopFlag>()?;
    m.add_class::<trial::TrialContent>()?;
    m.add_class::<trial::TrialGame>()?;
    m.add_class::<trial::TrialSearch>()?;
    m.add_function(wrap_pyfunction!(trial::trial_determinize, m)?)?;
    Ok(())
}
