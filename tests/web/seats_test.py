#!/usr/bin/python3
"""Who may act (issue 21, point 4): a reload mid-game keeps the seat (the token in
localStorage); a second browser cannot act for another's seat — with no token, a forged token,
or its own token on another player's turn — and gets a clear refusal while the game is
unchanged (GDD §3.4.2.3.2: only the player who drew decides where the card goes).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def game_view(state):
    """What must not change when a request is refused."""
    return (state["turn"], state["current"], (state["drawn"] or {}).get("id"),
            tuple((p["id"], p["cherries"], p["score"], p["received"], len(p["modifiers"])) for p in state["players"]))


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(60)
    server = h.Server(args.cherries).start()
    ann, cid = h.browsers(2)

    # Official, not quick: ann keeps a score card she draws (harness.decide), so a quick game
    # (won at 5) could end before her second turn, which this test waits for (seen in the suite).
    table_id = h.open_table(ann, server, gametype="official")
    h.sit_down(ann, "ann")
    cid.get(f"{server.url}/t/{table_id}")
    h.wait(cid, lambda d: h.table_state(d) is not None, 15, "the table's state")
    # Two people at cid's screen (hotseat): one page, two seats.
    h.sit_down(cid, "cid")
    h.sit_down(cid, "dee")
    assert [s["name"] for s in cid.execute_script("return window.cherriesTable.seats")] == ["cid", "dee"]
    h.click(ann, '[data-test="add-bot"]')
    h.wait(ann, lambda d: len(h.table_state(d)["players"]) == 4, 10, "the bot's seat")
    h.click(ann, '[data-test="start"]')

    # ann is first (GDD §3.3.4.3); then cid's page acts for cid and for dee, each on their turn.
    h.wait(ann, lambda d: h.my_turn(d) == "ann", 15, "ann's first turn")
    h.act(ann)
    hotseat = []
    end = time.monotonic() + 30
    while h.my_turn(ann) != "ann":
        assert time.monotonic() < end, f"ann's second turn did not come within 30 s (ann's page: {h.table_state(ann)})"
        who = h.my_turn(cid)
        if who and h.act(cid) is not None:
            hotseat.append(who)
        time.sleep(0.03)
    assert hotseat == ["cid", "dee"], f"cid's page acted for {hotseat}, expected cid then dee"
    print("seats: one page played two seats in turn (hotseat): cid, then dee")

    # A join during ann's turn waits for its end (GDD §3.4.2.1), shown as pending meanwhile.
    h.sit_down(cid, "eve", pending=True)
    h.wait(ann, lambda d: any(p["name"] == "eve" for p in h.table_state(d)["pending"]), 10, "eve's pending join")
    h.wait(ann, lambda d: "eve joins" in d.find_element("id", "pending").text, 10, "eve's pending join on ann's page")
    # The joining page says its seat is coming, not that it only watches.
    h.wait(cid, lambda d: "Waiting to sit down after this turn: eve." in d.find_element("id", "my-seats").text, 10,
           "eve's coming seat on cid's page")
    before = h.table_state(ann)
    ann_id = before["current"]
    seats_before = ann.execute_script("return window.cherriesTable.seats")

    # A reload mid-game: the same seat, and the decision is offered again.
    ann.refresh()
    h.wait(ann, lambda d: h.my_turn(d) == "ann", 15, "ann's turn offered again after a reload")
    assert ann.execute_script("return window.cherriesTable.seats") == seats_before
    assert game_view(h.table_state(ann)) == game_view(before), "a reload changed the game"
    # The history comes from the server's events, in order: the reloaded page's log is the log of
    # a page that was open all along (cid's), line for line, with nothing merged by text.
    lines_of = lambda d: d.execute_script("return [...document.querySelectorAll('#log-lines li')].map(li => li.textContent)")
    log = h.wait(ann, lambda d: (lambda lines: lines if lines and lines == lines_of(cid) else None)(lines_of(d)),
                 10, "the reloaded page's log to be the open page's")
    assert "Turn 1: ann" in log and any(line.startswith("cid ") for line in log), f"the reloaded page lost the log: {log}"
    print("seats: a reload kept ann's seat, her turn and the log")

    # cid's page offers no decision on ann's turn.
    assert h.visible(cid, '[data-test="keep"]') is None and h.visible(cid, '[data-test="give"]') is None
    cid_token = cid.execute_script("return window.cherriesTable.seats")[0]["token"]
    forged = "0" * 32 if cid_token != "0" * 32 else "1" * 32
    attempts = {
        "no token": [{"type": "hello"}, {"type": "give", "to": ann_id}],
        "a forged token": [{"type": "hello"}, {"type": "give", "token": forged, "to": ann_id}],
        "cid's own token on ann's turn": [{"type": "hello", "token": cid_token}, {"type": "give", "token": cid_token, "to": ann_id}],
        "a forged token starting again": [{"type": "hello"}, {"type": "start", "token": forged}],
        "a forged token leaving": [{"type": "hello"}, {"type": "leave", "token": forged}],
    }
    for what, messages in attempts.items():
        got = h.raw_socket(cid, messages, errors=1)
        errors = [m for m in got if m.get("type") == "error"]
        assert errors, f"{what}: no error came back; the server sent {got}"
        message = errors[0].get("message", "")
        assert len(message) > 10, f"{what}: the refusal says too little: {errors[0]}"
        assert game_view(h.table_state(ann)) == game_view(before), f"{what}: the game changed"
        print(f"seats: {what}: refused: {message}")

    # On the page's own socket the refusal is shown in words (data-test="error").
    cid.execute_script("window.cherriesTable.send({type: 'give', token: arguments[0], to: arguments[1]});", cid_token, ann_id)
    refusal = h.wait(cid, lambda d: h.error_text(d), 10, "the refusal on cid's page")
    assert game_view(h.table_state(ann)) == game_view(before)

    # The game goes on: ann decides, the turn moves on, and eve sits at the table, last. (Were
    # ann's give to end the game, no turn would follow and eve's join would stay pending, as the
    # house rules say.)
    assert h.act(ann) == before["turn"]
    h.wait(ann, lambda d: h.table_state(d)["turn"] > before["turn"] or h.table_state(d)["result"], 10, "the next turn")
    if h.table_state(ann)["result"]:
        print("seats: ann's give ended the game, so eve's join stays pending")
    else:
        h.wait(ann, lambda d: [p["name"] for p in h.table_state(d)["players"]][-1] == "eve", 10, "eve seated last")
        h.wait(cid, lambda d: all(s["player"] is not None for s in d.execute_script("return window.cherriesTable.seats")),
               10, "eve's seat id on cid's page")
    print(f"seats: cid's page was told: {refusal}")
    print("seats: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
