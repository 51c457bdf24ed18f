#!/usr/bin/env bash
# The Debian package (scripts/package) on this machine: built from BUILD_DIR, installed with apt,
# `cherries check` finds the installed Standard Set, the installed `serve` (as the service's
# user, with the service's /etc/cherries/serve.toml) answers its lobby and a table page from the
# installed web root on 127.0.0.1, a copy of the program away from its page refuses to serve, and
# the package goes without a trace (dpkg -r leaves only the settings, dpkg -P nothing).
# Usage: package_test.sh SOURCE_DIR BUILD_DIR. Root only: exit 77 (skipped) when not root,
# unless CI=true, where it fails. It leaves the machine as it found it, and runs one at a time
# (a lock): the suite runs twice in CI (scripts/test, scripts/test-sanitize).
set -euo pipefail
source_dir=$1
build_dir=$2
skip() {  # under CI a test that cannot run fails
  if [ "${CI:-}" = true ]; then echo "package test: FAIL: $1 (CI=true: it must run)" >&2; exit 1; fi
  echo "package test: skipped: $1" >&2; exit 77
}
fail() { echo "package test: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || skip "installing a package needs root (run as root, or in CI)"
command -v apt-get >/dev/null && command -v dpkg >/dev/null || skip "no apt-get or dpkg: not a Debian machine"
command -v python3 >/dev/null || skip "python3 is missing (bash scripts/setup test)"

exec 9>/run/lock/cherries-package-test.lock
flock -w 600 9 || fail "another package test holds /run/lock/cherries-package-test.lock"
if dpkg-query -W -f='${Status}' cherries 2>/dev/null | grep -q "installed"; then
  skip "a cherries package is already installed here; this test would replace it"
fi

work=$(mktemp -d)
installed=0
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null
  [ "$installed" = 1 ] && dpkg -P cherries >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

echo "== scripts/package $build_dir"
deb=$(bash "$source_dir/scripts/package" "$build_dir" | tail -n 1)
[ -f "$deb" ] || fail "scripts/package printed no package file: '$deb'"
echo "$deb"
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' > "$work/files"
echo "== apt-get install $deb"
installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "$deb" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log" >&2; fail "apt-get install failed"; }
for f in /usr/bin/cherries /usr/share/cherries/web/index.html /usr/share/cherries/sets/standard/set.toml \
  /usr/share/cherries/gametypes/official/gametype.toml /usr/share/cherries/bots/leader/bot.toml \
  /usr/share/cherries/sdk/schema/set.schema.json /usr/share/cherries/sdk/lua/cherries.lua \
  /usr/share/man/man1/cherries.1.gz /lib/systemd/system/cherries.service /etc/cherries/serve.toml; do
  [ -f "$f" ] || fail "$f is not installed"
done
compgen -G "/usr/lib/cherries/libcherries-design.so" >/dev/null || compgen -G "/usr/lib/*/cherries/libcherries-design.so" >/dev/null ||
  fail "libcherries-design.so is not installed"
compgen -G "/usr/lib/cherries/libcherries-postgresql.so" >/dev/null || compgen -G "/usr/lib/*/cherries/libcherries-postgresql.so" >/dev/null ||
  fail "libcherries-postgresql.so is not installed"
getent passwd cherries >/dev/null || fail "the package made no user 'cherries'"
[ "$(stat -c %U /var/lib/cherries)" = cherries ] || fail "/var/lib/cherries is not the service user's"
zcat /usr/share/man/man1/cherries.1.gz | grep -q "cherries serve" || fail "the man page has no 'cherries serve' section"

echo "== cherries check (from an empty folder: nothing but the installed plugins)"
cd "$work"
/usr/bin/cherries check --set standard --gametype official >"$work/check.out" 2>&1 ||
  { cat "$work/check.out" >&2; fail "cherries check --set standard failed"; }
cat "$work/check.out"
grep -q "^checked 1 set, 1 gametype: 0 errors" "$work/check.out" || fail "cherries check did not check the Standard Set"
# Which Standard Set it found: the installed one, not the build machine's source tree.
/usr/bin/cherries plugins >"$work/plugins.out"
grep -E "^set +standard .* /usr/share/cherries/sets/standard$" "$work/plugins.out" ||
  { cat "$work/plugins.out" >&2; fail "the Standard Set found is not the installed one"; }
/usr/bin/cherries check /usr/share/cherries/sets /usr/share/cherries/gametypes | tee "$work/check-all.out"
grep -q " 0 errors" "$work/check-all.out" || fail "the installed plugins do not check"
/usr/bin/cherries serve --check-config /etc/cherries/serve.toml | grep -qx "web root: /usr/share/cherries/web" ||
  fail "serve --check-config names another web root"

echo "== cherries serve as the service runs it (user cherries, /etc/cherries/serve.toml), on 127.0.0.1"
runuser -u cherries -- /usr/bin/cherries serve --config /etc/cherries/serve.toml --listen 127.0.0.1:0 \
  >"$work/serve.out" 2>"$work/serve.err" &
server=$!
for _ in $(seq 100); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/serve.out")
[ -n "$url" ] || { cat "$work/serve.err" >&2; fail "serve did not start"; }
echo "$url"
python3 - "$url" <<'PY' || fail "the installed server's pages"
import sys, urllib.request
url = sys.argv[1]
def get(path, expect):
    with urllib.request.urlopen(url + path, timeout=10) as reply:
        body = reply.read().decode()
        assert reply.status == 200, (path, reply.status)
        assert expect in body, (path, expect, body[:200])
        print(f"GET {path}: {reply.status}, {len(body)} bytes, has {expect!r}")
get("/", "/static/js/lobby.js")
get("/t/1", "/static/js/table.js")
get("/static/js/table.js", "import")
get("/api/catalog", "standard")
PY
kill "$server"; wait "$server" || true; server=
[ -f /var/lib/cherries/cherries.db ] || fail "serve kept no database in /var/lib/cherries"

echo "== a copy of the program away from its page refuses to serve"
cp /usr/bin/cherries "$work/cherries"
# CHERRIES_PATH: the plugins are found, so the page is the one thing missing.
if CHERRIES_PATH=/usr/share/cherries "$work/cherries" serve --listen 127.0.0.1:0 >"$work/copy.out" 2>"$work/copy.err"; then
  fail "a copied program served"
fi
cat "$work/copy.err"
grep -q "lacks the page's files" "$work/copy.err" || fail "the copy's refusal does not say what is missing"

echo "== dpkg -r: only the settings stay; dpkg -P: nothing"
dpkg -r cherries >/dev/null
left=$(while read -r f; do if [ -n "$f" ] && [ "${f%/}" = "$f" ] && [ -e "$f" ]; then echo "$f"; fi; done <"$work/files")
[ "$left" = /etc/cherries/serve.toml ] || fail "after dpkg -r, expected only /etc/cherries/serve.toml, found: ${left:-nothing}"
dpkg -P cherries >/dev/null
installed=0
for f in /usr/share/cherries /usr/lib/cherries /etc/cherries /var/lib/cherries /lib/systemd/system/cherries.service; do
  [ -e "$f" ] && fail "$f is left after dpkg -P"
done
getent passwd cherries >/dev/null && fail "the user 'cherries' is left after dpkg -P"
echo "package test: ok"
