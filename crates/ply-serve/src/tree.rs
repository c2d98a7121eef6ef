//! A game's move tree: the main line and the variations beside it, as an
//! analysis board keeps them (lichess's). The session
//! ([`ply_games::session::Session`]) holds one line of it, the line being
//! looked at (its moves played and the moves ahead); the tree holds every
//! line the page played, each move in the game's notation as the session
//! wrote it. A node's first child is its main continuation, the others
//! the variations beside it.

use ply_games::session::{Session, Variation};
use serde::Serialize;

/// At most this many moves in a game's tree.
pub const MAX_NODES: usize = 10_000;

/// A move of the tree and what follows it.
#[derive(Clone, Debug, Default)]
struct Node {
    mv: String,
    children: Vec<Node>,
}

/// The tree of a game: every line from its start.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    root: Node,
    size: usize,
}

/// A move of a line as the API shows it: the move and the lines beside it
/// (other moves from the same position, each with its continuation).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Item {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The other moves that could be played instead, each a line.
    pub variations: Vec<Vec<Item>>,
}

impl Node {
    fn child(&self, mv: &str) -> Option<usize> {
        self.children.iter().position(|c| c.mv == mv)
    }

    fn count(&self) -> usize {
        self.children.iter().map(|c| 1 + c.count()).sum()
    }

    /// The main line from this node (its first child, that one's first...),
    /// as items.
    fn items(&self) -> Vec<Item> {
        let mut out = Vec::new();
        let mut node = self;
        while let Some(main) = node.children.first() {
            out.push(Item {
                mv: main.mv.clone(),
                variations: node.children[1..].iter().map(Node::line).collect(),
            });
            node = main;
        }
        out
    }

    /// The line starting with this node's move.
    fn line(&self) -> Vec<Item> {
        let mut out = vec![Item {
            mv: self.mv.clone(),
            variations: Vec::new(),
        }];
        out.extend(self.items());
        out
    }
}

/// An item's line as a record writes it.
fn variation(line: &[Item]) -> Variation {
    Variation {
        moves: line.iter().map(|item| item.mv.clone()).collect(),
        variations: line.iter().map(variations).collect(),
    }
}

fn variations(item: &Item) -> Vec<Variation> {
    item.variations.iter().map(|line| variation(line)).collect()
}

impl Tree {
    /// The tree of one line.
    pub fn of_line(line: &[String]) -> Tree {
        let mut tree = Tree::default();
        tree.add(line);
        tree
    }

    /// How many moves it holds.
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether it holds no move.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    fn node(&self, line: &[String]) -> Option<&Node> {
        let mut node = &self.root;
        for mv in line {
            node = &node.children[node.child(mv)?];
        }
        Some(node)
    }

    fn node_mut(&mut self, line: &[String]) -> Option<&mut Node> {
        let mut node = &mut self.root;
        for mv in line {
            let index = node.child(mv)?;
            node = &mut node.children[index];
        }
        Some(node)
    }

    /// Whether `line` (from the start) is a line of the tree.
    pub fn contains(&self, line: &[String]) -> bool {
        self.node(line).is_some()
    }

    /// Adds `line` (from the start): where it leaves the tree, its next
    /// move becomes the last variation there (the main continuation when
    /// there was none). Whether it fits under [`MAX_NODES`] (nothing is
    /// added when it does not).
    pub fn add(&mut self, line: &[String]) -> bool {
        let mut known = 0;
        let mut node = &self.root;
        for mv in line {
            match node.child(mv) {
                Some(index) => {
                    node = &node.children[index];
                    known += 1;
                }
                None => break,
            }
        }
        let new = line.len() - known;
        if self.size + new > MAX_NODES {
            return false;
        }
        let mut node = &mut self.root;
        for mv in line {
            let index = match node.child(mv) {
                Some(index) => index,
                None => {
                    node.children.push(Node {
                        mv: mv.clone(),
                        children: Vec::new(),
                    });
                    node.children.len() - 1
                }
            };
            node = &mut node.children[index];
        }
        self.size += new;
        true
    }

    /// Drops every move after `line` but `keep` (a move played there when
    /// taking back: the rest of the game is forgotten).
    pub fn truncate(&mut self, line: &[String], keep: &str) {
        if let Some(node) = self.node_mut(line) {
            let before = node.count();
            node.children.retain(|c| c.mv == keep);
            let after = node.count();
            self.size -= before - after;
        }
    }

    /// Deletes the last move of `line` and everything after it; whether it
    /// was there.
    pub fn delete(&mut self, line: &[String]) -> bool {
        let Some((last, parent)) = line.split_last() else {
            return false;
        };
        let Some(node) = self.node_mut(parent) else {
            return false;
        };
        let Some(index) = node.child(last) else {
            return false;
        };
        let gone = node.children.remove(index);
        self.size -= 1 + gone.count();
        true
    }

    /// Makes `line` the main line as far as it goes (each of its moves the
    /// first continuation of the position before it); whether it is in the
    /// tree.
    pub fn promote(&mut self, line: &[String]) -> bool {
        if !self.contains(line) {
            return false;
        }
        let mut node = &mut self.root;
        for mv in line {
            let index = node.child(mv).unwrap_or(0);
            let chosen = node.children.remove(index);
            node.children.insert(0, chosen);
            node = &mut node.children[0];
        }
        true
    }

    /// The main continuation after `line`: its first child, that one's
    /// first...
    pub fn continuation(&self, line: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        let mut node = self.node(line);
        while let Some(main) = node.and_then(|n| n.children.first()) {
            out.push(main.mv.clone());
            node = Some(main);
        }
        out
    }

    /// The main line with the variations beside each move, as the API
    /// shows it.
    pub fn items(&self) -> Vec<Item> {
        self.root.items()
    }

    /// The lines beside each move of `line` (from the start; past where it
    /// leaves the tree: none), as a record writes them: for each move the
    /// other moves of the tree from the position before it, each with its
    /// continuation and the variations beside it.
    pub fn variations_along(&self, line: &[String]) -> Vec<Vec<Variation>> {
        let mut out = Vec::new();
        let mut node = Some(&self.root);
        for mv in line {
            let Some(here) = node else {
                out.push(Vec::new());
                continue;
            };
            out.push(
                here.children
                    .iter()
                    .filter(|c| &c.mv != mv)
                    .map(|c| variation(&c.line()))
                    .collect(),
            );
            node = here.child(mv).map(|index| &here.children[index]);
        }
        out
    }
}

/// Adds to `tree` the variations of a record (as
/// [`ply_games::session::records::variations`] reads them, beside each
/// move of `main`, the main line of `game`'s record), each move read by
/// the game from the position it is played in and written in its notation;
/// a variation stops at a move the game cannot play.
pub fn graft(tree: &mut Tree, game: &dyn Session, main: &[String], lines: &[Vec<Variation>]) {
    for (index, beside) in lines.iter().enumerate().take(main.len()) {
        for line in beside {
            graft_line(tree, game, &main[..index], line);
        }
    }
}

/// Adds `line`, played after `prefix`, and the variations inside it.
fn graft_line(tree: &mut Tree, game: &dyn Session, prefix: &[String], line: &Variation) {
    let Ok(mut session) = ply_games::session::new(game.kind(), Some(&game.start_position())) else {
        return;
    };
    for mv in prefix {
        if session.play(mv).is_err() {
            return;
        }
    }
    let mut path = prefix.to_vec();
    for mv in &line.moves {
        match session.play(mv) {
            Ok(name) => path.push(name),
            Err(_) => break,
        }
    }
    if path.len() == prefix.len() || !tree.add(&path) {
        return;
    }
    let played = path.len() - prefix.len();
    for (offset, beside) in line.variations.iter().enumerate().take(played) {
        for inner in beside {
            graft_line(tree, game, &path[..prefix.len() + offset], inner);
        }
    }
}

/// Puts `game` on `line` (from the start, a line of `tree`), with the
/// tree's main continuation after it as the moves ahead.
///
/// # Errors
/// The reason, when a move of the line cannot be played.
pub fn go(game: &mut Box<dyn Session>, tree: &Tree, line: &[String]) -> Result<(), String> {
    let mut fresh = ply_games::session::new(game.kind(), Some(&game.start_position()))?;
    for mv in line {
        fresh.play(mv)?;
    }
    extend(fresh.as_mut(), tree);
    *game = fresh;
    Ok(())
}

/// When `game` has no moves ahead, makes the tree's main continuation
/// after its moves the moves ahead.
pub fn extend(game: &mut dyn Session, tree: &Tree) {
    if !game.future().is_empty() {
        return;
    }
    let ahead = tree.continuation(&game.history());
    let mut played = 0;
    for mv in &ahead {
        if game.play(mv).is_err() {
            break;
        }
        played += 1;
    }
    for _ in 0..played {
        game.undo();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn lines_branch_promote_and_delete() {
        let mut tree = Tree::of_line(&line(&["e4", "e5", "Nf3"]));
        assert_eq!(tree.len(), 3);
        assert!(tree.add(&line(&["e4", "c5", "Nf3", "d6"])));
        assert!(tree.add(&line(&["e4", "c5", "Nf3", "Nc6"])));
        assert_eq!(tree.len(), 7);
        let items = tree.items();
        assert_eq!(items.len(), 3);
        assert_eq!(items[1].variations.len(), 1);
        assert_eq!(items[1].variations[0][0].mv, "c5");
        assert_eq!(items[1].variations[0][2].variations[0][0].mv, "Nc6");
        let along = tree.variations_along(&line(&["e4", "e5"]));
        assert_eq!(along[0], Vec::new());
        assert_eq!(along[1][0].moves, line(&["c5", "Nf3", "d6"]));
        assert_eq!(along[1][0].variations[2][0].moves, line(&["Nc6"]));
        assert!(tree.promote(&line(&["e4", "c5", "Nf3", "Nc6"])));
        assert_eq!(tree.continuation(&[]), line(&["e4", "c5", "Nf3", "Nc6"]));
        assert!(!tree.promote(&line(&["d4"])));
        assert!(tree.delete(&line(&["e4", "c5"])));
        assert_eq!(tree.len(), 3);
        assert_eq!(tree.continuation(&[]), line(&["e4", "e5", "Nf3"]));
        assert!(!tree.delete(&line(&["e4", "c5"])));
        tree.truncate(&line(&["e4"]), "d5");
        assert_eq!(tree.len(), 1);
    }

    #[test]
    fn the_tree_is_bounded() {
        let long: Vec<String> = (0..MAX_NODES).map(|i| i.to_string()).collect();
        let mut tree = Tree::of_line(&long);
        assert_eq!(tree.len(), MAX_NODES);
        assert!(!tree.add(&line(&["x"])));
        assert_eq!(tree.len(), MAX_NODES);
    }

    #[test]
    fn a_session_goes_to_a_line_with_the_main_continuation_ahead() {
        let mut game = ply_games::session::new(ply_games::GameKind::Chess, None).unwrap();
        let mut tree = Tree::of_line(&line(&["e4", "e5", "Nf3"]));
        tree.add(&line(&["e4", "c5", "Nf3"]));
        go(&mut game, &tree, &line(&["e4", "c5"])).unwrap();
        assert_eq!(game.history(), line(&["e4", "c5"]));
        assert_eq!(game.future(), line(&["Nf3"]));
        go(&mut game, &tree, &line(&["e4"])).unwrap();
        assert_eq!(game.future(), line(&["e5", "Nf3"]));
    }
}
