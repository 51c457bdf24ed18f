// A table page's last resort, loaded after three failed connections in a row (table.js).
import { el } from './dom.js';
import { tables as fetchTables } from './api.js';

// After three failed connections in a row: is the table still on the server at all? (A browser
// cannot tell a refused WebSocket from a server that is down.) A table that is gone is not
// tried again; the page links to its stored game when the server kept it.
export async function checkListed(id, connection) {
    let list;
    try {
        list = await fetchTables();
    } catch {
        return;  // the server is down: the connection line says so; keep trying
    }
    if (!Array.isArray(list) || list.some((t) => t.id === id)) return;
    connection.close();
    const status = document.getElementById('connection');
    status.textContent = 'the table is gone from this server';
    status.className = 'warn';
    let stored = null;
    try {
        const res = await fetch(`/api/tables/${encodeURIComponent(id)}/game`, { headers: { Accept: 'application/json' } });
        if (res.ok) stored = await res.json();
    } catch { /* no link then */ }
    const box = document.getElementById('error');
    box.replaceChildren(`Table ${id} is not open on this server any more. `,
        stored && stored.game
            ? el('a', { href: `/replay?game=${stored.game}`, 'data-test': 'stored-game' }, `Watch its game (stored game ${stored.game}, ${stored.status}) on the replay page.`)
            : 'The server did not keep its game. The lobby lists the open tables.');
    box.hidden = false;
}
