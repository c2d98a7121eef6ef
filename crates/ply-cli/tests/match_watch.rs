//! `ply match ... -serve`: a two-game match of ply against ply followed
//! through the page's API (`/api/match`) until both games are over, each
//! game's board replayed and its record read; a port in use is a clear
//! error.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PLY: &str = env!("CARGO_BIN_EXE_ply");

/// A GET on the server: the status and the body.
fn get(address: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("the server answers");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        address.port()
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").expect("a response");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    // The server answers small bodies whole or chunked: undo the chunks.
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut rest = body;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let size = usize::from_str_radix(size.trim(), 16).unwrap();
            if size == 0 {
                break;
            }
            out.push_str(&after[..size]);
            rest = &after[size + 2..];
        }
        out
    } else {
        body.to_owned()
    };
    (status, body)
}

fn get_json(address: SocketAddr, path: &str) -> Value {
    let (status, body) = get(address, path);
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
}

/// Ends the match process (it serves its page until stopped) when the test
/// ends, whatever happens.
struct Match(Child);

impl Drop for Match {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(args: &[&str]) -> (Match, SocketAddr) {
    let mut child = Command::new(PLY)
        .arg("match")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply runs");
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let child = Match(child);
    let url = loop {
        let line = lines
            .next()
            .expect("ply match prints the page's address")
            .unwrap();
        if let Some(url) = line.strip_prefix("watch the match at ") {
            break url.to_owned();
        }
    };
    // Keep reading stderr so that the match never blocks on it.
    std::thread::spawn(move || for _ in lines {});
    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix("/watch"))
        .unwrap_or_else(|| panic!("an address: {url}"))
        .parse()
        .unwrap();
    (child, address)
}

#[test]
fn a_served_match_is_followed_to_the_end() {
    let engine = format!("cmd={PLY} uci");
    let (mut process, address) = start(&[
        "chess",
        "-engine",
        &engine,
        "name=alpha",
        "-engine",
        &engine,
        "name=beta",
        "-each",
        "depth=2",
        "-games",
        "2",
        "-maxmoves",
        "30",
        "-serve",
        "0",
        "--json",
    ]);
    let (status, page) = get(address, "/watch");
    assert_eq!(status, 200);
    assert!(page.contains("watch.js"));
    let deadline = Instant::now() + Duration::from_secs(120);
    let snapshot = loop {
        let snapshot = get_json(address, "/api/match");
        assert_eq!(snapshot["match"]["game"], "chess");
        assert_eq!(snapshot["match"]["engines"][0], "alpha");
        assert_eq!(snapshot["match"]["games"], 2);
        if snapshot["over"] == true {
            break snapshot;
        }
        assert!(Instant::now() < deadline, "the match does not end");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(snapshot["interrupted"], false);
    assert_eq!(snapshot["live"], Value::Array(vec![]));
    let finished = snapshot["finished"].as_array().unwrap();
    assert_eq!(finished.len(), 2);
    assert_eq!(snapshot["score"]["games"], 2);
    let cells: u64 = snapshot["cross"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c["wins"].as_u64().unwrap()
                + c["draws"].as_u64().unwrap()
                + c["losses"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(cells, 2);

    let mut engine_moves = 0;
    for (index, summary) in finished.iter().enumerate() {
        let number = index + 1;
        assert_eq!(summary["number"], number);
        let game = get_json(address, &format!("/api/match/games/{number}"));
        let moves = game["moves"].as_array().unwrap().len();
        assert_eq!(summary["plies"], moves);
        engine_moves += moves - game["opening_plies"].as_u64().unwrap() as usize;
        // The board replays every move.
        let (status, svg) = get(
            address,
            &format!("/api/match/games/{number}/board.svg?ply={moves}"),
        );
        assert_eq!(status, 200, "{svg}");
        assert!(svg.starts_with("<svg"));
        let (status, record) = get(address, &format!("/api/match/games/{number}/record"));
        assert_eq!(status, 200);
        assert!(record.contains("[White \""), "{record}");
        assert_eq!(game["record"], record);
    }
    // Events: two starts, the engines' moves, two ends, two scores, the
    // end of the match; the rest are the engines' thinking lines.
    let lines =
        (snapshot["seq"].as_u64().unwrap() as usize).saturating_sub(2 + engine_moves + 2 + 2 + 1);
    assert!(lines > 0, "no engine line reported");

    // The results went to stdout as without -serve.
    let _ = process.0.kill();
    let mut out = String::new();
    process
        .0
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let games = out.lines().filter(|l| l.contains("\"game\"")).count();
    assert_eq!(games, 2, "{out}");
    assert!(out.lines().last().unwrap().contains("\"summary\":true"));
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let engine = format!("cmd={PLY} uci");
    let output = Command::new(PLY)
        .args(["match", "chess", "-engine", &engine, "-engine", &engine])
        .args(["-each", "depth=1", "-serve", &port])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-serve: cannot listen"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn a_match_published_to_a_running_serve_is_followed_there() {
    let mut server = Command::new(PLY)
        .args(["--json", "serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply runs");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let server = Match(server);
    let started: Value = serde_json::from_str(&line).unwrap();
    let url = started["url"].as_str().unwrap().trim_end_matches('/');
    let address: SocketAddr = url.strip_prefix("http://").unwrap().parse().unwrap();
    let token_file = started["token_file"].as_str().unwrap().to_owned();
    let engine = format!("cmd={PLY} uci");
    let base = [
        "match",
        "chess",
        "-engine",
        &engine,
        "name=gamma",
        "-engine",
        &engine,
        "name=delta",
        "-each",
        "nodes=300",
        "-games",
        "2",
        "-maxmoves",
        "8",
        "-publish",
        url,
    ];
    // A wrong token is refused with the server's reason.
    let refused = Command::new(PLY)
        .args(base)
        .args(["-token", "wrong"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("401") && err.contains("token"), "{err}");
    // The token from the server's file.
    let played = Command::new(PLY).args(base).output().unwrap();
    let err = String::from_utf8_lossy(&played.stderr);
    assert!(played.status.success(), "{err}");
    assert!(
        err.contains(&format!("watch the match at {url}/watch?match=")),
        "{err}"
    );
    let list = get_json(address, "/api/matches");
    let listed = &list["matches"][0];
    assert_eq!(
        listed["engines"],
        serde_json::json!(["gamma", "delta"]),
        "{list}"
    );
    assert_eq!(listed["over"], true, "{list}");
    let id = listed["id"].as_str().unwrap();
    let snapshot = get_json(address, &format!("/api/match?match={id}"));
    assert_eq!(
        snapshot["finished"].as_array().unwrap().len(),
        2,
        "{snapshot}"
    );
    assert_eq!(snapshot["score"]["games"], 2, "{snapshot}");
    drop(server);
    let _ = std::fs::remove_file(token_file);
}
