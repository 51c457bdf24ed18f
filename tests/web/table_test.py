#!/usr/bin/python3
"""A table with seats (issue 41 item 2) and the page's one state (issue 38 item 4): kim plays with
five greedy bots. At 1280 x 800 the six seats sit around the drawn card (down both its sides,
none overlapping it or each other), this page's seat at the bottom left, and the seats, the
decision and the chat field are on the screen together. At 360 x 740 the seats are one strip that
scrolls sideways (the page does not), under the decision. Each seat's received cards are a pile
whose count is the state's and whose words name its cards (shown on focus); a modifier card at a
seat is a chip of readable print whose words show on focus. The rules beside the fields (the name
rule, the chat cap) are the state's; every request the page sends carries an id and the server's
answer to a join carries it back.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

# Records each message the page sends (before the page loads, so the first join is seen too).
SPY = """
    window.cherriesSent = [];
    window.cherriesGot = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        try { window.cherriesSent.push(JSON.parse(data)); } catch (e) {}
        if (!this.cherriesSpied) {
            this.cherriesSpied = true;
            this.addEventListener('message', (ev) => { try { window.cherriesGot.push(JSON.parse(ev.data)); } catch (e) {} });
        }
        return send.call(this, data);
    };
"""

SEATS = """
    const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const seats = [...document.querySelectorAll('#players .seat')].map((e) => Object.assign(box(e), {name: e.getAttribute('aria-label'), mine: e.classList.contains('mine')}));
    const drawn = document.querySelector('#drawn');
    const ring = document.querySelector('#players .ring');
    return {seats, drawn: box(drawn), chat: box(document.getElementById('chat-text')),
            keep: document.querySelector('[data-test="keep"]') ? box(document.querySelector('[data-test="keep"]')) : null,
            ring: [ring.scrollWidth, ring.clientWidth], page: [document.scrollingElement.scrollWidth, innerWidth, innerHeight]};"""


def overlap(a, b):
    return a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1 and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1


def ring(driver):
    driver.execute_script("window.scrollTo(0, 0)")
    got = driver.execute_script(SEATS)
    seats, drawn = got["seats"], got["drawn"]
    width, height = got["page"][1], got["page"][2]
    assert len(seats) == 6, f"{len(seats)} seats"
    left = [s["name"] for s in seats if s["right"] <= drawn["left"] + 1]
    right = [s["name"] for s in seats if s["left"] >= drawn["right"] - 1]
    assert len(left) + len(right) == len(seats) and abs(len(left) - len(right)) <= 1, \
        f"the seats are not around the drawn card: left {left}, right {right}"
    for i, a in enumerate(seats):
        assert not overlap(a, drawn), f"{a['name']}'s seat covers the drawn card"
        for b in seats[i + 1:]:
            assert not overlap(a, b), f"{a['name']}'s and {b['name']}'s seats overlap"
    mine = next(s for s in seats if s["mine"])
    lowest_left = max((s for s in seats if s["name"] in left), key=lambda s: s["top"])
    assert mine is lowest_left, f"this page's seat {mine['name']} is not at the bottom left"
    everything = seats + [got["chat"], got["keep"]]
    assert all(0 <= b["top"] and b["bottom"] <= height and 0 <= b["left"] and b["right"] <= width for b in everything), \
        f"the seats, Keep and the chat field are not all on the first {width}x{height} screen: " + \
        ", ".join(f"{b.get('name', 'chat' if b is got['chat'] else 'Keep')} {b['top']:.0f}-{b['bottom']:.0f}" for b in everything) + \
        f"; the drawn card {drawn['top']:.0f}-{drawn['bottom']:.0f}"
    print(f"table: at {width}x{height} seats left ({', '.join(left)}) and right ({', '.join(right)}) of the drawn card; "
          f"seats, Keep and the chat field on one screen (lowest {max(b['bottom'] for b in everything):.0f} px)")


def strip(driver):
    driver.execute_script("window.scrollTo(0, 0)")
    got = driver.execute_script(SEATS)
    seats = got["seats"]
    tops = {round(s["top"]) for s in seats}
    assert len(tops) == 1, f"the phone's seats are not one row: tops {sorted(tops)}"
    assert got["ring"][0] > got["ring"][1], f"the strip does not scroll sideways: {got['ring']}"
    assert got["page"][0] <= got["page"][1], f"the page scrolls sideways: {got['page']}"
    assert got["keep"] and seats[0]["top"] >= got["keep"]["bottom"], "the strip is not under the decision"
    print(f"table: at 360 px the seats are one strip ({got['ring'][0]} px in {got['ring'][1]} px, scrolled sideways) under the decision")


def piles(driver):
    state = h.table_state(driver)
    shown = driver.execute_script("""
        return [...document.querySelectorAll('#players .seat')].map((s) => {
            const pile = s.querySelector('[data-test="pile"]');
            const r = pile.getBoundingClientRect();
            return [s.getAttribute('aria-label'), pile.querySelector('[data-test="received"]').textContent,
                    pile.querySelector('[data-test="pile-words"]').textContent, r.width, r.height];
        });""")
    names = {}
    catalog = driver.execute_script("return fetch('/api/catalog').then((r) => r.json())")
    for s in catalog["sets"]:
        for card in s.get("card_list", []):
            names[card["id"]] = card["name"]
    for name, count, words, w, hgt in shown:
        p = next(p for p in state["players"] if p["name"] == name)
        assert int(count) == p["received"] == len(p["received_cards"]), f"{name}'s pile says {count}, the state {p['received']}"
        for cid in p["received_cards"]:
            assert names[cid] in words, f"{name}'s pile does not name {names[cid]}: {words!r}"
        assert w >= 44 and hgt >= 44, f"{name}'s pile is {w}x{hgt} px"
    full = next(((n, c) for n, c, *_ in shown if int(c) > 0), None)
    assert full, "nobody has received a card yet"
    pile = driver.find_element("css selector", f'#players .seat[aria-label="{full[0]}"] [data-test="pile"]')
    driver.execute_script("arguments[0].focus()", pile)
    tip = driver.execute_script("const t = document.activeElement.querySelector('.card-tip'); return [getComputedStyle(t).display, t.textContent];")
    assert tip[0] == "block", f"the pile's words are not shown on focus: {tip}"
    print(f"table: piles match the state; {full[0]}'s pile on focus: {tip[1]!r}")
    chip = driver.execute_script("""
        const c = document.querySelector('#players .stack > .card-chip');
        if (!c) return null;
        c.focus();
        const t = c.querySelector('.card-tip');
        return [c.querySelector('.card-name').textContent, getComputedStyle(c.querySelector('.card-name')).fontSize, getComputedStyle(t).display, t.textContent];""")
    if chip:
        assert chip[2] == "block" and chip[0] in chip[3], f"a modifier chip's words are not shown on focus: {chip}"
        assert float(chip[1].rstrip("px")) >= 12, f"a modifier chip's print is {chip[1]}"
        print(f"table: a modifier chip reads {chip[0]!r} at {chip[1]}; on focus: {chip[3]!r}")


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(140)
    server = h.Server(args.cherries).start()
    kim = h.table_with_bots(server, bots=5, before_load=lambda d: d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SPY}))
    # The rules beside the fields are the state's.
    rules = h.table_state(kim)["rules"]
    label = kim.find_element("css selector", '[data-test="name-rule"]').text
    cap = kim.find_element("css selector", '[data-test="chat-cap"]').text
    assert rules["name"] in label and str(rules["chat_max_bytes"]) in cap, f"{label!r} / {cap!r} are not the state's {rules}"
    # Every request carries an id; the join's answer carries it back.
    sent, got = kim.execute_script("return [window.cherriesSent, window.cherriesGot]")
    assert sent and all(isinstance(m.get("id"), int) for m in sent), f"a request without an id: {sent}"
    join = next(m for m in sent if m["type"] == "join")
    seated = next(m for m in got if m.get("type") == "seated" and m.get("id") == join["id"])
    print(f"table: {len(sent)} requests, each with an id; the join's ({join['id']}) came back on its seat ({seated['player']})")
    h.click(kim, '[data-test="start"]')
    received = False
    for _ in range(30):
        h.wait(kim, lambda d: h.my_turn(d) == "kim" or (h.table_state(d) or {}).get("result"), 25, "kim's turn")
        state = h.table_state(kim)
        if state.get("result"):
            raise AssertionError("the game ended before the table could be checked")
        received = sum(p["received"] for p in state["players"]) >= 2
        if received:
            break
        h.act(kim)
    h.viewport(kim, 1280, 800)
    h.wait(kim, lambda d: h.my_turn(d) == "kim", 10, "kim's turn")
    kim.execute_script("window.scrollTo(0, 0)")
    h.save_screenshot(kim, args.keep_screenshots, "table-ring-1280.png")
    ring(kim)
    piles(kim)
    h.viewport(kim, 360, 740)
    kim.execute_script("window.scrollTo(0, 0)")
    h.save_screenshot(kim, args.keep_screenshots, "table-strip-360.png")
    strip(kim)
    kim.quit()
    server.stop()
    print("table: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
