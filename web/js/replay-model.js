// A record (docs/records.md, JSON Lines) replayed in the page: its event lines rebuilt into
// one table state per turn, the same shape as the live table's `state` (docs/web.md), so the
// replay draws with the table's view. The engine's rules are not played again: the record's
// lines already carry every result (totals, lifetimes, renewals); this only follows them. The
// words of the log are not made here: they are the server's (events.js, /api/.../events).

/** A record that cannot be read: `line` (1-based) and what was expected. */
export class RecordError extends Error {
    constructor(line, message) {
        super(`line ${line}: ${message}`);
        this.line = line;
    }
}

/**
 * Splits a record file into records: `[{header, lines: [[lineNumber, value]], end, text}]` (`text`:
 * the record's own lines, as the server's /api/replay takes them). A file of
 * many records (`cherries sim --record`) gives several. Throws RecordError on a line that is not
 * JSON or a file that does not start with a Cherries record header.
 */
export function parseRecords(text) {
    const records = [];
    let current = null;
    const rows = text.split('\n');
    rows.forEach((raw, i) => {
        const line = raw.trim();
        if (!line) return;
        let value;
        try {
            value = JSON.parse(line);
        } catch {
            throw new RecordError(i + 1, `not JSON: ${line.slice(0, 60)}`);
        }
        if (!Array.isArray(value) && value && value.record === 'cherries') {
            // The seed is a 64-bit integer: JSON.parse rounds it past 2^53, so keep its digits.
            const seed = /"seed"\s*:\s*(\d+)/.exec(line);
            if (seed) value.seed = seed[1];
            current = { header: value, lines: [], end: null, text: '' };
            records.push(current);
        } else if (!current) {
            throw new RecordError(i + 1, 'expected a Cherries record header ({"record":"cherries", ...})');
        } else if (Array.isArray(value)) {
            current.lines.push([i + 1, value]);
        } else if (value && 'end' in value) {
            // A sealed deal's end line reveals the seed (docs/records.md, "The fair deal"): keep its digits too.
            const seed = /"seed"\s*:\s*(\d+)/.exec(line);
            if (seed) value.seed = seed[1];
            current.end = value;
        } else {
            throw new RecordError(i + 1, 'expected an event line (a JSON array) or the end line');
        }
        current.text += `${line}\n`;
    });
    if (!records.length) throw new RecordError(1, 'the file holds no Cherries record');
    return records;
}

/**
 * The record's deal in words: its open seed, or its sealed commitment and, once the end line
 * reveals it, the seed and salt (docs/records.md, "The fair deal"). Words only: deal.js hashes the
 * reveal and compares it with the commitment (as `cherries replay` does).
 */
export function dealWords(record) {
    const h = record.header;
    if (h.seed !== undefined) return `seed ${h.seed}`;
    if (!h.commitment) return 'no seed';
    const end = record.end;
    return end && end.seed !== undefined
        ? `seed ${end.seed} (revealed at the end; salt ${end.salt}; commitment ${h.commitment})`
        : `deal sealed (commitment ${h.commitment}; the seed is revealed when the game ends)`;
}

/**
 * The cards the record's sets hold, by the record's card id (docs/records.md: `"cherry"`, or
 * `"set:card"` when two sets share an id), from the server's catalog (`catalog.sets[].card_list`,
 * `card_list`: `{id, name, text, face, type, count}`). Returns `{byId, deck}`: deck is the first
 * deck's size, or null if the catalog does not give the counts.
 */
export function recordCards(header, catalog) {
    const setIds = (header.plugins || []).filter((p) => p.kind === 'set').map((p) => p.id);
    const byId = new Map();
    const seen = new Map();
    let deck = 0;
    let counted = true;
    for (const setId of setIds) {
        const set = (catalog?.sets || []).find((s) => s.id === setId);
        const cards = !set ? [] : Array.isArray(set.card_list) ? set.card_list : Array.isArray(set.cards) ? set.cards : [];
        if (!cards.length) counted = false;
        for (const card of cards) {
            // The catalog names a card "set:card", as the record does (which may also say "card").
            const own = card.id.startsWith(`${setId}:`) ? card.id.slice(setId.length + 1) : card.id;
            seen.set(own, (seen.get(own) || 0) + 1);
            byId.set(`${setId}:${own}`, card);
            if (typeof card.count === 'number') deck += card.count;
            else counted = false;
        }
    }
    for (const [key, card] of [...byId]) {
        const plain = key.slice(key.indexOf(':') + 1);
        if (seen.get(plain) === 1) byId.set(plain, card);
    }
    return { byId, deck: counted && setIds.length ? deck : null };
}

const finished = new Set(['won', 'ended', 'aborted']);

/**
 * Replays one record into frames: frame 0 is the table before the first turn, frame k the
 * table after turn k. Each frame is `{table}`: the state (docs/web.md's `state.table`).
 */
export function replayFrames(record, catalog) {
    const { header } = record;
    const cards = recordCards(header, catalog);
    const card = (id) => cards.byId.get(id) || { id, name: id, text: '', face: null };
    const gametypeId = (header.plugins || []).find((p) => p.kind === 'gametype')?.id;
    const known = (catalog?.gametypes || []).find((g) => g.id === gametypeId) || {};
    const table = {
        id: header.game !== undefined ? `game ${header.game}` : 'record',
        started: false,
        phase: 'between_turns',
        turn: 0,
        deck: cards.deck,
        current: null,
        drawn: null,
        players: (header.players || []).map((p) => player(p.name, p.bot ?? null)),
        sets: (header.plugins || []).filter((p) => p.kind === 'set').map((p) => p.id),
        pending: [],
        gametype: { id: gametypeId, name: known.name || gametypeId, rule: known.rule, graph: known.graph, winning_score: known.winning_score },
        result: null,
    };
    const frames = [];
    let turn = 0;
    const named = (id) => table.players.find((p) => p.id === id);
    const nameOf = (id) => named(id)?.name ?? id;
    const push = () => frames.push({ table: structuredClone(table) });

    for (const [lineNo, e] of record.lines) {
        const [kind, t] = e;
        if (typeof kind !== 'string' || typeof t !== 'number') throw new RecordError(lineNo, 'expected ["kind", turn, ...]');
        if (kind === 'plugin') continue;
        if (t > turn) {
            push();
            // Turns with no event of their own (none in a record, but be safe) get a frame each.
            for (let k = turn + 1; k < t; k += 1) frames.push({ table: structuredClone(table) });
            turn = t;
            table.turn = t;
            table.drawn = null;
            table.current = null;
            table.started = true;
        }
        const p = named(e[2]);
        switch (kind) {
            case 'seat': {
                const info = e[3] || {};
                if (p) { p.name = info.name ?? p.name; p.bot = info.bot ?? null; }
                break;
            }
            case 'join':
                table.players.push(player(e[2], null));
                break;
            case 'leave':
                table.players = table.players.filter((q) => q.id !== e[2]);
                break;
            case 'suspend':
                table.phase = 'suspended';
                break;
            case 'resume':
                table.phase = 'between_turns';
                break;
            case 'deck_renewal':
                for (const q of table.players) { q.received = 0; q.received_cards = []; }
                table.deck = e[2];
                break;
            case 'draw':
                table.current = e[2];
                table.drawn = card(e[3]);
                if (table.deck !== null) table.deck = Math.max(0, table.deck - 1);
                break;
            case 'give':
                break;
            case 'handle':
                if (!p) throw new RecordError(lineNo, `handle: no player ${JSON.stringify(e[2])} at the table`);
                if (e.length === 5) {
                    p.modifiers.push({ card: card(e[3]), lifetime: e[4] });
                } else {
                    const [, , , id, , modified, total] = e;
                    const cherry = isCherry(card(id), p, modified, total);
                    if (cherry) p.cherries = total; else p.score = total;
                    p.received += 1;
                    p.received_cards.push(card(id).id);
                }
                break;
            case 'score_change': {
                if (!p) throw new RecordError(lineNo, `score_change: no player ${JSON.stringify(e[2])} at the table`);
                p.score = e[6];
                break;
            }
            case 'age': {
                const m = p && p.modifiers.find((x) => x.card.id === card(e[3]).id && x.lifetime === e[4] + 1 && !x.aged);
                if (m) { m.lifetime = e[4]; m.aged = true; }
                break;
            }
            case 'expire': {
                if (p) {
                    const candidates = p.modifiers.filter((x) => x.card.id === card(e[3]).id);
                    const m = candidates.sort((a, b) => a.lifetime - b.lifetime)[0];
                    if (m) p.modifiers.splice(p.modifiers.indexOf(m), 1);
                    p.received += 1;
                    p.received_cards.push(card(e[3]).id);
                }
                break;
            }
            case 'fault':
                if (e[3] === null) table.phase = 'aborted';
                break;
            case 'pass':
                table.current = e[2];
                break;
            case 'won':
                table.phase = 'won';
                table.result = result(table, nameOf(e[2]));
                break;
            case 'ended':
                table.phase = 'ended';
                table.result = result(table, null);
                break;
            default:
                throw new RecordError(lineNo, `unknown event "${kind}"`);
        }
        for (const q of table.players) for (const m of q.modifiers) if (kind !== 'age') delete m.aged;
    }
    if (record.end && !finished.has(table.phase) && finished.has(record.end.end)) table.phase = record.end.end;
    if (record.end && record.end.end === 'aborted' && !table.result) table.result = result(table, null);
    push();
    for (const f of frames) for (const q of f.table.players) for (const m of q.modifiers) delete m.aged;
    return frames;
}

function player(name, bot) {
    return { id: name, name, bot, cherries: 0, score: 0, modifiers: [], received: 0, received_cards: [] };
}

function result(table, winner) {
    const standings = table.players.map((p) => ({ name: p.name, score: p.score })).sort((a, b) => b.score - a.score);
    return { winner, standings };
}

// A cherry card, from the catalog's type; failing that, from which count the total fits.
function isCherry(c, p, modified, total) {
    if (c.type) return c.type === 'cherry';
    const asCherries = Math.max(0, p.cherries + modified);
    const asScore = Math.max(0, p.score + modified);
    if (asCherries === total && asScore !== total) return true;
    if (asScore === total && asCherries !== total) return false;
    return /cherr/i.test(`${c.name} ${c.text}`);
}
