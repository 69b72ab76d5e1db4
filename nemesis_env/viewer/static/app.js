// The viewer page: every frame comes from the server, built from the chosen seat's view only
// (nemesis_env/viewer/frames.py); the page keeps nothing else.
"use strict";

const $ = (id) => document.getElementById(id);
const view = { id: null, meta: null, step: 0, seat: "spectator", games: [], startable: [], ticket: 0 };

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || response.statusText);
  return doc;
}

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

async function loadList(selectId) {
  const list = await api("/api/list");
  view.games = list.games;
  view.startable = list.startable;
  const select = $("v-game-select");
  select.replaceChildren();
  for (const g of list.games) option(select, g.id, g.title);
  if (list.startable.length) {
    $("v-start").hidden = false;
    fillStartForm();
  }
  const chosen = selectId || (list.games.length ? list.games[0].id : null);
  if (chosen) {
    select.value = chosen;
    await openGame(chosen);
  }
}

async function openGame(id) {
  view.id = id;
  view.meta = await api(`/api/meta?id=${encodeURIComponent(id)}`);
  const seats = $("v-seat-select");
  seats.replaceChildren();
  for (const s of view.meta.seats) option(seats, s, s + (view.meta.agents[s] ? ` (${view.meta.agents[s]})` : ""));
  view.seat = view.meta.human || "spectator";
  seats.value = view.seat;
  const turns = $("v-turn-select");
  turns.replaceChildren();
  for (const t of view.meta.turns) option(turns, t.step, `turn ${t.turn}`);
  $("v-step").max = view.meta.steps;
  $("v-title").textContent = `${view.meta.game} ${JSON.stringify(view.meta.params)}`;
  await show(view.meta.human ? view.meta.steps : 0);
}

function renderNote(note) {
  const box = $("v-note");
  box.replaceChildren();
  if (!note) return;
  const head = document.createElement("div");
  head.textContent = note.value === null || note.value === undefined
    ? "What the agent weighed:" : `Value estimate: ${Number(note.value).toFixed(3)}`;
  box.appendChild(head);
  const table = document.createElement("table");
  table.id = "v-note-table";
  const top = Math.max(...note.actions.map((a) => Number(a.p ?? a.visits ?? 0)), 1e-9);
  for (const a of note.actions) {
    const tr = document.createElement("tr");
    const amount = Number(a.p ?? a.visits ?? 0);
    const text = a.p !== undefined ? a.p.toFixed(3) : `${a.visits} visits` + (a.q !== undefined ? `, q ${Number(a.q).toFixed(2)}` : "");
    tr.innerHTML = "<td></td><td style='width:90px'><div class='bar'></div></td><td></td>";
    tr.children[0].textContent = a.label;
    tr.children[1].firstChild.style.width = `${Math.round(90 * amount / top)}px`;
    tr.children[2].textContent = text;
    table.appendChild(tr);
  }
  box.appendChild(table);
}

function renderLegal(legal) {
  const box = $("v-legal");
  box.replaceChildren();
  for (const a of legal || []) {
    const b = document.createElement("button");
    b.textContent = a.label;
    b.dataset.action = a.action;
    b.className = "move";
    b.onclick = () => play(a.action);
    box.appendChild(b);
  }
}

async function show(step) {
  const meta = view.meta;
  step = Math.max(0, Math.min(meta.steps, step));
  view.wanted = step;  // the buttons step from what was asked last, not from what arrived
  const q = `id=${encodeURIComponent(view.id)}&step=${step}&seat=${encodeURIComponent(view.seat)}`;
  const ticket = ++view.ticket;  // a later request supersedes this one (fast clicking)
  let frame;
  try {
    frame = await api(`/api/frame?${q}`);
  } catch (err) {
    if (ticket === view.ticket) $("v-status").textContent = err.message;
    return;
  }
  if (ticket !== view.ticket) return;
  view.step = step;
  // what is on screen, for tests and scripts to wait on: this game, this seat, this step
  Object.assign(document.body.dataset, { game: view.id, seat: view.seat, step: String(step) });
  $("v-step").value = step;
  $("v-board").innerHTML = frame.svg;
  const lines = [`Step ${frame.step} of ${frame.steps}` + (frame.turn !== null ? `, turn ${frame.turn}` : ""),
                 `To move: ${frame.mover}`];
  if (frame.decision) lines.push(`Decision: ${frame.decision}`);
  if (frame.chosen) lines.push(`Chosen: ${frame.chosen}`);
  if (frame.terminal) lines.push(`Game over: ${JSON.stringify(frame.returns)}`);
  $("v-status").textContent = lines.join("\n");
  renderNote(frame.note);
  renderLegal(frame.legal);
  const log = $("v-log");
  log.textContent = frame.log.join("\n");
  log.scrollTop = log.scrollHeight;
  $("v-position").textContent = `${step}/${meta.steps}`;
  const turn = meta.turns.filter((t) => t.step <= step).pop();
  if (turn) $("v-turn-select").value = String(turn.step);
}

async function play(action) {
  try {
    await api("/api/move", { id: view.id, action });
  } catch (err) {
    $("v-status").textContent = err.message;
    return;
  }
  view.meta = await api(`/api/meta?id=${encodeURIComponent(view.id)}`);
  $("v-step").max = view.meta.steps;
  await show(view.meta.steps);
}

function neighbourDecision(direction) {
  const moves = view.meta.decisions;
  const at = view.wanted ?? view.step;
  if (direction > 0) return moves.find((k) => k > at) ?? view.meta.steps;
  const before = moves.filter((k) => k < at);
  return before.length ? before[before.length - 1] : 0;
}

function fillStartForm() {
  const games = $("v-start-game");
  if (!games.options.length) for (const g of view.startable) option(games, g.name, g.name);
  const g = view.startable.find((x) => x.name === games.value) || view.startable[0];
  const players = $("v-start-players");
  players.replaceChildren();
  for (const n of g.players) option(players, n, n);
  const variants = $("v-start-variant");
  variants.replaceChildren();
  g.variants.forEach((v, i) => option(variants, i, Object.keys(v).length ? JSON.stringify(v) : "default"));
  updateSeats();
  api(`/api/agents?game=${encodeURIComponent(g.name)}`).then((doc) => {
    const agents = $("v-start-agent");
    agents.replaceChildren();
    doc.agents.forEach((a, i) => option(agents, i, a.label));
  });
}

function updateSeats() {
  const g = view.startable.find((x) => x.name === $("v-start-game").value);
  const variant = g.variants[Number($("v-start-variant").value || 0)] || {};
  const n = Number(variant.players ?? $("v-start-players").value);
  const seats = $("v-start-seat");
  seats.replaceChildren();
  // seat names come from the server once a game exists; before that, offer indices
  for (let i = 0; i < n; i++) option(seats, i, `seat ${i}`);
}

async function startGame() {
  const g = view.startable.find((x) => x.name === $("v-start-game").value);
  const variant = { ...(g.variants[Number($("v-start-variant").value || 0)] || {}) };
  const players = Number(variant.players ?? $("v-start-players").value);
  delete variant.players;
  $("v-start-error").textContent = "";
  try {
    const probe = await api("/api/seats", { game: g.name, players, params: variant });
    const seat = probe.seats[Number($("v-start-seat").value)];
    const doc = await api("/api/live", { game: g.name, players, params: variant, seat,
      agent: Number($("v-start-agent").value), seed: Number($("v-start-seed").value) });
    await loadList(doc.id);
  } catch (err) {
    $("v-start-error").textContent = err.message;
  }
}

$("v-game-select").onchange = (e) => openGame(e.target.value);
$("v-seat-select").onchange = (e) => { view.seat = e.target.value; show(view.step); };
$("v-first").onclick = () => show(0);
$("v-prev").onclick = () => show((view.wanted ?? view.step) - 1);
$("v-next").onclick = () => show((view.wanted ?? view.step) + 1);
$("v-last").onclick = () => show(view.meta.steps);
$("v-prev-move").onclick = () => show(neighbourDecision(-1));
$("v-next-move").onclick = () => show(neighbourDecision(1));
$("v-step").oninput = (e) => show(Number(e.target.value));
$("v-turn-select").onchange = (e) => show(Number(e.target.value));
$("v-start-game").onchange = fillStartForm;
$("v-start-players").onchange = updateSeats;
$("v-start-variant").onchange = updateSeats;
$("v-start-button").onclick = startGame;
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || !view.meta) return;
  if (e.key === "ArrowRight") show((view.wanted ?? view.step) + 1);
  if (e.key === "ArrowLeft") show((view.wanted ?? view.step) - 1);
});
loadList();
