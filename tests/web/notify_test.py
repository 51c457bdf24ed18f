#!/usr/bin/python3
"""Your turn while the tab is hidden: the page asks for the permission to notify once, at the
first own turn (not before), shows no notification while the tab is in view, and when the tab
is hidden a notification says the turn and the card drawn, and the sound option (a checkbox,
remembered) plays a sound. The browser's Notification API and document.hidden are stood in for
in the page (headless Chromium shows no notifications).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

FAKE = """
    window.cherriesNotes = []; window.cherriesAsked = 0;
    window.Notification = class {
        constructor(title, options) { window.cherriesNotes.push([title, (options || {}).body || '']); }
        static requestPermission() { window.cherriesAsked += 1; window.Notification.permission = 'granted'; return Promise.resolve('granted'); }
    };
    window.Notification.permission = 'default';
"""


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    server = h.Server(args.cherries).start()
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    kim = h.browser()
    kim.get(f"{server.url}/t/{made['id']}")
    h.wait(kim, lambda d: h.table_state(d) is not None, 15, "the table's state")
    kim.execute_script(FAKE)
    h.sit_down(kim, "kim")
    h.click(kim, '[data-test="turn-sound"]')
    assert kim.execute_script("return localStorage.getItem('cherries-turn-sound')") == "on", "the sound option is not remembered"
    h.wait(kim, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(kim, '[data-test="add-bot"]')
    h.wait(kim, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    assert kim.execute_script("return window.cherriesAsked") == 0, "the permission was asked before the first own turn"
    h.click(kim, '[data-test="start"]')
    h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's first turn")
    h.wait(kim, lambda d: d.execute_script("return window.cherriesAsked") == 1, 5, "the permission asked at the first own turn")
    assert kim.execute_script("return window.cherriesNotes.length") == 0, "a notification while the tab is in view"
    print("notify: the permission is asked at kim's first turn; no notification while the tab is in view")

    kim.execute_script("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});")
    turn = h.act(kim)
    h.wait(kim, lambda d: h.my_turn(d) == "kim" or h.table_state(d).get("result"), 20, "kim's next turn")
    if h.table_state(kim).get("result"):
        raise AssertionError("the game ended before kim's second turn")
    notes = h.wait(kim, lambda d: d.execute_script("return window.cherriesNotes"), 5, "a notification in the hidden tab")
    drawn = h.table_state(kim)["drawn"]["name"]
    assert notes[-1][0] == f"Your turn at table {made['id']}" and f"you drew {drawn}" in notes[-1][1], f"the notification says {notes}"
    beeps = kim.execute_script("return window.cherriesBeeps || 0")
    assert beeps >= 1, "no sound with the sound option on"
    assert kim.execute_script("return window.cherriesAsked") == 1, "the permission was asked again"
    print(f"notify: after turn {turn}, hidden: notification {notes[-1]}, {beeps} sound(s)")
    print("notify: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
