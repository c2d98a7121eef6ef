//! One search thread: iterative deepening over the root moves, principal
//! variation search with its pruning, and quiescence.

use super::eval_cache::EvalCache;
use super::learnt::Learnt;
use super::ordering::{Killers, Reductions};
use super::pacing::{NEXT_ITERATION_FRACTION, Pacing};
use super::picker::{MovePicker, REFUTATIONS};
use super::table::{Bound, Entry, TranspositionTable};
use super::{
    Deadlines, EvalStack, Evaluator, Info, Limits, NoMoves, Options, PonderHit, SearchResult,
    Searchable,
};
use crate::score::{MAX_PLY, Score};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// What all threads of one search share.
pub(super) struct Shared<'a> {
    pub(super) table: &'a TranspositionTable,
    pub(super) external_stop: &'a AtomicBool,
    pub(super) internal_stop: AtomicBool,
    pub(super) node_counts: &'a [AtomicU64],
    pub(super) start: Instant,
    /// The deadlines of a search that does not ponder.
    pub(super) deadlines: Deadlines,
    pub(super) ponder_hit: Option<&'a PonderHit>,
    pub(super) limits: Limits,
    pub(super) options: Options,
    /// The score of the engine's previous search, for the time manager.
    pub(super) previous_score: Option<Score>,
    /// Whether ProbCut may prune.
    pub(super) selective: bool,
}

impl Shared<'_> {
    /// Whether the search thinks on the opponent's time, its limits not
    /// counting yet.
    pub(super) fn pondering(&self) -> bool {
        self.limits.ponder && self.ponder_hit.and_then(PonderHit::time).is_none()
    }

    /// The deadlines now: a pondering search has none until its ponder-hit,
    /// and then counts from it.
    pub(super) fn deadlines(&self) -> Deadlines {
        if !self.limits.ponder {
            return self.deadlines;
        }
        match self.ponder_hit.and_then(PonderHit::time) {
            Some(hit) => Deadlines::new(&self.limits, hit),
            None => Deadlines::NONE,
        }
    }

    /// The moment the time limits count from: the start, or a pondering
    /// search's ponder-hit.
    pub(super) fn time_origin(&self) -> Instant {
        if self.limits.ponder {
            self.ponder_hit
                .and_then(PonderHit::time)
                .unwrap_or(self.start)
        } else {
            self.start
        }
    }

    pub(super) fn total_nodes(&self) -> u64 {
        self.node_counts
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum()
    }
}

/// A root move with its score in the last iteration.
struct RootMove<M> {
    mv: M,
    /// Index in the root's generated move list (what weak levels' errors
    /// are drawn by).
    index: u8,
    /// Score in the current iteration; -infinite until searched in it.
    score: Score,
    /// Score in the last iteration that searched it, for ordering.
    previous: Score,
    /// Whether `score` is exact or a bound of the window it was searched in.
    bound: Bound,
    pv: Vec<M>,
}

impl<M> RootMove<M> {
    /// Sort key: searched moves by their new score, the rest in their old order.
    fn rank(&self) -> (Score, Score) {
        (self.score, self.previous)
    }
}

/// History score worth one ply less (or more) of late move reduction, with
/// the small history bonus (with the large one the reductions read no
/// history: see [`Features::large_history_bonus`](super::Features::large_history_bonus)).
const HISTORY_PER_PLY: i32 = 6_000;

/// The history reward of a quiet move that cut off at `depth` (and the
/// malus of the quiet moves tried before it): depth², or where
/// [`Features::large_history_bonus`](super::Features::large_history_bonus)
/// asks for it 16·depth² + 32·depth up to 1,200.
fn history_bonus(depth: i32, large: bool) -> i32 {
    if large {
        (16 * depth * depth + 32 * depth).min(1_200)
    } else {
        depth * depth
    }
}

/// How many plies more late move reductions take at a cut node
/// ([`Features::cut_node_reductions`](super::Features::cut_node_reductions)).
const CUT_NODE_REDUCTION: i32 = 2;

/// How far outside the window (in centi-units) the static score of a node
/// must lie for [`Features::window_reduction`](super::Features::window_reduction):
/// Cake's 1.1 men.
const WINDOW_REDUCTION_MARGIN: i32 = 110;

/// The least depth at which [`Features::window_reduction`](super::Features::window_reduction)
/// cuts a ply.
const WINDOW_REDUCTION_DEPTH: i32 = 3;

/// The least depth at which a table move is tested for being singular.
const SINGULAR_MIN_DEPTH: i32 = 8;

/// How far beyond beta (in centi-units) a capture must land for
/// [`Features::capture_probcut`](super::Features::capture_probcut) to cut
/// (Ethereal's margin).
const CAPTURE_PROBCUT_MARGIN: i32 = 100;

/// The least depth at which
/// [`Features::capture_probcut`](super::Features::capture_probcut) is tried.
const CAPTURE_PROBCUT_MIN_DEPTH: i32 = 5;

/// How many plies shallower than the node the verifying search of
/// [`Features::capture_probcut`](super::Features::capture_probcut) goes.
const CAPTURE_PROBCUT_REDUCTION: i32 = 4;

/// Nodes between two looks at the clock and the stop flags.
const POLL_INTERVAL: u64 = 1024;

pub(super) struct Worker<'a, G: Searchable, E: Evaluator<G>> {
    id: usize,
    shared: &'a Shared<'a>,
    evaluator: &'a E,
    root: G,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Whether positions of known value ([`Evaluator::known`]) end the search
    /// (only when the root's value is not known itself).
    stop_at_known: bool,
    /// Hashes of the game's positions before the root and along the current line.
    path: Vec<u64>,
    killers: Killers<G::Move>,
    /// The histories, kept from search to search where the game asks for it.
    learnt: Learnt<G::Move>,
    /// The history index of the move that led to the node at each ply of the
    /// current line (`None` at the root and after a null move).
    played: Vec<Option<usize>>,
    /// The [continuation index](Searchable::continuation_index) of the move
    /// that led to the node at each ply of the current line (`None` at the
    /// root, after a null move, and where the game keeps no continuation
    /// history).
    continuations: Vec<Option<usize>>,
    reductions: Reductions,
    /// The static evaluation of the node at each ply of the current line
    /// (`-INFINITE` where unknown: in check, or not searched by `search`),
    /// for whether a node improved on its side's previous one.
    evals: Vec<Score>,
    pv: Vec<ArrayVec<G::Move, MAX_PLY>>,
    root_moves: Vec<RootMove<G::Move>>,
    /// How settled the completed iterations are, for the time manager.
    pacing: Pacing,
    /// The depth of the current iteration.
    root_depth: i32,
    /// The move a singular-extension test leaves out at each ply of the
    /// current line (`None` in a plain search).
    excluded: Vec<Option<G::Move>>,
    /// Recent static evaluations, where the game keeps them
    /// ([`Features::eval_cache`]).
    eval_cache: Option<EvalCache>,
    /// The evaluator's incremental state along the current line, where it
    /// keeps one ([`Evaluator::stack`]).
    eval_stack: Option<Box<dyn EvalStack<G>>>,
}

impl<'a, G: Searchable, E: Evaluator<G>> Worker<'a, G, E> {
    pub(super) fn new(
        id: usize,
        shared: &'a Shared<'a>,
        evaluator: &'a E,
        root: &G,
        history: &[u64],
        only: &[G::Move],
        learnt: Learnt<G::Move>,
    ) -> Self {
        let mut path = history.to_vec();
        path.push(root.hash());
        let moves = root.legal_moves();
        let restricted = moves.iter().any(|mv| only.contains(mv));
        let root_moves = moves
            .iter()
            .enumerate()
            .filter(|(_, mv)| !restricted || only.contains(mv))
            .map(|(index, &mv)| RootMove {
                mv,
                index: index as u8,
                score: -Score::INFINITE,
                previous: -Score::INFINITE,
                bound: Bound::Exact,
                pv: vec![mv],
            })
            .collect();
        Worker {
            id,
            shared,
            evaluator,
            root: root.clone(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            stop_at_known: evaluator.known(root).is_none(),
            path,
            killers: Killers::new(),
            learnt,
            played: vec![None; MAX_PLY + 2],
            continuations: vec![None; MAX_PLY + 2],
            reductions: Reductions::new(),
            evals: vec![-Score::INFINITE; MAX_PLY + 2],
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            root_moves,
            pacing: Pacing::new(shared.previous_score),
            root_depth: 0,
            excluded: vec![None; MAX_PLY + 2],
            eval_cache: G::FEATURES.eval_cache.then(EvalCache::new),
            eval_stack: evaluator.stack(),
        }
    }

    /// The tables this search learnt, for the next one.
    pub(super) fn into_learnt(self) -> Learnt<G::Move> {
        self.learnt
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and, now and then, checks the limits and stop flags.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        self.stopped
    }

    fn poll(&mut self) {
        let shared = self.shared;
        shared.node_counts[self.id].store(self.nodes, Ordering::Relaxed);
        if shared.external_stop.load(Ordering::Relaxed)
            || shared.internal_stop.load(Ordering::Relaxed)
        {
            self.stopped = true;
            return;
        }
        let out_of_time = shared
            .deadlines()
            .hard
            .is_some_and(|hard| Instant::now() >= hard);
        let out_of_nodes = shared
            .limits
            .nodes
            .is_some_and(|limit| shared.total_nodes() >= limit);
        if out_of_time || out_of_nodes {
            self.stopped = true;
            shared.internal_stop.store(true, Ordering::Relaxed);
        }
    }

    /// Iterative deepening until a limit, the stop flag, or the last depth.
    pub(super) fn iterate(
        &mut self,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let shared = self.shared;
        if self.root_moves.is_empty() {
            let score = no_moves(&self.root, 0);
            return SearchResult {
                best: None,
                ponder: None,
                score,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time: shared.start.elapsed(),
                pv: Vec::new(),
            };
        }
        let level = shared.options.level;
        let max_depth = [
            shared.limits.depth,
            level.max_depth(),
            Some(MAX_PLY as u32 - 8),
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(1)
        .max(1);
        // Weak levels score every root move exactly, to misjudge each of them;
        // they report the lines in the order they will choose from.
        let weak = level.max_error() > 0;
        let shown = shared.options.multipv.clamp(1, self.root_moves.len());
        let lines = if weak { self.root_moves.len() } else { shown };
        let mut completed = 0;
        let mut last_score = Score::DRAW;
        // The line last reported as the best.
        let mut reported: Option<Vec<G::Move>> = None;

        for iteration in 1..=max_depth {
            // Helpers spread over two depths so that they do not all duplicate the main thread.
            let depth = if self.is_main() {
                iteration
            } else {
                (iteration + (self.id as u32 & 1)).min(max_depth)
            };
            for line in 0..lines {
                let score = self.search_line(depth, line, lines, last_score);
                if self.stopped {
                    break;
                }
                if line == 0 {
                    last_score = score;
                }
                if self.is_main() && !weak {
                    on_info(&self.info(depth, line, line, Bound::Exact));
                    if line == 0 {
                        reported = Some(self.root_moves[0].pv.clone());
                    }
                }
            }
            if self.stopped {
                // A partial iteration still tells which moves were searched best.
                self.root_moves.sort_by_key(|m| std::cmp::Reverse(m.rank()));
                break;
            }
            completed = depth;
            if self.is_main() {
                self.pacing
                    .record(G::pack_move(self.root_moves[0].mv), last_score);
            }
            if self.is_main() && weak {
                let order = self.choice_order();
                for (line, &index) in order.iter().take(shown).enumerate() {
                    on_info(&self.info(depth, index, line, Bound::Exact));
                }
                reported = Some(self.root_moves[order[0]].pv.clone());
            }
            if self.is_main() && self.should_stop_after_iteration(depth, last_score) {
                break;
            }
            if !self.is_main() && shared.internal_stop.load(Ordering::Relaxed) {
                break;
            }
        }
        shared.node_counts[self.id].store(self.nodes, Ordering::Relaxed);
        let chosen = self.chosen(weak, reported.as_ref().map(|pv| pv[0]));
        let searched = self.root_moves[chosen].score > -Score::INFINITE;
        if !searched {
            // Not scored again in the unfinished iteration: its pv there is
            // left over from an aborted or re-searched window. Play the line
            // shown, if it is this move's.
            if let Some(pv) = &reported
                && pv[0] == self.root_moves[chosen].mv
            {
                self.root_moves[chosen].pv.clone_from(pv);
            }
        }
        let result = self.result(completed, chosen);
        if self.is_main() && reported.as_ref() != Some(&self.root_moves[chosen].pv) {
            // A move found best in an unfinished iteration: report its line
            // first, so that the move played is always the first one shown.
            let (depth, bound) = if searched {
                (completed + 1, self.root_moves[chosen].bound)
            } else {
                (completed.max(1), Bound::Exact)
            };
            let mut info = self.info(depth, chosen, 0, bound);
            info.score = result.score;
            on_info(&info);
        }
        result
    }

    /// The indices of the root moves in the order a weak level prefers them:
    /// by score plus the level's error for each move, ties to the earlier.
    fn choice_order(&self) -> Vec<usize> {
        let options = self.shared.options;
        let key = self.root.hash();
        let mut order: Vec<usize> = (0..self.root_moves.len()).collect();
        let judged = |i: usize| {
            let m = &self.root_moves[i];
            let score = if m.score > -Score::INFINITE {
                m.score
            } else {
                m.previous
            };
            score
                .0
                .saturating_add(options.level.error(options.seed, key, usize::from(m.index)))
        };
        order.sort_by_key(|&i| std::cmp::Reverse(judged(i)));
        order
    }

    /// The root move to play: the move of the last line reported, or at full
    /// strength a move that an unfinished iteration scored better (the sort
    /// put it first); at weak levels with nothing reported, the level's choice.
    fn chosen(&self, weak: bool, reported: Option<G::Move>) -> usize {
        let reported = reported.and_then(|mv| self.root_moves.iter().position(|m| m.mv == mv));
        if weak {
            return reported.unwrap_or_else(|| self.choice_order()[0]);
        }
        let first = &self.root_moves[0];
        let new_best = first.score > -Score::INFINITE && first.score < Score::INFINITE;
        match reported {
            Some(index) if !new_best => index,
            _ => 0,
        }
    }

    fn should_stop_after_iteration(&self, depth: u32, score: Score) -> bool {
        let shared = self.shared;
        if shared.limits.infinite || shared.pondering() {
            return false;
        }
        if let Some(soft) = shared.deadlines().soft {
            let now = Instant::now();
            // Under a clock the soft budget is a target, scaled by how settled
            // the search is; no iteration starts that would likely end past it.
            let past_soft = if shared.limits.clock.is_some() {
                let origin = shared.time_origin();
                let target = soft
                    .saturating_duration_since(origin)
                    .mul_f64(self.pacing.scale() * NEXT_ITERATION_FRACTION);
                now.saturating_duration_since(origin) >= target
            } else {
                now >= soft
            };
            if past_soft {
                return true;
            }
        }
        let timed = shared.limits.clock.is_some() || shared.limits.movetime.is_some();
        // One legal move: no need to think when the clock runs.
        if timed && self.root_moves.len() == 1 {
            return true;
        }
        // A forced win or loss found with room to spare will not change.
        if timed && score.is_decisive() {
            let plies = (Score::WIN.0 - score.0.abs()) as u32;
            return depth >= 2 * plies + 4;
        }
        false
    }

    /// Searches the root moves from `line` on for the line's best move (with
    /// aspiration windows around `last` when one line is wanted), and sorts them.
    fn search_line(&mut self, depth: u32, line: usize, lines: usize, last: Score) -> Score {
        let mut delta = 25;
        let aspirate = lines == 1 && depth >= 4 && !last.is_decisive();
        let (mut alpha, mut beta) = if aspirate {
            (Score(last.0 - delta), Score(last.0 + delta))
        } else {
            (-Score::INFINITE, Score::INFINITE)
        };
        loop {
            let score = self.search_root(depth as i32, alpha, beta, line);
            self.root_moves[line..].sort_by_key(|m| std::cmp::Reverse(m.rank()));
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -Score::INFINITE {
                beta = Score((alpha.0 + beta.0) / 2);
                alpha = Score((score.0 - delta).max(-Score::INFINITE.0));
            } else if score >= beta && beta < Score::INFINITE {
                beta = Score((score.0 + delta).min(Score::INFINITE.0));
            } else {
                return score;
            }
            delta += delta / 2 + 10;
            if delta > 1000 {
                alpha = -Score::INFINITE;
                beta = Score::INFINITE;
            }
        }
    }

    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score, first: usize) -> Score {
        self.seldepth = 0;
        self.root_depth = depth;
        let root = self.root.clone();
        for root_move in &mut self.root_moves[first..] {
            if root_move.score > -Score::INFINITE {
                root_move.previous = root_move.score;
            }
            root_move.score = -Score::INFINITE;
        }
        let mut best = -Score::INFINITE;
        for i in first..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let child = root.play_unchecked(mv);
            self.made(1, &root, &child);
            self.enter(0, &root, &child, Some(mv));
            let extension = i32::from(G::FEATURES.check_extension && child.in_check());
            let new_depth = depth - 1 + extension;
            let score = if i == first {
                -self.search(&child, -beta, -alpha, new_depth, 1, true, false)
            } else {
                let mut s = -self.search(
                    &child,
                    Score(-alpha.0 - 1),
                    -alpha,
                    new_depth,
                    1,
                    true,
                    true,
                );
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(&child, -beta, -alpha, new_depth, 1, true, false);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            let root_move = &mut self.root_moves[i];
            if i == first || score > alpha {
                root_move.score = score;
                root_move.bound = if score <= alpha {
                    Bound::Upper
                } else if score >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                root_move.pv.clear();
                root_move.pv.push(mv);
                root_move.pv.extend(self.pv[1].iter().copied());
            } else {
                root_move.score = -Score::INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if first == 0
            && !self.stopped
            && self.root_moves[first..]
                .iter()
                .any(|m| m.score > -Score::INFINITE)
        {
            let best_move = self
                .root_moves
                .iter()
                .max_by_key(|m| m.score)
                .expect("root moves");
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let entry = Entry {
                packed_move: Some(G::pack_move(best_move.mv)),
                score: best.to_table(0),
                eval: Score::DRAW,
                depth: depth.clamp(0, 255) as u8,
                bound,
            };
            self.shared.table.store(root.hash(), entry);
        }
        best
    }

    fn is_repetition(&self, position: &G) -> bool {
        let reversible = position.reversible_plies();
        if reversible < 4 {
            return false;
        }
        let key = *self
            .path
            .last()
            .expect("the path holds the current position");
        let len = self.path.len();
        (4..=reversible.min(len - 1))
            .step_by(2)
            .any(|back| self.path[len - 1 - back] == key)
    }

    /// The static evaluation of `position`, `ply` plies from the root on
    /// the current line, within the range of scores that are no forced
    /// results; from the evaluator's stack where it keeps one (after its
    /// known values), else from the cache where the game keeps one.
    fn evaluate(&mut self, position: &G, ply: usize) -> Score {
        let raw = if let Some(stack) = &mut self.eval_stack {
            self.evaluator
                .known(position)
                .unwrap_or_else(|| stack.evaluate(ply, position))
        } else if let Some(cache) = &mut self.eval_cache {
            let key = position.evaluation_key();
            cache.get(key).unwrap_or_else(|| {
                let score = self.evaluator.evaluate(position);
                cache.put(key, score);
                score
            })
        } else {
            self.evaluator.evaluate(position)
        };
        Score(raw.0.clamp(-Score::WIN_BOUND.0 + 1, Score::WIN_BOUND.0 - 1))
    }

    /// The static score `raw` of `position` corrected by the correction
    /// history, where the game keeps one (not a known value's, nor the
    /// unknown score of a node in check).
    #[inline]
    fn corrected(&self, position: &G, raw: Score) -> Score {
        match &self.learnt.correction_history {
            Some(correction) if self.stop_at_known && raw.0.abs() < Score::WIN_BOUND.0 / 2 => {
                let side = position.side_to_move().index();
                position
                    .correction_key()
                    .map_or(raw, |key| Score(raw.0 + correction.get(side, key)))
            }
            _ => raw,
        }
    }

    /// Tells the evaluator's stack, where it keeps one, that `child` is made
    /// from `parent` at `ply`.
    #[inline]
    fn made(&mut self, ply: usize, parent: &G, child: &G) {
        if let Some(stack) = &mut self.eval_stack {
            stack.push(ply, parent, child);
        }
    }

    /// Puts `child`, reached from `position` at `ply` by `mv` (`None`: the
    /// null move), on the line at `ply + 1`: its key on the path (for
    /// repetitions) and the move for the histories of the nodes below it.
    /// The caller pops the path when the child's search returns.
    #[inline]
    fn enter(&mut self, ply: usize, position: &G, child: &G, mv: Option<G::Move>) {
        self.path.push(child.hash());
        self.played[ply + 1] = mv.map(|mv| position.history_index(mv));
        self.continuations[ply + 1] = mv.and_then(|mv| self.continuation_index(position, mv));
    }

    /// The [continuation index](Searchable::continuation_index) of `mv`
    /// where the game keeps a continuation history.
    #[inline]
    fn continuation_index(&self, position: &G, mv: G::Move) -> Option<usize> {
        self.learnt
            .continuation_history
            .as_ref()
            .map(|_| position.continuation_index(mv))
    }

    /// The continuation indices of the moves one and two plies before the
    /// node at `ply` (the opponent's last move and the side's own before it).
    #[inline]
    fn earlier_moves(&self, ply: usize) -> [Option<usize>; 2] {
        [
            self.continuations[ply],
            ply.checked_sub(1)
                .and_then(|before| self.continuations[before]),
        ]
    }

    /// Alpha-beta search of `position`, `ply` plies from the root, to `depth`.
    /// `cut_node`: whether the node is expected to fail high
    /// ([`Features::cut_node_reductions`](super::Features::cut_node_reductions));
    /// never at a node on the principal variation.
    #[allow(clippy::too_many_arguments)] // the node's window, depth and kind, as in Stockfish
    fn search(
        &mut self,
        position: &G,
        mut alpha: Score,
        mut beta: Score,
        mut depth: i32,
        ply: usize,
        allow_null: bool,
        cut_node: bool,
    ) -> Score {
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiescence(position, alpha, beta, ply);
        }
        if self.count_node() {
            return Score::DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_repetition(position) || position.is_draw_by_rule() {
            return Score::DRAW;
        }
        if self.stop_at_known
            && let Some(known) = self.evaluator.known(position)
        {
            return known_at(known, ply);
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(position, ply);
        }
        // Mate distance pruning: no line from here beats a win on the next move.
        alpha = alpha.max(Score::lost_at(ply));
        beta = beta.min(Score::won_at(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta.0 - alpha.0 > 1;
        let key = position.hash();
        let stored = self.shared.table.probe(key);
        let excluded = self.excluded[ply];
        if let Some(entry) = stored
            && !pv_node
            && excluded.is_none()
            && i32::from(entry.depth) >= depth
            && let Some(score) = entry.settles(ply, alpha, beta)
        {
            return score;
        }

        let in_check = position.in_check();
        // The static score as evaluated (kept in the table), and as the
        // search uses it (corrected).
        let raw_eval = if in_check {
            -Score::INFINITE
        } else {
            stored.map_or_else(|| self.evaluate(position, ply), |e| e.eval)
        };
        let eval = self.corrected(position, raw_eval);
        self.evals[ply] = eval;
        // Whether the static score is better than at the side's previous
        // node (two plies up); assumed where either is unknown.
        let improving = {
            let before = if ply >= 2 {
                self.evals[ply - 2]
            } else {
                -Score::INFINITE
            };
            in_check || before == -Score::INFINITE || eval > before
        };

        // Reverse futility: far above beta near the leaves, assume it holds.
        // (None of the shortcuts before the moves serve a singular test,
        // which asks about the moves themselves.)
        if G::FEATURES.reverse_futility
            && excluded.is_none()
            && !pv_node
            && !in_check
            && depth <= 8
            && !beta.is_decisive()
            && eval.0 - 80 * (depth - i32::from(improving)) >= beta.0
        {
            return eval;
        }
        // Null move: if passing still beats beta, a real move will.
        if G::FEATURES.null_move
            && allow_null
            && excluded.is_none()
            && !pv_node
            && !in_check
            && depth >= 3
            && eval >= beta
            && !beta.is_decisive()
            && let Some(child) = position.null_move()
        {
            // Deeper and further above beta: a shallower search suffices.
            let reduction = 3 + depth / 3 + ((eval.0 - beta.0) / 200).min(3);
            self.made(ply + 1, position, &child);
            self.enter(ply, position, &child, None);
            let score = -self.search(
                &child,
                -beta,
                Score(-beta.0 + 1),
                depth - 1 - reduction,
                ply + 1,
                false,
                !cut_node,
            );
            self.path.pop();
            if self.stopped {
                return Score::DRAW;
            }
            if score >= beta {
                return if score.is_decisive() { beta } else { score };
            }
        }

        // ProbCut: a shallow null-window search that lands far enough beyond
        // a bound shows, with the model's certainty, where the deep one would.
        if self.shared.selective
            && !pv_node
            && !in_check
            && !alpha.is_decisive()
            && !beta.is_decisive()
            && let Some(model) = position.probcut(depth)
        {
            if let Some(score) = self.probcut(position, &model, eval, alpha, beta, ply) {
                return score;
            }
            if self.stopped {
                return Score::DRAW;
            }
        }

        // ProbCut by captures: a capture that keeps the node well above beta
        // by quiescence and by a shallower search shows the node fails high
        // (not while converting a known value, as below).
        if G::FEATURES.capture_probcut
            && self.stop_at_known
            && excluded.is_none()
            && !pv_node
            && !in_check
            && depth >= CAPTURE_PROBCUT_MIN_DEPTH
            && !beta.is_decisive()
        {
            let probcut_beta = Score(beta.0 + CAPTURE_PROBCUT_MARGIN);
            // The depth a cut is stored at: the verifying search's, plus the
            // capture's ply.
            let cut_depth = depth - CAPTURE_PROBCUT_REDUCTION + 1;
            // A search nearly as deep already stayed below the raised bound.
            let refuted = stored.is_some_and(|entry| {
                i32::from(entry.depth) >= cut_depth
                    && entry.bound != Bound::Lower
                    && entry.score.from_table(ply) < probcut_beta
            });
            if !refuted
                && !probcut_beta.is_decisive()
                && let Some((score, mv)) =
                    self.capture_probcut(position, probcut_beta, eval, depth, ply, cut_node)
            {
                self.shared.table.store(
                    key,
                    Entry {
                        packed_move: Some(G::pack_move(mv)),
                        score: score.to_table(ply),
                        eval: raw_eval,
                        depth: cut_depth as u8,
                        bound: Bound::Lower,
                    },
                );
                return score;
            }
            if self.stopped {
                return Score::DRAW;
            }
        }

        // Far outside the window on the static score, with no capture or
        // evasion pending: the line is decided by far either way, and is
        // searched a ply shallower (Cake's material-window cut). Not in a
        // search from a root of known value (an endgame database's), whose
        // static scores are known values plus progress: every ply counts in
        // converting them.
        if G::FEATURES.window_reduction
            && self.stop_at_known
            && !pv_node
            && !in_check
            && depth >= WINDOW_REDUCTION_DEPTH
            && !alpha.is_decisive()
            && !beta.is_decisive()
            && (eval.0 + WINDOW_REDUCTION_MARGIN < alpha.0
                || eval.0 - WINDOW_REDUCTION_MARGIN > beta.0)
            && !position.is_forcing()
        {
            depth -= 1;
        }

        let table_move = stored.and_then(|e| e.packed_move);
        // No move from the table this deep: the node is new or was cut
        // shallow, and ordering will be poor; search it a ply shallower
        // (not while converting a known value, as above).
        if G::FEATURES.internal_reduction
            && self.stop_at_known
            && depth >= 4
            && table_move.is_none()
        {
            depth -= 1;
        }
        let side = position.side_to_move().index();
        let [first_killer, second_killer] = self.killers.get(ply);
        let counter = if G::FEATURES.counter_moves {
            self.played[ply].and_then(|previous| self.learnt.counter_moves.get(side, previous))
        } else {
            None
        };
        let refutations: [Option<G::Move>; REFUTATIONS] = [first_killer, second_killer, counter];
        let mut picker = MovePicker::new(position, table_move, refutations);
        self.killers.clear_ply(ply + 1);
        let earlier = self.earlier_moves(ply);

        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut legal = 0usize;
        let mut quiets_seen = 0i32;
        // How many quiet moves a shallow node tries before it skips the rest.
        let quiet_limit = if improving {
            3 + depth * depth
        } else {
            (3 + depth * depth) / 2
        };
        let mut quiets_tried: ArrayVec<G::Move, 64> = ArrayVec::new();
        let original_alpha = alpha;

        while let Some(mv) = picker.next(position, |mv| {
            self.learnt.quiet_score(position, side, earlier, mv)
        }) {
            if Some(mv) == excluded {
                continue;
            }
            legal += 1;
            let noisy = position.is_noisy(mv);
            quiets_seen += i32::from(!noisy);
            // Something not lost is in hand: shallow nodes may skip moves.
            let may_skip = searched > 0 && best > -Score::WIN_BOUND && depth <= 8;
            if G::FEATURES.late_move_pruning && may_skip && !noisy && quiets_seen > quiet_limit {
                // Every later quiet move would be skipped too: none is
                // generated, scored or made.
                picker.skip_quiets();
                continue;
            }
            // A move that loses material by exchange, more than the depth
            // can be expected to win back (a quiet move only when it does
            // not give check); a capture is judged before it is made.
            let exchange_prunable = G::FEATURES.exchange_pruning && may_skip && !in_check;
            if exchange_prunable
                && noisy
                && !picker.last_keeps_material()
                && !position.see_at_least(mv, -100 * depth)
            {
                continue;
            }
            let child = position.play_unchecked(mv);
            self.made(ply + 1, position, &child);
            // The child probes the table first thing: start the load now.
            if depth >= 2 {
                self.shared.table.prefetch(child.hash());
            }
            let gives_check = child.in_check();
            // Futility: a quiet move at the frontier cannot lift a hopeless
            // score (not while converting a known value, as above).
            if G::FEATURES.futility
                && self.stop_at_known
                && !pv_node
                && !in_check
                && !gives_check
                && !noisy
                && searched > 0
                && depth <= 3
                && !alpha.is_decisive()
                && eval.0 + 120 + 100 * depth <= alpha.0
            {
                continue;
            }

            if exchange_prunable
                && !noisy
                && !gives_check
                && !position.see_at_least(mv, -25 * depth * depth)
            {
                continue;
            }

            let mut extension = i32::from(G::FEATURES.check_extension && gives_check);
            if let Some(entry) = stored
                && G::FEATURES.singular_extension
                && excluded.is_none()
                && extension == 0
                && depth >= SINGULAR_MIN_DEPTH
                && table_move == Some(G::pack_move(mv))
                && i32::from(entry.depth) >= depth - 3
                && entry.bound != Bound::Upper
                && (ply as i32) < 2 * self.root_depth
            {
                let table_score = entry.score.from_table(ply);
                if !table_score.is_decisive() {
                    // Every other move, searched half as deep, falls short
                    // of the table's score by a margin: extend this one; if
                    // they reach beta too, the node fails high anyway.
                    let singular_beta = Score(table_score.0 - 2 * depth);
                    self.excluded[ply] = Some(mv);
                    let score = self.search(
                        position,
                        Score(singular_beta.0 - 1),
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        false,
                        cut_node,
                    );
                    self.excluded[ply] = None;
                    // That search made the other moves' children at
                    // `ply + 1`: the evaluation's stack is told of this
                    // child again, or its line would be computed afresh.
                    self.made(ply + 1, position, &child);
                    if self.stopped {
                        return Score::DRAW;
                    }
                    if score < singular_beta {
                        extension = 1;
                    } else if singular_beta >= beta {
                        return singular_beta;
                    }
                }
            }
            let new_depth = depth - 1 + extension;
            self.enter(ply, position, &child, Some(mv));
            let score = if searched == 0 {
                -self.search(
                    &child,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    true,
                    !pv_node && !cut_node,
                )
            } else {
                let mut reduction = 0;
                if G::FEATURES.late_move_reductions
                    && depth >= 3
                    && searched >= 3
                    && !noisy
                    && !in_check
                    && !gives_check
                {
                    reduction = self.reductions.get(depth, searched) - i32::from(pv_node);
                    if G::FEATURES.history_reductions {
                        reduction +=
                            i32::from(!improving) - i32::from(refutations.contains(&Some(mv)));
                        if !G::FEATURES.large_history_bonus {
                            let history = self.learnt.quiet_score(position, side, earlier, mv);
                            reduction -= history / HISTORY_PER_PLY;
                        }
                    }
                    if G::FEATURES.cut_node_reductions && cut_node {
                        reduction += CUT_NODE_REDUCTION;
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(
                    &child,
                    Score(-alpha.0 - 1),
                    -alpha,
                    new_depth - reduction,
                    ply + 1,
                    true,
                    true,
                );
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.search(
                        &child,
                        Score(-alpha.0 - 1),
                        -alpha,
                        new_depth,
                        ply + 1,
                        true,
                        !cut_node,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(&child, -beta, -alpha, new_depth, ply + 1, true, false);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                return Score::DRAW;
            }
            searched += 1;

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend(tail[0].iter().copied());
                    if score >= beta {
                        if !noisy {
                            self.killers.add(ply, mv);
                            if G::FEATURES.counter_moves
                                && let Some(previous) = self.played[ply]
                            {
                                self.learnt.counter_moves.set(side, previous, mv);
                            }
                            let bonus = history_bonus(depth, G::FEATURES.large_history_bonus);
                            self.learnt.reward_quiet(position, side, earlier, mv, bonus);
                            for &tried in &quiets_tried {
                                self.learnt
                                    .reward_quiet(position, side, earlier, tried, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if !noisy && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(mv);
            }
        }

        if legal == 0 {
            // The table move alone: nothing else reaches the test's bound.
            if excluded.is_some() {
                return alpha;
            }
            return no_moves(position, ply);
        }
        if searched == 0 {
            // Every move was pruned: the static score stands.
            return eval.max(alpha);
        }
        if excluded.is_some() {
            // Not the node's value: the table keeps the full search's.
            return best;
        }
        let bound = Bound::of(best, original_alpha, beta);
        // The search's score tells how far off the static one was, unless
        // a capture decided it or the bound says nothing about the gap.
        if let Some(correction) = &mut self.learnt.correction_history
            && !in_check
            && self.stop_at_known
            && best_move.is_none_or(|mv| !position.is_noisy(mv))
            && !best.is_decisive()
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
            && let Some(correction_key) = position.correction_key()
        {
            correction.update(side, correction_key, best.0 - raw_eval.0, depth);
        }
        self.shared.table.store(
            key,
            Entry {
                packed_move: best_move.map(G::pack_move),
                score: best.to_table(ply),
                eval: if in_check { Score::DRAW } else { raw_eval },
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        best
    }

    /// ProbCut's tests at a null-window node (`beta == alpha + 1`): `beta`
    /// when the shallow search proves the model's bound above it, `alpha` when
    /// it proves the one below; `None` to search as usual. Each test is only
    /// tried where the static evaluation `eval` is already beyond its bound
    /// (as Edax does), so that most nodes pay for no shallow search.
    fn probcut(
        &mut self,
        position: &G,
        model: &super::ProbCut,
        eval: Score,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        let shallow = model.shallow_depth;
        let high = model.high_bound(beta);
        if high < Score::WIN_BOUND && eval >= beta {
            let score = self.search(position, Score(high.0 - 1), high, shallow, ply, false, true);
            if self.stopped {
                return None;
            }
            if score >= high {
                return Some(beta);
            }
        }
        let low = model.low_bound(alpha);
        if low > -Score::WIN_BOUND && eval <= alpha {
            let score = self.search(position, low, Score(low.0 + 1), shallow, ply, false, false);
            if self.stopped {
                return None;
            }
            if score <= low {
                return Some(alpha);
            }
        }
        None
    }

    /// [`Features::capture_probcut`](super::Features::capture_probcut)'s
    /// test at a node `depth` plies deep with static score `eval`: the score
    /// of the first capture or promotion that wins at least
    /// `probcut_beta - eval` by exchange and whose quiescence and then
    /// reduced search both reach `probcut_beta`, with the capture; or
    /// `None`.
    fn capture_probcut(
        &mut self,
        position: &G,
        probcut_beta: Score,
        eval: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<(Score, G::Move)> {
        let threshold = probcut_beta.0 - eval.0;
        let window = (-probcut_beta, Score(-probcut_beta.0 + 1));
        let mut picker = MovePicker::quiescence(position, 0);
        while let Some(mv) = picker.next(position, |_| 0) {
            if !position.see_at_least(mv, threshold) {
                continue;
            }
            let child = position.play_unchecked(mv);
            self.made(ply + 1, position, &child);
            self.enter(ply, position, &child, Some(mv));
            let mut score = -self.quiescence(&child, window.0, window.1, ply + 1);
            if score >= probcut_beta && !self.stopped {
                score = -self.search(
                    &child,
                    window.0,
                    window.1,
                    depth - CAPTURE_PROBCUT_REDUCTION,
                    ply + 1,
                    true,
                    !cut_node,
                );
            }
            self.path.pop();
            if self.stopped {
                return None;
            }
            if score >= probcut_beta {
                return Some((score, mv));
            }
        }
        None
    }

    /// Searches captures and promotions (every move when forced) until quiet.
    fn quiescence(&mut self, position: &G, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.pv[ply].clear();
        if self.count_node() {
            return Score::DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.evaluate(position, ply);
        }
        let key = position.hash();
        let stored = if G::FEATURES.quiescence_table {
            self.shared.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = stored
            && beta.0 - alpha.0 == 1
            && let Some(score) = entry.settles(ply, alpha, beta)
        {
            return score;
        }
        let original_alpha = alpha;
        let forced = position.is_forcing();
        let mut best;
        // The static score, stored with the result (none when forced).
        let mut eval = Score::DRAW;
        let mut picker = if forced {
            best = -Score::INFINITE;
            MovePicker::forced(position)
        } else {
            // Evaluated afresh, not read from the table: a stored static
            // score may come from another path to the position whose
            // evaluation differs (chess's fades with the fifty-move
            // counter), and the endgames need the difference to progress.
            eval = self.evaluate(position, ply);
            let stand = self.corrected(position, eval);
            if stand >= beta {
                let entry = quiescence_entry(stand, eval, None, Bound::Lower, ply);
                self.store_quiescence(key, stored, entry);
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            MovePicker::quiescence(position, alpha.0 - stand.0)
        };
        let mut legal = false;
        let mut best_move = None;
        while let Some(mv) = picker.next(position, |_| 0) {
            legal = true;
            if !forced && !position.see_at_least(mv, 0) {
                continue;
            }
            let child = position.play_unchecked(mv);
            self.made(ply + 1, position, &child);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return Score::DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend(tail[0].iter().copied());
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if forced && !legal {
            return no_moves(position, ply);
        }
        let bound = Bound::of(best, original_alpha, beta);
        let entry = quiescence_entry(best, eval, best_move.map(G::pack_move), bound, ply);
        self.store_quiescence(key, stored, entry);
        best
    }

    /// Writes a quiescence result (`entry`, at depth 0) where the feature is
    /// on and no deeper result of the position is stored (`stored`, read on
    /// entry).
    fn store_quiescence(&self, key: u64, stored: Option<Entry>, entry: Entry) {
        if G::FEATURES.quiescence_table && stored.is_none_or(|old| old.depth == 0) {
            self.shared.table.store(key, entry);
        }
    }

    /// The line of root move `index`, reported as line `line` (0 the best).
    fn info(&self, depth: u32, index: usize, line: usize, bound: Bound) -> Info<G::Move> {
        let time = self.shared.start.elapsed();
        let nodes = self.shared.total_nodes().max(self.nodes);
        let root_move = &self.root_moves[index];
        Info {
            depth,
            seldepth: self.seldepth as u32,
            multipv: line + 1,
            score: root_move.score,
            bound,
            nodes,
            nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
            time,
            hashfull: self.shared.table.hashfull(),
            pv: root_move.pv.clone(),
        }
    }

    fn result(&self, depth: u32, chosen: usize) -> SearchResult<G::Move> {
        let chosen = &self.root_moves[chosen];
        // A move not scored again in an unfinished iteration keeps the score
        // of the last iteration that scored it (a losing one stays losing).
        let score = if chosen.score > -Score::INFINITE {
            chosen.score
        } else if chosen.previous > -Score::INFINITE {
            chosen.previous
        } else {
            Score::DRAW
        };
        SearchResult {
            best: Some(chosen.mv),
            ponder: chosen.pv.get(1).copied(),
            score,
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time: self.shared.start.elapsed(),
            pv: chosen.pv.clone(),
        }
    }
}

/// A known value ([`Evaluator::known`]) met `ply` plies from the root: within
/// the evaluation's range, a win worth a ply less (and a loss a ply more) for
/// every ply from the root, so that the nearest win is preferred.
fn known_at(known: Score, ply: usize) -> Score {
    let bound = Score::WIN_BOUND.0 - 1;
    let known = known.0.clamp(-bound, bound);
    let ply = ply as i32;
    Score(match known.signum() {
        1 => (known - ply).max(1),
        -1 => (known + ply).min(-1),
        _ => 0,
    })
}

/// The table entry of a quiescence result: `score` at `ply` with its
/// `bound`, the static score `eval` and the best move found.
fn quiescence_entry(
    score: Score,
    eval: Score,
    packed_move: Option<u16>,
    bound: Bound,
    ply: usize,
) -> Entry {
    Entry {
        packed_move,
        score: score.to_table(ply),
        eval,
        depth: 0,
        bound,
    }
}

/// The score of `position`, `ply` plies from the root, where the side to move
/// has no legal move.
fn no_moves<G: Searchable>(position: &G, ply: usize) -> Score {
    match position.no_moves_score() {
        NoMoves::Lost => Score::lost_at(ply),
        NoMoves::Drawn => Score::DRAW,
        NoMoves::Final(score) => score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_large_history_bonus_grows_faster_and_is_capped() {
        assert_eq!(history_bonus(3, false), 9);
        assert_eq!(history_bonus(30, false), 900);
        assert_eq!(history_bonus(3, true), 16 * 9 + 96);
        for depth in 1..30 {
            assert!(history_bonus(depth, true) > history_bonus(depth, false));
            assert!(history_bonus(depth + 1, true) >= history_bonus(depth, true));
            assert!(history_bonus(depth, true) <= 1_200);
        }
        assert_eq!(history_bonus(8, true), 1_200);
    }
}
