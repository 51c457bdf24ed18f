#!/usr/bin/python3
"""Every draw and give seen (issue 41): with `--bot-pace 0.6`, kim plays with two greedy bots; each
of kim's gives and each bot's give shown during the pace slides the card to its receiver (an
animation per give: window.cherriesMoves counts them), and each turn's card comes off the deck to
its place (window.cherriesDraws); with prefers-reduced-motion: reduce, nothing moves, and the game
is the same to play.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

COUNT = """
    window.cherriesGives = 0;
    let last = null;
    setInterval(() => {
        const t = window.cherriesTable.table;
        const key = t && t.given_to !== null && t.given_to !== undefined ? t.turn : null;
        if (key !== null && key !== last) { last = key; window.cherriesGives += 1; }
    }, 10);
"""


def rounds(server, reduce_motion):
    reduce = (lambda d: d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})) if reduce_motion else None
    kim = h.table_with_bots(server, before_load=reduce)
    kim.execute_script(COUNT)
    h.click(kim, '[data-test="start"]')
    own = 0
    for _ in range(3):
        h.wait(kim, lambda d: h.my_turn(d) == "kim", 20, "kim's turn")
        start = h.table_state(kim)["turn"]
        h.act(kim)
        own += 1
        h.wait(kim, lambda d: h.my_turn(d) == "kim" and h.table_state(d)["turn"] > start, 20, "kim's next turn")
    moves, draws, bot_gives, reduced = kim.execute_script(
        "return [window.cherriesMoves || 0, window.cherriesDraws || 0, window.cherriesGives, "
        "matchMedia('(prefers-reduced-motion: reduce)').matches]")
    kim.quit()
    return own, bot_gives, moves, draws, reduced


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(140)
    server = h.Server(args.cherries, extra=["--bot-pace", "0.6"]).start()
    own, bot_gives, moves, draws, reduced = rounds(server, False)
    print(f"motion: {own} gives of kim's and {bot_gives} bots' gives shown: {moves} cards slid, {draws} draws came off the deck")
    assert not reduced and bot_gives >= 3, f"the bots' paced gives were not seen ({bot_gives})"
    assert moves >= own + bot_gives, f"{moves} animations for {own + bot_gives} gives"
    # Every turn seen drew a card: kim's own and each bot's shown during the pace.
    assert draws >= own + bot_gives, f"{draws} draw animations for {own + bot_gives} turns seen"
    own, bot_gives, moves, draws, reduced = rounds(server, True)
    print(f"motion: with reduced motion: {own} + {bot_gives} gives, {moves} cards slid, {draws} draws moved")
    assert reduced and bot_gives >= 3, "the reduced-motion page did not see the bots' gives"
    assert moves == 0 and draws == 0, f"{moves} give and {draws} draw animations with prefers-reduced-motion: reduce"
    server.stop()
    print("motion: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
