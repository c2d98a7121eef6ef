use super::build::{build_order, successor_materials};
use super::index::SliceIndex;
use super::*;

/// The number of placements of `pieces` pieces (side to move not counted),
/// summed over the sizes of the slices' indices.
fn placements(pieces: u32) -> u64 {
    Material::all(pieces)
        .into_iter()
        .filter(|m| m.pieces() == pieces)
        .map(|m| SliceIndex::new(m).size())
        .sum()
}

#[test]
fn slice_sizes_add_up_to_the_published_position_counts() {
    let published = [120, 6_972, 261_224, 7_092_774, 148_688_232, 2_503_611_964];
    for (pieces, &count) in (1..).zip(&published) {
        assert_eq!(placements(pieces), count, "{pieces} pieces");
    }
}

#[test]
fn every_successor_slice_is_solved_first() {
    let order = build_order(6);
    let mut solved = std::collections::HashSet::new();
    for pair in &order {
        for &material in pair {
            for successor in successor_materials(material) {
                assert!(
                    solved.contains(&successor) || pair.contains(&successor),
                    "{material} needs {successor}"
                );
            }
        }
        solved.extend(pair.iter().copied());
    }
    let contested = Material::all(6).into_iter().filter(|m| m.is_contested());
    assert_eq!(solved.len(), contested.count());
}

#[test]
fn file_names_read_back() {
    for material in Material::all(4).into_iter().filter(|m| m.is_contested()) {
        let name = material.file_name();
        assert_eq!(probe::parse_file_name(&name), Some(material), "{name}");
    }
    assert_eq!(probe::parse_file_name("m1k0-m0k0.egdb"), None);
    assert_eq!(probe::parse_file_name("m01k0-m0k1.egdb"), None);
    assert_eq!(probe::parse_file_name("m1k0-m0k1.egdb.part"), None);
}

#[test]
fn a_small_build_verifies_and_answers_probes() {
    let dir = std::env::temp_dir().join(format!("ply-egdb-unit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let summary = build::build(&dir, 3, 2, &|_| {}).unwrap();
    assert_eq!(summary.skipped, 0);
    let contested: u64 = Material::all(3)
        .into_iter()
        .filter(|m| m.is_contested())
        .map(|m| SliceIndex::new(m).size())
        .sum();
    assert_eq!(summary.positions, contested);
    // A rerun finds everything done.
    let again = build::build(&dir, 3, 1, &|_| {}).unwrap();
    assert_eq!((again.solved, again.skipped), (0, summary.solved));
    let report = verify::verify(&dir, 3, 2, &|_, _| {}).unwrap();
    assert_eq!(report.mismatches, 0, "{:?}", report.examples);
    assert_eq!(report.positions, summary.positions);

    let database = Database::open(&dir);
    assert_eq!(database.max_pieces(), 3);
    let probe = |fen: &str| {
        let position = <crate::Checkers as ply_core::Game>::parse_position(fen).unwrap();
        database.probe(&position).unwrap()
    };
    // Two kings against one win; one against one is a draw unless a capture
    // decides it.
    assert_eq!(probe("W:WK1,K3:BK32"), Value::Win);
    assert_eq!(probe("B:WK1,K3:BK32"), Value::Loss);
    assert_eq!(probe("B:WK1:BK32"), Value::Draw);
    assert_eq!(probe("B:WK18:BK14"), Value::Win);
    assert_eq!(probe("W:WK18:BK14"), Value::Win);
    let four = <crate::Checkers as ply_core::Game>::parse_position("W:W18,19:B3,4").unwrap();
    assert!(matches!(
        database.probe(&four),
        Err(Error::TooManyPieces {
            pieces: 4,
            available: 3,
            ..
        })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    let empty = Database::open(&dir);
    assert!(matches!(
        empty.probe(&four),
        Err(Error::TooManyPieces { available: 0, .. })
    ));
}

#[test]
fn steps_taken_back_are_exactly_the_steps_within_a_pair() {
    use crate::board::Board;
    let successors = |board: &Board| -> Vec<Board> {
        let mut moves = ply_core::MoveList::new();
        crate::movegen::generate(board, false, &mut moves);
        moves
            .iter()
            .map(|&mv| board.after_move(mv).turned())
            .collect()
    };
    let mut steps = 0;
    for material in Material::all(3).into_iter().filter(|m| m.is_contested()) {
        let index = SliceIndex::new(material);
        for i in 0..index.size() {
            let before = index.board(i);
            for after in successors(&before) {
                if Material::of(&after) == material.mirrored() {
                    let mut found = false;
                    build::for_each_unstep(&after, |b| found |= b == before);
                    assert!(found, "{i} of {material}");
                    steps += 1;
                }
            }
            // And every position taken back to is one step before, unless
            // it has a capture (then the step was not legal).
            build::for_each_unstep(&before, |earlier| {
                assert_eq!(Material::of(&earlier), material.mirrored());
                let legal = !crate::movegen::move_sets(&earlier).jumps;
                assert_eq!(successors(&earlier).contains(&before), legal);
            });
        }
    }
    assert!(steps > 100_000, "{steps}");
}
