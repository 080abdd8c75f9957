"""The rules of Trial of the Gods, as one decision API in the OpenSpiel style.

``Game.new(content, players, seed)`` sets a game up; then, until ``game.over``:
``game.to_decide()`` names the player(s) who must decide (several at once only for the
Olympics' simultaneous hidden picks), ``game.legal(player)`` lists their choices as short
strings (``"play:start-crimson-1:sail"``, ``"sail:naxos"``, ``"pass"``), and
``game.apply(player, choice)`` makes one. Shuffles and dice come from the state's seeded
generator, so a game replays exactly from its seed and its choices (:mod:`.record`).

The flow is a stack of frames (``state.stack``), the innermost last: the round's phases,
a turn, a Sail, a combat, a window for Responses, a discard. :meth:`Game._advance` resolves
whatever needs no decision until a frame asks for one. Section numbers (§) are those of
docs/rules/TRIAL_OF_THE_GODS.md; readings where the rulebook is silent are in
docs/rules-decisions.md ("Trial of the Gods").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .content import ContentSet
from .content.effects import Effect, EffectType, Op, Passive, Step, Trigger
from .content.schema import ActionCard, Hero, NumericAction, OlympicsCard, Symbol, Talent, Travel, Zone
from .content.schema import Enemy as EnemyCard
from .hooks import HOOKS
from .state import (
    ACTIONS_PER_TURN,
    BLACK_CUBES,
    CUBES,
    EXTRA_REVEAL,
    FLAGS,
    FOLLOWER_SLOTS,
    MAX_COMBAT_CARDS,
    MAX_EXPLORE_CARDS,
    MAX_VIGOR,
    RACES,
    REVEAL_LIMIT,
    ROUNDS,
    START_LIMITER,
    Enemy,
    GameState,
    Player,
)

Frame = dict[str, Any]
#: The standing bonuses a Talent or a trained Hero can give (:meth:`Game.passive`).
PASSIVES = tuple(Passive.model_fields)
ACTIONS = tuple(a.value for a in NumericAction)
#: Victory Points for 1st, 2nd, 3rd in each final ranking (§5).
RANKINGS = {"submission": (6, 4, 2), "exploration": (6, 4, 2), "olympics": (5, 3, 1), "devotion": (5, 3, 1)}


class IllegalChoice(ValueError):
    """A choice that is not among the player's legal ones: nothing changed."""


class _Tables:
    """Lookups built once per content set and shared by every game played with it (the
    search bot builds thousands of games a second): ids to components, and a memo of
    :meth:`Game.passive`, a pure function of what a player has raised, trained and bought."""

    #: The memo is cleared when it grows past this many entries.
    MEMO_LIMIT = 200_000

    def __init__(self, content: ContentSet) -> None:
        self.content = content
        self.zones = {z.id: z for z in content.board.zones}
        self.cards = {c.id: c for c in (*content.starting, *content.personal, *content.gods, *content.animae)}
        self.enemy_cards = {e.id: e for e in (*content.argonauts, *content.land, *content.sea)}
        self.heroes = {h.id: h for h in content.heroes}
        self.talents = {t.id: t for t in content.talents}
        self.travel = {t.id: t for t in content.travel}
        self.olympics = {o.id: o for o in content.olympics}
        self.animae_ids = frozenset(a.id for a in content.animae)
        self.fleece_treasures = frozenset(t.id for t in content.tracks.treasures if t.fleece)
        #: An action card -> its Devotion laurels (an Animae card: -1, §5).
        self.devotion_laurels = {
            c: -1 if c in self.animae_ids else card.laurels for c, card in self.cards.items()
        }
        self.passives: dict[tuple[Any, ...], dict[str, int]] = {}

    @classmethod
    def of(cls, content: ContentSet) -> _Tables:
        cached = _TABLES.get(id(content))
        if cached is None or cached.content is not content:
            cached = _TABLES[id(content)] = cls(content)
        return cached


_TABLES: dict[int, _Tables] = {}


class Game:
    """A game in progress: the content it is played with and its state."""

    def __init__(self, content: ContentSet, state: GameState) -> None:
        self.content = content
        self.state = state
        tables = _Tables.of(content)
        self._zones = tables.zones
        self._cards = tables.cards
        self._enemy_cards = tables.enemy_cards
        self._heroes = tables.heroes
        self._talents = tables.talents
        self._travel = tables.travel
        self._olympics = tables.olympics
        self._animae_ids = tables.animae_ids
        self._fleece_treasures = tables.fleece_treasures
        self._devotion_laurels = tables.devotion_laurels
        self._passives = tables.passives

    # ------------------------------------------------------------------ set-up (§2)

    @classmethod
    def new(cls, content: ContentSet, players: int, seed: int, advanced: bool = False) -> Game:
        if not 2 <= players <= 4:
            raise ValueError(f"Trial of the Gods is for 2 to 4 players, not {players}")
        rng = random.Random(seed)
        colours = content.tracks.colours[:players]
        state = GameState(players=[Player(colour=c) for c in colours], advanced=advanced, rng=rng)
        game = cls(content, state)
        game._setup()
        game._advance()
        return game

    def clone(self) -> Game:
        """An independent copy (the search bot plays on these)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.state = self.state.clone()
        return twin

    def _setup(self) -> None:
        s, c, rng = self.state, self.content, self.state.rng
        islands = [z.id for z in c.board.zones if z.kind == "island"]
        treasures = [t.id for t in c.tracks.treasures]
        rng.shuffle(treasures)
        s.treasures = dict(zip(islands, treasures, strict=True))
        s.temples = {i: None for i in islands}
        s.exploration = {i: [] for i in islands}
        olympics = [o.id for o in c.olympics]
        rng.shuffle(olympics)
        if not s.advanced:
            s.olympics_aside = olympics.pop()
        s.olympics_deck = olympics
        sea = [e.id for e in c.sea]
        rng.shuffle(sea)
        calm: list[str] = []
        for zone in (z for z in c.board.zones if z.dangerous):
            card = sea.pop()
            if self._enemy_cards[card].kind == "calm_sea":
                calm.append(card)
            else:
                s.enemies.append(Enemy(card, zone.id))
        sea += calm
        rng.shuffle(sea)
        s.sea_deck = sea
        argonauts = [e.id for e in c.argonauts]
        rng.shuffle(argonauts)
        order = list(range(len(s.players)))
        rng.shuffle(order)
        s.initiative = order
        if not s.advanced:  # §2 table 4: one Argonaut dealt face down to each player
            for p in range(len(s.players)):
                card = argonauts.pop()
                s.dealt[p] = card
                argonauts = [
                    a for a in argonauts if self._enemy_cards[a].hero != self._enemy_cards[card].hero
                ]
        land = [e.id for e in c.land]
        rng.shuffle(land)
        drawn_argonauts: list[str] = []
        for card in argonauts:  # six Argonauts, each a different hero
            if len(drawn_argonauts) == 6:
                break
            if all(self._enemy_cards[card].hero != self._enemy_cards[d].hero for d in drawn_argonauts):
                drawn_argonauts.append(card)
        twelve = drawn_argonauts + land[:6]
        rng.shuffle(twelve)
        for island, card in zip(islands, twelve, strict=True):
            s.enemies.append(Enemy(card, island))
            if self._enemy_cards[card].kind == "argonaut":
                s.argonaut_slots.append(card)
        if s.advanced:  # Captain draft: from the rest, heroes not on the board
            board_heroes = {self._enemy_cards[d].hero for d in drawn_argonauts}
            seen: set[str | None] = set()
            for card in argonauts:
                hero = self._enemy_cards[card].hero
                if card not in drawn_argonauts and hero not in board_heroes and hero not in seen:
                    s.draft.append(card)
                    seen.add(hero)
        houses = [h.id for h in c.houses.houses]
        gods = [g.id for g in c.houses.gods]
        rng.shuffle(gods)
        s.house_gods = dict(zip(houses, gods, strict=True))
        for house, god in s.house_gods.items():
            deck = [card.id for card in c.gods if card.god == god]
            rng.shuffle(deck)
            s.god_decks[house] = deck
            s.god_discards[house] = []
        s.animae = [a.id for a in c.animae]
        rng.shuffle(s.animae)
        s.travel = [t.id for t in c.travel]
        rng.shuffle(s.travel)
        talents = {level: [t.id for t in c.talents if t.level == level] for level in (1, 2, 3)}
        for pile in talents.values():
            rng.shuffle(pile)
        for player in s.players:
            bonuses = [u.bonus.value for u in c.tracks.upgrades]
            rng.shuffle(bonuses)
            player.upgrades = bonuses
            player.raised = [False] * len(bonuses)
            for level in (1, 2, 3):
                player.offered += [talents[level].pop(), talents[level].pop()]
            player.deck = [card.id for card in c.starting if card.colour == player.colour]
        s.stack = [{"kind": "round", "stage": "setup"}]
        if s.advanced:
            # The draft goes from the last in Initiative (the last to have sailed) to the right.
            s.stack.append({"kind": "draft", "order": list(reversed(s.initiative)), "at": 0})
        else:
            for p, card in s.dealt.items():
                self._make_captain(p, card)
            s.dealt = {}
        self._log(f"set-up: {len(s.players)} players, {'advanced' if s.advanced else 'base'} game")

    def _make_captain(self, p: int, card: str) -> None:
        player = self.state.players[p]
        hero = self._enemy_cards[card].hero
        assert hero is not None
        player.captain = hero
        player.deck += [c.id for c in self.content.personal if c.hero == hero]
        self.state.rng.shuffle(player.deck)

    # ------------------------------------------------------------------ the API

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def players(self) -> int:
        return len(self.state.players)

    def to_decide(self) -> list[int]:
        """The players who must decide now (empty once the game is over)."""
        if self.state.over:
            return []
        frame = self.state.stack[-1]
        if frame["kind"] == "race" and frame["stage"] == "pick":
            return [
                p for p in self.state.initiative if p not in frame["picks"] and self.state.players[p].hand
            ]
        return [self._decider(frame)]

    def legal(self, player: int) -> list[str]:
        """Every choice ``player`` may make now, in a fixed order (empty if not theirs)."""
        if isinstance(player, bool) or player not in self.to_decide():
            return []
        frame = self.state.stack[-1]
        options: list[str] = getattr(self, f"_options_{frame['kind']}")(frame, player)
        return options

    def apply(self, player: int, choice: str) -> None:
        """Make ``choice`` for ``player``; :class:`IllegalChoice` (and no change) if it is
        not one of :meth:`legal`."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalChoice(
                f"there is no player {player!r} in this game (players are 0 to {self.players - 1})"
            )
        if self.state.over:
            raise IllegalChoice("the game is over")
        if choice not in self.legal(player):
            if player not in self.to_decide():
                raise IllegalChoice(f"it is not player {player + 1}'s decision now")
            raise IllegalChoice(f"{choice!r} is not a legal choice now")
        frame = self.state.stack[-1]
        getattr(self, f"_apply_{frame['kind']}")(frame, player, choice)
        self._advance()

    def apply_unchecked(self, player: int, choice: str) -> None:
        """:meth:`apply` without listing the choices again: for a search that has just
        taken ``choice`` from ``legal(player)`` on this very state. Anything else is
        undefined; everyone else calls :meth:`apply`."""
        frame = self.state.stack[-1]
        getattr(self, f"_apply_{frame['kind']}")(frame, player, choice)
        self._advance()

    def scores(self) -> list[int]:
        return [p.vp for p in self.state.players]

    def winner(self) -> int | None:
        """The winner after final scoring (ties broken as §5 says), else None."""
        if not self.state.over:
            return None
        return self.final_order()[0]

    # ------------------------------------------------------------------ helpers

    def _log(self, line: str) -> None:
        self.state.log.append(line)

    def card(self, card_id: str) -> ActionCard:
        return self._cards[card_id]

    def enemy_card(self, card_id: str) -> EnemyCard:
        return self._enemy_cards[card_id]

    def hero(self, hero_id: str) -> Hero:
        return self._heroes[hero_id]

    def talent(self, talent_id: str) -> Talent:
        return self._talents[talent_id]

    def olympics_card(self, card_id: str) -> OlympicsCard:
        return self._olympics[card_id]

    def travel_card(self, card_id: str) -> Travel:
        return self._travel[card_id]

    def zone(self, zone_id: str) -> Zone:
        return self._zones[zone_id]

    def _decider(self, frame: Frame) -> int:
        kind = frame["kind"]
        if kind == "draft":
            return int(frame["order"][frame["at"]])
        if kind == "place":
            return int(frame["order"][frame["at"]])
        if kind in ("buy",):
            return int(frame["order"][frame["at"]])
        if kind == "respond":
            return int(frame["queue"][0])
        if kind == "race":
            return int(frame["pending"][0])
        player: int = frame["player"]
        return player

    def hand_limit(self, p: int) -> int:
        player = self.state.players[p]
        return self.content.tracks.hand_limits[player.vigor - 1] + self.passive(p, "hand_limit")

    def passive(self, p: int, what: str) -> int:
        """A player's standing bonus from Talents, trained Heroes and raised Upgrades."""
        player = self.state.players[p]
        key = (
            player.captain,
            tuple(player.talents.values()),
            tuple(player.followers.items()),
            tuple(player.upgrades),
            tuple(player.raised),
        )
        known = self._passives.get(key)
        if known is None:
            if len(self._passives) >= _Tables.MEMO_LIMIT:
                self._passives.clear()
            known = self._passives[key] = {kind: self._passive(p, kind) for kind in PASSIVES}
        return known[what]

    def _passive(self, p: int, what: str) -> int:
        player = self.state.players[p]
        total: int = sum(getattr(self._talents[t].ability.passive, what) for t in player.talents.values())
        heroes = [player.captain] + [h for h, trained in player.followers.items() if trained]
        total += sum(getattr(self._heroes[h].trained.passive, what) for h in heroes if h)
        if what in ("attack", "discovery", "fervor"):
            total += sum(
                1 for bonus, up in zip(player.upgrades, player.raised, strict=True) if up and bonus == what
            )
        return total

    def _draw(self, p: int, n: int) -> None:
        player = self.state.players[p]
        for _ in range(n):
            if not player.deck:
                if not player.discard:
                    return
                player.deck = player.discard
                player.discard = []
                self.state.rng.shuffle(player.deck)
            player.hand.append(player.deck.pop())

    def _spend(self, p: int, n: int) -> None:
        player = self.state.players[p]
        assert player.available >= n
        player.available -= n
        player.exhausted += n

    def _damage(self, p: int, n: int) -> None:
        """§4.3: Vigor left per damage; at Vigor 1, a Dishonor token for each further damage;
        if that lowered the hand limit, discard down to it (only then: a hand over the limit
        for another reason is kept)."""
        player = self.state.players[p]
        before = self.hand_limit(p)
        for _ in range(n):
            if player.vigor > 1:
                player.vigor -= 1
            else:
                player.dishonor += 1
        limit = self.hand_limit(p)
        if limit < before and len(player.hand) > limit:
            top = self.state.stack[-1] if self.state.stack else {}
            if not (top.get("kind") == "discard" and top["player"] == p and top["why"] == "hand limit"):
                self.state.stack.append({"kind": "discard", "player": p, "left": 0, "why": "hand limit"})
            self.state.stack[-1]["left"] = len(player.hand) - limit

    def _enemy_here(self, zone: str) -> list[Enemy]:
        return [e for e in self.state.enemies if e.zone == zone]

    def _monster_in(self, zone: str) -> bool:
        return any(self._enemy_cards[e.card].kind != "argonaut" for e in self._enemy_here(zone))

    def _hostile_in(self, p: int, zone: str) -> list[Enemy]:
        return [e for e in self._enemy_here(zone) if e.owner != p]

    def black_cubes_free(self) -> int:
        """§1: the 10 black cubes not on a Limiter in play nor in a Wounded enemy."""
        s = self.state
        limiters = sum(1 for q in s.players if q.limiter is not None)
        return BLACK_CUBES - limiters - sum(1 for e in s.enemies if e.wounded)

    def _house_of(self, card_id: str) -> str:
        god = self._cards[card_id].god
        return next(h for h, g in self.state.house_gods.items() if g == god)

    def _to_discard(self, p: int, card_id: str, removal: bool = False) -> None:
        if removal and self._cards[card_id].god is not None:
            self.state.god_discards[self._house_of(card_id)].append(card_id)
        else:
            self.state.players[p].discard.append(card_id)

    def _payable(self, p: int, effect: Effect, card_id: str | None) -> bool:
        player = self.state.players[p]
        others = len(player.hand) - (1 if card_id in player.hand else 0)
        return player.available >= effect.prayer and others >= effect.devour

    # ------------------------------------------------------------------ effects

    def _effect_frame(self, p: int, steps: Iterable[Step], why: str) -> Frame:
        return {
            "kind": "effect",
            "player": p,
            "steps": [s.model_dump(mode="json") for s in steps],
            "why": why,
        }

    def _start_effect(self, p: int, effect: Effect, card_id: str, holds: bool = False) -> None:
        """Pay Prayer, then Devour (a discard frame), then the steps (and Devotion's, if
        another card of the same god was played this turn). The card stays where it was
        played (the turn's, the combat's, the Olympics' cards) unless ``holds``: a Response's
        card is held by its effect frame and discarded when the effect has resolved; a card
        with Removal goes to its House's discard then (§4.2 keywords)."""
        steps = list(effect.do) + (list(effect.devotion) if self._devotion(p, card_id) else [])
        frame = self._effect_frame(p, steps, card_id)
        frame.update({"card": card_id, "holds": holds, "removal": effect.removal})
        self.state.stack.append(frame)
        if effect.devour:
            self.state.stack.append({"kind": "discard", "player": p, "left": effect.devour, "why": "devour"})
        if effect.prayer:
            self._spend(p, effect.prayer)

    def _run_step(self, p: int, step: dict[str, Any]) -> None:
        op, n = Op(step["op"]), int(step.get("n", 1))
        targets = self.state.initiative if step.get("to") == "all" else [p]
        for q in reversed(targets) if op in (Op.DISCARD, Op.SAIL, Op.COMMAND) else targets:
            self._one_step(q, op, n, step.get("name"))

    def _one_step(self, p: int, op: Op, n: int, name: str | None) -> None:
        s = self.state
        player = s.players[p]
        if op is Op.GAIN_ENERGY:
            moved = min(n, player.reserve)
            player.reserve -= moved
            player.available += moved
        elif op is Op.RESTORE:
            moved = min(n, player.exhausted)
            player.exhausted -= moved
            player.available += moved
        elif op is Op.EXHAUST:
            moved = min(n, player.available)
            player.available -= moved
            player.exhausted += moved
        elif op is Op.HEAL:
            top = MAX_VIGOR if player.limiter is None else player.limiter
            player.vigor = min(top, player.vigor + n)
        elif op is Op.WOUND:
            self._damage(p, n)
        elif op is Op.DRAW:
            self._draw(p, n)
        elif op is Op.DISCARD:
            if player.hand and n:
                s.stack.append(
                    {"kind": "discard", "player": p, "left": min(n, len(player.hand)), "why": "effect"}
                )
        elif op is Op.SAIL:
            if n:
                s.stack.append({"kind": "sail", "player": p, "left": n})
        elif op is Op.COMMAND:
            if n:
                s.stack.append({"kind": "command", "player": p, "left": n})
        elif op in (Op.ATTACK, Op.DAMAGE, Op.ENEMY_ATTACK):
            combat = next((f for f in reversed(s.stack) if f["kind"] == "combat"), None)
            if combat is not None:
                if op is Op.ENEMY_ATTACK:
                    combat["enemy_bonus"] += n
                elif combat["player"] == p:
                    combat["attack" if op is Op.ATTACK else "damage"] += n
        elif op is Op.DISCOVERY:
            explore = next((f for f in reversed(s.stack) if f["kind"] == "explore"), None)
            if explore is not None and explore["player"] == p:
                explore["sum"] += n
        elif op is Op.FERVOR:
            player.fervor += n
        elif op is Op.CHAMPION:
            player.champions += n
        elif op is Op.DISHONOR:
            player.dishonor += n
        elif op is Op.ATONE:
            player.dishonor = max(0, player.dishonor - n)
        elif op is Op.ANIMAE:
            for _ in range(min(n, len(s.animae))):
                player.discard.append(s.animae.pop())
        elif op is Op.HOOK:
            assert name is not None
            HOOKS[name](self, p)

    # ------------------------------------------------------------------ the machine

    def _advance(self) -> None:
        """Resolve what needs no decision, until a frame asks for one or the game ends."""
        s = self.state
        while not s.over:
            frame = s.stack[-1]
            step = getattr(self, f"_auto_{frame['kind']}", None)
            if step is None or not step(frame):
                return

    # --- setup frames

    def _options_draft(self, frame: Frame, p: int) -> list[str]:
        heroes = sorted({self._enemy_cards[c].hero or "" for c in self.state.draft})
        return [f"captain:{h}" for h in heroes]

    def _apply_draft(self, frame: Frame, p: int, choice: str) -> None:
        hero = choice.split(":", 1)[1]
        card = next(c for c in self.state.draft if self._enemy_cards[c].hero == hero)
        self.state.draft.remove(card)
        self.state.dealt[p] = card
        frame["at"] += 1

    def _auto_draft(self, frame: Frame) -> bool:
        if frame["at"] < len(frame["order"]):
            return False
        for p, card in sorted(self.state.dealt.items()):
            self._make_captain(p, card)
            self._log(f"player {p + 1}'s Captain is {self._heroes[self.state.players[p].captain].name}")
        self.state.dealt = {}
        self.state.draft = []
        self.state.stack.pop()
        return True

    def _options_place(self, frame: Frame, p: int) -> list[str]:
        """§2 player 7: an edge sea zone neither holding nor next to another Captain; on a
        board too small for that, one not holding another Captain, else any edge zone."""
        taken = [q.zone for q in self.state.players if q.zone is not None]
        edge = [z for z in self.content.board.zones if z.edge]
        apart = [z for z in edge if all(t != z.id and t not in z.adjacent for t in taken)]
        free = [z for z in edge if z.id not in taken]
        return [f"place:{z.id}" for z in (apart or free or edge)]

    def _apply_place(self, frame: Frame, p: int, choice: str) -> None:
        self.state.players[p].zone = choice.split(":", 1)[1]
        self._log(f"player {p + 1} puts their Captain in {self._zones[choice.split(':', 1)[1]].name}")
        frame["at"] += 1

    def _auto_place(self, frame: Frame) -> bool:
        if frame["at"] < len(frame["order"]):
            return False
        self.state.stack.pop()
        return True

    # --- the round (§4)

    def _auto_round(self, frame: Frame) -> bool:
        s = self.state
        stage = frame["stage"]
        if stage == "setup":
            frame["stage"] = "dawn"
            s.stack.append({"kind": "place", "order": list(reversed(s.initiative)), "at": 0})
        elif stage == "dawn":
            self._log(f"round {s.round}: Dawn")
            for p in s.initiative:
                self._draw(p, max(0, self.hand_limit(p) - len(s.players[p].hand)))
            frame["stage"] = "olympics-card"
            if s.olympics_deck:
                drawn = [s.olympics_deck.pop() for _ in range(min(2, len(s.olympics_deck)))]
                s.stack.append({"kind": "olympics_card", "player": s.initiative[-1], "drawn": drawn})
        elif stage == "olympics-card":
            frame["stage"] = "reveal"
            frame["at"] = 0
        elif stage == "reveal":
            if frame["at"] < len(s.initiative):
                p = s.initiative[frame["at"]]
                frame["at"] += 1
                self._reveal(p)
            else:
                frame["stage"] = "buy"
                s.stack.append({"kind": "buy", "order": list(s.initiative), "at": 0})
        elif stage == "buy":
            for player in s.players:
                for card in player.revealed:
                    s.god_discards[self._house_of(card)].append(card)
                player.revealed = []
                player.passed = False
            frame["stage"] = "adventure"
            self._log(f"round {s.round}: Adventure")
            s.stack.append({"kind": "adventure", "next": 0})
        elif stage == "adventure":
            frame["stage"] = "enemies"
            self._log(f"round {s.round}: Enemies")
            s.stack.append({"kind": "enemies", "at": 0})
        elif stage == "enemies":
            frame["stage"] = "olympics"
            s.stack.append({"kind": "olympics", "stage": "start"})
        elif stage == "olympics":
            frame["stage"] = "sunset"
            self._log(f"round {s.round}: Sunset")
            blocks, s.blocks = s.blocks, []
            s.stack.append({"kind": "sunset", "blocks": blocks, "under": []})
        elif stage == "sunset":
            if s.round == ROUNDS[s.advanced]:
                self._final_scoring()
            else:
                s.round += 1
                frame["stage"] = "dawn"
        return True

    def _options_olympics_card(self, frame: Frame, p: int) -> list[str]:
        return [f"olympics:{o}" for o in frame["drawn"]]

    def _apply_olympics_card(self, frame: Frame, p: int, choice: str) -> None:
        chosen = choice.split(":", 1)[1]
        s = self.state
        s.olympics_shown.append(chosen)
        for other in frame["drawn"]:
            if other != chosen:
                s.olympics_deck.append(other)
        s.rng.shuffle(s.olympics_deck)
        self._log(f"player {p + 1} reveals the Olympics card {self._olympics[chosen].name}")
        s.stack.pop()

    def blessings(self, p: int) -> Counter[str]:
        """The Houses a player may reveal god cards from: their Heroes' and raised Upgrades'."""
        player = self.state.players[p]
        count: Counter[str] = Counter()
        for hero in [player.captain, *player.followers]:
            if hero:
                count.update(self._heroes[hero].blessings)
        upgrades = {u.bonus.value: u for u in self.content.tracks.upgrades}
        for bonus, up in zip(player.upgrades, player.raised, strict=True):
            if up:
                count.update(upgrades[bonus].blessings)
        return count

    def _reveal_from(self, house: str) -> str | None:
        s = self.state
        if not s.god_decks[house]:
            s.god_decks[house] = s.god_discards[house]
            s.god_discards[house] = []
            s.rng.shuffle(s.god_decks[house])
        return s.god_decks[house].pop() if s.god_decks[house] else None

    def _reveal(self, p: int) -> None:
        """§4.1.3: one card per Blessing, at most 4; the most-blessed Houses first."""
        player = self.state.players[p]
        left = REVEAL_LIMIT
        for house, n in sorted(self.blessings(p).items(), key=lambda kv: (-kv[1], kv[0])):
            for _ in range(min(n, left)):
                card = self._reveal_from(house)
                if card is not None:
                    player.revealed.append(card)
                    left -= 1
        if any(b == "reveal" and up for b, up in zip(player.upgrades, player.raised, strict=True)):
            self.state.stack.append({"kind": "extra", "player": p})

    def _options_extra(self, frame: Frame, p: int) -> list[str]:
        return [f"extra:{h.id}" for h in self.content.houses.houses] + ["extra:none"]

    def _apply_extra(self, frame: Frame, p: int, choice: str) -> None:
        house = choice.split(":", 1)[1]
        if house != "none":
            for _ in range(EXTRA_REVEAL):
                card = self._reveal_from(house)
                if card is not None:
                    self.state.players[p].revealed.append(card)
        self.state.stack.pop()

    def _options_buy(self, frame: Frame, p: int) -> list[str]:
        player = self.state.players[p]
        out = [f"buy:{c}" for c in player.revealed if self._cards[c].cost <= player.available]
        for t in player.offered:
            talent = self._talents[t]
            if talent.level not in player.talents and talent.cost <= player.available:
                out.append(f"talent:{t}")
        for hero, trained in player.followers.items():
            if not trained and self._heroes[hero].training_cost <= player.available:
                out.append(f"train:{hero}")
        return [*out, "done"]

    def _apply_buy(self, frame: Frame, p: int, choice: str) -> None:
        player = self.state.players[p]
        kind, _, what = choice.partition(":")
        if kind == "done":
            frame["at"] += 1
        elif kind == "buy":
            self._spend(p, self._cards[what].cost)
            player.revealed.remove(what)
            player.discard.append(what)
            self._log(f"player {p + 1} buys {self._cards[what].name}")
        elif kind == "talent":
            talent = self._talents[what]
            self._spend(p, talent.cost)
            player.offered.remove(what)
            player.talents[talent.level] = what
            self._log(f"player {p + 1} buys the Talent {talent.name}")
        elif kind == "train":
            self._spend(p, self._heroes[what].training_cost)
            player.followers[what] = True
            self._log(f"player {p + 1} trains {self._heroes[what].name}")

    def _auto_buy(self, frame: Frame) -> bool:
        if frame["at"] < len(frame["order"]):
            return False
        self.state.stack.pop()
        return True

    # --- Adventure (§4.2)

    def _auto_adventure(self, frame: Frame) -> bool:
        s = self.state
        order = s.initiative
        for k in range(len(order)):
            p = order[(frame["next"] + k) % len(order)]
            if not s.players[p].passed:
                frame["next"] = (order.index(p) + 1) % len(order)
                s.stack.append({"kind": "turn", "player": p, "actions": 0, "played": [], "seen": {}})
                return True
        s.stack.pop()
        return True

    def _options_turn(self, frame: Frame, p: int) -> list[str]:
        s = self.state
        player = s.players[p]
        out: list[str] = []
        if frame["actions"] < ACTIONS_PER_TURN:
            for card_id in dict.fromkeys(player.hand):
                card = self._cards[card_id]
                out += [f"play:{card_id}:{a}" for a in ACTIONS]
                effect = card.effect
                if (
                    effect is not None
                    and effect.type is EffectType.ACTION
                    and self._payable(p, effect, card_id)
                ):
                    out.append(f"play:{card_id}:effect")
            for source, ability in self._abilities(p):
                if ability.action and source not in player.blocked and player.available >= ability.prayer:
                    out.append(f"ability:{source}")
            out += [f"fight:{e.card}" for e in self._fightable(p)]
            out += [f"explore:{i}" for i in self._explorable(p)]
        out.append("pass" if frame["actions"] == 0 else "end")
        return out

    def _abilities(self, p: int) -> list[tuple[str, Any]]:
        player = self.state.players[p]
        out = [(t, self._talents[t].ability) for t in player.talents.values()]
        heroes = [player.captain] + [h for h, trained in player.followers.items() if trained]
        out += [(h, self._heroes[h].trained) for h in heroes if h]
        return out

    def _fightable(self, p: int) -> list[Enemy]:
        player = self.state.players[p]
        zones = {player.zone} if player.zone else set()
        zones |= {z for z in player.follower_zones.values() if z is not None and z in player.temples}
        return [e for e in self.state.enemies if e.zone in zones and e.owner != p]

    def _explorable(self, p: int) -> list[str]:
        player = self.state.players[p]
        here = {player.zone, *player.follower_zones.values()}
        out = []
        for island in sorted(z for z in here if z is not None and self._zones[z].kind == "island"):
            if island in player.explored or self._threshold(island) is None:
                continue
            best = sorted((self._cards[c].discovery for c in player.hand), reverse=True)[:MAX_EXPLORE_CARDS]
            if sum(best) + self.passive(p, "discovery") >= (self._threshold(island) or 0):
                out.append(island)
        return out

    def _threshold(self, island: str) -> int | None:
        spaces = self._zones[island].exploration
        used = len(self.state.exploration[island])
        return spaces[used] if used < len(spaces) else None

    def _modifier(self, p: int, action: str) -> int:
        """§4.2 Modifier (advanced): +1 to the action its Captain's island's Temple shows."""
        zone = self.state.players[p].zone
        if not self.state.advanced or zone is None:
            return 0
        return 1 if self._zones[zone].modifier == action else 0

    def _apply_turn(self, frame: Frame, p: int, choice: str) -> None:
        s = self.state
        player = s.players[p]
        kind, _, rest = choice.partition(":")
        if kind == "pass":
            player.passed = True
            self._log(f"player {p + 1} passes")
            s.stack.pop()
            self._open_window(Trigger.PASSES, p)
            return
        if kind == "end":
            self._end_turn(frame)
            return
        frame["actions"] += 1
        if kind == "play":
            card_id, action = rest.rsplit(":", 1)
            card = self._cards[card_id]
            player.hand.remove(card_id)
            frame["played"].append(card_id)
            self._note_played(p, card_id)
            if action == "effect":
                assert card.effect is not None
                self._log(f"player {p + 1} plays {card.name} for its effect")
                self._start_effect(p, card.effect, card_id)
                return
            n = card.value(action) + self._modifier(p, action)
            self._log(f"player {p + 1} plays {card.name}: {action} {n}")
            self._run_step(p, {"op": action, "n": n})
        elif kind == "ability":
            ability = dict(self._abilities(p))[rest]
            if ability.once_per_round:
                player.blocked.append(rest)
            if ability.prayer:
                self._spend(p, ability.prayer)
            self._log(f"player {p + 1} uses {rest}")
            s.stack.append(self._effect_frame(p, ability.action, rest))
        elif kind == "fight":
            enemy = s.enemy(rest)
            self._log(f"player {p + 1} fights {self._enemy_cards[rest].name}")
            s.stack.append(
                {
                    "kind": "combat",
                    "player": p,
                    "enemy": rest,
                    "cards": [],
                    "attack": 0,
                    "damage": 0,
                    "enemy_bonus": 0,
                    "stage": "cards",
                    "zone": enemy.zone,
                }
            )
        elif kind == "explore":
            s.stack.append(
                {
                    "kind": "explore",
                    "player": p,
                    "island": rest,
                    "cards": [],
                    "sum": self.passive(p, "discovery"),
                }
            )

    def _auto_turn(self, frame: Frame) -> bool:
        if frame["actions"] >= ACTIONS_PER_TURN:
            self._end_turn(frame)
            return True
        return False

    def _keep_played(self, p: int, cards: list[str]) -> None:
        """Cards played to a combat or an exploration join the turn's, discarded at its end."""
        turn = next((f for f in reversed(self.state.stack) if f["kind"] == "turn"), None)
        for card_id in cards:
            if turn is not None and turn["player"] == p:
                turn["played"].append(card_id)
            else:
                self._to_discard(p, card_id)

    def _end_turn(self, frame: Frame) -> None:
        for card_id in frame["played"]:
            self._to_discard(frame["player"], card_id)
        self.state.stack.pop()

    # --- sub-decisions of actions

    def _options_sail(self, frame: Frame, p: int) -> list[str]:
        s = self.state
        here = s.players[p].zone
        assert here is not None
        captains = {q.zone for i, q in enumerate(s.players) if i != p}
        out = [
            f"sail:{z}"
            for z in self._zones[here].adjacent
            if not (self._zones[z].kind == "island" and z in captains)
        ]
        return [*out, "stop"]

    def _apply_sail(self, frame: Frame, p: int, choice: str) -> None:
        s = self.state
        player = s.players[p]
        if choice == "stop":
            s.stack.pop()
            self._open_window(Trigger.SAILS_NEAR, p)
            return
        target = choice.split(":", 1)[1]
        assert player.zone is not None
        if self._hostile_in(p, player.zone):
            player.dishonor += 1  # §4.2 Sail: leaving a zone that holds an enemy
        player.zone = target
        frame["left"] -= 1
        if self._zones[target].kind == "sea" and target not in s.blocks:
            if not s.travel:
                s.travel, s.travel_discard = s.travel_discard, []
                s.rng.shuffle(s.travel)
            s.blocks.append(target)
            if s.travel:
                card = s.travel.pop()
                s.travel_discard.append(card)
                self._log(f"player {p + 1} sails to {self._zones[target].name}: {self._travel[card].name}")
                s.stack.append(self._effect_frame(p, self._travel[card].do, card))
                return
        self._log(f"player {p + 1} sails to {self._zones[target].name}")

    def _auto_sail(self, frame: Frame) -> bool:
        if frame["left"] > 0:
            return False
        self.state.stack.pop()
        self._open_window(Trigger.SAILS_NEAR, frame["player"])
        return True

    def _pieces(self, p: int) -> list[str]:
        player = self.state.players[p]
        return list(player.followers) + [e.card for e in self.state.enemies if e.owner == p]

    def _options_command(self, frame: Frame, p: int) -> list[str]:
        player = self.state.players[p]
        out = []
        for piece in self._pieces(p):
            if piece in player.followers:
                out += [
                    f"command:{piece}:{z.id}"
                    for z in self.content.board.zones
                    if player.follower_zones.get(piece) != z.id
                ]
            else:
                enemy = self.state.enemy(piece)
                if enemy.zone is None and player.reserve == 0:
                    continue  # §4.2 Command: a placed monster needs one of our cubes
                out += [
                    f"command:{piece}:{z.id}"
                    for z in self.content.board.zones
                    if z.id != enemy.zone and not self._monster_in(z.id)
                ]
        return [*out, "stop"]

    def _apply_command(self, frame: Frame, p: int, choice: str) -> None:
        if choice == "stop":
            self.state.stack.pop()
            return
        _, piece, zone = choice.split(":")
        player = self.state.players[p]
        if piece in player.followers:
            player.follower_zones[piece] = zone
        else:
            enemy = self.state.enemy(piece)
            if enemy.zone is None:
                player.reserve -= 1
            enemy.zone = zone
        self._log(f"player {p + 1} commands {piece} to {self._zones[zone].name}")
        frame["left"] -= 1

    def _auto_command(self, frame: Frame) -> bool:
        if frame["left"] > 0 and len(self._options_command(frame, frame["player"])) > 1:
            return False
        self.state.stack.pop()
        return True

    def _options_discard(self, frame: Frame, p: int) -> list[str]:
        return [f"discard:{c}" for c in dict.fromkeys(self.state.players[p].hand)]

    def _apply_discard(self, frame: Frame, p: int, choice: str) -> None:
        card = choice.split(":", 1)[1]
        self.state.players[p].hand.remove(card)
        self.state.players[p].discard.append(card)
        frame["left"] -= 1

    def _auto_discard(self, frame: Frame) -> bool:
        if frame["left"] > 0 and self.state.players[frame["player"]].hand:
            return False
        self.state.stack.pop()
        return True

    def _auto_effect(self, frame: Frame) -> bool:
        if not frame["steps"]:
            self.state.stack.pop()
            self._finish_effect(frame)
            return True
        step = frame["steps"].pop(0)
        self._run_step(frame["player"], step)
        return True

    def _finish_effect(self, frame: Frame) -> None:
        """After an effect: its held card to the discard, a Removal card to its House."""
        card, p = frame.get("card"), frame["player"]
        if card is None or card not in self._cards:
            return
        if frame.get("holds"):
            self._to_discard(p, card, removal=frame["removal"])
            return
        if not frame.get("removal") or self._cards[card].god is None:
            return
        for holder in reversed(self.state.stack):
            pile = holder.get("played") if holder["kind"] == "turn" else holder.get("cards")
            if holder["kind"] in ("turn", "combat") and card in pile:
                pile.remove(card)
                self._to_discard(p, card, removal=True)
                return

    # --- Devotion (§4.2 keywords): the cards each player played this turn

    def _played_frame(self) -> Frame | None:
        """The turn whose cards count for Devotion, or in the Olympics the phase."""
        return next((f for f in reversed(self.state.stack) if f["kind"] in ("turn", "olympics")), None)

    def _note_played(self, p: int, card_id: str) -> None:
        frame = self._played_frame()
        if frame is not None:
            frame.setdefault("seen", {}).setdefault(str(p), []).append(card_id)

    def _devotion(self, p: int, card_id: str) -> bool:
        """Another card of the same god played by ``p`` this turn (Olympics: this phase)."""
        god = self._cards[card_id].god if card_id in self._cards else None
        frame = self._played_frame()
        if god is None or frame is None:
            return False
        seen = frame.get("seen", {}).get(str(p), [])
        return any(c != card_id and self._cards[c].god == god for c in seen)

    def _options_upgrade(self, frame: Frame, p: int) -> list[str]:
        player = self.state.players[p]
        return [f"upgrade:{b}" for b, up in zip(player.upgrades, player.raised, strict=True) if not up]

    def _apply_upgrade(self, frame: Frame, p: int, choice: str) -> None:
        player = self.state.players[p]
        bonus = choice.split(":", 1)[1]
        player.raised[player.upgrades.index(bonus)] = True
        if bonus == "energy":
            self._one_step(p, Op.GAIN_ENERGY, 2, None)
        elif bonus == "limiter":
            self._raise_limiter(p, 2)
        self._log(f"player {p + 1} raises the {bonus} Upgrade")
        self.state.stack.pop()

    def _auto_upgrade(self, frame: Frame) -> bool:
        if self._options_upgrade(frame, frame["player"]):
            return False
        self.state.stack.pop()
        return True

    def _raise_limiter(self, p: int, n: int) -> None:
        player = self.state.players[p]
        if player.limiter is not None:
            player.limiter += n
            if player.limiter > MAX_VIGOR:
                player.limiter = None  # §4.3: removed past 10

    # --- Combat (§4.3)

    def _options_combat(self, frame: Frame, p: int) -> list[str]:
        player = self.state.players[p]
        out = []
        if len(frame["cards"]) < MAX_COMBAT_CARDS:
            for card_id in dict.fromkeys(player.hand):
                out.append(f"attack:{card_id}")
                effect = self._cards[card_id].effect
                if (
                    effect is not None
                    and effect.type is EffectType.COMBAT
                    and self._payable(p, effect, card_id)
                ):
                    out.append(f"combat:{card_id}")
        return [*out, "go"]

    def _apply_combat(self, frame: Frame, p: int, choice: str) -> None:
        player = self.state.players[p]
        kind, _, card_id = choice.partition(":")
        if kind == "go":
            frame["stage"] = "respond"
            return
        card = self._cards[card_id]
        player.hand.remove(card_id)
        frame["cards"].append(card_id)
        self._note_played(p, card_id)
        if kind == "attack":
            frame["attack"] += card.attack
        else:
            assert card.effect is not None
            self._start_effect(p, card.effect, card_id)

    def _auto_combat(self, frame: Frame) -> bool:
        if frame["stage"] == "cards":
            return False
        if frame["stage"] == "respond":
            frame["stage"] = "roll"
            self._open_window(Trigger.FIGHTS, frame["player"])
            return True
        if frame["stage"] == "roll":
            frame["stage"] = "resolve"
            self._roll(frame)
            return True
        self.state.stack.pop()
        self._resolve_combat(frame)
        return True

    def _roll(self, frame: Frame) -> None:
        """§4.3.2: the enemy's dice; each special face applies its ability."""
        enemy = self._enemy_cards[frame["enemy"]]
        faces = [self.state.rng.choice(self.content.tracks.die) for _ in range(enemy.dice)]
        frame["enemy_bonus"] += sum(f.value for f in faces if not f.special)
        specials = sum(f.special for f in faces)
        frame["rolled"] = [("*" if f.special else str(f.value)) for f in faces]
        for _ in range(specials):
            self.state.stack.append(self._effect_frame(frame["player"], enemy.ability, enemy.id))

    def _resolve_combat(self, frame: Frame) -> None:
        s = self.state
        p = frame["player"]
        card = self._enemy_cards[frame["enemy"]]
        mine = frame["attack"] + self.passive(p, "attack")
        theirs = card.attack + frame["enemy_bonus"]
        self._keep_played(p, frame["cards"])
        rolled = ",".join(frame.get("rolled", [])) or "no dice"
        self._log(f"combat: player {p + 1} {mine} against {card.name} {theirs} ({rolled})")
        if mine == theirs:
            return
        damage = 1 + (1 if abs(mine - theirs) >= 4 else 0)
        if mine < theirs:
            self._damage(p, damage)
            return
        damage += frame["damage"] + self.passive(p, "damage")
        enemy = s.enemy(frame["enemy"])
        if enemy.owner is None and not enemy.wounded and damage < 2:
            if self.black_cubes_free() == 0:  # §1: limited; no cube to mark the wound
                self._log(f"{card.name} takes the damage, but no black cube is left to mark the wound")
                return
            enemy.wounded = True
            self._log(f"{card.name} is wounded")
            return
        self._defeat(p, enemy, frame["zone"])

    def _defeat(self, p: int, enemy: Enemy, zone: str) -> None:
        s = self.state
        player = s.players[p]
        card = self._enemy_cards[enemy.card]
        self._log(f"player {p + 1} defeats {card.name}")
        s.enemies.remove(enemy)
        if enemy.owner is not None:
            s.players[enemy.owner].reserve += 1  # the owner's cube comes back
        elif card.kind == "argonaut":
            assert card.hero is not None
            self._raise_limiter(p, 2)
            if len(player.followers) < FOLLOWER_SLOTS:
                player.followers[card.hero] = False
                player.follower_zones[card.hero] = None
            else:
                player.champions += 1
                player.champion_overflow += 1
        else:
            enemy.zone = None
            enemy.owner = p
            enemy.wounded = False  # its black cube goes back: a tamed monster has the owner's
            s.enemies.append(enemy)
            player.tamed.append(enemy.card)
            self._one_step(p, Op.GAIN_ENERGY, 1, None)
        if self._zones[zone].kind == "island" and s.temples[zone] is None:
            if len(player.temples) >= FLAGS:  # §1: limited; no Flag left to claim it
                self._log(f"player {p + 1} has no Flag left to claim the Temple of {self._zones[zone].name}")
                return
            s.temples[zone] = p
            player.temples.append(zone)
            self._log(f"player {p + 1} claims the Temple of {self._zones[zone].name}")
            # The claim is Flag then Upgrade (§4.3); Responses to it come after both.
            self._open_window(Trigger.CLAIMS_TEMPLE, p)
            s.stack.append({"kind": "upgrade", "player": p})

    # --- Explore (§4.2)

    def _options_explore(self, frame: Frame, p: int) -> list[str]:
        player = self.state.players[p]
        need = self._threshold(frame["island"]) or 0
        left = MAX_EXPLORE_CARDS - len(frame["cards"])
        out = []
        if left:
            for card_id in dict.fromkeys(player.hand):
                rest = list(player.hand)
                rest.remove(card_id)
                best = sorted((self._cards[c].discovery for c in rest), reverse=True)[: left - 1]
                if frame["sum"] + self._cards[card_id].discovery + sum(best) >= need:
                    out.append(f"discover:{card_id}")
        if frame["sum"] >= need:
            out.append("go")
        return out

    def _apply_explore(self, frame: Frame, p: int, choice: str) -> None:
        player = self.state.players[p]
        if choice == "go":
            self.state.stack.pop()
            island = frame["island"]
            self._keep_played(p, frame["cards"])
            self.state.exploration[island].append(p)
            player.explored.append(island)
            player.peeked[island] = self.state.treasures[island]
            self._log(f"player {p + 1} explores {self._zones[island].name}")
            self._open_window(Trigger.EXPLORES, p)
            return
        card_id = choice.split(":", 1)[1]
        player.hand.remove(card_id)
        frame["cards"].append(card_id)
        self._note_played(p, card_id)
        frame["sum"] += self._cards[card_id].discovery

    # --- Responses (§4.2)

    def _responses(self, p: int, trigger: Trigger) -> list[str]:
        player = self.state.players[p]
        out = []
        for card_id in dict.fromkeys(player.hand):
            effect = self._cards[card_id].effect
            if effect is not None and effect.when is trigger and self._payable(p, effect, card_id):
                out.append(card_id)
        return out

    def _open_window(self, trigger: Trigger, actor: int) -> None:
        """A window for Responses to ``actor``'s move, in Initiative order. Who is asked
        depends on public facts only (not the actor, a card in hand, near for a Sail), so
        being asked says nothing about one's hand; a player without a playable Response
        is offered only "no"."""
        s = self.state
        frame: Frame = {"kind": "respond", "trigger": trigger.value, "actor": actor, "queue": []}
        if trigger is Trigger.SAILS_NEAR:
            zone = s.players[actor].zone
            assert zone is not None
            frame["near"] = sorted({zone, *self._zones[zone].adjacent})
        frame["queue"] = [q for q in s.initiative if self._asked(frame, q)]
        if frame["queue"]:
            s.stack.append(frame)

    def _asked(self, frame: Frame, q: int) -> bool:
        """Whether ``q`` is (still) asked in this window: public facts only."""
        if q == frame["actor"]:
            return False  # never in one's own turn
        if "near" in frame and self.state.players[q].zone not in frame["near"]:
            return False
        return bool(self.state.players[q].hand)

    def _can_respond(self, frame: Frame, q: int) -> bool:
        """The condition, checked again before each card (§4.2 Responses)."""
        return self._asked(frame, q) and bool(self._responses(q, Trigger(frame["trigger"])))

    def _options_respond(self, frame: Frame, p: int) -> list[str]:
        return [f"respond:{c}" for c in self._responses(p, Trigger(frame["trigger"]))] + ["no"]

    def _apply_respond(self, frame: Frame, p: int, choice: str) -> None:
        if choice == "no":
            frame["queue"].pop(0)  # a "no" leaves this window
            return
        card_id = choice.split(":", 1)[1]
        card = self._cards[card_id]
        assert card.effect is not None
        self.state.players[p].hand.remove(card_id)
        self._note_played(p, card_id)
        self._log(f"player {p + 1} responds with {card.name}")
        frame["queue"].append(frame["queue"].pop(0))  # one card at a time, in turn
        self._start_effect(p, card.effect, card_id, holds=True)

    def _auto_respond(self, frame: Frame) -> bool:
        while frame["queue"] and not self._asked(frame, frame["queue"][0]):
            frame["queue"].pop(0)
        if frame["queue"]:
            return False
        self.state.stack.pop()
        return True

    # --- Enemies phase (§4.4)

    def _auto_enemies(self, frame: Frame) -> bool:
        """One player at a time, in Initiative order (a hand-limit discard comes before the
        next player's damage): 1 damage per enemy in the Captain's zone or a Temple's zone,
        each enemy once; one's own tamed monsters never."""
        s = self.state
        if frame["at"] >= len(s.initiative):
            s.stack.pop()
            return True
        p = s.initiative[frame["at"]]
        frame["at"] += 1
        player = s.players[p]
        zones = {player.zone, *player.temples}
        hits = sum(1 for e in s.enemies if e.zone is not None and e.zone in zones and e.owner != p)
        if hits:
            self._log(f"player {p + 1} takes {hits} damage from enemies")
            self._damage(p, hits)
        return True

    # --- Olympics (§4.5)

    def _auto_olympics(self, frame: Frame) -> bool:
        s = self.state
        if frame["stage"] == "start":
            self._log(f"round {s.round}: Olympics")
            if not s.olympics_shown:
                frame["stage"] = "done"
                return True
            for p in s.initiative:  # 1. Fervor bonuses, on top of what effects gave already
                s.players[p].fervor += self.passive(p, "fervor")
            for p in s.initiative:  # 2. hands refilled
                self._draw(p, max(0, self.hand_limit(p) - len(s.players[p].hand)))
            frame["stage"] = "race"
            frame["race"] = 0
            frame["played"] = {str(p): [] for p in range(len(s.players))}
            frame["removed"] = []
            frame["seen"] = {}
            return True
        if frame["stage"] == "race":  # 3. three races
            if frame["race"] < RACES:
                frame["race"] += 1
                s.stack.append({"kind": "race", "stage": "pick", "picks": {}, "pending": []})
            else:
                frame["stage"] = "prizes"
            return True
        if frame["stage"] == "prizes":
            self._olympic_abilities()  # 4.
            frame["ranking"] = self.olympics_ranking(frame["played"])
            self._prizes(frame)  # 5. (effect frames, first place on top)
            frame["stage"] = "cleanup"
            return True
        if frame["stage"] == "cleanup":
            for p in range(len(s.players)):  # 6. discard (Removal cards to their House)
                for card in frame["played"][str(p)]:
                    self._to_discard(p, card, removal=card in frame["removed"])
                frame["played"][str(p)] = []
            s.initiative = list(frame["ranking"])  # 7. new Initiative, markers to 0
            for player in s.players:
                player.fervor = 0
            frame["stage"] = "done"
            return True
        s.stack.pop()
        return True

    def discipline(self) -> str | None:
        return self.state.olympics_shown[-1] if self.state.olympics_shown else None

    def _race_value(self, card_id: str) -> int:
        olympics = self._olympics[self.discipline() or ""]
        card = self._cards[card_id]
        return sum(card.value(sym.value) for sym in olympics.disciplines)

    def _olympics_frame(self) -> Frame:
        return next(f for f in reversed(self.state.stack) if f["kind"] == "olympics")

    def _options_race(self, frame: Frame, p: int) -> list[str]:
        if frame["stage"] == "pick":
            return [f"race:{c}" for c in dict.fromkeys(self.state.players[p].hand)]
        card = self._cards[frame["picks"][p]]
        assert card.effect is not None
        out = ["use:numbers"]
        if self._payable(p, card.effect, None):
            out.append("use:effect")
        return out

    def _apply_race(self, frame: Frame, p: int, choice: str) -> None:
        player = self.state.players[p]
        if frame["stage"] == "pick":
            card_id = choice.split(":", 1)[1]
            player.hand.remove(card_id)
            frame["picks"][p] = card_id
            return
        card_id = frame["picks"][p]
        frame["pending"].pop(0)
        if choice == "use:effect":
            effect = self._cards[card_id].effect
            assert effect is not None
            if effect.removal:
                self._olympics_frame()["removed"].append(card_id)
            self._start_effect(p, effect, card_id)
        else:
            player.fervor += self._race_value(card_id)

    def _auto_race(self, frame: Frame) -> bool:
        s = self.state
        if frame["stage"] == "pick":
            if self.to_decide():
                return False
            frame["stage"] = "use"
            olympics = self._olympics_frame()
            for p in s.initiative:
                if p in frame["picks"]:
                    olympics["played"][str(p)].append(frame["picks"][p])
                    self._note_played(p, frame["picks"][p])
            for p in s.initiative:
                if p in frame["picks"]:
                    effect = self._cards[frame["picks"][p]].effect
                    if effect is not None and effect.type is EffectType.OLYMPICS:
                        frame["pending"].append(p)
                    else:
                        s.players[p].fervor += self._race_value(frame["picks"][p])
            shown = ", ".join(
                f"player {p + 1} {self._cards[frame['picks'][p]].name}"
                for p in s.initiative
                if p in frame["picks"]
            )
            self._log(f"race: {shown or 'nobody had a card'}")
            return True
        if frame["pending"]:
            return False
        s.stack.pop()
        return True

    def _olympic_abilities(self) -> None:
        """§4.5.4: one die per Argonaut owned (Captain, Followers trained or not) with a
        discipline symbol; +1 Fervor per 1 and per Activation face."""
        s = self.state
        olympics = self._olympics[self.discipline() or ""]
        symbols = set(olympics.disciplines)
        for p in s.initiative:
            player = s.players[p]
            for hero in [player.captain, *player.followers]:
                if hero and symbols & set(self._heroes[hero].olympic):
                    face = s.rng.choice(self.content.tracks.die)
                    if face.special or face.value == 1:
                        player.fervor += 1

    def olympics_ranking(self, played: dict[str, list[str]]) -> list[int]:
        """§4.5.5: by Fervor; ties by the tied players' played cards on each tie-break
        symbol in turn, then by the better Initiative."""
        s = self.state
        olympics = self._olympics[self.discipline() or ""]

        def key(p: int) -> tuple[int, ...]:
            breaks = [
                sum(self._cards[c].value(sym.value) for c in played[str(p)]) for sym in olympics.tiebreaks
            ]
            return (-s.players[p].fervor, *(-b for b in breaks), s.initiative.index(p))

        return sorted(s.initiative, key=key)

    def _prizes(self, frame: Frame) -> None:
        """§4.5.5: from first place down, Champion tokens and the place's prize."""
        s = self.state
        ranking = frame["ranking"]
        olympics = self._olympics[self.discipline() or ""]
        self._log("Olympics: " + ", ".join(f"{i + 1}. player {p + 1}" for i, p in enumerate(ranking)))
        for place, p in reversed(list(enumerate(ranking[:3]))):
            prize = olympics.prizes[place]
            steps = [Step(op=Op.CHAMPION, n=prize.champions), *prize.do]
            s.stack.append(self._effect_frame(p, steps, f"prize {place + 1}"))

    # --- Sunset (§4.6)

    def _auto_sunset(self, frame: Frame) -> bool:
        """1. each Block, in the order placed: a Sea enemy card (one at a time, so what a
        Calm Sea asks is decided before the next); 2. Talents and Heroes unblocked;
        3. Talents' restore."""
        s = self.state
        if frame["blocks"]:
            zone = frame["blocks"].pop(0)
            if not s.sea_deck:
                return True  # an empty Sea deck draws nothing
            card = s.sea_deck.pop()
            enemy = self._enemy_cards[card]
            if enemy.kind == "calm_sea":
                frame["under"].append(card)
                self._log(f"Sunset: {self._zones[zone].name} is calm ({enemy.name})")
                steps = [step.model_copy(update={"to": "all"}) for step in enemy.calm]
                s.stack.append(self._effect_frame(s.initiative[0], steps, card))
            elif self._enemy_here(zone):
                frame["under"].append(card)  # the zone already holds an enemy
            else:
                s.enemies.append(Enemy(card, zone))
                self._log(f"Sunset: {enemy.name} rises in {self._zones[zone].name}")
            return True
        s.sea_deck[:0] = reversed(frame["under"])  # under the deck, in the order drawn
        frame["under"] = []
        for p in s.initiative:
            player = s.players[p]
            player.blocked = []
            restore = sum(self._talents[t].restore for t in player.talents.values())
            self._one_step(p, Op.RESTORE, restore, None)
        s.stack.pop()
        return True

    # --- final scoring (§5)

    def laurels(self, p: int) -> dict[str, int]:
        s = self.state
        player = s.players[p]
        devotion = self._devotion_laurels
        fleece = self._fleece_treasures
        return {
            "submission": sum(self._enemy_cards[t].laurels for t in player.tamed),
            "exploration": sum(2 if s.treasures[i] in fleece else 1 for i in player.explored),
            "olympics": player.champions,
            "devotion": sum(devotion[c] for pile in (player.hand, player.deck, player.discard) for c in pile),
        }

    def _fleece(self, treasure: str) -> bool:
        return treasure in self._fleece_treasures

    def _final_scoring(self) -> None:
        s = self.state
        for player in s.players:
            player.deck += player.hand + player.discard
            player.hand, player.discard = [], []
        laurels = {p: self.laurels(p) for p in range(len(s.players))}
        for ranking, points in RANKINGS.items():
            for p, vp in self.ranking_points(
                ranking, {p: laurels[p][ranking] for p in laurels}, points
            ).items():
                s.players[p].vp += vp
        s.over = True
        self._log("final scores: " + ", ".join(f"player {p + 1} {q.vp}" for p, q in enumerate(s.players)))

    def ranking_points(
        self, ranking: str, laurels: dict[int, int], points: tuple[int, int, int]
    ) -> dict[int, int]:
        """§5: the top three with at least 1 laurel score; a tie for a place goes to fewer
        Dishonor tokens, and players still tied each take that place's points minus 1."""
        s = self.state
        eligible = [p for p in laurels if laurels[p] >= 1]
        eligible.sort(key=lambda p: (-laurels[p], s.players[p].dishonor))
        out: dict[int, int] = {}
        place = 0
        i = 0
        while i < len(eligible) and place < 3:
            group = [
                q
                for q in eligible[i:]
                if (laurels[q], s.players[q].dishonor)
                == (laurels[eligible[i]], s.players[eligible[i]].dishonor)
            ]
            value = points[place] - (1 if len(group) > 1 else 0)
            for q in group:
                out[q] = max(0, value)
            i += len(group)
            place += len(group)
        return out

    def final_order(self) -> list[int]:
        """Players from first to last: VP, then the tie-breaks of §5 (Dishonor first, as
        the rulebook's long list has it)."""
        s = self.state
        fleece = {i for i, t in s.treasures.items() if self._fleece(t)}

        def key(p: int) -> tuple[int, ...]:
            player = s.players[p]
            return (
                -player.vp,
                player.dishonor,
                -sum(1 for i in player.explored if i in fleece),
                -len(player.temples),
                -len(player.followers),
                s.initiative.index(p),
            )

        return sorted(range(len(s.players)), key=key)

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Every component where it can be (raises AssertionError naming what is wrong):
        each player's 19 cubes, Vigor within its Limiter, tokens never negative, Flags,
        Exploration markers and Follower slots within their counts, the 10 black cubes, and
        every card — action, enemy, Travel, Olympics — in exactly one place."""
        self._check_players()
        self._check_board()
        self._check_action_cards()
        self._check_other_cards()

    def _check_players(self) -> None:
        s = self.state
        assert sorted(s.initiative) == list(range(len(s.players))), f"Initiative {s.initiative}"
        for p, player in enumerate(s.players):
            who = f"player {p + 1}"
            placed = sum(1 for e in s.enemies if e.owner == p and e.zone is not None)
            cubes = player.available + player.exhausted + player.reserve + 1 + placed
            assert cubes == CUBES, f"{who} has {cubes} cubes"
            assert min(player.available, player.exhausted, player.reserve) >= 0, f"{who}'s energy"
            top = MAX_VIGOR if player.limiter is None else player.limiter
            assert player.limiter is None or START_LIMITER <= player.limiter <= MAX_VIGOR
            assert 1 <= player.vigor <= top, f"{who}'s Vigor {player.vigor} past {top}"
            counters = (player.dishonor, player.champions, player.fervor, player.vp, player.champion_overflow)
            assert min(counters) >= 0, f"{who} has a negative count {counters}"
            assert player.champion_overflow <= player.champions
            assert len(player.followers) <= FOLLOWER_SLOTS, f"{who} has {len(player.followers)} Followers"
            assert set(player.follower_zones) == set(player.followers)
            assert player.captain not in player.followers
            assert len(set(player.temples)) == len(player.temples) <= FLAGS, f"{who}'s Flags {player.temples}"
            assert sum(player.raised) <= len(player.temples), f"{who} raised more Upgrades than Temples"
            assert len(set(player.explored)) == len(player.explored)
            assert all(s.treasures[i] == t and i in player.explored for i, t in player.peeked.items())
            assert all(self._talents[t].level == level for level, t in player.talents.items())
            assert not set(player.talents.values()) & set(player.offered)
            assert len(set(player.tamed)) == len(player.tamed)

    def _check_board(self) -> None:
        s = self.state
        for island, owner in s.temples.items():
            holders = [p for p, q in enumerate(s.players) if island in q.temples]
            assert holders == ([] if owner is None else [owner]), f"Temple of {island}: {owner} {holders}"
        for island, markers in s.exploration.items():
            assert len(set(markers)) == len(markers) <= len(self._zones[island].exploration), island
            for p, player in enumerate(s.players):
                assert (p in markers) == (island in player.explored), f"{island}: player {p + 1}'s marker"
        cards = [e.card for e in s.enemies]
        assert len(set(cards)) == len(cards), "an enemy twice on the board"
        for enemy in s.enemies:
            if enemy.owner is not None:
                assert enemy.card in s.players[enemy.owner].tamed and not enemy.wounded, enemy
            else:
                assert enemy.zone is not None, enemy
        monsters = Counter(
            e.zone for e in s.enemies if e.zone is not None and self._enemy_cards[e.card].kind != "argonaut"
        )
        assert all(n == 1 for n in monsters.values()), f"two monsters in one zone: {monsters}"
        assert self.black_cubes_free() >= 0, "more black cubes used than the 10"
        assert len(set(s.blocks)) == len(s.blocks) and all(self._zones[z].kind == "sea" for z in s.blocks)
        captains = [q.zone for q in s.players if q.zone is not None and self._zones[q.zone].kind == "island"]
        assert len(set(captains)) == len(captains), "two Captains on one island"

    def _check_action_cards(self) -> None:
        s = self.state
        held: list[str] = []
        for player in s.players:
            held += player.hand + player.deck + player.discard + player.revealed
        for frame in s.stack:
            kind = frame["kind"]
            held += frame["played"] if kind == "turn" else []
            held += frame["cards"] if kind in ("combat", "explore") else []
            if kind == "race" and frame["stage"] == "pick":
                held += list(frame["picks"].values())
            if kind == "olympics" and "played" in frame:
                held += [c for cards in frame["played"].values() for c in cards]
            if kind == "effect" and frame.get("holds"):
                held.append(frame["card"])
        for deck in (*s.god_decks.values(), *s.god_discards.values()):
            held += deck
        held += s.animae
        counts = Counter(held)
        doubled = [c for c, n in counts.items() if n > 1]
        assert not doubled, f"cards in two places: {doubled[:3]}"
        every = {c.id for c in (*self.content.gods, *self.content.animae)}
        every |= {c.id for c in self.content.starting if c.colour in [q.colour for q in s.players]}
        every |= {c.id for q in s.players if q.captain for c in self.content.personal if c.hero == q.captain}
        assert every == set(counts), f"cards lost {sorted(every - set(counts))[:3]}, or come from nowhere"

    def _check_other_cards(self) -> None:
        s = self.state
        tamed = [t for q in s.players for t in q.tamed]
        neutral = [e.card for e in s.enemies if e.owner is None]
        under = [c for f in s.stack if f["kind"] == "sunset" for c in f["under"]]
        sea = [c for c in (*neutral, *tamed) if self._enemy_cards[c].kind == "sea"]
        sea += s.sea_deck + under
        assert sorted(sea) == sorted(e.id for e in self.content.sea), "Sea enemy cards lost or doubled"
        travel = s.travel + s.travel_discard
        assert sorted(travel) == sorted(t.id for t in self.content.travel), "Travel cards lost or doubled"
        olympics = s.olympics_deck + s.olympics_shown + ([s.olympics_aside] if s.olympics_aside else [])
        olympics += [c for f in s.stack if f["kind"] == "olympics_card" for c in f["drawn"]]
        assert sorted(olympics) == sorted(o.id for o in self.content.olympics), "Olympics cards lost"
        argonauts = [e.card for e in s.enemies if self._enemy_cards[e.card].kind == "argonaut"]
        assert set(argonauts) <= set(s.argonaut_slots), "an enemy Argonaut off the Argonaut board"


def zone_names(game: Game) -> dict[str, str]:
    return {z.id: z.name for z in game.content.board.zones}


__all__ = ["Game", "IllegalChoice", "Symbol"]
