// The player key this browser keeps and the names API it is posted to (docs/web.md, "A name that
// is yours"): the "Your name" page and "My tables". The table page reads the key by its name too
// (table.js, kept out of its weight).

/** Where this browser keeps its player key: the "Your name" page claims it, a join and "My tables" post it. */
export const KEY_STORE = 'cherries-player-key';

/** The player key this browser keeps, or null. */
export function storedKey() {
    try { return localStorage.getItem(KEY_STORE); } catch { return null; }
}

/** POST `body` as JSON to `path`: the answer's JSON, or an Error with the server's words and `status`. */
export async function postJson(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
    let answer = null;
    try { answer = await res.json(); } catch { /* not JSON */ }
    if (!res.ok) {
        const error = new Error((answer && (answer.error || answer.message)) || `the server answered ${res.status}`);
        error.status = res.status;
        throw error;
    }
    return answer;
}
