// The board as the page sees it: read from the engine's FEN (any size: 8x8
// or Elven Chess's 10x10, ghosts marked `*`, hands in `[...]`), drawn as a
// grid of buttons, and the moves the engine calls legal turned into clicks.
'use strict';

const FILES = 'abcdefghij';

// { files, ranks, squares: { e4: { letter, ghost } }, hands: 'Pp..', side, castling, ep }
function parseFen(fen) {
  const words = fen.split(/\s+/);
  let placement = words[0];
  let hands = '';
  const open = placement.indexOf('[');
  if (open >= 0) {
    hands = placement.slice(open + 1, placement.indexOf(']'));
    placement = placement.slice(0, open);
  }
  const rows = placement.split('/');
  const squares = {};
  let files = 0;
  rows.forEach((row, i) => {
    const rank = rows.length - i;
    let file = 0;
    for (let k = 0; k < row.length; k++) {
      const c = row[k];
      if (/\d/.test(c)) {
        let run = c;
        while (k + 1 < row.length && /\d/.test(row[k + 1])) run += row[++k];
        file += parseInt(run, 10);
      } else if (c === '*') {
        const last = `${FILES[file - 1]}${rank}`;
        if (squares[last]) squares[last].ghost = true;
      } else {
        squares[`${FILES[file]}${rank}`] = { letter: c, ghost: false };
        file++;
      }
    }
    files = Math.max(files, file);
  });
  return { files, ranks: rows.length, squares, hands, side: words[1], castling: words[2], ep: words[3] };
}

// The filled glyphs for both colours; the colour comes from the style.
const GLYPHS = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F\uFE0E',
  k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F\uFE0E' };
const PIECE_NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn',
  W: 'warlock', E: 'elf', G: 'goblin', D: 'dwarf', M: 'mine' };

function pieceName(letter) {
  const colour = letter === letter.toUpperCase() ? 'white' : 'black';
  return `${colour} ${PIECE_NAMES[letter.toUpperCase()] || letter}`;
}

// A legal move's text as clicks: a list of steps, each a square name or
// { hand: letter } (a drop or a mine from the reserve), with the promotion
// letter apart. `e2e4` [e2, e4]; `e7e8q` [e7, e8] + q; `N@e4` [{N}, e4];
// `e4f5g6` [e4, f5, g6]; `e4e4` (a pass) [e4, e4].
function moveSteps(text) {
  const drop = /^([A-Za-z])@([a-j](?:10|[1-9]))$/.exec(text);
  if (drop) return { steps: [{ hand: drop[1] }, drop[2]], promotion: null };
  const squares = [];
  let rest = text;
  let m;
  while ((m = /^([a-j](?:10|[1-9]))/.exec(rest))) {
    squares.push(m[1]);
    rest = rest.slice(m[1].length);
  }
  if (squares.length < 2) return null;
  const promotion = /^[qrbnQRBN]$/.test(rest) ? rest.toLowerCase() : null;
  if (rest && !promotion) return null;
  return { steps: squares, promotion };
}

function sameStep(a, b) {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.hand === b.hand;
}

// The legal moves that begin with the clicks made so far.
function movesFrom(legal, clicks) {
  return legal
    .map((text) => ({ text, ...moveSteps(text) }))
    .filter((m) => m.steps && clicks.every((step, i) => i < m.steps.length && sameStep(step, m.steps[i])));
}

// Draws the board into `element`: buttons for squares (with aria labels),
// `view` = { flipped, selected, targets, lastMove, checks }.
function drawBoard(element, board, view, onSquare) {
  element.innerHTML = '';
  element.style.gridTemplateColumns = `repeat(${board.files}, 1fr)`;
  element.dataset.files = board.files;
  for (let row = 0; row < board.ranks; row++) {
    for (let col = 0; col < board.files; col++) {
      const rank = view.flipped ? row + 1 : board.ranks - row;
      const file = view.flipped ? board.files - 1 - col : col;
      const name = `${FILES[file]}${rank}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `square ${(file + rank) % 2 === 0 ? 'light' : 'dark'}`;
      button.dataset.square = name;
      const piece = board.squares[name];
      if (piece) {
        const span = document.createElement('span');
        span.className = `piece ${piece.letter === piece.letter.toUpperCase() ? 'white' : 'black'}`;
        if (piece.ghost) span.classList.add('ghost');
        span.textContent = GLYPHS[piece.letter] || piece.letter.toUpperCase();
        if (!GLYPHS[piece.letter]) span.classList.add('fairy');
        button.appendChild(span);
        button.setAttribute('aria-label', `${name} ${pieceName(piece.letter)}${piece.ghost ? ' (ghost)' : ''}`);
        button.dataset.piece = piece.letter;
      } else {
        button.setAttribute('aria-label', name);
      }
      if (view.mines && view.mines.includes(name)) {
        button.classList.add('mined');
      }
      if (view.selected === name) button.classList.add('selected');
      if (view.targets && view.targets.includes(name)) button.classList.add('target');
      if (view.lastMove && view.lastMove.includes(name)) button.classList.add('last');
      if (view.checks && view.checks.includes(name)) button.classList.add('check');
      if (col === 0) button.dataset.rank = rank;
      if (row === board.ranks - 1) button.dataset.file = FILES[file];
      button.addEventListener('click', () => onSquare(name));
      element.appendChild(button);
    }
  }
}

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { parseFen, moveSteps, movesFrom, sameStep, pieceName, FILES };
} else {
  Object.assign(self, { parseFen, moveSteps, movesFrom, sameStep, drawBoard, pieceName, GLYPHS, FILES });
}
