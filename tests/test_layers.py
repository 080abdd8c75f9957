"""The layers of the front ends (issue 13, item 17): the terminal (``aegean.cli``) and the
online table (``aegean.server``) share what they show through ``aegean.present``, which
stands on the engine alone; neither front end imports the other. The contracts live in
``[tool.importlinter]`` of pyproject.toml (``lint-imports`` runs them all); this test
runs these two, so that the test suite fails when they break."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_front_ends_do_not_import_each_other() -> None:
    status = lint_imports(
        config_filename=str(PYPROJECT),
        limit_to_contracts=("front-ends", "present-below-front-ends"),
        no_cache=True,
        no_logo=True,
    )
    assert status == 0, "a front end imports the other, or aegean.present imports a front end (see above)"
