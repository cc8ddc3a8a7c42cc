// Headless browser tests of Arbiter Studio: `arbiter serve` and the pages of solver/studio/web/,
// driven in Chromium by playwright-core. Run by tests/studio/run.sh; env ARBITER (the arbiter
// binary), SCREENSHOTS (optional folder for full-page PNGs), CHROMIUM (default /usr/bin/chromium).
// One line per check; exit status 1 when any fails. The server and the browser are always ended.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');
const ARBITER = process.env.ARBITER;
const SHOTS = process.env.SCREENSHOTS || '';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const DEADLINE_MS = 115_000;  // the whole run; a hang must not stall CI
const PUZZLES = path.join(REPO, 'puzzles');

if (!ARBITER) {
  console.error('studio.test.mjs: set ARBITER to the arbiter binary');
  process.exit(2);
}

const started = Date.now();
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-studio-test-'));
let server = null;
let browser = null;
let failures = 0;
let passes = 0;
const pageErrors = [];

// --- Harness -------------------------------------------------------------------------------

async function check(name, body) {
  const t0 = Date.now();
  try {
    await body();
    ++passes;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    ++failures;
    const message = (e && e.message ? e.message : String(e)).split('\n').slice(0, 6).join('\n     ');
    console.log(`FAIL ${name} (${Date.now() - t0} ms): ${message}`);
  }
}

async function startServer() {
  const child = spawn(ARBITER, ['serve', '--port', '0', '--state', stateDir, '--web', path.join(REPO, 'solver', 'studio', 'web')],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 15 s; stderr: ${stderr}`)), 15_000);
    child.stdout.on('data', (d) => {
      out += d;
      const first = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        const m = /^listening on (http:\/\/\S+)/.exec(first);
        if (m) resolve(m[1].replace(/\/$/, ''));
        else reject(new Error(`first line is not "listening on URL": ${first}`));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`arbiter serve exited (${code}) before listening; stderr: ${stderr}`));
    });
  });
  child.stdout.resume();
  return { child, base, stderr: () => stderr };
}

function stopServer(s, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return resolve(s ? s.child.exitCode : null);
    const kill = setTimeout(() => s.child.kill('SIGKILL'), 5000);
    s.child.once('exit', (code, sig) => {
      clearTimeout(kill);
      resolve(code ?? sig);
    });
    s.child.kill(signal);
  });
}

async function cleanup() {
  try {
    if (browser) await browser.close();
  } catch {
    // already gone
  }
  browser = null;
  await stopServer(server);
  server = null;
  fs.rmSync(stateDir, { recursive: true, force: true });
}

const watchdog = setTimeout(async () => {
  console.log(`FAIL the whole run took over ${DEADLINE_MS / 1000} s: stopped`);
  await cleanup();
  process.exit(1);
}, DEADLINE_MS);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

async function api(pathname, body, { raw = false } = {}) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  const response = await fetch(server.base + pathname, init);
  const text = await response.text();
  return { status: response.status, text, json: raw ? null : safeJson(text) };
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function newPage(context) {
  const page = await (context || browser).newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) pageErrors.push(`${page.url()}: console: ${m.text()}`);
  });
  return page;
}

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
}

async function shot(page, name) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

const text = (page, selector) => page.locator(selector).innerText();
const playedCount = (page) => page.locator('#played li').count();

async function waitPlayed(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#played li').length === k, n, { timeout: 10_000 });
}

// --- Board: one legal move by clicks, one refused move naming its predicate, per rule set --

// Each: the clicks of a first move (and the chooser's text when several moves share the
// squares), the moves typed next, and a click the rules refuse (a pinned pawn, a locked square).
const BOARD_PLAN = {
  orthodox: { click: ['e2', 'e4'], first: 'e4', typed: ['e5', 'Qh5'], refused: ['f7', 'f6'] },
  option: { click: ['e2', 'e4'], first: 'e4', typed: ['e5', 'Qh5'], refused: ['f7', 'f6'] },
  timetravel: { click: ['e2', 'e4'], first: 'e4', typed: ['e5', 'Qh5'], refused: ['f7', 'f6'] },
  transactional: { click: ['e2', 'e4'], choose: 'T1: e4', first: 'T1: e4', typed: ['T2: e5'], refused: ['e4', 'e5'] },
  conditional: { click: ['e2', 'e4'], first: 'e4', typed: ['e5', '!Qh5'], refused: ['f7', 'f6'] },
  fairy: { click: ['e2', 'e4'], first: 'e4', typed: ['e5', 'Qh5'], refused: ['f7', 'f6'] },
};

async function boardChecks(page) {
  for (const [variant, plan] of Object.entries(BOARD_PLAN)) {
    await check(`board ${variant}: a legal move by clicking ${plan.click.join('-')}`, async () => {
      await open(page, `${server.base}/board.html#variant=${variant}`);
      assert.equal(await page.locator('#variant').inputValue(), variant);
      await waitPlayed(page, 0);
      await page.click(`#board [data-square="${plan.click[0]}"]`);
      const target = page.locator(`#board [data-square="${plan.click[1]}"]`);
      assert.match(await target.getAttribute('class'), /\btarget\b/, 'the target square is not highlighted');
      await target.click();
      if (plan.choose) {
        await page.waitForSelector('#chooser:not([hidden])');
        await page.locator('#choices button', { hasText: new RegExp(`^${escapeRe(plan.choose)}$`) }).click();
      }
      await waitPlayed(page, 1);
      assert.equal((await text(page, '#played li')).replace(/^\d+\.+\s*/, '').trim(), plan.first);
      assert.match(page.url(), /moves=/, 'the line is not in the URL hash');
    });
    await check(`board ${variant}: moves typed (${plan.typed.join(', ')}), then ${plan.refused.join('-')} refused with a predicate`, async () => {
      for (const move of plan.typed) {
        const before = await playedCount(page);
        await page.fill('#move-input', move);
        await page.click('#move-submit');
        await waitPlayed(page, before + 1);
      }
      await page.click(`#board [data-square="${plan.refused[0]}"]`);
      await page.click(`#board [data-square="${plan.refused[1]}"]`);
      const message = page.locator('#message.refused');
      await message.waitFor({ state: 'visible', timeout: 10_000 });
      const said = await message.innerText();
      assert.match(said, /^Illegal: [a-z][a-z0-9-]*[a-z0-9]: \S/, `no predicate named: ${said}`);
      assert.doesNotMatch(said, /no rule proposes/);
      console.log(`     ${variant}: ${said}`);
      assert.equal(await playedCount(page), 1 + plan.typed.length, 'a refused move was played');
    });
  }

  await check('board orthodox: legal list, undo, reload keeps the line, export PGN', async () => {
    await open(page, `${server.base}/board.html#variant=orthodox`);
    await page.fill('#move-input', 'e4');
    await page.click('#move-submit');
    await waitPlayed(page, 1);
    assert.match(await text(page, '#legal-count'), /\(20\)/);
    await page.locator('#legal-list button', { hasText: /^e5$/ }).click();
    await waitPlayed(page, 2);
    await page.locator('#legal-list button', { hasText: /^Qh5$/ }).click();
    await waitPlayed(page, 3);
    await page.click('#undo');
    await waitPlayed(page, 2);
    await page.locator('#legal-list button', { hasText: /^Qh5$/ }).click();
    await waitPlayed(page, 3);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await waitPlayed(page, 3);
    assert.match(await text(page, '#played'), /1\.\s*e4[\s\S]*e5[\s\S]*2\.\s*Qh5/);
    assert.equal(await text(page, '#side'), 'black');
    await page.click('#export-pgn');
    const pgn = await page.locator('#pgn-out').inputValue();
    assert.match(pgn, /\[Variant "orthodox"\]/);
    assert.match(pgn, /1\. e4 e5 2\. Qh5/);
    assert.ok((await page.locator('#pgn-download').getAttribute('href')).startsWith('blob:'));
    assert.ok(await page.locator('#diagram svg').count(), 'no SVG diagram');
    // A refusal on the board, for the screenshot: the pinned f-pawn.
    await page.click('#board [data-square="f7"]');
    await page.click('#board [data-square="f6"]');
    await page.locator('#message.refused').waitFor({ state: 'visible' });
    await page.click('#board [data-square="g8"]');
    await shot(page, 'board.png');
  });

  await check('board: a malformed FEN is a 400 with the reader\'s fen:1:COL message in #message', async () => {
    await open(page, `${server.base}/board.html#variant=orthodox`);
    await page.fill('#fen', '8/8/8/8/8/8/8/9 w - - 0 1');
    await page.click('#set-fen');
    const message = page.locator('#message.error');
    await message.waitFor({ state: 'visible' });
    assert.match(await message.innerText(), /fen:1:\d+:/);
  });
}

// --- Solve ------------------------------------------------------------------------------------

async function solveChecks(page) {
  await check('solve: Mansfield 1951 #2 pasted: verdict proved, key Bb5, the tree as published', async () => {
    await open(page, `${server.base}/solve.html`);
    await page.fill('#problem-text', fs.readFileSync(path.join(PUZZLES, 'orthodox', 'problem-mansfield-1951-mate2.pgn'), 'utf8'));
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#verdict').textContent !== '' || !document.querySelector('#message').hidden, null, { timeout: 30_000 });
    const message = await page.locator('#message').isVisible() ? await text(page, '#message') : '';
    assert.equal(await text(page, '#verdict'), 'proved', message);
    assert.match(await text(page, '#keys'), /\bBb5\b/);
    const tree = await text(page, '#solution-tree');
    assert.match(tree, /1\.Bb5! \(threat: 2\.Bd7#\)/);
    assert.match(tree, /1\.\.\.Kxg4 2\.Qh3#/);
    assert.match(tree, /1\.\.\.Nd4 2\.Ne3#/);
    assert.match(tree, /1\.\.\.Qxg4 2\.Ne7#/);
    // A line clicked is shown on the board.
    await page.locator('#solution-tree .line', { hasText: 'Kxg4 2.Qh3#' }).click();
    await page.locator('#line-panel').waitFor({ state: 'visible' });
    assert.match(await text(page, '#line-moves'), /1\.Bb5 1\.\.\.Kxg4 2\.Qh3#/);
    assert.ok(await page.locator('#line-diagram svg').count(), 'no SVG for the line');
    // The certificate.
    const link = page.locator('#certificate');
    assert.ok(await link.isVisible(), 'no certificate link');
    const href = await link.getAttribute('href');
    const cert = await api(href);
    assert.equal(cert.status, 200);
    assert.ok(cert.json, 'the certificate is no JSON');
    await shot(page, 'solve.png');
  });

  await check('solve: Bonham 2014 Option #3: the progress bar moves, verdict refuted', async () => {
    await open(page, `${server.base}/solve.html`);
    await page.fill('#problem-text', fs.readFileSync(path.join(PUZZLES, 'option', 'bonham-2014.pgn'), 'utf8'));
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#solve').disabled || !document.querySelector('#message').hidden, null, { timeout: 5000 });
    const seen = new Set();
    const t0 = Date.now();
    for (;;) {
      const s = await page.evaluate(() => ({
        value: document.querySelector('#progress').getAttribute('value'),
        running: document.querySelector('#solve').disabled,
      }));
      if (s.value !== null) seen.add(s.value);
      if (!s.running) break;
      if (Date.now() - t0 > 40_000) throw new Error('the solve did not end within 40 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`     progress values seen: ${seen.size} (${[...seen].slice(0, 5).join(', ')}, ...) in ${Date.now() - t0} ms`);
    assert.ok(seen.size >= 2, `the bar did not move: values ${[...seen].join(', ')}`);
    const message = await page.locator('#message').isVisible() ? await text(page, '#message') : '';
    assert.equal(await text(page, '#verdict'), 'refuted', `no verdict; #message: ${message}`);
  });

  await check('solve: Cancel stops a running solve; the partial result is shown as unknown', async () => {
    await open(page, `${server.base}/solve.html`);
    await page.fill('#problem-text', fs.readFileSync(path.join(PUZZLES, 'option', 'bonham-2014.pgn'), 'utf8'));
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#progress').getAttribute('value') !== null, null, { timeout: 10_000 });
    const t0 = Date.now();
    await page.click('#cancel');
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 10_000 });
    console.log(`     ended ${Date.now() - t0} ms after Cancel: ${await text(page, '#progress-text')}`);
    assert.match(await text(page, '#progress-text'), /^cancelled/);
    assert.equal(await text(page, '#verdict'), 'unknown');
    assert.match(await text(page, '#solution-tree'), /Partial: the search stopped/);
  });

  await check('solve: a set-up by drag and drop and palette clicks (#1: 1.Qb8#), stipulation typed', async () => {
    await open(page, `${server.base}/solve.html`);
    await page.click('#clear-board');
    // Drag and drop: a man from the palette, then from square to square; the eraser clears.
    const placement = async () => (await page.locator('#fen').inputValue()).split(' ')[0];
    await page.dragAndDrop('#palette-bR', '#setup-board [data-square="d4"]');
    assert.equal(await placement(), '8/8/8/8/3r4/8/8/8');
    await page.dragAndDrop('#setup-board [data-square="d4"]', '#setup-board [data-square="e5"]');
    assert.equal(await placement(), '8/8/8/4r3/8/8/8/8');
    await page.click('#palette-eraser');
    await page.click('#setup-board [data-square="e5"]');
    assert.equal(await placement(), '8/8/8/8/8/8/8/8');
    const place = async (paletteId, square) => {
      await page.click(`#${paletteId}`);
      await page.click(`#setup-board [data-square="${square}"]`);
    };
    await place('palette-wK', 'g6');
    await place('palette-wQ', 'b1');
    await place('palette-bK', 'h8');
    assert.equal((await page.locator('#fen').inputValue()).split(' ')[0], '7k/8/6K1/8/8/8/8/1Q6');
    await page.fill('#stipulation', '#1');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#verdict').textContent !== '' || !document.querySelector('#message').hidden, null, { timeout: 20_000 });
    assert.equal(await text(page, '#verdict'), 'proved');
    assert.equal(await text(page, '#keys'), 'Qb8#');
  });

  await check('solve: a malformed problem is a 400 shown in #message', async () => {
    await open(page, `${server.base}/solve.html`);
    await page.fill('#problem-text', '[Stipulation "#2"]\n[FEN "8/8/8/8/8/8/8/9 w - - 0 1"]\n\n*\n');
    await page.click('#solve');
    const message = page.locator('#message.error');
    await message.waitFor({ state: 'visible' });
    assert.match(await message.innerText(), /problem\.pgn:\d+:\d+:/);
  });
}

// --- Replay -----------------------------------------------------------------------------------

async function replayChecks(page) {
  await check('replay: Quintanilla-Aronson loaded by the file picker: 45 plies, errata, the gap finding, stepping', async () => {
    await open(page, `${server.base}/replay.html`);
    await page.setInputFiles('#pgn-file', path.join(PUZZLES, 'transactional', 'quintanilla-aronson.pgn'));
    await page.waitForFunction(() => document.querySelector('#pgn-input').value.includes('Quintanilla'));
    await page.click('#replay');
    await page.waitForFunction(() => document.querySelectorAll('#plies li').length > 0, null, { timeout: 20_000 });
    assert.equal(await page.locator('#plies li').count(), 45);
    assert.equal(await text(page, '#game-verdict'), 'illegal');
    const findings = await text(page, '#findings');
    assert.match(findings, /\bgap\b/);
    assert.match(findings, /T9: a3/);
    const ply11 = page.locator('#plies li[data-ply="11"]');
    assert.match(await ply11.getAttribute('class'), /erratum/);
    assert.match(await ply11.innerText(), /read as T3: Nxd4\(C\)/);
    assert.match(await page.locator('#plies li[data-ply="31"]').innerText(), /gap/);
    for (let i = 0; i < 3; ++i) await page.click('#next');
    await page.waitForFunction(() => /after 3 of 45/.test(document.querySelector('#ply-label').textContent));
    await page.waitForFunction(() => /T1: d4/.test(document.querySelector('#step-move').textContent));
    assert.ok(await page.locator('#diagram svg').count(), 'no SVG diagram');
    await page.click('#last');
    await page.waitForFunction(() => /T17/.test(document.querySelector('#step-move').textContent), null, { timeout: 10_000 });
    assert.ok(!(await page.locator('#message').isVisible()), `stepping to the end failed: ${await text(page, '#message').catch(() => '')}`);
    // The gap on the board: ply 31, for the screenshot.
    await page.locator('#findings li', { hasText: 'gap' }).first().click();
    await page.waitForFunction(() => /after 31 of 45/.test(document.querySelector('#ply-label').textContent));
    await page.waitForFunction(() => /T9: a3/.test(document.querySelector('#step-move').textContent));
    await shot(page, 'replay.png');
  });
}

// --- Referee ----------------------------------------------------------------------------------

async function playByInput(page, move) {
  await page.fill('#move-input', move);
  await page.click('#play');
  await page.waitForFunction(() => document.querySelector('#move-input').value === '' || !document.querySelector('#message').hidden, null, { timeout: 10_000 });
  const message = await page.locator('#message').isVisible() ? await text(page, '#message') : '';
  assert.equal(await page.locator('#move-input').inputValue(), '', `${move} not played: ${message}`);
}

async function waitText(page, selector, pattern, timeout = 10_000) {
  await page.waitForFunction(([s, p]) => new RegExp(p).test(document.querySelector(s)?.innerText || ''), [selector, pattern.source], { timeout });
}

async function lockedSquares(page) {
  return page.locator('.sq.lock').evaluateAll((nodes) => nodes.map((n) => n.dataset.square));
}

async function refereeChecks() {
  const lobby = await newPage();
  let game = null;
  let links = null;
  const white = await browser.newContext();
  const black = await browser.newContext();
  const pw = await newPage(white);
  const pb = await newPage(black);
  const WHITE_SECRET = ['Nc3', 'Nf3'];
  const WHITE_SQUARES = ['b1', 'c3', 'g1', 'f3'];

  await check('referee: a new game gives both players\' links', async () => {
    await open(lobby, `${server.base}/referee.html`);
    await lobby.click('#new-game');
    await lobby.locator('#created').waitFor({ state: 'visible' });
    links = {
      white: new URL(await lobby.locator('#white-link').getAttribute('href')),
      black: new URL(await lobby.locator('#black-link').getAttribute('href')),
    };
    game = {
      id: links.white.searchParams.get('game'),
      white: links.white.searchParams.get('token'),
      black: links.black.searchParams.get('token'),
    };
    assert.ok(game.id && game.white && game.black && game.white !== game.black);
    assert.equal(links.black.searchParams.get('game'), game.id);
    await lobby.close();
  });
  if (!game) return;

  const seatUrl = (colour) => `${server.base}/referee.html?game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game[colour])}`;

  await check('referee: two browsers, white Nc3 (pending, by clicks), black e5 (C), white Nf3 (pending), black Nc6 (pending)', async () => {
    await open(pw, seatUrl('white'));
    await open(pb, seatUrl('black'));
    await waitText(pw, '#you', /You are White/);
    await waitText(pb, '#you', /You are Black/);
    // White by clicks: b1, c3, then the decision.
    await pw.click('#view-board [data-square="b1"]');
    assert.match(await pw.locator('#view-board [data-square="c3"]').getAttribute('class'), /\btarget\b/);
    await pw.click('#view-board [data-square="c3"]');
    await pw.locator('#chooser:not([hidden])').waitFor();
    await pw.click('#choices button[data-decision="continue"]');
    await waitText(pw, '#pending', /Nc3/);
    assert.deepEqual((await lockedSquares(pw)).sort(), ['b1', 'c3']);
    await waitText(pb, '#to-move', /your move/);
    await playByInput(pb, 'e5 (C)');
    await waitText(pw, '#to-move', /your move/);
    await waitText(pw, '#messages', /committed/i);
    await playByInput(pw, 'Nf3');
    await waitText(pw, '#pending', /Nf3/);
    await waitText(pb, '#to-move', /your move/);
    await playByInput(pb, 'Nc6');
    await waitText(pb, '#pending', /Nc6/);
    await waitText(pw, '#to-move', /your move/);
  });

  await check('referee: black\'s page and black\'s API view hold nothing of white\'s pending moves', async () => {
    await pb.waitForTimeout(1200);  // a poll at least
    const html = await pb.content();
    for (const secret of WHITE_SECRET) assert.ok(!html.includes(secret), `black's page holds ${secret}`);
    const locks = await lockedSquares(pb);
    for (const sq of WHITE_SQUARES) assert.ok(!locks.includes(sq), `black's page shows ${sq} locked`);
    assert.ok(locks.includes('b8') && locks.includes('c6'), `black's own locks not shown: ${locks}`);
    const view = await api(`/api/referee/${game.id}?token=${game.black}`);
    assert.equal(view.status, 200);
    for (const secret of WHITE_SECRET) assert.ok(!view.text.includes(secret), `black's API view holds ${secret}`);
    for (const sq of WHITE_SQUARES) assert.ok(!view.json.locks.includes(sq), `black's API view locks ${sq}`);
    assert.ok(!view.json.pending.some((m) => WHITE_SECRET.some((s) => m.includes(s))));
    // And the other way round.
    const whiteHtml = await pw.content();
    assert.ok(!whiteHtml.includes('Nc6'), 'white\'s page holds black\'s pending Nc6');
  });

  await check('referee: white\'s page reloaded mid-game shows the same pending moves', async () => {
    await pw.reload();
    await pw.waitForSelector('body[data-ready="true"]');
    await waitText(pw, '#pending', /Nc3[\s\S]*Nf3/);
    assert.deepEqual((await lockedSquares(pw)).sort(), ['b1', 'c3', 'f3', 'g1']);
  });

  await check('referee: server stopped (SIGTERM) and started again on the same --state: the game goes on', async () => {
    const status = await stopServer(server);
    assert.ok(status === 0 || status === 'SIGTERM', `arbiter serve ended with ${status} on SIGTERM`);
    server = await startServer();
    await open(pw, seatUrl('white'));
    await open(pb, seatUrl('black'));
    await waitText(pw, '#pending', /Nc3[\s\S]*Nf3/);
    await waitText(pb, '#pending', /Nc6/);
    await waitText(pw, '#to-move', /your move/);
    await playByInput(pw, 'e4 (C)');
    await waitText(pb, '#messages', /White has committed/);
    await pb.waitForFunction(() => document.querySelector('#committed-board [data-square="c3"]')?.dataset.piece === 'N', null, { timeout: 10_000 });
    await waitText(pb, '#to-move', /your move/);
    await shot(pw, 'referee-white.png');
    await shot(pb, 'referee-black.png');
  });

  await check('referee: another player\'s view is 403', async () => {
    const r = await api(`/api/referee/${game.id}/view/white?token=${game.black}`);
    assert.equal(r.status, 403, r.text);
    const own = await api(`/api/referee/${game.id}/view/black?token=${game.black}`);
    assert.equal(own.status, 200, own.text);
    const unknown = await api(`/api/referee/${game.id}?token=00000000000000000000000000000000`);
    assert.equal(unknown.status, 403, unknown.text);
  });

  await white.close();
  await black.close();
}

// --- The API's error statuses ----------------------------------------------------------------

async function apiChecks() {
  await check('api: a 2 MiB body is 413', async () => {
    const body = JSON.stringify({ variant: 'orthodox', fen: 'x'.repeat(2 * 1024 * 1024) });
    const r = await api('/api/position', body);
    assert.equal(r.status, 413, r.text.slice(0, 200));
  });
  await check('api: a malformed FEN is 400 with the reader\'s message fen:1:COL', async () => {
    const r = await api('/api/position', { variant: 'orthodox', fen: '8/8/8/8/8/8/8/9 w - - 0 1' });
    assert.equal(r.status, 400, r.text);
    assert.match(r.json.error, /fen:1:/);
  });
}

// --- Run ------------------------------------------------------------------------------------

async function main() {
  server = await startServer();
  console.log(`arbiter serve at ${server.base}; state ${stateDir}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

  const page = await newPage();
  await check('index: links to the four pages', async () => {
    await page.goto(`${server.base}/`);
    for (const target of ['board.html', 'solve.html', 'replay.html', 'referee.html']) {
      assert.ok(await page.locator(`main a[href="${target}"]`).count(), `no link to ${target}`);
    }
    await shot(page, 'index.png');
  });
  await check('api: GET /api/variants lists the five rule sets', async () => {
    const r = await api('/api/variants');
    assert.deepEqual(r.json.variants.map((v) => v.name).sort(), ['conditional', 'fairy', 'option', 'orthodox', 'timetravel', 'transactional']);
  });
  await boardChecks(page);
  await solveChecks(page);
  await replayChecks(page);
  await page.close();
  await apiChecks();
  await refereeChecks();
  await check('no JavaScript error on any page', async () => {
    assert.deepEqual(pageErrors, []);
  });
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

try {
  await main();
} catch (e) {
  ++failures;
  console.log(`FAIL the run stopped: ${e && e.stack ? e.stack : e}`);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`${passes} passed, ${failures} failed, ${seconds} s${SHOTS ? `; screenshots in ${SHOTS}` : ''}`);
process.exit(failures ? 1 : 0);
