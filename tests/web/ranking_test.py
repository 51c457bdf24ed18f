#!/usr/bin/python3
"""The ranking page (/ranking) from the stored ratings and statistics (GET /api/ratings/ID, GET
/api/players): kim and lee, both with claimed names, play a quick game with a bot on a server with
a database; the ranking then shows the quick gametype's ratings (kim, lee and the bot, each with
one game, provisional, in /api/ratings' order) and the statistics list kim with one game (the
bot is not counted there), with the same numbers as /api/players, and no sideways scroll at 360 px
(each table fits its box: a card per player); a server without a database says that nothing is
rated and no games are counted.
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
    kim, lee = h.browsers(2)
    for driver, name in ((kim, "kim"), (lee, "lee")):  # claimed names: their games are rated
        key = server.post_json("/api/names", {"name": name})["key"]
        driver.get(f"{server.url}/names")
        driver.execute_script("localStorage.setItem('cherries-player-key', arguments[0])", key)
        driver.get(f"{server.url}/t/{made['id']}")
        h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table's state")
        h.sit_down(driver, name)
    h.wait(kim, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(kim, '[data-test="add-bot"]')
    h.wait(kim, lambda d: len(h.table_state(d)["players"]) == 3, 10, "the bot's seat")
    h.click(kim, '[data-test="start"]')
    h.play_until([kim, lee], lambda: (h.table_state(kim) or {}).get("result"), 60)
    stats = h.wait(kim, lambda d: [p for p in server.get_json("/api/players") if p["name"] == "kim"], 10, "kim's statistics")
    rated = h.wait(kim, lambda d: server.get_json("/api/ratings/quick")["players"], 10, "the quick ratings")
    kim.get(f"{server.url}/ranking")
    h.wait(kim, lambda d: h.visible(d, '[data-test="ratings"]'), 10, "the ratings table")
    rated_names = [e.text for e in h.find(kim, '[data-test="ratings-name"]')]
    assert rated_names == [p["name"] for p in rated], f"the ratings show {rated_names}, the API {rated}"
    assert {"kim", "lee"} <= set(rated_names) and any(n.startswith("greedy") for n in rated_names), rated_names
    assert len(h.find(kim, '[data-test="ratings-provisional"]')) == len(rated), "every one-game rating is provisional"
    ordinals = [e.text.split()[0] for e in h.find(kim, '[data-test="ratings-ordinal"]')]
    assert ordinals == [f"{p['ordinal']:.1f}" for p in rated], f"ordinals {ordinals} != {rated}"
    h.wait(kim, lambda d: h.visible(d, '[data-test="ranking"]'), 10, "the ranking table")
    h.save_screenshot(kim, args.keep_screenshots, "ranking-1280.png")
    names = [e.text for e in h.find(kim, '[data-test="ranking-name"]')]
    assert names == [p["name"] for p in server.get_json("/api/players")], f"the ranking shows {names}"
    assert "kim" in names and not any(n.startswith("greedy") for n in names), f"the ranking shows {names}"
    row = next(e for e in h.find(kim, '[data-test="ranking"] tbody tr') if "kim" in e.text)
    assert str(stats[0]["wins"]) in row.text and str(stats[0]["games"]) in row.text, f"kim's row {row.text!r} != {stats[0]}"
    h.viewport(kim, 360, 740)
    width = kim.execute_script("return [document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the ranking scrolls sideways at 360 px: {width}"
    inner = kim.execute_script("return [...document.querySelectorAll('.ranking-wrap')].map((w) => [w.scrollWidth, w.clientWidth])")
    assert len(inner) == 2 and all(w[0] <= w[1] for w in inner), f"a ranking table is wider than its box at 360 px (it scrolls inside it): {inner}"
    print(f"ranking: {names}; kim's row: {row.text!r}")
    server.stop()

    bare = h.Server(args.cherries).start()
    kim.get(f"{bare.url}/ranking")
    h.wait(kim, lambda d: h.visible(d, '[data-test="ranking-empty"]'), 10, "the empty ranking")
    h.wait(kim, lambda d: h.visible(d, '[data-test="ratings-empty"]'), 10, "no ratings")
    print("ranking: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
