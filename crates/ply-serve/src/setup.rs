//! The routes of the set-up editor and of multi-game records: a position
//! written from pieces on squares (`POST /api/setup`), the board they make
//! (`POST /api/setup/board.svg`), the pieces of a position
//! (`POST /api/setup/pieces`) and the games of a record file
//! (`POST /api/records/games`). What the pieces are and how a position is
//! written is the games layer's ([`ply_games::session::setup`],
//! [`ply_games::session::records`]).

use crate::error::ApiError;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use ply_games::GameKind;
use ply_games::session::{records, setup};
use ply_games::svg::{self, Theme};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The game named `name`, or a 400 with the names there are.
pub fn game_named(name: &str) -> Result<GameKind, ApiError> {
    GameKind::named(name).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        ApiError::bad(format!(
            "unknown game '{shown}': expected {}",
            GameKind::names()
        ))
    })
}

/// The body of `POST /api/setup` and `POST /api/setup/board.svg`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetUpBody {
    /// The game's name.
    pub game: String,
    /// The piece on each square: the square as the game names it, the
    /// piece's letter of the palette (`{"e1": "K"}`).
    #[serde(default)]
    pub pieces: BTreeMap<String, char>,
    /// Whether the first player is to move (default true).
    pub first_to_move: Option<bool>,
    /// Chess: the castling rights (`KQkq`).
    pub castling: Option<String>,
    /// Chess: the en passant square.
    pub en_passant: Option<String>,
    /// Chess: the number of the move to play (1 by default).
    pub fullmove_number: Option<u32>,
    /// Chess: the half-moves since the last capture or pawn move (0 by
    /// default).
    pub halfmove_clock: Option<u32>,
    /// The board turned round (`POST /api/setup/board.svg`).
    pub flip: Option<bool>,
    /// The board's theme (`POST /api/setup/board.svg`): `light` or `dark`.
    pub theme: Option<String>,
}

impl SetUpBody {
    fn pieces(&self) -> Vec<(String, char)> {
        self.pieces.iter().map(|(s, &p)| (s.clone(), p)).collect()
    }
}

/// `POST /api/setup`: the position string of the pieces, checked by the
/// game; 422 with the reason when the game refuses it.
pub async fn position(
    body: Result<Json<SetUpBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    let kind = game_named(&body.game)?;
    let extras = setup::Extras {
        castling: body.castling.clone().unwrap_or_default(),
        en_passant: body.en_passant.clone(),
        fullmove_number: body.fullmove_number,
        halfmove_clock: body.halfmove_clock,
    };
    let position = setup::position_from(
        kind,
        &body.pieces(),
        body.first_to_move.unwrap_or(true),
        &extras,
    )
    .map_err(ApiError::refused)?;
    Ok(Json(
        json!({ "game": kind.to_string(), "position": position }),
    ))
}

/// `POST /api/setup/board.svg`: the board with the pieces on it, legal or
/// not, drawn by ply's renderer.
pub async fn board(body: Result<Json<SetUpBody>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let kind = game_named(&body.game)?;
    let theme = match body.theme.as_deref() {
        None => Theme::Light,
        Some(name) => name
            .parse()
            .map_err(|e: svg::UnknownTheme| ApiError::bad(e.to_string()))?,
    };
    let mut diagram = setup::diagram(kind, &body.pieces()).map_err(ApiError::refused)?;
    if body.flip.unwrap_or(false) {
        diagram = diagram.flipped();
    }
    let svg = svg::render(
        &diagram,
        &svg::Options {
            theme,
            coordinates: true,
            size: None,
        },
    );
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// The body of `POST /api/setup/pieces`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesBody {
    /// The game's name.
    pub game: String,
    /// A position string (none: the start).
    pub position: Option<String>,
}

/// `POST /api/setup/pieces`: the pieces of a position (or the start), the
/// side to move and the castling rights and en passant square, as
/// `POST /api/setup` takes them.
pub async fn pieces(
    body: Result<Json<PiecesBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    let kind = game_named(&body.game)?;
    let set_up = setup::pieces_of(kind, body.position.as_deref())
        .map_err(|e| ApiError::refused(format!("bad {kind} position: {e}")))?;
    let pieces: BTreeMap<String, String> = set_up
        .pieces
        .into_iter()
        .map(|(square, symbol)| (square, symbol.to_string()))
        .collect();
    Ok(Json(json!({
        "game": kind.to_string(),
        "pieces": pieces,
        "first_to_move": set_up.first_to_move,
        "castling": set_up.extras.castling,
        "en_passant": set_up.extras.en_passant,
        "fullmove_number": set_up.extras.fullmove_number,
        "halfmove_clock": set_up.extras.halfmove_clock,
    })))
}

/// The body of `POST /api/records/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordBody {
    /// The record file (PGN, PDN or GGF).
    pub record: String,
    /// The game's name; none: the first game whose format reads the
    /// file's first game.
    pub game: Option<String>,
}

/// `POST /api/records/games`: a summary of each game of a record file (at
/// most [`records::MAX_GAMES`]) and how many it holds.
pub async fn record_games(
    body: Result<Json<RecordBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    let (kind, listing) = match &body.game {
        Some(name) => {
            let kind = game_named(name)?;
            (kind, records::list(kind, &body.record))
        }
        None => GameKind::ALL
            .into_iter()
            .map(|kind| (kind, records::list(kind, &body.record)))
            .find(|(_, listing)| {
                listing
                    .games
                    .first()
                    .is_some_and(|game| game.error.is_none())
            })
            .ok_or_else(|| ApiError::refused("no game can read this record"))?,
    };
    if listing.total == 0 {
        return Err(ApiError::refused(format!("no {kind} game in this record")));
    }
    Ok(Json(json!({
        "game": kind.to_string(),
        "total": listing.total,
        "games": listing.games,
    })))
}
