//! The JSON API through the router, in process (tower's `oneshot`): every
//! game's moves, the computer's answers, the board, and the refusals.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use ply_serve::Config;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

mod common;
use common::{app, app_with, call, raw};

async fn start(app: &Router, game: &str, position: Option<&str>) -> Value {
    let mut body = json!({ "game": game });
    if let Some(position) = position {
        body["position"] = json!(position);
    }
    let (status, view) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    view
}

fn error_of(value: &Value) -> &str {
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {value}"))
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_and_nothing_else() {
    let app = app();
    let (status, page) = raw(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<title>ply") && page.contains("/assets/app.js"));
    for name in ["app.js", "app.css", "favicon.svg"] {
        let (status, body) = raw(&app, "GET", &format!("/assets/{name}"), None).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        assert!(!body.is_empty());
    }
    for path in [
        "/assets/../Cargo.toml",
        "/assets/%2e%2e%2fCargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/assets/index.html",
        "/assets/",
        "/etc/passwd",
        "/api/nothing",
    ] {
        let (status, body) = raw(&app, "GET", path, None).await;
        assert!(status == StatusCode::NOT_FOUND, "{path}: {status} {body}");
        assert!(!body.contains("[package]"), "{path}");
    }
    let (status, info) = call(&app, "GET", "/api", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["games"].as_array().unwrap().len(), 3);
    // What the page needs of each game comes from the games layer.
    let game = |name: &str| {
        info["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == name)
            .unwrap()
            .clone()
    };
    let (chess, checkers, othello) = (game("chess"), game("checkers"), game("othello"));
    assert_eq!(
        (chess["first"].as_str(), chess["second"].as_str()),
        (Some("White"), Some("Black"))
    );
    assert_eq!(checkers["first"], "Black");
    assert_eq!(
        (&chess["bottom"], &checkers["bottom"], &othello["bottom"]),
        (&json!("first"), &json!("second"), &Value::Null)
    );
    assert_eq!(
        (&chess["places"], &othello["places"]),
        (&json!(false), &json!(true))
    );
    assert_eq!(othello["record_extension"], "ggf");
    assert_eq!(chess["marks"]["blunder"], 300);
    assert!(
        checkers["move_examples"]
            .as_str()
            .unwrap()
            .contains("11-15")
    );
}

#[tokio::test]
async fn every_game_plays_thinks_draws_and_takes_back() {
    let app = app();
    let first_moves = [
        ("chess", "e4", 20),
        ("checkers", "11-15", 7),
        ("othello", "d3", 4),
    ];
    for (game, first, count) in first_moves {
        let view = start(&app, game, None).await;
        assert_eq!(view["game"], game);
        assert_eq!(view["moves"].as_array().unwrap().len(), count, "{game}");
        let id = view["id"].as_str().unwrap().to_owned();
        assert_eq!(id.len(), 16);

        let (status, played) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": first })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{played}");
        assert_eq!(played["played"], first);
        assert_eq!(played["game"]["history"], json!([first]));

        let (status, thought) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/think"),
            Some(json!({ "depth": 2, "level": 10 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{thought}");
        let best = thought["answer"]["best"].as_str().unwrap();
        assert_eq!(thought["played"], best, "{thought}");
        assert_eq!(thought["game"]["history"].as_array().unwrap().len(), 2);
        assert!(!thought["game"]["searching"].as_bool().unwrap());

        let (status, svg) = raw(
            &app,
            "GET",
            &format!("/api/games/{id}/board.svg?flip=true&theme=dark"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            svg.starts_with("<svg") && svg.contains(r#"data-flipped="true""#),
            "{game}"
        );

        let (status, undone) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/undo"),
            Some(json!({ "plies": 2 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{undone}");
        assert_eq!(undone["undone"].as_array().unwrap().len(), 2);
        assert_eq!(undone["game"]["history"], json!([]));
        // An empty body takes back one move: none is left.
        let (status, undone) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
        assert_eq!(status, StatusCode::OK, "{undone}");
        assert_eq!(undone["undone"], json!([]));

        let (status, shown) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(shown["position"], view["position"]);
        let (status, _) = raw(&app, "DELETE", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn moves_carry_what_the_page_clicks() {
    let app = app();
    let view = start(&app, "chess", Some("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1")).await;
    let moves = view["moves"].as_array().unwrap();
    assert!(
        moves
            .iter()
            .any(|m| m["notation"] == "b8=Q+" && m["promotion"] == "Q" && m["to"] == "b8")
    );
    assert!(
        moves
            .iter()
            .any(|m| m["notation"] == "O-O" && m["from"] == "e1" && m["to"] == "g1")
    );

    let view = start(&app, "checkers", Some("B:WK18,26:B14,K9")).await;
    let jump = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["notation"] == "14x23x30")
        .unwrap();
    assert_eq!(jump["path"], json!(["14", "23", "30"]));
    assert!(view["status"].as_str().unwrap().contains("must capture"));

    let board = format!("-O{} O", "X".repeat(62));
    let view = start(&app, "othello", Some(&board)).await;
    assert_eq!(
        view["moves"],
        json!([{ "notation": "pass", "from": null, "to": null, "path": [], "promotion": null, "capture": false, "pass": true }])
    );
}

#[tokio::test]
async fn a_whole_game_reaches_its_end_with_the_reason() {
    let app = app();
    let view = start(&app, "othello", None).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let mut last = view;
    for _ in 0..130 {
        if !last["ending"].is_null() {
            break;
        }
        let (status, thought) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/think"),
            Some(json!({ "level": 1, "movetime": 50 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{thought}");
        last = thought["game"].clone();
    }
    let ending = &last["ending"];
    assert!(
        ending["reason"]
            .as_str()
            .unwrap()
            .contains("final disc count"),
        "{ending}"
    );
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&ending["result"].as_str().unwrap()));
    assert_eq!(last["moves"], json!([]));
    let (status, refused) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "pass" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&refused).starts_with("the game is over"));
    // Nothing to think about: no move.
    let (status, thought) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(json!({ "depth": 1 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(thought["answer"]["best"].is_null() && thought["played"].is_null());

    // Chess: the fool's mate, by the rules.
    let view = start(&app, "chess", None).await;
    let id = view["id"].as_str().unwrap();
    let mut last = Value::Null;
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        last = call(
            &app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": mv })),
        )
        .await
        .1;
    }
    assert_eq!(
        last["game"]["ending"],
        json!({ "result": "0-1", "winner": "Black", "reason": "Black wins by checkmate" })
    );
}

#[tokio::test]
async fn bad_requests_get_reasons_not_panics() {
    let app = app();
    let view = start(&app, "chess", None).await;
    let id = view["id"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");

    let (status, body) = raw(
        &app,
        "POST",
        "/api/games",
        Some(("application/json", "{\"game\": ".into())),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    let (status, body) = raw(
        &app,
        "POST",
        "/api/games",
        Some(("text/plain", "{\"game\":\"chess\"}".into())),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let (status, body) = raw(&app, "POST", "/api/games", None).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");

    let (status, body) = call(&app, "POST", "/api/games", Some(json!({ "game": "go" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error_of(&body),
        "unknown game 'go': expected chess, checkers, othello"
    );
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "chess", "color": "white" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = call(&app, "POST", "/api/games", Some(json!({ "game": 7 }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    for (game, position) in [
        ("chess", "8/8/8 w"),
        ("checkers", "B:W33:B1"),
        ("othello", "XO X"),
    ] {
        let (status, body) = call(
            &app,
            "POST",
            "/api/games",
            Some(json!({ "game": game, "position": position })),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {body}");
        assert!(
            error_of(&body).starts_with(&format!("bad {game} position")),
            "{body}"
        );
    }

    let (status, body) = call(&app, "POST", &moves, Some(json!({ "move": "Ke2" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_of(&body), "Ke2 is not legal here");
    let (status, body) = call(&app, "POST", &moves, Some(json!({ "move": "" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = call(&app, "POST", &moves, Some(json!({ "mv": "e4" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // A body over the limit is refused before it is read.
    let huge = json!({ "move": "e".repeat(ply_serve::BODY_LIMIT + 10) });
    let (status, body) = call(&app, "POST", &moves, Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    for bad in [
        "nope",
        "0123456789abcdef",
        "%00",
        "..%2f..",
        &"x".repeat(5000),
    ] {
        let (status, body) = call(&app, "GET", &format!("/api/games/{bad}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
        assert!(error_of(&body).starts_with("no game"));
        let (status, _) = call(
            &app,
            "POST",
            &format!("/api/games/{bad}/moves"),
            Some(json!({ "move": "e4" })),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
    }

    let think = format!("/api/games/{id}/think");
    for limits in [
        json!({ "level": 11 }),
        json!({ "level": 0 }),
        json!({ "depth": 0 }),
        json!({ "movetime": 0 }),
        json!({ "movetime": 3_600_000 }),
        json!({ "multipv": 9 }),
    ] {
        let (status, body) = call(&app, "POST", &think, Some(limits.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{limits}: {body}");
    }
    let (status, body) = call(&app, "POST", &think, Some(json!({ "depth": "deep" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    let board = format!("/api/games/{id}/board.svg");
    let (status, body) = call(&app, "GET", &format!("{board}?theme=neon"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("unknown theme"));
    let (status, _) = call(&app, "GET", &format!("{board}?flip=sideways"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = raw(&app, "GET", &format!("{board}?selected=z9"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/undo"),
        Some(json!({ "plies": 0 })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_number_of_games_is_bounded_and_idle_ones_expire() {
    let config = Config {
        max_sessions: 2,
        ..Config::default()
    };
    let (app, state) = app_with(config);
    let first = start(&app, "chess", None).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let second = start(&app, "checkers", None).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    // The second is touched: the first is the one idle longest.
    call(
        &app,
        "GET",
        &format!("/api/games/{}", second["id"].as_str().unwrap()),
        None,
    )
    .await;
    let _third = start(&app, "othello", None).await;
    assert_eq!(state.len(), 2);
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}", first["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}", second["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    let (app, state) = app_with(Config {
        idle_timeout: Duration::from_millis(20),
        ..Config::default()
    });
    start(&app, "chess", None).await;
    tokio::time::sleep(Duration::from_millis(40)).await;
    assert_eq!(state.expire(), 1);
    assert!(state.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_search_per_game_and_stop_ends_it() {
    let (app, state) = app_with(Config {
        max_sessions: 1,
        ..Config::default()
    });
    let view = start(&app, "chess", None).await;
    let id = view["id"].as_str().unwrap().to_owned();
    let thinking = {
        let app = app.clone();
        let id = id.clone();
        tokio::spawn(async move {
            call(
                &app,
                "POST",
                &format!("/api/games/{id}/think"),
                Some(json!({ "movetime": 20_000 })),
            )
            .await
        })
    };
    let slot = state.get(&id).unwrap();
    while !slot.searching() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "e4" })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/think"),
        Some(json!({ "depth": 1 })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The only place is taken by a searching game: a new one is refused.
    let (status, body) = call(&app, "POST", "/api/games", Some(json!({ "game": "chess" }))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let started = std::time::Instant::now();
    let (status, body) = call(&app, "POST", &format!("/api/games/{id}/stop"), None).await;
    assert_eq!((status, &body["stopped"]), (StatusCode::OK, &json!(true)));
    let (status, thought) = thinking.await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(status, StatusCode::OK, "{thought}");
    assert_eq!(thought["game"]["history"].as_array().unwrap().len(), 1);
    assert!(!slot.searching());

    // A request that goes away stops its search.
    let app2 = app.clone();
    let id2 = id.clone();
    let abandoned = tokio::spawn(async move {
        call(
            &app2,
            "POST",
            &format!("/api/games/{id2}/think"),
            Some(json!({ "movetime": 20_000 })),
        )
        .await
    });
    while !slot.searching() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    abandoned.abort();
    let started = std::time::Instant::now();
    while slot.searching() {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the search did not stop"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn records_load_step_through_and_save() {
    let app = app();
    let pgn = "[Event \"x\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n";
    let (status, view) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "chess", "record": pgn })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["history"], json!([]));
    assert_eq!(view["future"], json!(["e4", "e5", "Nf3", "Nc6", "Bb5"]));
    assert_eq!(view["record_format"], "PGN");
    let id = view["id"].as_str().unwrap();
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/redo"),
        Some(json!({ "plies": 3 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["redone"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(body["game"]["future"], json!(["Nc6", "Bb5"]));
    let (_, body) = call(&app, "POST", &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(body["redone"], json!(["Nc6"]));
    // The book names the opening the moves follow.
    let (_, body) = call(&app, "POST", &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(body["game"]["opening"], "Ruy Lopez", "{body}");
    let (_, body) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(body["undone"], json!(["Bb5"]));
    let (_, body) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(body["game"]["future"], json!(["Nc6", "Bb5"]));

    let (status, text) = raw(
        &app,
        "GET",
        &format!("/api/games/{id}/record?first=Ann&second=ply"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        text.contains("[White \"Ann\"]")
            && text.contains("[Black \"ply\"]")
            && text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"),
        "the whole game, the moves ahead of the one shown too: {text}"
    );
    // Writing it leaves the game where it was shown.
    let (_, view) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(view["history"], json!(["e4", "e5", "Nf3"]), "{view}");
    assert_eq!(view["future"], json!(["Nc6", "Bb5"]), "{view}");

    for (game, record) in [
        ("checkers", "[GameType \"21\"]\n1. 11-15 23-19 *"),
        ("othello", "(;GM[Othello]B[f5]W[d6];)"),
    ] {
        let (status, view) = call(
            &app,
            "POST",
            "/api/games",
            Some(json!({ "game": game, "record": record })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        assert_eq!(view["future"].as_array().unwrap().len(), 2, "{game}");
    }
    let (status, body) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "chess", "record": "1. e4 e5 2. Ke3 *" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&body).starts_with("bad chess record"), "{body}");
    let (status, _) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "chess", "record": pgn, "position": "x" })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/record?colour=red"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// A GET with a `Host` header: the status.
async fn get_with_host(app: &Router, host: &str) -> StatusCode {
    let request = Request::builder()
        .uri("/api")
        .header("host", host)
        .body(Body::empty())
        .unwrap();
    app.clone().oneshot(request).await.unwrap().status()
}

#[tokio::test]
async fn a_loopback_server_answers_only_to_loopback_names() {
    let app = app();
    for host in [
        "localhost:8080",
        "LOCALHOST",
        "127.0.0.1:5",
        "127.0.0.1",
        "[::1]:8080",
        "127.1.2.3:80",
    ] {
        assert_eq!(get_with_host(&app, host).await, StatusCode::OK, "{host}");
    }
    for host in [
        "evil.example:8080",
        "evil.example",
        "localhost.evil.example",
        "10.0.0.1:8080",
        "[::2]:80",
        "",
    ] {
        assert_eq!(
            get_with_host(&app, host).await,
            StatusCode::FORBIDDEN,
            "{host}"
        );
    }
    let (open, _) = app_with(Config {
        loopback_only: false,
        ..Config::default()
    });
    assert_eq!(get_with_host(&open, "evil.example").await, StatusCode::OK);
}

#[tokio::test]
async fn positions_are_set_up_from_pieces_and_refused_with_a_reason() {
    let app = app();
    let (status, info) = call(&app, "GET", "/api", None).await;
    assert_eq!(status, StatusCode::OK);
    let counts: Vec<usize> = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["setup"]["pieces"].as_array().unwrap().len())
        .collect();
    assert_eq!(counts, [12, 4, 2]);
    let body = json!({
        "game": "chess",
        "pieces": { "e1": "K", "e8": "k", "d1": "Q" },
        "first_to_move": false,
    });
    let (status, answer) = call(&app, "POST", "/api/setup", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["position"], "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    let view = start(&app, "chess", answer["position"].as_str()).await;
    assert_eq!(view["position"], answer["position"]);
    let (status, answer) = call(
        &app,
        "POST",
        "/api/setup",
        Some(json!({ "game": "chess", "pieces": { "e1": "K" } })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!error_of(&answer).is_empty());
    for body in [
        json!({ "game": "chess", "pieces": { "e9": "K" } }),
        json!({ "game": "checkers", "pieces": { "1": "K" } }),
        json!({ "game": "othello", "pieces": { "a1": "XX" } }),
        json!({ "game": "go", "pieces": {} }),
        json!({ "game": "othello", "pieces": [] }),
    ] {
        let (status, answer) = call(&app, "POST", "/api/setup", Some(body.clone())).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert!(!error_of(&answer).is_empty());
    }
    let (status, answer) = call(
        &app,
        "POST",
        "/api/setup/pieces",
        Some(json!({ "game": "checkers" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["pieces"].as_object().unwrap().len(), 24);
    assert_eq!(answer["pieces"]["1"], "b");
    let body = json!({ "game": "othello", "pieces": answer["pieces"].clone() });
    let (status, _) = call(&app, "POST", "/api/setup/pieces", Some(body)).await;
    assert!(status.is_client_error());
    let (status, svg) = raw(
        &app,
        "POST",
        "/api/setup/board.svg",
        Some((
            "application/json",
            json!({ "game": "othello", "pieces": { "a1": "X" } }).to_string(),
        )),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
}

#[tokio::test]
async fn a_record_of_several_games_lists_them_and_loads_the_chosen_one() {
    let app = app();
    let pgn = "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
               [White \"Cid\"]\n[Black \"Dee\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
    let (status, listing) = call(
        &app,
        "POST",
        "/api/records/games",
        Some(json!({ "record": pgn })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{listing}");
    assert_eq!(listing["game"], "chess");
    assert_eq!(listing["total"], 2);
    assert_eq!(listing["games"][1]["first"], "Cid");
    assert_eq!(listing["games"][1]["result"], "0-1");
    assert_eq!(listing["games"][1]["first_moves"], json!(["d4", "d5"]));
    let body = json!({ "game": "chess", "record": pgn, "index": 1 });
    let (status, view) = call(&app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["future"], json!(["d4", "d5"]));
    for body in [
        json!({ "game": "chess", "record": pgn, "index": 2 }),
        json!({ "game": "chess", "index": 1 }),
        json!({ "game": "chess", "record": pgn, "index": -1 }),
    ] {
        let (status, answer) = call(&app, "POST", "/api/games", Some(body.clone())).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert!(!error_of(&answer).is_empty());
    }
    for body in [
        json!({ "record": "nothing at all" }),
        json!({ "record": pgn, "game": "othello" }),
        json!({ "record": pgn, "game": "go" }),
    ] {
        let (status, answer) = call(&app, "POST", "/api/records/games", Some(body.clone())).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert!(!error_of(&answer).is_empty());
    }
}

#[tokio::test]
async fn the_computer_moves_from_the_book_unless_the_server_has_none() {
    for (book, source) in [(true, "book"), (false, "search")] {
        let (app, _) = app_with(Config {
            book,
            ..Config::default()
        });
        for game in ["othello", "checkers"] {
            let view = start(&app, game, None).await;
            let id = view["id"].as_str().unwrap();
            let think = format!("/api/games/{id}/think");
            let (status, thought) = call(&app, "POST", &think, Some(json!({ "depth": 2 }))).await;
            assert_eq!(status, StatusCode::OK, "{thought}");
            assert_eq!(thought["answer"]["source"], source, "{game}: {thought}");
            assert_eq!(thought["played"], thought["answer"]["best"]);
            // Analysis (not played) always searches.
            let (_, analysis) = call(
                &app,
                "POST",
                &think,
                Some(json!({ "depth": 2, "play": false })),
            )
            .await;
            assert_eq!(analysis["answer"]["source"], "search", "{game}: {analysis}");
        }
    }
}
