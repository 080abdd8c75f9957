//! The transposition table: a fixed number of two-entry buckets (one cache line each),
//! allocated once, so it never grows past its set size. In each bucket the first entry
//! keeps the deepest result seen (a shallower one replaces it only from a newer search),
//! the second always takes the latest.

/// One remembered node: its hash, the best move found (a packed turn or a child's hash,
/// 0 for none), the score (relative to the node), the depth and the kind of bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub best: u64,
    pub score: i32,
    pub depth: u8,
    pub flag: u8,
    pub age: u8,
}

/// An entry as stored: the key, the best move, and the rest packed (score, depth, flag,
/// age), so that a fresh table is zeroed memory the system hands over lazily.
type Packed = [u64; 3];

impl Entry {
    #[inline]
    fn pack(&self) -> Packed {
        let meta = (self.score as u32 as u64)
            | (self.depth as u64) << 32
            | (self.flag as u64) << 40
            | (self.age as u64) << 48;
        [self.key, self.best, meta]
    }

    #[inline]
    fn unpack(p: &Packed) -> Entry {
        Entry {
            key: p[0],
            best: p[1],
            score: p[2] as u32 as i32,
            depth: (p[2] >> 32) as u8,
            flag: (p[2] >> 40) as u8,
            age: (p[2] >> 48) as u8,
        }
    }
}

/// Two entries on one cache line, so that a probe costs at most one miss.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    slots: [Packed; 2],
}

pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `bytes` (at least one bucket; a power of two buckets).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets - 1,
            age: 0,
        }
    }

    /// Its size in bytes: fixed at creation.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.age = 0;
    }

    /// A new search begins: older entries give way to its results.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// Ask the processor to start loading `key`'s bucket: a node about to be searched
    /// probes it after its own checks, by when the line may have arrived.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let line = &self.buckets[self.bucket(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch is a hint that never faults; the pointer is in bounds.
            unsafe { std::arch::x86_64::_mm_prefetch(line, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(key)];
        let [a, b] = [
            Entry::unpack(&bucket.slots[0]),
            Entry::unpack(&bucket.slots[1]),
        ];
        if a.key == key && a.depth > 0 {
            Some(a)
        } else if b.key == key && b.depth > 0 {
            Some(b)
        } else {
            None
        }
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: u32, flag: u8, score: i32, best: u64) {
        let age = self.age;
        let i = self.bucket(key);
        let slots = &mut self.buckets[i].slots;
        let entry = Entry {
            key,
            best,
            score,
            depth: depth.clamp(1, 255) as u8,
            flag,
            age,
        };
        let first = Entry::unpack(&slots[0]);
        if first.key == key || first.depth as u32 <= depth || first.age != age {
            if first.key != key && first.depth > 0 {
                slots[1] = slots[0]; // the deep entry moves to the second slot
            }
            slots[0] = entry.pack();
        } else {
            slots[1] = entry.pack();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_its_size_and_its_deep_entries() {
        let mut t = Table::new(1 << 16);
        let size = t.bytes();
        assert!(size <= 1 << 16 && size > 1 << 14);
        for k in 0..100_000u64 {
            t.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                (k % 7) as u32 + 1,
                0,
                1,
                k,
            );
        }
        assert_eq!(t.bytes(), size);
        t.store(12345, 9, 0, -77, 3);
        t.store(12345 + (t.mask as u64 + 1) * 8, 1, 0, 5, 4);
        assert_eq!(
            t.probe(12345).map(|e| (e.score, e.depth, e.best)),
            Some((-77, 9, 3))
        );
    }
}
