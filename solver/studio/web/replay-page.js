// Replay: a record judged ply by ply (the command line's `arbiter replay --json`, per game), and
// a board to step through it: the position after k plies comes from /api/position.

import { ApiError, postJSON } from './api.js';
import { Board, uciSquares } from './board.js';
import { $, clear, el, moveNumber, showMessage, showSvg } from './dom.js';

let games = [];
let game = null;     // the game shown
let ply = 0;         // plies played on the board
let fileName = 'game.pgn';
let stepRequest = 0; // the newest board request: older answers are dropped

const board = new Board($('#board'), { label: 'Board' });

async function replay(e) {
  e.preventDefault();
  const pgn = $('#pgn-input').value;
  if (!pgn.trim()) {
    showMessage('Paste a PGN record or load a file first.', 'error');
    return;
  }
  showMessage('');
  try {
    const answer = await postJSON('/api/replay', { pgn, name: fileName });
    games = answer.games || [];
  } catch (err) {
    showMessage(err.message, 'error');
    return;
  }
  if (!games.length) {
    showMessage('The record holds no game.', 'error');
    return;
  }
  const select = $('#game-select');
  clear(select, games.map((g, i) => el('option', { value: String(i) }, `${g.game ?? i + 1}. ${title(g)} (${g.verdict})`)));
  $('#game-choice').hidden = games.length < 2;
  $('#games-panel').hidden = false;
  choose(0);
}

function title(g) {
  const t = g.tags || {};
  const players = t.White && t.Black && !(t.White === '?' && t.Black === '?') ? `${t.White} – ${t.Black}` : '';
  return [players, t.Event, t.Date && t.Date !== '????.??.??' ? t.Date : ''].filter(Boolean).join(', ') || `Game ${g.game ?? ''}`;
}

const side = (g) => ((g.record && g.record.fen) || g.fen || '').split(/\s+/)[1] || 'w';

// Everything the replay says about one ply (1-based), for the ply list.
function notesAt(g, n) {
  return {
    errors: (g.errors || (g.error ? [g.error] : [])).filter((x) => x.ply === n),
    findings: (g.findings || []).filter((x) => x.ply === n),
    claims: (g.claims || []).filter((x) => x.ply === n),
  };
}

function choose(index) {
  game = games[index];
  $('#game-select').value = String(index);
  $('#game-title').textContent = title(game);
  const verdict = $('#game-verdict');
  verdict.textContent = game.verdict;
  verdict.className = `verdict verdict-${game.verdict}`;
  const summary = [];
  if (game.status) summary.push(`status ${game.status}`);
  if (game.result) summary.push(`result ${game.result}`);
  if (typeof game.plies === 'number') summary.push(`${game.plies} plies`);
  if (game.errata_expected) summary.push(`${game.errata_expected} errata expected by the record`);
  if (typeof game.claims_verified === 'number') summary.push(`${game.claims_verified} claims verified`);
  if (game.claims_unexpected) summary.push(`${game.claims_unexpected} claims unexpected`);
  $('#game-summary').textContent = summary.length ? `(${summary.join(', ')})` : '';
  clear($('#tags'), Object.entries(game.tags || {}).flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
  showFindings(game);
  showPlies(game);
  step(0);
}

function showPlies(g) {
  const moves = (g.record && g.record.moves) || [];
  clear($('#plies'), moves.map((text, i) => {
    const n = i + 1;
    const notes = notesAt(g, n);
    const judgements = [];
    let cls = 'legal';
    for (const x of notes.errors) {
      cls = x.kind === 'erratum' ? 'erratum' : 'illegal';
      let s = `${x.kind || 'illegal'}${x.predicate ? ` (${x.predicate})` : ''}`;
      if (x.correction) s += `: read as ${x.correction}`;
      if (x.suggestions && x.suggestions.length) s += `; nearest: ${x.suggestions.join(', ')}`;
      if (!x.correction && !x.suggestions?.length && x.reason) s += `: ${x.reason}`;
      judgements.push(el('div', { title: x.reason || '' }, s));
    }
    for (const f of notes.findings) {
      if (cls === 'legal') cls = 'finding';
      judgements.push(el('div', { title: (f.details || []).join('\n') }, `${f.kind}${f.reading ? ` (read as ${f.reading})` : ''}: ${f.reason}`));
    }
    for (const c of notes.claims) judgements.push(el('div', { title: c.reason || '' }, `claim ${c.claim}: ${c.verified ? 'verified' : 'not verified'}`));
    if (!judgements.length) judgements.push(el('div', {}, 'legal'));
    return el('li', {
      class: cls, dataset: { ply: String(n) }, tabindex: '0',
      onclick: () => step(n),
      onkeydown: (e) => { if (e.key === 'Enter') step(n); },
    }, el('span', { class: 'num muted' }, moveNumber(i, side(g))), el('span', { class: 'move' }, text),
    el('span', { class: 'judgement' }, judgements));
  }));
}

function showFindings(g) {
  const items = [];
  const at = (x) => (x.ply ? `ply ${x.ply}${x.move ? ` (${x.move})` : ''}${x.line ? `, line ${x.line}:${x.column}` : ''}` : '');
  const goto = (x) => (x.ply ? () => step(x.ply) : undefined);
  for (const f of g.findings || []) {
    items.push(el('li', { class: `kind-${f.kind}`, onclick: goto(f) },
      el('span', { class: 'kind' }, f.kind), ' ', el('span', { class: 'muted' }, at(f)),
      el('div', {}, f.reason, f.reading ? ` (read as: ${f.reading})` : ''),
      f.details && f.details.length ? el('ul', {}, f.details.map((d) => el('li', {}, d))) : null));
  }
  for (const x of g.errors || (g.error ? [g.error] : [])) {
    items.push(el('li', { class: `kind-${x.kind === 'erratum' ? 'erratum' : 'illegal'}`, onclick: goto(x) },
      el('span', { class: 'kind' }, x.kind || 'illegal'), ' ', el('span', { class: 'muted' }, at(x)),
      x.expected ? el('span', { class: 'muted' }, ' expected by the record') : null,
      el('div', {}, x.reason),
      x.predicate ? el('div', { class: 'mono' }, `predicate: ${x.predicate}`) : null));
  }
  for (const c of g.claims || []) {
    items.push(el('li', { class: `kind-claim${c.verified ? '' : ' failed'}`, onclick: goto(c) },
      el('span', { class: 'kind' }, `claim ${c.claim}`), ' ', el('span', { class: 'muted' }, at(c)),
      el('div', {}, `${c.verified ? 'verified' : 'not verified'}: ${c.reason}`)));
  }
  for (const w of g.warnings || []) {
    items.push(el('li', { class: 'kind-warning' }, el('span', { class: 'kind' }, 'warning'),
      el('div', {}, typeof w === 'string' ? w : w.reason || w.message || JSON.stringify(w))));
  }
  clear($('#findings'), items.length ? el('ul', { class: 'findings-list' }, items) : el('p', { class: 'muted' }, 'No findings, no claims: every ply is legal as written.'));
}

// The moves to play for the board, as the replay read them: a misprint is played as its
// correction, and a move whose finding reads it as a commit or a rollback gets that mark; the
// board says so beside it (record.moves are the moves as printed).
const DECISION = { commit: '(C)', rollback: '(R)' };

function readMoves(g) {
  const moves = [...((g.record && g.record.moves) || [])];
  for (const x of g.errors || []) {
    if (x.correction && x.ply >= 1 && x.ply <= moves.length && !x.in_variation) moves[x.ply - 1] = x.correction;
  }
  for (const f of g.findings || []) {
    const mark = DECISION[f.reading];
    const i = f.ply - 1;
    if (mark && i >= 0 && i < moves.length && !/\((C|R)\)\s*$/.test(moves[i])) moves[i] = moves[i] + mark;
  }
  return moves;
}

async function step(k) {
  if (!game) return;
  const total = ((game.record && game.record.moves) || []).length;
  ply = Math.max(0, Math.min(k, total));
  for (const li of $('#plies').children) li.classList.toggle('current', Number(li.dataset.ply) === ply);
  $('#plies').querySelector('li.current')?.scrollIntoView({ block: 'nearest' });
  $('#ply-label').textContent = `after ${ply} of ${total} plies`;
  const read = readMoves(game);
  const moves = read.slice(0, ply);
  const request = ++stepRequest;
  try {
    const record = game.record || {};
    const body = { variant: record.variant || game.variant, moves };
    if (record.fen) body.fen = record.fen;
    const answer = await postJSON('/api/position', body);
    if (request !== stepRequest) return;
    board.setPosition(answer.board);
    const last = answer.played.length ? uciSquares(answer.played[answer.played.length - 1].uci) || [] : [];
    board.setMarks({ last });
    showSvg($('#diagram'), answer.svg);
    $('#step-move').textContent = ply ? `${moveNumber(ply - 1, side(game))} ${answer.played[ply - 1]?.text ?? moves[ply - 1]}` +
      (read[ply - 1] !== game.record.moves[ply - 1] ? ` (read so; the record prints ${game.record.moves[ply - 1]})` : '') : 'start position';
    showMessage('');
  } catch (err) {
    if (request !== stepRequest) return;
    showMessage(`After ply ${ply}: ${err instanceof ApiError ? err.message : String(err)}`, 'error');
  }
}

$('#replay-form').addEventListener('submit', replay);
$('#pgn-file').addEventListener('change', async () => {
  const file = $('#pgn-file').files[0];
  if (!file) return;
  fileName = file.name || 'game.pgn';
  $('#pgn-input').value = await file.text();
});
$('#pgn-input').addEventListener('input', () => {
  if (!$('#pgn-file').files.length) fileName = 'game.pgn';
});
$('#game-select').addEventListener('change', () => choose(Number($('#game-select').value)));
$('#first').addEventListener('click', () => step(0));
$('#prev').addEventListener('click', () => step(ply - 1));
$('#next').addEventListener('click', () => step(ply + 1));
$('#last').addEventListener('click', () => step(Number.MAX_SAFE_INTEGER));
document.addEventListener('keydown', (e) => {
  if (!game || e.target.closest('textarea, input, select')) return;
  if (e.key === 'ArrowLeft') step(ply - 1);
  if (e.key === 'ArrowRight') step(ply + 1);
});
document.body.dataset.ready = 'true';
