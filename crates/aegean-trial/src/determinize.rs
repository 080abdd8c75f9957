//! The games a player cannot tell from the real one: the reference's
//! `aegean/trial/determinize.py`, draw for draw. A [`View`] is read once from a bot's view
//! (`aegean.trial.native.view_text`); [`View::determinize`] then builds a whole game from it
//! with a generator, drawing every hidden part (the other hands, every deck's order, the
//! Treasures under unexplored Temples, face-down picks and Olympics cards, the other draft
//! picks) exactly as the reference draws them from the same generator state.

use std::collections::HashSet;

use serde_json::Value;

use crate::content::{CardId, Content, EnemyId, EnemyKind, OlympicsId, TravelId, ZoneId};
use crate::rng::PyRandom;
use crate::state::{Enemy, Frame, Player, Source, State};

type R<T> = Result<T, String>;

fn field<'v>(v: &'v Value, key: &str) -> R<&'v Value> {
    v.get(key).ok_or_else(|| format!("view: no {key:?}"))
}

fn int(v: &Value) -> R<i64> {
    v.as_i64()
        .ok_or_else(|| format!("view: not an integer: {v}"))
}

fn text(v: &Value) -> R<&str> {
    v.as_str().ok_or_else(|| format!("view: not a string: {v}"))
}

fn list(v: &Value) -> R<&Vec<Value>> {
    v.as_array().ok_or_else(|| format!("view: not a list: {v}"))
}

/// `_draw`: `n` items drawn from `pool` (only those `allowed` accepts): the candidates
/// in their ids' string order (`rank`), shuffled, the first `n` taken out of the pool.
fn draw<T: Copy + PartialEq>(
    pool: &mut Vec<T>,
    n: usize,
    rng: &mut PyRandom,
    rank: impl Fn(T) -> u16,
    allowed: impl Fn(T) -> bool,
) -> Vec<T> {
    let mut cards: Vec<T> = pool.iter().copied().filter(|&x| allowed(x)).collect();
    cards.sort_by_key(|&x| rank(x));
    rng.shuffle(&mut cards);
    cards.truncate(n);
    pool.retain(|x| !cards.contains(x));
    cards
}

/// A player's hand and deck as the view tells them: the multiset, and the hand if it is
/// the viewer's.
#[derive(Clone, Debug)]
struct Held {
    cards: Vec<CardId>,
    hand: Option<Vec<CardId>>,
    hand_size: usize,
}

/// A bot's view, read once: the public state as a [`State`] with its hidden parts empty,
/// and what determinizing needs.
#[derive(Clone, Debug)]
pub struct View {
    me: usize,
    base: State,
    held: Vec<Held>,
    /// The race frame's picks still face down (the players whose pick is to be drawn).
    hidden_picks: Vec<usize>,
    known_treasures: Vec<(ZoneId, u8)>,
    /// Pools of unseen cards, by kind (what no frame, pile or board mentions).
    god_pool: Vec<CardId>,
    god_sizes: Vec<usize>,
    /// The Houses in the view's order (which the draws follow).
    house_order: Vec<usize>,
    animae_size: usize,
    travel_pool: Vec<TravelId>,
    travel_size: usize,
    sea_pool: Vec<EnemyId>,
    sea_size: usize,
    olympics_pool: Vec<OlympicsId>,
    olympics_size: usize,
    /// An Olympics card choice in front of someone else: how many were drawn.
    hidden_drawn: Option<usize>,
    set_aside: bool,
    draft: Option<Draft>,
}

/// The Captain draft as the view tells it.
#[derive(Clone, Debug)]
struct Draft {
    /// Hero -> its first Argonaut card not on the board.
    cards: Vec<(u8, EnemyId)>,
    hidden: Vec<u8>,
    mine: Option<u8>,
    /// The players who have picked, in order.
    picked: Vec<usize>,
}

impl View {
    /// Read a view document (`aegean.trial.native.view_text`) of player `me`.
    pub fn from_json(c: &Content, text_: &str, me: usize) -> R<View> {
        let v: Value = serde_json::from_str(text_).map_err(|e| format!("view: {e}"))?;
        View::read(c, &v, me)
    }

    fn read(c: &Content, d: &Value, me: usize) -> R<View> {
        let card = |x: &Value| -> R<CardId> {
            let name = text(x)?;
            c.card_ids
                .get(name)
                .ok_or_else(|| format!("view: unknown card {name:?}"))
        };
        let cards = |x: &Value| -> R<Vec<CardId>> { list(x)?.iter().map(card).collect() };
        let zone = |x: &Value| -> R<ZoneId> {
            let name = text(x)?;
            c.zone_ids
                .get(name)
                .map(|z| z as ZoneId)
                .ok_or_else(|| format!("view: unknown zone {name:?}"))
        };
        let opt_zone = |x: &Value| -> R<Option<ZoneId>> {
            if x.is_null() {
                Ok(None)
            } else {
                zone(x).map(Some)
            }
        };
        let hero = |x: &Value| -> R<u8> {
            let name = text(x)?;
            c.hero_ids
                .get(name)
                .map(|h| h as u8)
                .ok_or_else(|| format!("view: unknown hero {name:?}"))
        };
        let talent = |x: &Value| -> R<u8> {
            let name = text(x)?;
            c.talent_ids
                .get(name)
                .map(|t| t as u8)
                .ok_or_else(|| format!("view: unknown Talent {name:?}"))
        };
        let enemy = |x: &Value| -> R<EnemyId> {
            let name = text(x)?;
            c.enemy_ids
                .get(name)
                .map(|e| e as EnemyId)
                .ok_or_else(|| format!("view: unknown enemy {name:?}"))
        };
        let olympics = |x: &Value| -> R<OlympicsId> {
            let name = text(x)?;
            c.olympics_ids
                .get(name)
                .map(|o| o as OlympicsId)
                .ok_or_else(|| format!("view: unknown Olympics card {name:?}"))
        };
        let travel = |x: &Value| -> R<Vec<TravelId>> {
            list(x)?
                .iter()
                .map(|t| {
                    let name = text(t)?;
                    c.travel_ids
                        .get(name)
                        .map(|i| i as TravelId)
                        .ok_or_else(|| format!("view: unknown Travel card {name:?}"))
                })
                .collect()
        };
        let object = |x: &Value| -> R<Vec<(String, Value)>> {
            Ok(x.as_object()
                .ok_or_else(|| format!("view: not an object: {x}"))?
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect())
        };
        let index = |x: &Value| -> R<usize> { Ok(int(x)? as usize) };
        let i32_of = |x: &Value, key: &str| -> R<i32> { Ok(int(field(x, key)?)? as i32) };

        // Players (`_player`), their hands and decks left for later.
        let mut players = Vec::new();
        let mut held = Vec::new();
        for (p, pv) in list(field(d, "players")?)?.iter().enumerate() {
            let energy = field(pv, "energy")?;
            let mut talents = Vec::new();
            for (level, t) in object(field(pv, "talents")?)? {
                let level = level
                    .parse()
                    .map_err(|_| format!("view: a Talent level {level:?}"))?;
                talents.push((level, talent(&t)?));
            }
            let mut followers = Vec::new();
            for (h, trained) in object(field(pv, "followers")?)? {
                followers.push((
                    hero(&Value::String(h))?,
                    trained.as_bool().ok_or("view: a Follower's training")?,
                ));
            }
            let mut follower_zones = Vec::new();
            for (h, z) in object(field(pv, "follower_zones")?)? {
                follower_zones.push((hero(&Value::String(h))?, opt_zone(&z)?));
            }
            let mut upgrades = Vec::new();
            let mut raised = Vec::new();
            for u in list(field(pv, "upgrades")?)? {
                let name = text(field(u, "bonus")?)?;
                upgrades.push(
                    crate::content::Bonus::parse(name)
                        .ok_or_else(|| format!("view: unknown Upgrade {name:?}"))?,
                );
                raised.push(field(u, "raised")?.as_bool().ok_or("view: raised")?);
            }
            let mut peeked = Vec::new();
            if let Some(seen) = pv.get("treasures_seen").filter(|s| !s.is_null()) {
                for (island, t) in object(seen)? {
                    let name = text(&t)?;
                    peeked.push((
                        zone(&Value::String(island))?,
                        c.treasure_ids
                            .get(name)
                            .ok_or_else(|| format!("view: unknown Treasure {name:?}"))?
                            as u8,
                    ));
                }
            }
            let blocked = list(field(pv, "blocked")?)?
                .iter()
                .map(|s| {
                    let name = text(s)?;
                    match c.talent_ids.get(name) {
                        Some(t) => Ok(Source::Talent(t as u8)),
                        None => hero(s).map(Source::Hero),
                    }
                })
                .collect::<R<_>>()?;
            let captain = field(pv, "captain")?;
            let limiter = field(pv, "limiter")?;
            players.push(Player {
                colour: text(field(pv, "colour")?)?.to_owned(),
                captain: if captain.is_null() || captain.as_str() == Some("") {
                    None
                } else {
                    Some(hero(captain)?)
                },
                zone: opt_zone(field(pv, "zone")?)?,
                available: i32_of(energy, "available")?,
                exhausted: i32_of(energy, "exhausted")?,
                reserve: i32_of(energy, "reserve")?,
                vigor: i32_of(pv, "vigor")?,
                limiter: if limiter.is_null() {
                    None
                } else {
                    Some(int(limiter)? as i32)
                },
                hand: Vec::new(),
                deck: Vec::new(),
                discard: cards(field(pv, "discard")?)?,
                offered: list(field(pv, "offered_talents")?)?
                    .iter()
                    .map(talent)
                    .collect::<R<_>>()?,
                talents,
                followers,
                follower_zones,
                tamed: list(field(pv, "tamed")?)?
                    .iter()
                    .map(enemy)
                    .collect::<R<_>>()?,
                upgrades,
                raised,
                dishonor: i32_of(pv, "dishonor")?,
                champions: i32_of(pv, "champions")?,
                fervor: i32_of(pv, "fervor")?,
                vp: i32_of(pv, "vp")?,
                temples: list(field(pv, "temples")?)?
                    .iter()
                    .map(zone)
                    .collect::<R<_>>()?,
                explored: list(field(pv, "explored")?)?
                    .iter()
                    .map(zone)
                    .collect::<R<_>>()?,
                peeked,
                blocked,
                revealed: cards(field(pv, "revealed_god_cards")?)?,
                champion_overflow: 0,
                passed: field(pv, "passed")?.as_bool().ok_or("view: passed")?,
            });
            let hand = field(pv, "hand")?;
            held.push(Held {
                cards: cards(field(pv, "hand_and_deck")?)?,
                hand: if p == me { Some(cards(hand)?) } else { None },
                hand_size: index(field(pv, "hand_size")?)?,
            });
        }

        // The frames, with the race's hidden picks and a hidden Olympics draw noted.
        let mut frames_value: Vec<Value> = list(field(d, "frames")?)?.clone();
        let mut hidden_picks = Vec::new();
        let mut hidden_drawn = None;
        if let Some(top) = frames_value.last_mut() {
            if top.get("kind").and_then(Value::as_str) == Some("race") {
                if let Some(picks) = top.get_mut("picks").and_then(Value::as_object_mut) {
                    for (p, pick) in picks.iter_mut() {
                        if pick.is_null() {
                            hidden_picks.push(p.parse().map_err(|_| "view: a pick's player")?);
                            *pick = Value::String(c.card_ids.names[0].clone()); // drawn below
                        }
                    }
                }
            }
            if top.get("kind").and_then(Value::as_str) == Some("olympics_card") {
                if let Some(n) = top.get("drawn").and_then(Value::as_u64) {
                    hidden_drawn = Some(n as usize);
                    top["drawn"] = Value::Array(Vec::new());
                }
            }
        }
        let mut mentioned: HashSet<String> = HashSet::new();
        for f in list(field(d, "frames")?)? {
            strings(f, &mut mentioned);
        }

        let house_gods = object(field(d, "house_gods")?)?;
        let decks = field(d, "decks")?;
        let mut god_sizes = vec![0; c.house_ids.names.len()];
        for (h, n) in object(field(decks, "gods")?)? {
            let k = c
                .house_ids
                .get(&h)
                .ok_or_else(|| format!("view: unknown House {h:?}"))?;
            god_sizes[k as usize] = index(&n)?;
        }

        // The base state: everything public, the hidden parts empty (drawn per world).
        let zones = c.zones.len();
        let mut exploration = vec![Vec::new(); zones];
        for (island, markers) in object(field(d, "exploration")?)? {
            exploration[zone(&Value::String(island))? as usize] =
                list(&markers)?.iter().map(index).collect::<R<_>>()?;
        }
        let mut temples = vec![None; zones];
        for (island, owner) in object(field(d, "temples")?)? {
            temples[zone(&Value::String(island))? as usize] = if owner.is_null() {
                None
            } else {
                Some(index(&owner)?)
            };
        }
        let mut state_house_gods = vec![0; c.house_ids.names.len()];
        let mut house_order = Vec::new();
        for (h, g) in &house_gods {
            let k = c
                .house_ids
                .get(h)
                .ok_or_else(|| format!("view: unknown House {h:?}"))?;
            house_order.push(k as usize);
            state_house_gods[k as usize] =
                c.god_ids
                    .get(text(g)?)
                    .ok_or_else(|| format!("view: unknown god {g}"))? as u8;
        }
        let mut god_discards = vec![Vec::new(); c.house_ids.names.len()];
        for (h, cs) in object(field(decks, "god_discards")?)? {
            let k = c
                .house_ids
                .get(&h)
                .ok_or_else(|| format!("view: unknown House {h:?}"))?;
            god_discards[k as usize] = cards(&cs)?;
        }
        let enemies: Vec<Enemy> = list(field(d, "enemies")?)?
            .iter()
            .map(|e| {
                let owner = field(e, "owner")?;
                Ok(Enemy {
                    card: enemy(field(e, "card")?)?,
                    zone: opt_zone(field(e, "zone")?)?,
                    wounded: field(e, "wounded")?.as_bool().ok_or("view: wounded")?,
                    owner: if owner.is_null() {
                        None
                    } else {
                        Some(index(owner)?)
                    },
                })
            })
            .collect::<R<_>>()?;
        let state_doc_frames = Value::Array(frames_value);
        let stack = crate::state::read_frames(c, &state_doc_frames)?;
        let base = State {
            players,
            advanced: field(d, "advanced")?.as_bool().ok_or("view: advanced")?,
            rng: PyRandom::from_seed(0),
            round: int(field(d, "round")?)? as i32,
            initiative: list(field(d, "initiative")?)?
                .iter()
                .map(index)
                .collect::<R<_>>()?,
            treasures: vec![None; zones],
            house_gods: state_house_gods,
            god_decks: vec![Vec::new(); c.house_ids.names.len()],
            god_discards,
            animae: Vec::new(),
            travel: Vec::new(),
            travel_discard: travel(field(decks, "travel_discard")?)?,
            sea_deck: Vec::new(),
            olympics_deck: Vec::new(),
            olympics_aside: None,
            olympics_shown: list(field(d, "olympics_shown")?)?
                .iter()
                .map(olympics)
                .collect::<R<_>>()?,
            draft: Vec::new(),
            dealt: Vec::new(),
            enemies,
            argonaut_slots: list(field(d, "argonaut_board")?)?
                .iter()
                .map(enemy)
                .collect::<R<_>>()?,
            blocks: list(field(d, "blocks")?)?
                .iter()
                .map(zone)
                .collect::<R<_>>()?,
            exploration,
            temples,
            stack,
            over: field(d, "over")?.as_bool().ok_or("view: over")?,
        };

        // Known Treasures (`_treasures`).
        let mut known_treasures = Vec::new();
        // `d["treasures"] or d["players"][me]["treasures_seen"] or {}`: null and {} are false.
        let truthy = |t: &&Value| t.as_object().is_some_and(|o| !o.is_empty());
        let source = match d.get("treasures").filter(truthy) {
            Some(t) => Some(t),
            None => list(field(d, "players")?)?
                .get(me)
                .ok_or("view: no such player")?
                .get("treasures_seen")
                .filter(truthy),
        };
        if let Some(t) = source {
            for (island, treasure) in object(t)? {
                let name = text(&treasure)?;
                known_treasures.push((
                    zone(&Value::String(island))?,
                    c.treasure_ids
                        .get(name)
                        .ok_or_else(|| format!("view: unknown Treasure {name:?}"))?
                        as u8,
                ));
            }
        }

        // The god pool (`_god_decks`): god and Animae cards in no pile, no frame.
        let mut in_piles: HashSet<CardId> = HashSet::new();
        for (player, h) in base.players.iter().zip(&held) {
            // hand, deck, discard and revealed: the hand and deck are `held` (a pick is in
            // it too, and a pick is named in the frames anyway).
            in_piles.extend(h.cards.iter().copied());
            in_piles.extend(player.discard.iter().copied());
            in_piles.extend(player.revealed.iter().copied());
        }
        for pile in &base.god_discards {
            in_piles.extend(pile.iter().copied());
        }
        let god_pool: Vec<CardId> = (0..c.cards.len() as CardId)
            .filter(|&x| c.is_god_card[x as usize] || c.is_animae[x as usize])
            .filter(|x| !in_piles.contains(x) && !mentioned.contains(c.card_ids.name(*x)))
            .collect();
        let travel_pool: Vec<TravelId> = (0..c.travel.len() as TravelId)
            .filter(|t| {
                !mentioned.contains(c.travel_ids.name(*t)) && !base.travel_discard.contains(t)
            })
            .collect();
        let sea_pool: Vec<EnemyId> = (0..c.enemies.len() as EnemyId)
            .filter(|&e| matches!(c.enemy(e).kind, EnemyKind::Sea | EnemyKind::CalmSea))
            .filter(|e| !mentioned.contains(c.enemy_ids.name(*e)))
            .filter(|e| !base.enemies.iter().any(|x| x.card == *e))
            .filter(|e| !base.players.iter().any(|p| p.tamed.contains(e)))
            .collect();
        let olympics_pool: Vec<OlympicsId> = (0..c.olympics.len() as OlympicsId)
            .filter(|o| !mentioned.contains(c.olympics_ids.name(*o)))
            .filter(|o| !base.olympics_shown.contains(o))
            .collect();

        // The draft (`_draft`).
        let draft = match base.stack.last() {
            Some(Frame::Draft { order, at }) => {
                let decision = field(d, "decision")?;
                let on_board: Vec<EnemyId> = base.enemies.iter().map(|e| e.card).collect();
                let board_heroes: Vec<u8> = on_board
                    .iter()
                    .filter(|&&e| c.enemy(e).kind == EnemyKind::Argonaut)
                    .filter_map(|&e| c.enemy(e).hero)
                    .collect();
                let mut cards_by_hero: Vec<(u8, EnemyId)> = Vec::new();
                for e in 0..c.enemies.len() as EnemyId {
                    let card = c.enemy(e);
                    if card.kind != EnemyKind::Argonaut || on_board.contains(&e) {
                        continue;
                    }
                    if let Some(h) = card.hero {
                        if !cards_by_hero.iter().any(|(x, _)| *x == h) {
                            cards_by_hero.push((h, e));
                        }
                    }
                }
                let available: Vec<u8> = list(field(decision, "available")?)?
                    .iter()
                    .map(hero)
                    .collect::<R<_>>()?;
                let mine = match decision.get("mine").filter(|m| !m.is_null()) {
                    Some(m) => Some(hero(m)?),
                    None => None,
                };
                let mut hidden: Vec<u8> = cards_by_hero
                    .iter()
                    .map(|(h, _)| *h)
                    .filter(|h| {
                        !available.contains(h) && !board_heroes.contains(h) && Some(*h) != mine
                    })
                    .collect();
                hidden.sort_by_key(|&h| c.hero_ids.rank[h as usize]);
                Some(Draft {
                    cards: cards_by_hero,
                    hidden,
                    mine,
                    picked: order[..*at].to_vec(),
                })
            }
            _ => None,
        };
        let mut base = base;
        if let Some(dr) = &draft {
            let available: Vec<u8> = {
                let decision = field(d, "decision")?;
                let mut a: Vec<u8> = list(field(decision, "available")?)?
                    .iter()
                    .map(hero)
                    .collect::<R<_>>()?;
                a.sort_by_key(|&h| c.hero_ids.rank[h as usize]);
                a.dedup();
                a
            };
            base.draft = available
                .iter()
                .filter_map(|h| dr.cards.iter().find(|(x, _)| x == h).map(|(_, e)| *e))
                .collect();
        }
        Ok(View {
            me,
            held,
            hidden_picks,
            known_treasures,
            god_pool,
            god_sizes,
            house_order,
            animae_size: index(field(decks, "animae")?)?,
            travel_pool,
            travel_size: index(field(decks, "travel")?)?,
            sea_pool,
            sea_size: index(field(decks, "sea")?)?,
            olympics_pool,
            olympics_size: index(field(decks, "olympics")?)?,
            hidden_drawn,
            set_aside: field(d, "olympics_set_aside")?
                .as_bool()
                .ok_or("view: olympics_set_aside")?,
            draft,
            base,
        })
    }

    /// A whole game `me` cannot tell from the real one, drawn with `rng` as the
    /// reference's `determinize` draws it.
    pub fn determinize(&self, c: &Content, rng: &mut PyRandom) -> State {
        let mut s = self.base.clone();
        let low = u64::from(rng.next_u32());
        let high = u64::from(rng.next_u32());
        s.rng = PyRandom::from_seed(low | high << 32);
        let card_rank = |x: CardId| c.card_ids.rank[x as usize];

        // Hands and decks; a face-down pick drawn from its player's cards first.
        for (p, held) in self.held.iter().enumerate() {
            let mut pool = held.cards.clone();
            if let Some(Frame::Race {
                pick: true, picks, ..
            }) = s.stack.last_mut()
            {
                if let Some(slot) = picks.iter_mut().find(|(q, _)| *q == p) {
                    if self.hidden_picks.contains(&p) {
                        slot.1 = draw(&mut pool, 1, rng, card_rank, |_| true)[0];
                    } else {
                        let pick = slot.1;
                        pool.retain(|&x| x != pick);
                    }
                }
            }
            let player = &mut s.players[p];
            match &held.hand {
                Some(hand) if p == self.me => {
                    player.hand = hand.clone();
                    pool.retain(|x| !hand.contains(x));
                }
                _ => player.hand = draw(&mut pool, held.hand_size, rng, card_rank, |_| true),
            }
            let n = pool.len();
            player.deck = draw(&mut pool, n, rng, card_rank, |_| true);
        }

        // Treasures: the known ones where they are, the rest shuffled.
        let known = &self.known_treasures;
        let mut rest: Vec<u8> = (0..c.fleece.len() as u8)
            .filter(|t| !known.iter().any(|(_, k)| k == t))
            .collect();
        rng.shuffle(&mut rest);
        for &island in &c.islands {
            s.treasures[island as usize] = Some(match known.iter().find(|(i, _)| *i == island) {
                Some((_, t)) => *t,
                None => rest.pop().expect("a Treasure for every island"),
            });
        }
        for (p, player) in s.players.iter_mut().enumerate() {
            if p != self.me {
                player.peeked = player
                    .explored
                    .iter()
                    .map(|&i| (i, s.treasures[i as usize].expect("an island")))
                    .collect();
            }
        }

        // God decks, by House in the view's order, then the Animae deck.
        let mut pool = self.god_pool.clone();
        for &h in &self.house_order {
            let god = s.house_gods[h];
            s.god_decks[h] = draw(&mut pool, self.god_sizes[h], rng, card_rank, |x| {
                c.is_god_card[x as usize] && c.card(x).god == Some(god)
            });
        }
        s.animae = draw(&mut pool, self.animae_size, rng, card_rank, |x| {
            c.is_animae[x as usize]
        });

        // Travel, Sea and Olympics decks.
        let mut travel = self.travel_pool.clone();
        s.travel = draw(
            &mut travel,
            self.travel_size,
            rng,
            |t| c.travel_ids.rank[t as usize],
            |_| true,
        );
        let mut sea = self.sea_pool.clone();
        s.sea_deck = draw(
            &mut sea,
            self.sea_size,
            rng,
            |e| c.enemy_ids.rank[e as usize],
            |_| true,
        );
        let mut olympics = self.olympics_pool.clone();
        let olympics_rank = |o: OlympicsId| c.olympics_ids.rank[o as usize];
        if let Some(n) = self.hidden_drawn {
            let drawn = draw(&mut olympics, n, rng, olympics_rank, |_| true);
            if let Some(Frame::OlympicsCard { drawn: slot, .. }) = s.stack.last_mut() {
                *slot = drawn;
            }
        }
        if self.set_aside {
            s.olympics_aside = draw(&mut olympics, 1, rng, olympics_rank, |_| true)
                .first()
                .copied();
        }
        s.olympics_deck = draw(
            &mut olympics,
            self.olympics_size,
            rng,
            olympics_rank,
            |_| true,
        );

        // The draft: ours, and the others' picks drawn from the heroes hidden.
        if let Some(draft) = &self.draft {
            let mut hidden = draft.hidden.clone();
            rng.shuffle(&mut hidden);
            for &p in &draft.picked {
                let card_of = |h: u8| draft.cards.iter().find(|(x, _)| *x == h).map(|(_, e)| *e);
                let chosen = if p == self.me && draft.mine.is_some() {
                    draft.mine.and_then(card_of)
                } else if let Some(h) = hidden.pop() {
                    card_of(h)
                } else {
                    None
                };
                if let Some(card) = chosen {
                    match s.dealt.iter_mut().find(|(q, _)| *q == p) {
                        Some(slot) => slot.1 = card,
                        None => s.dealt.push((p, card)),
                    }
                }
            }
        }
        s
    }
}

/// Every string inside a value (the reference's `_mentioned`).
fn strings(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|x| strings(x, out)),
        Value::Object(map) => map.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}
