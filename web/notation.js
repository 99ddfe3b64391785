// Standard notation for the page: a legal move's SAN (chess's, extended
// for drops `N@e4`, mines `M@e4` and the warlock's steps `We4xf5-g6`), and
// PGN export and import with the `Variant` tag.
'use strict';

const boardLib = typeof module !== 'undefined' && module.exports ? require('./board.js') : self;

function isWhite(letter) {
  return letter === letter.toUpperCase();
}

function enemyOn(board, square, mover) {
  const piece = board.squares[square];
  return !!piece && isWhite(piece.letter) !== isWhite(mover);
}

// SAN of `text`, one of `legal`, in the position `board` (from parseFen);
// without the check mark, which the caller adds once it knows the next
// position.
function san(board, legal, text) {
  const move = boardLib.moveSteps(text);
  if (!move) return text;
  const [first, to] = move.steps;
  if (typeof first !== 'string') return `${first.hand.toUpperCase()}@${to}`;
  const piece = board.squares[first];
  if (!piece) return text;
  const letter = piece.letter.toUpperCase();
  if (move.steps.length > 2 || first === to) {
    // The warlock's double step, igui or pass: its squares, `x` where it takes.
    return letter + first + move.steps.slice(1).map((s) => (enemyOn(board, s, piece.letter) ? 'x' : '-') + s).join('');
  }
  const target = board.squares[to];
  const fromFile = first.charCodeAt(0);
  const toFile = to.charCodeAt(0);
  const ownRook = target && target.letter.toUpperCase() === 'R' && isWhite(target.letter) === isWhite(piece.letter);
  if (letter === 'K' && (Math.abs(toFile - fromFile) >= 2 || ownRook) && first.slice(1) === to.slice(1)) {
    return toFile > fromFile ? 'O-O' : 'O-O-O';
  }
  const capture = enemyOn(board, to, piece.letter);
  const promotion = move.promotion ? `=${move.promotion.toUpperCase()}` : '';
  if (letter === 'P') {
    return fromFile !== toFile ? `${first[0]}x${to}${promotion}` : `${to}${promotion}`;
  }
  const rivals = legal
    .map((other) => boardLib.moveSteps(other))
    .filter((m) => m && m.steps.length === 2 && typeof m.steps[0] === 'string')
    .filter((m) => m.steps[1] === to && m.steps[0] !== first)
    .filter((m) => board.squares[m.steps[0]] && board.squares[m.steps[0]].letter === piece.letter)
    .map((m) => m.steps[0]);
  let from = '';
  if (rivals.length) {
    const file = first[0];
    const rank = first.slice(1);
    if (!rivals.some((s) => s[0] === file)) from = file;
    else if (!rivals.some((s) => s.slice(1) === rank)) from = rank;
    else from = first;
  }
  return `${letter}${from}${capture ? 'x' : ''}${to}${promotion}`;
}

// The move of `legal` a typed text names: its own text (`e2e4`), or its
// SAN with or without `+`, `#`, `x` or `=`.
function findMove(board, legal, typed) {
  const text = typed.trim();
  if (legal.includes(text)) return text;
  const plain = (s) => s.replace(/[+#!?]/g, '').replace(/=/g, '').replace(/0/g, 'O');
  const wanted = plain(text);
  const loose = (s) => plain(s).replace(/x/g, '');
  const exact = legal.filter((m) => plain(san(board, legal, m)) === wanted);
  if (exact.length === 1) return exact[0];
  const near = legal.filter((m) => loose(san(board, legal, m)) === loose(text));
  return near.length === 1 ? near[0] : null;
}

// PGN of a game: `tags` in order, then the moves ({ san, side, fullmove,
// turnStart }): a move number before White's turn (and before the first
// move if Black's), the moves of one multi-move turn joined by commas.
function toPgn(tags, plies, result) {
  const lines = Object.entries(tags).map(([name, value]) => `[${name} "${String(value).replace(/"/g, "'")}"]`);
  const words = [];
  plies.forEach((ply, i) => {
    if (ply.turnStart) {
      if (ply.side === 'w') words.push(`${ply.fullmove}.`);
      else if (i === 0 || !plies[i - 1] || plies[i - 1].side === 'b') words.push(`${ply.fullmove}...`);
      words.push(ply.san);
    } else {
      words[words.length - 1] += `,${ply.san}`;
    }
  });
  words.push(result || '*');
  const movetext = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 79) {
      movetext.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) movetext.push(line);
  return `${lines.join('\n')}\n\n${movetext.join('\n')}\n`;
}

// A PGN's tags and move texts (comments, variations, NAGs, numbers and the
// result taken out); throws an Error naming what is wrong.
function parsePgn(text) {
  const tags = {};
  const tagPattern = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/;
  const body = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\[/.test(line)) {
      const m = tagPattern.exec(line);
      if (!m) throw new Error(`malformed tag line: ${line.trim()}`);
      tags[m[1]] = m[2];
    } else {
      body.push(line);
    }
  }
  let movetext = body.join(' ').replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  let depth = 0;
  let flat = '';
  for (const c of movetext) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) flat += c;
  }
  movetext = flat.replace(/\$\d+/g, ' ');
  const moves = [];
  for (let word of movetext.split(/\s+/)) {
    word = word.replace(/^\d+\.(\.\.)?/, '');
    if (!word || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) continue;
    for (const part of word.split(',')) if (part) moves.push(part);
  }
  return { tags, moves };
}

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { san, findMove, toPgn, parsePgn };
} else {
  Object.assign(self, { san, findMove, toPgn, parsePgn });
}
