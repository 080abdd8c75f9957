//! Aphrodite (card 11), Goddess of Love — *Any Move*: if an opponent worker starts its
//! turn neighbouring one of your workers, its last move must end on a space neighbouring
//! one of your workers.
//!
//! RULINGS #28, as the reference (`powers/aphrodite.py`) reads it: only the workers that
//! *start* the opponent's turn beside her are bound, and one that moves must *end its
//! movement* beside her (one that does not move is free). The movement ends at the first
//! step that is not a move, so a multi-mover may wander and come back; but a win ends it at
//! once, so a winning move that leaves a bound worker that moved away from her is no win
//! but a dead end: nothing may follow it. Adjacency is judged where her workers stand then.
//!
//! The token, `aphrodite=<squares>` in a position (a `*` marks one that moved), is held
//! by the opponent's worker slots, which follow the workers however they go: a bit for
//! each bound slot, a bit for each that moved, and one for the dead end.

use std::borrow::Cow;

use super::{Power, Token, TokenText, TurnShape};
use crate::squares::{self, NEIGHBORS};
use crate::state::State;
use crate::steps::{self, Step, KIND_MOVE};

/// The token's key in a position.
pub const TOKEN: &str = "aphrodite";

/// The opponent's slots her token holds: three (Graeae's workers); an opponent with a
/// fourth worker (Gaea) is the reference's (`token_fits`).
const HELD: usize = 3;
/// The token's bits: slot `i` of the opponent bound (`BOUND << i`), and moved since
/// (`MOVED << i`), for each of the opponent's slots held.
const BOUND: u8 = 1;
const MOVED: u8 = 1 << HELD;
/// Any slot's moved bit.
const ANY_MOVED: u8 = ((1 << HELD) - 1) * MOVED;
/// A win was tried that left a bound worker away from her: the turn cannot go on.
const VOID: u8 = 1 << (2 * HELD);

pub struct Aphrodite;

impl Aphrodite {
    /// The squares next to her workers.
    fn near_her(state: &State, owner: usize) -> u32 {
        state.workers[owner]
            .iter()
            .fold(0, |m, &w| m | NEIGHBORS[w as usize])
    }

    /// Every bound worker that has moved stands next to one of her workers.
    fn movement_ok(state: &State, owner: usize) -> bool {
        let token = state.tokens[owner];
        let near = Self::near_her(state, owner);
        (0..HELD).all(|i| token & MOVED << i == 0 || near & 1 << state.workers[1 - owner][i] != 0)
    }
}

impl Power for Aphrodite {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }

    fn token(&self) -> Option<Token> {
        // The values are read from the board (`read_token`), not from a list.
        Some(Token {
            key: TOKEN,
            values: &[],
        })
    }

    fn token_fits(&self, state: &State, owner: usize) -> Result<(), &'static str> {
        if state.powers[1 - owner].most_workers() > HELD {
            return Err("her token holds three of the opponent's workers, not four (Gaea's)");
        }
        Ok(())
    }

    fn read_token(
        &self,
        state: &State,
        owner: usize,
        _key: &str,
        value: &str,
        _token: u8,
    ) -> Option<u8> {
        let mut token = 0;
        for item in value.split(',') {
            let (name, moved) = match item.strip_suffix('*') {
                Some(name) => (name, true),
                None => (item, false),
            };
            let square = squares::NAMES.iter().position(|&n| n == name)? as u8;
            let slot = state.workers[1 - owner].iter().position(|&w| w == square)?;
            if token & BOUND << slot != 0 {
                return None; // listed twice
            }
            token |= BOUND << slot | if moved { MOVED << slot } else { 0 };
        }
        Some(token)
    }

    fn write_token(&self, state: &State, owner: usize, token: u8, out: &mut TokenText) {
        let items: Vec<String> = (0..HELD)
            .filter(|&i| token & BOUND << i != 0)
            .map(|i| {
                let name = squares::NAMES[state.workers[1 - owner][i] as usize];
                let moved = if token & MOVED << i != 0 { "*" } else { "" };
                format!("{name}{moved}")
            })
            .collect();
        if !items.is_empty() {
            out.push((TOKEN, Cow::Owned(items.join(","))));
        }
    }

    fn start_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if player == owner {
            return;
        }
        let near = Self::near_her(state, owner);
        state.tokens[owner] = (0..HELD).fold(0, |token, i| {
            token | u8::from(near & 1 << state.workers[player][i] != 0) << i
        });
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, _player: usize) {
        state.tokens[owner] = 0;
    }

    fn tells_workers_apart(&self) -> bool {
        true
    }

    /// The slots' bits in the order of the workers' squares.
    fn key_token(&self, state: &State, owner: usize, token: u8) -> u8 {
        let squares = state.workers[1 - owner];
        let mut order: [usize; HELD] = std::array::from_fn(|i| i);
        order.sort_by_key(|&i| squares[i]);
        order.iter().enumerate().fold(token & VOID, |key, (k, &i)| {
            key | (token >> i & BOUND) << k | (token >> i & MOVED) << k
        })
    }

    fn watches_steps(&self) -> bool {
        true
    }

    /// A bound worker's own move marks it moved (a force does not).
    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        let token = state.tokens[owner];
        if player == owner || token == 0 || steps::kind(step) != KIND_MOVE {
            return;
        }
        let dst = steps::dst(step);
        if let Some(slot) = state.workers[player].iter().position(|&w| w == dst) {
            if token & BOUND << slot != 0 {
                state.tokens[owner] = token | MOVED << slot;
            }
        }
    }

    fn restricts_opponents(&self) -> bool {
        true
    }

    /// A build or `END` closes the movement: refused while a bound worker that moved
    /// stands away from her; nothing at all after a win tried away from her.
    fn allows_opponent_step(
        &self,
        state: &State,
        owner: usize,
        _player: usize,
        step: Step,
    ) -> bool {
        let token = state.tokens[owner];
        if token & (ANY_MOVED | VOID) == 0 {
            return true;
        }
        token & VOID == 0 && (steps::kind(step) == KIND_MOVE || Self::movement_ok(state, owner))
    }

    /// A win ends the movement at once: one that leaves a bound worker that moved away
    /// from her is voided, and so is the rest of the turn.
    fn vetoes_win(&self, state: &mut State, owner: usize, player: usize, _step: Step) -> bool {
        let token = state.tokens[owner];
        if player == owner || token & ANY_MOVED == 0 || Self::movement_ok(state, owner) {
            return false;
        }
        state.tokens[owner] = token | VOID;
        true
    }
}
