#!/usr/bin/python3
"""Joins and leaves at the table (GDD §3.4.2.1: only between turns; §3.6: house rules may forbid
them once the game is in progress). On a `closed-table` game a join mid-game is refused with the
house rule's reason, shown on the page; on a `quick` game a join asked for during a turn is
shown as pending, and Cancel takes it back before the turn ends, so nobody joins.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def started_table(server, driver, gametype, name):
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": gametype})
    driver.get(f"{server.url}/t/{made['id']}")
    h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table")
    h.sit_down(driver, name)
    h.click(driver, '[data-test="add-bot"]')
    h.wait(driver, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot")
    h.click(driver, '[data-test="start"]')
    h.wait(driver, lambda d: h.my_turn(d) == name, 15, f"{name}'s turn")


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(60)
    server = h.Server(args.cherries).start()
    driver = h.browser()

    # A closed table: the join is refused in words; the table is unchanged.
    started_table(server, driver, "closed-table", "ann")
    before = h.table_state(driver)
    field = h.visible(driver, '[data-test="name"]')
    field.send_keys("bob")
    h.click(driver, '[data-test="join"]')
    refusal = h.wait(driver, lambda d: h.error_text(d), 10, "the refusal of bob's join")
    assert "closed-table" in refusal and "join" in refusal, f"the refusal does not say which rule: {refusal!r}"
    after = h.table_state(driver)
    assert [p["name"] for p in after["players"]] == [p["name"] for p in before["players"]] and not after["pending"]
    assert len(driver.execute_script("return window.cherriesTable.seats")) == 1, "a refused join left a seat token"
    print(f"house: closed-table refused bob: {refusal}")

    # An open table: a join during the turn is pending, shown, and cancelled.
    started_table(server, driver, "quick", "cid")
    h.sit_down(driver, "dee", pending=True)
    h.wait(driver, lambda d: [p["name"] for p in h.table_state(d)["pending"]] == ["dee"], 10, "dee's pending join")
    shown = driver.find_element("id", "pending").text
    assert "dee joins" in shown, f"the pending join is not shown: {shown!r}"
    h.click(driver, '[data-action="cancel"][data-name="dee"]')
    h.wait(driver, lambda d: not h.table_state(d)["pending"], 10, "the join taken back")
    h.act(driver)
    h.wait(driver, lambda d: h.table_state(d)["turn"] > 1 or h.table_state(d)["result"], 10, "the next turn")
    names = [p["name"] for p in h.table_state(driver)["players"]]
    assert "dee" not in names, f"a cancelled join was seated: {names}"
    print(f"house: dee's join was pending ({shown.splitlines()[-1]!r}), cancelled, and never seated")

    # Leave asks first: the dialog says what happens under the house rules; Cancel changes nothing.
    started_table(server, driver, "closed-table", "eve")
    before = h.table_state(driver)
    h.click(driver, '[data-action="leave"]')
    dialog = h.wait(driver, lambda d: d.find_element("id", "leave-dialog").get_attribute("open") is not None
                    and d.find_element("id", "leave-dialog"), 10, "the leave dialog")
    words = driver.find_element("id", "leave-dialog-text").text
    assert "House rules:" in words and "stand-in bot" in words, f"the dialog does not say what happens: {words!r}"
    h.click(driver, '[data-test="leave-cancel"]')
    h.wait(driver, lambda d: d.find_element("id", "leave-dialog").get_attribute("open") is None, 10, "the dialog closed")
    after = h.table_state(driver)
    assert [p["name"] for p in after["players"]] == [p["name"] for p in before["players"]] and not after["pending"]
    assert after["turn"] == before["turn"] and h.my_turn(driver) == "eve", "Cancel changed the table"
    focused = driver.execute_script("return document.activeElement && document.activeElement.getAttribute('data-action')")
    assert focused == "leave", f"focus did not come back to Leave after Cancel: {focused!r}"
    print(f"house: Leave asked first ({words!r}); Cancel changed nothing")

    # eve is the only person here: the dialog says the game stops, and when she leaves it does
    # (the bots do not play a table out that no person plays; the same rule as IRC's).
    assert "so the game stops after this turn" in words, f"the dialog does not say the game stops: {words!r}"
    h.click(driver, '[data-action="leave"]')
    h.wait(driver, lambda d: d.find_element("id", "leave-dialog").get_attribute("open") is not None, 10, "the leave dialog")
    h.click(driver, '[data-test="leave-confirm"]')
    stopped = h.wait(driver, lambda d: (h.table_state(d) or {}).get("phase") == "stopped" and h.table_state(d), 10, "the game stopped")
    assert stopped["turn"] == before["turn"] and stopped["current"] is None, f"the bot played on: {stopped}"
    status = h.wait(driver, lambda d: "The game stopped" in d.find_element("id", "turn-box").text
                    and d.find_element("id", "turn-box").text, 10, "the stopped game on the page")
    assert "no human player is left" in status, f"the page does not say why the game stopped: {status!r}"
    print(f"house: eve left, the game stopped at turn {stopped['turn']}: {status.splitlines()[0]!r}")
    # On the closed table eve's seat is held for her: she is still a player and may ask for a
    # rematch. On an official table a leaver's seat goes: her page offers no rematch of the bots.
    assert h.visible(driver, '[data-test="rematch"]'), "eve's held seat is offered no rematch"
    started_table(server, driver, "official", "fay")
    h.click(driver, '[data-action="leave"]')
    h.wait(driver, lambda d: d.find_element("id", "leave-dialog").get_attribute("open") is not None, 10, "the leave dialog")
    h.click(driver, '[data-test="leave-confirm"]')
    h.wait(driver, lambda d: (h.table_state(d) or {}).get("phase") == "stopped", 10, "the official game stopped")
    assert not any(p["name"] == "fay" for p in h.table_state(driver)["players"]), "fay's seat stayed"
    assert not h.visible(driver, '[data-test="rematch"]'), "the page offers fay, who left, a rematch of the bot alone"
    print("house: a held seat may ask for a rematch; a page whose seat left is offered none")
    print("house: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
