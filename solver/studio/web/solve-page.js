// Solve: a problem set up on the board (or pasted whole) goes to the server as a solve job, the
// command line's own `arbiter solve --json` in a child process; its progress comes as Server-Sent
// Events, and the proof comes back laid out as problemists read a solution.

import { ApiError, getJSON, postJSON, variants } from './api.js';
import { Board, glyph, pieceName } from './board.js';
import { $, clear, el, fillVariants, moveNumber, showMessage, showSvg } from './dom.js';

const FILES = 'abcdefgh';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

let squares = emptySquares();  // square -> FEN letter
let paletteChoice = null;      // the letter to place on a click ('.' erases)
let job = null;                // {id, source}
let shownLine = null;

const setup = new Board($('#setup-board'), {
  label: 'Set-up board',
  onSquareClick: placeOnClick,
  editable: { onDrop: dropped },
});

function emptySquares() {
  const map = {};
  for (const f of FILES) for (let r = 1; r <= 8; ++r) map[f + r] = '.';
  return map;
}

// --- The set-up board ---------------------------------------------------------------------

function placement() {
  const rows = [];
  for (let r = 8; r >= 1; --r) {
    let row = '';
    let gap = 0;
    for (const f of FILES) {
      const letter = squares[f + r];
      if (letter === '.') {
        ++gap;
        continue;
      }
      if (gap) row += gap;
      gap = 0;
      row += letter;
    }
    if (gap) row += gap;
    rows.push(row);
  }
  return rows.join('/');
}

function boardRows() {
  const rows = [];
  for (let r = 8; r >= 1; --r) rows.push([...FILES].map((f) => squares[f + r]).join(''));
  return rows;
}

// Reads a FEN's placement (and its side and castling) into the set-up; false when it is no FEN.
function readPlacement(fen) {
  const fields = fen.trim().split(/\s+/);
  const rows = (fields[0] || '').split('/');
  if (rows.length !== 8) return false;
  const next = emptySquares();
  for (let i = 0; i < 8; ++i) {
    let file = 0;
    for (const c of rows[i]) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (file < 8) next[FILES[file++] + (8 - i)] = c;
      else return false;
    }
    if (file !== 8) return false;
  }
  squares = next;
  if (fields[1] === 'w' || fields[1] === 'b') $('#side').value = fields[1];
  if (fields[2]) $('#castling').value = fields[2];
  if (fields[6] && /^\d+\/\d+$/.test(fields[6])) $('#tokens').value = fields[6];
  return true;
}

function fenOfSetup() {
  const castling = $('#castling').value.trim() || '-';
  return `${placement()} ${$('#side').value} ${castling} - 0 1`;
}

function drawSetup(variant) {
  if (typeof variant === 'string' && [...$('#variant').options].some((o) => o.value === variant)) {
    $('#variant').value = variant;
    tokensVisibility();
  }
  setup.setPosition(boardRows());
  $('#fen').value = fenOfSetup();
}

function placeOnClick(square) {
  if (paletteChoice === null) return;
  squares[square] = paletteChoice;
  drawSetup();
}

function dropped(square, payload) {
  if (!payload || !payload.piece) return;
  if (payload.from) {
    if (payload.from === square) return;
    squares[payload.from] = '.';
  }
  squares[square] = payload.piece === '.' ? '.' : payload.piece;
  drawSetup();
}

function buildPalette() {
  const letters = ['K', 'Q', 'R', 'B', 'N', 'P', '.', 'k', 'q', 'r', 'b', 'n', 'p'];
  clear($('#palette'), letters.map((letter) => {
    const eraser = letter === '.';
    const button = el('button', {
      type: 'button',
      class: eraser ? 'eraser' : '',
      draggable: 'true',
      'aria-pressed': 'false',
      'aria-label': eraser ? 'eraser' : pieceName(letter),
      title: eraser ? 'Eraser: click squares to empty them' : `${pieceName(letter)}: click squares to place, or drag`,
      dataset: { piece: letter },
      id: eraser ? 'palette-eraser' : `palette-${letter === letter.toUpperCase() ? 'w' : 'b'}${letter.toUpperCase()}`,
    }, eraser ? '\u232B' : glyph(letter));
    button.addEventListener('click', () => {
      paletteChoice = paletteChoice === letter ? null : letter;
      for (const b of $('#palette').children) b.setAttribute('aria-pressed', String(b.dataset.piece === paletteChoice));
    });
    button.addEventListener('dragstart', (e) => {
      e.dataTransfer.setData('application/x-arbiter-piece', JSON.stringify({ piece: letter }));
      e.dataTransfer.setData('text/plain', letter);
      e.dataTransfer.effectAllowed = 'copy';
    });
    return button;
  }));
}

// A man dragged off the board is removed.
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  if (e.target.closest && e.target.closest('#setup-board')) return;
  e.preventDefault();
  const raw = e.dataTransfer.getData('application/x-arbiter-piece');
  if (!raw) return;
  try {
    const { from } = JSON.parse(raw);
    if (from) {
      squares[from] = '.';
      drawSetup();
    }
  } catch {
    // not ours
  }
});

// --- The job ---------------------------------------------------------------------------------

function looksLikePgn(text) {
  return /^\s*[[{%;]/.test(text);
}

function problemFromSetup() {
  const variant = $('#variant').value;
  const fen = $('#fen').value.trim();
  const stipulation = $('#stipulation').value.trim();
  const tokens = $('#tokens').value.trim();
  const lines = [`[Variant "${variant}"]`, `[FEN "${fen}"]`, `[Stipulation "${stipulation}"]`];
  // Option Chess: the tokens go in their tag, unless the FEN carries them already (not both).
  if (variant === 'option' && tokens && fen.split(/\s+/).length < 7) lines.push(`[Tokens "${tokens}"]`);
  return `${lines.join('\n')}\n\n*\n`;
}

async function solve(e) {
  e.preventDefault();
  if (job) return;
  showMessage('');
  const pasted = $('#problem-text').value;
  const input = pasted.trim() ? pasted : problemFromSetup();
  const name = pasted.trim() && !looksLikePgn(pasted) ? 'problem.inp' : 'problem.pgn';
  const options = {};
  const seconds = Number($('#max-seconds').value);
  if ($('#max-seconds').value !== '' && seconds >= 0) options.max_seconds = seconds;
  if ($('#tries').checked) options.tries = true;
  if ($('#refutations').checked) options.refutations = true;
  let started;
  try {
    started = await postJSON('/api/jobs', { kind: 'solve', input, name, options });
  } catch (err) {
    showMessage(err.message, 'error');
    return;
  }
  beginJob(started.id);
}

function beginJob(id) {
  $('#job-panel').hidden = false;
  $('#result-panel').hidden = true;
  $('#line-panel').hidden = true;
  const bar = $('#progress');
  bar.removeAttribute('value');  // indeterminate until the first progress event
  bar.max = 1;
  $('#progress-text').textContent = 'starting...';
  $('#progress-what').textContent = '';
  $('#solve').disabled = true;
  $('#cancel').disabled = false;
  const source = new EventSource(`/api/jobs/${encodeURIComponent(id)}/events`);
  job = { id, source, ended: false };
  source.addEventListener('progress', (ev) => showProgress(JSON.parse(ev.data)));
  source.addEventListener('end', (ev) => finish(JSON.parse(ev.data)));
  source.onerror = () => {
    // The stream broke before its end: ask for the job until it has ended.
    if (job && job.id === id && !job.ended) {
      source.close();
      poll(id);
    }
  };
}

async function poll(id) {
  while (job && job.id === id && !job.ended) {
    try {
      const answer = await getJSON(`/api/jobs/${encodeURIComponent(id)}`);
      if (answer.state !== 'running') return finish(answer);
      showProgress(answer.progress);
    } catch (err) {
      showMessage(err.message, 'error');
      return endJob();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function showProgress(progress) {
  if (!progress) return;
  const bar = $('#progress');
  if (progress.total > 0) {
    bar.max = progress.total;
    bar.value = Math.min(progress.done, progress.total);
    $('#progress-text').textContent = `${progress.done} / ${progress.total} first moves`;
  }
  $('#progress-what').textContent = progress.what || '';
}

function endJob() {
  if (job) {
    job.ended = true;
    job.source.close();
  }
  job = null;
  $('#solve').disabled = false;
  $('#cancel').disabled = true;
}

function finish(answer) {
  if (!job || job.ended) return;
  const id = job.id;
  endJob();
  showProgress(answer.progress);
  if (answer.state === 'finished') {
    const bar = $('#progress');
    bar.value = bar.max;  // the last first moves may end without a progress event
  }
  $('#progress-text').textContent = `${answer.state}${answer.progress && answer.progress.total ? ` (${answer.progress.done} / ${answer.progress.total})` : ''}`;
  if (answer.state === 'failed' || !answer.result) {
    showMessage(answer.error || `the job ended (${answer.state}, exit status ${answer.exit_status}) without a result`, 'error');
    if (!answer.result) return;
  }
  showResult(answer, id);
  // A pasted problem: its position goes on the set-up board, to be varied and solved again.
  const first = units(answer.result)[0];
  if (job === null && $('#problem-text').value.trim() && first && first.fen && readPlacement(first.fen)) {
    const stipulation = answer.result.stipulation || first.stipulation;
    if (stipulation) $('#stipulation').value = stipulation;
    drawSetup(first.variant);
  }
}

async function cancel() {
  if (!job) return;
  const cancelled = job;
  try {
    await postJSON(`/api/jobs/${encodeURIComponent(cancelled.id)}/cancel`, {});
    // The job's end may have been shown while the request was answered: keep that text.
    if (job === cancelled && !cancelled.ended) $('#progress-text').textContent = 'cancelling...';
  } catch (err) {
    showMessage(err.message, 'error');
  }
}

// --- The result ------------------------------------------------------------------------------

// Every solved unit of a result: problems, each maybe with twins.
function units(result) {
  const problems = Array.isArray(result.problems) ? result.problems : [result];
  const out = [];
  problems.forEach((p, i) => {
    const label = problems.length > 1 ? `Problem ${p.problem ?? i + 1}` : '';
    if (Array.isArray(p.twins)) {
      for (const t of p.twins) out.push({ ...t, label: `${label ? `${label}, ` : ''}${t.twin})${t.description ? ` ${t.description}` : ''}` });
    } else {
      out.push({ ...p, label });
    }
  });
  return out;
}

function verdictDetail(u) {
  const parts = [];
  if (Array.isArray(u.keys) && u.goal !== 'help') parts.push(`${u.keys.length} key${u.keys.length === 1 ? '' : 's'}`);
  if (u.shortest) parts.push(`shortest ${u.shortest}${u.shortest_exact === false ? ' (not exact)' : ''}`);
  if (typeof u.solution_count === 'number') parts.push(`${u.solution_count} solution${u.solution_count === 1 ? '' : 's'}`);
  if (u.partial || u.reason) parts.push(`${u.partial ? 'partial: ' : ''}${u.reason || u.limit || 'a limit was reached'}`);
  return parts.join('; ');
}

function showResult(answer, id) {
  const result = answer.result;
  const all = units(result);
  const verdict = $('#verdict');
  const single = all.length === 1;
  verdict.textContent = single ? all[0].verdict : all.map((u) => `${u.label}: ${u.verdict}`).join(' · ');
  const overall = result.verdict || (all.every((u) => u.verdict === all[0].verdict) ? all[0].verdict : 'unknown');
  verdict.className = `verdict ${overall}`;
  $('#verdict-detail').textContent = single ? verdictDetail(all[0]) : '';
  $('#keys').textContent = all.map((u) => (u.goal === 'help' ? '' : (u.keys || []).join(', '))).filter(Boolean).join(' · ') || '-';
  $('#nodes').textContent = sum(all, 'nodes').toLocaleString('en');
  $('#seconds').textContent = sum(all, 'seconds').toFixed(3);
  const link = $('#certificate');
  link.hidden = !answer.certificate;
  link.href = `/api/jobs/${encodeURIComponent(id)}/certificate`;
  const tree = $('#solution-tree');
  clear(tree, all.map((u) => renderUnit(u, single)));
  $('#result-panel').hidden = false;
}

const sum = (list, field) => list.reduce((s, u) => s + (Number(u[field]) || 0), 0);

function renderUnit(u, single) {
  const ctx = { variant: u.variant, fen: u.fen, side: (u.fen || '').split(/\s+/)[1] || 'w', partial: Boolean(u.partial), stipulation: u.stipulation };
  const parts = [];
  if (!single) parts.push(el('div', { class: 'section-title' }, `${u.label}: ${u.verdict}`, u.stipulation ? ` (${u.stipulation})` : ''));
  if (u.partial) parts.push(partialNote(u));
  if (Array.isArray(u.solution)) parts.push(directTree(u.solution, ctx));
  else if (Array.isArray(u.solutions_text) || Array.isArray(u.solutions)) parts.push(helpSolutions(u, ctx));
  else parts.push(genericTree(u, ctx));
  if (Array.isArray(u.tries) && u.tries.length) {
    parts.push(el('div', { class: 'section-title' }, 'Tries'));
    parts.push(el('ul', {}, u.tries.map((t) => refutedLine(t, ctx, '?'))));
  }
  if (Array.isArray(u.refutations) && u.refutations.length) {
    parts.push(el('details', {},
      el('summary', {}, `Every other first move and its refutation (${u.refutations.length})`),
      el('ul', {}, u.refutations.map((t) => refutedLine(t, ctx, '')))));
  }
  return el('div', { class: 'unit' }, parts);
}

// A search stopped by a limit or a cancel: how far it got (only the *_so_far fields are facts).
function partialNote(u) {
  const parts = [`Partial: the search stopped (${u.reason || u.limit || 'a limit'}).`];
  if (Array.isArray(u.keys_so_far)) {
    parts.push(`So far ${u.keys_so_far.length} first move${u.keys_so_far.length === 1 ? '' : 's'} proved a key` +
      `${u.keys_so_far.length ? ` (${u.keys_so_far.map((k) => `1.${k}`).join(', ')})` : ''}, ${u.refuted_so_far ?? 0} refuted,` +
      ` ${(u.open_moves || []).length} still open.`);
  }
  if (typeof u.solutions_so_far_count === 'number') parts.push(`${u.solutions_so_far_count} solution(s) found so far.`);
  return el('p', { class: 'partial' }, parts.join(' '));
}

// A clickable line: `text` shown, `moves` (from the problem's position) played when clicked.
// `shown`: the line's text as the solution prints it (else the moves are numbered here).
function lineNode(content, moves, ctx, cls = '', shown = '') {
  const node = el('span', {
    class: `line ${cls}`.trim(),
    role: 'button',
    tabindex: '0',
    title: 'Show this line on the board',
    dataset: { moves: JSON.stringify(moves) },
  }, content);
  const open = () => showLine(moves, ctx, node, shown);
  node.addEventListener('click', open);
  node.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  });
  return node;
}

// The main line of an attacker's move with defences (a threat's text): 2.Kd7 Bb2 3.Nh8#.
function mainLine(node, ply, ctx) {
  let text = `${moveNumber(ply, ctx.side)}${node.move}`;
  const def = node.defences && node.defences[0];
  if (def) {
    text += ` ${def.move}`;
    const answer = def.answers && def.answers[0];
    if (answer) text += ` ${mainLine(answer, ply + 2, ctx)}`;
  }
  return text;
}

// The threat of the attacker's move at `ply`: his next move, after any defence (ply + 2).
function threatText(node, ply, ctx) {
  if (!Array.isArray(node.threat) || !node.threat.length) return '';
  const lines = node.threat.map((t) => mainLine(t, ply + 2, ctx));
  return ` (${lines.length > 1 ? 'threats' : 'threat'}: ${lines.join(' / ')})`;
}

// Direct mates and selfmates: keys, threats, defences with their answers, as published.
function directTree(keys, ctx) {
  if (!keys.length) {
    return el('p', { class: 'muted' }, ctx.partial ? 'No key proved before the search stopped.'
      : `No key: ${ctx.stipulation ? `${ctx.stipulation} is` : 'the stipulation is'} not forced.`);
  }
  return el('ul', {}, keys.map((key) => {
    const moves = [key.move];
    return el('li', {},
      lineNode([el('span', { class: 'key' }, `${moveNumber(0, ctx.side)}${key.move}!`),
        el('span', { class: 'threat' }, threatText(key, 0, ctx))], moves, ctx),
      defenceList(key, 1, moves, ctx));
  }));
}

// The defences to the attacker's move `node`, played at `ply`.
function defenceList(node, ply, path, ctx) {
  const defences = node.defences || [];
  if (!defences.length) return null;
  const threats = new Set((node.threat || []).map((t) => t.uci));
  // As solutions are published: the defences answered by the threat itself go together, folded.
  const quiet = defences.filter((d) => d.threat_follows && d.answers && d.answers[0] && threats.has(d.answers[0].uci));
  const shown = defences.filter((d) => !quiet.includes(d));
  const items = shown.map((d) => defenceItem(d, ply, path, ctx));
  if (quiet.length) {
    items.push(el('li', {}, el('details', {},
      el('summary', {}, `${quiet.length} other defence${quiet.length === 1 ? '' : 's'}: the threat follows`),
      el('ul', {}, quiet.map((d) => defenceItem(d, ply, path, ctx))))));
  }
  return el('ul', {}, items);
}

function defenceItem(def, ply, path, ctx) {
  const answers = def.answers || [];
  const [first, ...others] = answers;
  const moves = first ? [...path, def.move, first.move] : [...path, def.move];
  const text = `${moveNumber(ply, ctx.side)}${def.move}${first ? ` ${moveNumber(ply + 1, ctx.side)}${first.move}` : ''}`;
  const children = [];
  if (first) {
    const deeper = defenceList(first, ply + 2, moves, ctx);
    if (deeper) children.push(...deeper.children);
  }
  for (const other of others) {
    const otherMoves = [...path, def.move, other.move];
    children.push(el('li', {},
      lineNode([el('span', { class: 'also' }, 'also '), `${moveNumber(ply + 1, ctx.side)}${other.move}`,
        el('span', { class: 'threat' }, threatText(other, ply + 1, ctx))], otherMoves, ctx),
      defenceList(other, ply + 2, otherMoves, ctx)));
  }
  return el('li', {},
    lineNode([text, first ? el('span', { class: 'threat' }, threatText(first, ply + 1, ctx)) : ''], moves, ctx),
    children.length ? el('ul', {}, children) : null);
}

function refutedLine(t, ctx, mark) {
  const moves = t.refutation ? [t.move, t.refutation] : [t.move];
  const text = `${moveNumber(0, ctx.side)}${t.move}${mark}${t.refutation ? ` ${t.refutation}!` : ''}`;
  return el('li', {}, lineNode(text, moves, ctx));
}

// Helpmates: every solution, one line each ('1.Kc3 Bc2 2.Kb2 Bb3+ 3.Ka1 Ra2#').
function helpSolutions(u, ctx) {
  const texts = Array.isArray(u.solutions_text) ? u.solutions_text : u.solutions.map((s) => (Array.isArray(s) ? s.join(' ') : String(s)));
  if (!texts.length) return el('p', { class: 'muted' }, 'No solution.');
  return el('ul', {}, texts.map((text) => {
    const moves = text.replace(/\d+\.(\.\.)?/g, ' ').split(/\s+/).filter(Boolean);
    return el('li', {}, lineNode(text, moves, ctx, '', text));
  }));
}

// A shape not known here: every object with a `move`, nested as it comes.
function genericTree(value, ctx, path = []) {
  const items = [];
  const walk = (v, into, p) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, into, p);
    } else if (v && typeof v === 'object') {
      if (typeof v.move === 'string') {
        const moves = [...p, v.move];
        const sub = [];
        for (const [k, x] of Object.entries(v)) if (k !== 'move' && typeof x === 'object') walk(x, sub, moves);
        into.push(el('li', {}, lineNode(v.move, moves, ctx), sub.length ? el('ul', {}, sub) : null));
      } else {
        for (const x of Object.values(v)) if (typeof x === 'object') walk(x, into, p);
      }
    }
  };
  walk(value, items, path);
  return items.length ? el('ul', {}, items) : el('p', { class: 'muted' }, 'No moves in the result.');
}

async function showLine(moves, ctx, node, shown) {
  try {
    const body = { variant: ctx.variant || $('#variant').value, moves };
    if (ctx.fen) body.fen = ctx.fen;
    const answer = await postJSON('/api/position', body);
    if (shownLine) shownLine.classList.remove('shown');
    shownLine = node;
    node.classList.add('shown');
    $('#line-moves').textContent = shown || answer.played.map((m, i) => `${moveNumber(i, ctx.side)}${m.text}`).join(' ');
    showSvg($('#line-diagram'), answer.svg);
    $('#line-panel').hidden = false;
    showMessage('');
  } catch (err) {
    showMessage(err instanceof ApiError ? err.message : String(err), 'error');
  }
}

// --- Wiring ----------------------------------------------------------------------------------

function tokensVisibility() {
  $('#tokens-field').hidden = $('#variant').value !== 'option';
}

$('#solve-form').addEventListener('submit', solve);
$('#cancel').addEventListener('click', cancel);
$('#set-fen').addEventListener('click', () => {
  if (readPlacement($('#fen').value)) {
    showMessage('');
    drawSetup();
  } else {
    showMessage('FEN: expected eight ranks separated by "/" in the first field', 'error');
  }
});
$('#fen').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    $('#set-fen').click();
  }
});
$('#side').addEventListener('change', drawSetup);
$('#castling').addEventListener('change', drawSetup);
$('#variant').addEventListener('change', tokensVisibility);
$('#clear-board').addEventListener('click', () => {
  squares = emptySquares();
  $('#castling').value = '-';
  drawSetup();
});
$('#start-position').addEventListener('click', () => {
  readPlacement(`${START} w KQkq - 0 1`);
  drawSetup();
});
$('#flip').addEventListener('click', () => setup.setFlipped(!setup.flipped));

async function start() {
  buildPalette();
  drawSetup();
  try {
    fillVariants($('#variant'), await variants(), 'orthodox');
  } catch (err) {
    showMessage(err.message, 'error');
  }
  tokensVisibility();
  document.body.dataset.ready = 'true';
}

start();
