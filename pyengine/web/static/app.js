// pyengine playground: plain JavaScript, no build step. Every text from the server or the
// scenario goes into the page as text (textContent), never as HTML; the picture is SVG parsed
// as XML and served under a Content-Security-Policy that runs no script but this file.
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("editor");
let lastResult = null;
let schemaWords = null;
let validateTimer = null;
let validateSeq = 0;

// --- Pages -------------------------------------------------------------------------------
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => showPage(tab.dataset.page));
}
function showPage(id) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.page === id);
  for (const page of document.querySelectorAll(".page")) page.hidden = page.id !== id;
  if (id === "page-scenarios") loadScenarioList();
}

// --- Editor: line numbers, validation, completion -----------------------------------------
function drawGutter(badLine) {
  const n = editor.value.split("\n").length;
  const gutter = $("gutter");
  gutter.textContent = "";
  for (let i = 1; i <= n; i++) {
    const span = document.createElement("span");
    span.textContent = String(i);
    span.id = "line-" + i;
    if (i === badLine) span.className = "bad";
    gutter.appendChild(span);
  }
  gutter.scrollTop = editor.scrollTop;
}
editor.addEventListener("scroll", () => { $("gutter").scrollTop = editor.scrollTop; });
editor.addEventListener("input", () => {
  drawGutter(null);
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validate, 350);
});
editor.addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); solve(); return; }
  if (ev.key === " " && ev.ctrlKey) { ev.preventDefault(); complete(); return; }
  if (ev.key === "Tab") { ev.preventDefault(); insertText("  "); return; }
  if (ev.key === "Escape") $("completions").hidden = true;
});

async function post(url, text) {
  const response = await fetch(url, { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
  return response.json();
}

function showValidation(result) {
  const box = $("validation");
  if (result.status === "valid") {
    box.className = "good";
    box.textContent = `valid: ${result.id} (query ${result.kind}): ${result.title}`;
    drawGutter(null);
  } else {
    box.className = "bad";
    box.textContent = result.message;
    drawGutter(result.line || null);
    if (result.line) $("line-" + result.line)?.scrollIntoView({ block: "nearest" });
  }
}

async function validate() {
  const seq = ++validateSeq;
  if (!editor.value.trim()) { $("validation").textContent = ""; return; }
  const result = await post("/api/validate", editor.value);
  if (seq === validateSeq) showValidation(result);
}

function collectWords(node, out) {
  if (!node || typeof node !== "object") return out;
  if (node.properties) for (const key of Object.keys(node.properties)) out.add(key);
  for (const value of Object.values(node)) if (typeof value === "object") collectWords(value, out);
  return out;
}

async function complete() {
  if (!schemaWords) schemaWords = [...collectWords(await (await fetch("/api/schema")).json(), new Set())].sort();
  const before = editor.value.slice(0, editor.selectionStart);
  const word = (before.match(/[A-Za-z_]*$/) || [""])[0];
  const hits = schemaWords.filter((w) => w.startsWith(word) && w !== word).slice(0, 40);
  const list = $("completions");
  list.textContent = "";
  for (const w of hits) {
    const li = document.createElement("li");
    li.textContent = w;
    li.addEventListener("mousedown", (ev) => {
      ev.preventDefault();
      insertText(w.slice(word.length) + ": ");
      list.hidden = true;
    });
    list.appendChild(li);
  }
  list.hidden = hits.length === 0;
}

function insertText(text) {
  const start = editor.selectionStart, end = editor.selectionEnd;
  editor.setRangeText(text, start, end, "end");
  editor.focus();
  editor.dispatchEvent(new Event("input"));
}

// --- Card picker -------------------------------------------------------------------------
let cards = [];
async function loadCards() {
  cards = await (await fetch("/api/cards")).json();
  const list = $("cards");
  for (const card of cards) {
    const option = document.createElement("option");
    option.value = card.name;
    option.label = `${card.type} ${card.pt}`.trim();
    list.appendChild(option);
  }
}
$("card-input").addEventListener("input", () => {
  const card = cards.find((c) => c.name === $("card-input").value);
  $("card-info").textContent = card ? `${card.cost} ${card.type} ${card.pt} — ${card.oracle}` : "";
});
$("insert-card").addEventListener("click", () => {
  const name = $("card-input").value.trim();
  const card = cards.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!card) { $("card-info").textContent = "not in the catalog: " + name; return; }
  const id = card.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const stamps = [...editor.value.matchAll(/timestamp:\s*(\d+)/g)].map((m) => Number(m[1]));
  const players = editor.value.match(/players:\s*\[\s*([^\],\s]+)/);
  const lineStart = editor.value.lastIndexOf("\n", editor.selectionStart - 1) + 1;
  const indent = editor.selectionStart === lineStart ? "  " : "";
  insertText(`${indent}- {id: ${id}, card: ${card.name}, controller: ${players ? players[1] : "alice"}, ` +
             `timestamp: ${stamps.length ? Math.max(...stamps) + 1 : 1}}\n`);
});

// --- Solving -----------------------------------------------------------------------------
$("solve").addEventListener("click", solve);

async function solve() {
  const status = $("status");
  status.className = "";
  status.textContent = "solving…";
  const timeout = encodeURIComponent($("timeout").value || "10");
  let result;
  try {
    result = await post("/api/solve?timeout=" + timeout, editor.value);
  } catch (err) {
    result = { status: "error", message: "the server did not answer: " + err };
  }
  showResult(result);
}

function showResult(r) {
  lastResult = r;
  const status = $("status");
  status.className = r.status;
  const check = $("check");
  check.textContent = "";
  check.className = "";
  for (const id of ["explanation", "answer", "picture"]) $(id).textContent = "";
  $("table").tBodies[0].textContent = "";
  $("node-detail").textContent = "click a node of the picture to see it here";
  if (r.status === "answered") {
    status.textContent = `answered in ${r.seconds} s: ${r.id} (query ${r.kind})`;
    const c = r.check;
    check.className = c.status;
    check.textContent = c.status === "pass"
      ? "PASS: the answer is the scenario's expected one" + (c.reading ? ` (reading ${c.reading})` : "")
      : "FAIL: the answer differs from the scenario's expectation:\n  " + c.diffs.join("\n  ");
    $("explanation").textContent = r.explanation;
    $("answer").textContent = r.answer;
    fillTable(r.table);
    showPicture(r.svg, r.drawn_by);
  } else if (r.status === "timeout") {
    status.textContent = "TIMEOUT: " + r.message.replace(/^timeout: /, "");
  } else {
    status.textContent = (r.status === "memory" ? "OUT OF MEMORY: " : "ERROR: ") + r.message;
    if (r.line !== undefined) showValidation(r);
  }
}

function fillTable(rows) {
  const body = $("table").tBodies[0];
  for (const row of rows) {
    const tr = body.insertRow();
    for (const key of ["id", "name", "types", "subtypes", "colors", "abilities", "pt", "controller"]) {
      tr.insertCell().textContent = row[key] ?? "";
    }
  }
}

function showPicture(svgText, drawnBy) {
  const box = $("picture");
  if (!svgText) { box.textContent = drawnBy || "no picture"; return; }
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") { box.textContent = "the picture could not be read"; return; }
  for (const bad of svg.querySelectorAll("script, foreignObject, a")) bad.remove();
  box.appendChild(document.importNode(svg, true));
  box.title = "drawn by " + drawnBy;
  for (const node of box.querySelectorAll("g.node")) {
    node.addEventListener("click", () => pickNode(node));
  }
}

function pickNode(node) {
  for (const n of $("picture").querySelectorAll("g.node.picked")) n.classList.remove("picked");
  node.classList.add("picked");
  const name = node.querySelector("title")?.textContent || "";
  const details = (lastResult && lastResult.details) || {};
  const words = [...node.querySelectorAll("text")].map((t) => t.textContent).join("\n");
  $("node-detail").className = "";
  $("node-detail").textContent = details[name] || words;
}

$("full-size").addEventListener("change", () => $("picture").classList.toggle("full", $("full-size").checked));

// --- Permalink ---------------------------------------------------------------------------
function encodeText(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeText(code) {
  const bin = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}
$("permalink").addEventListener("click", () => {
  history.replaceState(null, "", "#text=" + encodeText(editor.value));
  $("link").value = location.href;
  $("link").select();
});

async function openFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("text")) {
    setText(decodeText(params.get("text")));
  } else if (params.has("path")) {
    await openBundled(params.get("path"), false);
  }
}

function setText(text) {
  editor.value = text;
  drawGutter(null);
  validate();
}

// --- Bundled scenarios -------------------------------------------------------------------
let scenarioList = null;
const results = new Map();

async function loadScenarioList() {
  if (!scenarioList) scenarioList = await (await fetch("/api/scenarios")).json();
  drawScenarioList();
}

function shownScenarios() {
  if (!scenarioList) return [];
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  return scenarioList.filter((s) => words.every((w) => (s.path + " " + s.id + " " + s.title).toLowerCase().includes(w)));
}

function drawScenarioList() {
  if (!scenarioList) return;  // still loading: drawn when it comes
  const body = $("scenario-list").tBodies[0];
  body.textContent = "";
  for (const s of shownScenarios()) {
    const tr = body.insertRow();
    tr.dataset.path = s.path;
    const result = results.get(s.path);
    const cell = tr.insertCell();
    cell.textContent = result ? result.toUpperCase() : "";
    cell.className = result || "";
    tr.insertCell().textContent = s.path;
    tr.insertCell().textContent = s.kind;
    tr.insertCell().textContent = s.title;
    tr.addEventListener("click", () => openBundled(s.path, true));
  }
  $("summary").textContent = `${shownScenarios().length} of ${scenarioList.length} scenarios`;
}
$("filter").addEventListener("input", () => drawScenarioList());

async function openBundled(path, solveIt) {
  const r = await (await fetch("/api/scenario?path=" + encodeURIComponent(path))).json();
  if (r.text === undefined) { $("status").textContent = "ERROR: " + r.message; return; }
  history.replaceState(null, "", "#path=" + encodeURIComponent(path));
  showPage("page-editor");
  setText(r.text);
  if (solveIt) await solve();
}

$("check-shown").addEventListener("click", async () => {
  const shown = shownScenarios();
  let passed = 0, failed = 0;
  for (const s of shown) {
    const r = await (await fetch("/api/check?path=" + encodeURIComponent(s.path), { method: "POST" })).json();
    const verdict = r.status === "answered" ? r.check.status : r.status;
    results.set(s.path, verdict);
    if (verdict === "pass") passed++; else failed++;
    const row = [...$("scenario-list").tBodies[0].rows].find((tr) => tr.dataset.path === s.path);
    if (row) { row.cells[0].textContent = verdict.toUpperCase(); row.cells[0].className = verdict; }
    $("summary").textContent = `${passed} passed, ${failed} failed (of ${shown.length})`;
  }
});

// --- Start -------------------------------------------------------------------------------
async function loadLimits() {
  const limits = await (await fetch("/api/limits")).json();
  $("timeout").value = String(limits.timeout);
  $("timeout").max = String(limits.max_timeout);
  $("timeout").title = `seconds the query may take (at most ${limits.max_timeout})`;
}
drawGutter(null);
loadLimits();
loadCards();
openFromHash();
