// A game's events as the server sends them (docs/web.md, "The events message"): each entry is
// an engine event in the record's JSON form (docs/records.md) with the server's words for it, or a
// sentence about the table. This module is the one place the page turns entries into the log and
// into a "since your last turn" summary, for the live table and its history alike: the words are
// the server's (the same as the terminal's and IRC's), the page only lays them out.
import { el } from './dom.js';

/** The game log of one page: every entry it was sent, in order, drawn into `#log-lines`. */
export class EventLog {
    constructor(keep = 400) {
        this.entries = [];
        this.keep = keep;
    }

    /**
     * Adds `entries` in order. `history`: they are everything before this connection (a page
     * opened or reconnected mid-game), so they replace what the page had.
     */
    add(entries, history = false) {
        const list = Array.isArray(entries) ? entries.filter((e) => e && typeof e === 'object') : [];
        this.entries = history ? list : this.entries.concat(list);
        if (history) drawLog(this.entries, this.keep);
        else appendLines(linesOf(list), this.keep);
    }

    /**
     * What the others did since `name` last gave a card (the terminal's "since your last turn"):
     * their gives, joins, leaves, passes and faults, in brief words, oldest first; at most `max`
     * (the latest, with "… N earlier" first). Empty before `name`'s first give.
     */
    since(name, max = 8) {
        let from = -1;
        this.entries.forEach((e, i) => {
            if (Array.isArray(e.event) && e.event[0] === 'give' && e.event[2] === name) from = i;
        });
        if (from < 0) return [];
        const acts = new Set(['give', 'join', 'leave', 'pass', 'fault']);
        const out = this.entries.slice(from + 1)
            .filter((e) => Array.isArray(e.event) && acts.has(e.event[0]) && e.event[2] !== name && e.brief)
            .map((e) => e.brief);
        if (out.length <= max) return out;
        const cut = out.length - max + 1;
        return [`… ${cut} earlier`, ...out.slice(cut)];
    }
}

/** The log's lines for `entries`: a turn's header ("Turn 12: ann") before its first event. */
export function linesOf(entries) {
    const lines = [];
    for (const e of entries) {
        if (typeof e.turn === 'string') lines.push({ text: e.turn, turn: true });
        if (typeof e.text === 'string' && e.text) lines.push({ text: e.text, turn: false });
    }
    return lines;
}

/** Replaces the log `#log-lines` with `entries`' lines (the last `keep`). */
export function drawLog(entries, keep = 400) {
    const list = document.getElementById('log-lines');
    if (!list) return;
    list.replaceChildren(...linesOf(entries).slice(-keep).map(item));
    scrollDown();
}

function appendLines(lines, keep) {
    const list = document.getElementById('log-lines');
    if (!list) return;
    for (const line of lines) list.append(item(line));
    while (list.children.length > keep) list.firstElementChild.remove();
    scrollDown();
}

// A turn's first line stands out; the others are indented under it.
function item(line) {
    return el('li', { class: line.turn ? 'turn-line' : null }, line.text);
}

function scrollDown() {
    const box = document.getElementById('log');
    if (box) box.scrollTop = box.scrollHeight;
}
