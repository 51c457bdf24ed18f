#!/usr/bin/python3
"""The table and the replay by keyboard: Keep has the focus at the first own turn after Start;
every give button is within 3 presses of Tab from Keep (4 players; GDD §3.4.2.3.2, the drawn
card is kept or given to any player); Leave is the last control in Tab order; a modifier card
stack is one Tab stop whose cards the arrow keys reach (a roving tabindex); the focus never falls
to the page's body after the control that had it goes away (a give sent) or disables itself (the
replay's First and Last).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def focused(driver):
    return driver.execute_script("""
        const e = document.activeElement;
        if (!e || e === document.body) return 'BODY';
        return e.getAttribute('data-test') ? `${e.getAttribute('data-test')}:${e.dataset.player || ''}` : `${e.tagName.toLowerCase()}#${e.id}`;""")


def press(driver, *keys):
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(*keys).perform()


def tab_order(driver):
    """The page's Tab stops in order (what a browser's sequential focus order visits)."""
    return driver.execute_script("""
        const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')];
        return all.filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length && !e.closest('dialog:not([open])'))
            .map((e) => e.getAttribute('data-action') || e.getAttribute('data-test') || `${e.tagName.toLowerCase()}#${e.id}`);""")


def stack_stops(driver):
    """For each modifier card stack: [number of cards, number of them with tabindex 0]."""
    return driver.execute_script("""
        return [...document.querySelectorAll('#players .stack')].map((s) =>
            [s.children.length, [...s.children].filter((c) => c.tabIndex === 0).length]);""")


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(120)
    from selenium.webdriver.common.keys import Keys
    server = h.Server(args.cherries).start()
    # Official: a game long enough for a stack of two modifier cards (quick may end first).
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "official"})
    kim = h.browser()
    kim.get(f"{server.url}/t/{made['id']}")
    h.wait(kim, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(kim, "kim")
    for n in range(3):
        h.wait(kim, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
        h.click(kim, '[data-test="add-bot"]')
        h.wait(kim, lambda d, n=n: len(h.table_state(d)["players"]) == n + 2, 10, "the bot's seat")
    start = h.visible(kim, '[data-test="start"]')
    kim.execute_script("arguments[0].focus()", start)
    press(kim, Keys.ENTER)
    h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
    h.wait(kim, lambda d: focused(d) == "keep:", 5, "the focus on Keep after Start")
    print("focus: Keep has the focus at the first own turn after Start")

    stacked = False
    for turn in range(30):
        state = h.table_state(kim)
        others = {p["name"] for p in state["players"] if p["id"] != state["current"]}
        # Every give within 3 presses of Tab from Keep.
        reached = {}
        for name in others:
            kim.execute_script("document.querySelector('[data-test=\"keep\"]').focus()")
            for presses in range(1, 4):
                press(kim, Keys.TAB)
                if focused(kim) == f"give:{name}":
                    reached[name] = presses
                    break
        assert set(reached) == others, f"gives not within 3 Tab presses of Keep: {sorted(others - set(reached))} ({reached})"
        order = tab_order(kim)
        assert order[-1] == "leave", f"Leave is not the last control in Tab order: the last are {order[-4:]}"
        for cards, stops in stack_stops(kim):
            assert stops == 1, f"a modifier card stack of {cards} cards has {stops} Tab stops, expected 1"
        if turn == 0:
            print(f"focus: gives within 3 Tab presses of Keep: {reached}; Leave is the last of {len(order)} Tab stops")
        # Roving tabindex: in a stack of 2 or more, ArrowRight moves the focus to the next card.
        big = kim.execute_script("return [...document.querySelectorAll('#players .stack')].find((s) => s.children.length > 1) || null;")
        if big is not None and not stacked:
            kim.execute_script("arguments[0].children[0].focus()", big)
            press(kim, Keys.ARROW_RIGHT)
            where = kim.execute_script("const s = arguments[0]; return [[...s.children].indexOf(document.activeElement), [...s.children].map((c) => c.tabIndex)];", big)
            assert where[0] == 1, f"ArrowRight in a modifier card stack did not move to its second card: {where}"
            assert where[1][1] == 0 and where[1].count(0) == 1, f"the focused card is not the stack's one Tab stop: {where[1]}"
            stacked = True
            print(f"focus: a stack of {len(where[1])} cards is one Tab stop; ArrowRight moves inside it (tabindex {where[1]})")
        # Decide by keyboard: a modifier goes to whoever has the most already (a stack grows).
        if h.card_kind(state["drawn"]) == "modifier":
            target = max((p for p in state["players"] if p["id"] != state["current"]), key=lambda p: len(p["modifiers"]))["name"]
            kim.execute_script(f"document.querySelector('[data-test=\"give\"][data-player=\"{target}\"]').focus()")
        else:
            kim.execute_script("document.querySelector('[data-test=\"keep\"]').focus()")
        press(kim, Keys.ENTER)
        h.wait(kim, lambda d: h.table_state(d)["turn"] != state["turn"] or h.table_state(d).get("result"), 10, "the next turn")
        assert focused(kim) != "BODY", "the focus fell to the page's body after a decision"
        h.wait(kim, lambda d: h.my_turn(d) == "kim" or h.table_state(d).get("result"), 20, "kim's next turn")
        if h.table_state(kim).get("result"):
            break
        h.wait(kim, lambda d: focused(d) == "keep:", 5, "the focus on Keep at kim's own turn")
        if stacked and turn >= 1:
            break
    assert stacked, "no modifier card stack of two cards came up in 30 of kim's turns (the roving tabindex is untested)"

    kim.get(f"{server.url}/replay?table={made['id']}")
    h.wait(kim, lambda d: d.execute_script("return window.cherriesReplay.turns") >= 1, 10, "the replay")
    kim.execute_script("document.getElementById('last').focus()")
    press(kim, Keys.ENTER)
    h.wait(kim, lambda d: d.find_element("id", "last").get_attribute("disabled") is not None, 5, "Last disabled")
    after_last = focused(kim)
    assert after_last == "replay-back:", f"after Last the focus is on {after_last}, expected Back"
    kim.execute_script("document.getElementById('first').focus()")
    press(kim, Keys.ENTER)
    h.wait(kim, lambda d: d.find_element("id", "first").get_attribute("disabled") is not None, 5, "First disabled")
    after_first = focused(kim)
    assert after_first == "replay-forward:", f"after First the focus is on {after_first}, expected Forward"
    print(f"focus: replay: after Last the focus is on Back, after First on Forward")
    print("focus: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
