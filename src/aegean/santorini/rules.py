"""The generic turn engine: legal steps, their effects, wins, and full turns.

Everything here works for any set of powers by calling the hooks of
:class:`~aegean.santorini.power.Power`; the base game is what those hooks do by
default. Two-player games without powers are also served by the faster
:mod:`aegean.santorini.fastpath`, and the tests check the two agree.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from .fastpath import has_turn as plain_has_turn
from .notation import Turn, format_step
from .outcome import Outcome, Termination
from .power import NO_POWER, Power, State
from .squares import NEIGHBORS, square_name
from .state import OUT as OUT_KEY
from .steps import (
    CANCELLED,
    END,
    INSERTED,
    KIND_PLACE,
    KIND_SHIFT,
    OUT,
    StepCode,
    StepKind,
    TurnCode,
    make_step,
    place,
    step_dst,
    step_kind,
    step_src,
)

_KIND_MARK = int(StepKind.MARK)


# ---------------------------------------------------------------------- powers
#: The last answer of :func:`acting_powers`: (cards, tokens as items, acting powers).
_lent: tuple[tuple[Power, ...], tuple[tuple[str, str], ...], tuple[Power, ...]] | None = None


def acting_powers(board: State) -> tuple[Power, ...]:
    """The power each player acts with now: its card, unless an ``indirect`` card lends
    another (Chaos's face-up god, Circe's borrowed power) or takes one away (Circe).
    Every hook call of the engine goes through this; games without indirect cards pay
    one loop over the cards."""
    cards = board.powers
    for card in cards:
        if card.indirect:
            break
    else:
        if "out" not in board.tokens:  # (``board.OUT``: players out of a 3-player game)
            return cards
    # What a card lends depends on the tokens alone (power state lives there), so the
    # last answer is kept: a turn search asks many times in one state.
    global _lent
    tokens = tuple(board.tokens.items())
    if _lent is not None and _lent[0] is cards and _lent[1] == tokens:
        return _lent[2]
    acting = list(cards)
    players = range(len(cards))
    out = board.eliminated()
    for seat in players:
        card = cards[seat]
        if card.indirect and seat not in out:  # (an eliminated card has no state left to ask)
            acting[seat] = card.acting_power(board, seat)
            for player in players:
                if player != seat and card.suppresses(board, seat, player):
                    acting[player] = NO_POWER
    for seat in out:
        acting[seat] = NO_POWER  # a player out of the game takes their power along (§6)
    _lent = (cards, tokens, tuple(acting))
    return _lent[2]


def indirect_cards(board: State) -> list[tuple[int, Power]]:
    """The ``indirect`` cards in play (Chaos, Circe, the Golden Fleece cards) by seat,
    whose own bookkeeping runs around the powers they lend; a card of a player out of
    the game is gone with its state."""
    out = board.eliminated()
    return [(seat, card) for seat, card in enumerate(board.powers) if card.indirect and seat not in out]


def power_of(board: State, player: int) -> Power:
    """The power ``player`` acts with now (see :func:`acting_powers`)."""
    return acting_powers(board)[player]


def shielded(board: State, player: int, square: int) -> bool:
    """Whether another power keeps the worker on ``square`` out of reach of ``player``'s
    power (``Power.shields``: Clio's workers on coins): a removal or any other effect on
    that worker asks this, as a force is asked through ``allows_opponent_step``."""
    return any(
        owner != player and not power.is_plain and power.shields(board, owner, player, square)
        for owner, power in enumerate(acting_powers(board))
    )


# ---------------------------------------------------------------------- players
def team_of(board: State, player: int) -> frozenset[int]:
    """The players who win and lose together with ``player`` (teams in 4-player games)."""
    if board.n_players == 4:
        return frozenset({player % 2, player % 2 + 2})
    return frozenset({player})


def opponents_of(board: State, player: int) -> frozenset[int]:
    """The players ``player`` plays against: not a team mate, not a player out of the game."""
    return frozenset(range(board.n_players)) - team_of(board, player) - board.eliminated()


def next_player(board: State) -> int:
    """Clockwise, skipping players out of the game, unless a power claims the next turn
    (Dionysus; the Golden Fleece card after the Ram is placed)."""
    player = board.to_move
    for owner, power in enumerate(acting_powers(board)):
        if not power.is_plain:
            chosen = power.next_player(board, owner, player)
            if chosen is not None:
                return chosen
    for owner, card in indirect_cards(board):
        chosen = card.next_player(board, owner, player)
        if chosen is not None:
            return chosen
    out = board.eliminated()
    following = (player + 1) % board.n_players
    while following in out:
        following = (following + 1) % board.n_players
    return following


def no_legal_turn_outcome(board: State) -> Outcome:
    """The player to move cannot move and build, and loses (rule 2.2)."""
    return Outcome(opponents_of(board, board.to_move), Termination.NO_LEGAL_TURN)


def _eliminates(board: State) -> bool:
    """Whether a player who cannot move and build leaves the game instead of ending it:
    three players, all three still in (SANTORINI.md §6, RULINGS #9)."""
    return board.n_players == 3 and not board.eliminated()


def eliminate(board: State, player: int) -> None:
    """``player`` leaves a three-player game: their workers, tokens and power go."""
    for square in list(board.workers[player]):
        board.remove_from_game(square)
    card = board.powers[player]
    prefixes = card.token_prefixes() if card.name else ()
    for key in [k for k in board.tokens if k.partition(".")[0] in prefixes]:
        board.set_token(key, None)
    out = sorted(board.eliminated() | {player})
    board.set_token(OUT_KEY, ",".join(str(p + 1) for p in out))


# ---------------------------------------------------------------------- steps
def in_setup_turn(board: State) -> bool:
    """Whether the turn in progress (or about to start) is part of setup: placing workers
    (SANTORINI.md §3.1) or a setup choice of a power (a turn of ``MARK`` steps, such as
    Tartarus's Abyss). A ``PLACE`` beyond a player's number of workers is play (Jason)."""
    turn = board.turn
    if turn:
        kind = turn[0] >> KIND_SHIFT & 0xF
        if kind == _KIND_MARK:
            return True
        return kind == KIND_PLACE and board.still_to_place(board.to_move) >= 0
    return board.placing or bool(board.powers[board.to_move].setup_steps(board, board.to_move))


def interjection(board: State) -> tuple[int, Power, list[StepCode]] | None:
    """A power's choice to be made now, inside the turn of the player to move (Gaea)."""
    if not board.turn:
        return None
    player = board.to_move
    powers = acting_powers(board)
    for owner in sorted(range(len(powers)), key=lambda seat: powers[seat].interjection_order):
        power = powers[owner]
        if not power.is_plain:
            steps = power.interjection_steps(board, owner, player)
            if steps:
                return owner, power, steps
    return None


def mover_turn(turn: list[StepCode]) -> list[StepCode]:
    """The turn in progress as the mover's power sees it: a move another power inserted
    for the worker in use (a Harpies slide, a whirlpool jump, ``INSERTED``) carries on the
    move before it, so the two are one move to where the worker came to rest; other
    inserted steps (Gaea's placement) are not part of it. So Demeter still builds again
    after Gaea's placement, and Artemis may move again from where a slide left her."""
    view: list[StepCode] = []
    for step in turn:
        if not step & INSERTED:
            view.append(step)
        elif step_kind(step) is StepKind.MOVE and view and step_kind(view[-1]) is StepKind.MOVE:
            last = view[-1]
            if step_dst(last) == step_src(step):
                view[-1] = make_step(StepKind.MOVE, step_src(last), step_dst(step))
    return view


@contextmanager
def _as_mover_sees(board: State) -> Iterator[None]:
    """Show the mover's power its own view of the turn (:func:`mover_turn`) meanwhile."""
    turn = board.turn
    # (``INSERTED`` is a step's highest bit: ``max`` finds one without a Python loop, which
    # matters for the long turns a search of Hermes's or Atalanta's travels builds.)
    if not turn or max(turn) < INSERTED:
        yield
        return
    board.turn = mover_turn(turn)
    try:
        yield
    finally:
        board.turn = turn


def has_secrets_from(board: State, player: int) -> bool:
    """Whether another side's card hides something from ``player`` (Hecate's workers, the
    Abyss, the Fate square): a turn they write may then be cut short by what they cannot see."""
    team = team_of(board, player)
    return any(
        card.hides_workers or card.secret_tokens
        for owner, card in enumerate(board.powers)
        if owner not in team
    )


def hidden_workers(board: State, player: int | None) -> list[int]:
    """Squares of workers on another player's secret map (Hecate), which ``player``
    (``None``: a spectator) does not see: their steps are generated as if those squares
    were empty."""
    cards = board.powers
    if not any(card.hides_workers for card in cards):
        return []
    team = frozenset() if player is None else team_of(board, player)
    out = board.eliminated()
    return [
        square
        for owner, card in enumerate(cards)
        if card.hides_workers and owner not in team and owner not in out
        for square in board.workers[owner]
    ]


def candidate_steps(board: State, *, ending_only: bool = False) -> list[StepCode]:
    """What the turn structure offers next, after opponents' restrictions.

    Some of these may lead nowhere (a power's step after which the turn cannot be
    finished); :func:`legal_steps` removes those. A player who cannot move and build in a
    three-player game is offered only ``OUT`` (leaving the game). With ``ending_only`` the
    caller only asks whether the answer is ``[END]``: when the mover's own power does not
    offer ``END`` it cannot be (restrictions only remove steps), so they are not asked
    (Persephone's costs a search per step).
    """
    inserting = interjection(board)
    if inserting is not None:
        return inserting[2]
    player = board.to_move
    powers = acting_powers(board)
    own = _own_interjection_as_seen(board, player)
    if own:
        return own
    if in_setup_turn(board):
        if board.placing:
            steps = [place(s) for s in powers[player].placement_squares(board, player)]
        else:
            return board.powers[player].setup_steps(board, player) or ([END] if board.turn else [])
    else:
        hidden = hidden_workers(board, player)
        if hidden:
            mark = board.checkpoint()
            for square in hidden:
                board.remove_worker(square)
            steps = _play_steps(board, player, powers, ending_only)
            board.rollback(mark)
        else:
            steps = _play_steps(board, player, powers, ending_only)
        if not board.turn and _eliminates(board) and not _completing(board, steps, first=True):
            return [OUT]
        return steps
    for owner, other in enumerate(powers):
        if owner != player and not other.is_plain:
            steps = [s for s in steps if other.allows_opponent_step(board, owner, player, s)]
    return steps


def _own_interjection_as_seen(board: State, player: int) -> list[StepCode]:
    """The mover's own power's step inside the turn as the mover sees the board, when
    only hidden workers stop it on the true board (Charybdis's whirlpool jump onto a space
    Hecate's worker holds): it is offered like any step the mover's view allows, and
    cancelled when taken (RULINGS #56)."""
    if not board.turn or in_setup_turn(board) or not hidden_workers(board, player):
        return []
    seen = interjection_as_seen(board, player)
    return seen[2] if seen is not None and seen[0] == player else []


def interjection_as_seen(board: State, player: int) -> tuple[int, Power, list[StepCode]] | None:
    """:func:`interjection` as ``player`` sees the board: without the workers hidden from
    them (Hecate's), whose spaces look free."""
    hidden = hidden_workers(board, player)
    if not hidden:
        return interjection(board)
    mark = board.checkpoint()
    for square in hidden:
        board.remove_worker(square)
    try:
        return interjection(board)
    finally:
        board.rollback(mark)


def _play_steps(
    board: State, player: int, powers: tuple[Power, ...], ending_only: bool = False
) -> list[StepCode]:
    with _as_mover_sees(board):
        steps = powers[player].turn_steps(board, player)
    if ending_only and END not in steps:
        return steps
    for owner, other in enumerate(powers):
        if owner != player and not other.is_plain:
            # END too: a restriction may refuse to let the turn end as it stands (Aphrodite).
            steps = [s for s in steps if other.allows_opponent_step(board, owner, player, s)]
    return steps


def legal_steps(board: State) -> list[StepCode]:
    """The steps the player to move may take: those that can be part of a full turn."""
    if board.decided is not None:
        return []
    candidates = candidate_steps(board)
    if all(p.is_plain for p in board.powers):
        # Base rules: after a move the vacated square can always be built on, so every
        # candidate completes a turn.
        return candidates
    return _completing(board, candidates)


def has_legal_turn(board: State) -> bool:
    """Whether the player to move can complete a turn (the fast path's answer when plain)."""
    if board.plain and not board.turn and not board.placing:
        return plain_has_turn(board)
    return has_legal_step(board)


def game_outcome(board: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on: a win ends the game when it
    happens; a player to move with no legal turn loses (rule 2.2)."""
    if board.decided is not None:
        return board.decided
    if not board.turn and not has_legal_turn(board):
        return no_legal_turn_outcome(board)
    return None


def has_legal_step(board: State) -> bool:
    """Whether the player to move has any legal step (stops at the first one found)."""
    if board.decided is not None:
        return False
    candidates = candidate_steps(board)
    if all(p.is_plain for p in board.powers):
        return bool(candidates)
    return bool(_completing(board, candidates, first=True))


def _completing(board: State, steps: list[StepCode], *, first: bool = False) -> list[StepCode]:
    """The ``steps`` after which the turn can be finished (with ``first``, stop at the
    first one). The searches share what they learn: a state on a way to the end of the
    turn completes, and every state a failed search reached cannot (it explored all that
    follows them), so each state of the turn is searched about once, however many steps
    lead to it (Atalanta's or Hermes's wandering under Persephone's rule)."""
    known: dict[Hashable, bool] = {}
    found: list[StepCode] = []
    for step in steps:
        seen: set[Hashable] = set()
        if _completes(board, step, known, seen):
            found.append(step)
            if first:
                break
        else:
            known.update(dict.fromkeys(seen, False))
    return found


def _completes(board: State, step: StepCode, known: dict[Hashable, bool], seen: set[Hashable]) -> bool:
    """Depth first: some way of finishing the turn follows ``step``. ``seen``: the states
    this search entered (one on the current path, or explored, counts as no way out)."""
    mark, start_ply = board.checkpoint(), board.ply
    try:
        apply_step(board, step)
        if board.decided is not None or board.ply != start_ply:
            return True
        key = state_key(board)
        answer = known.get(key)
        if answer is not None:
            return answer
        if key in seen:
            return False
        seen.add(key)
        following = candidate_steps(board)
        # Ending the turn always completes it: no need to search the optional steps
        # first (Heracles's domes, Demeter's second build, ...).
        if END in following or any(_completes(board, s, known, seen) for s in following):
            known[key] = True
            return True
        return False
    finally:
        board.rollback(mark)


def end_first(steps: list[StepCode]) -> list[StepCode]:
    """``steps`` with ``END`` tried first: a search for some way of finishing the turn
    learns at once whether ending it here will do, before the optional steps (a search
    that dives through Heracles's domes first passes over each one)."""
    if END in steps and steps[0] != END:
        return [END, *(s for s in steps if s != END)]
    return steps


def state_key(board: State) -> Hashable:
    """Identifies a state in the middle of a turn: the position plus what the mover's
    power says matters of the turn so far (so Hermes's back-and-forth moves merge), as it
    sees the turn (:func:`mover_turn`, as its ``turn_steps`` does); and another power's
    step due now, if any (a whirlpool jump: the same position and view without it go on
    otherwise). Judged on the true turn, Hermes's walks through the whirlpools never
    merged: his view of a move down onto one and the jump back up is a level move."""
    mover = power_of(board, board.to_move)
    inserting = interjection(board)
    with _as_mover_sees(board):
        key = mover.turn_key(board)
    if inserting is None:
        return (board.board_hash, key)
    return (board.board_hash, key, tuple(inserting[2]))


def apply_step(board: State, step: StepCode) -> None:
    """Carry out a step without checking it, then end the turn if nothing can follow."""
    step &= ~INSERTED  # (a record's ``+``: the engine marks inserted steps itself)
    if step == END:
        if not board.turn:  # a turn that only declines is still a turn of the record
            board.add_turn_step(step)
        finish_turn(board)
        return
    if step == OUT:
        board.add_turn_step(step)
        eliminate(board, board.to_move)
        alive = set(range(board.n_players)) - board.eliminated()
        if len(alive) == 1:
            board.set_outcome(Outcome(frozenset(alive), Termination.NO_LEGAL_TURN))
            board.end_turn(next_player(board))
        else:
            finish_turn(board)
        return
    if _cancelled(board, step):
        # RULINGS #56: the action is cancelled and the rest of the turn is lost.
        board.add_turn_step(step | CANCELLED)
        finish_turn(board)
        return
    _take_step(board, step)
    if board.decided is None and candidate_steps(board, ending_only=True) == [END]:
        finish_turn(board)


def _cancelled(board: State, step: StepCode) -> bool:
    """Whether ``step``, offered to a player who does not see someone's secret workers,
    is impossible on the true board (Hecate). If the true board allows it — possibly
    through the player's own power, such as Apollo swapping with the hidden worker — it
    happens: that is the card's "use their power on their behalf"."""
    if step & CANCELLED or in_setup_turn(board):
        return False
    if not hidden_workers(board, board.to_move) or interjection(board) is not None:
        return False
    return step not in _play_steps(board, board.to_move, acting_powers(board))


def _take_step(board: State, step: StepCode) -> None:
    """A step's effects and the win check, without looking whether the turn is over
    (``legal_turns`` replays steps it already knows the turn goes on after)."""
    player = board.to_move
    inserting = interjection(board)
    powers = acting_powers(board)
    board.add_turn_step(step if inserting is None else step | INSERTED)
    if inserting is not None:
        # Another power's step inside this turn (Gaea's placement; Charybdis's whirlpool
        # jump): that power carries it out. A move it makes a worker take counts as the
        # mover's move (the whirlpool "counts as a move"), so it is checked for a win.
        owner, power, _ = inserting
        power.apply_step(board, owner, step)
        moved = step_kind(step) is StepKind.MOVE
        actor = player if moved else owner
        for other, hook in enumerate(acting_powers(board)):
            if not hook.is_plain:
                hook.after_step(board, other, actor, step)
        if moved and board.decided is None:
            check_win(board, player, step)
        if board.decided is not None:
            board.end_turn(next_player(board))
        return
    if step_kind(step) is StepKind.MARK and in_setup_turn(board):
        board.powers[player].apply_step(board, player, step)  # a setup choice of the card
    else:
        powers[player].apply_step(board, player, step)
    for owner, power in enumerate(acting_powers(board)):
        if not power.is_plain:
            power.after_step(board, owner, player, step)
    if step_kind(step) is not StepKind.PLACE and board.decided is None:
        check_win(board, player, step)
    if board.decided is not None:
        # A win ends the game at once (ruling 7): the turn so far is complete and joins
        # the history (records replay it), with no end-of-turn effects.
        board.end_turn(next_player(board))


def check_win(board: State, player: int, step: StepCode) -> None:
    """Win check after every move or build (ruling 7): the mover's win first, then wins
    other powers claim on that step (Chronus, ruling 33); opponents may veto (ruling 8)."""
    powers = acting_powers(board)
    termination = powers[player].wins_with(board, player, step)
    if termination is not None and not _vetoed(board, player, step):
        board.set_outcome(Outcome(team_of(board, player), termination))
        return
    for owner, power in enumerate(powers):
        if owner != player and not power.is_plain:
            termination = power.wins_on(board, owner, player, step)
            if termination is not None and not _vetoed(board, owner, step):
                board.set_outcome(Outcome(team_of(board, owner), termination))
                return


def _vetoed(board: State, winner: int, step: StepCode) -> bool:
    """Whether an opponent of ``winner`` stops the win that ``step`` gives it (Hera)."""
    rivals = opponents_of(board, winner)
    return any(
        owner in rivals and power.vetoes_win(board, owner, winner, step)
        for owner, power in enumerate(acting_powers(board))
    )


def finish_turn(board: State) -> None:
    """End the turn in progress. Setup turns (placing workers, a power's setup choice)
    are not turns of play, so the start- and end-of-turn hooks ("Start of Your Turn",
    "End of Your Turn") skip them; a setup choice does not use up its player's turn.

    Indirect cards (Chaos, Circe) keep their own books: their ``end_of_turn`` runs after
    the acting powers' (Chaos changes god after the turn), their ``start_of_turn``
    before (Circe decides whose power is whose, then that power's turn starts)."""
    player = board.to_move
    cards = board.powers
    turn = board.turn
    setup = in_setup_turn(board)
    if not setup:
        for owner, power in enumerate(acting_powers(board)):
            power.end_of_turn(board, owner, player)
        for owner, card in indirect_cards(board):
            card.end_of_turn(board, owner, player)
    if setup and turn and step_kind(turn[0]) is StepKind.MARK:
        following = player  # a setup choice is not a turn: the same player plays next,
        for owner, card in enumerate(cards):  # unless the variant says otherwise (the Ram)
            chosen = card.next_player(board, owner, player) if card.indirect else None
            if chosen is not None:
                following = chosen
    else:
        following = next_player(board)
    board.end_turn(following)
    if not in_setup_turn(board):
        begin_turn(board)


def begin_turn(board: State) -> None:
    """The start of the turn of the player to move: first the state the board decides
    (``start_of_turn_state``), then what happens (``start_of_turn``); each time indirect
    cards first (Circe decides whose power is whose, then that power's turn starts)."""
    derive_turn_start(board)
    player = board.to_move
    for owner, card in indirect_cards(board):
        card.start_of_turn(board, owner, player)
    for owner, power in enumerate(acting_powers(board)):
        power.start_of_turn(board, owner, player)


def derive_turn_start(board: State) -> None:
    """The state the start of the turn of the player to move decides from the board
    (``Power.start_of_turn_state``): run as each turn starts, and on a position read
    between turns so that it means what the same position reached by play means."""
    player = board.to_move
    for owner, card in indirect_cards(board):
        card.start_of_turn_state(board, owner, player)
    for owner, power in enumerate(acting_powers(board)):
        power.start_of_turn_state(board, owner, player)


# ---------------------------------------------------------------------- full turns
def legal_turns(board: State, limit: int | None = None) -> list[Turn]:
    """Every full turn from the current step on, found by trying steps breadth first.

    With ``limit``, the search stops once that many turns are found: being breadth first,
    it keeps the shortest turns (those that decline optional power steps first). The AI
    uses it for powers with hundreds of thousands of turns (Heracles's domes).

    Sequences that end in the same position (and outcome) are one turn, written as the
    shortest of them, so Hermes's and Triton's wandering paths come out as their most
    direct routes. Turns are listed in depth-first order of the steps (as the fast path
    lists them). A trailing ``END`` (declining optional steps) is implied, not listed.
    """
    if board.decided is not None:
        return []
    # Per end state: (the indices of the steps among those offered, the turn); breadth
    # first, so the first path found to a state is a shortest one.
    found: dict[Hashable, tuple[tuple[int, ...], TurnCode]] = {}
    seen: set[Hashable] = set()
    start_ply = board.ply
    frontier: list[tuple[tuple[int, ...], TurnCode]] = [((), ())]
    while frontier:
        deeper: list[tuple[tuple[int, ...], TurnCode]] = []
        for order, path in frontier:
            base = board.checkpoint()
            for step in path:  # replay the way to this state (the journal holds one line)
                _take_step(board, step)
            for index, step in enumerate(candidate_steps(board)):
                mark = board.checkpoint()
                apply_step(board, step)
                if board.decided is not None or board.ply != start_ply:
                    turn = path if step == END and path else (*path, step)
                    found.setdefault((board.zobrist_hash(), board.decided), ((*order, index), turn))
                    if limit is not None and len(found) >= limit:
                        board.rollback(mark)
                        board.rollback(base)
                        return [Turn(turn) for _, turn in sorted(found.values())]
                else:
                    key = state_key(board)
                    if key not in seen:
                        seen.add(key)
                        deeper.append(((*order, index), (*path, step)))
                board.rollback(mark)
            board.rollback(base)
        frontier = deeper
    return [Turn(turn) for _, turn in sorted(found.values())]


# ---------------------------------------------------------------------- explanations
def explain_illegal(board: State, step: StepCode) -> str:
    """Why ``step`` is not legal now, in words a player understands."""
    player = board.to_move
    kind = step_kind(step)
    src, dst = step_src(step), step_dst(step)
    offered = candidate_steps(board)
    if not offered and not board.turn:
        return f"player {player + 1} has no legal turn, and so has lost"
    kinds = {step_kind(s) for s in offered}
    if kind not in kinds:
        wanted = " or ".join(sorted(k.name.lower() for k in kinds)) or "nothing"
        return f"a {kind.name.lower()} is not possible now (expected: {wanted})"
    if step in offered:
        return f"after {format_step(step, board)} the turn could not be finished"
    powers = acting_powers(board)
    if not in_setup_turn(board) and step in powers[player].turn_steps(board, player):
        for owner, other in enumerate(powers):
            if owner != player and not other.allows_opponent_step(board, owner, player, step):
                return f"{other.name}'s power forbids {format_step(step, board)}"
    if kind is StepKind.PLACE:
        if not board.is_free(dst):
            return f"{square_name(dst)} is occupied"
    elif kind is StepKind.MOVE:
        if board.owner[src] != board.side_of(player):  # (four players: the team's workers)
            side = board.side_of(player)
            whose = f"team {side + 1}+{side + 3}" if board.n_players == 4 else f"player {player + 1}"
            return f"no worker of {whose} on {square_name(src)}"
        if board.turn and step_kind(board.turn[-1]) is StepKind.MOVE and src != step_dst(board.turn[-1]):
            return f"only the worker on {square_name(step_dst(board.turn[-1]))} may go on"
        if dst not in NEIGHBORS[src]:
            return f"{square_name(dst)} does not neighbor {square_name(src)}"
        if board.domes >> dst & 1:
            return f"{square_name(dst)} has a dome"
        rise = board.height[dst] - board.height[src]
        if rise > 1:
            return f"{square_name(dst)} is {rise} levels up from {square_name(src)} (at most 1)"
        if board.occupied >> dst & 1:
            return f"{square_name(dst)} is occupied by a worker"
    elif kind is StepKind.BUILD:
        builders = {step_src(s) for s in offered if step_kind(s) is StepKind.BUILD}
        if src not in builders:
            names = ", ".join(square_name(b) for b in sorted(builders))
            return f"the worker on {names} must build, not one on {square_name(src)}"
        if dst not in NEIGHBORS[src] and dst != src:
            return f"{square_name(dst)} does not neighbor the builder on {square_name(src)}"
        if board.domes >> dst & 1:
            return f"{square_name(dst)} has a dome: nothing can be built on it"
        if board.occupied >> dst & 1:
            return f"{square_name(dst)} is occupied by a worker"
        if step & (1 << 14):
            return f"a dome cannot be built on level {board.height[dst]} of {square_name(dst)}"
    legal = ", ".join(format_step(s, board) for s in legal_steps(board))
    return f"{format_step(step, board)} is not allowed here (legal: {legal})"


def what_is_missing(board: State) -> str:
    steps = ", ".join(format_step(s, board) for s in legal_steps(board))
    return f"one more step is required, one of: {steps}"


def related_turns(turn: TurnCode, legal: list[Turn]) -> list[Turn]:
    """The legal turns of the worker ``turn`` starts with, or all of them if it has none."""
    first = turn[0]
    if step_kind(first) is not StepKind.PLACE:
        actor = step_src(first)
        same = [t for t in legal if step_kind(t[0]) is not StepKind.PLACE and step_src(t[0]) == actor]
        if same:
            return same
    return legal


#: How deep a power's search through the rest of a turn may recurse (Persephone's,
#: Adonis's): one level per state along the way, and a turn such as Hermes's travels can
#: pass through many hundreds of states, past Python's default limit of 1,000 frames.
SEARCH_RECURSION_LIMIT = 50_000


@contextmanager
def deep_search() -> Iterator[None]:
    """Let a depth-first search of a turn recurse as deep as the turn goes (restored after;
    Python-to-Python calls do not grow the C stack in 3.11)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, SEARCH_RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@contextmanager
def searching_once(active: set[int], board: State) -> Iterator[None]:
    """Mark ``board`` as inside a power's own search of the turn (its filter is off there),
    in ``active``; the outermost entry also lets the search recurse as deep as the turn."""
    key = id(board)
    if key in active:
        yield
        return
    active.add(key)
    try:
        with deep_search():
            yield
    finally:
        active.discard(key)
