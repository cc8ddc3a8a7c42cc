// The Transactional Chess referee. Without ?game=&token= it creates a game and shows both
// players' links; with them it is one player's seat: his own view only, asked with his own token
// (the server never sends the opponent's pending moves, and this page never asks for them).

import { ApiError, getJSON, postJSON } from './api.js';
import { Board, isBlack, isWhite, pieceAt } from './board.js';
import { $, clear, el, showMessage, showSvg } from './dom.js';

const POLL_MS = 1000;
const params = new URLSearchParams(location.search);
const gameId = params.get('game');
const token = params.get('token');

let view = null;       // the last view the server sent
let viewText = '';     // its JSON, to redraw only on a change
let selected = null;
let pollTimer = null;
let busy = false;      // an action is under way: polls wait

// --- Lobby -----------------------------------------------------------------------------------

function lobby() {
  $('#lobby').hidden = false;
  $('#new-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = {};
    const fen = $('#start-fen').value.trim();
    if (fen) body.fen = fen;
    try {
      const created = await postJSON('/api/referee', body);
      $('#created-id').textContent = created.game;
      for (const colour of ['white', 'black']) {
        const link = $(`#${colour}-link`);
        link.href = new URL(created[colour].link, location.href).href;
        link.textContent = link.href;
      }
      $('#created').hidden = false;
      showMessage('');
    } catch (err) {
      showMessage(err.message, 'error');
    }
  });
  for (const button of document.querySelectorAll('[data-copy]')) {
    button.addEventListener('click', async () => {
      const href = $(`#${button.dataset.copy}`).href;
      try {
        await navigator.clipboard.writeText(href);
        button.textContent = 'Copied';
      } catch {
        // No clipboard (an insecure origin, a denied permission): select the link instead.
        const range = document.createRange();
        range.selectNodeContents($(`#${button.dataset.copy}`));
        getSelection().removeAllRanges();
        getSelection().addRange(range);
      }
    });
  }
  document.body.dataset.ready = 'true';
}

// --- A player's seat ---------------------------------------------------------------------------

const viewBoard = new Board($('#view-board'), { label: 'Your transactional view', onSquareClick: squareClicked });
const committedBoard = new Board($('#committed-board'), { label: 'Committed view' });

const viewPath = () => `/api/referee/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`;

async function refresh() {
  if (busy) return;
  try {
    show(await getJSON(viewPath()));
  } catch (err) {
    showMessage(err.message, 'error');
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) stopPolling();
  }
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function show(answer) {
  const text = JSON.stringify(answer);
  if (text === viewText) return;
  viewText = text;
  view = answer;
  const you = capital(answer.you);
  $('#you').textContent = `You are ${you}`;
  $('#to-move').textContent = answer.status === 'ongoing'
    ? (answer.to_move === answer.you ? 'your move' : `${capital(answer.to_move)} to move`) : 'game over';
  $('#transaction').textContent = String(answer.transaction);
  $('#game-status').textContent = answer.status === 'ongoing' ? 'ongoing' : `${answer.status}, ${answer.result}`;
  document.title = `${you} · Transactional referee · Arbiter Studio`;
  clear($('#pending'), (answer.pending || []).map((m) => el('li', {}, m)));
  if (!(answer.pending || []).length) $('#pending').append(el('li', { class: 'muted' }, 'none'));
  $('#locks').textContent = (answer.locks || []).length ? `Your locked squares: ${answer.locks.join(', ')}` : 'No square locked by you.';
  clear($('#messages'), (answer.messages || []).map((m) => el('li', {}, m)));
  $('#messages').scrollTop = $('#messages').scrollHeight;
  committedBoard.setPosition(answer.committed && answer.committed.board);
  showSvg($('#view-diagram'), answer.view && answer.view.svg);
  if (selected && !legalFrom(selected).length && !ownMan(pieceAt(answer.view.board, selected))) selected = null;
  drawView();
  viewBoard.setFlipped(answer.you === 'black');
  committedBoard.setFlipped(answer.you === 'black');
}

const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');
const legalFrom = (square) => ((view && view.legal) || []).filter((m) => m.from === square);
const ownMan = (letter) => (view.you === 'white' ? isWhite(letter) : isBlack(letter));
const myTurn = () => view && view.status === 'ongoing' && view.to_move === view.you;

function drawView() {
  if (!view) return;
  viewBoard.setPosition(view.view && view.view.board);
  viewBoard.setMarks({
    selected,
    targets: selected ? legalFrom(selected).map((m) => m.to) : [],
    locks: view.locks || [],
  });
}

function squareClicked(square) {
  if (!view) return;
  closeChooser();
  if (!myTurn()) {
    showMessage(view.status === 'ongoing' ? `It is ${capital(view.to_move)}'s move.` : 'The game is over.', 'refused');
    return;
  }
  const letter = pieceAt(view.view.board, square);
  if (!selected || square === selected) {
    selected = square !== selected && (legalFrom(square).length || ownMan(letter)) ? square : null;
    drawView();
    return;
  }
  const candidates = legalFrom(selected).filter((m) => m.to === square);
  if (!candidates.length && ownMan(letter)) {
    selected = square;
    drawView();
    return;
  }
  if (!candidates.length) {
    // Not offered: the server names the rule that refuses it.
    const uci = selected + square;
    selected = null;
    drawView();
    send({ token, uci, decision: 'continue' });
    return;
  }
  chooseDecision(candidates);
}

// One row per distinct move (a promotion may give several), each with the three endings.
function chooseDecision(candidates) {
  const rows = new Map();
  for (const m of candidates) {
    const base = /^([a-h][1-8][a-h][1-8][qrbn]?)/.exec(m.uci || '');
    const uci = base ? base[1] : `${m.from}${m.to}`;
    if (!rows.has(uci)) rows.set(uci, m.text.replace(/\s*\((C|R)\)\s*$/, ''));
  }
  clear($('#choices'), [...rows].map(([uci, text]) => el('div', { class: 'choice-row' },
    el('span', { class: 'mono' }, `${text}: `),
    ['continue', 'commit', 'rollback'].map((decision) => el('button', {
      type: 'button', dataset: { decision, uci },
      onclick: () => {
        closeChooser();
        selected = null;
        send({ token, uci, decision });
      },
    }, capital(decision))))));
  $('#chooser').hidden = false;
  $('#choices button')?.focus();
}

function closeChooser() {
  $('#chooser').hidden = true;
}

async function send(body) {
  busy = true;
  try {
    const answer = await postJSON(`/api/referee/${encodeURIComponent(gameId)}/move`, body);
    if (answer.legal) showMessage('');
    else showMessage(`Illegal: ${answer.predicate ?? 'no rule proposes such a move'}: ${answer.message}`, 'refused');
    busy = false;
    if (answer.view && answer.view.you) show(answer.view);
    await refresh();
    return answer.legal;
  } catch (err) {
    showMessage(err.message, 'error');
    return false;
  } finally {
    busy = false;
  }
}

function seat() {
  $('#game').hidden = false;
  $('#move-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const move = $('#move-input').value.trim();
    if (!move) return;
    selected = null;
    if (await send({ token, move })) $('#move-input').value = '';
  });
  $('#chooser-cancel').addEventListener('click', () => {
    closeChooser();
    selected = null;
    drawView();
  });
  refresh().then(() => {
    document.body.dataset.ready = 'true';
  });
  pollTimer = setInterval(refresh, POLL_MS);
}

if (gameId && token) seat();
else lobby();
