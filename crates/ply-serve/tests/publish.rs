//! Matches published to a running server (`ply match -publish`): the
//! publisher posts to a server on a loopback port and the match shows on
//! `/api/matches` and `/api/match?match=ID`; the refusals (no loopback
//! peer, no or a wrong token, bad bodies, too many events, matches or
//! requests) through the router in process.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ply_serve::publish::{MAX_EVENTS, MAX_MATCHES, MAX_REQUESTS_PER_SECOND, Publisher};
use ply_serve::watch::{FeedEvent, GameEnd, GameStart, MatchInfo, MovePlayed};
use ply_serve::{Config, State, watching};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use tower::ServiceExt;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn info() -> MatchInfo {
    MatchInfo {
        game: "chess".to_owned(),
        engines: vec!["alpha".to_owned(), "beta".to_owned()],
        games: 1,
        event: "published".to_owned(),
        sides: ["White".to_owned(), "Black".to_owned()],
    }
}

fn events() -> Vec<FeedEvent> {
    vec![
        FeedEvent::Game {
            game: GameStart {
                number: 1,
                round: 1,
                engines: [0, 1],
                opening: "start".to_owned(),
                start: START.to_owned(),
                moves: Vec::new(),
                position: START.to_owned(),
                clocks: [None, None],
                to_move: 0,
            },
        },
        FeedEvent::Move {
            number: 1,
            played: MovePlayed {
                notation: "e4".to_owned(),
                position: "after e4".to_owned(),
                clocks: [None, None],
                used_ms: Some(10),
                to_move: 1,
            },
        },
        FeedEvent::Line {
            number: 1,
            side: 1,
            text: "info depth 3 pv e7e5".to_owned(),
        },
        FeedEvent::End {
            number: 1,
            end: GameEnd {
                result: "1/2-1/2".to_owned(),
                winner: None,
                reason: "draw by agreement".to_owned(),
                termination: "adjudication".to_owned(),
                record: "[Event \"published\"]\n\n1. e4 1/2-1/2\n".to_owned(),
            },
        },
        FeedEvent::Score {
            score: json!({ "games": 1, "draws": 1 }),
        },
        FeedEvent::Over { interrupted: false },
    ]
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A POST of `body` from `peer` (none: unknown) with `token`.
async fn post(
    app: &Router,
    uri: &str,
    peer: Option<&str>,
    token: Option<&str>,
    body: String,
) -> (StatusCode, Value) {
    let mut request = Request::post(uri).header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let mut request = request.body(Body::from(body)).unwrap();
    if let Some(peer) = peer {
        let address: SocketAddr = peer.parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(address));
    }
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_published_to_a_running_server_is_watched_there() {
    let state = Arc::new(State::new(Config::default()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let service =
        watching(Arc::clone(&state), None).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await });
    let app = watching(Arc::clone(&state), None);
    let (status, _) = get(&app, "/api/match").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let url = format!("http://{address}");
    let token = state.published.token().to_owned();
    // Many long lines: more than one request holds, all of them arrive.
    let (many_url, many_token) = (url.clone(), token.clone());
    let many = tokio::task::spawn_blocking(move || {
        let publisher = Publisher::start(&many_url, &many_token, &info()).unwrap();
        let mut all = events();
        all.truncate(1);
        publisher.send(all.remove(0));
        for i in 0..2000 {
            publisher.send(FeedEvent::Line {
                number: 1,
                side: i % 2,
                text: format!("info depth {i} {}", "x".repeat(380)),
            });
        }
        publisher.close();
        publisher.watch_url.clone()
    })
    .await
    .unwrap();
    let many_id = many.rsplit('=').next().unwrap().to_owned();
    let (status, snapshot) = get(&app, &format!("/api/match?match={many_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(snapshot["seq"], 2001, "every event arrived");
    let watch = tokio::task::spawn_blocking(move || {
        assert!(Publisher::start(&url, "wrong", &info()).is_err());
        let publisher = Publisher::start(&url, &token, &info()).unwrap();
        for event in events() {
            publisher.send(event);
        }
        publisher.close();
        publisher.watch_url.clone()
    })
    .await
    .unwrap();
    let id = watch.rsplit('=').next().unwrap().to_owned();
    assert!(
        watch.starts_with(&format!("http://{address}/watch?match=")),
        "{watch}"
    );

    let (status, list) = get(&app, "/api/matches").await;
    assert_eq!(status, StatusCode::OK);
    let listed = &list["matches"][1];
    assert_eq!(listed["id"], id.as_str(), "{list}");
    assert_eq!(listed["engines"], json!(["alpha", "beta"]));
    assert_eq!(listed["finished"], 1);
    assert_eq!(listed["over"], true);
    for uri in [format!("/api/match?match={id}"), "/api/match".to_owned()] {
        let (status, snapshot) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(snapshot["finished"][0]["result"], "1/2-1/2", "{snapshot}");
        assert_eq!(snapshot["finished"][0]["plies"], 1);
        assert_eq!(snapshot["score"]["draws"], 1);
    }
    let (status, game) = get(&app, &format!("/api/match/games/1?match={id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["moves"], json!(["e4"]));
    let (status, _) = get(&app, "/api/match?match=nothere").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn publishing_is_for_this_machine_with_the_token_and_bounded() {
    let state = Arc::new(State::new(Config::default()));
    let app = watching(Arc::clone(&state), None);
    let token = state.published.token().to_owned();
    let body = serde_json::to_string(&info()).unwrap();
    let home = Some("127.0.0.1:5000");
    // A peer elsewhere, or none known; no token, a wrong one.
    for (peer, token, expected) in [
        (None, Some(token.as_str()), StatusCode::FORBIDDEN),
        (
            Some("10.1.2.3:5000"),
            Some(token.as_str()),
            StatusCode::FORBIDDEN,
        ),
        (home, None, StatusCode::UNAUTHORIZED),
        (home, Some("0123"), StatusCode::UNAUTHORIZED),
    ] {
        let (status, value) = post(&app, "/api/publish", peer, token, body.clone()).await;
        assert_eq!(status, expected, "{peer:?}: {value}");
        assert!(value["error"].is_string(), "{value}");
    }
    let token = Some(token.as_str());
    // Bad bodies.
    for bad in [
        "{".to_owned(),
        json!({ "game": "chess" }).to_string(),
        json!({ "game": "go", "engines": [], "games": 1, "event": "", "sides": ["a", "b"] })
            .to_string(),
    ] {
        let (status, value) = post(&app, "/api/publish", home, token, bad.clone()).await;
        assert!(status.is_client_error(), "{bad}: {status} {value}");
    }
    let (status, created) = post(&app, "/api/publish", home, token, body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let uri = format!("/api/publish/{id}");
    let one = json!({ "events": [{ "type": "over", "interrupted": true }] }).to_string();
    let (status, value) = post(&app, &uri, home, token, one.clone()).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["accepted"], 1);
    for bad in [
        json!({ "events": [{ "type": "launch", "cmd": "rm -rf /" }] }).to_string(),
        json!({ "events": [{ "type": "move", "number": 1 }] }).to_string(),
        json!({ "things": [] }).to_string(),
    ] {
        let (status, value) = post(&app, &uri, home, token, bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {value}");
    }
    let many: Vec<Value> = (0..=MAX_EVENTS)
        .map(|_| json!({ "type": "score", "score": {} }))
        .collect();
    let (status, _) = post(
        &app,
        &uri,
        home,
        token,
        json!({ "events": many }).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(&app, "/api/publish/unknown", home, token, one.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The rate: past the requests a second, 429.
    let mut limited = false;
    for _ in 0..=MAX_REQUESTS_PER_SECOND {
        let (status, _) = post(&app, &uri, home, token, one.clone()).await;
        limited |= status == StatusCode::TOO_MANY_REQUESTS;
    }
    assert!(
        limited,
        "no 429 past {MAX_REQUESTS_PER_SECOND} requests a second"
    );
    // The number of matches: a match over makes way, live ones do not.
    for _ in 0..MAX_MATCHES {
        let (status, value) = post(&app, "/api/publish", home, token, body.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{value}");
    }
    let (status, value) = post(&app, "/api/publish", home, token, body.clone()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{value}");
    let (_, list) = get(&app, "/api/matches").await;
    assert_eq!(list["matches"].as_array().unwrap().len(), MAX_MATCHES);
}
