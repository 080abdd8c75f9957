//! A decision's choices, typed, and their text: exactly the strings the reference lists
//! (`"play:start-crimson-1:sail"`, `"sail:naxos"`, `"pass"`).

use crate::content::{
    Bonus, CardId, Content, EnemyId, HeroId, HouseId, OlympicsId, Symbol, TalentId, ZoneId,
};
use crate::state::Source;

/// How a card is played in a turn: one of its four numeric actions, or its effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Number(Symbol),
    Effect,
}

/// What a Command moves: a Follower (by hero) or a tamed monster (by enemy card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Follower(HeroId),
    Monster(EnemyId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Captain(HeroId),
    Place(ZoneId),
    OlympicsCard(OlympicsId),
    Extra(Option<HouseId>),
    Buy(CardId),
    Talent(TalentId),
    Train(HeroId),
    Done,
    Play(CardId, Play),
    Ability(Source),
    Fight(EnemyId),
    Explore(ZoneId),
    Pass,
    End,
    SailTo(ZoneId),
    Stop,
    Command(Piece, ZoneId),
    Discard(CardId),
    Upgrade(Bonus),
    Attack(CardId),
    CombatEffect(CardId),
    Go,
    Discover(CardId),
    Respond(CardId),
    No,
    Race(CardId),
    UseNumbers,
    UseEffect,
}

impl Choice {
    /// The choice as the reference writes it.
    pub fn text(&self, c: &Content) -> String {
        let card = |x: &CardId| c.card_ids.name(*x);
        let zone = |z: &ZoneId| c.zone_ids.name(*z);
        match self {
            Choice::Captain(h) => format!("captain:{}", c.hero_ids.name(*h)),
            Choice::Place(z) => format!("place:{}", zone(z)),
            Choice::OlympicsCard(o) => format!("olympics:{}", c.olympics_ids.name(*o)),
            Choice::Extra(Some(h)) => format!("extra:{}", c.house_ids.name(*h)),
            Choice::Extra(None) => "extra:none".into(),
            Choice::Buy(x) => format!("buy:{}", card(x)),
            Choice::Talent(t) => format!("talent:{}", c.talent_ids.name(*t)),
            Choice::Train(h) => format!("train:{}", c.hero_ids.name(*h)),
            Choice::Done => "done".into(),
            Choice::Play(x, Play::Number(a)) => format!("play:{}:{}", card(x), a.name()),
            Choice::Play(x, Play::Effect) => format!("play:{}:effect", card(x)),
            Choice::Ability(Source::Talent(t)) => format!("ability:{}", c.talent_ids.name(*t)),
            Choice::Ability(Source::Hero(h)) => format!("ability:{}", c.hero_ids.name(*h)),
            Choice::Fight(e) => format!("fight:{}", c.enemy_ids.name(*e)),
            Choice::Explore(z) => format!("explore:{}", zone(z)),
            Choice::Pass => "pass".into(),
            Choice::End => "end".into(),
            Choice::SailTo(z) => format!("sail:{}", zone(z)),
            Choice::Stop => "stop".into(),
            Choice::Command(Piece::Follower(h), z) => {
                format!("command:{}:{}", c.hero_ids.name(*h), zone(z))
            }
            Choice::Command(Piece::Monster(e), z) => {
                format!("command:{}:{}", c.enemy_ids.name(*e), zone(z))
            }
            Choice::Discard(x) => format!("discard:{}", card(x)),
            Choice::Upgrade(b) => format!("upgrade:{}", b.name()),
            Choice::Attack(x) => format!("attack:{}", card(x)),
            Choice::CombatEffect(x) => format!("combat:{}", card(x)),
            Choice::Go => "go".into(),
            Choice::Discover(x) => format!("discover:{}", card(x)),
            Choice::Respond(x) => format!("respond:{}", card(x)),
            Choice::No => "no".into(),
            Choice::Race(x) => format!("race:{}", card(x)),
            Choice::UseNumbers => "use:numbers".into(),
            Choice::UseEffect => "use:effect".into(),
        }
    }

    /// The choice a text names (any choice of the reference's form; whether it is legal
    /// now is another matter). `None` for anything else.
    pub fn parse(c: &Content, text: &str) -> Option<Choice> {
        let card = |x: &str| c.card_ids.get(x);
        let zone = |z: &str| c.zone_ids.get(z).map(|z| z as ZoneId);
        let hero = |h: &str| c.hero_ids.get(h).map(|h| h as HeroId);
        let enemy = |e: &str| c.enemy_ids.get(e).map(|e| e as EnemyId);
        Some(match text {
            "done" => Choice::Done,
            "pass" => Choice::Pass,
            "end" => Choice::End,
            "stop" => Choice::Stop,
            "go" => Choice::Go,
            "no" => Choice::No,
            "use:numbers" => Choice::UseNumbers,
            "use:effect" => Choice::UseEffect,
            "extra:none" => Choice::Extra(None),
            _ => {
                let (kind, rest) = text.split_once(':')?;
                match kind {
                    "captain" => Choice::Captain(hero(rest)?),
                    "place" => Choice::Place(zone(rest)?),
                    "olympics" => Choice::OlympicsCard(c.olympics_ids.get(rest)? as OlympicsId),
                    "extra" => Choice::Extra(Some(c.house_ids.get(rest)? as HouseId)),
                    "buy" => Choice::Buy(card(rest)?),
                    "talent" => Choice::Talent(c.talent_ids.get(rest)? as TalentId),
                    "train" => Choice::Train(hero(rest)?),
                    "play" => {
                        let (x, action) = rest.rsplit_once(':')?;
                        let play = match action {
                            "effect" => Play::Effect,
                            "sail" => Play::Number(Symbol::Sail),
                            "restore" => Play::Number(Symbol::Restore),
                            "command" => Play::Number(Symbol::Command),
                            "heal" => Play::Number(Symbol::Heal),
                            _ => return None,
                        };
                        Choice::Play(card(x)?, play)
                    }
                    "ability" => Choice::Ability(match c.talent_ids.get(rest) {
                        Some(t) => Source::Talent(t as TalentId),
                        None => Source::Hero(hero(rest)?),
                    }),
                    "fight" => Choice::Fight(enemy(rest)?),
                    "explore" => Choice::Explore(zone(rest)?),
                    "sail" => Choice::SailTo(zone(rest)?),
                    "command" => {
                        let (piece, z) = rest.split_once(':')?;
                        let piece = match hero(piece) {
                            Some(h) => Piece::Follower(h),
                            None => Piece::Monster(enemy(piece)?),
                        };
                        Choice::Command(piece, zone(z)?)
                    }
                    "discard" => Choice::Discard(card(rest)?),
                    "upgrade" => Choice::Upgrade(Bonus::parse(rest)?),
                    "attack" => Choice::Attack(card(rest)?),
                    "combat" => Choice::CombatEffect(card(rest)?),
                    "discover" => Choice::Discover(card(rest)?),
                    "respond" => Choice::Respond(card(rest)?),
                    "race" => Choice::Race(card(rest)?),
                    _ => return None,
                }
            }
        })
    }
}
