#!/bin/sh
# Writes cherries(1) from the program's own help (help2man): `cherries --help` for the synopsis
# and options, then one section with each command's `--help`. Usage: man.sh CHERRIES OUT.1
set -eu
cherries=$1
out=$2
extra=$(mktemp)
trap 'rm -f "$extra"' EXIT
{
  printf '[COMMANDS]\n'
  # The commands are the lines of --help's "Subcommands:" list: "  NAME   description".
  "$cherries" --help | sed -n '/^Subcommands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' |
    while read -r command; do
      printf '.SS "cherries %s"\n.nf\n' "$command"
      # roff: a leading dot or quote would be a request; backslashes are escapes.
      "$cherries" "$command" --help | sed -e 's|^Usage: [^ ]*cherries|Usage: cherries|' \
        -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
      printf '.fi\n'
    done
  printf '[FILES]\n/etc/cherries/serve.toml\n  the settings of the cherries service (cherries serve; systemctl enable --now cherries)\n.br\n'
  printf '/var/lib/cherries\n  its database folder\n.br\n/usr/share/cherries\n  the shipped sets, gametypes and bots, the web page, the manifests'"'"' JSON Schemas and the Lua stubs\n'
  printf '[SEE ALSO]\nThe documentation of the Cherries SDK: its README and docs/ folder.\n'
} >"$extra"
help2man --no-info --name "the Cherries SDK: play, design and host the card game Cherries" \
  --section 1 --include "$extra" --output "$out" "$cherries"
