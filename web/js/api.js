// The server's HTTP API (docs/web.md, "URLs"). Each call throws an Error whose message says
// what failed, for the page to show.

export async function getJson(path) {
    const res = await fetch(path, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`${path}: the server answered ${res.status} ${await reason(res)}`);
    return res.json();
}

async function reason(res) {
    try {
        const text = await res.text();
        try {
            const body = JSON.parse(text);
            if (body && body.error) return `(${body.error})`;
            if (body && body.message) return `(${body.message})`;
        } catch { /* not JSON */ }
        return text ? `(${text.slice(0, 200)})` : '';
    } catch {
        return '';
    }
}

/** `GET /api/catalog`: `{sets, gametypes, bots, defaults}`. */
export function catalog() {
    return getJson('/api/catalog');
}

/** `GET /api/tables`: the open tables. */
export function tables() {
    return getJson('/api/tables');
}

/** `POST /api/tables` with `body` (`{sets, gametype}` or `{random_sets, gametype}`): `{id, sets}`. */
export async function createTable(body) {
    const res = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`a new table: the server answered ${res.status} ${await reason(res)}`);
    return res.json();
}

/** GET /api/players: the players' statistics, most wins first (docs/web.md). */
export function players() {
    return getJson('/api/players');
}

/** A record's text: `GET` of `path` (`/api/games/N/record`, `/api/tables/ID/record`). */
export async function recordText(path) {
    const res = await fetch(path);
    if (!res.ok) throw new Error(`${path}: the server answered ${res.status} ${await reason(res)}`);
    return res.text();
}

/**
 * The server's entries for a game's events (docs/web.md, "The events message"): `GET` of `path`
 * (`/api/games/N/events`, `/api/tables/ID/events`), or with `record` (one record's text) a `POST
 * /api/replay` that replays it. `{events, problem?}`.
 */
export async function eventEntries(path, record = null) {
    if (record === null) return getJson(path);
    const res = await fetch('/api/replay', { method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', Accept: 'application/json' }, body: record });
    if (!res.ok) throw new Error(`the record's words: the server answered ${res.status} ${await reason(res)}`);
    return res.json();
}
