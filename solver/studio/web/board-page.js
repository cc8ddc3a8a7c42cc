// Board and play: a position of any rule set, moves by click, by the legal list or typed in the
// variant's notation; a refused move names the predicate of the rules that refused it. The line
// (variant, FEN, moves) lives in the URL hash, so a reload or a shared link shows it again.

import { ApiError, postJSON, variants } from './api.js';
import { Board, isBlack, isWhite, pieceAt, uciSquares } from './board.js';
import { $, clear, el, fillVariants, moveNumber, showMessage, showSvg } from './dom.js';

const LISTED = 300;  // legal moves shown as buttons; the count says how many there are

const state = { variant: 'orthodox', fen: '', moves: [] };
let position = null;  // the server's last answer for the line
let selected = null;  // the square whose man is picked up
let starts = {};      // variant -> its start FEN
let pgnUrl = null;

const board = new Board($('#board'), { onSquareClick: squareClicked, label: 'Board' });

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('variant')) state.variant = params.get('variant');
  state.fen = params.get('fen') || '';
  try {
    const moves = JSON.parse(params.get('moves') || '[]');
    state.moves = Array.isArray(moves) ? moves.map(String) : [];
  } catch {
    state.moves = [];
  }
}

function writeHash() {
  const params = new URLSearchParams({ variant: state.variant });
  if (state.fen) params.set('fen', state.fen);
  if (state.moves.length) params.set('moves', JSON.stringify(state.moves));
  history.replaceState(null, '', `#${params}`);
}

function line() {
  const body = { variant: state.variant, moves: state.moves };
  if (state.fen) body.fen = state.fen;
  return body;
}

async function refresh() {
  writeHash();
  try {
    show(await postJSON('/api/position', line()));
  } catch (e) {
    showMessage(e.message, 'error');
  }
}

function show(answer) {
  position = answer;
  selected = null;
  closeChooser();
  $('#variant-name').textContent = answer.variant;
  $('#side').textContent = answer.side;
  $('#status').textContent = answer.status;
  $('#result').textContent = answer.result;
  $('#current-fen').textContent = answer.fen;
  showSvg($('#diagram'), answer.svg);
  showPlayed(answer);
  showLegal(answer);
  drawBoard();
  if (!$('#pgn-panel').hidden) exportPgn();
}

function showPlayed(answer) {
  const fields = (answer.start_fen || '').split(/\s+/);
  const side = fields[1] || 'w';
  const first = Number(fields[5]) || 1;
  const items = answer.played.map((m, i) => {
    const number = moveNumber(i, side, first);
    const shown = number.endsWith('...') ? (i === 0 ? number : '') : number;
    return el('li', { title: `ply ${i + 1}${m.uci ? ` (${m.uci})` : ''}` }, shown && el('span', { class: 'num' }, shown), m.text);
  });
  clear($('#played'), items);
  $('#played-empty').hidden = items.length > 0;
}

function showLegal(answer) {
  const listed = answer.legal.slice(0, LISTED);
  clear($('#legal-list'), listed.map((m) => el('li', {}, el('button', {
    type: 'button', title: m.uci || '', onclick: () => play({ move: m.text }),
  }, m.text))));
  let count = `(${answer.legal_count}`;
  if (answer.legal_count > listed.length) count += `; the first ${listed.length} shown`;
  $('#legal-count').textContent = `${count})`;
}

function drawBoard() {
  if (!position) return;
  const targets = selected ? position.legal.filter((m) => m.from === selected).map((m) => m.to) : [];
  const last = position.played.length ? uciSquares(position.played[position.played.length - 1].uci) || [] : [];
  board.setPosition(position.board);
  board.setMarks({ selected, targets, last });
}

const ownMan = (letter) => (position.side === 'white' ? isWhite(letter) : isBlack(letter));

function squareClicked(square) {
  if (!position) return;
  closeChooser();
  const letter = pieceAt(position.board, square);
  if (!selected) {
    // A man of the side to move may be picked up even without legal moves: the refusal then says why.
    if (position.legal.some((m) => m.from === square) || ownMan(letter)) selected = square;
    drawBoard();
    return;
  }
  if (square === selected) {
    selected = null;
    drawBoard();
    return;
  }
  const candidates = position.legal.filter((m) => m.from === selected && m.to === square);
  if (candidates.length === 1) return play({ move: candidates[0].text });
  if (candidates.length > 1) return choose(candidates);
  if (ownMan(letter)) {
    selected = square;
    drawBoard();
    return;
  }
  // No listed move goes there: the server names the rule that refuses it (or plays it, when the
  // list was cut short).
  const from = selected;
  return play({ uci: from + square });
}

function choose(candidates) {
  clear($('#choices'), candidates.map((m) => el('button', {
    type: 'button', title: m.uci || '', onclick: () => play({ move: m.text }),
  }, m.text)));
  $('#chooser').hidden = false;
  $('#choices button')?.focus();
}

function closeChooser() {
  $('#chooser').hidden = true;
}

async function play(attempt) {
  closeChooser();
  try {
    const answer = await postJSON('/api/play', { ...line(), ...attempt });
    if (answer.legal) {
      state.moves = answer.position.played.map((m) => m.text);
      showMessage('');
      show(answer.position);
      writeHash();
    } else {
      showMessage(`Illegal: ${answer.predicate ?? 'no rule proposes such a move'}: ${answer.message}`, 'refused');
      selected = null;
      drawBoard();
    }
  } catch (e) {
    showMessage(e instanceof ApiError ? e.message : String(e), 'error');
  }
}

function exportPgn() {
  if (!position) return;
  $('#pgn-panel').hidden = false;
  $('#pgn-out').value = position.pgn;
  if (pgnUrl) URL.revokeObjectURL(pgnUrl);
  pgnUrl = URL.createObjectURL(new Blob([position.pgn], { type: 'application/x-chess-pgn' }));
  $('#pgn-download').href = pgnUrl;
}

$('#setup-form').addEventListener('submit', (e) => {
  e.preventDefault();
  state.fen = $('#fen').value.trim();
  state.moves = [];
  showMessage('');
  refresh();
});

$('#variant').addEventListener('change', () => {
  state.variant = $('#variant').value;
  state.fen = '';
  state.moves = [];
  $('#fen').value = '';
  $('#fen').placeholder = starts[state.variant] || '';
  showMessage('');
  refresh();
});

$('#move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('#move-input').value.trim();
  if (!text) return;
  play({ move: text }).then(() => {
    if ($('#message').hidden) $('#move-input').value = '';
  });
});

$('#undo').addEventListener('click', () => {
  if (!state.moves.length) return;
  state.moves.pop();
  showMessage('');
  refresh();
});

$('#flip').addEventListener('click', () => board.setFlipped(!board.flipped));
$('#export-pgn').addEventListener('click', exportPgn);
$('#chooser-cancel').addEventListener('click', () => {
  closeChooser();
  selected = null;
  drawBoard();
});

window.addEventListener('hashchange', () => {
  readHash();
  $('#variant').value = state.variant;
  $('#fen').value = state.fen;
  refresh();
});

async function start() {
  readHash();
  try {
    const list = await variants();
    starts = Object.fromEntries(list.map((v) => [v.name, v.start_fen]));
    fillVariants($('#variant'), list, state.variant);
    state.variant = $('#variant').value;
  } catch (e) {
    showMessage(e.message, 'error');
    return;
  }
  $('#fen').value = state.fen;
  $('#fen').placeholder = starts[state.variant] || '';
  await refresh();
  document.body.dataset.ready = 'true';  // for the tests: the first position is drawn
}

start();
