//! The hook points a power plugs into, with the base game's rules as their defaults: the
//! Python engine's `Power` (`aegean/santorini/power.py`), hook for hook and by the same
//! names, so the two read side by side. A power is a unit struct implementing [`Power`]
//! and overriding only the hooks its card changes; [`God`] names the powers the core
//! plays and dispatches each hook to its power (one `match` per hook, compiled to a jump).
//!
//! The core plays "no power", the ten simple gods and, of the others, Aeolus, Aphrodite,
//! Ares, Bia, Charon, Charybdis, Chronus, Clio, Dionysus, Eros, Europa & Talus, Gaea,
//! Graeae, Hades, Harpies, Hera, Hestia, Hypnus, Limus, Medusa, Moerae, Morpheus, Nemesis,
//! Persephone, Poseidon, Selene, Siren, Tartarus, Terpsichore, Triton, Urania, Zeus and the
//! heroes Achilles, Adonis, Atalanta, Bellerophon, Heracles, Jason, Medea, Odysseus,
//! Polyphemus and Theseus ([`God::ALL`]),
//! for two players. A power the core does not play is refused when a position is read,
//! so the Python engine plays it.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use crate::position::ParseError;
use crate::squares::{self, Mask, NEIGHBORS};
use crate::state::{State, StepList, Termination};
use crate::steps::{self, Step, KIND_BUILD, KIND_FORCE, KIND_MOVE, KIND_REMOVE};

mod achilles;
mod adonis;
mod aeolus;
mod aphrodite;
mod apollo;
mod ares;
mod artemis;
mod atalanta;
mod athena;
mod atlas;
mod bellerophon;
mod bia;
mod charon;
mod charybdis;
mod chronus;
mod clio;
mod demeter;
mod dionysus;
mod dome_tokens;
mod eros;
mod europa;
mod gaea;
mod graeae;
mod hades;
mod harpies;
mod hephaestus;
mod hera;
mod heracles;
mod hermes;
mod hestia;
mod hypnus;
mod if_possible;
mod jason;
mod limus;
mod medea;
mod medusa;
mod minotaur;
mod moerae;
mod morpheus;
mod nemesis;
mod odysseus;
mod pan;
mod persephone;
mod polyphemus;
mod poseidon;
mod prometheus;
mod selene;
mod siren;
mod tartarus;
mod terpsichore;
mod theseus;
mod triton;
mod urania;
mod zeus;

pub use achilles::Achilles;
pub use adonis::Adonis;
pub use aeolus::Aeolus;
pub use aphrodite::Aphrodite;
pub use apollo::Apollo;
pub use ares::Ares;
pub use artemis::Artemis;
pub use atalanta::Atalanta;
pub use athena::Athena;
pub use atlas::Atlas;
pub use bellerophon::Bellerophon;
pub use bia::Bia;
pub use charon::Charon;
pub use charybdis::Charybdis;
pub use chronus::Chronus;
pub use clio::Clio;
pub use demeter::Demeter;
pub use dionysus::Dionysus;
pub use eros::Eros;
pub use europa::Europa;
pub use gaea::Gaea;
pub use graeae::Graeae;
pub use hades::Hades;
pub use harpies::Harpies;
pub use hephaestus::Hephaestus;
pub use hera::Hera;
pub use heracles::Heracles;
pub use hermes::Hermes;
pub use hestia::Hestia;
pub use hypnus::Hypnus;
pub use jason::Jason;
pub use limus::Limus;
pub use medea::Medea;
pub use medusa::Medusa;
pub use minotaur::Minotaur;
pub use moerae::Moerae;
pub use morpheus::Morpheus;
pub use nemesis::Nemesis;
pub use odysseus::Odysseus;
pub use pan::Pan;
pub use persephone::Persephone;
pub use polyphemus::Polyphemus;
pub use poseidon::Poseidon;
pub use prometheus::Prometheus;
pub use selene::Selene;
pub use siren::Siren;
pub use tartarus::Tartarus;
pub use terpsichore::Terpsichore;
pub use theseus::Theseus;
pub use triton::Triton;
pub use urania::Urania;
pub use zeus::Zeus;

/// What of the turn in progress decides the rest of it (the reference's `turn_key`):
/// the steps taken, or only the position (Hermes travelling: paths merge), or the
/// position and the square of the one worker that goes on moving (Triton, Atalanta).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnKey {
    Steps,
    Position,
    Moving(u8),
}

/// In a [`TurnKey::Moving`], beside the worker's square: what else of the turn so far the
/// reference's key holds (Atalanta: more than one move; Triton: a move up).
pub const MOVING_MORE: u8 = 0x40;

/// A power's hooks; every default is the base game's rule (SANTORINI.md §2).
pub trait Power {
    /// The steps the owner may take next in its turn: move, then build, then `END`.
    fn turn_steps(&self, state: &State, player: usize, out: &mut StepList) {
        default_turn_steps(self, state, player, out);
    }

    /// Squares the worker on `worker` may move to: a neighbouring unoccupied, undomed
    /// space at most one level up.
    fn move_targets(&self, state: &State, _player: usize, worker: u8) -> Mask {
        default_move_targets(state, worker)
    }

    /// Builds by the worker on `worker`: the fitting piece on a neighbouring unoccupied,
    /// undomed space.
    fn build_steps(&self, state: &State, _player: usize, worker: u8, out: &mut StepList) {
        default_build_steps(state, worker, out);
    }

    /// Carry out one of the owner's steps.
    fn apply_step(&self, state: &mut State, _player: usize, step: Step) {
        default_apply_step(state, step);
    }

    /// Whether the power overrides `after_step` (Athena): the engine asks no other.
    fn watches_steps(&self) -> bool {
        false
    }

    /// After any player's step has taken effect (the owner's power watching).
    fn after_step(&self, _state: &mut State, _owner: usize, _player: usize, _step: Step) {}

    /// Whether the power ever takes a step inside another turn (`interjection_steps`:
    /// Charybdis's whirlpool jump): the engine asks no other, and finds the turns of a game
    /// with such a power by walking their steps.
    fn interjects(&self) -> bool {
        false
    }

    /// Whether the owner may take a step inside the turn that starts in `state` (Charybdis:
    /// both whirlpools on the board; Harpies: an opponent's turn; Gaea: a spare on her
    /// card). Never true again later in a turn where it is false at its start, so where no
    /// power may, that turn keeps its shape (`TurnShape`).
    fn may_interject(&self, _state: &State, _owner: usize) -> bool {
        self.interjects()
    }

    /// Of the powers that interject at once, the lower goes first (the whirlpool jump
    /// resolves before a Harpies slide, RULINGS #55).
    fn interjection_order(&self) -> i8 {
        0
    }

    /// The owner's step to be taken now, inside the turn of `player` (who may be the
    /// owner): the only steps offered then, never restricted. It is taken by the owner's
    /// `apply_step`, recorded with [`steps::INSERTED`]; a move is checked for a win as the
    /// mover's ("counts as a move").
    fn interjection_steps(
        &self,
        _state: &State,
        _owner: usize,
        _player: usize,
        _out: &mut StepList,
    ) {
    }

    /// Whether the power overrides `allows_opponent_step` (Athena, Hades, Hypnus, Limus,
    /// Persephone):
    /// the engine asks no other, so the opponent's steps of most games are not filtered.
    fn restricts_opponents(&self) -> bool {
        false
    }

    /// Whether the power's building ends its moves (the reference's `builds_end_the_moves`:
    /// after its build come only builds), so that once it has built, whether a worker moved
    /// up and where each ends are settled: Persephone's search stops there instead of
    /// passing over every set of Heracles's domes. `false` is always safe.
    fn builds_end_the_moves(&self) -> bool {
        false
    }

    /// Whether the power's `allows_opponent_step` judges a step of the turn starting in
    /// `state` by the ways the whole turn can go on (Persephone: the turn must move up if
    /// it can; Adonis, while a worker is chosen), so that the opponent's turns are found by
    /// walking their steps, never by a shape's shortcuts.
    fn judges_whole_turns(&self, _state: &State, _owner: usize) -> bool {
        false
    }

    /// Whether opponent `player` may take `step` (Athena: not up).
    fn allows_opponent_step(
        &self,
        _state: &State,
        _owner: usize,
        _player: usize,
        _step: Step,
    ) -> bool {
        true
    }

    /// Whether the owner's step, just taken, wins: moving up onto level 3.
    fn wins_with(&self, state: &State, _player: usize, step: Step) -> Option<Termination> {
        default_wins_with(state, step)
    }

    /// Whether the power overrides `wins_on` (Chronus): the engine asks no other.
    fn claims_wins_on(&self) -> bool {
        false
    }

    /// Whether a win the power claims may come with a build before the turn's last step
    /// (Chronus's fifth Complete Tower), so that the opponent's turns of a shape with such
    /// a build are walked instead; not where it claims wins on moves only (Moerae).
    fn claims_wins_on_builds(&self) -> bool {
        self.claims_wins_on()
    }

    /// Whether opponent `player`'s step, just taken, wins for the owner (Chronus: the
    /// fifth Complete Tower, whoever builds it); asked after the mover's own win.
    fn wins_on(
        &self,
        _state: &State,
        _owner: usize,
        _player: usize,
        _step: Step,
    ) -> Option<Termination> {
        None
    }

    /// Whether this power stops opponent `player` winning with `step`, a win the mover's
    /// power has just claimed (Hera); it may mark the state as it does (Aphrodite voids
    /// the rest of the turn).
    fn vetoes_win(&self, _state: &mut State, _owner: usize, _player: usize, _step: Step) -> bool {
        false
    }

    /// For the evaluation: the squares where the owner voids the other side's wins by
    /// moving there ([`Power::vetoes_win`]: Hera's perimeter), so no threat.
    fn void_wins(&self) -> Mask {
        0
    }

    /// Who plays after `player`'s turn, if this power decides it (Dionysus's extra turns);
    /// `None` leaves the other player next. Asked as every turn ends, a won one too.
    fn next_player(&self, _state: &State, _owner: usize, _player: usize) -> Option<u8> {
        None
    }

    /// As any player's turn ends (not when a win ends it): what the end changes (Hypnus's
    /// sleeper forgotten).
    fn end_of_turn_state(&self, _state: &mut State, _owner: usize, _player: usize) {}

    /// As any player's turn starts: the state the board decides (Athena's token cleared
    /// at her own turn).
    fn start_of_turn_state(&self, _state: &mut State, _owner: usize, _player: usize) {}

    /// As any player's turn starts in play, after `start_of_turn_state`: what happens then
    /// that the board does not decide (Morpheus gains a piece). A position read between
    /// turns holds it already.
    fn start_of_turn(&self, _state: &mut State, _owner: usize, _player: usize) {}

    /// What of the turn so far decides the rest of it.
    fn turn_key(&self, _state: &State) -> TurnKey {
        TurnKey::Steps
    }

    /// Whether a turn of this power may wander (its `turn_key` is ever `Position`): its
    /// turns are then found breadth first, so that walks stay short and end.
    fn travels(&self) -> bool {
        false
    }

    /// The shape of the owner's turn, as far as the engine may rely on it to find turns
    /// faster: a power that changes the turn structure (`turn_steps`) keeps the default,
    /// `Any`; one that only changes what a move or a build may be or do declares
    /// `MoveBuild`.
    fn turn_shape(&self) -> TurnShape {
        TurnShape::Any
    }

    /// The shape of the owner's turn that starts in `state`: its `turn_shape`, unless the
    /// state changes it (Dionysus: the base turn, but for his extra turns).
    fn turn_shape_at(&self, _state: &State, _owner: usize) -> TurnShape {
        self.turn_shape()
    }

    /// Whether a win probe may try the turn's first moves alone (and Artemis's second,
    /// which her shape gives): true of every shape but `Any` (Hermes's `Travel` included:
    /// his later moves stay level); a power of shape `Any` declares it where it holds,
    /// and one of another shape turns it off where it fails (Achilles: his early build can
    /// raise the square he then climbs).
    fn only_first_move_wins(&self) -> bool {
        self.turn_shape() != TurnShape::Any
    }

    /// The token this power keeps in a position, if any: its key and the values it may
    /// take (the state keeps the value's place in the list plus one; 0: no token).
    fn token(&self) -> Option<Token> {
        None
    }

    /// A token naming a set of squares, kept in the state's `marks` (Clio's coins): its
    /// key and how many squares it may name; written as the squares' names, in order.
    fn square_token(&self) -> Option<SquareToken> {
        None
    }

    /// Whether the owner keeps its worker on `square` out of reach of opponent `player`'s
    /// power (Clio's workers on coins): a removal asks this ([`shielded`]), as a force is
    /// asked through `allows_opponent_step`.
    fn shields(&self, _state: &State, _owner: usize, _player: usize, _square: u8) -> bool {
        false
    }

    /// The squares the owner's tokens lie on, which no other token may be put on (Clio's
    /// coins and Charybdis's whirlpools, the state's `marks`; Europa's Talus).
    fn token_squares(&self, state: &State, owner: usize) -> Mask {
        state.marks[owner]
    }

    /// A second key the owner's token is written under: a worker it tags, named by the
    /// token's low five bits (`state::TAG`: Adonis's `adonis.target`) beside its own value
    /// (`adonis=used`), or a flag beside a count (Dionysus's `dionysus.extra=on`).
    fn second_key(&self) -> Option<&'static str> {
        None
    }

    /// `key=value` of a position read into the owner's token so far (`None`: not a value
    /// here): by default the value's place in [`Token::values`] plus one; a token that
    /// names workers by their squares is read from the board (Aphrodite's).
    fn read_token(
        &self,
        _state: &State,
        _owner: usize,
        key: &str,
        value: &str,
        _token: u8,
    ) -> Option<u8> {
        let token = self.token()?;
        let place = token.values.iter().position(|&v| v == value);
        (key == token.key).then_some(place? as u8 + 1)
    }

    /// The owner's token (not 0) as a position writes it, each key with its value, the
    /// inverse of `read_token`.
    fn write_token(&self, _state: &State, _owner: usize, token: u8, out: &mut TokenText) {
        if let Some(Token { key, values }) = self.token() {
            if let Some(&value) = values.get(usize::from(token).wrapping_sub(1)) {
                out.push((key, Cow::Borrowed(value)));
            }
        }
    }

    /// How many workers the owner puts on the board in the game (two; Graeae three, Jason
    /// three once his spare is placed): those not there were removed from the game.
    fn workers_in_game(&self, _state: &State, _owner: usize) -> u8 {
        2
    }

    /// The most workers the owner may have on the board (two; Graeae, Jason and Moerae
    /// three; Gaea four, with both spares placed).
    fn most_workers(&self) -> usize {
        2
    }

    /// Whether the power removes workers from the game (Bia, Medusa, Theseus): only then
    /// does a position hold fewer than two workers a player (`state::REMOVED`).
    fn removes_workers(&self) -> bool {
        false
    }

    /// Whether the token tells the opponent's workers apart by their slots (Aphrodite's
    /// bound workers): two ways that bring them to the same squares, swapped, then end in
    /// different states, so no search may merge them by the squares alone.
    fn tells_workers_apart(&self) -> bool {
        false
    }

    /// The owner's token (not 0) as the states that turns end in are told apart by: the
    /// same for the same position however the workers fill their slots (Aphrodite's bits
    /// by slot, put in the order of the workers' squares).
    fn key_token(&self, _state: &State, _owner: usize, token: u8) -> u8 {
        token
    }

    /// Whether the token names a square whose worker it tags (Selene's female): the
    /// state's moves, forces and swaps carry it along with that worker.
    fn tags_a_worker(&self) -> bool {
        false
    }

    /// Whether the owner's token, as a position gives it, fits the board, and if not, what
    /// it must be (Hypnus's sleeper is a worker; Aeolus's Wind is set at setup); a position
    /// whose token does not fit is refused with that.
    fn token_fits(&self, _state: &State, _owner: usize) -> Result<(), &'static str> {
        Ok(())
    }

    /// For the evaluation: the owner's threats to win by moving next turn, as the squares
    /// the other side must build on to stop them, one build each (the base game: a free
    /// level-3 square next to a worker on level 2).
    fn threats(&self, state: &State, player: usize) -> Mask {
        default_threats(state, player)
    }

    /// For the evaluation: how many threatened squares the owner can build on in one turn,
    /// so how many threats it can answer at once (one build; Demeter and Prometheus two).
    fn blocks(&self) -> u32 {
        1
    }
}

/// A token naming a set of squares (see [`Power::square_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareToken {
    pub key: &'static str,
    pub most: usize,
}

/// Whether another power keeps the worker on `square` out of reach of `player`'s power
/// ([`Power::shields`]: Clio's workers on coins), asked before a removal (Bia, Medusa).
pub fn shielded(state: &State, player: usize, square: u8) -> bool {
    let owner = 1 - player;
    state.powers[owner].shields(state, owner, player, square)
}

/// A state's tokens as a position writes them: (key, value).
pub type TokenText = Vec<(&'static str, Cow<'static, str>)>;

/// A power's token in a position (`athena=up`, `bellerophon=used`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub key: &'static str,
    pub values: &'static [&'static str],
}

/// What the engine may assume of a turn (see [`Power::turn_shape`]). In every shape but
/// `Any` only a move can win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnShape {
    /// Exactly one move (which may win), then one build, as `move_targets`,
    /// `build_steps`, `apply_step` and `wins_with` say: every such pair is its own turn.
    MoveBuild,
    /// Exactly one move (which may win), then one build by any of the owner's workers, as
    /// the hooks offer them (Graeae): a turn for each move and square built on (and dome
    /// or not), the first builder offered kept.
    MoveAnyBuild,
    /// A move, an optional second move of the same worker (not back to where it started),
    /// then a build (Artemis): the states are those of moving straight to where the
    /// worker ends.
    MoveMoveBuild,
    /// A move, a build, then an optional second build: elsewhere (`Elsewhere`,
    /// Demeter: the builds offered second are those offered first, less the first's
    /// square, and the two in either order are one state), on the same square, a block
    /// only (`SameBlock`, Hephaestus), or off the perimeter, the first's square included
    /// (`Inner`, Hestia: a build offered first stays offered after a build elsewhere, so
    /// two squares built in either order are one state when the first is inner too).
    MoveBuildBuild(SecondBuild),
    /// The base turn, or a build, a move of the same worker (Prometheus: not up; Achilles,
    /// once a game: up too), then a build: each pre-build a worker's turn steps offer
    /// after its moves, the rest offered as after any step. Two such turns end in one
    /// state exactly when their builds are the same two squares swapped.
    BuildMoveBuild,
    /// A build with no move, a move that changes level then a build by that worker, or
    /// level moves of either worker, any number, then a build by either (Hermes), as the
    /// hooks offer them; a build ends the turn. While travelling, what is left depends only
    /// on where the workers stand (the first way found there, shortest, is kept), and two
    /// such turns end in one state only when both workers build the same square from the
    /// same stand.
    Travel,
    /// The base turn, then, as the hooks offer after the build and in their order, `END` or
    /// a `MARK` of the owner's token (Aeolus turning the Wind, Europa moving the Talus):
    /// each (move, build) is its own state, and so is each mark after it but a turn of the
    /// Wind to where it points (that ends as `END` does).
    MoveBuildMark,
    /// The base turn (a move, then a build by that worker), then any set of at most
    /// `most` of the domes offered after the build, each square once, in any order
    /// (Heracles: any number; Polyphemus: two): the domes offered after one are those
    /// offered before it less its square (none once `most` are built), and the opponent
    /// judges a dome the same way before and after the others. Each set is one turn,
    /// written in the order offered.
    MoveBuildDomes { most: u8 },
    /// Anything the hooks allow: found by walking the steps.
    Any,
}

/// Where a second build may go (see [`TurnShape::MoveBuildBuild`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondBuild {
    Elsewhere,
    SameBlock,
    Inner,
}

/// The base turn: a move of either worker, then a build by the worker that moved.
pub fn default_turn_steps<P: Power + ?Sized>(
    power: &P,
    state: &State,
    player: usize,
    out: &mut StepList,
) {
    match state.turn.last() {
        None => {
            for w in state.live_workers(player) {
                for t in squares::iter(power.move_targets(state, player, w)) {
                    out.push(steps::move_step(w, t));
                }
            }
        }
        Some(last) if steps::kind(last) == KIND_MOVE => {
            power.build_steps(state, player, steps::dst(last), out)
        }
        Some(_) => out.push(steps::END),
    }
}

pub fn default_move_targets(state: &State, worker: u8) -> Mask {
    move_targets_among(state, worker, NEIGHBORS[worker as usize], 1)
}

/// The unoccupied, undomed squares of `around` at most `climb` levels above `worker`
/// (the base game: its neighbours, one level; Urania: across the edges; Bellerophon: two).
pub fn move_targets_among(state: &State, worker: u8, around: Mask, climb: u8) -> Mask {
    let limit = state.height(worker) + climb;
    let blocked = state.occupied() | state.domes;
    squares::iter(around & !blocked)
        .filter(|&t| state.height(t) <= limit)
        .fold(0, |m, t| m | 1 << t)
}

pub fn default_build_steps(state: &State, worker: u8, out: &mut StepList) {
    build_steps_among(state, worker, NEIGHBORS[worker as usize], out);
}

/// Builds by `worker` on the unoccupied, undomed squares of `around`.
pub fn build_steps_among(state: &State, worker: u8, around: Mask, out: &mut StepList) {
    let blocked = state.occupied() | state.domes;
    for t in squares::iter(around & !blocked) {
        out.push(steps::build_step(worker, t));
    }
}

pub fn default_apply_step(state: &mut State, step: Step) {
    match steps::kind(step) {
        KIND_MOVE | KIND_FORCE => state.move_worker(steps::src(step), steps::dst(step)),
        KIND_BUILD => state.build_on(steps::dst(step), step & steps::DOME_FLAG != 0),
        KIND_REMOVE => state.remove_block(steps::dst(step)),
        _ => {}
    }
}

/// The base turn of a power that may end it with a `MARK` (Aeolus turning the Wind,
/// Europa moving the Talus, Charybdis placing a whirlpool): after the mark only `END`,
/// else the base turn's steps, into `out`. Returns whether those are `END` alone: the end
/// of the turn, where the power offers its marks.
pub fn base_turn_before_mark<P: Power + ?Sized>(
    power: &P,
    state: &State,
    player: usize,
    out: &mut StepList,
) -> bool {
    if state
        .turn
        .last()
        .is_some_and(|s| steps::kind(s) == steps::KIND_MARK)
    {
        out.push(steps::END);
        return false;
    }
    let start = out.len();
    default_turn_steps(power, state, player, out);
    out.as_slice()[start..] == [steps::END]
}

/// At the end of a turn offered as `END` alone (the last step in `out`): a token put on
/// each square of `squares` instead, then `END` (Europa's Talus, Charybdis's whirlpool).
pub fn marks_then_end(squares: Mask, out: &mut StepList) {
    out.pop();
    for s in squares::iter(squares) {
        out.push(steps::mark_square_step(s));
    }
    out.push(steps::END);
}

/// The square of the worker that moved last, while the turn so far ends with a move (the
/// one worker that goes on moving: Triton, Atalanta).
pub fn moving_worker(state: &State) -> Option<u8> {
    let last = state.turn.last()?;
    (steps::kind(last) == KIND_MOVE).then(|| steps::dst(last))
}

/// A token the owner points at setup (Aeolus's Wind, Siren's Arrow), as a position gives
/// it: one of the eight directions, or none while the position is still in setup (which
/// the reference plays; `missing` says what is wanted).
pub fn pointed_at_setup(
    key: &'static str,
    state: &State,
    owner: usize,
    missing: &'static str,
) -> Result<(), &'static str> {
    debug_assert!(state.powers[owner].token() == Some(key));
    if state.tokens[owner] == 0 {
        Err(missing)
    } else {
        Ok(())
    }
}

/// A hero's power once spent: the value of its token (`achilles=used`).
pub const USED: &str = "used";

/// A hero's token, `<hero>=used` once its power is spent (RULINGS #63).
pub const fn hero_token(key: &'static str) -> Token {
    Token {
        key,
        values: &[USED],
    }
}

/// A token whose values are the eight directions (Aeolus's Wind, Siren's Arrow).
pub const fn direction_token(key: &'static str) -> Token {
    Token {
        key,
        values: &squares::DIRECTION_NAMES,
    }
}

/// The builds of the turn so far (the one just taken included).
pub fn builds_in_turn(state: &State) -> usize {
    let turn = state.turn.as_slice();
    turn.iter()
        .filter(|&&s| steps::kind(s) == KIND_BUILD)
        .count()
}

/// Domes by `builder` on the free squares of `around`, in square order: a dome step below
/// level 3, the ordinary build on level 3 (Heracles, Polyphemus).
pub fn domes_on(state: &State, builder: u8, around: Mask, out: &mut StepList) {
    let blocked = state.occupied() | state.domes;
    for t in squares::iter(around & !blocked) {
        out.push(if state.height(t) < 3 {
            steps::dome_step(builder, t)
        } else {
            steps::build_step(builder, t)
        });
    }
}

/// Free level-3 squares next to `player`'s workers on level 2.
pub fn default_threats(state: &State, player: usize) -> Mask {
    let free = squares::ALL & !(state.occupied() | state.domes);
    let mut out = 0;
    for w in state.workers[player] {
        if state.height(w) == 2 {
            out |= NEIGHBORS[w as usize] & free & state.levels[2];
        }
    }
    out
}

pub fn default_wins_with(state: &State, step: Step) -> Option<Termination> {
    let (src, dst) = (steps::src(step), steps::dst(step));
    (steps::kind(step) == KIND_MOVE && state.height(dst) == 3 && state.height(src) < 3)
        .then_some(Termination::Climb)
}

/// No power: the base game.
pub struct Mortal;

impl Power for Mortal {
    fn turn_shape(&self) -> TurnShape {
        TurnShape::MoveBuild
    }
}

/// The powers the native core plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum God {
    Mortal,
    Apollo,
    Artemis,
    Athena,
    Atlas,
    Demeter,
    Hephaestus,
    Hermes,
    Minotaur,
    Pan,
    Prometheus,
    Hades,
    Hestia,
    Limus,
    Zeus,
    Hera,
    Urania,
    Bellerophon,
    Achilles,
    Hypnus,
    Ares,
    Atalanta,
    Charon,
    Eros,
    Persephone,
    Poseidon,
    Triton,
    Selene,
    Nemesis,
    Chronus,
    Odysseus,
    Terpsichore,
    Polyphemus,
    Heracles,
    Siren,
    Aeolus,
    Morpheus,
    Europa,
    Aphrodite,
    Adonis,
    Medea,
    Theseus,
    Medusa,
    Bia,
    Graeae,
    Jason,
    Moerae,
    Tartarus,
    Clio,
    Charybdis,
    Harpies,
    Dionysus,
    Gaea,
}

/// `$e` with `$p` bound to the power `$g` stands for.
macro_rules! dispatch {
    ($g:expr, $p:ident => $e:expr) => {
        match $g {
            God::Mortal => {
                let $p = &Mortal;
                $e
            }
            God::Apollo => {
                let $p = &Apollo;
                $e
            }
            God::Artemis => {
                let $p = &Artemis;
                $e
            }
            God::Athena => {
                let $p = &Athena;
                $e
            }
            God::Atlas => {
                let $p = &Atlas;
                $e
            }
            God::Demeter => {
                let $p = &Demeter;
                $e
            }
            God::Hephaestus => {
                let $p = &Hephaestus;
                $e
            }
            God::Hermes => {
                let $p = &Hermes;
                $e
            }
            God::Minotaur => {
                let $p = &Minotaur;
                $e
            }
            God::Pan => {
                let $p = &Pan;
                $e
            }
            God::Prometheus => {
                let $p = &Prometheus;
                $e
            }
            God::Hades => {
                let $p = &Hades;
                $e
            }
            God::Hestia => {
                let $p = &Hestia;
                $e
            }
            God::Limus => {
                let $p = &Limus;
                $e
            }
            God::Zeus => {
                let $p = &Zeus;
                $e
            }
            God::Hera => {
                let $p = &Hera;
                $e
            }
            God::Urania => {
                let $p = &Urania;
                $e
            }
            God::Bellerophon => {
                let $p = &Bellerophon;
                $e
            }
            God::Achilles => {
                let $p = &Achilles;
                $e
            }
            God::Hypnus => {
                let $p = &Hypnus;
                $e
            }
            God::Ares => {
                let $p = &Ares;
                $e
            }
            God::Atalanta => {
                let $p = &Atalanta;
                $e
            }
            God::Charon => {
                let $p = &Charon;
                $e
            }
            God::Eros => {
                let $p = &Eros;
                $e
            }
            God::Persephone => {
                let $p = &Persephone;
                $e
            }
            God::Poseidon => {
                let $p = &Poseidon;
                $e
            }
            God::Triton => {
                let $p = &Triton;
                $e
            }
            God::Selene => {
                let $p = &Selene;
                $e
            }
            God::Nemesis => {
                let $p = &Nemesis;
                $e
            }
            God::Chronus => {
                let $p = &Chronus;
                $e
            }
            God::Odysseus => {
                let $p = &Odysseus;
                $e
            }
            God::Terpsichore => {
                let $p = &Terpsichore;
                $e
            }
            God::Polyphemus => {
                let $p = &Polyphemus;
                $e
            }
            God::Heracles => {
                let $p = &Heracles;
                $e
            }
            God::Siren => {
                let $p = &Siren;
                $e
            }
            God::Aeolus => {
                let $p = &Aeolus;
                $e
            }
            God::Morpheus => {
                let $p = &Morpheus;
                $e
            }
            God::Europa => {
                let $p = &Europa;
                $e
            }
            God::Aphrodite => {
                let $p = &Aphrodite;
                $e
            }
            God::Adonis => {
                let $p = &Adonis;
                $e
            }
            God::Medea => {
                let $p = &Medea;
                $e
            }
            God::Theseus => {
                let $p = &Theseus;
                $e
            }
            God::Medusa => {
                let $p = &Medusa;
                $e
            }
            God::Bia => {
                let $p = &Bia;
                $e
            }
            God::Graeae => {
                let $p = &Graeae;
                $e
            }
            God::Jason => {
                let $p = &Jason;
                $e
            }
            God::Moerae => {
                let $p = &Moerae;
                $e
            }
            God::Tartarus => {
                let $p = &Tartarus;
                $e
            }
            God::Clio => {
                let $p = &Clio;
                $e
            }
            God::Charybdis => {
                let $p = &Charybdis;
                $e
            }
            God::Harpies => {
                let $p = &Harpies;
                $e
            }
            God::Dionysus => {
                let $p = &Dionysus;
                $e
            }
            God::Gaea => {
                let $p = &Gaea;
                $e
            }
        }
    };
}

impl God {
    /// Every power the core plays, "no power" first.
    pub const ALL: [God; 53] = [
        God::Mortal,
        God::Apollo,
        God::Artemis,
        God::Athena,
        God::Atlas,
        God::Demeter,
        God::Hephaestus,
        God::Hermes,
        God::Minotaur,
        God::Pan,
        God::Prometheus,
        God::Hades,
        God::Hestia,
        God::Limus,
        God::Zeus,
        God::Hera,
        God::Urania,
        God::Bellerophon,
        God::Achilles,
        God::Hypnus,
        God::Ares,
        God::Atalanta,
        God::Charon,
        God::Eros,
        God::Persephone,
        God::Poseidon,
        God::Triton,
        God::Selene,
        God::Nemesis,
        God::Chronus,
        God::Odysseus,
        God::Terpsichore,
        God::Polyphemus,
        God::Heracles,
        God::Siren,
        God::Aeolus,
        God::Morpheus,
        God::Europa,
        God::Aphrodite,
        God::Adonis,
        God::Medea,
        God::Theseus,
        God::Medusa,
        God::Bia,
        God::Graeae,
        God::Jason,
        God::Moerae,
        God::Tartarus,
        God::Clio,
        God::Charybdis,
        God::Harpies,
        God::Dionysus,
        God::Gaea,
    ];

    /// The card's name as in POWERS.csv (`-` for no power).
    pub fn name(self) -> &'static str {
        match self {
            God::Mortal => "-",
            God::Apollo => "Apollo",
            God::Artemis => "Artemis",
            God::Athena => "Athena",
            God::Atlas => "Atlas",
            God::Demeter => "Demeter",
            God::Hephaestus => "Hephaestus",
            God::Hermes => "Hermes",
            God::Minotaur => "Minotaur",
            God::Pan => "Pan",
            God::Prometheus => "Prometheus",
            God::Hades => "Hades",
            God::Hestia => "Hestia",
            God::Limus => "Limus",
            God::Zeus => "Zeus",
            God::Hera => "Hera",
            God::Urania => "Urania",
            God::Bellerophon => "Bellerophon",
            God::Achilles => "Achilles",
            God::Hypnus => "Hypnus",
            God::Ares => "Ares",
            God::Atalanta => "Atalanta",
            God::Charon => "Charon",
            God::Eros => "Eros",
            God::Persephone => "Persephone",
            God::Poseidon => "Poseidon",
            God::Triton => "Triton",
            God::Selene => "Selene",
            God::Nemesis => "Nemesis",
            God::Chronus => "Chronus",
            God::Odysseus => "Odysseus",
            God::Terpsichore => "Terpsichore",
            God::Polyphemus => "Polyphemus",
            God::Heracles => "Heracles",
            God::Siren => "Siren",
            God::Aeolus => "Aeolus",
            God::Morpheus => "Morpheus",
            God::Europa => "Europa & Talus",
            God::Aphrodite => "Aphrodite",
            God::Adonis => "Adonis",
            God::Medea => "Medea",
            God::Theseus => "Theseus",
            God::Medusa => "Medusa",
            God::Bia => "Bia",
            God::Graeae => "Graeae",
            God::Jason => "Jason",
            God::Moerae => "Moerae",
            God::Tartarus => "Tartarus",
            God::Clio => "Clio",
            God::Charybdis => "Charybdis",
            God::Harpies => "Harpies",
            God::Dionysus => "Dionysus",
            God::Gaea => "Gaea",
        }
    }
}

impl God {
    pub fn is_plain(self) -> bool {
        self == God::Mortal
    }

    #[inline]
    pub fn turn_steps(self, state: &State, player: usize, out: &mut StepList) {
        dispatch!(self, p => p.turn_steps(state, player, out))
    }

    #[inline]
    pub fn apply_step(self, state: &mut State, player: usize, step: Step) {
        dispatch!(self, p => p.apply_step(state, player, step))
    }

    #[inline]
    pub fn tags_a_worker(self) -> bool {
        dispatch!(self, p => p.tags_a_worker())
    }

    pub fn token_fits(self, state: &State, owner: usize) -> Result<(), &'static str> {
        dispatch!(self, p => p.token_fits(state, owner))
    }

    #[inline]
    pub fn watches_steps(self) -> bool {
        dispatch!(self, p => p.watches_steps())
    }

    #[inline]
    pub fn interjects(self) -> bool {
        dispatch!(self, p => p.interjects())
    }

    #[inline]
    pub fn may_interject(self, state: &State, owner: usize) -> bool {
        dispatch!(self, p => p.may_interject(state, owner))
    }

    #[inline]
    pub fn interjection_order(self) -> i8 {
        dispatch!(self, p => p.interjection_order())
    }

    #[inline]
    pub fn interjection_steps(
        self,
        state: &State,
        owner: usize,
        player: usize,
        out: &mut StepList,
    ) {
        dispatch!(self, p => p.interjection_steps(state, owner, player, out))
    }

    #[inline]
    pub fn token_squares(self, state: &State, owner: usize) -> Mask {
        dispatch!(self, p => p.token_squares(state, owner))
    }

    #[inline]
    pub fn restricts_opponents(self) -> bool {
        dispatch!(self, p => p.restricts_opponents())
    }

    #[inline]
    pub fn builds_end_the_moves(self) -> bool {
        dispatch!(self, p => p.builds_end_the_moves())
    }

    /// The reference's `moves_over`: nothing left of the turn in progress of the player
    /// to move moves a worker (its power's building ends its moves, and it has built).
    pub fn moves_over(self, state: &State) -> bool {
        self.builds_end_the_moves()
            && state
                .turn
                .as_slice()
                .iter()
                .any(|&s| crate::steps::kind(s) == crate::steps::KIND_BUILD)
    }

    /// The reference's `ends_the_moves`: after `step`, [`God::moves_over`] holds.
    pub fn ends_the_moves(self, step: Step) -> bool {
        self.builds_end_the_moves() && crate::steps::kind(step) == crate::steps::KIND_BUILD
    }

    #[inline]
    pub fn judges_whole_turns(self, state: &State, owner: usize) -> bool {
        dispatch!(self, p => p.judges_whole_turns(state, owner))
    }

    #[inline]
    pub fn after_step(self, state: &mut State, owner: usize, player: usize, step: Step) {
        dispatch!(self, p => p.after_step(state, owner, player, step))
    }

    #[inline]
    pub fn allows_opponent_step(
        self,
        state: &State,
        owner: usize,
        player: usize,
        step: Step,
    ) -> bool {
        dispatch!(self, p => p.allows_opponent_step(state, owner, player, step))
    }

    #[inline]
    pub fn wins_with(self, state: &State, player: usize, step: Step) -> Option<Termination> {
        dispatch!(self, p => p.wins_with(state, player, step))
    }

    #[inline]
    pub fn claims_wins_on(self) -> bool {
        dispatch!(self, p => p.claims_wins_on())
    }

    #[inline]
    pub fn claims_wins_on_builds(self) -> bool {
        dispatch!(self, p => p.claims_wins_on_builds())
    }

    #[inline]
    pub fn wins_on(
        self,
        state: &State,
        owner: usize,
        player: usize,
        step: Step,
    ) -> Option<Termination> {
        dispatch!(self, p => p.wins_on(state, owner, player, step))
    }

    #[inline]
    pub fn vetoes_win(self, state: &mut State, owner: usize, player: usize, step: Step) -> bool {
        dispatch!(self, p => p.vetoes_win(state, owner, player, step))
    }

    #[inline]
    pub fn void_wins(self) -> Mask {
        dispatch!(self, p => p.void_wins())
    }

    #[inline]
    pub fn next_player(self, state: &State, owner: usize, player: usize) -> Option<u8> {
        dispatch!(self, p => p.next_player(state, owner, player))
    }

    #[inline]
    pub fn end_of_turn_state(self, state: &mut State, owner: usize, player: usize) {
        dispatch!(self, p => p.end_of_turn_state(state, owner, player))
    }

    #[inline]
    pub fn start_of_turn_state(self, state: &mut State, owner: usize, player: usize) {
        dispatch!(self, p => p.start_of_turn_state(state, owner, player))
    }

    #[inline]
    pub fn start_of_turn(self, state: &mut State, owner: usize, player: usize) {
        dispatch!(self, p => p.start_of_turn(state, owner, player))
    }

    #[inline]
    pub fn turn_key(self, state: &State) -> TurnKey {
        dispatch!(self, p => p.turn_key(state))
    }

    #[inline]
    pub fn travels(self) -> bool {
        dispatch!(self, p => p.travels())
    }

    #[inline]
    pub fn turn_shape(self) -> TurnShape {
        dispatch!(self, p => p.turn_shape())
    }

    #[inline]
    pub fn turn_shape_at(self, state: &State, owner: usize) -> TurnShape {
        dispatch!(self, p => p.turn_shape_at(state, owner))
    }

    #[inline]
    pub fn only_first_move_wins(self) -> bool {
        dispatch!(self, p => p.only_first_move_wins())
    }

    #[inline]
    pub fn threats(self, state: &State, player: usize) -> Mask {
        dispatch!(self, p => p.threats(state, player))
    }

    #[inline]
    pub fn blocks(self) -> u32 {
        dispatch!(self, p => p.blocks())
    }

    /// The key of this power's token in a position (`athena`), if it keeps one.
    #[inline]
    pub fn token(self) -> Option<&'static str> {
        dispatch!(self, p => p.token()).map(|t| t.key)
    }

    /// The keys this power's tokens are written under (its own, a second, its squares').
    pub fn token_keys(self) -> impl Iterator<Item = &'static str> {
        self.token()
            .into_iter()
            .chain(dispatch!(self, p => p.second_key()))
            .chain(self.square_token().map(|t| t.key))
    }

    #[inline]
    pub fn square_token(self) -> Option<SquareToken> {
        dispatch!(self, p => p.square_token())
    }

    #[inline]
    pub fn shields(self, state: &State, owner: usize, player: usize, square: u8) -> bool {
        dispatch!(self, p => p.shields(state, owner, player, square))
    }

    /// `key=value` of a position, read into the owner's token so far (`None`: not a value).
    pub fn read_token(
        self,
        state: &State,
        owner: usize,
        key: &str,
        value: &str,
        token: u8,
    ) -> Option<u8> {
        dispatch!(self, p => p.read_token(state, owner, key, value, token))
    }

    pub fn workers_in_game(self, state: &State, owner: usize) -> u8 {
        dispatch!(self, p => p.workers_in_game(state, owner))
    }

    pub fn most_workers(self) -> usize {
        dispatch!(self, p => p.most_workers())
    }

    pub fn removes_workers(self) -> bool {
        dispatch!(self, p => p.removes_workers())
    }

    #[inline]
    pub fn tells_workers_apart(self) -> bool {
        dispatch!(self, p => p.tells_workers_apart())
    }

    /// The owner's token as states are told apart by ([`Power::key_token`]).
    #[inline]
    pub fn key_token(self, state: &State, owner: usize) -> u8 {
        match state.tokens[owner] {
            0 => 0,
            token => dispatch!(self, p => p.key_token(state, owner, token)),
        }
    }

    /// The owner's token as written, each key with its value (none: 0).
    pub fn write_token(self, state: &State, owner: usize, out: &mut TokenText) {
        match state.tokens[owner] {
            0 => {}
            token => dispatch!(self, p => p.write_token(state, owner, token, out)),
        }
    }
}

/// The matchups POWERS.csv bans among the powers the core plays: the core refuses them,
/// and the reference plays a game that allows one (`allow_banned`; Harpies's slides make
/// Hermes's and Triton's walks longer than the core's turns hold). The Python suite checks
/// the list against POWERS.csv.
const BANNED: [(God, God); 20] = [
    (God::Aphrodite, God::Nemesis),
    (God::Aphrodite, God::Urania),
    (God::Atlas, God::Gaea),
    (God::Bia, God::Nemesis),
    (God::Bia, God::Tartarus),
    (God::Clio, God::Nemesis),
    (God::Gaea, God::Nemesis),
    (God::Gaea, God::Selene),
    (God::Graeae, God::Nemesis),
    (God::Hades, God::Pan),
    (God::Harpies, God::Hermes),
    (God::Harpies, God::Triton),
    (God::Hypnus, God::Terpsichore),
    (God::Limus, God::Terpsichore),
    (God::Medusa, God::Nemesis),
    (God::Moerae, God::Nemesis),
    (God::Moerae, God::Tartarus),
    (God::Nemesis, God::Terpsichore),
    (God::Nemesis, God::Theseus),
    (God::Tartarus, God::Terpsichore),
];

impl God {
    /// Whether POWERS.csv bans this power against `other`.
    pub fn banned_with(self, other: God) -> bool {
        BANNED.contains(&(self, other)) || BANNED.contains(&(other, self))
    }
}

impl fmt::Display for God {
    /// The name as a position writes it: without spaces (`Europa&Talus`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in self.name().split(' ') {
            f.write_str(part)?;
        }
        Ok(())
    }
}

impl FromStr for God {
    type Err = ParseError;

    /// A power's name in any case, spaces or not (`-`: none; `Europa&Talus`); a power the
    /// core does not play is refused.
    fn from_str(name: &str) -> Result<Self, ParseError> {
        fn bare(text: &str) -> impl Iterator<Item = u8> + '_ {
            text.bytes()
                .filter(|&b| b != b' ')
                .map(|b| b.to_ascii_lowercase())
        }
        God::ALL
            .iter()
            .copied()
            .find(|g| bare(g.name()).eq(bare(name)))
            .ok_or_else(|| {
                let plays: Vec<&str> = God::ALL[1..].iter().map(|g| g.name()).collect();
                ParseError(format!(
                    "powers: the native core plays no power or one of {}, not {name:?}",
                    plays.join(", ")
                ))
            })
    }
}
