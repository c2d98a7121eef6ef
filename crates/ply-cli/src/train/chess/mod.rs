//! `ply train chess`: the chess evaluation's pipeline (Texel tuning), and
//! the data for a neural network evaluation.
//!
//! 1. `generate`: self-play games from random openings; their quiet
//!    positions, each with the game's result (`data`);
//! 2. `fit`: the evaluation's weights fitted to the results by logistic
//!    regression (`fit`);
//! 3. `info`: what a data file holds (either kind);
//! 4. `datagen`: self-play positions with their search scores and results
//!    in the marlinformat records that neural network trainers read
//!    (`datagen`); `merge` joins such files.
//!
//! The steps are the chess crate's `train` module's (reached through the registry entry,
//! [`crate::games::chess::train`]); this module only names them.

use crate::error::CliError;
use crate::games::chess::train::{self, datagen, fit, generate, nnue};
use crate::train::ui::{Terminal, cli_error};
use clap::{Args, Subcommand};

/// Arguments of `ply train chess`.
#[derive(Debug, Args)]
pub struct ChessArgs {
    /// The step to run.
    #[command(subcommand)]
    pub step: ChessStep,
}

/// The steps of the chess pipeline.
#[derive(Debug, Subcommand)]
pub enum ChessStep {
    /// Play self-play games and append their quiet positions to a data file
    /// (resumes a file made with the same settings).
    Generate(generate::GenerateArgs),
    /// Fit the evaluation's weights to the results of a data file's games
    /// (resumes with --resume).
    Fit(fit::FitArgs),
    /// Print what a data file holds: games, positions and results (a
    /// `generate` file, or a marlinformat file of `datagen`).
    Info(super::DataArgs),
    /// Play self-play games and write their quiet positions with the search
    /// score (White's view, centipawns) and the game's result as 32-byte
    /// marlinformat records, the data of neural network trainers (bullet,
    /// marlinflow); deterministic for a seed, resumed by running the same
    /// command again.
    ///
    /// Each game opens with --random-plies or one more random moves (from
    /// the start, or from a --book position drawn at random), then the
    /// engine plays both sides with --nodes (or --depth) a move. Kept: the
    /// positions not in check whose best move is neither a capture nor a
    /// promotion and whose score is no mate, each position once per file.
    ///
    /// A record (little-endian): occupancy u64 (bit 0 = a1); 32 four-bit
    /// piece codes in square order (role 0-5 = P N B R Q K, 6 = a rook that
    /// may castle, +8 for Black); side to move (bit 7, 1 = Black) and en
    /// passant square (64 = none); halfmove clock u8; fullmove number u16;
    /// score i16 in centipawns for White; White's result u8 (0 loss, 1
    /// draw, 2 win); extra u8 (bit 0: a game's first record). The files
    /// have no header: `cat` or `merge` joins them; bullet reads them after
    /// `bullet-utils convert --from marlinformat`. The run's state is kept
    /// in OUT.progress.json.
    ///
    /// With --first-game N the file holds games N to N + --games - 1 of the
    /// seed, a shard: shards of consecutive ranges merged in order (`merge`)
    /// equal one run over all their games, byte for byte. The Python
    /// package's plygames.distributed.datagen plays shards on a Ray cluster.
    ///
    /// Example: ply train chess datagen --out data.bin --games 10000
    /// --nodes 5000 --seed 1 --threads 2
    Datagen(datagen::DatagenArgs),
    /// Merge marlinformat data files into one, each position once (the
    /// files also concatenate as they are: they have no header).
    Merge(datagen::MergeArgs),
    /// Print the records of a marlinformat data file as text, one a line,
    /// in bullet's text format `FEN | score | result` (White's view).
    Dump(datagen::DumpArgs),
    /// Write a marlinformat data file's records in bullet's own 32-byte
    /// `ChessBoard` format (side-to-move relative), which bullet's
    /// DirectSequentialDataLoader reads as it is.
    ///
    /// Prefer this (or `dump` and `bullet-utils convert --from text`) to
    /// `bullet-utils convert --from marlinformat`: bulletformat 1.8.0 turns
    /// the rooks that may still castle into bishops.
    Convert(datagen::ConvertArgs),
    /// Train a neural network evaluation (768 features to H per side,
    /// concatenated, to one output) on a marlinformat data file and write it
    /// quantised (the file that `EvalFile` and PLY_CHESS_NET load); the
    /// held-out loss is reported after each epoch, and the network and a
    /// checkpoint (OUT.ckpt) are written after each, so that --resume
    /// continues.
    ///
    /// Example: ply train chess nnue --data data.bin --out chess.nnue
    /// --hidden 128 --epochs 10
    Nnue(nnue::NnueArgs),
}

/// Runs `ply train chess`.
pub fn run(args: &ChessArgs, json: bool) -> Result<(), CliError> {
    let ui = &Terminal { json };
    match &args.step {
        ChessStep::Generate(args) => generate::run(args, ui),
        ChessStep::Fit(args) => fit::run(args, ui),
        ChessStep::Info(args) => train::info(&args.data, ui),
        ChessStep::Datagen(args) => datagen::run(args, ui),
        ChessStep::Merge(args) => datagen::merge(args, ui),
        ChessStep::Dump(args) => datagen::dump(args, ui, &mut std::io::stdout().lock()),
        ChessStep::Convert(args) => datagen::convert(args, ui),
        ChessStep::Nnue(args) => nnue::run(args, ui),
    }
    .map_err(cli_error)
}
