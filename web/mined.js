// Mined chess on the page. The page is the referee the rules book asks for
// ("on a piece of paper for later checking"): it knows all four mines and
// plays the true game on the referee engine (every mine in its FEN), while
// Roque, the player, runs in a second engine that knows only its own mines
// and hears the game as a player would: the other side's layings as
// `M@??`, its own moves that blew up on a secret mine marked `*`
// (README, "Mined chess").
'use strict';

const MINED_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// The start FEN with every mine known: `white` and `black` two squares each.
function minedStartFen(white, black) {
  return `${MINED_START} mines=${white.join(',')}/${black.join(',')}`;
}

// The mines of a FEN's `mines=` field: { w: [...], b: [...] } (`?` kept).
function minesOf(fen) {
  const field = fen.split(/\s+/).find((w) => w.startsWith('mines='));
  if (!field) return { w: [], b: [] };
  const [white, black] = field.slice(6).split('/');
  const list = (text) => (text ? text.split(',').filter(Boolean) : []);
  return { w: list(white), b: list(black) };
}

// The FEN with the mines of `hidden` ('w' or 'b') written as `?`.
function maskMines(fen, hidden) {
  return fen.replace(/mines=([^/\s]*)\/(\S*)/, (all, white, black) => {
    const mask = (text) => text.split(',').filter(Boolean).map(() => '?').join(',');
    return `mines=${hidden === 'w' ? mask(white) : white}/${hidden === 'b' ? mask(black) : black}`;
  });
}

// The squares where the move's men blew up: the mines of the other side
// that the move spent, read from the referee's FENs before and after it
// (every mine known): where a man landed, or a square a castling king
// passed over, which blows the king up before its rook lands there.
function explosions(beforeFen, afterFen) {
  const other = beforeFen.split(/\s+/)[1] === 'w' ? 'b' : 'w';
  const after = minesOf(afterFen)[other];
  return minesOf(beforeFen)[other].filter((square) => square !== '?' && !after.includes(square));
}

// The move as Roque, the player, hears it: the other side's laying as
// `M@??`; Roque's own move that blew up on a secret mine with `*` and the
// squares that blew up (`g1f3*f3`, a castling's `e1g1*f1`).
function playerText(text, byRoque, blown) {
  if (!byRoque) return /^M@/.test(text) ? 'M@??' : text;
  return blown.length ? `${text}*${blown.join('')}` : text;
}

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { minedStartFen, minesOf, maskMines, explosions, playerText };
} else {
  Object.assign(self, { minedStartFen, minesOf, maskMines, explosions, playerText });
}
