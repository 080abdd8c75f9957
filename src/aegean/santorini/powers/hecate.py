"""39. Hecate, Goddess of Magic — *Setup*: place your workers last, and only on a secret
map hidden from the opponents. *Your Turn*: move a worker on your secret map as if it were
on the board; build on the real board as normal. *Any Time*: if an opponent attempts an
action that would be illegal because of your secret workers, the action is cancelled and
the opponent loses the rest of the turn (RULINGS #56).

The engine keeps her workers on the true board and marks the card ``hides_workers``; the
core does the rest, for any card so marked:

- ``rules.hidden_workers``: an opponent's steps are generated as if her squares were
  empty, so a player is offered exactly what they can see to be legal;
- ``rules._cancelled``: a step impossible on the true board is recorded with the
  ``CANCELLED`` flag (``b2-c3!``), has no effect, and ends the turn. A win attempted
  by a cancelled step never happens. A step the true board allows — possibly through the
  opponent's own power, such as Apollo swapping with her worker — happens: that is the
  printed "use their power on their behalf to keep their turn legal";
- :mod:`aegean.santorini.view`: other players' observations show her workers as ``?2``
  and her moves not at all (her builds as ``?^d4``).

"Place your workers last" is ``placement_order = +1`` (setup lets only the seat after hers
start, RULINGS #6).
"""

from __future__ import annotations

from typing import ClassVar

from ..power import Power


class Hecate(Power):
    name = "Hecate"
    placement_order = 1
    hides_workers: ClassVar[bool] = True
