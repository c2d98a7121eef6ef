//! Helpers to build Zobrist key tables at compile time.
//!
//! Keys come from SplitMix64, a small generator whose output is well mixed even
//! for consecutive seeds; the tables are `const`, so they are computed by the
//! compiler and never typed in by hand.

/// One step of SplitMix64: returns the next state and the output for `state`.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// `N` pseudo-random keys derived from `seed`, for use as a Zobrist table.
#[must_use]
pub const fn key_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// Checks a game's hash on every position `depth` plies from `start`: the
/// positions reached by several move orders (there must be some) have one
/// hash, and positions that differ (by [`Game::position_string`](crate::Game::position_string)) have
/// different hashes. For the game crates' tests; the error says which
/// promise broke.
///
/// # Errors
/// The broken promise, in words.
pub fn check_hashes<G: crate::Game>(start: &G, depth: u32) -> Result<(), String> {
    let mut layer = vec![start.clone()];
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|p| p.legal_moves().into_iter().map(|m| p.play_unchecked(m)))
            .collect();
    }
    let mut by_string = std::collections::HashMap::new();
    for position in &layer {
        by_string
            .entry(position.position_string())
            .or_insert_with(Vec::new)
            .push(position.hash());
    }
    if by_string.len() == layer.len() {
        return Err(format!("no position is reached twice in {depth} plies"));
    }
    let mut hashes = Vec::with_capacity(by_string.len());
    for (text, group) in &by_string {
        if group.iter().any(|&h| h != group[0]) {
            return Err(format!("{text} has several hashes"));
        }
        hashes.push(group[0]);
    }
    hashes.sort_unstable();
    hashes.dedup();
    if hashes.len() == by_string.len() {
        Ok(())
    } else {
        Err("different positions share a hash".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        static KEYS: [u64; 4096] = key_table(7);
        let mut sorted = KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), KEYS.len());
        assert!(KEYS.iter().all(|&k| k != 0));
    }

    #[test]
    fn different_seeds_give_different_tables() {
        assert_ne!(key_table::<8>(1), key_table::<8>(2));
    }
}
