// The table view: one table state (docs/web.md, the `state` message's `table`) drawn into the
// page's sections. The live table (table.js) and the replay (replay.js) both draw with it.
//
// Buttons carry `data-action` (and `data-to`, a player id); the page listens on the document,
// so a section that did not change keeps its elements and its listeners stay valid.
import { el, replaceSection } from './dom.js';
import { cardElement, kindMark } from './card.js';

/** Time left in words: "4:05", "3 h 20 min", "9 d 23 h". */
export function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600);
    if (h >= 48) return `${Math.floor(h / 24)} d ${h % 24} h`;
    if (h) return `${h} h ${Math.floor(s % 3600 / 60)} min`;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The player with id `id` in `table`, or undefined. */
export function playerById(table, id) {
    return (table.players || []).find((p) => p.id === id);
}

/**
 * Draws `table` into the sections `#turn-box`, `#drawn`, `#players`, `#rule`, `#pending`,
 * `#result` and `#leave-box` (those present in the page). `opts.mine`: Map of player id → true
 * for the seats this page holds; `opts.acting`: the player id this page may act for now (its
 * turn), or null; `opts.recordUrl`: the record's download link, shown at the end;
 * `opts.clockText(ms)`: the turn clock's words for `table.clock.ms_left` (no clock without it).
 */
export function renderTable(table, opts = {}) {
    const mine = opts.mine || new Map();
    const acting = opts.acting ?? null;
    replaceSection('turn-box', turnBox(table, mine, opts));
    replaceSection('drawn', drawnBox(table, acting));
    replaceSection('players', playersBox(table, mine, opts));
    replaceSection('leave-box', leaveBox(table, mine));
    replaceSection('rule', ruleBox(table, opts));
    replaceSection('pending', pendingBox(table, opts));
    replaceSection('result', resultBox(table, opts));
}

function turnBox(table, mine, opts) {
    const current = table.current === null || table.current === undefined ? null : playerById(table, table.current);
    const finished = isFinished(table);
    let status;
    if (finished) status = el('p', { class: 'status' }, table.result && table.result.winner
        ? `The game is over after ${turns(table.turn)}: ${table.result.winner} wins.`
        : table.result && table.result.reason ? `The game stopped after ${turns(table.turn)}: ${table.result.reason}.` : 'The game is over.');
    else if (!table.started && opts.replay) status = el('p', { class: 'status' }, 'Before the first turn: the players sit down and the deck is dealt.');
    else if (!table.started) status = el('p', { class: 'status' }, 'Waiting to start: sit down, seat bots, then start.');
    else if (table.phase === 'suspended') status = el('p', { class: 'status' }, 'The game is suspended: one player is left; a join resumes it.');
    else if (current) status = el('p', { class: 'status' },
        `Turn ${table.turn}: `, el('strong', { 'data-test': 'turn' }, current.name), '’s turn',
        mine.has(current.id) ? el('span', { class: 'yours' }, ' — your turn') : null);
    else status = el('p', { class: 'status' }, `Turn ${table.turn}: between turns`);
    // The last 10 s: a warning, in words and a symbol as well as in colour (opts.clockLow).
    const low = !!(opts.clockLow && opts.clockLow());
    const clock = table.clock && current && !finished && opts.clockText ? el('span', { class: `clock${low ? ' clock-low' : ''}`, 'data-test': 'clock-box' },
        table.clock.paused ? ' · ⏸ paused, ' : ' · ⏱ ', el('span', { id: 'clock', 'data-test': 'clock' }, opts.clockText(table.clock.ms_left)),
        ` left for `, el('bdi', {}, current.name), el('span', { class: 'clock-hurry', hidden: !low }, ' ⚠ hurry')) : null;
    // tabindex -1: the page moves the focus here when the control that had it is gone (a give
    // sent), never to the page's body.
    return el('section', { 'aria-label': 'whose turn', tabindex: -1, 'data-key': 'turn-box' },
        status,
        el('p', { class: 'facts' },
            el('span', {}, 'Turn ', el('span', { 'data-test': 'turn-number' }, String(table.turn ?? 0))),
            ' · ',
            el('span', {}, 'Deck: ', el('span', { 'data-test': 'deck' }, String(table.deck ?? '?')), ' cards'),
            Number.isInteger(table.spectators) ? [' · ', el('span', {}, '👁 ', el('span', { 'data-test': 'spectators' }, String(table.spectators)), ' watching')] : null,
            clock),
        finished || !opts.votesBox ? null : opts.votesBox(table, mine),
        // The deal's commitment, pinned beside the table from the first turn (the whole of it is
        // under the gametype; the end checks the reveal against it).
        table.started && table.deal && table.deal.commitment ? el('p', { class: 'deal-pin', 'data-test': 'deal-pin', title: table.deal.commitment },
            '🔒 Deal sealed: ', el('code', {}, `${table.deal.commitment.slice(0, 16)}…`),
            el('span', { class: 'visually-hidden' }, ' (the start of its SHA-256 commitment, fixed before the first card)')) : null);
}

/** During a turn shown after its give (a bot's, the server's pace): "greedy-2 gave Minus Point to
 * ann." or "greedy-2 kept Minus Point.", else null. */
export function givenWords(table) {
    if (table.given_to === null || table.given_to === undefined || !table.drawn) return null;
    const who = playerById(table, table.current);
    const to = playerById(table, table.given_to);
    if (!who) return null;
    if (table.given_to === table.current) return `${who.name} kept ${table.drawn.name}.`;
    return `${who.name} gave ${table.drawn.name} to ${to ? to.name : 'a player who left'}.`;
}

function givenLine(table) {
    if (table.given_to === null || table.given_to === undefined) return null;
    const who = playerById(table, table.current);
    const to = playerById(table, table.given_to);
    if (!who) return null;
    return el('p', { class: 'drawn-given', 'data-test': 'given' }, table.given_to === table.current
        ? [el('bdi', {}, who.name), ' kept it.']
        : [el('bdi', {}, who.name), ' gave it to ', el('strong', {}, el('bdi', {}, to ? to.name : 'a player who left')), '.']);
}

/** A card's words: its text, which may begin with its name already, else "NAME: TEXT". */
function cardWords(card) {
    const text = card.text || '';
    return text.startsWith(card.name) ? text : `${card.name}: ${text}`.trim();
}

// The drawn card with its text beside its face, then (on this page's turn) Keep and one give
// button for every other player: the decision fits a phone's first screen (docs/web.md).
function drawnBox(table, acting) {
    const current = table.current === null || table.current === undefined ? null : playerById(table, table.current);
    if (isFinished(table)) return el('section', { hidden: true });
    // The deck in the middle of the table, beside the card drawn from it (a wide screen; the
    // turn line says its count in words).
    const children = [el('h2', { id: 'drawn-h' }, 'Drawn card'),
        table.started ? el('div', { class: 'deck-pile', 'aria-hidden': 'true' }, el('span', { class: 'pile-cards' }), ` deck: ${table.deck ?? '?'}`) : null];
    if (table.drawn) {
        const mark = kindMark(table.drawn);
        children.push(el('div', { class: 'drawn-row' },
            cardElement(table.drawn, { size: 'large', key: 'drawn', bare: true }),
            el('div', { class: 'drawn-about' },
                current ? el('p', { class: 'drawn-who' }, el('bdi', {}, current.name), ' drew ', el('strong', {}, table.drawn.name),
                    mark ? ` (${mark})` : '', '.') : null,
                el('p', { class: 'drawn-text', 'data-test': 'drawn-text' }, cardWords(table.drawn)),
                givenLine(table))));
    } else {
        children.push(el('p', { class: 'muted' }, 'No card drawn.'));
    }
    if (table.drawn && acting !== null && current && acting === current.id) {
        const others = (table.players || []).filter((p) => p.id !== acting);
        children.push(el('div', { class: 'actions', role: 'group', 'aria-labelledby': 'decide-h' },
            el('p', { class: 'yours', id: 'decide-h' }, `Your turn, ${current.name}: keep ${table.drawn.name} or give it to a player.`),
            el('button', { type: 'button', class: 'primary', 'data-test': 'keep', 'data-action': 'keep', 'data-key': 'keep' },
                `Keep ${table.drawn.name}`),
            others.map((p) => el('button', {
                type: 'button', 'data-test': 'give', 'data-player': p.name, 'data-action': 'give', 'data-to': p.id,
                'data-key': `give-${p.id}`,
            }, el('span', { class: 'give-word' }, 'Give to '), el('span', { 'aria-hidden': 'true' }, '→ '), el('bdi', {}, p.name)))));
    }
    return el('section', { 'aria-labelledby': 'drawn-h' }, children);
}

/** The place of each of `count` seats around the table (css: .ring on a wide screen, a grid whose
 * middle column holds the drawn card): [row, column] by seat index. In turn order clockwise from
 * the seat at `first` (this page's own, else the first), which sits at the bottom left: up the
 * left side, then down the right. */
export function seatPlaces(count, first = 0) {
    const left = Math.ceil(count / 2);
    const out = [];
    for (let i = 0; i < count; i += 1) {
        const k = (i - first + count) % count;
        out[i] = k < left ? [left - k, 1] : [k - left + 1, 3];
    }
    return out;
}

// The players as seats: a ring on a wide screen, a strip on a phone (css). Each seat: avatar,
// name, marks (a rating: docs/ratings.md), cherries, score, last change, a notice, its modifier
// chips (one Tab stop, arrows inside) and its received pile (words on hover, focus or tap).
function playersBox(table, mine, opts = {}) {
    const current = table.current ?? null;
    const list = table.players || [];
    const own = list.findIndex((p) => mine.has(p.id));
    const places = seatPlaces(list.length, own < 0 ? 0 : own);
    const players = list.map((p, index) => {
        const you = mine.has(p.id);
        const mods = (p.modifiers || []).map((m, i) =>
            cardElement(m.card, { size: 'chip', lifetime: m.lifetime, key: `mod-${p.id}-${i}`, tabindex: i === 0 ? 0 : -1 }));
        const marks = [];
        if (p.id === current) marks.push(el('span', { class: 'badge turn-badge' }, '▶ turn'));
        if (you) marks.push(el('span', { class: 'badge you-badge' }, 'you'));
        if (p.bot) marks.push(el('span', { class: 'badge' }, `bot: ${p.bot}`));
        if (p.rating) marks.push(el('span', { class: 'badge', 'data-test': 'rating' }, `rating ${p.rating}`));
        if (p.timeouts) marks.push(el('span', { class: 'badge' }, `⏱ ${p.timeouts} timeout${p.timeouts === 1 ? '' : 's'} in a row`));
        const won = table.result && table.result.winner === p.name;
        if (won) marks.push(el('span', { class: 'badge winner-badge', 'data-test': 'winner-badge' }, '🏆 winner'));
        const changes = Array.isArray(p.last_change) ? p.last_change.map(String).filter(Boolean) : [];
        const [row, column] = places[index];
        return el('article', {
            class: `player seat${p.id === current ? ' current' : ''}${you ? ' mine' : ''}${won ? ' won' : ''}`,
            'data-player-id': p.id, 'aria-label': p.name, style: `grid-area: ${row} / ${column}`,
        },
            el('h3', {}, avatar(p.name), el('span', { class: 'player-name' }, p.name), ' ', marks),
            el('dl', { class: 'numbers' },
                el('div', {}, el('dt', {}, el('span', { 'aria-hidden': 'true' }, '🍒'), el('span', { class: 'visually-hidden' }, 'Cherries')), el('dd', { 'data-test': 'cherries' }, String(p.cherries))),
                el('div', {}, el('dt', {}, el('span', { 'aria-hidden': 'true' }, '★'), el('span', { class: 'visually-hidden' }, 'Score')), el('dd', { 'data-test': 'score' }, String(p.score))),
                el('div', {}, el('dt', {}, el('span', { 'aria-hidden': 'true' }, '⟳'), el('span', { class: 'visually-hidden' }, 'Modifier cards')), el('dd', { 'data-test': 'modifier-count' }, String(mods.length)))),
            pile(p, opts.cards),
            p.notice ? el('p', { class: 'notice', 'data-test': 'notice' }, String(p.notice)) : null,
            changes.length ? el('ul', { class: 'last-change', 'aria-label': `${p.name}: last change` },
                changes.map((line) => el('li', {}, line))) : null,
            mods.length ? el('div', { class: 'seat-cards' },
                el('div', { class: 'stack', role: 'group', 'data-test': 'stack', 'aria-label': `${p.name}: modifier card stack of ${mods.length}, bottom first; arrow keys move between cards` }, mods)) : null);
    });
    const departed = (table.departed || []).map((d) => el('li', { 'data-test': 'departed' }, String(d)));
    return el('section', { 'aria-labelledby': 'players-h', class: `seats seats-${Math.min(list.length, 8)}` },
        el('h2', { id: 'players-h' }, 'Players, in turn order'),
        players.length ? el('div', { class: 'ring', 'data-test': 'ring' }, players) : el('p', { class: 'muted' }, 'Nobody has sat down yet.'),
        departed.length ? el('ul', { class: 'departed' }, departed) : null);
}

/** A player's received card stack as a pile: a few stacked card backs and the count; its cards'
 * words (from the catalog, `cards`: id → card) on hover, focus or tap. */
function pile(p, cards) {
    const ids = Array.isArray(p.received_cards) ? p.received_cards : [];
    const count = Number.isInteger(p.received) ? p.received : ids.length;
    const names = ids.map((cid) => {
        const card = cards && cards.get(cid);
        return card ? card.name : String(cid).replace(/^[^:]*:/, '');
    });
    const words = count === 0 ? `${p.name} has received no cards yet.`
        : `${p.name} received ${count} card${count === 1 ? '' : 's'}${names.length ? `, bottom first: ${names.join(', ')}` : ''}.`;
    const tipId = `tip-pile-${p.id}`;
    return el('div', {
        class: `pile pile-${Math.min(count, 3)}`, tabindex: 0, 'data-test': 'pile', 'data-key': `pile-${p.id}`,
        'aria-describedby': tipId, title: words,
    },
        el('span', { class: 'pile-cards', 'aria-hidden': 'true' }),
        el('span', { 'data-test': 'received' }, String(count)), el('span', { class: 'visually-hidden' }, ' received'),
        el('span', { class: 'card-tip', role: 'tooltip', id: tipId, 'data-test': 'pile-words' }, words));
}

/** A player's picture made from the name (no upload): its first letter on a colour of its own
 * (a hue from the name's characters; dark enough for white text at 7:1 or more). Decorative: the
 * name is beside it. */
function avatar(name) {
    const text = String(name || '?');
    let hash = 0;
    for (const c of text) hash = (hash * 31 + c.codePointAt(0)) % 360;
    const first = [...text][0] || '?';
    return el('span', { class: 'avatar', 'aria-hidden': 'true', style: `background: hsl(${hash} 55% 28%)` }, first.toUpperCase());
}

// Leave, one button per seat of this page: the last controls of the page, away from the gives.
function leaveBox(table, mine) {
    const own = (table.players || []).filter((p) => mine.has(p.id));
    if (!own.length || isFinished(table)) return el('section', { hidden: true });
    return el('section', { class: 'panel leave-box', 'aria-labelledby': 'leave-h' },
        el('h2', { id: 'leave-h' }, 'Leave the table'),
        el('p', { class: 'hint' }, 'Leaving asks first and says what happens to the seat.'),
        own.map((p) => el('button', {
            type: 'button', class: 'quiet', 'data-action': 'leave', 'data-to': p.id, 'data-key': `leave-${p.id}`,
        }, 'Leave (', el('bdi', {}, p.name), ')')));
}

function turns(n) {
    return `${n} turn${n === 1 ? '' : 's'}`;
}

/** Whether the table's game is over: it has a result, or its phase is an end (a game stopped
 * because no person plays it any more is one too). */
export function isFinished(table) {
    return !!table.result || ['won', 'ended', 'aborted', 'stopped'].includes(table.phase);
}

function ruleBox(table, opts) {
    const g = table.gametype || {};
    return el('section', { 'aria-label': 'gametype' },
        el('h2', {}, `Gametype: ${g.name || g.id || '?'}`),
        g.rule ? el('p', {}, g.rule) : null,
        g.house_rules ? el('p', { class: 'house-rules' }, g.house_rules) : null,
        g.winning_score ? el('p', {}, `Winning score: ${g.winning_score}.`) : null,
        table.sets && table.sets.length ? el('p', { 'data-test': 'sets' }, table.random_sets ? 'Card sets, drawn at random by the server: ' : 'Card sets: ',
            `${table.sets.map((id) => (opts.setNames && opts.setNames.get(id)) || id).join(', ')}.`) : null,
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
            : el('p', { class: 'winner', 'data-test': 'no-winner' }, r.reason ? `The game stopped without a winner: ${r.reason}.` : 'The game ended without a winner.'),
        standings.length ? el('ol', { class: 'standings' }, standings) : null,
        // The page's own check of the revealed deal (deal.js), once it has hashed it.
        opts.dealVerdict ? opts.dealVerdict() : null,
        opts.recordUrl ? el('p', {},
            el('a', { href: opts.recordUrl, download: `cherries-${table.id || 'game'}.jsonl`, 'data-test': 'record' }, 'Download the record'),
            opts.replayUrl ? [' · ', el('a', { href: opts.replayUrl }, 'Watch the replay')] : null) : null,
        // The same seats in a new game (a new deal and commitment), for a player of this one.
        opts.canRematch ? el('p', {}, el('button', {
            type: 'button', class: 'primary', 'data-action': 'rematch', 'data-test': 'rematch', 'data-key': 'rematch',
        }, 'Rematch: the same seats, a new game')) : null);
}
