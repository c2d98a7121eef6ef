//! Whether a move from elsewhere (the transposition table, a killer) is
//! legal on a board, without generating the board's moves: the piece, the
//! squares and the kind must fit, the path must be clear, and the move must
//! not leave the king attacked. Castling and en passant, rare there, are
//! looked up among the legal moves.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::game::ChessBoard;
use crate::movegen::Stage;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Role};
use ply_core::MoveList;

/// Whether `mv` is legal on `board`.
pub(crate) fn is_legal<B: ChessBoard>(board: &B, mv: Move) -> bool {
    if mv.is_castling() || mv.is_en_passant() {
        let mut moves = MoveList::new();
        board.generate(Stage::All, &mut moves);
        return moves.contains(&mv);
    }
    let us = board.state().side;
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = board.piece_on(from) else {
        return false;
    };
    if piece.color != us {
        return false;
    }
    let victim = board.piece_on(to);
    if victim.is_some_and(|v| v.color == us || v.role == Role::King)
        || mv.is_capture() != victim.is_some()
    {
        return false;
    }
    let clear = |path: Bitboard| path.into_iter().all(|sq| board.piece_on(sq).is_none());
    let reaches = match piece.role {
        Role::Pawn => {
            let last_rank = to.rank().relative(us).index() == 7;
            let forward: i8 = if us == Color::White { 8 } else { -8 };
            if mv.promotion().is_some() != last_rank {
                false
            } else if mv.is_capture() {
                pawn_attacks(us, from).contains(to)
            } else if mv.kind() == MoveKind::DoublePush {
                from.rank().relative(us).index() == 1
                    && to.index() as i8 == from.index() as i8 + 2 * forward
                    && board.piece_on(from.offset(forward)).is_none()
            } else {
                to.index() as i8 == from.index() as i8 + forward
            }
        }
        role => {
            let plain = matches!(mv.kind(), MoveKind::Quiet | MoveKind::Capture);
            plain
                && match role {
                    Role::Knight => knight_attacks(from).contains(to),
                    Role::King => king_attacks(from).contains(to),
                    Role::Bishop => {
                        bishop_attacks(from, Bitboard::EMPTY).contains(to)
                            && clear(between(from, to))
                    }
                    Role::Rook => {
                        rook_attacks(from, Bitboard::EMPTY).contains(to) && clear(between(from, to))
                    }
                    _ => {
                        queen_attacks(from, Bitboard::EMPTY).contains(to)
                            && clear(between(from, to))
                    }
                }
        }
    };
    reaches && !board.play_unchecked(mv).mover_in_check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attackmap::AttackBoard;
    use crate::gnu::GnuBoard;
    use crate::position::Position;
    use ply_core::Game;

    const FENS: [&str; 8] = [
        crate::fen::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
        "3k4/8/8/8/8/8/1p6/R3K2R b KQ - 0 1",
    ];

    /// Every 16-bit move is legal exactly when the generator lists it.
    fn agrees_with_the_generator<B: ChessBoard + Game<Move = Move>>(board: &B) {
        let legal = board.legal_moves();
        for bits in 0..=u16::MAX {
            let Some(mv) = Move::from_bits(bits) else {
                continue;
            };
            assert_eq!(
                is_legal(board, mv),
                legal.contains(&mv),
                "{mv:?} in {}",
                board.position_string()
            );
        }
    }

    #[test]
    fn moves_are_legal_exactly_when_generated_on_every_board() {
        for fen in FENS {
            let position = Position::from_fen(fen).unwrap();
            agrees_with_the_generator(&position);
            agrees_with_the_generator(&GnuBoard::from_position(&position));
            agrees_with_the_generator(&AttackBoard::from_position(&position).unwrap());
            for mv in position.legal_moves().into_iter().take(6) {
                agrees_with_the_generator(&position.play_unchecked(mv));
            }
        }
    }
}
