// The seats this browser holds at a table: the secret tokens `seated` messages gave it, kept in
// localStorage under `cherries-seat-ID` as a list (several for hotseat: docs/web.md), so a
// reload or a lost connection is back in the same seats.

const prefix = 'cherries-seat-';

/** The seats held at table `id`: `[{token, player, name}]` (player: an id, or null until known). */
export function loadSeats(id) {
    try {
        const raw = JSON.parse(localStorage.getItem(prefix + id) || '[]');
        // An older page kept one token as a plain string.
        const list = Array.isArray(raw) ? raw : [raw];
        return list
            .map((s) => (typeof s === 'string' ? { token: s, player: null, name: null } : s))
            .filter((s) => s && typeof s.token === 'string' && s.token.length > 0);
    } catch {
        return [];
    }
}

/** Keeps `seats` for table `id`. */
export function saveSeats(id, seats) {
    if (seats.length) localStorage.setItem(prefix + id, JSON.stringify(seats));
    else localStorage.removeItem(prefix + id);
}

/**
 * Records a `seated` message: the seat with that token gets `player` (and `name`, if given);
 * a new token is added. Returns the new list (also kept).
 */
export function rememberSeat(id, token, player, name = null) {
    const seats = loadSeats(id);
    const seat = seats.find((s) => s.token === token);
    if (seat) {
        seat.player = player;
        if (name) seat.name = name;
    } else {
        seats.push({ token, player, name });
    }
    saveSeats(id, seats);
    return seats;
}

/** Forgets the seat with `token` (the server refused it). Returns the new list. */
export function forgetSeat(id, token) {
    const seats = loadSeats(id).filter((s) => s.token !== token);
    saveSeats(id, seats);
    return seats;
}
