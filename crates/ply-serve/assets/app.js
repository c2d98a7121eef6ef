// ply serve: the page. Plain JavaScript, no build step, nothing fetched from
// elsewhere. The board is ply's own SVG (GET /api/games/{id}/board.svg);
// every move, answer and line comes from the JSON and WebSocket API.
"use strict";

const $ = (id) => document.getElementById(id);
const FIRST = { chess: "White", checkers: "Black", othello: "Black" };
const SECOND = { chess: "Black", checkers: "White", othello: "White" };
const HINT = { chess: "e4, Nf3, O-O, e8=Q or e2e4", checkers: "11-15, 22x15x6 or 22x6", othello: "d3, or pass" };
const dark = window.matchMedia("(prefers-color-scheme: dark)");

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
  you.options[0].textContent = FIRST[app.kind];
  you.options[1].textContent = SECOND[app.kind];
}

async function newGame(position, record) {
  await stopAnalysis();
  if (app.game) api("DELETE", `/api/games/${app.game.id}`).catch(() => {});
  const body = { game: app.kind };
  if (position) body.position = position;
  if (record) body.record = record;
  const game = await api("POST", "/api/games", body);
  app.path = [];
  app.pending = null;
  // The person's pieces at the bottom: White is at the bottom of chess and
  // checkers diagrams as drawn; Othello is never turned.
  const you = $("you").value;
  app.flipped = app.kind === "chess" ? you === "second" : app.kind === "checkers" && you === "first";
  await show(game);
  maybeComputer();
}

async function show(game) {
  app.game = game;
  $("position").value = game.position;
  renderStatus();
  await drawBoard();
  renderHistory();
  $("move-input").placeholder = HINT[app.kind];
  onPositionChanged();
}

async function drawBoard() {
  const g = app.game;
  const theme = dark.matches ? "dark" : "light";
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

function renderHistory() {
  const list = $("history");
  list.textContent = "";
  const g = app.game;
  const firstMovesFirst = startsWithFirst(g);
  g.history.forEach((move, i) => {
    const ply = firstMovesFirst ? i : i + 1;
    const li = document.createElement("li");
    if (ply % 2 === 0 || i === 0) {
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${Math.floor(ply / 2) + 1}.${ply % 2 ? ".." : ""} `;
      li.appendChild(num);
    }
    li.appendChild(document.createTextNode(move));
    if (i === g.history.length - 1) li.classList.add("last");
    list.appendChild(li);
  });
  // The moves ahead (taken back, or the rest of a loaded record), greyed.
  g.future.forEach((move, j) => {
    const li = document.createElement("li");
    li.className = "future";
    const ply = (firstMovesFirst ? 0 : 1) + g.history.length + j;
    if (ply % 2 === 0) li.textContent = `${Math.floor(ply / 2) + 1}. `;
    li.appendChild(document.createTextNode(move));
    list.appendChild(li);
  });
  const you = $("you").value;
  const names = { first: you === "second" ? "ply" : "You", second: you === "first" ? "ply" : "You" };
  $("save-record").href = `/api/games/${g.id}/record?first=${names.first}&second=${names.second}`;
  $("save-record").setAttribute("download", `ply-${app.kind}.${g.record_format.toLowerCase()}`);
  list.scrollTop = list.scrollHeight;
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
  const g = app.game;
  if (!g || g.ending || app.thinking || computerToMove()) return;
  message("");
  if (app.kind === "othello") {
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
    const data = await api("POST", `/api/games/${app.game.id}/moves`, { move: notation });
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
  await stopAnalysis();
  const path = plies < 0 ? "undo" : "redo";
  try {
    const data = await api("POST", `/api/games/${g.id}/${path}`, { plies: Math.abs(plies) });
    app.path = [];
    await show(data.game);
  } catch (err) { message(err.message); }
}

// The game a record is of: GGF is Othello's, PDN with GameType 21 is
// checkers; otherwise the file's extension, else the game chosen now.
function recordKind(text, name) {
  const extension = (name || "").split(".").pop().toLowerCase();
  if (/^\s*\(;/.test(text) || extension === "ggf") return "othello";
  if (/\[GameType\s+"21/.test(text) || extension === "pdn") return "checkers";
  if (extension === "pgn") return "chess";
  return app.kind;
}

function chooseGame(kind) {
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
  await newGame(null, text);
  message("");
}

// --- Analysis over the WebSocket ---

function openSocket() {
  return new Promise((resolve, reject) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${app.game.id}/analyse`);
    socket.onopen = () => resolve(socket);
    socket.onerror = () => reject(new Error("the analysis could not connect"));
    socket.onmessage = (event) => onAnalysis(JSON.parse(event.data));
    socket.onclose = () => { if (app.socket === socket) { app.socket = null; app.searchRunning = false; } };
  });
}

async function startAnalysis() {
  if (!app.game || app.game.ending) { $("lines").textContent = ""; $("verdict").textContent = ""; return; }
  if (computerToMove() || app.thinking) return;
  if (!app.socket || app.socket.gameId !== app.game.id) {
    if (app.socket) app.socket.close();
    app.socket = await openSocket();
    app.socket.gameId = app.game.id;
  }
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
    const other = g.turn === FIRST[app.kind] ? SECOND[app.kind] : FIRST[app.kind];
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
  const light = app.kind === "chess";
  $("evalfill").style.background = light ? "#f5f5f5" : "#262626";
  bar.style.background = light ? "#262626" : "#f5f5f5";
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

// --- Wiring ---

$("games").addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-game]");
  if (!button) return;
  chooseGame(button.dataset.game);
  await newGame().catch((err) => message(err.message));
});

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("[data-square]");
  if (target) clickSquare(target.getAttribute("data-square"));
});

// Drag and drop: a press on a piece and a release on another square play
// the move as two clicks would (a release on the same square is a click).
let dragFrom = null;
$("board").addEventListener("pointerdown", (event) => {
  const target = event.target.closest("[data-square]");
  const square = target && target.getAttribute("data-square");
  const movable = app.game && app.kind !== "othello" && app.game.moves.some((m) => m.from === square);
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
dark.addEventListener("change", () => { if (app.game) drawBoard(); });
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === "Escape") { app.path = []; highlight(); $("promotion").hidden = true; }
  else if (event.key === "f") { app.flipped = !app.flipped; drawBoard(); }
  else if (event.key === "u") undo();
  else if (event.key === "a") toggleAnalysis();
  else if (event.key === "ArrowLeft") step(-1);
  else if (event.key === "ArrowRight") step(1);
  else if (event.key === "Home") step(-1000);
  else if (event.key === "End") step(1000);
});
window.addEventListener("pagehide", () => { if (app.socket) app.socket.close(); });

// The page's state, for tests that drive it.
window.plyApp = app;

const requested = new URLSearchParams(location.search).get("game");
if (requested && FIRST[requested]) {
  app.kind = requested;
  for (const b of $("games").querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.game === requested));
}
sideLabels();
newGame().catch((err) => message(err.message));
