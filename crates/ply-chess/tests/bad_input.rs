//! Arbitrary text never panics the FEN or move readers: it is read or refused.

use ply_chess::Position;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn any_text_as_fen(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text);
    }

    /// Text made of FEN characters, so that most of it gets deep into the checks.
    #[test]
    fn fen_like_text(placement in "[pnbrqkPNBRQK1-8/]{8,70}", side in "[wbx]", castling in "[KQkqA-Ha-h-]{1,5}",
                     ep in "(-|[a-i][0-9])", clocks in "( [0-9]{1,3} [0-9]{1,3})?") {
        let fen = format!("{placement} {side} {castling} {ep}{clocks}");
        if let Ok(position) = Position::from_fen(&fen) {
            // Whatever is accepted can be played on without panicking.
            for mv in position.legal_moves() {
                let _ = position.play_unchecked(mv).legal_moves();
            }
            prop_assert_eq!(Position::from_fen(&position.fen()).unwrap(), position);
        }
    }

    #[test]
    fn any_text_as_a_move(text in "\\PC{0,12}") {
        let position = Position::start();
        let _ = position.parse_move(&text);
        let _ = position.parse_uci(&text);
    }

    #[test]
    fn move_like_text(text in "[NBRQKa-h1-8xX=O0+#-]{1,8}") {
        let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        if let Ok(mv) = kiwipete.parse_move(&text) {
            prop_assert!(kiwipete.is_legal(mv));
        }
    }
}

/// Move counters at their largest (a FEN may set them, a GUI may send a game
/// of 65536 moves) stay there instead of overflowing, on all three boards.
/// Found through the `chess_text` fuzz target: these two lines panicked with
/// "attempt to add with overflow".
#[test]
fn move_counters_stop_at_their_largest() {
    use ply_chess::attackmap::AttackBoard;
    use ply_chess::gnu::GnuBoard;

    for (fen, mv, after) in [
        (
            "k7/8/8/8/8/8/8/7K w - - 65535 1",
            "Kg1",
            "k7/8/8/8/8/8/8/6K1 b - - 65535 1",
        ),
        (
            "k7/8/8/8/8/8/8/7K b - - 0 65535",
            "Kb8",
            "1k6/8/8/8/8/8/8/7K w - - 1 65535",
        ),
    ] {
        let position = Position::from_fen(fen).unwrap();
        let mv = position.parse_move(mv).unwrap();
        assert_eq!(position.play_unchecked(mv).fen(), after);
        assert_eq!(
            Position::from_fen(after).unwrap(),
            position.play_unchecked(mv)
        );
        let gnu = GnuBoard::from_position(&position);
        assert_eq!(gnu.play_unchecked(mv).to_position().fen(), after);
        let board = AttackBoard::from_position(&position).unwrap();
        assert_eq!(board.play_unchecked(mv).to_position().fen(), after);
        let mut made = board.clone();
        let undo = made.make(mv);
        made.unmake(mv, &undo);
        assert_eq!(made, board, "unmake restores the counters");
        assert_eq!(
            position.null_move().unwrap().halfmove_clock(),
            position.halfmove_clock().saturating_add(1)
        );
    }
}
