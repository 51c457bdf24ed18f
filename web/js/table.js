// The table page (`/t/ID`): live state over the table's WebSocket, the seats this browser holds
// (several for hotseat), and the controls: sit down, seat a bot, start, keep or give, leave,
// cancel. The page acts with the token of the seat whose turn it is (GDD §3.4.2.3.2: the player
// who drew decides).
import { el, showError } from './dom.js';
import { catalog as fetchCatalog } from './api.js';
import { EventLog } from './events.js';
import { TableConnection } from './connection.js';
import { loadSeats, rememberSeat, forgetSeat } from './seats.js';
import { renderTable, playerById, isFinished, givenWords as given, clockText } from './view.js';
import { stackKeys } from './card.js';
import { bindSoundOption, ownTurnBegins, clockWarning } from './notify.js';
import { createStore, createRequests } from './store.js';

const id = decodeURIComponent(location.pathname.replace(/^\/t\//, '').replace(/\/.*$/, ''));
// The page's state, in one place (store.js); `s` is its values (read only: change them with
// store.update, which redraws).
const store = createStore({
    seats: loadSeats(id),   // the seats this browser holds at this table (seats.js)
    table: null,            // the table as the last state said (docs/web.md), with clock and spectators
    catalog: null,          // GET /api/catalog: bots, sets and their cards' words
    busy: false,            // a give was sent; wait for the next state before another
    dealCheck: null,        // {key, show}: the revealed deal hashed in the page (deal.js); show() its verdict
    toldTurn: null,         // the own turn a notification was considered for (once a turn)
    focusedTurn: null,      // the own turn whose Keep got the focus (once a turn)
    clockEnd: null,         // Date.now() at which the turn clock runs out, or null
    warnedTurn: null,       // the turn whose last 10 s were announced
    announced: '',          // the last words said to a screen reader
});
const s = store.state;
const requests = createRequests();  // requests sent with an id, matched to their answers by it
const events = new EventLog();      // the game's events, history and live alike (events.js)
let clockTimer = null;

// motion.js, loaded once a game is on (a page before the start never moves a card), and never
// for a reader who asked for reduced motion.
let motion = null;
const move = (how, ...args) => motion && motion.then((m) => m && m[how](...args));
function loadMotion() {
    if (!motion && !matchMedia('(prefers-reduced-motion: reduce)').matches) motion = import('./motion.js').catch(() => null);
}

const connection = new TableConnection(id, {
    hellos: () => (s.seats.length ? s.seats.map((seat) => ({ type: 'hello', token: seat.token })) : [{ type: 'hello' }]).map((m) => requests.send(m)),
    onMessage,
    onStatus: (text, ok) => {
        const status = document.getElementById('connection');
        status.textContent = text;
        status.className = ok ? 'ok' : 'warn';
        // Only then is gone.js loaded: most pages never need it.
        if (!ok && connection.retries === 3) import('./gone.js').then((m) => m.checkListed(id, connection)).catch(() => {});
    },
    // A finished game's table closes after a while (the server's close_finished_after): nothing to
    // reconnect to then.
    retry: () => {
        if (!finished()) return true;
        const status = document.getElementById('connection');
        status.textContent = 'the table has closed: the game is over';
        status.className = 'ok';
        return false;
    },
});

function onMessage(msg) {
    switch (msg.type) {
        case 'state':
        {
            // The turn clock and the spectator count come beside the table (docs/web.md).
            const was = s.table;
            const table = { ...msg.table, clock: msg.clock ?? null, spectators: msg.spectators };
            setClock(table.clock);
            store.update({ table, busy: false });
            if (table.started) loadMotion();
            // A new turn's card comes off the deck; a paced bot's give slides on.
            const fresh = table.drawn && !(was && was.turn === table.turn && was.drawn);
            const given = table.given_to != null && !(was && was.turn === table.turn && was.given_to === table.given_to);
            if (fresh || given) move('turn', fresh, given ? table.given_to : null, table.drawn);
            break;
        }
        case 'seated':
        {
            // A new token answers this page's `join` (the request its id names; from a server that
            // echoes no id, the oldest join waiting); a known one a hello (a reconnect).
            const known = s.seats.some((seat) => seat.token === msg.token);
            const asked = requests.answer(msg) || (known ? null : requests.forgetOldest('join'));
            const name = !known && asked && asked.type === 'join' ? asked.name : null;
            if (!known) document.getElementById('name').value = '';
            showError('');
            store.update({ seats: rememberSeat(id, msg.token, msg.player ?? null, name) });
            break;
        }
        case 'events':
            // The first hello of a connection brings what happened before it ("history"), then
            // each change brings its new entries: one list, in order, whatever the page missed.
            events.add(msg.events, msg.history === true);
            if (msg.history !== true) slideShownGive(msg.events);
            if (s.table) drawSince();
            break;
        case 'rematch':
            // The rematch is open: this page's people have seats there; everyone follows.
            if (typeof msg.table === 'string' && /^[a-z0-9]{1,32}$/.test(msg.table)) {
                for (const seat of Array.isArray(msg.seats) ? msg.seats : [])
                    if (seat && typeof seat.token === 'string') rememberSeat(msg.table, seat.token, null, String(seat.name || ''));
                location.assign(`/t/${encodeURIComponent(msg.table)}`);
            }
            break;
        case 'chat':
            chatLine(msg);
            break;
        case 'error':
        {
            // The refused request, by the id the error carries back (else by the type it names).
            const asked = requests.answer(msg);
            const type = asked ? asked.type : msg.request;
            if (!asked && type === 'join') requests.forgetOldest('join');
            // A refused chat line is said beside the chat field, where the person typed it.
            if (type === 'chat') {
                chatError(msg.message || 'The server refused that line.');
                store.update({ busy: false });
                break;
            }
            showError(msg.message || 'The server refused that.');
            store.update({ busy: false });   // a refused give offers the card again (a redraw)
            break;
        }
        default:
            break;
    }
}

// The events of a give of the card shown now (a person's decision, this page's or another's)
// arrive before the next state: the card slides from where it is to its receiver's panel.
function slideShownGive(list) {
    const table = s.table;
    if (!table || !table.drawn || (table.given_to !== null && table.given_to !== undefined)) return;
    for (const e of Array.isArray(list) ? list : []) {
        if (!e || !Array.isArray(e.event) || e.event[0] !== 'give' || e.event[1] !== table.turn) continue;
        const to = (table.players || []).find((p) => p.name === e.event[3]);
        if (to) move('slideGive', to.id, 450, table.drawn);
        return;
    }
}

/** The seats of this page that sit at the table now: player id → seat. */
function mySeats() {
    const mine = new Map();
    const table = s.table;
    if (!table) return mine;
    for (const seat of s.seats) {
        if (seat.player === null || seat.player === undefined) continue;
        const p = (table.players || []).find((q) => String(q.id) === String(seat.player));
        if (p) mine.set(p.id, seat);
    }
    return mine;
}

/** The seat whose token acts now: the current player's, if it is one of this page's. */
function actingSeat() {
    const table = s.table;
    if (!table || table.drawn === null || table.drawn === undefined) return null;
    if (table.given_to !== null && table.given_to !== undefined) return null;  // shown after its give (pace)
    const mine = mySeats();
    return mine.has(table.current) ? mine.get(table.current) : null;
}

/** Any token of this page, for requests any seated player may make (add a bot, start). */
function anyToken() {
    const mine = mySeats();
    const seat = mine.size ? mine.values().next().value : s.seats[0];
    return seat ? seat.token : null;
}

function finished() {
    return !!s.table && isFinished(s.table);
}

// Each change of the store draws the page again (sections that did not change stay as they are).
store.subscribe(() => draw());

let votes = null;  // votes.js, for a correspondence table

function draw() {
    const table = s.table;
    if (!table) return;
    if (!votes && (table.pause || table.out_of_time)) import('./votes.js').then((m) => { votes = m; draw(); });
    const { catalog, seats, busy } = s;
    const mine = mySeats();
    const acting = actingSeat();
    const g = table.gametype || {};
    if (catalog && g.id && !g.graph) {
        const known = (catalog.gametypes || []).find((x) => x.id === g.id);
        if (known && known.graph) g.graph = known.graph;
    }
    renderTable(table, {
        mine,
        acting: acting && !busy ? table.current : null,
        myNames: new Set(seats.map((x) => x.name).filter(Boolean).concat([...mine.keys()].map((k) => playerById(table, k).name))),
        canCancel: seats.length > 0,
        setNames: new Map(((catalog && catalog.sets) || []).map((x) => [x.id, x.name])),
        recordUrl: `/api/tables/${encodeURIComponent(id)}/record`,
        clockText: () => clockText(s.clockEnd === null ? table.clock.ms_left : s.clockEnd - Date.now()),  // paused: it stands
        clockLow: () => s.clockEnd !== null && s.clockEnd - Date.now() <= LOW_MS,
        cards: catalogCards(catalog),
        replayUrl: `/replay?table=${encodeURIComponent(id)}`,
        canRematch: finished() && mine.size > 0,  // a leaver's token is gone
        votesBox: votes && votes.votesBox,
        dealVerdict: s.dealCheck && s.dealCheck.show && table.deal && s.dealCheck.key === dealKey(table.deal) ? s.dealCheck.show : null,
    });
    verifyDeal();
    document.title = `${acting ? '▶ Your turn — ' : ''}Cherries table ${id}`;
    announce(acting);
    drawSince();
    const seated = anyToken() !== null;
    document.getElementById('add-bot').disabled = !seated || finished();
    document.getElementById('start').hidden = !!table.started;
    showRules(table.rules);
    document.getElementById('start').disabled = !seated;
    document.getElementById('seat-hint').hidden = seated;
    // Once the game is on, the seat panel's hints give their room to the chat (1280 x 900: both in view).
    for (const hint of document.querySelectorAll('.before-start')) hint.hidden = !!table.started;
    document.getElementById('join-form').hidden = finished();
    document.getElementById('bot-form').hidden = finished();
    const mineList = document.getElementById('my-seats');
    const names = [...mine.values()].map((x) => playerById(table, x.player)?.name || x.name).filter(Boolean);
    // A seat asked for mid-game waits for the turn's end (GDD §3.4.2.1): the page says so, not
    // that it is only watching.
    const waiting = finished() ? [] : seats.filter((x) => (x.player === null || x.player === undefined) && x.name).map((x) => x.name);
    mineList.textContent = [
        names.length ? `Seats on this page: ${names.join(', ')}.` : '',
        waiting.length ? `Waiting to sit down after this turn: ${waiting.join(', ')}.` : '',
    ].filter(Boolean).join(' ') || 'You are watching (no seat on this page).';
    // A focus lost with a control gone, hidden or disabled (a decision made, Start hidden) goes
    // to the whose-turn box (never the body), and on Keep at their turn; any other focus (a
    // field, the log) stays. Last, so the controls above are hidden already.
    const keep = document.querySelector('[data-test="keep"]');
    const box = document.getElementById('turn-box');
    const a = document.activeElement;
    const lost = !a || a === document.body || !a.isConnected || a.disabled || a.offsetParent === null;
    const ownTurn = keep ? table.turn : null;
    // preventScroll: Keep is on the first screen (web/layout); focusing it must not move the page.
    if (keep && (lost || (a === box && ownTurn !== s.focusedTurn))) keep.focus({ preventScroll: true });
    else if (lost && box) box.focus({ preventScroll: true });
    if (keep && document.activeElement === keep) store.update({ focusedTurn: ownTurn });
    if (keep && ownTurn !== s.toldTurn) {
        store.update({ toldTurn: ownTurn });
        const who = playerById(table, table.current);
        ownTurnBegins(`Your turn at table ${id}`, `${who ? who.name : 'You'}: you drew ${table.drawn.name}.`);
    }
}

// The revealed deal hashed here (deal.js), once per reveal; the result box shows the verdict.
const dealKey = (deal) => `${deal.commitment}:${deal.seed}:${deal.salt}`;

function verifyDeal() {
    const deal = s.table && s.table.deal;
    if (!deal || deal.seed === undefined || deal.salt === undefined || !deal.commitment) return;
    const key = dealKey(deal);
    if (s.dealCheck && s.dealCheck.key === key) return;
    store.update({ dealCheck: { key, show: null } });
    // deal.js is loaded only now, at the game's end.
    import('./deal.js').then(async (d) => {
        const verdict = await d.checkDeal(deal.commitment, deal.seed, deal.salt).catch(() => 'unavailable');
        store.update({ dealCheck: { key, show: () => d.verdictElement(verdict, deal) } });
    });
}

/** The catalog's cards by id ("SET:CARD" → card), for the words of a received card pile. */
let cardsOf = { catalog: null, cards: new Map() };
function catalogCards(catalog) {
    if (cardsOf.catalog !== catalog) {
        const cards = new Map();
        for (const set of (catalog && catalog.sets) || []) for (const card of set.card_list || []) cards.set(card.id, card);
        cardsOf = { catalog, cards };
    }
    return cardsOf.cards;
}

// The rules the page states beside its fields, as the server's state says them (table.rules):
// the chat line's cap in bytes, the name rule. The page copies none of them.
function showRules(rules) {
    if (!rules) return;
    const name = document.getElementById('name-rule');
    if (name && rules.name) name.textContent = `(${rules.name})`;
    const cap = document.getElementById('chat-cap');
    if (cap && Number.isInteger(rules.chat_max_bytes)) cap.textContent = `up to ${rules.chat_max_bytes} bytes; `;
}

// The turn clock (docs/web.md, `table.clock`): the server says how long is left; the page
// counts down each second from when the state came.

function setClock(clock) {
    const clockEnd = clock && !clock.paused && Number.isFinite(clock.ms_left) ? Date.now() + clock.ms_left : null;
    s.clockEnd = clockEnd;   // read by the draw this state starts (store.update follows at once)
    if (clockEnd === null && clockTimer !== null) {
        clearInterval(clockTimer);
        clockTimer = null;
    } else if (clockEnd !== null && clockTimer === null) {
        clockTimer = setInterval(() => {
            const span = document.getElementById('clock');
            if (span && s.clockEnd !== null) span.textContent = clockText(s.clockEnd - Date.now());
            if (s.clockEnd !== null) clockLow(s.clockEnd - Date.now());
        }, 250);
    }
}

// The last 10 s of a turn: a warning (⚠, "hurry", the error colours: web/clock), said once on
// this page's own turn, with tones if the tab is hidden and the sound on (notify.js).
const LOW_MS = 10000;

function clockLow(ms) {
    const low = ms <= LOW_MS;
    const box = document.querySelector('#turn-box .clock');
    if (box && box.classList.contains('clock-low') !== low) {
        box.classList.toggle('clock-low', low);
        const word = box.querySelector('.clock-hurry');
        if (word) word.hidden = !low;
    }
    const acting = actingSeat();
    const table = s.table;
    if (!low || !acting || !table || s.warnedTurn === table.turn) return;
    store.update({ warnedTurn: table.turn });
    const who = playerById(table, table.current);
    document.getElementById('announce').textContent = `${Math.max(0, Math.ceil(ms / 1000))} seconds left${who ? `, ${who.name}` : ''}: keep or give the card.`;
    clockWarning();
}

// At your turn, what the others did since your last one (events.js), under the controls.
function drawSince() {
    const box = document.getElementById('since');
    if (!box) return;
    const acting = actingSeat();
    const me = acting ? playerById(s.table, s.table.current) : null;
    const lines = me ? events.since(me.name) : [];
    box.hidden = lines.length === 0;
    if (!lines.length) return;
    box.replaceChildren(el('h2', {}, 'Since your last turn'), el('ul', {}, lines.map((l) => el('li', {}, l))));
}

// Says whose turn it is to a screen reader once per turn (a live region that stays in place):
// on your own turn what you drew and what it does; another's turn briefly.
function announce(acting) {
    const table = s.table;
    const current = playerById(table, table.current);
    let text = '';
    if (table.result) text = table.result.winner ? `${table.result.winner} wins.` : 'The game ended without a winner.';
    else if (current && acting && table.drawn) {
        const what = table.drawn.text ? ` — ${table.drawn.text}` : '';
        text = `Your turn, ${current.name}: you drew ${table.drawn.name}${what}`;
        if (!/[.!?]$/.test(text)) text += '.';
    } else if (current && given(table)) text = `Turn ${table.turn}: ${given(table)}`;
    else if (current) text = `Turn ${table.turn}: ${current.name}.`;
    if (text !== s.announced) {
        store.update({ announced: text });
        document.getElementById('announce').textContent = text;
    }
}

// Each request goes with an id of its own (store.js): its answer or refusal carries it back.
function send(msg) {
    if (!connection.sendRaw(requests.send(msg))) showError('Not connected to the server; your request was not sent. Reconnecting…');
}

function onAction(event) {
    const button = event.target.closest('[data-action]');
    const table = s.table;
    if (!button || !table) return;
    const action = button.getAttribute('data-action');
    const seat = actingSeat();
    if (action === 'keep' || action === 'give') {
        if (!seat || s.busy) return;
        const to = action === 'keep' ? table.current
            : (table.players || []).find((p) => String(p.id) === button.getAttribute('data-to'))?.id;
        if (to === undefined) return;
        showError('');
        send({ type: 'give', token: seat.token, to, turn: table.turn });
        store.update({ busy: true });
    } else if (action === 'leave') {
        const player = (table.players || []).find((p) => String(p.id) === button.getAttribute('data-to'));
        const own = player && mySeats().get(player.id);
        if (own) import('./leave.js').then((m) => m.askToLeave(player, own, button, send));
    } else if (action === 'rematch') {
        const own = s.seats.find((x) => x.token);
        if (own) send({ type: 'rematch', token: own.token });
    } else if (action === 'cancel') {
        const name = button.getAttribute('data-name');
        const own = s.seats.find((x) => x.name === name) || s.seats[0];
        if (own) send({ type: 'cancel', token: own.token, name });
    } else if (votes) votes.voteAction(action, table, mySeats(), send);
}


// A chat line, as text (never HTML): "ann: hello" (a spectator's marked as such). The list
// keeps the last 100.
function chatLine(msg) {
    const list = document.getElementById('chat-lines');
    list.append(el('li', { class: msg.seated ? null : 'spectator' }, el('bdi', { class: 'chat-from' }, String(msg.from || '?')), ': ', String(msg.text || '')));
    while (list.children.length > 100) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
}

/** Shows `message` beside the chat field (an empty one hides it). */
function chatError(message) {
    const box = document.getElementById('chat-error');
    box.textContent = message || '';
    box.hidden = !message;
}

function setUp() {
    document.getElementById('table-id').textContent = id;
    const share = document.getElementById('share-link');
    share.value = `${location.origin}/t/${encodeURIComponent(id)}`;
    document.getElementById('copy-link').addEventListener('click', async () => {
        share.select();
        try {
            await navigator.clipboard.writeText(share.value);
            document.getElementById('copy-done').textContent = 'Copied.';
        } catch {
            document.getElementById('copy-done').textContent = 'Selected: copy it with Ctrl+C.';
        }
    });
    document.getElementById('join-form').addEventListener('submit', (event) => {
        event.preventDefault();
        // The server checks the name and a claimed name's key (names.js), in words.
        const name = document.getElementById('name').value.trim();
        let key;  // names-api.js
        try { key = localStorage['cherries-player-key']; } catch { /* no storage */ }
        if (name) send({ type: 'join', name, key });
    });
    document.getElementById('chat-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const field = document.getElementById('chat-text');
        const text = field.value.trim();
        if (!text) return;
        // The server's cap (table.rules), checked here too so a long line is not lost.
        const cap = s.table && s.table.rules && s.table.rules.chat_max_bytes;
        if (Number.isInteger(cap) && new TextEncoder().encode(text).length > cap) return chatError(`A chat line is at most ${cap} bytes; shorten it.`);
        chatError('');
        const mine = mySeats();   // a seat at the table speaks by its name, else a spectator
        const seat = mine.size ? mine.values().next().value : null;
        send(seat ? { type: 'chat', token: seat.token, text } : { type: 'chat', text });
        field.value = '';
    });
    document.getElementById('bot-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const token = anyToken();
        if (!token) return showError('Sit down first: a seated player seats bots.');
        send({ type: 'add_bot', token, kind: document.getElementById('bot-kind').value });
    });
    document.getElementById('start').addEventListener('click', () => {
        const token = anyToken();
        if (!token) return showError('Sit down first: a seated player starts the game.');
        send({ type: 'start', token });
    });
    document.addEventListener('click', onAction);
    stackKeys();
    bindSoundOption(document.getElementById('turn-sound'));
    fetchCatalog().then((c) => {
        const select = document.getElementById('bot-kind');
        select.replaceChildren(...(c.bots || []).map((b) => el('option', { value: b }, b)));
        if ((c.bots || []).includes('greedy')) select.value = 'greedy';
        store.update({ catalog: c });
    }).catch((e) => showError(`The bot list could not be loaded: ${e.message}`));
    connection.open();
}

/** For tests and the curious: the page's view of the table (read only). */
window.cherriesTable = {
    get table() { return s.table; },
    get seats() { return loadSeats(id); },
    get connected() { return !!connection.socket && connection.socket.readyState === WebSocket.OPEN; },
    /** True from a give sent until the next state or error answers it. */
    get busy() { return s.busy; },
    forget(token) { store.update({ seats: forgetSeat(id, token) }); },
    /** Sends `msg` as is on the page's socket (a test sends a request the page would not). */
    send(msg) { send(msg); },
};

setUp();
