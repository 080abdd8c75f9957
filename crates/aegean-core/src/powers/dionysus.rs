//! Dionysus (card 18), God of Wine — *Your Build*: each time a worker you control creates a
//! Complete Tower, you may take an additional turn using an opponent worker instead of
//! your own. No player can win during these additional turns.
//!
//! As the reference (`powers/dionysus.py`) reads it (RULINGS #35: the extra turn moves and
//! then builds with one opponent worker, and a tower completed during it chains another;
//! #20: only a dome on level 3 is a Complete Tower; #18: the workers moved still belong to
//! their owner): each tower his turn completes earns an extra turn, taken next
//! (`Power::next_player`), which he may decline (`END`, written `.`); in it his power
//! wins nothing. Tokens, packed in his: `dionysus=<extra turns earned, not yet begun>`
//! (the low bits; only inside a turn) and `dionysus.extra=on` while an extra turn is
//! played (the high bit).

use std::borrow::Cow;

use super::{default_turn_steps, default_wins_with, Power, Token, TokenText, TurnShape};
use crate::squares;
use crate::state::{State, StepList, Termination};
use crate::steps::{self, Step, END, KIND_BUILD};

/// The token's high bit: an extra turn is being played; the bits below count those
/// earned and not yet begun.
const EXTRA: u8 = 0x80;
const EARNED: u8 = 0x7F;
/// The key of the flag.
const EXTRA_KEY: &str = "dionysus.extra";

pub struct Dionysus;

fn in_extra_turn(state: &State, owner: usize) -> bool {
    state.tokens[owner] & EXTRA != 0
}

impl Power for Dionysus {
    fn token(&self) -> Option<Token> {
        Some(Token {
            key: "dionysus",
            values: &[],
        })
    }

    fn second_key(&self) -> Option<&'static str> {
        Some(EXTRA_KEY)
    }

    fn read_token(
        &self,
        _state: &State,
        _owner: usize,
        key: &str,
        value: &str,
        token: u8,
    ) -> Option<u8> {
        match key {
            "dionysus" => {
                let n: u8 = value.parse().ok().filter(|n| (1..=EARNED).contains(n))?;
                Some(token & EXTRA | n)
            }
            EXTRA_KEY => (value == "on").then_some(token | EXTRA),
            _ => None,
        }
    }

    fn write_token(&self, _state: &State, _owner: usize, token: u8, out: &mut TokenText) {
        if token & EARNED != 0 {
            out.push(("dionysus", Cow::Owned((token & EARNED).to_string())));
        }
        if token & EXTRA != 0 {
            out.push((EXTRA_KEY, Cow::Borrowed("on")));
        }
    }

    /// In an extra turn: a move of any opponent worker (then it builds), or none.
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        if !in_extra_turn(state, player) || !state.turn.is_empty() {
            return default_turn_steps(self, state, player, out);
        }
        for w in state.live_workers(1 - player) {
            for t in squares::iter(self.move_targets(state, player, w)) {
                out.push(steps::move_step(w, t));
            }
        }
        out.push(END); // "may": the extra turn can be declined
    }

    /// The base turn, found by its shape; his extra turns are walked.
    fn turn_shape_at(&self, state: &State, owner: usize) -> TurnShape {
        if in_extra_turn(state, owner) {
            TurnShape::Any
        } else {
            TurnShape::MoveBuild
        }
    }

    fn wins_with(&self, state: &State, player: usize, step: Step) -> Option<Termination> {
        if in_extra_turn(state, player) {
            return None;
        }
        default_wins_with(state, step)
    }

    fn watches_steps(&self) -> bool {
        true
    }

    /// A Complete Tower (a dome on level 3) built in his turn earns an extra turn: "a
    /// worker you control" is whichever worker builds in his turns, extra ones included.
    fn after_step(&self, state: &mut State, owner: usize, player: usize, step: Step) {
        let square = steps::dst(step);
        if player == owner
            && steps::kind(step) == KIND_BUILD
            && state.domes & 1 << square != 0
            && state.height(square) == 3
        {
            let token = state.tokens[owner];
            state.tokens[owner] = token & EXTRA | ((token & EARNED) + 1).min(EARNED);
        }
    }

    fn end_of_turn_state(&self, state: &mut State, owner: usize, player: usize) {
        if player != owner {
            return;
        }
        let token = state.tokens[owner];
        state.tokens[owner] = if token & EARNED != 0 {
            ((token & EARNED) - 1) | EXTRA
        } else {
            0
        };
    }

    fn next_player(&self, state: &State, owner: usize, player: usize) -> Option<u8> {
        (player == owner && in_extra_turn(state, owner)).then_some(owner as u8)
    }
}
