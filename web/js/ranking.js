// The ranking page (`/ranking`): the players' ratings per gametype (`GET /api/ratings/ID`, best
// ordinal first; docs/ratings.md) and their statistics (`GET /api/players`, most wins first), as
// tables. Names are text, each isolated for right-to-left scripts.
import { el, replaceSection, showError } from './dom.js';
import { players, getJson } from './api.js';

// One gametype's ratings: the ordinal (mu - 3 sigma) to one decimal, games, provisional under
// the server's count of games, a bot marked.
function ratingsTable(answer) {
    const list = answer.players || [];
    if (!list.length) return el('p', { class: 'muted', 'data-test': 'ratings-empty' }, 'No rated games of this gametype yet.');
    return el('div', { class: 'ranking-wrap', tabindex: 0, role: 'region', 'aria-label': 'ratings table' }, el('table', { class: 'ranking', 'data-test': 'ratings' },
        el('caption', {}, `Ratings in ${answer.gametype}`),
        el('thead', {}, el('tr', {}, ['#', 'Player', 'Rating', 'Games'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, list.map((p, i) => el('tr', {},
            el('td', { class: 'rank', 'data-label': '#' }, String(i + 1)),
            el('th', { scope: 'row' }, el('bdi', { 'data-test': 'ratings-name' }, String(p.name)),
                p.bot ? el('span', { class: 'muted' }, ' (bot)') : null),
            el('td', { 'data-test': 'ratings-ordinal', 'data-label': 'Rating' }, Number(p.ordinal).toFixed(1),
                p.provisional ? el('span', { class: 'muted', 'data-test': 'ratings-provisional' }, ' provisional') : null),
            el('td', { 'data-label': 'Games' }, String(p.games)))))));
}

async function showRatings(gametype) {
    try {
        replaceSection('ratings', el('div', { id: 'ratings' }, ratingsTable(await getJson(`/api/ratings/${encodeURIComponent(gametype)}`))));
    } catch (e) {
        showError(e.message);
    }
}

// A select of the gametypes with ratings (none: a line saying so), then the chosen one's table.
async function setUpRatings() {
    const { gametypes = [] } = await getJson('/api/ratings');
    const pick = document.getElementById('rating-gametype');
    if (!gametypes.length) {
        replaceSection('ratings', el('p', { id: 'ratings', class: 'muted', 'data-test': 'ratings-empty' }, 'No rated games yet.'));
        return;
    }
    pick.replaceChildren(...gametypes.map((id) => el('option', { value: id }, id)));
    pick.disabled = false;
    pick.addEventListener('change', () => showRatings(pick.value));
    await showRatings(gametypes.includes('official') ? 'official' : gametypes[0]);
    pick.value = gametypes.includes('official') ? 'official' : gametypes[0];
}

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
    setUpRatings().catch((e) => showError(e.message));
    try {
        const list = await players();
        replaceSection('ranking', rankingTable(Array.isArray(list) ? list : []));
    } catch (e) {
        replaceSection('ranking', el('div', { class: 'panel' }, el('p', { class: 'muted' }, 'The ranking could not be loaded.')));
        showError(e.message);
    }
}

setUp();
