//! `ply bench`: search fixed positions to a fixed depth with one thread and a
//! fresh table each, and report the total nodes (a signature of the search:
//! it changes only when the search does) and the speed.

use crate::engines::{self, EngineGame, WithEngine};
use crate::error::CliError;
use clap::Args;
use ply_core::search::{Engine, Evaluator, Limits, Searchable};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::AtomicBool;
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

/// Positions searched by `ply bench chess`: the start, Kiwipete and a range of
/// middle games and endings.
const CHESS_POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2P1BN2/P4PPP/R5K1 w - - 0 20",
    "r2qr1k1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
];

/// Positions searched by `ply bench checkers`: the start, three-move ballots
/// and endings with kings.
const CHECKERS_POSITIONS: [&str; 6] = [
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13",
    "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14",
    "B:W14,19,21,22,25,27,28,30,31:B1,2,4,5,6,10,12,13,17",
    "W:WK4,K7,20,24:BK23,25,K29,13",
    "B:WK2,K3,19,24:BK10,K14,16,17",
];

/// Positions searched by `ply bench othello`: the start, an early position,
/// and midgame positions of 30 to 36 empties from the FFO test suite.
const OTHELLO_POSITIONS: [&str; 6] = [
    "---------------------------OX------XO--------------------------- X",
    "-------------------X-------XX------XO--------------------------- O",
    "--------------X-----O-XX---OOOX-OOOOXOXX--OOOOOO--O-OO-O----OO-- X",
    "--O-OX--X-OOO---XXOOO---XXOXOOOO-OOOOO--O-X-O-----OX------------ X",
    "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X",
    "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X",
];

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

struct Bench {
    name: &'static str,
    positions: &'static [&'static str],
    depth: u32,
}

impl WithEngine for Bench {
    type Output = Result<(u64, Duration), CliError>;

    fn run<G: Searchable, E: Evaluator<G>>(self, mut engine: Engine<G, E>) -> Self::Output {
        let mut nodes = 0;
        let started = Instant::now();
        for text in self.positions {
            let position =
                G::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?;
            engine.clear();
            let result = engine.search(
                &position,
                &[],
                &Limits::depth(self.depth),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            nodes += result.nodes;
        }
        let _ = self.name;
        Ok((nodes, started.elapsed()))
    }
}

/// Runs `ply bench`.
pub fn run(args: &BenchArgs, json: bool) -> Result<(), CliError> {
    let games = match &args.game {
        Some(name) => vec![engines::engine_variant(name, args.generator.as_deref())?],
        None => vec![EngineGame::Chess, EngineGame::Checkers, EngineGame::Othello],
    };
    let mut out = std::io::stdout().lock();
    for game in games {
        let (name, positions, default_depth): (&'static str, &'static [&'static str], u32) =
            match game {
                EngineGame::Chess | EngineGame::ChessGnu | EngineGame::ChessAttackMap => {
                    ("chess", &CHESS_POSITIONS, 11)
                }
                EngineGame::Checkers => ("checkers", &CHECKERS_POSITIONS, 18),
                EngineGame::Othello => ("othello", &OTHELLO_POSITIONS, 12),
            };
        let depth = args.depth.unwrap_or(default_depth);
        let (nodes, time) = engines::with_engine(
            game,
            16,
            Bench {
                name,
                positions,
                depth,
            },
        )??;
        let seconds = time.as_secs_f64();
        let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
        if json {
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
    }
    Ok(())
}
