#!/usr/bin/python3
"""The ranking page (/ranking) from the stored statistics (GET /api/players): kim plays a quick
game against a bot on a server with a database; the ranking then lists kim with one game (the
bot is not ranked), with the same numbers as /api/players, and no sideways scroll at 360 px (the
table itself fits its box: a card per player); a
server without a database says that no games are counted.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    database = os.path.join(tempfile.mkdtemp(prefix="cherries-rank-"), "serve.sqlite")
    server = h.Server(args.cherries, database=database).start()
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    kim = h.browser()
    kim.get(f"{server.url}/t/{made['id']}")
    h.wait(kim, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(kim, "kim")
    h.wait(kim, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(kim, '[data-test="add-bot"]')
    h.wait(kim, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    h.click(kim, '[data-test="start"]')
    h.play_until([kim], lambda: (h.table_state(kim) or {}).get("result"), 60)
    stats = h.wait(kim, lambda d: [p for p in server.get_json("/api/players") if p["name"] == "kim"], 10, "kim's statistics")
    kim.get(f"{server.url}/ranking")
    h.wait(kim, lambda d: h.visible(d, '[data-test="ranking"]'), 10, "the ranking table")
    names = [e.text for e in h.find(kim, '[data-test="ranking-name"]')]
    assert names == [p["name"] for p in server.get_json("/api/players")], f"the ranking shows {names}"
    assert "kim" in names and not any(n.startswith("greedy") for n in names), f"the ranking shows {names}"
    row = next(e for e in h.find(kim, '[data-test="ranking"] tbody tr') if "kim" in e.text)
    assert str(stats[0]["wins"]) in row.text and str(stats[0]["games"]) in row.text, f"kim's row {row.text!r} != {stats[0]}"
    h.viewport(kim, 360, 740)
    width = kim.execute_script("return [document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the ranking scrolls sideways at 360 px: {width}"
    inner = kim.execute_script("const w = document.querySelector('.ranking-wrap'); return [w.scrollWidth, w.clientWidth]")
    assert inner[0] <= inner[1], f"the ranking table is wider than its box at 360 px (it scrolls inside it): {inner}"
    print(f"ranking: {names}; kim's row: {row.text!r}")
    server.stop()

    bare = h.Server(args.cherries).start()
    kim.get(f"{bare.url}/ranking")
    h.wait(kim, lambda d: h.visible(d, '[data-test="ranking-empty"]'), 10, "the empty ranking")
    print("ranking: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
