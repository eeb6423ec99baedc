#!/bin/bash
# vm/locked.sh WHAT COMMAND...: run COMMAND holding the machine-wide lab lock
# (vm/lib.sh lab_lock), e.g. the kernel build, whose bzImage the lab boots.
# COMMAND inherits the lock (fd 9); it is released when COMMAND exits.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: vm/locked.sh WHAT COMMAND..."
lab_lock "$1"
shift
exec "$@"
