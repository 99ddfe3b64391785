// The page's side of Roque: starts web/engine-worker.js and speaks UCI to
// it. Plain JavaScript, no dependency:
//
//   const engine = new RoqueEngine({ workerUrl: 'engine-worker.js', wasmUrl: 'pkg/roque.wasm' });
//   engine.onLine((line) => console.log(line));
//   await engine.started;
//   engine.send('position startpos moves e2e4');
//   engine.send('go movetime 1000');
//   const best = await engine.waitFor((line) => line.startsWith('bestmove'));
//
// `stop` and `ponderhit` reach a running search only where the page is
// cross-origin isolated (served with `Cross-Origin-Opener-Policy:
// same-origin` and `Cross-Origin-Embedder-Policy: require-corp`, as
// web/serve.py does), which lets it share memory with the worker
// (`engine.interruptible`). Elsewhere the engine runs only searches with a
// limit (depth, nodes, mate, movetime or a clock) and refuses `go infinite`
// and `go ponder` with an `info string error`.
'use strict';

class RoqueEngine {
  // options: workerUrl, wasmUrl (or wasm: a WebAssembly.Module or bytes);
  // worker: a started worker to use instead (a Node worker_threads Worker
  // in the tests); shared: false to do without shared memory.
  constructor(options = {}) {
    const wasm = options.wasm || options.wasmUrl || 'pkg/roque.wasm';
    this.worker = options.worker || new Worker(options.workerUrl || 'engine-worker.js');
    const canShare =
      options.shared !== false &&
      typeof SharedArrayBuffer !== 'undefined' &&
      (typeof crossOriginIsolated === 'undefined' || crossOriginIsolated);
    // [stops, ponderhits, changes]: see engine-worker.js.
    this.signals = canShare ? new Int32Array(new SharedArrayBuffer(12)) : null;
    this.interruptible = false;
    this.listeners = [];
    this.failureListeners = [];
    this.failure = null;
    this.waiters = [];
    this.started = new Promise((resolve, reject) => {
      this.startedResolve = resolve;
      this.startedReject = reject;
    });
    const listen = this.worker.on
      ? (f) => this.worker.on('message', f)
      : (f) => this.worker.addEventListener('message', (event) => f(event.data));
    listen((message) => this.receive(message));
    // A worker that cannot load its script, or dies, says so here.
    const onError = (error) => this.receive({ type: 'error', message: (error && error.message) || 'the engine\'s worker failed' });
    if (this.worker.on) this.worker.on('error', onError);
    else this.worker.addEventListener('error', onError);
    this.worker.postMessage({ type: 'init', wasm, signals: this.signals ? this.signals.buffer : null });
  }

  receive(message) {
    if (message.type === 'started') {
      this.interruptible = message.interruptible;
      this.startedResolve(this);
    } else if (message.type === 'line') {
      for (const listener of this.listeners) listener(message.line);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(message.line)) return true;
        waiter.resolve(message.line);
        return false;
      });
    } else if (message.type === 'error') {
      // The engine is gone (it could not start, or trapped): it answers
      // nothing more.
      this.failure = message.message;
      this.startedReject(new Error(message.message));
      for (const listener of this.listeners) listener(`info string error: ${message.message}`);
      for (const waiter of this.waiters) waiter.reject(new Error(message.message));
      this.waiters = [];
      for (const listener of this.failureListeners) listener(message.message);
    }
  }

  // Calls f (with the reason) when the engine has stopped for good.
  onFailure(f) {
    this.failureListeners.push(f);
    if (this.failure) f(this.failure);
  }

  // Calls f with every line the engine writes.
  onLine(f) {
    this.listeners.push(f);
  }

  // The first line from now on that passes test.
  waitFor(test) {
    return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject }));
  }

  // Sends a line of UCI (or several, a newline between them). A line that
  // is `stop` or `ponderhit` is also counted in the shared memory, so that
  // it reaches a search that is running; the line itself goes to the
  // engine's command loop like any other.
  send(text) {
    for (const line of String(text).split('\n')) {
      const word = line.trim();
      if (this.signals && (word === 'stop' || word === 'ponderhit')) {
        Atomics.add(this.signals, word === 'stop' ? 0 : 1, 1);
        Atomics.add(this.signals, 2, 1);
        Atomics.notify(this.signals, 2);
      }
      const stops = this.signals ? Atomics.load(this.signals, 0) : 0;
      const ponderhits = this.signals ? Atomics.load(this.signals, 1) : 0;
      this.worker.postMessage({ type: 'line', line, stops, ponderhits });
    }
  }

  stop() {
    this.send('stop');
  }

  // `roque bench <depth>` (evaluation 'nnue' or 'hce'); resolves with its
  // last line, `N nodes M nps`.
  bench(depth = 8, evaluation = 'nnue') {
    const last = this.waitFor((line) => / nodes \d+ nps$/.test(line));
    this.worker.postMessage({ type: 'bench', depth, evaluation });
    return last;
  }

  terminate() {
    this.worker.terminate();
  }
}

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { RoqueEngine };
} else {
  self.RoqueEngine = RoqueEngine;
}
