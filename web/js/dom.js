// Small DOM helpers shared by every page: build elements, and replace a section only when its
// content changed, keeping the keyboard focus where it was (a re-render must not throw a
// keyboard player's focus back to the top of the page).

/**
 * Builds an element. `attrs`: attributes (`class`, `data-test`, ...; `null`/`false` skip one,
 * `true` sets it empty) and `on*` listeners (`onclick: fn`). `children`: strings (as text,
 * never HTML) and elements; nested arrays are flattened, null/undefined/false are skipped.
 */
export function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
        if (value === null || value === undefined || value === false) continue;
        if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
        // An image loads as soon as it has a src, even outside the page: keep it in data-src
        // until replaceSection puts the element in the page (a redraw that changes nothing
        // fetches nothing).
        else if (tag === 'img' && key === 'src') node.setAttribute('data-src', String(value));
        else node.setAttribute(key, value === true ? '' : String(value));
    }
    append(node, children);
    return node;
}

function append(node, children) {
    for (const child of children) {
        if (child === null || child === undefined || child === false) continue;
        if (Array.isArray(child)) append(node, child);
        else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

const signatures = new WeakMap();   // a drawn section -> the markup it was drawn from

/**
 * Puts `fresh` in place of the element with id `id` if its markup differs, so that an unchanged
 * section keeps its elements (a test or a user holding one is not left with a stale element).
 * The element that had the focus is found again by its `data-key` and focused.
 */
export function replaceSection(id, fresh) {
    const old = document.getElementById(id);
    fresh.id = id;
    if (!old) return;
    const signature = fresh.outerHTML;
    if (signatures.get(old) === signature) return;
    const active = document.activeElement;
    const key = active && old.contains(active) ? active.getAttribute('data-key') : null;
    for (const img of fresh.querySelectorAll('img[data-src]')) img.src = img.dataset.src;
    signatures.set(fresh, signature);
    old.replaceWith(fresh);
    if (key) {
        const again = fresh.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (again) again.focus({ preventScroll: true });  // the same control again: the page stays where it was
    }
}

/** The query string's value of `name`, or null. */
export function param(name) {
    return new URLSearchParams(location.search).get(name);
}

/** Shows `message` in the page's alert line (`data-test="error"`); an empty message clears it. */
export function showError(message) {
    const box = document.getElementById('error');
    if (!box) return;
    box.textContent = message || '';
    box.hidden = !message;
}
