// The table page (`/t/ID`): live state over the table's WebSocket, the seats this browser holds
// (several for hotseat), and the controls: sit down, seat a bot, start, keep or give, leave,
// cancel. The page acts with the token of the seat whose turn it is (GDD §3.4.2.3.2: the player
// who drew decides).
import { el, showError } from './dom.js';
import { catalog as fetchCatalog, tables as fetchTables } from './api.js';
import { EventLog } from './events.js';
import { TableConnection } from './connection.js';
import { loadSeats, rememberSeat, forgetSeat } from './seats.js';
import { renderTable, playerById, isFinished, givenWords as given } from './view.js';
import { stackKeys } from './card.js';
import { bindSoundOption, ownTurnBegins, clockWarning } from './notify.js';
import { checkDeal } from './deal.js';
import { slideGive } from './motion.js';

const id = decodeURIComponent(location.pathname.replace(/^\/t\//, '').replace(/\/.*$/, ''));
let seats = loadSeats(id);
let table = null;
let catalog = null;
let busy = false;           // a give was sent; wait for the next state before another
const joining = [];         // names asked for with `join`, for the `seated` answers in order
const events = new EventLog();  // the game's events, history and live alike (events.js)

const connection = new TableConnection(id, {
    hellos: () => (seats.length ? seats.map((s) => ({ type: 'hello', token: s.token })) : [{ type: 'hello' }]),
    onMessage,
    onStatus: (text, ok) => {
        const status = document.getElementById('connection');
        status.textContent = text;
        status.className = ok ? 'ok' : 'warn';
        if (!ok && connection.retries === 3) checkListed();
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

// After three failed connections in a row: is the table still on the server at all? (A browser
// cannot tell a refused WebSocket from a server that is down.) A table that is gone is not
// tried again; the page links to its stored game when the server kept it.
async function checkListed() {
    let list;
    try {
        list = await fetchTables();
    } catch {
        return;  // the server is down: the connection line says so; keep trying
    }
    if (!Array.isArray(list) || list.some((t) => t.id === id)) return;
    connection.close();
    const status = document.getElementById('connection');
    status.textContent = 'the table is gone from this server';
    status.className = 'warn';
    let stored = null;
    try {
        const res = await fetch(`/api/tables/${encodeURIComponent(id)}/game`, { headers: { Accept: 'application/json' } });
        if (res.ok) stored = await res.json();
    } catch { /* no link then */ }
    const box = document.getElementById('error');
    box.replaceChildren(`Table ${id} is not open on this server any more. `,
        stored && stored.game
            ? el('a', { href: `/replay?game=${stored.game}`, 'data-test': 'stored-game' }, `Watch its game (stored game ${stored.game}, ${stored.status}) on the replay page.`)
            : 'The server did not keep its game. The lobby lists the open tables.');
    box.hidden = false;
}

function onMessage(msg) {
    switch (msg.type) {
        case 'state':
        {
            // The turn clock and the spectator count come beside the table (docs/web.md).
            const was = table;
            table = { ...msg.table, clock: msg.clock ?? null, spectators: msg.spectators };
            busy = false;
            setClock(table.clock);
            draw();
            // A bot's turn shown for the server's pace: its card slides to its receiver.
            if (table.given_to !== null && table.given_to !== undefined && !(was && was.turn === table.turn && was.given_to === table.given_to))
                slideGive(table.given_to, 700);
            break;
        }
        case 'seated':
        {
            // A new token answers a `join` (in the order asked); a known one a hello (a reconnect).
            const known = seats.some((s) => s.token === msg.token);
            seats = rememberSeat(id, msg.token, msg.player ?? null, known ? null : joining.shift() ?? null);
            if (!known) document.getElementById('name').value = '';
        }
            showError('');
            draw();
            break;
        case 'events':
            // The first hello of a connection brings what happened before it ("history"), then
            // each change brings its new entries: one list, in order, whatever the page missed.
            events.add(msg.events, msg.history === true);
            if (msg.history !== true) slideShownGive(msg.events);
            if (table) drawSince();
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
            busy = false;
            if (msg.request === 'join') joining.shift();
            // A refused chat line is said beside the chat field, where the person typed it.
            if (msg.request === 'chat') {
                chatError(msg.message || 'The server refused that line.');
                break;
            }
            showError(msg.message || 'The server refused that.');
            draw();
            break;
        default:
            break;
    }
}

// The events of a give of the card shown now (a person's decision, this page's or another's)
// arrive before the next state: the card slides from where it is to its receiver's panel.
function slideShownGive(list) {
    if (!table || !table.drawn || (table.given_to !== null && table.given_to !== undefined)) return;
    for (const e of Array.isArray(list) ? list : []) {
        if (!e || !Array.isArray(e.event) || e.event[0] !== 'give' || e.event[1] !== table.turn) continue;
        const to = (table.players || []).find((p) => p.name === e.event[3]);
        if (to) slideGive(to.id, 450);
        return;
    }
}

/** The seats of this page that sit at the table now: player id → seat. */
function mySeats() {
    const mine = new Map();
    if (!table) return mine;
    for (const seat of seats) {
        if (seat.player === null || seat.player === undefined) continue;
        const p = (table.players || []).find((q) => String(q.id) === String(seat.player));
        if (p) mine.set(p.id, seat);
    }
    return mine;
}

/** The seat whose token acts now: the current player's, if it is one of this page's. */
function actingSeat() {
    if (!table || table.drawn === null || table.drawn === undefined) return null;
    if (table.given_to !== null && table.given_to !== undefined) return null;  // a turn shown after its give (the pace)
    const mine = mySeats();
    return mine.has(table.current) ? mine.get(table.current) : null;
}

/** Any token of this page, for requests any seated player may make (add a bot, start). */
function anyToken() {
    const mine = mySeats();
    const seat = mine.size ? mine.values().next().value : seats[0];
    return seat ? seat.token : null;
}

function finished() {
    return !!table && isFinished(table);
}

function draw() {
    if (!table) return;
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
        myNames: new Set(seats.map((s) => s.name).filter(Boolean).concat([...mine.keys()].map((k) => playerById(table, k).name))),
        canCancel: seats.length > 0,
        setNames: new Map(((catalog && catalog.sets) || []).map((x) => [x.id, x.name])),
        recordUrl: `/api/tables/${encodeURIComponent(id)}/record`,
        clockText: () => clockText(clockEnd === null ? 0 : clockEnd - Date.now()),
        clockLow: () => clockEnd !== null && clockEnd - Date.now() <= LOW_MS,
        replayUrl: `/replay?table=${encodeURIComponent(id)}`,
        canRematch: finished() && mine.size > 0,  // a player of the game at its end: a leaver's token is gone
        dealVerdict: dealCheck && table.deal && dealCheck.key === dealKey(table.deal) ? dealCheck.verdict : null,
    });
    verifyDeal();
    document.title = `${acting ? '▶ Your turn — ' : ''}Cherries table ${id}`;
    announce(acting);
    drawSince();
    const seated = anyToken() !== null;
    document.getElementById('add-bot').disabled = !seated || finished();
    document.getElementById('start').hidden = !!table.started;
    document.getElementById('start').disabled = !seated;
    document.getElementById('seat-hint').hidden = seated;
    // Once the game is on, the seat panel's long hints give their room to the chat, which follows
    // it: at 1280 x 900 the table and the chat are in view together.
    for (const hint of document.querySelectorAll('.before-start')) hint.hidden = !!table.started;
    document.getElementById('join-form').hidden = finished();
    document.getElementById('bot-form').hidden = finished();
    const mineList = document.getElementById('my-seats');
    const names = [...mine.values()].map((s) => playerById(table, s.player)?.name || s.name).filter(Boolean);
    // A seat asked for mid-game waits for the turn's end (GDD §3.4.2.1): the page says so, not
    // that it is only watching.
    const waiting = finished() ? [] : seats.filter((s) => (s.player === null || s.player === undefined) && s.name).map((s) => s.name);
    mineList.textContent = [
        names.length ? `Seats on this page: ${names.join(', ')}.` : '',
        waiting.length ? `Waiting to sit down after this turn: ${waiting.join(', ')}.` : '',
    ].filter(Boolean).join(' ') || 'You are watching (no seat on this page).';
    // A keyboard player whose focus went with a control that is gone, hidden or disabled (their
    // last decision, the Start button just hidden) finds it on the whose-turn box meanwhile
    // (never on the page's body), and on Keep when their turn comes; a focus anywhere else
    // (a field, the log) stays. Last, so the controls above are hidden already.
    const keep = document.querySelector('[data-test="keep"]');
    const box = document.getElementById('turn-box');
    const a = document.activeElement;
    const lost = !a || a === document.body || !a.isConnected || a.disabled || a.offsetParent === null;
    const ownTurn = keep ? table.turn : null;
    // preventScroll: Keep is on the first screen (web/layout); focusing it must not move the page.
    if (keep && (lost || (a === box && ownTurn !== focusedTurn))) keep.focus({ preventScroll: true });
    else if (lost && box) box.focus({ preventScroll: true });
    if (keep && document.activeElement === keep) focusedTurn = ownTurn;
    if (keep && ownTurn !== toldTurn) {
        toldTurn = ownTurn;
        const who = playerById(table, table.current);
        ownTurnBegins(`Your turn at table ${id}`, `${who ? who.name : 'You'}: you drew ${table.drawn.name}.`);
    }
}

// The revealed deal hashed in the page (deal.js), once per reveal; the result box shows the verdict.
let dealCheck = null;       // {key, verdict}
const dealKey = (deal) => `${deal.commitment}:${deal.seed}:${deal.salt}`;

function verifyDeal() {
    const deal = table && table.deal;
    if (!deal || deal.seed === undefined || deal.salt === undefined || !deal.commitment) return;
    const key = dealKey(deal);
    if (dealCheck && dealCheck.key === key) return;
    dealCheck = { key, verdict: null };
    checkDeal(deal.commitment, deal.seed, deal.salt)
        .then((verdict) => { dealCheck = { key, verdict }; draw(); })
        .catch(() => { dealCheck = { key, verdict: 'unavailable' }; draw(); });
}

let toldTurn = null;        // the own turn a notification was considered for (once a turn)

let focusedTurn = null;     // the own turn whose Keep got the focus (once a turn)

// The turn clock (docs/web.md, `table.clock`): the server says how long is left; the page
// counts down each second from when the state came.
let clockEnd = null;
let clockTimer = null;

function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function setClock(clock) {
    clockEnd = clock && Number.isFinite(clock.ms_left) ? Date.now() + clock.ms_left : null;
    if (clockEnd === null && clockTimer !== null) {
        clearInterval(clockTimer);
        clockTimer = null;
    } else if (clockEnd !== null && clockTimer === null) {
        clockTimer = setInterval(() => {
            const span = document.getElementById('clock');
            if (span && clockEnd !== null) span.textContent = clockText(clockEnd - Date.now());
            if (clockEnd !== null) clockLow(clockEnd - Date.now());
        }, 250);
    }
}

// The last 10 s of a turn: the clock turns into a warning (a ⚠, the words "hurry" and the error
// colours: web/clock), and on this page's own turn the screen reader hears it once and, when the
// sound option is on and the tab hidden, the page plays its tones (notify.js).
const LOW_MS = 10000;
let warnedTurn = null;

function clockLow(ms) {
    const low = ms <= LOW_MS;
    const box = document.querySelector('#turn-box .clock');
    if (box && box.classList.contains('clock-low') !== low) {
        box.classList.toggle('clock-low', low);
        const word = box.querySelector('.clock-hurry');
        if (word) word.hidden = !low;
    }
    const acting = actingSeat();
    if (!low || !acting || !table || warnedTurn === table.turn) return;
    warnedTurn = table.turn;
    const who = playerById(table, table.current);
    document.getElementById('announce').textContent = `${Math.max(0, Math.ceil(ms / 1000))} seconds left${who ? `, ${who.name}` : ''}: keep or give the card.`;
    clockWarning();
}

// At your turn, what the others did since your last one (events.js), under the controls.
function drawSince() {
    const box = document.getElementById('since');
    if (!box) return;
    const acting = actingSeat();
    const me = acting ? playerById(table, table.current) : null;
    const lines = me ? events.since(me.name) : [];
    box.hidden = lines.length === 0;
    if (!lines.length) return;
    box.replaceChildren(el('h2', {}, 'Since your last turn'), el('ul', {}, lines.map((l) => el('li', {}, l))));
}

let announced = '';

// Says whose turn it is to a screen reader once per turn (a live region that stays in place):
// on your own turn what you drew and what it does; another's turn briefly.
function announce(acting) {
    const current = playerById(table, table.current);
    let text = '';
    if (table.result) text = table.result.winner ? `${table.result.winner} wins.` : 'The game ended without a winner.';
    else if (current && acting && table.drawn) {
        const what = table.drawn.text ? ` — ${table.drawn.text}` : '';
        text = `Your turn, ${current.name}: you drew ${table.drawn.name}${what}`;
        if (!/[.!?]$/.test(text)) text += '.';
    } else if (current && given(table)) text = `Turn ${table.turn}: ${given(table)}`;
    else if (current) text = `Turn ${table.turn}: ${current.name}.`;
    if (text !== announced) {
        announced = text;
        document.getElementById('announce').textContent = text;
    }
}

function send(msg) {
    if (!connection.sendRaw(msg)) showError('Not connected to the server; your request was not sent. Reconnecting…');
}

function onAction(event) {
    const button = event.target.closest('[data-action]');
    if (!button || !table) return;
    const action = button.getAttribute('data-action');
    const seat = actingSeat();
    if (action === 'keep' || action === 'give') {
        if (!seat || busy) return;
        const to = action === 'keep' ? table.current
            : (table.players || []).find((p) => String(p.id) === button.getAttribute('data-to'))?.id;
        if (to === undefined) return;
        busy = true;
        showError('');
        send({ type: 'give', token: seat.token, to, turn: table.turn });
        draw();
    } else if (action === 'leave') {
        const player = (table.players || []).find((p) => String(p.id) === button.getAttribute('data-to'));
        const own = player && mySeats().get(player.id);
        if (own) askToLeave(player, own, button);
    } else if (action === 'rematch') {
        const own = seats.find((s) => s.token);
        if (own) send({ type: 'rematch', token: own.token });
    } else if (action === 'cancel') {
        const name = button.getAttribute('data-name');
        const own = seats.find((s) => s.name === name) || seats[0];
        if (own) send({ type: 'cancel', token: own.token, name });
    }
}

// Leave asks first (a click cannot end someone's game by accident): what happens to the seat,
// under this table's house rules, in words; Cancel changes nothing and gives focus back.
function leaveWords(player) {
    if (!table.started) return `${player.name} stands up; the game has not started, so nothing else changes.`;
    const rules = (table.gametype && table.gametype.house_rules) || '';
    const own = player.id === table.current ? ' It is your turn: the stand-in bot decides this card first.' : '';
    // The table's rule (docs/web.md): bots never play a game out that no person plays.
    const others = (table.players || []).filter((p) => p.id !== player.id && !p.bot);
    const last = others.length ? '' : ' Nobody else here is a person, so the game stops after this turn.';
    return `${player.name} leaves the game in progress.${own} House rules: ${rules}${last}`;
}

function askToLeave(player, own, button) {
    const dialog = document.getElementById('leave-dialog');
    document.getElementById('leave-dialog-text').textContent = leaveWords(player);
    dialog.returnValue = '';
    dialog.onclose = () => {
        if (dialog.returnValue === 'leave') send({ type: 'leave', token: own.token });
        else if (button.isConnected) button.focus();
    };
    dialog.showModal();
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
        const name = document.getElementById('name').value.trim();
        if (!name || /\s/.test(name)) {
            showError('A name is one word with no spaces, e.g. “ann”.');
            return;
        }
        joining.push(name);
        send({ type: 'join', name });
    });
    document.getElementById('chat-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const field = document.getElementById('chat-text');
        const text = field.value.trim();
        if (!text) return;
        if (new TextEncoder().encode(text).length > 300) return chatError('A chat line is at most 300 bytes; shorten it.');
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
        catalog = c;
        const select = document.getElementById('bot-kind');
        select.replaceChildren(...(c.bots || []).map((b) => el('option', { value: b }, b)));
        if ((c.bots || []).includes('greedy')) select.value = 'greedy';
        draw();
    }).catch((e) => showError(`The bot list could not be loaded: ${e.message}`));
    connection.open();
}

/** For tests and the curious: the page's view of the table (read only). */
window.cherriesTable = {
    get table() { return table; },
    get seats() { return loadSeats(id); },
    get connected() { return !!connection.socket && connection.socket.readyState === WebSocket.OPEN; },
    /** True from a give sent until the next state or error answers it. */
    get busy() { return busy; },
    forget(token) { seats = forgetSeat(id, token); draw(); },
    /** Sends `msg` as is on the page's socket (a test sends a request the page would not). */
    send(msg) { send(msg); },
};

setUp();
