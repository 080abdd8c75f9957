"""Who holds which seat (issue 13, items 10 and 11), tried as an attacker would against a
real ``aegean serve``: the creator of a game holds no other player's token (an invite is
exchanged once for a fresh token and is dead afterwards), a stranger from the lobby takes
only the seats created open, and a rematch keeps every seat for the player who held it,
even one who left before the rematch was made (and across a restart)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from aegean.server.client import TableClient

from .conftest import ServerProcess, claim, post_game, serve_in

HUMAN: dict[str, Any] = {"kind": "human"}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from serve_in(tmp_path_factory.mktemp("invites"))


def claim_reply(server: ServerProcess, game_id: str, body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}/api/games/{game_id}/claim", json=body)


async def first_answer(server: ServerProcess, game_id: str, token: str | None) -> dict[str, Any]:
    """The answer to a hello with ``token``: ``welcome`` or an ``error``."""
    client = TableClient(server.url, game_id, token)
    try:
        return await client.connect()
    finally:
        await client.close()


def test_an_invite_gives_its_seat_once_and_never_to_its_sender(shared: ServerProcess) -> None:
    """Item 10: the creator of a game against a Hecate player sent the invite; once the
    invited player has opened it, the creator can neither use it again nor reach the seat
    with anything the create answer gave: no token of that seat ever came to the creator,
    so no way to see Hecate's workers, act or resign for her."""
    game = post_game(shared, seats=[HUMAN, HUMAN], powers=[None, "Hecate"], start_player=0)
    created = json.dumps(game)
    invite = game["seats"][1]["invite"]
    assert "token" not in game["seats"][1]
    friend = claim(shared, game["id"], invite)
    assert friend["seat"] == 1 and friend["token"] not in created

    # Everything the creator holds, tried on the seat: the invite again, the invite as a
    # token, the creator's own token (seat 0, never 1).
    again = claim_reply(shared, game["id"], {"invite": invite})
    assert again.status_code == 409 and again.json()["code"] == "invite-used", again.text
    assert "player 2's seat is taken" in again.json()["error"]
    assert asyncio.run(first_answer(shared, game["id"], invite))["code"] == "bad-token"
    own = asyncio.run(first_answer(shared, game["id"], game["seats"][0]["token"]))
    assert own["type"] == "welcome" and own["seat"] == 0

    async def play() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with (
            TableClient(shared.url, game["id"], game["seats"][0]["token"]) as creator,
            TableClient(shared.url, game["id"], friend["token"]) as hecate,
        ):
            state = await creator.wait_turn()
            assert (await creator.act([o["text"] for o in state["options"][:2]]))["type"] == "accepted"
            seen = await hecate.wait_turn()
            assert (await hecate.act([seen["options"][5]["text"], seen["options"][9]["text"]]))[
                "type"
            ] == "accepted"
            final = await creator.wait_state(lambda s: s["version"] == 2)
            return creator.messages, final

    messages, state = asyncio.run(play())
    # The creator's view: Hecate's workers are hidden from it, her token never came.
    assert state["board"]["hidden_workers"] == {"1": 2}
    assert all(cell["worker"] != 1 for cell in state["board"]["cells"])
    assert friend["token"] not in json.dumps(messages)


def test_claims_are_refused_naming_the_problem(shared: ServerProcess) -> None:
    """A claim with anything but an invite of this game is refused: not an invite (403),
    another game's invite (403), a body of the wrong shape (400), no such game (404)."""
    game = post_game(shared, seats=[HUMAN, HUMAN])
    other = post_game(shared, seats=[HUMAN, HUMAN])
    for body, status, code in [
        ({"invite": "x" * 43}, 403, "bad-invite"),
        ({"invite": other["seats"][1]["invite"]}, 403, "bad-invite"),
        ({"invite": game["seats"][0]["token"]}, 403, "bad-invite"),  # (a seat token is no invite)
        ({"invite": 5}, 400, "bad-request"),
        ({"invite": "x" * 101}, 400, "bad-request"),
        ({}, 400, "bad-request"),
        ({"invite": game["seats"][1]["invite"], "seat": 0}, 400, "bad-request"),
        ([game["seats"][1]["invite"]], 400, "bad-request"),
    ]:
        reply = claim_reply(shared, game["id"], body)
        assert (reply.status_code, reply.json()["code"]) == (status, code), (body, reply.text)
    assert claim_reply(shared, "nosuchgame00", {"invite": "x"}).status_code == 404
    # None of that took the seat: the invite still works.
    assert claim(shared, game["id"], game["seats"][1]["invite"])["seat"] == 1


def test_two_browsers_opening_one_invite_at_once_get_one_seat(shared: ServerProcess) -> None:
    """An invite opened twice at the same moment (forwarded to two people): exactly one
    gets the seat."""
    game = post_game(shared, seats=[HUMAN, HUMAN, HUMAN], players=3, powers="random")
    invite = game["seats"][2]["invite"]

    async def race() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=shared.url) as http:
            return await asyncio.gather(
                *(http.post(f"/api/games/{game['id']}/claim", json={"invite": invite}) for _ in range(8))
            )

    statuses = sorted(reply.status_code for reply in asyncio.run(race()))
    assert statuses == [200] + [409] * 7, statuses


def test_a_stranger_takes_only_an_open_seat(shared: ServerProcess) -> None:
    """Item 11: in a listed game a stranger's ``join`` never takes the seat kept for the
    invited friend (whose link then works), only a seat created open."""
    game = post_game(
        shared, players=3, seats=[HUMAN, HUMAN, {"kind": "human", "open": True}], powers="random"
    )
    stranger = httpx.post(f"{shared.url}/api/games/{game['id']}/join")
    assert stranger.status_code == 200 and stranger.json()["seat"] == 2
    again = httpx.post(f"{shared.url}/api/games/{game['id']}/join")
    assert again.status_code == 409 and again.json()["code"] == "no-seat"
    assert claim(shared, game["id"], game["seats"][1]["invite"])["seat"] == 1
    listed = next(e for e in httpx.get(f"{shared.url}/api/games").json() if e["id"] == game["id"])
    assert [s["claimed"] for s in listed["seats"]] == [True, True, True]


async def finish_by_resigning(server: ServerProcess, game_id: str, tokens: list[str]) -> list[TableClient]:
    """Both seats connect; seat 0 resigns. Returns the two clients (open)."""
    clients = [TableClient(server.url, game_id, token) for token in tokens]
    for client in clients:
        assert (await client.connect())["type"] == "welcome"
    state = await clients[0].wait_state(lambda s: True)
    reply = await clients[0].request({"type": "resign", "version": state["version"]})
    assert reply["type"] == "accepted", reply
    for client in clients:
        await client.wait_state(lambda s: s["outcome"] is not None)
    return clients


def test_a_rematch_keeps_each_seat_for_its_player_even_one_who_left(server: ServerProcess) -> None:
    """Item 11: the rematch of a listed game lists no open seat (a stranger's ``join`` is
    refused); a player who offered the rematch and left before the other accepted gets
    their own token when they come back to the old game, after a restart too; no other
    seat's token ever reaches them, and their old token is no seat of the rematch."""
    game = post_game(server, seats=[HUMAN, HUMAN], open=True)
    tokens = [game["seats"][0]["token"], claim(server, game["id"], game["seats"][1]["invite"])["token"]]

    async def offer() -> dict[str, Any]:
        first, second = await finish_by_resigning(server, game["id"], tokens)
        await first.send({"type": "rematch"})
        await second.wait_state(lambda s: s["rematch"]["offered"] == [0])
        await first.close()  # seat 0 leaves before seat 1 accepts
        await asyncio.sleep(0.2)
        await second.send({"type": "rematch"})
        made = await second.next_message(("rematch",))
        await second.close()
        return made

    theirs = asyncio.run(offer())
    new_id = theirs["game"]
    assert theirs["seat"] == 1 and theirs["token"]
    listed = next(e for e in httpx.get(f"{server.url}/api/games").json() if e["id"] == new_id)
    assert [(s["claimed"], s["open"]) for s in listed["seats"]] == [(False, False), (True, False)]
    stranger = httpx.post(f"{server.url}/api/games/{new_id}/join")
    assert stranger.status_code == 409, stranger.text
    assert asyncio.run(first_answer(server, new_id, tokens[0]))["code"] == "bad-token"

    server.kill()  # (the offers were in memory: the kept seat is in the database)
    server.start()

    async def come_back() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        async with TableClient(server.url, game["id"], tokens[0]) as back:
            return await back.next_message(("rematch",)), back.messages

    mine, messages = asyncio.run(come_back())
    assert (mine["game"], mine["seat"]) == (new_id, 0) and mine["token"]
    assert theirs["token"] not in json.dumps(messages)
    welcome = asyncio.run(first_answer(server, new_id, mine["token"]))
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    # Coming back again: the seat is taken (by this player): no second token.
    again = asyncio.run(first_answer(server, game["id"], tokens[0]))
    assert again["type"] == "welcome"
    assert [s["claimed"] for s in httpx.get(f"{server.url}/api/games/{new_id}").json()["seats"]] == [
        True,
        True,
    ]
