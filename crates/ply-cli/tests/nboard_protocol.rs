//! `ply nboard` driven through a pipe with the lines the NBoard GUI sends
//! (its debug log's order: `nboard 2`, `set depth`, `set game`, `ping`, then
//! `go` or `hint`, and `move` after each move).

mod common;

use common::Session;
use ply_core::Game;
use ply_othello::{Move, Othello};
use std::time::{Duration, Instant};

/// The example game of the protocol's description.
const EXAMPLE_GAME: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// FFO #1: 14 empties, Black to move wins by 18 with G8 (the only best move).
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

/// `ply nboard` after `nboard 2` and its answer.
fn start() -> Session {
    let mut session = Session::start("nboard --no-book");
    session.send("nboard 2");
    assert_eq!(session.next(), "set myname ply");
    session
}

/// `ping n` answered by `pong n`: the lines up to the pong.
fn sync(session: &mut Session, n: u32) -> Vec<String> {
    session.send(&format!("ping {n}"));
    session.until(&format!("pong {n}"))
}

/// The GGF of a game from `position` with no moves.
fn ggf_from(position: &Othello) -> String {
    let text = position.position_string();
    let (board, side) = text.split_at(64);
    let board = board.replace('X', "*");
    let side = if side.trim() == "X" { '*' } else { 'O' };
    format!("(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 {board} {side}];)")
}

/// The position after the GGF example game's moves.
fn example_position() -> Othello {
    let mut position = Othello::start();
    for name in ["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"] {
        position = position.play_unchecked(position.parse_move(name).unwrap());
    }
    position
}

/// A `search <pv> <eval> 0 <depth>` line: the moves of the PV, the eval and
/// the depth.
/// A `search` line read: the principal variation, the eval, the depth.
type SearchLine = (Vec<String>, f64, String);

/// Asks for `count` hints and waits for them: the lines, and the search
/// lines among them read by [`search_line`].
fn hints(s: &mut Session, count: u32) -> (Vec<String>, Vec<SearchLine>) {
    s.send(&format!("hint {count}"));
    let lines = s.until("status ply is waiting");
    let searches = lines
        .iter()
        .filter(|l| l.starts_with("search"))
        .map(|l| search_line(l))
        .collect();
    (lines, searches)
}

fn search_line(line: &str) -> SearchLine {
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 5, "{line}");
    assert_eq!(fields[0], "search", "{line}");
    assert_eq!(fields[3], "0", "{line}");
    let pv = fields[1];
    assert!(pv.len().is_multiple_of(2) && !pv.is_empty(), "{line}");
    let moves = (0..pv.len())
        .step_by(2)
        .map(|i| pv[i..i + 2].to_owned())
        .collect();
    (moves, fields[2].parse().unwrap(), fields[4].to_owned())
}

/// The move, eval and time of a `=== F5/eval/time` line.
fn answer(line: &str) -> (String, Option<f64>, f64) {
    let text = line.strip_prefix("=== ").expect(line);
    let fields: Vec<&str> = text.split('/').collect();
    assert_eq!(fields.len(), 3, "{line}");
    let eval = (!fields[1].is_empty()).then(|| fields[1].parse().unwrap());
    (fields[0].to_owned(), eval, fields[2].parse().unwrap())
}

fn legal(position: &Othello, name: &str) -> Move {
    let mv = position
        .parse_move(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(position.legal_moves().contains(&mv), "{name} is not legal");
    mv
}

#[test]
fn go_answers_a_legal_move_without_playing_it() {
    let mut s = start();
    s.send("set depth 6");
    s.send(&format!("set game {EXAMPLE_GAME}"));
    s.send("set contempt 0");
    sync(&mut s, 1);
    s.send("go");
    let lines = s.until("===");
    assert_eq!(lines[0], "status ply is thinking");
    let depths: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("search"))
        .map(|l| search_line(l).2)
        .collect();
    assert_eq!(depths.last().map(String::as_str), Some("6"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("nodestats ")));
    let (mv, eval, time) = answer(lines.last().unwrap());
    let position = example_position();
    legal(&position, &mv);
    assert!(eval.unwrap().abs() < 64.0 && time >= 0.0);
    // Not played: a second go answers a move of the same position (the
    // table kept from the first search may pick another of equal value).
    s.send("go");
    let again = s.until("===");
    legal(&position, &answer(again.last().unwrap()).0);
    s.quit();
}

#[test]
fn hint_gives_the_best_moves_from_the_movers_view() {
    let mut s = start();
    s.send("set depth 4");
    s.send(&format!("set game {EXAMPLE_GAME}"));
    s.send("move G5/0.5/1.25");
    sync(&mut s, 1);
    s.send("hint 3");
    let lines = s.until("status ply is waiting");
    let position = example_position();
    let position = position.play_unchecked(legal(&position, "g5"));
    let last: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("search") && l.ends_with(" 4"))
        .map(|l| search_line(l))
        .collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    let mut firsts: Vec<&str> = last.iter().map(|(pv, _, _)| pv[0].as_str()).collect();
    for (pv, _, _) in &last {
        let mut p = position;
        for name in pv {
            p = p.play_unchecked(legal(&p, name));
        }
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves: {lines:?}");
    s.quit();
}

#[test]
fn endgame_hints_are_exact_solves() {
    let position = Othello::parse_position(FFO_1).unwrap();
    let mut s = start();
    s.send("set depth 8");
    s.send(&format!("set game {}", ggf_from(&position)));
    sync(&mut s, 1);
    let (lines, exact) = hints(&mut s, 1);
    assert_eq!(exact.len(), 1, "{lines:?}");
    assert_eq!(exact[0].0[0], "G8");
    assert_eq!(exact[0].1, 18.0);
    assert_eq!(exact[0].2, "100%");
    // Every move, each with its exact score; G8 is the best.
    let (lines, all) = hints(&mut s, 4);
    assert_eq!(all.len(), position.legal_moves().len(), "{lines:?}");
    let best = all
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("some move");
    assert_eq!((best.0[0].as_str(), best.1), ("G8", 18.0));
    assert!(all.iter().all(|(_, _, depth)| depth == "100%"));
    s.send("go");
    let lines = s.until("===");
    assert_eq!(answer(lines.last().unwrap()).0, "G8");
    assert_eq!(answer(lines.last().unwrap()).1, Some(18.0));
    s.quit();
}

#[test]
fn two_empties_beyond_exact_solves_are_solved_for_win_loss_or_draw() {
    // At depth 4 positions up to 12 empties are solved exactly, 13 and 14 for
    // win, loss or draw: FFO #1 (14 empties) is a win for the side to move.
    let position = Othello::parse_position(FFO_1).unwrap();
    let mut s = start();
    s.send("set depth 4");
    s.send(&format!("set game {}", ggf_from(&position)));
    sync(&mut s, 1);
    let (lines, solved) = hints(&mut s, 3);
    assert_eq!(solved.len(), position.legal_moves().len(), "{lines:?}");
    for (pv, eval, depth) in &solved {
        assert_eq!(depth, "100%W");
        let after = position.play_unchecked(legal(&position, &pv[0]));
        let exact = -ply_othello::engine::solve::solve(&after).score;
        assert_eq!(
            eval.signum(),
            f64::from(exact.signum()),
            "{pv:?}: {eval} vs {exact}"
        );
    }
    s.send("go");
    let lines = s.until("===");
    let (mv, eval, _) = answer(lines.last().unwrap());
    let after = position.play_unchecked(legal(&position, &mv));
    assert!(
        ply_othello::engine::solve::solve(&after).score < 0,
        "{mv} wins"
    );
    assert!(eval.unwrap() >= 1.0);
    s.quit();
}

#[test]
fn ply_plays_itself_a_whole_game_through_nboard() {
    let mut s = start();
    s.send("set depth 2");
    s.send(&format!(
        "set game {}",
        ggf_from(&Othello::start()).replace("TI[0]", "TI[5:00]")
    ));
    let mut position = Othello::start();
    let mut ping = 0;
    let mut played = 0;
    while position.outcome().is_none() {
        ping += 1;
        sync(&mut s, ping);
        s.send("go");
        let lines = s.until("===");
        let (name, _, _) = answer(lines.last().unwrap());
        let mv = if name == "PA" {
            assert!(position.must_pass(), "PA with moves left");
            Move::PASS
        } else {
            legal(&position, &name)
        };
        position = position.play_unchecked(mv);
        played += 1;
        s.send(&format!("move {name}//0.01"));
    }
    // The finished game, analysed from the last position back to the first.
    sync(&mut s, ping + 1);
    s.send("analyze");
    let lines = s.until("status ply is waiting");
    let analysis: Vec<(usize, f64)> = lines
        .iter()
        .filter(|l| l.starts_with("analysis "))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect();
    // One line per position: the start and one after each move, passes too.
    let plies = analysis[0].0;
    assert_eq!(plies, played, "{analysis:?}");
    assert!(plies >= 60, "{analysis:?}");
    let made: Vec<usize> = analysis.iter().map(|&(m, _)| m).collect();
    assert_eq!(made, (0..=plies).rev().collect::<Vec<_>>());
    assert_eq!(analysis[0].1, f64::from(position.final_score()));
    s.quit();
}

#[test]
fn ping_stops_a_long_search_at_once() {
    let mut s = start();
    s.send("set depth 60");
    s.send(&format!("set game {EXAMPLE_GAME}"));
    sync(&mut s, 1);
    s.send("hint 1");
    assert_eq!(s.next(), "status ply is thinking");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let lines = sync(&mut s, 2);
    assert!(asked.elapsed() < Duration::from_secs(5));
    // The search's last words come before the pong, never after.
    assert!(
        lines.iter().any(|l| l == "status ply is waiting"),
        "{lines:?}"
    );
    s.send("learn");
    assert_eq!(s.next(), "learned");
    s.quit();
}

#[test]
fn bad_lines_are_ignored_and_the_game_kept() {
    let mut s = start();
    s.send("set depth 3");
    s.send(&format!("set game {EXAMPLE_GAME}"));
    for bad in [
        "set game (;GM[Othello]B[A1];)",
        "set game nonsense",
        "set depth 99",
        "set depth x",
        "set contempt lots",
        "set colour blue",
        "move Z9",
        "move A1",
        "move",
        "hint",
        "hint -2",
        "xyzzy plugh",
        "\u{1b}[A",
    ] {
        s.send(bad);
    }
    s.send_bytes(b"move \xff\xfe");
    s.send_bytes(b"\xc3\x28 set depth 2");
    let lines = sync(&mut s, 7);
    assert_eq!(lines, ["pong 7"]);
    s.send("go");
    let lines = s.until("===");
    legal(&example_position(), &answer(lines.last().unwrap()).0);
    s.quit();
}

#[test]
fn absurd_clocks_and_move_times_do_not_stop_the_session() {
    let mut s = start();
    s.send("set depth 2");
    s.send(
        "set game (;GM[Othello]PC[x]TI[1e300]TY[8]\
         BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
    );
    s.send("move F6/0/1e300");
    s.send("move D3/x/-5");
    s.send("move C5//inf");
    sync(&mut s, 1);
    s.send("hint 1");
    s.until("status ply is waiting");
    s.send("go");
    let lines = s.until("===");
    let mut position = Othello::start();
    for name in ["f5", "f6", "d3", "c5"] {
        position = position.play_unchecked(legal(&position, name));
    }
    legal(&position, &answer(lines.last().unwrap()).0);
    s.quit();
}

#[test]
fn end_of_input_ends_a_long_search_at_once() {
    let mut s = start();
    s.send("set depth 60");
    s.send(&format!("set game {EXAMPLE_GAME}"));
    s.send("go");
    s.send("ping 9");
    s.until("pong 9");
    let (_, took, success) = s.close_input(std::time::Duration::from_secs(10));
    assert!(took < std::time::Duration::from_millis(500), "{took:?}");
    assert!(success);
}
