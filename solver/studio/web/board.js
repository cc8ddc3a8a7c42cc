// The board widget: an 8x8 grid of square buttons (each with data-square="e4"), drawn from the
// API's `board` (8 strings, rank 8 first, FEN letters, '.' empty), with file and rank labels,
// highlights, an optional flip, and, for the set-up board, drag and drop.

const GLYPHS = {
  K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
  k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F',
};
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const FILES = 'abcdefgh';

// U+FE0E asks for the text form: some fonts draw the black pawn as an emoji otherwise.
export function glyph(letter) {
  return GLYPHS[letter] ? GLYPHS[letter] + '\uFE0E' : letter;
}

export function pieceName(letter) {
  const name = NAMES[letter.toLowerCase()];
  if (!name) return `unit ${letter}`;
  return `${letter === letter.toUpperCase() ? 'white' : 'black'} ${name}`;
}

export const isWhite = (letter) => /[A-Z]/.test(letter);
export const isBlack = (letter) => /[a-z]/.test(letter);

// The piece letter on `square` of an API board, '.' when empty.
export function pieceAt(board, square) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  if (!board || file < 0 || !(rank >= 1 && rank <= 8)) return '.';
  return board[8 - rank][file] || '.';
}

// The from/to squares of a move's uci ('e2e4', 'e7e8q', 'g1f3c'), or null.
export function uciSquares(uci) {
  const m = /^([a-h][1-8])([a-h][1-8])/.exec(uci || '');
  return m ? [m[1], m[2]] : null;
}

export class Board {
  // options: onSquareClick(square), flipped, label (for screen readers),
  // editable: {onDrop(square, payload)} where payload is {piece} from a palette or {from, piece}.
  constructor(container, options = {}) {
    this.container = container;
    this.options = options;
    this.flipped = Boolean(options.flipped);
    this.board = Array(8).fill('........');
    this.marks = { selected: null, targets: [], last: [], locks: [] };
    this.render();
  }

  setPosition(board) {
    this.board = board && board.length === 8 ? board : Array(8).fill('........');
    this.render();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.render();
  }

  // Any of selected (square), targets, last (squares of the last move), locks.
  setMarks(marks) {
    this.marks = { selected: null, targets: [], last: [], locks: [], ...marks };
    this.render();
  }

  render() {
    const grid = document.createElement('div');
    grid.className = 'board-grid';
    grid.setAttribute('role', 'group');  // the squares stay buttons for assistive technology
    if (this.options.label) grid.setAttribute('aria-label', this.options.label);
    const ranks = this.flipped ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
    const files = this.flipped ? [...FILES].reverse() : [...FILES];
    const { selected, targets, last, locks } = this.marks;
    for (const rank of ranks) {
      const row = document.createElement('div');
      row.className = 'board-row';
      row.append(label('rank', String(rank)));
      for (const file of files) {
        const square = file + rank;
        const letter = this.board[8 - rank][FILES.indexOf(file)] || '.';
        const dark = (FILES.indexOf(file) + rank) % 2 === 1;  // a1 is dark
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `sq ${dark ? 'dark' : 'light'}`;
        button.dataset.square = square;
        if (letter !== '.') {
          button.dataset.piece = letter;
          button.classList.add(isWhite(letter) ? 'white-piece' : 'black-piece');
        }
        if (square === selected) button.classList.add('selected');
        if (targets.includes(square)) button.classList.add('target');
        if (last.includes(square)) button.classList.add('last');
        if (locks.includes(square)) button.classList.add('lock');
        const state = [letter === '.' ? 'empty' : pieceName(letter)];
        if (locks.includes(square)) state.push('locked');
        if (targets.includes(square)) state.push('legal target');
        button.setAttribute('aria-label', `${square} ${state.join(', ')}`);
        const piece = document.createElement('span');
        piece.className = 'piece';
        piece.textContent = letter === '.' ? '' : glyph(letter);
        button.append(piece);
        if (this.options.onSquareClick) button.addEventListener('click', () => this.options.onSquareClick(square));
        if (this.options.editable) this.makeEditable(button, square, letter);
        row.append(button);
      }
      grid.append(row);
    }
    const fileRow = document.createElement('div');
    fileRow.className = 'board-row files';
    fileRow.append(label('corner', ''));
    for (const file of files) fileRow.append(label('file', file));
    grid.append(fileRow);
    this.container.replaceChildren(grid);
  }

  makeEditable(button, square, letter) {
    const { onDrop } = this.options.editable;
    if (letter !== '.') {
      button.draggable = true;
      button.addEventListener('dragstart', (e) => {
        e.dataTransfer.setData('application/x-arbiter-piece', JSON.stringify({ from: square, piece: letter }));
        e.dataTransfer.setData('text/plain', letter);
        e.dataTransfer.effectAllowed = 'move';
      });
    }
    button.addEventListener('dragover', (e) => {
      e.preventDefault();
      button.classList.add('drop-over');
    });
    button.addEventListener('dragleave', () => button.classList.remove('drop-over'));
    button.addEventListener('drop', (e) => {
      e.preventDefault();
      button.classList.remove('drop-over');
      const raw = e.dataTransfer.getData('application/x-arbiter-piece');
      if (!raw) return;
      try {
        onDrop(square, JSON.parse(raw));
      } catch {
        // Something else was dropped: nothing to place.
      }
    });
  }
}

function label(kind, text) {
  const span = document.createElement('span');
  span.className = `board-label ${kind}`;
  span.setAttribute('aria-hidden', 'true');
  span.textContent = text;
  return span;
}
