use super::*;
use ply_core::record::Players;
use std::sync::atomic::AtomicBool;

fn start(kind: GameKind, position: Option<&str>) -> Box<dyn Session> {
    new(kind, position).unwrap()
}

#[test]
fn every_game_starts_with_its_moves() {
    let counts = [
        (GameKind::Chess, 20),
        (GameKind::Checkers, 7),
        (GameKind::Othello, 4),
    ];
    for (kind, count) in counts {
        let game = start(kind, None);
        assert_eq!(game.kind(), kind);
        assert_eq!(game.legal_moves().len(), count, "{kind}");
        assert!(game.first_to_move());
        assert!(game.ending().is_none() && game.history().is_empty());
        assert!(game.last_move().is_none());
        let svg = game.svg(false, None, &svg::Options::default());
        assert!(
            svg.starts_with("<svg") && svg.contains("data-square"),
            "{kind}"
        );
    }
    assert_eq!(start(GameKind::Chess, None).side_to_move(), "White");
    assert_eq!(start(GameKind::Checkers, None).side_to_move(), "Black");
    assert_eq!(start(GameKind::Othello, None).side_to_move(), "Black");
}

#[test]
fn moves_are_played_named_and_taken_back() {
    let mut chess = start(GameKind::Chess, None);
    assert_eq!(chess.play("e2e4").unwrap(), "e4");
    assert_eq!(chess.play("Nf6").unwrap(), "Nf6");
    assert_eq!(chess.history(), ["e4", "Nf6"]);
    let last = chess.last_move().unwrap();
    assert_eq!(
        (last.from.as_deref(), last.to.as_deref()),
        (Some("g8"), Some("f6"))
    );
    assert_eq!(chess.undo().as_deref(), Some("Nf6"));
    assert_eq!(
        chess.position(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(chess.start_position(), ply_chess::START_FEN);
    assert!(chess.play("Ke2").unwrap_err().contains("not legal"));
    assert!(chess.play("hello").unwrap_err().contains("not a move"));

    let mut othello = start(GameKind::Othello, None);
    assert!(othello.play("a1").unwrap_err().contains("turns no disc"));
    assert!(othello.play("d4").unwrap_err().contains("taken"));
    assert_eq!(othello.play("D3").unwrap(), "d3");
    assert!(
        othello
            .status()
            .unwrap()
            .starts_with("Discs: Black 4, White 1")
    );
    assert!(start(GameKind::Checkers, None).undo().is_none());
}

#[test]
fn bad_positions_are_refused() {
    for kind in GameKind::ALL {
        assert!(new(kind, Some("nonsense")).is_err(), "{kind}");
        assert!(new(kind, Some("  ")).is_ok(), "{kind}");
    }
}

#[test]
fn chess_promotions_and_castling_have_their_squares() {
    let game = start(GameKind::Chess, Some("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1"));
    let moves = game.legal_moves();
    let promotions: Vec<_> = moves
        .iter()
        .filter(|m| m.from.as_deref() == Some("b7"))
        .collect();
    assert_eq!(promotions.len(), 8, "{promotions:?}");
    assert!(
        promotions
            .iter()
            .any(|m| m.notation == "bxa8=Q+" && m.capture && m.promotion == Some('Q'))
    );
    assert!(
        promotions
            .iter()
            .any(|m| m.notation == "b8=N" && m.promotion == Some('N'))
    );
    let castle = moves.iter().find(|m| m.notation == "O-O").unwrap();
    assert_eq!(
        (castle.from.as_deref(), castle.to.as_deref()),
        (Some("e1"), Some("g1"))
    );
}

#[test]
fn checkers_jumps_carry_their_path() {
    let mut game = start(GameKind::Checkers, Some("B:WK18,26:B14,K9"));
    let moves = game.legal_moves();
    let jump = moves.iter().find(|m| m.notation == "14x23x30").unwrap();
    assert_eq!(jump.path, ["14", "23", "30"]);
    assert!(jump.capture);
    assert!(game.status().unwrap().contains("Black must capture"));
    assert!(game.play("9-13").unwrap_err().contains("compulsory"));
    assert_eq!(game.play("14x30").unwrap(), "14x23x30");
    let svg = game.svg(true, Some("30"), &svg::Options::default());
    assert!(svg.contains(r#"data-flipped="true""#), "{svg}");
}

#[test]
fn the_end_is_named_with_its_reason() {
    let mut chess = start(GameKind::Chess, None);
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        chess.play(mv).unwrap();
    }
    let ending = chess.ending().unwrap();
    assert_eq!(ending.result, "0-1");
    assert_eq!(ending.winner, Some("Black"));
    assert_eq!(ending.reason, "Black wins by checkmate");
    assert!(chess.legal_moves().is_empty());
    assert!(
        chess
            .play("a3")
            .unwrap_err()
            .starts_with("the game is over")
    );

    let mut checkers = start(GameKind::Checkers, Some("W:W18:B14"));
    checkers.play("18x9").unwrap();
    assert_eq!(
        checkers.ending().unwrap().reason,
        "White wins: Black has no legal move"
    );
    assert_eq!(checkers.ending().unwrap().result, "0-1");

    let full = format!("{}- O", "X".repeat(63));
    let othello = start(GameKind::Othello, Some(&full));
    let ending = othello.ending().unwrap();
    assert_eq!(
        (ending.result, ending.reason.as_str()),
        ("1-0", "Black wins 64-0 (final disc count)")
    );
}

#[test]
fn othello_passes_are_moves() {
    // White (O) to move has no move: a1 empty, the rest black but for b1.
    let board = format!("-O{} O", "X".repeat(62));
    let mut game = start(GameKind::Othello, Some(&board));
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].pass && moves[0].to.is_none());
    assert!(game.status().unwrap().contains("must pass"));
    assert_eq!(game.play("pass").unwrap(), "pass");
    assert_eq!(game.legal_moves()[0].notation, "a1");
}

#[test]
fn the_player_answers_for_every_game() {
    for kind in GameKind::ALL {
        let game = start(kind, None);
        let settings = Settings {
            depth: Some(3),
            hash_mb: 1,
            ..Settings::default()
        };
        let mut lines = Vec::new();
        let answer = game
            .search(&settings)
            .run(&AtomicBool::new(false), &mut |line| {
                lines.push(line.clone())
            });
        let best = answer.best.unwrap();
        assert!(
            game.legal_moves().iter().any(|m| m.notation == best),
            "{kind}: {best}"
        );
        assert_eq!(answer.pv[0], best);
        assert_eq!(answer.source, "search");
        assert!(!lines.is_empty() && !lines[0].pv.is_empty(), "{kind}");
    }
    // A finished game has nothing to search.
    let full = format!("{}- O", "X".repeat(63));
    let answer = start(GameKind::Othello, Some(&full))
        .search(&Settings::default())
        .run(&AtomicBool::new(false), &mut |_| {});
    assert!(answer.best.is_none());
}

#[test]
fn othello_endgames_are_solved_exactly() {
    // Few empty squares: the player's solver answers.
    let board = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOO---- X";
    let game = start(GameKind::Othello, Some(board));
    let settings = Settings {
        movetime: Some(Duration::from_secs(2)),
        ..Settings::default()
    };
    let answer = game
        .search(&settings)
        .run(&AtomicBool::new(false), &mut |_| {});
    assert_eq!(answer.source, "solved", "{answer:?}");
    assert!(answer.exact, "{answer:?}");
}

#[test]
fn records_are_written_read_and_stepped_through() {
    let players = Players {
        first: "Ann".into(),
        second: "ply".into(),
    };
    let games = [
        (
            GameKind::Chess,
            ["f3", "e5", "g4", "Qh4#"].as_slice(),
            "PGN",
            "Black wins by checkmate.",
        ),
        (
            GameKind::Checkers,
            ["11-15", "23-19", "8-11"].as_slice(),
            "PDN",
            "",
        ),
        (GameKind::Othello, ["f5", "d6", "c3"].as_slice(), "GGF", ""),
    ];
    for (kind, moves, format, comment) in games {
        let mut game = start(kind, None);
        for mv in moves {
            game.play(mv).unwrap();
        }
        assert_eq!(game.record_format().0, format);
        let text = game.record(&players);
        assert!(text.contains("Ann"), "{text}");
        assert!(text.contains(comment), "{text}");
        let mut loaded = from_record(kind, &text).unwrap();
        assert!(loaded.history().is_empty());
        assert_eq!(loaded.future(), moves);
        assert_eq!(loaded.redo().as_deref(), Some(moves[0]));
        assert_eq!(loaded.future(), &moves[1..]);
        while loaded.redo().is_some() {}
        assert_eq!(loaded.history(), moves);
        assert_eq!(loaded.position(), game.position());
        // Taking back and playing the same move keeps the rest ahead;
        // another move drops it.
        loaded.undo();
        loaded.undo();
        assert_eq!(loaded.future().len(), 2);
        loaded.play(moves[moves.len() - 2]).unwrap();
        assert_eq!(loaded.future(), [moves[moves.len() - 1]]);
        loaded.undo();
        let other = loaded
            .legal_moves()
            .into_iter()
            .find(|m| m.notation != moves[moves.len() - 2])
            .unwrap();
        loaded.play(&other.notation).unwrap();
        assert!(loaded.future().is_empty());
        assert!(
            from_record(kind, "this is not a record [[[").is_err(),
            "{kind}"
        );
    }
    let err = from_record(GameKind::Chess, "1. e4 e5 2. Ke3 *")
        .err()
        .unwrap();
    assert!(err.contains("Ke3"), "{err}");
}

#[test]
fn the_opening_is_named_while_the_moves_follow_the_book() {
    let mut chess = start(GameKind::Chess, None);
    assert_eq!(chess.opening(), None);
    chess.play("e4").unwrap();
    chess.play("c5").unwrap();
    assert_eq!(chess.opening().as_deref(), Some("Sicilian Defence"));
    chess.play("a3").unwrap();
    assert_eq!(chess.opening().as_deref(), Some("Sicilian Defence"));
    let mut othello = start(GameKind::Othello, None);
    for mv in ["c4", "e3", "f6", "e6", "f5"] {
        othello.play(mv).unwrap();
    }
    assert_eq!(othello.opening().as_deref(), Some("Tiger"));
    let mut checkers = start(GameKind::Checkers, None);
    for mv in ["9-13", "21-17", "5-9"] {
        checkers.play(mv).unwrap();
    }
    assert!(
        checkers.opening().unwrap().starts_with("ACF ballot"),
        "{:?}",
        checkers.opening()
    );
    // Not from the standard start: no book.
    let set_up = start(GameKind::Chess, Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert_eq!(set_up.opening(), None);
}

#[test]
fn annotated_records_carry_each_moves_note_and_read_back() {
    let players = Players {
        first: "Ann".into(),
        second: "ply".into(),
    };
    let games = [
        (
            GameKind::Chess,
            ["e4", "e5", "Qh5"].as_slice(),
            "Qh5 {?! -0.40, best Nf3}",
        ),
        (
            GameKind::Checkers,
            ["11-15", "23-19", "8-11"].as_slice(),
            "8-11 {?! -0.40, best Nf3}",
        ),
        (
            GameKind::Othello,
            ["f5", "d6", "c3"].as_slice(),
            "3. C3: ?! -0.40, best Nf3",
        ),
    ];
    for (kind, moves, expected) in games {
        let mut game = start(kind, None);
        for mv in moves {
            game.play(mv).unwrap();
        }
        // Notes past the last move are dropped.
        let extras = RecordExtras {
            notes: vec![
                None,
                None,
                Some("?! -0.40, best Nf3".to_owned()),
                Some("x".to_owned()),
            ],
            ..RecordExtras::default()
        };
        let text = game.record_with(&players, &extras);
        assert!(text.contains(expected), "{text}");
        assert!(!text.contains("{x}") && !text.contains(": x"), "{text}");
        let mut loaded = from_record(kind, &text).unwrap();
        while loaded.redo().is_some() {}
        assert_eq!(loaded.history(), moves, "{text}");
    }
}

#[test]
fn a_game_lost_on_time_says_so_in_its_record() {
    let players = Players {
        first: "Ann".into(),
        second: "ply".into(),
    };
    for kind in GameKind::ALL {
        let mut game = start(kind, None);
        let first = game.legal_moves()[0].notation.clone();
        game.play(&first).unwrap();
        let extras = RecordExtras {
            time_control: Some("60+1".to_owned()),
            move_clocks: vec![Some(ply_core::record::MoveClock {
                used: std::time::Duration::from_millis(1500),
                left: Some(std::time::Duration::from_millis(59_500)),
            })],
            decided: Some((Some(false), "the first player loses on time".to_owned())),
            ..RecordExtras::default()
        };
        let text = game.record_with(&players, &extras);
        assert!(
            text.contains("0-1") || text.contains("-64.00:t"),
            "{kind}: {text}"
        );
        assert!(text.contains("on time"), "{kind}: {text}");
        if kind == GameKind::Othello {
            assert!(text.contains("//1.50]"), "{kind}: {text}");
        } else {
            assert!(text.contains("60+1"), "{kind}: {text}");
            assert!(text.contains("[%clk 0:00:59.50]"), "{kind}: {text}");
        }
        let mut loaded = from_record(kind, &text).unwrap();
        assert_eq!(loaded.redo(), Some(first), "{text}");
    }
}

#[test]
fn each_game_marks_annotations_and_scores_its_end_in_its_unit() {
    for kind in GameKind::ALL {
        let marks = start(kind, None).marks();
        assert!(
            0 < marks.inaccuracy && marks.inaccuracy < marks.mistake,
            "{kind}"
        );
        assert!(
            marks.mistake < marks.blunder && marks.blunder < marks.cap,
            "{kind}"
        );
        assert_eq!(marks.class(marks.inaccuracy - 1), None);
        assert_eq!(marks.class(marks.blunder), Some(("blunder", "??")));
    }
    // Chess: mate ends at the cap, for the side to move (mated: -cap).
    let mated = start(
        GameKind::Chess,
        Some("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
    );
    assert_eq!(mated.final_score(1000), -1000);
    assert_eq!(mated.evaluation_note(-1000, Some(-1), "#-1"), "[%eval #-1]");
    assert_eq!(mated.evaluation_note(35, None, "+0.35"), "[%eval 0.35]");
    // Othello: the disc difference as the solver counts it (a full board,
    // Black to move with 44 discs against 20).
    let board = format!("{}{}", "X".repeat(44), "O".repeat(20));
    let over = start(GameKind::Othello, Some(&format!("{board} X")));
    assert!(over.ending().is_some());
    assert_eq!(over.final_score(3200), 2400);
    assert_eq!(over.final_score(1000), 1000);
    assert_eq!(
        start(GameKind::Checkers, None).evaluation_note(25, None, "+0.25"),
        "eval +0.25"
    );
}

#[test]
fn variations_are_written_in_pgn_and_pdn_and_left_out_of_ggf() {
    let players = Players {
        first: "Ann".into(),
        second: "ply".into(),
    };
    let games = [
        (GameKind::Chess, ["e4", "e5"], "d4", "1. e4 (1. d4) 1... e5"),
        (
            GameKind::Checkers,
            ["11-15", "23-19"],
            "9-13",
            "1. 11-15 (1. 9-13) 1... 23-19",
        ),
        (GameKind::Othello, ["f5", "d6"], "e6", "B[F5]W[D6]"),
    ];
    for (kind, moves, other, expected) in games {
        let mut game = start(kind, None);
        for mv in moves {
            game.play(mv).unwrap();
        }
        let extras = RecordExtras {
            variations: vec![vec![Variation {
                moves: vec![other.to_owned()],
                variations: Vec::new(),
            }]],
            ..RecordExtras::default()
        };
        let text = game.record_with(&players, &extras);
        assert!(text.contains(expected), "{kind}: {text}");
        if kind == GameKind::Othello {
            assert!(!text.contains("[E6]"), "{text}");
        }
        let mut loaded = from_record(kind, &text).unwrap();
        while loaded.redo().is_some() {}
        assert_eq!(loaded.history(), moves, "{text}");
    }
}

#[test]
fn a_record_written_again_later_carries_the_same_date() {
    // GGF's `DT` holds the second: a record written a second later must be
    // the same text, or a saved game changes each time it is saved.
    let players = Players {
        first: "Ann".into(),
        second: "ply".into(),
    };
    let mut game = start(GameKind::Othello, None);
    game.play("f5").unwrap();
    let first = game.record(&players);
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    assert_eq!(game.record(&players), first);
}

#[test]
fn a_loaded_record_keeps_its_own_date() {
    // A record from another program, written back, says when it was played,
    // not when it was loaded.
    let players = Players {
        first: "a".into(),
        second: "b".into(),
    };
    let cases = [
        (
            GameKind::Chess,
            "[Date \"1997.05.11\"]\n1. e4 e5 *",
            "[Date \"1997.05.11\"]",
        ),
        (
            GameKind::Checkers,
            "[Date \"1997.05.11\"]\n1. 11-15 23-19 *",
            "[Date \"1997.05.11\"]",
        ),
        (
            GameKind::Othello,
            "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TY[8]B[f5]W[d6];)",
            "DT[2014.02.21_20:52:27.UTC]",
        ),
    ];
    for (kind, text, date) in cases {
        let mut loaded = from_record(kind, text).unwrap();
        while loaded.redo().is_some() {}
        let written = loaded.record(&players);
        assert!(written.contains(date), "{kind:?}: {written}");
    }
    // Without a date the record is dated now: this year, not 1970.
    let year = UtcTime::now().year;
    let loaded = from_record(GameKind::Chess, "1. e4 *").unwrap();
    assert!(
        loaded
            .record(&players)
            .contains(&format!("[Date \"{year:04}."))
    );
}
