// Telling a player their turn has come while the tab is hidden: a notification (the browser's
// Notification API; permission asked once, at the first own turn) and, if they chose it, a short
// sound. Nothing when the tab is in view (the page itself shows the turn).

const SOUND_KEY = 'cherries-turn-sound';
let asked = false;

/** Whether the sound option is on (kept in localStorage). */
export function soundOn() {
    try { return localStorage.getItem(SOUND_KEY) === 'on'; } catch { return false; }
}

/** Ties the checkbox `box` to the sound option. */
export function bindSoundOption(box) {
    box.checked = soundOn();
    box.addEventListener('change', () => {
        try { localStorage.setItem(SOUND_KEY, box.checked ? 'on' : 'off'); } catch { /* storage refused: it stays off */ }
    });
}

/**
 * An own turn began: asks for the permission to notify the first time (a browser asks the
 * person), and when the tab is hidden shows a notification `title` with `body`, and plays the
 * sound if chosen. Never throws.
 */
export function ownTurnBegins(title, body) {
    const api = window.Notification;
    try {
        if (api && api.permission === 'default' && !asked) {
            asked = true;
            Promise.resolve(api.requestPermission()).catch(() => {});
        }
        if (!document.hidden) return;
        if (api && api.permission === 'granted') new api(title, { body, tag: 'cherries-turn' });
        if (soundOn()) beep();
    } catch {
        // A browser without notifications or sound: the title still says "Your turn".
    }
}

/** The last seconds of an own turn: the tones again, when the sound option is on and the tab is
 * hidden (the option's promise: a sound when the page cannot be seen). Never throws. */
export function clockWarning() {
    try {
        if (document.hidden && soundOn()) beep();
    } catch {
        // no sound: the clock's warning is shown
    }
}

// Two short tones from the Web Audio API (no sound file to fetch).
function beep() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const context = new Context();
    [0, 0.18].forEach((at, i) => {
        const tone = context.createOscillator();
        const gain = context.createGain();
        tone.frequency.value = i ? 880 : 660;
        gain.gain.value = 0.15;
        tone.connect(gain).connect(context.destination);
        tone.start(context.currentTime + at);
        tone.stop(context.currentTime + at + 0.14);
    });
    setTimeout(() => context.close(), 1000);
    window.cherriesBeeps = (window.cherriesBeeps || 0) + 1;   // for tests: how many sounds played
}
