// "My tables" (`/mine`; docs/web.md): every table where the name this browser's player key proves
// is seated, the ones waiting for its card first, each with its clock. The key is posted in a
// body (POST /api/names/tables), never put in a URL. Refreshed every 30 s and when the page is
// shown again.
import { el, replaceSection, showError } from './dom.js';
import { clockText } from './view.js';
import { storedKey, postJson } from './names-api.js';
import { setUpTurnNotices } from './turn-notify.js';

function entry(t) {
    const clock = t.clock ? ` · ⏱ ${clockText(t.clock.ms_left)} left` : '';
    const status = t.your_turn ? `Your turn${clock}`
        : t.over ? 'finished'
            : t.current ? ['waiting for ', el('bdi', {}, t.current), clock]
                : t.started ? 'playing' : 'waiting to start';
    return el('li', { class: `table-entry${t.your_turn ? ' your-turn' : ''}`, 'data-test': 'mine-entry', 'data-table': t.id },
        el('a', { href: `/t/${encodeURIComponent(t.id)}`, 'data-test': 'mine-link' }, `Table ${t.id}`),
        el('span', { class: 'badge', 'data-test': 'mine-status' }, status),
        el('span', {}, ['players: ', (t.players || []).map((n, i) => [i ? ', ' : '', el('bdi', {}, n)])]));
}

let noticesShown = false;  // the notices' panel is set up once, after the key proved its name

async function refresh(key) {
    let answer;
    try {
        answer = await postJson('/api/names/tables', { key });
    } catch (e) {
        showError(`Your tables could not be loaded: ${e.message}`);
        return;
    }
    showError('');
    const who = document.getElementById('mine-who');
    who.replaceChildren('The tables where ', el('bdi', {}, answer.name), ' sits (this browser holds its player key).');
    if (!noticesShown) {
        noticesShown = true;
        setUpTurnNotices(key, answer.webhook).catch((e) => showError(`Turn notices: ${e.message}`));
    }
    const list = answer.tables || [];
    replaceSection('mine-tables', el('div', {}, list.length
        ? el('ul', { class: 'table-list' }, list.map(entry))
        : el('p', { class: 'muted' }, 'You sit at no open table. Sit down at one from the lobby with your name.')));
}

function setUp() {
    const key = storedKey();
    if (!key) {
        document.getElementById('mine-who').replaceChildren('This browser holds no player key: claim a name on the ',
            el('a', { href: '/names' }, 'Your name'), ' page, or open your key\'s link on this device, to see your tables.');
        document.getElementById('mine-panel').hidden = true;  // nothing to list
        document.body.dataset.ready = 'true';
        return;
    }
    refresh(key).finally(() => { document.body.dataset.ready = 'true'; });
    setInterval(() => refresh(key), 30000);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(key); });
}

setUp();
