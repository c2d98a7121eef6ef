//! A game's variations: a move from an earlier position starts one when
//! asked (`"variation": true`), replaces the rest of the game otherwise;
//! the lines are gone to, promoted and deleted; the record writes them.

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};

mod common;
use common::{app, call, raw};

async fn post(app: &Router, uri: &str, body: Value) -> Value {
    let (status, value) = call(app, "POST", uri, Some(body)).await;
    assert!(status.is_success(), "{uri}: {status} {value}");
    value
}

fn moves(list: &[&str]) -> Value {
    json!(list)
}

#[tokio::test]
async fn variations_are_kept_gone_to_promoted_deleted_and_written() {
    let app = app();
    let game = post(&app, "/api/games", json!({ "game": "chess" })).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let at = |path: &str| format!("/api/games/{id}/{path}");
    for mv in ["e4", "e5", "Nf3"] {
        post(&app, &at("moves"), json!({ "move": mv })).await;
    }
    post(&app, &at("undo"), json!({ "plies": 2 })).await;
    // A variation beside 1... e5, the main line kept, the game on the new line.
    let view = post(
        &app,
        &at("moves"),
        json!({ "move": "c5", "variation": true }),
    )
    .await;
    let game = &view["game"];
    assert_eq!(game["history"], moves(&["e4", "c5"]));
    assert_eq!(game["future"], moves(&[]));
    let tree = &game["tree"];
    assert_eq!(tree.as_array().unwrap().len(), 3, "{tree}");
    assert_eq!(tree[1]["move"], "e5");
    assert_eq!(tree[1]["variations"][0][0]["move"], "c5");
    post(
        &app,
        &at("moves"),
        json!({ "move": "Nf3", "variation": true }),
    )
    .await;
    // The record writes it as PGN's RAV.
    let (status, text) = raw(&app, "GET", &at("record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("1. e4 c5 (1... e5 2. Nf3) 2. Nf3"), "{text}");
    // Back to the main line: its continuation is ahead.
    let game = post(&app, &at("line"), json!({ "moves": ["e4", "e5"] })).await;
    assert_eq!(game["history"], moves(&["e4", "e5"]));
    assert_eq!(game["future"], moves(&["Nf3"]));
    let (status, text) = raw(&app, "GET", &at("record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("1. e4 e5 (1... c5 2. Nf3)"), "{text}");
    // Playing the same move again goes along the tree.
    post(&app, &at("undo"), json!({})).await;
    let view = post(
        &app,
        &at("moves"),
        json!({ "move": "c5", "variation": true }),
    )
    .await;
    assert_eq!(view["game"]["future"], moves(&["Nf3"]));
    assert_eq!(view["game"]["tree"].as_array().unwrap().len(), 3);
    // Promoted, the variation is the main line.
    let game = post(&app, &at("line/promote"), json!({ "moves": ["e4", "c5"] })).await;
    assert_eq!(game["tree"][1]["move"], "c5");
    assert_eq!(game["tree"][1]["variations"][0][0]["move"], "e5");
    // Deleted, it is gone, and the game left it.
    let game = post(&app, &at("line/delete"), json!({ "moves": ["e4", "c5"] })).await;
    assert_eq!(game["history"], moves(&["e4"]));
    assert_eq!(game["future"], moves(&["e5", "Nf3"]));
    assert_eq!(game["tree"][1]["variations"], json!([]));
    // Lines the tree does not hold, malformed bodies.
    for (path, body) in [
        ("line", json!({ "moves": ["e4", "c5"] })),
        ("line", json!({ "moves": ["e4", "Ke2"] })),
        ("line/delete", json!({ "moves": [] })),
        ("line/promote", json!({ "moves": ["d4"] })),
    ] {
        let (status, value) = call(&app, "POST", &at(path), Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {value}");
    }
    let (status, _) = call(&app, "POST", &at("line"), Some(json!({ "line": [] }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = call(&app, "POST", &at("line"), Some(json!({ "moves": 3 }))).await;
    assert!(status.is_client_error());
    let (status, _) = call(
        &app,
        "POST",
        "/api/games/nope/line",
        Some(json!({ "moves": [] })),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_move_after_taking_back_replaces_the_rest_by_default() {
    let app = app();
    for (game, line, other, rav) in [
        (
            "checkers",
            ["11-15", "23-19"],
            "9-13",
            "1. 11-15 (1. 9-13) 1... 23-19",
        ),
        ("othello", ["f5", "d6"], "d3", "B[F5]W[D6]"),
    ] {
        let view = post(&app, "/api/games", json!({ "game": game })).await;
        let id = view["id"].as_str().unwrap().to_owned();
        let at = |path: &str| format!("/api/games/{id}/{path}");
        for mv in line {
            post(&app, &at("moves"), json!({ "move": mv })).await;
        }
        post(&app, &at("undo"), json!({ "plies": 2 })).await;
        let view = post(&app, &at("moves"), json!({ "move": other })).await;
        assert_eq!(view["game"]["tree"].as_array().unwrap().len(), 1, "{game}");
        // As a variation instead: the first line stays the main line.
        post(&app, &at("undo"), json!({})).await;
        post(&app, &at("moves"), json!({ "move": line[0] })).await;
        post(&app, &at("moves"), json!({ "move": line[1] })).await;
        post(&app, &at("undo"), json!({ "plies": 2 })).await;
        let view = post(
            &app,
            &at("moves"),
            json!({ "move": other, "variation": true }),
        )
        .await;
        let tree = &view["game"]["tree"];
        assert_eq!(tree[0]["move"], line[0], "{game}: {tree}");
        assert_eq!(tree[0]["variations"][0][0]["move"], other, "{game}: {tree}");
        post(&app, &at("line"), json!({ "moves": line })).await;
        let (_, text) = raw(&app, "GET", &at("record"), None).await;
        assert!(text.contains(rav), "{game}: {text}");
    }
}

#[tokio::test]
async fn a_record_s_variations_are_loaded_into_the_tree() {
    let app = app();
    let record = "[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 (2. f4 exf4) *\n";
    let view = post(
        &app,
        "/api/games",
        json!({ "game": "chess", "record": record }),
    )
    .await;
    assert_eq!(view["future"], moves(&["e4", "e5", "Nf3"]));
    let tree = &view["tree"];
    assert_eq!(tree[1]["variations"][0][0]["move"], "c5", "{tree}");
    assert_eq!(tree[1]["variations"][0][1]["move"], "Nf3", "{tree}");
    assert_eq!(
        tree[1]["variations"][0][1]["variations"][0][0]["move"], "c3",
        "{tree}"
    );
    assert_eq!(tree[2]["variations"][0][1]["move"], "exf4", "{tree}");
    let id = view["id"].as_str().unwrap().to_owned();
    let game = post(
        &app,
        &format!("/api/games/{id}/line"),
        json!({ "moves": ["e4", "c5", "c3"] }),
    )
    .await;
    assert_eq!(game["history"], moves(&["e4", "c5", "c3"]));
    // A checkers record's too; a variation stops at a move it cannot play.
    let pdn = "[GameType \"21\"]\n\n1. 11-15 (1. 9-13 22-18 (1... 24-20) 5-5) 1... 23-19 *\n";
    let view = post(
        &app,
        "/api/games",
        json!({ "game": "checkers", "record": pdn }),
    )
    .await;
    let tree = &view["tree"];
    assert_eq!(
        tree[0]["variations"][0].as_array().unwrap().len(),
        2,
        "{tree}"
    );
    assert_eq!(
        tree[0]["variations"][0][1]["variations"][0][0]["move"], "24-20",
        "{tree}"
    );
}
