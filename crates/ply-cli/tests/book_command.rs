//! `ply book build|info` and the book in `ply best`, `ply nboard` and `ply
//! play`, through the binary, with a tiny book built here.

mod common;

use common::Session;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A fresh directory for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds a tiny Othello book at `path` (more `extra` options).
fn build(path: &Path, extra: &[&str]) -> Output {
    let path = path.to_str().unwrap();
    let mut args = vec![
        "book",
        "build",
        "othello",
        "--out",
        path,
        "--depth",
        "4",
        "--search-depth",
        "3",
        "--deviation",
        "100",
        "--json",
    ];
    args.extend_from_slice(extra);
    ply(&args)
}

#[test]
fn a_book_builds_resumes_to_the_same_file_and_describes_itself() {
    let dir = scratch("build");
    let whole = dir.join("whole.book");
    let out = build(&whole, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["finished"], true);
    assert!(line["positions"].as_u64().unwrap() > 20, "{line}");
    // The same build in three parts.
    let parts = dir.join("parts.book");
    let out = build(&parts, &["--stop-after", "5"]);
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["finished"], false, "{line}");
    let again = build(&parts, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--resume"), "{}", stderr(&again));
    assert!(
        build(&parts, &["--resume", "--stop-after", "12"])
            .status
            .success()
    );
    assert!(build(&parts, &["--resume"]).status.success());
    assert_eq!(
        std::fs::read(&parts).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    // Another depth is another book.
    let other = ply(&[
        "book",
        "build",
        "othello",
        "--out",
        parts.to_str().unwrap(),
        "--depth",
        "3",
        "--search-depth",
        "3",
        "--deviation",
        "100",
        "--resume",
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("other settings"),
        "{}",
        stderr(&other)
    );
    let info = ply(&["book", "info", "othello", "--book", whole.to_str().unwrap()]);
    assert!(info.status.success());
    assert!(
        stdout(&info).contains("book depth 4, deviation 100, search depth 3"),
        "{}",
        stdout(&info)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn best_plays_from_the_book_and_not_with_no_book() {
    let dir = scratch("best");
    let book = dir.join("tiny.book");
    assert!(build(&book, &[]).status.success());
    let path = book.to_str().unwrap();
    let out = ply(&["best", "othello", "--book", path, "--depth", "3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["book"], true, "{line}");
    assert_eq!(line["nodes"], 0);
    let out = ply(&["best", "othello", "--no-book", "--depth", "3", "--json"]);
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(line.get("book").is_none(), "{line}");
    assert!(line["nodes"].as_u64().unwrap() > 0);
    // Out of the book: a search.
    let deep = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let out = ply(&[
        "best", "othello", "--book", path, "--fen", deep, "--depth", "3", "--json",
    ]);
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(line.get("book").is_none(), "{line}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_book_files_are_refused_with_a_clear_error() {
    let dir = scratch("bad");
    let junk = dir.join("junk.book");
    std::fs::write(&junk, b"not a book at all").unwrap();
    let checkers = dir.join("checkers.book");
    let built = ply(&[
        "book",
        "build",
        "checkers",
        "--out",
        checkers.to_str().unwrap(),
        "--depth",
        "1",
        "--search-depth",
        "1",
        "--deviation",
        "0",
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    let othello = dir.join("othello.book");
    assert!(build(&othello, &[]).status.success());
    let good = std::fs::read(&othello).unwrap();
    let cut = dir.join("cut.book");
    std::fs::write(&cut, &good[..good.len() - 3]).unwrap();
    for (file, message) in [
        (&junk, "not a ply book (bad magic bytes)"),
        (&checkers, "this book is for checkers, not othello"),
        (&cut, "truncated book"),
        (&dir.join("missing.book"), "missing.book: "),
    ] {
        for command in [
            &["best", "othello", "--depth", "1"][..],
            &["play", "othello"][..],
        ] {
            let mut args = command.to_vec();
            args.extend(["--book", file.to_str().unwrap()]);
            let out = ply(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = stderr(&out);
            assert!(
                err.contains(message) && !err.contains("panic"),
                "{args:?}: {err}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn nboard_hints_in_the_book_are_book_lines() {
    let dir = scratch("nboard");
    let book = dir.join("tiny.book");
    assert!(build(&book, &[]).status.success());
    let mut s = Session::start(&format!("nboard --book {}", book.display()));
    s.send("nboard 2");
    assert_eq!(s.next(), "set myname ply");
    s.send("set depth 3");
    s.send("hint 3");
    let lines = s.until("status ply is waiting");
    let books: Vec<&String> = lines.iter().filter(|l| l.starts_with("book ")).collect();
    assert_eq!(books.len(), 3, "{lines:?}");
    for line in &books {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert!(
            fields[1].len() >= 2 && fields[1].len().is_multiple_of(2),
            "{line}"
        );
        assert!(
            fields[2].parse::<f64>().is_ok() && fields[3] == "0",
            "{line}"
        );
        assert!(fields[4].parse::<u32>().is_ok(), "{line}");
    }
    assert!(!lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    s.send("go");
    let lines = s.until("===");
    assert!(lines.iter().any(|l| l.starts_with("book ")), "{lines:?}");
    s.quit();
    // Without the book: search lines.
    let mut s = Session::start("nboard --no-book");
    s.send("nboard 2");
    assert_eq!(s.next(), "set myname ply");
    s.send("set depth 3");
    s.send("hint 2");
    let lines = s.until("status ply is waiting");
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("book ")), "{lines:?}");
    s.quit();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_shipped_books_answer_from_the_start() {
    for game in ["othello", "checkers"] {
        let out = ply(&["best", game, "--depth", "2", "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(line["book"], true, "{game}: {line}");
        let info = ply(&["book", "info", game, "--json"]);
        let info: serde_json::Value = serde_json::from_str(stdout(&info).trim()).unwrap();
        assert_eq!(info["moves"][0]["move"], line["move"], "{game}: {info}");
    }
}

#[test]
fn hub_answers_from_the_shipped_checkers_book() {
    let expected = ply(&["best", "checkers", "--depth", "2", "--json"]);
    let expected: serde_json::Value = serde_json::from_str(stdout(&expected).trim()).unwrap();
    for (options, book) in [("hub", true), ("hub --no-book", false)] {
        let mut s = Session::start(options);
        s.send("set-param name=frame value=standard");
        s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        s.send("level depth=4");
        s.send("go think");
        let lines = s.until("done");
        let done = lines.last().unwrap();
        let infos = lines.iter().filter(|l| l.starts_with("info ")).count();
        if book {
            // One info line, the book's, and its best move.
            assert_eq!(infos, 1, "{lines:?}");
            assert!(
                done.starts_with(&format!("done move={}", expected["move"].as_str().unwrap())),
                "{done}"
            );
        } else {
            assert!(infos >= 4, "{lines:?}");
        }
        s.quit();
    }
}
