// The table page's state in one object (issue 38 item 4), and its requests matched to their
// answers by id.

/**
 * A store holding `initial`: `state` (read only for callers), `update(patch)` (a patch object, or
 * a function of the state returning one) and `subscribe(fn)` (fn(state) after each update that
 * changed a value; returns its unsubscribe). An update made by a subscriber runs them once more
 * after them, never inside them.
 */
export function createStore(initial) {
    const state = { ...initial };
    const subscribers = new Set();
    let running = false;
    let again = false;
    function update(patch) {
        let changed = false;
        for (const [key, value] of Object.entries((typeof patch === 'function' ? patch(state) : patch) || {})) {
            if (state[key] !== value) { state[key] = value; changed = true; }
        }
        if (!changed) return;
        if (running) { again = true; return; }
        running = true;
        try {
            let rounds = 0;
            do {
                again = false;
                for (const fn of [...subscribers]) fn(state);
            } while (again && ++rounds < 5);
        } finally {
            running = false;
        }
    }
    return { get state() { return state; }, update, subscribe(fn) { subscribers.add(fn); return () => subscribers.delete(fn); } };
}

/**
 * Requests sent with an id: `send(msg)` is `msg` with the next id (the last 64 kept: most are
 * answered by the next state, to everyone, with none); `answer(reply)` the request whose id the
 * reply carries back (forgotten then), or null; `forgetOldest(type)` drops the oldest of `type`
 * (for an answer without an id, from an old server) and returns it.
 */
export function createRequests() {
    let next = 1;
    const waiting = new Map();
    return {
        send(msg) {
            const id = next++;
            waiting.set(id, msg);
            if (waiting.size > 64) waiting.delete(waiting.keys().next().value);
            return { ...msg, id };
        },
        answer(reply) {
            const msg = reply && waiting.get(reply.id);
            if (msg) waiting.delete(reply.id);
            return msg || null;
        },
        forgetOldest(type) {
            for (const [id, m] of waiting) if (m.type === type) { waiting.delete(id); return m; }
            return null;
        },
    };
}
