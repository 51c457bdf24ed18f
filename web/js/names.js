// The "Your name" page (`/names`; docs/web.md, "A name that is yours"): claim a name and keep its
// player key in localStorage; the key's link (`/names#key=KEY`, shown once) carries it to another
// device, in the fragment, which never reaches the server or its logs; revoke a key for a new one.
// The table page sends the key with a join (table.js). A key is only ever posted in a body.
import { showError } from './dom.js';
import { KEY_STORE, storedKey as stored, postJson as post } from './names-api.js';

function keep(key) {
    try {
        if (key) localStorage.setItem(KEY_STORE, key);
        else localStorage.removeItem(KEY_STORE);
        return true;
    } catch {
        return false;
    }
}

const $ = (id) => document.getElementById(id);

// The page says which name this browser's key proves ('' : none).
function showHeld(name) {
    const held = $('held');
    held.textContent = '';
    if (name) {
        held.append('This browser plays as ', Object.assign(document.createElement('bdi'), { textContent: name }),
            ': its player key proves the name at every table.');
    } else {
        held.textContent = 'This browser holds no player key.';
    }
    held.dataset.name = name || '';
    $('held-actions').hidden = !name;
    $('claim-box').hidden = Boolean(name);
}

// A new key (claimed or revoked): kept here, and its link shown this once.
function showLink(name, key) {
    if (!keep(key)) showError('This browser refuses to keep the key (its storage is off): copy the link below and keep it.');
    $('link-name').textContent = name;
    $('key-link').value = `${location.origin}/names#key=${key}`;
    $('copy-key-done').textContent = '';
    $('link-box').hidden = false;
    showHeld(name);
    $('key-link').focus();
}

async function check(key) {
    try {
        const { name } = await post('/api/names/check', { key });
        keep(key);
        showHeld(name);
    } catch (e) {
        // A key revoked elsewhere proves nothing any more: it is forgotten here.
        if (e.status === 404 && stored() === key) keep(null);
        showHeld('');
        showError(`The player key: ${e.message}`);
    }
}

async function setUp() {
    $('claim-form').addEventListener('submit', async (event) => {
        event.preventDefault();
        const name = $('claim-name').value.trim();
        if (!name) return;
        showError('');
        try {
            const made = await post('/api/names', { name });
            showLink(made.name, made.key);
        } catch (e) {
            showError(`Claiming ${name}: ${e.message}`);
        }
    });
    $('revoke').addEventListener('click', async () => {
        showError('');
        try {
            const made = await post('/api/names/revoke', { key: stored() });
            showLink(made.name, made.key);
        } catch (e) {
            showError(`Revoking the key: ${e.message}`);
        }
    });
    $('forget').addEventListener('click', () => {
        keep(null);
        $('link-box').hidden = true;
        showHeld('');
    });
    $('copy-key').addEventListener('click', async () => {
        $('key-link').select();
        try {
            await navigator.clipboard.writeText($('key-link').value);
            $('copy-key-done').textContent = 'Copied.';
        } catch {
            $('copy-key-done').textContent = 'Selected: copy it with Ctrl+C.';
        }
    });
    // A key's link: the key is taken from the fragment, and the fragment from the address bar
    // (and the history), before anything else.
    const linked = new URLSearchParams(location.hash.slice(1)).get('key');
    if (linked) history.replaceState(null, '', location.pathname);
    const key = linked || stored();
    if (key) await check(key);
    else showHeld('');
    document.body.dataset.ready = 'true';
}

setUp();
