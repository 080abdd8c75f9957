"""What both front ends show, in one place below both: the scene of a board for one
viewer (:mod:`.scene`) and the words for outcomes and for what a turn did
(:mod:`.words`, :mod:`.events`).

The terminal (:mod:`aegean.cli`) and the online table (:mod:`aegean.server`) import this
package and the engine, never each other (``[tool.importlinter]`` in pyproject.toml and
``tests/test_layers.py`` check it). Nothing here prints or draws: the terminal draws a
:class:`~.scene.Scene` with rich, the server turns it into JSON.
"""
