// Roque's engine in a Web Worker (or a Node worker thread): loads the
// WebAssembly build (make web) and relays UCI, a line in, lines out.
//
// Messages in:
//   { type: 'init', wasm, signals }  wasm: a WebAssembly.Module, the bytes,
//       or a URL (a file path under Node); signals: the SharedArrayBuffer of
//       engine.js (stop and ponderhit), or null where the page has none.
//   { type: 'line', line, stops, ponderhits }  one or more lines of UCI, with
//       the signal counters as they were when the page sent them.
//   { type: 'bench', depth, evaluation }  `roque bench <depth>`; evaluation
//       'nnue' (the default) or 'hce'.
// Messages out:
//   { type: 'line', line }  each line the engine writes;
//   { type: 'started', interruptible }  after init; interruptible: whether
//       a `stop` can reach a running search (see below);
//   { type: 'error', message }  the engine could not start or stopped;
//   { type: 'quit' }  after `quit`.
//
// A `go` searches inside the call that receives it, so the worker reads no
// message until the search ends. `stop` and `ponderhit` reach it through
// shared memory instead: engine.js counts each one it sends in `signals`,
// and the engine polls the counts every 1,024 nodes; a count above the one
// the `go` was sent with means the signal came after it. Without shared
// memory (a page that is not cross-origin isolated) the engine runs only
// searches with a limit, and says so.
'use strict';

const isNode = typeof process !== 'undefined' && !!(process.versions && process.versions.node);
let port;
if (isNode) {
  const { parentPort } = require('worker_threads');
  port = { post: (message) => parentPort.postMessage(message), listen: (f) => parentPort.on('message', f) };
} else {
  port = { post: (message) => self.postMessage(message), listen: (f) => self.addEventListener('message', (e) => f(e.data)) };
}

// Slots of the shared counters (engine.js writes them).
const STOPS = 0;
const PONDERHITS = 1;
const CHANGES = 2;

let engine = null;
let signals = null;
// The counters the line being run was sent with.
let base = [0, 0];
let pending = '';
const decoder = new TextDecoder();
const encoder = new TextEncoder();

function write(pointer, length) {
  pending += decoder.decode(new Uint8Array(engine.memory.buffer, pointer, length));
  let end;
  while ((end = pending.indexOf('\n')) >= 0) {
    port.post({ type: 'line', line: pending.slice(0, end) });
    pending = pending.slice(end + 1);
  }
}

function signal(waitMs) {
  if (!signals) return 0;
  const changes = Atomics.load(signals, CHANGES);
  const read = () =>
    (Atomics.load(signals, STOPS) > base[0] ? 1 : 0) | (Atomics.load(signals, PONDERHITS) > base[1] ? 2 : 0);
  let result = read();
  if (result === 0 && waitMs > 0) {
    Atomics.wait(signals, CHANGES, changes, waitMs);
    result = read();
  }
  return result;
}

const imports = {
  roque: {
    now: () => performance.now(),
    random: () => Math.random(),
    write,
    signal,
    can_signal: () => (signals ? 1 : 0),
  },
};

async function load(wasm) {
  if (wasm instanceof WebAssembly.Module) return WebAssembly.instantiate(wasm, imports);
  if (typeof wasm !== 'string') return (await WebAssembly.instantiate(wasm, imports)).instance;
  if (isNode) return (await WebAssembly.instantiate(require('fs').readFileSync(wasm), imports)).instance;
  if (WebAssembly.instantiateStreaming) {
    return (await WebAssembly.instantiateStreaming(fetch(wasm), imports)).instance;
  }
  const bytes = await (await fetch(wasm)).arrayBuffer();
  return (await WebAssembly.instantiate(bytes, imports)).instance;
}

// Runs f; a trap (an internal error, which the engine has reported in a
// line) ends the engine, whose memory can no longer be trusted.
function guarded(f) {
  if (!engine) {
    port.post({ type: 'error', message: 'the engine is not running' });
    return;
  }
  try {
    f();
  } catch (error) {
    engine = null;
    port.post({ type: 'error', message: `the engine stopped: ${error}` });
  }
}

async function init(message) {
  try {
    signals = message.signals ? new Int32Array(message.signals) : null;
    const instance = await load(message.wasm);
    engine = instance.exports;
    engine.roque_start();
    port.post({ type: 'started', interruptible: !!signals });
  } catch (error) {
    engine = null;
    port.post({ type: 'error', message: `the engine could not start: ${error}` });
  }
}

function handle(message) {
  switch (message.type) {
    case 'init':
      return init(message);
    case 'line':
      return guarded(() => {
        base = [message.stops | 0, message.ponderhits | 0];
        const bytes = encoder.encode(message.line);
        const pointer = engine.roque_buffer(bytes.length);
        new Uint8Array(engine.memory.buffer, pointer, bytes.length).set(bytes);
        if (engine.roque_input(bytes.length) === 1) {
          engine = null;
          port.post({ type: 'quit' });
        }
      });
    case 'bench':
      return guarded(() => engine.roque_bench(message.depth | 0, message.evaluation === 'hce' ? 1 : 0));
    default:
      port.post({ type: 'error', message: `unknown message type ${message.type}` });
  }
}

// Messages wait their turn: none is read before init is done.
let queue = Promise.resolve();
port.listen((message) => {
  queue = queue.then(() => handle(message));
});
