//! The native search for Python: a `Searcher` (its transposition table of fixed size and
//! its ordering memory kept from search to search), a `StopFlag` another thread can set,
//! and per-iteration reports handed to a Python callable. `aegean.ai.native` is the Python
//! API on top.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use aegean_core::eval::Weights;
use aegean_core::search::{Info, Limits, Searcher as CoreSearcher};
use aegean_core::state::State;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A flag that ends a search as soon as it can (set from any thread).
#[pyclass(frozen, module = "aegean._core")]
#[derive(Default)]
pub struct StopFlag {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl StopFlag {
    #[new]
    fn new() -> Self {
        StopFlag::default()
    }

    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// One iteration or a result, for Python: (depth, score, nodes, seconds, pv, cut_short).
type PyInfo = (u32, i32, u64, f64, Vec<Vec<u32>>, bool);

/// A root turn analysed, for Python: (turn, score, pv).
type PyScored = (Vec<u32>, i32, Vec<Vec<u32>>);

fn info(i: &Info) -> PyInfo {
    (
        i.depth,
        i.score,
        i.nodes,
        i.elapsed.as_secs_f64(),
        i.pv.clone(),
        i.cut_short,
    )
}

fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    seconds: Option<f64>,
    keep_going: bool,
    cpu_time: bool,
) -> PyResult<Limits> {
    if depth.is_none() && nodes.is_none() && seconds.is_none() {
        return Err(PyValueError::new_err(
            "a search needs a budget: depth, nodes or seconds",
        ));
    }
    if depth == Some(0) || nodes == Some(0) {
        return Err(PyValueError::new_err("depth and nodes must be at least 1"));
    }
    let time = match seconds {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "seconds must be a positive number, not {s}"
            )))
        }
        None => None,
    };
    Ok(Limits {
        depth,
        nodes,
        time,
        keep_going,
        cpu_time,
    })
}

/// The reference's evaluation weights with `changes` (name -> numbers) made: a tuning
/// knob for measuring other weights.
fn weights_from(changes: &std::collections::HashMap<String, Vec<i32>>) -> PyResult<Weights> {
    let mut w = Weights::REFERENCE;
    for (name, values) in changes {
        let bad =
            || PyValueError::new_err(format!("weights: {name} with {} numbers", values.len()));
        match (name.as_str(), values.as_slice()) {
            ("height", &[a, b, c, d]) => w.height = [a, b, c, d],
            ("reach", v) if v.len() == 16 => {
                for (h, row) in w.reach.iter_mut().enumerate() {
                    row.copy_from_slice(&v[4 * h..4 * h + 4]);
                }
            }
            ("trapped", &[x]) => w.trapped = x,
            ("tempo", &[x]) => w.tempo = x,
            ("centre", &[a, b, c]) => w.centre = [a, b, c],
            ("territory", &[x]) => w.territory = x,
            _ => return Err(bad()),
        }
    }
    Ok(w)
}

/// The native search: iterative deepening alpha-beta with a transposition table of
/// `table_mb` megabytes (allocated once; it never grows).
#[pyclass(module = "aegean._core")]
pub struct Searcher {
    core: CoreSearcher,
}

impl Searcher {
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        py: Python<'_>,
        position: &str,
        top: usize,
        depth: Option<u32>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        report: Option<PyObject>,
        stop: Option<&StopFlag>,
        keep_going: bool,
        cpu_time: bool,
    ) -> PyResult<Option<(PyInfo, Vec<PyScored>)>> {
        let state: State = position
            .parse()
            .map_err(|e: aegean_core::ParseError| PyValueError::new_err(e.0))?;
        if state.decided.is_some() {
            return Ok(None);
        }
        let limits = limits(depth, nodes, seconds, keep_going, cpu_time)?;
        let flag = stop.map(|s| s.flag.clone());
        let core = &mut self.core;
        let mut failure: Option<PyErr> = None;
        let result = py.allow_threads(|| {
            let mut hear = |i: &Info| {
                if let Some(callback) = &report {
                    Python::with_gil(|py| {
                        if let Err(e) = callback.call1(py, (info(i),)) {
                            failure.get_or_insert(e);
                        }
                    });
                }
            };
            core.analyse(&state, &limits, top, flag.as_deref(), &mut hear)
        });
        if let Some(e) = failure {
            return Err(e);
        }
        Ok(result.map(|(i, scored)| {
            (
                info(&i),
                scored
                    .into_iter()
                    .map(|s| (s.turn, s.score, s.pv))
                    .collect(),
            )
        }))
    }
}

#[pymethods]
impl Searcher {
    /// `reductions`: late-move reductions (on by default; off only to measure them).
    #[new]
    #[pyo3(signature = (table_mb = 64, reductions = true, weights = None, killers = true, power_eval = true, frontier_pruning = true))]
    fn new(
        table_mb: usize,
        reductions: bool,
        weights: Option<std::collections::HashMap<String, Vec<i32>>>,
        killers: bool,
        power_eval: bool,
        frontier_pruning: bool,
    ) -> PyResult<Self> {
        if !(1..=4096).contains(&table_mb) {
            return Err(PyValueError::new_err(format!(
                "the table takes 1 to 4096 MB, not {table_mb}"
            )));
        }
        let mut core = CoreSearcher::new(table_mb << 20);
        core.set_reductions(reductions);
        core.set_killers(killers);
        core.set_power_eval(power_eval);
        core.set_frontier_pruning(frontier_pruning);
        if let Some(changes) = weights {
            core.set_weights(weights_from(&changes)?);
        }
        Ok(Searcher { core })
    }

    /// The table's size in bytes (fixed).
    #[getter]
    fn table_bytes(&self) -> usize {
        self.core.table.bytes()
    }

    /// Forget what earlier searches learnt.
    fn clear(&mut self) {
        self.core.clear();
    }

    /// The best turn of `position` within the budget: ``(info, turn)`` where info is
    /// ``(depth, score, nodes, seconds, pv, cut_short)`` and turn its packed steps, or
    /// ``None`` when the game is over or there is no legal turn. `report` hears each
    /// finished iteration's info; the GIL is released while the search runs.
    /// `keep_going`: with `seconds`, iterate until the time is up (no early stop at half
    /// the time), for measuring the depth reached. `cpu_time`: count `seconds` in this
    /// thread's processor time (the same match on a busy machine).
    #[pyo3(signature = (position, *, depth = None, nodes = None, seconds = None, report = None, stop = None, keep_going = false, cpu_time = false))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        py: Python<'_>,
        position: &str,
        depth: Option<u32>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        report: Option<PyObject>,
        stop: Option<PyRef<'_, StopFlag>>,
        keep_going: bool,
        cpu_time: bool,
    ) -> PyResult<Option<(PyInfo, Vec<u32>)>> {
        let found = self.run(
            py,
            position,
            1,
            depth,
            nodes,
            seconds,
            report,
            stop.as_deref(),
            keep_going,
            cpu_time,
        )?;
        Ok(found.map(|(i, mut scored)| (i, scored.remove(0).0)))
    }

    /// The `top` best turns: ``(info, [(turn, score, pv), ...])``, best first.
    #[pyo3(signature = (position, top, *, depth = None, nodes = None, seconds = None, stop = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &mut self,
        py: Python<'_>,
        position: &str,
        top: usize,
        depth: Option<u32>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        stop: Option<PyRef<'_, StopFlag>>,
    ) -> PyResult<Option<(PyInfo, Vec<PyScored>)>> {
        if top == 0 {
            return Err(PyValueError::new_err("top must be at least 1"));
        }
        self.run(
            py,
            position,
            top,
            depth,
            nodes,
            seconds,
            None,
            stop.as_deref(),
            false,
            false,
        )
    }
}
