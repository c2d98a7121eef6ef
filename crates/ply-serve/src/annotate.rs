//! Annotating a whole game: every position of the game's main line (the
//! moves played and the moves ahead, as the game's view lists them)
//! searched at a small bounded limit, then each move marked
//! ([`ply_games::session::annotation`]: the losses, the classes and their thresholds).
//!
//! `POST /api/games/{id}/annotate` answers when it is done; the analysis
//! socket takes `{"annotate": {...}}` and streams the progress. Either way
//! the game searches one thing at a time (409 while it searches), one
//! search thread, one of the server's search permits per position, at most
//! [`MAX_POSITION_MS`] per position; `/stop`, `{"stop": true}` or the page
//! going away stop it, and what was done so far is kept. The last
//! annotation is kept with the game: the saved record then carries each
//! move's note as a comment.

use crate::error::ApiError;
use crate::store::{Slot, State};
use ply_games::session::annotation::{Annotation, Eval, Thresholds, eval_of, marks};
use ply_games::session::{self, Session, Settings};
use serde::Deserialize;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The longest search per position a page may ask for, in milliseconds.
pub const MAX_POSITION_MS: u64 = 1000;
/// The search per position when the page asks for none, in milliseconds.
pub const DEFAULT_POSITION_MS: u64 = 200;
/// The longest main line annotated, in moves.
pub const MAX_MOVES: usize = 1000;
/// The limits of an annotation, as a page asks for them (the body of
/// `POST /api/games/{id}/annotate`, the `annotate` of a socket message).
#[derive(Deserialize, Default, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
pub struct AnnotateLimits {
    /// Milliseconds per position, 10 to [`MAX_POSITION_MS`]
    /// ([`DEFAULT_POSITION_MS`] by default).
    #[serde(default)]
    pub movetime: Option<u64>,
    /// Plies per position at most, 1 to 64 (the time per position bounds
    /// it too).
    #[serde(default)]
    pub depth: Option<u32>,
}

impl AnnotateLimits {
    /// The search of each position, within the server's bounds.
    ///
    /// # Errors
    /// 400 for a time or depth out of range.
    pub fn settings(&self, state: &State) -> Result<Settings, ApiError> {
        let max_ms = u64::try_from(state.config.max_analysis.as_millis())
            .unwrap_or(u64::MAX)
            .clamp(10, MAX_POSITION_MS);
        let movetime = self.movetime.unwrap_or(DEFAULT_POSITION_MS.min(max_ms));
        if !(10..=max_ms).contains(&movetime) {
            return Err(ApiError::bad(format!(
                "movetime must be 10 to {max_ms} ms per position"
            )));
        }
        if let Some(depth) = self.depth
            && !(1..=64).contains(&depth)
        {
            return Err(ApiError::bad("depth must be 1 to 64"));
        }
        Ok(Settings {
            level: 10,
            depth: self.depth,
            movetime: Some(Duration::from_millis(movetime)),
            threads: 1,
            hash_mb: state.config.hash_mb,
            seed: 0,
            multipv: 1,
            book: false,
        })
    }
}
/// Annotates the main line of the game in `slot`, position by position,
/// calling `on_eval` with the number of positions done, their number in all
/// and the last one's evaluation; keeps the annotation with the game and
/// answers with it. Stops, keeping what was done, when the game's search is
/// stopped or the future is dropped.
///
/// # Errors
/// 409 when the game searches already, 400 for a main line longer than
/// [`MAX_MOVES`].
pub async fn annotate(
    state: &State,
    slot: &Arc<Slot>,
    settings: &Settings,
    mut on_eval: impl FnMut(usize, usize, &Eval),
) -> Result<Annotation, ApiError> {
    let (kind, start, moves) = {
        let game = slot.game();
        let mut moves = game.history();
        moves.extend(game.future());
        (game.kind(), game.start_position(), moves)
    };
    if moves.len() > MAX_MOVES {
        return Err(ApiError::bad(format!(
            "the game is longer than {MAX_MOVES} moves"
        )));
    }
    let guard = slot.begin_search()?;
    let mut replay = session::new(kind, Some(&start)).map_err(ApiError::refused)?;
    let game_marks = replay.marks();
    let cap = game_marks.cap;
    let total = moves.len() + 1;
    let mut evals = Vec::with_capacity(total);
    let mut forced = Vec::with_capacity(moves.len());
    for ply in 0..total {
        if guard.stop.load(Ordering::Relaxed) {
            break;
        }
        let answer = if replay.ending().is_some() {
            None
        } else {
            let permit = Arc::clone(&state.searches)
                .acquire_owned()
                .await
                .map_err(|_| ApiError::bad("the server is shutting down"))?;
            let search = replay.search(settings);
            let stop = Arc::clone(&guard.stop);
            let answer = tokio::task::spawn_blocking(move || {
                let answer = search.run(&stop, &mut |_| {});
                drop(permit);
                answer
            })
            .await
            .map_err(|e| ApiError::bad(format!("the search failed: {e}")))?;
            // A search cut short by a stop is no evaluation.
            if guard.stop.load(Ordering::Relaxed) {
                break;
            }
            Some(answer)
        };
        let eval = eval_of(replay.as_ref(), ply, answer.as_ref(), cap);
        on_eval(ply + 1, total, &eval);
        evals.push(eval);
        if let Some(mv) = moves.get(ply) {
            forced.push(replay.legal_moves().len() <= 1);
            if replay.play(mv).is_err() {
                break;
            }
        }
    }
    drop(guard);
    let marks = marks(kind, &start, &moves, &evals, &forced);
    let annotation = Annotation {
        game: kind.name(),
        complete: marks.len() == moves.len() && evals.len() == total,
        start,
        moves,
        evals,
        marks,
        thresholds: Thresholds::from(game_marks),
        movetime_ms: settings
            .movetime
            .map_or(0, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
    };
    slot.set_annotation(annotation.clone());
    Ok(annotation)
}
/// The notes of the game's moves played now, from the annotation kept with
/// it, as far as its main line and the game's agree.
pub fn notes(slot: &Slot, game: &dyn Session) -> Vec<Option<String>> {
    let Some(annotation) = slot.annotation() else {
        return Vec::new();
    };
    if annotation.start != game.start_position() {
        return Vec::new();
    }
    let history = game.history();
    let agree = history
        .iter()
        .zip(&annotation.moves)
        .take_while(|(a, b)| a == b)
        .count();
    annotation
        .marks
        .iter()
        .take(agree)
        .map(|mark| Some(mark.note.clone()))
        .collect()
}
