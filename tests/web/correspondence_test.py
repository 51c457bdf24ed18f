#!/usr/bin/python3
"""A correspondence table's pause in the browser (docs/web.md, "Correspondence tables"): at a
table of 3 days a move, ann asks to pause; the table is not paused until bob agrees on his own
page; then both pages say so and the clock stands still (⏸, not counting down); bob resumes and
the clock runs again. The out-of-time choice is shown from the same state (its buttons are
drawn by the same code; the server's test steps the days it needs:
tests/host/web/serve_correspondence_test.cpp).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    server = h.Server(args.cherries).start()
    ann, bob = h.browsers(2)
    ann.get(server.url + "/")
    made = ann.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({days_per_move: 3, gametype: 'official'})}).then((r) => r.json()).then(done);")
    table_id = made["id"]
    for driver, name in ((ann, "ann"), (bob, "bob")):
        driver.get(f"{server.url}/t/{table_id}")
        h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table's state")
        h.sit_down(driver, name)
    h.click(ann, '[data-test="start"]')
    h.wait(bob, lambda d: (h.table_state(d) or {}).get("started"), 15, "the game's start")

    h.click(ann, '[data-test="pause"]')
    h.wait(bob, lambda d: "Asked to pause: ann" in d.find_element("css selector", '[data-test="votes"]').text, 10, "ann's wish on bob's page")
    assert h.table_state(bob)["pause"]["held"] is False, "one person's wish paused the table"
    assert "Take back" in h.find(ann, '[data-test="pause"]')[0].text, "ann's page does not offer to take back her wish"
    h.click(bob, '[data-test="pause"]')
    for driver in (ann, bob):
        h.wait(driver, lambda d: "paused by everyone" in d.find_element("css selector", '[data-test="votes"]').text, 10, "the agreed pause")
    shown = h.find(ann, '[data-test="clock-box"]')[0].text
    assert "paused" in shown and "⏸" in shown, f"the clock does not say it is paused: {shown!r}"
    left = h.find(ann, '[data-test="clock"]')[0].text
    ann.execute_script("return new Promise((r) => setTimeout(r, 1200));")  # a second passes on the page: the paused clock stands
    assert h.find(ann, '[data-test="clock"]')[0].text == left, "a paused clock counted down"
    h.save_screenshot(ann, args.keep_screenshots, "correspondence-paused.png")
    h.click(bob, '[data-test="resume"]')
    h.wait(ann, lambda d: not h.table_state(d)["pause"]["held"], 10, "the table resumed")
    h.wait(ann, lambda d: "⏱" in d.find_element("css selector", '[data-test="clock-box"]').text, 10, "the running clock")
    print(f"correspondence: ann asked, bob agreed, both pages showed the pause (clock {left} standing), bob resumed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
