//! Python's `random.Random` (MT19937 and the methods the Trial engine and its bots call),
//! bit for bit: a game's shuffles and dice, and a rollout's choices, are the very ones the
//! Python reference makes from the same generator state, so the two can be compared step
//! by step and a search gives the same answers on either.

const N: usize = 624;
const M: usize = 397;

/// The Mersenne Twister with CPython's seeding and `getrandbits`, `random`, `randrange`
/// (`_randbelow_with_getrandbits`), `choice` and `shuffle`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyRandom {
    mt: [u32; N],
    index: usize,
}

impl PyRandom {
    /// `random.Random(seed)` for a non-negative integer seed below 2^64.
    pub fn from_seed(seed: u64) -> Self {
        let mut key = vec![seed as u32];
        if seed >> 32 != 0 {
            key.push((seed >> 32) as u32);
        }
        let mut rng = PyRandom::init_genrand(19_650_218);
        let (mt, n) = (&mut rng.mt, N);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..n.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                mt[0] = mt[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..n - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                mt[0] = mt[n - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        rng
    }

    fn init_genrand(seed: u32) -> Self {
        let mut mt = [0u32; N];
        mt[0] = seed;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        PyRandom { mt, index: N }
    }

    /// The generator in the state `random.Random.getstate()[1]` gives: 624 words, then
    /// the index. `None` if that is not such a state.
    pub fn from_state(words: &[u32]) -> Option<Self> {
        if words.len() != N + 1 || words[N] as usize > N {
            return None;
        }
        let mut mt = [0u32; N];
        mt.copy_from_slice(&words[..N]);
        Some(PyRandom {
            mt,
            index: words[N] as usize,
        })
    }

    /// The state as `getstate()[1]` gives it.
    pub fn state(&self) -> Vec<u32> {
        let mut out = self.mt.to_vec();
        out.push(self.index as u32);
        out
    }

    fn twist(&mut self) {
        for k in 0..N {
            let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % N] & 0x7fff_ffff);
            let mut next = self.mt[(k + M) % N] ^ (y >> 1);
            if y & 1 != 0 {
                next ^= 0x9908_b0df;
            }
            self.mt[k] = next;
        }
        self.index = 0;
    }

    /// `genrand_uint32`.
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)` for `1 <= k <= 32`.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        debug_assert!((1..=32).contains(&k));
        self.next_u32() >> (32 - k)
    }

    /// `random()`: a float in [0, 1) from 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `randrange(n)` (`_randbelow`): uniform in `0..n`, `n >= 1`.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n >= 1);
        let k = usize::BITS - n.leading_zeros();
        loop {
            let r = self.getrandbits(k) as usize;
            if r < n {
                return r;
            }
        }
    }

    /// `choice(items)`.
    pub fn choice<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `shuffle(items)` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Printed by CPython 3.11: `r = random.Random(seed); [r.getrandbits(32) for _ in
    /// range(3)], r.random(), r.randrange(7), r.randrange(1000)`.
    #[test]
    fn the_same_numbers_as_cpython() {
        let cases: [(u64, [u32; 3], f64, usize, usize); 5] = [
            (
                0,
                [3626764237, 1654615998, 3255389356],
                0.890243920837131,
                0,
                265,
            ),
            (
                1,
                [577090037, 2444712010, 3639700191],
                0.8022650611681835,
                0,
                261,
            ),
            (
                12345,
                [1789368711, 3146859322, 43676229],
                0.8201747225612886,
                6,
                305,
            ),
            (
                1099511627783,
                [2635837658, 3209733218, 3500038837],
                0.937932416386988,
                5,
                584,
            ),
            (
                u64::MAX,
                [93740670, 1068495656, 1452108352],
                0.6187512294349632,
                3,
                629,
            ),
        ];
        for (seed, words, float, seven, thousand) in cases {
            let mut r = PyRandom::from_seed(seed);
            assert_eq!(
                [r.getrandbits(32), r.getrandbits(32), r.getrandbits(32)],
                words
            );
            assert_eq!(r.random(), float);
            assert_eq!((r.below(7), r.below(1000)), (seven, thousand));
        }
    }

    #[test]
    fn shuffle_and_choice_as_cpython() {
        // random.Random(99): shuffle(list(range(10))), then choice("abcdef").
        let mut r = PyRandom::from_seed(99);
        let mut items: Vec<u32> = (0..10).collect();
        r.shuffle(&mut items);
        assert_eq!(items, [7, 2, 0, 8, 5, 1, 4, 3, 9, 6]);
        assert_eq!(*r.choice(&['a', 'b', 'c', 'd', 'e', 'f']), 'c');
    }

    #[test]
    fn state_round_trips() {
        let mut r = PyRandom::from_seed(5);
        r.random();
        let copy = PyRandom::from_state(&r.state()).unwrap();
        assert_eq!(copy, r);
        assert!(PyRandom::from_state(&[1, 2, 3]).is_none());
    }
}
