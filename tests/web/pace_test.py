#!/usr/bin/python3
"""Bot turns paced for the people watching: `serve --bot-pace 0.5` (serve.toml's
[tables] bot_pace). kim plays with two bots; after kim's decision the page sees each bot's turn
as a state of its own, about half a second apart (at least 0.35 s), before kim's next turn.
With the tests' --bot-pace 0 the same bots' turns come at once.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

WATCH = """
    window.cherriesTurns = [];
    setInterval(() => {
        const t = window.cherriesTable.table;
        const last = window.cherriesTurns[window.cherriesTurns.length - 1];
        if (t && (!last || last[0] !== t.turn)) window.cherriesTurns.push([t.turn, performance.now(), t.current]);
    }, 10);
"""


def bot_turn_gaps(server):
    kim = h.table_with_bots(server)
    h.click(kim, '[data-test="start"]')
    h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
    kim.execute_script(WATCH)
    time.sleep(0.05)
    start = h.table_state(kim)["turn"]
    h.act(kim)
    h.wait(kim, lambda d: h.my_turn(d) == "kim" and h.table_state(d)["turn"] > start, 20, "kim's next turn")
    time.sleep(0.05)
    seen = kim.execute_script("return window.cherriesTurns")
    kim.quit()
    turns = [t for t, _, _ in seen]
    return turns, [round((b[1] - a[1]) / 1000, 2) for a, b in zip(seen, seen[1:])]


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    paced = h.Server(args.cherries, extra=["--bot-pace", "0.5"]).start()
    turns, gaps = bot_turn_gaps(paced)
    print(f"pace: --bot-pace 0.5: turns seen {turns}, seconds between them {gaps}")
    assert turns == list(range(turns[0], turns[0] + len(turns))) and len(turns) >= 3, \
        f"each bot's turn is not a state of its own: turns {turns}"
    assert all(g >= 0.35 for g in gaps[1:]), f"bot turns closer than 0.35 s with a pace of 0.5 s: {gaps}"
    paced.stop()

    fast = h.Server(args.cherries).start()
    turns, gaps = bot_turn_gaps(fast)
    print(f"pace: --bot-pace 0 (the tests'): turns seen {turns}, seconds between them {gaps}")
    assert sum(gaps) < 1.0, f"with no pace the bots' turns took {sum(gaps)} s"
    print("pace: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
