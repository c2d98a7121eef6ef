//! The SVG documents parse as XML, carry every square of each game with its
//! `data-square`, put each piece and mark where the diagram says, and keep
//! to themselves (no scripts, images or links).

use ply_core::Game;
use ply_games::Diagram;
use ply_games::svg::{Options, Theme, render};
use ply_games::{checkers, chess, othello};
use std::collections::BTreeSet;

/// The diagrams the tests render: each game at the start and after a move,
/// flipped and not.
fn diagrams() -> Vec<Diagram> {
    let chess_start = ply_chess::Position::start();
    let e4 = chess_start.parse_move("e4").unwrap();
    let checkers_start = ply_checkers::Checkers::start();
    let eleven = checkers_start.parse_move("11-15").unwrap();
    let othello_start = ply_othello::Othello::start();
    let d3 = othello_start.parse_move("d3").unwrap();
    let diagrams = vec![
        chess::diagram(&chess_start, None, None),
        chess::diagram(&chess_start.play_unchecked(e4), Some(e4), "g8".parse().ok()),
        checkers::diagram(&checkers_start, None, false, None),
        checkers::diagram(
            &checkers_start.play_unchecked(eleven),
            Some(eleven),
            true,
            None,
        ),
        othello::diagram(&othello_start, None),
        othello::diagram(&othello_start.play_unchecked(d3), Some(d3)),
    ];
    let flipped: Vec<Diagram> = diagrams.iter().cloned().map(Diagram::flipped).collect();
    diagrams.into_iter().chain(flipped).collect()
}

fn options() -> Vec<Options> {
    Theme::ALL
        .into_iter()
        .flat_map(|theme| {
            [true, false].map(|coordinates| Options {
                theme,
                coordinates,
                size: coordinates.then_some(480),
            })
        })
        .collect()
}

/// The `data-square` values of the elements of `class`.
fn squares_of(document: &roxmltree::Document, class: &str) -> Vec<String> {
    document
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|word| word == class))
        })
        .filter_map(|n| n.attribute("data-square").map(str::to_owned))
        .collect()
}

#[test]
fn every_document_is_well_formed_and_self_contained() {
    for diagram in diagrams() {
        for options in options() {
            let svg = render(&diagram, &options);
            let document = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{}: {e}\n{svg}", diagram.game));
            let root = document.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert_eq!(
                root.tag_name().namespace(),
                Some("http://www.w3.org/2000/svg")
            );
            let view_box = root.attribute("viewBox").unwrap();
            let side = if options.coordinates { "880" } else { "800" };
            assert_eq!(view_box, format!("0 0 {side} {side}"));
            assert_eq!(root.attribute("width").is_some(), options.size.is_some());
            assert_eq!(root.attribute("data-game"), Some(diagram.game));
            assert_eq!(
                root.attribute("data-flipped"),
                Some(diagram.flipped.to_string().as_str())
            );
            let class = root.attribute("class").unwrap();
            assert!(class.contains(&format!("ply-{}", options.theme)), "{class}");
            for node in document.descendants().filter(|n| n.is_element()) {
                let name = node.tag_name().name();
                assert!(
                    !["script", "image", "foreignObject", "use", "a", "style"].contains(&name),
                    "{name}"
                );
                assert!(
                    node.attributes()
                        .all(|a| !a.name().starts_with("on") && a.name() != "href")
                );
            }
            let coords = document
                .descendants()
                .filter(|n| {
                    n.attribute("class")
                        .is_some_and(|c| c.starts_with("coord "))
                })
                .count();
            assert_eq!(coords, if options.coordinates { 32 } else { 0 });
        }
    }
}

#[test]
fn every_square_is_there_with_its_name() {
    let expected = |game: &str| -> BTreeSet<String> {
        match game {
            "checkers" => (1..=32).map(|n: u32| n.to_string()).collect(),
            _ => ('a'..='h')
                .flat_map(|f| ('1'..='8').map(move |r| format!("{f}{r}")))
                .collect(),
        }
    };
    for diagram in diagrams() {
        let svg = render(&diagram, &Options::default());
        let document = roxmltree::Document::parse(&svg).unwrap();
        let squares = squares_of(&document, "square");
        let named: BTreeSet<String> = squares.iter().cloned().collect();
        assert_eq!(
            named.len(),
            squares.len(),
            "{}: a square twice",
            diagram.game
        );
        assert_eq!(named, expected(diagram.game), "{}", diagram.game);
        // 64 squares drawn in all; checkers' light squares have no name.
        let drawn = document
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("square "))
            })
            .count();
        assert_eq!(drawn, 64);
    }
}

#[test]
fn pieces_marks_and_last_moves_are_where_the_diagram_says() {
    for diagram in diagrams() {
        let svg = render(&diagram, &Options::default());
        let document = roxmltree::Document::parse(&svg).unwrap();
        let of = |test: fn(&ply_games::diagram::Cell) -> bool| -> BTreeSet<String> {
            diagram
                .cells()
                .filter(|(_, _, c)| test(c))
                .filter_map(|(_, _, c)| c.square.clone())
                .collect()
        };
        let set = |class| {
            squares_of(&document, class)
                .into_iter()
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(set("piece"), of(|c| c.piece.is_some()), "{}", diagram.game);
        assert_eq!(set("mark"), of(|c| c.marked), "{}", diagram.game);
        assert_eq!(set("last"), of(|c| c.last), "{}", diagram.game);
        assert_eq!(set("selected"), of(|c| c.selected), "{}", diagram.game);
        assert_eq!(
            set("number"),
            of(|c| c.number.is_some()),
            "{}",
            diagram.game
        );
        // Each piece says what it is.
        for node in document.descendants().filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("piece "))
        }) {
            let (_, _, cell) = diagram
                .find(node.attribute("data-square").unwrap())
                .unwrap();
            let piece = cell.piece.unwrap();
            let class = node.attribute("class").unwrap();
            assert_eq!(
                class,
                format!("piece {} {}", piece.color.name(), piece.kind.name())
            );
            assert_eq!(
                node.attribute("data-piece"),
                Some(piece.glyph().ascii.to_string().as_str())
            );
        }
    }
}

#[test]
fn flipping_moves_the_squares_to_the_other_corner() {
    let position = ply_chess::Position::start();
    let x_of = |diagram: &Diagram, name: &str| -> (String, String) {
        let svg = render(diagram, &Options::default());
        let document = roxmltree::Document::parse(&svg).unwrap();
        let node = document
            .descendants()
            .find(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("square "))
                    && n.attribute("data-square") == Some(name)
            })
            .unwrap();
        (
            node.attribute("x").unwrap().to_owned(),
            node.attribute("y").unwrap().to_owned(),
        )
    };
    let normal = chess::diagram(&position, None, None);
    assert_eq!(x_of(&normal, "a1"), ("0".into(), "700".into()));
    assert_eq!(x_of(&normal.flipped(), "a1"), ("700".into(), "0".into()));
}

#[test]
fn draw_gives_each_games_diagram() {
    use ply_games::Draw;
    let chess = ply_chess::Position::start();
    let e4 = chess.parse_move("e4").unwrap();
    let after = chess.play_unchecked(e4);
    assert_eq!(
        after.diagram(Some(e4), true),
        chess::diagram(&after, Some(e4), None)
    );
    let checkers = ply_checkers::Checkers::start();
    assert_eq!(
        checkers.diagram(None, true),
        checkers::diagram(&checkers, None, true, None)
    );
    let othello = ply_othello::Othello::start();
    assert_eq!(
        othello.diagram(None, true),
        othello::diagram(&othello, None)
    );
}

#[test]
fn themes_read_their_names() {
    assert_eq!("dark".parse::<Theme>(), Ok(Theme::Dark));
    assert_eq!("Light".parse::<Theme>(), Ok(Theme::Light));
    let err = "blue".parse::<Theme>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown theme 'blue': expected light or dark"
    );
}
