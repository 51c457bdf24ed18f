// The lobby (`/`): the open tables (refreshed every 5 s), a new table with the defaults at once
// (`data-test="new-table"`), or one of the sets and gametype chosen here (GDD §3.4.1 steps 1
// and 2), each gametype shown with its rule in words and its reference graph (GDD §3.3.1.3).
import { el, replaceSection, showError } from './dom.js';
import * as api from './api.js';

let catalog = null;

function setName(id) {
    const set = catalog && (catalog.sets || []).find((s) => s.id === id);
    return set ? set.name : id;
}

function gametypeName(id) {
    const g = catalog && (catalog.gametypes || []).find((x) => x.id === id);
    return g ? g.name : id;
}

function tableList(list) {
    if (!list.length) return el('div', {}, el('p', { class: 'muted' }, 'No open table. Open one: the button above, or choose below.'));
    return el('div', {}, el('ul', { class: 'table-list' }, list.map((t) => el('li', { class: 'table-entry' },
        el('a', { href: `/t/${encodeURIComponent(t.id)}`, 'data-test': 'table-link', 'data-table': t.id }, `Table ${t.id}`),
        el('span', { class: 'badge' }, t.over ? 'finished' : t.started ? 'playing' : 'waiting to start'),
        t.days_per_move ? el('span', { class: 'badge', 'data-test': 'days-per-move-badge' }, `${t.days_per_move} day${t.days_per_move === 1 ? '' : 's'} per move`) : null,
        el('span', {}, `${gametypeName(t.gametype)}; ${t.random_sets ? 'sets drawn at random' : 'sets'}: ${(t.sets || []).map(setName).join(', ')}`),
        el('span', {}, (t.players || []).length ? ['players: ', t.players.map((n, i) => [i ? ', ' : '', el('bdi', {}, n)])] : 'no players yet'),
        el('button', { type: 'button', class: 'quiet', 'data-copy': `${location.origin}/t/${encodeURIComponent(t.id)}`,
            'data-key': `copy-${t.id}` }, `Copy the link to table ${t.id}`)))));
}

let loadFailed = false;   // the last refresh failed: its error is on screen

async function refreshTables() {
    try {
        const list = await api.tables();
        replaceSection('tables', tableList(Array.isArray(list) ? list : []));
        if (loadFailed) showError('');
        loadFailed = false;
    } catch (e) {
        loadFailed = true;
        showError(`The open tables could not be loaded: ${e.message}`);
    }
}

function setChoices() {
    const defaults = new Set(catalog.defaults?.sets || []);
    return el('div', { class: 'choices' }, (catalog.sets || []).map((s) => el('label', { class: 'check' },
        el('input', { type: 'checkbox', name: 'set', value: s.id, checked: defaults.has(s.id) }),
        ` ${s.name} (${s.id}${cardCount(s)})`)));
}

function cardCount(set) {
    if (typeof set.cards === 'number') return `, ${set.cards} cards`;
    if (Array.isArray(set.card_list)) {
        const total = set.card_list.reduce((n, c) => n + (typeof c.count === 'number' ? c.count : 1), 0);
        return `, ${total} cards`;
    }
    return '';
}

function gametypeChoices() {
    const chosen = catalog.defaults?.gametype;
    return el('div', { class: 'choices gametypes' }, (catalog.gametypes || []).map((g) => el('div', { class: 'gametype' },
        el('label', { class: 'check' },
            el('input', { type: 'radio', name: 'gametype', value: g.id, checked: g.id === chosen }),
            ' ', el('strong', {}, g.name || g.id)),
        g.rule ? el('p', { class: 'rule' }, g.rule) : null,
        g.house_rules ? el('p', { class: 'house-rules' }, g.house_rules) : null,
        g.graph ? el('img', { class: 'graph', src: g.graph, alt: `Reference graph of ${g.name || g.id}: ${g.rule || ''}`, loading: 'lazy' }) : null)));
}

async function open(body) {
    showError('');
    try {
        const made = await api.createTable(body);
        document.getElementById('created').textContent =
            `Table ${made.id} is open with ${(made.sets || []).map(setName).join(', ')}; going there…`;
        location.assign(`/t/${encodeURIComponent(made.id)}`);
    } catch (e) {
        document.getElementById('created').textContent = '';
        showError(e.message);
    }
}

// A table's link to share: copied, or shown selected where the clipboard is not allowed.
async function copyLink(event) {
    const button = event.target.closest('[data-copy]');
    if (!button) return;
    const url = button.getAttribute('data-copy');
    try {
        await navigator.clipboard.writeText(url);
        document.getElementById('created').textContent = `Copied: ${url}`;
    } catch {
        document.getElementById('created').textContent = `The link to share: ${url}`;
    }
}

async function setUp() {
    document.addEventListener('click', copyLink);
    document.getElementById('new-table').addEventListener('click', () => {
        const body = catalog
            ? { sets: catalog.defaults?.sets || [], gametype: catalog.defaults?.gametype }
            : {};
        open(body);
    });
    document.getElementById('choose-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const form = event.target;
        const gametype = form.querySelector('input[name=gametype]:checked')?.value;
        if (!gametype) return showError('Choose a gametype.');
        // A correspondence table (docs/web.md): N days a move; 0, the server's clock.
        const days = Number(document.getElementById('days-per-move').value);
        const clock = days > 0 ? { days_per_move: days } : {};
        if (document.getElementById('use-random').checked) {
            const n = Number(document.getElementById('random-n').value);
            if (!Number.isInteger(n) || n < 1) return showError('Random sets: give a whole number of sets, 1 or more.');
            return open({ random_sets: n, gametype, ...clock });
        }
        const sets = [...form.querySelectorAll('input[name=set]:checked')].map((i) => i.value);
        if (!sets.length) return showError('Choose one card set or more (or random sets).');
        open({ sets, gametype, ...clock });
    });
    try {
        catalog = await api.catalog();
        replaceSection('set-choices', setChoices());
        replaceSection('gametype-choices', gametypeChoices());
        document.getElementById('random-n').max = String((catalog.sets || []).length || 1);
        const d = catalog.defaults || {};
        document.getElementById('defaults').textContent =
            `Defaults: ${(d.sets || []).map(setName).join(', ')}; ${gametypeName(d.gametype)}.`;
    } catch (e) {
        showError(`The catalog could not be loaded: ${e.message}`);
    }
    refreshTables();
    setInterval(refreshTables, 5000);
}

setUp();
