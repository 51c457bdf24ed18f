#!/usr/bin/python3
"""The deal verified in the page (issue 41, item 3; docs/records.md, "The fair deal"): kim plays a
quick game with a bot; from the first turn the commitment is pinned beside the table; at the end the
page hashes the revealed seed and salt itself (Web Crypto) and says "The deal was fixed before the
first card: verified". The replay page does the same for the downloaded record, and shows a loud
warning for the same record with its revealed salt changed.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def shown(driver, test):
    e = h.visible(driver, f'[data-test="{test}"]')
    return e.text if e else None


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(120)
    server = h.Server(args.cherries).start()
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    kim = h.browser()
    kim.get(f"{server.url}/t/{made['id']}")
    h.wait(kim, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(kim, "kim")
    h.click(kim, '[data-test="add-bot"]')
    h.wait(kim, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    h.click(kim, '[data-test="start"]')
    h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
    commitment = h.table_state(kim)["deal"]["commitment"]
    pin = h.wait(kim, lambda d: shown(d, "deal-pin"), 5, "the commitment pinned beside the table")
    assert commitment[:16] in pin and "seed" not in h.table_state(kim)["deal"], f"the pin reads {pin!r}"
    top = kim.execute_script("return document.querySelector('[data-test=\"deal-pin\"]').getBoundingClientRect().top")
    assert top < 900, f"the pinned commitment is at {top} px, below the first screen"
    print(f"deal: pinned from the first turn: {pin!r} (at {top:.0f} px)")

    h.play_until([kim], lambda: h.result_of(kim) or h.table_state(kim)["phase"] == "ended", 60)
    verdict = h.wait(kim, lambda d: shown(d, "deal-verified"), 10, "the page's verdict on the deal")
    assert "The deal was fixed before the first card: verified" in verdict, verdict
    assert not h.visible(kim, '[data-test="deal-warning"]'), "a warning beside the verdict"
    print(f"deal: at the end the table page says {verdict.splitlines()[0]!r}")

    record = server.get_text(f"/api/tables/{made['id']}/record")
    lines = record.strip().split("\n")
    end = json.loads(lines[-1])
    assert "salt" in end and "seed" in end, f"the record's end line reveals nothing: {lines[-1]}"
    kim.get(f"{server.url}/replay")
    h.wait(kim, lambda d: d.execute_script("return window.cherriesReplay !== undefined"), 10, "the replay page")
    kim.execute_script("window.cherriesReplay.load(arguments[0], 'game.jsonl')", record)
    verdict = h.wait(kim, lambda d: shown(d, "deal-verified"), 10, "the replay's verdict on the deal")
    print(f"deal: the replay page says {verdict.splitlines()[0]!r}")

    # The same record with the revealed salt changed: the page warns, loudly, and does not verify.
    salt = end["salt"]
    changed = salt[:-1] + ("0" if salt[-1] != "0" else "1")
    forged = record.replace(f'"salt":"{salt}"', f'"salt":"{changed}"')
    assert forged != record, "the salt was not found in the end line as expected"
    kim.execute_script("window.cherriesReplay.load(arguments[0], 'changed.jsonl')", forged)
    warning = h.wait(kim, lambda d: shown(d, "deal-warning"), 10, "the warning on a changed reveal")
    assert "does NOT match" in warning and not h.visible(kim, '[data-test="deal-verified"]'), warning
    print(f"deal: a changed salt: {warning[:90]!r}…")
    server.stop()
    print("deal: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
