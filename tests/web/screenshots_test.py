#!/usr/bin/python3
"""The pages as a player sees them: the lobby, a table mid-game with modifier cards in play
(GDD §3.3.4.1.2, the modifier card stack, with lifetimes), the end (§3.4.3, the winner and the
standings), the replay and the ranking, each at 1280 px wide and on a 360 x 740 phone, with the shipped plugins and the official gametype (§3.3.1.5).
Each screenshot must be a real picture of the page (a PNG of the window's size, not blank).

`--keep-screenshots docs/images` writes them as docs/images/web-*.png (docs/web.md shows them);
otherwise they go to a temporary folder and are only checked.
"""

import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def check_png(path, width, least=30_000):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    w, height = struct.unpack(">II", data[16:24])
    assert w == width, f"{path} is {w} px wide, expected {width}"
    # A blank page compresses to a few KB; a page with cards and text is far more.
    assert len(data) > least, f"{path} is only {len(data)} bytes: a blank page?"
    return f"{os.path.basename(path)} {w}x{height}, {len(data) // 1024} KB"


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(100)
    folder = args.keep_screenshots or tempfile.mkdtemp(prefix="cherries-shots-")
    # A database: the ranking page shows the stored statistics after the game.
    database = os.path.join(tempfile.mkdtemp(prefix="cherries-shots-db-"), "serve.sqlite")
    server = h.Server(args.cherries, test_plugins=False, database=database).start()
    ann = h.browser(1280, 1000)
    h.viewport(ann, 1280, 1000)
    shots = []

    # A second table, waiting, for the lobby's list.
    server.post_json("/api/tables", {"sets": ["standard", "orchard"], "gametype": "example-a"})
    ann.get(server.url + "/")
    h.wait(ann, lambda d: h.visible(d, '[data-test="new-table"]'), 15, "the lobby")
    h.click(ann, '[data-test="new-table"]')
    h.wait(ann, lambda d: "/t/" in d.current_url and h.table_state(d) is not None, 15, "the new table")
    table_id = ann.current_url.rsplit("/t/", 1)[1]
    h.sit_down(ann, "ann")
    for kind in ("greedy", "random"):
        h.wait(ann, lambda d: h.visible(d, f'[data-test="bot-kind"] option[value="{kind}"]') or
               h.find(d, f'[data-test="bot-kind"] option[value="{kind}"]'), 10, f"bot kind {kind}")
        ann.execute_script("document.querySelector('[data-test=\"bot-kind\"]').value = arguments[0];", kind)
        count = len(h.table_state(ann)["players"])
        h.click(ann, '[data-test="add-bot"]')
        h.wait(ann, lambda d: len(h.table_state(d)["players"]) == count + 1, 10, f"the {kind} bot")
    h.click(ann, '[data-test="start"]')

    # Mid-game: ann to decide, and two modifier cards or more in play.
    def modifiers_in_play():
        s = h.table_state(ann)
        return h.my_turn(ann) and sum(len(p["modifiers"]) for p in s["players"]) >= 2 and s["turn"] > 6
    h.play_until([ann], modifiers_in_play, 40)
    # A laptop's window: the table with its seats and the chat in view together.
    h.viewport(ann, 1280, 800)
    ann.execute_script("window.scrollTo(0, 0)")
    h.wait(ann, lambda d: d.execute_script("return [...document.images].every(i => i.complete)"), 10, "the card faces")
    # The pointer on a modifier card at a seat: its words show in the bar at the bottom.
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(ann).move_to_element(h.find(ann, "#players .stack .card")[0]).perform()
    h.wait(ann, lambda d: h.visible(d, ".card-tip"), 5, "a card's text on hover")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-table.png"), 1280))
    mid_turn = h.table_state(ann)["turn"]

    # The lobby, in another browser, while this game goes on.
    bob = h.browser(1280, 1000)
    h.viewport(bob, 1280, 1000)
    bob.get(server.url + "/")
    h.wait(bob, lambda d: len(h.find(d, '[data-test="table-link"]')) == 2, 15, "the two tables in the lobby")
    h.wait(bob, lambda d: d.execute_script("return [...document.images].every(i => i.complete)"), 10, "the graphs")
    shots.insert(0, check_png(h.save_screenshot(bob, folder, "web-lobby.png"), 1280))
    h.viewport(bob, 360, 740)
    shots.insert(1, check_png(h.save_screenshot(bob, folder, "web-lobby-phone.png"), 360))
    h.viewport(ann, 360, 740)
    ann.execute_script("window.scrollTo(0, 0)")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-phone.png"), 360))
    h.viewport(ann, 1280, 1000)

    h.play_until([ann], lambda: h.result_of(ann), 60)
    ann.execute_script("window.scrollTo(0, 0)")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-end.png"), 1280))
    h.viewport(ann, 360, 740)
    ann.execute_script("window.scrollTo(0, 0)")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-end-phone.png"), 360))
    h.viewport(ann, 1280, 1000)
    winner = h.result_of(ann)

    ann.get(f"{server.url}/replay?table={table_id}")
    h.wait(ann, lambda d: d.execute_script("return window.cherriesReplay.turns") > 0, 15, "the replay")
    field = h.visible(ann, '[data-test="replay-turn"]')
    field.clear()
    field.send_keys(str(mid_turn))
    h.click(ann, '[data-test="replay-jump"]')
    h.wait(ann, lambda d: d.execute_script("return window.cherriesReplay.at") == mid_turn, 5, "the jump")
    h.wait(ann, lambda d: d.execute_script("return [...document.images].every(i => i.complete)"), 10, "the card faces")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-replay.png"), 1280))
    h.viewport(ann, 360, 740)
    ann.execute_script("window.scrollTo(0, 0)")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-replay-phone.png"), 360))
    h.viewport(ann, 1280, 1000)
    ann.get(f"{server.url}/ranking")
    h.wait(ann, lambda d: h.visible(d, '[data-test="ranking"]'), 10, "the ranking")
    shots.append(check_png(h.save_screenshot(ann, folder, "web-ranking.png"), 1280, 15_000))
    h.viewport(ann, 360, 740)
    shots.append(check_png(h.save_screenshot(ann, folder, "web-ranking-phone.png"), 360, 15_000))

    print(f"screenshots: {winner} won; in {folder}: " + "; ".join(shots))
    print("screenshots: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
