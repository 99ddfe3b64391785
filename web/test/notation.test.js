// The page's pure parts in Node, without a browser or an engine: FEN of
// both board sizes with hands and ghosts, move texts as clicks, SAN (with
// disambiguation, castling of both kinds, promotions, drops and the
// warlock's steps), reading typed moves, PGN out and back in, and mined
// chess's bookkeeping.
'use strict';

const assert = require('assert');
const { parseFen, moveSteps, movesFrom } = require('../board.js');
const { san, findMove, toPgn, parsePgn } = require('../notation.js');
const { minesOf, maskMines, explosions, playerText, minedStartFen } = require('../mined.js');

let passed = 0;
let failed = 0;
function test(name, body) {
  try {
    body();
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n${error.stack}`);
  }
}

test('FEN: an 8x8 board with hands and ghosts', () => {
  const board = parseFen('rnbqkbnr/ppp1pppp/8/3P*4/8/8/PPPP1PPP/RNBQKBNR[Pq] w KQkq - 0 2 capture=d5');
  assert.strictEqual(board.files, 8);
  assert.strictEqual(board.ranks, 8);
  assert.deepStrictEqual(board.squares.d5, { letter: 'P', ghost: true });
  assert.strictEqual(board.squares.e1.letter, 'K');
  assert.strictEqual(board.hands, 'Pq');
  assert.strictEqual(board.side, 'w');
});

test('FEN: Elven Chess 10x10 with runs of ten', () => {
  const board = parseFen('r3k4r/dnbgqwebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 0 1');
  assert.strictEqual(board.files, 10);
  assert.strictEqual(board.ranks, 10);
  assert.strictEqual(board.squares.f1.letter, 'K');
  assert.strictEqual(board.squares.j1.letter, 'R');
  assert.strictEqual(board.squares.e2.letter, 'W');
  assert.strictEqual(board.squares.e10.letter, 'k');
  assert.strictEqual(Object.keys(board.squares).length, 46);
});

test('move texts as clicks', () => {
  assert.deepStrictEqual(moveSteps('e2e4'), { steps: ['e2', 'e4'], promotion: null });
  assert.deepStrictEqual(moveSteps('e7e8q'), { steps: ['e7', 'e8'], promotion: 'q' });
  assert.deepStrictEqual(moveSteps('N@e4'), { steps: [{ hand: 'N' }, 'e4'], promotion: null });
  assert.deepStrictEqual(moveSteps('e4f5g6'), { steps: ['e4', 'f5', 'g6'], promotion: null });
  assert.deepStrictEqual(moveSteps('j10j9'), { steps: ['j10', 'j9'], promotion: null });
  assert.strictEqual(moveSteps('0000'), null);
  const legal = ['e4f5', 'e4f5g6', 'e4f5e4', 'e4e4', 'a2a3'];
  assert.deepStrictEqual(movesFrom(legal, ['e4', 'f5']).map((m) => m.text), ['e4f5', 'e4f5g6', 'e4f5e4']);
});

test('SAN: disambiguation, captures, castling, promotion, drops', () => {
  const board = parseFen('r3k2r/1P6/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1');
  const legal = ['c3e4', 'g3e4', 'e1g1', 'e1c1', 'b7a8q', 'b7b8q', 'a1a8', 'g3h5'];
  assert.strictEqual(san(board, legal, 'c3e4'), 'Nce4');
  assert.strictEqual(san(board, legal, 'g3h5'), 'Nh5');
  assert.strictEqual(san(board, legal, 'e1g1'), 'O-O');
  assert.strictEqual(san(board, legal, 'e1c1'), 'O-O-O');
  assert.strictEqual(san(board, legal, 'b7a8q'), 'bxa8=Q');
  assert.strictEqual(san(board, legal, 'b7b8q'), 'b8=Q');
  assert.strictEqual(san(board, legal, 'a1a8'), 'Rxa8');
  assert.strictEqual(san(board, ['N@e4'], 'N@e4'), 'N@e4');
  // Chess960: the king takes its own rook.
  const c960 = parseFen('4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1');
  assert.strictEqual(san(c960, ['e1h1', 'e1b1'], 'e1h1'), 'O-O');
  assert.strictEqual(san(c960, ['e1h1', 'e1b1'], 'e1b1'), 'O-O-O');
});

test('SAN: the warlock steps and the Elven castling', () => {
  const board = parseFen('4k5/10/10/10/5p4/4W5/10/10/10/R4K4 w Q - 0 1');
  assert.strictEqual(san(board, ['e5f6g7'], 'e5f6g7'), 'We5xf6-g7');
  assert.strictEqual(san(board, ['e5f6e5'], 'e5f6e5'), 'We5xf6-e5');
  assert.strictEqual(san(board, ['e5e5'], 'e5e5'), 'We5-e5');
  assert.strictEqual(san(board, ['f1c1'], 'f1c1'), 'O-O-O');
});

test('typed moves: SAN with or without marks, or the engine text', () => {
  const board = parseFen('r3k2r/8/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1');
  const legal = ['c3e4', 'g3e4', 'e1g1', 'a1a8'];
  assert.strictEqual(findMove(board, legal, 'Nce4'), 'c3e4');
  assert.strictEqual(findMove(board, legal, 'Ne4'), null, 'ambiguous');
  assert.strictEqual(findMove(board, legal, '0-0'), 'e1g1');
  assert.strictEqual(findMove(board, legal, 'Rxa8+'), 'a1a8');
  assert.strictEqual(findMove(board, legal, 'Ra8'), 'a1a8');
  assert.strictEqual(findMove(board, legal, 'g3e4'), 'g3e4');
  assert.strictEqual(findMove(board, legal, 'Qh5'), null);
});

test('PGN: multi-move turns out and back in', () => {
  const plies = [
    { san: 'e4', side: 'w', fullmove: 1, turnStart: true },
    { san: 'd4', side: 'w', fullmove: 1, turnStart: false },
    { san: 'e5', side: 'b', fullmove: 1, turnStart: true },
    { san: 'Nc6', side: 'b', fullmove: 1, turnStart: false },
    { san: 'Nf3', side: 'w', fullmove: 2, turnStart: true },
  ];
  const pgn = toPgn({ Event: 'x', Variant: 'marseillais', Result: '*' }, plies, '*');
  assert.ok(pgn.includes('[Variant "marseillais"]'), pgn);
  assert.ok(pgn.includes('1. e4,d4 e5,Nc6 2. Nf3 *'), pgn);
  const back = parsePgn(pgn);
  assert.strictEqual(back.tags.Variant, 'marseillais');
  assert.deepStrictEqual(back.moves, ['e4', 'd4', 'e5', 'Nc6', 'Nf3']);
});

test('PGN: comments, variations, NAGs and a Black first move', () => {
  const text = '[Event "t"]\n[FEN "8/8/8/8/8/8/8/8 b - - 0 7"]\n\n7... Kd7 {a comment} (7... Ke7 8. Ke2) 8. Ke2 $1 Ke6 1-0\n';
  const parsed = parsePgn(text);
  assert.strictEqual(parsed.tags.FEN, '8/8/8/8/8/8/8/8 b - - 0 7');
  assert.deepStrictEqual(parsed.moves, ['Kd7', 'Ke2', 'Ke6']);
  assert.throws(() => parsePgn('[Event "unclosed\n\n1. e4'), /malformed tag/);
  const plies = [{ san: 'Kd7', side: 'b', fullmove: 7, turnStart: true }, { san: 'Ke2', side: 'w', fullmove: 8, turnStart: true }];
  assert.ok(toPgn({}, plies, '*').includes('7... Kd7 8. Ke2 *'));
});

test('mined chess: mines read, masked, explosions found, moves as a player hears them', () => {
  const fen = minedStartFen(['c6', 'f6'], ['f3', 'd4']);
  assert.deepStrictEqual(minesOf(fen), { w: ['c6', 'f6'], b: ['f3', 'd4'] });
  assert.ok(maskMines(fen, 'b').endsWith('mines=c6,f6/?,?'), maskMines(fen, 'b'));
  const before = `${minedStartFen(['c6', 'f6'], ['f3', 'd4'])}`;
  const blown = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1 mines=c6,f6/d4';
  const safe = 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 mines=c6,f6/f3,d4';
  assert.deepStrictEqual(explosions(before, blown), ['f3']);
  assert.deepStrictEqual(explosions(before, safe), []);
  // O-O over Black's mine on f1: the king blew up there, before the rook
  // landed on the spent mine (the same board as a mine on g1 would leave).
  const castle = '4k3/8/8/8/8/8/8/4K2R w K - 0 1 mines=a3,b3/f1,h6';
  const kingGone = '4k3/8/8/8/8/8/8/5R2 b - - 1 1 mines=a3,b3/h6';
  assert.deepStrictEqual(explosions(castle, kingGone), ['f1']);
  assert.strictEqual(playerText('M@e4', false, []), 'M@??');
  assert.strictEqual(playerText('g1f3', true, ['f3']), 'g1f3*f3');
  assert.strictEqual(playerText('e1g1', true, ['f1']), 'e1g1*f1');
  assert.strictEqual(playerText('g1f3', false, ['f3']), 'g1f3');
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
