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
        el('tbody', {}, list.map((p, i) => el('tr', {},
            el('td', {}, String(i + 1)),
            el('th', { scope: 'row' }, el('bdi', { 'data-test': 'ranking-name' }, String(p.name))),
            el('td', { 'data-test': 'ranking-wins' }, number(p.wins)), el('td', {}, number(p.games)), el('td', {}, number(p.turns)),
            el('td', {}, number(p.points)), el('td', {}, number(p.best)))))));
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
