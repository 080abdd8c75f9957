"""The text of every power card (SANTORINI.md §4), as data for the command line.

``powers.csv`` is a verbatim copy of the shared table and has no text column, so the
card texts live here, keyed by the card name as in the table: the timing heading, a
colon, then the effect, written from the owner's point of view.

>>> CARD_TEXTS["Athena"].split(":")[0]
"Opponent's Turn"
>>> len(CARD_TEXTS)
55
"""

from __future__ import annotations

from typing import Final

from .table import power_info

#: Card name -> one paragraph of card text.
CARD_TEXTS: Final[dict[str, str]] = {
    "Apollo": (
        "Your Move: your worker may move (by normal movement rules) into a space occupied by an opponent "
        "worker; that worker is forced into the space yours just left (the two swap)."
    ),
    "Artemis": (
        "Your Move: your worker may move one more time, but not back to the space it started the turn on."
    ),
    "Athena": (
        "Opponent's Turn: if one of your workers moved up on your last turn, opponent workers cannot move"
        " up this turn."
    ),
    "Atlas": "Your Build: your worker may build a dome on any level, ground included.",
    "Demeter": "Your Build: your worker may build one more time, but not on the same space.",
    "Hephaestus": "Your Build: your worker may build one extra block (not a dome) on top of its first block.",
    "Hermes": (
        "Your Turn: if your workers do not move up or down, each of them may move any number of times "
        "(zero included), and then one of them builds."
    ),
    "Minotaur": (
        "Your Move: your worker may move (by normal movement rules) into a space occupied by an opponent "
        "worker if that worker can be forced one space straight on, in the same direction, into an "
        "unoccupied space at any level."
    ),
    "Pan": "Win Condition: you also win if your worker moves down two or more levels.",
    "Prometheus": "Your Turn: if your worker does not move up, it may build both before and after moving.",
    "Aphrodite": (
        "Any Move: if an opponent worker starts its turn neighboring one of your workers, its last move "
        "must end on a space neighboring one of your workers."
    ),
    "Ares": (
        "End of Your Turn: you may remove an unoccupied block (not a dome) neighboring your unmoved "
        "worker, together with any token on it."
    ),
    "Bia": (
        "Setup: place your workers first. Your Move: if your worker moves into a space and the next space"
        " in the same direction holds an opponent worker, that opponent worker is removed from the game."
    ),
    "Chaos": (
        "Setup: shuffle all simple gods (1–10) not in use into a face-down deck and turn the top one face"
        " up. Any Time: you have the power of the face-up god. After any turn in which at least one dome "
        "was built, you must discard it and turn up the next; when the deck is empty, reshuffle the "
        "discards into a new deck."
    ),
    "Charon": (
        "Your Move: before your worker moves, you may force a neighboring opponent worker to the space "
        "directly on the other side of your worker, if that space is unoccupied."
    ),
    "Chronus": "Win Condition: you also win when there are at least five Complete Towers on the board.",
    "Circe": (
        "Start of Your Turn: if an opponent's workers do not neighbor each other, you alone have the use "
        "of that opponent's power until your next turn."
    ),
    "Dionysus": (
        "Your Build: each time a worker you control creates a Complete Tower, you may take an additional "
        "turn using an opponent worker instead of your own. No player can win during these additional "
        "turns."
    ),
    "Eros": (
        "Setup: place your workers anywhere along opposite edges of the board. Win Condition: you also "
        "win if one of your workers moves to a space neighboring your other worker and both are on level "
        "1 (in a 3-player game: both on the same level)."
    ),
    "Hera": "Opponent's Turn: an opponent cannot win by moving into a perimeter space.",
    "Hestia": "Your Build: your worker may build one more time, but not on a perimeter space.",
    "Hypnus": (
        "Start of Opponent's Turn: if one of your opponent's workers is higher than all of their others, "
        "it cannot move."
    ),
    "Limus": (
        "Opponent's Turn: opponent workers cannot build on spaces neighboring your workers, unless the "
        "build is a dome completing a Complete Tower."
    ),
    "Medusa": (
        "End of Your Turn: if possible, your workers build in lower neighboring spaces occupied by "
        "opponent workers, removing those workers from the game."
    ),
    "Morpheus": (
        "Start of Your Turn: put a block or dome on your power card. Your Build: your worker cannot build"
        " as normal; instead it may build any number of times (zero included), spending one piece from "
        "the card per build. The pieces on the card are interchangeable: any of them can be exchanged for"
        " any shape at any time."
    ),
    "Persephone": "Opponent's Turn: if possible, at least one worker must move up this turn.",
    "Poseidon": (
        "End of Your Turn: if your unmoved worker is on the ground level, it may build up to three times "
        "(on its neighboring spaces)."
    ),
    "Selene": (
        "Setup: place a male and a female worker of your color. Your Build: instead of your normal build,"
        " your female worker may build a dome at any level, whichever worker moved."
    ),
    "Triton": "Your Move: each time your worker moves into a perimeter space, it may immediately move again.",
    "Zeus": (
        "Your Build: your worker may build a block under itself (it is forced up one level; reaching "
        "level 3 this way does not win)."
    ),
    "Aeolus": (
        "Setup: place the Wind token beside the board pointing in one of the 8 directions: the direction "
        "the wind blows. End of Your Turn: turn the Wind token to any of the 8 directions. Any Move: no "
        "worker can move directly into the wind (that is, in the direction opposite to the one the wind "
        "blows)."
    ),
    "Charybdis": (
        "Setup: put 2 Whirlpool tokens on your card. End of Your Turn: you may place a Whirlpool token "
        "from your card on any unoccupied space. Any Time: while both Whirlpool tokens lie on unoccupied "
        "spaces, a worker that moves onto one of them must immediately move to the other token's space; "
        "this counts as a move in the same direction as the move before it. A Whirlpool token that is "
        "built on or removed goes back to your card."
    ),
    "Clio": (
        "Your Build: put a Coin token on each of the first 3 blocks your workers build. Opponent's Turn: "
        "opponents treat spaces holding your Coin tokens as if they held only a dome."
    ),
    "Europa & Talus": (
        "Setup: put the Talus token on your card. End of Your Turn: you may move the Talus token to an "
        "unoccupied space neighboring the worker that moved. Any Time: every player treats the Talus "
        "space as if it held only a dome."
    ),
    "Gaea": (
        "Setup: take 2 extra workers of your color and keep them on your card. Any Build: when any worker"
        " builds a dome, Gaea may at once place a worker from her card on a ground-level space "
        "neighboring that dome."
    ),
    "Graeae": (
        "Setup: place 3 workers of your color instead of 2. Your Build: you choose which of your workers "
        "builds."
    ),
    "Hades": "Opponent's Turn: opponent workers cannot move down.",
    "Harpies": (
        "Opponent's Turn: each time an opponent worker moves, it is then forced space by space in the "
        "same direction until the next space is higher than its current one or is obstructed."
    ),
    "Hecate": (
        "Setup: place your workers last, and only on a secret map hidden from the opponents: your workers"
        " are not on the shared board. Your Turn: move a worker on your secret map as if it were on the "
        "board; build on the real board as normal. Any Time: if an opponent attempts an action that would"
        " be illegal because of your secret workers, the action is cancelled and the opponent loses the "
        "rest of the turn. Where possible, apply the opponent's power on their behalf to keep their turn "
        "legal, without telling them why."
    ),
    "Moerae": (
        "Setup: behind your screen, secretly choose a 2 × 2 square of Fate spaces. Place 3 workers of "
        "your color. Win Condition: if an opponent worker attempts to win by moving into one of your Fate"
        " spaces, you win instead."
    ),
    "Nemesis": (
        "End of Your Turn: if none of an opponent's workers neighbor yours, you may force as many of that"
        " opponent's workers as possible to take the spaces your workers occupy, and vice versa."
    ),
    "Siren": (
        "Setup: place the Arrow token beside the board pointing in one of the 8 directions: the direction"
        " of the Siren's Song. Your Turn: instead of your normal turn you may force one or more opponent "
        "workers one space in the direction of the Song, each into an unoccupied space at any level."
    ),
    "Tartarus": (
        "Setup: place your workers first. After all workers are placed, secretly mark one unoccupied "
        "space as the Abyss. Lose Condition: a player whose worker enters the Abyss loses at once; no "
        "worker can win by entering the Abyss."
    ),
    "Terpsichore": "Your Turn: all of your workers must move, and then all of them must build.",
    "Urania": (
        "Your Turn: when your worker moves or builds, opposite edges and corners count as adjacent (the "
        "board wraps around), so every space has 8 neighbors."
    ),
    "Achilles": "Your Turn: once, your worker builds both before and after moving.",
    "Adonis": (
        "End of Your Turn: once, choose an opponent worker; if possible, it must end the opponent's next "
        "turn neighboring one of your workers."
    ),
    "Atalanta": "Your Move: once, your worker moves any number of additional times.",
    "Bellerophon": "Your Move: once, your worker may move up two levels.",
    "Heracles": (
        "End of Your Turn: once, both of your workers build any number of domes (zero included) at any level."
    ),
    "Jason": (
        "Setup: keep one extra worker of your color on your card. Your Turn: once, instead of your normal"
        " turn, place the extra worker on an unoccupied ground-level perimeter space; that worker then "
        "builds."
    ),
    "Medea": (
        "End of Your Turn: once, remove one block from under any number of workers neighboring your "
        "unmoved worker, with any tokens on those blocks."
    ),
    "Odysseus": (
        "Start of Your Turn: once, force any number of opponent workers that neighbor your workers into "
        "unoccupied corner spaces."
    ),
    "Polyphemus": (
        "End of Your Turn: once, your worker builds up to 2 domes at any level, on any unoccupied spaces "
        "of the board."
    ),
    "Theseus": (
        "End of Your Turn: once, if any of your workers is exactly 2 levels below a neighboring opponent "
        "worker, remove one such opponent worker from the game."
    ),
}


def card_text(name: str) -> str:
    """The card text of the power called ``name`` (any case, as :func:`power_info`)."""
    return CARD_TEXTS[power_info(name).name]
