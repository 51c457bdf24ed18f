#!/usr/bin/python3
"""Table chat and the spectator count: ann sits at a table, a second browser watches. The table
page counts one spectator, then none after the watcher leaves; the watcher's and ann's chat lines
reach both pages, named ("ann", "a spectator"); a line holding `<script>` and markup shows as text
(no element is made of it); a line over 300 bytes, an empty one and a burst faster than the chat
limit are refused in words, and on the page beside the chat field; chat is not in the game's record.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

HOSTILE = '<script>window.hacked=1</script><b>bold</b>'


def chat_lines(driver):
    return [e.text for e in h.find(driver, '[data-test="chat-lines"] li')]


def say(driver, text):
    field = h.visible(driver, '[data-test="chat-text"]')
    field.clear()
    field.send_keys(text)
    h.click(driver, '[data-test="chat-send"]')


def main():
    args = h.arguments()
    h.need_tools()
    h.deadline(90)
    server = h.Server(args.cherries).start()
    made = server.post_json("/api/tables", {"sets": ["standard"], "gametype": "quick"})
    ann, watcher = h.browsers(2)
    ann.get(f"{server.url}/t/{made['id']}")
    h.wait(ann, lambda d: h.table_state(d) is not None, 15, "the table's state")
    h.sit_down(ann, "ann")
    h.wait(ann, lambda d: h.visible(d, '[data-test="add-bot"]').is_enabled(), 10, "seat a bot enabled")
    h.click(ann, '[data-test="add-bot"]')
    h.wait(ann, lambda d: len(h.table_state(d)["players"]) == 2, 10, "the bot's seat")
    h.click(ann, '[data-test="start"]')
    h.wait(ann, lambda d: h.table_state(d)["started"], 10, "the start")
    h.wait(ann, lambda d: h.table_state(d).get("spectators") == 0, 10, "no spectator")
    watcher.get(f"{server.url}/t/{made['id']}")
    h.wait(watcher, lambda d: h.table_state(d) is not None, 15, "the watcher's state")
    h.wait(ann, lambda d: d.find_element("css selector", '[data-test="spectators"]').text == "1", 10, "one spectator shown on ann's page")
    print("chat: ann's page shows 1 watching")

    say(ann, "hello table")
    say(watcher, HOSTILE)
    for d in (ann, watcher):
        h.wait(d, lambda x: len(chat_lines(x)) >= 2, 10, "both chat lines")
        lines = chat_lines(d)
        assert "ann: hello table" in lines, f"ann's line is not shown: {lines}"
        assert f"a spectator: {HOSTILE}" in lines, f"the spectator's line is not shown as text: {lines}"
        made_elements = d.execute_script("return document.querySelectorAll('#chat-lines script, #chat-lines b').length + (window.hacked ? 100 : 0)")
        assert made_elements == 0, f"the chat line's markup became elements ({made_elements})"
    print(f"chat: both pages show {chat_lines(ann)} as text")

    replies = h.raw_socket(ann, [{"type": "chat", "text": "x" * 301}, {"type": "chat", "text": "   "},
                                 {"type": "chat", "text": "a\nb"}], listen=1.0, errors=3)
    errors = [m["message"] for m in replies if m.get("type") == "error"]
    assert any("longer than 300 bytes" in e for e in errors), errors
    assert any("is empty" in e for e in errors), errors
    assert any("control character" in e for e in errors), errors
    burst = h.raw_socket(ann, [{"type": "chat", "text": f"line {i}"} for i in range(4)], listen=1.0, errors=1)
    assert any(m.get("type") == "error" and "too many chat lines" in m.get("message", "") for m in burst), burst
    print(f"chat: refused: {errors + [m['message'] for m in burst if m.get('type') == 'error']}")

    # On the page: a refused line is said beside the chat field (not at the top of the page), on
    # a phone too: the page's own check (over 300 bytes: 200 two-byte letters pass maxlength) and
    # the server's refusal (a second line within the second).
    h.viewport(ann, 360, 740)
    ann.execute_script("document.getElementById('chat-text').value = 'é'.repeat(200);"
                       "document.getElementById('chat-form').requestSubmit();")
    h.wait(ann, lambda d: "300 bytes" in (h.visible(d, '[data-test="chat-error"]') or d).text, 5, "the chat error beside the field")
    near = ann.execute_script("""
        const field = document.getElementById('chat-text').getBoundingClientRect();
        const error = document.getElementById('chat-error').getBoundingClientRect();
        return [Math.round(error.top - field.bottom), document.getElementById('error').hidden];""")
    assert 0 <= near[0] <= 80 and near[1], f"the chat error is {near[0]} px below the field (top error hidden: {near[1]})"
    print(f"chat: the page's own refusal shows {near[0]} px under the chat field at 360 px")
    ann.execute_script("const f = document.getElementById('chat-text'), form = document.getElementById('chat-form');"
                       "f.value = 'one'; form.requestSubmit(); f.value = 'two'; form.requestSubmit();")
    h.wait(ann, lambda d: "too many chat lines" in (h.visible(d, '[data-test="chat-error"]') or d).text, 5, "the server's chat refusal beside the field")
    assert ann.execute_script("return document.getElementById('error').hidden"), "the chat refusal is also at the top of the page"
    print("chat: the server's refusal of a burst shows beside the chat field")
    h.viewport(ann, 1280, 900)

    record = server.get_text(f"/api/tables/{made['id']}/record")
    assert "hello table" not in record, "a chat line is in the game's record"

    watcher.quit()   # the watcher closes its browser: its socket goes
    h.wait(ann, lambda d: d.find_element("css selector", '[data-test="spectators"]').text == "0", 10, "no spectator after the watcher left")
    print("chat: the count goes back to 0 watching")
    print("chat: passed")
    h.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
