//! The analysis WebSocket on a real loopback port: lines stream as they
//! deepen, Othello's endgame is solved exactly, bad messages get reasons,
//! and closing the socket stops the search.

use futures_util::{SinkExt, StreamExt};
use ply_serve::{Config, State, router};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn server() -> (SocketAddr, Arc<State>) {
    let state = Arc::new(State::new(Config::default()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = router(Arc::clone(&state));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, state)
}

async fn connect(address: SocketAddr, id: &str) -> Socket {
    let url = format!("ws://{address}/api/games/{id}/analyse");
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

async fn send(socket: &mut Socket, value: Value) {
    socket.send(Message::text(value.to_string())).await.unwrap();
}

async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("an answer within 30 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// Reads messages until `done` (or an error), returning the lines and the
/// last message.
async fn until_done(socket: &mut Socket) -> (Vec<Value>, Value) {
    let mut lines = Vec::new();
    loop {
        let message = next(socket).await;
        match message["type"].as_str() {
            Some("line") => lines.push(message),
            _ => return (lines, message),
        }
    }
}

fn create(state: &State, game: &str, position: Option<&str>) -> String {
    let kind = ply_games::GameKind::named(game).unwrap();
    state.create(kind, position).unwrap().id.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_stream_for_every_game() {
    let (address, state) = server().await;
    for game in ["chess", "checkers", "othello"] {
        let id = create(&state, game, None);
        let mut socket = connect(address, &id).await;
        send(
            &mut socket,
            json!({ "analyse": { "depth": 5, "multipv": 2 } }),
        )
        .await;
        let (lines, done) = until_done(&mut socket).await;
        assert_eq!(done["type"], "done", "{game}: {done}");
        assert!(!lines.is_empty(), "{game}");
        assert!(lines.iter().any(|l| l["multipv"] == 2), "{game}");
        let deepest = lines
            .iter()
            .map(|l| l["depth"].as_u64().unwrap())
            .max()
            .unwrap();
        assert_eq!(deepest, 5, "{game}");
        let position = state.get(&id).unwrap().game().position();
        assert!(
            lines
                .iter()
                .all(|l| l["position"] == position.as_str()
                    && !l["pv"].as_array().unwrap().is_empty())
        );
        assert_eq!(done["answer"]["source"], "search");
        assert_eq!(done["answer"]["depth"], 5);
        // The answer is a legal move in the game's notation.
        let best = done["answer"]["best"].as_str().unwrap().to_owned();
        assert!(
            state.get(&id).unwrap().game().play(&best).is_ok(),
            "{game}: {best}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn othello_endgames_are_solved_and_bad_messages_refused() {
    let (address, state) = server().await;
    let board = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOO---- X";
    let id = create(&state, "othello", Some(board));
    let mut socket = connect(address, &id).await;
    send(&mut socket, json!({ "analyse": { "movetime": 5000 } })).await;
    let (_, done) = until_done(&mut socket).await;
    assert_eq!(done["answer"]["source"], "solved", "{done}");
    assert_eq!(done["answer"]["exact"], true, "{done}");

    for bad in [
        json!({ "analyse": { "level": 99 } }),
        json!({ "think": 1 }),
        json!({ "analyse": { "multipv": 0 } }),
    ] {
        send(&mut socket, bad.clone()).await;
        let reply = next(&mut socket).await;
        assert_eq!(reply["type"], "error", "{bad}: {reply}");
    }
    socket.send(Message::text("not json")).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "error");
    socket.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "error");
    // Too large a message closes the socket.
    let _ = socket.send(Message::text("x".repeat(100_000))).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(message)) = socket.next().await {
            if message.is_close() {
                break;
            }
        }
    })
    .await;
    assert!(closed.is_ok());

    // Another site's page may not open it; the server's own may.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    for (origin, allowed) in [
        ("http://evil.example", false),
        (&format!("http://{address}") as &str, true),
    ] {
        let mut request = format!("ws://{address}/api/games/{id}/analyse")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        assert_eq!(
            tokio_tungstenite::connect_async(request).await.is_ok(),
            allowed,
            "{origin}"
        );
    }

    // No such game: no socket.
    let url = format!("ws://{address}/api/games/0000000000000000/analyse");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_and_disconnect_end_the_search() {
    let (address, state) = server().await;
    let id = create(&state, "chess", None);
    let slot = state.get(&id).unwrap();
    let mut socket = connect(address, &id).await;
    send(&mut socket, json!({ "analyse": { "movetime": 60_000 } })).await;
    let first = next(&mut socket).await;
    assert_eq!(first["type"], "line", "{first}");
    assert!(slot.searching());
    // A second analysis while one runs is refused.
    send(&mut socket, json!({ "analyse": {} })).await;
    let (_, refused) = until_done(&mut socket).await;
    assert_eq!(refused["type"], "error", "{refused}");
    let started = Instant::now();
    send(&mut socket, json!({ "stop": true })).await;
    let (_, done) = until_done(&mut socket).await;
    assert_eq!(done["type"], "done", "{done}");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(done["answer"]["best"].is_string());

    send(&mut socket, json!({ "analyse": { "movetime": 60_000 } })).await;
    assert_eq!(next(&mut socket).await["type"], "line");
    assert!(slot.searching());
    drop(socket);
    let started = Instant::now();
    while slot.searching() {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the search outlived its page"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
