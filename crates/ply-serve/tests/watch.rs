//! The match view: `/watch`, `/api/match` and its games, boards and records
//! through the router in process, and the WebSocket on a loopback port.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::StreamExt;
use http_body_util::BodyExt;
use ply_serve::watch::{FeedLimits, GameEnd, GameStart, MatchFeed, MatchInfo, MovePlayed};
use ply_serve::{Config, State, router, watching};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn feed() -> Arc<MatchFeed> {
    Arc::new(MatchFeed::new(
        MatchInfo {
            game: "chess".to_owned(),
            engines: vec!["alpha".to_owned(), "beta".to_owned()],
            games: 2,
            event: "test".to_owned(),
            sides: ["White".to_owned(), "Black".to_owned()],
        },
        FeedLimits::default(),
    ))
}

/// Game `number` started from the start with 1. e4 as its opening.
fn start_game(feed: &MatchFeed, number: usize) {
    feed.game_started(GameStart {
        number,
        round: 1,
        engines: [0, 1],
        opening: "King's Pawn".to_owned(),
        start: START.to_owned(),
        moves: vec!["e4".to_owned()],
        position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_owned(),
        clocks: [Some(10_000), Some(10_000)],
        to_move: 1,
    });
}

fn play(feed: &MatchFeed, number: usize, notation: &str) {
    feed.moved(
        number,
        MovePlayed {
            notation: notation.to_owned(),
            position: "later".to_owned(),
            clocks: [Some(9_000), Some(9_500)],
            used_ms: Some(500),
            to_move: 0,
        },
    );
}

fn app(feed: Option<Arc<MatchFeed>>) -> Router {
    watching(Arc::new(State::new(Config::default())), feed)
}

async fn get(app: &Router, uri: &str) -> (StatusCode, String) {
    let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn get_json(app: &Router, uri: &str) -> (StatusCode, Value) {
    let (status, text) = get(app, uri).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}

#[tokio::test]
async fn without_a_match_the_page_says_so() {
    let app = router(Arc::new(State::new(Config::default())));
    let (status, page) = get(&app, "/watch").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("/assets/watch.js"));
    let (status, script) = get(&app, "/assets/watch.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(script.contains("/api/match/ws"));
    for uri in [
        "/api/match",
        "/api/match/ws",
        "/api/match/games/1",
        "/api/match/games/1/board.svg",
        "/api/match/games/1/record",
    ] {
        let (status, body) = get_json(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(
            body["error"].as_str().unwrap().contains("no match"),
            "{uri}: {body}"
        );
    }
}

#[tokio::test]
async fn nothing_over_http_starts_a_match() {
    let app = app(Some(feed()));
    for (method, uri) in [
        ("POST", "/api/match"),
        ("PUT", "/api/match"),
        ("DELETE", "/api/match"),
        ("POST", "/api/match/games"),
        ("POST", "/api/match/games/1"),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", "application/json")
            .body(Body::from(r#"{"engine": "cmd=/bin/sh"}"#))
            .unwrap();
        let status = app.clone().oneshot(request).await.unwrap().status();
        assert!(status.is_client_error(), "{method} {uri}: {status}");
    }
}

#[tokio::test]
async fn a_match_its_games_boards_and_records() {
    let feed = feed();
    let app = app(Some(Arc::clone(&feed)));
    let (status, snapshot) = get_json(&app, "/api/match").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(snapshot["match"]["engines"][1], "beta");
    assert_eq!(snapshot["live"], Value::Array(vec![]));
    assert_eq!(snapshot["over"], false);

    start_game(&feed, 1);
    play(&feed, 1, "e5");
    feed.engine_line(1, 0, "info depth 3 score cp 20 pv g1f3");
    let (_, snapshot) = get_json(&app, "/api/match").await;
    let live = &snapshot["live"][0];
    assert_eq!(live["moves"], serde_json::json!(["e4", "e5"]));
    assert_eq!(live["clocks"], serde_json::json!([9000, 9500]));
    assert_eq!(live["lines"][0][0], "info depth 3 score cp 20 pv g1f3");

    let (status, game) = get_json(&app, "/api/match/games/1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["record"], Value::Null);
    // A live game has no record yet.
    let (status, _) = get_json(&app, "/api/match/games/1/record").await;
    assert_eq!(status, StatusCode::CONFLICT);

    for ply in ["", "?ply=0", "?ply=2&theme=dark&flip=true"] {
        let (status, svg) = get(&app, &format!("/api/match/games/1/board.svg{ply}")).await;
        assert_eq!(status, StatusCode::OK, "{ply}");
        assert!(svg.starts_with("<svg"), "{ply}");
    }
    for (uri, expected) in [
        (
            "/api/match/games/1/board.svg?ply=3",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/match/games/1/board.svg?ply=-1",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/match/games/1/board.svg?theme=pink",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/match/games/1/board.svg?cmd=sh",
            StatusCode::BAD_REQUEST,
        ),
        ("/api/match/games/2", StatusCode::NOT_FOUND),
        ("/api/match/games/x", StatusCode::NOT_FOUND),
        (
            "/api/match/games/99999999999999999999999",
            StatusCode::NOT_FOUND,
        ),
        ("/api/match/games/2/board.svg", StatusCode::NOT_FOUND),
        ("/api/match/nothing", StatusCode::NOT_FOUND),
    ] {
        let (status, body) = get_json(&app, uri).await;
        assert_eq!(status, expected, "{uri}: {body}");
        assert!(body["error"].is_string(), "{uri}");
    }

    feed.game_ended(
        1,
        GameEnd {
            result: "1/2-1/2".to_owned(),
            winner: None,
            reason: "draw by agreement".to_owned(),
            termination: "adjudication".to_owned(),
            record: "[Event \"test\"]\n\n1. e4 e5 1/2-1/2\n".to_owned(),
        },
    );
    feed.score(serde_json::json!({"games": 1, "draws": 1, "elo": 0.0, "elo_error": 0.0}));
    feed.finish(false);
    let (_, snapshot) = get_json(&app, "/api/match").await;
    assert_eq!(snapshot["over"], true);
    assert_eq!(snapshot["finished"][0]["result"], "1/2-1/2");
    assert_eq!(snapshot["cross"][0]["draws"], 1);
    assert_eq!(snapshot["score"]["games"], 1);
    let (status, record) = get(&app, "/api/match/games/1/record").await;
    assert_eq!(status, StatusCode::OK);
    assert!(record.contains("1. e4 e5"));
    let (status, svg) = get(&app, "/api/match/games/1/board.svg?ply=1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next(socket: &mut Socket) -> Value {
    let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .expect("a message in time")
        .unwrap()
        .unwrap();
    serde_json::from_str(message.to_text().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_sends_the_snapshot_then_the_events() {
    let feed = feed();
    start_game(&feed, 1);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = app(Some(Arc::clone(&feed)));
    tokio::spawn(async move { axum::serve(listener, app).await });

    // Another site's page may not follow the match.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{address}/api/match/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());

    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/api/match/ws"))
        .await
        .unwrap();
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["seq"], 1);
    assert_eq!(snapshot["live"][0]["number"], 1);
    play(&feed, 1, "e5");
    feed.engine_line(1, 0, "info depth 1 score cp 5");
    let moved = next(&mut socket).await;
    assert_eq!(
        (&moved["type"], &moved["seq"], &moved["move"]),
        (&"move".into(), &2.into(), &"e5".into())
    );
    let line = next(&mut socket).await;
    assert_eq!((&line["type"], &line["side"]), (&"line".into(), &0.into()));
    feed.finish(true);
    let over = next(&mut socket).await;
    assert_eq!(
        (&over["type"], &over["interrupted"]),
        (&"over".into(), &true.into())
    );
}
