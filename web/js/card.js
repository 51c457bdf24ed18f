// A card as the page shows it: its face (the SVG `cherries cards` draws) with the name and text
// as the image's alternative, and the text on hover, focus or tap (GDD §3.3.2.1.2.2: set,
// type, name, specifics, picture are all on the face; the words repeat them for everyone who
// cannot see it).
import { el } from './dom.js';

/** A card's kind in words, from its `type` if the server gives one, else from its text. */
export function cardKind(card) {
    if (card.type) return card.type;
    const text = (card.text || '').toLowerCase();
    if (/lifetime|modifier/.test(text)) return 'modifier';
    if (/cherr/.test(text)) return 'cherry';
    if (/point|score/.test(text)) return 'score';
    return '';
}

/** The mark that says a card's kind without colour: a symbol and a word. */
export function kindMark(card) {
    switch (cardKind(card)) {
        case 'cherry': return '🍒 cherry card';
        case 'score': return '★ score card';
        case 'modifier': return '⟳ modifier card';
        default: return '';
    }
}

/**
 * One card. `size`: 'large' (the drawn card), 'small' (a modifier card stack's card, its face)
 * or 'chip' (the same at a seat: its name and lifetime, no picture).
 * `lifetime`: shown under a modifier card ("2 turns left"). `key`: the element's `data-key`,
 * so a re-render gives the focus back to it. `bare`: the face only (its words are shown beside
 * it). `tabindex`: 0 (a Tab stop, the default) or -1 (reached by arrow keys in a stack). A card
 * is `{id, name, text, face}`.
 */
export function cardElement(card, { size = 'small', lifetime = null, key = null, bare = false, tabindex = 0 } = {}) {
    // The server's text may already begin with the name ("Cherry Doubler [S] (modifier ...").
    const text = card.text || '';
    const words = text.startsWith(card.name) ? text : `${card.name}: ${text}`.trim();
    const mark = kindMark(card);
    const tipId = `tip-${key || card.id}`;
    return el('div', {
        class: `card card-${size} kind-${cardKind(card) || 'unknown'}`,
        tabindex,
        title: words,
        'data-card': card.id,
        'data-key': key,
        'aria-describedby': tipId,
    },
        // Its size is given (a square face), so its box is reserved before the picture loads;
        // the drawn card is wanted at once, a stack's cards when scrolled to.
        // A chip (a modifier card stack's card at a seat) is its name and lifetime in print one
        // can read, the face's picture left out.
        size === 'chip' ? null
            : card.face ? el('img', { src: card.face, alt: words, width: size === 'large' ? 176 : 80, height: size === 'large' ? 176 : 80, loading: size === 'large' ? 'eager' : 'lazy' })
                : el('div', { class: 'card-noface' }, card.name),
        bare ? null : el('span', { class: 'card-name' }, card.name),
        mark && !bare && size !== 'chip' ? el('span', { class: 'card-kind' }, mark) : null,
        lifetime !== null ? el('span', { class: 'card-lifetime' }, size === 'chip' ? el('span', { 'aria-hidden': 'true' }, `${lifetime}⏳`) : null,
            el('span', { class: size === 'chip' ? 'visually-hidden' : null }, `${lifetime} turn${lifetime === 1 ? '' : 's'} left`)) : null,
        el('span', { class: 'card-tip', role: 'tooltip', id: tipId }, words),
    );
}

/**
 * A modifier card stack (`.stack`) is one Tab stop: the arrow keys (and Home, End) move the
 * focus between its cards, and the card last focused is the one Tab comes back to (a roving
 * tabindex). Installed once per page, on the document, so redrawn stacks need nothing.
 */
export function stackKeys() {
    document.addEventListener('keydown', (ev) => {
        const card = ev.target.closest && ev.target.closest('.stack > .card');
        if (!card) return;
        const cards = [...card.parentElement.children];
        const i = cards.indexOf(card);
        const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: cards.length - 1 }[ev.key];
        if (to === undefined) return;
        ev.preventDefault();
        ev.stopPropagation();   // the replay's own arrow keys step the game, not here
        const next = cards[Math.max(0, Math.min(cards.length - 1, to))];
        next.focus();
    }, true);
    document.addEventListener('focusin', (ev) => {
        const card = ev.target.closest && ev.target.closest('.stack > .card');
        if (!card) return;
        for (const c of card.parentElement.children) c.tabIndex = c === card ? 0 : -1;
    });
}
