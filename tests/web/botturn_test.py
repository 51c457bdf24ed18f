#!/usr/bin/python3
"""A bot's turn is shown as the bot's (issue 41, item 1): with `--bot-pace 0.6`, kim plays with
two greedy bots. While each bot's turn is shown, the page's whose-turn name is the bot's, the
drawn card is the one the bot drew with to whom it went, kim has no Keep, and the screen reader
hears the bot's turn once, in brief words naming the bot (never "kim", never "No card drawn").
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

# Every state the page drew (each 10 ms): the turn, its current player, what is shown as whose
# turn, whether Keep is there and the drawn box's words; and every announcement as it is made.
WATCH = """
    window.cherriesSeen = [];
    window.cherriesSaid = [];
    new MutationObserver(() => window.cherriesSaid.push(document.getElementById('announce').textContent))
        .observe(document.getElementById('announce'), { childList: true, characterData: true, subtree: true });
    setInterval(() => {
        const t = window.cherriesTable.table;
        if (!t) return;
        const shown = document.querySelector('[data-test="turn"]');
        const given = document.querySelector('[data-test="given"]');
        const row = [t.turn, t.current, t.given_to ?? null, shown ? shown.textContent : null,
                     !!document.querySelector('[data-test="keep"]'), given ? given.textContent : null,
                     document.getElementById('drawn').textContent];
        const last = window.cherriesSeen[window.cherriesSeen.length - 1];
        if (!last || JSON.stringify(last) !== JSON.stringify(row)) window.cherriesSeen.push(row);
    }, 10);
"""


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(120)
    server = h.Server(args.cherries, extra=["--bot-pace", "0.6"]).start()
    kim = h.table_with_bots(server)
    players = h.table_state(kim)["players"]
    names = {p["id"]: p["name"] for p in players}
    bots = {p["id"] for p in players if p["bot"]}
    kim_id = next(p["id"] for p in players if not p["bot"])
    kim.execute_script(WATCH)
    h.click(kim, '[data-test="start"]')
    # Two rounds: kim's decision, then each bot's turn shown.
    for _ in range(2):
        h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
        start = h.table_state(kim)["turn"]
        h.act(kim)
        h.wait(kim, lambda d: h.my_turn(d) == "kim" and h.table_state(d)["turn"] > start, 20, "kim's next turn")
    # The page's own watcher has recorded the turn now shown (no fixed wait).
    h.wait(kim, lambda d: (d.execute_script("const s = window.cherriesSeen; return s.length ? s[s.length - 1][0] : null")
                           == h.table_state(d)["turn"]), 5, "the watcher's row for this turn")
    seen = kim.execute_script("return window.cherriesSeen")
    said = kim.execute_script("return window.cherriesSaid")
    kim.quit()

    bot_rows = [r for r in seen if r[2] is not None]
    bot_turns = sorted({r[0] for r in bot_rows})
    print(f"botturn: bot turns shown {bot_turns}; announcements {said}")
    assert len(bot_turns) >= 3, f"fewer than 3 bot turns were shown as such: {seen}"
    for turn, current, given_to, shown, keep, given, drawn in bot_rows:
        assert current in bots, f"turn {turn}: the state's current player during a bot's turn is {names.get(current)}"
        assert shown == names[current], f"turn {turn}: the page shows {shown!r} as whose turn, not the bot {names[current]!r}"
        assert not keep, f"turn {turn}: kim is offered Keep during {names[current]}'s turn"
        assert given and names[current] in given and (names[given_to] in given or "kept" in given), \
            f"turn {turn}: the drawn box does not say where the bot's card went: {given!r}"
        assert "No card drawn" not in drawn, f"turn {turn}: 'No card drawn' during a bot's turn"
    # Between kim's turns, nothing names kim as having the turn while a bot plays.
    for turn, current, given_to, shown, keep, given, drawn in seen:
        if shown == "kim":
            assert current == kim_id and given_to is None, f"turn {turn}: kim shown as having the turn during a bot's"
    # Each bot's turn is announced once, naming the bot.
    for turn in bot_turns:
        bot = names[next(r[1] for r in bot_rows if r[0] == turn)]
        lines = [s for s in said if s.startswith(f"Turn {turn}:")]
        assert len(lines) == 1, f"turn {turn} was announced {len(lines)} times: {lines}"
        # "Turn 5: greedy-2 gave Anticherry [S] to kim." names the bot as the one who played
        # (kim may be the receiver, never the player).
        assert lines[0].startswith(f"Turn {turn}: {bot} "), f"turn {turn}'s announcement does not name {bot}: {lines[0]!r}"
    assert not any("kim's turn" in s or s == f"Turn {t}: kim." for s in said for t in bot_turns), \
        f"a bot's turn was announced as kim's: {said}"
    server.stop()
    print("botturn: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
