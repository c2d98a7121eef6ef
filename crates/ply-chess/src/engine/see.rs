//! Static exchange evaluation: whether the captures and recaptures on one
//! square, each side taking with its least valuable piece, gain at least a
//! threshold.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// Piece values for exchanges (the king never gets captured).
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Whether `mv` (legal in `position`) wins at least `threshold` centipawns once
/// the exchange on its square is played out, each side free to stop capturing.
#[must_use]
pub fn at_least(position: &Position, mv: Move, threshold: i32) -> bool {
    if !mv.is_castling() && !mv.is_en_passant() && mv.promotion().is_none() {
        // The exchange wins at most the piece taken, and at least that
        // less the mover (each side may stop): often that settles it.
        let captured = position.role_on(mv.to()).map_or(0, |r| VALUE[r.index()]);
        if captured < threshold {
            return false;
        }
        let mover = position.role_on(mv.from()).expect("a piece moves");
        if captured - VALUE[mover.index()] >= threshold {
            return true;
        }
    }
    exchange(position, mv) >= threshold
}

/// The material won by `mv` and the best sequence of recaptures on its square.
#[must_use]
pub fn exchange(position: &Position, mv: Move) -> i32 {
    if mv.is_castling() {
        return 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let mover = position.role_on(from).expect("a piece moves");
    let mut occupied = position.occupied().toggled(from);
    let captured = if mv.is_en_passant() {
        occupied = occupied.toggled(Square::new(
            ((to.index() as u8) & 7) | ((from.index() as u8) & !7),
        ));
        VALUE[Role::Pawn.index()]
    } else {
        position.role_on(to).map_or(0, |r| VALUE[r.index()])
    };
    let mut swaps = SwapList::new(mv, mover, captured);

    let diagonal = position.role(Role::Bishop) | position.role(Role::Queen);
    let straight = position.role(Role::Rook) | position.role(Role::Queen);
    let mut attackers = position.attackers(to, Color::White, occupied)
        | position.attackers(to, Color::Black, occupied);
    let mut side = position.turn().opponent();
    loop {
        attackers &= occupied;
        let ours = attackers & position.color(side);
        if ours.is_empty() {
            break;
        }
        let role = Role::ALL
            .into_iter()
            .find(|&r| (ours & position.role(r)).any())
            .expect("an attacker");
        let square = (ours & position.role(role)).lowest();
        occupied = occupied.toggled(square);
        if role == Role::King && (attackers & occupied & position.color(side.opponent())).any() {
            // The king cannot take a defended piece.
            break;
        }
        swaps.recapture(role);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
        side = side.opponent();
    }
    swaps.result()
}

/// The captures of an exchange on one square, as every board plays it out:
/// `gain[d]` is what the side making capture `d` wins if the exchange
/// stopped after it.
pub(crate) struct SwapList {
    gain: [i32; 34],
    depth: usize,
    /// The value of the piece standing on the square.
    on_square: i32,
}

impl SwapList {
    /// The exchange opened by `mv`, a `mover` taking a piece worth
    /// `captured` (a promotion gains the new piece, which then stands there).
    pub(crate) fn new(mv: Move, mover: Role, captured: i32) -> SwapList {
        let mut gain = [0i32; 34];
        gain[0] = captured
            + mv.promotion()
                .map_or(0, |r| VALUE[r.index()] - VALUE[Role::Pawn.index()]);
        let on_square = mv
            .promotion()
            .map_or(VALUE[mover.index()], |r| VALUE[r.index()]);
        SwapList {
            gain,
            depth: 0,
            on_square,
        }
    }

    /// The next capture on the square, by a piece of `role`.
    pub(crate) fn recapture(&mut self, role: Role) {
        self.depth += 1;
        self.gain[self.depth] = self.on_square - self.gain[self.depth - 1];
        self.on_square = VALUE[role.index()];
    }

    /// The result of the exchange, each side free to stop instead of
    /// recapturing.
    pub(crate) fn result(mut self) -> i32 {
        while self.depth > 0 {
            let d = self.depth;
            self.gain[d - 1] = -(-self.gain[d - 1]).max(self.gain[d]);
            self.depth -= 1;
        }
        self.gain[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let position = Position::from_fen(fen).unwrap();
        let mv = position.parse_move(mv).unwrap();
        at_least(&position, mv, threshold)
    }

    #[test]
    fn exchanges() {
        // An undefended pawn: +100.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "Rxe5", 100));
        assert!(!see(fen, "Rxe5", 101));
        // Pawn defended by a pawn, taken by a knight: 100 - 320 = -220.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "Nxe5", 0));
        assert!(see(fen, "Nxe5", -220));
        assert!(!see(fen, "Nxe5", -219));
        // Quiet move to an attacked square loses the piece.
        let fen = "4k3/8/8/3p4/8/8/8/4KN2 w - - 0 1";
        assert!(see(fen, "Ne3", 0), "e3 is not attacked by d5");
        let fen = "4k3/8/8/8/3p4/8/8/4KN2 w - - 0 1";
        assert!(!see(fen, "Ne3", 0));
        assert!(see(fen, "Ne3", -320));
        // X-ray: rook takes, the rook behind recaptures.
        let fen = "4k3/4r3/4r3/8/8/4R3/4R3/4K3 w - - 0 1";
        assert!(see(fen, "Rxe6", 0), "R takes R, R takes R, R takes R: +500");
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(
            exchange(&position, position.parse_move("Rxe6").unwrap()),
            500
        );
        // A defended queen taken by a queen: even. Taken by a pawn: +950.
        let fen = "4k3/2p5/3q4/8/8/8/3Q4/4K3 w - - 0 1";
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(exchange(&position, position.parse_move("Qxd6").unwrap()), 0);
        // The king may recapture an undefended piece but not a defended one.
        let fen = "4k3/4q3/8/8/8/8/3r4/4K3 w - - 0 1";
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(
            exchange(&position, position.parse_move("Kxd2").unwrap()),
            500
        );
        // Castling and en passant.
        assert!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", 100));
        assert!(see("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", 0));
    }

    #[test]
    fn the_shortcuts_agree_with_the_full_exchange() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 0 9",
            "4k3/2p5/3q4/8/8/8/3Q4/4K3 w - - 0 1",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            for mv in position.legal_moves() {
                let value = exchange(&position, mv);
                for threshold in (-1000..=1000).step_by(10) {
                    assert_eq!(
                        at_least(&position, mv, threshold),
                        value >= threshold,
                        "{fen} {mv:?} {threshold}"
                    );
                }
            }
        }
    }
}
