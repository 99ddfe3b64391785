// The engine as the page's referee and opponent: every question goes to
// Roque over UCI, one at a time. The rules live in the engine only: the
// legal moves of a position are its `go perft 1` lines, the position's
// state (FEN, hands, turn, result, checkers) its `d` lines.
'use strict';

class Referee {
  constructor(engine) {
    this.engine = engine;
    this.tail = Promise.resolve();
    this.collecting = null;
    engine.onLine((line) => {
      if (this.collecting) this.collecting(line);
    });
  }

  // Runs `task` after every task before it; `task` gets `ask`, which sends
  // lines and resolves with the lines read up to the one `until` accepts.
  serial(task) {
    const run = this.tail.then(() => task((lines, until, onLine) => this.ask(lines, until, onLine)));
    this.tail = run.catch(() => {});
    return run;
  }

  // The engine's own wait for the last line ends with the engine's error
  // if it stops for good first (or has stopped): nothing waits forever.
  ask(lines, until, onLine) {
    if (this.engine.failure) return Promise.reject(new Error(this.engine.failure));
    const seen = [];
    this.collecting = (line) => {
      seen.push(line);
      if (onLine) onLine(line);
    };
    const last = this.engine.waitFor(until);
    this.engine.send(lines.join('\n'));
    const done = () => {
      this.collecting = null;
    };
    return last.then(
      () => {
        done();
        return seen;
      },
      (error) => {
        done();
        throw error;
      },
    );
  }

  // The variant names the engine offers, from its `uci` lines.
  variants() {
    return this.serial(async (ask) => {
      const lines = await ask(['uci'], (line) => line === 'uciok');
      const option = lines.find((line) => line.startsWith('option name UCI_Variant '));
      return option ? option.split(' var ').slice(1).map((name) => name.trim()) : ['chess'];
    });
  }

  // Options, then `ucinewgame`; resolves with the errors the engine gave
  // (an array, with the lines it wrote as `lines`).
  configure(options) {
    return this.serial(async (ask) => {
      const lines = Object.entries(options).map(([name, value]) => `setoption name ${name} value ${value}`);
      const seen = await ask([...lines, 'ucinewgame', 'isready'], (line) => line === 'readyok');
      return Object.assign(errors(seen), { lines: seen });
    });
  }

  // The state after `moves` from `start` (a FEN, or null for the start
  // position): { fen, side, turn, player, result, checkers, hands, toPlace,
  // waiting, legal, error }. `error` is the engine's reason when it refused
  // the position or a move; the engine then keeps the position it had, so
  // the rest describes that one and the caller must not use it.
  state(start, moves) {
    return this.serial(async (ask) => {
      const refused = errors(await ask([positionCommand(start, moves), 'isready'], (line) => line === 'readyok'));
      if (refused.length) return { error: refused.join('; ') };
      const shown = await ask(['d'], (line) => line.startsWith('Checkers:'));
      const counted = await ask(['go perft 1'], (line) => line.startsWith('Nodes searched'));
      return describe(shown, counted);
    });
  }

  // A search from the position after `moves`; `onInfo` gets each parsed
  // `info` line; resolves with { best, ponder, lines } (best null when the
  // engine had no move).
  think(start, moves, goCommand, onInfo) {
    return this.serial(async (ask) => {
      const seen = await ask([positionCommand(start, moves), goCommand], (line) => line.startsWith('bestmove'), (line) => {
        if (line.startsWith('info ') && onInfo) onInfo(parseInfo(line));
      });
      const words = seen[seen.length - 1].split(/\s+/);
      const best = words[1] && words[1] !== '(none)' ? words[1] : null;
      return { best, ponder: words[3] || null, errors: errors(seen) };
    });
  }

  stop() {
    this.engine.send('stop');
  }
}

function positionCommand(start, moves) {
  const base = start ? `position fen ${start}` : 'position startpos';
  return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

function errors(lines) {
  return lines.filter((line) => line.startsWith('info string error')).map((line) => line.replace(/^info string error:\s*/, ''));
}

// The `d` and `go perft 1` lines as a state.
function describe(shown, counted) {
  const field = (name) => {
    const line = shown.find((l) => l.startsWith(`${name}: `) || l === `${name}:`);
    return line === undefined ? null : line.slice(name.length + 1).trim();
  };
  const fen = field('Fen');
  const words = fen.split(/\s+/);
  const turn = field('Turn');
  const turnMatch = turn && /move (\d+) of (\d+)/.exec(turn);
  const result = field('Result');
  const legal = [];
  for (const line of counted) {
    const m = /^(\S+): \d+$/.exec(line);
    if (m) legal.push(m[1]);
  }
  return {
    fen,
    side: words[1] === 'b' ? 'b' : 'w',
    fullmove: parseInt(words[5] || '1', 10) || 1,
    turn: turnMatch ? { index: +turnMatch[1], length: +turnMatch[2] } : { index: 1, length: 1 },
    player: field('Player'),
    result: result && result !== 'none' ? result : null,
    checkers: (field('Checkers') || '').split(/\s+/).filter(Boolean),
    hands: field('Hands') || '',
    toPlace: field('To place'),
    waiting: field('Waiting to return'),
    immunity: shown.some((l) => l.startsWith('The warlock of the side to move')),
    legal,
  };
}

// An `info` line's fields: depth, seldepth, score { cp | mate, bound },
// nodes, nps, pv (moves), multipv.
function parseInfo(line) {
  const words = line.split(/\s+/);
  const info = {};
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (['depth', 'seldepth', 'nodes', 'nps', 'multipv', 'time', 'hashfull'].includes(w)) {
      info[w] = parseInt(words[++i], 10);
    } else if (w === 'score') {
      const kind = words[++i];
      info.score = { [kind]: parseInt(words[++i], 10) };
      if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.score.bound = words[++i];
    } else if (w === 'pv') {
      info.pv = words.slice(i + 1);
      break;
    } else if (w === 'string') {
      info.string = words.slice(i + 1).join(' ');
      break;
    }
  }
  return info;
}

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { Referee, describe, parseInfo, positionCommand };
} else {
  self.Referee = Referee;
}
