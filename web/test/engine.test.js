// The WebAssembly engine in Node, run by `make web-test`: the build loaded
// in a worker thread through web/engine-worker.js and web/engine.js, as a
// page loads it, and checked against the native binary of the same source.
//
//   node web/test/engine.test.js <native roque> <roque.wasm>
//
// - bench 8: the same node count as `roque bench 8`, and the speed of both;
// - go perft on the perft suites of tests/data (chess, Chess960, every
//   variant's reference counts, Elven Chess), and every variant's divided
//   perft against `roque perft --variant`;
// - errors: a bad FEN, an option the build cannot honour;
// - searches: go depth in every variant, go infinite ended by stop, and a
//   page without shared memory refused an infinite search.
'use strict';

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { Worker } = require('worker_threads');
const { RoqueEngine } = require('../engine.js');

const [native, wasm] = process.argv.slice(2);
if (!native || !wasm) {
  console.error('usage: node web/test/engine.test.js <native roque> <roque.wasm>');
  process.exit(2);
}
const root = path.join(__dirname, '..', '..');
const data = (name) => fs.readFileSync(path.join(root, 'tests', 'data', name), 'utf8');
const workerFile = path.join(__dirname, '..', 'engine-worker.js');

function start(options = {}) {
  const engine = new RoqueEngine({ worker: new Worker(workerFile), wasm, ...options });
  engine.lines = [];
  engine.onLine((line) => engine.lines.push(line));
  return engine.started;
}

// Sends `line` and resolves with every line written until the one that
// passes `last`, that one included.
async function run(engine, line, last) {
  const from = engine.lines.length;
  const end = engine.waitFor(last);
  engine.send(line);
  await end;
  return engine.lines.slice(from);
}

// Sends `line`, then `isready`: every line written before `readyok`.
async function quick(engine, line) {
  engine.send(line);
  return (await run(engine, 'isready', (l) => l === 'readyok')).slice(0, -1);
}

const perft = async (engine, depth) =>
  run(engine, `go perft ${depth}`, (l) => l.startsWith('Nodes searched:') || l.startsWith('info string error'));
const total = (lines) => Number(lines.find((l) => l.startsWith('Nodes searched:')).split(':')[1]);

const nativeOut = (...args) => execFileSync(native, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

let failures = 0;
// Runs one test; then `engine` (if any) goes back to chess for the next.
async function test(name, body, engine) {
  const start = Date.now();
  try {
    const note = await body();
    console.log(`ok   ${name} (${Date.now() - start} ms)${note ? `: ${note}` : ''}`);
  } catch (error) {
    failures++;
    console.log(`FAIL ${name}: ${error.stack || error}`);
  }
  if (engine) await quick(engine, 'setoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value false');
}

// The largest depth of an EPD line (`;D<n> <count>`) whose count is at most
// `most`, or null.
function epdDepth(line, most) {
  const [fen, ...fields] = line.split(';').map((f) => f.trim());
  let best = null;
  for (const field of fields) {
    const match = /^D(\d+)\s+(\d+)$/.exec(field);
    if (match && Number(match[2]) <= most) best = { fen, depth: Number(match[1]), count: Number(match[2]) };
  }
  return best;
}

const epdLines = (name) => data(name).split('\n').filter((l) => l.trim() && !l.startsWith('#'));

(async () => {
  const engine = await start();
  assert.ok(engine.interruptible, 'Node shares memory with its workers');
  await quick(engine, 'uci');

  await test('bench 8 gives the native node count', async () => {
    const speeds = { wasm: [], native: [] };
    let nodes = null;
    for (let round = 0; round < 3; round++) {
      const last = nativeOut('bench', '8').trim().split('\n').pop();
      const [nativeNodes, nativeNps] = last.split(' ').filter((w) => /^\d+$/.test(w)).map(Number);
      const [wasmNodes, wasmNps] = (await engine.bench(8)).split(' ').filter((w) => /^\d+$/.test(w)).map(Number);
      assert.strictEqual(wasmNodes, nativeNodes, 'bench 8 node count, wasm against native');
      nodes = wasmNodes;
      speeds.native.push(nativeNps);
      speeds.wasm.push(wasmNps);
    }
    const best = (list) => Math.max(...list);
    const ratio = best(speeds.wasm) / best(speeds.native);
    return `${nodes} nodes both; best of 3: wasm ${best(speeds.wasm)} nps, native ${best(speeds.native)} nps, ratio ${ratio.toFixed(2)}`;
  }, engine);

  await test('go perft: the standard and tricky suites', async () => {
    let positions = 0;
    for (const name of ['perft-standard.epd', 'perft-tricky.epd']) {
      for (const line of epdLines(name)) {
        const item = epdDepth(line, 300000);
        if (!item) continue;
        await quick(engine, `position fen ${item.fen}`);
        assert.strictEqual(total(await perft(engine, item.depth)), item.count, `${item.fen} depth ${item.depth}`);
        positions++;
      }
    }
    return `${positions} positions`;
  }, engine);

  await test('go perft: Chess960, every 10th position', async () => {
    await quick(engine, 'setoption name UCI_Chess960 value true');
    const lines = epdLines('perft-960.epd').filter((_, i) => i % 10 === 0);
    for (const line of lines) {
      const item = epdDepth(line, 300000);
      await quick(engine, `position fen ${item.fen}`);
      assert.strictEqual(total(await perft(engine, item.depth)), item.count, `${item.fen} depth ${item.depth}`);
    }
    await quick(engine, 'setoption name UCI_Chess960 value false');
    return `${lines.length} positions`;
  }, engine);

  await test('go perft: the variants suites (losing, losers, placement, camps and the turns, mined)', async () => {
    let positions = 0;
    const suites = [
      ['losing-perft.epd', 'losing'],
      ['losers-fairy-perft.epd', 'losers'],
      ['placement-fairy-perft.epd', 'placement'],
    ];
    for (const [name, variant] of suites) {
      await quick(engine, `setoption name UCI_Variant value ${variant}`);
      for (const line of epdLines(name).filter((_, i) => i % 4 === 0)) {
        const item = epdDepth(line, Infinity);
        const out = await quick(engine, `position fen ${item.fen}`);
        assert.deepStrictEqual(out, [], `${variant} ${item.fen}`);
        assert.strictEqual(total(await perft(engine, item.depth)), item.count, `${variant} ${item.fen}`);
        positions++;
      }
    }
    // variant;fen;depth;count
    for (const name of ['turns-perft.epd', 'mined-perft.epd']) {
      for (const line of epdLines(name).filter((_, i) => i % 3 === 0)) {
        const [variant, fen, depth, count] = line.split(';');
        await quick(engine, `setoption name UCI_Variant value ${variant}`);
        const out = await quick(engine, `position fen ${fen}`);
        assert.deepStrictEqual(out, [], `${variant} ${fen}`);
        assert.strictEqual(total(await perft(engine, Number(depth))), Number(count), `${variant} ${fen}`);
        positions++;
      }
    }
    await quick(engine, 'setoption name UCI_Variant value chess');
    return `${positions} positions`;
  }, engine);

  await test('go perft 3 in every variant and Elven Chess, divided, as the native perft', async () => {
    const variants = engine.lines.find((l) => l.startsWith('option name UCI_Variant')).split(' var ').slice(1);
    assert.ok(variants.includes('marseillais') && variants.includes('elven'), variants.join(' '));
    for (const variant of variants) {
      await quick(engine, `setoption name UCI_Variant value ${variant}`);
      await quick(engine, 'position startpos');
      const depth = variant === 'elven' ? 2 : 3;
      const ours = (await perft(engine, depth)).filter((l) => !l.startsWith('info'));
      const theirs = nativeOut('perft', String(depth), '--variant', variant).trim().split('\n');
      assert.deepStrictEqual(ours, theirs, `${variant} perft ${depth}`);
    }
    await quick(engine, 'setoption name UCI_Variant value chess');
    return `${variants.length} variants`;
  }, engine);

  await test('go perft: Elven Chess reference positions', async () => {
    await quick(engine, 'setoption name UCI_Variant value elven');
    let positions = 0;
    for (const line of data('elven/positions.txt').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      // Positions no game reaches, which the engine's FEN reader refuses.
      if (line.split('#')[1].trim().startsWith('OPTIONAL')) continue;
      const fields = line.split('#')[0].split(';').map((f) => f.trim());
      const moves = fields.find((f) => f.startsWith('moves'));
      const d3 = fields.find((f) => f.startsWith('D3 '));
      if (!d3) continue;
      const out = await quick(engine, `position fen ${fields[0]}${moves && moves !== 'moves' ? ` ${moves}` : ''}`);
      assert.deepStrictEqual(out, [], fields[0]);
      assert.strictEqual(total(await perft(engine, 3)), Number(d3.split(' ')[1]), line);
      positions++;
    }
    await quick(engine, 'setoption name UCI_Variant value chess');
    assert.ok(positions > 0);
    return `${positions} positions`;
  }, engine);

  await test('errors are info string error lines', async () => {
    const expectError = async (line, text) => {
      const out = await quick(engine, line);
      assert.ok(out.some((l) => l.startsWith('info string error') && l.includes(text)), `${line}: ${out.join(' | ')}`);
    };
    await expectError('position fen 4k3/8/8/8/8/8/8/4K2K w - - 0 1', 'bad FEN');
    await expectError('position fen not a fen', 'bad FEN');
    await expectError('setoption name Threads value 4', 'Threads');
    await expectError('setoption name SyzygyPath value /tables', 'SyzygyPath');
    await expectError('setoption name EvalFile value nets/none.nnue', 'EvalFile');
    await expectError('setoption name Hash value 1048576', 'Hash');
    await expectError('setoption name UCI_Variant value nonsense', 'UCI_Variant');
    await quick(engine, 'setoption name UCI_Variant value marseillais');
    await expectError('position fen 8/8/8/8/8/8/8/8 w - - 0 1', 'FEN');
    await quick(engine, 'setoption name UCI_Variant value chess');
    // The engine still plays after them.
    const out = await run(engine, 'go depth 4', (l) => l.startsWith('bestmove'));
    assert.match(out[out.length - 1], /^bestmove [a-h][1-8][a-h][1-8]/);
  }, engine);

  await test('go depth 4 in every variant gives a bestmove', async () => {
    const variants = engine.lines.find((l) => l.startsWith('option name UCI_Variant')).split(' var ').slice(1);
    for (const variant of variants) {
      await quick(engine, `setoption name UCI_Variant value ${variant}`);
      await quick(engine, 'ucinewgame\nposition startpos');
      const out = await run(engine, 'go depth 4', (l) => l.startsWith('bestmove'));
      assert.ok(out.some((l) => l.startsWith('info depth 4')), `${variant}: ${out.join(' | ')}`);
      assert.doesNotMatch(out[out.length - 1], /bestmove (0000|\(none\))/, variant);
    }
    await quick(engine, 'setoption name UCI_Variant value chess');
  }, engine);

  await test('go infinite and go ponder end on stop and ponderhit', async () => {
    await quick(engine, 'position startpos');
    let start = Date.now();
    const bestmove = run(engine, 'go infinite', (l) => l.startsWith('bestmove'));
    setTimeout(() => engine.stop(), 300);
    let out = await bestmove;
    const stopped = Date.now() - start;
    assert.ok(stopped >= 300 && stopped < 3000, `stopped after ${stopped} ms`);
    assert.ok(out.some((l) => l.startsWith('info depth')));
    // ponderhit turns a ponder search into a timed one, which then ends.
    start = Date.now();
    const pondered = run(engine, 'go ponder movetime 200', (l) => l.startsWith('bestmove'));
    setTimeout(() => engine.send('ponderhit'), 300);
    out = await pondered;
    const elapsed = Date.now() - start;
    assert.ok(elapsed >= 300 && elapsed < 3000, `ponder ended after ${elapsed} ms`);
    // A stop sent while idle does not stop the next search.
    await quick(engine, 'stop');
    out = await run(engine, 'go depth 6', (l) => l.startsWith('bestmove'));
    assert.ok(out.some((l) => l.startsWith('info depth 6')), out.join(' | '));
    // A variant search stops too.
    await quick(engine, 'setoption name UCI_Variant value progressive');
    const variantBest = run(engine, 'go infinite', (l) => l.startsWith('bestmove'));
    setTimeout(() => engine.stop(), 300);
    await variantBest;
    await quick(engine, 'setoption name UCI_Variant value chess');
    return `stop after ${stopped} ms, ponderhit after ${elapsed} ms`;
  }, engine);

  await test('without shared memory only limited searches run', async () => {
    const alone = await start({ shared: false });
    assert.strictEqual(alone.interruptible, false);
    let out = await quick(alone, 'go infinite');
    assert.ok(out.some((l) => l.startsWith('info string error: go: this page cannot stop a search')), out.join(' | '));
    out = await quick(alone, 'go');
    assert.ok(out.some((l) => l.startsWith('info string error')), out.join(' | '));
    out = await run(alone, 'go nodes 20000', (l) => l.startsWith('bestmove'));
    assert.match(out[out.length - 1], /^bestmove /);
    out = await run(alone, 'go wtime 1000 btime 1000', (l) => l.startsWith('bestmove'));
    assert.match(out[out.length - 1], /^bestmove /);
    alone.terminate();
  }, engine);

  await test('quit ends the engine', async () => {
    const quit = new Promise((resolve) => engine.worker.on('message', (m) => m.type === 'quit' && resolve()));
    engine.send('quit');
    await quit;
  });

  engine.terminate();
  console.log(failures ? `${failures} test(s) failed` : 'all WebAssembly tests passed');
  process.exit(failures ? 1 : 0);
})();
