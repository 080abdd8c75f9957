//! The search bot's playouts: the reference's `rollout` and `evaluate`
//! (`aegean/trial/bots/search.py`), the same decisions and the same floats. The fitted
//! weights stay in Python (`search.WEIGHTS`); they arrive here with the call.

use crate::choice::Choice;
use crate::engine::{rounds, Game, PassiveKind, RANKINGS};
use crate::heuristic::{Knowledge, Policy};
use crate::rng::PyRandom;

/// The evaluation's parameters: rounds left -> the weight of each feature (rounds
/// counted from 1), and the logistic's scale.
#[derive(Clone, Debug)]
pub struct Evaluation {
    pub weights: Vec<Vec<f64>>,
    pub scale: f64,
}

/// How the search bot plays out a choice: rollout decisions made at random
/// (`epsilon`), the most decisions a rollout makes (`horizon`), the rounds it plays (1:
/// to the end of the round), and the evaluation.
#[derive(Clone, Debug)]
pub struct Settings {
    pub epsilon: f64,
    pub horizon: usize,
    pub rounds: i32,
    pub evaluation: Evaluation,
}

/// Play every seat with the heuristic policy (`epsilon` of decisions at random) to the
/// end of the round (of `rounds` rounds), or for `horizon` decisions if that comes
/// first; the decisions made.
pub fn rollout(
    game: &mut Game<'_>,
    k: &Knowledge,
    rng: &mut PyRandom,
    epsilon: f64,
    horizon: usize,
    rounds: i32,
) -> usize {
    let end = game.s.round + rounds;
    let mut made = 0;
    while !game.s.over && game.s.round < end && made < horizon {
        let q = game
            .first_to_decide()
            .expect("a game in progress has someone to decide");
        let legal = game.options(q);
        let choice = if legal.len() == 1 {
            legal[0]
        } else if rng.random() < epsilon {
            legal[rng.below(legal.len())]
        } else {
            Policy { k, g: game }.choose(q, &legal, rng)
        };
        game.apply(q, choice);
        made += 1;
    }
    made
}

/// The Victory Points each player would get from the four rankings if the game ended now.
pub fn ranking_vp(game: &Game<'_>) -> Vec<f64> {
    let n = game.s.players.len();
    let laurels: Vec<_> = (0..n).map(|p| game.laurels(p)).collect();
    let mut vp = vec![0.0; n];
    for (ranking, points) in RANKINGS {
        let by: Vec<i32> = laurels.iter().map(|l| l.get(ranking)).collect();
        for (p, v) in game.ranking_points(&by, points) {
            vp[p] += f64::from(v);
        }
    }
    vp
}

/// Player `p`'s features (the reference's `FEATURES`, in order).
pub fn features(game: &Game<'_>, p: usize, vp: &[f64]) -> [f64; 17] {
    let player = &game.s.players[p];
    let laurels = game.laurels(p);
    let f = f64::from;
    [
        1.0,
        vp[p],
        f(laurels.submission),
        f(laurels.exploration),
        f(laurels.olympics),
        f(laurels.devotion),
        f(player.available),
        f(player.exhausted),
        f(player.vigor),
        player.followers.len() as f64,
        player.followers.iter().filter(|(_, t)| *t).count() as f64,
        player.talents.len() as f64,
        player.temples.len() as f64,
        player.raised.iter().filter(|&&r| r).count() as f64,
        f(player.dishonor),
        f(game.passive(p, PassiveKind::Attack) + game.passive(p, PassiveKind::Discovery)),
        f(game.passive(p, PassiveKind::Fervor)),
    ]
}

/// Each player's projected final score: the score itself once the game is over, else
/// the weights for the rounds left applied to the features.
pub fn projected(game: &Game<'_>, eval: &Evaluation) -> Vec<f64> {
    let s = &game.s;
    if s.over {
        return game.scores().into_iter().map(f64::from).collect();
    }
    let most = eval.weights.len() as i32;
    let left = (rounds(s.advanced) - s.round + 1).max(1).min(most);
    let weights = &eval.weights[(left - 1) as usize];
    let vp = ranking_vp(game);
    (0..s.players.len())
        .map(|p| {
            let mut total = 0.0;
            for (w, x) in weights.iter().zip(features(game, p, &vp)) {
                total += w * x;
            }
            total
        })
        .collect()
}

/// How good `game` looks for `p`, in [0, 1]: its projected score against the best
/// rival's, through a logistic (1 for a won game).
pub fn evaluate(game: &Game<'_>, p: usize, eval: &Evaluation) -> f64 {
    let values = projected(game, eval);
    if game.s.over && game.winner() == Some(p) {
        return 1.0;
    }
    let best_other = values
        .iter()
        .enumerate()
        .filter(|(q, _)| *q != p)
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    1.0 / (1.0 + (-(values[p] - best_other) / eval.scale).exp())
}

/// One pass of the search bot: each arm applied for `me` on its own copy of `world`,
/// rolled out with a generator seeded `seed` (the same for every arm: common random
/// numbers), and evaluated for `me`.
pub fn playouts(
    world: &Game<'_>,
    k: &Knowledge,
    me: usize,
    arms: &[Choice],
    seed: u64,
    settings: &Settings,
) -> Vec<f64> {
    arms.iter()
        .map(|&arm| {
            let mut game = world.clone();
            game.apply(me, arm);
            let mut rng = PyRandom::from_seed(seed);
            rollout(
                &mut game,
                k,
                &mut rng,
                settings.epsilon,
                settings.horizon,
                settings.rounds,
            );
            evaluate(&game, me, &settings.evaluation)
        })
        .collect()
}
