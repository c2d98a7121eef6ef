//! Annotating a whole game: one mark per move for every game, a blunder
//! found, the notes in the saved record, the refusals, and the progress
//! streamed over the analysis socket (which a stop cuts short).

use axum::Router;
use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use ply_serve::{Config, State, router};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{call, raw};

fn app() -> (Router, Arc<State>) {
    let state = Arc::new(State::new(Config::default()));
    (router(Arc::clone(&state)), state)
}

/// A game of `game` with `moves` played; its id.
async fn game_with(app: &Router, game: &str, moves: &[&str]) -> String {
    let (status, view) = call(app, "POST", "/api/games", Some(json!({ "game": game }))).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    let id = view["id"].as_str().unwrap().to_owned();
    for mv in moves {
        let (status, body) = call(
            app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": mv })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{mv}: {body}");
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_of_every_game_gets_one_mark_and_the_record_its_note() {
    let (app, _) = app();
    let games: [(&str, &[&str], &str); 3] = [
        ("chess", &["e4", "e5", "Nf3"], "[%eval"),
        ("checkers", &["11-15", "23-19", "8-11"], "eval "),
        ("othello", &["f5", "d6", "c3"], "1. F5: eval "),
    ];
    for (game, moves, in_record) in games {
        let id = game_with(&app, game, moves).await;
        let (status, none) = call(&app, "GET", &format!("/api/games/{id}/annotate"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{none}");
        let (status, annotation) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/annotate"),
            Some(json!({ "depth": 3, "movetime": 1000 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{game}: {annotation}");
        assert_eq!(annotation["game"], game);
        assert_eq!(annotation["complete"], true, "{annotation}");
        assert_eq!(annotation["moves"], json!(moves));
        assert_eq!(
            annotation["evals"].as_array().unwrap().len(),
            moves.len() + 1
        );
        let marks = annotation["marks"].as_array().unwrap();
        assert_eq!(marks.len(), moves.len(), "{annotation}");
        for (i, mark) in marks.iter().enumerate() {
            assert_eq!(mark["ply"], i);
            assert_eq!(mark["notation"], moves[i]);
            assert!(mark["loss"].as_i64().unwrap() >= 0, "{mark}");
            assert!(!mark["note"].as_str().unwrap().is_empty(), "{mark}");
        }
        let (status, kept) = call(&app, "GET", &format!("/api/games/{id}/annotate"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(kept, annotation);
        let (status, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(record.contains(in_record), "{game}: {record}");
        let (_, bare) = raw(
            &app,
            "GET",
            &format!("/api/games/{id}/record?notes=false"),
            None,
        )
        .await;
        assert!(!bare.contains(in_record), "{game}: {bare}");
        // The record is read back with its notes.
        let (status, loaded) = call(
            &app,
            "POST",
            "/api/games",
            Some(json!({ "game": game, "record": record })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{loaded}");
        assert_eq!(loaded["future"], json!(moves));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_allows_mate_is_a_blunder() {
    let (app, _) = app();
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let id = game_with(&app, "chess", &moves).await;
    let (status, annotation) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/annotate"),
        Some(json!({ "depth": 4 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{annotation}");
    let marks = annotation["marks"].as_array().unwrap();
    assert_eq!(marks.len(), 7);
    assert_eq!(marks[5]["notation"], "Nf6");
    assert_eq!(marks[5]["class"], "blunder", "{annotation}");
    assert_eq!(marks[5]["symbol"], "??");
    assert!(marks[5]["best"].is_string(), "{}", marks[5]);
    // The mate itself is the best move; the end is White's win.
    assert_eq!(marks[6]["loss"], 0, "{}", marks[6]);
    let last = &annotation["evals"][7];
    assert_eq!(last["text"], "1-0");
    assert_eq!(last["score"], 1000);
    let (_, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    // Records wrap their lines: compare with the line breaks as spaces.
    let flowing = record.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flowing.contains("Nf6 {?? Blunder: loses"), "{record}");
}

#[tokio::test]
async fn bad_annotation_requests_get_reasons() {
    let (app, _) = app();
    let id = game_with(&app, "checkers", &["11-15"]).await;
    let uri = format!("/api/games/{id}/annotate");
    for (body, expected) in [
        (json!({ "movetime": 0 }), "movetime"),
        (json!({ "movetime": 5000 }), "movetime"),
        (json!({ "depth": 0 }), "depth"),
        (json!({ "depth": 65 }), "depth"),
        (json!({ "nodes": 10 }), "nodes"),
        (json!({ "movetime": "fast" }), "movetime"),
        (json!([1, 2]), ""),
    ] {
        let (status, answer) = call(&app, "POST", &uri, Some(body.clone())).await;
        assert!(status.is_client_error(), "{body}: {status}");
        let reason = answer["error"].as_str().unwrap();
        assert!(reason.contains(expected), "{body}: {reason}");
    }
    let (status, answer) = raw(&app, "POST", &uri, Some(("application/json", "{".into()))).await;
    assert!(status.is_client_error(), "{answer}");
    let (status, answer) = call(&app, "POST", "/api/games/nope/annotate", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, answer) = call(&app, "GET", "/api/games/nope/annotate", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, answer) = raw(
        &app,
        "GET",
        &format!("/api/games/{id}/record?notes=maybe"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_annotation_waits_for_no_other_search_and_a_game_without_moves_has_no_marks() {
    let (app, state) = app();
    let id = game_with(&app, "othello", &[]).await;
    let (status, annotation) = call(&app, "POST", &format!("/api/games/{id}/annotate"), None).await;
    assert_eq!(status, StatusCode::OK, "{annotation}");
    assert_eq!(annotation["marks"], json!([]));
    assert_eq!(annotation["evals"].as_array().unwrap().len(), 1);
    assert_eq!(annotation["complete"], true);
    // While the game searches, an annotation is refused.
    let slot = state.get(&id).unwrap();
    let guard = slot.begin_search().unwrap();
    let (status, busy) = call(&app, "POST", &format!("/api/games/{id}/annotate"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{busy}");
    drop(guard);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .expect("an answer within 60 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_streams_the_progress_and_a_stop_keeps_what_was_done() {
    let (app, state) = app();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let served = app.clone();
    tokio::spawn(async move { axum::serve(listener, served).await });
    let moves = ["11-15", "23-19", "8-11", "22-17"];
    let id = game_with(&app, "checkers", &moves).await;
    let url = format!("ws://{address}/api/games/{id}/analyse");
    let mut socket = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let send = |value: Value| Message::text(value.to_string());
    socket
        .send(send(json!({ "annotate": { "movetime": 10 } })))
        .await
        .unwrap();
    let mut done = Vec::new();
    let annotation = loop {
        let message = next(&mut socket).await;
        match message["type"].as_str() {
            Some("progress") => {
                assert_eq!(message["total"], 5, "{message}");
                done.push(message["done"].as_u64().unwrap());
            }
            Some("annotation") => break message["annotation"].clone(),
            _ => panic!("unexpected {message}"),
        }
    };
    assert_eq!(done, [1, 2, 3, 4, 5]);
    assert_eq!(annotation["marks"].as_array().unwrap().len(), 4);
    assert_eq!(annotation["complete"], true);
    // Bad limits get a reason, the socket stays open.
    socket
        .send(send(json!({ "annotate": { "movetime": 99999 } })))
        .await
        .unwrap();
    let message = next(&mut socket).await;
    assert_eq!(message["type"], "error", "{message}");
    // A stop right away keeps what was done: fewer marks than moves.
    socket
        .send(send(json!({ "annotate": { "movetime": 1000 } })))
        .await
        .unwrap();
    let first = next(&mut socket).await;
    assert_eq!(first["type"], "progress", "{first}");
    socket.send(send(json!({ "stop": true }))).await.unwrap();
    let annotation = loop {
        let message = next(&mut socket).await;
        if message["type"] == "annotation" {
            break message["annotation"].clone();
        }
    };
    assert_eq!(annotation["complete"], false, "{annotation}");
    assert!(annotation["marks"].as_array().unwrap().len() < moves.len());
    // Closing the socket during an annotation frees the game.
    socket
        .send(send(json!({ "annotate": { "movetime": 1000 } })))
        .await
        .unwrap();
    let _ = next(&mut socket).await;
    drop(socket);
    let slot = state.get(&id).unwrap();
    for _ in 0..100 {
        if !slot.searching() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!slot.searching());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_posted_during_an_annotation_keeps_what_was_done() {
    let (app, _) = app();
    let id = game_with(&app, "chess", &["e4", "e5", "Nf3", "Nc6"]).await;
    let uri = format!("/api/games/{id}/annotate");
    let running = {
        let app = app.clone();
        tokio::spawn(
            async move { call(&app, "POST", &uri, Some(json!({ "movetime": 1000 }))).await },
        )
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, stopped) = call(&app, "POST", &format!("/api/games/{id}/stop"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stopped["stopped"], true, "{stopped}");
    let (status, annotation) = running.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{annotation}");
    assert_eq!(annotation["complete"], false, "{annotation}");
    assert!(annotation["marks"].as_array().unwrap().len() < 4);
    // The game is free again: a move is played.
    let (status, played) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "Bb5" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{played}");
}
