"""``aegean.trial.audit``: a sound game passes; a broken invariant or a secret in a view is
caught with one line naming it; ``selfplay --check`` audits every decision of every game
and stops on the first failure with one line and exit status 1."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from aegean.main import app
from aegean.trial import audit as audit_module
from aegean.trial.audit import AuditFailure, audit
from aegean.trial.bots import HeuristicBot, RandomBot, play_game
from aegean.trial.engine import Game

from .scenario import content, playout, start


def test_positions_of_a_random_game_pass() -> None:
    for n, game in enumerate(playout(3, True, 4)):
        if n % 5 == 0:
            audit(game)


def test_a_card_gone_missing_is_caught() -> None:
    game = start(2)
    game.state.players[0].hand.pop()
    with pytest.raises(AuditFailure) as failure:
        audit(game)
    assert str(failure.value).startswith("invariant broken: ") and "\n" not in str(failure.value)


def test_a_hand_in_another_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that showed player 1's hand to everyone would be reported, naming the viewer."""
    game = start(2)
    secret = game.state.players[0].hand[0]
    honest = audit_module.observe

    def leaky(game: Game, viewer: int | None, recall: bool = False) -> dict[str, object]:
        return {**honest(game, viewer, recall), "oops": [secret]}

    monkeypatch.setattr(audit_module, "observe", leaky)
    with pytest.raises(AuditFailure) as failure:
        audit(game)
    assert str(failure.value) == f"player 2's view shows what they may not see: hand {secret}"


def test_play_game_audits_every_decision() -> None:
    result = play_game(content(), [HeuristicBot(1), RandomBot(2)], 9, advanced=True, check=True)
    assert result.decisions > 100 and len(result.scores) == 2


def test_selfplay_check_plays_audited_games() -> None:
    result = CliRunner().invoke(
        app,
        [
            "trial",
            "selfplay",
            "--players",
            "2",
            "--games",
            "2",
            "--seed",
            "3",
            "--bots",
            "search:1,random",
            "--check",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert sum(line.startswith("game ") for line in result.stdout.splitlines()) == 2


def test_selfplay_check_stops_on_the_first_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game) -> None:
        raise AuditFailure("invariant broken: a test says so")

    monkeypatch.setattr("aegean.trial.bots.play.audit", broken)
    result = CliRunner().invoke(app, ["trial", "selfplay", "--players", "2", "--games", "3", "--check"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == ["error: game 0, after decision 0: invariant broken: a test says so"]
    assert not any(line.startswith("game ") for line in result.stdout.splitlines())
