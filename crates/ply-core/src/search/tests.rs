//! The search on small games whose values are known.

use super::*;
use crate::game::{Outcome, Side};
use crate::toy::{Bad, NoStones, Pile, pile};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The text side of a toy game: nothing reads, moves print as numbers,
/// positions as `$text`.
macro_rules! no_text {
    ($text:expr) => {
        fn parse_position(_: &str) -> Result<Self, Bad> {
            Err(Bad)
        }
        fn position_string(&self) -> String {
            $text(self)
        }
        fn parse_move(&self, _: &str) -> Result<u32, Bad> {
            Err(Bad)
        }
        fn move_name(&self, mv: u32) -> String {
            mv.to_string()
        }
    };
}

/// The search side of a toy game whose moves are small numbers and where
/// the side without a move loses.
macro_rules! numbered_moves {
    () => {
        fn pack_move(mv: u32) -> u16 {
            mv as u16
        }
        fn history_index(&self, mv: u32) -> usize {
            mv as usize
        }
    };
}

impl Searchable for Pile {
    const FEATURES: Features = Features::ALL;
    type Noisy = AllNoisy;
    numbered_moves!();
}

/// Knows nothing: every position is even.
struct Blind;

impl Evaluator<Pile> for Blind {
    fn evaluate(&self, _: &Pile) -> Score {
        Score(0)
    }
}

/// Knows the value of small piles (up to 8 stones), as an endgame database
/// would: 500 for the side to move when it wins, -500 when it loses.
struct Oracle;

impl Evaluator<Pile> for Oracle {
    fn evaluate(&self, position: &Pile) -> Score {
        self.known(position).unwrap_or(Score(0))
    }

    fn known(&self, position: &Pile) -> Option<Score> {
        (position.stones <= 8).then_some(Score(if position.stones.is_multiple_of(4) {
            -500
        } else {
            500
        }))
    }
}

#[test]
fn known_values_end_the_search_unless_the_root_is_known() {
    let mut engine = Engine::new(Oracle, 1);
    let stop = AtomicBool::new(false);
    // From 10 stones, taking 2 leaves the opponent a known loss one ply away.
    let result = engine.search(&pile(10), &[], &Limits::depth(6), &stop, &mut |_| {});
    assert_eq!((result.best, result.score), (Some(2), Score(499)));
    // Nothing is searched below the known piles: the 3 root moves in each of
    // the 6 iterations, and a re-search or two (a full tree has hundreds).
    assert!(result.nodes < 30, "{} nodes", result.nodes);
    // A known root: the search goes on to the real win.
    let result = engine.search(&pile(6), &[], &Limits::depth(8), &stop, &mut |_| {});
    assert_eq!(result.best, Some(2));
    assert!(result.score.is_decisive(), "{}", result.score);
}

fn search(stones: u32, limits: Limits, options: Options) -> SearchResult<u32> {
    let mut engine = Engine::new(Blind, 1);
    engine.options = options;
    engine.search(
        &pile(stones),
        &[],
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn finds_the_winning_move_and_its_distance() {
    for stones in [1, 2, 3, 5, 6, 7, 9, 13, 14, 15] {
        let result = search(stones, Limits::depth(stones + 2), Options::default());
        assert_eq!(result.best, Some(stones % 4), "{stones}");
        // Winning takes ceil(stones / 4) of our moves: plies 1, 3, 5, ...
        let our_moves = stones.div_ceil(4) as i32;
        assert_eq!(
            result.score.moves_to_win(),
            Some(our_moves),
            "{stones}: {}",
            result.score
        );
        assert_eq!(result.pv.first(), result.best.as_ref());
    }
}

#[test]
fn lost_positions_are_scored_lost() {
    let result = search(8, Limits::depth(12), Options::default());
    assert_eq!(result.score.moves_to_win(), Some(-2), "{}", result.score);
    let over = search(0, Limits::depth(5), Options::default());
    assert_eq!(over.best, None);
    assert_eq!(over.score, Score::lost_at(0));
}

#[test]
fn threads_agree_with_one_thread() {
    let options = Options {
        threads: 3,
        ..Options::default()
    };
    for stones in [7, 10, 19] {
        let one = search(stones, Limits::depth(stones + 2), Options::default());
        let three = search(stones, Limits::depth(stones + 2), options);
        assert_eq!(one.score, three.score, "{stones}");
        if stones % 4 != 0 {
            assert_eq!(one.best, three.best);
        }
    }
}

#[test]
fn info_reports_each_iteration() {
    let mut engine = Engine::new(Blind, 1);
    let mut depths = Vec::new();
    engine.search(
        &pile(30),
        &[],
        &Limits::depth(6),
        &AtomicBool::new(false),
        &mut |info| {
            assert!(!info.pv.is_empty());
            assert_eq!(info.multipv, 1);
            depths.push(info.depth);
        },
    );
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn multipv_reports_several_lines() {
    let mut engine = Engine::new(Blind, 1);
    engine.options.multipv = 3;
    let mut lines = Vec::new();
    engine.search(
        &pile(9),
        &[],
        &Limits::depth(12),
        &AtomicBool::new(false),
        &mut |info| {
            if info.depth == 12 {
                lines.push((info.multipv, info.pv[0], info.score));
            }
        },
    );
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].1, 1, "taking one wins");
    assert!(lines[0].2.moves_to_win().unwrap() > 0);
    assert!(lines[1].2.moves_to_win().unwrap() < 0 && lines[2].2.moves_to_win().unwrap() < 0);
}

#[test]
fn stop_flag_and_limits_end_the_search() {
    // Infinite search stopped from another thread.
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(Blind, 1);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        });
        engine.search(&pile(1000), &[], &limits, &stop, &mut |_| {})
    });
    assert!(result.best.is_some());
    // Node limit.
    let result = search(1000, Limits::nodes(5000), Options::default());
    assert!(result.nodes < 5000 + 2 * 1024, "{}", result.nodes);
    // Move time.
    let started = Instant::now();
    let result = search(
        1000,
        Limits::movetime(Duration::from_millis(60)),
        Options::default(),
    );
    assert!(started.elapsed() < Duration::from_millis(1000));
    assert!(result.best.is_some());
}

#[test]
fn weak_levels_vary_with_the_seed_and_full_strength_does_not() {
    let mut chosen = std::collections::HashSet::new();
    for seed in 0..40 {
        let options = Options {
            level: Level::new(1).unwrap(),
            seed,
            ..Options::default()
        };
        let result = search(50, Limits::depth(10), options);
        assert_eq!(result.depth, 1, "level 1 searches one ply");
        chosen.insert(result.best.unwrap());
        let again = search(50, Limits::depth(10), options);
        assert_eq!(again.best, result.best, "same seed, same move");
    }
    assert!(chosen.len() > 1, "a weak level varies its moves");
    let strong = search(10, Limits::depth(14), Options::default());
    assert_eq!(strong.best, Some(2));
}

#[test]
fn search_moves_restricts_the_root() {
    let mut engine = Engine::new(Blind, 1);
    let stop = AtomicBool::new(false);
    // From 9 the winning move is 1; forced to choose among 2 and 3 it loses.
    let result = engine.search_moves(
        &pile(9),
        &[],
        &Limits::depth(12),
        &[2, 3],
        &stop,
        &mut |_| {},
    );
    assert!([Some(2), Some(3)].contains(&result.best));
    assert!(result.score.moves_to_win().unwrap() < 0);
    // Moves that are not legal are ignored.
    let result = engine.search_moves(&pile(9), &[], &Limits::depth(12), &[7], &stop, &mut |_| {});
    assert_eq!(result.best, Some(1));
}

/// The pile with every move a capture, recording the gaps quiescence hands
/// its noisy generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Grabs(Pile);

static GAPS: std::sync::Mutex<Vec<i32>> = std::sync::Mutex::new(Vec::new());

impl Game for Grabs {
    type Move = u32;
    type PositionError = Bad;
    type MoveError = Bad;
    type EndReason = NoStones;
    const NAME: &'static str = "grabs";
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Lost
    }
    fn start() -> Self {
        Grabs(Pile::start())
    }
    fn side_to_move(&self) -> Side {
        self.0.side_to_move()
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        self.0.generate_moves(moves);
    }
    fn play_unchecked(&self, take: u32) -> Self {
        Grabs(self.0.play_unchecked(take))
    }
    fn outcome(&self) -> Option<Outcome<NoStones>> {
        self.0.outcome()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    no_text!(|g: &Grabs| g.0.position_string());
}

impl Searchable for Grabs {
    const FEATURES: Features = Features::SOUND;
    type Noisy = AllNoisy;
    fn pack_move(mv: u32) -> u16 {
        mv as u16
    }
    fn generate_noisy_within(&self, gap: i32, moves: &mut MoveList<u32>) {
        GAPS.lock().unwrap().push(gap);
        self.0.generate_moves(moves);
    }
    fn is_noisy(&self, _: u32) -> bool {
        true
    }
    fn history_index(&self, mv: u32) -> usize {
        mv as usize
    }
}

/// Odd piles are good for the side to move, even ones bad.
struct Parity;

impl Evaluator<Grabs> for Parity {
    fn evaluate(&self, position: &Grabs) -> Score {
        Score(if position.0.stones % 2 == 1 { 60 } else { -60 })
    }
}

#[test]
fn quiescence_tells_the_noisy_generator_how_far_below_alpha_it_stands() {
    let mut engine = Engine::new(Parity, 1);
    engine.search(
        &Grabs(pile(11)),
        &[],
        &Limits::depth(2),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let gaps = GAPS.lock().unwrap();
    assert!(!gaps.is_empty());
    assert!(gaps.iter().all(|&gap| gap >= 0), "{gaps:?}");
    assert!(
        gaps.iter().any(|&gap| gap == 119 || gap == 120),
        "alpha 60 (59 in a null window), evaluation -60: {gaps:?}"
    );
}

/// Nine numbered moves: multiples of 3 are captures, generated one per batch
/// from the largest; the rest are quiet. For the move picker's stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers;

impl Game for Numbers {
    type Move = u32;
    type PositionError = Bad;
    type MoveError = Bad;
    type EndReason = NoStones;
    const NAME: &'static str = "numbers";
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Lost
    }
    fn start() -> Self {
        Numbers
    }
    fn side_to_move(&self) -> Side {
        Side::First
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(1..=9);
    }
    fn play_unchecked(&self, _: u32) -> Self {
        Numbers
    }
    fn outcome(&self) -> Option<Outcome<NoStones>> {
        None
    }
    fn hash(&self) -> u64 {
        0
    }
    no_text!(|_: &Numbers| String::new());
}

/// The captures of [`Numbers`], one batch each, largest first.
struct OneByOne(u32);

impl NoisySource<Numbers> for OneByOne {
    fn new(_: &Numbers, _: NoisyPurpose) -> Self {
        OneByOne(9)
    }
    fn next_batch(&mut self, _: &Numbers, moves: &mut MoveList<u32>) -> bool {
        if self.0 == 0 {
            return false;
        }
        moves.push(self.0);
        self.0 -= 3;
        true
    }
}

impl Searchable for Numbers {
    const FEATURES: Features = Features::SOUND;
    type Noisy = OneByOne;
    fn is_noisy(&self, mv: u32) -> bool {
        mv.is_multiple_of(3)
    }
    numbered_moves!();
}

fn picked(mut picker: picker::MovePicker<Numbers>, history: &ordering::History) -> Vec<u32> {
    let side = Numbers.side_to_move().index();
    std::iter::from_fn(|| picker.next(&Numbers, |mv| history.get(side, Numbers.history_index(mv))))
        .collect()
}

#[test]
fn the_picker_gives_each_move_once_stage_by_stage() {
    let mut history = ordering::History::new();
    history.update(0, 7, 500);
    history.update(0, 2, 100);
    history.update(0, 8, -100);
    // Table move 4; killers 5 and 6 (a capture here, so not a killer) and
    // counter move 1; captures largest first; quiet moves by history, of
    // equals the first in the list at each pick (a pick swaps the best to
    // the front).
    let main = picker::MovePicker::new(&Numbers, Some(4), [Some(5), Some(6), Some(1)]);
    assert_eq!(picked(main, &history), [4, 9, 6, 3, 5, 1, 7, 2, 8]);
    // A counter move equal to a killer is given once.
    let main = picker::MovePicker::new(&Numbers, None, [Some(5), None, Some(5)]);
    assert_eq!(picked(main, &history), [9, 6, 3, 5, 7, 2, 4, 1, 8]);
    // A table move that is not legal here (packed 12) is passed over.
    let main = picker::MovePicker::new(&Numbers, Some(12), [Some(12), None, None]);
    assert_eq!(picked(main, &history), [9, 6, 3, 7, 2, 4, 5, 1, 8]);
    // Quiescence: the captures alone; forced, every move in generation order.
    let quiet = picker::MovePicker::quiescence(&Numbers, 0);
    assert_eq!(picked(quiet, &history), [9, 6, 3]);
    let forced = picker::MovePicker::forced(&Numbers);
    assert_eq!(picked(forced, &history), [9, 6, 3, 1, 2, 4, 5, 7, 8]);
}

#[test]
fn quiescence_writes_its_results_without_replacing_deeper_ones() {
    let mut engine = Engine::new(Blind, 1);
    let child = |stones| Pile {
        stones,
        side: Side::Second,
    };
    // A deeper result of one root child, stored as an earlier search would.
    let deep = Entry {
        packed_move: Some(1),
        score: Score(7),
        eval: Score(0),
        depth: 9,
        bound: Bound::Exact,
    };
    engine.table.store(child(10).hash(), deep);
    let stop = AtomicBool::new(false);
    // Depth 1: each child of the root is searched by quiescence.
    engine.search(&pile(12), &[], &Limits::depth(1), &stop, &mut |_| {});
    assert_eq!(engine.table.probe(child(10).hash()), Some(deep));
    for stones in [9, 11] {
        let entry = engine.table.probe(child(stones).hash());
        assert_eq!(entry.map(|e| e.depth), Some(0), "{stones} stones");
    }
}
