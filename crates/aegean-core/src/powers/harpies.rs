//! Harpies (card 38), Winged Menaces — *Opponent's Turn*: each time an opponent worker
//! moves, it is then forced space by space in the same direction until the next space is
//! higher than its current one or is obstructed.
//!
//! As the reference (`powers/harpies.py`) reads it (RULINGS #55): after every move of an
//! opponent worker (each of several moves; Apollo's and Minotaur's included) it slides on
//! along the move's direction while the next space is on the board, holds no worker and
//! no dome, and is not higher (any drop); a token there obstructs where its card would
//! refuse a force onto it (Europa's Talus, Clio's coins; not a whirlpool). A wrapped move
//! (Urania) slides the way it was made, a whirlpool jump the way of the move before it;
//! the slide itself stops at the edge. The slide is her step inside the opponent's turn
//! (an interjection), written as a move to where the worker comes to rest,
//! `b2-b3-b5^b4`; forced is not moved, so it never wins (she vetoes the engine's win check
//! of it) and never slides on. A winning move ends the game with no slide.
//!
//! The slide due is found from the turn (the reference keeps it as `harpies=<from>-<to>`);
//! her token marks the slide just made until the next step (`harpies=<from>><to>`), which
//! only ever lives inside a turn, or in a game a slide has just decided (Tartarus's Abyss).

use super::{default_apply_step, Power, Token, TurnShape};
use crate::squares;
use crate::state::{State, StepList};
use crate::steps::{self, Step, KIND_MOVE};

pub struct Harpies;

/// Her token: the slide just made, not yet heard by her (`apply_step`), then heard, until
/// the next step.
const SLIDING: u8 = 2;
const SLID: u8 = 1;

/// The direction of the turn's last move (an index into [`squares::DIRECTIONS`]): a move between
/// squares that are no neighbours, not even round the edges (the whirlpool jump), takes
/// the direction of the move before it.
fn move_direction(state: &State) -> Option<usize> {
    state
        .turn
        .as_slice()
        .iter()
        .rev()
        .filter(|&&s| steps::kind(s) == KIND_MOVE)
        .find_map(|&s| squares::wrapped_direction(steps::src(s), steps::dst(s)))
}

/// Where a worker that has just moved onto `dst` in direction `d` comes to rest.
fn slide_end(state: &State, dst: u8, d: usize) -> u8 {
    let blocked = state.occupied() | state.domes;
    let tokens = state.token_squares();
    let mut here = dst;
    while let Some(ahead) = squares::toward(here, d) {
        if blocked & 1 << ahead != 0
            || state.height(ahead) > state.height(here)
            || (tokens & 1 << ahead != 0 && dome_like(state, here, ahead))
        {
            break;
        }
        here = ahead;
    }
    here
}

/// Whether a token on `ahead` acts as a dome for the worker forced there from `here`: the
/// cards whose tokens lie there are asked, as of a force by the player to move.
fn dome_like(state: &State, here: u8, ahead: u8) -> bool {
    let slide = steps::force_step(here, ahead);
    let mover = state.to_move as usize;
    (0..2).any(|owner| {
        let power = state.powers[owner];
        power.token_squares(state, owner) & 1 << ahead != 0
            && !power.allows_opponent_step(state, owner, mover, slide)
    })
}

impl Power for Harpies {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: "harpies",
            values: &[],
        })
    }

    fn interjects(&self) -> bool {
        true
    }

    /// Only opponent workers slide: not in her own turns.
    fn may_interject(&self, state: &State, owner: usize) -> bool {
        usize::from(state.to_move) != owner
    }

    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    /// The slide due after the last move, of an opponent worker, unless that move was her
    /// slide.
    fn interjection_steps(&self, state: &State, owner: usize, _player: usize, out: &mut StepList) {
        let Some(last) = state.turn.last() else {
            return;
        };
        if steps::kind(last) != KIND_MOVE || state.tokens[owner] == SLID {
            return;
        }
        let dst = steps::dst(last);
        if state.owner(dst).is_none_or(|side| side == owner) {
            return;
        }
        if let Some(d) = move_direction(state) {
            let end = slide_end(state, dst, d);
            if end != dst {
                out.push(steps::move_step(dst, end));
            }
        }
    }

    fn apply_step(&self, state: &mut State, player: usize, step: Step) {
        if player != state.to_move as usize {
            // The slide, inside an opponent's turn: a force, whatever the step is called.
            state.tokens[player] = SLIDING;
            return state.move_worker(steps::src(step), steps::dst(step));
        }
        default_apply_step(state, step);
    }

    fn watches_steps(&self) -> bool {
        true
    }

    fn after_step(&self, state: &mut State, owner: usize, _player: usize, _step: Step) {
        state.tokens[owner] = match state.tokens[owner] {
            SLIDING => SLID, // (the slide itself, heard)
            _ => 0,
        };
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        state.tokens[owner] = 0;
    }

    /// Forced is not moved: the engine's win check of the slide wins nothing.
    fn vetoes_win(&self, state: &mut State, owner: usize, _player: usize, step: Step) -> bool {
        state.tokens[owner] == SLID && state.turn.last() == Some(step | steps::INSERTED)
    }
}
