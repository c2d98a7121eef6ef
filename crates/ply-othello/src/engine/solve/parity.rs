//! Parity: near the end of the game, the side that plays last in a region of
//! the board tends to keep the discs it takes there, so a move into a region
//! with an odd number of empty squares is usually better than one into an even
//! region. The regions are the four 4x4 quadrants; a parity is a 4-bit set of
//! the quadrants holding an odd number of empties, updated by one XOR per move.

/// The four quadrants: a1-d4, e1-h4, a5-d8, e5-h8.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The quadrant bit of each square.
pub static QUADRANT_BIT: [u8; 64] = quadrant_bits();

const fn quadrant_bits() -> [u8; 64] {
    let mut bits = [0u8; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        bits[square] = 1 << ((file >= 4) as usize + 2 * (rank >= 4) as usize);
        square += 1;
    }
    bits
}

/// `ODD_SQUARES[parity]`: the squares of the quadrants in `parity`.
pub static ODD_SQUARES: [u64; 16] = odd_squares();

const fn odd_squares() -> [u64; 16] {
    let mut masks = [0u64; 16];
    let mut parity = 0;
    while parity < 16 {
        let mut q = 0;
        while q < 4 {
            if parity & (1 << q) != 0 {
                masks[parity] |= QUADRANTS[q];
            }
            q += 1;
        }
        parity += 1;
    }
    masks
}

/// The parity of a set of empty squares.
#[must_use]
pub fn parity(empty: u64) -> u8 {
    QUADRANTS.iter().enumerate().fold(0, |parity, (q, &mask)| {
        parity | (((empty & mask).count_ones() as u8 & 1) << q)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_partition_the_board_and_parity_follows_moves() {
        assert_eq!(QUADRANTS.iter().fold(0, |a, q| a | q), u64::MAX);
        assert_eq!(QUADRANTS.iter().map(|q| q.count_ones()).sum::<u32>(), 64);
        for (square, &bit) in QUADRANT_BIT.iter().enumerate() {
            let q = bit.trailing_zeros() as usize;
            assert_ne!(QUADRANTS[q] & (1 << square), 0, "square {square}");
        }
        let empty: u64 = 0x8100_0000_0000_0007; // a1 b1 c1 a8 h8
        assert_eq!(parity(empty), 0b1101);
        assert_eq!(
            ODD_SQUARES[0b1101],
            QUADRANTS[0] | QUADRANTS[2] | QUADRANTS[3]
        );
        // Filling c1 makes the first quadrant even.
        assert_eq!(parity(empty & !4), 0b1101 ^ QUADRANT_BIT[2]);
    }
}
