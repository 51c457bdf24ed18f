// The replay page (`/replay`): a record from a file the user picks, a stored game (`?game=N`)
// or a table's record (`?table=ID`), stepped through turn by turn with the table's view:
// first, back, forward, last, and a jump to a turn. Arrow keys step too.
import { el, param, replaceSection, showError } from './dom.js';
import * as api from './api.js';
import { dealWords, parseRecords, replayFrames } from './replay-model.js';
import { renderTable } from './view.js';
import { linesOf } from './events.js';
import { stackKeys } from './card.js';
import { checkDeal, verdictElement } from './deal.js';

let catalog = null;
let records = [];
let frames = [];
let at = 0;
let entries = [];           // the server's entries of the shown record (events.js)

function show(k) {
    if (!frames.length) return;
    at = Math.max(0, Math.min(frames.length - 1, k));
    const frame = frames[at];
    const sets = (catalog && catalog.sets) || [];
    renderTable(frame.table, {
        setNames: new Map(sets.map((x) => [x.id, x.name])),
        cards: new Map(sets.flatMap((x) => (x.card_list || []).map((c) => [c.id, c]))),
        replay: true,
    });
    // The log: the server's words for turns at-40 .. at (a sentence about the table goes with the
    // turn before it).
    let turn = 0;
    const shown = entries.filter((e) => {
        if (Array.isArray(e.event) && typeof e.event[1] === 'number') turn = e.event[1];
        return turn >= at - 40 && turn <= at;
    });
    const list = document.getElementById('log-lines');
    list.replaceChildren(...linesOf(shown).slice(-400).map((l) => el('li', { class: l.turn ? 'turn-line' : null }, l.text)));
    const box = document.getElementById('log');
    box.scrollTop = box.scrollHeight;
    document.getElementById('position').textContent = `Turn ${at} of ${frames.length - 1}`;
    document.getElementById('jump-to').value = String(at);
    document.getElementById('jump-to').max = String(frames.length - 1);
    const had = document.activeElement;
    for (const [id, off] of [['first', at === 0], ['back', at === 0], ['forward', at === frames.length - 1], ['last', at === frames.length - 1]])
        document.getElementById(id).disabled = off;
    // A step button that just disabled itself (First at the first turn, Last at the last) hands
    // the focus to its enabled neighbour, never to the page's body.
    if (had && had.disabled) {
        const order = ['first', 'back', 'forward', 'last'];
        const i = order.indexOf(had.id);
        const near = [...order.slice(i + 1), ...order.slice(0, i).reverse()]
            .map((id) => document.getElementById(id)).find((b) => !b.disabled);
        (near || document.getElementById('jump-to')).focus();
    }
}

let eventsPath = null;  // the server's entries of the record shown: /api/games/N/events, ...; null: a file

function load(text, source, events = null) {
    eventsPath = events;
    showError('');
    try {
        records = parseRecords(text);
    } catch (e) {
        showError(`${source}: ${e.message}`);
        return;
    }
    const choose = document.getElementById('record-choice');
    if (records.length > 1) {
        replaceSection('record-choice', el('p', {},
            el('label', { for: 'record-select' }, `This file holds ${records.length} records; show`),
            el('select', { id: 'record-select' }, records.map((r, i) =>
                el('option', { value: i }, r.header.game !== undefined ? `game ${r.header.game}` : `record ${i + 1}`)))));
        document.getElementById('record-select').addEventListener('change', (ev) => pick(Number(ev.target.value), source));
    } else if (choose) {
        replaceSection('record-choice', el('div', { hidden: true }));
    }
    pick(0, source);
}

async function pick(i, source) {
    try {
        frames = replayFrames(records[i], catalog);
    } catch (e) {
        showError(`${source}: ${e.message}`);
        return;
    }
    entries = [];
    try {
        // The words are the server's, as at the live table: a stored game or table by its URL, a
        // file by sending its record to be replayed.
        const answer = await api.eventEntries(eventsPath, eventsPath ? null : records[i].text);
        entries = Array.isArray(answer.events) ? answer.events : [];
        if (answer.problem) showError(`${source}: the log stops early: ${answer.problem}`);
    } catch (e) {
        showError(`${source}: the log could not be had from the server (${e.message}); the table is shown without it.`);
    }
    // Everyone who played: the players at the start, then each who joined later, in order.
    const names = [];
    for (const f of frames)
        for (const p of f.table.players || []) if (!names.includes(p.name)) names.push(p.name);
    // The page opens on the game: first who played and how it ended (who won), in words; the
    // deal's numbers go under "Open a record", below the game.
    const last = frames[frames.length - 1].table;
    const end = records[i].end;
    const outcome = last.result && last.result.winner ? [', ', el('bdi', { 'data-test': 'replay-winner' }, last.result.winner), ' won']
        : end ? [`, ${end.reason ? `${end.end}: ${end.reason}` : `ended (${end.end})`}`] : [' so far (no end line: the game was not over, or the file is cut short)'];
    document.getElementById('summary').replaceChildren(`${source[0].toUpperCase()}${source.slice(1)}: `,
        ...names.map((n, k) => [k ? ', ' : '', el('bdi', { 'data-test': 'replay-player' }, n)]).flat(),
        ` played ${frames.length - 1} turn${frames.length === 2 ? '' : 's'}`, ...outcome, '.');
    document.getElementById('what').textContent = `${source}: ${dealWords(records[i])}.`;
    // A sealed deal revealed at the end: the page hashes it itself (deal.js) and says so.
    const sealed = records[i].header.commitment;
    replaceSection('replay-deal', el('div', { hidden: true }));
    if (sealed && end && end.seed !== undefined && end.salt !== undefined) {
        const deal = { commitment: sealed, seed: end.seed, salt: end.salt };
        const shown = records[i];
        checkDeal(deal.commitment, deal.seed, deal.salt).catch(() => 'unavailable').then((verdict) => {
            if (records[i] === shown) replaceSection('replay-deal', el('div', {}, verdictElement(verdict, deal)));
        });
    }
    document.getElementById('open-h').textContent = 'Open another record';
    document.getElementById('viewer').hidden = false;
    show(0);
}

async function setUp() {
    document.getElementById('file').addEventListener('change', async (ev) => {
        const file = ev.target.files[0];
        if (file) load(await file.text(), file.name, null);
    });
    document.getElementById('first').addEventListener('click', () => show(0));
    document.getElementById('back').addEventListener('click', () => show(at - 1));
    document.getElementById('forward').addEventListener('click', () => show(at + 1));
    document.getElementById('last').addEventListener('click', () => show(frames.length - 1));
    document.getElementById('jump').addEventListener('submit', (ev) => {
        ev.preventDefault();
        const n = Number(document.getElementById('jump-to').value);
        if (!Number.isInteger(n) || n < 0 || n > frames.length - 1) return showError(`Jump: a turn from 0 to ${frames.length - 1}.`);
        showError('');
        show(n);
    });
    stackKeys();
    document.addEventListener('keydown', (ev) => {
        if (ev.target.closest('input, select, textarea') || !frames.length) return;
        if (ev.key === 'ArrowRight') show(at + 1);
        else if (ev.key === 'ArrowLeft') show(at - 1);
    });
    try {
        catalog = await api.catalog();
    } catch (e) {
        showError(`The catalog could not be loaded (cards are shown by id): ${e.message}`);
    }
    const game = param('game');
    const tableId = param('table');
    try {
        if (game !== null) {
            load(await api.recordText(`/api/games/${encodeURIComponent(game)}/record`), `game ${game}`,
                `/api/games/${encodeURIComponent(game)}/events`);
        } else if (tableId !== null) {
            load(await api.recordText(`/api/tables/${encodeURIComponent(tableId)}/record`), `table ${tableId}`,
                `/api/tables/${encodeURIComponent(tableId)}/events`);
        }
    } catch (e) {
        showError(e.message);
    }
}

/** For tests: where the replay is and how many frames it has. */
window.cherriesReplay = {
    get at() { return at; },
    get turns() { return frames.length - 1; },
    get table() { return frames[at]?.table ?? null; },
    load,
};

setUp();
