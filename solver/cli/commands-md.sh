#!/usr/bin/env bash
# Writes the command manual, solver/cli/COMMANDS.md, from what the program's --help prints:
#   bash solver/cli/commands-md.sh build/solver/arbiter > solver/cli/COMMANDS.md
# The help texts live beside each command (solver/cli/*_command.cpp), so the manual cannot say
# other than the program; tests/cli/commands_doc_test.cpp fails when the two have parted.
set -euo pipefail
arbiter=${1:?usage: bash solver/cli/commands-md.sh PATH/TO/arbiter > solver/cli/COMMANDS.md}

# The subcommands in the order `arbiter --help` lists them: the name that starts each entry of
# its Subcommands section (an entry's further lines are indented deeper).
subcommands() {
  "$arbiter" --help | awk '/^Subcommands:$/ { listed = 1; next } listed && /^$/ { exit } listed && /^  [^ ]/ { print $1 }'
}

# A heading, then the help as printed in a text block (its final line break is the fence's).
section() {
  local heading=$1
  shift
  printf '\n## %s\n\n```text\n%s\n```\n' "$heading" "$("$arbiter" "$@" --help)"
}

cat <<'EOF'
# The arbiter command

What `arbiter --help` and `arbiter COMMAND --help` print, for every command. Generated: do not edit
here. The texts are in `solver/cli/*_command.cpp`; after changing one, build and run

    bash solver/cli/commands-md.sh build/solver/arbiter > solver/cli/COMMANDS.md

(`tests/cli/commands_doc_test.cpp` fails until this file and the program agree).
EOF
section arbiter
for command in $(subcommands); do
  section "arbiter $command" "$command"
done
