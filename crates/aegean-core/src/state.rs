//! The state of a two-player game with powers, in the middle of a turn as well as between
//! turns: the Python engine's `GameState` (`aegean/santorini/state.py`) for the games the
//! native core plays. Small and `Copy`, so the turn search copies it instead of undoing.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use crate::position::{ParseError, Position};
use crate::powers::{God, SquareToken, TokenText};
use crate::squares::{self, Mask, OFF};
use crate::steps::Step;

/// Why a game ended (the reference's `Termination`, for the ends the core plays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// A worker moved up onto level 3.
    Climb,
    /// A power's own win condition (Pan).
    Power,
}

/// A short list of steps kept in place (no allocation): at most `N`. A push past the end
/// is not stored but marks the list as overflowed, so no step is ever lost silently.
/// Equal when their steps are: what lies beyond the length is not part of it.
#[derive(Clone, Copy, Debug)]
pub struct Steps<const N: usize> {
    steps: [Step; N],
    len: u8,
    overflowed: bool,
}

/// The steps a turn structure offers next (Hermes: 16 moves and 16 builds at most).
pub type StepList = Steps<40>;
/// The steps of a turn so far: more than any turn needs (Hermes's walks are found
/// breadth first, so each is a shortest one: far shorter).
pub type TurnSteps = Steps<24>;

impl<const N: usize> Default for Steps<N> {
    fn default() -> Self {
        Steps {
            steps: [0; N],
            len: 0,
            overflowed: false,
        }
    }
}

impl<const N: usize> PartialEq for Steps<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice() && self.overflowed == other.overflowed
    }
}

impl<const N: usize> Eq for Steps<N> {}

impl<const N: usize> std::hash::Hash for Steps<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<const N: usize> Steps<N> {
    pub const CAPACITY: usize = N;

    /// Empty it (the steps beyond the length are left as they are).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.overflowed = false;
    }

    #[inline]
    pub fn push(&mut self, step: Step) {
        if (self.len as usize) < N {
            self.steps[self.len as usize] = step;
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }

    /// Take the last step off (none: nothing happens).
    #[inline]
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// Whether a push found it full (the list is then incomplete).
    #[inline]
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    #[inline]
    pub fn as_slice(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn last(&self) -> Option<Step> {
        self.as_slice().last().copied()
    }

    /// Keep only the steps `keep` accepts, in order.
    pub fn retain(&mut self, keep: impl FnMut(Step) -> bool) {
        self.retain_from(0, keep);
    }

    /// Keep the first `start` steps, and of the rest only those `keep` accepts, in order
    /// (a hook filtering the steps it has just added to a list).
    pub fn retain_from(&mut self, start: usize, mut keep: impl FnMut(Step) -> bool) {
        let from = start.min(self.len as usize);
        let mut kept = from;
        for i in from..self.len as usize {
            if keep(self.steps[i]) {
                self.steps[kept] = self.steps[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }
}

/// The most workers a player has on the board (Graeae, Jason with his spare: three;
/// Gaea with both spares: four).
pub const SLOTS: usize = 4;

/// The key of the position's count of the workers each player has lost (`removed=0,1`).
pub const REMOVED: &str = "removed";

/// The bits of a token that tags a worker (`Power::tags_a_worker`) that name its square
/// plus one (0: none); the others are the power's own (Adonis's power spent).
pub const TAG: u8 = 31;

/// A game of two players with powers (or none), between turns or inside one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// `levels[k]`: the squares whose height is at least `k + 1`.
    pub levels: [Mask; 3],
    pub domes: Mask,
    /// Each player's workers, in the order the position lists them (moves keep the slot),
    /// then [`OFF`] in the slots left: two workers but for Graeae's three and Jason's
    /// spare, fewer once some are removed from the game.
    pub workers: [[u8; SLOTS]; 2],
    pub to_move: u8,
    pub powers: [God; 2],
    /// Each player's power's token, 0 when it has none (Athena: 1 = "moved up").
    pub tokens: [u8; 2],
    /// Each player's power's squares, a token naming a set of them (Clio's coins:
    /// `Power::square_token`); 0 for the others.
    pub marks: [Mask; 2],
    /// The steps of the turn in progress.
    pub turn: TurnSteps,
    /// Turns played since this state was read: the end of a turn changes it.
    pub ply: u32,
    /// The winner and why, once someone has won.
    pub decided: Option<(u8, Termination)>,
}

impl State {
    #[inline]
    pub fn height(&self, s: u8) -> u8 {
        let bit = 1 << s;
        (self.levels[0] & bit != 0) as u8
            + (self.levels[1] & bit != 0) as u8
            + (self.levels[2] & bit != 0) as u8
    }

    /// The squares of `player`'s workers (a removed one, [`OFF`], has none).
    #[inline]
    pub fn workers_of(&self, player: usize) -> Mask {
        let [a, b, c, d] = self.workers[player];
        (1 << a | 1 << b | 1 << c | 1 << d) & squares::ALL
    }

    /// `player`'s workers on the board, in slot order: the slots before the first empty
    /// one (a removal closes the slots up, a worker added takes the first empty one).
    #[inline]
    pub fn live_workers(&self, player: usize) -> impl Iterator<Item = u8> {
        self.workers[player].into_iter().take_while(|&w| w != OFF)
    }

    /// How many of `player`'s workers have been removed from the game: of those their
    /// power puts on the board (`Power::workers_in_game`), those not there.
    pub fn removed(&self, player: usize) -> usize {
        let there = self.live_workers(player).count();
        usize::from(self.powers[player].workers_in_game(self, player)).saturating_sub(there)
    }

    /// Put a worker of `player`'s on `s` (Jason's spare), after the others.
    pub fn add_worker(&mut self, player: usize, s: u8) {
        if let Some(slot) = self.workers[player].iter_mut().find(|w| **w == OFF) {
            *slot = s;
        }
    }

    /// Remove the worker on `s` from the game (Bia, Medusa, Theseus): the workers after it
    /// move up a slot, as the reference's list closes up, and the tokens that tag it are
    /// dropped.
    pub fn remove_worker(&mut self, s: u8) {
        for slots in &mut self.workers {
            if let Some(i) = slots.iter().position(|&w| w == s) {
                slots.copy_within(i + 1.., i);
                slots[SLOTS - 1] = OFF;
            }
        }
        for p in 0..2 {
            if self.powers[p].tags_a_worker() && self.tokens[p] & TAG == s + 1 {
                self.tokens[p] &= !TAG;
            }
        }
    }

    #[inline]
    pub fn occupied(&self) -> Mask {
        self.workers_of(0) | self.workers_of(1)
    }

    /// Whose worker stands on `s`, if any.
    #[inline]
    pub fn owner(&self, s: u8) -> Option<usize> {
        (0..2).find(|&p| self.workers_of(p) & 1 << s != 0)
    }

    /// Move the worker on `src` to `dst` (a move or a force): its slot is kept, and so are
    /// the tokens that tag it (Selene's female).
    pub fn move_worker(&mut self, src: u8, dst: u8) {
        'found: for pair in &mut self.workers {
            for w in pair.iter_mut() {
                if *w == src {
                    *w = dst;
                    break 'found;
                }
            }
        }
        self.retag(src, dst);
    }

    /// The tokens that tag the worker on `from` (`Power::tags_a_worker`) follow it to `to`.
    #[inline]
    fn retag(&mut self, from: u8, to: u8) {
        if self.tokens == [0, 0] {
            return; // (most states: no token, nothing to ask the powers)
        }
        for p in 0..2 {
            if self.powers[p].tags_a_worker() && self.tokens[p] & TAG == from + 1 {
                self.tokens[p] = self.tokens[p] & !TAG | (to + 1);
            }
        }
    }

    /// Swap the workers on `a` and `b` (Apollo): as the reference does it, the worker on
    /// `b` leaves the board, the one on `a` moves to `b` (keeping its slot), and the first
    /// comes back on `a` as its owner's last worker, which orders the turns listed after.
    pub fn swap_workers(&mut self, a: u8, b: u8) {
        let Some(other) = self.owner(b) else { return };
        // Tags go with their workers: those on `b` to `a` (set aside while `a`'s move on).
        let on_b = self.tokens.map(|t| t & TAG == b + 1);
        self.move_worker(a, b);
        let slots = &mut self.workers[other];
        if let Some(i) = slots.iter().position(|&w| w == b) {
            slots.copy_within(i + 1.., i);
            slots[SLOTS - 1] = OFF;
        }
        if let Some(last) = slots.iter_mut().find(|w| **w == OFF) {
            *last = a;
        }
        for ((token, power), on_b) in self.tokens.iter_mut().zip(self.powers).zip(on_b) {
            if on_b && power.tags_a_worker() {
                *token = *token & !TAG | (a + 1);
            }
        }
    }

    /// Build on `s`: a block, or a dome on level 3 or when `dome` (Atlas).
    pub fn build_on(&mut self, s: u8, dome: bool) {
        let h = self.height(s);
        if dome || h == 3 {
            self.domes |= 1 << s;
        } else {
            self.levels[h as usize] |= 1 << s;
        }
    }

    /// Take the top block off `s` (Ares; never a dome).
    pub fn remove_block(&mut self, s: u8) {
        if let Some(top) = self.height(s).checked_sub(1) {
            self.levels[top as usize] &= !(1 << s);
        }
    }

    /// The squares holding a power's token (`Power::token_squares`): no other token goes
    /// there (the reference's `token_squares`).
    pub fn token_squares(&self) -> Mask {
        self.powers[0].token_squares(self, 0) | self.powers[1].token_squares(self, 1)
    }

    /// Whether a power in the game may take steps inside others' turns
    /// (`Power::interjects`).
    #[inline]
    pub fn interjections(&self) -> bool {
        self.powers[0].interjects() || self.powers[1].interjects()
    }

    /// Whether a power may take a step inside the turn that starts here
    /// (`Power::may_interject`): if not, the turn keeps its shape.
    pub fn interjection_possible(&self) -> bool {
        (0..2).any(|p| self.powers[p].interjects() && self.powers[p].may_interject(self, p))
    }

    /// Whether every power is "no power": the fast path plays such a game.
    pub fn plain(&self) -> bool {
        self.powers.iter().all(|p| p.is_plain())
    }

    /// The base game's position of a plain state between turns.
    pub fn position(&self) -> Position {
        Position {
            levels: self.levels,
            domes: self.domes,
            workers: self.workers.map(|[a, b, ..]| [a, b]),
            to_move: self.to_move,
            winner: self.decided.map(|(w, _)| w),
        }
    }
}

impl FromStr for State {
    type Err = ParseError;

    /// A position between turns, `powers=` and the powers' tokens included.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let base_fields = fields.iter().take_while(|f| !f.contains('=')).count();
        let (base, extra) = Position::read(&fields[..base_fields].join(" "), true)?;
        let mut powers = ["-"; 2];
        let mut rest = fields[base_fields..].iter().peekable();
        if let Some(field) = rest.peek().and_then(|f| f.strip_prefix("powers=")) {
            let names: Vec<&str> = field.split(',').collect();
            let [first, second] = names[..] else {
                return Err(ParseError(format!(
                    "powers: one power per player (2), not {field:?}"
                )));
            };
            powers = [first, second];
            rest.next();
        }
        let tokens: Vec<(&str, &str)> = rest
            .map(|field| field.split_once('=').unwrap_or((field, "")))
            .collect();
        State::from_parts(base, extra, powers, &tokens)
    }
}

impl State {
    /// A state between turns from its parts, checked as its text is: the base position,
    /// each player's workers after two ([`OFF`]: none; Graeae's third, Jason's spare once
    /// placed, Gaea's placed spares),
    /// each player's power by name (`-`: none) and the powers' tokens as (key, value).
    pub fn from_parts(
        base: Position,
        extra: [[u8; 2]; 2],
        powers: [&str; 2],
        tokens: &[(&str, &str)],
    ) -> Result<State, ParseError> {
        let powers: [God; 2] = [powers[0].parse()?, powers[1].parse()?];
        if powers[0] == powers[1] && !powers[0].is_plain() {
            return Err(ParseError(format!(
                "powers: a power can be taken only once: {}, {}",
                powers[0], powers[1]
            )));
        }
        if powers[0].banned_with(powers[1]) {
            return Err(ParseError(format!(
                "powers: {} against {} is a banned matchup (POWERS.csv), which the reference plays",
                powers[0], powers[1]
            )));
        }
        let mut taken = base.domes | base.occupied();
        for (p, pair) in extra.iter().enumerate() {
            for (k, &s) in pair.iter().enumerate() {
                let before = if k == 0 { base.workers[p][1] } else { pair[0] };
                if s != OFF && (s >= OFF || taken & 1 << s != 0 || before == OFF) {
                    return Err(ParseError(format!(
                        "player-{}: a third or fourth worker on a free square after two",
                        p + 1
                    )));
                }
                if s < OFF {
                    taken |= 1 << s;
                }
            }
        }
        let mut state = State {
            levels: base.levels,
            domes: base.domes,
            workers: [0, 1].map(|p| {
                [
                    base.workers[p][0],
                    base.workers[p][1],
                    extra[p][0],
                    extra[p][1],
                ]
            }),
            to_move: base.to_move,
            powers,
            tokens: [0; 2],
            marks: [0; 2],
            turn: TurnSteps::default(),
            ply: 0,
            decided: None,
        };
        let mut values = [0u8; 2];
        let mut removed = [0, 0];
        for &(key, value) in tokens {
            if key == REMOVED {
                let counts: Vec<Option<usize>> = value.split(',').map(|n| n.parse().ok()).collect();
                let [Some(first), Some(second)] = counts[..] else {
                    return Err(ParseError(format!(
                        "{REMOVED}: the workers each player has lost, as 0,1; not {value:?}"
                    )));
                };
                removed = [first, second];
                continue;
            }
            if let Some(p) =
                (0..2).find(|&p| powers[p].square_token().is_some_and(|t| t.key == key))
            {
                state.marks[p] = read_squares(key, value, powers[p].square_token())?;
                continue;
            }
            let holder = (0..2).find(|&p| powers[p].token_keys().any(|k| k == key));
            let read = |p: usize| powers[p].read_token(&state, p, key, value, values[p]);
            match holder.and_then(|p| read(p).map(|v| (p, v))) {
                Some((p, v)) => values[p] = v,
                None => {
                    return Err(ParseError(format!(
                    "{key}: not a token the native core plays here (the powers in play: {}, {})",
                    powers[0], powers[1]
                )))
                }
            }
        }
        state.tokens = values;
        // Workers removed from the game: only where a power removes them, as many as the
        // token counts (without it, a missing worker is one still to place: setup).
        let counts = [0, 1].map(|p| state.live_workers(p).count());
        let wanted = [0, 1].map(|p| usize::from(powers[p].workers_in_game(&state, p)));
        if removed != [state.removed(0), state.removed(1)]
            || (removed != [0, 0] && !powers.iter().any(|p| p.removes_workers()))
            || counts[0] > wanted[0]
            || counts[1] > wanted[1]
        {
            return Err(ParseError(format!(
                "workers: {} and {} placed workers expected, or as many fewer as a power has \
                 removed (removed=0,1); not {} and {}",
                wanted[0], wanted[1], counts[0], counts[1]
            )));
        }
        // The start of the turn decides some tokens: one left out is filled in (Hypnus's
        // sleeper), as the reference does; one written otherwise is refused.
        let written = state.tokens;
        crate::rules::begin_turn_state(&mut state);
        if (0..2).any(|p| written[p] != 0 && written[p] != state.tokens[p]) {
            return Err(ParseError(
                "a token the start of this turn decides otherwise (athena=up on Athena's own turn)"
                    .into(),
            ));
        }
        for p in 0..2 {
            if let Err(rule) = state.powers[p].token_fits(&state, p) {
                return Err(ParseError(format!(
                    "{}: the token does not fit the board ({rule})",
                    state.powers[p].token().unwrap_or("token")
                )));
            }
        }
        Ok(state)
    }
}

/// The squares a square token names (`clio=b2,c3`: distinct names, in any order, at most
/// as many as the power may put down), as a mask.
fn read_squares(key: &str, value: &str, token: Option<SquareToken>) -> Result<Mask, ParseError> {
    let most = token.map_or(0, |t| t.most);
    let mut mask: Mask = 0;
    let mut count = 0;
    for name in value.split(',') {
        match squares::parse(name) {
            Some(s) if mask & 1 << s == 0 => mask |= 1 << s,
            _ => {
                return Err(ParseError(format!(
                    "{key}: distinct square names separated by commas (b2,c3), not {value:?}"
                )))
            }
        }
        count += 1;
    }
    if count > most {
        return Err(ParseError(format!(
            "{key}: at most {most} squares, not {value:?}"
        )));
    }
    Ok(mask)
}

impl fmt::Display for State {
    /// The position text of a state between turns (the reference's `Board.position()`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position().write_board(f)?;
        crate::position::write_workers(f, [&self.workers[0], &self.workers[1]])?;
        if !self.plain() {
            write!(f, " powers={},{}", self.powers[0], self.powers[1])?;
        }
        let mut fields = TokenText::new();
        for p in 0..2 {
            self.powers[p].write_token(self, p, &mut fields);
        }
        for p in 0..2 {
            if let Some(token) = self.powers[p].square_token().filter(|_| self.marks[p] != 0) {
                let names: Vec<&str> = squares::iter(self.marks[p])
                    .map(|s| squares::NAMES[s as usize])
                    .collect();
                fields.push((token.key, Cow::Owned(names.join(","))));
            }
        }
        if self.removed(0) + self.removed(1) > 0 {
            let counts = format!("{},{}", self.removed(0), self.removed(1));
            fields.push((REMOVED, counts.into()));
        }
        fields.sort();
        for (key, value) in fields {
            write!(f, " {key}={value}")?;
        }
        Ok(())
    }
}
