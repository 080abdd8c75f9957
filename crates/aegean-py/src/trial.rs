//! The Trial of the Gods fast path (`aegean-trial`) for Python: a content set loaded
//! once, games read from and written back to the reference's state document, and the
//! search bot's playouts. `aegean.trial.native` is the Python API on top.

use std::sync::Arc;

use aegean_trial::determinize::View;
use aegean_trial::search::{search, Budget};
use aegean_trial::{
    playout, Choice, Content, Evaluation, Game, Knowledge, Policy, PyRandom, State,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A content set in the native engine (`aegean.trial.native.content_document`).
#[pyclass(frozen, module = "aegean._core")]
pub struct TrialContent {
    pub content: Arc<Content>,
    pub knowledge: Arc<Knowledge>,
}

#[pymethods]
impl TrialContent {
    #[new]
    fn new(document: &str) -> PyResult<Self> {
        Content::from_json(document)
            .map(|content| TrialContent {
                knowledge: Arc::new(Knowledge::of(&content)),
                content: Arc::new(content),
            })
            .map_err(PyValueError::new_err)
    }
}

/// A game in the native engine, read from a state document.
#[pyclass(module = "aegean._core")]
pub struct TrialGame {
    content: Arc<Content>,
    knowledge: Arc<Knowledge>,
    state: State,
}

fn generator(words: &[u32]) -> PyResult<PyRandom> {
    PyRandom::from_state(words)
        .ok_or_else(|| PyValueError::new_err("not a generator state (624 words and an index)"))
}

fn evaluation(weights: Vec<Vec<f64>>, scale: f64) -> PyResult<Evaluation> {
    if weights.is_empty() || weights.iter().any(|w| w.len() != 17) || scale <= 0.0 {
        return Err(PyValueError::new_err(
            "an evaluation needs 17 weights for each number of rounds left, and a positive scale",
        ));
    }
    Ok(Evaluation { weights, scale })
}

impl TrialGame {
    fn game(&self) -> Game<'_> {
        Game::new(&self.content, self.state.clone())
    }
}

#[pymethods]
impl TrialGame {
    #[new]
    fn new(content: &TrialContent, state: &str) -> PyResult<Self> {
        let state = State::from_json(&content.content, state).map_err(PyValueError::new_err)?;
        Ok(TrialGame {
            content: content.content.clone(),
            knowledge: content.knowledge.clone(),
            state,
        })
    }

    #[getter]
    fn over(&self) -> bool {
        self.state.over
    }

    fn to_decide(&self) -> Vec<usize> {
        self.game().to_decide()
    }

    fn legal(&self, player: usize) -> Vec<String> {
        let game = self.game();
        game.legal(player)
            .iter()
            .map(|c| c.text(&self.content))
            .collect()
    }

    /// Make `choice` for `player`; ValueError (nothing changed) if it is not legal.
    fn apply(&mut self, player: usize, choice: &str) -> PyResult<()> {
        let mut game = Game::new(&self.content, self.state.clone());
        let parsed = Choice::parse(&self.content, choice)
            .filter(|c| game.legal(player).contains(c))
            .ok_or_else(|| {
                PyValueError::new_err(format!("{choice:?} is not a legal choice now"))
            })?;
        game.apply(player, parsed);
        self.state = game.s;
        Ok(())
    }

    /// The state document, as JSON text.
    fn state_document(&self) -> String {
        self.state.to_json(&self.content).to_string()
    }

    fn scores(&self) -> Vec<i32> {
        self.game().scores()
    }

    fn final_order(&self) -> Vec<usize> {
        self.game().final_order()
    }

    /// The heuristic policy's choice for `player` (who is to decide), drawing from the
    /// generator in state `rng` (`random.Random.getstate()[1]`): the choice and the
    /// generator's state after.
    fn policy(&self, player: usize, rng: Vec<u32>) -> PyResult<(String, Vec<u32>)> {
        let mut rng = generator(&rng)?;
        let game = self.game();
        let legal = game.legal(player);
        if legal.is_empty() {
            return Err(PyValueError::new_err(format!(
                "player {player} is not to decide now"
            )));
        }
        let choice = Policy {
            k: &self.knowledge,
            g: &game,
        }
        .choose(player, &legal, &mut rng);
        Ok((choice.text(&self.content), rng.state()))
    }

    /// The search bot's evaluation of this game for `player`.
    fn evaluate(&self, player: usize, weights: Vec<Vec<f64>>, scale: f64) -> PyResult<f64> {
        Ok(playout::evaluate(
            &self.game(),
            player,
            &evaluation(weights, scale)?,
        ))
    }
}

/// The search bot's playouts, with its evaluation and rollout settings fixed once.
#[pyclass(frozen, module = "aegean._core")]
pub struct TrialSearch {
    content: Arc<Content>,
    knowledge: Arc<Knowledge>,
    settings: playout::Settings,
}

#[pymethods]
impl TrialSearch {
    #[new]
    fn new(
        content: &TrialContent,
        weights: Vec<Vec<f64>>,
        scale: f64,
        epsilon: f64,
        horizon: usize,
        rounds: i32,
    ) -> PyResult<Self> {
        Ok(TrialSearch {
            content: content.content.clone(),
            knowledge: content.knowledge.clone(),
            settings: playout::Settings {
                epsilon,
                horizon,
                rounds,
                evaluation: evaluation(weights, scale)?,
            },
        })
    }

    /// One pass: each of `arms` (legal choices of `me` in `world`, a state document)
    /// played out on its own copy with a generator seeded `seed`, evaluated for `me`.
    /// The GIL is released while they run.
    fn playouts(
        &self,
        py: Python<'_>,
        world: &str,
        me: usize,
        arms: Vec<String>,
        seed: u64,
    ) -> PyResult<Vec<f64>> {
        let state = State::from_json(&self.content, world).map_err(PyValueError::new_err)?;
        let game = Game::new(&self.content, state);
        let legal = game.legal(me);
        let mut choices = Vec::with_capacity(arms.len());
        for arm in &arms {
            match Choice::parse(&self.content, arm).filter(|c| legal.contains(c)) {
                Some(c) => choices.push(c),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "{arm:?} is not a legal choice of player {me} now"
                    )))
                }
            }
        }
        Ok(py.allow_threads(|| {
            playout::playouts(&game, &self.knowledge, me, &choices, seed, &self.settings)
        }))
    }

    /// The search bot's passes (`SearchBot.choose` after the heuristic's choice and the
    /// candidates): `arms` (the heuristic's choice first) searched for `me` from the view
    /// `view` (`aegean.trial.native.view_text`), drawing from the bot's generator `rng`.
    /// Budget: `playouts` if positive, else `seconds`. Returns the choice, the playouts
    /// run and the generator's state after. The GIL is released while it runs.
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &self,
        py: Python<'_>,
        view: &str,
        me: usize,
        arms: Vec<String>,
        rng: Vec<u32>,
        playouts: usize,
        seconds: f64,
        confidence: f64,
    ) -> PyResult<(String, usize, Vec<u32>)> {
        let mut rng = generator(&rng)?;
        let view = View::from_json(&self.content, view, me).map_err(PyValueError::new_err)?;
        let mut choices = Vec::with_capacity(arms.len());
        for arm in &arms {
            choices.push(
                Choice::parse(&self.content, arm)
                    .ok_or_else(|| PyValueError::new_err(format!("{arm:?} is not a choice")))?,
            );
        }
        if choices.is_empty() {
            return Err(PyValueError::new_err("nothing to choose from"));
        }
        let budget = if playouts > 0 {
            Budget::Playouts(playouts)
        } else if seconds > 0.0 {
            Budget::Seconds(seconds)
        } else {
            return Err(PyValueError::new_err(
                "a budget of playouts or seconds is needed",
            ));
        };
        let found = py.allow_threads(|| {
            search(
                &self.content,
                &self.knowledge,
                &view,
                me,
                &choices,
                &mut rng,
                budget,
                &self.settings,
                confidence,
            )
        });
        Ok((
            found.choice.text(&self.content),
            found.playouts,
            rng.state(),
        ))
    }
}

/// A game `me` cannot tell from the real one, drawn from the view `view` with the
/// generator `rng` (`aegean.trial.determinize.determinize`, draw for draw): the state
/// document and the generator's state after.
#[pyfunction]
pub fn trial_determinize(
    content: &TrialContent,
    view: &str,
    me: usize,
    rng: Vec<u32>,
) -> PyResult<(String, Vec<u32>)> {
    let mut rng = generator(&rng)?;
    let view = View::from_json(&content.content, view, me).map_err(PyValueError::new_err)?;
    let state = view.determinize(&content.content, &mut rng);
    Ok((state.to_json(&content.content).to_string(), rng.state()))
}
