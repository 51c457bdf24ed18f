#!/usr/bin/python3
"""Rematch: at the end of a game, a player's *Rematch* opens a new table with the same seats in
the same order (ann, then a greedy bot, then bob), starts its game with a new fair-deal
commitment, and takes both people's pages there, each in its own seat. A spectator's token-less
`rematch` is refused in words.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(120)
    server = h.Server(args.cherries).start()
    ann, bob = h.browsers(2)
    first = h.open_table(ann, server, gametype="quick")
    h.sit_down(ann, "ann")
    h.wait(ann, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(ann, '[data-test="add-bot"]')
    h.wait(ann, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    bob.get(f"{server.url}/t/{first}")
    h.wait(bob, lambda d: h.table_state(d) is not None, 15, "bob's page")
    h.sit_down(bob, "bob")
    h.wait(ann, lambda d: len(h.table_state(d)["players"]) == 3, 10, "bob's seat")
    h.click(ann, '[data-test="start"]')
    h.play_until([ann, bob], lambda: h.result_of(ann) is not None, 60)
    before = h.table_state(ann)
    order = [p["name"] for p in before["players"]]
    commitment = before["deal"]["commitment"]

    # A message without a seat of this table asks for nothing.
    got = h.raw_socket(bob, [{"type": "hello"}, {"type": "rematch", "token": "0" * 32}], errors=1)
    refusals = [m for m in got if m.get("type") == "error" and m.get("request") == "rematch"]
    assert refusals and "seat" in refusals[0]["message"], f"a stranger's rematch was not refused in words: {got}"

    h.click(bob, '[data-test="rematch"]')
    for d, name in ((ann, "ann"), (bob, "bob")):
        h.wait(d, lambda d: f"/t/{first}" not in d.current_url and "/t/" in d.current_url, 15, f"{name}'s page at the rematch")
        h.wait(d, lambda d: (h.table_state(d) or {}).get("started"), 15, f"the rematch's game on {name}'s page")
    second = ann.current_url.rsplit("/t/", 1)[1]
    assert second == bob.current_url.rsplit("/t/", 1)[1] != first
    after = h.table_state(ann)
    assert [p["name"] for p in after["players"]][:len(order)] == order, \
        f"the rematch changed the seats: {order} -> {[p['name'] for p in after['players']]}"
    assert after["deal"]["commitment"] and after["deal"]["commitment"] != commitment, "the rematch kept the old deal"
    # Each page holds its own person's seat there: it acts on that person's turn.
    h.play_until([ann, bob], lambda: h.table_state(ann)["turn"] >= 3 or h.result_of(ann) is not None, 40)
    for d, name in ((ann, "ann"), (bob, "bob")):
        held = [s["name"] for s in d.execute_script("return window.cherriesTable.seats")]
        assert held == [name], f"{name}'s page holds the seats {held} at the rematch"
    print(f"rematch: table {first} -> {second}, seats {order}, a new commitment; both pages followed in their own seats")
    server.stop()


if __name__ == "__main__":
    sys.exit(main())
