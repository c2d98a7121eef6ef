// ply serve: the page that follows a match (`ply match ... -serve`). Plain
// JavaScript, no build step, nothing fetched from elsewhere. The state comes
// from GET /api/match and the WebSocket /api/match/ws (a snapshot, then
// events); boards are ply's own SVG (GET /api/match/games/{n}/board.svg).
// The page only reads: nothing it sends starts a match or a program.
"use strict";

const $ = (id) => document.getElementById(id);
const dark = window.matchMedia("(prefers-color-scheme: dark)");

const w = {
  info: null,          // the match: game, engines, games, event, sides
  seq: 0,              // the last event applied
  live: new Map(),     // number -> live game (moves, clocks, lines)
  received: new Map(), // number -> when its clocks were last received (ms)
  finished: [],        // summaries, oldest first
  dropped: 0,
  cross: [],
  score: null,
  over: false,
  interrupted: false,
  shown: null,         // the live game shown (its number)
  replay: null,        // a game being replayed: {game, ply}
  boardKey: "",
  renderQueued: false,
  socket: null,
  retries: 0,
};

// The match this page follows: `?match=ID` (one published to this server,
// or `local`); none: the server's own, else the one published last.
const PICK = new URLSearchParams(location.search).get("match");

function withMatch(path) {
  if (!PICK) return path;
  return `${path}${path.includes("?") ? "&" : "?"}match=${encodeURIComponent(PICK)}`;
}

function apply(event) {
  if (event.type === "snapshot") {
    w.info = event.match;
    w.seq = event.seq;
    w.live = new Map(event.live.map((g) => [g.number, g]));
    w.received = new Map(event.live.map((g) => [g.number, performance.now()]));
    w.finished = event.finished;
    w.dropped = event.dropped;
    w.cross = event.cross;
    w.score = event.score;
    w.over = event.over;
    w.interrupted = event.interrupted;
    return;
  }
  if (event.seq <= w.seq) return;
  w.seq = event.seq;
  switch (event.type) {
    case "game":
      w.live.set(event.game.number, event.game);
      w.received.set(event.game.number, performance.now());
      break;
    case "move": {
      const g = w.live.get(event.number);
      if (!g) break;
      g.moves.push(event.move);
      g.used_ms.push(event.used_ms);
      g.position = event.position;
      g.clocks = event.clocks;
      g.to_move = event.to_move;
      w.received.set(event.number, performance.now());
      break;
    }
    case "line": {
      const g = w.live.get(event.number);
      if (!g) break;
      g.lines[event.side].push(event.text);
      if (g.lines[event.side].length > 8) g.lines[event.side].shift();
      break;
    }
    case "end":
      w.live.delete(event.summary.number);
      w.received.delete(event.summary.number);
      w.finished.push(event.summary);
      w.cross = event.cross;
      break;
    case "score":
      w.score = event.score;
      break;
    case "over":
      w.over = true;
      w.interrupted = event.interrupted;
      w.live.clear();
      break;
  }
}

function clockText(ms) {
  if (ms === null || ms === undefined) return "no clock";
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, "0");
  return `${minutes}:${seconds}`;
}

// The game on the board: the one replayed, else the live one chosen (the
// oldest live game by default).
function current() {
  if (w.replay) return { game: w.replay.game, ply: w.replay.ply, live: false };
  if (w.shown === null || !w.live.has(w.shown)) {
    w.shown = w.live.size ? Math.min(...w.live.keys()) : null;
  }
  const game = w.shown === null ? null : w.live.get(w.shown);
  return game ? { game, ply: game.moves.length, live: true } : null;
}

function render() {
  w.renderQueued = false;
  const info = w.info;
  if (!info) return;
  document.body.dataset.state = w.over ? "over" : "live";
  document.body.dataset.finished = String(w.finished.length + w.dropped);
  $("title").textContent =
    `${info.game}: ${info.engines.join(" vs ")}, ${info.games} game${info.games === 1 ? "" : "s"}` +
    (w.over ? (w.interrupted ? " (interrupted)" : " (over)") : "") +
    (info.event ? ` · ${info.event}` : "");
  renderLiveButtons();
  renderGame();
  renderScore();
  renderCross();
  renderFinished();
}

function queueRender() {
  if (!w.renderQueued) {
    w.renderQueued = true;
    requestAnimationFrame(render);
  }
}

function renderLiveButtons() {
  const box = $("live-games");
  box.replaceChildren();
  if (w.live.size < 2 && !w.replay) return;
  for (const number of [...w.live.keys()].sort((a, b) => a - b)) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `Game ${number}`;
    b.setAttribute("aria-pressed", String(!w.replay && w.shown === number));
    b.addEventListener("click", () => { w.replay = null; w.shown = number; queueRender(); });
    box.append(b);
  }
}

function renderGame() {
  const c = current();
  $("to-live").hidden = !w.replay;
  const record = $("record");
  if (!c) {
    $("players").replaceChildren();
    $("history").replaceChildren();
    $("engine-lines").replaceChildren();
    $("opening").textContent = "";
    $("status").textContent = w.over
      ? "The match is over: pick a finished game to replay it."
      : "Waiting for the next game…";
    record.hidden = true;
    return;
  }
  const g = c.game;
  const sides = w.info.sides;
  const players = $("players");
  players.replaceChildren();
  for (const side of [0, 1]) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = `${sides[side]}: ${g.players[side]}`;
    const clock = document.createElement("span");
    clock.className = "clock";
    clock.dataset.side = String(side);
    li.append(name, clock);
    if (c.live && g.to_move === side) li.classList.add("to-move");
    players.append(li);
  }
  tickClocks();
  let status;
  if (c.live) {
    status = `Game ${g.number} (round ${g.round}), move ${g.moves.length}: ${sides[g.to_move]} (${g.players[g.to_move]}) to move`;
  } else {
    status = `Game ${g.number}: ${g.result} — ${g.reason}. Move ${c.ply} of ${g.moves.length}.`;
  }
  $("status").textContent = status;
  $("opening").textContent = g.opening ? `Opening: ${g.opening}` : "";
  renderHistory(g, c.ply);
  renderLines(c.live ? g : null);
  record.hidden = c.live;
  if (!c.live) {
    record.href = withMatch(`/api/match/games/${g.number}/record`);
    record.download = `game-${g.number}.${{ chess: "pgn", checkers: "pdn", othello: "ggf" }[w.info.game] || "txt"}`;
  }
  drawBoard(g.number, c.ply);
}

function tickClocks() {
  const c = current();
  if (!c) return;
  const g = c.game;
  for (const span of document.querySelectorAll("#players .clock")) {
    const side = Number(span.dataset.side);
    let ms = g.clocks ? g.clocks[side] : null;
    if (c.live && ms !== null && ms !== undefined && side === g.to_move) {
      ms -= performance.now() - (w.received.get(g.number) || performance.now());
    }
    span.textContent = c.live ? (ms === null || ms === undefined ? lastMove(g, side) : clockText(ms)) : "";
  }
}

// Without a clock: the time of the side's last move.
function lastMove(g, side) {
  // Moves alternate (passes are moves): the side of move i follows from the
  // side to move now.
  const firstSide = (g.to_move + g.moves.length) % 2;
  for (let i = g.used_ms.length - 1; i >= 0; i--) {
    if ((firstSide + i) % 2 === side && g.used_ms[i] !== null) {
      return `last move ${(g.used_ms[i] / 1000).toFixed(2)} s`;
    }
  }
  return "no clock";
}

function renderHistory(g, ply) {
  const list = $("history");
  list.replaceChildren();
  g.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    if (i % 2 === 0) {
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${i / 2 + 1}. `;
      li.append(num);
    }
    li.append(document.createTextNode(mv));
    li.dataset.ply = String(i + 1);
    if (i + 1 === ply) li.classList.add("last");
    if (i + 1 > ply) li.classList.add("future");
    if (i < g.opening_plies) li.title = "from the opening";
    li.addEventListener("click", () => goTo(g, i + 1));
    list.append(li);
  });
  // Follow the live game's last move inside the list (not the page).
  if (!w.replay) list.scrollTop = list.scrollHeight;
}

function renderLines(g) {
  const box = $("engine-lines");
  box.replaceChildren();
  if (!g) return;
  for (const side of [0, 1]) {
    const label = document.createElement("div");
    label.textContent = `${g.players[side]} (${w.info.sides[side]})`;
    const list = document.createElement("ol");
    list.dataset.side = String(side);
    for (const text of g.lines[side]) {
      const li = document.createElement("li");
      li.textContent = text;
      li.title = text;
      list.append(li);
    }
    box.append(label, list);
  }
}

async function drawBoard(number, ply) {
  const theme = dark.matches ? "dark" : "light";
  const key = `${number}/${ply}/${theme}`;
  if (key === w.boardKey) return;
  w.boardKey = key;
  try {
    const response = await fetch(withMatch(`/api/match/games/${number}/board.svg?ply=${ply}&theme=${theme}`));
    if (!response.ok || w.boardKey !== key) return;
    const svg = await response.text();
    if (w.boardKey === key) $("board").innerHTML = svg; // ply's own SVG
  } catch (_) {
    // The server went away: the last board stays.
  }
}

function renderScore() {
  const s = w.score;
  const info = w.info;
  const played = w.finished.length + w.dropped;
  if (!s) {
    $("score").textContent = `No game finished yet (of ${info.games}).`;
    $("elo").textContent = "";
    $("sprt").textContent = "";
    return;
  }
  if (info.engines.length === 2) {
    $("score").textContent =
      `${info.engines[0]} vs ${info.engines[1]}: ${s.wins} - ${s.losses} - ${s.draws} ` +
      `(wins - losses - draws; score ${s.score === null ? "n/a" : s.score.toFixed(3)}), ` +
      `${s.games} of ${info.games} games`;
  } else {
    const ranked = [...s.engines].sort((a, b) => b.points - a.points);
    $("score").textContent = ranked.map((e) => `${e.name} ${e.points}/${e.wins + e.draws + e.losses}`).join(", ") +
      ` — ${played} of ${info.games} games`;
  }
  // An interval that reaches a score of 0 or 1 has no finite bound: its
  // half width comes as null.
  const bound = s.elo_error === null || s.elo_error === undefined ? "∞" : s.elo_error.toFixed(1);
  const elo = s.elo === null || s.elo === undefined
    ? "Elo difference: n/a (no finite difference yet)"
    : `Elo difference: ${s.elo.toFixed(1)} ± ${bound} (95 %)`;
  const los = s.los === null || s.los === undefined ? "" : `, LOS ${(100 * s.los).toFixed(1)} %`;
  $("elo").textContent = (info.engines.length === 2 ? "" : `${info.engines[0]} vs ${info.engines[1]}: `) + elo + los;
  if (s.sprt) {
    const decision = s.sprt.decision ? ` — ${s.sprt.decision} accepted` : "";
    $("sprt").textContent =
      `SPRT: llr ${s.sprt.llr.toFixed(3)} (bounds ${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)})${decision}`;
  } else {
    $("sprt").textContent = "";
  }
}

function renderCross() {
  const engines = w.info.engines;
  const table = $("cross");
  table.replaceChildren();
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (const name of engines) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = name;
    head.append(th);
  }
  table.append(head);
  engines.forEach((name, i) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = `${name} (${w.info.sides[0]})`;
    tr.append(th);
    engines.forEach((_, j) => {
      const td = document.createElement("td");
      const cell = w.cross.find((c) => c.first === i && c.second === j);
      td.textContent = i === j ? "—" : cell ? `${cell.wins}-${cell.draws}-${cell.losses}` : "";
      tr.append(td);
    });
    table.append(tr);
  });
}

function renderFinished() {
  const list = $("finished");
  list.replaceChildren();
  for (const g of [...w.finished].reverse()) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `Game ${g.number}: ${g.players[0]} – ${g.players[1]} ${g.result} (${g.reason}; ${g.plies} plies)`;
    b.setAttribute("aria-pressed", String(!!w.replay && w.replay.game.number === g.number));
    b.addEventListener("click", () => replay(g.number));
    li.append(b);
    list.append(li);
  }
  $("dropped").textContent = w.dropped ? `${w.dropped} earlier games are no longer kept (their results still count).` : "";
}

async function replay(number) {
  try {
    const response = await fetch(withMatch(`/api/match/games/${number}`));
    if (!response.ok) return;
    const game = await response.json();
    w.replay = { game, ply: game.moves.length };
    queueRender();
  } catch (_) {
    // The server went away.
  }
}

function goTo(game, ply) {
  if (!w.replay || w.replay.game.number !== game.number) {
    // Stepping through a live game: a copy that stays still.
    w.replay = { game: JSON.parse(JSON.stringify(game)), ply };
  }
  w.replay.ply = Math.max(0, Math.min(ply, w.replay.game.moves.length));
  queueRender();
}

function step(delta, to) {
  const c = current();
  if (!c) return;
  const target = to !== undefined ? to : c.ply + delta;
  goTo(c.game, target);
}

$("nav-start").addEventListener("click", () => step(0, 0));
$("nav-back").addEventListener("click", () => step(-1));
$("nav-forward").addEventListener("click", () => step(1));
$("nav-end").addEventListener("click", () => {
  const c = current();
  if (c) step(0, c.game.moves.length);
});
$("to-live").addEventListener("click", () => { w.replay = null; queueRender(); });
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select")) return;
  const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => step(0, 0),
    End: () => { const c = current(); if (c) step(0, c.game.moves.length); } };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
dark.addEventListener("change", () => { w.boardKey = ""; queueRender(); });
setInterval(tickClocks, 200);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${withMatch("/api/match/ws")}`);
  w.socket = socket;
  socket.addEventListener("message", (message) => {
    w.retries = 0;
    let event;
    try { event = JSON.parse(message.data); } catch (_) { return; }
    apply(event);
    queueRender();
  });
  socket.addEventListener("close", () => {
    if (w.socket !== socket) return;
    w.socket = null;
    if (w.over) {
      $("status").textContent = "The match is over and its server has stopped.";
      return;
    }
    w.retries += 1;
    if (w.retries > 5) {
      $("status").textContent = "The match's server does not answer (the match may have ended).";
      document.body.dataset.state = "gone";
      return;
    }
    setTimeout(connect, 500 * w.retries);
  });
}

// The matches to watch here (GET /api/matches): the one of `ply match
// -serve` beside this server, and those `ply match -publish` posts to it.
async function listMatches() {
  let list;
  try {
    const response = await fetch("/api/matches");
    if (!response.ok) return;
    list = (await response.json()).matches;
  } catch (_) { return; }
  const nav = $("matches");
  nav.textContent = "";
  nav.hidden = list.length === 0;
  list.forEach((m, i) => {
    const link = document.createElement("a");
    link.href = m.id === "local" ? "/watch?match=local" : `/watch?match=${encodeURIComponent(m.id)}`;
    link.dataset.match = m.id;
    const state = m.over ? "over" : `${m.finished} of ${m.games} games`;
    link.textContent = `${m.game}: ${m.engines.join(" vs ")} (${state})`;
    const shown = PICK ? m.id === PICK : (list.some((x) => x.id === "local") ? m.id === "local" : i === list.length - 1);
    if (shown) link.setAttribute("aria-current", "page");
    const li = document.createElement("li");
    li.appendChild(link);
    nav.appendChild(li);
  });
}

async function start() {
  listMatches();
  setInterval(listMatches, 5000);
  let response;
  try {
    response = await fetch(withMatch("/api/match"));
  } catch (_) {
    $("status").textContent = "The server does not answer.";
    return;
  }
  if (response.status === 404) {
    document.body.dataset.state = "nomatch";
    $("title").textContent = "No match is being watched.";
    $("status").textContent =
      "This page follows a match started on the command line: ply match <game> -engine ... -engine ... -each ... -serve, "
      + "or one published to this server: ply match ... -publish " + location.origin;
    return;
  }
  if (!response.ok) {
    $("status").textContent = `The server answered ${response.status}.`;
    return;
  }
  apply(await response.json());
  render();
  connect();
}

start();
