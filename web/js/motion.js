// A give seen (issue 41): the given card's face slides from the drawn card to its receiver's panel,
// a copy over the page (fixed, never taking a click or the focus, hidden from screen readers, which
// hear the turn in words). Nothing moves for a person who asked for reduced motion
// (prefers-reduced-motion), or without the Web Animations API.

const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** Slides a copy of the drawn card (#drawn .card img) to the panel of player `to` (an id) in `ms`. */
export function slideGive(to, ms = 600) {
    if ((reduced && reduced.matches) || !Element.prototype.animate) return false;
    const face = document.querySelector('#drawn .card img');
    const panel = document.querySelector(`#players .player[data-player-id="${CSS.escape(String(to))}"]`);
    if (!face || !panel) return false;
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
    const dy = at.top + 24 - (from.top + from.height / 2);
    const run = copy.animate([
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0.6 },
    ], { duration: ms, easing: 'ease-in-out' });
    window.cherriesMoves = (window.cherriesMoves || 0) + 1;   // for tests: how many gives moved
    const done = () => copy.remove();
    run.onfinish = done;
    run.oncancel = done;
    return true;
}
