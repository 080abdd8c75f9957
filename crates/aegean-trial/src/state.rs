//! The state of a game: the reference's `GameState` with ids as indices and the decision
//! stack as typed frames, read from and written back to the document
//! `aegean.trial.native.state_document` writes (the same fields and frames, so the Python
//! suite can compare the two engines' states after every decision).

use serde_json::{json, Map, Value};

use crate::content::{
    Bonus, CardId, Content, EnemyId, GodId, HeroId, OlympicsId, Op, Step, TalentId, TravelId,
    TreasureId, Trigger, ZoneId,
};
use crate::rng::PyRandom;

/// A Talent or a trained Hero: what an ability action names (`ability:<id>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Talent(TalentId),
    Hero(HeroId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub colour: String,
    pub captain: Option<HeroId>,
    pub zone: Option<ZoneId>,
    pub available: i32,
    pub exhausted: i32,
    pub reserve: i32,
    pub vigor: i32,
    pub limiter: Option<i32>,
    pub hand: Vec<CardId>,
    pub deck: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub offered: Vec<TalentId>,
    /// Level -> Talent, in the order bought.
    pub talents: Vec<(u8, TalentId)>,
    /// Follower -> trained?, in the order gained (their zones in `follower_zones`).
    pub followers: Vec<(HeroId, bool)>,
    pub follower_zones: Vec<(HeroId, Option<ZoneId>)>,
    pub tamed: Vec<EnemyId>,
    pub upgrades: Vec<Bonus>,
    pub raised: Vec<bool>,
    pub dishonor: i32,
    pub champions: i32,
    pub fervor: i32,
    pub vp: i32,
    pub temples: Vec<ZoneId>,
    pub explored: Vec<ZoneId>,
    pub peeked: Vec<(ZoneId, TreasureId)>,
    pub blocked: Vec<Source>,
    pub revealed: Vec<CardId>,
    pub champion_overflow: i32,
    pub passed: bool,
}

impl Player {
    pub fn follower_zone(&self, hero: HeroId) -> Option<ZoneId> {
        self.follower_zones
            .iter()
            .find(|(h, _)| *h == hero)
            .and_then(|(_, z)| *z)
    }

    pub fn has_follower(&self, hero: HeroId) -> bool {
        self.followers.iter().any(|(h, _)| *h == hero)
    }
}

/// An enemy card in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enemy {
    pub card: EnemyId,
    pub zone: Option<ZoneId>,
    pub wounded: bool,
    pub owner: Option<usize>,
}

/// Why an effect frame runs (its `why`): what the reference writes there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Card(CardId),
    Talent(TalentId),
    Hero(HeroId),
    Travel(TravelId),
    Enemy(EnemyId),
    Prize(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardWhy {
    HandLimit,
    Devour,
    Effect,
}

impl DiscardWhy {
    fn name(self) -> &'static str {
        match self {
            DiscardWhy::HandLimit => "hand limit",
            DiscardWhy::Devour => "devour",
            DiscardWhy::Effect => "effect",
        }
    }
}

/// The round frame's stages, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStage {
    Setup,
    Dawn,
    OlympicsCard,
    Reveal,
    Buy,
    Adventure,
    Enemies,
    Olympics,
    Sunset,
}

const ROUND_STAGES: [(RoundStage, &str); 9] = [
    (RoundStage::Setup, "setup"),
    (RoundStage::Dawn, "dawn"),
    (RoundStage::OlympicsCard, "olympics-card"),
    (RoundStage::Reveal, "reveal"),
    (RoundStage::Buy, "buy"),
    (RoundStage::Adventure, "adventure"),
    (RoundStage::Enemies, "enemies"),
    (RoundStage::Olympics, "olympics"),
    (RoundStage::Sunset, "sunset"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatStage {
    Cards,
    Respond,
    Roll,
    Resolve,
}

const COMBAT_STAGES: [(CombatStage, &str); 4] = [
    (CombatStage::Cards, "cards"),
    (CombatStage::Respond, "respond"),
    (CombatStage::Roll, "roll"),
    (CombatStage::Resolve, "resolve"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OlympicsStage {
    Start,
    Race,
    Prizes,
    Cleanup,
    Done,
}

const OLYMPICS_STAGES: [(OlympicsStage, &str); 5] = [
    (OlympicsStage::Start, "start"),
    (OlympicsStage::Race, "race"),
    (OlympicsStage::Prizes, "prizes"),
    (OlympicsStage::Cleanup, "cleanup"),
    (OlympicsStage::Done, "done"),
];

/// Cards each player played, by player (the frames' `seen` and the Olympics' `played`):
/// `(player, cards)` in the order first noted.
pub type ByPlayer = Vec<(usize, Vec<CardId>)>;

/// A frame of the decision stack (the reference's frame dicts, one variant per `kind`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Round {
        stage: RoundStage,
        at: Option<usize>,
    },
    Place {
        order: Vec<usize>,
        at: usize,
    },
    Draft {
        order: Vec<usize>,
        at: usize,
    },
    OlympicsCard {
        player: usize,
        drawn: Vec<OlympicsId>,
    },
    Extra {
        player: usize,
    },
    Buy {
        order: Vec<usize>,
        at: usize,
    },
    Adventure {
        next: usize,
    },
    Turn {
        player: usize,
        actions: i32,
        played: Vec<CardId>,
        seen: Option<ByPlayer>,
    },
    Sail {
        player: usize,
        left: i32,
    },
    Command {
        player: usize,
        left: i32,
    },
    Discard {
        player: usize,
        left: i32,
        why: DiscardWhy,
    },
    Effect {
        player: usize,
        /// The steps left (the first runs next).
        steps: Vec<Step>,
        why: Why,
        /// `_start_effect`'s card, whether the frame holds it, and its Removal.
        card: Option<(CardId, bool, bool)>,
    },
    Upgrade {
        player: usize,
    },
    Combat {
        player: usize,
        enemy: EnemyId,
        cards: Vec<CardId>,
        attack: i32,
        damage: i32,
        enemy_bonus: i32,
        stage: CombatStage,
        zone: ZoneId,
        /// The faces rolled ("*" for the special face), once rolled.
        rolled: Option<Vec<i32>>,
    },
    Explore {
        player: usize,
        island: ZoneId,
        cards: Vec<CardId>,
        sum: i32,
    },
    Respond {
        trigger: Trigger,
        actor: usize,
        queue: Vec<usize>,
        near: Option<Vec<ZoneId>>,
    },
    Enemies {
        at: usize,
    },
    Olympics {
        stage: OlympicsStage,
        race: Option<usize>,
        played: Option<ByPlayer>,
        removed: Option<Vec<CardId>>,
        seen: Option<ByPlayer>,
        ranking: Option<Vec<usize>>,
    },
    Race {
        pick: bool,
        picks: Vec<(usize, CardId)>,
        pending: Vec<usize>,
    },
    Sunset {
        blocks: Vec<ZoneId>,
        under: Vec<EnemyId>,
    },
}

impl Frame {
    /// The frame's `player` field, where it has one.
    pub fn player(&self) -> Option<usize> {
        match self {
            Frame::OlympicsCard { player, .. }
            | Frame::Extra { player }
            | Frame::Turn { player, .. }
            | Frame::Sail { player, .. }
            | Frame::Command { player, .. }
            | Frame::Discard { player, .. }
            | Frame::Effect { player, .. }
            | Frame::Upgrade { player }
            | Frame::Combat { player, .. }
            | Frame::Explore { player, .. } => Some(*player),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub players: Vec<Player>,
    pub advanced: bool,
    pub rng: PyRandom,
    pub round: i32,
    pub initiative: Vec<usize>,
    /// Island -> Treasure (islands only), by zone index.
    pub treasures: Vec<Option<TreasureId>>,
    /// House -> god, by house index.
    pub house_gods: Vec<GodId>,
    pub god_decks: Vec<Vec<CardId>>,
    pub god_discards: Vec<Vec<CardId>>,
    pub animae: Vec<CardId>,
    pub travel: Vec<TravelId>,
    pub travel_discard: Vec<TravelId>,
    pub sea_deck: Vec<EnemyId>,
    pub olympics_deck: Vec<OlympicsId>,
    pub olympics_aside: Option<OlympicsId>,
    pub olympics_shown: Vec<OlympicsId>,
    pub draft: Vec<EnemyId>,
    pub dealt: Vec<(usize, EnemyId)>,
    pub enemies: Vec<Enemy>,
    pub argonaut_slots: Vec<EnemyId>,
    pub blocks: Vec<ZoneId>,
    /// Island -> markers left to right, by zone index.
    pub exploration: Vec<Vec<usize>>,
    /// Island -> owner, by zone index.
    pub temples: Vec<Option<usize>>,
    pub stack: Vec<Frame>,
    pub over: bool,
}

impl State {
    pub fn enemy_index(&self, card: EnemyId) -> Option<usize> {
        self.enemies.iter().position(|e| e.card == card)
    }
}

// ---------------------------------------------------------------------- reading

fn stage_name<T: PartialEq + Copy>(table: &[(T, &'static str)], s: T) -> Value {
    table
        .iter()
        .find(|(x, _)| *x == s)
        .map_or(Value::Null, |(_, n)| Value::from(*n))
}

/// Reads a state document with the content's ids.
struct Reader<'a> {
    c: &'a Content,
}

type R<T> = Result<T, String>;

fn field<'v>(v: &'v Value, key: &str) -> R<&'v Value> {
    v.get(key).ok_or_else(|| format!("state: no {key:?}"))
}

fn int(v: &Value) -> R<i64> {
    v.as_i64()
        .ok_or_else(|| format!("state: not an integer: {v}"))
}

fn uint(v: &Value) -> R<usize> {
    v.as_u64()
        .map(|u| u as usize)
        .ok_or_else(|| format!("state: not an index: {v}"))
}

fn text(v: &Value) -> R<&str> {
    v.as_str()
        .ok_or_else(|| format!("state: not a string: {v}"))
}

fn boolean(v: &Value) -> R<bool> {
    v.as_bool()
        .ok_or_else(|| format!("state: not a boolean: {v}"))
}

fn list(v: &Value) -> R<&Vec<Value>> {
    v.as_array()
        .ok_or_else(|| format!("state: not a list: {v}"))
}

fn object(v: &Value) -> R<&Map<String, Value>> {
    v.as_object()
        .ok_or_else(|| format!("state: not an object: {v}"))
}

fn i32_of(v: &Value, key: &str) -> R<i32> {
    Ok(int(field(v, key)?)? as i32)
}

fn usize_of(v: &Value, key: &str) -> R<usize> {
    uint(field(v, key)?)
}

fn indices(v: &Value) -> R<Vec<usize>> {
    list(v)?.iter().map(uint).collect()
}

impl Reader<'_> {
    fn card(&self, v: &Value) -> R<CardId> {
        let name = text(v)?;
        self.c
            .card_ids
            .get(name)
            .ok_or_else(|| format!("state: unknown card {name:?}"))
    }

    fn cards(&self, v: &Value) -> R<Vec<CardId>> {
        list(v)?.iter().map(|c| self.card(c)).collect()
    }

    fn zone(&self, v: &Value) -> R<ZoneId> {
        let name = text(v)?;
        self.c
            .zone_ids
            .get(name)
            .map(|z| z as ZoneId)
            .ok_or_else(|| format!("state: unknown zone {name:?}"))
    }

    fn zones(&self, v: &Value) -> R<Vec<ZoneId>> {
        list(v)?.iter().map(|z| self.zone(z)).collect()
    }

    fn opt_zone(&self, v: &Value) -> R<Option<ZoneId>> {
        if v.is_null() {
            Ok(None)
        } else {
            self.zone(v).map(Some)
        }
    }

    fn enemy(&self, v: &Value) -> R<EnemyId> {
        let name = text(v)?;
        self.c
            .enemy_ids
            .get(name)
            .map(|e| e as EnemyId)
            .ok_or_else(|| format!("state: unknown enemy {name:?}"))
    }

    fn enemies(&self, v: &Value) -> R<Vec<EnemyId>> {
        list(v)?.iter().map(|e| self.enemy(e)).collect()
    }

    fn hero(&self, v: &Value) -> R<HeroId> {
        let name = text(v)?;
        self.c
            .hero_ids
            .get(name)
            .map(|h| h as HeroId)
            .ok_or_else(|| format!("state: unknown hero {name:?}"))
    }

    fn talent(&self, v: &Value) -> R<TalentId> {
        let name = text(v)?;
        self.c
            .talent_ids
            .get(name)
            .map(|t| t as TalentId)
            .ok_or_else(|| format!("state: unknown Talent {name:?}"))
    }

    fn travel(&self, v: &Value) -> R<Vec<TravelId>> {
        list(v)?
            .iter()
            .map(|t| {
                let name = text(t)?;
                self.c
                    .travel_ids
                    .get(name)
                    .map(|i| i as TravelId)
                    .ok_or_else(|| format!("state: unknown Travel card {name:?}"))
            })
            .collect()
    }

    fn olympics(&self, v: &Value) -> R<OlympicsId> {
        let name = text(v)?;
        self.c
            .olympics_ids
            .get(name)
            .map(|o| o as OlympicsId)
            .ok_or_else(|| format!("state: unknown Olympics card {name:?}"))
    }

    fn source(&self, v: &Value) -> R<Source> {
        let name = text(v)?;
        if let Some(t) = self.c.talent_ids.get(name) {
            return Ok(Source::Talent(t as TalentId));
        }
        self.hero(v).map(Source::Hero)
    }

    fn by_player(&self, v: &Value) -> R<ByPlayer> {
        let mut out = Vec::new();
        for (key, cards) in object(v)? {
            let p = key
                .parse()
                .map_err(|_| format!("state: not a player: {key:?}"))?;
            out.push((p, self.cards(cards)?));
        }
        Ok(out)
    }

    fn why(&self, v: &Value) -> R<Why> {
        let name = text(v)?;
        let c = self.c;
        if let Some(card) = c.card_ids.get(name) {
            return Ok(Why::Card(card));
        }
        if let Some(t) = c.talent_ids.get(name) {
            return Ok(Why::Talent(t as TalentId));
        }
        if let Some(h) = c.hero_ids.get(name) {
            return Ok(Why::Hero(h as HeroId));
        }
        if let Some(t) = c.travel_ids.get(name) {
            return Ok(Why::Travel(t as TravelId));
        }
        if let Some(e) = c.enemy_ids.get(name) {
            return Ok(Why::Enemy(e as EnemyId));
        }
        if let Some(place) = name.strip_prefix("prize ").and_then(|n| n.parse().ok()) {
            return Ok(Why::Prize(place));
        }
        Err(format!("state: an effect for {name:?}"))
    }

    fn step(&self, v: &Value) -> R<Step> {
        let name = text(field(v, "op")?)?;
        let op = Op::parse(name).ok_or_else(|| format!("state: unknown op {name:?}"))?;
        if op == Op::Hook {
            return Err("state: a hook step (Python code) is pending".into());
        }
        Ok(Step {
            op,
            n: i32_of(v, "n")?,
            all: text(field(v, "to")?)? == "all",
        })
    }

    fn player(&self, v: &Value) -> R<Player> {
        let captain = text(field(v, "captain")?)?;
        let mut talents = Vec::new();
        for pair in list(field(v, "talents")?)? {
            let pair = list(pair)?;
            talents.push((uint(&pair[0])? as u8, self.talent(&pair[1])?));
        }
        let mut followers = Vec::new();
        for pair in list(field(v, "followers")?)? {
            let pair = list(pair)?;
            followers.push((self.hero(&pair[0])?, boolean(&pair[1])?));
        }
        let mut follower_zones = Vec::new();
        for pair in list(field(v, "follower_zones")?)? {
            let pair = list(pair)?;
            follower_zones.push((self.hero(&pair[0])?, self.opt_zone(&pair[1])?));
        }
        let mut peeked = Vec::new();
        for (island, treasure) in object(field(v, "peeked")?)? {
            let t = text(treasure)?;
            peeked.push((
                self.zone(&Value::String(island.clone()))?,
                self.c
                    .treasure_ids
                    .get(t)
                    .ok_or_else(|| format!("state: unknown Treasure {t:?}"))?
                    as TreasureId,
            ));
        }
        let limiter = field(v, "limiter")?;
        Ok(Player {
            colour: text(field(v, "colour")?)?.to_owned(),
            captain: if captain.is_empty() {
                None
            } else {
                Some(self.hero(field(v, "captain")?)?)
            },
            zone: self.opt_zone(field(v, "zone")?)?,
            available: i32_of(v, "available")?,
            exhausted: i32_of(v, "exhausted")?,
            reserve: i32_of(v, "reserve")?,
            vigor: i32_of(v, "vigor")?,
            limiter: if limiter.is_null() {
                None
            } else {
                Some(int(limiter)? as i32)
            },
            hand: self.cards(field(v, "hand")?)?,
            deck: self.cards(field(v, "deck")?)?,
            discard: self.cards(field(v, "discard")?)?,
            offered: list(field(v, "offered")?)?
                .iter()
                .map(|t| self.talent(t))
                .collect::<R<_>>()?,
            talents,
            followers,
            follower_zones,
            tamed: self.enemies(field(v, "tamed")?)?,
            upgrades: list(field(v, "upgrades")?)?
                .iter()
                .map(|b| {
                    let name = text(b)?;
                    Bonus::parse(name).ok_or_else(|| format!("state: unknown Upgrade {name:?}"))
                })
                .collect::<R<_>>()?,
            raised: list(field(v, "raised")?)?
                .iter()
                .map(boolean)
                .collect::<R<_>>()?,
            dishonor: i32_of(v, "dishonor")?,
            champions: i32_of(v, "champions")?,
            fervor: i32_of(v, "fervor")?,
            vp: i32_of(v, "vp")?,
            temples: self.zones(field(v, "temples")?)?,
            explored: self.zones(field(v, "explored")?)?,
            peeked,
            blocked: list(field(v, "blocked")?)?
                .iter()
                .map(|s| self.source(s))
                .collect::<R<_>>()?,
            revealed: self.cards(field(v, "revealed")?)?,
            champion_overflow: i32_of(v, "champion_overflow")?,
            passed: boolean(field(v, "passed")?)?,
        })
    }

    fn stage<T: Copy>(&self, table: &[(T, &str)], v: &Value) -> R<T> {
        let name = text(field(v, "stage")?)?;
        table
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(s, _)| *s)
            .ok_or_else(|| format!("state: unknown stage {name:?}"))
    }

    fn frame(&self, v: &Value) -> R<Frame> {
        let kind = text(field(v, "kind")?)?;
        let player = || usize_of(v, "player");
        let opt = |key: &str| v.get(key).filter(|x| !x.is_null());
        Ok(match kind {
            "round" => Frame::Round {
                stage: self.stage(&ROUND_STAGES, v)?,
                at: opt("at").map(uint).transpose()?,
            },
            "place" => Frame::Place {
                order: indices(field(v, "order")?)?,
                at: usize_of(v, "at")?,
            },
            "draft" => Frame::Draft {
                order: indices(field(v, "order")?)?,
                at: usize_of(v, "at")?,
            },
            "olympics_card" => Frame::OlympicsCard {
                player: player()?,
                drawn: list(field(v, "drawn")?)?
                    .iter()
                    .map(|o| self.olympics(o))
                    .collect::<R<_>>()?,
            },
            "extra" => Frame::Extra { player: player()? },
            "buy" => Frame::Buy {
                order: indices(field(v, "order")?)?,
                at: usize_of(v, "at")?,
            },
            "adventure" => Frame::Adventure {
                next: usize_of(v, "next")?,
            },
            "turn" => Frame::Turn {
                player: player()?,
                actions: i32_of(v, "actions")?,
                played: self.cards(field(v, "played")?)?,
                seen: opt("seen").map(|s| self.by_player(s)).transpose()?,
            },
            "sail" => Frame::Sail {
                player: player()?,
                left: i32_of(v, "left")?,
            },
            "command" => Frame::Command {
                player: player()?,
                left: i32_of(v, "left")?,
            },
            "discard" => Frame::Discard {
                player: player()?,
                left: i32_of(v, "left")?,
                why: match text(field(v, "why")?)? {
                    "hand limit" => DiscardWhy::HandLimit,
                    "devour" => DiscardWhy::Devour,
                    "effect" => DiscardWhy::Effect,
                    other => return Err(format!("state: a discard for {other:?}")),
                },
            },
            "effect" => Frame::Effect {
                player: player()?,
                steps: list(field(v, "steps")?)?
                    .iter()
                    .map(|s| self.step(s))
                    .collect::<R<_>>()?,
                why: self.why(field(v, "why")?)?,
                card: match opt("card") {
                    Some(card) => Some((
                        self.card(card)?,
                        boolean(field(v, "holds")?)?,
                        boolean(field(v, "removal")?)?,
                    )),
                    None => None,
                },
            },
            "upgrade" => Frame::Upgrade { player: player()? },
            "combat" => Frame::Combat {
                player: player()?,
                enemy: self.enemy(field(v, "enemy")?)?,
                cards: self.cards(field(v, "cards")?)?,
                attack: i32_of(v, "attack")?,
                damage: i32_of(v, "damage")?,
                enemy_bonus: i32_of(v, "enemy_bonus")?,
                stage: self.stage(&COMBAT_STAGES, v)?,
                zone: self.zone(field(v, "zone")?)?,
                rolled: match opt("rolled") {
                    Some(faces) => Some(
                        list(faces)?
                            .iter()
                            .map(|f| {
                                let f = text(f)?;
                                Ok(if f == "*" {
                                    -1
                                } else {
                                    f.parse().map_err(|_| format!("state: a die {f:?}"))?
                                })
                            })
                            .collect::<R<_>>()?,
                    ),
                    None => None,
                },
            },
            "explore" => Frame::Explore {
                player: player()?,
                island: self.zone(field(v, "island")?)?,
                cards: self.cards(field(v, "cards")?)?,
                sum: i32_of(v, "sum")?,
            },
            "respond" => {
                let name = text(field(v, "trigger")?)?;
                Frame::Respond {
                    trigger: Trigger::parse(name)
                        .ok_or_else(|| format!("state: unknown trigger {name:?}"))?,
                    actor: usize_of(v, "actor")?,
                    queue: indices(field(v, "queue")?)?,
                    near: opt("near").map(|n| self.zones(n)).transpose()?,
                }
            }
            "enemies" => Frame::Enemies {
                at: usize_of(v, "at")?,
            },
            "olympics" => Frame::Olympics {
                stage: self.stage(&OLYMPICS_STAGES, v)?,
                race: opt("race").map(uint).transpose()?,
                played: opt("played").map(|p| self.by_player(p)).transpose()?,
                removed: opt("removed").map(|r| self.cards(r)).transpose()?,
                seen: opt("seen").map(|s| self.by_player(s)).transpose()?,
                ranking: opt("ranking").map(indices).transpose()?,
            },
            "race" => {
                let mut picks = Vec::new();
                for (key, card) in object(field(v, "picks")?)? {
                    let p = key
                        .parse()
                        .map_err(|_| format!("state: not a player: {key:?}"))?;
                    picks.push((p, self.card(card)?));
                }
                Frame::Race {
                    pick: match text(field(v, "stage")?)? {
                        "pick" => true,
                        "use" => false,
                        other => return Err(format!("state: a race at {other:?}")),
                    },
                    picks,
                    pending: indices(field(v, "pending")?)?,
                }
            }
            "sunset" => Frame::Sunset {
                blocks: self.zones(field(v, "blocks")?)?,
                under: self.enemies(field(v, "under")?)?,
            },
            other => return Err(format!("state: unknown frame {other:?}")),
        })
    }

    fn state(&self, v: &Value) -> R<State> {
        let c = self.c;
        let zones = c.zones.len();
        let mut treasures = vec![None; zones];
        for (island, t) in object(field(v, "treasures")?)? {
            let name = text(t)?;
            treasures[self.zone(&Value::String(island.clone()))? as usize] = Some(
                c.treasure_ids
                    .get(name)
                    .ok_or_else(|| format!("state: unknown Treasure {name:?}"))?
                    as TreasureId,
            );
        }
        let houses = c.house_ids.names.len();
        let house = |name: &str| -> R<usize> {
            c.house_ids
                .get(name)
                .map(usize::from)
                .ok_or_else(|| format!("state: unknown House {name:?}"))
        };
        let mut house_gods = vec![0; houses];
        for (h, g) in object(field(v, "house_gods")?)? {
            let name = text(g)?;
            house_gods[house(h)?] = c
                .god_ids
                .get(name)
                .ok_or_else(|| format!("state: unknown god {name:?}"))?
                as GodId;
        }
        let mut god_decks = vec![Vec::new(); houses];
        for (h, cards) in object(field(v, "god_decks")?)? {
            god_decks[house(h)?] = self.cards(cards)?;
        }
        let mut god_discards = vec![Vec::new(); houses];
        for (h, cards) in object(field(v, "god_discards")?)? {
            god_discards[house(h)?] = self.cards(cards)?;
        }
        let mut dealt = Vec::new();
        for (p, card) in object(field(v, "dealt")?)? {
            dealt.push((
                p.parse()
                    .map_err(|_| format!("state: not a player: {p:?}"))?,
                self.enemy(card)?,
            ));
        }
        let mut enemies = Vec::new();
        for e in list(field(v, "enemies")?)? {
            let e = list(e)?;
            enemies.push(Enemy {
                card: self.enemy(&e[0])?,
                zone: self.opt_zone(&e[1])?,
                wounded: boolean(&e[2])?,
                owner: if e[3].is_null() {
                    None
                } else {
                    Some(uint(&e[3])?)
                },
            });
        }
        let mut exploration = vec![Vec::new(); zones];
        for (island, markers) in object(field(v, "exploration")?)? {
            exploration[self.zone(&Value::String(island.clone()))? as usize] = indices(markers)?;
        }
        let mut temples = vec![None; zones];
        for (island, owner) in object(field(v, "temples")?)? {
            temples[self.zone(&Value::String(island.clone()))? as usize] = if owner.is_null() {
                None
            } else {
                Some(uint(owner)?)
            };
        }
        let words: Vec<u32> = list(field(v, "rng")?)?
            .iter()
            .map(|w| uint(w).map(|w| w as u32))
            .collect::<R<_>>()?;
        let aside = field(v, "olympics_aside")?;
        Ok(State {
            players: list(field(v, "players")?)?
                .iter()
                .map(|p| self.player(p))
                .collect::<R<_>>()?,
            advanced: boolean(field(v, "advanced")?)?,
            rng: PyRandom::from_state(&words).ok_or("state: not a generator state")?,
            round: i32_of(v, "round")?,
            initiative: indices(field(v, "initiative")?)?,
            treasures,
            house_gods,
            god_decks,
            god_discards,
            animae: self.cards(field(v, "animae")?)?,
            travel: self.travel(field(v, "travel")?)?,
            travel_discard: self.travel(field(v, "travel_discard")?)?,
            sea_deck: self.enemies(field(v, "sea_deck")?)?,
            olympics_deck: list(field(v, "olympics_deck")?)?
                .iter()
                .map(|o| self.olympics(o))
                .collect::<R<_>>()?,
            olympics_aside: if aside.is_null() {
                None
            } else {
                Some(self.olympics(aside)?)
            },
            olympics_shown: list(field(v, "olympics_shown")?)?
                .iter()
                .map(|o| self.olympics(o))
                .collect::<R<_>>()?,
            draft: self.enemies(field(v, "draft")?)?,
            dealt,
            enemies,
            argonaut_slots: self.enemies(field(v, "argonaut_slots")?)?,
            blocks: self.zones(field(v, "blocks")?)?,
            exploration,
            temples,
            stack: list(field(v, "stack")?)?
                .iter()
                .map(|f| self.frame(f))
                .collect::<R<_>>()?,
            over: boolean(field(v, "over")?)?,
        })
    }
}

/// The frames of a decision stack, as the state document writes them.
pub fn read_frames(content: &Content, v: &Value) -> Result<Vec<Frame>, String> {
    let reader = Reader { c: content };
    list(v)?.iter().map(|f| reader.frame(f)).collect()
}

impl State {
    /// Read a state document (`aegean.trial.native.state_document`).
    pub fn from_json(content: &Content, text: &str) -> Result<State, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("state: {e}"))?;
        Reader { c: content }.state(&value)
    }

    /// The state document, as the reference writes it for the same state.
    pub fn to_json(&self, c: &Content) -> Value {
        let card = |x: &CardId| Value::from(c.card_ids.name(*x));
        let cards = |xs: &[CardId]| Value::Array(xs.iter().map(card).collect());
        let zone = |z: &ZoneId| Value::from(c.zone_ids.name(*z));
        let zones = |zs: &[ZoneId]| Value::Array(zs.iter().map(zone).collect());
        let opt_zone = |z: &Option<ZoneId>| z.as_ref().map_or(Value::Null, zone);
        let enemy = |e: &EnemyId| Value::from(c.enemy_ids.name(*e));
        let enemies = |es: &[EnemyId]| Value::Array(es.iter().map(enemy).collect());
        let hero = |h: &HeroId| Value::from(c.hero_ids.name(*h));
        let talent = |t: &TalentId| Value::from(c.talent_ids.name(*t));
        let olympics = |o: &OlympicsId| Value::from(c.olympics_ids.name(*o));
        let travel = |ts: &[TravelId]| {
            Value::Array(ts.iter().map(|t| c.travel_ids.name(*t).into()).collect())
        };
        let by_player = |b: &ByPlayer| {
            Value::Object(b.iter().map(|(p, cs)| (p.to_string(), cards(cs))).collect())
        };
        let step = |s: &Step| json!({"op": s.op.name(), "n": s.n, "to": if s.all {"all"} else {"self"}, "name": null});
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| {
                json!({
                    "colour": p.colour,
                    "captain": p.captain.map_or(Value::from(""), |h| hero(&h)),
                    "zone": opt_zone(&p.zone),
                    "available": p.available,
                    "exhausted": p.exhausted,
                    "reserve": p.reserve,
                    "vigor": p.vigor,
                    "limiter": p.limiter,
                    "hand": cards(&p.hand),
                    "deck": cards(&p.deck),
                    "discard": cards(&p.discard),
                    "offered": p.offered.iter().map(talent).collect::<Vec<_>>(),
                    "talents": p.talents.iter().map(|(l, t)| json!([l, talent(t)])).collect::<Vec<_>>(),
                    "followers": p.followers.iter().map(|(h, t)| json!([hero(h), t])).collect::<Vec<_>>(),
                    "follower_zones": p.follower_zones.iter().map(|(h, z)| json!([hero(h), opt_zone(z)])).collect::<Vec<_>>(),
                    "tamed": enemies(&p.tamed),
                    "upgrades": p.upgrades.iter().map(|b| b.name()).collect::<Vec<_>>(),
                    "raised": p.raised,
                    "dishonor": p.dishonor,
                    "champions": p.champions,
                    "fervor": p.fervor,
                    "vp": p.vp,
                    "temples": zones(&p.temples),
                    "explored": zones(&p.explored),
                    "peeked": p.peeked.iter().map(|(i, t)| (c.zone_ids.name(*i).to_owned(), Value::from(c.treasure_ids.name(*t)))).collect::<Map<_, _>>(),
                    "blocked": p.blocked.iter().map(|s| match s {
                        Source::Talent(t) => talent(t),
                        Source::Hero(h) => hero(h),
                    }).collect::<Vec<_>>(),
                    "revealed": cards(&p.revealed),
                    "champion_overflow": p.champion_overflow,
                    "passed": p.passed,
                })
            })
            .collect();
        let why = |w: &Why| -> Value {
            match w {
                Why::Card(x) => card(x),
                Why::Talent(t) => talent(t),
                Why::Hero(h) => hero(h),
                Why::Travel(t) => c.travel_ids.name(*t).into(),
                Why::Enemy(e) => enemy(e),
                Why::Prize(p) => format!("prize {p}").into(),
            }
        };
        let frames: Vec<Value> = self
            .stack
            .iter()
            .map(|f| match f {
                Frame::Round { stage, at } => {
                    let mut v = json!({"kind": "round", "stage": stage_name(&ROUND_STAGES, *stage)});
                    if let Some(at) = at {
                        v["at"] = json!(at);
                    }
                    v
                }
                Frame::Place { order, at } => json!({"kind": "place", "order": order, "at": at}),
                Frame::Draft { order, at } => json!({"kind": "draft", "order": order, "at": at}),
                Frame::OlympicsCard { player, drawn } => json!({"kind": "olympics_card", "player": player, "drawn": drawn.iter().map(olympics).collect::<Vec<_>>()}),
                Frame::Extra { player } => json!({"kind": "extra", "player": player}),
                Frame::Buy { order, at } => json!({"kind": "buy", "order": order, "at": at}),
                Frame::Adventure { next } => json!({"kind": "adventure", "next": next}),
                Frame::Turn { player, actions, played, seen } => {
                    let mut v = json!({"kind": "turn", "player": player, "actions": actions, "played": cards(played)});
                    if let Some(seen) = seen {
                        v["seen"] = by_player(seen);
                    }
                    v
                }
                Frame::Sail { player, left } => json!({"kind": "sail", "player": player, "left": left}),
                Frame::Command { player, left } => json!({"kind": "command", "player": player, "left": left}),
                Frame::Discard { player, left, why } => json!({"kind": "discard", "player": player, "left": left, "why": why.name()}),
                Frame::Effect { player, steps, why: w, card: held } => {
                    let mut v = json!({"kind": "effect", "player": player, "steps": steps.iter().map(step).collect::<Vec<_>>(), "why": why(w)});
                    if let Some((x, holds, removal)) = held {
                        v["card"] = card(x);
                        v["holds"] = json!(holds);
                        v["removal"] = json!(removal);
                    }
                    v
                }
                Frame::Upgrade { player } => json!({"kind": "upgrade", "player": player}),
                Frame::Combat { player, enemy: e, cards: cs, attack, damage, enemy_bonus, stage, zone: z, rolled } => {
                    let mut v = json!({"kind": "combat", "player": player, "enemy": enemy(e), "cards": cards(cs), "attack": attack, "damage": damage, "enemy_bonus": enemy_bonus, "stage": stage_name(&COMBAT_STAGES, *stage), "zone": zone(z)});
                    if let Some(rolled) = rolled {
                        v["rolled"] = rolled.iter().map(|&f| if f < 0 { "*".to_string() } else { f.to_string() }).collect();
                    }
                    v
                }
                Frame::Explore { player, island, cards: cs, sum } => json!({"kind": "explore", "player": player, "island": zone(island), "cards": cards(cs), "sum": sum}),
                Frame::Respond { trigger, actor, queue, near } => {
                    let mut v = json!({"kind": "respond", "trigger": trigger.name(), "actor": actor, "queue": queue});
                    if let Some(near) = near {
                        v["near"] = zones(near);
                    }
                    v
                }
                Frame::Enemies { at } => json!({"kind": "enemies", "at": at}),
                Frame::Olympics { stage, race, played, removed, seen, ranking } => {
                    let mut v = json!({"kind": "olympics", "stage": stage_name(&OLYMPICS_STAGES, *stage)});
                    if let Some(race) = race {
                        v["race"] = json!(race);
                    }
                    if let Some(played) = played {
                        v["played"] = by_player(played);
                    }
                    if let Some(removed) = removed {
                        v["removed"] = cards(removed);
                    }
                    if let Some(seen) = seen {
                        v["seen"] = by_player(seen);
                    }
                    if let Some(ranking) = ranking {
                        v["ranking"] = json!(ranking);
                    }
                    v
                }
                Frame::Race { pick, picks, pending } => json!({
                    "kind": "race",
                    "stage": if *pick { "pick" } else { "use" },
                    "picks": picks.iter().map(|(p, x)| (p.to_string(), card(x))).collect::<Map<_, _>>(),
                    "pending": pending,
                }),
                Frame::Sunset { blocks, under } => json!({"kind": "sunset", "blocks": zones(blocks), "under": enemies(under)}),
            })
            .collect();
        let islands = |f: &dyn Fn(usize) -> Value| -> Value {
            Value::Object(
                c.islands
                    .iter()
                    .map(|&i| (c.zone_ids.name(i).to_owned(), f(i as usize)))
                    .collect(),
            )
        };
        let houses = |f: &dyn Fn(usize) -> Value| -> Value {
            Value::Object(
                (0..c.house_ids.names.len())
                    .map(|h| (c.house_ids.names[h].clone(), f(h)))
                    .collect(),
            )
        };
        json!({
            "players": players,
            "advanced": self.advanced,
            "rng": self.rng.state(),
            "round": self.round,
            "initiative": self.initiative,
            "treasures": islands(&|i| self.treasures[i].map_or(Value::Null, |t| c.treasure_ids.name(t).into())),
            "house_gods": houses(&|h| c.god_ids.name(self.house_gods[h]).into()),
            "god_decks": houses(&|h| cards(&self.god_decks[h])),
            "god_discards": houses(&|h| cards(&self.god_discards[h])),
            "animae": cards(&self.animae),
            "travel": travel(&self.travel),
            "travel_discard": travel(&self.travel_discard),
            "sea_deck": enemies(&self.sea_deck),
            "olympics_deck": self.olympics_deck.iter().map(olympics).collect::<Vec<_>>(),
            "olympics_aside": self.olympics_aside.as_ref().map_or(Value::Null, olympics),
            "olympics_shown": self.olympics_shown.iter().map(olympics).collect::<Vec<_>>(),
            "draft": enemies(&self.draft),
            "dealt": self.dealt.iter().map(|(p, e)| (p.to_string(), enemy(e))).collect::<Map<_, _>>(),
            "enemies": self.enemies.iter().map(|e| json!([enemy(&e.card), opt_zone(&e.zone), e.wounded, e.owner])).collect::<Vec<_>>(),
            "argonaut_slots": enemies(&self.argonaut_slots),
            "blocks": zones(&self.blocks),
            "exploration": islands(&|i| json!(self.exploration[i])),
            "temples": islands(&|i| json!(self.temples[i])),
            "stack": frames,
            "over": self.over,
        })
    }
}
