//! Legal turns handed to Python as the reference's `Turn` objects, from a board's parts:
//! the quick path of `Board.legal_turns()` (the position's text and one Python call per
//! turn cost more than listing the turns in the core).

use aegean_core::position::Position;
use aegean_core::rules;
use aegean_core::state::State;
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

/// One instance of `class` (a subclass of `tuple`, checked by the caller) holding `steps`,
/// made as `tuple.__new__(class, steps)` makes it, without the intermediate tuple.
fn tuple_of<'py>(class: &Bound<'py, PyType>, steps: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let py = class.py();
    // SAFETY: `class` is a subtype of tuple, so its `tp_alloc` makes a tuple of
    // `steps.len()` empty items (reference count 1); `PyTuple_SetItem` fills each slot once
    // and takes over the new integer's reference. On any failure the object is released.
    unsafe {
        let tp = class.as_type_ptr();
        let slot = ffi::PyType_GetSlot(tp, ffi::Py_tp_alloc);
        let alloc: ffi::allocfunc = if slot.is_null() {
            ffi::PyType_GenericAlloc
        } else {
            std::mem::transmute::<*mut std::ffi::c_void, ffi::allocfunc>(slot)
        };
        let raw = alloc(tp, steps.len() as ffi::Py_ssize_t);
        if raw.is_null() {
            return Err(PyErr::fetch(py));
        }
        let object = Bound::from_owned_ptr(py, raw);
        for (i, &step) in steps.iter().enumerate() {
            let item = step_object(py, step);
            if item.is_null() || ffi::PyTuple_SetItem(raw, i as ffi::Py_ssize_t, item) != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(object)
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
    workers: [[u8; 2]; 2],
    to_move: u8,
    powers: [String; 2],
    tokens: Vec<(String, String)>,
) -> PyResult<Bound<'py, PyList>> {
    if !turn_class.is_subclass_of::<PyTuple>()? {
        return Err(PyValueError::new_err(
            "turn_class: a subclass of tuple expected",
        ));
    }
    let error = |e: aegean_core::ParseError| PyValueError::new_err(e.0);
    let base = Position::from_parts(levels_of(heights)?, domes, workers, to_move).map_err(error)?;
    let tokens: Vec<(&str, &str)> = tokens
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let start = State::from_parts(base, [&powers[0], &powers[1]], &tokens).map_err(error)?;
    let turns = rules::legal_turn_steps(&start);
    let list = PyList::empty_bound(turn_class.py());
    for turn in &turns {
        list.append(tuple_of(turn_class, turn.as_slice())?)?;
    }
    Ok(list)
}
