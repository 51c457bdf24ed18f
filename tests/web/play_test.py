#!/usr/bin/python3
"""Three browser sessions and one bot play a whole game to a winner by clicking give and keep
(GDD §3.4.2.3.2: the player who drew keeps the card or gives it to any player; §3.4.3: the game
ends when a player reaches the winning score). Every page shows the same winner; the record the
table page links to replays with `cherries replay`, and the replay page steps through it.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    server = h.Server(args.cherries).start()
    ann, bob, cid = h.browsers(3)

    table_id = h.open_table(ann, server, gametype="quick")
    h.sit_down(ann, "ann")
    for driver, name in ((bob, "bob"), (cid, "cid")):
        driver.get(f"{server.url}/t/{table_id}")
        h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table's state")
        h.sit_down(driver, name)
    h.click(ann, '[data-test="add-bot"]')
    h.wait(ann, lambda d: len(h.table_state(d)["players"]) == 4, 10, "the bot's seat")
    h.click(ann, '[data-test="start"]')

    # Whose turn is shown on every page, by name (data-test="turn").
    turn_name = h.wait(bob, lambda d: h.visible(d, '[data-test="turn"]'), 15, "whose turn").text
    names = [p["name"] for p in h.table_state(bob)["players"]]
    assert turn_name in names, f"turn shows {turn_name!r}, not one of {names}"

    acted = set()

    def finished():
        return all(h.result_of(d) for d in (ann, bob, cid))

    end_turns = []
    import time
    deadline = time.monotonic() + 60
    while not finished():
        assert time.monotonic() < deadline, "no winner within 60 s"
        for d, name in ((ann, "ann"), (bob, "bob"), (cid, "cid")):
            if h.act(d) is not None:
                acted.add(name)
        time.sleep(0.03)
    winners = {h.result_of(d) for d in (ann, bob, cid)}
    assert len(winners) == 1, f"the pages disagree on the winner: {winners}"
    winner = winners.pop()
    state = h.table_state(ann)
    assert state["result"]["winner"] == winner
    top = max(state["players"], key=lambda p: p["score"])
    goal = state["gametype"]["winning_score"]
    assert top["name"] == winner and top["score"] >= goal, f"{winner} won but the scores are {state['players']}"
    assert acted == {"ann", "bob", "cid"}, f"not every person clicked: {sorted(acted)}"
    print(f"play: {winner} won after {state['turn']} turns; humans who clicked: {sorted(acted)}")

    link = h.visible(ann, '[data-test="record"]')
    assert link is not None and link.get_attribute("href").endswith(f"/api/tables/{table_id}/record"), \
        "no download link for the record at the end"

    # The replay page shows the same end (GDD §3.4.3) and steps back to the start.
    ann.get(f"{server.url}/replay?table={table_id}")
    h.wait(ann, lambda d: d.execute_script("return window.cherriesReplay.turns") > 0, 15, "the replay")
    turns = ann.execute_script("return window.cherriesReplay.turns")
    assert turns == state["turn"], f"the replay has {turns} turns, the game {state['turn']}"
    h.click(ann, '[data-test="replay-last"]')
    assert h.wait(ann, lambda d: h.result_of(d), 5, "the replay's result") == winner
    h.click(ann, '[data-test="replay-back"]')
    assert ann.execute_script("return window.cherriesReplay.at") == turns - 1
    h.click(ann, '[data-test="replay-first"]')
    first = ann.execute_script("return window.cherriesReplay.table")
    assert all(p["score"] == 0 and p["cherries"] == 0 for p in first["players"]), first
    # The record behind the download link replays (docs/records.md).
    record = server.get_text(f"/api/tables/{table_id}/record")
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(record)
    replay = subprocess.run([args.cherries, "replay", f.name, "--plugin-path", h.PLUGINS],
                            capture_output=True, text=True, timeout=30)
    assert replay.returncode == 0, f"cherries replay refused the record: {replay.stderr}"
    assert f"{winner} won" in replay.stdout, replay.stdout
    print(replay.stdout.strip())

    # SIGTERM: the server saves, closes its sockets and exits 0 (docs/web.md, "Running it").
    code = server.stop()
    assert code == 0, f"cherries serve exited {code} on SIGTERM; it printed: {''.join(server.output)[-2000:]}"
    print("play: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
