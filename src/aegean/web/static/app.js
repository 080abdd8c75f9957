/*
 * Aegean — the browser UI of the Santorini online table (docs/server.md).
 *
 * One ES module, no build step, no dependencies: it must work offline from the static files the
 * server ships. The client routes by location.pathname: `/` lobby, `/game/{id}` a game,
 * `/replay` the replay viewer.
 *
 * Rules this file keeps:
 * - Server-provided strings (names above all: they are user input) only ever reach the page
 *   through textContent / attributes — never innerHTML. The `el` helper is the only DOM builder.
 * - A seat token is sent only in the WebSocket `hello` message. It lives in the page's
 *   location.hash (never sent to the server by browsers) and in localStorage, never in a
 *   query string or an HTTP request. An invite (`#seat=1&invite=…`, what the creator sends
 *   a friend) is exchanged once for the seat's own token (POST …/claim, in the body) and is
 *   dead afterwards: the creator never holds another player's token.
 * - The client never parses notation: steps are the `text` of the options the server sends.
 *
 * data-testid values (browser tests rely on them; keep them stable):
 *   Lobby:  new-game, players, setup, variant, fleece, seat-name-N, seat-kind-N, seat-level-N,
 *           seat-power-N, seat-creator-N (radio), seat-open-N (checkbox), open, create, games-list,
 *           game-row (data-game=ID), join, watch, resume, replay-link
 *   Game:   status (connection badge), turn-banner, board, hidden-workers, actions,
 *           option-<kind> (option-end, option-pass, option-out, option-mark, … for options that are
 *           buttons rather than squares), choice (the block/dome chooser; data-text = option text),
 *           option-list (every legal step, collapsed), restart-turn, confirm-turn, error,
 *           error-legal, setup-pick-option (checkbox, data-power), setup-pick, setup-choose
 *           (data-power), setup-start (data-seat), seats, seat-N, cards, move-list, invites,
 *           invite-N, copy-invite-N, invite-state-N, play-as-N, take-seat, resign, game-over,
 *           download-record, replay-game, rematch, rematch-link, dead-link (a link that
 *           leads nowhere: with dead-watch and dead-lobby)
 *   Replay: replay-file, replay-text, replay-load, replay-headers, board, replay-first,
 *           replay-prev, replay-next, replay-last, replay-position, move-list, error
 * Every square of every board: data-square="c3" (a <button> with an aria-label).
 */

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const FILES = ['a', 'b', 'c', 'd', 'e'];

/** Properties set as DOM properties (their attributes only give the initial value). */
const DOM_PROPS = new Set(['checked', 'disabled', 'value', 'selected', 'hidden', 'open', 'multiple']);

/**
 * Builds an element. Strings become text nodes, so nothing here can inject markup.
 * props: class, text, on: {event: fn}, dataset: {...}, style: {'--var': v}, any attribute.
 */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = String(value);
    else if (key === 'on') for (const [event, fn] of Object.entries(value)) node.addEventListener(event, fn);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'style') for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v);
    else if (DOM_PROPS.has(key)) node[key] = value;
    else if (value === false) continue;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces a container's content (the re-render primitive). */
function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * JSON HTTP call; throws an Error carrying the server's `{"error": …}` text so that callers can
 * show it as is. `body` may be a string (sent as-is, e.g. a record for /api/replay) or a value.
 */
async function api(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (typeof body === 'string') {
    init.body = body;
    init.headers['Content-Type'] = body.trimStart().startsWith('{') ? 'application/json' : 'text/plain';
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const raw = await response.text();
  let data = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = raw;
  }
  if (!response.ok) {
    const message = data && typeof data === 'object' && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return data;
}

/** localStorage can throw (private mode, quota): a missing token is then the worst outcome. */
const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* the link in the address bar still works */
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing stored, nothing to forget */
    }
  },
};

const tokenKey = (id, seat) => `aegean:token:${id}:${seat}`;
const saveToken = (id, seat, token) => storage.set(tokenKey(id, seat), token);
const loadToken = (id, seat) => storage.get(tokenKey(id, seat));

/** The seats (0–3) this browser holds a token for in game `id`. */
function savedSeats(id) {
  return [0, 1, 2, 3].filter((seat) => loadToken(id, seat));
}

/** What the creator needs later to show the invite links: their own seat, `invites` (seat → the
 * invite, until it is used) and the `open` seats. */
function saveCreated(id, info) {
  storage.set(`aegean:created:${id}`, JSON.stringify(info));
}

function loadCreated(id) {
  try {
    return JSON.parse(storage.get(`aegean:created:${id}`) ?? 'null');
  } catch {
    return null;
  }
}

/** The seat's personal link. The token sits in the fragment, which browsers never send. */
function seatLink(id, seat, token) {
  return `${location.origin}/game/${encodeURIComponent(id)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

/** A seat's invite link: it gives the seat to the first browser that opens it. */
function inviteLink(id, seat, invite) {
  return `${location.origin}/game/${encodeURIComponent(id)}#seat=${seat}&invite=${encodeURIComponent(invite)}`;
}

const playerLabel = (seat) => `Player ${seat + 1}`;

/** A seat's own name, unless it only repeats the default "Player N". */
function ownName(seat, name) {
  return name && name !== playerLabel(seat) ? name : '';
}

/** Worker colour index: the side. In four-player games teams (seats 0+2, 1+3) share a colour. */
function sideOfSeat(seat, players, team) {
  if (players === 4) return team ?? seat % 2;
  return seat;
}

function chip(side, label) {
  return el('span', {
    class: `chip side-${side}`,
    role: label ? 'img' : null,
    'aria-label': label ?? null,
    'aria-hidden': label ? null : 'true',
    title: label ?? null,
  });
}

function sameSteps(a, b) {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

function levelLabel(level) {
  if (level === null || level === undefined) return 'AI';
  return /^\d$/.test(String(level)) ? `AI level ${level}` : `AI ${level}`;
}

/** Readable names for power tokens on squares; unknown keys fall back to their last part. */
const TOKEN_LABELS = {
  ram: 'Ram',
  'tartarus.abyss': 'Abyss',
  'charybdis.whirlpool': 'Whirlpool',
  'europa.talus': 'Talus',
  'moerae.fate': 'Fate',
  'clio.placed': 'Coin',
  'gaea.dome': 'Gaea',
  'adonis.target': 'Target',
};

function tokenLabel(token) {
  const key = String(token).split('=')[0];
  if (TOKEN_LABELS[key]) return TOKEN_LABELS[key];
  const last = key.split('.').pop() || key;
  return last.charAt(0).toUpperCase() + last.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Board (shared by the game and the replay)
// ---------------------------------------------------------------------------------------------

/**
 * Draws a board message ({cells, hidden_workers, ram, last, …}) as a 5×5 grid of buttons, rank 5
 * at the top. ctx: {players, targets: Set, selectable: Set, selected, onSquare, marks}.
 */
function renderBoard(board, ctx = {}) {
  const cells = new Map((board?.cells ?? []).map((cell) => [cell.square, cell]));
  const marks = normalizeMarks(ctx.marks ?? board?.last?.marks);
  // With most squares legal (placement) a border on each would be noise: the dots suffice.
  const many = (ctx.targets?.size ?? 0) > 10;
  const grid = el('div', { class: `board${many ? ' many-targets' : ''}`, role: 'group', 'aria-label': 'Board', 'data-testid': 'board' });
  for (let rank = 5; rank >= 1; rank -= 1) {
    grid.append(el('span', { class: 'coord coord-rank', 'aria-hidden': 'true', text: rank }));
    for (const file of FILES) {
      const square = `${file}${rank}`;
      const cell = cells.get(square) ?? { square, level: 0, dome: false, worker: null, tokens: [] };
      grid.append(renderCell(cell, board, marks[square], ctx));
    }
  }
  grid.append(el('span', { class: 'coord coord-corner', 'aria-hidden': 'true' }));
  for (const file of FILES) grid.append(el('span', { class: 'coord coord-file', 'aria-hidden': 'true', text: file }));
  return grid;
}

/**
 * Last-turn marks by name. The terminal renderer's glyphs (@ place, · from, * to, ^ build) are
 * accepted too, so the board stays readable whichever form the server sends.
 */
const MARK_GLYPHS = { '@': 'place', '·': 'from', '*': 'to', '^': 'build' };

function normalizeMarks(marks) {
  const out = {};
  for (const [square, mark] of Object.entries(marks ?? {})) {
    const name = MARK_GLYPHS[mark] ?? String(mark);
    if (/^[a-z-]+$/.test(name)) out[square] = name;
  }
  return out;
}

function workerText(side, players) {
  return players === 4 ? `team ${side + 1} worker` : `player ${side + 1} worker`;
}

function renderCell(cell, board, mark, ctx) {
  const { square } = cell;
  const level = Math.max(0, Math.min(3, cell.level ?? 0));
  const tokens = [...(cell.tokens ?? [])];
  if (board?.ram === square && !tokens.some((t) => String(t).split('=')[0] === 'ram')) tokens.push('ram');
  // The Golden Fleece Ram blocks like a dome; it is drawn as the Ram, not as a blue cap.
  const isRam = board?.ram === square;
  const isTarget = ctx.targets?.has(square) ?? false;
  const isSelectable = ctx.selectable?.has(square) ?? false;
  const isSelected = ctx.selected === square;

  const classes = ['cell', `level-${level}`];
  if (cell.dome) classes.push('has-dome');
  if (mark) classes.push('marked', `mark-${mark}`);
  if (isTarget) classes.push('target');
  if (isSelectable) classes.push('selectable');
  if (isSelected) classes.push('selected');
  if (ctx.choosing === square) classes.push('choosing');

  // Nested rings: a top-down view of the tower, each level a smaller block on the one below.
  const tower = el('span', { class: 'tower', 'aria-hidden': 'true' });
  let holder = tower;
  for (let i = 1; i <= level; i += 1) {
    const ring = el('span', { class: `ring ring-${i}` });
    holder.append(ring);
    holder = ring;
  }
  if (isRam) holder.append(el('span', { class: 'ram-piece' }));
  else if (cell.dome) holder.append(el('span', { class: 'dome' }));

  const parts = [square, `level ${cell.level ?? 0}`];
  if (isRam) parts.push('the Ram (blocks like a dome)');
  else if (cell.dome) parts.push('dome');
  if (cell.worker !== null && cell.worker !== undefined) parts.push(workerText(cell.worker, ctx.players));
  for (const token of tokens) if (!(isRam && String(token).startsWith('ram'))) parts.push(`${tokenLabel(token)} token`);
  if (mark) parts.push(`last turn: ${mark}`);
  if (isSelected) parts.push('selected');
  else if (isTarget) parts.push('legal target');
  else if (isSelectable) parts.push('can act');

  const button = el(
    'button',
    {
      type: 'button',
      class: classes.join(' '),
      'data-square': square,
      'aria-label': parts.join(', '),
      'aria-pressed': isSelected ? 'true' : null,
      on: { click: () => ctx.onSquare?.(square) },
    },
    tower,
    level > 0 ? el('span', { class: 'level-num', 'aria-hidden': 'true', text: level }) : null,
    cell.worker !== null && cell.worker !== undefined
      ? el('span', {
          class: `worker side-${cell.worker}`,
          'aria-hidden': 'true',
          text: cell.worker + 1,
        })
      : null,
    tokens.length
      ? el(
          'span',
          { class: 'tokens', 'aria-hidden': 'true' },
          tokens.map((token) =>
            el('span', {
              class: `token${String(token).startsWith('ram') ? ' token-ram' : ''}`,
              title: String(token),
              text: tokenLabel(token),
            }),
          ),
        )
      : null,
    isTarget ? el('span', { class: 'target-dot', 'aria-hidden': 'true' }) : null,
  );
  return button;
}

/** Notes that the board grid cannot show: hidden workers (Hecate) and eliminated players. */
function boardNotes(board, players) {
  const notes = [];
  for (const [side, count] of Object.entries(board?.hidden_workers ?? {})) {
    if (!count) continue;
    const who = players === 4 ? `Team ${Number(side) + 1}` : playerLabel(Number(side));
    notes.push(`${who} has ${count} hidden worker${count === 1 ? '' : 's'}`);
  }
  return notes;
}

/** Re-renders a board into `container`, keeping keyboard focus on the same square. */
function mountBoard(container, board, ctx) {
  const focused = document.activeElement?.dataset?.square;
  const hadFocus = focused && container.contains(document.activeElement);
  fill(container, renderBoard(board, ctx));
  if (hadFocus) container.querySelector(`[data-square="${focused}"]`)?.focus();
}

// ---------------------------------------------------------------------------------------------
// Router
// ---------------------------------------------------------------------------------------------

function route() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const gameMatch = path.match(/^\/game\/([A-Za-z0-9_-]+)$/);
  if (path === '/') lobbyPage();
  else if (gameMatch) gamePage(gameMatch[1]);
  else if (path === '/replay') replayPage();
  else {
    fill(document.getElementById('app'), el('h1', { text: 'Page not found' }), el('p', {}, el('a', { href: '/', text: 'Back to the lobby' })));
  }
}

// ---------------------------------------------------------------------------------------------
// Lobby
// ---------------------------------------------------------------------------------------------

const SETUPS = [
  ['quick', 'Chosen powers'],
  ['random', 'Random powers'],
  ['none', 'No powers'],
  ['challenger', 'Challenger (picked in game)'],
];

async function lobbyPage() {
  document.title = 'Lobby — Aegean Santorini';
  const app = document.getElementById('app');
  const errorBox = el('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  const formHolder = el('div', { class: 'form-holder' }, el('p', { class: 'muted', text: 'Loading powers and AI levels…' }));
  const gamesList = el('div', { class: 'games-list', 'data-testid': 'games-list', 'aria-live': 'polite' });
  fill(
    app,
    el(
      'div',
      { class: 'lobby' },
      el('section', { class: 'card new-game' }, el('h1', { text: 'New game' }), errorBox, formHolder),
      el(
        'section',
        { class: 'card' },
        el('div', { class: 'section-head' }, el('h2', { text: 'Games' }), el('a', { href: '/replay', 'data-testid': 'replay-link', text: 'Replay a record' })),
        gamesList,
      ),
    ),
  );

  const showError = (message) => {
    fill(errorBox, message);
    errorBox.hidden = !message;
  };

  try {
    const [powers, levels] = await Promise.all([api('GET', '/api/powers'), api('GET', '/api/levels')]);
    fill(formHolder, newGameForm(powers, levels, showError));
  } catch (error) {
    showError(`Could not load the powers and AI levels: ${error.message}`);
  }

  const refresh = async () => {
    try {
      renderGamesList(gamesList, await api('GET', '/api/games'), showError);
    } catch (error) {
      fill(gamesList, el('p', { class: 'muted', text: `Could not load the games: ${error.message}` }));
    }
  };
  await refresh();
  // Poll only while the tab is visible: a background tab need not hit the server.
  setInterval(() => {
    if (document.visibilityState === 'visible') refresh();
  }, 4000);
}

function newGameForm(powers, levels, showError) {
  const levelNames = Object.keys(levels).filter((name) => name !== 'default');
  const defaultLevel = levelNames.includes('3') ? '3' : levelNames[0];
  const field = (label, control, extra = {}) => el('label', { class: 'field', ...extra }, el('span', { class: 'field-label', text: label }), control);

  const players = el(
    'select',
    { name: 'players', 'data-testid': 'players' },
    [2, 3, 4].map((n) => el('option', { value: String(n), text: `${n} players` })),
  );
  const setup = el('select', { name: 'setup', 'data-testid': 'setup' }, SETUPS.map(([value, text]) => el('option', { value, text })));
  const variant = el(
    'select',
    { name: 'variant', 'data-testid': 'variant' },
    el('option', { value: 'standard', text: 'Standard' }),
    el('option', { value: 'golden-fleece', text: 'Golden Fleece (2 players)' }),
  );
  const fleece = el(
    'select',
    { name: 'fleece', 'data-testid': 'fleece' },
    el('option', { value: '', text: 'Random fleece power' }),
    powers.filter((p) => p.golden_fleece).map((p) => el('option', { value: p.name, text: `${p.name} — ${p.epithet}` })),
  );
  const fleeceField = field('Fleece power', fleece);
  const open = el('input', { type: 'checkbox', name: 'open', checked: true, 'data-testid': 'open' });
  const seatsBox = el('div', { class: 'seats-form' });
  const powerHint = el('p', { class: 'hint', 'aria-live': 'polite' });
  const create = el('button', { type: 'submit', class: 'primary', 'data-testid': 'create', text: 'Create game' });

  // Per-seat controls survive re-renders (changing the player count keeps what was typed).
  const seatState = [0, 1, 2, 3].map((seat) => ({
    kind: seat === 0 ? 'human' : 'ai',
    name: '',
    level: defaultLevel,
    power: '',
    open: false,
  }));
  let creator = 0;

  const powerOptions = (count) =>
    powers.filter((p) => (count === 3 ? p.three_players : count === 4 ? p.four_players : true));

  function renderSeats() {
    const count = Number(players.value);
    if (creator >= count || seatState[creator].kind !== 'human') {
      creator = Math.max(0, seatState.findIndex((s, i) => i < count && s.kind === 'human'));
    }
    const standard = variant.value === 'standard';
    const choosePowers = setup.value === 'quick' && standard;
    const available = powerOptions(count);
    const rows = [];
    for (let seat = 0; seat < count; seat += 1) {
      const state = seatState[seat];
      if (state.power && !available.some((p) => p.name === state.power)) state.power = '';
      if (!state.power && count > 2 && choosePowers) state.power = available[seat % available.length]?.name ?? '';
      const side = sideOfSeat(seat, count);
      const name = el('input', {
        type: 'text',
        maxlength: '40',
        placeholder: state.kind === 'ai' ? 'AI' : playerLabel(seat),
        value: state.name,
        'aria-label': `${playerLabel(seat)} name`,
        'data-testid': `seat-name-${seat}`,
        on: { input: (e) => (state.name = e.target.value) },
      });
      const kind = el(
        'select',
        {
          'aria-label': `${playerLabel(seat)} kind`,
          'data-testid': `seat-kind-${seat}`,
          on: {
            change: (e) => {
              state.kind = e.target.value;
              renderSeats();
            },
          },
        },
        el('option', { value: 'human', text: 'Human', selected: state.kind === 'human' }),
        el('option', { value: 'ai', text: 'AI', selected: state.kind === 'ai' }),
      );
      const level = el(
        'select',
        {
          'aria-label': `${playerLabel(seat)} AI level`,
          'data-testid': `seat-level-${seat}`,
          hidden: state.kind !== 'ai',
          on: { change: (e) => (state.level = e.target.value) },
        },
        levelNames.map((lv) => el('option', { value: lv, text: `${/^\d$/.test(lv) ? `Level ${lv}` : lv} — ${levels[lv]}`, selected: lv === state.level })),
      );
      const power = el(
        'select',
        {
          'aria-label': `${playerLabel(seat)} power`,
          'data-testid': `seat-power-${seat}`,
          hidden: !choosePowers,
          on: {
            change: (e) => {
              state.power = e.target.value;
              checkPowers();
            },
          },
        },
        count === 2 ? el('option', { value: '', text: 'No power', selected: !state.power }) : null,
        available.map((p) => el('option', { value: p.name, text: `${p.name} — ${p.epithet}`, selected: p.name === state.power })),
      );
      const you = el('input', {
        type: 'radio',
        name: 'creator',
        value: String(seat),
        checked: creator === seat,
        disabled: state.kind !== 'human',
        'aria-label': `I play ${playerLabel(seat)}`,
        'data-testid': `seat-creator-${seat}`,
        on: {
          change: () => {
            creator = seat;
            renderSeats();
          },
        },
      });
      // A human seat but the creator's is reserved for its invite link, unless it is open:
      // then anyone may take it from the lobby (so only in a listed game).
      const openSeat = el('input', {
        type: 'checkbox',
        checked: state.open,
        'aria-label': `${playerLabel(seat)} is an open seat`,
        'data-testid': `seat-open-${seat}`,
        on: { change: (e) => (state.open = e.target.checked) },
      });
      const openLabel = el('label', { class: 'you-label', hidden: state.kind !== 'human' || seat === creator || !open.checked, title: 'Anyone may take this seat from the lobby; otherwise it is kept for its invite link' }, openSeat, ' open seat');
      rows.push(
        el(
          'fieldset',
          { class: 'seat-row' },
          el('legend', {}, chip(side), ` ${playerLabel(seat)}`),
          el('div', { class: 'seat-controls' }, kind, name, el('label', { class: 'you-label' }, you, ' me'), openLabel, level, power),
        ),
      );
    }
    fill(seatsBox, rows);
    checkPowers();
  }

  /** Client-side hints only; the server decides (its error is shown if it refuses). */
  function checkPowers() {
    const count = Number(players.value);
    if (!(setup.value === 'quick' && variant.value === 'standard')) return fill(powerHint, '');
    const chosen = seatState.slice(0, count).map((s) => s.power).filter(Boolean);
    const byName = new Map(powers.map((p) => [p.name, p]));
    const problems = [];
    if (new Set(chosen).size !== chosen.length) problems.push('each power can be used only once');
    for (const a of chosen) {
      for (const b of bannedList(byName.get(a))) if (chosen.includes(b) && a < b) problems.push(`${a} is banned against ${b}`);
    }
    fill(powerHint, problems.length ? `Note: ${problems.join('; ')}.` : '');
  }

  function syncVariant() {
    const two = players.value === '2';
    variant.querySelector('option[value="golden-fleece"]').disabled = !two;
    if (!two) variant.value = 'standard';
    const fleeceGame = variant.value === 'golden-fleece';
    // In the Golden Fleece variant nobody has a power of their own; with the Challenger setup
    // the Challenger picks the fleece power, so the select is only for the quick setup.
    // With three or four players every player has a power (the rules' setup check).
    for (const option of setup.options) {
      option.disabled = (fleeceGame && (option.value === 'quick' || option.value === 'random')) || (!two && option.value === 'none');
    }
    if (fleeceGame && (setup.value === 'quick' || setup.value === 'random')) setup.value = 'none';
    if (!two && setup.value === 'none') setup.value = 'random';
    fleeceField.hidden = !fleeceGame || setup.value === 'challenger';
    renderSeats();
  }

  players.addEventListener('change', syncVariant);
  open.addEventListener('change', renderSeats);
  variant.addEventListener('change', syncVariant);
  setup.addEventListener('change', syncVariant);

  const form = el(
    'form',
    { class: 'new-game-form', 'data-testid': 'new-game', novalidate: true },
    el('div', { class: 'form-grid' }, field('Players', players), field('Setup', setup), field('Variant', variant), fleeceField),
    seatsBox,
    powerHint,
    el('label', { class: 'check' }, open, ' List in the lobby (anyone may watch; open seats may be taken there)'),
    el('div', { class: 'form-actions' }, create),
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError('');
    const count = Number(players.value);
    const seats = seatState.slice(0, count);
    if (seats[creator]?.kind !== 'human') {
      showError('Your seat must be a human seat.');
      return;
    }
    const body = {
      players: count,
      variant: variant.value,
      open: open.checked,
      creator,
      seats: seats.map((s, index) => {
        const seat = { kind: s.kind };
        if (s.name.trim()) seat.name = s.name.trim();
        if (s.kind === 'ai') seat.level = s.level;
        if (s.kind === 'human' && s.open && open.checked && index !== creator) seat.open = true;
        return seat;
      }),
    };
    if (setup.value === 'challenger') body.setup = 'challenger';
    else {
      body.setup = 'quick';
      if (setup.value === 'random') body.powers = 'random';
      else if (setup.value === 'quick' && variant.value === 'standard') body.powers = seats.map((s) => s.power || null);
    }
    if (variant.value === 'golden-fleece' && setup.value !== 'challenger') body.fleece = fleece.value || null;

    create.disabled = true;
    try {
      const created = await api('POST', '/api/games', body);
      const invites = {};
      for (const seat of created.seats) {
        if (seat.token) saveToken(created.id, seat.seat, seat.token);
        if (seat.invite) invites[seat.seat] = seat.invite;
      }
      saveCreated(created.id, { creator, invites, open: created.seats.filter((s) => s.open).map((s) => s.seat) });
      const token = loadToken(created.id, creator);
      location.assign(token ? seatLink(created.id, creator, token) : `/game/${encodeURIComponent(created.id)}`);
    } catch (error) {
      showError(`Could not create the game: ${error.message}`);
      create.disabled = false;
    }
  });

  syncVariant();
  return form;
}

/** An open seat nobody has taken: anyone may join into it. */
function joinable(seat) {
  return seat.kind === 'human' && Boolean(seat.open) && !seat.claimed;
}

/** What a seat is, for the lists: its AI level, a player, an open seat or one kept for an invite. */
function seatKindText(seat) {
  if (seat.kind === 'ai') return levelLabel(seat.level);
  if (seat.claimed) return 'human';
  return seat.open ? 'open seat' : 'invited';
}

/** Takes an open seat of the game (POST …/join) and goes to it. */
async function joinGame(id) {
  const { seat, token } = await api('POST', `/api/games/${encodeURIComponent(id)}/join`);
  saveToken(id, seat, token);
  location.assign(seatLink(id, seat, token));
}

function bannedList(power) {
  const banned = power?.banned_vs;
  if (Array.isArray(banned)) return banned;
  return banned ? String(banned).split(/[,;|]\s*/).filter(Boolean) : [];
}

function renderGamesList(container, games, showError) {
  if (!games.length) {
    fill(container, el('p', { class: 'muted', text: 'No open games. Create one above.' }));
    return;
  }
  const rows = games.map((game) => {
    const openSeats = game.seats.filter(joinable);
    const mine = savedSeats(game.id);
    const seatsText = game.seats.map((s) => `${playerLabel(s.seat)}: ${seatKindText(s)}`).join(' · ');
    const powersText = Array.isArray(game.powers) && game.powers.some(Boolean) ? `powers: ${game.powers.map((p) => p ?? 'none').join(' vs ')}` : 'no powers';
    const join = el('button', {
      type: 'button',
      class: 'primary',
      'data-testid': 'join',
      text: 'Join',
      on: {
        click: async (event) => {
          event.target.disabled = true;
          try {
            await joinGame(game.id);
          } catch (error) {
            showError(`Could not join: ${error.message}`);
            event.target.disabled = false;
          }
        },
      },
    });
    return el(
      'div',
      { class: 'game-row', 'data-testid': 'game-row', dataset: { game: game.id } },
      el(
        'div',
        { class: 'game-info' },
        el('div', { class: 'game-title' }, el('code', { text: game.id }), ` · ${game.players} players · ${game.variant} · ${game.status}`),
        el('div', { class: 'muted small', text: seatsText }),
        el('div', { class: 'muted small', text: powersText }),
      ),
      el(
        'div',
        { class: 'game-buttons' },
        mine.map((seat) =>
          el('a', { class: 'button', href: seatLink(game.id, seat, loadToken(game.id, seat)), 'data-testid': 'resume', text: `Resume as ${playerLabel(seat)}` }),
        ),
        openSeats.length && !mine.length ? join : null,
        el('a', { class: 'button', href: `/game/${encodeURIComponent(game.id)}`, 'data-testid': 'watch', text: 'Watch' }),
      ),
    );
  });
  fill(container, rows);
}

// ---------------------------------------------------------------------------------------------
// Game page: state, WebSocket client, interaction state machine, rendering
// ---------------------------------------------------------------------------------------------

const SETUP_BANNERS = {
  pick: 'Setup: the Challenger picks the powers',
  choose: 'Setup: the players choose their powers',
  start: 'Setup: the Challenger names the start player',
};

function gamePage(id) {
  const params = new URLSearchParams(location.hash.slice(1));
  const hashSeat = params.has('seat') ? Number(params.get('seat')) : null;
  let token = params.get('token');
  const invite = params.get('invite');
  if (hashSeat !== null && Number.isInteger(hashSeat) && token) saveToken(id, hashSeat, token);
  // A bookmarked link with only the seat (or the invite this browser already used) still
  // finds the token this browser stored.
  if (!token && hashSeat !== null) token = loadToken(id, hashSeat);

  /** Everything the page knows; render() draws it, handlers change it. */
  const g = {
    id,
    token: token || null,
    ws: null,
    attempts: 0,
    reconnectTimer: null,
    pingTimer: null,
    connection: 'connecting',
    retryIn: 0,
    state: null,
    version: 0,
    // The turn being composed: step texts, the preview reply for them, the selected square.
    prefix: [],
    preview: null,
    pendingPreview: false,
    pendingAct: null,
    selected: null,
    chooser: null,
    error: null,
    rematch: null,
    powers: null,
    pick: new Set(),
    nextId: 1,
    // Why this page cannot show the game (an invite used already, a game gone): what to do next.
    dead: null,
  };

  const ui = buildGameLayout(id);
  api('GET', '/api/powers')
    .then((powers) => {
      g.powers = powers;
      render();
    })
    .catch(() => {
      /* only the Challenger's pick list needs them; it says so while they are missing */
    });

  // ---- WebSocket client -------------------------------------------------------------------

  /** An invite link opened for the first time: exchange the invite for this seat's own token
   * (the invite is dead afterwards), and keep the token as the personal link does. */
  async function claimInvite() {
    try {
      const claimed = await api('POST', `/api/games/${encodeURIComponent(id)}/claim`, { invite });
      saveToken(id, claimed.seat, claimed.token);
      g.token = claimed.token;
      history.replaceState(null, '', seatLink(id, claimed.seat, claimed.token));
      connect();
    } catch (error) {
      deadLink(`This invite link cannot be used: ${error.message}.`);
    }
  }

  /** The link leads nowhere: say why, and offer a way on (watch the game, or the lobby). */
  function deadLink(message, canWatch = true) {
    clearTimeout(g.reconnectTimer);
    clearInterval(g.pingTimer);
    const ws = g.ws;
    g.ws = null;
    ws?.close();
    g.dead = { message, canWatch };
    g.connection = 'offline';
    g.retryIn = 0;
    render();
  }

  function connect() {
    clearTimeout(g.reconnectTimer);
    g.connection = g.attempts ? 'reconnecting' : 'connecting';
    renderStatus();
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(id)}`);
    g.ws = ws;
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      // The only place the token ever leaves the browser.
      ws.send(JSON.stringify({ type: 'hello', token: g.token, since: g.version }));
    });
    ws.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    ws.addEventListener('close', (event) => {
      if (g.ws !== ws) return;
      g.ws = null;
      clearInterval(g.pingTimer);
      if (event.code === 4403) showError({ code: 'forbidden', message: 'The server refused the connection (origin not allowed).' });
      if (event.code === 1008) showError({ code: 'closed', message: 'The server closed the connection (too many messages).' });
      // The game is gone or will not take this page: reconnecting would not help.
      if (event.code === 4410) return deadLink('This game expired: nobody started it in time.', false);
      if (event.code === 4503) return deadLink('This game has as many spectators as it takes. Try again later.', false);
      // A preview in flight is lost with the connection: drop its step so the prefix matches the
      // last preview again (the rest of the composed turn survives a short outage).
      if (g.pendingPreview) {
        g.prefix.pop();
        g.pendingPreview = false;
      }
      g.pendingAct = null;
      // Refused before it opened (the browser does not say why): is there such a game?
      if (!opened) return checkGame();
      scheduleReconnect();
    });
  }

  async function checkGame() {
    try {
      await api('GET', `/api/games/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error.status === 404) return deadLink(`There is no game ${id} (a game nobody starts is removed after a while).`, false);
    }
    scheduleReconnect();
  }

  function scheduleReconnect() {
    // Exponential backoff, capped at 5 s: a restarting server is found again quickly.
    const delay = Math.min(5000, 500 * 2 ** g.attempts);
    g.attempts += 1;
    g.connection = 'offline';
    g.retryIn = delay;
    renderStatus();
    g.reconnectTimer = setTimeout(connect, delay);
  }

  function send(message) {
    if (!g.ws || g.ws.readyState !== WebSocket.OPEN) {
      showError({ code: 'offline', message: 'Not connected to the server; reconnecting…' });
      return false;
    }
    g.ws.send(JSON.stringify(message));
    return true;
  }

  function onMessage(message) {
    switch (message.type) {
      case 'welcome':
        g.attempts = 0;
        g.connection = 'connected';
        clearInterval(g.pingTimer);
        g.pingTimer = setInterval(() => send({ type: 'ping' }), 25000);
        renderStatus();
        break;
      case 'state':
        onState(message);
        break;
      case 'preview':
        onPreview(message);
        break;
      case 'accepted':
        // The new state follows; keep the confirm button disabled until it arrives.
        break;
      case 'error':
        if (message.code === 'bad-token') {
          // (Refused at hello: this browser holds no seat of this game under that token.)
          if (hashSeat !== null && loadToken(id, hashSeat) === g.token) storage.remove(tokenKey(id, hashSeat));
          deadLink('This link’s seat token is not a seat of this game (the seat may be someone else’s now).');
          break;
        }
        onError(message);
        break;
      case 'presence':
        onPresence(message);
        break;
      case 'rematch':
        if (message.token) saveToken(message.game, message.seat, message.token);
        g.rematch = message;
        render();
        break;
      case 'events':
      case 'pong':
      default:
        // Events are redundant for this client: every committed action is followed by a state.
        break;
    }
  }

  // ---- Interaction state machine ----------------------------------------------------------

  function resetTurn() {
    g.prefix = [];
    g.preview = null;
    g.pendingPreview = false;
    g.selected = null;
    g.chooser = null;
  }

  function onState(state) {
    const changed = !g.state || state.version !== g.version || state.you !== g.state.you;
    g.state = state;
    g.version = state.version;
    g.connection = 'connected';
    if (changed) {
      // A new position invalidates the composed turn and any error about the old one.
      resetTurn();
      g.pendingAct = null;
      g.pick.clear();
      if (g.error && g.error.code !== 'bad-token') g.error = null;
      g.selected = autoSelect(currentOptions());
    }
    render();
  }

  /** Who is seated and connected, and the rematch offers: the rest of the state is as it was. */
  function onPresence(presence) {
    if (!g.state) return;
    const bySeat = new Map(presence.seats.map((seat) => [seat.seat, seat]));
    g.state.seats = g.state.seats.map((seat) => ({ ...seat, ...(bySeat.get(seat.seat) ?? {}) }));
    g.state.rematch = presence.rematch;
    render();
  }

  function onPreview(preview) {
    if (!g.state || preview.version !== g.version || !sameSteps(preview.steps ?? [], g.prefix)) return; // a stale reply
    g.preview = preview;
    g.pendingPreview = false;
    g.selected = autoSelect(preview.options ?? []);
    render();
  }

  function onError(error) {
    if (error.code === 'stale-version') resetTurn();
    else if (g.pendingPreview) {
      // The step just added was refused: drop it so the prefix matches the options shown.
      g.prefix.pop();
      g.pendingPreview = false;
    }
    if (error.id && error.id === g.pendingAct) g.pendingAct = null;
    showError(error);
  }

  function showError(error) {
    g.error = error;
    render();
  }

  function isMyAction() {
    const s = g.state;
    return Boolean(s && !s.outcome && !s.setup && s.turn && s.turn.actor !== null && s.turn.actor === s.you);
  }

  /** The options for the next step: the state's for an empty prefix, else the last preview's. */
  function currentOptions() {
    if (!isMyAction() || g.pendingAct) return [];
    if (g.prefix.length === 0) return g.state.options ?? [];
    if (g.pendingPreview || !g.preview) return [];
    return g.preview.options ?? [];
  }

  /** When every square option starts from one worker, that worker is the only sensible pick. */
  function autoSelect(options) {
    const froms = new Set(options.filter((o) => o.from).map((o) => o.from));
    return froms.size === 1 ? [...froms][0] : null;
  }

  function targetsFor(options, selected) {
    return new Set(options.filter((o) => o.to && (!o.from || o.from === selected)).map((o) => o.to));
  }

  function onSquare(square) {
    const options = currentOptions();
    if (!options.length) return;
    const hits = options.filter((o) => o.to === square && (!o.from || o.from === g.selected));
    if (hits.length === 1) {
      chooseOption(hits[0]);
      return;
    }
    if (hits.length > 1) {
      // Several steps land on one square (a block or a dome): let the player say which.
      g.chooser = { square, options: hits };
      render();
      return;
    }
    g.chooser = null;
    if (options.some((o) => o.from === square)) g.selected = g.selected === square ? null : square;
    else g.selected = autoSelect(options);
    render();
  }

  function chooseOption(option) {
    g.chooser = null;
    g.selected = null;
    if (!option.text) {
      // A step with no text (declining what is left) adds nothing: the turn is the prefix.
      confirmTurn();
      return;
    }
    g.prefix.push(option.text);
    g.pendingPreview = true;
    render();
    if (!send({ type: 'preview', version: g.version, steps: [...g.prefix] })) {
      g.prefix.pop();
      g.pendingPreview = false;
      render();
    }
  }

  function canConfirm() {
    const p = g.preview;
    if (!isMyAction() || g.pendingPreview || g.pendingAct || !p) return false;
    if (g.prefix.length === 0) return false;
    const waiting = p.waiting_for;
    return Boolean(p.complete) || (waiting !== null && waiting !== undefined && waiting !== g.state.you);
  }

  function confirmTurn() {
    const id = `c-${g.nextId++}`;
    if (send({ type: 'act', version: g.version, steps: [...g.prefix], id })) g.pendingAct = id;
    render();
  }

  function sendSetup(fields) {
    send({ type: 'setup', version: g.version, ...fields });
  }

  // ---- Rendering --------------------------------------------------------------------------

  function renderStatus() {
    const labels = {
      connected: 'Connected',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
      offline: `Offline — retrying in ${(g.retryIn / 1000).toFixed(1)} s`,
    };
    ui.status.className = `status status-${g.connection}`;
    ui.status.textContent = labels[g.connection] ?? g.connection;
  }

  function seatInfo(seat) {
    return g.state?.seats?.find((s) => s.seat === seat) ?? null;
  }

  function seatSide(seat) {
    const players = g.state?.game?.players ?? 2;
    return sideOfSeat(seat, players, seatInfo(seat)?.team);
  }

  function seatName(seat) {
    const name = ownName(seat, seatInfo(seat)?.name);
    return name ? `${playerLabel(seat)} (${name})` : playerLabel(seat);
  }

  function render() {
    renderStatus();
    if (g.dead) {
      renderDead();
      return;
    }
    const s = g.state;
    if (!s) {
      fill(ui.banner, 'Loading the game…');
      renderError();
      return;
    }
    document.title = `${isMyAction() ? 'Your turn — ' : ''}Game ${id} — Aegean`;
    renderBanner();
    ui.banner.hidden = Boolean(s.outcome);
    renderGameOver();
    renderBoardArea();
    renderActions();
    renderError();
    renderSeats();
    renderCards();
    renderMoves();
    renderInvites();
    renderTools();
  }

  function renderDead() {
    ui.banner.classList.remove('your-turn');
    fill(
      ui.banner,
      el(
        'span',
        { class: 'dead-link', role: 'alert', 'data-testid': 'dead-link' },
        g.dead.message,
        ' ',
        g.dead.canWatch ? el('a', { class: 'button', href: `/game/${encodeURIComponent(id)}`, 'data-testid': 'dead-watch', text: 'Watch the game' }) : null,
        ' ',
        el('a', { class: 'button', href: '/', 'data-testid': 'dead-lobby', text: 'Go to the lobby' }),
      ),
    );
    ui.banner.hidden = false;
  }

  function renderBanner() {
    const s = g.state;
    const you = s.you;
    let text;
    if (s.outcome) text = 'Game over';
    else if (s.setup) text = SETUP_BANNERS[s.setup.phase] ?? 'Setup';
    else if (!s.turn || s.turn.actor === null || s.turn.actor === undefined) text = 'Waiting…';
    else if (s.turn.actor === you) text = s.turn.mover === you ? 'Your turn' : `Your power may act in ${seatName(s.turn.mover)}’s turn`;
    else {
      const actor = seatInfo(s.turn.actor);
      const who = seatName(s.turn.actor);
      text = actor?.kind === 'ai' ? `${who} is thinking…` : s.turn.actor === s.turn.mover ? `${who} to move` : `Waiting for ${who}`;
    }
    const unclaimed = s.seats.filter((seat) => seat.kind === 'human' && !seat.claimed);
    fill(
      ui.banner,
      s.turn && s.turn.actor !== null && s.turn.actor !== undefined && !s.outcome ? chip(seatSide(s.turn.actor)) : null,
      ` ${text}`,
      you === null || you === undefined ? el('span', { class: 'muted', text: ' · you are watching' }) : null,
      unclaimed.length && !s.outcome ? el('span', { class: 'muted', text: ` · waiting for ${unclaimed.map((x) => playerLabel(x.seat)).join(', ')} to join` }) : null,
    );
    ui.banner.classList.toggle('your-turn', isMyAction());
  }

  function renderBoardArea() {
    const s = g.state;
    const options = currentOptions();
    const preview = g.prefix.length && g.preview ? g.preview : null;
    const board = preview?.board ?? s.board;
    const players = s.game.players;
    const interactive = options.length > 0;
    mountBoard(ui.board, board, {
      players,
      marks: board?.last?.marks ?? {},
      targets: interactive ? targetsFor(options, g.selected) : new Set(),
      selectable: interactive ? new Set(options.filter((o) => o.from && o.to).map((o) => o.from)) : new Set(),
      selected: interactive ? g.selected : null,
      choosing: g.chooser?.square ?? null,
      onSquare,
    });
    ui.board.classList.toggle('previewing', Boolean(preview));
    ui.board.classList.toggle('busy', g.pendingPreview || Boolean(g.pendingAct));
    const notes = boardNotes(board, players);
    fill(ui.notes, notes.map((note) => el('p', { class: 'note', 'data-testid': 'hidden-workers', text: note })));
  }

  function renderActions() {
    const s = g.state;
    const parts = [];
    if (s.setup && !s.outcome) parts.push(renderSetup(s.setup));
    else if (isMyAction()) {
      const options = currentOptions();
      if (g.prefix.length) {
        parts.push(el('p', { class: 'prefix' }, 'This turn: ', el('code', { text: g.prefix.join(' ') })));
      }
      if (g.pendingPreview || g.pendingAct) parts.push(el('p', { class: 'muted', text: g.pendingAct ? 'Sending your turn…' : 'Checking…' }));
      else if (options.length) {
        const hasSquares = options.some((o) => o.to);
        if (hasSquares) parts.push(el('p', { class: 'hint', text: stepHint(options) }));
      }
      if (g.chooser) {
        parts.push(
          el(
            'div',
            { class: 'chooser', role: 'group', 'aria-label': `What to do on ${g.chooser.square}` },
            el('span', { class: 'chooser-title', text: `On ${g.chooser.square}:` }),
            g.chooser.options.map((o) =>
              el('button', { type: 'button', 'data-testid': 'choice', dataset: { text: o.text }, text: o.label || o.text, on: { click: () => chooseOption(o) } }),
            ),
            el('button', { type: 'button', class: 'ghost', text: 'Cancel', on: { click: () => { g.chooser = null; render(); } } }),
          ),
        );
      }
      const buttons = options.filter((o) => !o.to);
      const row = [];
      for (const o of buttons) {
        row.push(
          el('button', {
            type: 'button',
            class: o.kind === 'end' || o.kind === 'pass' ? 'secondary' : '',
            'data-testid': `option-${o.kind}`,
            dataset: { text: o.text },
            text: o.label || o.text,
            on: { click: () => chooseOption(o) },
          }),
        );
      }
      if (g.preview?.outcome && g.prefix.length && !g.pendingPreview) {
        const winners = g.preview.outcome.winners ?? [];
        const text = winners.includes(s.you) ? 'This turn wins the game!' : 'This turn ends the game.';
        parts.push(el('p', { class: 'win-note', text }));
      }
      if (canConfirm()) {
        row.push(el('button', { type: 'button', class: 'primary', 'data-testid': 'confirm-turn', text: 'Confirm turn', on: { click: confirmTurn } }));
      }
      if (g.prefix.length && !g.pendingAct) {
        row.push(
          el('button', {
            type: 'button',
            class: 'ghost',
            'data-testid': 'restart-turn',
            text: 'Restart turn',
            on: {
              click: () => {
                resetTurn();
                g.selected = autoSelect(currentOptions());
                render();
              },
            },
          }),
        );
      }
      if (row.length) parts.push(el('div', { class: 'button-row' }, row));
      if (options.length) {
        // Every legal step as a plain list: keyboard users and the curious need no board.
        parts.push(
          el(
            'details',
            { class: 'option-list', 'data-testid': 'option-list' },
            el('summary', { text: `All legal steps (${options.length})` }),
            el(
              'div',
              { class: 'option-list-items' },
              options.map((o) => el('button', { type: 'button', class: 'small', dataset: { text: o.text }, text: o.label || o.text, on: { click: () => chooseOption(o) } })),
            ),
          ),
        );
      }
    }
    fill(ui.actions, parts);
    ui.actions.hidden = parts.length === 0;
  }

  function stepHint(options) {
    const kinds = new Set(options.filter((o) => o.to).map((o) => o.kind));
    if (kinds.has('place')) return 'Tap a square to place a worker.';
    if (kinds.size === 1 && kinds.has('mark')) return 'Tap a highlighted square to mark it.';
    if (g.selected && targetsFor(options, g.selected).size) return `Tap a highlighted square (${[...kinds].join(' / ')}).`;
    if (options.some((o) => o.from)) return 'Tap one of your highlighted workers.';
    return 'Tap a highlighted square.';
  }

  function renderSetup(setup) {
    const you = g.state.you;
    const box = el('div', { class: 'setup' });
    const challenger = seatName(setup.challenger);
    const players = g.state.game.players;
    const fleeceGame = g.state.game.variant === 'golden-fleece';
    if (setup.phase === 'pick') {
      if (you !== setup.challenger) {
        box.append(el('p', { text: `Waiting for ${challenger}, the Challenger, to pick ${setup.picks} power${setup.picks === 1 ? '' : 's'}.` }));
        return box;
      }
      if (!g.powers) {
        box.append(el('p', { class: 'muted', text: 'Loading the powers…' }));
        return box;
      }
      const pool = g.powers.filter((p) =>
        fleeceGame ? p.golden_fleece : players === 3 ? p.three_players : players === 4 ? p.four_players : true,
      );
      const chosen = [...g.pick];
      const blocked = (p) =>
        chosen.some((name) => bannedList(p).includes(name) || bannedList(g.powers.find((q) => q.name === name)).includes(p.name));
      const submit = el('button', {
        type: 'button',
        class: 'primary',
        'data-testid': 'setup-pick',
        disabled: chosen.length !== setup.picks,
        text: `Offer ${chosen.length}/${setup.picks}`,
        on: { click: () => sendSetup({ pick: [...g.pick] }) },
      });
      box.append(
        el('p', { text: `You are the Challenger: pick ${setup.picks} power${setup.picks === 1 ? '' : 's'}${fleeceGame ? ' (the Golden Fleece power)' : ''}.` }),
        el(
          'div',
          { class: 'pick-list' },
          pool.map((p) => {
            const checked = g.pick.has(p.name);
            return el(
              'label',
              { class: 'pick', title: p.text },
              el('input', {
                type: 'checkbox',
                checked,
                disabled: !checked && (chosen.length >= setup.picks || blocked(p)),
                'data-testid': 'setup-pick-option',
                dataset: { power: p.name },
                on: {
                  change: (e) => {
                    if (e.target.checked) g.pick.add(p.name);
                    else g.pick.delete(p.name);
                    render();
                  },
                },
              }),
              el('span', { class: 'pick-name', text: p.name }),
              el('span', { class: 'muted small', text: ` ${p.epithet}` }),
            );
          }),
        ),
        el('div', { class: 'button-row' }, submit),
      );
    } else if (setup.phase === 'choose') {
      const remaining = setup.remaining ?? [];
      if (you === setup.chooser) {
        box.append(
          el('p', { text: 'Choose your power:' }),
          el(
            'div',
            { class: 'choose-list' },
            remaining.map((name) => {
              const power = g.powers?.find((p) => p.name === name);
              return el(
                'button',
                { type: 'button', class: 'power-choice', 'data-testid': 'setup-choose', dataset: { power: name }, on: { click: () => sendSetup({ choose: name }) } },
                el('strong', { text: name }),
                power ? el('span', { class: 'small', text: ` — ${power.epithet}` }) : null,
                power ? el('span', { class: 'power-text small', text: power.text }) : null,
              );
            }),
          ),
        );
      } else {
        box.append(
          el('p', { text: `Waiting for ${seatName(setup.chooser)} to choose a power.` }),
          remaining.length ? el('p', { class: 'muted', text: `Left: ${remaining.join(', ')}` }) : null,
        );
      }
    } else if (setup.phase === 'start') {
      if (you === setup.challenger) {
        box.append(
          el('p', { text: 'Name the start player:' }),
          el(
            'div',
            { class: 'button-row' },
            (setup.start_options ?? []).map((seat) =>
              el('button', { type: 'button', 'data-testid': 'setup-start', dataset: { seat: String(seat) }, text: `${seatName(seat)} starts`, on: { click: () => sendSetup({ start: seat }) } }),
            ),
          ),
        );
      } else box.append(el('p', { text: `Waiting for ${challenger} to name the start player.` }));
    }
    return box;
  }

  function renderError() {
    const error = g.error;
    if (!error) {
      ui.error.hidden = true;
      ui.error.replaceChildren();
      return;
    }
    ui.error.hidden = false;
    fill(
      ui.error,
      el('span', { class: 'error-text', text: error.message || error.code }),
      error.legal && error.legal.length
        ? el('details', { 'data-testid': 'error-legal' }, el('summary', { text: `Legal steps (${error.legal.length})` }), el('code', { class: 'legal', text: error.legal.join(' ') }))
        : null,
      el('button', { type: 'button', class: 'ghost small dismiss', 'aria-label': 'Dismiss', text: '×', on: { click: () => { g.error = null; render(); } } }),
    );
  }

  function renderSeats() {
    const s = g.state;
    const players = s.game.players;
    fill(
      ui.seats,
      el('h2', { text: 'Players' }),
      el(
        'ul',
        { class: 'seat-list' },
        s.seats.map((seat) => {
          // In setup nobody moves yet: the seat the game waits for is the one marked.
          const mover = s.turn?.mover ?? s.turn?.actor;
          const toMove = !s.outcome && s.turn && mover === seat.seat;
          const acting = !s.outcome && s.turn && s.turn.actor === seat.seat && s.turn.actor !== mover;
          const isAi = seat.kind === 'ai';
          return el(
            'li',
            { class: `seat${toMove ? ' to-move' : ''}${seat.out ? ' out' : ''}`, 'data-testid': `seat-${seat.seat}` },
            el('span', { class: 'to-move-marker', 'aria-label': toMove ? 'to move' : null, text: toMove ? '▶' : acting ? '…' : '' }),
            chip(sideOfSeat(seat.seat, players, seat.team)),
            el(
              'div',
              { class: 'seat-body' },
              el(
                'div',
                { class: 'seat-name' },
                el('strong', { text: playerLabel(seat.seat) }),
                ownName(seat.seat, seat.name) ? ` ${seat.name}` : '',
                seat.seat === s.you ? el('span', { class: 'badge', text: 'you' }) : null,
                players === 4 ? el('span', { class: 'badge', text: `team ${(seat.team ?? seat.seat % 2) + 1}` }) : null,
                seat.out ? el('span', { class: 'badge badge-out', text: 'out' }) : null,
              ),
              el(
                'div',
                { class: 'muted small' },
                seat.power ?? (s.game.variant === 'golden-fleece' ? 'Golden Fleece' : 'no power'),
                ' · ',
                isAi ? levelLabel(seat.level) : seat.claimed ? 'human' : 'open seat',
              ),
            ),
            isAi
              ? null
              : el('span', {
                  class: `dot ${seat.connected ? 'dot-on' : 'dot-off'}`,
                  role: 'img',
                  'aria-label': seat.connected ? 'connected' : 'not connected',
                  title: seat.connected ? 'connected' : 'not connected',
                }),
          );
        }),
      ),
    );
  }

  function renderCards() {
    const s = g.state;
    const cards = s.cards ?? [];
    ui.cards.hidden = cards.length === 0;
    fill(
      ui.cards,
      el('h2', { text: 'Powers' }),
      cards.map((card) =>
        el(
          'article',
          { class: 'power-card' },
          el(
            'header',
            {},
            card.seat !== null && card.seat !== undefined ? chip(seatSide(card.seat)) : el('span', { class: 'chip chip-fleece', 'aria-hidden': 'true' }),
            el('strong', { text: ` ${card.name}` }),
            el('span', { class: 'muted small', text: ` — ${card.epithet ?? ''}` }),
            el('span', { class: 'small', text: card.seat !== null && card.seat !== undefined ? ` · ${playerLabel(card.seat)}` : ' · the Fleece' }),
          ),
          el('p', { class: 'power-text', text: card.text ?? '' }),
        ),
      ),
    );
  }

  function renderMoves() {
    const s = g.state;
    const list = el(
      'ol',
      { class: 'move-list', 'data-testid': 'move-list' },
      (s.turns ?? []).map((turn) =>
        el(
          'li',
          { dataset: { number: String(turn.number) } },
          el('span', { class: 'move-number', text: `${turn.number}.` }),
          chip(seatSide(turn.seat), playerLabel(turn.seat)),
          el('code', { text: turn.text }),
        ),
      ),
      s.turn?.in_progress
        ? el('li', { class: 'in-progress' }, el('span', { class: 'move-number', text: '…' }), chip(seatSide(s.turn.mover)), el('code', { text: s.turn.in_progress }))
        : null,
    );
    const scroller = el('div', { class: 'move-scroll' }, list);
    fill(ui.moves, el('h2', { text: 'Moves' }), scroller);
    scroller.scrollTop = scroller.scrollHeight;
  }

  function renderInvites() {
    const s = g.state;
    const created = loadCreated(id);
    const invites = created?.invites ?? {};
    const seats = Object.keys(invites).map(Number).filter((seat) => seat !== created.creator);
    ui.invites.hidden = !seats.length || Boolean(s.outcome) || s.you !== created.creator;
    if (ui.invites.hidden) return;
    fill(
      ui.invites,
      el('h2', { text: 'Invite links' }),
      el('p', { class: 'muted small', text: 'Send each player their own link. It works once: it gives its seat to the first browser that opens it.' }),
      seats.map((seat) => {
        const claimed = Boolean(seatInfo(seat)?.claimed);
        if (claimed) {
          // The invite is dead: forget it (the seat's own token is its player's alone).
          delete invites[seat];
          saveCreated(id, created);
        }
        const head = el(
          'div',
          { class: 'invite-head' },
          chip(seatSide(seat)),
          ` ${playerLabel(seat)}`,
          el('span', { class: 'muted small', 'data-testid': `invite-state-${seat}`, text: claimed ? ' · joined' : ' · not joined yet' }),
        );
        if (claimed) return el('div', { class: 'invite' }, head);
        const input = el('input', {
          type: 'text',
          readonly: true,
          value: inviteLink(id, seat, invites[seat]),
          'aria-label': `${playerLabel(seat)} invite link`,
          'data-testid': `invite-${seat}`,
        });
        return el(
          'div',
          { class: 'invite' },
          head,
          el('div', { class: 'invite-row' }, input, el('button', { type: 'button', 'data-testid': `copy-invite-${seat}`, text: 'Copy', on: { click: (e) => copyText(input, e.target) } })),
        );
      }),
    );
  }

  function renderTools() {
    const s = g.state;
    const tools = [];
    const me = seatInfo(s.you);
    if (s.you !== null && s.you !== undefined && !s.outcome && me && !me.out) {
      tools.push(
        el('button', {
          type: 'button',
          class: 'danger',
          'data-testid': 'resign',
          text: 'Resign',
          on: {
            click: () => {
              const note = s.game.players === 3 ? 'You will leave the game.' : 'Your side loses the game.';
              if (window.confirm(`Resign? ${note}`)) send({ type: 'resign', version: g.version });
            },
          },
        }),
      );
    }
    // Seats this browser holds but is not using here (e.g. opened the Watch link).
    if (s.you === null || s.you === undefined) {
      const mine = savedSeats(id);
      for (const seat of mine) {
        tools.push(el('a', { class: 'button', href: seatLink(id, seat, loadToken(id, seat)), 'data-testid': `play-as-${seat}`, text: `Play as ${playerLabel(seat)}` }));
      }
      const open = s.seats.filter(joinable);
      if (open.length && !mine.length && !s.outcome) {
        tools.push(
          el('button', {
            type: 'button',
            class: 'primary',
            'data-testid': 'take-seat',
            text: `Take the open seat (${playerLabel(open[0].seat)})`,
            on: {
              click: async (event) => {
                event.target.disabled = true;
                try {
                  await joinGame(id);
                } catch (error) {
                  showError({ code: 'join', message: `Could not take the seat: ${error.message}` });
                }
              },
            },
          }),
        );
      }
    }
    fill(ui.tools, tools.length ? el('div', { class: 'button-row' }, tools) : null, el('p', { class: 'muted small' }, 'Game ', el('code', { text: id }), ` · version ${s.version} · ${s.game.variant}`));
  }

  function renderGameOver() {
    const s = g.state;
    if (!s.outcome) {
      ui.gameOver.hidden = true;
      return;
    }
    ui.gameOver.hidden = false;
    const winners = s.outcome.winners ?? [];
    const youWon = s.you !== null && s.you !== undefined && winners.includes(s.you);
    const offered = s.rematch?.offered ?? [];
    const seated = s.you !== null && s.you !== undefined;
    const rematchGame = g.rematch?.game ?? s.rematch?.game;
    const items = [
      el('h2', { text: seated ? (youWon ? 'You won!' : winners.length ? 'You lost' : 'Game over') : 'Game over' }),
      el('p', { class: 'outcome-text', text: s.outcome.text ?? '' }),
      el('p', { class: 'muted' }, `Result ${s.outcome.result ?? ''}`, winners.length ? ` · winner${winners.length > 1 ? 's' : ''}: ${winners.map(seatName).join(', ')}` : ''),
    ];
    const buttons = [
      el('a', { class: 'button', href: `/api/games/${encodeURIComponent(id)}/record?format=text`, download: `aegean-${id}.txt`, 'data-testid': 'download-record', text: 'Download record' }),
      el('a', { class: 'button', href: `/replay?game=${encodeURIComponent(id)}`, 'data-testid': 'replay-game', text: 'Replay' }),
    ];
    if (g.rematch) {
      buttons.push(el('a', { class: 'button primary', href: seatLink(g.rematch.game, g.rematch.seat, g.rematch.token), 'data-testid': 'rematch-link', text: 'Go to the rematch' }));
    } else if (rematchGame) {
      const mine = savedSeats(rematchGame);
      const href = mine.length ? seatLink(rematchGame, mine[0], loadToken(rematchGame, mine[0])) : `/game/${encodeURIComponent(rematchGame)}`;
      buttons.push(el('a', { class: 'button primary', href, 'data-testid': 'rematch-link', text: mine.length ? 'Go to the rematch' : 'Watch the rematch' }));
    } else if (seated) {
      const mineOffered = offered.includes(s.you);
      buttons.push(
        el('button', {
          type: 'button',
          class: 'primary',
          'data-testid': 'rematch',
          disabled: mineOffered,
          text: mineOffered ? 'Rematch offered…' : offered.length ? 'Accept rematch' : 'Rematch',
          on: { click: () => send({ type: 'rematch' }) },
        }),
      );
    }
    if (offered.length && !rematchGame) items.push(el('p', { class: 'small', text: `Rematch offered by ${offered.map(seatName).join(', ')}` }));
    fill(ui.gameOver, items, el('div', { class: 'button-row' }, buttons));
  }

  if (invite && !token && hashSeat !== null) claimInvite();
  else connect();
  render();
  // Moving between seats of one game in this tab only changes the hash: reload to re-hello.
  window.addEventListener('hashchange', () => location.reload());
}

function buildGameLayout(id) {
  const ui = {
    status: el('span', { class: 'status', role: 'status', 'data-testid': 'status' }),
    banner: el('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }),
    gameOver: el('section', { class: 'game-over', 'data-testid': 'game-over', hidden: true, 'aria-live': 'polite' }),
    board: el('div', { class: 'board-wrap' }),
    notes: el('div', { class: 'board-notes' }),
    actions: el('section', { class: 'actions', 'data-testid': 'actions', 'aria-label': 'Your turn' }),
    error: el('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true }),
    seats: el('section', { class: 'card seats', 'data-testid': 'seats' }),
    cards: el('section', { class: 'card cards', 'data-testid': 'cards' }),
    moves: el('section', { class: 'card moves' }),
    invites: el('section', { class: 'card invites', 'data-testid': 'invites', hidden: true }),
    tools: el('section', { class: 'tools' }),
  };
  fill(
    document.getElementById('app'),
    el(
      'div',
      { class: 'game-layout' },
      el(
        'div',
        { class: 'board-col' },
        el('div', { class: 'game-head' }, el('h1', { class: 'game-id' }, 'Game ', el('code', { text: id })), ui.status),
        ui.gameOver,
        ui.banner,
        ui.board,
        ui.notes,
        ui.error,
        ui.actions,
      ),
      el('aside', { class: 'panel' }, ui.seats, ui.cards, ui.invites, ui.moves, ui.tools),
    ),
  );
  return ui;
}

/** Copies an invite link; the Clipboard API needs a secure context, so fall back to a selection. */
async function copyText(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand?.('copy');
  }
  const before = button.textContent;
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = before), 1500);
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

/** The number of players of a record, from its start position's worker fields (notation.md). */
function playersOfStart(start) {
  const fields = String(start ?? '').trim().split(/\s+/).slice(2);
  const count = fields.filter((f) => !f.includes('=')).length;
  return count >= 2 && count <= 4 ? count : 2;
}

function replayPage() {
  document.title = 'Replay — Aegean Santorini';
  const app = document.getElementById('app');
  const errorBox = el('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  const showError = (message) => {
    fill(errorBox, message);
    errorBox.hidden = !message;
  };
  const file = el('input', { type: 'file', accept: '.txt,.json,.record,text/plain,application/json', 'data-testid': 'replay-file', 'aria-label': 'Record file' });
  const text = el('textarea', { rows: '5', placeholder: 'or paste a record (JSON or text) here', 'data-testid': 'replay-text', 'aria-label': 'Record text' });
  const load = el('button', { type: 'button', class: 'primary', 'data-testid': 'replay-load', text: 'Show' });
  const viewer = el('div', { class: 'replay-viewer' });
  const loader = el(
    'section',
    { class: 'card replay-loader' },
    el('h1', { text: 'Replay a record' }),
    el('label', { class: 'field' }, el('span', { class: 'field-label', text: 'Record file' }), file),
    text,
    el('div', { class: 'button-row' }, load),
  );
  fill(app, el('div', { class: 'replay' }, errorBox, loader, viewer));

  const submit = async (body) => {
    showError('');
    try {
      showReplay(viewer, await api('POST', '/api/replay', body));
    } catch (error) {
      showError(`Could not read the record: ${error.message}`);
    }
  };
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    if (chosen.size > 256 * 1024) {
      showError('The record is larger than 256 KiB.');
      return;
    }
    text.value = await chosen.text();
    submit(text.value);
  });
  load.addEventListener('click', () => {
    if (!text.value.trim()) showError('Choose a file or paste a record first.');
    else submit(text.value);
  });

  const game = new URLSearchParams(location.search).get('game');
  if (game) {
    // A game's replay needs no loader; keep it one click away.
    loader.hidden = true;
    errorBox.after(
      el('p', {}, el('button', { type: 'button', class: 'ghost', text: 'Replay another record…', on: { click: (e) => { loader.hidden = false; e.target.remove(); } } })),
    );
    api('GET', `/api/games/${encodeURIComponent(game)}/replay`)
      .then((data) => showReplay(viewer, data, game))
      .catch((error) => showError(`Could not load game ${game}: ${error.message}`));
  }
}

/** Keyboard navigation is bound once per page; it drives whichever replay is shown. */
let replayKeys = null;

function showReplay(viewer, data, gameId) {
  const record = data.record ?? {};
  const frames = data.frames ?? [];
  const players = playersOfStart(record.start);
  let index = 0;
  const boardBox = el('div', { class: 'board-wrap' });
  const notes = el('div', { class: 'board-notes' });
  const position = el('p', { class: 'replay-position', 'data-testid': 'replay-position', 'aria-live': 'polite' });
  const list = el('ol', { class: 'move-list replay-moves', 'data-testid': 'move-list' });
  const button = (testid, label, aria, fn) => el('button', { type: 'button', 'data-testid': testid, 'aria-label': aria, text: label, on: { click: fn } });
  const go = (i) => {
    index = Math.max(0, Math.min(frames.length - 1, i));
    draw();
  };
  const controls = el(
    'div',
    { class: 'button-row replay-controls' },
    button('replay-first', '« First', 'First position', () => go(0)),
    button('replay-prev', '‹ Prev', 'Previous turn', () => go(index - 1)),
    button('replay-next', 'Next ›', 'Next turn', () => go(index + 1)),
    button('replay-last', 'Last »', 'Last position', () => go(frames.length - 1)),
  );

  const moveButtons = frames.map((frame, i) =>
    el(
      'li',
      {},
      el(
        'button',
        { type: 'button', class: 'move-button', dataset: { index: String(i) }, on: { click: () => go(i) } },
        el('span', { class: 'move-number', text: i === 0 ? '' : `${frame.index ?? i}.` }),
        frame.mover !== null && frame.mover !== undefined && i > 0 ? chip(sideOfSeat(frame.mover, players), playerLabel(frame.mover)) : null,
        el('code', { text: frame.turn ?? 'start' }),
      ),
    ),
  );
  fill(list, moveButtons);

  function draw() {
    const frame = frames[index];
    if (!frame) return;
    mountBoard(boardBox, frame.board, { players });
    fill(notes, boardNotes(frame.board, players).map((note) => el('p', { class: 'note', 'data-testid': 'hidden-workers', text: note })));
    fill(
      position,
      index === 0 ? 'Start position' : `Turn ${index} of ${frames.length - 1}: `,
      index > 0 && frame.mover !== null && frame.mover !== undefined ? playerLabel(frame.mover) : '',
      index > 0 ? ' ' : '',
      index > 0 ? el('code', { text: frame.turn ?? '' }) : '',
    );
    list.querySelectorAll('.move-button').forEach((b, i) => {
      b.classList.toggle('current', i === index);
      b.setAttribute('aria-current', i === index ? 'step' : 'false');
    });
    list.querySelector('.move-button.current')?.scrollIntoView({ block: 'nearest' });
  }

  const headers = Object.entries(record.headers ?? {});
  fill(
    viewer,
    el(
      'div',
      { class: 'game-layout' },
      el('div', { class: 'board-col' }, el('h2', { text: gameId ? `Game ${gameId}` : 'Record' }), position, boardBox, notes, controls),
      el(
        'aside',
        { class: 'panel' },
        el(
          'section',
          { class: 'card' },
          el('h2', { text: 'Record' }),
          el('dl', { class: 'headers', 'data-testid': 'replay-headers' }, headers.map(([k, v]) => [el('dt', { text: k }), el('dd', { text: String(v) })])),
          record.result ? el('p', {}, 'Result: ', el('strong', { text: record.result })) : null,
        ),
        el('section', { class: 'card moves' }, el('h2', { text: 'Moves' }), el('div', { class: 'move-scroll' }, list)),
      ),
    ),
  );
  if (replayKeys) document.removeEventListener('keydown', replayKeys);
  replayKeys = (event) => {
    if (event.target.closest?.('input, textarea, select')) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: frames.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  };
  document.addEventListener('keydown', replayKeys);
  draw();
}

route();
