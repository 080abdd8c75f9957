"""Words for what a game shows: card headings and why a game ended.

Both front ends say these the same way (the terminal's "Game over" line, the web UI's
result banner and log), so the sentences live here, once.
"""

from __future__ import annotations

from aegean.santorini import Board, Outcome, Termination, format_turn
from aegean.santorini.powers import power_info
from aegean.santorini.powers.chronus import TOWERS_TO_WIN, complete_towers
from aegean.santorini.powers.moerae import CORNERS, FATE, fate_mask
from aegean.santorini.powers.tartarus import ABYSS
from aegean.santorini.rules import acting_powers
from aegean.santorini.squares import NEIGHBORS, SQUARE_NAMES
from aegean.santorini.steps import StepKind, step_dst, step_kind, step_src

#: A card's category in words (POWERS.csv's column; "expansion": the gods 31-45 that came
#: in the Golden Fleece box, which is not the Golden Fleece *mark* that the variant asks
#: for: Hecate and Tartarus are expansion gods without it).
CATEGORY_NAMES = {
    "simple": "simple god",
    "advanced": "advanced god",
    "expansion": "expansion god",
    "hero": "hero",
}


def card_heading(name: str) -> str:
    """``Apollo, God of Music (simple god)``.

    >>> card_heading("Hecate")
    'Hecate, Goddess of Magic (expansion god)'
    """
    info = power_info(name)
    return f"{info.name}, {info.epithet} ({CATEGORY_NAMES.get(info.category, info.category)})"


def player_name(board: Board, player: int) -> str:
    """``player 2``, with their power when they have one: ``player 2 (Tartarus)``."""
    power = board.powers[player].name
    return f"player {player + 1} ({power})" if power else f"player {player + 1}"


def describe_outcome(board: Board, outcome: Outcome) -> str:
    """Why the game ended, in words (a sentence without its full stop)."""
    losers = sorted(set(range(board.n_players)) - outcome.winners)
    loser_names = " and ".join(f"player {p + 1}" for p in losers)
    if outcome.termination is Termination.CLIMB:
        last = format_turn(board.history[-1]) if board.history else ""
        return f"a worker moved up onto level 3 ({last})" if last else "a worker moved up onto level 3"
    if outcome.termination is Termination.NO_LEGAL_TURN:
        if board.n_players == 3 and len(outcome.winners) == 1:
            (winner,) = outcome.winners
            return f"player {winner + 1} is the last player left in the game"
        team = ""
        if board.n_players == 4:
            side = board.side_of(board.to_move)
            team = f" (team {side + 1}+{side + 3} loses)"
        return f"player {board.to_move + 1} has no legal turn (cannot move and then build){team}"
    if outcome.termination is Termination.RESIGNATION:
        return f"{loser_names} resigned"
    if outcome.termination is Termination.TIME:
        return f"{loser_names} ran out of time"
    return power_outcome(board, outcome)


def power_outcome(board: Board, outcome: Outcome) -> str:
    """Which power's Win or Lose Condition ended the game, and what happened, read from
    the final board (everything is visible once the game is over)."""
    tokens = board.tokens
    abyss = tokens.get(ABYSS)
    if abyss in SQUARE_NAMES and board.owner[SQUARE_NAMES.index(abyss)] >= 0:
        side = board.owner[SQUARE_NAMES.index(abyss)]
        owner = next((p for p, card in enumerate(board.powers) if card.name == "Tartarus"), None)
        whose = [p for p in range(board.n_players) if board.side_of(p) == side]
        who = " and ".join(f"player {p + 1}" for p in whose)
        verb = "lose" if len(whose) > 1 else "loses"
        if owner is not None and board.side_of(owner) == side:
            return f"{who} walked into their own Abyss on {abyss} (Tartarus) and {verb}"
        return f"a worker of {who} entered the Abyss on {abyss}, Tartarus's secret square: {who} {verb}"
    last = board.history[-1] if board.history else ()
    mover = board.movers[-1] if board.movers else board.to_move
    moves = [step for step in last if step_kind(step) is StepKind.MOVE]
    winners = sorted(outcome.winners)
    names = {p: {board.powers[p].name, acting_powers(board)[p].name} for p in winners}
    if board.fleece is not None:
        for p in winners:
            names[p].add(board.fleece.name)
    holder = {name: p for p, held in names.items() for name in held if name}
    corner = tokens.get(FATE)
    if "Moerae" in holder and moves and corner in SQUARE_NAMES and SQUARE_NAMES.index(corner) in CORNERS:
        square = step_dst(moves[-1])
        if fate_mask(SQUARE_NAMES.index(corner)) >> square & 1:
            return (
                f"player {mover + 1} tried to win by moving onto {SQUARE_NAMES[square]}, one of "
                f"Moerae's Fate spaces: player {holder['Moerae'] + 1} (Moerae) wins instead"
            )
    if "Chronus" in holder and complete_towers(board) >= TOWERS_TO_WIN:
        return (
            f"there are {complete_towers(board)} Complete Towers on the board: "
            f"player {holder['Chronus'] + 1} (Chronus) wins"
        )
    if "Pan" in holder and moves:
        src, dst = step_src(moves[-1]), step_dst(moves[-1])
        drop = board.height[src] - board.height[dst]
        if drop >= 2:
            return (
                f"a worker moved down {drop} levels ({SQUARE_NAMES[src]}-{SQUARE_NAMES[dst]}): "
                f"player {holder['Pan'] + 1} (Pan) wins"
            )
    if "Eros" in holder and moves:
        dst = step_dst(moves[-1])
        side = board.owner[dst]
        partner = [s for s in NEIGHBORS[dst] if side >= 0 and board.owner[s] == side]
        if partner:
            level = board.height[dst]
            return (
                f"Eros's workers met on {SQUARE_NAMES[dst]} and {SQUARE_NAMES[partner[0]]}, both on "
                f"level {level}: player {holder['Eros'] + 1} (Eros) wins"
            )
    powers = sorted({name for held in names.values() for name in held if name})
    return f"{' and '.join(powers) or 'a power'}'s win condition"
