//! Game clocks through the API: chosen at a new game, counted down by the
//! moves (the page's `used_ms`, the server's own timing of the computer),
//! a flag ends the game on time, and the refusals.

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use std::time::Instant;

mod common;
use common::{app, call, raw};

async fn clocked(app: &Router, game: &str, initial_ms: u64, increment_ms: u64) -> Value {
    let body = json!({ "game": game, "clock": { "initial_ms": initial_ms, "increment_ms": increment_ms } });
    let (status, view) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    view
}

#[tokio::test]
async fn moves_count_down_the_movers_clock_and_add_the_increment() {
    let app = app();
    let view = clocked(&app, "chess", 60_000, 2_000).await;
    assert_eq!(
        view["clock"],
        json!({ "initial_ms": 60000, "increment_ms": 2000, "first_ms": 60000, "second_ms": 60000, "flagged": null })
    );
    let id = view["id"].as_str().unwrap();
    let (status, played) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "e4", "used_ms": 5000 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["game"]["clock"]["first_ms"], 57_000);
    assert_eq!(played["game"]["clock"]["second_ms"], 60_000);
    // An illegal move costs nothing.
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "e4", "used_ms": 5000 })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, view) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(view["clock"]["second_ms"], 60_000);
    // The record carries the time control and each timed move's clock.
    let (_, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.contains("[TimeControl \"60+2\"]"), "{record}");
    assert!(
        record.contains("e4 {[%emt 0:00:05.00] [%clk 0:00:57.00]}"),
        "{record}"
    );
    // A game without clocks shows none.
    let (_, plain) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "othello" })),
    )
    .await;
    assert_eq!(plain["clock"], Value::Null);
}

#[tokio::test]
async fn a_move_past_the_clock_flags_and_the_game_is_lost_on_time() {
    let app = app();
    let view = clocked(&app, "checkers", 10_000, 0).await;
    let id = view["id"].as_str().unwrap();
    let (status, answer) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "11-15", "used_ms": 10_000 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["played"], Value::Null);
    let game = &answer["game"];
    assert_eq!(game["history"], json!([]));
    assert_eq!(game["clock"]["flagged"], "first");
    assert_eq!(game["ending"]["result"], "0-1");
    assert_eq!(game["ending"]["winner"], "White");
    assert!(
        game["ending"]["reason"]
            .as_str()
            .unwrap()
            .contains("on time")
    );
    assert_eq!(game["moves"], json!([]));
    for (path, body) in [
        ("moves", Some(json!({ "move": "11-15" }))),
        ("think", None),
        ("flag", None),
    ] {
        let (status, answer) = call(&app, "POST", &format!("/api/games/{id}/{path}"), body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("on time"),
            "{answer}"
        );
    }
    let (status, record) = raw(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        record.contains("0-1") && record.contains("on time"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"10+0\"]"), "{record}");
}

#[tokio::test]
async fn the_page_flags_the_person_and_only_a_game_with_clocks() {
    let app = app();
    let (_, plain) = call(&app, "POST", "/api/games", Some(json!({ "game": "chess" }))).await;
    let id = plain["id"].as_str().unwrap();
    let (status, answer) = call(&app, "POST", &format!("/api/games/{id}/flag"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("no clocks"));
    let view = clocked(&app, "othello", 60_000, 0).await;
    let id = view["id"].as_str().unwrap();
    let (status, game) = call(&app, "POST", &format!("/api/games/{id}/flag"), None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["ending"]["winner"], "White", "{game}");
    assert_eq!(game["clock"]["first_ms"], 0);
    let (status, _) = call(&app, "POST", "/api/games/nope/flag", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn clocks_out_of_range_or_malformed_are_refused() {
    let app = app();
    for clock in [
        json!({ "initial_ms": 0 }),
        json!({ "initial_ms": 999 }),
        json!({ "initial_ms": 20_000_000 }),
        json!({ "initial_ms": 60_000, "increment_ms": 61_000 }),
        json!({ "initial_ms": 60_000, "moves": 40 }),
        json!({ "increment_ms": 1000 }),
        json!("5+3"),
        json!({ "initial_ms": -5 }),
    ] {
        let body = json!({ "game": "chess", "clock": clock });
        let (status, answer) = call(&app, "POST", "/api/games", Some(body)).await;
        assert!(status.is_client_error(), "{clock}: {status}");
        assert!(answer["error"].is_string(), "{answer}");
    }
    let view = clocked(&app, "chess", 60_000, 0).await;
    let id = view["id"].as_str().unwrap();
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "e4", "used_ms": -1 })),
    )
    .await;
    assert!(status.is_client_error());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_thinks_on_its_clock_and_the_server_times_it() {
    let app = app();
    // Two seconds for the game: the computer may take a small share, not
    // the 5 s the page asks for.
    let view = clocked(&app, "chess", 2_000, 0).await;
    let id = view["id"].as_str().unwrap();
    let began = Instant::now();
    let (status, answer) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(json!({ "movetime": 5000 })),
    )
    .await;
    let took = began.elapsed().as_millis() as u64;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer["played"].is_string(), "{answer}");
    assert!(took < 1000, "{took} ms");
    let left = answer["game"]["clock"]["first_ms"].as_u64().unwrap();
    assert!(
        left < 2_000 && left + took + 50 >= 2_000,
        "{left} left, {took} taken"
    );
    assert_eq!(answer["game"]["clock"]["second_ms"], 2_000);
}
