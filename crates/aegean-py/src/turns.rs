//! Legal turns handed to Python as the reference's `Turn` objects, from a board's parts:
//! the quick path of `Board.legal_turns()` (the position's text and one Python call per
//! turn cost more than listing the turns in the core).

use std::sync::{Mutex, TryLockError};

use aegean_core::position::Position;
use aegean_core::rules;
use aegean_core::squares::OFF;
use aegean_core::state::{State, StepList, TurnSteps};
use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyList, PyTuple, PyType};

/// Step codes below this have one shared integer object each (every code the core makes:
/// 15 bits, aegean/santorini/steps.py), so a listed step costs a reference, not an integer.
const CODES: usize = 1 << 15;
static STEP_OBJECTS: GILOnceCell<Vec<PyObject>> = GILOnceCell::new();

/// A new reference to the integer `step`.
fn step_object(py: Python<'_>, step: u32) -> *mut ffi::PyObject {
    let shared = STEP_OBJECTS.get_or_init(py, || {
        (0..CODES as u32).map(|code| code.into_py(py)).collect()
    });
    match shared.get(step as usize) {
        Some(object) => object.clone_ref(py).into_ptr(),
        // SAFETY: makes a new integer (null only on failure, which the caller checks).
        None => unsafe { ffi::PyLong_FromUnsignedLong(step.into()) },
    }
}

/// One instance of `class` (a subclass of `tuple`, checked by the caller) holding `steps`:
/// a tuple filled in place, then `class(tuple)`, so that the class's own construction runs
/// (a tuple made by its allocator alone would skip the hash cache that Python 3.14 keeps in
/// every tuple). Interning makes this rare: most turns listed have been made before.
fn tuple_of<'py>(class: &Bound<'py, PyType>, steps: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let py = class.py();
    // SAFETY: `PyTuple_New` makes a tuple of `steps.len()` empty items (reference count 1,
    // released on any failure); `PyTuple_SetItem` fills each slot once and takes over the
    // integer's reference.
    let items = unsafe {
        let raw = ffi::PyTuple_New(steps.len() as ffi::Py_ssize_t);
        if raw.is_null() {
            return Err(PyErr::fetch(py));
        }
        let items = Bound::from_owned_ptr(py, raw);
        for (i, &step) in steps.iter().enumerate() {
            let item = step_object(py, step);
            if item.is_null() || ffi::PyTuple_SetItem(raw, i as ffi::Py_ssize_t, item) != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        items
    };
    if class.is(&py.get_type_bound::<PyTuple>()) {
        return Ok(items);
    }
    class.call1((items,))
}

/// Turn objects already made, by their steps: the lists of nearby positions share most
/// of their turns, so a turn listed again costs a lookup instead of an object made and
/// later freed. Only turns of at most [`PACKED`] steps, for one class at a time, in a
/// table of [`INTERNED`] slots in pairs (a bound on its memory: a few megabytes): a turn
/// whose pair is full takes the older one's place.
struct Interned {
    class: Option<Py<PyType>>,
    slots: Vec<Option<(u128, PyObject)>>,
}

const PACKED: usize = 8;
const INTERNED_BITS: u32 = 15;
const INTERNED: usize = 1 << INTERNED_BITS;
static TURNS: GILOnceCell<Mutex<Interned>> = GILOnceCell::new();

/// A step in 15 bits, for packing: the step itself, or a `MARK` pointing in a direction
/// (its argument above 15 bits, Aeolus's Wind) with the argument moved into the actor's
/// bits, which a `MARK` never uses (so no step packs alike); None for any other.
fn in_15_bits(step: u32) -> Option<u32> {
    const KIND_MARK: u32 = 7;
    if (step as usize) < CODES {
        return Some(step);
    }
    let (kind, actor, arg) = (step >> 10 & 0xF, step >> 5 & 0x1F, step >> 15);
    (kind == KIND_MARK && actor == 0 && arg < 32).then_some(step & 0x7C1F | arg << 5)
}

/// The steps of a short turn as one number (each step + 1 in 16 bits), or None.
fn packed(steps: &[u32]) -> Option<u128> {
    if steps.len() > PACKED {
        return None;
    }
    steps.iter().try_fold(0u128, |key, &s| {
        in_15_bits(s).map(|s| key << 16 | u128::from(s + 1))
    })
}

/// A packed turn's slot in the table: its bits mixed (a multiply, the top bits kept).
fn slot_of(key: u128) -> usize {
    let folded = key as u64 ^ ((key >> 64) as u64).rotate_left(29);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - INTERNED_BITS)) as usize
}

/// The turn `steps`: its interned object, or a new one (then interned; without the
/// table, as while another listing holds it, only made). Each turn may sit in either of
/// the two slots of its pair, so that two turns of one list seldom take each other's
/// place; a new one goes first and the older of the two makes way.
fn listed(
    interned: Option<&mut Interned>,
    class: &Bound<'_, PyType>,
    steps: &[u32],
) -> PyResult<PyObject> {
    let py = class.py();
    let (Some(interned), Some(key)) = (interned, packed(steps)) else {
        return Ok(tuple_of(class, steps)?.unbind());
    };
    let pair = slot_of(key) & !1;
    for (held, object) in interned.slots[pair..pair + 2].iter().flatten() {
        if *held == key {
            return Ok(object.clone_ref(py));
        }
    }
    let object = tuple_of(class, steps)?.unbind();
    interned.slots[pair + 1] = interned.slots[pair].take();
    interned.slots[pair] = Some((key, object.clone_ref(py)));
    Ok(object)
}

/// A list of `objects`, made at its full length, each reference handed over as it is
/// (`PyList::new_bound` takes a new reference to each and drops ours: about 1 µs more for
/// Prometheus's 276 turns, a tenth of the listing).
fn list_of(py: Python<'_>, objects: Vec<PyObject>) -> PyResult<Bound<'_, PyList>> {
    // SAFETY: `PyList_New` makes a list of `objects.len()` empty slots (released on any
    // failure); `PyList_SetItem` fills each slot once and takes over the object's
    // reference.
    unsafe {
        let raw = ffi::PyList_New(objects.len() as ffi::Py_ssize_t);
        if raw.is_null() {
            return Err(PyErr::fetch(py));
        }
        let list = Bound::from_owned_ptr(py, raw);
        for (i, object) in objects.into_iter().enumerate() {
            if ffi::PyList_SetItem(raw, i as ffi::Py_ssize_t, object.into_ptr()) != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(list.downcast_into_unchecked())
    }
}

/// The levels of a board from its squares' heights (0-3; 25 of them).
fn levels_of(heights: &[u8]) -> PyResult<[u32; 3]> {
    if heights.len() != 25 || heights.iter().any(|&h| h > 3) {
        return Err(PyValueError::new_err(
            "heights: 25 squares of level 0-3 expected",
        ));
    }
    let mut levels = [0u32; 3];
    for (s, &h) in heights.iter().enumerate() {
        for level in levels.iter_mut().take(h as usize) {
            *level |= 1 << s;
        }
    }
    Ok(levels)
}

/// Every legal turn of the player to move, as instances of `turn_class` (the reference's
/// `Turn`, a tuple of packed step codes), in the reference's order; the state given by its
/// parts as `Board` keeps them: each square's height, the domes (a mask), each player's
/// workers, the player to move (0 or 1), the powers by name (`-`: none) and the powers'
/// tokens. A state the core does not play raises `ValueError` saying why.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn legal_turns_at<'py>(
    turn_class: &Bound<'py, PyType>,
    heights: &[u8],
    domes: u32,
    workers: Vec<Vec<u8>>,
    to_move: u8,
    powers: [String; 2],
    tokens: Vec<(String, String)>,
) -> PyResult<Bound<'py, PyList>> {
    if !turn_class.is_subclass_of::<PyTuple>()? {
        return Err(PyValueError::new_err(
            "turn_class: a subclass of tuple expected",
        ));
    }
    let start = state_of(heights, domes, &workers, to_move, &powers, &tokens)?;
    let py = turn_class.py();
    let interned = TURNS.get_or_init(py, || {
        Mutex::new(Interned {
            class: None,
            slots: Vec::new(),
        })
    });
    // Never waited for: making an object may run Python code (the collector), which may
    // list turns again, here or in another thread; such a listing goes without the table.
    let mut interned = match interned.try_lock() {
        Ok(table) => Some(table),
        Err(TryLockError::WouldBlock) => None,
        Err(TryLockError::Poisoned(poisoned)) => {
            // A listing panicked while holding it: start again from an empty table.
            let mut table = poisoned.into_inner();
            table.slots.clear();
            interned.clear_poison();
            Some(table)
        }
    };
    if let Some(table) = interned.as_deref_mut() {
        if !table
            .class
            .as_ref()
            .is_some_and(|c| c.bind(py).is(turn_class))
        {
            table.class = Some(turn_class.clone().unbind());
            table.slots.clear();
        }
        table.slots.resize_with(INTERNED, || None);
    }
    let mut objects = Vec::with_capacity(64);
    let mut failed = None;
    rules::each_turn_steps(&start, |steps| {
        if failed.is_none() {
            match listed(interned.as_deref_mut(), turn_class, steps) {
                Ok(object) => objects.push(object),
                Err(e) => failed = Some(e),
            }
        }
    });
    drop(interned);
    if let Some(e) = failed {
        return Err(e);
    }
    list_of(py, objects)
}

/// The state a board's parts describe (as `legal_turns_at` takes them).
fn state_of(
    heights: &[u8],
    domes: u32,
    workers: &[Vec<u8>],
    to_move: u8,
    powers: &[String; 2],
    tokens: &[(String, String)],
) -> PyResult<State> {
    let error = |e: aegean_core::ParseError| PyValueError::new_err(e.0);
    // Each player's workers: fewer than two where some were removed from the game, three
    // for Graeae and Jason with his spare.
    let mut slots = [[OFF; 4]; 2];
    if workers.len() != 2 || workers.iter().any(|w| w.len() > 4) {
        return Err(PyValueError::new_err(
            "workers: two players, each with at most four workers",
        ));
    }
    for (p, (slot, listed)) in slots.iter_mut().zip(workers).enumerate() {
        // (A removed worker is left out of the list: no square stands for it.)
        if let Some(&s) = listed.iter().find(|&&s| s >= OFF) {
            return Err(PyValueError::new_err(format!(
                "player-{}: not a square: {s}",
                p + 1
            )));
        }
        slot[..listed.len()].copy_from_slice(listed);
    }
    let two = slots.map(|[a, b, _, _]| [a, b]);
    let base = Position::from_parts(levels_of(heights)?, domes, two, to_move).map_err(error)?;
    let tokens: Vec<(&str, &str)> = tokens
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let extra = slots.map(|s| [s[2], s[3]]);
    State::from_parts(base, extra, [&powers[0], &powers[1]], &tokens).map_err(error)
}

/// The legal steps (packed codes) of the player to move after the steps `played` of
/// the turn that starts at the state the parts describe (as `legal_turns_at` takes
/// them): `Board.legal_steps()` inside a turn, by [`rules::legal_steps`]. A played
/// step that was not legal where it was taken raises `ValueError`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn legal_steps_at(
    heights: &[u8],
    domes: u32,
    workers: Vec<Vec<u8>>,
    to_move: u8,
    powers: [String; 2],
    tokens: Vec<(String, String)>,
    played: Vec<u32>,
) -> PyResult<Vec<u32>> {
    if played.len() >= TurnSteps::CAPACITY {
        return Err(PyValueError::new_err(format!(
            "played: {} steps, more than a turn in the core holds ({})",
            played.len(),
            TurnSteps::CAPACITY - 1
        )));
    }
    let mut state = state_of(heights, domes, &workers, to_move, &powers, &tokens)?;
    let start_ply = state.ply;
    let mut offered = StepList::default();
    for (i, &step) in played.iter().enumerate() {
        rules::legal_steps(&state, &mut offered);
        if state.ply != start_ply || !offered.as_slice().contains(&step) {
            return Err(PyValueError::new_err(format!(
                "played step {} ({step}) is not legal there",
                i + 1
            )));
        }
        rules::apply_step(&mut state, step);
    }
    if state.ply != start_ply {
        return Ok(Vec::new()); // the turn is over: the next player's steps are not asked
    }
    rules::legal_steps(&state, &mut offered);
    Ok(offered.as_slice().to_vec())
}

/// Why the core would refuse the state the parts describe (as `legal_turns_at` takes
/// them), or `None` if it plays it: `Board.native_plays` asks before the search is
/// handed a position (Morpheus's card holding more pieces than the core reads).
#[pyfunction]
pub fn refusal_at(
    heights: &[u8],
    domes: u32,
    workers: Vec<Vec<u8>>,
    to_move: u8,
    powers: [String; 2],
    tokens: Vec<(String, String)>,
) -> Option<String> {
    state_of(heights, domes, &workers, to_move, &powers, &tokens)
        .err()
        .map(|e| e.to_string())
}
