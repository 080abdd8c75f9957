//! The rules: the reference's `aegean/trial/engine.py`, method for method and by the same
//! names (`options_turn` is `_options_turn`, `auto_round` is `_auto_round`), so the two
//! read side by side. The decision API is the same: [`Game::to_decide`],
//! [`Game::legal`], [`Game::apply`]; random events draw from the state's
//! [`PyRandom`](crate::rng::PyRandom) exactly as the reference draws from its
//! `random.Random`. Set-up is the reference's alone: a game arrives here already dealt.
//! Section numbers (§) are those of docs/rules/TRIAL_OF_THE_GODS.md.

use crate::choice::{Choice, Piece, Play};
use crate::content::{
    Bonus, CardId, Content, Effect, EffectType, EnemyId, EnemyKind, HouseId, Op, Passive, Step,
    Symbol, Trigger, ZoneId, ZoneKind, ACTIONS,
};
use crate::state::{
    ByPlayer, CombatStage, DiscardWhy, Enemy, Frame, OlympicsStage, RoundStage, Source, State, Why,
};

pub const CUBES: i32 = 19;
pub const MAX_VIGOR: i32 = 10;
pub const FOLLOWER_SLOTS: usize = 2;
pub const MAX_COMBAT_CARDS: usize = 3;
pub const MAX_EXPLORE_CARDS: usize = 3;
pub const RACES: usize = 3;
pub const ACTIONS_PER_TURN: i32 = 2;
pub const REVEAL_LIMIT: usize = 4;
pub const EXTRA_REVEAL: usize = 2;
pub const FLAGS: usize = 6;
pub const BLACK_CUBES: i32 = 10;
/// The four final rankings, in scoring order, with 1st/2nd/3rd's Victory Points (§5).
pub const RANKINGS: [(Ranking, [i32; 3]); 4] = [
    (Ranking::Submission, [6, 4, 2]),
    (Ranking::Exploration, [6, 4, 2]),
    (Ranking::Olympics, [5, 3, 1]),
    (Ranking::Devotion, [5, 3, 1]),
];

/// The rounds of a game: 4, or 5 in the advanced game.
pub fn rounds(advanced: bool) -> i32 {
    if advanced {
        5
    } else {
        4
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    Submission,
    Exploration,
    Olympics,
    Devotion,
}

/// A player's laurels in each ranking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Laurels {
    pub submission: i32,
    pub exploration: i32,
    pub olympics: i32,
    pub devotion: i32,
}

impl Laurels {
    pub fn get(&self, r: Ranking) -> i32 {
        match r {
            Ranking::Submission => self.submission,
            Ranking::Exploration => self.exploration,
            Ranking::Olympics => self.olympics,
            Ranking::Devotion => self.devotion,
        }
    }
}

/// Which of a [`Passive`]'s bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassiveKind {
    Attack,
    Discovery,
    Fervor,
    Damage,
    HandLimit,
}

impl PassiveKind {
    fn of(self, p: &Passive) -> i32 {
        match self {
            PassiveKind::Attack => p.attack,
            PassiveKind::Discovery => p.discovery,
            PassiveKind::Fervor => p.fervor,
            PassiveKind::Damage => p.damage,
            PassiveKind::HandLimit => p.hand_limit,
        }
    }
}

/// Unique items in first-seen order (`dict.fromkeys`).
pub fn unique<T: Copy + PartialEq>(items: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for &x in items {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

fn remove_first<T: PartialEq>(items: &mut Vec<T>, x: &T) {
    if let Some(i) = items.iter().position(|y| y == x) {
        items.remove(i);
    }
}

/// `seen.setdefault(str(p), []).append(card)`.
fn note(by: &mut ByPlayer, p: usize, card: CardId) {
    match by.iter_mut().find(|(q, _)| *q == p) {
        Some((_, cards)) => cards.push(card),
        None => by.push((p, vec![card])),
    }
}

/// A game in progress: the content it is played with and its state.
#[derive(Clone, Debug)]
pub struct Game<'c> {
    pub c: &'c Content,
    pub s: State,
}

impl<'c> Game<'c> {
    pub fn new(c: &'c Content, s: State) -> Self {
        Game { c, s }
    }

    // ------------------------------------------------------------------ the API

    pub fn over(&self) -> bool {
        self.s.over
    }

    /// The players who must decide now (empty once the game is over).
    pub fn to_decide(&self) -> Vec<usize> {
        if self.s.over {
            return Vec::new();
        }
        let frame = self.top();
        if let Frame::Race {
            pick: true, picks, ..
        } = frame
        {
            return self
                .s
                .initiative
                .iter()
                .copied()
                .filter(|&p| {
                    !picks.iter().any(|(q, _)| *q == p) && !self.s.players[p].hand.is_empty()
                })
                .collect();
        }
        vec![self.decider(frame)]
    }

    /// The first player to decide now (`to_decide()[0]`), if any.
    pub fn first_to_decide(&self) -> Option<usize> {
        if self.s.over {
            return None;
        }
        let frame = self.top();
        if let Frame::Race {
            pick: true, picks, ..
        } = frame
        {
            return self.s.initiative.iter().copied().find(|&p| {
                !picks.iter().any(|(q, _)| *q == p) && !self.s.players[p].hand.is_empty()
            });
        }
        Some(self.decider(frame))
    }

    /// Every choice `player` may make now, in the reference's order (empty if not theirs).
    pub fn legal(&self, player: usize) -> Vec<Choice> {
        if !self.to_decide().contains(&player) {
            return Vec::new();
        }
        self.options(player)
    }

    /// The choices of `player`, who is to decide now.
    pub fn options(&self, p: usize) -> Vec<Choice> {
        let i = self.s.stack.len() - 1;
        match &self.s.stack[i] {
            Frame::Draft { .. } => self.options_draft(),
            Frame::Place { .. } => self.options_place(),
            Frame::OlympicsCard { drawn, .. } => {
                drawn.iter().map(|&o| Choice::OlympicsCard(o)).collect()
            }
            Frame::Extra { .. } => {
                let mut out: Vec<Choice> = (0..self.c.house_ids.names.len())
                    .map(|h| Choice::Extra(Some(h as HouseId)))
                    .collect();
                out.push(Choice::Extra(None));
                out
            }
            Frame::Buy { .. } => self.options_buy(p),
            Frame::Turn { actions, .. } => self.options_turn(*actions, p),
            Frame::Sail { .. } => self.options_sail(p),
            Frame::Command { .. } => self.options_command(p),
            Frame::Discard { .. } => unique(&self.s.players[p].hand)
                .into_iter()
                .map(Choice::Discard)
                .collect(),
            Frame::Upgrade { .. } => self.options_upgrade(p),
            Frame::Combat { cards, .. } => self.options_combat(cards.len(), p),
            Frame::Explore {
                island, cards, sum, ..
            } => self.options_explore(*island, cards.len(), *sum, p),
            Frame::Respond { trigger, .. } => {
                let mut out: Vec<Choice> = self
                    .responses(p, *trigger)
                    .into_iter()
                    .map(Choice::Respond)
                    .collect();
                out.push(Choice::No);
                out
            }
            Frame::Race { pick, picks, .. } => {
                if *pick {
                    unique(&self.s.players[p].hand)
                        .into_iter()
                        .map(Choice::Race)
                        .collect()
                } else {
                    let card = picks.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
                    let mut out = vec![Choice::UseNumbers];
                    if let Some(effect) = card.and_then(|c| self.c.card(c).effect.as_ref()) {
                        if self.payable(p, effect, None) {
                            out.push(Choice::UseEffect);
                        }
                    }
                    out
                }
            }
            _ => Vec::new(),
        }
    }

    /// Make `choice` for `player` without checking it (it must be one of
    /// [`Game::legal`]), then resolve what needs no decision.
    pub fn apply(&mut self, p: usize, choice: Choice) {
        let i = self.s.stack.len() - 1;
        match self.s.stack[i] {
            Frame::Draft { .. } => self.apply_draft(i, p, choice),
            Frame::Place { .. } => self.apply_place(i, p, choice),
            Frame::OlympicsCard { .. } => self.apply_olympics_card(i, choice),
            Frame::Extra { .. } => self.apply_extra(p, choice),
            Frame::Buy { .. } => self.apply_buy(i, p, choice),
            Frame::Turn { .. } => self.apply_turn(i, p, choice),
            Frame::Sail { .. } => self.apply_sail(i, p, choice),
            Frame::Command { .. } => self.apply_command(i, p, choice),
            Frame::Discard { .. } => self.apply_discard(i, p, choice),
            Frame::Upgrade { .. } => self.apply_upgrade(p, choice),
            Frame::Combat { .. } => self.apply_combat(i, p, choice),
            Frame::Explore { .. } => self.apply_explore(i, p, choice),
            Frame::Respond { .. } => self.apply_respond(i, p, choice),
            Frame::Race { .. } => self.apply_race(i, p, choice),
            _ => {}
        }
        self.advance();
    }

    pub fn scores(&self) -> Vec<i32> {
        self.s.players.iter().map(|p| p.vp).collect()
    }

    // ------------------------------------------------------------------ helpers

    pub fn top(&self) -> &Frame {
        self.s.stack.last().expect("a game in progress has a frame")
    }

    fn decider(&self, frame: &Frame) -> usize {
        match frame {
            Frame::Draft { order, at } | Frame::Place { order, at } | Frame::Buy { order, at } => {
                order[*at]
            }
            Frame::Respond { queue, .. } => queue[0],
            Frame::Race { pending, .. } => pending[0],
            other => other.player().unwrap_or(0),
        }
    }

    pub fn hand_limit(&self, p: usize) -> i32 {
        let player = &self.s.players[p];
        self.c.hand_limits[(player.vigor - 1) as usize] + self.passive(p, PassiveKind::HandLimit)
    }

    /// A player's standing bonus from Talents, trained Heroes and raised Upgrades.
    pub fn passive(&self, p: usize, what: PassiveKind) -> i32 {
        let player = &self.s.players[p];
        let c = self.c;
        let mut total: i32 = player
            .talents
            .iter()
            .map(|(_, t)| what.of(&c.talents[*t as usize].ability.passive))
            .sum();
        if let Some(h) = player.captain {
            total += what.of(&c.heroes[h as usize].trained.passive);
        }
        for &(h, trained) in &player.followers {
            if trained {
                total += what.of(&c.heroes[h as usize].trained.passive);
            }
        }
        let bonus = match what {
            PassiveKind::Attack => Some(Bonus::Attack),
            PassiveKind::Discovery => Some(Bonus::Discovery),
            PassiveKind::Fervor => Some(Bonus::Fervor),
            _ => None,
        };
        if let Some(bonus) = bonus {
            total += player
                .upgrades
                .iter()
                .zip(&player.raised)
                .filter(|(b, up)| **up && **b == bonus)
                .count() as i32;
        }
        total
    }

    fn draw(&mut self, p: usize, n: i32) {
        let s = &mut self.s;
        let player = &mut s.players[p];
        for _ in 0..n {
            if player.deck.is_empty() {
                if player.discard.is_empty() {
                    return;
                }
                player.deck = std::mem::take(&mut player.discard);
                s.rng.shuffle(&mut player.deck);
            }
            let card = player.deck.pop().expect("a deck was refilled");
            player.hand.push(card);
        }
    }

    fn spend(&mut self, p: usize, n: i32) {
        let player = &mut self.s.players[p];
        player.available -= n;
        player.exhausted += n;
    }

    /// §4.3: Vigor left per damage; at Vigor 1, a Dishonor token for each further damage;
    /// if that lowered the hand limit, discard down to it.
    fn damage(&mut self, p: usize, n: i32) {
        let before = self.hand_limit(p);
        let player = &mut self.s.players[p];
        for _ in 0..n {
            if player.vigor > 1 {
                player.vigor -= 1;
            } else {
                player.dishonor += 1;
            }
        }
        let limit = self.hand_limit(p);
        let hand = self.s.players[p].hand.len() as i32;
        if limit < before && hand > limit {
            let stack = &mut self.s.stack;
            let open = matches!(
                stack.last(),
                Some(Frame::Discard { player, why: DiscardWhy::HandLimit, .. }) if *player == p
            );
            if !open {
                stack.push(Frame::Discard {
                    player: p,
                    left: 0,
                    why: DiscardWhy::HandLimit,
                });
            }
            if let Some(Frame::Discard { left, .. }) = stack.last_mut() {
                *left = hand - limit;
            }
        }
    }

    fn enemy_here(&self, zone: ZoneId) -> impl Iterator<Item = &Enemy> {
        self.s.enemies.iter().filter(move |e| e.zone == Some(zone))
    }

    pub fn monster_in(&self, zone: ZoneId) -> bool {
        self.enemy_here(zone)
            .any(|e| self.c.enemy(e.card).kind != EnemyKind::Argonaut)
    }

    fn hostile_in(&self, p: usize, zone: ZoneId) -> bool {
        self.enemy_here(zone).any(|e| e.owner != Some(p))
    }

    /// §1: the 10 black cubes not on a Limiter in play nor in a Wounded enemy.
    pub fn black_cubes_free(&self) -> i32 {
        let limiters = self
            .s
            .players
            .iter()
            .filter(|q| q.limiter.is_some())
            .count() as i32;
        BLACK_CUBES - limiters - self.s.enemies.iter().filter(|e| e.wounded).count() as i32
    }

    fn house_of(&self, card: CardId) -> usize {
        let god = self.c.card(card).god;
        self.s
            .house_gods
            .iter()
            .position(|&g| Some(g) == god)
            .expect("a god card's god is in a House")
    }

    #[allow(clippy::wrong_self_convention)] // the reference's name (`_to_discard`)
    fn to_discard(&mut self, p: usize, card: CardId, removal: bool) {
        if removal && self.c.card(card).god.is_some() {
            let h = self.house_of(card);
            self.s.god_discards[h].push(card);
        } else {
            self.s.players[p].discard.push(card);
        }
    }

    pub fn payable(&self, p: usize, effect: &Effect, card: Option<CardId>) -> bool {
        let player = &self.s.players[p];
        let held = card.is_some_and(|c| player.hand.contains(&c)) as i32;
        let others = player.hand.len() as i32 - held;
        player.available >= effect.prayer && others >= effect.devour
    }

    // ------------------------------------------------------------------ effects

    fn effect_frame(&self, p: usize, steps: Vec<Step>, why: Why) -> Frame {
        Frame::Effect {
            player: p,
            steps,
            why,
            card: None,
        }
    }

    /// Pay Prayer, then Devour (a discard frame), then the steps (and Devotion's, if
    /// another card of the same god was played this turn).
    fn start_effect(&mut self, p: usize, card: CardId, holds: bool) {
        let effect = self
            .c
            .card(card)
            .effect
            .as_ref()
            .expect("a card with an effect");
        let mut steps = effect.steps.clone();
        if self.devotion(p, card) {
            steps.extend_from_slice(&effect.devotion);
        }
        self.s.stack.push(Frame::Effect {
            player: p,
            steps,
            why: Why::Card(card),
            card: Some((card, holds, effect.removal)),
        });
        if effect.devour > 0 {
            self.s.stack.push(Frame::Discard {
                player: p,
                left: effect.devour,
                why: DiscardWhy::Devour,
            });
        }
        if effect.prayer > 0 {
            self.spend(p, effect.prayer);
        }
    }

    fn run_step(&mut self, p: usize, step: Step) {
        if step.all {
            let targets = self.s.initiative.clone();
            if matches!(step.op, Op::Discard | Op::Sail | Op::Command) {
                for &q in targets.iter().rev() {
                    self.one_step(q, step.op, step.n);
                }
            } else {
                for &q in &targets {
                    self.one_step(q, step.op, step.n);
                }
            }
        } else {
            self.one_step(p, step.op, step.n);
        }
    }

    fn one_step(&mut self, p: usize, op: Op, n: i32) {
        let s = &mut self.s;
        let player = &mut s.players[p];
        match op {
            Op::GainEnergy => {
                let moved = n.min(player.reserve);
                player.reserve -= moved;
                player.available += moved;
            }
            Op::Restore => {
                let moved = n.min(player.exhausted);
                player.exhausted -= moved;
                player.available += moved;
            }
            Op::Exhaust => {
                let moved = n.min(player.available);
                player.available -= moved;
                player.exhausted += moved;
            }
            Op::Heal => {
                let top = player.limiter.unwrap_or(MAX_VIGOR);
                player.vigor = top.min(player.vigor + n);
            }
            Op::Wound => self.damage(p, n),
            Op::Draw => self.draw(p, n),
            Op::Discard => {
                if !player.hand.is_empty() && n != 0 {
                    let left = n.min(player.hand.len() as i32);
                    s.stack.push(Frame::Discard {
                        player: p,
                        left,
                        why: DiscardWhy::Effect,
                    });
                }
            }
            Op::Sail => {
                if n != 0 {
                    s.stack.push(Frame::Sail { player: p, left: n });
                }
            }
            Op::Command => {
                if n != 0 {
                    s.stack.push(Frame::Command { player: p, left: n });
                }
            }
            Op::Attack | Op::Damage | Op::EnemyAttack => {
                let combat = s
                    .stack
                    .iter_mut()
                    .rev()
                    .find(|f| matches!(f, Frame::Combat { .. }));
                if let Some(Frame::Combat {
                    player: fighter,
                    attack,
                    damage,
                    enemy_bonus,
                    ..
                }) = combat
                {
                    if op == Op::EnemyAttack {
                        *enemy_bonus += n;
                    } else if *fighter == p {
                        if op == Op::Attack {
                            *attack += n;
                        } else {
                            *damage += n;
                        }
                    }
                }
            }
            Op::Discovery => {
                let explore = s
                    .stack
                    .iter_mut()
                    .rev()
                    .find(|f| matches!(f, Frame::Explore { .. }));
                if let Some(Frame::Explore {
                    player: explorer,
                    sum,
                    ..
                }) = explore
                {
                    if *explorer == p {
                        *sum += n;
                    }
                }
            }
            Op::Fervor => player.fervor += n,
            Op::Champion => player.champions += n,
            Op::Dishonor => player.dishonor += n,
            Op::Atone => player.dishonor = (player.dishonor - n).max(0),
            Op::Animae => {
                for _ in 0..(n.max(0) as usize).min(s.animae.len()) {
                    let card = s.animae.pop().expect("counted");
                    s.players[p].discard.push(card);
                }
            }
            Op::Hook => unreachable!("content with hooks is refused when read"),
        }
    }

    // ------------------------------------------------------------------ the machine

    /// Resolve what needs no decision, until a frame asks for one or the game ends.
    pub fn advance(&mut self) {
        while !self.s.over {
            let i = self.s.stack.len() - 1;
            let moved = match self.s.stack[i] {
                Frame::Draft { .. } => self.auto_draft(i),
                Frame::Place { order: ref o, at } => {
                    if at < o.len() {
                        false
                    } else {
                        self.s.stack.pop();
                        true
                    }
                }
                Frame::Round { .. } => self.auto_round(i),
                Frame::Buy { order: ref o, at } => {
                    if at < o.len() {
                        false
                    } else {
                        self.s.stack.pop();
                        true
                    }
                }
                Frame::Adventure { .. } => self.auto_adventure(i),
                Frame::Turn { actions, .. } => {
                    if actions >= ACTIONS_PER_TURN {
                        self.end_turn();
                        true
                    } else {
                        false
                    }
                }
                Frame::Sail { player, left } => {
                    if left > 0 {
                        false
                    } else {
                        self.s.stack.pop();
                        self.open_window(Trigger::SailsNear, player);
                        true
                    }
                }
                Frame::Command { player, left } => {
                    if left > 0 && self.options_command(player).len() > 1 {
                        false
                    } else {
                        self.s.stack.pop();
                        true
                    }
                }
                Frame::Discard { player, left, .. } => {
                    if left > 0 && !self.s.players[player].hand.is_empty() {
                        false
                    } else {
                        self.s.stack.pop();
                        true
                    }
                }
                Frame::Effect { .. } => self.auto_effect(i),
                Frame::Upgrade { player } => {
                    if !self.options_upgrade(player).is_empty() {
                        false
                    } else {
                        self.s.stack.pop();
                        true
                    }
                }
                Frame::Combat { .. } => self.auto_combat(i),
                Frame::Respond { .. } => self.auto_respond(i),
                Frame::Enemies { .. } => self.auto_enemies(i),
                Frame::Olympics { .. } => self.auto_olympics(i),
                Frame::Race { .. } => self.auto_race(i),
                Frame::Sunset { .. } => self.auto_sunset(i),
                Frame::OlympicsCard { .. } | Frame::Extra { .. } | Frame::Explore { .. } => false,
            };
            if !moved {
                return;
            }
        }
    }

    // --- set-up frames

    fn options_draft(&self) -> Vec<Choice> {
        let mut heroes: Vec<Option<u8>> = unique(
            &self
                .s
                .draft
                .iter()
                .map(|&e| self.c.enemy(e).hero)
                .collect::<Vec<_>>(),
        );
        let rank = |h: &Option<u8>| h.map_or(-1, |h| i32::from(self.c.hero_ids.rank[h as usize]));
        heroes.sort_by_key(rank);
        heroes.into_iter().flatten().map(Choice::Captain).collect()
    }

    fn apply_draft(&mut self, i: usize, p: usize, choice: Choice) {
        let Choice::Captain(hero) = choice else {
            return;
        };
        let s = &mut self.s;
        if let Some(k) = s
            .draft
            .iter()
            .position(|&e| self.c.enemy(e).hero == Some(hero))
        {
            let card = s.draft.remove(k);
            match s.dealt.iter_mut().find(|(q, _)| *q == p) {
                Some(slot) => slot.1 = card,
                None => s.dealt.push((p, card)),
            }
        }
        if let Frame::Draft { at, .. } = &mut s.stack[i] {
            *at += 1;
        }
    }

    fn auto_draft(&mut self, i: usize) -> bool {
        if let Frame::Draft { order, at } = &self.s.stack[i] {
            if *at < order.len() {
                return false;
            }
        }
        let mut dealt = std::mem::take(&mut self.s.dealt);
        dealt.sort();
        for (p, card) in dealt {
            self.make_captain(p, card);
        }
        self.s.draft.clear();
        self.s.stack.pop();
        true
    }

    fn make_captain(&mut self, p: usize, card: EnemyId) {
        let hero = self.c.enemy(card).hero.expect("an Argonaut has a hero");
        let player = &mut self.s.players[p];
        player.captain = Some(hero);
        player
            .deck
            .extend_from_slice(&self.c.personal[hero as usize]);
        self.s.rng.shuffle(&mut self.s.players[p].deck);
    }

    /// §2 player 7: an edge sea zone neither holding nor next to another Captain; on a
    /// board too small for that, one not holding another Captain, else any edge zone.
    fn options_place(&self) -> Vec<Choice> {
        let taken: Vec<ZoneId> = self.s.players.iter().filter_map(|q| q.zone).collect();
        let edge: Vec<ZoneId> = (0..self.c.zones.len())
            .filter(|&z| self.c.zones[z].edge)
            .map(|z| z as ZoneId)
            .collect();
        let apart: Vec<ZoneId> = edge
            .iter()
            .copied()
            .filter(|&z| {
                taken
                    .iter()
                    .all(|&t| t != z && !self.c.zone(z).adjacent.contains(&t))
            })
            .collect();
        let free: Vec<ZoneId> = edge
            .iter()
            .copied()
            .filter(|z| !taken.contains(z))
            .collect();
        let zones = if !apart.is_empty() {
            apart
        } else if !free.is_empty() {
            free
        } else {
            edge
        };
        zones.into_iter().map(Choice::Place).collect()
    }

    fn apply_place(&mut self, i: usize, p: usize, choice: Choice) {
        if let Choice::Place(z) = choice {
            self.s.players[p].zone = Some(z);
        }
        if let Frame::Place { at, .. } = &mut self.s.stack[i] {
            *at += 1;
        }
    }

    // --- the round (§4)

    fn set_round(&mut self, i: usize, to: RoundStage) {
        if let Frame::Round { stage, .. } = &mut self.s.stack[i] {
            *stage = to;
        }
    }

    fn auto_round(&mut self, i: usize) -> bool {
        let Frame::Round { stage, at } = self.s.stack[i] else {
            return false;
        };
        match stage {
            RoundStage::Setup => {
                self.set_round(i, RoundStage::Dawn);
                let order = self.s.initiative.iter().rev().copied().collect();
                self.s.stack.push(Frame::Place { order, at: 0 });
            }
            RoundStage::Dawn => {
                for k in 0..self.s.initiative.len() {
                    let p = self.s.initiative[k];
                    let n = (self.hand_limit(p) - self.s.players[p].hand.len() as i32).max(0);
                    self.draw(p, n);
                }
                self.set_round(i, RoundStage::OlympicsCard);
                let s = &mut self.s;
                if !s.olympics_deck.is_empty() {
                    let n = s.olympics_deck.len().min(2);
                    let drawn = (0..n)
                        .map(|_| s.olympics_deck.pop().expect("counted"))
                        .collect();
                    let player = *s.initiative.last().expect("players");
                    s.stack.push(Frame::OlympicsCard { player, drawn });
                }
            }
            RoundStage::OlympicsCard => {
                self.s.stack[i] = Frame::Round {
                    stage: RoundStage::Reveal,
                    at: Some(0),
                };
            }
            RoundStage::Reveal => {
                let at = at.unwrap_or(0);
                if at < self.s.initiative.len() {
                    let p = self.s.initiative[at];
                    self.s.stack[i] = Frame::Round {
                        stage: RoundStage::Reveal,
                        at: Some(at + 1),
                    };
                    self.reveal(p);
                } else {
                    self.set_round(i, RoundStage::Buy);
                    let order = self.s.initiative.clone();
                    self.s.stack.push(Frame::Buy { order, at: 0 });
                }
            }
            RoundStage::Buy => {
                for p in 0..self.s.players.len() {
                    let revealed = std::mem::take(&mut self.s.players[p].revealed);
                    for card in revealed {
                        let h = self.house_of(card);
                        self.s.god_discards[h].push(card);
                    }
                    self.s.players[p].passed = false;
                }
                self.set_round(i, RoundStage::Adventure);
                self.s.stack.push(Frame::Adventure { next: 0 });
            }
            RoundStage::Adventure => {
                self.set_round(i, RoundStage::Enemies);
                self.s.stack.push(Frame::Enemies { at: 0 });
            }
            RoundStage::Enemies => {
                self.set_round(i, RoundStage::Olympics);
                self.s.stack.push(Frame::Olympics {
                    stage: OlympicsStage::Start,
                    race: None,
                    played: None,
                    removed: None,
                    seen: None,
                    ranking: None,
                });
            }
            RoundStage::Olympics => {
                self.set_round(i, RoundStage::Sunset);
                let blocks = std::mem::take(&mut self.s.blocks);
                self.s.stack.push(Frame::Sunset {
                    blocks,
                    under: Vec::new(),
                });
            }
            RoundStage::Sunset => {
                if self.s.round == rounds(self.s.advanced) {
                    self.final_scoring();
                } else {
                    self.s.round += 1;
                    self.set_round(i, RoundStage::Dawn);
                }
            }
        }
        true
    }

    fn apply_olympics_card(&mut self, i: usize, choice: Choice) {
        let Choice::OlympicsCard(chosen) = choice else {
            return;
        };
        let Frame::OlympicsCard { drawn, .. } = &self.s.stack[i] else {
            return;
        };
        let drawn = drawn.clone();
        let s = &mut self.s;
        s.olympics_shown.push(chosen);
        for other in drawn {
            if other != chosen {
                s.olympics_deck.push(other);
            }
        }
        s.rng.shuffle(&mut s.olympics_deck);
        s.stack.pop();
    }

    /// The Houses a player may reveal god cards from, as counts by House: their Heroes'
    /// and raised Upgrades' Blessings.
    pub fn blessings(&self, p: usize) -> Vec<i32> {
        let player = &self.s.players[p];
        let mut count = vec![0; self.c.house_ids.names.len()];
        let heroes = player
            .captain
            .into_iter()
            .chain(player.followers.iter().map(|(h, _)| *h));
        for h in heroes {
            for &b in &self.c.heroes[h as usize].blessings {
                count[b as usize] += 1;
            }
        }
        for (bonus, &up) in player.upgrades.iter().zip(&player.raised) {
            if up {
                if let Some((_, houses)) = self.c.upgrades.iter().find(|(b, _)| b == bonus) {
                    for &h in houses {
                        count[h as usize] += 1;
                    }
                }
            }
        }
        count
    }

    fn reveal_from(&mut self, house: usize) -> Option<CardId> {
        let s = &mut self.s;
        if s.god_decks[house].is_empty() {
            s.god_decks[house] = std::mem::take(&mut s.god_discards[house]);
            s.rng.shuffle(&mut s.god_decks[house]);
        }
        s.god_decks[house].pop()
    }

    /// §4.1.3: one card per Blessing, at most 4; the most-blessed Houses first.
    fn reveal(&mut self, p: usize) {
        let count = self.blessings(p);
        let mut houses: Vec<usize> = (0..count.len()).filter(|&h| count[h] > 0).collect();
        houses.sort_by_key(|&h| (-count[h], self.c.house_ids.rank[h]));
        let mut left = REVEAL_LIMIT;
        for h in houses {
            for _ in 0..(count[h] as usize).min(left) {
                if let Some(card) = self.reveal_from(h) {
                    self.s.players[p].revealed.push(card);
                    left -= 1;
                }
            }
        }
        let player = &self.s.players[p];
        if player
            .upgrades
            .iter()
            .zip(&player.raised)
            .any(|(b, &up)| up && *b == Bonus::Reveal)
        {
            self.s.stack.push(Frame::Extra { player: p });
        }
    }

    fn apply_extra(&mut self, p: usize, choice: Choice) {
        if let Choice::Extra(Some(house)) = choice {
            for _ in 0..EXTRA_REVEAL {
                if let Some(card) = self.reveal_from(house as usize) {
                    self.s.players[p].revealed.push(card);
                }
            }
        }
        self.s.stack.pop();
    }

    fn options_buy(&self, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        let c = self.c;
        let mut out: Vec<Choice> = player
            .revealed
            .iter()
            .filter(|&&x| c.card(x).cost <= player.available)
            .map(|&x| Choice::Buy(x))
            .collect();
        for &t in &player.offered {
            let talent = &c.talents[t as usize];
            if !player.talents.iter().any(|(l, _)| *l == talent.level)
                && talent.cost <= player.available
            {
                out.push(Choice::Talent(t));
            }
        }
        for &(hero, trained) in &player.followers {
            if !trained && c.heroes[hero as usize].training_cost <= player.available {
                out.push(Choice::Train(hero));
            }
        }
        out.push(Choice::Done);
        out
    }

    fn apply_buy(&mut self, i: usize, p: usize, choice: Choice) {
        let c = self.c;
        match choice {
            Choice::Done => {
                if let Frame::Buy { at, .. } = &mut self.s.stack[i] {
                    *at += 1;
                }
            }
            Choice::Buy(card) => {
                self.spend(p, c.card(card).cost);
                let player = &mut self.s.players[p];
                remove_first(&mut player.revealed, &card);
                player.discard.push(card);
            }
            Choice::Talent(t) => {
                let talent = &c.talents[t as usize];
                self.spend(p, talent.cost);
                let player = &mut self.s.players[p];
                remove_first(&mut player.offered, &t);
                match player.talents.iter_mut().find(|(l, _)| *l == talent.level) {
                    Some(slot) => slot.1 = t,
                    None => player.talents.push((talent.level, t)),
                }
            }
            Choice::Train(hero) => {
                self.spend(p, c.heroes[hero as usize].training_cost);
                let player = &mut self.s.players[p];
                if let Some(slot) = player.followers.iter_mut().find(|(h, _)| *h == hero) {
                    slot.1 = true;
                }
            }
            _ => {}
        }
    }

    // --- Adventure (§4.2)

    fn auto_adventure(&mut self, i: usize) -> bool {
        let Frame::Adventure { next } = self.s.stack[i] else {
            return false;
        };
        let order = &self.s.initiative;
        for k in 0..order.len() {
            let p = order[(next + k) % order.len()];
            if !self.s.players[p].passed {
                let at = order.iter().position(|&q| q == p).expect("in order");
                self.s.stack[i] = Frame::Adventure {
                    next: (at + 1) % order.len(),
                };
                self.s.stack.push(Frame::Turn {
                    player: p,
                    actions: 0,
                    played: Vec::new(),
                    seen: Some(Vec::new()),
                });
                return true;
            }
        }
        self.s.stack.pop();
        true
    }

    fn options_turn(&self, actions: i32, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        let mut out = Vec::new();
        if actions < ACTIONS_PER_TURN {
            for card in unique(&player.hand) {
                for a in ACTIONS {
                    out.push(Choice::Play(card, Play::Number(a)));
                }
                if let Some(effect) = &self.c.card(card).effect {
                    if effect.kind == EffectType::Action && self.payable(p, effect, Some(card)) {
                        out.push(Choice::Play(card, Play::Effect));
                    }
                }
            }
            for (source, ability) in self.abilities(p) {
                if !ability.action.is_empty()
                    && !player.blocked.contains(&source)
                    && player.available >= ability.prayer
                {
                    out.push(Choice::Ability(source));
                }
            }
            for e in self.fightable(p) {
                out.push(Choice::Fight(e));
            }
            for z in self.explorable(p) {
                out.push(Choice::Explore(z));
            }
        }
        out.push(if actions == 0 {
            Choice::Pass
        } else {
            Choice::End
        });
        out
    }

    /// Talents (in the order bought), then the Captain and trained Followers.
    pub fn abilities(&self, p: usize) -> Vec<(Source, &'c crate::content::Ability)> {
        let c = self.c;
        let player = &self.s.players[p];
        let mut out: Vec<(Source, &'c crate::content::Ability)> = player
            .talents
            .iter()
            .map(|(_, t)| (Source::Talent(*t), &c.talents[*t as usize].ability))
            .collect();
        let heroes = player.captain.into_iter().chain(
            player
                .followers
                .iter()
                .filter(|(_, trained)| *trained)
                .map(|(h, _)| *h),
        );
        for h in heroes {
            out.push((Source::Hero(h), &c.heroes[h as usize].trained));
        }
        out
    }

    fn fightable(&self, p: usize) -> Vec<EnemyId> {
        let player = &self.s.players[p];
        let mut zones: Vec<ZoneId> = player.zone.into_iter().collect();
        for (_, z) in &player.follower_zones {
            if let Some(z) = z {
                if player.temples.contains(z) {
                    zones.push(*z);
                }
            }
        }
        self.s
            .enemies
            .iter()
            .filter(|e| e.zone.is_some_and(|z| zones.contains(&z)) && e.owner != Some(p))
            .map(|e| e.card)
            .collect()
    }

    fn explorable(&self, p: usize) -> Vec<ZoneId> {
        let player = &self.s.players[p];
        let c = self.c;
        let mut here: Vec<ZoneId> = player
            .zone
            .into_iter()
            .chain(player.follower_zones.iter().filter_map(|(_, z)| *z))
            .filter(|&z| c.zone(z).kind == ZoneKind::Island)
            .collect();
        here = unique(&here);
        here.sort_by_key(|&z| c.zone_ids.rank[z as usize]);
        let mut out = Vec::new();
        for island in here {
            if player.explored.contains(&island) {
                continue;
            }
            let Some(need) = self.threshold(island) else {
                continue;
            };
            let mut best: Vec<i32> = player.hand.iter().map(|&x| c.card(x).discovery).collect();
            best.sort_by(|a, b| b.cmp(a));
            best.truncate(MAX_EXPLORE_CARDS);
            if best.iter().sum::<i32>() + self.passive(p, PassiveKind::Discovery) >= need {
                out.push(island);
            }
        }
        out
    }

    /// The island's next Exploration threshold (None: every space taken).
    pub fn threshold(&self, island: ZoneId) -> Option<i32> {
        let spaces = &self.c.zone(island).exploration;
        let used = self.s.exploration[island as usize].len();
        spaces.get(used).copied()
    }

    /// §4.2 Modifier (advanced): +1 to the action its Captain's island's Temple shows.
    fn modifier(&self, p: usize, action: Symbol) -> i32 {
        match self.s.players[p].zone {
            Some(z) if self.s.advanced => (self.c.zone(z).modifier == Some(action)) as i32,
            _ => 0,
        }
    }

    fn apply_turn(&mut self, i: usize, p: usize, choice: Choice) {
        let c = self.c;
        match choice {
            Choice::Pass => {
                self.s.players[p].passed = true;
                self.s.stack.pop();
                self.open_window(Trigger::Passes, p);
                return;
            }
            Choice::End => {
                self.end_turn();
                return;
            }
            _ => {}
        }
        if let Frame::Turn { actions, .. } = &mut self.s.stack[i] {
            *actions += 1;
        }
        match choice {
            Choice::Play(card, play) => {
                remove_first(&mut self.s.players[p].hand, &card);
                if let Frame::Turn { played, .. } = &mut self.s.stack[i] {
                    played.push(card);
                }
                self.note_played(p, card);
                match play {
                    Play::Effect => self.start_effect(p, card, false),
                    Play::Number(action) => {
                        let n = c.card(card).value(action) + self.modifier(p, action);
                        self.one_step(p, action.op(), n);
                    }
                }
            }
            Choice::Ability(source) => {
                let ability = match source {
                    Source::Talent(t) => &c.talents[t as usize].ability,
                    Source::Hero(h) => &c.heroes[h as usize].trained,
                };
                if ability.once_per_round {
                    self.s.players[p].blocked.push(source);
                }
                if ability.prayer > 0 {
                    self.spend(p, ability.prayer);
                }
                let why = match source {
                    Source::Talent(t) => Why::Talent(t),
                    Source::Hero(h) => Why::Hero(h),
                };
                let frame = self.effect_frame(p, ability.action.clone(), why);
                self.s.stack.push(frame);
            }
            Choice::Fight(enemy) => {
                let zone = self.s.enemies[self.s.enemy_index(enemy).expect("in play")]
                    .zone
                    .expect("a fightable enemy is on the board");
                self.s.stack.push(Frame::Combat {
                    player: p,
                    enemy,
                    cards: Vec::new(),
                    attack: 0,
                    damage: 0,
                    enemy_bonus: 0,
                    stage: CombatStage::Cards,
                    zone,
                    rolled: None,
                });
            }
            Choice::Explore(island) => {
                let sum = self.passive(p, PassiveKind::Discovery);
                self.s.stack.push(Frame::Explore {
                    player: p,
                    island,
                    cards: Vec::new(),
                    sum,
                });
            }
            _ => {}
        }
    }

    /// Cards played to a combat or an exploration join the turn's, discarded at its end.
    fn keep_played(&mut self, p: usize, cards: &[CardId]) {
        let turn = self
            .s
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Turn { .. }));
        for &card in cards {
            match turn.map(|t| &mut self.s.stack[t]) {
                Some(Frame::Turn { player, played, .. }) if *player == p => played.push(card),
                _ => self.to_discard(p, card, false),
            }
        }
    }

    /// The turn on top ends: its cards to the discard.
    fn end_turn(&mut self) {
        if let Some(Frame::Turn { player, played, .. }) = self.s.stack.pop() {
            for card in played {
                self.to_discard(player, card, false);
            }
        }
    }

    // --- sub-decisions of actions

    fn options_sail(&self, p: usize) -> Vec<Choice> {
        let s = &self.s;
        let here = s.players[p].zone.expect("a Captain at sea or on an island");
        let captains: Vec<ZoneId> = s
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != p)
            .filter_map(|(_, q)| q.zone)
            .collect();
        let mut out: Vec<Choice> = self
            .c
            .zone(here)
            .adjacent
            .iter()
            .filter(|&&z| !(self.c.zone(z).kind == ZoneKind::Island && captains.contains(&z)))
            .map(|&z| Choice::SailTo(z))
            .collect();
        out.push(Choice::Stop);
        out
    }

    fn apply_sail(&mut self, i: usize, p: usize, choice: Choice) {
        let c = self.c;
        let Choice::SailTo(target) = choice else {
            self.s.stack.pop();
            self.open_window(Trigger::SailsNear, p);
            return;
        };
        let here = self.s.players[p].zone.expect("at sea");
        if self.hostile_in(p, here) {
            self.s.players[p].dishonor += 1; // §4.2 Sail: leaving a zone that holds an enemy
        }
        self.s.players[p].zone = Some(target);
        if let Frame::Sail { left, .. } = &mut self.s.stack[i] {
            *left -= 1;
        }
        let s = &mut self.s;
        if c.zone(target).kind == ZoneKind::Sea && !s.blocks.contains(&target) {
            if s.travel.is_empty() {
                s.travel = std::mem::take(&mut s.travel_discard);
                s.rng.shuffle(&mut s.travel);
            }
            s.blocks.push(target);
            if let Some(card) = s.travel.pop() {
                s.travel_discard.push(card);
                let frame =
                    self.effect_frame(p, c.travel[card as usize].steps.clone(), Why::Travel(card));
                self.s.stack.push(frame);
            }
        }
    }

    fn pieces(&self, p: usize) -> Vec<Piece> {
        let player = &self.s.players[p];
        let mut out: Vec<Piece> = player
            .followers
            .iter()
            .map(|(h, _)| Piece::Follower(*h))
            .collect();
        out.extend(
            self.s
                .enemies
                .iter()
                .filter(|e| e.owner == Some(p))
                .map(|e| Piece::Monster(e.card)),
        );
        out
    }

    fn options_command(&self, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        let zones = self.c.zones.len() as u8;
        let mut out = Vec::new();
        for piece in self.pieces(p) {
            match piece {
                Piece::Follower(h) => {
                    let at = player.follower_zone(h);
                    for z in 0..zones {
                        if at != Some(z) {
                            out.push(Choice::Command(piece, z));
                        }
                    }
                }
                Piece::Monster(e) => {
                    let enemy = self.s.enemies[self.s.enemy_index(e).expect("in play")];
                    if enemy.zone.is_none() && player.reserve == 0 {
                        continue; // §4.2 Command: a placed monster needs one of our cubes
                    }
                    for z in 0..zones {
                        if enemy.zone != Some(z) && !self.monster_in(z) {
                            out.push(Choice::Command(piece, z));
                        }
                    }
                }
            }
        }
        out.push(Choice::Stop);
        out
    }

    fn apply_command(&mut self, i: usize, p: usize, choice: Choice) {
        let Choice::Command(piece, zone) = choice else {
            self.s.stack.pop();
            return;
        };
        match piece {
            Piece::Follower(h) => {
                let player = &mut self.s.players[p];
                match player.follower_zones.iter_mut().find(|(x, _)| *x == h) {
                    Some(slot) => slot.1 = Some(zone),
                    None => player.follower_zones.push((h, Some(zone))),
                }
            }
            Piece::Monster(e) => {
                let k = self.s.enemy_index(e).expect("in play");
                if self.s.enemies[k].zone.is_none() {
                    self.s.players[p].reserve -= 1;
                }
                self.s.enemies[k].zone = Some(zone);
            }
        }
        if let Frame::Command { left, .. } = &mut self.s.stack[i] {
            *left -= 1;
        }
    }

    fn apply_discard(&mut self, i: usize, p: usize, choice: Choice) {
        if let Choice::Discard(card) = choice {
            let player = &mut self.s.players[p];
            remove_first(&mut player.hand, &card);
            player.discard.push(card);
        }
        if let Frame::Discard { left, .. } = &mut self.s.stack[i] {
            *left -= 1;
        }
    }

    fn auto_effect(&mut self, i: usize) -> bool {
        let (player, next) = match &mut self.s.stack[i] {
            Frame::Effect { player, steps, .. } => {
                if steps.is_empty() {
                    (*player, None)
                } else {
                    (*player, Some(steps.remove(0)))
                }
            }
            _ => return false,
        };
        match next {
            Some(step) => self.run_step(player, step),
            None => {
                let frame = self.s.stack.pop().expect("the effect frame");
                self.finish_effect(frame);
            }
        }
        true
    }

    /// After an effect: its held card to the discard, a Removal card to its House.
    fn finish_effect(&mut self, frame: Frame) {
        let Frame::Effect {
            player: p,
            card: Some((card, holds, removal)),
            ..
        } = frame
        else {
            return;
        };
        if holds {
            self.to_discard(p, card, removal);
            return;
        }
        if !removal || self.c.card(card).god.is_none() {
            return;
        }
        for k in (0..self.s.stack.len()).rev() {
            let pile = match &mut self.s.stack[k] {
                Frame::Turn { played, .. } => played,
                Frame::Combat { cards, .. } => cards,
                _ => continue,
            };
            if let Some(at) = pile.iter().position(|&x| x == card) {
                pile.remove(at);
                self.to_discard(p, card, true);
                return;
            }
        }
    }

    // --- Devotion (§4.2 keywords): the cards each player played this turn

    fn played_frame(&mut self) -> Option<&mut Frame> {
        self.s
            .stack
            .iter_mut()
            .rev()
            .find(|f| matches!(f, Frame::Turn { .. } | Frame::Olympics { .. }))
    }

    fn note_played(&mut self, p: usize, card: CardId) {
        match self.played_frame() {
            Some(Frame::Turn { seen, .. }) | Some(Frame::Olympics { seen, .. }) => {
                note(seen.get_or_insert_with(Vec::new), p, card)
            }
            _ => {}
        }
    }

    /// Another card of the same god played by `p` this turn (Olympics: this phase).
    fn devotion(&self, p: usize, card: CardId) -> bool {
        let god = self.c.card(card).god;
        let frame = self
            .s
            .stack
            .iter()
            .rev()
            .find(|f| matches!(f, Frame::Turn { .. } | Frame::Olympics { .. }));
        let (Some(god), Some(frame)) = (god, frame) else {
            return false;
        };
        let seen = match frame {
            Frame::Turn { seen, .. } | Frame::Olympics { seen, .. } => seen.as_ref(),
            _ => None,
        };
        seen.and_then(|s| s.iter().find(|(q, _)| *q == p))
            .is_some_and(|(_, cards)| {
                cards
                    .iter()
                    .any(|&x| x != card && self.c.card(x).god == Some(god))
            })
    }

    fn options_upgrade(&self, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        player
            .upgrades
            .iter()
            .zip(&player.raised)
            .filter(|(_, up)| !**up)
            .map(|(b, _)| Choice::Upgrade(*b))
            .collect()
    }

    fn apply_upgrade(&mut self, p: usize, choice: Choice) {
        if let Choice::Upgrade(bonus) = choice {
            let player = &mut self.s.players[p];
            if let Some(k) = player.upgrades.iter().position(|b| *b == bonus) {
                player.raised[k] = true;
            }
            match bonus {
                Bonus::Energy => self.one_step(p, Op::GainEnergy, 2),
                Bonus::Limiter => self.raise_limiter(p, 2),
                _ => {}
            }
        }
        self.s.stack.pop();
    }

    fn raise_limiter(&mut self, p: usize, n: i32) {
        let player = &mut self.s.players[p];
        if let Some(limiter) = player.limiter {
            player.limiter = (limiter + n <= MAX_VIGOR).then_some(limiter + n); // §4.3: removed past 10
        }
    }

    // --- Combat (§4.3)

    fn options_combat(&self, played: usize, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        let mut out = Vec::new();
        if played < MAX_COMBAT_CARDS {
            for card in unique(&player.hand) {
                out.push(Choice::Attack(card));
                if let Some(effect) = &self.c.card(card).effect {
                    if effect.kind == EffectType::Combat && self.payable(p, effect, Some(card)) {
                        out.push(Choice::CombatEffect(card));
                    }
                }
            }
        }
        out.push(Choice::Go);
        out
    }

    fn apply_combat(&mut self, i: usize, p: usize, choice: Choice) {
        let c = self.c;
        let (card, effect) = match choice {
            Choice::Go => {
                if let Frame::Combat { stage, .. } = &mut self.s.stack[i] {
                    *stage = CombatStage::Respond;
                }
                return;
            }
            Choice::Attack(card) => (card, false),
            Choice::CombatEffect(card) => (card, true),
            _ => return,
        };
        remove_first(&mut self.s.players[p].hand, &card);
        if let Frame::Combat { cards, attack, .. } = &mut self.s.stack[i] {
            cards.push(card);
            if !effect {
                *attack += c.card(card).attack;
            }
        }
        self.note_played(p, card);
        if effect {
            self.start_effect(p, card, false);
        }
    }

    fn auto_combat(&mut self, i: usize) -> bool {
        let Frame::Combat { stage, player, .. } = self.s.stack[i] else {
            return false;
        };
        match stage {
            CombatStage::Cards => false,
            CombatStage::Respond => {
                if let Frame::Combat { stage, .. } = &mut self.s.stack[i] {
                    *stage = CombatStage::Roll;
                }
                self.open_window(Trigger::Fights, player);
                true
            }
            CombatStage::Roll => {
                if let Frame::Combat { stage, .. } = &mut self.s.stack[i] {
                    *stage = CombatStage::Resolve;
                }
                self.roll(i);
                true
            }
            CombatStage::Resolve => {
                let frame = self.s.stack.pop().expect("the combat");
                self.resolve_combat(frame);
                true
            }
        }
    }

    /// §4.3.2: the enemy's dice; each special face applies its ability.
    fn roll(&mut self, i: usize) {
        let c = self.c;
        let Frame::Combat { enemy, player, .. } = self.s.stack[i] else {
            return;
        };
        let card = c.enemy(enemy);
        let faces: Vec<_> = (0..card.dice).map(|_| *self.s.rng.choice(&c.die)).collect();
        let bonus: i32 = faces.iter().filter(|f| !f.special).map(|f| f.value).sum();
        let specials = faces.iter().filter(|f| f.special).count();
        if let Frame::Combat {
            enemy_bonus,
            rolled,
            ..
        } = &mut self.s.stack[i]
        {
            *enemy_bonus += bonus;
            *rolled = Some(
                faces
                    .iter()
                    .map(|f| if f.special { -1 } else { f.value })
                    .collect(),
            );
        }
        for _ in 0..specials {
            let frame = self.effect_frame(player, card.ability.clone(), Why::Enemy(enemy));
            self.s.stack.push(frame);
        }
    }

    fn resolve_combat(&mut self, frame: Frame) {
        let Frame::Combat {
            player: p,
            enemy,
            cards,
            attack,
            damage: bonus_damage,
            enemy_bonus,
            zone,
            ..
        } = frame
        else {
            return;
        };
        let card = self.c.enemy(enemy);
        let mine = attack + self.passive(p, PassiveKind::Attack);
        let theirs = card.attack + enemy_bonus;
        self.keep_played(p, &cards);
        if mine == theirs {
            return;
        }
        let mut damage = 1 + ((mine - theirs).abs() >= 4) as i32;
        if mine < theirs {
            self.damage(p, damage);
            return;
        }
        damage += bonus_damage + self.passive(p, PassiveKind::Damage);
        let k = self
            .s
            .enemy_index(enemy)
            .expect("the enemy fought is in play");
        let e = self.s.enemies[k];
        if e.owner.is_none() && !e.wounded && damage < 2 {
            if self.black_cubes_free() == 0 {
                return; // §1: limited; no cube to mark the wound
            }
            self.s.enemies[k].wounded = true;
            return;
        }
        self.defeat(p, k, zone);
    }

    fn defeat(&mut self, p: usize, k: usize, zone: ZoneId) {
        let c = self.c;
        let mut enemy = self.s.enemies.remove(k);
        let card = c.enemy(enemy.card);
        if let Some(owner) = enemy.owner {
            self.s.players[owner].reserve += 1; // the owner's cube comes back
        } else if card.kind == EnemyKind::Argonaut {
            let hero = card.hero.expect("an Argonaut has a hero");
            self.raise_limiter(p, 2);
            let player = &mut self.s.players[p];
            if player.followers.len() < FOLLOWER_SLOTS {
                match player.followers.iter_mut().find(|(h, _)| *h == hero) {
                    Some(slot) => slot.1 = false,
                    None => player.followers.push((hero, false)),
                }
                match player.follower_zones.iter_mut().find(|(h, _)| *h == hero) {
                    Some(slot) => slot.1 = None,
                    None => player.follower_zones.push((hero, None)),
                }
            } else {
                player.champions += 1;
                player.champion_overflow += 1;
            }
        } else {
            enemy.zone = None;
            enemy.owner = Some(p);
            enemy.wounded = false;
            self.s.enemies.push(enemy);
            self.s.players[p].tamed.push(enemy.card);
            self.one_step(p, Op::GainEnergy, 1);
        }
        if c.zone(zone).kind == ZoneKind::Island && self.s.temples[zone as usize].is_none() {
            if self.s.players[p].temples.len() >= FLAGS {
                return; // §1: limited; no Flag left to claim it
            }
            self.s.temples[zone as usize] = Some(p);
            self.s.players[p].temples.push(zone);
            // The claim is Flag then Upgrade (§4.3); Responses to it come after both.
            self.open_window(Trigger::ClaimsTemple, p);
            self.s.stack.push(Frame::Upgrade { player: p });
        }
    }

    // --- Explore (§4.2)

    fn options_explore(&self, island: ZoneId, played: usize, sum: i32, p: usize) -> Vec<Choice> {
        let player = &self.s.players[p];
        let c = self.c;
        let need = self.threshold(island).unwrap_or(0);
        let left = MAX_EXPLORE_CARDS - played;
        let mut out = Vec::new();
        if left > 0 {
            for card in unique(&player.hand) {
                let mut rest = player.hand.clone();
                remove_first(&mut rest, &card);
                let mut best: Vec<i32> = rest.iter().map(|&x| c.card(x).discovery).collect();
                best.sort_by(|a, b| b.cmp(a));
                best.truncate(left - 1);
                if sum + c.card(card).discovery + best.iter().sum::<i32>() >= need {
                    out.push(Choice::Discover(card));
                }
            }
        }
        if sum >= need {
            out.push(Choice::Go);
        }
        out
    }

    fn apply_explore(&mut self, i: usize, p: usize, choice: Choice) {
        match choice {
            Choice::Go => {
                let Some(Frame::Explore { island, cards, .. }) = self.s.stack.pop() else {
                    return;
                };
                self.keep_played(p, &cards);
                self.s.exploration[island as usize].push(p);
                let treasure = self.s.treasures[island as usize].expect("an island's Treasure");
                let player = &mut self.s.players[p];
                player.explored.push(island);
                match player.peeked.iter_mut().find(|(z, _)| *z == island) {
                    Some(slot) => slot.1 = treasure,
                    None => player.peeked.push((island, treasure)),
                }
                self.open_window(Trigger::Explores, p);
            }
            Choice::Discover(card) => {
                remove_first(&mut self.s.players[p].hand, &card);
                if let Frame::Explore { cards, sum, .. } = &mut self.s.stack[i] {
                    cards.push(card);
                    *sum += self.c.card(card).discovery;
                }
                self.note_played(p, card);
            }
            _ => {}
        }
    }

    // --- Responses (§4.2)

    pub fn responses(&self, p: usize, trigger: Trigger) -> Vec<CardId> {
        let player = &self.s.players[p];
        unique(&player.hand)
            .into_iter()
            .filter(|&card| {
                self.c.card(card).effect.as_ref().is_some_and(|effect| {
                    effect.when == Some(trigger) && self.payable(p, effect, Some(card))
                })
            })
            .collect()
    }

    /// A window for Responses to `actor`'s move, in Initiative order; who is asked
    /// depends on public facts only.
    fn open_window(&mut self, trigger: Trigger, actor: usize) {
        let near = if trigger == Trigger::SailsNear {
            let zone = self.s.players[actor].zone.expect("a Captain that sailed");
            let mut near = vec![zone];
            near.extend_from_slice(&self.c.zone(zone).adjacent);
            near = unique(&near);
            near.sort_by_key(|&z| self.c.zone_ids.rank[z as usize]);
            Some(near)
        } else {
            None
        };
        let queue: Vec<usize> = self
            .s
            .initiative
            .iter()
            .copied()
            .filter(|&q| self.asked(actor, near.as_deref(), q))
            .collect();
        if !queue.is_empty() {
            self.s.stack.push(Frame::Respond {
                trigger,
                actor,
                queue,
                near,
            });
        }
    }

    /// Whether `q` is (still) asked in a window: public facts only.
    fn asked(&self, actor: usize, near: Option<&[ZoneId]>, q: usize) -> bool {
        if q == actor {
            return false;
        }
        let player = &self.s.players[q];
        if let Some(near) = near {
            if !player.zone.is_some_and(|z| near.contains(&z)) {
                return false;
            }
        }
        !player.hand.is_empty()
    }

    fn apply_respond(&mut self, i: usize, p: usize, choice: Choice) {
        let Choice::Respond(card) = choice else {
            if let Frame::Respond { queue, .. } = &mut self.s.stack[i] {
                queue.remove(0); // a "no" leaves this window
            }
            return;
        };
        remove_first(&mut self.s.players[p].hand, &card);
        self.note_played(p, card);
        if let Frame::Respond { queue, .. } = &mut self.s.stack[i] {
            let first = queue.remove(0);
            queue.push(first); // one card at a time, in turn
        }
        self.start_effect(p, card, true);
    }

    fn auto_respond(&mut self, i: usize) -> bool {
        let Frame::Respond {
            actor,
            ref near,
            ref queue,
            ..
        } = self.s.stack[i]
        else {
            return false;
        };
        let mut drop = 0;
        while drop < queue.len() && !self.asked(actor, near.as_deref(), queue[drop]) {
            drop += 1;
        }
        let empty = drop == queue.len();
        if let Frame::Respond { queue, .. } = &mut self.s.stack[i] {
            queue.drain(..drop);
        }
        if !empty {
            return false;
        }
        self.s.stack.pop();
        true
    }

    // --- Enemies phase (§4.4)

    fn auto_enemies(&mut self, i: usize) -> bool {
        let Frame::Enemies { at } = self.s.stack[i] else {
            return false;
        };
        if at >= self.s.initiative.len() {
            self.s.stack.pop();
            return true;
        }
        let p = self.s.initiative[at];
        self.s.stack[i] = Frame::Enemies { at: at + 1 };
        let player = &self.s.players[p];
        let hits = self
            .s
            .enemies
            .iter()
            .filter(|e| {
                e.zone
                    .is_some_and(|z| player.zone == Some(z) || player.temples.contains(&z))
                    && e.owner != Some(p)
            })
            .count() as i32;
        if hits > 0 {
            self.damage(p, hits);
        }
        true
    }

    // --- Olympics (§4.5)

    fn olympics_index(&self) -> usize {
        self.s
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Olympics { .. }))
            .expect("inside the Olympics")
    }

    fn set_olympics_stage(&mut self, i: usize, to: OlympicsStage) {
        if let Frame::Olympics { stage, .. } = &mut self.s.stack[i] {
            *stage = to;
        }
    }

    fn auto_olympics(&mut self, i: usize) -> bool {
        let Frame::Olympics { stage, race, .. } = self.s.stack[i] else {
            return false;
        };
        let n = self.s.players.len();
        match stage {
            OlympicsStage::Start => {
                if self.s.olympics_shown.is_empty() {
                    self.set_olympics_stage(i, OlympicsStage::Done);
                    return true;
                }
                for k in 0..self.s.initiative.len() {
                    let p = self.s.initiative[k];
                    let bonus = self.passive(p, PassiveKind::Fervor);
                    self.s.players[p].fervor += bonus; // 1. Fervor bonuses
                }
                for k in 0..self.s.initiative.len() {
                    let p = self.s.initiative[k];
                    let need = (self.hand_limit(p) - self.s.players[p].hand.len() as i32).max(0);
                    self.draw(p, need); // 2. hands refilled
                }
                if let Frame::Olympics {
                    stage,
                    race,
                    played,
                    removed,
                    seen,
                    ..
                } = &mut self.s.stack[i]
                {
                    *stage = OlympicsStage::Race;
                    *race = Some(0);
                    *played = Some((0..n).map(|p| (p, Vec::new())).collect());
                    *removed = Some(Vec::new());
                    *seen = Some(Vec::new());
                }
            }
            OlympicsStage::Race => {
                let race = race.unwrap_or(0);
                if race < RACES {
                    if let Frame::Olympics { race: r, .. } = &mut self.s.stack[i] {
                        *r = Some(race + 1);
                    }
                    self.s.stack.push(Frame::Race {
                        pick: true,
                        picks: Vec::new(),
                        pending: Vec::new(),
                    });
                } else {
                    self.set_olympics_stage(i, OlympicsStage::Prizes);
                }
            }
            OlympicsStage::Prizes => {
                self.olympic_abilities();
                let ranking = self.olympics_ranking(i);
                if let Frame::Olympics {
                    stage, ranking: r, ..
                } = &mut self.s.stack[i]
                {
                    *r = Some(ranking.clone());
                    *stage = OlympicsStage::Cleanup;
                }
                self.prizes(&ranking);
            }
            OlympicsStage::Cleanup => {
                let (played, removed, ranking) = match &mut self.s.stack[i] {
                    Frame::Olympics {
                        played,
                        removed,
                        ranking,
                        ..
                    } => (
                        played.as_mut().map(std::mem::take).unwrap_or_default(),
                        removed.clone().unwrap_or_default(),
                        ranking.clone().unwrap_or_default(),
                    ),
                    _ => return false,
                };
                let mut emptied = Vec::with_capacity(played.len());
                for p in 0..n {
                    let cards = played
                        .iter()
                        .find(|(q, _)| *q == p)
                        .map(|(_, c)| c.clone())
                        .unwrap_or_default();
                    for card in cards {
                        self.to_discard(p, card, removed.contains(&card));
                    }
                }
                for (p, _) in &played {
                    emptied.push((*p, Vec::new()));
                }
                if let Frame::Olympics { played, stage, .. } = &mut self.s.stack[i] {
                    *played = Some(emptied);
                    *stage = OlympicsStage::Done;
                }
                self.s.initiative = ranking; // 7. new Initiative, markers to 0
                for player in &mut self.s.players {
                    player.fervor = 0;
                }
            }
            OlympicsStage::Done => {
                self.s.stack.pop();
            }
        }
        true
    }

    pub fn discipline(&self) -> Option<usize> {
        self.s.olympics_shown.last().map(|&o| o as usize)
    }

    pub fn race_value(&self, card: CardId) -> i32 {
        let Some(o) = self.discipline() else {
            return 0;
        };
        let card = self.c.card(card);
        self.c.olympics[o]
            .disciplines
            .iter()
            .map(|&sym| card.value(sym))
            .sum()
    }

    fn apply_race(&mut self, i: usize, p: usize, choice: Choice) {
        match choice {
            Choice::Race(card) => {
                remove_first(&mut self.s.players[p].hand, &card);
                if let Frame::Race { picks, .. } = &mut self.s.stack[i] {
                    match picks.iter_mut().find(|(q, _)| *q == p) {
                        Some(slot) => slot.1 = card,
                        None => picks.push((p, card)),
                    }
                }
            }
            Choice::UseNumbers | Choice::UseEffect => {
                let Frame::Race { picks, pending, .. } = &mut self.s.stack[i] else {
                    return;
                };
                let card = picks
                    .iter()
                    .find(|(q, _)| *q == p)
                    .map(|(_, c)| *c)
                    .expect("a pick");
                pending.remove(0);
                if choice == Choice::UseEffect {
                    let removal = self.c.card(card).effect.as_ref().is_some_and(|e| e.removal);
                    if removal {
                        let o = self.olympics_index();
                        if let Frame::Olympics {
                            removed: Some(removed),
                            ..
                        } = &mut self.s.stack[o]
                        {
                            removed.push(card);
                        }
                    }
                    self.start_effect(p, card, false);
                } else {
                    let value = self.race_value(card);
                    self.s.players[p].fervor += value;
                }
            }
            _ => {}
        }
    }

    fn auto_race(&mut self, i: usize) -> bool {
        let Frame::Race {
            pick,
            ref picks,
            ref pending,
        } = self.s.stack[i]
        else {
            return false;
        };
        if !pick {
            if !pending.is_empty() {
                return false;
            }
            self.s.stack.pop();
            return true;
        }
        if self.first_to_decide().is_some() {
            return false;
        }
        let picks = picks.clone();
        let o = self.olympics_index();
        let order = self.s.initiative.clone();
        let pick_of = |p: usize| picks.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
        for &p in &order {
            if let Some(card) = pick_of(p) {
                if let Frame::Olympics {
                    played: Some(played),
                    ..
                } = &mut self.s.stack[o]
                {
                    note(played, p, card);
                }
                self.note_played(p, card);
            }
        }
        let mut pending = Vec::new();
        for &p in &order {
            if let Some(card) = pick_of(p) {
                match &self.c.card(card).effect {
                    Some(effect) if effect.kind == EffectType::Olympics => pending.push(p),
                    _ => {
                        let value = self.race_value(card);
                        self.s.players[p].fervor += value;
                    }
                }
            }
        }
        self.s.stack[i] = Frame::Race {
            pick: false,
            picks,
            pending,
        };
        true
    }

    /// §4.5.4: one die per Argonaut owned (Captain, Followers trained or not) with a
    /// discipline symbol; +1 Fervor per 1 and per Activation face.
    fn olympic_abilities(&mut self) {
        let c = self.c;
        let Some(o) = self.discipline() else {
            return;
        };
        let symbols = &c.olympics[o].disciplines;
        for k in 0..self.s.initiative.len() {
            let p = self.s.initiative[k];
            let player = &self.s.players[p];
            let heroes: Vec<u8> = player
                .captain
                .into_iter()
                .chain(player.followers.iter().map(|(h, _)| *h))
                .collect();
            for h in heroes {
                if c.heroes[h as usize]
                    .olympic
                    .iter()
                    .any(|s| symbols.contains(s))
                {
                    let face = *self.s.rng.choice(&c.die);
                    if face.special || face.value == 1 {
                        self.s.players[p].fervor += 1;
                    }
                }
            }
        }
    }

    /// §4.5.5: by Fervor; ties by the tied players' played cards on each tie-break symbol
    /// in turn, then by the better Initiative.
    fn olympics_ranking(&self, i: usize) -> Vec<usize> {
        let c = self.c;
        let Frame::Olympics { played, .. } = &self.s.stack[i] else {
            return self.s.initiative.clone();
        };
        let o = self.discipline().unwrap_or(0);
        let olympics = &c.olympics[o];
        let key = |p: usize| -> Vec<i32> {
            let cards: &[CardId] = played
                .as_ref()
                .and_then(|pl| pl.iter().find(|(q, _)| *q == p))
                .map_or(&[], |(_, cs)| cs.as_slice());
            let mut k = vec![-self.s.players[p].fervor];
            for &sym in &olympics.tiebreaks {
                k.push(-cards.iter().map(|&x| c.card(x).value(sym)).sum::<i32>());
            }
            k.push(self.s.initiative.iter().position(|&q| q == p).unwrap_or(0) as i32);
            k
        };
        let mut order = self.s.initiative.clone();
        order.sort_by_cached_key(|&p| key(p));
        order
    }

    /// §4.5.5: from first place down, Champion tokens and the place's prize.
    fn prizes(&mut self, ranking: &[usize]) {
        let o = self.discipline().unwrap_or(0);
        let olympics = &self.c.olympics[o];
        let top: Vec<(usize, usize)> = ranking.iter().copied().take(3).enumerate().collect();
        for &(place, p) in top.iter().rev() {
            let prize = &olympics.prizes[place];
            let mut steps = vec![Step {
                op: Op::Champion,
                n: prize.champions,
                all: false,
            }];
            steps.extend_from_slice(&prize.steps);
            let frame = self.effect_frame(p, steps, Why::Prize(place as u8 + 1));
            self.s.stack.push(frame);
        }
    }

    // --- Sunset (§4.6)

    fn auto_sunset(&mut self, i: usize) -> bool {
        let c = self.c;
        let Frame::Sunset { ref blocks, .. } = self.s.stack[i] else {
            return false;
        };
        if !blocks.is_empty() {
            let zone = match &mut self.s.stack[i] {
                Frame::Sunset { blocks, .. } => blocks.remove(0),
                _ => return false,
            };
            let Some(card) = self.s.sea_deck.pop() else {
                return true; // an empty Sea deck draws nothing
            };
            let enemy = c.enemy(card);
            if enemy.kind == EnemyKind::CalmSea {
                if let Frame::Sunset { under, .. } = &mut self.s.stack[i] {
                    under.push(card);
                }
                let steps = enemy
                    .calm
                    .iter()
                    .map(|s| Step { all: true, ..*s })
                    .collect();
                let first = self.s.initiative[0];
                let frame = self.effect_frame(first, steps, Why::Enemy(card));
                self.s.stack.push(frame);
            } else if self.enemy_here(zone).next().is_some() {
                if let Frame::Sunset { under, .. } = &mut self.s.stack[i] {
                    under.push(card); // the zone already holds an enemy
                }
            } else {
                self.s.enemies.push(Enemy {
                    card,
                    zone: Some(zone),
                    wounded: false,
                    owner: None,
                });
            }
            return true;
        }
        let under = match &mut self.s.stack[i] {
            Frame::Sunset { under, .. } => std::mem::take(under),
            _ => Vec::new(),
        };
        let mut deck: Vec<EnemyId> = under.into_iter().rev().collect();
        deck.append(&mut self.s.sea_deck);
        self.s.sea_deck = deck; // under the deck, in the order drawn
        for k in 0..self.s.initiative.len() {
            let p = self.s.initiative[k];
            self.s.players[p].blocked.clear();
            let restore: i32 = self.s.players[p]
                .talents
                .iter()
                .map(|(_, t)| c.talents[*t as usize].restore)
                .sum();
            self.one_step(p, Op::Restore, restore);
        }
        self.s.stack.pop();
        true
    }

    // --- final scoring (§5)

    pub fn laurels(&self, p: usize) -> Laurels {
        let c = self.c;
        let player = &self.s.players[p];
        Laurels {
            submission: player.tamed.iter().map(|&t| c.enemy(t).laurels).sum(),
            exploration: player
                .explored
                .iter()
                .map(|&i| {
                    let fleece = self.s.treasures[i as usize].is_some_and(|t| c.fleece[t as usize]);
                    if fleece {
                        2
                    } else {
                        1
                    }
                })
                .sum(),
            olympics: player.champions,
            devotion: player
                .hand
                .iter()
                .chain(&player.deck)
                .chain(&player.discard)
                .map(|&x| c.devotion_laurels[x as usize])
                .sum(),
        }
    }

    fn final_scoring(&mut self) {
        for player in &mut self.s.players {
            let mut hand = std::mem::take(&mut player.hand);
            let mut discard = std::mem::take(&mut player.discard);
            player.deck.append(&mut hand);
            player.deck.append(&mut discard);
        }
        let n = self.s.players.len();
        let laurels: Vec<Laurels> = (0..n).map(|p| self.laurels(p)).collect();
        for (ranking, points) in RANKINGS {
            let by: Vec<i32> = laurels.iter().map(|l| l.get(ranking)).collect();
            for (p, vp) in self.ranking_points(&by, points) {
                self.s.players[p].vp += vp;
            }
        }
        self.s.over = true;
    }

    /// §5: the top three with at least 1 laurel score; a tie for a place goes to fewer
    /// Dishonor tokens, and players still tied each take that place's points minus 1.
    pub fn ranking_points(&self, laurels: &[i32], points: [i32; 3]) -> Vec<(usize, i32)> {
        let dishonor = |p: usize| self.s.players[p].dishonor;
        let mut eligible: Vec<usize> = (0..laurels.len()).filter(|&p| laurels[p] >= 1).collect();
        eligible.sort_by_key(|&p| (-laurels[p], dishonor(p)));
        let mut out: Vec<(usize, i32)> = Vec::new();
        let (mut place, mut i) = (0usize, 0usize);
        while i < eligible.len() && place < 3 {
            let first = eligible[i];
            let group: Vec<usize> = eligible[i..]
                .iter()
                .copied()
                .filter(|&q| (laurels[q], dishonor(q)) == (laurels[first], dishonor(first)))
                .collect();
            let value = points[place] - (group.len() > 1) as i32;
            for &q in &group {
                match out.iter_mut().find(|(x, _)| *x == q) {
                    Some(slot) => slot.1 = value.max(0),
                    None => out.push((q, value.max(0))),
                }
            }
            i += group.len();
            place += group.len();
        }
        out
    }

    /// Players from first to last: VP, then the tie-breaks of §5.
    pub fn final_order(&self) -> Vec<usize> {
        let c = self.c;
        let s = &self.s;
        let key = |p: usize| {
            let player = &s.players[p];
            let fleece = player
                .explored
                .iter()
                .filter(|&&i| s.treasures[i as usize].is_some_and(|t| c.fleece[t as usize]))
                .count() as i32;
            (
                -player.vp,
                player.dishonor,
                -fleece,
                -(player.temples.len() as i32),
                -(player.followers.len() as i32),
                s.initiative.iter().position(|&q| q == p).unwrap_or(0),
            )
        };
        let mut order: Vec<usize> = (0..s.players.len()).collect();
        order.sort_by_key(|&p| key(p));
        order
    }

    pub fn winner(&self) -> Option<usize> {
        self.s.over.then(|| self.final_order()[0])
    }
}
