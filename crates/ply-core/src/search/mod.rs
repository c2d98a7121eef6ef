//! The game-tree search shared by every game: negamax alpha-beta with
//! iterative deepening, principal variation search, aspiration windows, a
//! shared transposition table, killer and history move ordering, quiescence,
//! null-move pruning, late move reductions, futility pruning, limits, levels of
//! play and lazy SMP threads.
//!
//! A game plugs in by implementing [`Searchable`] (what is a capture, a check,
//! a null move, a draw, how its moves are generated in stages and packed into
//! the table...) and an [`Evaluator`]; everything is monomorphised per game,
//! with no dynamic dispatch per node. A node takes its moves from a staged
//! move picker: the table move, the game's noisy moves batch by batch (a
//! [`NoisySource`]), the killers, then the quiet moves by history. [`Engine`] holds the table and
//! the options between searches and runs them.

mod correction;
mod eval_cache;
mod learnt;
mod level;
mod limits;
mod ordering;
mod pacing;
mod picker;
mod table;
mod worker;

pub use crate::score::{MAX_PLY, Score};
pub use level::Level;
pub use limits::{Clock, Deadlines, Limits, PonderHit};
pub use table::{Bound, Entry, TranspositionTable};

pub use crate::game::NoMoves;

use crate::game::Game;
use crate::movelist::MoveList;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use worker::{Shared, Worker};

/// Entries in a history table: [`Searchable::history_index`] stays below this.
pub const HISTORY_SIZE: usize = 4096;

/// Moves told apart by [`Searchable::continuation_index`]: it stays below
/// this.
pub const CONTINUATION_SIZE: usize = 1024;

/// What the search wants noisy moves for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoisyPurpose {
    /// A search node (or forcing quiescence): every noisy move.
    Search,
    /// Quiescence in a quiet position whose static evaluation is `gap` (at
    /// least 0) below alpha: a game may leave out the captures too small to
    /// make up the gap, and moves quiescence does not need (under-promotions).
    Quiescence {
        /// How far the static evaluation is below alpha, in centi-units.
        gap: i32,
    },
}

/// A game's staged generation of noisy moves in one position: the search
/// asks for them batch by batch and stops asking at a cut-off.
pub trait NoisySource<G: Searchable> {
    /// Starts the generation in `position` for `purpose`.
    fn new(position: &G, purpose: NoisyPurpose) -> Self;

    /// Appends the next batch of noisy moves to `moves` (passed empty), in
    /// the order to search them; `false` once the generation is over (a
    /// batch may be empty while it is not).
    fn next_batch(&mut self, position: &G, moves: &mut MoveList<G::Move>) -> bool;
}

/// The noisy moves all at once, from [`Searchable::generate_noisy`] (or
/// [`Searchable::generate_noisy_within`] in quiescence): the source of every
/// game without a staged generator.
pub struct AllNoisy {
    purpose: Option<NoisyPurpose>,
}

impl<G: Searchable> NoisySource<G> for AllNoisy {
    #[inline]
    fn new(_: &G, purpose: NoisyPurpose) -> Self {
        AllNoisy {
            purpose: Some(purpose),
        }
    }

    #[inline]
    fn next_batch(&mut self, position: &G, moves: &mut MoveList<G::Move>) -> bool {
        match self.purpose.take() {
            Some(NoisyPurpose::Search) => position.generate_noisy(moves),
            Some(NoisyPurpose::Quiescence { gap }) => position.generate_noisy_within(gap, moves),
            None => return false,
        }
        true
    }
}

/// Which search techniques suit a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning (unsound where zugzwang is common).
    pub null_move: bool,
    /// Reverse futility (static null move) pruning near the leaves.
    pub reverse_futility: bool,
    /// Skipping quiet moves at the frontier when far below alpha.
    pub futility: bool,
    /// Late move reductions for quiet moves ordered late.
    pub late_move_reductions: bool,
    /// One more ply for moves that give check.
    pub check_extension: bool,
    /// Skipping the late quiet moves of shallow nodes (move-count pruning),
    /// fewer of them where the static score improved over two plies.
    pub late_move_pruning: bool,
    /// Skipping, at shallow depths, captures and quiet moves whose exchange
    /// ([`Searchable::see_at_least`]) loses more than a margin by depth.
    pub exchange_pruning: bool,
    /// Late move reductions adjusted by the move's history score, by whether
    /// the node's static score improved, and less for killers and counter
    /// moves.
    pub history_reductions: bool,
    /// One ply less at nodes deep enough that have no table move.
    pub internal_reduction: bool,
    /// Noisy moves that lose material by exchange tried after the quiet moves.
    pub losing_captures_last: bool,
    /// The quiet move that last refuted the opponent's move tried after the
    /// killers.
    pub counter_moves: bool,
    /// One ply less at quiet nodes off the principal variation whose static
    /// score lies far outside the window (Cake's material-window cut, with
    /// the static score for the material): lines already won or lost by
    /// far are searched shallower. Like the internal reduction and
    /// futility, not in a search whose root has a known value
    /// ([`Evaluator::known`]: an endgame database converting a win).
    pub window_reduction: bool,
    /// Static evaluations remembered by position, for an evaluation that
    /// costs more than a probe of a small table.
    pub eval_cache: bool,
    /// One more ply for a table move that a shallower search without it
    /// shows to be the only good one (singular), and a cut where even the
    /// other moves beat beta (multi-cut).
    pub singular_extension: bool,
    /// Quiescence reads the transposition table (a cut at a null-window
    /// node where a stored bound of any depth settles the window) and
    /// writes its results at depth 0 where no deeper result of the position
    /// is stored.
    pub quiescence_table: bool,
    /// Quiet moves ordered, and reduced, by how they fared after the
    /// opponent's last move and the side's own move before it
    /// (continuation history, by [`Searchable::continuation_index`]) as
    /// well as by their plain history.
    pub continuation_history: bool,
    /// Static scores corrected by how far recent searches of positions
    /// with the same [`Searchable::correction_key`] landed from theirs
    /// (correction history).
    pub correction_history: bool,
    /// The histories of each search thread (history, counter moves,
    /// continuation and correction history) kept from one search to the
    /// next until [`Engine::clear`], instead of starting afresh.
    pub keep_learnt: bool,
    /// Late move reductions two plies deeper at the nodes expected to fail
    /// high (Stockfish's cut nodes): the nodes that null-window scouts of a
    /// node's later moves visit, and below them the first move of every
    /// second ply (the plies between are expected to fail low).
    pub cut_node_reductions: bool,
    /// History rewards of 16·d² + 32·d up to 1,200 for a cut-off at depth
    /// d (Stockfish's scale) rather than d², so that a move that refutes
    /// rises quickly in the order; the late move reductions then read no
    /// history (their other [`history_reductions`](Self::history_reductions)
    /// terms stay).
    pub large_history_bonus: bool,
    /// ProbCut by captures (Stockfish's and Ethereal's, not the fitted
    /// model of [`Searchable::probcut`]): at a node off the principal
    /// variation deep enough, a capture that wins material beyond a margin
    /// over beta by exchange, whose quiescence and then a search four plies
    /// shallower both still beat beta by that margin, cuts the node.
    pub capture_probcut: bool,
}

impl Features {
    /// Every technique on.
    pub const ALL: Features = Features {
        null_move: true,
        reverse_futility: true,
        futility: true,
        late_move_reductions: true,
        check_extension: true,
        late_move_pruning: true,
        exchange_pruning: true,
        history_reductions: true,
        internal_reduction: true,
        losing_captures_last: true,
        counter_moves: true,
        window_reduction: true,
        eval_cache: true,
        singular_extension: true,
        quiescence_table: true,
        continuation_history: true,
        correction_history: true,
        keep_learnt: true,
        cut_node_reductions: true,
        large_history_bonus: true,
        capture_probcut: true,
    };
    /// Only the sound ones: no pruning by evaluation or null move.
    pub const SOUND: Features = Features {
        null_move: false,
        reverse_futility: false,
        futility: false,
        late_move_reductions: false,
        check_extension: false,
        late_move_pruning: false,
        exchange_pruning: false,
        history_reductions: false,
        internal_reduction: false,
        losing_captures_last: false,
        counter_moves: false,
        window_reduction: false,
        eval_cache: false,
        singular_extension: false,
        quiescence_table: false,
        continuation_history: false,
        correction_history: false,
        keep_learnt: false,
        cut_node_reductions: false,
        large_history_bonus: false,
        capture_probcut: false,
    };
}

/// ProbCut's model of one depth (Buro 1995): the score of a search
/// `depth` plies deep is about `slope` times the score of a search
/// [`shallow_depth`](Self::shallow_depth) plies deep plus `offset`, with an
/// error of standard deviation `sigma`. A node that is not on the principal
/// variation is cut when a null-window search to the shallow depth shows the
/// deep score beyond beta (or below alpha) by `threshold` sigmas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCut {
    /// The depth of the shallow search.
    pub shallow_depth: i32,
    /// The regression's slope.
    pub slope: f32,
    /// The regression's offset, in centi-units.
    pub offset: f32,
    /// The standard deviation of the regression's error, in centi-units.
    pub sigma: f32,
    /// How many sigmas of certainty a cut needs.
    pub threshold: f32,
}

impl ProbCut {
    /// The shallow score at or above which the deep score is taken to reach
    /// `beta`.
    #[must_use]
    pub fn high_bound(&self, beta: Score) -> Score {
        let bound = (beta.0 as f32 + self.threshold * self.sigma - self.offset) / self.slope;
        Score(bound.ceil() as i32)
    }

    /// The shallow score at or below which the deep score is taken to stay
    /// at or below `alpha`.
    #[must_use]
    pub fn low_bound(&self, alpha: Score) -> Score {
        let bound = (alpha.0 as f32 - self.threshold * self.sigma - self.offset) / self.slope;
        Score(bound.floor() as i32)
    }
}

/// What the search needs to know about a game beyond [`Game`].
pub trait Searchable: Game {
    /// The techniques this game's search uses.
    const FEATURES: Features;

    /// A hash of everything the static evaluation reads (the cache of
    /// [`Features::eval_cache`] is keyed by it): the position's hash by
    /// default; a game whose evaluation reads more (a move counter) mixes
    /// it in.
    fn evaluation_key(&self) -> u64 {
        self.hash()
    }

    /// Whether the side to move may not "stand pat" in quiescence because its
    /// choice is forced (in check, or a capture is compulsory): quiescence then
    /// searches every legal move.
    fn is_forcing(&self) -> bool {
        self.in_check()
    }

    /// Where the search gets this game's noisy moves (captures and
    /// promotions) from: [`AllNoisy`] lists them at once with
    /// [`Searchable::generate_noisy`]; a game that can generate them a few at
    /// a time (victim by victim) supplies its own [`NoisySource`].
    type Noisy: NoisySource<Self>;

    /// Appends the noisy moves (captures and promotions; a game's compulsory
    /// captures) in the order the search should try them, best first; none by
    /// default. In a forcing position they are the noisy evasions or jumps.
    fn generate_noisy(&self, moves: &mut MoveList<Self::Move>) {
        let _ = moves;
    }

    /// Like [`Searchable::generate_noisy`], for quiescence in a quiet
    /// position whose static evaluation is `gap` (at least 0) below alpha. A
    /// game whose generator can leave out the captures too small to make up
    /// the gap (futility by victim) overrides this.
    fn generate_noisy_within(&self, gap: i32, moves: &mut MoveList<Self::Move>) {
        let _ = gap;
        self.generate_noisy(moves);
    }

    /// Appends the legal moves that are not noisy, in any order (the search
    /// orders them by history). By default the legal moves that
    /// [`Searchable::is_noisy`] rejects.
    fn generate_quiet(&self, moves: &mut MoveList<Self::Move>) {
        let mut all = MoveList::new();
        self.generate_moves(&mut all);
        moves.extend(all.into_iter().filter(|&mv| !self.is_noisy(mv)));
    }

    /// Whether `mv` is a capture or promotion (not a killer or history move).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// `mv` in 16 bits for the transposition table, never 0 (0 is "no move").
    fn pack_move(mv: Self::Move) -> u16;

    /// The legal move of this position that `packed` (from
    /// [`Searchable::pack_move`], maybe of another position with the same
    /// hash) stands for, if any. By default a look through the legal moves;
    /// games override it with a direct check.
    fn unpack_move(&self, packed: u16) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| Self::pack_move(mv) == packed)
    }

    /// Whether `mv` (a killer from another position) is legal here. By
    /// default through [`Searchable::unpack_move`].
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.unpack_move(Self::pack_move(mv)) == Some(mv)
    }

    /// Whether the exchange started by `mv` wins at least `threshold` (static
    /// exchange evaluation); quiescence skips noisy moves that lose material.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// The position with the turn passed, for null-move pruning, where the
    /// search may try it (engine policy: chess passes only with pieces
    /// besides pawns, where zugzwang is rare); `None` by default.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Index of `mv` in the history table, below [`HISTORY_SIZE`].
    fn history_index(&self, mv: Self::Move) -> usize;

    /// Index of `mv` by what moves and where to (chess: the coloured piece
    /// and its destination), below [`CONTINUATION_SIZE`], for
    /// [`Features::continuation_history`]; the search reads it only where
    /// that is on. 0 by default.
    fn continuation_index(&self, mv: Self::Move) -> usize {
        let _ = mv;
        0
    }

    /// A hash of the part of the position whose static score errs alike
    /// (chess: the pawns of both sides), for
    /// [`Features::correction_history`], or `None` where that part says
    /// nothing (chess: no pawns) and the static score stays uncorrected;
    /// the search reads it only where the feature is on. `None` by default.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// ProbCut's model for a search of this position `depth` plies deep
    /// (fitted for the game's evaluation, by stage of the game), or `None`
    /// for no ProbCut there: the default, every game without a fitted model.
    fn probcut(&self, depth: i32) -> Option<ProbCut> {
        let _ = depth;
        None
    }
}

/// A static evaluation of positions of `G`.
pub trait Evaluator<G>: Send + Sync {
    /// The position's value for the side to move, in centi-units (100 = one
    /// pawn, man or disc); must stay well inside ±[`Score::WIN_BOUND`].
    fn evaluate(&self, position: &G) -> Score;

    /// The exact value of `position` for the side to move when the evaluator
    /// knows it (an endgame database), in the same units as
    /// [`Evaluator::evaluate`]; `None` (the default) when it does not.
    ///
    /// A search whose root has no known value stops at every position that
    /// has one (a known win is worth a little less the further from the root
    /// it lies, so the shortest way into it is taken); a search whose root has
    /// one searches on, so that it finds how to realise the value, and meets
    /// the known values at its leaves through [`Evaluator::evaluate`].
    fn known(&self, position: &G) -> Option<Score> {
        let _ = position;
        None
    }

    /// A fresh state for one search thread that evaluates the positions of
    /// the line it searches incrementally (a network's accumulators, updated
    /// from the parent's), or `None` (the default) for an evaluator that
    /// sees each position alone through [`Evaluator::evaluate`].
    fn stack(&self) -> Option<Box<dyn EvalStack<G>>> {
        None
    }
}

/// An evaluation kept along the line a search thread is on, so that a
/// position's value is computed from its parent's state and the change the
/// move made rather than from scratch (the search makes positions by copy,
/// so it tells the stack each child it makes).
///
/// The thread calls [`EvalStack::push`] for every child it makes, ply by
/// ply from its root (ply 0), and [`EvalStack::evaluate`] for positions on
/// that line; a stack must give the same value as the evaluator's
/// [`Evaluator::evaluate`] for every position without a known value
/// ([`Evaluator::known`], which the thread asks first), however it got
/// there.
pub trait EvalStack<G>: Send {
    /// `child`, `ply` plies from the root, was made from `parent` (the
    /// position at `ply - 1`); it replaces whatever was at `ply`. Cheap:
    /// the work is left to [`EvalStack::evaluate`], which a cut-off may never
    /// call.
    fn push(&mut self, ply: usize, parent: &G, child: &G);

    /// The static value of `position` for the side to move, the position at
    /// `ply` on the current line (the root at ply 0).
    fn evaluate(&mut self, ply: usize, position: &G) -> Score;
}

/// For an [`EvalStack`] that keeps one entry per ply: the ply of the
/// nearest computed entry from which the entry at `ply` can be brought up to
/// date, walking back over entries that are not `computed` and that `links`
/// (entry `p` was made from entry `p - 1`); `None` where the chain breaks
/// first, and the entry at `ply` must be computed afresh.
pub fn computed_ancestor(
    ply: usize,
    computed: impl Fn(usize) -> bool,
    links: impl Fn(usize) -> bool,
) -> Option<usize> {
    let mut from = ply;
    while from > 0 && !computed(from) && links(from) {
        from -= 1;
    }
    (from < ply && computed(from)).then_some(from)
}

/// Progress reported after each completed iteration (and each MultiPV line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second with MultiPV, ...
    pub multipv: usize,
    /// The score of the line.
    pub score: Score,
    /// Whether the score is exact or a bound (after an aspiration failure).
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over at the root.
    pub best: Option<M>,
    /// The expected reply.
    pub ponder: Option<M>,
    /// The score of the best move (or of the finished game).
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
}

/// Options of an [`Engine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search threads (lazy SMP).
    pub threads: usize,
    /// Strength, 1 (weakest) to 10 (full strength).
    pub level: Level,
    /// Seed of the randomness of levels below 10.
    pub seed: u64,
    /// Lines to report (and, below level 10, root moves scored exactly).
    pub multipv: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            level: Level::FULL,
            seed: 0,
            multipv: 1,
        }
    }
}

/// A search engine for one game: the transposition table, evaluator and
/// options kept between searches.
pub struct Engine<G: Searchable, E: Evaluator<G>> {
    table: TranspositionTable,
    evaluator: E,
    /// The options used by the next search.
    pub options: Options,
    /// The score of the last search, for the time manager of the next.
    last_score: Option<Score>,
    /// Whether the search may prune by [`Searchable::probcut`] (on by
    /// default; off to measure the unpruned search, as ProbCut's fit does).
    selective: bool,
    /// Each search thread's tables of the last search, where the game keeps
    /// them ([`Features::keep_learnt`]).
    learnt: Vec<learnt::Learnt<G::Move>>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Searchable, E: Evaluator<G>> Engine<G, E> {
    /// An engine with a `hash_mb` MiB table.
    ///
    /// # Panics
    /// If the memory cannot be had (see [`Engine::try_new`]).
    #[must_use]
    pub fn new(evaluator: E, hash_mb: usize) -> Self {
        Self::try_new(evaluator, hash_mb).expect("transposition table allocation")
    }

    /// An engine with a `hash_mb` MiB table, or `None` if the memory cannot
    /// be had.
    #[must_use]
    pub fn try_new(evaluator: E, hash_mb: usize) -> Option<Self> {
        Some(Engine {
            table: TranspositionTable::try_new(hash_mb.max(1))?,
            evaluator,
            options: Options::default(),
            last_score: None,
            selective: true,
            learnt: Vec::new(),
            game: std::marker::PhantomData,
        })
    }

    /// Replaces the table with one of `hash_mb` MiB; `false` (and the old table
    /// kept) if the memory cannot be had.
    pub fn resize_table(&mut self, hash_mb: usize) -> bool {
        match TranspositionTable::try_new(hash_mb.max(1)) {
            Some(table) => {
                self.table = table;
                true
            }
            None => false,
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.last_score = None;
        self.learnt.clear();
    }

    /// Turns ProbCut ([`Searchable::probcut`]) on or off for later searches.
    pub fn set_selective(&mut self, selective: bool) {
        self.selective = selective;
    }

    /// The evaluator.
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Replaces the evaluator (a network loaded at run time) and forgets
    /// what was learnt with the old one.
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.evaluator = evaluator;
        self.clear();
    }

    /// Searches `root` within `limits` until done or `stop` is set, reporting
    /// each iteration to `on_info`. `history` holds the hashes of the positions
    /// before the root, oldest first, for repetition draws.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_moves(root, history, limits, &[], stop, on_info)
    }

    /// Like [`Engine::search`], considering only the root moves in `only`
    /// (all of them when `only` is empty or holds no legal move; UCI's
    /// `searchmoves`).
    pub fn search_moves(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        only: &[G::Move],
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_pondering(root, history, limits, only, stop, None, on_info)
    }

    /// Like [`Engine::search_moves`], for a search that may ponder
    /// ([`Limits::ponder`]): its time limits start at `ponder_hit`'s moment
    /// (never, if it has none).
    #[allow(clippy::too_many_arguments)]
    pub fn search_pondering(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        only: &[G::Move],
        stop: &AtomicBool,
        ponder_hit: Option<&PonderHit>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.table.new_search();
        let deadlines = Deadlines::new(limits, start);
        // Helpers cost more to start than a move in a few milliseconds has.
        let hurried = !limits.ponder
            && deadlines
                .hard
                .is_some_and(|hard| hard.duration_since(start) < Duration::from_millis(20));
        let threads = if hurried {
            1
        } else {
            self.options.threads.max(1)
        };
        let node_counts: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
        let shared = Shared {
            table: &self.table,
            external_stop: stop,
            internal_stop: AtomicBool::new(false),
            node_counts: &node_counts,
            start,
            deadlines,
            ponder_hit,
            limits: *limits,
            options: self.options,
            previous_score: self.last_score,
            selective: self.selective,
        };
        let evaluator = &self.evaluator;
        // Each thread's tables: the last search's, or fresh ones.
        let mut tables = std::mem::take(&mut self.learnt);
        if !G::FEATURES.keep_learnt {
            tables.clear();
        }
        tables.truncate(threads);
        tables.resize_with(threads, learnt::Learnt::new::<G>);
        let mut tables = tables.into_iter();
        let main_learnt = tables.next().expect("one thread at least");
        let (result, kept) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .zip(tables)
                .map(|(id, learnt)| {
                    let shared = &shared;
                    scope.spawn(move || {
                        let mut helper =
                            Worker::new(id, shared, evaluator, root, history, only, learnt);
                        helper.iterate(&mut |_| {});
                        helper.into_learnt()
                    })
                })
                .collect();
            let mut main = Worker::new(0, &shared, evaluator, root, history, only, main_learnt);
            let result = main.iterate(on_info);
            shared.internal_stop.store(true, Ordering::Relaxed);
            let mut kept = vec![main.into_learnt()];
            kept.extend(helpers.into_iter().filter_map(|helper| helper.join().ok()));
            (result, kept)
        });
        self.learnt = kept;
        if result.best.is_some() {
            self.last_score = Some(result.score);
        }
        SearchResult {
            nodes: shared.total_nodes(),
            time: start.elapsed(),
            ..result
        }
    }
}

#[cfg(test)]
mod tests;
