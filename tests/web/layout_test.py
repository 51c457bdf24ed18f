#!/usr/bin/python3
"""The table on a phone (360 x 740 CSS pixels) and at 1280 x 900: on your turn, with the page
scrolled to the top, the drawn card, its text, Keep and a give button for every other player
(GDD §3.4.2.3.2: the player who drew keeps the card or gives it to any player) all lie inside the
first screen, in games of 2, 4 and 6 players (on the phone) and 4 at 1280; the page never scrolls sideways; the player
panels are compact (name, cherries, score, modifier count); the log and the gametype are one tap
away (links on the page's first screen). On the phone every control (button, link, field,
select; a checkbox by its label) is at least 44 x 44 px, waiting to start and on your turn, and
Keep takes the focus at each own turn without scrolling the page. At 1280 x 900 the chat's field
is on the first screen with the decision.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402


def boxes(driver):
    """The bounding boxes (top, bottom, left, right) of what the decision needs, by name."""
    return driver.execute_script("""
        window.scrollTo(0, 0);
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
        const out = {};
        const card = document.querySelector('#drawn .card');
        if (card) out.card = box(card);
        const text = document.querySelector('[data-test="drawn-text"]');
        if (text) out.text = box(text);
        const keep = document.querySelector('[data-test="keep"]');
        if (keep) out.keep = box(keep);
        for (const g of document.querySelectorAll('[data-test="give"]')) out['give ' + g.dataset.player] = box(g);
        for (const a of document.querySelectorAll('.jump a')) out['link ' + a.textContent] = box(a);
        out.chat = box(document.getElementById('chat-text'));
        out.scroll = [document.scrollingElement.scrollWidth, innerWidth, innerHeight];
        return out;""")


def check_first_screen(driver, players, width, height, where):
    got = boxes(driver)
    scroll_width, inner_width, inner_height = got.pop("scroll")
    assert inner_width == width and inner_height == height, f"{where}: the viewport is {inner_width}x{inner_height}"
    assert scroll_width <= inner_width, f"{where}: {scroll_width} px of content in {inner_width} px (sideways scroll)"
    state = h.table_state(driver)
    me = state["current"]
    want = {"card", "text", "keep", "link Game log", "link Gametype"} | {f"give {p['name']}" for p in state["players"] if p["id"] != me}
    if width >= 1000:
        want.add("chat")   # on desktop the table and the chat field are in view together
    assert len(state["players"]) == players, f"{where}: {len(state['players'])} players, expected {players}"
    missing = want - set(got)
    assert not missing, f"{where}: not on the page: {sorted(missing)}"
    for name in sorted(want):
        top, bottom, left, right = got[name]
        assert 0 <= top and bottom <= height and 0 <= left and right <= width, \
            f"{where}: {name} at top {top:.0f}, bottom {bottom:.0f}, left {left:.0f}, right {right:.0f}: not inside the first {width}x{height} screen"
    lowest = max(got[n][1] for n in want)
    print(f"layout: {where}: card, text, Keep and {players - 1} give(s) inside the first screen (lowest bottom {lowest:.0f} px of {height})")


# Every control shown on the page (buttons, links, fields, selects; a checkbox by the label that
# holds it, which takes its taps) with its size, except the skip link, off screen until focused.
TARGETS = """
    const out = [];
    for (const e of document.querySelectorAll('button, a[href], input, select, textarea')) {
        if (e.closest('.skip, dialog:not([open])') || !e.getClientRects().length) continue;
        const target = e.type === 'checkbox' && e.closest('label') ? e.closest('label') : e;
        const r = target.getBoundingClientRect();
        if (getComputedStyle(e).visibility === 'hidden') continue;
        out.push([e.tagName.toLowerCase() + (e.dataset.test ? '[' + e.dataset.test + ']' : e.id ? '#' + e.id : ''),
                  (e.textContent || e.value || '').trim().slice(0, 30), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
    }
    return out;"""


def check_targets(driver, where):
    """Every interactive element on the table at least 44 x 44 CSS px (WCAG 2.5.5, issue 41)."""
    targets = driver.execute_script(TARGETS)
    small = [t for t in targets if t[2] < 44 or t[3] < 44]
    assert targets and not small, f"{where}: controls under 44 x 44 px: {small}"
    print(f"layout: {where}: all {len(targets)} controls at least 44 x 44 px (smallest {min(min(t[2], t[3]) for t in targets)} px)")


def game(server, driver, bots, width, height, shots, name):
    # Official: a game long enough to reach modifier cards (quick may be won first).
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "official"})
    driver.get(f"{server.url}/t/{made['id']}")
    h.viewport(driver, width, height)
    h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(driver, "kim")
    for n in range(bots):
        h.wait(driver, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
        h.click(driver, '[data-test="add-bot"]')
        h.wait(driver, lambda d, n=n: len(h.table_state(d)["players"]) == n + 2, 10, "the bot's seat")
    where = f"{bots + 1} players at {width}x{height}"
    if width < 600:
        check_targets(driver, f"{where}, waiting to start")
    h.click(driver, '[data-test="start"]')
    h.wait(driver, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
    jumps = []
    # Play on until some modifier is in play, for a fuller page (at most a few turns).
    for _ in range(12):
        state = h.table_state(driver)
        if any(p["modifiers"] for p in state["players"]) or state.get("result"):
            break
        driver.execute_script("window.scrollTo(0, 0)")
        h.act(driver)
        h.wait(driver, lambda d: h.my_turn(d) == "kim" or (h.table_state(d) or {}).get("result"), 20, "kim's next turn")
        # Keep takes the focus at each own turn without moving the page (it is on the first screen).
        h.wait(driver, lambda d: d.execute_script("return document.activeElement && document.activeElement.dataset.test === 'keep'")
               or (h.table_state(d) or {}).get("result"), 5, "Keep focused")
        jumps.append(driver.execute_script("return Math.round(window.scrollY)"))
    assert not any(jumps), f"{where}: the page scrolled {jumps} px when Keep took the focus at kim's turns"
    if h.table_state(driver).get("result"):
        raise AssertionError("the game ended before the layout could be checked")
    check_first_screen(driver, bots + 1, width, height, where)
    if width < 600:
        check_targets(driver, f"{where}, on kim's turn")
    # Compact panels: name, cherries, score and modifier count in each.
    for panel in h.find(driver, "#players .player"):
        for test in ("cherries", "score", "modifier-count"):
            assert panel.find_elements("css selector", f'[data-test="{test}"]'), f"{where}: a player panel without {test}"
    h.save_screenshot(driver, shots, name)


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(130)
    server = h.Server(args.cherries).start()
    driver = h.browser()
    for bots, width, height in ((1, 360, 740), (3, 360, 740), (5, 360, 740), (3, 1280, 900)):
        game(server, driver, bots, width, height, args.keep_screenshots, f"layout-{bots + 1}p-{width}.png")
    print("layout: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
