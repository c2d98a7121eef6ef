//! `ply serve`: the server starts on the port asked (any free one with 0),
//! says where, answers the page and the API; bad arguments and a port in use
//! get one error line.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

fn ply() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ply"))
}

/// A GET over a fresh connection: the whole response.
fn get(address: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_answers_on_the_port_it_names() {
    let mut child = ply()
        .args(["--json", "serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let started: serde_json::Value = serde_json::from_str(&line).unwrap();
    let url = started["url"].as_str().unwrap().to_owned();
    assert_eq!(started["publish_token"].as_str().map(str::len), Some(32));
    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap()
        .to_owned();
    assert!(address.starts_with("127.0.0.1:"), "{url}");
    let page = get(&address, "/");
    let api = get(&address, "/api");
    let missing = get(&address, "/assets/../../etc/passwd");
    child.kill().unwrap();
    child.wait().unwrap();
    if let Some(file) = started["token_file"].as_str() {
        assert_eq!(
            std::fs::read_to_string(file).ok().as_deref(),
            started["publish_token"].as_str()
        );
        let _ = std::fs::remove_file(file);
    }
    assert!(
        page.starts_with("HTTP/1.1 200") && page.contains("<title>ply"),
        "{page}"
    );
    assert!(api.contains(r#""name":"othello""#), "{api}");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
}

#[test]
fn bad_addresses_and_taken_ports_are_refused() {
    let output = ply().args(["serve", "--bind", "nowhere"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(common::stderr(&output).lines().count(), 1);

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = ply().args(["serve", "--port", &port]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = common::stderr(&output);
    assert!(
        err.starts_with("error: ply serve: ") && err.lines().count() == 1,
        "{err}"
    );
}
