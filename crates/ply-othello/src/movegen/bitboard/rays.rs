//! Ray masks: for each square and direction, the squares from it (exclusive) to
//! the edge of the board, computed at compile time.

/// The four directions towards higher bit indices, as (file step, rank step) and
/// bit shift: east (+1), north (+8), north-west (+7), north-east (+9). The
/// opposite four (west, south, south-east, south-west) are the same shifts
/// towards lower indices.
pub const SHIFTS: [u32; 4] = [1, 8, 7, 9];
const UP_STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 1), (1, 1)];

/// Four rays, one per entry of [`SHIFTS`], 32-byte aligned for vector loads.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub struct Rays(pub [u64; 4]);

const fn ray(square: usize, file_step: i32, rank_step: i32) -> u64 {
    let mut mask = 0u64;
    let mut file = (square % 8) as i32 + file_step;
    let mut rank = (square / 8) as i32 + rank_step;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        mask |= 1 << (rank * 8 + file);
        file += file_step;
        rank += rank_step;
    }
    mask
}

const fn table(sign: i32) -> [Rays; 64] {
    let mut rays = [Rays([0; 4]); 64];
    let mut square = 0;
    while square < 64 {
        let mut k = 0;
        while k < 4 {
            let (df, dr) = UP_STEPS[k];
            rays[square].0[k] = ray(square, df * sign, dr * sign);
            k += 1;
        }
        square += 1;
    }
    rays
}

/// Rays towards higher bit indices (east, north, north-west, north-east).
pub static UP: [Rays; 64] = table(1);
/// Rays towards lower bit indices (west, south, south-east, south-west).
pub static DOWN: [Rays; 64] = table(-1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_follow_their_shift_and_stop_at_the_edge() {
        for square in 0..64usize {
            for k in 0..4 {
                for (rays, up) in [(&UP, true), (&DOWN, false)] {
                    let mask = rays[square].0[k];
                    // Every ray square is reached by repeating the shift from the square.
                    let mut expected = 0u64;
                    let mut at = square as i32;
                    let step = if up {
                        SHIFTS[k] as i32
                    } else {
                        -(SHIFTS[k] as i32)
                    };
                    let (df, dr) = (UP_STEPS[k].0 * step.signum(), UP_STEPS[k].1 * step.signum());
                    let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
                    loop {
                        file += df;
                        rank += dr;
                        at += step;
                        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                            break;
                        }
                        assert_eq!(at, rank * 8 + file);
                        expected |= 1 << at;
                    }
                    assert_eq!(mask, expected, "square {square} dir {k} up {up}");
                }
            }
        }
        // a few by name: a1 north is the a-file, h1 north-west the long diagonal.
        assert_eq!(UP[0].0[1], 0x0101_0101_0101_0100);
        assert_eq!(UP[7].0[2], 0x0102_0408_1020_4000);
        assert_eq!(DOWN[63].0[0], 0x7F00_0000_0000_0000);
    }
}
