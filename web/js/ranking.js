// The ranking page (`/ranking`): the players' statistics the server keeps (`GET /api/players`,
// most wins first), as a table. Names are text, each isolated for right-to-left scripts.
import { el, replaceSection, showError } from './dom.js';
import { players } from './api.js';

function rankingTable(list) {
    if (!list.length) return el('div', { class: 'panel' }, el('p', { class: 'muted', 'data-test': 'ranking-empty' }, 'No games counted yet.'));
    const number = (v) => (v === null || v === undefined ? '–' : String(v));
    return el('div', { class: 'panel ranking-wrap', tabindex: 0, role: 'region', 'aria-label': 'ranking table' }, el('table', { class: 'ranking', 'data-test': 'ranking' },
        el('caption', {}, 'Players by wins'),
        el('thead', {}, el('tr', {}, ['#', 'Player', 'Wins', 'Games', 'Turns', 'Points', 'Best'].map((h) => el('th', { scope: 'col' }, h)))),
        // `data-label`: on a phone each row is a card whose numbers say their column's name
        // (cherries.css), so the ranking fits 360 px without scrolling sideways.
        el('tbody', {}, list.map((p, i) => el('tr', {},
            el('td', { class: 'rank', 'data-label': '#' }, String(i + 1)),
            // A claimed name's row (its key proved the seats) is marked: the same name typed by
            // anyone before the claim has a row of its own (docs/web.md, "A name that is yours").
            el('th', { scope: 'row' }, el('bdi', { 'data-test': 'ranking-name' }, String(p.name)),
                p.claimed ? el('span', { class: 'muted', 'data-test': 'ranking-claimed' }, ' (claimed)') : null),
            el('td', { 'data-test': 'ranking-wins', 'data-label': 'Wins' }, number(p.wins)), el('td', { 'data-label': 'Games' }, number(p.games)),
            el('td', { 'data-label': 'Turns' }, number(p.turns)), el('td', { 'data-label': 'Points' }, number(p.points)),
            el('td', { 'data-label': 'Best' }, number(p.best)))))));
}

async function setUp() {
    try {
        const list = await players();
        replaceSection('ranking', rankingTable(Array.isArray(list) ? list : []));
    } catch (e) {
        replaceSection('ranking', el('div', { class: 'panel' }, el('p', { class: 'muted' }, 'The ranking could not be loaded.')));
        showError(e.message);
    }
}

setUp();
