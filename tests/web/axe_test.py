#!/usr/bin/python3
"""axe-core (the pinned npm package scripts/setup test installs) on every page at 1280 x 900 and
at 360 x 740: the lobby, a table waiting to start, a table mid-game with modifier cards in play
(on the player's own turn), the end of a game, the replay, the ranking and the names page. Zero violations, and
no `incomplete` result of an aria rule. Without axe-core the test SKIPs (FAILs under CI=true).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

AXE_PLACES = [os.environ.get("CHERRIES_AXE", ""), "/usr/local/lib/cherries-axe/node_modules/axe-core/axe.min.js"]


def axe_source():
    for path in AXE_PLACES:
        if path and os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return path, f.read()
    message = "missing axe-core (bash scripts/setup test installs it into /usr/local/lib/cherries-axe)"
    if os.environ.get("CI") == "true":
        print(f"FAIL: {message}", flush=True)
        sys.exit(1)
    print(f"SKIP: {message}", flush=True)
    sys.exit(h.SKIP)


def run_axe(driver, source, where):
    driver.execute_script(source)
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations', 'incomplete'] })
            .then((r) => done({
                violations: r.violations.map((v) => [v.id, v.impact, v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': ' + n.failureSummary.slice(0, 200))]),
                incomplete: r.incomplete.filter((v) => v.id.startsWith('aria')).map((v) => [v.id, v.nodes.slice(0, 3).map((n) => n.target.join(' '))]),
            }))
            .catch((e) => done({ error: String(e) }));""")
    assert "error" not in result, f"{where}: axe failed: {result}"
    problems = [f"violation {v}" for v in result["violations"]] + [f"incomplete {v}" for v in result["incomplete"]]
    return problems


def check(driver, source, where, failures):
    for width, height in ((1280, 900), (360, 740)):
        h.viewport(driver, width, height)
        problems = run_axe(driver, source, f"{where} at {width}")
        if problems:
            failures.append(f"{where} at {width}x{height}:\n    " + "\n    ".join(map(str, problems)))
        print(f"axe: {where} at {width}x{height}: {len(problems)} problem(s)")


def main():
    args = h.arguments()
    h.need_tools()
    path, source = axe_source()
    h.deadline(140)
    print(f"axe: {path}")
    server = h.Server(args.cherries).start()
    driver = h.browser()
    failures = []

    driver.get(server.url + "/")
    h.wait(driver, lambda d: h.visible(d, 'input[name="gametype"]'), 10, "the lobby")
    check(driver, source, "the lobby", failures)

    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    driver.get(f"{server.url}/t/{made['id']}")
    h.wait(driver, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(driver, "kim")
    h.wait(driver, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(driver, '[data-test="add-bot"]')
    h.wait(driver, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    check(driver, source, "a waiting table", failures)

    # Mid-game: an official table (long enough for modifier cards to come into play), kim's turn.
    mid = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "official"})
    other = h.browser()
    other.get(f"{server.url}/t/{mid['id']}")
    h.wait(other, lambda d: h.table_state(d) is not None, 15, "the second table's state")
    h.sit_down(other, "lee")
    h.wait(other, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(other, '[data-test="add-bot"]')
    h.wait(other, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    h.click(other, '[data-test="start"]')
    h.wait(other, lambda d: h.my_turn(d) == "lee", 20, "lee's turn")
    for _ in range(30):
        if any(p["modifiers"] for p in h.table_state(other)["players"]):
            break
        h.act(other)
        h.wait(other, lambda d: h.my_turn(d) == "lee", 20, "lee's turn")
    assert any(p["modifiers"] for p in h.table_state(other)["players"]), "no modifier card in play to check"
    check(other, source, "a table mid-game with modifiers", failures)

    h.click(driver, '[data-test="start"]')
    h.play_until([driver], lambda: (h.table_state(driver) or {}).get("result"), 60)
    h.wait(driver, lambda d: h.result_of(d), 10, "the result")
    check(driver, source, "the end of a game", failures)

    driver.get(f"{server.url}/replay?table={made['id']}")
    h.wait(driver, lambda d: d.execute_script("return window.cherriesReplay.turns") >= 1, 10, "the replay")
    h.click(driver, '[data-test="replay-forward"]')
    check(driver, source, "the replay", failures)

    driver.get(f"{server.url}/ranking")
    h.wait(driver, lambda d: h.visible(d, '#ranking .panel, #ranking p, [data-test="ranking-empty"]'), 10, "the ranking")
    check(driver, source, "the ranking", failures)

    driver.get(f"{server.url}/names")
    h.wait(driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"), 10, "the names page")
    check(driver, source, "the names page", failures)

    assert not failures, "axe-core found problems:\n" + "\n".join(failures)
    print("axe: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
