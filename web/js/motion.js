// A draw and a give seen (issue 41): the drawn card's face comes off the deck to its place, and
// the given card's face slides from the drawn card to its receiver's panel,
// a copy over the page (fixed, never taking a click or the focus, hidden from screen readers, which
// hear the turn in words). Nothing moves for a person who asked for reduced motion
// (prefers-reduced-motion), or without the Web Animations API.

const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** Slides a copy of the drawn card (#drawn .card img) in `ms` to the seat of player `to` (an id)
 * at the table: a modifier card (`card.type`) onto the seat's modifier card stack, any other onto
 * its received pile; the place it lands on glows a moment. */
export function slideGive(to, ms = 600, card = null) {
    if ((reduced && reduced.matches) || !Element.prototype.animate) return false;
    const face = document.querySelector('#drawn .card img');
    const seat = document.querySelector(`#players .player[data-player-id="${CSS.escape(String(to))}"]`);
    if (!face || !seat) return false;
    const modifier = card && card.type === 'modifier';
    const panel = (modifier && seat.querySelector('.seat-cards')) || seat.querySelector('.pile') || seat;
    const from = face.getBoundingClientRect();
    const at = panel.getBoundingClientRect();
    if (!from.width || !at.width) return false;
    const copy = face.cloneNode(false);
    copy.removeAttribute('id');
    copy.alt = '';
    copy.setAttribute('aria-hidden', 'true');
    copy.className = 'moving-card';
    Object.assign(copy.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
    document.body.append(copy);
    const dx = at.left + Math.min(at.width, 120) / 2 - (from.left + from.width / 2);
    const dy = at.top + Math.min(at.height, 48) / 2 - (from.top + from.height / 2);
    const run = copy.animate([
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0.6 },
    ], { duration: ms, easing: 'ease-in-out' });
    window.cherriesMoves = (window.cherriesMoves || 0) + 1;   // for tests: how many gives moved
    const done = () => copy.remove();
    // Where it lands glows when it gets there (the next state has drawn the seat again by then:
    // the seat's stack or pile is found anew).
    run.onfinish = () => {
        done();
        const again = document.querySelector(`#players .player[data-player-id="${CSS.escape(String(to))}"]`);
        const spot = again && ((modifier && again.querySelector('.stack > .card:last-child')) || again.querySelector('.pile'));
        if (!spot) return;
        spot.classList.remove('landed');
        void spot.offsetWidth;   // restart the glow
        spot.classList.add('landed');
        setTimeout(() => spot.classList.remove('landed'), 700);
    };
    run.oncancel = done;
    return true;
}

/** The card just drawn (#drawn .card img) comes off the deck (.deck-pile) to its place in `ms`:
 * the animation, or false when nothing moved (reduced motion, no deck shown: a phone's has none). */
export function slideDraw(ms = 350) {
    if ((reduced && reduced.matches) || !Element.prototype.animate) return false;
    const face = document.querySelector('#drawn .card img');
    const deck = document.querySelector('.deck-pile .pile-cards') || document.querySelector('.deck-pile');
    if (!face || !deck) return false;
    const from = deck.getBoundingClientRect();
    const at = face.getBoundingClientRect();
    if (!from.width || !at.width) return false;
    const dx = from.left + from.width / 2 - (at.left + at.width / 2);
    const dy = from.top + from.height / 2 - (at.top + at.height / 2);
    const run = face.animate([
        { transform: `translate(${dx}px, ${dy}px) scale(0.3)`, opacity: 0.4 },
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
    ], { duration: ms, easing: 'ease-out' });
    window.cherriesDraws = (window.cherriesDraws || 0) + 1;   // for tests: how many draws moved
    return run;
}

/** A turn seen: its card comes off the deck when `fresh`, then, given to player `to` (a bot's
 * give shown for the pace), slides there. */
export async function turn(fresh, to, card) {
    const drawn = fresh && slideDraw();
    if (drawn) await drawn.finished.catch(() => null);
    if (to !== null && to !== undefined) slideGive(to, 700, card);
}
