// The table's WebSocket (docs/web.md, "The table's WebSocket protocol"): connects, says hello
// with the seat tokens this browser holds, hands every message to the page, and reconnects
// after a lost connection (1 s, 2 s, then every 4 s), saying hello again.

/** The WebSocket URL of table `id` on this server. */
export function socketUrl(id) {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/ws/${encodeURIComponent(id)}`;
}

export class TableConnection {
    /**
     * `id`: the table's id. `hellos()`: the hello messages to send on each (re)connection, in order
     * (one per seat token, or one without a token). `onMessage(msg)`: each message from the server,
     * parsed. `onStatus(text, ok)`: the connection's state in words. `retry(closeEvent)`: whether
     * to reconnect after the socket closed (default: always).
     */
    constructor(id, { hellos, onMessage, onStatus, retry = () => true }) {
        this.id = id;
        this.hellos = hellos;
        this.onMessage = onMessage;
        this.onStatus = onStatus;
        this.retry = retry;   // retry(closeEvent): reconnect after this close?
        this.socket = null;
        this.retries = 0;
        this.closed = false;
    }

    /** Opens the socket (again). */
    open() {
        if (this.closed) return;
        this.onStatus('connecting…', false);
        const socket = new WebSocket(socketUrl(this.id));
        this.socket = socket;
        socket.addEventListener('open', () => {
            this.retries = 0;
            this.onStatus('connected', true);
            for (const hello of this.hellos()) this.sendRaw(hello);
        });
        socket.addEventListener('message', (event) => {
            let msg;
            try {
                msg = JSON.parse(event.data);
            } catch {
                this.onStatus('the server sent something that is not JSON', true);
                return;
            }
            if (msg && typeof msg === 'object') this.onMessage(msg);
        });
        socket.addEventListener('close', (event) => {
            if (this.socket !== socket || this.closed) return;
            this.socket = null;
            if (!this.retry(event)) {
                this.closed = true;
                return;
            }
            const wait = [1000, 2000][this.retries] ?? 4000;
            this.retries += 1;
            this.onStatus(`connection lost; reconnecting in ${wait / 1000} s…`, false);
            setTimeout(() => this.open(), wait);
        });
    }

    /** Sends `msg` (an object) if the socket is open; returns whether it was sent. */
    sendRaw(msg) {
        if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
        this.socket.send(JSON.stringify(msg));
        return true;
    }

    /** Closes for good (no reconnect). */
    close() {
        this.closed = true;
        if (this.socket) this.socket.close();
    }
}
