"""The web UI in a real browser: Debian's Chromium (headless) driven by Playwright against a
real ``aegean serve``. Every game here is played by clicking the board as a person would,
and what the page shows is checked against the server's HTTP API and the rules engine.

Screenshots of the key screens go to ``docs/screenshots/`` (for the README) when
``AEGEAN_SCREENSHOTS=1``, else to the test's temporary folder.
"""

from __future__ import annotations

import http.server
import os
import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect, sync_playwright

from aegean.santorini import Board
from aegean.santorini.playout import random_playout
from aegean.santorini.record import GameRecord
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import TurnCode

from .conftest import ServerProcess, create_game, post_game, serve_in

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MISSING = f"{CHROMIUM} is missing (Debian's chromium package; .ci/run installs it)"
TIMEOUT_MS = 15_000
BOARD = '[data-testid="board"]'

#: square -> (level, dome, worker side or None): what a board shows.
Cells = dict[str, tuple[int, bool, int | None]]

expect.set_options(timeout=TIMEOUT_MS)

if not CHROMIUM.exists() and not os.environ.get("CI"):
    pytest.skip(MISSING, allow_module_level=True)


# ---------------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module (each test plays its own games on it)."""
    yield from serve_in(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for the module; Playwright never downloads a browser here."""
    if not CHROMIUM.exists():
        pytest.fail(MISSING)  # (only under CI: elsewhere the module is skipped)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


class Pages:
    """Opens pages, each in a context of its own (its own localStorage: its own person), and
    collects the JavaScript errors of all of them: a test fails on any."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(self, url: str, viewport: ViewportSize = DESKTOP, **options: Any) -> Page:
        context = self.browser.new_context(viewport=viewport, **options)
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("dialog", lambda dialog: dialog.accept())  # the resign confirmation
        page.goto(url)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser) -> Iterator[Pages]:
    opened = Pages(browser)
    try:
        yield opened
    finally:
        opened.close()
    assert not opened.errors, opened.errors


class Shot(Protocol):
    def __call__(self, page: Page, name: str, height: int | None = None) -> Path: ...


@pytest.fixture
def shot(tmp_path: Path) -> Shot:
    """Saves a screenshot of the viewport (made ``height`` tall for it, scrolled to the top)
    under its fixed name."""
    folder = SCREENSHOTS if os.environ.get("AEGEAN_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)

    def save(page: Page, name: str, height: int | None = None) -> Path:
        size = page.viewport_size
        assert size is not None
        if height is not None:
            page.set_viewport_size({"width": size["width"], "height": height})
            page.evaluate("window.scrollTo(0, 0)")
        path = folder / name
        page.screenshot(path=path, animations="disabled")
        page.set_viewport_size(size)
        assert path.stat().st_size > 1000
        return path

    return save


# ---------------------------------------------------------------------------------------------
# The server's side
# ---------------------------------------------------------------------------------------------


create = create_game


def seat_link(site: ServerProcess, game: dict[str, Any], seat: int) -> str:
    return f"{site.url}/game/{game['id']}#seat={seat}&token={game['seats'][seat]['token']}"


def spectator_state(site: ServerProcess, game_id: str) -> dict[str, Any]:
    reply = httpx.get(f"{site.url}/api/games/{game_id}")
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    return state


def server_cells(state: dict[str, Any]) -> Cells:
    return {c["square"]: (min(3, c["level"]), c["dome"], c["worker"]) for c in state["board"]["cells"]}


def server_turns(state: dict[str, Any]) -> list[str]:
    return [turn["text"] for turn in state["turns"]]


def game_id_of(page: Page) -> str:
    match = re.search(r"/game/([A-Za-z0-9_-]+)", page.url)
    assert match, page.url
    return match.group(1)


# ---------------------------------------------------------------------------------------------
# Reading the page
# ---------------------------------------------------------------------------------------------


def page_cells(page: Page) -> Cells:
    """The board as drawn: level (the rings' class), dome and the side of the worker drawn."""
    rows = page.eval_on_selector_all(
        f"{BOARD} .cell",
        """cells => cells.map(c => {
            const worker = c.querySelector('.worker');
            return [c.dataset.square, Number(c.className.match(/level-(\\d)/)[1]),
                    c.classList.contains('has-dome'),
                    worker ? Number(worker.className.match(/side-(\\d)/)[1]) : null];
        })""",
    )
    return {square: (level, dome, worker) for square, level, dome, worker in rows}


def squares(page: Page, css_class: str) -> list[str]:
    """The squares of the board with a class: selectable, target, selected."""
    found: list[str] = page.eval_on_selector_all(
        f"{BOARD} .cell.{css_class}", "cells => cells.map(c => c.dataset.square)"
    )
    return found


def workers_of(cells: Cells, side: int) -> list[str]:
    return sorted(square for square, (_, _, worker) in cells.items() if worker == side)


def move_texts(page: Page) -> list[str]:
    """The committed turns in the game page's move list."""
    return page.locator('[data-testid="move-list"] li:not(.in-progress) code').all_inner_texts()


# ---------------------------------------------------------------------------------------------
# Playing by clicking
# ---------------------------------------------------------------------------------------------


def press(page: Page, square: str, tap: bool = False) -> None:
    cell = page.locator(f'{BOARD} [data-square="{square}"]')
    if tap:
        cell.tap()
    else:
        cell.click()


def idle(page: Page) -> None:
    """Waits until no preview or turn is on its way to the server."""
    expect(page.locator(".board-wrap.busy")).to_have_count(0)


def wait_turn(page: Page) -> bool:
    """Waits until this page may act (True) or the game is over (False)."""
    page.wait_for_function(
        """() => document.querySelector('[data-testid="board"] .cell.selectable,'
                                        + ' [data-testid="board"] .cell.target')
                 || !document.querySelector('[data-testid="game-over"]').hidden"""
    )
    return page.get_by_test_id("game-over").is_hidden()


def select(page: Page, worker: str, tap: bool = False) -> None:
    """Selects a worker (a click on the selected one would unselect it)."""
    if squares(page, "selected") != [worker]:
        press(page, worker, tap)
    expect(page.locator(f'{BOARD} [data-square="{worker}"]')).to_have_class(re.compile(r"\bselected\b"))


def confirm(page: Page, tap: bool = False) -> None:
    button = page.get_by_test_id("confirm-turn")
    if tap:
        button.tap()
    else:
        button.click()
    expect(button).to_have_count(0)


def place(page: Page, preferred: tuple[str, str] = ("b2", "d4"), tap: bool = False) -> str:
    """Places both workers (on the preferred squares when free); returns the turn's text."""
    placed = []
    for square in preferred:
        free = squares(page, "target")
        assert len(free) >= 20 and not squares(page, "selectable")
        choice = square if square in free else sorted(free)[0]
        press(page, choice, tap)
        idle(page)
        placed.append(choice)
    confirm(page, tap)
    return "".join(f"@{square}" for square in placed)


INNER = {f + r for f in "bcd" for r in "234"}


def choose_move(page: Page, rng: random.Random, tap: bool = False, inner: bool = False) -> tuple[str, str]:
    """A climb to level 3 (a win) if a worker has one, else a random highlighted move (to
    the inner squares if ``inner`` and one does: there a worker has room to build twice)."""
    levels = {square: level for square, (level, _, _) in page_cells(page).items()}
    moves = []
    for worker in squares(page, "selectable"):
        select(page, worker, tap)
        targets = squares(page, "target")
        assert targets
        wins = [t for t in targets if levels[t] == 3]
        if wins:
            return worker, wins[0]
        moves += [(worker, t) for t in targets]
    if inner and any(to in INNER for _, to in moves):
        moves = [(worker, to) for worker, to in moves if to in INNER]
    return rng.choice(sorted(moves))


def play_turn(page: Page, rng: random.Random, tap: bool = False) -> str:
    """One turn of a power with no optional step: worker, move target, build target (none
    after a winning climb), Confirm. Returns the turn's text as the clicks spell it."""
    worker, to = choose_move(page, rng, tap)
    climb = page_cells(page)[to][0] == 3
    select(page, worker, tap)
    press(page, to, tap)
    idle(page)
    text = f"{worker}-{to}"
    builds = squares(page, "target")
    if builds:
        assert squares(page, "selected") == [to]  # the worker that moved builds
        build = rng.choice(sorted(builds))
        press(page, build, tap)
        idle(page)
        text += f"^{build}"
    else:  # a winning climb (or, rarely, a move that leaves no build: a loss)
        note = "This turn wins the game!" if climb else "This turn ends the game."
        expect(page.locator(".win-note")).to_have_text(note)
    confirm(page, tap)
    return text


def expect_turn_listed(page: Page, number: int, text: str) -> None:
    """The move list shows ``text`` as turn ``number`` (1-based)."""
    item = page.locator('[data-testid="move-list"] li:not(.in-progress)').nth(number - 1)
    expect(item.locator("code")).to_have_text(text)


# ---------------------------------------------------------------------------------------------
# 1. A game against the AI, created through the lobby form and played to the end
# ---------------------------------------------------------------------------------------------


def test_game_against_the_ai_from_the_lobby_to_the_record(
    site: ServerProcess, pages: Pages, shot: Shot
) -> None:
    # A few games in the lobby besides ours (for the screenshot and the list).
    three = [{"kind": "human", "name": "Bo"}, {"kind": "human", "open": True}, {"kind": "ai", "level": "2"}]
    others = [
        post_game(site, players=2, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]),
        post_game(site, players=3, setup="quick", powers="random", seats=three),
    ]
    invited = post_game(site, players=2, seats=[{"kind": "human", "name": "Cy"}, {"kind": "human"}])
    page = pages.open(site.url + "/")
    for other in others:  # listed, each with a Join button for its open seat
        row = page.locator(f'[data-testid="game-row"][data-game="{other["id"]}"]')
        expect(row.get_by_test_id("join")).to_be_visible()
        expect(row).to_contain_text("open seat")
    # Issue 13 item 11: a seat kept for its invite is listed as such, and nobody joins into it.
    row = page.locator(f'[data-testid="game-row"][data-game="{invited["id"]}"]')
    expect(row).to_contain_text("Player 2: invited")
    expect(row.get_by_test_id("watch")).to_be_visible()
    expect(row.get_by_test_id("join")).to_have_count(0)
    page.get_by_test_id("seat-name-0").fill("Ann")
    page.get_by_test_id("seat-power-0").select_option("Apollo")
    page.get_by_test_id("seat-power-1").select_option("Athena")
    page.get_by_test_id("seat-level-1").select_option("random")
    shot(page, "lobby.png")
    page.get_by_test_id("create").click()
    page.wait_for_url(re.compile(r"/game/[A-Za-z0-9_-]+#seat=0&token="))
    game_id = game_id_of(page)
    expect(page.get_by_test_id("status")).to_have_text("Connected")

    state = spectator_state(site, game_id)
    assert [(s["kind"], s["level"], s["power"]) for s in state["seats"]] == [
        ("human", None, "Apollo"),
        ("ai", "random", "Athena"),
    ]
    assert state["seats"][0]["name"] == "Ann" and state["seats"][0]["claimed"]
    expect(page.locator(".power-card")).to_have_count(2)
    expect(page.get_by_test_id("cards")).to_contain_text("Apollo")
    expect(page.get_by_test_id("cards")).to_contain_text("Athena")

    rng = random.Random(5)
    assert wait_turn(page)  # (the server draws the start player: the AI may have placed first)
    expect(page.get_by_test_id("turn-banner")).to_contain_text("Your turn")
    listed = move_texts(page)
    placement = place(page)
    expect_turn_listed(page, len(listed) + 1, placement)
    my_turns = 0
    while wait_turn(page) and my_turns < 80:
        # The page shows the server's position before each of our turns.
        listed = move_texts(page)
        state = spectator_state(site, game_id)
        assert page_cells(page) == server_cells(state)
        assert listed == server_turns(state)
        if my_turns == 1:
            select(page, squares(page, "selectable")[0])
            shot(page, "game.png")
        text = play_turn(page, rng)
        expect_turn_listed(page, len(listed) + 1, text)
        my_turns += 1
    if page.get_by_test_id("game-over").is_hidden():  # a very long game: give up
        page.get_by_test_id("resign").click()

    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    state = spectator_state(site, game_id)
    outcome = state["outcome"]
    assert outcome is not None and state["turn"]["actor"] is None
    expect(over.locator("h2")).to_have_text("You won!" if 0 in outcome["winners"] else "You lost")
    expect(over.locator(".outcome-text")).to_have_text(outcome["text"])
    expect(page.locator(".tools")).to_contain_text(f"version {state['version']}")
    expect(page.get_by_test_id("turn-banner")).to_be_hidden()
    assert squares(page, "target") == [] and squares(page, "selectable") == []
    assert move_texts(page) == server_turns(state)
    assert page_cells(page) == server_cells(state)
    shot(page, "game-over.png")

    with page.expect_download() as download:
        page.get_by_test_id("download-record").click()
    text = Path(download.value.path()).read_text()
    record = GameRecord.from_text(text)
    assert record.turns == server_turns(state)
    final = record.replay()
    engine_outcome = final.outcome()
    assert engine_outcome is not None
    assert sorted(engine_outcome.winners) == outcome["winners"]
    assert record.result == outcome["result"]
    served = GameRecord.from_json(httpx.get(f"{site.url}/api/games/{game_id}/record?format=json").text)
    assert served == record

    # The game's replay, one click away, ends on the final position.
    page.get_by_test_id("replay-game").click()
    expect(page.get_by_test_id("replay-position")).to_have_text("Start position")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay-position")).to_contain_text(f"Turn {len(record.turns)} of")
    assert page_cells(page) == server_cells(state)


# ---------------------------------------------------------------------------------------------
# 2. Powers with an optional step: Demeter's second build, Atlas's dome
# ---------------------------------------------------------------------------------------------


def start_power_game(site: ServerProcess, pages: Pages, power: str) -> tuple[Page, str]:
    game = create(
        site,
        players=2,
        setup="quick",
        powers=[power, None],
        start_player=0,
        seats=[{"kind": "human", "name": "Dee"}, {"kind": "ai", "level": "random"}],
    )
    page = pages.open(seat_link(site, game, 0))
    assert wait_turn(page)
    place(page)
    return page, game["id"]


def prefix(page: Page) -> str:
    return page.locator(".actions .prefix code").inner_text()


def test_demeter_optional_second_build_skip_restart_and_take(
    site: ServerProcess, pages: Pages, shot: Shot
) -> None:
    page, game_id = start_power_game(site, pages, "Demeter")
    rng = random.Random(2)
    expect(page.get_by_test_id("cards")).to_contain_text("Demeter")

    # Turn one: move, build, then the optional second build is offered.
    assert wait_turn(page)
    before = page_cells(page)
    selected_before = squares(page, "selected")
    state = spectator_state(site, game_id)
    assert before == server_cells(state)
    worker, to = choose_move(page, rng, inner=True)
    select(page, worker)
    press(page, to)
    idle(page)
    first = sorted(squares(page, "target"))[0]
    press(page, first)
    idle(page)
    end = page.get_by_test_id("option-end")
    expect(end).to_be_visible()
    second_builds = squares(page, "target")
    assert second_builds and first not in second_builds  # Demeter: not on the same space
    assert prefix(page) == f"{worker}-{to} {to}^{first}"
    assert page_cells(page)[first][0] == before[first][0] + 1  # the preview shows the block
    # The turn is not complete until the optional step is taken or declined.
    expect(page.get_by_test_id("confirm-turn")).to_have_count(0)
    shot(page, "power-step.png", height=880)  # down to the step buttons

    # Restart turn: nothing was sent; the board is the position before the turn again.
    page.get_by_test_id("restart-turn").click()
    expect(page.get_by_test_id("restart-turn")).to_have_count(0)
    expect(page.locator(".actions .prefix")).to_have_count(0)
    assert page_cells(page) == before
    assert squares(page, "selected") == selected_before
    assert spectator_state(site, game_id)["version"] == state["version"]

    # The same turn again, declining the second build with the "end" button.
    turns_before = len(move_texts(page))
    select(page, worker)
    press(page, to)
    idle(page)
    press(page, first)
    idle(page)
    page.get_by_test_id("option-end").click()
    idle(page)
    assert squares(page, "target") == []
    confirm(page)
    expect_turn_listed(page, turns_before + 1, f"{worker}-{to}^{first}")
    turns = server_turns(spectator_state(site, game_id))
    assert turns[turns_before] == f"{worker}-{to}^{first}"

    # Turn two: take the second build.
    assert wait_turn(page)
    turns_before = len(move_texts(page))
    worker, to = choose_move(page, rng, inner=True)
    select(page, worker)
    press(page, to)
    idle(page)
    first = rng.choice(sorted(squares(page, "target")))
    press(page, first)
    idle(page)
    second = rng.choice(sorted(squares(page, "target")))
    assert second != first
    press(page, second)
    idle(page)
    expect(page.get_by_test_id("option-end")).to_have_count(0)
    confirm(page)
    text = f"{worker}-{to}^{first}^{second}"
    expect_turn_listed(page, turns_before + 1, text)
    assert server_turns(spectator_state(site, game_id))[turns_before] == text


def test_atlas_chooses_a_dome_on_the_block_or_dome_chooser(site: ServerProcess, pages: Pages) -> None:
    page, game_id = start_power_game(site, pages, "Atlas")
    rng = random.Random(3)
    assert wait_turn(page)
    turns_before = len(move_texts(page))
    worker, to = choose_move(page, rng)
    select(page, worker)
    press(page, to)
    idle(page)
    levels = page_cells(page)
    build = next(t for t in sorted(squares(page, "target")) if levels[t][0] < 3)
    press(page, build)
    choices = page.get_by_test_id("choice")
    expect(choices).to_have_count(2)
    assert sorted(choices.evaluate_all("bs => bs.map(b => b.dataset.text)")) == [
        f"{to}^{build}",
        f"{to}^{build}D",
    ]
    expect(page.locator(f'{BOARD} [data-square="{build}"]')).to_have_class(re.compile(r"\bchoosing\b"))
    page.locator(f'[data-testid="choice"][data-text="{to}^{build}D"]').click()
    idle(page)
    assert page_cells(page)[build] == (levels[build][0], True, None)  # the preview's dome
    confirm(page)
    text = f"{worker}-{to}^{build}D"
    expect_turn_listed(page, turns_before + 1, text)
    state = spectator_state(site, game_id)
    assert server_turns(state)[turns_before] == text
    assert server_cells(state)[build][1] is True
    expect(page.locator(f'{BOARD} [data-square="{build}"]')).to_have_class(re.compile(r"\bhas-dome\b"))
    expect(page.locator(f'{BOARD} [data-square="{build}"]')).to_have_attribute(
        "aria-label", re.compile(r"\bdome\b")
    )


# ---------------------------------------------------------------------------------------------
# 3. Two browsers, two seats of one game
# ---------------------------------------------------------------------------------------------


def assert_cannot_act(page: Page, side: int) -> None:
    """Not this page's turn: nothing on the board reacts (not even its own workers), no
    turn can be composed."""
    assert squares(page, "selectable") == [] and squares(page, "target") == []
    for square in [*workers_of(page_cells(page), side), "c3"]:
        press(page, square)
        assert squares(page, "selected") == [] and squares(page, "target") == []
    expect(page.get_by_test_id("restart-turn")).to_have_count(0)
    expect(page.get_by_test_id("confirm-turn")).to_have_count(0)


def test_two_browsers_play_one_game_live(site: ServerProcess, pages: Pages, shot: Shot) -> None:
    host = pages.open(site.url + "/")
    host.get_by_test_id("seat-kind-1").select_option("human")
    host.get_by_test_id("seat-name-0").fill("Host")
    host.get_by_test_id("create").click()
    host.wait_for_url(re.compile(r"/game/"))
    game_id = game_id_of(host)
    invite = host.get_by_test_id("invite-1")
    expect(invite).to_have_value(re.compile(rf"/game/{game_id}#seat=1&invite=\S+"))
    expect(host.get_by_test_id("invite-state-1")).to_have_text(" · not joined yet")
    expect(host.get_by_test_id("turn-banner")).to_contain_text("waiting for Player 2 to join")
    link = invite.input_value()

    # Issue 13 item 10: the invite is exchanged for the guest's own token on first use.
    guest = pages.open(link, viewport={"width": 1000, "height": 800})
    expect(guest.get_by_test_id("status")).to_have_text("Connected")
    expect(guest.get_by_test_id("seat-1")).to_contain_text("you")
    guest.wait_for_url(re.compile(rf"/game/{game_id}#seat=1&token=\S+"))
    guest_token = guest.url.split("token=")[1]
    assert guest_token and guest_token not in link
    # Live on the host's page: joined, and the link is gone with the invite it held.
    expect(host.get_by_test_id("invite-state-1")).to_have_text(" · joined")
    expect(host.get_by_test_id("invite-1")).to_have_count(0)
    assert spectator_state(site, game_id)["seats"][1]["claimed"]
    stored = host.evaluate("JSON.stringify(Object.entries(localStorage))")
    assert guest_token not in stored and link.split("invite=")[1] not in stored
    # The used link is dead for anyone who opens it again, the creator first of all: it
    # says so and offers a way on; watching shows no seat's secrets and no way to act.
    thief = pages.open(link)
    dead = thief.get_by_test_id("dead-link")
    expect(dead).to_contain_text("invite was used already")
    thief.get_by_test_id("dead-watch").click()
    expect(thief.get_by_test_id("turn-banner")).to_contain_text("you are watching")
    expect(thief.get_by_test_id("resign")).to_have_count(0)
    assert "token" not in thief.url
    for page in (host, guest):  # a marker that a reload would wipe
        page.evaluate("window.__noReload = true")

    rng = random.Random(11)
    players = [host, guest]
    names = ["Player 1 (Host)", "Player 2"]
    done = 0
    for number in range(1, 11):
        state = spectator_state(site, game_id)
        if state["outcome"] is not None:
            break
        actor = state["turn"]["actor"]  # (the server draws who starts)
        mover, other = players[actor], players[1 - actor]
        assert wait_turn(mover)
        expect(mover.get_by_test_id("turn-banner")).to_contain_text("Your turn")
        expect(other.get_by_test_id("turn-banner")).to_contain_text(f"{names[actor]} to move")
        assert_cannot_act(other, 1 - actor)
        preferred = (("b2", "d4"), ("b4", "d2"))[actor]
        text = place(mover, preferred) if number <= 2 else play_turn(mover, rng)
        # Each page shows the turn live (no reload), the other one too.
        for page in players:
            expect_turn_listed(page, number, text)
        state = spectator_state(site, game_id)
        assert server_turns(state)[number - 1] == text
        if state["outcome"] is None:
            expect(other.get_by_test_id("turn-banner")).to_contain_text("Your turn")
            assert page_cells(other) == page_cells(mover) == server_cells(state)
        if number == 6:
            shot(guest, "two-players.png")
        done = number

    if spectator_state(site, game_id)["outcome"] is None:
        assert done == 10
        guest.get_by_test_id("resign").click()  # (out of turn: a resignation may come any time)
    for page in players:
        expect(page.get_by_test_id("game-over")).to_be_visible()
    state = spectator_state(site, game_id)
    outcome = state["outcome"]
    assert outcome is not None
    for seat, page in enumerate(players):
        over = page.get_by_test_id("game-over")
        expect(over.locator("h2")).to_have_text("You won!" if seat in outcome["winners"] else "You lost")
        expect(over.locator(".outcome-text")).to_have_text(outcome["text"])
        assert move_texts(page) == server_turns(state)
        assert page.evaluate("window.__noReload") is True
    assert len(outcome["winners"]) == 1


# ---------------------------------------------------------------------------------------------
# 4. Replaying a record file
# ---------------------------------------------------------------------------------------------


def engine_game(seed: int) -> tuple[GameRecord, list[Cells]]:
    """A random game played by the engine: its record and the board after each turn."""
    board = Board(2, ["Apollo", "Minotaur"])
    start = board.position()  # (it names the powers)
    played: list[TurnCode] = []
    random_playout(board, random.Random(seed), played)
    frames = [frame_of(board)]
    for turn in played:
        board.play(turn)
        frames.append(frame_of(board))
    return GameRecord.from_board(board, start, {"Event": "Browser test"}), frames


def frame_of(board: Board) -> Cells:
    return {
        name: (
            min(3, board.height[i]),
            bool(board.domes >> i & 1),
            None if board.owner[i] < 0 else board.owner[i],
        )
        for i, name in enumerate(SQUARE_NAMES)
    }


def test_replay_an_uploaded_record_step_by_step(
    site: ServerProcess, pages: Pages, shot: Shot, tmp_path: Path
) -> None:
    record, frames = engine_game(seed=4)
    _, movers = record.play_back()
    assert record.result != "*" and len(record.turns) >= 6
    path = tmp_path / "game.json"
    path.write_text(record.to_json())

    page = pages.open(site.url + "/")
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(re.compile(r"/replay$"))
    page.get_by_test_id("replay-file").set_input_files(path)
    position = page.get_by_test_id("replay-position")
    expect(position).to_have_text("Start position")
    expect(page.get_by_test_id("replay-headers")).to_contain_text("Browser test")
    moves = page.locator('[data-testid="move-list"] .move-button code')
    expect(moves).to_have_count(len(record.turns) + 1)
    assert moves.all_inner_texts() == ["start", *record.turns]

    def at(index: int) -> None:
        if index == 0:
            expect(position).to_have_text("Start position")
        else:
            mover, turn = movers[index - 1] + 1, record.turns[index - 1]
            expect(position).to_have_text(f"Turn {index} of {len(record.turns)}: Player {mover} {turn}")
        expect(page.locator(".move-button.current")).to_have_attribute("data-index", str(index))
        assert page_cells(page) == frames[index], f"frame {index}"

    at(0)
    nxt, prev = page.get_by_test_id("replay-next"), page.get_by_test_id("replay-prev")
    for index in range(1, 4):
        nxt.click()
        at(index)
    prev.click()
    at(2)
    page.locator("body").click(position={"x": 5, "y": 300})  # the keys act on the page, not a field
    for index in range(3, len(frames)):
        page.keyboard.press("ArrowRight")
        at(index)
        if index == 12:
            shot(page, "replay.png", height=1100)  # the loader and the viewer
    page.keyboard.press("ArrowRight")  # past the end: stays
    at(len(frames) - 1)
    page.keyboard.press("ArrowLeft")
    at(len(frames) - 2)
    page.keyboard.press("Home")
    at(0)
    page.keyboard.press("End")
    at(len(frames) - 1)
    page.locator(".move-button").nth(5).click()
    at(5)


# ---------------------------------------------------------------------------------------------
# 5. A phone
# ---------------------------------------------------------------------------------------------


def test_phone_board_fits_and_a_turn_is_played_by_tapping(
    site: ServerProcess, pages: Pages, shot: Shot
) -> None:
    game = create(
        site,
        players=2,
        setup="quick",
        powers=["Pan", "Artemis"],
        start_player=0,
        seats=[{"kind": "human", "name": "Phone"}, {"kind": "ai", "level": "random"}],
    )
    page = pages.open(seat_link(site, game, 0), viewport=PHONE, has_touch=True, is_mobile=True)
    assert wait_turn(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    box = page.locator(BOARD).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] >= 0.8 * PHONE["width"]  # and uses the width it has
    cell = page.locator(f'{BOARD} [data-square="c3"]').bounding_box()
    assert cell is not None and cell["width"] >= 44  # a comfortable tap target

    place(page, tap=True)
    assert wait_turn(page)
    turns_before = len(move_texts(page))
    select(page, squares(page, "selectable")[0], tap=True)
    shot(page, "phone.png")
    text = play_turn(page, random.Random(8), tap=True)
    expect_turn_listed(page, turns_before + 1, text)
    assert server_turns(spectator_state(site, game["id"]))[turns_before] == text
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


# ---------------------------------------------------------------------------------------------
# 6. Hidden information: Hecate's workers
# ---------------------------------------------------------------------------------------------


def test_hecate_workers_are_never_drawn_while_the_game_is_on(site: ServerProcess, pages: Pages) -> None:
    game = create(
        site,
        players=2,
        setup="quick",
        powers=[None, "Hecate"],
        start_player=0,  # (Hecate places last: she sits just before the start player)
        seats=[{"kind": "human", "name": "Seer"}, {"kind": "ai", "level": "random"}],
    )
    page = pages.open(seat_link(site, game, 0))
    rng = random.Random(6)
    note = page.get_by_test_id("hidden-workers")
    checked = 0

    def check_hidden() -> None:
        nonlocal checked
        checked += 1
        state = spectator_state(site, game["id"])
        assert state["outcome"] is None
        assert state["board"]["hidden_workers"] == {"1": 2}
        assert workers_of(server_cells(state), 1) == []
        assert workers_of(page_cells(page), 1) == []
        assert workers_of(page_cells(page), 0) == workers_of(server_cells(state), 0)
        expect(note).to_have_text("Player 2 has 2 hidden workers")

    assert wait_turn(page)
    place(page)
    for _ in range(3):  # (Hecate places after us, unseen)
        if not wait_turn(page):
            break
        check_hidden()
        worker, to = choose_move(page, rng)
        select(page, worker)
        press(page, to)
        idle(page)
        assert workers_of(page_cells(page), 1) == []  # previews hide her too
        builds = squares(page, "target")
        if builds:
            press(page, rng.choice(sorted(builds)))
            idle(page)
        confirm(page)
        expect(page.locator(f"{BOARD} .worker.side-1")).to_have_count(0)

    assert checked
    if wait_turn(page):  # (on our turn: no AI turn can make the resignation stale)
        page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("game-over")).to_be_visible()
    # Once the game is over nothing is secret: her workers are drawn, the note is gone.
    state = spectator_state(site, game["id"])
    assert state["outcome"] is not None and state["board"]["hidden_workers"] == {}
    assert len(workers_of(server_cells(state), 1)) == 2
    expect(page.locator(f"{BOARD} .worker.side-1")).to_have_count(2)
    assert page_cells(page) == server_cells(state)
    expect(note).to_have_count(0)


# ---------------------------------------------------------------------------------------------
# 7. Seats and links (issue 13 items 10, 11 and 14)
# ---------------------------------------------------------------------------------------------


def test_an_open_seat_made_in_the_form_is_taken_from_the_game_page(site: ServerProcess, pages: Pages) -> None:
    """Item 11: the creator marks a seat open (only offered while the game is listed):
    it gets no invite link, and a stranger watching the game takes it there."""
    host = pages.open(site.url + "/")
    host.get_by_test_id("seat-kind-1").select_option("human")
    expect(host.get_by_test_id("seat-open-0")).to_be_hidden()  # (the creator's own seat)
    host.get_by_test_id("open").uncheck()
    expect(host.get_by_test_id("seat-open-1")).to_be_hidden()
    host.get_by_test_id("open").check()
    host.get_by_test_id("seat-open-1").check()
    host.get_by_test_id("create").click()
    host.wait_for_url(re.compile(r"/game/[A-Za-z0-9_-]+#seat=0&token="))
    game_id = game_id_of(host)
    seat = spectator_state(site, game_id)["seats"][1]
    assert seat["open"] and not seat["claimed"]
    expect(host.get_by_test_id("turn-banner")).to_contain_text("waiting for Player 2 to join")
    expect(host.get_by_test_id("invites")).to_be_hidden()

    stranger = pages.open(f"{site.url}/game/{game_id}")
    expect(stranger.get_by_test_id("turn-banner")).to_contain_text("you are watching")
    stranger.get_by_test_id("take-seat").click()
    stranger.wait_for_url(re.compile(rf"/game/{game_id}#seat=1&token=\S+"))
    expect(stranger.get_by_test_id("seat-1")).to_contain_text("you")
    expect(host.get_by_test_id("turn-banner")).not_to_contain_text("waiting for")
    assert spectator_state(site, game_id)["seats"][1]["claimed"]


def test_dead_links_say_why_and_offer_a_way_on(site: ServerProcess, pages: Pages) -> None:
    """Item 11: a link that leads nowhere no longer ends on "Loading the game…": a seat
    token that is no seat of the game offers to watch it, or the lobby; a game that does
    not exist (or expired) offers the lobby."""
    game = create(site, seats=[{"kind": "human"}, {"kind": "human"}], start_player=0)
    page = pages.open(f"{site.url}/game/{game['id']}#seat=1&token={'x' * 43}")
    expect(page.get_by_test_id("dead-link")).to_contain_text("not a seat of this game")
    page.get_by_test_id("dead-watch").click()
    expect(page.get_by_test_id("turn-banner")).to_contain_text("you are watching")
    expect(page.get_by_test_id("status")).to_have_text("Connected")

    gone = pages.open(f"{site.url}/game/nosuchgame00")
    expect(gone.get_by_test_id("dead-link")).to_contain_text("There is no game nosuchgame00")
    expect(gone.get_by_test_id("dead-watch")).to_have_count(0)
    gone.get_by_test_id("dead-lobby").click()
    gone.wait_for_url(site.url + "/")
    expect(gone.get_by_test_id("new-game")).to_be_visible()


def test_another_site_cannot_frame_a_game_page(site: ServerProcess, pages: Pages) -> None:
    """Item 14 (clickjacking): a page of another origin (a real server on another port)
    frames a seat's link: the browser refuses to show it (CSP ``frame-ancestors 'none'``),
    so nothing in it can be clicked, and the seat never connects."""
    game = create(site, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], start_player=0)
    prize = f'<h1>Win a prize</h1><iframe src="{seat_link(site, game, 0)}"></iframe>'.encode()

    class Prize(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(prize)

        def log_message(self, *_args: Any) -> None:
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Prize)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        page = pages.open(f"http://localhost:{other.server_address[1]}/")  # (its load waits for the frame's)
        frame = page.frames[1]
        frame.wait_for_load_state()
        assert frame.url.startswith("chrome-error://"), frame.url  # (refused: Chromium's error page)
        assert frame.locator(BOARD).count() == 0
        assert not spectator_state(site, game["id"])["seats"][0]["connected"]
    finally:
        other.shutdown()
