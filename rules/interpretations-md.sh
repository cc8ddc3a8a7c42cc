#!/usr/bin/env bash
# Rewrites the listing of every named interpretation in rules/README.md (the text block under
# "## The named interpretations") with what `arbiter interpretations` prints from the registry:
#   bash rules/interpretations-md.sh build/solver/arbiter
# tests/cli/interpretations_doc_test.cpp fails when the listing and the registry differ.
set -euo pipefail
arbiter=${1:?usage: bash rules/interpretations-md.sh PATH/TO/arbiter}
readme="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/README.md"
listing=$(mktemp)
rewritten=$(mktemp)
trap 'rm -f "$listing" "$rewritten"' EXIT
"$arbiter" interpretations > "$listing"

# The listing is read from a file, not passed with -v, which would read its backslashes as escapes.
awk -v listing="$listing" '
  /^## / { section = $0 }
  skipping { if ($0 == "```") { skipping = 0; print } ; next }
  section == "## The named interpretations" && $0 == "```text" && !done {
    print
    while ((getline line < listing) > 0) print line
    skipping = 1
    done = 1
    next
  }
  { print }
  END { if (!done) { print "rules/README.md: no text block under \"## The named interpretations\"" > "/dev/stderr"; exit 1 } }
' "$readme" > "$rewritten"
# Written over in place, so the file keeps its mode.
cat "$rewritten" > "$readme"
