// ply serve: the page. Plain JavaScript, no build step, nothing fetched from
// elsewhere. The board is ply's own SVG (GET /api/games/{id}/board.svg);
// every move, answer and line comes from the JSON and WebSocket API.
"use strict";

const $ = (id) => document.getElementById(id);
const dark = window.matchMedia("(prefers-color-scheme: dark)");
// What the server says of each game (GET /api: its colours, how moves are
// typed and entered, how the board turns, the annotation's marks), by name.
const GAMES = {};
const facts = () => GAMES[app.kind];

const app = {
  kind: "chess",
  game: null,        // the game's view from the API
  flipped: false,
  path: [],          // squares clicked so far for the move being entered
  pending: null,     // promotion moves waiting for a choice
  thinking: false,
  socket: null,
  analysing: false,
  searchRunning: false,
  restart: false,
  waiters: [],       // promises waiting for the analysis to stop
  lines: [],
  busy: Promise.resolve(),
  annotating: false,
  annotation: null,  // the last annotation (GET /api/games/{id}/annotate)
  annotated: null,   // the line annotated: {start, moves}
  evals: [],         // its evaluations by ply, filled as it runs
  clockAt: 0,        // when the side to move's clock started, as performance.now()
  flagging: false,
  editing: null,     // the set-up editor: {pieces: {square: symbol}, tool}
};

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: text }; }
  if (!response.ok) throw new Error((data && data.error) || response.statusText);
  return data;
}

function message(text) { $("message").textContent = text || ""; }

function computerSide() {
  const you = $("you").value;
  if (you === "both") return null;
  return you === "first" ? "second" : "first";
}

function computerToMove() {
  const g = app.game;
  if (!g || g.ending) return false;
  const side = computerSide();
  return side !== null && (side === "first") === g.first_to_move;
}

function sideLabels() {
  const you = $("you");
  you.options[0].textContent = facts().first;
  you.options[1].textContent = facts().second;
}

// Forgets the annotation (a new game), stopping it if it runs.
function resetAnnotation() {
  if (app.annotating) {
    app.annotating = false;
    if (app.socket) { app.socket.close(); app.socket = null; app.searchRunning = false; }
  }
  app.annotation = null;
  app.annotated = null;
  app.evals = [];
  $("annotate").textContent = "Annotate the game";
  $("annotate").setAttribute("aria-pressed", "false");
  $("annotate-bar").hidden = true;
  $("annotate-summary").textContent = "";
  delete document.body.dataset.annotate;
}

async function newGame(position, record, index) {
  resetAnnotation();
  await stopAnalysis();
  if (app.game) api("DELETE", `/api/games/${app.game.id}`).catch(() => {});
  const body = { game: app.kind };
  if (position) body.position = position;
  if (record) body.record = record;
  if (record && index) body.index = index;
  // Clocks for a game played (a record loaded is for study).
  const clock = $("clock").value;
  if (clock && !record) {
    const [minutes, increment] = clock.split("+").map(Number);
    body.clock = { initial_ms: minutes * 1000, increment_ms: increment * 1000 };
  }
  const game = await api("POST", "/api/games", body);
  app.path = [];
  app.pending = null;
  // The person's pieces at the bottom: the diagram draws one side's there
  // (White's in chess and checkers); a board without one (Othello) is never
  // turned.
  const you = $("you").value;
  app.flipped = facts().bottom !== null && you !== "both" && you !== facts().bottom;
  await show(game);
  maybeComputer();
}

async function show(game) {
  app.game = game;
  app.clockAt = performance.now();
  renderClocks();
  $("position").value = game.position;
  renderStatus();
  await drawBoard();
  renderHistory();
  $("move-input").placeholder = facts().move_examples;
  $("move-input").title = facts().move_help;
  onPositionChanged();
}

async function drawBoard() {
  if (app.editing) return drawSetup();
  const g = app.game;
  const theme = isDark() ? "dark" : "light";
  const response = await fetch(`/api/games/${g.id}/board.svg?flip=${app.flipped}&theme=${theme}`);
  if (!response.ok) { message("the board could not be drawn"); return; }
  $("board").innerHTML = await response.text();
  highlight();
}

function renderStatus() {
  const g = app.game;
  let text;
  if (g.ending) text = `Game over: ${g.ending.reason} (${g.ending.result})`;
  else if (app.thinking) text = `${g.turn} to move: the computer is thinking…`;
  else text = `${g.turn} to move`;
  if (g.status) text += `. ${g.status}`;
  $("status").textContent = text;
  $("opening").textContent = g.opening ? `Opening: ${g.opening}` : "";
  $("go").disabled = !!g.ending || app.thinking;
  // For scripts and tests: whose turn it is on the page.
  document.body.dataset.state = g.ending ? "over" : app.thinking ? "thinking" : computerToMove() ? "computer" : "yours";
}

// The game's tree (the view's `tree`: the main line, each move with the
// variations beside it) as nodes {move, children}, the first child the main
// continuation.
function treeNodes(g) {
  const root = { move: null, children: [] };
  const attach = (node, items) => {
    for (const item of items) {
      const child = { move: item.move, children: [] };
      node.children.push(child);
      for (const line of item.variations) attach(node, line);
      node = child;
    }
  };
  attach(root, g.tree || []);
  return root;
}

function nodeAt(root, path) {
  let node = root;
  for (const move of path) {
    node = node.children.find((c) => c.move === move);
    if (!node) return null;
  }
  return node;
}

// The move list: the main line of the game's tree, and after each move
// the variations beside it in parentheses (as lichess shows them). The
// moves of the line looked at (played, then ahead) carry their ply; the
// others the line to go to.
function renderHistory() {
  const list = $("history");
  list.textContent = "";
  const g = app.game;
  const offset = startsWithFirst(g) ? 0 : 1;
  // Chess numbers its moves from the FEN's move number.
  const firstNumber = app.kind === "chess" ? parseInt(g.start.split(" ")[5], 10) || 1 : 1;
  const line = g.history.concat(g.future);
  const agree = annotatedAgree();
  app.linePaths = [];
  const onLine = (path) => path.length <= line.length && path.every((m, i) => line[i] === m);
  const moveElement = (tag, move, path, numbered) => {
    const el = document.createElement(tag);
    const i = path.length - 1;
    const ply = i + offset;
    if (ply % 2 === 0 || numbered) {
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${Math.floor(ply / 2) + firstNumber}.${ply % 2 ? ".." : ""} `;
      el.appendChild(num);
    }
    const name = document.createElement("span");
    name.className = "move";
    name.textContent = move;
    el.appendChild(name);
    if (onLine(path)) {
      el.dataset.ply = String(path.length);
      const mark = app.annotation && i < agree ? app.annotation.marks[i] : null;
      if (mark && mark.symbol) {
        const sign = document.createElement("span");
        sign.className = `mark ${mark.class}`;
        sign.textContent = mark.symbol;
        el.appendChild(sign);
      }
      if (mark) el.title = mark.note;
      if (i >= g.history.length) el.classList.add("future");
      if (i === g.history.length - 1) el.classList.add("last");
    } else {
      el.dataset.line = String(app.linePaths.length);
      app.linePaths.push(path);
    }
    return el;
  };
  // A line of items from `path`: its moves in `container` (list items on
  // the main line, spans inside a variation).
  const renderLine = (items, path, container, tag) => {
    let numbered = true;
    for (const item of items) {
      const here = path.concat([item.move]);
      container.appendChild(moveElement(tag, item.move, here, numbered));
      numbered = false;
      for (const variation of item.variations) {
        const block = document.createElement(tag === "li" ? "li" : "span");
        block.className = "variation";
        block.appendChild(document.createTextNode("("));
        renderLine(variation, path, block, "span");
        block.appendChild(document.createTextNode(")"));
        container.appendChild(block);
        numbered = true;
      }
      path = here;
    }
  };
  renderLine(g.tree || [], [], list, "li");
  const main = mainLine(g);
  $("line-promote").disabled = !g.history.some((m, i) => main[i] !== m);
  $("line-delete").disabled = g.history.length === 0;
  const you = $("you").value;
  const names = { first: you === "second" ? "ply" : "You", second: you === "first" ? "ply" : "You" };
  $("save-record").href = `/api/games/${g.id}/record?first=${names.first}&second=${names.second}`;
  $("save-record").setAttribute("download", `ply-${app.kind}.${g.record_format.toLowerCase()}`);
  // The last move in view inside the list (the page itself does not move).
  const last = list.querySelector(".last");
  if (!last) list.scrollTop = 0;
  else if (last.offsetTop < list.scrollTop || last.offsetTop + last.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = last.offsetTop - list.clientHeight / 2;
  }
  renderGraph();
}

function mainLine(g) { return (g.tree || []).map((item) => item.move); }

// Goes to the position after `path` (a line of the game's tree).
async function goLine(path) {
  const g = app.game;
  if (!g || app.thinking) return;
  if (app.annotating) { message("the game is being annotated: wait, or stop it"); return; }
  await stopAnalysis();
  try {
    const game = await api("POST", `/api/games/${g.id}/line`, { moves: path });
    app.path = [];
    await show(game);
  } catch (err) { message(err.message); }
}

// ↑ / ↓: the previous / next line at the last fork of the line looked at
// (the other moves from the position before the current move, or before
// the last move that has some).
function switchLine(direction) {
  const g = app.game;
  if (!g) return;
  const root = treeNodes(g);
  for (let k = g.history.length; k >= 1; k--) {
    const parent = nodeAt(root, g.history.slice(0, k - 1));
    if (!parent || parent.children.length < 2) continue;
    const at = parent.children.findIndex((c) => c.move === g.history[k - 1]);
    const n = parent.children.length;
    const other = parent.children[(at + direction + n) % n];
    goLine(g.history.slice(0, k - 1).concat([other.move]));
    return;
  }
}

// Deletes the current move and what follows it, or makes its line the
// main line.
async function editLine(action) {
  const g = app.game;
  if (!g || app.thinking || g.history.length === 0) return;
  if (app.annotating) { message("the game is being annotated: wait, or stop it"); return; }
  await stopAnalysis();
  try {
    const game = await api("POST", `/api/games/${g.id}/line/${action}`, { moves: g.history });
    await show(game);
  } catch (err) { message(err.message); }
}

function startsWithFirst(g) {
  // The side to move now and the number of moves tell who moved first.
  return (g.history.length % 2 === 0) === g.first_to_move;
}

// The moves that start with the squares clicked so far.
function candidates() {
  const moves = app.game ? app.game.moves : [];
  return moves.filter((m) => app.path.every((sq, i) => m.path[i] === sq));
}

function highlight() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll("rect.square.sel, rect.square.tgt").forEach((r) => r.classList.remove("sel", "tgt"));
  if (app.path.length === 0) return;
  const mark = (sq, cls) => {
    const rect = svg.querySelector(`rect.square[data-square="${sq}"]`);
    if (rect) rect.classList.add(cls);
  };
  mark(app.path[app.path.length - 1], "sel");
  for (const m of candidates()) {
    if (m.path[app.path.length]) mark(m.path[app.path.length], "tgt");
    if (m.to) mark(m.to, "tgt");
  }
}

async function clickSquare(sq) {
  if (app.editing) return;
  const g = app.game;
  if (!g || g.ending || app.thinking || computerToMove()) return;
  message("");
  if (facts().places) {
    const move = g.moves.find((m) => m.to === sq);
    if (move) await play(move.notation);
    else message(`${sq} is not a legal move`);
    return;
  }
  if (app.path.length === 0) {
    if (g.moves.some((m) => m.from === sq)) { app.path = [sq]; highlight(); }
    return;
  }
  const current = candidates();
  // A click on the end square plays the move (or asks for the promotion).
  const ending = current.filter((m) => m.to === sq);
  if (ending.length > 0) {
    const unique = [...new Set(ending.map((m) => m.path.join("-")))];
    if (ending.some((m) => m.promotion)) { askPromotion(ending); return; }
    if (unique.length === 1) { app.path = []; await play(ending[0].notation); return; }
  }
  // A click on the next landing of a multi-jump steps along it.
  const stepping = current.filter((m) => m.path[app.path.length] === sq);
  if (stepping.length > 0) {
    app.path.push(sq);
    const done = stepping.filter((m) => m.path.length === app.path.length);
    if (done.length === 1 && stepping.length === 1) { app.path = []; await play(done[0].notation); return; }
    highlight();
    return;
  }
  // Another piece of the side to move: select it instead.
  app.path = g.moves.some((m) => m.from === sq) && sq !== app.path[0] ? [sq] : [];
  highlight();
}

function askPromotion(moves) {
  app.pending = moves;
  $("promotion").hidden = false;
  $("promotion").querySelector("button").focus();
}

async function choosePromotion(role) {
  const moves = app.pending || [];
  app.pending = null;
  app.path = [];
  $("promotion").hidden = true;
  highlight();
  const move = moves.find((m) => m.promotion === role);
  if (move) await play(move.notation);
}

async function play(notation) {
  try {
    await stopAnalysis();
    // Against the computer a move after taking back replaces the rest of
    // the game; when studying (nobody's computer) it starts a variation.
    const body = { move: notation, variation: computerSide() === null };
    if (app.game.clock) body.used_ms = Math.round(performance.now() - app.clockAt);
    const data = await api("POST", `/api/games/${app.game.id}/moves`, body);
    app.path = [];
    await show(data.game);
    maybeComputer();
  } catch (err) {
    message(err.message);
    app.path = [];
    highlight();
  }
}

function maybeComputer() {
  const g = app.game;
  if (computerToMove() && !app.thinking) computerMove();
  // A forced pass is played for the person, as in the terminal.
  else if (g && !g.ending && !app.thinking && computerSide() !== null && g.moves.length === 1 && g.moves[0].pass) {
    setTimeout(() => { if (app.game === g) play("pass"); }, 400);
  }
}

async function computerMove() {
  const g = app.game;
  if (!g || g.ending) return;
  await stopAnalysis();
  app.thinking = true;
  renderStatus();
  const movetime = Math.max(10, Math.min(30000, parseInt($("movetime").value, 10) || 1000));
  try {
    const data = await api("POST", `/api/games/${g.id}/think`, {
      level: parseInt($("level").value, 10), movetime,
    });
    app.thinking = false;
    if (app.game && app.game.id === data.game.id) await show(data.game);
  } catch (err) {
    app.thinking = false;
    message(err.message);
    renderStatus();
  }
  maybeComputer();
}

async function undo() {
  const g = app.game;
  if (!g || g.history.length === 0) return;
  if (app.thinking) { await api("POST", `/api/games/${g.id}/stop`).catch(() => {}); return; }
  await stopAnalysis();
  // Take back to the person's turn: the computer's last move and the
  // person's before it.
  const side = computerSide();
  const lastByFirst = !g.first_to_move;
  const plies = side !== null && (side === "first") === lastByFirst && g.history.length >= 2 ? 2 : 1;
  try {
    const data = await api("POST", `/api/games/${g.id}/undo`, { plies });
    app.path = [];
    await show(data.game);
    maybeComputer();
  } catch (err) { message(err.message); }
}

// Steps through the game: back (negative) or forward, without the computer.
async function step(plies) {
  const g = app.game;
  if (!g || app.thinking) return;
  if (app.annotating) { message("the game is being annotated: wait, or stop it"); return; }
  await stopAnalysis();
  const path = plies < 0 ? "undo" : "redo";
  try {
    const data = await api("POST", `/api/games/${g.id}/${path}`, { plies: Math.abs(plies) });
    app.path = [];
    await show(data.game);
  } catch (err) { message(err.message); }
}

// Goes to the position after `plies` moves of the game's line.
function goTo(plies) {
  const g = app.game;
  if (!g) return;
  if (app.annotating) { message("the game is being annotated: wait, or stop it"); return; }
  const target = Math.max(0, Math.min(plies, g.history.length + g.future.length));
  const delta = target - g.history.length;
  if (delta !== 0) step(delta);
}

// The game a record is of: a GGF game by its opening, a PDN game of
// English checkers by its GameType tag; otherwise the file's extension,
// else the game chosen now. Each game's record extension is the server's.
function recordKind(text, name) {
  const gameOf = (extension) => Object.values(GAMES).find((g) => g.record_extension === extension);
  const sniffed = /^\s*\(;/.test(text) ? "ggf" : /\[GameType\s+"21/.test(text) ? "pdn" : null;
  const extension = (name || "").split(".").pop().toLowerCase();
  const game = gameOf(sniffed) || gameOf(extension);
  return game ? game.name : app.kind;
}

function chooseGame(kind) {
  if (app.editing) closeEditor();
  app.kind = kind;
  for (const b of $("games").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.game === kind));
  sideLabels();
  if (app.socket) { app.socket.close(); app.socket = null; app.searchRunning = false; }
  $("lines").textContent = "";
  $("verdict").textContent = "";
}

async function loadRecord(text, name) {
  if (!text.trim()) { message("paste a record or open a file first"); return; }
  const kind = recordKind(text, name);
  if (kind !== app.kind) chooseGame(kind);
  // A record is for study: the person plays both sides.
  $("you").value = "both";
  $("record-games").hidden = true;
  let listing = null;
  try { listing = await api("POST", "/api/records/games", { record: text, game: kind }); } catch (_) { listing = null; }
  if (listing && listing.total > 1 && listing.games.every((g) => g.error)) {
    // None of it reads as the game guessed: the server tells which game does.
    const other = await api("POST", "/api/records/games", { record: text }).catch(() => null);
    if (other && GAMES[other.game]) {
      listing = other;
      if (other.game !== app.kind) chooseGame(other.game);
    }
  }
  if (listing && listing.total > 1) { showRecordGames(listing, text); return; }
  await newGame(null, text);
  message("");
}

// The games of a record holding several, to pick one (the server's
// summaries: players, result, first moves).
function showRecordGames(listing, text) {
  const list = $("record-games-list");
  list.textContent = "";
  const shown = listing.games.length;
  $("record-games-count").textContent = `${listing.total} games in this record` +
    (shown < listing.total ? ` (the first ${shown} listed)` : "") + ": pick one";
  for (const game of listing.games) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.index = String(game.index);
    const players = `${game.first || "?"} - ${game.second || "?"}`;
    const moves = game.error ? `unreadable: ${game.error}` : `${game.moves} moves: ${game.first_moves.join(" ")}${game.moves > game.first_moves.length ? " ..." : ""}`;
    button.textContent = `${players}${game.result ? ` ${game.result}` : ""}${game.event ? `, ${game.event}` : ""} (${moves})`;
    button.disabled = Boolean(game.error);
    button.addEventListener("click", async () => {
      await newGame(null, text, game.index).then(() => message(""), (err) => message(err.message));
    });
    item.append(button);
    list.append(item);
  }
  $("record-games").hidden = false;
  message("this record holds several games: pick one");
}

// --- The set-up editor: pieces put down by hand, drawn and written as a
// position by the server (the palette is the game's, from GET /api) ---

function setupFacts() { return facts().setup; }

async function openEditor() {
  if (app.editing) return;
  await stopAnalysis();
  const from = await api("POST", "/api/setup/pieces", { game: app.kind, position: app.game ? app.game.position : undefined });
  app.editing = { pieces: from.pieces, tool: setupFacts().pieces[0].symbol };
  const palette = $("palette");
  palette.textContent = "";
  for (const piece of setupFacts().pieces) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "piece";
    button.dataset.symbol = piece.symbol;
    button.title = piece.name;
    button.setAttribute("aria-label", piece.name);
    button.innerHTML = piece.svg;
    palette.append(button);
  }
  const eraser = document.createElement("button");
  eraser.type = "button";
  eraser.className = "piece";
  eraser.dataset.symbol = "";
  eraser.textContent = "Eraser";
  palette.append(eraser);
  const side = $("edit-side");
  side.options[0].textContent = facts().first;
  side.options[1].textContent = facts().second;
  const castling = $("edit-castling");
  castling.textContent = "";
  for (const [letter, name] of setupFacts().castling) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.right = letter;
    label.append(box, ` ${name}`);
    castling.append(label);
  }
  $("edit-ep-label").hidden = !setupFacts().en_passant;
  $("edit-counters").hidden = !setupFacts().move_number;
  fillEditor(from);
  $("editor").hidden = false;
  $("edit").setAttribute("aria-pressed", "true");
  document.body.dataset.editing = "true";
  markTool();
  message("set up the position, then start from here");
  await drawBoard();
}

// The side to move, castling and en passant of `from` (POST /api/setup/pieces).
function fillEditor(from) {
  app.editing.pieces = from.pieces;
  $("edit-side").value = from.first_to_move ? "first" : "second";
  for (const box of $("edit-castling").querySelectorAll("input")) box.checked = (from.castling || "").includes(box.dataset.right);
  $("edit-ep").value = from.en_passant || "";
  $("edit-fullmove").value = String(from.fullmove_number || 1);
  $("edit-halfmove").value = String(from.halfmove_clock || 0);
}

function markTool() {
  for (const b of $("palette").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.symbol === (app.editing.tool || "")));
}

function closeEditor() {
  app.editing = null;
  $("editor").hidden = true;
  $("edit").setAttribute("aria-pressed", "false");
  delete document.body.dataset.editing;
}

async function drawSetup() {
  const theme = isDark() ? "dark" : "light";
  const response = await fetch("/api/setup/board.svg", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: app.kind, pieces: app.editing.pieces, theme, flip: app.flipped }),
  });
  if (!response.ok) { message("the board could not be drawn"); return; }
  $("board").innerHTML = await response.text();
}

async function editClick(square) {
  const pieces = app.editing.pieces;
  const tool = app.editing.tool;
  if (!tool || pieces[square] === tool) delete pieces[square];
  else pieces[square] = tool;
  await drawBoard();
}

function setupBody() {
  const castling = [...$("edit-castling").querySelectorAll("input")].filter((b) => b.checked).map((b) => b.dataset.right).join("");
  const body = { game: app.kind, pieces: app.editing.pieces, first_to_move: $("edit-side").value === "first" };
  if (setupFacts().castling.length) body.castling = castling;
  if (setupFacts().en_passant && $("edit-ep").value.trim()) body.en_passant = $("edit-ep").value.trim();
  if (setupFacts().move_number) {
    const number = (id, fallback) => {
      const value = Number($(id).value.trim() || fallback);
      return Number.isInteger(value) && value >= 0 ? value : fallback;
    };
    body.fullmove_number = number("edit-fullmove", 1);
    body.halfmove_clock = number("edit-halfmove", 0);
  }
  return body;
}

async function startFromSetup() {
  let answer;
  try { answer = await api("POST", "/api/setup", setupBody()); } catch (err) { message(err.message); return; }
  closeEditor();
  $("you").value = "both";
  await newGame(answer.position).then(() => message(""), (err) => message(err.message));
}

// --- Analysis over the WebSocket ---

// The analysis socket of the game now, opened when needed.
async function ensureSocket() {
  if (!app.socket || app.socket.gameId !== app.game.id) {
    if (app.socket) app.socket.close();
    app.socket = await openSocket();
    app.socket.gameId = app.game.id;
  }
  return app.socket;
}

function openSocket() {
  return new Promise((resolve, reject) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${app.game.id}/analyse`);
    socket.onopen = () => resolve(socket);
    socket.onerror = () => reject(new Error("the analysis could not connect"));
    socket.onmessage = (event) => onAnalysis(JSON.parse(event.data));
    socket.onclose = () => {
      if (app.socket === socket) { app.socket = null; app.searchRunning = false; }
      if (app.annotating && app.annotationSocket === socket) annotationOver(null);
    };
  });
}

async function startAnalysis() {
  if (!app.game || app.game.ending) { $("lines").textContent = ""; $("verdict").textContent = ""; return; }
  if (computerToMove() || app.thinking || app.annotating) return;
  await ensureSocket();
  if (app.searchRunning) { app.restart = true; app.socket.send(JSON.stringify({ stop: true })); return; }
  app.lines = [];
  $("lines").textContent = "";
  $("verdict").textContent = "";
  app.searchRunning = true;
  app.socket.send(JSON.stringify({
    analyse: { movetime: 30000, multipv: parseInt($("multipv").value, 10) },
  }));
}

// Stops the analysis and waits for its answer (a game searches one thing at
// a time).
function stopAnalysis() {
  if (!app.socket || !app.searchRunning) return Promise.resolve();
  app.restart = false;
  return new Promise((resolve) => {
    app.waiters.push(resolve);
    app.socket.send(JSON.stringify({ stop: true }));
    setTimeout(resolve, 3000);
  });
}

function onAnalysis(data) {
  if (app.annotating && onAnnotation(data)) return;
  if (data.type === "error" || data.type === "done") {
    // Whoever waits for the search to end goes on.
    const waiters = app.waiters;
    app.waiters = [];
    waiters.forEach((resolve) => resolve());
  }
  if (data.type === "error") { message(`analysis: ${data.error}`); app.searchRunning = false; return; }
  if (data.type === "done") {
    app.searchRunning = false;
    if (data.position === app.game.position) {
      const answer = data.answer;
      // A solver or a database may answer without a line on the way: the
      // answer is the line.
      if (!app.lines[0] && answer.best) {
        app.lines[0] = { depth: answer.depth, nodes: answer.nodes, score: answer.score, mate: answer.mate, pv: answer.pv, multipv: 1 };
        renderLines();
        evalBar(answer.score, answer.mate);
      }
      showVerdict(answer);
    }
    if (app.restart && app.analysing) { app.restart = false; startAnalysis(); }
    return;
  }
  if (data.type !== "line" || data.position !== app.game.position) return;
  app.lines[data.multipv - 1] = data;
  renderLines();
  if (data.multipv === 1) evalBar(data.score, data.mate);
}

function fromFirst(score) { return app.game.first_to_move ? score : -score; }

function scoreText(line) {
  if (line.mate) {
    const moves = app.game.first_to_move ? line.mate : -line.mate;
    return `#${moves}`;
  }
  const value = fromFirst(line.score) / 100;
  return (value > 0 ? "+" : "") + value.toFixed(2);
}

function renderLines() {
  const list = $("lines");
  list.textContent = "";
  for (const line of app.lines) {
    if (!line) continue;
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = scoreText(line);
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = `d${line.depth} ${formatNodes(line.nodes)}`;
    li.append(score, meta, document.createTextNode(line.pv.join(" ")));
    list.appendChild(li);
  }
}

function formatNodes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)}k`;
  return `${n}`;
}

function showVerdict(answer) {
  const g = app.game;
  let text = "";
  if (answer.source === "solved") {
    const discs = Math.round(answer.score / 100);
    const who = discs === 0 ? "draw" : `${discs > 0 ? g.turn : (g.turn === "Black" ? "White" : "Black")} wins by ${Math.abs(discs)}`;
    text = `Solved${answer.exact ? " exactly" : ""}: ${who} (best ${answer.best})`;
  } else if (answer.source === "database") {
    const other = g.turn === facts().first ? facts().second : facts().first;
    const who = answer.verdict === "win" ? `${g.turn} wins` : answer.verdict === "loss" ? `${other} wins` : "draw";
    text = `Endgame database: ${who} (best ${answer.best})`;
  } else if (answer.best) {
    text = `Best: ${answer.best} (${answer.score_text}, depth ${answer.depth})`;
  }
  $("verdict").textContent = text;
}

function evalBar(score, mate) {
  const bar = $("evalbar");
  const s = mate ? (fromFirst(score) > 0 ? 10000 : -10000) : fromFirst(score);
  const share = 50 + 50 * Math.tanh(s / 600);
  $("evalfill").style.height = `${share}%`;
  const light = facts().first === "White";
  $("evalfill").style.background = light ? "#f5f5f5" : "#262626";
  bar.style.background = light ? "#262626" : "#f5f5f5";
}

// --- Annotating the whole game (over the analysis socket) ---

// How many moves of the game's line agree with the line annotated.
function annotatedAgree() {
  const g = app.game;
  const a = app.annotated;
  if (!g || !a || a.start !== g.start) return 0;
  const line = g.history.concat(g.future);
  let n = 0;
  while (n < line.length && n < a.moves.length && line[n] === a.moves[n]) n++;
  return n;
}

async function toggleAnnotation() {
  const g = app.game;
  if (app.annotating) {
    if (app.socket) app.socket.send(JSON.stringify({ stop: true }));
    return;
  }
  if (!g || app.thinking) return;
  const moves = g.history.concat(g.future);
  if (moves.length === 0) { message("play or load some moves to annotate first"); return; }
  message("");
  if (app.analysing) await toggleAnalysis();
  await stopAnalysis();
  app.annotationSocket = await ensureSocket();
  app.annotating = true;
  app.annotation = null;
  app.annotated = { start: g.start, moves };
  app.evals = [];
  $("annotate").textContent = "Stop annotating";
  $("annotate").setAttribute("aria-pressed", "true");
  $("annotate-bar").hidden = false;
  $("annotate-progress").max = moves.length + 1;
  $("annotate-progress").value = 0;
  $("annotate-count").textContent = `0 / ${moves.length + 1} positions`;
  $("annotate-summary").textContent = "";
  document.body.dataset.annotate = "running";
  renderHistory();
  app.socket.send(JSON.stringify({ annotate: { movetime: parseInt($("annotate-time").value, 10) } }));
}

// A message of the socket while annotating; whether it was the annotation's.
function onAnnotation(data) {
  if (data.type === "progress") {
    app.evals[data.eval.ply] = data.eval;
    $("annotate-progress").max = data.total;
    $("annotate-progress").value = data.done;
    $("annotate-count").textContent = `${data.done} / ${data.total} positions`;
    renderGraph();
    return true;
  }
  if (data.type === "annotation") { annotationOver(data.annotation); return true; }
  if (data.type === "error") { message(`annotation: ${data.error}`); annotationOver(null); return true; }
  return false;
}

function annotationOver(annotation) {
  app.annotating = false;
  $("annotate").textContent = "Annotate the game";
  $("annotate").setAttribute("aria-pressed", "false");
  if (annotation) {
    app.annotation = annotation;
    app.annotated = { start: annotation.start, moves: annotation.moves };
    app.evals = annotation.evals;
    document.body.dataset.annotate = annotation.complete ? "done" : "stopped";
    $("annotate-count").textContent = annotation.complete
      ? `${annotation.evals.length} positions, ${annotation.movetime_ms} ms each`
      : `stopped after ${annotation.evals.length} positions`;
  } else {
    document.body.dataset.annotate = "stopped";
  }
  renderSummary();
  if (app.game) renderHistory();
  if (app.analysing) startAnalysis().catch((err) => message(err.message));
}

// Each side's marks and average loss.
function renderSummary() {
  const list = $("annotate-summary");
  list.textContent = "";
  const a = app.annotation;
  if (!a || !app.game) return;
  const firstMovesFirst = startsWithFirst(app.game);
  for (const first of [true, false]) {
    const mine = a.marks.filter((m) => ((m.ply % 2 === 0) === firstMovesFirst) === first);
    if (mine.length === 0) continue;
    const count = (cls) => mine.filter((m) => m.class === cls).length;
    const average = mine.reduce((sum, m) => sum + m.loss, 0) / mine.length;
    const li = document.createElement("li");
    li.textContent = `${first ? facts().first : facts().second}: ${count("inaccuracy")} ?! inaccuracies, `
      + `${count("mistake")} ? mistakes, ${count("blunder")} ?? blunders; average loss ${(average / 100).toFixed(2)}`;
    list.appendChild(li);
  }
}

// The evaluation graph: the score for the first player after each move,
// from the annotation (filled as it runs); a click goes to that move.
function renderGraph() {
  const box = $("graph");
  const g = app.game;
  const agree = annotatedAgree();
  const evals = app.evals.filter((e) => e && e.ply <= agree);
  if (!g || !app.annotated || evals.length === 0) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  const n = Math.max(1, app.annotated.moves.length);
  const W = 300, H = 80, cap = facts().marks.cap;
  const x = (ply) => (ply / n) * W;
  const y = (score) => H / 2 - (H / 2 - 3) * Math.max(-1, Math.min(1, score / cap));
  const f = (v) => v.toFixed(1);
  const points = evals.map((e) => `${f(x(e.ply))},${f(y(e.score))}`);
  const area = `M${f(x(evals[0].ply))},${H / 2} L${points.join(" L")} L${f(x(evals[evals.length - 1].ply))},${H / 2} Z`;
  const marks = app.annotation ? app.annotation.marks : [];
  let dots = "";
  let hits = "";
  const half = W / n / 2;
  for (const e of evals) {
    const mark = e.ply > 0 ? marks[e.ply - 1] : null;
    const cls = mark && mark.class ? ` ${mark.class}` : "";
    const tip = `${e.ply === 0 ? "start" : `after move ${e.ply}`}: ${e.text}${mark && mark.symbol ? ` ${mark.symbol}` : ""}`;
    dots += `<circle class="pt${cls}" cx="${f(x(e.ply))}" cy="${f(y(e.score))}" r="${cls ? 3 : 1.6}"/>`;
    hits += `<rect class="hit" data-ply="${e.ply}" x="${f(x(e.ply) - half)}" y="0" width="${f(2 * half)}" height="${H}"><title>${tip}</title></rect>`;
  }
  const now = x(g.history.length);
  box.innerHTML = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Evaluation graph">`
    + `<rect class="bg" x="0" y="0" width="${W}" height="${H}"/>`
    + `<line class="mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>`
    + `<path class="area" d="${area}"/><polyline class="curve" points="${points.join(" ")}"/>`
    + `<line class="now" x1="${f(now)}" y1="0" x2="${f(now)}" y2="${H}"/>`
    + dots + hits + `</svg>`;
}

function onPositionChanged() {
  if (app.analysing) startAnalysis().catch((err) => message(err.message));
}

async function toggleAnalysis() {
  app.analysing = !app.analysing;
  $("analyse").setAttribute("aria-pressed", String(app.analysing));
  $("evalbar").hidden = !app.analysing;
  if (app.analysing) {
    await startAnalysis().catch((err) => message(err.message));
  } else {
    await stopAnalysis();
    if (app.socket) { app.socket.close(); app.socket = null; }
  }
}

// --- Clocks: the server's, counted down here for the side to move ---

// The time the side (first: the first player) has left now, in ms.
function clockLeft(first) {
  const g = app.game;
  const c = g && g.clock;
  if (!c) return null;
  let ms = first ? c.first_ms : c.second_ms;
  if (!g.ending && g.first_to_move === first) ms -= performance.now() - app.clockAt;
  return Math.max(0, ms);
}

function clockText(ms) {
  const seconds = ms / 1000;
  if (seconds < 10) return seconds.toFixed(1);
  const whole = Math.ceil(seconds);
  const h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, s = whole % 60;
  const mm = h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`;
  return `${mm}:${String(s).padStart(2, "0")}`;
}

function renderClocks() {
  const g = app.game;
  const c = g && g.clock;
  $("clocks").hidden = !c;
  if (!c) return;
  for (const first of [true, false]) {
    const box = $(first ? "clock-first" : "clock-second");
    const left = clockLeft(first);
    box.textContent = `${first ? facts().first : facts().second} ${clockText(left)}`;
    box.classList.toggle("running", !g.ending && g.first_to_move === first);
    box.classList.toggle("low", left < 10000);
    box.classList.toggle("flagged", c.flagged === (first ? "first" : "second"));
  }
}

// Every tenth of a second: the clocks shown, and the person's flag when
// their clock runs out (the server keeps the computer's).
function tickClocks() {
  renderClocks();
  const g = app.game;
  if (!g || !g.clock || g.ending || app.flagging || app.thinking || computerToMove()) return;
  if (clockLeft(g.first_to_move) > 0) return;
  app.flagging = true;
  stopAnalysis()
    .then(() => api("POST", `/api/games/${g.id}/flag`))
    .then((game) => { if (app.game && app.game.id === game.id) return show(game); })
    .catch((err) => message(err.message))
    .finally(() => { app.flagging = false; });
}

// --- Theme: the system's, or light or dark as chosen (kept in the browser) ---

const THEMES = ["auto", "light", "dark"];

function storedTheme() {
  try { return localStorage.getItem("ply-theme") || "auto"; } catch (_) { return "auto"; }
}

function isDark() {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === "dark" : dark.matches;
}

function applyTheme(theme) {
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  $("theme").textContent = `Theme: ${theme}`;
  if (app.game) drawBoard();
}

function nextTheme() {
  const theme = THEMES[(THEMES.indexOf(storedTheme()) + 1) % THEMES.length];
  try { localStorage.setItem("ply-theme", theme); } catch (_) { /* private mode */ }
  applyTheme(theme);
}

// --- Wiring ---

$("games").addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-game]");
  if (!button) return;
  chooseGame(button.dataset.game);
  await newGame().catch((err) => message(err.message));
});

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("[data-square]");
  if (!target) return;
  if (app.editing) editClick(target.getAttribute("data-square"));
  else clickSquare(target.getAttribute("data-square"));
});

// Drag and drop: a press on a piece and a release on another square play
// the move as two clicks would (a release on the same square is a click).
let dragFrom = null;
$("board").addEventListener("pointerdown", (event) => {
  const target = event.target.closest("[data-square]");
  const square = target && target.getAttribute("data-square");
  const movable = app.game && !app.editing && !facts().places && app.game.moves.some((m) => m.from === square);
  dragFrom = movable && app.path.length === 0 ? square : null;
});
$("board").addEventListener("pointerup", async (event) => {
  const from = dragFrom;
  dragFrom = null;
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const target = under && under.closest("#board [data-square]");
  if (!from || !target || target.getAttribute("data-square") === from) return;
  await clickSquare(from);
  await clickSquare(target.getAttribute("data-square"));
});

$("promotion").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-promote]");
  if (button) choosePromotion(button.dataset.promote);
});

$("move-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("move-input");
  const text = input.value.trim();
  if (!text || !app.game) return;
  if (computerToMove() || app.thinking) { message("wait for the computer's move"); return; }
  input.value = "";
  await play(text);
  input.focus();
});

$("new").addEventListener("click", () => newGame().catch((err) => message(err.message)));
$("from-position").addEventListener("click", () => newGame($("position").value.trim()).catch((err) => message(err.message)));
$("undo").addEventListener("click", () => undo());
$("flip").addEventListener("click", () => { app.flipped = !app.flipped; drawBoard(); });
$("go").addEventListener("click", () => { if (!app.thinking) computerMove(); });
$("analyse").addEventListener("click", () => toggleAnalysis());
$("annotate").addEventListener("click", () => toggleAnnotation().catch((err) => message(err.message)));
$("theme").addEventListener("click", () => nextTheme());
$("history").addEventListener("click", (event) => {
  const move = event.target.closest("[data-ply], [data-line]");
  if (!move) return;
  if (move.dataset.ply) goTo(parseInt(move.dataset.ply, 10));
  else goLine(app.linePaths[parseInt(move.dataset.line, 10)]);
});
$("line-promote").addEventListener("click", () => editLine("promote"));
$("line-delete").addEventListener("click", () => editLine("delete"));
$("graph").addEventListener("click", (event) => {
  const hit = event.target.closest("[data-ply]");
  if (hit) goTo(parseInt(hit.getAttribute("data-ply"), 10));
});
$("edit").addEventListener("click", () => (app.editing ? (closeEditor(), drawBoard()) : openEditor()).catch((err) => message(err.message)));
$("palette").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-symbol]");
  if (!button || !app.editing) return;
  app.editing.tool = button.dataset.symbol || null;
  markTool();
});
$("edit-clear").addEventListener("click", () => {
  if (!app.editing) return;
  fillEditor({ pieces: {}, first_to_move: $("edit-side").value === "first", castling: "", en_passant: null, fullmove_number: 1, halfmove_clock: 0 });
  drawBoard();
});
$("edit-start-position").addEventListener("click", async () => {
  if (!app.editing) return;
  const from = await api("POST", "/api/setup/pieces", { game: app.kind }).catch((err) => { message(err.message); return null; });
  if (from && app.editing) { fillEditor(from); drawBoard(); }
});
$("edit-go").addEventListener("click", () => { if (app.editing) startFromSetup(); });
$("edit-cancel").addEventListener("click", () => { if (app.editing) { closeEditor(); drawBoard(); message(""); } });
$("nav-start").addEventListener("click", () => step(-1000));
$("nav-back").addEventListener("click", () => step(-1));
$("nav-forward").addEventListener("click", () => step(1));
$("nav-end").addEventListener("click", () => step(1000));
$("load-record").addEventListener("click", () => loadRecord($("record-text").value).catch((err) => message(err.message)));
// A record file dropped anywhere on the page is loaded.
document.addEventListener("dragover", (event) => event.preventDefault());
document.addEventListener("drop", async (event) => {
  event.preventDefault();
  const file = event.dataTransfer && event.dataTransfer.files[0];
  if (!file) return;
  if (file.size > 200000) { message("that file is too large for a record"); return; }
  const text = await file.text();
  $("record-text").value = text;
  await loadRecord(text, file.name).catch((err) => message(err.message));
});
$("record-file").addEventListener("change", async () => {
  const file = $("record-file").files[0];
  if (!file) return;
  if (file.size > 200000) { message("that file is too large for a record"); return; }
  const text = await file.text();
  $("record-text").value = text;
  await loadRecord(text, file.name).catch((err) => message(err.message));
});
$("multipv").addEventListener("change", () => onPositionChanged());
$("you").addEventListener("change", () => maybeComputer());
dark.addEventListener("change", () => { if (app.game && !document.documentElement.dataset.theme) drawBoard(); });
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey || !app.game) return;
  if (event.key === "Escape") { app.path = []; highlight(); $("promotion").hidden = true; }
  else if (event.key === "f") { app.flipped = !app.flipped; drawBoard(); }
  else if (event.key === "t") nextTheme();
  else if (event.key === "u") undo();
  else if (event.key === "a") toggleAnalysis();
  else if (event.key === "ArrowLeft") { event.preventDefault(); goTo(app.game.history.length - 1); }
  else if (event.key === "ArrowRight") { event.preventDefault(); goTo(app.game.history.length + 1); }
  else if (event.key === "ArrowUp") { event.preventDefault(); switchLine(-1); }
  else if (event.key === "ArrowDown") { event.preventDefault(); switchLine(1); }
  else if (event.key === "Home") { event.preventDefault(); goTo(0); }
  else if (event.key === "End") { event.preventDefault(); goTo(app.game.history.length + app.game.future.length); }
});
window.addEventListener("pagehide", () => { if (app.socket) app.socket.close(); });

// The page's state, for tests that drive it.
window.plyApp = app;

async function start() {
  const info = await api("GET", "/api");
  for (const game of info.games) GAMES[game.name] = game;
  const requested = new URLSearchParams(location.search).get("game");
  if (requested && GAMES[requested]) {
    app.kind = requested;
    for (const b of $("games").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.game === requested));
  }
  sideLabels();
  setInterval(tickClocks, 100);
  await newGame();
}

applyTheme(storedTheme());
start().catch((err) => message(err.message));
