//! `ply bench`: search fixed positions to a fixed depth with one thread and a
//! fresh table each, and report the total nodes (a signature of the search:
//! it changes only when the search does) and the speed.

use crate::engines::{self, PlayerTask};
use crate::error::CliError;
use crate::games::{self, Dispatch, GameEntry, GameTask, Kind};
use clap::Args;
use ply_core::Game;
use ply_core::player::{Player, bench_nodes};
use ply_core::search::Limits;
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `ply bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game to benchmark (all games by default).
    pub game: Option<String>,

    /// Nominal search depth (the default gives a few seconds per game).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: Option<u32>,

    /// The board the engine runs on (chess: bitboard, gnu, attackmap); needs
    /// the game.
    #[arg(long = "gen", value_name = "NAME", requires = "game")]
    pub generator: Option<String>,
}

/// The JSON line of one game's benchmark.
#[derive(Serialize)]
struct BenchLine {
    game: &'static str,
    /// The board the engine ran on, when `--gen` chose one.
    #[serde(rename = "gen", skip_serializing_if = "Option::is_none")]
    generator: Option<String>,
    depth: u32,
    positions: usize,
    nodes: u64,
    seconds: f64,
    nps: u64,
}

/// `ply bench` on one game, printing its line.
struct Bench<'a> {
    args: &'a BenchArgs,
    json: bool,
}

impl GameTask for Bench<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        let args = self.args;
        let depth = args.depth.unwrap_or(G::BENCH_DEPTH);
        let positions = G::BENCH_POSITIONS;
        let (nodes, time) = games::with_engine_board::<G, _>(
            args.generator.as_deref(),
            BenchSearch { positions, depth },
        )??;
        let seconds = time.as_secs_f64();
        let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
        let name = G::NAME;
        let mut out = std::io::stdout().lock();
        if self.json {
            let line = BenchLine {
                game: name,
                generator: args.generator.clone(),
                depth,
                positions: positions.len(),
                nodes,
                seconds,
                nps,
            };
            writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
        } else {
            let board = args
                .generator
                .as_ref()
                .map_or_else(String::new, |g| format!(" ({g})"));
            writeln!(
                out,
                "{name}{board}: {} positions, depth {depth}: {nodes} nodes  {seconds:.2} s  {:.0} kn/s",
                positions.len(),
                nps as f64 / 1000.0
            )?;
        }
        Ok(())
    }
}

/// The searches of `ply bench` on one engine board.
struct BenchSearch {
    positions: &'static [&'static str],
    depth: u32,
}

impl PlayerTask for BenchSearch {
    type Output = Result<(u64, Duration), CliError>;

    fn run<P: Player>(self) -> Self::Output {
        let mut player = engines::player::<P>(16)?;
        let positions = self
            .positions
            .iter()
            .map(|text| {
                P::Game::parse_position(text).map_err(|e| CliError::Position(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let started = Instant::now();
        let nodes = bench_nodes(&mut player, &positions, &Limits::depth(self.depth));
        Ok((nodes, started.elapsed()))
    }
}

/// Runs `ply bench`.
pub fn run(args: &BenchArgs, json: bool) -> Result<(), CliError> {
    let games = match &args.game {
        Some(name) => vec![games::engine_game(name)?],
        None => Kind::ALL.to_vec(),
    };
    for game in games {
        game.dispatch(Bench { args, json })?;
    }
    Ok(())
}
