//! The heuristic policy: the reference's `aegean/trial/bots/heuristic.py`, rule for rule
//! and by the same names, with the same arithmetic in the same order (so the same floats)
//! and the same draws from the generator (ties broken by `randrange`), so it makes the
//! very choices the reference makes. It reads the public state and the deciding seat's
//! own hand only, as the reference does.

use crate::choice::{Choice, Piece, Play};
use crate::content::{
    Bonus, CardId, Content, EffectType, EnemyId, EnemyKind, Op, Step, Symbol, ZoneId, ZoneKind,
};
use crate::engine::{rounds, Game, PassiveKind, MAX_COMBAT_CARDS, MAX_EXPLORE_CARDS, MAX_VIGOR};
use crate::rng::PyRandom;
use crate::state::{Enemy, Frame, Source};

/// The order in which Upgrades are raised: combat and exploration first.
const UPGRADE_ORDER: [Bonus; 6] = [
    Bonus::Attack,
    Bonus::Discovery,
    Bonus::Energy,
    Bonus::Fervor,
    Bonus::Limiter,
    Bonus::Reveal,
];

/// What a content set lets one precompute: distances between zones, each enemy's dice.
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// `distance[a][b]`: sailing steps from zone `a` to zone `b`.
    pub distance: Vec<Vec<i32>>,
    /// Enemy card -> its dice as (probability, attack added), sorted.
    pub rolls: Vec<Vec<(f64, i32)>>,
    /// Enemy card -> its expected attack (no known bonus).
    pub strengths: Vec<f64>,
}

impl Knowledge {
    pub fn of(c: &Content) -> Knowledge {
        let n = c.zones.len();
        let mut distance = vec![vec![i32::MAX / 4; n]; n];
        for (start, row) in distance.iter_mut().enumerate() {
            row[start] = 0;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(here) = queue.pop_front() {
                for &there in &c.zones[here].adjacent {
                    let there = there as usize;
                    if row[there] == i32::MAX / 4 {
                        row[there] = row[here] + 1;
                        queue.push_back(there);
                    }
                }
            }
        }
        let rolls: Vec<Vec<(f64, i32)>> = c.enemies.iter().map(|e| enemy_rolls(c, e)).collect();
        let strengths = c
            .enemies
            .iter()
            .zip(&rolls)
            .map(|(e, r)| {
                let mut s = 0.0;
                for &(chance, bonus) in r {
                    s += chance * f64::from(e.attack + bonus);
                }
                s
            })
            .collect();
        Knowledge {
            distance,
            rolls,
            strengths,
        }
    }
}

/// The enemy's dice as (probability, attack added) pairs: each number face adds its
/// value, each special face the `enemy_attack` of its ability.
fn enemy_rolls(c: &Content, card: &crate::content::EnemyCard) -> Vec<(f64, i32)> {
    let special: i32 = card
        .ability
        .iter()
        .filter(|s| s.op == Op::EnemyAttack)
        .map(|s| s.n)
        .sum();
    let faces: Vec<i32> = c
        .die
        .iter()
        .map(|f| if f.special { special } else { f.value })
        .collect();
    let count = faces.len() as f64;
    let mut spread: Vec<(i32, f64)> = vec![(0, 1.0)];
    for _ in 0..card.dice {
        let mut next: Vec<(i32, f64)> = Vec::new();
        for &(total, chance) in &spread {
            for &face in &faces {
                let key = total + face;
                match next.iter_mut().find(|(t, _)| *t == key) {
                    Some(slot) => slot.1 += chance / count,
                    None => next.push((key, 0.0 + chance / count)),
                }
            }
        }
        spread = next;
    }
    let mut out: Vec<(f64, i32)> = spread.into_iter().map(|(t, p)| (p, t)).collect();
    out.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    out
}

/// Zones and what reaching them is worth, in the order found (a Python dict's order).
type Goals = Vec<(ZoneId, f64)>;

/// The policy on one game: the content's [`Knowledge`] and the game.
pub struct Policy<'k, 'g, 'c> {
    pub k: &'k Knowledge,
    pub g: &'g Game<'c>,
}

impl Policy<'_, '_, '_> {
    fn c(&self) -> &Content {
        self.g.c
    }

    // ------------------------------------------------------------------ estimates

    /// The attack an enemy is expected to reach: printed, plus its dice on average.
    fn enemy_strength(&self, card: EnemyId, known_bonus: i32) -> f64 {
        f64::from(known_bonus) + self.k.strengths[card as usize]
    }

    /// The expected worth of fighting `enemy` with attack `mine`.
    fn fight_value(
        &self,
        p: usize,
        enemy: &Enemy,
        mine: i32,
        known_bonus: i32,
        damage: Option<i32>,
    ) -> f64 {
        let damage = damage.unwrap_or_else(|| self.g.passive(p, PassiveKind::Damage));
        let outright = enemy.owner.is_some() || enemy.wounded || damage >= 1;
        let attack = self.c().enemy(enemy.card).attack + known_bonus;
        let value = self.enemy_value(enemy.card, enemy.owner);
        let mut out = 0.0;
        for &(chance, bonus) in &self.k.rolls[enemy.card as usize] {
            let theirs = attack + bonus;
            if mine > theirs {
                out += chance
                    * if outright || mine - theirs >= 4 {
                        value
                    } else {
                        0.45 * value
                    };
            } else if mine < theirs {
                out -= chance * if theirs - mine < 4 { 1.0 } else { 2.0 };
            }
        }
        out
    }

    /// What a card adds to `p`'s attack: its number, or its combat effect's if larger and
    /// payable.
    fn attack_of(&self, p: usize, card: CardId) -> i32 {
        let card = self.c().card(card);
        let mut best = card.attack;
        if let Some(effect) = &card.effect {
            if effect.kind == EffectType::Combat && self.g.s.players[p].available >= effect.prayer {
                let n: i32 = effect
                    .steps
                    .iter()
                    .filter(|s| s.op == Op::Attack)
                    .map(|s| s.n)
                    .sum();
                best = best.max(n);
            }
        }
        best
    }

    /// The best attack `p` can muster from `hand`: three cards and passives.
    fn attack_potential(&self, p: usize, hand: &[CardId], passive: Option<i32>) -> i32 {
        let mut best: Vec<i32> = hand.iter().map(|&x| self.attack_of(p, x)).collect();
        best.sort_by(|a, b| b.cmp(a));
        best.truncate(MAX_COMBAT_CARDS);
        best.iter().sum::<i32>() + passive.unwrap_or_else(|| self.g.passive(p, PassiveKind::Attack))
    }

    fn discovery_potential(&self, p: usize, hand: &[CardId], passive: Option<i32>) -> i32 {
        let mut best: Vec<i32> = hand.iter().map(|&x| self.c().card(x).discovery).collect();
        best.sort_by(|a, b| b.cmp(a));
        best.truncate(MAX_EXPLORE_CARDS);
        best.iter().sum::<i32>()
            + passive.unwrap_or_else(|| self.g.passive(p, PassiveKind::Discovery))
    }

    /// What defeating an enemy is worth.
    fn enemy_value(&self, card: EnemyId, owner: Option<usize>) -> f64 {
        let card = self.c().enemy(card);
        let mut value = 1.0 + f64::from(card.laurels);
        if card.kind == EnemyKind::Argonaut {
            value += 2.0;
        }
        if owner.is_some() {
            value = 1.5;
        }
        value
    }

    /// A rough worth of an action card in hand.
    fn card_value(&self, card: CardId) -> f64 {
        let card = self.c().card(card);
        let numbers = f64::from(card.attack + card.discovery)
            + 0.5 * f64::from(card.sail + card.restore + card.heal)
            + 0.3 * f64::from(card.command);
        numbers + if card.effect.is_some() { 1.0 } else { 0.0 }
    }

    /// The worth to `p` of one effect step applied now.
    fn step_value(&self, p: usize, step: &Step, fighting: bool) -> f64 {
        let s = &self.g.s;
        let player = &s.players[p];
        let top = player.limiter.unwrap_or(MAX_VIGOR);
        let n = step.n;
        let f = f64::from;
        match step.op {
            Op::GainEnergy => 1.0 * f(n.min(player.reserve)),
            Op::Restore => 0.8 * f(n.min(player.exhausted)),
            Op::Exhaust => -0.8 * f(n.min(player.available)),
            Op::Heal => 0.6 * f(n.min(top - player.vigor)),
            Op::Wound => -f(n),
            Op::Draw => 1.0 * f(n),
            Op::Discard => -0.8 * f(n.min(player.hand.len() as i32)),
            Op::Attack | Op::Damage => {
                if fighting {
                    1.0 * f(n)
                } else {
                    0.0
                }
            }
            Op::EnemyAttack => {
                if fighting {
                    -f(n)
                } else {
                    0.8 * f(n)
                }
            }
            Op::Fervor => {
                if s.stack.iter().any(|fr| matches!(fr, Frame::Race { .. })) {
                    1.0 * f(n)
                } else {
                    0.0
                }
            }
            Op::Champion => 3.0 * f(n),
            Op::Dishonor => -f(n),
            Op::Atone => 1.0 * f(n.min(player.dishonor)),
            Op::Animae => -1.5 * f(n),
            Op::Sail => 0.3 * f(n),
            Op::Command => {
                if !player.followers.is_empty() || !player.tamed.is_empty() {
                    0.2 * f(n)
                } else {
                    0.0
                }
            }
            Op::Discovery | Op::Hook => 0.0,
        }
    }

    /// A card's effect for `p` now, its Prayer and Devour taken off.
    fn effect_value(&self, p: usize, card: CardId, fighting: bool) -> f64 {
        let Some(effect) = &self.c().card(card).effect else {
            return 0.0;
        };
        let mut value = 0.0;
        for step in &effect.steps {
            value += self.step_value(p, step, fighting);
        }
        value - 0.8 * f64::from(effect.prayer) - 1.0 * f64::from(effect.devour)
    }

    // ------------------------------------------------------------------ the policy

    /// The heuristic's choice for `p` among `legal`.
    pub fn choose(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Choice {
        if legal.len() == 1 {
            return legal[0];
        }
        let choice = match self.g.top() {
            Frame::Draft { .. } => self.draft(legal, rng),
            Frame::Place { .. } => self.place(p, legal, rng),
            Frame::OlympicsCard { .. } => self.olympics_card(p, legal, rng),
            Frame::Extra { .. } => self.extra(p, legal, rng),
            Frame::Buy { .. } => self.buy(p, legal, rng),
            Frame::Turn { actions, .. } => self.turn(p, legal, *actions, rng),
            Frame::Sail { left, .. } => self.sail(p, legal, *left),
            Frame::Command { .. } => self.command(p, legal),
            Frame::Discard { .. } => self.discard(legal, rng),
            Frame::Respond { .. } => self.respond(p, legal, rng),
            Frame::Combat {
                enemy,
                enemy_bonus,
                attack,
                damage,
                cards,
                ..
            } => self.combat(
                p,
                legal,
                *enemy,
                *enemy_bonus,
                *attack,
                *damage,
                cards.len(),
                rng,
            ),
            Frame::Explore { .. } => self.explore(legal, rng),
            Frame::Upgrade { .. } => self.upgrade(legal),
            Frame::Race { pick, picks, .. } => self.race(p, legal, *pick, picks, rng),
            _ => None,
        };
        match choice {
            Some(c) if legal.contains(&c) => c,
            _ => legal[rng.below(legal.len())],
        }
    }

    fn draft(&self, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let scored = legal
            .iter()
            .map(|&c| match c {
                Choice::Captain(h) => (self.ability_value(h, true), c),
                _ => (f64::NEG_INFINITY, c),
            })
            .collect();
        best(scored, rng)
    }

    fn ability_value(&self, hero: u8, captain: bool) -> f64 {
        let h = &self.c().heroes[hero as usize];
        let passive = h.trained.passive;
        let mut value = 2.0
            * f64::from(passive.attack + passive.discovery + passive.damage + passive.hand_limit);
        value += 1.2 * f64::from(passive.fervor)
            + if h.trained.action.is_empty() {
                0.0
            } else {
                1.5
            };
        if captain {
            value += 0.5 * h.blessings.len() as f64;
        }
        value
    }

    /// Start near islands to explore and enemies weak enough to beat early.
    fn place(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let targets = self.targets(p, None);
        let scored = legal
            .iter()
            .map(|&c| {
                let Choice::Place(zone) = c else {
                    return (f64::NEG_INFINITY, c);
                };
                let row = &self.k.distance[zone as usize];
                let mut near: Vec<f64> = targets
                    .iter()
                    .map(|&(t, v)| f64::from(row[t as usize]) - 0.5 * v)
                    .collect();
                near.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
                near.truncate(3);
                let mut sum = 0.0;
                for x in near {
                    sum += x;
                }
                (-sum, c)
            })
            .collect();
        best(scored, rng)
    }

    /// Zones worth heading for, with their worth, in the order found.
    fn targets(&self, p: usize, hand: Option<&[CardId]>) -> Goals {
        let g = self.g;
        let s = &g.s;
        let player = &s.players[p];
        let attack = g.passive(p, PassiveKind::Attack)
            + hand.map_or(6, |h| self.attack_potential(p, h, Some(0)));
        let discovery = g.passive(p, PassiveKind::Discovery)
            + hand.map_or(6, |h| self.discovery_potential(p, h, Some(0)));
        let mut out: Goals = Vec::new();
        for &island in &self.c().islands {
            if !player.explored.contains(&island) {
                if let Some(need) = g.threshold(island) {
                    if need <= discovery + 1 {
                        out.push((island, 1.0 + 0.2 * f64::from(discovery + 1 - need)));
                    }
                }
            }
        }
        for enemy in &s.enemies {
            let Some(zone) = enemy.zone else { continue };
            if enemy.owner != Some(p) && self.enemy_strength(enemy.card, 0) < f64::from(attack + 1)
            {
                let value = self.enemy_value(enemy.card, enemy.owner);
                match out.iter_mut().find(|(z, _)| *z == zone) {
                    Some(slot) => slot.1 += value,
                    None => out.push((zone, 0.0 + value)),
                }
            }
        }
        out
    }

    fn olympics_card(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let hand = &self.g.s.players[p].hand;
        let scored = legal
            .iter()
            .map(|&c| {
                let Choice::OlympicsCard(o) = c else {
                    return (f64::NEG_INFINITY, c);
                };
                let olympics = &self.c().olympics[o as usize];
                let mut values: Vec<i32> = hand
                    .iter()
                    .map(|&x| {
                        let card = self.c().card(x);
                        olympics.disciplines.iter().map(|&s| card.value(s)).sum()
                    })
                    .collect();
                values.sort_by(|a, b| b.cmp(a));
                values.truncate(3);
                (f64::from(values.iter().sum::<i32>()), c)
            })
            .collect();
        best(scored, rng)
    }

    fn extra(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let blessings = self.g.blessings(p);
        let scored = legal
            .iter()
            .filter_map(|&c| match c {
                Choice::Extra(Some(h)) => Some((f64::from(blessings[h as usize]) + 0.1, c)),
                _ => None,
            })
            .collect();
        best(scored, rng).or(Some(Choice::Extra(None)))
    }

    /// Followers first, then Talents, then god cards, by worth per Energy; keep Energy
    /// for the Prayers in hand.
    fn buy(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let c = self.c();
        let s = &self.g.s;
        let player = &s.players[p];
        let rounds_left = rounds(s.advanced) - s.round + 1;
        let keep = player
            .hand
            .iter()
            .filter_map(|&x| c.card(x).effect.as_ref().map(|e| e.prayer))
            .max()
            .unwrap_or(0);
        let mut scored = Vec::new();
        for &choice in legal {
            let (value, cost) = match choice {
                Choice::Buy(x) => {
                    let card = c.card(x);
                    (
                        1.5 * f64::from(card.laurels)
                            + 0.4 * self.card_value(x) * f64::from(rounds_left.min(3)),
                        card.cost,
                    )
                }
                Choice::Talent(t) => {
                    let talent = &c.talents[t as usize];
                    let ability = &talent.ability;
                    let passive = ability.passive;
                    (
                        (1.0 * f64::from(
                            passive.attack
                                + passive.discovery
                                + passive.damage
                                + passive.hand_limit,
                        ) + 0.6 * f64::from(passive.fervor)
                            + if ability.action.is_empty() { 0.0 } else { 0.7 }
                            + 0.6 * f64::from(talent.restore))
                            * f64::from(rounds_left),
                        talent.cost,
                    )
                }
                Choice::Train(h) => (
                    0.5 * self.ability_value(h, false) * f64::from(rounds_left),
                    c.heroes[h as usize].training_cost,
                ),
                _ => continue,
            };
            if player.available - cost < keep || value < 0.5 * f64::from(cost) {
                continue;
            }
            scored.push((value / f64::from(cost.max(1)), choice));
        }
        best(scored, rng).or(Some(Choice::Done))
    }

    /// Explore, fight, sail to a target, play a good effect, restore, heal; else stop.
    fn turn(&self, p: usize, legal: &[Choice], actions: i32, rng: &mut PyRandom) -> Option<Choice> {
        let g = self.g;
        let s = &g.s;
        let player = &s.players[p];
        let mut scored: Vec<(f64, Choice)> = Vec::new();
        for &choice in legal {
            match choice {
                Choice::Explore(_) => scored.push((10.0, choice)),
                Choice::Fight(e) => {
                    let enemy = s.enemies[s.enemy_index(e).expect("in play")];
                    let mine = self.attack_potential(p, &player.hand, None);
                    let value = self.fight_value(p, &enemy, mine, 0, None);
                    if value > 0.8 {
                        scored.push((6.0 + value, choice));
                    }
                }
                Choice::Ability(source) => {
                    let value = self.ability_action_value(p, source);
                    if value > 0.5 {
                        scored.push((2.0 + value, choice));
                    }
                }
                _ => {}
            }
        }
        if let Some(sail) = self.sail_plan(p, legal, actions) {
            scored.push(sail);
        }
        for &choice in legal {
            let Choice::Play(x, play) = choice else {
                continue;
            };
            let card = self.c().card(x);
            match play {
                Play::Effect => {
                    let value = self.effect_value(p, x, false);
                    if value > 0.6 {
                        scored.push((2.0 + value - 0.3 * self.card_value(x), choice));
                    }
                }
                Play::Number(Symbol::Restore) if player.exhausted != 0 => {
                    let gain = card.restore.min(player.exhausted);
                    if gain != 0 {
                        scored.push((
                            1.0 + 0.8 * f64::from(gain) - 0.3 * self.card_value(x),
                            choice,
                        ));
                    }
                }
                Play::Number(Symbol::Heal) => {
                    let top = player.limiter.unwrap_or(MAX_VIGOR);
                    let gain = card.heal.min(top - player.vigor);
                    if gain != 0 {
                        scored.push((
                            0.8 + 0.6 * f64::from(gain) - 0.3 * self.card_value(x),
                            choice,
                        ));
                    }
                }
                Play::Number(Symbol::Command)
                    if card.command != 0 && self.command_target(p).is_some() =>
                {
                    scored.push((1.2 - 0.3 * self.card_value(x), choice));
                }
                _ => {}
            }
        }
        if let Some(b) = best(scored, rng) {
            return Some(b);
        }
        Some(if legal.contains(&Choice::Pass) {
            Choice::Pass
        } else {
            Choice::End
        })
    }

    fn ability_action_value(&self, p: usize, source: Source) -> f64 {
        let c = self.c();
        let ability = match source {
            Source::Talent(t) => &c.talents[t as usize].ability,
            Source::Hero(h) => &c.heroes[h as usize].trained,
        };
        let mut value = 0.0;
        for step in &ability.action {
            if step.op != Op::Sail && step.op != Op::Command {
                value += self.step_value(p, step, false);
            }
        }
        if ability.action.iter().any(|s| s.op == Op::Command) && self.command_target(p).is_some() {
            value += 1.0;
        }
        value - 0.8 * f64::from(ability.prayer)
    }

    /// The best card to play for Sail: one that reaches a zone where the rest of the hand
    /// fights or explores (with an action left), else one towards the nearest target.
    fn sail_plan(&self, p: usize, legal: &[Choice], actions: i32) -> Option<(f64, Choice)> {
        let g = self.g;
        let s = &g.s;
        let player = &s.players[p];
        let here = player.zone?;
        let distance = &self.k.distance[here as usize];
        let action_left = actions + 1 < 2;
        let passives = self.passives(p);
        let mut far: Option<Goals> = None;
        let mut best: Option<(f64, Choice)> = None;
        let mut seen: Vec<((i32, i32), Goals)> = Vec::new();
        let bonus = (s.advanced && self.c().zone(here).modifier == Some(Symbol::Sail)) as i32;
        for &choice in legal {
            let Choice::Play(x, Play::Number(Symbol::Sail)) = choice else {
                continue;
            };
            let steps = self.c().card(x).sail + bonus;
            if steps <= 0 {
                continue;
            }
            let mut rest = player.hand.clone();
            if let Some(k) = rest.iter().position(|&y| y == x) {
                rest.remove(k);
            }
            let reach = (
                self.attack_potential(p, &rest, Some(passives.0)),
                self.discovery_potential(p, &rest, Some(passives.1)),
            );
            let goals = match seen.iter().position(|(r, _)| *r == reach) {
                Some(k) => k,
                None => {
                    seen.push((reach, self.goals(p, reach.0, reach.1, passives.2)));
                    seen.len() - 1
                }
            };
            let goals = &seen[goals].1;
            let mut value = 0.0;
            if action_left {
                let mut top: Option<f64> = None;
                for &(z, v) in goals {
                    let d = distance[z as usize];
                    if 0 < d && d <= steps && top.is_none_or(|t| v > t) {
                        top = Some(v);
                    }
                }
                value = top.unwrap_or(0.0);
                value = if value != 0.0 { 5.0 + value } else { 0.0 };
            }
            if value == 0.0 && !goals.iter().any(|(z, _)| *z == here) {
                let far = far.get_or_insert_with(|| self.targets(p, None));
                let mut closer: Option<f64> = None;
                for &(z, v) in far.iter() {
                    let d = distance[z as usize];
                    if d > 0 {
                        let x = v / f64::from(1 + d);
                        if closer.is_none_or(|t| x > t) {
                            closer = Some(x);
                        }
                    }
                }
                if let Some(closer) = closer {
                    value = 0.5 + closer;
                }
            }
            if value != 0.0 {
                let score = value - 0.3 * self.card_value(x);
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, choice));
                }
            }
        }
        best
    }

    /// `p`'s passive attack, discovery and damage.
    fn passives(&self, p: usize) -> (i32, i32, i32) {
        (
            self.g.passive(p, PassiveKind::Attack),
            self.g.passive(p, PassiveKind::Discovery),
            self.g.passive(p, PassiveKind::Damage),
        )
    }

    /// Zones where an `attack` wins a fight or a `discovery` an exploration.
    fn goals(&self, p: usize, attack: i32, discovery: i32, damage: i32) -> Goals {
        let g = self.g;
        let s = &g.s;
        let player = &s.players[p];
        let mut out: Goals = Vec::new();
        let mut raise = |zone: ZoneId, value: f64| match out.iter_mut().find(|(z, _)| *z == zone) {
            Some(slot) => {
                if value > slot.1 {
                    slot.1 = value;
                }
            }
            None => out.push((zone, if value > 0.0 { value } else { 0.0 })),
        };
        for enemy in &s.enemies {
            let Some(zone) = enemy.zone else { continue };
            if enemy.owner != Some(p) && attack > self.c().enemy(enemy.card).attack {
                let value = self.fight_value(p, enemy, attack, 0, Some(damage));
                if value > 0.8 {
                    raise(zone, value);
                }
            }
        }
        let captains: Vec<ZoneId> = s
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != p)
            .filter_map(|(_, q)| q.zone)
            .collect();
        for &island in &self.c().islands {
            if !player.explored.contains(&island) && !captains.contains(&island) {
                if let Some(need) = g.threshold(island) {
                    if discovery >= need {
                        raise(island, 2.0);
                    }
                }
            }
        }
        out
    }

    /// One step towards the best goal within the steps left; stop on it.
    fn sail(&self, p: usize, legal: &[Choice], left: i32) -> Option<Choice> {
        let g = self.g;
        let player = &g.s.players[p];
        let here = player.zone?;
        let distance = &self.k.distance;
        let passives = self.passives(p);
        let attack = self.attack_potential(p, &player.hand, Some(passives.0));
        let discovery = self.discovery_potential(p, &player.hand, Some(passives.1));
        let goals = self.goals(p, attack, discovery, passives.2);
        let row = &distance[here as usize];
        let mut near: Goals = goals
            .into_iter()
            .filter(|&(z, _)| row[z as usize] <= left)
            .collect();
        if let Some(&(_, v)) = near.iter().find(|(z, _)| *z == here) {
            let top = near.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
            if v >= top {
                return Some(Choice::Stop);
            }
        }
        if near.is_empty() {
            near = self
                .targets(p, None)
                .into_iter()
                .map(|(z, v)| (z, v / f64::from(1 + row[z as usize])))
                .collect();
        }
        if near.is_empty() {
            return Some(Choice::Stop);
        }
        let rank = &self.c().zone_ids.rank;
        near.sort_by_key(|(z, _)| rank[*z as usize]);
        let mut goal = near[0];
        for &(z, v) in &near[1..] {
            let better = v > goal.1 || (v == goal.1 && -row[z as usize] > -row[goal.0 as usize]);
            if better {
                goal = (z, v);
            }
        }
        let goal = goal.0;
        if goal == here {
            return Some(Choice::Stop);
        }
        let step = legal.iter().find(|c| match c {
            Choice::SailTo(z) => distance[*z as usize][goal as usize] < row[goal as usize],
            _ => false,
        });
        Some(step.copied().unwrap_or(Choice::Stop))
    }

    /// A useful move for a Follower (to an island to explore with the hand) or a tamed
    /// monster (onto the leading rival's Captain, if a cube is spare).
    fn command_target(&self, p: usize) -> Option<Choice> {
        let g = self.g;
        let c = self.c();
        let s = &g.s;
        let player = &s.players[p];
        let discovery = self.discovery_potential(p, &player.hand, None);
        for &(hero, zone) in &player.follower_zones {
            for (i, island) in c.zones.iter().enumerate() {
                let i = i as ZoneId;
                if island.kind != ZoneKind::Island
                    || player.explored.contains(&i)
                    || Some(i) == zone
                {
                    continue;
                }
                if let Some(need) = g.threshold(i) {
                    if discovery >= need {
                        return Some(Choice::Command(Piece::Follower(hero), i));
                    }
                }
            }
        }
        if player.reserve > 2 {
            let mut rivals: Vec<usize> = (0..s.players.len()).filter(|&q| q != p).collect();
            rivals.sort_by_key(|&q| -s.players[q].vp);
            for enemy in &s.enemies {
                if enemy.owner == Some(p) && enemy.zone.is_none() {
                    for &q in &rivals {
                        let Some(zone) = s.players[q].zone else {
                            continue;
                        };
                        if !s.enemies.iter().any(|e| {
                            e.zone == Some(zone) && c.enemy(e.card).kind != EnemyKind::Argonaut
                        }) {
                            return Some(Choice::Command(Piece::Monster(enemy.card), zone));
                        }
                    }
                }
            }
        }
        None
    }

    fn command(&self, p: usize, legal: &[Choice]) -> Option<Choice> {
        match self.command_target(p) {
            Some(target) if legal.contains(&target) => Some(target),
            _ => Some(Choice::Stop),
        }
    }

    fn discard(&self, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let scored = legal
            .iter()
            .map(|&c| match c {
                Choice::Discard(x) => (-self.card_value(x), c),
                _ => (f64::NEG_INFINITY, c),
            })
            .collect();
        best(scored, rng)
    }

    fn respond(&self, p: usize, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        let mut scored = Vec::new();
        for &choice in legal {
            let Choice::Respond(x) = choice else { continue };
            let value = self.effect_value(p, x, false) - 0.4 * self.card_value(x);
            if value > 0.3 {
                scored.push((value, choice));
            }
        }
        best(scored, rng).or(Some(Choice::No))
    }

    /// Add the strongest cards until the enemy is likely beaten outright (or at least
    /// beaten), then go.
    #[allow(clippy::too_many_arguments)]
    fn combat(
        &self,
        p: usize,
        legal: &[Choice],
        enemy: EnemyId,
        enemy_bonus: i32,
        attack: i32,
        damage: i32,
        played: usize,
        rng: &mut PyRandom,
    ) -> Option<Choice> {
        let g = self.g;
        let s = &g.s;
        let e = s.enemies[s.enemy_index(enemy).expect("in play")];
        let player = &s.players[p];
        let theirs = self.enemy_strength(enemy, enemy_bonus);
        let mine = attack + g.passive(p, PassiveKind::Attack);
        let bonus_damage = damage + g.passive(p, PassiveKind::Damage);
        let outright = e.owner.is_some() || e.wounded || bonus_damage >= 1;
        let hand_best =
            self.attack_potential(p, &player.hand, None) - g.passive(p, PassiveKind::Attack);
        let slots = MAX_COMBAT_CARDS as i32 - played as i32;
        let mut goal = theirs + if outright { 0.5 } else { 4.0 };
        if f64::from(mine + hand_best) < goal {
            goal = theirs + 0.5;
        }
        if f64::from(mine) >= goal || slots <= 0 {
            return Some(Choice::Go);
        }
        let mut scored = Vec::new();
        for &choice in legal {
            match choice {
                Choice::Attack(x) => scored.push((
                    f64::from(self.c().card(x).attack) - 0.1 * self.card_value(x),
                    choice,
                )),
                Choice::CombatEffect(x) => scored.push((
                    self.effect_value(p, x, true) - 0.1 * self.card_value(x),
                    choice,
                )),
                _ => {}
            }
        }
        let top = scored.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
        match best(scored, rng) {
            Some(b) if top > 0.0 => Some(b),
            _ => Some(Choice::Go),
        }
    }

    fn explore(&self, legal: &[Choice], rng: &mut PyRandom) -> Option<Choice> {
        if legal.contains(&Choice::Go) {
            return Some(Choice::Go);
        }
        let scored = legal
            .iter()
            .map(|&c| match c {
                Choice::Discover(x) => (f64::from(self.c().card(x).discovery) * 1.0, c),
                _ => (f64::NEG_INFINITY, c),
            })
            .collect();
        best(scored, rng)
    }

    fn upgrade(&self, legal: &[Choice]) -> Option<Choice> {
        UPGRADE_ORDER
            .iter()
            .map(|&b| Choice::Upgrade(b))
            .find(|c| legal.contains(c))
    }

    /// Pick the card worth most in this discipline; then use whichever is worth more.
    fn race(
        &self,
        p: usize,
        legal: &[Choice],
        pick: bool,
        picks: &[(usize, CardId)],
        rng: &mut PyRandom,
    ) -> Option<Choice> {
        if pick {
            let scored = legal
                .iter()
                .map(|&c| match c {
                    Choice::Race(x) => (self.race_worth(p, x), c),
                    _ => (f64::NEG_INFINITY, c),
                })
                .collect();
            return best(scored, rng);
        }
        let card = picks.iter().find(|(q, _)| *q == p)?.1;
        let numbers = self.race_numbers(card);
        let effect = self.effect_value(p, card, false);
        Some(if legal.contains(&Choice::UseEffect) && effect > numbers {
            Choice::UseEffect
        } else {
            Choice::UseNumbers
        })
    }

    fn race_numbers(&self, card: CardId) -> f64 {
        f64::from(self.g.race_value(card))
    }

    fn race_worth(&self, p: usize, card: CardId) -> f64 {
        let mut worth = self.race_numbers(card);
        if let Some(effect) = &self.c().card(card).effect {
            if effect.kind == EffectType::Olympics {
                let value = self.effect_value(p, card, false);
                if value > worth {
                    worth = value;
                }
            }
        }
        worth - 0.05 * self.card_value(card)
    }
}

/// The highest-scored choice, ties broken at random (`randrange`); None if none.
fn best(scored: Vec<(f64, Choice)>, rng: &mut PyRandom) -> Option<Choice> {
    if scored.is_empty() {
        return None;
    }
    let top = scored.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<Choice> = scored
        .iter()
        .filter(|(s, _)| *s == top)
        .map(|(_, c)| *c)
        .collect();
    Some(if tied.len() > 1 {
        tied[rng.below(tied.len())]
    } else {
        tied[0]
    })
}
