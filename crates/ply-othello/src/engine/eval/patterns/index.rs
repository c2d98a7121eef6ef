//! The base-3 index of every pattern instance, straight from the two
//! bitboards: move the boards by each symmetry, extract the canonical mask's
//! squares of each (`pext` where the CPU has BMI2, a portable loop giving the
//! same bits elsewhere) and turn the two binary numbers into one ternary
//! number by a table.

use super::set::{INSTANCE_COUNT, INSTANCES, MAX_SQUARES, PATTERNS};
use super::symmetry::{SYMMETRIES, map_board};

/// The digit of an empty square.
pub const EMPTY: u32 = 0;
/// The digit of a disc of the side to move.
pub const PLAYER: u32 = 1;
/// The digit of a disc of the opponent.
pub const OPPONENT: u32 = 2;

/// `BINARY_TO_TERNARY[b]`: the base-3 number whose digits are the bits of `b`.
static BINARY_TO_TERNARY: [u16; 1 << MAX_SQUARES] = {
    let mut table = [0u16; 1 << MAX_SQUARES];
    let mut b = 0;
    while b < table.len() {
        let (mut value, mut power, mut bits) = (0u32, 1u32, b);
        while bits != 0 {
            value += (bits as u32 & 1) * power;
            power *= 3;
            bits >>= 1;
        }
        table[b] = value as u16;
        b += 1;
    }
    table
};

/// How bits are gathered from under a mask.
trait Extract {
    /// The bits of `board` under `mask`, packed to the low end in square order.
    fn extract(board: u64, mask: u64) -> u64;
}

/// A loop over the mask's squares: any CPU.
struct Portable;

impl Extract for Portable {
    #[inline(always)]
    fn extract(board: u64, mut mask: u64) -> u64 {
        let (mut bits, mut bit) = (0, 1);
        while mask != 0 {
            if board & mask & mask.wrapping_neg() != 0 {
                bits |= bit;
            }
            mask &= mask - 1;
            bit <<= 1;
        }
        bits
    }
}

/// BMI2's `pext`: used only inside [`indices_bmi2`], compiled for BMI2.
#[cfg(target_arch = "x86_64")]
struct Pext;

#[cfg(target_arch = "x86_64")]
impl Extract for Pext {
    #[inline(always)]
    fn extract(board: u64, mask: u64) -> u64 {
        // SAFETY: `Pext` is used only by `indices_bmi2`, which runs only once
        // `ply_core::cpu::has_bmi2` has found BMI2.
        unsafe { std::arch::x86_64::_pext_u64(board, mask) }
    }
}

/// The index of every instance of [`INSTANCES`], in order: digit `i` (worth
/// `3^i`) is the `i`-th square of the canonical mask on the moved board,
/// [`EMPTY`], [`PLAYER`] or [`OPPONENT`].
#[inline(always)]
fn indices_with<E: Extract>(player: u64, opponent: u64) -> [u16; INSTANCE_COUNT] {
    let moved: [(u64, u64); SYMMETRIES] =
        std::array::from_fn(|k| (map_board(k, player), map_board(k, opponent)));
    std::array::from_fn(|i| {
        let instance = INSTANCES[i];
        let mask = PATTERNS[usize::from(instance.pattern)].mask;
        let (p, o) = moved[usize::from(instance.symmetry)];
        BINARY_TO_TERNARY[E::extract(p, mask) as usize]
            + 2 * BINARY_TO_TERNARY[E::extract(o, mask) as usize]
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn indices_bmi2(player: u64, opponent: u64) -> [u16; INSTANCE_COUNT] {
    indices_with::<Pext>(player, opponent)
}

/// The index of every pattern instance of a position (see [`INSTANCES`]):
/// `pext` where the CPU has BMI2, the portable loop elsewhere.
#[inline]
#[must_use]
pub fn indices(player: u64, opponent: u64) -> [u16; INSTANCE_COUNT] {
    #[cfg(target_arch = "x86_64")]
    if ply_core::cpu::has_bmi2() {
        // SAFETY: the CPU has BMI2.
        return unsafe { indices_bmi2(player, opponent) };
    }
    indices_with::<Portable>(player, opponent)
}

/// [`indices`] by the portable loop whatever the CPU (for tests and
/// benchmarks).
#[must_use]
pub fn indices_portable(player: u64, opponent: u64) -> [u16; INSTANCE_COUNT] {
    indices_with::<Portable>(player, opponent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::patterns::symmetry::map_square;

    /// The index read square by square, the definition.
    fn slow_index(player: u64, opponent: u64, i: usize) -> u16 {
        let instance = INSTANCES[i];
        let mask = PATTERNS[usize::from(instance.pattern)].mask;
        let k = usize::from(instance.symmetry);
        let mut index = 0;
        let mut power = 1;
        for square in (0..64).filter(|&s| mask >> s & 1 != 0) {
            // The board square that symmetry k moves onto this mask square.
            let from = (0..64).find(|&q| map_square(k, q) == square).unwrap();
            let digit = if player >> from & 1 != 0 {
                PLAYER
            } else if opponent >> from & 1 != 0 {
                OPPONENT
            } else {
                EMPTY
            };
            index += digit * power;
            power *= 3;
        }
        index as u16
    }

    #[test]
    fn fast_and_portable_indices_match_the_definition() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(23).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let (player, opponent) = (x & !y, y & !x);
            let fast = indices(player, opponent);
            assert_eq!(fast, indices_portable(player, opponent));
            for (i, &index) in fast.iter().enumerate() {
                assert_eq!(index, slow_index(player, opponent, i), "instance {i}");
            }
        }
    }

    #[test]
    fn the_empty_board_is_index_zero_and_a_full_one_the_top() {
        assert_eq!(indices(0, 0), [0; INSTANCE_COUNT]);
        let full = indices(0, u64::MAX);
        for (i, instance) in INSTANCES.iter().enumerate() {
            let top = PATTERNS[usize::from(instance.pattern)].configurations() - 1;
            assert_eq!(usize::from(full[i]), top);
        }
    }
}
