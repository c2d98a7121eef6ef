//! A load test, ignored by default (it takes about 20 s of two cores):
//! 100 pages at once on a loopback port, each with its game and its
//! analysis WebSocket open, a fifth of them analysing all the time, the
//! others playing moves over HTTP. No request may fail, and the median
//! latency of a plain move must stay under 50 ms.
//!
//! `cargo test --release -p ply-serve --test load -- --ignored --nocapture`

use futures_util::{SinkExt, StreamExt};
use ply_serve::{Config, State, router};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

const PAGES: usize = 100;
const ANALYSING: usize = PAGES / 5;
const MOVES_PER_PAGE: usize = 30;

/// One HTTP/1.1 request on a fresh connection: the status and the JSON body.
async fn http(address: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8(response).unwrap();
    let status = text[9..12].parse().unwrap();
    let (_, body) = text.split_once("\r\n\r\n").unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches(" kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: run it with --ignored"]
async fn a_hundred_pages_at_once() {
    let state = Arc::new(State::new(Config::default()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(axum::serve(listener, router(Arc::clone(&state))).into_future());
    let before = resident_mib();
    let started = Instant::now();
    let games = ["chess", "checkers", "othello"];
    let mut pages = Vec::new();
    for page in 0..PAGES {
        pages.push(tokio::spawn(async move {
            let game = games[page % 3];
            let (status, view) = http(
                address,
                "POST",
                "/api/games",
                Some(&json!({ "game": game })),
            )
            .await;
            assert_eq!(status, 201, "{view}");
            let id = view["id"].as_str().unwrap().to_owned();
            let url = format!("ws://{address}/api/games/{id}/analyse");
            let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
            let mut latencies = Vec::new();
            let mut lines = 0;
            if page < ANALYSING {
                // Analyse for ten seconds, a second at a time.
                let until = Instant::now() + Duration::from_secs(10);
                while Instant::now() < until {
                    let ask = json!({ "analyse": { "movetime": 1000 } }).to_string();
                    socket.send(Message::text(ask)).await.unwrap();
                    loop {
                        let Some(Ok(Message::Text(text))) = socket.next().await else {
                            panic!("the analysis socket closed");
                        };
                        let message: Value = serde_json::from_str(text.as_str()).unwrap();
                        match message["type"].as_str() {
                            Some("line") => lines += 1,
                            Some("done") => break,
                            _ => panic!("analysis error: {message}"),
                        }
                    }
                }
            } else {
                let mut view = view;
                for _ in 0..MOVES_PER_PAGE {
                    let moves = view["moves"].as_array().unwrap();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[(page + latencies.len()) % moves.len()]["notation"].clone();
                    let sent = Instant::now();
                    let (status, played) = http(
                        address,
                        "POST",
                        &format!("/api/games/{id}/moves"),
                        Some(&json!({ "move": mv })),
                    )
                    .await;
                    latencies.push(sent.elapsed());
                    assert_eq!(status, 200, "{played}");
                    view = played["game"].clone();
                    // A person takes a moment to move.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            socket.close(None).await.ok();
            (latencies, lines)
        }));
    }
    let mut latencies = Vec::new();
    let mut lines = 0;
    for page in pages {
        let (page_latencies, page_lines) = page.await.expect("a page failed");
        latencies.extend(page_latencies);
        lines += page_lines;
    }
    let after = resident_mib();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let median = at(0.5);
    println!(
        "{PAGES} pages ({ANALYSING} analysing, {lines} lines streamed), {} moves in {:.1} s: \
         move latency median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms; \
         resident memory {before:.0} MiB before, {after:.0} MiB after; {} games kept",
        latencies.len(),
        started.elapsed().as_secs_f64(),
        median.as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
        state.len(),
    );
    assert!(median < Duration::from_millis(50), "median {median:?}");
    assert!(lines > 0);
    assert_eq!(state.len(), PAGES);
}
