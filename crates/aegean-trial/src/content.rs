//! A content set, read from the JSON that the Python loader has already checked
//! (`aegean.trial.native.content_document`): every component by index, its id kept for the
//! way back. Ids become small integers; `rank` tables keep the ids' string order, which the
//! reference sorts by in a few places.

use std::collections::HashMap;

use serde::Deserialize;

pub type CardId = u16;
pub type ZoneId = u8;
pub type HeroId = u8;
pub type TalentId = u8;
pub type TravelId = u8;
pub type EnemyId = u8;
pub type OlympicsId = u8;
pub type HouseId = u8;
pub type GodId = u8;
pub type TreasureId = u8;

/// What one effect step does (the reference's `Op`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    GainEnergy,
    Restore,
    Exhaust,
    Heal,
    Wound,
    Draw,
    Discard,
    Sail,
    Command,
    Attack,
    Damage,
    EnemyAttack,
    Discovery,
    Fervor,
    Champion,
    Dishonor,
    Atone,
    Animae,
    Hook,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Op::GainEnergy => "gain_energy",
            Op::Restore => "restore",
            Op::Exhaust => "exhaust",
            Op::Heal => "heal",
            Op::Wound => "wound",
            Op::Draw => "draw",
            Op::Discard => "discard",
            Op::Sail => "sail",
            Op::Command => "command",
            Op::Attack => "attack",
            Op::Damage => "damage",
            Op::EnemyAttack => "enemy_attack",
            Op::Discovery => "discovery",
            Op::Fervor => "fervor",
            Op::Champion => "champion",
            Op::Dishonor => "dishonor",
            Op::Atone => "atone",
            Op::Animae => "animae",
            Op::Hook => "hook",
        }
    }

    pub fn parse(name: &str) -> Option<Op> {
        serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
    }
}

/// One step of an effect: `op` `n` times, to the player the effect concerns or to all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub op: Op,
    pub n: i32,
    pub all: bool,
}

#[derive(Deserialize)]
struct RawStep {
    op: Op,
    n: i32,
    to: String,
    name: Option<String>,
}

impl RawStep {
    fn step(&self) -> Result<Step, String> {
        if self.op == Op::Hook {
            return Err(format!(
                "the hook {:?} is Python code: the native engine cannot run it",
                self.name.as_deref().unwrap_or("")
            ));
        }
        Ok(Step {
            op: self.op,
            n: self.n,
            all: self.to == "all",
        })
    }
}

fn steps(raw: &[RawStep]) -> Result<Vec<Step>, String> {
    raw.iter().map(RawStep::step).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectType {
    Action,
    Response,
    Combat,
    Olympics,
}

/// When a Response may be played (the reference's `Trigger`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    Fights,
    Explores,
    ClaimsTemple,
    SailsNear,
    Passes,
}

impl Trigger {
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Fights => "fights",
            Trigger::Explores => "explores",
            Trigger::ClaimsTemple => "claims_temple",
            Trigger::SailsNear => "sails_near",
            Trigger::Passes => "passes",
        }
    }

    pub fn parse(name: &str) -> Option<Trigger> {
        serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
    }
}

#[derive(Clone, Debug)]
pub struct Effect {
    pub kind: EffectType,
    pub steps: Vec<Step>,
    pub when: Option<Trigger>,
    pub prayer: i32,
    pub devour: i32,
    pub removal: bool,
    pub devotion: Vec<Step>,
}

#[derive(Deserialize)]
struct RawEffect {
    #[serde(rename = "type")]
    kind: EffectType,
    #[serde(rename = "do")]
    steps: Vec<RawStep>,
    when: Option<Trigger>,
    prayer: i32,
    devour: i32,
    removal: bool,
    devotion: Vec<RawStep>,
}

impl RawEffect {
    fn effect(&self) -> Result<Effect, String> {
        Ok(Effect {
            kind: self.kind,
            steps: steps(&self.steps)?,
            when: self.when,
            prayer: self.prayer,
            devour: self.devour,
            removal: self.removal,
            devotion: steps(&self.devotion)?,
        })
    }
}

/// The symbols of the Olympics disciplines and of the cards' numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Sail,
    Restore,
    Command,
    Heal,
    Attack,
    Discovery,
}

/// The four numeric actions, in the reference's order (`ACTIONS`).
pub const ACTIONS: [Symbol; 4] = [Symbol::Sail, Symbol::Restore, Symbol::Command, Symbol::Heal];

impl Symbol {
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Sail => "sail",
            Symbol::Restore => "restore",
            Symbol::Command => "command",
            Symbol::Heal => "heal",
            Symbol::Attack => "attack",
            Symbol::Discovery => "discovery",
        }
    }

    /// The step a numeric action runs.
    pub fn op(self) -> Op {
        match self {
            Symbol::Sail => Op::Sail,
            Symbol::Restore => Op::Restore,
            Symbol::Command => Op::Command,
            Symbol::Heal => Op::Heal,
            Symbol::Attack => Op::Attack,
            Symbol::Discovery => Op::Discovery,
        }
    }
}

/// The six Upgrade bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    Attack,
    Discovery,
    Fervor,
    Energy,
    Limiter,
    Reveal,
}

impl Bonus {
    pub fn name(self) -> &'static str {
        match self {
            Bonus::Attack => "attack",
            Bonus::Discovery => "discovery",
            Bonus::Fervor => "fervor",
            Bonus::Energy => "energy",
            Bonus::Limiter => "limiter",
            Bonus::Reveal => "reveal",
        }
    }

    pub fn parse(name: &str) -> Option<Bonus> {
        serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
    }
}

/// A standing bonus (the reference's `Passive`), indexed by [`Passive`]'s kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Passive {
    pub attack: i32,
    pub discovery: i32,
    pub fervor: i32,
    pub damage: i32,
    pub hand_limit: i32,
}

impl std::ops::AddAssign for Passive {
    fn add_assign(&mut self, other: Passive) {
        self.attack += other.attack;
        self.discovery += other.discovery;
        self.fervor += other.fervor;
        self.damage += other.damage;
        self.hand_limit += other.hand_limit;
    }
}

#[derive(Clone, Debug)]
pub struct Ability {
    pub passive: Passive,
    pub action: Vec<Step>,
    pub once_per_round: bool,
    pub prayer: i32,
}

#[derive(Deserialize)]
struct RawAbility {
    passive: Passive,
    action: Vec<RawStep>,
    once_per_round: bool,
    prayer: i32,
}

impl RawAbility {
    fn ability(&self) -> Result<Ability, String> {
        Ok(Ability {
            passive: self.passive,
            action: steps(&self.action)?,
            once_per_round: self.once_per_round,
            prayer: self.prayer,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneKind {
    Sea,
    Island,
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub id: String,
    pub kind: ZoneKind,
    pub adjacent: Vec<ZoneId>,
    pub edge: bool,
    pub dangerous: bool,
    pub exploration: Vec<i32>,
    pub modifier: Option<Symbol>,
}

#[derive(Deserialize)]
struct RawZone {
    id: String,
    kind: ZoneKind,
    adjacent: Vec<String>,
    edge: bool,
    dangerous: bool,
    exploration: Vec<i32>,
    modifier: Option<Symbol>,
}

#[derive(Clone, Debug)]
pub struct ActionCard {
    pub id: String,
    pub attack: i32,
    pub discovery: i32,
    pub sail: i32,
    pub restore: i32,
    pub command: i32,
    pub heal: i32,
    pub effect: Option<Effect>,
    pub cost: i32,
    pub laurels: i32,
    pub god: Option<GodId>,
}

impl ActionCard {
    /// The printed number for a symbol (`ActionCard.value`).
    #[inline]
    pub fn value(&self, symbol: Symbol) -> i32 {
        match symbol {
            Symbol::Sail => self.sail,
            Symbol::Restore => self.restore,
            Symbol::Command => self.command,
            Symbol::Heal => self.heal,
            Symbol::Attack => self.attack,
            Symbol::Discovery => self.discovery,
        }
    }
}

#[derive(Deserialize)]
struct RawCard {
    id: String,
    attack: i32,
    discovery: i32,
    sail: i32,
    restore: i32,
    command: i32,
    heal: i32,
    effect: Option<RawEffect>,
    cost: i32,
    laurels: i32,
    god: Option<String>,
    hero: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Talent {
    pub id: String,
    pub level: u8,
    pub cost: i32,
    pub restore: i32,
    pub ability: Ability,
}

#[derive(Deserialize)]
struct RawTalent {
    id: String,
    level: u8,
    cost: i32,
    restore: i32,
    ability: RawAbility,
}

#[derive(Clone, Debug)]
pub struct Travel {
    pub id: String,
    pub steps: Vec<Step>,
}

#[derive(Deserialize)]
struct RawTravel {
    id: String,
    #[serde(rename = "do")]
    steps: Vec<RawStep>,
}

#[derive(Clone, Debug)]
pub struct Hero {
    pub id: String,
    pub training_cost: i32,
    pub blessings: Vec<HouseId>,
    pub olympic: Vec<Symbol>,
    pub trained: Ability,
}

#[derive(Deserialize)]
struct RawHero {
    id: String,
    training_cost: i32,
    blessings: Vec<String>,
    olympic: Vec<Symbol>,
    trained: RawAbility,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyKind {
    Argonaut,
    Land,
    Sea,
    CalmSea,
}

#[derive(Clone, Debug)]
pub struct EnemyCard {
    pub id: String,
    pub kind: EnemyKind,
    pub attack: i32,
    pub dice: u8,
    pub laurels: i32,
    pub ability: Vec<Step>,
    pub hero: Option<HeroId>,
    pub calm: Vec<Step>,
}

#[derive(Deserialize)]
struct RawEnemy {
    id: String,
    kind: EnemyKind,
    attack: i32,
    dice: u8,
    laurels: i32,
    ability: Vec<RawStep>,
    hero: Option<String>,
    calm: Vec<RawStep>,
}

#[derive(Clone, Debug)]
pub struct Prize {
    pub champions: i32,
    pub steps: Vec<Step>,
}

#[derive(Deserialize)]
struct RawPrize {
    champions: i32,
    #[serde(rename = "do")]
    steps: Vec<RawStep>,
}

#[derive(Clone, Debug)]
pub struct OlympicsCard {
    pub id: String,
    pub disciplines: Vec<Symbol>,
    pub tiebreaks: Vec<Symbol>,
    pub prizes: Vec<Prize>,
}

#[derive(Deserialize)]
struct RawOlympics {
    id: String,
    disciplines: Vec<Symbol>,
    tiebreaks: Vec<Symbol>,
    prizes: Vec<RawPrize>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
pub struct DieFace {
    pub value: i32,
    pub special: bool,
}

#[derive(Deserialize)]
struct RawUpgrade {
    bonus: Bonus,
    blessings: Vec<String>,
}

#[derive(Deserialize)]
struct RawTreasure {
    id: String,
    fleece: bool,
}

#[derive(Deserialize)]
struct RawId {
    id: String,
}

/// The document `aegean.trial.native.content_document` writes.
#[derive(Deserialize)]
struct RawContent {
    zones: Vec<RawZone>,
    hand_limits: Vec<i32>,
    upgrades: Vec<RawUpgrade>,
    die: Vec<DieFace>,
    treasures: Vec<RawTreasure>,
    houses: Vec<RawId>,
    gods: Vec<RawId>,
    talents: Vec<RawTalent>,
    travel: Vec<RawTravel>,
    heroes: Vec<RawHero>,
    /// Argonauts, Land, Sea, in that order.
    enemies: Vec<RawEnemy>,
    /// Starting, Personal, God and Animae cards, in that order.
    cards: Vec<RawCard>,
    animae: Vec<String>,
    god_cards: Vec<String>,
    olympics: Vec<RawOlympics>,
}

/// Ids of one kind of component: index by id, id by index, and each id's place in the
/// ids' string order.
#[derive(Clone, Debug, Default)]
pub struct Ids {
    pub names: Vec<String>,
    index: HashMap<String, u16>,
    pub rank: Vec<u16>,
}

impl Ids {
    fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let names: Vec<String> = names.into_iter().map(str::to_owned).collect();
        let index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u16))
            .collect();
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&a, &b| names[a].cmp(&names[b]));
        let mut rank = vec![0; names.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r as u16;
        }
        Ids { names, index, rank }
    }

    pub fn get(&self, name: &str) -> Option<u16> {
        self.index.get(name).copied()
    }

    fn find(&self, what: &str, name: &str) -> Result<u16, String> {
        self.get(name)
            .ok_or_else(|| format!("content: unknown {what} {name:?}"))
    }

    pub fn name(&self, i: impl Into<usize>) -> &str {
        &self.names[i.into()]
    }
}

/// A content set, every component by index.
#[derive(Clone, Debug)]
pub struct Content {
    pub zones: Vec<Zone>,
    pub zone_ids: Ids,
    /// The islands, in board order.
    pub islands: Vec<ZoneId>,
    pub hand_limits: Vec<i32>,
    pub upgrades: Vec<(Bonus, Vec<HouseId>)>,
    pub die: Vec<DieFace>,
    pub treasure_ids: Ids,
    pub fleece: Vec<bool>,
    pub house_ids: Ids,
    pub god_ids: Ids,
    pub talents: Vec<Talent>,
    pub talent_ids: Ids,
    pub travel: Vec<Travel>,
    pub travel_ids: Ids,
    pub heroes: Vec<Hero>,
    pub hero_ids: Ids,
    pub enemies: Vec<EnemyCard>,
    pub enemy_ids: Ids,
    pub cards: Vec<ActionCard>,
    pub card_ids: Ids,
    /// An action card's Devotion laurels (an Animae card: -1).
    pub devotion_laurels: Vec<i32>,
    /// Each hero's Personal cards, in content order.
    pub personal: Vec<Vec<CardId>>,
    /// Whether a card is an Animae card; a card of a god's deck.
    pub is_animae: Vec<bool>,
    pub is_god_card: Vec<bool>,
    pub olympics: Vec<OlympicsCard>,
    pub olympics_ids: Ids,
}

impl Content {
    /// Read the content document; an error names what the native engine cannot play
    /// (a hook) or what is missing.
    pub fn from_json(text: &str) -> Result<Content, String> {
        let raw: RawContent =
            serde_json::from_str(text).map_err(|e| format!("content document: {e}"))?;
        let zone_ids = Ids::new(raw.zones.iter().map(|z| z.id.as_str()));
        let house_ids = Ids::new(raw.houses.iter().map(|h| h.id.as_str()));
        let god_ids = Ids::new(raw.gods.iter().map(|g| g.id.as_str()));
        let hero_ids = Ids::new(raw.heroes.iter().map(|h| h.id.as_str()));
        let houses = |names: &[String]| -> Result<Vec<HouseId>, String> {
            names
                .iter()
                .map(|n| house_ids.find("House", n).map(|i| i as HouseId))
                .collect()
        };
        let mut zones = Vec::new();
        for z in &raw.zones {
            zones.push(Zone {
                id: z.id.clone(),
                kind: z.kind,
                adjacent: z
                    .adjacent
                    .iter()
                    .map(|a| zone_ids.find("zone", a).map(|i| i as ZoneId))
                    .collect::<Result<_, _>>()?,
                edge: z.edge,
                dangerous: z.dangerous,
                exploration: z.exploration.clone(),
                modifier: z.modifier,
            });
        }
        let islands = (0..zones.len())
            .filter(|&i| zones[i].kind == ZoneKind::Island)
            .map(|i| i as ZoneId)
            .collect();
        let mut upgrades = Vec::new();
        for u in &raw.upgrades {
            upgrades.push((u.bonus, houses(&u.blessings)?));
        }
        let mut talents = Vec::new();
        for t in &raw.talents {
            talents.push(Talent {
                id: t.id.clone(),
                level: t.level,
                cost: t.cost,
                restore: t.restore,
                ability: t.ability.ability()?,
            });
        }
        let mut heroes = Vec::new();
        for h in &raw.heroes {
            heroes.push(Hero {
                id: h.id.clone(),
                training_cost: h.training_cost,
                blessings: houses(&h.blessings)?,
                olympic: h.olympic.clone(),
                trained: h.trained.ability()?,
            });
        }
        let mut travel = Vec::new();
        for t in &raw.travel {
            travel.push(Travel {
                id: t.id.clone(),
                steps: steps(&t.steps)?,
            });
        }
        let mut enemies = Vec::new();
        for e in &raw.enemies {
            enemies.push(EnemyCard {
                id: e.id.clone(),
                kind: e.kind,
                attack: e.attack,
                dice: e.dice,
                laurels: e.laurels,
                ability: steps(&e.ability)?,
                hero: match &e.hero {
                    Some(h) => Some(hero_ids.find("hero", h)? as HeroId),
                    None => None,
                },
                calm: steps(&e.calm)?,
            });
        }
        let mut cards = Vec::new();
        for c in &raw.cards {
            cards.push(ActionCard {
                id: c.id.clone(),
                attack: c.attack,
                discovery: c.discovery,
                sail: c.sail,
                restore: c.restore,
                command: c.command,
                heal: c.heal,
                effect: match &c.effect {
                    Some(e) => Some(e.effect()?),
                    None => None,
                },
                cost: c.cost,
                laurels: c.laurels,
                god: c
                    .god
                    .as_ref()
                    .map(|g| god_ids.get(g).map_or(u8::MAX, |i| i as GodId)),
            });
        }
        let card_ids = Ids::new(cards.iter().map(|c| c.id.as_str()));
        let animae: Vec<bool> = {
            let mut flags = vec![false; cards.len()];
            for a in &raw.animae {
                flags[card_ids.find("card", a)? as usize] = true;
            }
            flags
        };
        let mut personal = vec![Vec::new(); hero_ids.names.len()];
        for (i, c) in raw.cards.iter().enumerate() {
            if let Some(h) = &c.hero {
                personal[hero_ids.find("hero", h)? as usize].push(i as CardId);
            }
        }
        let mut is_god_card = vec![false; cards.len()];
        for g in &raw.god_cards {
            is_god_card[card_ids.find("card", g)? as usize] = true;
        }
        let devotion_laurels = cards
            .iter()
            .zip(&animae)
            .map(|(c, &a)| if a { -1 } else { c.laurels })
            .collect();
        let mut olympics = Vec::new();
        for o in &raw.olympics {
            let mut prizes = Vec::new();
            for p in &o.prizes {
                prizes.push(Prize {
                    champions: p.champions,
                    steps: steps(&p.steps)?,
                });
            }
            olympics.push(OlympicsCard {
                id: o.id.clone(),
                disciplines: o.disciplines.clone(),
                tiebreaks: o.tiebreaks.clone(),
                prizes,
            });
        }
        Ok(Content {
            zone_ids,
            islands,
            zones,
            hand_limits: raw.hand_limits,
            upgrades,
            die: raw.die,
            treasure_ids: Ids::new(raw.treasures.iter().map(|t| t.id.as_str())),
            fleece: raw.treasures.iter().map(|t| t.fleece).collect(),
            house_ids,
            god_ids,
            talent_ids: Ids::new(talents.iter().map(|t| t.id.as_str())),
            talents,
            travel_ids: Ids::new(travel.iter().map(|t| t.id.as_str())),
            travel,
            hero_ids,
            heroes,
            enemy_ids: Ids::new(enemies.iter().map(|e| e.id.as_str())),
            enemies,
            card_ids,
            devotion_laurels,
            personal,
            is_animae: animae,
            is_god_card,
            cards,
            olympics_ids: Ids::new(olympics.iter().map(|o| o.id.as_str())),
            olympics,
        })
    }

    #[inline]
    pub fn card(&self, c: CardId) -> &ActionCard {
        &self.cards[c as usize]
    }

    #[inline]
    pub fn enemy(&self, e: EnemyId) -> &EnemyCard {
        &self.enemies[e as usize]
    }

    #[inline]
    pub fn zone(&self, z: ZoneId) -> &Zone {
        &self.zones[z as usize]
    }
}
