// Perft of Arbiter's fairy rule set (arbiter perft --variant fairy) against Fairy-Stockfish's
// (ffish, pinned in package-lock.json) on random positions holding the fairy pieces both express:
//   node perft_compare.js ARBITER [--positions N] [--depth D] [--seed S] [--max-nodes M] [--report FILE]
// Each piece is given to Fairy-Stockfish as a custom piece in Betza's notation, the same walk
// Arbiter's table (rules/fairy/piece_table.cpp) holds for Popeye's code. Exit 1 on any difference.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');

// Fairy-Stockfish's letter, Popeye's code, Betza's walk (as both read it). Fairy-Stockfish 0.7.10
// rides only W, F and N lines: its "CC" and "ZZ" give no move at all, so the camelrider and the
// zebrarider are left out (their walks are pinned in tests/rules/fairy_walk_test.cpp).
const PIECES = [
  ['g', 'g', 'gQ', 'grasshopper'],
  ['l', 'li', 'pQ', 'lion'],
  ['a', 'pa', 'mRcpR', 'pao'],
  ['v', 'va', 'mBcpB', 'vao'],
  ['o', 'le', 'mQcpQ', 'leo'],
  ['m', 'ma', 'nN', 'mao'],
  ['h', 'n', 'NN', 'nightrider'],
  ['z', 'z', 'Z', 'zebra'],
  ['u', 'gn', 'NC', 'gnu'],
];

function parseArgs(argv) {
  const out = { positions: 60, depth: 2, seed: 1, maxNodes: 10_000_000, report: '' };
  out.arbiter = argv[0];
  for (let i = 1; i < argv.length; i += 2) {
    const v = argv[i + 1];
    if (argv[i] === '--positions') out.positions = Number(v);
    else if (argv[i] === '--depth') out.depth = Number(v);
    else if (argv[i] === '--seed') out.seed = Number(v);
    else if (argv[i] === '--max-nodes') out.maxNodes = Number(v);
    else if (argv[i] === '--report') out.report = v;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!out.arbiter) throw new Error('usage: node perft_compare.js ARBITER [--positions N] [--depth D] [--seed S]');
  return out;
}

// A small deterministic generator (mulberry32), so a seed names its positions.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A random position: both kings (castling or not), a few pawns, an orthodox piece or two, and fairy men; the
// FEN twice, in Fairy-Stockfish's letters and in Arbiter's codes.
function randomPosition(next) {
  const board = Array(64).fill(null);
  const free = () => {
    for (;;) {
      const s = Math.floor(next() * 64);
      if (!board[s]) return s;
    }
  };
  const place = (man, ranks) => {
    for (;;) {
      const s = free();
      const r = Math.floor(s / 8);
      if (!ranks || ranks.includes(r)) {
        board[s] = man;
        return;
      }
    }
  };
  // A side's king and rooks on their home squares with castling rights, two positions in five;
  // else the king anywhere.
  let rights = '';
  for (const white of [true, false]) {
    const home = white ? 0 : 56;
    if (next() < 0.4) {
      board[home + 4] = { white, ff: 'k', code: null };
      const sides = [[7, 'k'], [0, 'q']].filter(() => next() < 0.7);
      for (const [file, letter] of sides) {
        board[home + file] = { white, ff: 'r', code: null };
        rights += white ? letter.toUpperCase() : letter;
      }
    } else {
      place({ white, ff: 'k', code: null });
    }
  }
  const pawns = Math.floor(next() * 4);
  for (let i = 0; i < pawns; ++i) place({ white: next() < 0.5, ff: 'p', code: null }, [1, 2, 3, 4, 5, 6]);
  const orthodox = Math.floor(next() * 3);
  for (let i = 0; i < orthodox; ++i) place({ white: next() < 0.5, ff: 'nbrq'[Math.floor(next() * 4)], code: null });
  const fairy = 2 + Math.floor(next() * 4);
  for (let i = 0; i < fairy; ++i) {
    const p = PIECES[Math.floor(next() * PIECES.length)];
    place({ white: next() < 0.5, ff: p[0], code: p[1] });
  }
  const side = next() < 0.5 ? 'w' : 'b';
  const write = (spell) => {
    const rows = [];
    for (let r = 7; r >= 0; --r) {
      let row = '';
      let run = 0;
      for (let f = 0; f < 8; ++f) {
        const m = board[r * 8 + f];
        if (!m) {
          ++run;
          continue;
        }
        if (run) row += run;
        run = 0;
        row += spell(m);
      }
      if (run) row += run;
      rows.push(row);
    }
    return `${rows.join('/')} ${side} ${rights || '-'} - 0 1`;
  };
  const cased = (text, white) => (white ? text.toUpperCase() : text.toLowerCase());
  return {
    ff: write((m) => cased(m.ff, m.white)),
    arbiter: write((m) => (m.code ? `(${cased(m.code, m.white)})` : cased(m.ff, m.white))),
  };
}

function ffishPerft(board, depth, budget) {
  const moves = board.legalMoves().split(' ').filter(Boolean);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    board.push(m);
    n += ffishPerft(board, depth - 1, budget);
    board.pop();
    if (n > budget) return n;
  }
  return n;
}

function arbiterPerft(arbiter, fen, depth, divide) {
  const args = ['perft', '--variant', 'fairy', '--fen', fen, '--depth', String(depth), '--json'];
  if (divide) args.push('--divide');
  try {
    return JSON.parse(execFileSync(arbiter, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    return { refused: (e.stderr || String(e)).trim() };
  }
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  globalThis.fetch = undefined;  // this ffish build fetches its .wasm by URL where fetch exists
  const ffish = require('ffish');
  ffish.onRuntimeInitialized = () => {
    // A pawn promotes to the orthodox four and to every fairy piece of the position (Popeye's
    // convention, Arbiter's default): one variant section per set of fairy letters.
    const customPieces = PIECES.map((p, i) => `customPiece${i + 1} = ${p[0]}:${p[2]}`).join('\n');
    const loaded = new Set();
    const variantOf = (ffFen) => {
      const letters = [...new Set(ffFen.split(' ')[0].toLowerCase().replace(/[^a-z]/g, '').split(''))]
        .filter((c) => PIECES.some((p) => p[0] === c)).sort().join('');
      const name = `arbiterfairy${letters}`;
      if (!loaded.has(name)) {
        ffish.loadVariantConfig(`[${name}:chess]\n${customPieces}\npromotionPieceTypes = qrbn${letters}\n`);
        loaded.add(name);
      }
      return name;
    };
    const next = rng(opts.seed);
    let compared = 0;
    let refused = 0;
    let nodes = 0;
    const seen = new Set();
    const differences = [];
    for (let tries = 0; compared < opts.positions && tries < opts.positions * 20; ++tries) {
      const pos = randomPosition(next);
      const mine = arbiterPerft(opts.arbiter, pos.arbiter, opts.depth, false);
      if (mine.refused) {  // the side not to move in check: no game reaches it
        ++refused;
        continue;
      }
      const board = new ffish.Board(variantOf(pos.ff), pos.ff);
      const theirs = ffishPerft(board, opts.depth, opts.maxNodes);
      board.delete();
      ++compared;
      nodes += theirs;
      for (const c of pos.ff.split(' ')[0]) if (/[a-z]/i.test(c)) seen.add(c.toLowerCase());
      if (theirs !== mine.nodes) {
        const divided = arbiterPerft(opts.arbiter, pos.arbiter, 1, true);
        const b = new ffish.Board(variantOf(pos.ff), pos.ff);
        const ffMoves = new Set(b.legalMoves().split(' ').filter(Boolean));
        b.delete();
        const ours = new Set(Object.keys(divided.divide || {}));
        const onlyOurs = [...ours].filter((m) => !ffMoves.has(m));
        const onlyTheirs = [...ffMoves].filter((m) => !ours.has(m));
        differences.push({ fen: pos.arbiter, ffish_fen: pos.ff, arbiter: mine.nodes, ffish: theirs, only_arbiter: onlyOurs, only_ffish: onlyTheirs });
      }
    }
    const pieces = PIECES.filter((p) => seen.has(p[0])).map((p) => p[3]);
    const lines = [
      `ffish perft comparison: ${compared} positions (${refused} drawn positions refused as unreachable), depth ${opts.depth}, seed ${opts.seed}`,
      `pieces: ${pieces.join(', ')}`,
      `${nodes} nodes, ${differences.length} differences`,
    ];
    for (const d of differences.slice(0, 10))
      lines.push(`DIFF ${d.fen} (ffish ${d.ffish_fen}): arbiter ${d.arbiter}, ffish ${d.ffish}; depth 1 only arbiter [${d.only_arbiter}] only ffish [${d.only_ffish}]`);
    console.log(lines.join('\n'));
    if (opts.report) fs.writeFileSync(opts.report, JSON.stringify({ compared, refused, depth: opts.depth, seed: opts.seed, nodes, pieces, differences }, null, 1));
    process.exit(differences.length || compared < opts.positions ? 1 : 0);
  };
}

main();
