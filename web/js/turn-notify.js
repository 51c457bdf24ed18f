// "Tell me when it is my turn" on My tables (docs/web.md, "Your turn, told"): Web Push for this
// device (permission is asked only when the player turns it on) and a webhook for the name. The
// player key goes in request bodies only (names-api.js).
import { getJson } from './api.js';
import { postJson } from './names-api.js';

// The applicationServerKey: the server's VAPID public key, base64url, as bytes.
function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function say(id, text) {
    document.getElementById(id).textContent = text;
}

async function registration() {
    return navigator.serviceWorker.register('/sw.js');
}

async function turnPushOn(key, publicKey) {
    if ((await Notification.requestPermission()) !== 'granted') throw new Error('this browser was not allowed to show notifications');
    const reg = await registration();
    const sub = (await reg.pushManager.getSubscription())
        || await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await postJson('/api/names/push', { key, subscription: sub.toJSON() });
}

async function turnPushOff(key) {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = reg && await reg.pushManager.getSubscription();
    if (!sub) return;
    await postJson('/api/names/push/remove', { key, endpoint: sub.endpoint });
    await sub.unsubscribe();
}

async function setUpPush(key, answer) {
    const toggle = document.getElementById('push-toggle');
    if (!answer.push || !('serviceWorker' in navigator) || !('PushManager' in window)) {
        toggle.disabled = true;
        say('push-status', answer.push ? 'This browser cannot receive notifications.' : 'This server sends no notifications to devices; a webhook still works.');
        return;
    }
    const reg = await navigator.serviceWorker.getRegistration('/');
    toggle.checked = Boolean(reg && await reg.pushManager.getSubscription()) && Notification.permission === 'granted';
    toggle.addEventListener('change', async () => {
        toggle.disabled = true;
        try {
            if (toggle.checked) await turnPushOn(key, answer.public_key);
            else await turnPushOff(key);
            say('push-status', toggle.checked ? 'Notifications are on for this device.' : 'Notifications are off for this device.');
        } catch (e) {
            toggle.checked = !toggle.checked;
            say('push-status', `Not changed: ${e.message}.`);
        } finally {
            toggle.disabled = false;
        }
    });
}

function setUpWebhook(key, current) {
    const input = document.getElementById('webhook-url');
    input.value = current || '';
    document.getElementById('webhook-form').addEventListener('submit', async (e) => {
        e.preventDefault();
        try {
            const answer = await postJson('/api/names/webhook', { key, url: input.value.trim() });
            say('webhook-status', answer.webhook ? 'Saved: your turns are posted there.' : 'No webhook: none is posted.');
        } catch (err) {
            say('webhook-status', `Not saved: ${err.message}.`);
        }
    });
}

// CherryBot's private message (docs/irc.md): a code for the name's owner to say to CherryBot from
// their services account; the code works once, for 10 minutes. Or the link dropped.
function setUpIrc(key) {
    const unlink = document.getElementById('irc-unlink');
    const show = (answer) => {
        unlink.hidden = !answer.irc_account;
        return answer.irc_account ? ` Linked now: IRC account ${answer.irc_account}.` : '';
    };
    document.getElementById('irc-link').addEventListener('click', async () => {
        try {
            const answer = await postJson('/api/names/irc', { key });
            say('irc-status', `Say this to CherryBot in a private message, from your services account (identified to NickServ), within 10 minutes: ${answer.say}${show(answer)}`);
        } catch (err) {
            say('irc-status', `No code: ${err.message}.`);
        }
    });
    unlink.addEventListener('click', async () => {
        try {
            show(await postJson('/api/names/irc', { key, unlink: true }));
            say('irc-status', 'Unlinked: your turns are not told on IRC.');
        } catch (err) {
            say('irc-status', `Not unlinked: ${err.message}.`);
        }
    });
}

/** Shows the panel when the server tells of turns at all; `webhook`: the name's webhook URL now. */
export async function setUpTurnNotices(key, webhook) {
    const answer = await getJson('/api/push');
    if (!answer.push && !answer.webhooks) return;
    document.getElementById('notify-panel').hidden = false;
    setUpWebhook(key, webhook);
    setUpIrc(key);
    await setUpPush(key, answer);
}

