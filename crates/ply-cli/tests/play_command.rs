//! `ply play` through the binary with piped input: whole games the computer
//! plays against itself, a person's games driven move by move, commands,
//! illegal input, and records saved, loaded and read from other programs.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

/// Runs `ply play ARGS` with `input` on stdin.
fn play(args: &[&str], input: &str) -> Output {
    play_bytes(args, input.as_bytes())
}

/// Starts `ply play ARGS` with its stdin, stdout and stderr piped.
fn spawn_play(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply runs")
}

/// Runs `ply play ARGS` with raw `input` (not necessarily UTF-8) on stdin.
fn play_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn_play(args);
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A fresh file name in the temporary directory.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The lines of `text` that report moves.
fn move_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            (l.starts_with("White ") || l.starts_with("Black "))
                && (l.contains(" plays ") || l.contains(" passes"))
        })
        .collect()
}

/// The first line of `text` that starts with `marker`.
fn line_starting<'a>(text: &'a str, marker: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(marker))
        .unwrap_or_else(|| panic!("no line starting with {marker:?} in:\n{text}"))
}

/// The line before the first line that starts with `marker`.
fn line_before<'a>(text: &'a str, marker: &str) -> &'a str {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(marker))
        .unwrap_or_else(|| panic!("no line starting with {marker:?} in:\n{text}"));
    lines[at - 1]
}

/// Self-play at level 1 to the end, saved, loaded back by another process and
/// replayed to the same final position; gives the saved file's text.
fn self_play_round_trip(game: &str, seed: &str, file: &str) -> String {
    let path = temp_file(file);
    let path = path.to_str().unwrap();
    let out = play(
        &["--color", "none", "--level", "1", "--seed", seed, game],
        &format!("position\nsave {path}\nquit\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let over = line_starting(&text, "Game over: ");
    assert!(over.ends_with('.'), "{over}");
    let final_position = line_before(&text, "Saved the game to ");
    assert!(text.contains(&format!("Saved the game to {path}")));
    assert!(move_lines(&text).len() > 10);

    let again = play(
        &["--color", "both", game],
        &format!("load {path}\nposition\nquit\n"),
    );
    assert!(again.status.success());
    let again = stdout(&again);
    assert!(again.contains(&format!("Loaded {path}: ")), "{again}");
    assert_eq!(again.lines().last().unwrap(), final_position, "{again}");
    assert_eq!(line_starting(&again, "Game over: "), over);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn chess_self_play_ends_with_a_result_and_its_pgn_replays() {
    let pgn = self_play_round_trip("chess", "11", "self.pgn");
    assert!(
        pgn.starts_with("[Event \"ply play\"]\n[Site \"?\"]\n[Date \""),
        "{pgn}"
    );
    assert!(pgn.contains("[White \"ply level 1\"]\n[Black \"ply level 1\"]\n[Result \""));
    let result = pgn.split_whitespace().last().unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{pgn}");
    assert!(pgn.contains("1. "));
}

#[test]
fn othello_self_play_ends_with_the_disc_count_and_its_ggf_replays() {
    let ggf = self_play_round_trip("othello", "5", "self.ggf");
    assert!(ggf.starts_with("(;GM[Othello]PC[ply]DT["), "{ggf}");
    assert!(ggf.contains(
        "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B["
    ));
    assert!(ggf.contains("RE[+") || ggf.contains("RE[-"), "{ggf}");
    assert!(ggf.trim_end().ends_with(";)"));
}

#[test]
fn a_seed_replays_the_same_game_and_other_seeds_differ() {
    let game = |seed: &str| {
        let out = play(
            &["othello", "--color", "none", "--level", "2", "--seed", seed],
            "",
        );
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(text.contains(&format!("seed {seed}.")));
        move_lines(&text).join("\n")
    };
    let strip_times = |text: String| {
        // The note after each searched move ends with the time taken.
        text.lines()
            .map(|l| l.split(", score").next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let a = strip_times(game("1"));
    assert_eq!(a, strip_times(game("1")));
    assert_ne!(a, strip_times(game("2")));
    // The first moves come from the book.
    assert!(a[0].ends_with("(book)"), "{}", a[0]);
}

/// A person's game through pipes: asks for the legal moves at each turn and
/// plays the first, until the game ends.
fn drive(args: &[&str], max_turns: usize) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut transcript = String::new();
    let mut turns = 0;
    writeln!(stdin, "moves").unwrap();
    while let Some(Ok(line)) = lines.next() {
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some(list) = line.strip_prefix("Legal moves: ") {
            turns += 1;
            assert!(turns <= max_turns, "{transcript}");
            let first = list.split(' ').next().unwrap();
            writeln!(stdin, "{first}\nmoves").unwrap();
        }
        if line.starts_with("Game over: ") {
            writeln!(stdin, "quit").unwrap();
        }
    }
    assert!(child.wait().unwrap().success());
    transcript
}

#[test]
fn a_person_plays_a_whole_othello_game_against_the_computer() {
    let text = drive(&["othello", "--level", "1", "--seed", "9"], 40);
    let over = line_starting(&text, "Game over: ");
    assert!(over.contains("(final disc count)."), "{over}");
    assert!(over.ends_with("You win!") || over.ends_with("You lose.") || over.contains("draw"));
    assert!(text.contains("White plays "), "{text}");
    // After the game, `moves` is refused with a reason.
    assert!(text.contains("error: the game is over"), "{text}");
}

#[test]
fn a_person_mates_the_computer_and_is_told() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = play(&["chess", "--fen", fen, "--level", "1"], "Ra8#\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(text.contains("White plays Ra8#"), "{text}");
    assert!(
        text.contains("Game over: White wins by checkmate. You win!"),
        "{text}"
    );
    // Playing Black, the computer mates the person.
    let out = play(
        &[
            "chess",
            "--fen",
            fen,
            "--color",
            "black",
            "--level",
            "10",
            "--movetime",
            "200",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(
        text.contains("Game over: White wins by checkmate. You lose."),
        "{text}"
    );
    // The board is turned for the person playing Black: h-file first.
    assert!(text.contains("   h  g  f  e  d  c  b  a"), "{text}");
}

#[test]
fn illegal_ambiguous_and_unknown_input_is_refused_with_the_legal_moves() {
    let out = play(&["chess", "--seed", "1"], "e5\nxyz\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(
        text.contains("error: e5 is not legal here; legal moves: Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4\n"),
        "{text}"
    );
    assert!(text.contains("error: 'xyz' is not a move"), "{text}");
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    let out = play(
        &["chess", "--fen", fen, "--color", "both"],
        "Nd2\nNbd2\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("error: Nd2 is ambiguous: it could be Nbd2, Nfd2; legal moves: "),
        "{text}"
    );
    assert!(text.contains("White plays Nbd2"), "{text}");
    let out = play(&["othello", "--seed", "1"], "a1\nd4\nquit\n");
    let text = stdout(&out);
    assert!(
        text.contains(
            "error: a1 is not legal here: it turns no disc over; legal moves: c4 d3 e6 f5"
        ),
        "{text}"
    );
    assert!(
        text.contains("error: d4 is not legal here: the square is taken"),
        "{text}"
    );
}

#[test]
fn undo_takes_back_the_persons_move_and_the_reply() {
    let out = play(
        &["chess", "--seed", "4", "--level", "1"],
        "e4\nundo\nposition\nundo\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("White plays e4\nBlack plays "), "{text}");
    assert!(text.contains("Took back 2 moves."));
    assert!(text.contains("\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    assert!(text.contains("error: there is no move to take back"));
}

#[test]
fn flip_level_movetime_help_history_and_quit() {
    let out = play(
        &["chess", "--seed", "4", "--level", "1"],
        "flip\nlevel 3\nlevel 11\nmovetime 250\nmovetime x\nnumbers\nhelp\nd4\nhistory\nquit\nthis is never read\n",
    );
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(
        text.contains("   h  g  f  e  d  c  b  a\n1  R  N  B  K  Q  B  N  R  1"),
        "{text}"
    );
    assert!(text.contains("Level 3 (at most 2 plies"), "{text}");
    assert!(text.contains("error: level needs a number from 1 (beginner) to 10 (full strength)"));
    assert!(text.contains("Time per move: 250 ms."));
    assert!(text.contains("error: movetime needs milliseconds"));
    assert!(text.contains("error: chess squares have no numbers"));
    assert!(text.contains("Commands:\n") && text.contains("save FILE") && text.contains("undo"));
    assert!(text.contains("\n1. d4 "), "{text}");
    assert!(
        text.contains("level 3 · 0.2 s per move") || text.contains("level 3 · 0.3 s per move"),
        "{text}"
    );
    assert!(!text.contains("never read"));
}

#[test]
fn hint_suggests_a_legal_move() {
    let out = play(
        &[
            "othello",
            "--fen",
            "---------------------------OX------XO--------------------------- X",
            "--movetime",
            "100",
        ],
        "hint\nquit\n",
    );
    let text = stdout(&out);
    let hint = line_starting(&text, "Hint: ");
    assert!(
        ["c4", "d3", "e6", "f5"]
            .iter()
            .any(|m| hint.starts_with(&format!("Hint: {m} "))),
        "{hint}"
    );
    let out = play(&["chess", "--seed", "3"], "hint\nquit\n");
    assert!(line_starting(&stdout(&out), "Hint: ").ends_with("(from the opening book)"));
}

#[test]
fn saved_games_load_back_and_bad_files_leave_the_game_alone() {
    let path = temp_file("person.pgn");
    let path = path.to_str().unwrap();
    let out = play(
        &["chess", "--seed", "8", "--level", "1"],
        &format!("d4\nNf3\nposition\nsave {path}\nquit\n"),
    );
    let text = stdout(&out);
    let position = line_before(&text, "Saved the game to ");
    let saved = std::fs::read_to_string(path).unwrap();
    assert!(
        saved.contains("[Result \"*\"]") && saved.contains("1. d4 "),
        "{saved}"
    );

    let garbage = temp_file("garbage.pgn");
    std::fs::write(&garbage, "1. e4 e5 2. Kf3 *").unwrap();
    let garbage = garbage.to_str().unwrap();
    let out = play(
        &["chess", "--color", "both"],
        &format!(
            "e4\nload {garbage}\nload /nonexistent/x.pgn\nload\nposition\nload {path}\nposition\nquit\n"
        ),
    );
    let text = stdout(&out);
    assert!(
        text.contains(&format!("error: cannot load {garbage} (PGN): move 3 (Kf3): Kf3 is not legal here; the game is unchanged")),
        "{text}"
    );
    assert!(text.contains("error: cannot load /nonexistent/x.pgn: "));
    assert!(text.contains("error: load needs a file name: load FILE"));
    assert!(
        text.contains("\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"),
        "{text}"
    );
    assert_eq!(text.lines().last().unwrap(), position);
}

#[test]
fn pgn_from_python_chess_loads() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for (file, fen) in [
        (
            "python_chess.pgn",
            "r1bq1rk1/2pnbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP3PP1/RNBQR1K1 w - - 1 11",
        ),
        ("python_chess_fen.pgn", "8/8/4k3/8/4P3/8/3K4/8 b - - 2 42"),
    ] {
        let path = data.join(file);
        let out = play(
            &["chess", "--color", "both"],
            &format!("load {}\nposition\nquit\n", path.display()),
        );
        let text = stdout(&out);
        assert!(text.contains("Loaded "), "{text}");
        assert_eq!(text.lines().last().unwrap(), fen, "{text}");
    }
}

#[test]
fn ggf_as_nboard_writes_it_loads() {
    let path = temp_file("nboard.ggf");
    std::fs::write(
        &path,
        "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]\
         BO[8 ---------------------------O*------*O--------------------------- *]\
         B[F5//1.50]W[D6]B[C3//0.25]W[D3]B[C4];)",
    )
    .unwrap();
    let out = play(
        &["othello", "--color", "both"],
        &format!("load {}\nhistory\nquit\n", path.display()),
    );
    let text = stdout(&out);
    assert!(text.contains("Loaded "), "{text}");
    assert!(text.contains("opening: Tiger"), "{text}");
    assert!(text.contains("1. f5 d6 2. c3 d3 3. c4\n"), "{text}");
    // Saved again, the game keeps the date its record gave it.
    let saved = temp_file("nboard-saved.ggf");
    let out = play(
        &["othello", "--color", "both"],
        &format!("load {}\nsave {}\nquit\n", path.display(), saved.display()),
    );
    assert!(stdout(&out).contains("Saved the game"), "{}", stdout(&out));
    let written = std::fs::read_to_string(&saved).unwrap();
    assert!(written.contains("DT[2014.02.21_20:52:27.UTC]"), "{written}");
}

#[test]
fn a_game_saved_twice_is_the_same_file() {
    // GGF dates a game to the second: the game's date is when it began,
    // not when it was saved.
    let (first, second) = (temp_file("twice-1.ggf"), temp_file("twice-2.ggf"));
    let mut child = spawn_play(&["othello", "--color", "both"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "f5\nsave {}", first.display()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    writeln!(stdin, "save {}\nquit", second.display()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stdout(&out));
    let (first, second) = (
        std::fs::read_to_string(first).unwrap(),
        std::fs::read_to_string(second).unwrap(),
    );
    assert!(first.contains("B[F5"), "{first}");
    assert_eq!(first, second);
}

#[test]
fn bad_command_lines_fail_with_one_line_and_code_2() {
    for args in [
        vec!["chess", "--level", "11"],
        vec!["chess", "--color", "red"],
        vec!["go"],
        vec!["checkers", "--fen", "B:W33:B1"],
        vec!["chess", "--fen", "not a position"],
        vec!["chess", "--movetime", "0"],
    ] {
        let out = play(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["--json", "play", "chess"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn checkers_self_play_ends_with_a_result_and_its_pdn_replays() {
    let pdn = self_play_round_trip("checkers", "3", "self.pdn");
    assert!(
        pdn.contains("[Black \"ply level 1\"]\n[White \"ply level 1\"]\n[Result \""),
        "{pdn}"
    );
    assert!(pdn.contains("[GameType \"21\"]"));
    let result = pdn.split_whitespace().last().unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{pdn}");
}

#[test]
fn a_person_plays_a_whole_checkers_game_against_the_computer() {
    let text = drive(&["checkers", "--level", "1", "--seed", "2"], 200);
    let over = line_starting(&text, "Game over: ");
    assert!(
        over.ends_with("You win!") || over.ends_with("You lose.") || over.contains("draw"),
        "{over}"
    );
    // The person plays Black (moves first) and sees the board from Black's side.
    assert!(text.contains("   h  g  f  e  d  c  b  a"), "{text}");
    assert!(text.contains("White plays "), "{text}");
}

#[test]
fn checkers_refuses_a_move_when_a_capture_is_compulsory_and_shows_numbers() {
    let out = play(
        &["checkers", "--fen", "B:W18:B14,9", "--color", "both"],
        "9-13\nnumbers\n14x23\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains(
            "error: 9-13 is not legal here: a capture is compulsory; legal moves: 14x23\n"
        ),
        "{text}"
    );
    assert!(text.contains("Black must capture"), "{text}");
    // Numbers on the empty dark squares, the board seen from White's side.
    assert!(text.contains("8  .  1  .  2  .  3  .  4  8"), "{text}");
    assert!(text.contains("Black plays 14x23"), "{text}");
    assert!(
        text.contains("Game over: Black wins: White has no legal move."),
        "{text}"
    );
}

#[test]
fn at_full_strength_the_othello_endgame_is_solved() {
    // FFO #1: Black to move wins by 18, only with g8.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let full = stdout(&play(
        &[
            "othello", "--fen", ffo1, "--color", "white", "--level", "10",
        ],
        "quit\n",
    ));
    assert!(
        full.contains("Black plays g8 (solved: wins by 18)"),
        "{full}"
    );
    // Lower levels search (and may err) as before.
    let weak = stdout(&play(
        &[
            "othello", "--fen", ffo1, "--color", "white", "--level", "2", "--seed", "1",
        ],
        "quit\n",
    ));
    assert!(weak.contains("Black plays "), "{weak}");
    assert!(!weak.contains("solved"), "{weak}");
}

#[test]
fn a_line_of_stray_bytes_is_refused_and_play_goes_on() {
    let out = play_bytes(
        &["checkers", "--level", "1", "--seed", "1"],
        b"\xff\xfe\n11-15\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(text.contains("is not a move"), "{text}");
    assert!(text.contains("Black plays 11-15"), "{text}");
}
