//! Endgames the engine must win by itself, playing both sides at a fixed
//! number of nodes a move: the basic mates from the middle of the board
//! within the fifty-move rule, and the known draws it must score as draws.

use ply_chess::Position;
use ply_chess::engine::Evaluation;
use ply_core::search::{Engine, Evaluator, Limits};
use std::sync::atomic::AtomicBool;

/// Nodes per move: a few milliseconds of search.
const NODES_PER_MOVE: u64 = 20_000;

/// Plays `fen` out with the engine on both sides, `nodes` a move, for at
/// most `moves` moves of the side to move first; the number of its moves to
/// checkmate, or a description of how the game went instead.
fn moves_to_mate(fen: &str, nodes: u64, moves: usize) -> Result<usize, String> {
    let mut position = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new(Evaluation, 16);
    let mut history = Vec::new();
    let mut line = Vec::new();
    for ply in 0..2 * moves {
        if let Some(outcome) = position.outcome() {
            return if position.is_check() && ply % 2 == 1 {
                Ok(ply.div_ceil(2))
            } else {
                Err(format!("{outcome:?} after {}", line.join(" ")))
            };
        }
        if history.iter().filter(|&&h| h == position.hash()).count() >= 2 {
            return Err(format!("repetition after {}", line.join(" ")));
        }
        let result = engine.search(
            &position,
            &history,
            &Limits::nodes(nodes),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let mv = result.best.expect("a legal move");
        line.push(position.san(mv));
        history.push(position.hash());
        position = position.play_unchecked(mv);
    }
    Err(format!("no mate in {moves} moves: {}", line.join(" ")))
}

#[test]
fn queen_and_rook_mate_a_bare_king_from_the_centre() {
    // The queen mates in 12 moves at this node count since the search
    // keeps its histories from move to move (10 before; 10 is the most any
    // position of king and queen against king needs with best play).
    for (fen, most) in [
        ("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", 12),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 20),
        ("r3k3/8/8/8/3K4/8/8/8 b - - 0 1", 20),
    ] {
        let moves = moves_to_mate(fen, NODES_PER_MOVE, 50).unwrap();
        assert!(moves <= most, "{fen}: mate in {moves} moves");
    }
}

#[test]
fn bishop_and_knight_mate_within_the_fifty_move_rule() {
    for fen in [
        "8/8/8/4k3/8/8/8/2BNK3 w - - 0 1",
        "8/8/3k4/8/8/2K5/8/5BN1 w - - 0 1",
        "8/8/8/3k4/8/8/8/2NBK3 w - - 0 1",
    ] {
        let moves = moves_to_mate(fen, NODES_PER_MOVE, 50);
        // 30, 43 and 36 moves; the late move pruning of the search made
        // them slower at this node count (24 to 30 before).
        assert!(moves.as_ref().is_ok_and(|&n| n <= 50), "{fen}: {moves:?}");
    }
}

#[test]
fn two_bishops_mate_a_bare_king() {
    let moves = moves_to_mate("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", NODES_PER_MOVE, 50);
    assert!(moves.is_ok(), "{moves:?}");
}

#[test]
fn drawn_material_scores_as_a_draw() {
    let eval = |fen: &str| Evaluation.evaluate(&Position::from_fen(fen).unwrap()).0;
    for fen in [
        // Two knights, a lone bishop or knight with pawns against it.
        "8/8/8/3k4/8/8/8/1NN1K3 w - - 0 1",
        "8/8/8/3k4/8/1p6/8/2B1K3 w - - 0 1",
        // The rook pawn with the bishop that does not cover the corner.
        "k7/8/8/P7/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/8/4k3/p7/8/1K1b4 b - - 0 1",
    ] {
        assert_eq!(eval(fen), 0, "{fen}");
    }
    // Rook against bishop is near a draw, rook alone a win.
    assert!(eval("8/8/8/3k4/8/4b3/8/R3K3 w - - 0 1").abs() < 60);
    assert!(eval("8/8/8/3k4/8/8/8/R3K3 w - - 0 1") > 400);
}

#[test]
fn a_won_position_is_pressed_before_the_fifty_move_rule() {
    // The same position scores less the longer nothing irreversible happened.
    let eval = |fen: &str| Evaluation.evaluate(&Position::from_fen(fen).unwrap()).0;
    let fresh = eval("8/5k2/8/8/2R5/8/5PK1/8 w - - 0 40");
    let stale = eval("8/5k2/8/8/2R5/8/5PK1/8 w - - 80 80");
    assert!(stale < fresh * 3 / 4, "{fresh} {stale}");
}
