// The table view: one table state (docs/web.md, the `state` message's `table`) drawn into the
// page's sections. The live table (table.js) and the replay (replay.js) both draw with it.
//
// Buttons carry `data-action` (and `data-to`, a player id); the page listens on the document,
// so a section that did not change keeps its elements and its listeners stay valid.
import { el, replaceSection } from './dom.js';
import { cardElement } from './card.js';

/** The player with id `id` in `table`, or undefined. */
export function playerById(table, id) {
    return (table.players || []).find((p) => p.id === id);
}

/**
 * Draws `table` into the sections `#turn-box`, `#drawn`, `#players`, `#rule`, `#pending` and
 * `#result` (each present in the page). `opts.mine`: Map of player id → true for the seats
 * this page holds; `opts.acting`: the player id this page may act for now (its turn), or null;
 * `opts.recordUrl`: the record's download link, shown at the end.
 */
export function renderTable(table, opts = {}) {
    const mine = opts.mine || new Map();
    const acting = opts.acting ?? null;
    replaceSection('turn-box', turnBox(table, mine));
    replaceSection('drawn', drawnBox(table, acting));
    replaceSection('players', playersBox(table, mine, acting));
    replaceSection('rule', ruleBox(table, opts));
    replaceSection('pending', pendingBox(table, opts));
    replaceSection('result', resultBox(table, opts));
}

function turnBox(table, mine) {
    const current = table.current === null || table.current === undefined ? null : playerById(table, table.current);
    const finished = table.result || ['won', 'ended', 'aborted'].includes(table.phase);
    let status;
    if (finished) status = el('p', { class: 'status' }, table.result && table.result.winner
        ? `The game is over after ${table.turn} turns: ${table.result.winner} wins.` : 'The game is over.');
    else if (!table.started) status = el('p', { class: 'status' }, 'Waiting to start: sit down, seat bots, then start.');
    else if (table.phase === 'suspended') status = el('p', { class: 'status' }, 'The game is suspended: one player is left; a join resumes it.');
    else if (current) status = el('p', { class: 'status' },
        `Turn ${table.turn}: `, el('strong', { 'data-test': 'turn' }, current.name), '’s turn',
        mine.has(current.id) ? el('span', { class: 'yours' }, ' — your turn (a seat on this page)') : null);
    else status = el('p', { class: 'status' }, `Turn ${table.turn}: between turns`);
    return el('section', { 'aria-label': 'whose turn' },
        status,
        el('p', { class: 'facts' },
            el('span', {}, 'Turn ', el('span', { 'data-test': 'turn-number' }, String(table.turn ?? 0))),
            ' · ',
            el('span', {}, 'Deck: ', el('span', { 'data-test': 'deck' }, String(table.deck ?? '?')), ' cards')));
}

function drawnBox(table, acting) {
    const current = table.current === null || table.current === undefined ? null : playerById(table, table.current);
    if (isFinished(table) || table.result) return el('section', { hidden: true });
    const children = [el('h2', { id: 'drawn-h' }, 'Drawn card')];
    if (table.drawn) {
        children.push(cardElement(table.drawn, { size: 'large', key: 'drawn' }));
        if (current) children.push(el('p', {}, `${current.name} drew ${table.drawn.name}.`));
    } else {
        children.push(el('p', { class: 'muted' }, 'No card drawn.'));
    }
    if (table.drawn && acting !== null && current && acting === current.id) {
        children.push(el('div', { class: 'actions', role: 'group', 'aria-label': 'your decision' },
            el('p', { class: 'yours' }, `Your turn, ${current.name}: keep the card or give it to a player (buttons below each player).`),
            el('button', { type: 'button', class: 'primary', 'data-test': 'keep', 'data-action': 'keep', 'data-key': 'keep' },
                `Keep ${table.drawn.name}`)));
    }
    return el('section', { 'aria-labelledby': 'drawn-h' }, children);
}

function playersBox(table, mine, acting) {
    const current = table.current ?? null;
    const canGive = table.drawn && acting !== null && acting === current;
    const players = (table.players || []).map((p) => {
        const you = mine.has(p.id);
        const mods = (p.modifiers || []).map((m, i) =>
            cardElement(m.card, { size: 'small', lifetime: m.lifetime, key: `mod-${p.id}-${i}` }));
        const marks = [];
        if (p.id === current) marks.push(el('span', { class: 'badge turn-badge' }, '▶ turn'));
        if (you) marks.push(el('span', { class: 'badge you-badge' }, 'you'));
        if (p.bot) marks.push(el('span', { class: 'badge' }, `bot: ${p.bot}`));
        if (p.timeouts) marks.push(el('span', { class: 'badge' }, `⏱ ${p.timeouts} timeout${p.timeouts === 1 ? '' : 's'} in a row`));
        return el('article', {
            class: `player${p.id === current ? ' current' : ''}${you ? ' mine' : ''}`,
            'data-player-id': p.id, 'aria-label': p.name,
        },
            el('h3', {}, el('span', { class: 'player-name' }, p.name), ' ', marks),
            el('dl', { class: 'numbers' },
                el('div', {}, el('dt', {}, '🍒 Cherries'), el('dd', { 'data-test': 'cherries' }, String(p.cherries))),
                el('div', {}, el('dt', {}, '★ Score'), el('dd', { 'data-test': 'score' }, String(p.score))),
                el('div', {}, el('dt', {}, 'Received'), el('dd', { 'data-test': 'received' }, String(p.received ?? 0)))),
            el('div', { class: 'modifiers' },
                el('h4', {}, `Modifier card stack (${mods.length}), bottom first`),
                mods.length ? el('div', { class: 'stack' }, mods) : el('p', { class: 'muted' }, 'none')),
            // The player's last change, step by step as the log tells it (the server's words).
            Array.isArray(p.last_change) && p.last_change.length
                ? el('ul', { class: 'last-change', 'data-test': 'last-change', 'aria-label': `${p.name}'s last change` },
                    p.last_change.map((line) => el('li', {}, String(line))))
                : null,
            canGive ? el('button', {
                type: 'button', 'data-test': 'give', 'data-player': p.name, 'data-action': 'give', 'data-to': p.id,
                'data-key': `give-${p.id}`,
            }, p.id === acting ? `Give ${table.drawn.name} to yourself (keep)` : `Give ${table.drawn.name} to ${p.name}`) : null,
            you && !table.result && !isFinished(table) ? el('button', {
                type: 'button', class: 'quiet', 'data-action': 'leave', 'data-to': p.id, 'data-key': `leave-${p.id}`,
            }, `Leave (${p.name})`) : null);
    });
    return el('section', { 'aria-label': 'players' },
        el('h2', {}, 'Players, in turn order'),
        players.length ? el('div', { class: 'player-grid' }, players) : el('p', { class: 'muted' }, 'Nobody has sat down yet.'));
}

function isFinished(table) {
    return ['won', 'ended', 'aborted'].includes(table.phase);
}

function ruleBox(table, opts) {
    const g = table.gametype || {};
    return el('section', { 'aria-label': 'gametype' },
        el('h2', {}, `Gametype: ${g.name || g.id || '?'}`),
        g.rule ? el('p', {}, g.rule) : null,
        g.house_rules ? el('p', { class: 'house-rules' }, g.house_rules) : null,
        g.winning_score ? el('p', {}, `Winning score: ${g.winning_score}.`) : null,
        table.sets && table.sets.length ? el('p', {}, `Card sets: ${table.sets.map((id) => (opts.setNames && opts.setNames.get(id)) || id).join(', ')}.`) : null,
        g.graph ? el('img', { class: 'graph', src: g.graph, alt: `Reference graph of ${g.name || g.id}` }) : null,
        dealLine(table.deal));
}

// The fair deal (docs/records.md): the commitment from the start, the seed and salt at the end.
function dealLine(deal) {
    if (!deal || !deal.commitment) return null;
    return el('p', { class: 'deal', 'data-test': 'deal' }, deal.seed !== undefined
        ? `Deal revealed: seed ${deal.seed}, salt ${deal.salt}. Its SHA-256 must be the commitment ${deal.commitment} shown at the start (cherries replay checks it).`
        : `Deal sealed: SHA-256 commitment ${deal.commitment}. The seed and salt are shown when the game ends.`);
}

function pendingBox(table, opts) {
    const pending = table.pending || [];
    if (!pending.length) return el('section', { hidden: true });
    const myNames = opts.myNames || new Set();
    return el('section', { 'aria-label': 'pending joins and leaves' },
        el('h2', {}, 'After this turn'),
        el('ul', {}, pending.map((p, i) => {
            const joining = p.join !== false;   // {"join": true|false, "name"} (docs/web.md)
            return el('li', {}, el('bdi', {}, p.name), joining ? ' joins' : ' leaves',
                myNames.has(p.name) && opts.canCancel ? [' ', el('button', {
                    type: 'button', class: 'quiet', 'data-action': 'cancel', 'data-name': p.name, 'data-key': `cancel-${i}`,
                }, `Cancel (${p.name})`)] : null);
        })));
}

function resultBox(table, opts) {
    if (!table.result) return el('section', { hidden: true });
    const r = table.result;
    const standings = (r.standings || []).map((s, i) =>
        el('li', {}, el('bdi', {}, s.name), `: ${s.score}`, i === 0 && s.name === r.winner ? ' (winner)' : ''));
    return el('section', { class: 'result', 'aria-label': 'result', role: 'status' },
        el('h2', {}, 'Result'),
        r.winner ? el('p', { class: 'winner' }, '🏆 ', el('strong', { 'data-test': 'result' }, r.winner), ' wins.')
            : el('p', { class: 'winner' }, 'The game ended without a winner.'),
        standings.length ? el('ol', { class: 'standings' }, standings) : null,
        opts.recordUrl ? el('p', {},
            el('a', { href: opts.recordUrl, download: `cherries-${table.id || 'game'}.jsonl`, 'data-test': 'record' }, 'Download the record'),
            opts.replayUrl ? [' · ', el('a', { href: opts.replayUrl }, 'Watch the replay')] : null) : null);
}
