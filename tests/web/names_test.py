#!/usr/bin/python3
"""A name that is yours (docs/web.md, "A name that is yours"), on a server with a database: ann
claims her name on the "Your name" page and gets her key's link; a second browser opens the link
(the name comes with it, and the key leaves the address bar) and sits down at a table as ann; a
third browser is refused the name there in words, and sits down with another; "My tables" lists
the table for ann's key and asks a browser without one for a key. Then ann revokes
her key: the second browser's old key no longer seats her at a new table. The page with the link
passes axe-core when it is installed.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402
import axe_test  # noqa: E402


def ready(driver):
    return driver.execute_script("return document.body.dataset.ready === 'true'")


def held_name(driver):
    return driver.execute_script("return document.getElementById('held').dataset.name")


def join_refused(driver, name):
    """Types `name` and presses Sit down; returns the error the page shows (no seat is taken)."""
    field = h.wait(driver, lambda d: h.visible(d, '[data-test="name"]'), 15, "the name field")
    field.clear()
    field.send_keys(name)
    h.click(driver, '[data-test="join"]')
    return h.wait(driver, lambda d: h.error_text(d), 15, f"the refusal of {name}")


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(140)
    data = tempfile.mkdtemp(prefix="cherries-names-")
    server = h.Server(args.cherries, database=os.path.join(data, "names.db")).start()
    first, second, third = h.browsers(3)

    # ann claims her name: the key's link is shown once, and this browser keeps the key.
    first.get(f"{server.url}/names")
    h.wait(first, ready, 10, "the names page")
    assert held_name(first) == "", "a fresh browser holds no key"
    h.visible(first, '[data-test="claim-name"]').send_keys("ann")
    h.click(first, '[data-test="claim"]')
    h.wait(first, lambda d: h.visible(d, '[data-test="key-link"]'), 10, "the key's link")
    link = h.visible(first, '[data-test="key-link"]').get_attribute("value")
    assert link.startswith(f"{server.url}/names#key=") and len(link.split("#key=")[1]) == 43, link
    key = link.split("#key=")[1]
    assert held_name(first) == "ann"
    assert first.execute_script("return localStorage.getItem('cherries-player-key')") == key
    source = next((p for p in axe_test.AXE_PLACES if p and os.path.isfile(p)), None)
    if source:
        with open(source, encoding="utf-8") as f:
            problems = axe_test.run_axe(first, f.read(), "the names page with a key's link")
        assert not problems, f"axe-core on the names page: {problems}"
        print("names: axe-core finds nothing on the page with the link")
    # The look-alike is refused in words (through the API the page uses).
    first.execute_script("localStorage.removeItem('cherries-player-key')")
    first.get(f"{server.url}/names")
    h.wait(first, ready, 10, "the names page again")
    h.visible(first, '[data-test="claim-name"]').send_keys("ANN")
    h.click(first, '[data-test="claim"]')
    refusal = h.wait(first, lambda d: h.error_text(d), 10, "the look-alike's refusal")
    assert "looks like 'ann', a claimed name" in refusal, refusal
    first.execute_script("localStorage.setItem('cherries-player-key', arguments[0])", key)

    # The second browser opens the link: the name comes with it; the key leaves the address bar.
    second.get(link)
    h.wait(second, ready, 10, "the names page from the link")
    h.wait(second, lambda d: held_name(d) == "ann", 10, "ann's name from the link")
    assert "#key=" not in second.current_url, second.current_url
    assert second.execute_script("return localStorage.getItem('cherries-player-key')") == key

    # At a table: the second browser sits down as ann; the third is refused ann, and plays as bea.
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    for d in (second, third):
        d.get(f"{server.url}/t/{made['id']}")
        h.wait(d, lambda x: h.table_state(x) is not None, 15, "the table's state")
    h.sit_down(second, "ann")
    refusal = join_refused(third, "ann")
    assert "ann is a claimed name: sit down with its player key" in refusal, refusal
    assert key not in refusal
    assert [p["name"] for p in h.table_state(third)["players"]] == ["ann"], "the refused join took no seat"
    h.sit_down(third, "bea")
    h.wait(third, lambda d: [p["name"] for p in h.table_state(d)["players"]] == ["ann", "bea"], 10, "both seats")

    # My tables: the browser with ann's key lists the table where ann sits, with its state; the
    # browser without a key is sent to the names page. bea's typed name has no "My tables".
    second.get(f"{server.url}/mine")
    h.wait(second, ready, 10, "My tables")
    entries = h.wait(second, lambda d: d.execute_script("""
        return [...document.querySelectorAll('[data-test="mine-entry"]')]
            .map((e) => [e.dataset.table, e.querySelector('[data-test="mine-status"]').textContent]);"""), 10, "ann's tables")
    assert entries == [[made["id"], "waiting to start"]], entries
    assert "ann" in h.visible(second, '[data-test="mine-who"]').text
    if source:
        with open(source, encoding="utf-8") as f:
            problems = axe_test.run_axe(second, f.read(), "My tables")
        assert not problems, f"axe-core on My tables: {problems}"
    # "Tell me on IRC": a code to say to CherryBot, shown in words (docs/irc.md).
    h.click(second, '[data-test="irc-link"]')
    told = h.wait(second, lambda d: "!link " in d.find_element("css selector", '[data-test="irc-status"]').text
                  and d.find_element("css selector", '[data-test="irc-status"]').text, 10, "the IRC link code")
    code = told.split("!link ", 1)[1].split()[0].rstrip(".")
    assert len(code) == 11 and code[5] == "-", f"not a link code: {told!r}"
    h.save_screenshot(second, args.keep_screenshots, "mine-irc-link.png")
    third.get(f"{server.url}/mine")
    h.wait(third, ready, 10, "My tables without a key")
    assert "holds no player key" in h.visible(third, '[data-test="mine-who"]').text
    print("names: My tables lists ann's table for her key, and asks for a key without one")

    # ann revokes her key on the first browser: the new key's link is shown, the old one is dead.
    first.get(f"{server.url}/names")
    h.wait(first, lambda d: ready(d) and held_name(d) == "ann", 10, "the names page with ann's key")
    h.click(first, '[data-test="revoke"]')
    h.wait(first, lambda d: h.visible(d, '[data-test="key-link"]'), 10, "the new key's link")
    renewed = h.visible(first, '[data-test="key-link"]').get_attribute("value").split("#key=")[1]
    assert renewed != key
    later = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    second.get(f"{server.url}/t/{later['id']}")
    h.wait(second, lambda x: h.table_state(x) is not None, 15, "the later table's state")
    refusal = join_refused(second, "ann")
    assert "ann is a claimed name, and the player key this page holds is not its key" in refusal, refusal
    server.stop()
    log = "".join(server.output)
    assert key not in log and renewed not in log, "a key reached the server's log"
    print("names: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
