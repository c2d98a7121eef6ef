//! [`OthelloPlayer`]: ply's whole Othello engine, the midgame search and the
//! exact endgame solver behind one call, [`Player::think`], which decides once per
//! position how to search it ([`Reach`]): solved exactly, solved for a win,
//! loss or draw two empties further out, or searched by the midgame search.
//!
//! Every program that plays Othello goes through it (`ply best`, `ply play`,
//! `ply nboard` and so `ply match`), so the switch from the midgame search to
//! the solver is chosen in one place, from the limits of the search:
//!
//! - a depth limit `d` solves exactly at `d + 8` empties or fewer (12 to 22);
//! - a time limit solves exactly where a solve of a game position is expected
//!   to take about the time given: 20 empties in 300 ms, one empty more for
//!   each 2.7 times more time ([`exact_empties_in`]), from 10 to 26 empties;
//! - the win/loss/draw solve reaches two empties beyond the exact one, within
//!   the time that would have taken about a fifth of it.
//!
//! A solve that the clock stops (its hard deadline) gives way to a quick
//! midgame search; a solve stopped from outside returns what the midgame
//! search would have had nothing better than: the first legal move. Levels
//! below full strength never solve.
//!
//! Under a time limit, a midgame search at [`PROOF_AFTER_SEARCH_EMPTIES`]
//! empties or fewer is followed by a win/loss/draw solve in the time left
//! (`OthelloPlayer::search_then_prove`): there the search's every line
//! reaches the last move (pruned by ProbCut) in a fraction of its share of
//! the clock, and a proof in the time the clock has to spare keeps the won
//! and drawn results that the search's move would throw away (NTest proves
//! the result from about 23 empties).

use super::Evaluation;
use crate::Othello;
use crate::engine::solve::{self, Solver};
use crate::moves::Move;
use ply_core::Game;
use ply_core::player::{AllocationError, Player, Request, Source, Thought};
use ply_core::search::{self, Bound, Deadlines, Info, Level, Limits, Options, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The exact final disc difference.
    Exact,
    /// Win, loss or draw only: the sign of the score is exact, its size a
    /// bound.
    WinLossDraw,
    /// The midgame search, to the limits.
    Midgame,
}

/// The empties at or below which a search to `depth` plies solves exactly:
/// `depth + 8`, from 12 to 22.
#[must_use]
pub fn exact_empties_at_depth(depth: u32) -> u32 {
    (depth + 8).clamp(12, 22)
}

/// The moves a clock for the rest of an Othello game is shared over, with
/// `empties` empty squares: the side's own moves until the solver takes
/// over (about 20 empties, where a solve takes a few tenths of a second),
/// plus four for the solve itself, never more than the side's own moves
/// left. The moves after a solve cost nothing, so sharing the clock over all
/// the side's moves (half the empties) left a third of it unused at the end
/// of a game.
#[must_use]
pub fn planned_moves(empties: u32) -> u32 {
    let own = empties.div_ceil(2).max(1);
    (empties.saturating_sub(SOLVE_FROM_EMPTIES) / 2 + 4).min(own)
}

/// The empties from which a clock plans the solver to take over.
const SOLVE_FROM_EMPTIES: u32 = 20;

/// The empties at or below which a solve of a game position is expected to
/// take about `time` or less: 20 at 300 ms, one more for each factor of 2.7
/// (the solver's cost per empty square), from 10 to 26.
#[must_use]
pub fn exact_empties_in(time: Duration) -> u32 {
    let seconds = time.as_secs_f64().max(1e-6);
    // (A hair more, so that the rounding of 300 ms itself gives 20.)
    let empties = 20.0 + (seconds / 0.3).ln() + 1e-9;
    empties.floor().clamp(10.0, 26.0) as u32
}

impl Reach {
    /// How `position` is searched within `limits` at `level`: the policy of
    /// the module's documentation.
    #[must_use]
    pub fn of(position: &Othello, limits: &Limits, level: Level) -> Reach {
        if level != Level::FULL || position.outcome().is_some() {
            return Reach::Midgame;
        }
        let empties = position.empty().count_ones();
        let deadlines = Deadlines::new(limits, Instant::now());
        let time = deadlines
            .soft
            .map(|soft| soft.saturating_duration_since(Instant::now()));
        let by_depth = limits.depth.map(exact_empties_at_depth);
        let exact = [by_depth, time.map(exact_empties_in)]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or_else(|| exact_empties_at_depth(60));
        let win_loss_draw = [
            by_depth.map(|e| e + 2),
            time.map(|t| exact_empties_in(t / 5) + 2),
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(exact + 2);
        if empties <= exact {
            Reach::Exact
        } else if empties <= win_loss_draw {
            Reach::WinLossDraw
        } else {
            Reach::Midgame
        }
    }

    /// The solver's window, for the solving reaches.
    #[must_use]
    pub fn window(self) -> Option<solve::Options<'static>> {
        match self {
            Reach::Exact => Some(solve::Options::exact()),
            Reach::WinLossDraw => Some(solve::Options::win_loss_draw()),
            Reach::Midgame => None,
        }
    }
}

/// The answer of a solve of `reach` started at `start`.
fn solved(solution: solve::Solution, start: Instant) -> Thought<Move> {
    Thought {
        best: solution.best_move,
        ponder: solution.pv.get(1).copied(),
        score: Score(100 * solution.score),
        bound: solution.bound,
        depth: solution.empties,
        seldepth: solution.empties,
        nodes: solution.nodes,
        time: start.elapsed(),
        pv: solution.pv,
        source: Source::Solved,
    }
}

/// ply's Othello engine: the midgame search (ply-core's, with the
/// [`Evaluation`]) and the exact solver, and the choice between them.
pub struct OthelloPlayer {
    midgame: search::Engine<Othello, Evaluation>,
    solver: Solver,
}

impl std::fmt::Debug for OthelloPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OthelloPlayer")
            .field("options", &self.midgame.options)
            .field("solver", &self.solver)
            .finish_non_exhaustive()
    }
}

/// The depth of the midgame search that answers when a solve runs out of
/// time.
const FALLBACK_DEPTH: u32 = 4;

/// The most empties at which a midgame search under a time limit is
/// followed by a win/loss/draw solve (`OthelloPlayer::search_then_prove`).
/// 24: at 0.28 s a move on average, the solve after the search took 1.45 s
/// at 24 empties and 0.67 s at 23 out of the clock ply used to leave unused
/// (README, "The Othello engine"). From 26 empties the proof there takes
/// about 1.5 s, which at equal time came out of the midgame and scored no
/// better against NTest (README, "Where ply still loses results").
pub const PROOF_AFTER_SEARCH_EMPTIES: u32 = 24;

/// How many times its share of the clock (the soft budget) a move may spend
/// on the search and the solve after it, never past the hard deadline.
const PROOF_SHARES: u32 = 3;

impl OthelloPlayer {
    /// A player whose midgame search has a `midgame_mb` MiB table and whose
    /// solver has a `solver_mb` MiB one.
    ///
    /// # Errors
    /// [`AllocationError`] if the memory cannot be had.
    pub fn new(midgame_mb: usize, solver_mb: usize) -> Result<OthelloPlayer, AllocationError> {
        let midgame = search::Engine::try_new(Evaluation, midgame_mb).ok_or(AllocationError {
            megabytes: midgame_mb,
        })?;
        Ok(OthelloPlayer {
            midgame,
            solver: Solver::new(solver_mb)?,
        })
    }

    /// The midgame search, for its options (threads, level, lines).
    pub fn midgame(&mut self) -> &mut search::Engine<Othello, Evaluation> {
        &mut self.midgame
    }

    /// The exact solver.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.midgame.clear();
        self.solver.clear();
    }

    /// How this engine would search `position` within `limits`.
    #[must_use]
    pub fn reach(&self, position: &Othello, limits: &Limits) -> Reach {
        Reach::of(position, limits, self.midgame.options.level)
    }

    /// Solves `position` in `window`, stopped by `stop` or at `deadline`;
    /// the nodes searched when stopped.
    fn solve_until(
        &mut self,
        position: &Othello,
        window: solve::Options<'_>,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<solve::Solution, u64> {
        let Some(deadline) = deadline else {
            return self
                .solver
                .search(position, &window.with_stop(stop))
                .map_err(|e| stopped_nodes(&e));
        };
        // A watcher turns the deadline and the caller's flag into one flag.
        let halt = AtomicBool::new(false);
        let done = AtomicBool::new(false);
        let solver = &mut self.solver;
        std::thread::scope(|scope| {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                        halt.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            let result = solver
                .search(position, &window.with_stop(&halt))
                .map_err(|e| stopped_nodes(&e));
            done.store(true, Ordering::Relaxed);
            result
        })
    }

    /// Whether [`OthelloPlayer::search_then_prove`] answers `request`: a
    /// midgame position at full strength, at
    /// [`PROOF_AFTER_SEARCH_EMPTIES`] empties or fewer, under a time limit,
    /// not pondering, every move allowed.
    fn proves_after_search(&self, request: &Request<'_, Othello>) -> bool {
        let (position, limits) = (request.root, request.limits);
        self.midgame.options.level == Level::FULL
            && position.outcome().is_none()
            && position.empty().count_ones() <= PROOF_AFTER_SEARCH_EMPTIES
            && (limits.movetime.is_some() || limits.clock.is_some())
            && !limits.infinite
            && !limits.ponder
            && request.only.is_empty()
            && self.reach(position, limits) == Reach::Midgame
    }

    /// The midgame search in the move's share of the time (its soft budget,
    /// as a fixed time: no early end by the clock's pacing), then a
    /// win/loss/draw solve until [`PROOF_SHARES`] times that share or the
    /// hard deadline, whichever comes first. A proven win or draw plays the
    /// solver's move; a proven loss, or a solve out of time, the search's
    /// (the one that keeps the most chances).
    fn search_then_prove(
        &mut self,
        request: &Request<'_, Othello>,
        start: Instant,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> Thought<Move> {
        let deadlines = Deadlines::new(request.limits, start);
        let share = deadlines
            .soft
            .map_or(Duration::ZERO, |soft| soft.saturating_duration_since(start));
        let searched = Limits {
            movetime: Some(share),
            clock: None,
            ..*request.limits
        };
        let mut thought = self.midgame.search_request(
            &Request {
                limits: &searched,
                ..*request
            },
            on_info,
        );
        if request.stop.load(Ordering::Relaxed) {
            return thought;
        }
        let deadline = [deadlines.hard, start.checked_add(share * PROOF_SHARES)]
            .into_iter()
            .flatten()
            .min();
        let window = solve::Options::win_loss_draw();
        match self.solve_until(request.root, window, deadline, request.stop) {
            Ok(solution) if solution.score >= 0 && solution.best_move.is_some() => {
                let mut proved = solved(solution, start);
                proved.nodes += thought.nodes;
                proved
            }
            unproved => {
                thought.nodes += unproved.map_or_else(|nodes| nodes, |solution| solution.nodes);
                thought.time = start.elapsed();
                thought
            }
        }
    }
}

/// Thinks about a position: a solve when [`Reach::of`] says so, else the
/// midgame search, whose iterations are reported to `on_info` (a solve
/// reports nothing: its answer is the [`Thought`], [`Source::Solved`]).
impl Player for OthelloPlayer {
    type Game = Othello;

    /// A player whose midgame search and solver have `hash_mb` MiB tables
    /// each.
    fn with_hash(hash_mb: usize) -> Result<Self, AllocationError> {
        OthelloPlayer::new(hash_mb, hash_mb)
    }

    fn options(&self) -> &Options {
        &self.midgame.options
    }

    fn options_mut(&mut self) -> &mut Options {
        &mut self.midgame.options
    }

    fn set_hash(&mut self, hash_mb: usize) -> Result<(), AllocationError> {
        if !self.midgame.resize_table(hash_mb) {
            return Err(AllocationError { megabytes: hash_mb });
        }
        self.solver = Solver::new(hash_mb)?;
        Ok(())
    }

    fn new_game(&mut self) {
        self.clear();
    }

    fn think(
        &mut self,
        request: &Request<'_, Othello>,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> Thought<Move> {
        let (position, limits, stop) = (request.root, request.limits, request.stop);
        let start = Instant::now();
        let reach = self.reach(position, limits);
        if let Some(window) = reach.window() {
            let hard = Deadlines::new(limits, start).hard;
            match self.solve_until(position, window, hard, stop) {
                Ok(solution) => return solved(solution, start),
                Err(nodes) if !stop.load(Ordering::Relaxed) => {
                    // Out of time: a quick midgame answer.
                    let quick = Limits::depth(limits.depth.unwrap_or(60).min(FALLBACK_DEPTH));
                    let result =
                        self.midgame
                            .search(position, request.history, &quick, stop, on_info);
                    let mut thought = Thought::from(result);
                    thought.nodes += nodes;
                    thought.time = start.elapsed();
                    return thought;
                }
                Err(nodes) => {
                    let moves = position.legal_moves();
                    return Thought {
                        best: moves.first().copied(),
                        ponder: None,
                        score: Score::DRAW,
                        bound: Bound::Exact,
                        depth: 0,
                        seldepth: 0,
                        nodes,
                        time: start.elapsed(),
                        pv: moves.first().copied().into_iter().collect(),
                        source: Source::Search,
                    };
                }
            }
        }
        if self.proves_after_search(request) {
            return self.search_then_prove(request, start, on_info);
        }
        self.midgame.search_request(request, on_info)
    }
}

/// The nodes of a stopped solve.
fn stopped_nodes(error: &solve::SolveError) -> u64 {
    match *error {
        solve::SolveError::Stopped { nodes } => nodes,
        solve::SolveError::EmptyWindow { .. } => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Othello {
        Othello::parse_position(text).unwrap()
    }

    /// FFO #1: 14 empties, black wins by 18 with g8.
    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    #[test]
    fn the_clock_is_planned_over_the_moves_before_the_solve() {
        // The start: 24 moves (20 before the solve, 4 for it), not 30.
        assert_eq!(planned_moves(60), 24);
        assert_eq!(planned_moves(59), 23);
        // Fewer and fewer, and never more than the side's own moves left.
        for empties in 1..60 {
            assert!(planned_moves(empties) <= planned_moves(empties + 1));
            assert!(planned_moves(empties) <= empties.div_ceil(2).max(1));
            assert!(planned_moves(empties) >= 1);
        }
        assert_eq!(planned_moves(20), 4);
        assert_eq!(planned_moves(3), 2);
        assert_eq!(planned_moves(0), 1);
    }

    #[test]
    fn the_reach_grows_with_depth_and_time() {
        assert_eq!(exact_empties_at_depth(1), 12);
        assert_eq!(exact_empties_at_depth(10), 18);
        assert_eq!(exact_empties_at_depth(60), 22);
        assert_eq!(exact_empties_in(Duration::from_millis(300)), 20);
        assert!(exact_empties_in(Duration::from_millis(100)) < 20);
        assert!(exact_empties_in(Duration::from_secs(10)) > 22);
        assert_eq!(exact_empties_in(Duration::ZERO), 10);
        let ffo = position(FFO_1);
        let full = Level::FULL;
        assert_eq!(Reach::of(&ffo, &Limits::depth(6), full), Reach::Exact);
        assert_eq!(Reach::of(&ffo, &Limits::depth(1), full), Reach::WinLossDraw);
        assert_eq!(
            Reach::of(&ffo, &Limits::depth(20), Level::new(9).unwrap()),
            Reach::Midgame
        );
        let start = Othello::start();
        assert_eq!(Reach::of(&start, &Limits::depth(60), full), Reach::Midgame);
        let second = Limits::movetime(Duration::from_secs(1));
        assert_eq!(Reach::of(&start, &second, full), Reach::Midgame);
        assert_eq!(Reach::of(&ffo, &second, full), Reach::Exact);
    }

    #[test]
    fn thinking_solves_near_the_end_and_searches_before() {
        let mut engine = OthelloPlayer::new(1, 1).unwrap();
        let stop = AtomicBool::new(false);
        let ffo = position(FFO_1);
        let eight = Limits::depth(8);
        let thought = engine.think(&Request::new(&ffo, &eight, &stop), &mut |_| {});
        assert_eq!(
            (thought.source, thought.bound),
            (Source::Solved, Bound::Exact)
        );
        assert_eq!(thought.score, Score(1800));
        assert_eq!(thought.best.unwrap().to_string(), "g8");
        assert_eq!(thought.depth, 14);
        let start = Othello::start();
        let three = Limits::depth(3);
        let thought = engine.think(&Request::new(&start, &three, &stop), &mut |_| {});
        assert_eq!(thought.source, Source::Search);
        assert_eq!(thought.depth, 3);
        assert!(thought.best.is_some());
    }

    /// A position of 24 empties from a game of ply against NTest, black to
    /// move: b4 draws, every other move loses (b3, b5 and g6 by 2 discs;
    /// `examples/endgame_choice.rs truth`).
    const DRAWN_24: &str = "--XOOOO----OXOO---OOXXXX--OXOOXX--XOXXXX-XXXOX----XOXO----XXX-O- X";

    /// A position of 25 empties from the same games, white to move.
    const EARLIER_25: &str = "--OOO-----OOX----XOXXXX-XXXOOOOOXXXOXOOO-XOXXO-O--OOXO------O--- O";

    /// FFO #40, 20 empties: black to move wins by 38 (a2).
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn only_timed_midgame_searches_near_the_end_are_proved() {
        let engine = OthelloPlayer::new(1, 1).unwrap();
        let stop = AtomicBool::new(false);
        let drawn = position(DRAWN_24);
        let clock = Limits {
            clock: Some(search::Clock {
                remaining: Duration::from_secs(6),
                increment: Duration::ZERO,
                moves_to_go: Some(planned_moves(24)),
            }),
            ..Limits::default()
        };
        let proves = |position: &Othello, limits: &Limits| {
            engine.proves_after_search(&Request::new(position, limits, &stop))
        };
        assert!(proves(&drawn, &clock));
        assert!(proves(&drawn, &Limits::movetime(Duration::from_secs(1))));
        // No time limit, pondering, a choice of moves: the plain search.
        assert!(!proves(&drawn, &Limits::depth(60)));
        assert!(!proves(
            &drawn,
            &Limits {
                ponder: true,
                ..clock
            }
        ));
        let only = [Move::place(crate::types::Square::new(25))];
        let request = Request {
            only: &only,
            ..Request::new(&drawn, &clock, &stop)
        };
        assert!(!engine.proves_after_search(&request));
        // Further from the end, or solved anyway: no proof after a search.
        let earlier = position(EARLIER_25);
        assert!(!proves(&earlier, &clock));
        assert!(!proves(&Othello::start(), &clock));
        assert!(!proves(
            &position(FFO_1),
            &Limits::movetime(Duration::from_secs(1))
        ));
        let mut weaker = OthelloPlayer::new(1, 1).unwrap();
        weaker.options_mut().level = Level::new(9).unwrap();
        assert!(!weaker.proves_after_search(&Request::new(&drawn, &clock, &stop)));
    }

    #[test]
    fn a_searched_position_near_the_end_is_then_proved() {
        // A depth-1 search leaves FFO #40 to the midgame search, and the
        // time to prove it.
        let ffo_40 = position(FFO_40);
        let limits = Limits {
            movetime: Some(Duration::from_secs(30)),
            ..Limits::depth(1)
        };
        let mut engine = OthelloPlayer::new(1, 16).unwrap();
        assert_eq!(engine.reach(&ffo_40, &limits), Reach::Midgame);
        let stop = AtomicBool::new(false);
        let thought = engine.think(&Request::new(&ffo_40, &limits, &stop), &mut |_| {});
        assert_eq!(
            (thought.source, thought.bound),
            (Source::Solved, Bound::Lower)
        );
        assert!(thought.score >= Score(100));
        // The proved move wins: the position after it is lost for white.
        let after = ffo_40.play_unchecked(thought.best.unwrap());
        assert!(solve::solve(&after).score < 0);
        // Where the search uses the time itself, the answer is still one of
        // its moves or a proved one, never a move that throws a draw away.
        let drawn = position(DRAWN_24);
        let moment = Limits::movetime(Duration::from_millis(20));
        let thought = engine.think(&Request::new(&drawn, &moment, &stop), &mut |_| {});
        assert!(drawn.legal_moves().contains(&thought.best.unwrap()));
        if thought.source == Source::Solved {
            assert_eq!(thought.best.unwrap().to_string(), "b4");
        }
    }

    #[test]
    fn a_solve_past_its_deadline_stops() {
        // FFO #40, 20 empties: far more than no time at all.
        let mut engine = OthelloPlayer::new(1, 1).unwrap();
        let stop = AtomicBool::new(false);
        let past = Some(Instant::now());
        let solved = engine.solve_until(&position(FFO_40), solve::Options::exact(), past, &stop);
        assert!(solved.is_err());
        let solved = engine.solve_until(&position(FFO_1), solve::Options::exact(), None, &stop);
        assert_eq!(solved.unwrap().score, 18);
    }
}
