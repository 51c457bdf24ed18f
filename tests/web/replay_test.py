#!/usr/bin/python3
"""The replay page rebuilds each turn's table from a record's event lines (docs/records.md) in
JavaScript; `cherries replay --to N --json` plays the same record in the engine. For every golden
record (tests/golden) and a web game with a join and a leave mid-game (GDD §3.4.2.1), at a spread
of turns, both must agree on every player's cherry stockpile, score, received card stack count and
modifier card stack (cards and lifetimes, bottom first: GDD §3.3.4.1), and on the deck's count.
"""

import glob
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def engine_view(binary, record, turn):
    out = subprocess.run([binary, "replay", record, "--to", str(turn), "--json", "--plugin-path", h.PLUGINS],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, f"cherries replay {record} --to {turn}: {out.stderr}"
    state = json.loads(out.stdout)
    players = [(p["name"], p["cherries"], p["score"], len(p["received"]),
                [(m["card"].split(":")[-1], m["lifetime"]) for m in p["modifiers"]]) for p in state["players"]]
    return players, state["deck_remaining"]


def page_view(driver, turn):
    table = driver.execute_script("""
        const r = window.cherriesReplay; const k = arguments[0];
        document.getElementById('jump-to').value = String(k);
        document.querySelector('[data-test="replay-jump"]').click();
        return r.table;""", turn)
    players = [(p["name"], p["cherries"], p["score"], p["received"],
                [(m["card"]["id"].split(":")[-1], m["lifetime"]) for m in p["modifiers"]]) for p in table["players"]]
    return players, table["deck"]


def compare(driver, binary, path, name):
    with open(path) as f:
        text = f.read()
    driver.execute_script("window.cherriesReplay.load(arguments[0], arguments[1]);", text, name)
    turns = h.wait(driver, lambda d: d.execute_script("return window.cherriesReplay.turns"), 10, f"{name} in the replay")
    assert not h.error_text(driver), f"{name}: the replay page says: {h.error_text(driver)}"
    checked = {1, 2, 3, turns // 3, turns // 2, 2 * turns // 3, turns - 1, turns} - {0}
    # `cherries replay --to` the last turn needs the end line; a table's record has one only once
    # the game is over (web/play checks that a finished table's record is whole).
    if '{"end"' not in text:
        checked.discard(turns)
    checked = sorted(checked)
    for turn in checked:
        engine = engine_view(binary, path, turn)
        page = page_view(driver, turn)
        assert page == engine, f"{name}, turn {turn}:\n page   {page}\n engine {engine}"
    # The log's words are the server's, the terminal's own (one renderer, host::EventWords): every
    # line the page shows at the last turn is a line of `cherries replay --show`.
    log = driver.execute_script("return [...document.querySelectorAll('#log-lines li')].map(li => li.textContent)")
    assert log, f"{name}: the replay page shows no log"
    shown = subprocess.run([binary, "replay", "--show", path, "--plugin-path", h.PLUGINS], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "NO_COLOR": "1"})
    transcript = {line.strip() for line in shown.stdout.splitlines()}
    missing = [line for line in log if line.strip() not in transcript]
    assert not missing, f"{name}: the page's log says what the terminal does not: {missing[:3]}\n{shown.stdout[:600]}{shown.stderr[:300]}"
    print(f"replay: {name}: {turns} turns; the page and the engine agree at turns {checked}")


class EndedEarly(Exception):
    """The game was won before ann could leave (a score card or two in the first turns)."""


def web_game_with_join_and_leave(server, driver):
    """A web game with a join and a leave, its record's path. A table's deal is sealed and random
    (nobody, a test neither, picks its seed), and a quick game is now and then won by turn 3, so
    up to four tables are tried."""
    for attempt in range(1, 5):
        try:
            return one_web_game(server, driver)
        except EndedEarly as e:
            print(f"replay: table {attempt}: {e}; another table")
    raise AssertionError("four quick games in a row ended before turn 4")


PLAYED = {}   # the last web game: its table id and winner


def one_web_game(server, driver):
    """A quick web game: ann and a bot; bob joins after turn 1; ann leaves at turn 4 or later; bob
    and the bot play it to its end."""
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    driver.get(f"{server.url}/t/{made['id']}")
    h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table")
    h.sit_down(driver, "ann")
    h.click(driver, '[data-test="add-bot"]')
    h.wait(driver, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot")
    h.click(driver, '[data-test="start"]')
    h.wait(driver, lambda d: h.my_turn(d) == "ann", 10, "ann's turn")
    h.sit_down(driver, "bob", pending=True)
    h.act(driver)
    end = time.monotonic() + 30
    while h.table_state(driver)["turn"] < 4 or h.my_turn(driver) is None:
        assert time.monotonic() < end, "turn 4 did not come within 30 s"
        if h.table_state(driver)["result"]:
            raise EndedEarly(f"won at turn {h.table_state(driver)['turn']}: {h.table_state(driver)['result']}")
        h.act(driver)
        time.sleep(0.03)
    ann = next(s for s in driver.execute_script("return window.cherriesTable.seats") if s["name"] == "ann")
    driver.execute_script("window.cherriesTable.send({type: 'leave', token: arguments[0]});", ann["token"])
    # Asked during bob's turn (a slow machine may get there), ann leaves at its end: bob plays it.
    end = time.monotonic() + 15
    while any(p["name"] == "ann" for p in h.table_state(driver)["players"]):
        assert time.monotonic() < end, "timed out after 15 s waiting for ann gone"
        if h.table_state(driver)["result"]:
            raise EndedEarly(f"won at turn {h.table_state(driver)['turn']}, before ann's leave took effect")
        if h.my_turn(driver) == "bob":
            h.act(driver)
        time.sleep(0.05)
    # To the end: a web table's deal is sealed, so its record replays only once the end line
    # reveals the seed (docs/records.md, "The fair deal").
    h.play_until([driver], lambda: h.result_of(driver) or h.table_state(driver)["phase"] == "ended", 40)
    PLAYED.update(table=made["id"], winner=(h.table_state(driver)["result"] or {}).get("winner"))
    path = os.path.join(tempfile.mkdtemp(prefix="cherries-web-rec-"), "game.jsonl")
    record = server.get_text(f"/api/tables/{made['id']}/record")
    assert '["join",' in record and '["leave",' in record, "the web game has no join or no leave line"
    with open(path, "w") as f:
        f.write(record)
    return path


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    server = h.Server(args.cherries).start()
    driver = h.browser()
    live = web_game_with_join_and_leave(server, driver)
    driver.get(f"{server.url}/replay")
    h.wait(driver, lambda d: d.execute_script("return window.cherriesReplay !== undefined"), 10, "the replay page")
    compare(driver, args.cherries, live, "a web game with a join and a leave")
    # The page's line lists everyone who played, bob who joined later too, each name isolated
    # (<bdi>) for right-to-left text.
    named = [e.text for e in h.find(driver, '[data-test="replay-player"]')]
    assert "bob" in named and "ann" in named, f"the replay's player line leaves out who joined later: {named}"
    # On a phone the step buttons stay in view while the table scrolls under them.
    h.viewport(driver, 360, 740)
    top = driver.execute_script("""
        window.scrollTo(0, document.scrollingElement.scrollHeight);
        return document.querySelector('.replay-controls').getBoundingClientRect().top;""")
    assert 0 <= top < 740, f"scrolled to the end at 360 x 740, the step buttons are at {top} px, out of view"
    h.viewport(driver, 1280, 900)
    print(f"replay: players named {named}; step buttons in view at the end of a phone's page (top {top:.0f} px)")
    # Opened from a table's link, the page opens on the game (the viewer above the file picker),
    # says who won, and turn 0 is the deal, not a table waiting for people to sit down.
    driver.get(f"{server.url}/replay?table={PLAYED['table']}")
    summary = h.wait(driver, lambda d: (h.visible(d, '[data-test="replay-summary"]') or d).text, 10, "the replay's summary")
    order = driver.execute_script("return [document.getElementById('viewer').getBoundingClientRect().top,"
                                  " document.getElementById('open').getBoundingClientRect().top,"
                                  " document.querySelector('#turn-box').textContent]")
    assert order[0] < order[1], f"the replay opens on the file picker (at {order[1]} px), the game below it (at {order[0]} px)"
    assert "Waiting to start" not in order[2], f"turn 0 of the replay says {order[2]!r}"
    if PLAYED["winner"]:
        assert f"{PLAYED['winner']} won" in summary, f"the replay's summary does not say who won ({PLAYED['winner']}): {summary!r}"
    print(f"replay: opened on the game: {summary!r}; turn 0: {order[2]!r}")
    for path in sorted(glob.glob(os.path.join(h.SOURCE, "tests", "golden", "*.jsonl"))):
        compare(driver, args.cherries, path, os.path.basename(path))
    print("replay: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
