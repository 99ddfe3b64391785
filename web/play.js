// The page: a game against Roque (or between two people with Roque as the
// referee) in chess, Chess960, the rules book's variants or Elven Chess.
// The game is its start (a FEN, or the variant's start position) and the
// moves played; after every change the engine says what the position is
// and which moves are legal, and the page draws that.
'use strict';

const $ = (id) => document.getElementById(id);

const GAMES = {
  chess: 'Chess',
  chess960: 'Chess960',
  losers: 'Losing chess (losers)',
  losing: 'Losing chess (losing)',
  placement: 'Placement chess (pre-chess)',
  vandien: 'Placement chess (the rules book)',
  reinforced: 'Reinforced chess',
  returning: 'Returning chess',
  ghost: 'Ghost chess',
  marseillais: 'Marseillais chess',
  progressive: 'Progressive chess',
  camps: 'Two opposed camps',
  turning: 'Turning chess',
  mined: 'Mined chess',
  elven: 'Elven Chess (10x10)',
};

// Mined chess with secret mines is played against Roque only: on one
// screen two people would see each other's mines.
const MINED_NEEDS_ROQUE =
  'In mined chess Roque plays one side on this page (the page keeps its mines from you): choose White or Black ' +
  'for it. A FEN with every mine known (mines=...) can be set to analyse.';

const game = {
  variant: 'chess',
  start: null, // a FEN, or null for the variant's start position
  moves: [], // the moves played, in the engine's notation
  plies: [], // per move: { text, san, side, fullmove, turnStart, byEngine }
  state: null, // the engine's description of the position now
  board: null,
  clicks: [],
  flipped: false,
  thinking: false,
  searchId: 0,
  // Counts the games started and moves taken back: an answer of the engine
  // asked for before such a change is not applied after it.
  epoch: 0,
  // A move being played: clicks wait for the referee's answer.
  playing: false,
  // The engine failed (its message): the page can no longer play.
  failed: null,
  over: false,
  // Mined chess with secret mines: { roque, human, laying, playing, player,
  // playerMoves }; null in every other game.
  mined: null,
};

let engine;
let referee;

function showMessage(text, kind) {
  const message = $('message');
  message.textContent = text || '';
  message.className = kind || '';
}

function showStatus(text) {
  $('status').textContent = text;
}

function engineSide() {
  return $('engine-side').value;
}

// The colour (or, where players change colours, the player) who moves now:
// 'w' or 'b' for the first or second player.
function mover(state) {
  if (state.player) return state.player === 'first' ? 'w' : 'b';
  return state.side;
}

function engineToMove() {
  const side = engineSide();
  if (side === 'none' || !game.state) return false;
  return side === 'both' || side === mover(game.state);
}

// ----- Starting a game ---------------------------------------------------

// A Chess960 start position, drawn at random: bishops on squares of both
// colours, the king between the rooks.
function chess960Fen() {
  const back = new Array(8).fill(null);
  const free = () => back.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  const pick = (squares) => squares[Math.floor(Math.random() * squares.length)];
  back[pick([0, 2, 4, 6])] = 'b';
  back[pick([1, 3, 5, 7])] = 'b';
  back[pick(free())] = 'q';
  back[pick(free())] = 'n';
  back[pick(free())] = 'n';
  const [a, k, h] = free();
  back[a] = 'r';
  back[k] = 'k';
  back[h] = 'r';
  const black = back.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

// The options of the strength chosen on the page.
function strengthOptions() {
  const elo = $('elo').value;
  return elo === 'full' ? { UCI_LimitStrength: 'false' } : { UCI_LimitStrength: 'true', UCI_Elo: elo };
}

async function configureEngine() {
  const options = {
    UCI_Variant: game.variant === 'chess960' ? 'chess' : game.variant,
    UCI_Chess960: game.variant === 'chess960' ? 'true' : 'false',
    ...strengthOptions(),
  };
  const refused = await referee.configure(options);
  if (refused.length) showMessage(`Roque refused a setting: ${refused.join('; ')}`);
}

// A new game of `variant` from `start` (a FEN; none for the variant's
// start): true. A FEN the engine refuses leaves the game as it was, the
// error shown: false. Null when another new game or a takeback came in
// before this one was set up: that one goes on, this one is dropped.
async function newGame(variant, start) {
  if (game.failed) {
    showMessage(game.failed);
    return false;
  }
  await stopThinking();
  const epoch = ++game.epoch;
  game.playing = false;
  showMessage('');
  const previous = { ...game, moves: [...game.moves], plies: [...game.plies] };
  game.mined = null;
  if (variant === 'mined' && !start) {
    const side = engineSide();
    if (side === 'w' || side === 'b') {
      game.mined = { roque: side, human: side === 'w' ? 'b' : 'w', laying: [], playing: false, player: null, playerMoves: [] };
    } else {
      showMessage(MINED_NEEDS_ROQUE);
    }
  }
  game.variant = variant;
  game.start = start !== undefined ? start : variant === 'chess960' ? chess960Fen() : null;
  game.moves = [];
  game.plies = [];
  game.clicks = [];
  game.over = false;
  resetEval();
  await configureEngine();
  const ok = await refresh();
  // The game before this one, gone for good: its second engine with it.
  const dropPrevious = () => previous.mined && previous.mined.player && previous.mined.player.engine.terminate();
  if (epoch !== game.epoch) {
    dropPrevious();
    return null;
  }
  if (!ok && start && previous.state) {
    // The FEN was refused: the game before it goes on (its error shown).
    const error = $('message').textContent;
    const now = { epoch: game.epoch, searchId: game.searchId, thinking: false, playing: false, failed: game.failed };
    Object.assign(game, previous, now);
    if (previous.mined) previous.mined.starting = false;
    $('variant').value = game.variant;
    await configureEngine();
    await refresh();
    if (epoch !== game.epoch) return null;
    showMessage(error);
    return false;
  }
  dropPrevious();
  return ok;
}

// A new game, then Roque's move if it is Roque's turn.
async function newGameAndThink(variant, start) {
  const ok = await newGame(variant, start);
  if (ok !== null) maybeThink();
  return ok;
}

// ----- The position ------------------------------------------------------

// Asks the engine for the position after the moves; false (with the
// reason shown) when it refuses the last move or the start.
async function refresh() {
  const epoch = game.epoch;
  const state = await referee.state(game.start, [...game.moves]);
  // A new game or a takeback came in between: its own refresh follows.
  if (epoch !== game.epoch) return true;
  if (state.error) {
    showMessage(`Roque refused this: ${state.error}`);
    return false;
  }
  game.state = state;
  game.board = parseFen(state.fen);
  game.clicks = [];
  $('promotion').hidden = true;
  const last = game.plies[game.plies.length - 1];
  if (last && !last.marked) {
    last.marked = true;
    // A check that ends the game by a draw (repetition, fifty moves) is
    // no mate.
    const mate = state.result ? /checkmat/i.test(state.result) : state.legal.length === 0;
    if (state.checkers.length) last.san += mate ? '#' : '+';
  }
  game.over = !!state.result || state.legal.length === 0;
  render();
  return true;
}

function resultText(state) {
  if (state.result) return state.result;
  if (state.legal.length === 0) {
    return state.checkers.length ? 'checkmate' : 'no legal move (stalemate)';
  }
  return null;
}

// The PGN result of a finished game, from the engine's words.
function pgnResult() {
  if (!game.over || !game.state) return '*';
  const text = resultText(game.state) || '';
  if (/draw|stalemate|repetition|fifty|insufficient/i.test(text) && !/wins/i.test(text)) return '1/2-1/2';
  if (/white wins|1-0/i.test(text)) return '1-0';
  if (/black wins|0-1/i.test(text)) return '0-1';
  if (/checkmate/i.test(text)) return game.state.side === 'w' ? '0-1' : '1-0';
  return '*';
}

function render() {
  const state = game.state;
  const view = {
    mines: minesShown(),
    flipped: game.flipped,
    selected: typeof game.clicks[game.clicks.length - 1] === 'string' ? game.clicks[game.clicks.length - 1] : null,
    targets: targets(),
    lastMove: lastMoveSquares(),
    checks: state.checkers.length ? kingSquares(state) : [],
  };
  drawBoard($('board'), game.board, view, onSquare);
  drawReserve();
  $('fen').value = game.mined ? maskMines(state.fen, game.mined.roque) : state.fen;
  const who = state.side === 'w' ? 'White' : 'Black';
  const over = resultText(state);
  if (game.mined && !game.mined.playing) {
    showStatus(`Lay your two secret mines: click two squares (${game.mined.laying.length} of 2 laid). Roque lays its own.`);
  } else if (over) {
    showStatus(`Game over: ${over}`);
  } else {
    let text = `${who} to move`;
    if (state.player) text += ` (the ${state.player} player)`;
    if (state.turn.length > 1) text += `: move ${state.turn.index} of ${state.turn.length} this turn, ${state.turn.length - state.turn.index + 1} left`;
    if (state.toPlace) text += `; place ${state.toPlace}`;
    if (state.waiting) text += `; waiting to return: ${state.waiting}`;
    if (state.immunity) text += '; the other warlock cannot be taken this move';
    if (state.checkers.length) text += ' — check';
    showStatus(text);
  }
  drawMoves();
}

// The mines the person at the board may see: their own.
function minesShown() {
  if (!game.mined) return [];
  if (!game.mined.playing) return game.mined.laying;
  return minesOf(game.state.fen)[game.mined.human].filter((s) => s !== '?');
}

function kingSquares(state) {
  const king = state.side === 'w' ? 'K' : 'k';
  return Object.entries(game.board.squares).filter(([, p]) => p.letter === king).map(([s]) => s);
}

function lastMoveSquares() {
  const last = game.moves[game.moves.length - 1];
  if (!last) return [];
  // Where Roque laid a mine is its secret.
  if (game.mined && /^M@/.test(last) && game.plies[game.plies.length - 1].byEngine) return [];
  const move = moveSteps(last);
  return move ? move.steps.filter((s) => typeof s === 'string') : [];
}

function drawMoves() {
  const list = $('moves');
  list.innerHTML = '';
  let item = null;
  game.plies.forEach((ply, i) => {
    if (!item || (ply.turnStart && ply.side === 'w') || i === 0) {
      item = document.createElement('li');
      item.value = ply.fullmove;
      if (ply.side === 'b' && ply.turnStart) item.textContent = '… ';
      list.appendChild(item);
    }
    const span = document.createElement('span');
    span.textContent = (ply.turnStart ? (item.textContent && !item.textContent.endsWith(' ') ? ' ' : '') : ', ') + ply.san;
    span.dataset.move = ply.san === 'M@??' ? 'M@??' : ply.text;
    item.appendChild(span);
  });
  if (item) item.classList.add('current');
  list.scrollTop = list.scrollHeight;
}

// ----- Moving by clicks ----------------------------------------------------

function targets() {
  if (!game.clicks.length) return [];
  const candidates = movesFrom(game.state.legal, game.clicks);
  const next = new Set();
  for (const m of candidates) {
    const step = m.steps[game.clicks.length];
    if (typeof step === 'string') next.add(step);
    // A move complete here, with longer ones beside it: the last square
    // again ends it there.
    if (m.steps.length === game.clicks.length && game.clicks.length > 1) next.add(game.clicks[game.clicks.length - 1]);
  }
  return [...next];
}

function drawReserve() {
  const state = game.state;
  const drops = new Set();
  for (const m of state.legal) {
    const d = /^([A-Za-z])@/.exec(m);
    if (d) drops.add(d[1]);
  }
  const mine = $('reserve-bottom');
  const theirs = $('reserve-top');
  const moverIsBottom = (mover(state) === 'w') !== game.flipped;
  const [ours, other] = moverIsBottom ? [mine, theirs] : [theirs, mine];
  ours.innerHTML = '';
  other.innerHTML = '';
  for (const letter of drops) {
    const button = document.createElement('button');
    button.type = 'button';
    const shown = state.side === 'w' ? letter.toUpperCase() : letter.toLowerCase();
    button.textContent = letter === 'M' ? '\u2739' : GLYPHS[shown] || letter;
    button.setAttribute('aria-label', letter === 'M' ? 'lay a mine' : `place ${pieceName(shown)}`);
    button.dataset.hand = letter;
    const selected = game.clicks[0];
    if (selected && typeof selected !== 'string' && selected.hand === letter) button.classList.add('selected');
    button.addEventListener('click', () => onHand(letter));
    ours.appendChild(button);
  }
  if (state.hands) {
    const white = [...state.hands].filter((c) => c === c.toUpperCase()).join('');
    const black = [...state.hands].filter((c) => c === c.toLowerCase()).join('');
    const line = (text, who) => {
      const span = document.createElement('span');
      span.className = 'hand';
      span.textContent = text ? `${who} in hand: ${[...text].map((c) => GLYPHS[c] || c).join('')}` : '';
      return span;
    };
    const bottomIsWhite = !game.flipped;
    mine.appendChild(line(bottomIsWhite ? white : black, bottomIsWhite ? 'White' : 'Black'));
    theirs.appendChild(line(bottomIsWhite ? black : white, bottomIsWhite ? 'Black' : 'White'));
  }
}

function humanMayMove() {
  if (game.failed) {
    showMessage(game.failed);
    return false;
  }
  // A move still on its way to the referee (a double click): wait for it.
  if (game.playing) return false;
  if (game.variant === 'mined' && !game.mined && !game.start) {
    showMessage(MINED_NEEDS_ROQUE);
    return false;
  }
  if (game.thinking) {
    showMessage('Roque is thinking; "Move now" makes it play at once.');
    return false;
  }
  if (game.over) {
    showMessage(`The game is over (${resultText(game.state)}).`);
    return false;
  }
  if (engineToMove()) {
    showMessage('It is Roque\'s move.');
    return false;
  }
  return true;
}

function onHand(letter) {
  if (!humanMayMove()) return;
  showMessage('');
  game.clicks = [{ hand: letter }];
  render();
}

function onSquare(square) {
  if (game.mined && !game.mined.playing) return layMine(square);
  if (!humanMayMove()) return;
  const legal = game.state.legal;
  const clicks = [...game.clicks, square];
  const candidates = movesFrom(legal, clicks);
  if (!game.clicks.length) {
    if (!candidates.length) {
      const piece = game.board.squares[square];
      showMessage(piece ? `The ${pieceName(piece.letter)} on ${square} has no legal move.` : `No man to move on ${square}.`);
      return;
    }
    showMessage(warlockHint(candidates, square), 'info');
    game.clicks = [square];
    render();
    return;
  }
  const complete = candidates.filter((m) => m.steps.length === clicks.length);
  const longer = candidates.filter((m) => m.steps.length > clicks.length);
  const previous = game.clicks[game.clicks.length - 1];
  // The last square again: a move that ends there, where longer ones go on.
  if (square === previous && game.clicks.length > 1) {
    const here = movesFrom(legal, game.clicks).filter((m) => m.steps.length === game.clicks.length);
    if (here.length) return choose(here);
  }
  if (!candidates.length) {
    const restart = movesFrom(legal, [square]);
    if (restart.length && game.clicks.length === 1) {
      showMessage(warlockHint(restart, square), 'info');
      game.clicks = [square];
      render();
      return;
    }
    const from = game.clicks.map((c) => (typeof c === 'string' ? c : `${c.hand}@`)).join('');
    showMessage(square === game.clicks[0] ? '' : `${from}${square} is not a legal move${game.state.checkers.length ? ' (you are in check)' : ''}.`);
    game.clicks = [];
    render();
    return;
  }
  if (complete.length && !longer.length) return choose(complete);
  game.clicks = clicks;
  showMessage(complete.length ? `Click ${square} again to stop there, or go on.` : '', 'info');
  render();
}

function warlockHint(candidates, square) {
  return candidates.some((m) => m.steps.length === 2 && m.steps[1] === square)
    ? `Click ${square} again to pass.`
    : '';
}

// One move of `moves` (they differ by promotion only): a chooser where
// there are several.
function choose(moves) {
  if (moves.length === 1) return play(moves[0].text);
  const box = $('promotion');
  box.innerHTML = '';
  box.hidden = false;
  const white = game.state.side === 'w';
  for (const m of moves) {
    const letter = white ? m.promotion.toUpperCase() : m.promotion;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = GLYPHS[letter] || letter;
    button.setAttribute('aria-label', `promote to ${pieceName(letter)}`);
    button.dataset.promotion = m.promotion;
    button.addEventListener('click', () => {
      box.hidden = true;
      play(m.text);
    });
    box.appendChild(button);
  }
  showMessage('Choose the piece to promote to.', 'info');
}

async function play(text, byEngine) {
  $('promotion').hidden = true;
  const state = game.state;
  const before = game.board;
  const secret = game.mined && byEngine && /^M@/.test(text);
  game.plies.push({
    text,
    san: secret ? 'M@??' : san(game.board, state.legal, text),
    side: state.side,
    fullmove: state.fullmove,
    turnStart: state.turn.index === 1,
    byEngine: !!byEngine,
  });
  game.moves.push(text);
  if (!byEngine) showMessage('');
  const epoch = game.epoch;
  game.playing = true;
  let ok;
  try {
    ok = await refresh();
  } finally {
    if (epoch === game.epoch) game.playing = false;
  }
  // A new game or a takeback came while the move was on its way.
  if (epoch !== game.epoch) return false;
  if (!ok) {
    game.moves.pop();
    game.plies.pop();
    await refresh();
    return false;
  }
  if (game.mined) {
    const blown = explosions(state.fen, game.state.fen);
    game.mined.playerMoves.push(playerText(text, !!byEngine, blown));
    if (blown.length) {
      const man = before.squares[moveSteps(text).steps[0]];
      showMessage(`Boom: the ${pieceName(man.letter)} blew up on a mine on ${blown.join(' and ')}.`);
      game.plies[game.plies.length - 1].san += '*';
      drawMoves();
    }
  }
  maybeThink();
  return true;
}

// ----- Mined chess ------------------------------------------------------------

// The person lays (or lifts) a mine; with two laid the game starts.
async function layMine(square) {
  // Two laid: Roque is laying its own, and the game starts.
  if (game.mined.starting) return;
  const laying = game.mined.laying;
  const at = laying.indexOf(square);
  if (at >= 0) laying.splice(at, 1);
  else laying.push(square);
  render();
  if (laying.length === 2) {
    game.mined.starting = true;
    try {
      await startMined();
    } finally {
      game.mined.starting = false;
    }
  }
}

// Roque, in a second engine, chooses its own mines and says where for the
// referee; the referee's start holds all four.
async function startMined() {
  const mined = game.mined;
  const epoch = game.epoch;
  if (!mined.player) {
    const second = new RoqueEngine({ workerUrl: 'engine-worker.js', wasmUrl: 'pkg/roque.wasm' });
    second.onFailure(engineFailed);
    await second.started;
    if (epoch !== game.epoch) {
      second.terminate(); // another game was started meanwhile
      return;
    }
    mined.player = new Referee(second);
  }
  const colour = mined.roque === 'w' ? 'white' : 'black';
  // `?mines-seed=N` fixes Roque's choice (the page's tests use it).
  const fixed = new URLSearchParams(location.search).get('mines-seed');
  const seed = fixed && /^\d+$/.test(fixed) ? fixed : Math.floor(Math.random() * 1e9);
  const options = { UCI_Variant: 'mined', ...strengthOptions(), Mines: `${colour} auto ${seed}` };
  const refused = await mined.player.configure(options);
  const said = await mined.player.serial((ask) => ask(['position startpos', 'isready'], (line) => line === 'readyok'));
  const line = [...refused.lines, ...said].find((l) => l.startsWith('info string Mines:'));
  if (refused.length || !line) {
    showMessage(`Roque could not lay its mines: ${refused.join('; ') || 'no answer'}`);
    return;
  }
  if (epoch !== game.epoch) return; // another game was started meanwhile
  const roqueMines = line.replace('info string Mines:', '').trim().split(/\s+/).slice(1, 3);
  const human = [...mined.laying];
  const [white, black] = mined.human === 'w' ? [human, roqueMines] : [roqueMines, human];
  game.start = minedStartFen(white, black);
  mined.playing = true;
  mined.playerMoves = [];
  showMessage(`Your mines are on ${human.join(' and ')} (marked); Roque has laid its two.`, 'info');
  await refresh();
  if (epoch === game.epoch) maybeThink();
}

// ----- Roque's moves ---------------------------------------------------------

function resetEval() {
  $('score').textContent = '–';
  $('depth').textContent = '';
  $('pv').textContent = '';
  setBar(0.5);
}

function setBar(share) {
  $('eval-white').style.height = `${Math.round(share * 100)}%`;
  $('eval-bar').setAttribute('aria-valuenow', Math.round(share * 100));
}

function showInfo(info, side) {
  if (info.string) {
    if (/^error/.test(info.string)) showMessage(`Roque: ${info.string}`);
    return;
  }
  if (!info.score || (info.multipv && info.multipv > 1)) return;
  const sign = side === 'w' ? 1 : -1;
  let text;
  let share;
  if (info.score.mate !== undefined) {
    const mate = info.score.mate * sign;
    text = `${mate > 0 ? '+' : '-'}M${Math.abs(info.score.mate)}`;
    share = mate > 0 ? 1 : 0;
  } else {
    const cp = info.score.cp * sign;
    text = `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
    share = 1 / (1 + Math.exp(-cp / 250));
  }
  $('score').textContent = `${text} (White's view)`;
  $('depth').textContent = `depth ${info.depth}${info.nodes ? `, ${info.nodes} nodes` : ''}${info.nps ? `, ${info.nps} nps` : ''}`;
  // In mined chess Roque's line would show where it lays its mines.
  if (info.pv && !game.mined) $('pv').textContent = info.pv.join(' ');
  setBar(share);
}

// The engine that plays Roque's moves, and the game as it hears it.
function thinker() {
  if (game.mined) return { engine: game.mined.player, start: null, moves: game.mined.playerMoves };
  return { engine: referee, start: game.start, moves: game.moves };
}

async function maybeThink() {
  if (game.failed || game.over || game.thinking || !engineToMove()) return;
  if (game.variant === 'mined' && !game.start) return;
  await searchAndPlay();
}

// Roque searches the position now, for the side to move, and plays its
// move through the referee.
async function searchAndPlay() {
  if (game.failed) return;
  game.thinking = true;
  const id = ++game.searchId;
  const epoch = game.epoch;
  const side = game.state.side;
  showStatus(`Roque is thinking (${side === 'w' ? 'White' : 'Black'})…`);
  const player = thinker();
  const go = `go movetime ${$('movetime').value}`;
  const reply = await player.engine.think(player.start, [...player.moves], go, (info) => showInfo(info, side));
  if (id === game.searchId) game.thinking = false;
  if (id !== game.searchId || epoch !== game.epoch) return; // a takeback or a new game came in between
  if (reply.errors.length) showMessage(`Roque: ${reply.errors.join('; ')}`);
  if (!reply.best) {
    render();
    return;
  }
  if (!game.state.legal.includes(reply.best)) {
    showMessage(`Roque answered ${reply.best}, which the referee does not list as legal; the game stops here.`);
    return;
  }
  await play(reply.best, true);
}

// Stops a search in progress and waits until it has answered; its move is
// not played.
async function stopThinking() {
  if (!game.thinking) return;
  game.searchId++;
  const player = thinker();
  player.engine.stop();
  await player.engine.serial(async () => {});
  game.thinking = false;
}

// ----- Buttons ---------------------------------------------------------------

async function takeBack() {
  if (game.failed) return showMessage(game.failed);
  if (game.mined) {
    showMessage('No takebacks in mined chess: the mines a move found are known once it is played.');
    return;
  }
  await stopThinking();
  if (!game.plies.length) {
    showMessage('Nothing to take back.');
    return;
  }
  game.epoch++;
  game.playing = false;
  const humans = engineSide() === 'none' || engineSide() === 'both';
  if (humans) {
    game.plies.pop();
    game.moves.pop();
  } else {
    while (game.plies.length && game.plies[game.plies.length - 1].byEngine) {
      game.plies.pop();
      game.moves.pop();
    }
    while (game.plies.length) {
      const ply = game.plies.pop();
      game.moves.pop();
      if (ply.turnStart) break;
    }
  }
  game.plies.forEach((ply, i) => { if (i === game.plies.length - 1) ply.marked = true; });
  showMessage('');
  const epoch = game.epoch;
  await refresh();
  if (epoch === game.epoch) maybeThink();
}

// The engine has stopped for good (a trap in the WebAssembly, or its
// worker failed): said once, and every button and click says it again
// instead of waiting for an answer that will not come.
function engineFailed(message) {
  if (game.failed) return;
  game.failed = `Roque has stopped (${message}); reload the page to play again.`;
  game.thinking = false;
  showStatus('Roque has stopped.');
  showMessage(game.failed);
}

async function moveNow() {
  if (game.failed) return showMessage(game.failed);
  if (game.thinking) {
    thinker().engine.stop();
    return;
  }
  if (game.over) return;
  if (game.mined) {
    showMessage('In mined chess Roque moves for its own side only.');
    return;
  }
  // Roque moves once for the side to move; the sides it plays stay as set.
  await searchAndPlay();
}

async function typedMove() {
  const input = $('move-input');
  const text = input.value.trim();
  if (!text) return;
  if (!humanMayMove()) return;
  const move = findMove(game.board, game.state.legal, text);
  if (!move) {
    showMessage(`"${text}" is not a legal move here.`);
    return;
  }
  input.value = '';
  await play(move);
}

async function setFen() {
  const fen = $('fen').value.trim();
  if (!fen) return;
  if (await newGameAndThink(game.variant, fen)) showMessage('Position set.', 'info');
}

function pgnVariantTag(variant) {
  if (variant === 'chess') return null;
  if (variant === 'chess960') return 'Chess960';
  return variant;
}

function exportPgn() {
  if (game.mined && !game.over) {
    showMessage('The PGN would show Roque\'s mines: export it once the game is over.');
    return;
  }
  const tags = {
    Event: 'Roque in the browser',
    Site: 'Roque web page',
    Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'),
    Round: '-',
    White: engineSide() === 'w' || engineSide() === 'both' ? 'Roque' : 'Player',
    Black: engineSide() === 'b' || engineSide() === 'both' ? 'Roque' : 'Player',
    Result: pgnResult(),
  };
  const variant = pgnVariantTag(game.variant);
  if (variant) tags.Variant = variant;
  if (game.start) {
    tags.SetUp = '1';
    tags.FEN = game.start;
  }
  $('pgn').value = toPgn(tags, game.plies, tags.Result);
  showMessage('PGN written below.', 'info');
}

async function importPgn() {
  let parsed;
  try {
    parsed = parsePgn($('pgn').value);
  } catch (error) {
    showMessage(`Bad PGN: ${error.message}`);
    return;
  }
  const tag = (parsed.tags.Variant || '').toLowerCase();
  let variant = 'chess';
  if (tag === 'chess960' || tag === 'fischerandom' || tag === 'fischer random') variant = 'chess960';
  else if (tag && tag !== 'standard' && tag !== 'chess') {
    if (!GAMES[tag]) {
      showMessage(`Bad PGN: Roque does not play the variant "${parsed.tags.Variant}".`);
      return;
    }
    variant = tag;
  }
  $('variant').value = variant;
  const start = parsed.tags.FEN || null;
  const ok = await newGame(variant, start);
  if (ok === null) return;
  if (!ok) {
    showMessage(`Bad PGN: its FEN was refused (${$('message').textContent.replace(/^Roque refused this: /, '')}).`);
    maybeThink();
    return;
  }
  const humans = $('engine-side').value;
  $('engine-side').value = 'none';
  const epoch = game.epoch;
  for (let i = 0; i < parsed.moves.length; i++) {
    // A new game started during the reading: the reading stops.
    if (epoch !== game.epoch) break;
    const word = parsed.moves[i];
    const move = findMove(game.board, game.state.legal, word);
    if (!move) {
      showMessage(`Bad PGN: move ${i + 1}, "${word}", is not legal there; the game stops before it.`);
      $('engine-side').value = humans;
      maybeThink();
      return;
    }
    await play(move);
  }
  if (epoch !== game.epoch) {
    $('engine-side').value = humans;
    maybeThink();
    return;
  }
  $('engine-side').value = 'none';
  showMessage(`PGN read: ${parsed.moves.length} moves. Roque plays nobody now; choose a side to play on.`, 'info');
}

// ----- Start -----------------------------------------------------------------

// Once the engine has failed, the questions still waiting for it end with
// its error: said on the page already, not again as an uncaught error.
window.addEventListener('unhandledrejection', (event) => {
  if (game.failed) event.preventDefault();
});

async function start() {
  engine = new RoqueEngine({ workerUrl: 'engine-worker.js', wasmUrl: 'pkg/roque.wasm' });
  try {
    await engine.started;
  } catch (error) {
    showStatus(`The engine could not start: ${error.message} (run make web first).`);
    return;
  }
  referee = new Referee(engine);
  engine.onFailure(engineFailed);
  const offered = await referee.variants();
  const select = $('variant');
  for (const name of ['chess', 'chess960', ...offered.filter((n) => n !== 'chess')]) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = GAMES[name] || name;
    select.appendChild(option);
  }
  select.addEventListener('change', () => newGameAndThink(select.value));
  $('new-game').addEventListener('click', () => newGameAndThink(select.value));
  $('engine-side').addEventListener('change', () => maybeThink());
  $('elo').addEventListener('change', () => configureEngineKeepingGame());
  $('takeback').addEventListener('click', takeBack);
  $('flip').addEventListener('click', () => { game.flipped = !game.flipped; render(); });
  $('move-now').addEventListener('click', moveNow);
  $('typed').addEventListener('submit', typedMove);
  $('set-fen').addEventListener('click', setFen);
  $('export-pgn').addEventListener('click', exportPgn);
  $('import-pgn').addEventListener('click', importPgn);
  await newGame('chess');
  document.body.dataset.ready = 'true';
}

async function configureEngineKeepingGame() {
  if (game.failed) return showMessage(game.failed);
  await stopThinking();
  const epoch = game.epoch;
  await configureEngine();
  // In mined chess Roque's moves come from its own engine.
  if (game.mined && game.mined.player) {
    const lines = Object.entries(strengthOptions()).map(([name, value]) => `setoption name ${name} value ${value}`);
    await game.mined.player.serial((ask) => ask([...lines, 'isready'], (line) => line === 'readyok'));
  }
  await refresh();
  if (epoch === game.epoch) maybeThink();
}

start();
