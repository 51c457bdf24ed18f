"""What every browser test shares: start `cherries serve` on 127.0.0.1 with a free port, open
headless Chromium sessions with Selenium, wait for the page with bounded timeouts, and stop it
all at the end, whatever happened.

A missing tool (chromium, chromedriver, python3-selenium: scripts/setup installs them) makes a
test SKIP (exit 77, ctest's SKIP_RETURN_CODE), or FAIL under CI=true.
"""

import argparse
import atexit
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
PLUGINS = os.path.join(HERE, "plugins")   # the `quick` gametype for short games
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def need_tools():
    """Skips the test (or fails it under CI=true) when a browser tool is missing."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("python3-selenium")
    if missing:
        message = f"missing {', '.join(missing)} (bash scripts/setup installs chromium, chromium-driver, python3-selenium)"
        if os.environ.get("CI") == "true":
            print(f"FAIL: {message}", flush=True)
            sys.exit(1)
        print(f"SKIP: {message}", flush=True)
        sys.exit(SKIP)


def arguments():
    """The test's command line: `--cherries BINARY` (ctest passes the built one); `--bench` for
    a test that also measures a speed: the bound is then checked (the suite only prints it)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cherries", required=True)
    parser.add_argument("--keep-screenshots", default=None, help="folder to write screenshots to (docs/images)")
    parser.add_argument("--bench", action="store_true", help="check the speed bound too (a benchmark, not the suite)")
    return parser.parse_args()


def deadline(seconds):
    """Ends the whole test (exit 1) after `seconds`, so a hang cannot outlive its budget."""
    def expired(_signum, _frame):
        print(f"FAIL: the test did not finish within {seconds} s", flush=True)
        cleanup()
        os._exit(1)
    signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)


_servers = []
_drivers = []


def _quit(driver):
    try:
        driver.quit()
    except Exception:
        pass


def cleanup():
    # All at once: a Chromium takes about a second to quit. Plain threads: this also runs at
    # exit, when an executor no longer takes work.
    quitting = [threading.Thread(target=_quit, args=(d,)) for d in _drivers]
    for t in quitting:
        t.start()
    for t in quitting:
        t.join(timeout=15)
    _drivers.clear()
    for s in list(_servers):
        s.stop()


atexit.register(cleanup)


class Server:
    """`cherries serve --listen 127.0.0.1:0` as a child process; `url` once it listens."""

    def __init__(self, binary, database=None, extra=(), test_plugins=True):
        self.binary = binary
        self.test_plugins = test_plugins
        self.database = database
        self.extra = list(extra)
        self.workdir = tempfile.mkdtemp(prefix="cherries-web-")
        self.process = None
        self.url = None
        self.output = []

    def start(self, listen="127.0.0.1:0", timeout=20):
        # --bot-pace 0: bots play at once in the tests (a test of the pace gives its own, later).
        command = [self.binary, "serve", "--listen", listen, "--web-root", os.path.join(SOURCE, "web"), "--bot-pace", "0"] + self.extra
        if self.test_plugins:
            command += ["--plugin-path", PLUGINS]
        if self.database:
            command += ["--database", self.database]
        self.process = subprocess.Popen(command, cwd=self.workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)
        _servers.append(self)
        end = time.monotonic() + timeout
        line = b""
        while time.monotonic() < end:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    break
                line += chunk
                match = re.search(rb"listening on (http://127\.0\.0\.1:\d+)", line)
                if match:
                    self.url = match.group(1).decode()
                    self.output.append(line.decode(errors="replace"))
                    threading.Thread(target=self._drain, daemon=True).start()
                    return self
            if self.process.poll() is not None:
                break
        raise RuntimeError(f"cherries serve did not say where it listens within {timeout} s; it printed: "
                           f"{line.decode(errors='replace')!r} (exit {self.process.poll()})")

    def _drain(self):
        stream = self.process.stdout
        while True:
            chunk = stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096)
            if not chunk:
                return
            self.output.append(chunk.decode(errors="replace"))

    def port(self):
        return int(self.url.rsplit(":", 1)[1])

    def kill(self):
        """SIGKILL: no chance to save or close anything (the crash test)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self):
        """SIGTERM, then SIGKILL after 10 s; returns the exit status."""
        if self in _servers:
            _servers.remove(self)
        if not self.process or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.terminate()
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(timeout=10)

    def get_json(self, path):
        with urllib.request.urlopen(self.url + path, timeout=10) as res:
            return json.loads(res.read().decode())

    def post_json(self, path, body):
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as res:
            return json.loads(res.read().decode())

    def get_text(self, path):
        with urllib.request.urlopen(self.url + path, timeout=10) as res:
            return res.read().decode()


def browser(width=1280, height=900):
    """A headless Chromium session with a profile of its own (its own localStorage)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--disable-extensions", "--no-first-run", "--disable-background-networking",
                f"--window-size={width},{height}", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    _drivers.append(driver)
    return driver


def browsers(count, width=1280, height=900):
    """`count` sessions as browser() makes them, started at once (each takes about a second)."""
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: browser(width, height), range(count)))


def viewport(driver, width, height):
    """Sets the page's viewport to width x height CSS pixels (window.innerWidth == width)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def wait(driver, predicate, timeout=15, what="the page"):
    """Polls `predicate(driver)` until it is truthy (returned) or `timeout` s pass (AssertionError)."""
    end = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < end:
        try:
            value = predicate(driver)
            if value:
                return value
        except Exception as e:  # a stale element while the page redraws: try again
            last_error = e
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def find(driver, css):
    from selenium.webdriver.common.by import By
    return driver.find_elements(By.CSS_SELECTOR, css)


def visible(driver, css):
    """The first displayed element matching `css`, or None."""
    for e in find(driver, css):
        try:
            if e.is_displayed():
                return e
        except Exception:
            pass
    return None


def click(driver, css, timeout=15):
    """Clicks the first displayed, enabled element matching `css` once there is one."""
    def attempt(d):
        e = visible(d, css)
        if e is None or not e.is_enabled():
            return False
        e.click()
        return True
    wait(driver, attempt, timeout, f"a clickable {css}")


def table_state(driver):
    """The page's last table state (window.cherriesTable.table), or None."""
    return driver.execute_script("return window.cherriesTable ? window.cherriesTable.table : null;")


def sit_down(driver, name, pending=False):
    """Types `name` in the name field and presses join; waits for the seat (its token, and its
    player id unless `pending`: a join during a turn is seated after it, GDD §3.4.2.1)."""
    field = wait(driver, lambda d: visible(d, '[data-test="name"]'), 15, "the name field")
    field.clear()
    field.send_keys(name)
    click(driver, '[data-test="join"]')
    wait(driver, lambda d: any(s.get("name") == name and (pending or s.get("player") is not None)
                               for s in d.execute_script("return window.cherriesTable.seats;")),
         15, f"{name}'s seat")


def seat_bots(driver, count):
    """Seats `count` bots with the page's 'Seat a bot' button (its chosen kind), one at a time,
    each waited for in the table's state."""
    for n in range(count):
        seated = len(table_state(driver)["players"])
        wait(driver, lambda d: visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
        click(driver, '[data-test="add-bot"]')
        wait(driver, lambda d, want=seated + 1: len(table_state(d)["players"]) == want, 10, "the bot's seat")


def table_with_bots(server, name="kim", bots=2, before_load=None):
    """A new Standard Set table on the official gametype, in a new browser where `name` sits down
    with `bots` bots beside them (not started). `before_load(driver)` runs before the page loads
    (e.g. an emulated media feature). Returns the browser."""
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "official"})
    driver = browser()
    if before_load:
        before_load(driver)
    driver.get(f"{server.url}/t/{made['id']}")
    wait(driver, lambda d: table_state(d) is not None, 15, "the table's state")
    sit_down(driver, name)
    seat_bots(driver, bots)
    return driver


def error_text(driver):
    e = visible(driver, '[data-test="error"]')
    return e.text if e else ""


def save_screenshot(driver, folder, name):
    """Writes the page as docs/images/NAME.png (only when asked: --keep-screenshots DIR)."""
    if not folder:
        return None
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    # The page at rest: no given card still on its way to its receiver (web/js/motion.js).
    wait(driver, lambda d: not d.execute_script("return document.querySelector('.moving-card')"), 5, "the cards to stop moving")
    driver.save_screenshot(path)
    return path


def card_kind(card):
    """A card's kind: its `type`, else guessed from its text (the page's own fallback)."""
    if card.get("type"):
        return card["type"]
    text = (card.get("text") or "").lower()
    if "lifetime" in text or "modifier" in text:
        return "modifier"
    if "cherr" in text:
        return "cherry"
    return "score"


def decide(table, me):
    """A player's choice for the drawn card, by a simple rule: keep what helps (a card that
    gives), give what hurts (one that takes, or a modifier) to the leader. Returns the name of the
    receiver (`me`'s own name = keep)."""
    players = table["players"]
    mine = next(p for p in players if p["id"] == me)
    others = [p for p in players if p["id"] != me] or [mine]
    leader = max(others, key=lambda p: (p["score"], p["cherries"]))
    card = table["drawn"]
    kind = card_kind(card)
    gives = (card.get("text") or "").lower().startswith("gives")
    if kind == "cherry" and gives and mine["cherries"] < 5:
        return mine["name"]
    if kind == "score" and gives:
        return mine["name"]
    return leader["name"]


def own_card(driver):
    """The page's table state when a card waits for a seat this page holds (its keep button is
    shown, and the state's current player is one of the page's seats: during a bot's paced turn
    the state names the bot and its card while the last render may still show a keep), else None."""
    state = table_state(driver)
    if not state or not state.get("drawn") or visible(driver, '[data-test="keep"]') is None:
        return None
    seats = driver.execute_script("return window.cherriesTable.seats;") or []
    if not any(s.get("player") == state.get("current") for s in seats):
        return None
    return state


def my_turn(driver):
    """The name of the seat this page acts for now (its keep button is shown), or None."""
    state = own_card(driver)
    if not state:
        return None
    return next((p["name"] for p in state["players"] if p["id"] == state["current"]), None)


def act(driver):
    """If it is this page's turn, gives or keeps the drawn card by clicking (decide()); returns
    the turn number acted on, or None."""
    state = own_card(driver)
    if not state:
        return None
    me = state["current"]
    receiver = decide(state, me)
    me_name = next(p["name"] for p in state["players"] if p["id"] == me)
    css = '[data-test="keep"]' if receiver == me_name else f'[data-test="give"][data-player="{receiver}"]'

    def moved_on(d):
        now = table_state(d) or {}
        return now.get("turn") != state["turn"] or now.get("result") or now.get("drawn") != state["drawn"]

    def refusal(d):
        shown = visible(d, "#error")
        return shown.text if shown is not None and shown.text else None

    # The page sends the give in the click's handler and waits for the next state before it
    # offers another decision. A click that a redraw moved away from its button (the log and the
    # clock change the layout, seen under a loaded machine) sends nothing: the page is not busy
    # and still offers the card, so a person would click again, and so does this (three times).
    for _ in range(3):
        click(driver, css, 5)
        if not (driver.execute_script("return window.cherriesTable.busy") or moved_on(driver)):
            time.sleep(0.2)
            continue
        wait(driver, lambda d: moved_on(d) or refusal(d), 10, "the next state after a give")
        if not moved_on(driver):
            raise AssertionError(f"the give on turn {state['turn']} was refused: {refusal(driver)}")
        return state["turn"]
    raise AssertionError(f"three clicks on {css} on turn {state['turn']} sent nothing")


def play_until(drivers, done, timeout=40):
    """Lets every page act on its turns until `done()` is true (or AssertionError after `timeout` s)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return
        for d in drivers:
            act(d)
        time.sleep(0.03)
    raise AssertionError(f"the game did not reach the expected point within {timeout} s")


def result_of(driver):
    """The winner's name the page shows (data-test=result), or None."""
    e = visible(driver, '[data-test="result"]')
    return e.text if e else None


def open_table(driver, server, gametype="quick", sets=("standard",)):
    """Opens a table from the lobby's form (the gametype and sets chosen there) and returns its id."""
    driver.get(server.url + "/")
    wait(driver, lambda d: visible(d, f'input[name="gametype"][value="{gametype}"]'), 15, f"gametype {gametype} in the lobby")
    for box in find(driver, 'input[name="set"]'):
        if (box.get_attribute("value") in sets) != box.is_selected():
            box.click()
    find(driver, f'input[name="gametype"][value="{gametype}"]')[0].click()
    click(driver, "#create")
    wait(driver, lambda d: "/t/" in d.current_url, 15, "the new table's page")
    wait(driver, lambda d: table_state(d) is not None, 15, "the table's first state")
    return driver.current_url.rsplit("/t/", 1)[1]


def raw_socket(driver, messages, listen=1.5, errors=None):
    """From the page's own JS (same origin), opens a second WebSocket to its table, sends
    `messages` in order and returns every message the server sent back within `listen` s, or
    as soon as `errors` messages of type "error" have come (when given)."""
    return driver.execute_async_script("""
        const [messages, listen, errors, done] = arguments;
        const id = location.pathname.replace(/^\\/t\\//, '');
        const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const ws = new WebSocket(`${scheme}//${location.host}/ws/${id}`);
        const got = [];
        let finished = false;
        const finish = () => { if (!finished) { finished = true; ws.close(); done(got); } };
        ws.onmessage = (e) => {
            try { got.push(JSON.parse(e.data)); } catch { got.push({raw: e.data}); }
            if (errors !== null && got.filter((m) => m.type === 'error').length >= errors) finish();
        };
        ws.onerror = () => got.push({socket: 'error'});
        ws.onopen = () => {
            for (const m of messages) ws.send(typeof m === 'string' ? m : JSON.stringify(m));
            setTimeout(finish, listen * 1000);
        };
        setTimeout(finish, (listen + 5) * 1000);
    """, messages, listen, errors)


def low_contrast(driver, minimum=4.5):
    """Every shown element with text of its own whose text colour on its background (the nearest
    opaque one up the tree) is below `minimum`:1 (WCAG 2 contrast ratio; AA asks 4.5:1 for
    text). Returns [(what, ratio, colour, background)]."""
    return driver.execute_script("""
        const minimum = arguments[0];
        const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
            const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
        const lum = ({r, g, b}) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
        const background = (e) => { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c.a > 0.5) return c; } return {r: 255, g: 255, b: 255, a: 1}; };
        const out = [];
        for (const e of document.querySelectorAll('body *')) {
            const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            if (!own || !e.getClientRects().length) continue;
            const s = getComputedStyle(e);
            if (s.visibility === 'hidden' || s.display === 'none') continue;
            const fg = parse(s.color), bg = background(e);
            const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
            const ratio = (hi + 0.05) / (lo + 0.05);
            if (ratio < minimum) out.push([`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${e.textContent.trim().slice(0, 40)}"`,
                Math.round(ratio * 100) / 100, s.color, `rgb(${bg.r}, ${bg.g}, ${bg.b})`]);
        }
        return out;
    """, minimum)
