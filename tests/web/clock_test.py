#!/usr/bin/python3
"""The turn clock on the page: a table whose serve.toml gives a person 8 s a turn and removes a
seat after 2 timeouts in a row. Everyone sees the current player's countdown, counting down
each second; lee never acts: after the first timeout lee's panel says that the stand-in bot
decided and why (1 of 2), after the second that lee timed out 2 turns in a row and left.
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def clock(driver):
    e = h.visible(driver, '[data-test="clock"]')
    return e.text if e else None


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(120)
    server = h.Server(args.cherries)
    config = os.path.join(server.workdir, "serve.toml")
    with open(config, "w") as f:
        # 8 s, not less: under a loaded machine the page must show lee's countdown and see it move
        # within lee's turn (at 4 s the turn could end between the two readings; seen in the suite).
        f.write("[tables]\nturn_timeout = 8\nmax_timeouts = 2\n")
    server.extra = ["--config", config]
    server.start()
    # Official: long enough a game for lee's two timeouts (quick may be won by turn 4).
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "official"})
    kim, lee = h.browsers(2)
    for d, name in ((kim, "kim"), (lee, "lee")):
        d.get(f"{server.url}/t/{made['id']}")
        h.wait(d, lambda x: h.table_state(x) is not None, 15, "the table's state")
        h.sit_down(d, name)
    h.wait(kim, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(kim, '[data-test="add-bot"]')
    h.wait(kim, lambda d: len(h.table_state(d)["players"]) == 3, 10, "the bot's seat")
    h.click(kim, '[data-test="start"]')

    def lee_turn(d):
        s = h.table_state(d)
        return s and s.get("current") is not None and any(p["id"] == s["current"] and p["name"] == "lee" for p in s["players"])

    # kim plays on its turns until it is lee's; kim's page shows lee's clock counting down.
    end = time.monotonic() + 30
    while not lee_turn(kim) and time.monotonic() < end:
        h.act(kim)
        time.sleep(0.05)
    assert lee_turn(kim), "lee's turn did not come"
    first = h.wait(kim, lambda d: clock(d), 5, "the countdown on kim's page during lee's turn")
    assert re.fullmatch(r"\d+:\d\d", first), f"the countdown reads {first!r}"
    state = h.table_state(kim)   # the page's table, with the message's clock beside it
    assert state["clock"] and 0 < state["clock"]["ms_left"] <= 8000 and state["clock"]["timeout_ms"] == 8000, state["clock"]
    later = h.wait(kim, lambda d: (lambda c: c if c and c != first else None)(clock(d)), 3, "the countdown to move")
    print(f"clock: lee's countdown on kim's page: {first} then {later}")
    assert later < first, f"the countdown went from {first} to {later}"
    # 8 s a turn: the whole turn is within the last 10 s, so the clock warns (a class, a ⚠ and a word).
    warn = h.wait(kim, lambda d: d.execute_script("""
        const box = document.querySelector('[data-test="clock-box"]');
        return box && box.classList.contains('clock-low') && box.textContent.includes('hurry')
            ? [box.textContent, getComputedStyle(box).color] : null;"""), 3, "the clock's warning in the last 10 s")
    print(f"clock: the last 10 s warn: {warn[0].strip()!r} in {warn[1]}")

    def lee_notice(d):
        s = h.table_state(d)
        lee_p = next((p for p in s["players"] if p["name"] == "lee"), None)
        return lee_p and lee_p.get("notice")

    notice = h.wait(kim, lee_notice, 15, "lee's timeout notice")
    shown = h.wait(kim, lambda d: next((e.text for e in h.find(d, '#players .player')
                                        if e.get_attribute("aria-label") == "lee" and e.find_elements("css selector", '[data-test="notice"]')), None),
                   5, "the notice in lee's panel")
    assert "did not act within 8 s" in shown and "1 of 2" in shown, f"lee's panel does not say why: {shown!r}"
    print(f"clock: lee's panel after a timeout: {notice!r}")

    # The second timeout in a row: lee leaves; the page says so and why.
    end = time.monotonic() + 40
    departed = None
    while time.monotonic() < end:
        h.act(kim)
        departed = [e.text for e in h.find(kim, '[data-test="departed"]')]
        if departed or (h.table_state(kim) or {}).get("result"):
            break
        time.sleep(0.05)
    assert departed, f"no sentence on the page after lee's second timeout (state: {h.table_state(kim)})"
    assert any("lee timed out 2 turns in a row" in t for t in departed), f"the page does not say why lee left: {departed}"
    print(f"clock: after the second timeout: {departed}")
    print("clock: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
