#!/bin/sh
# work.sh WHAT N: the commands hyperfine times for testdata/formats/hyperfine.
#   loop N   counts to N in the shell (slowed: SLOW=1 counts to 3N)
#   spin N   counts to N in the shell (never slowed)
#   fail N   counts to N, then exits 3 (a failing command, run with -i)
what=$1
n=$2
if [ "$what" = loop ] && [ "${SLOW:-}" = 1 ]; then
	n=$((n * 3))
fi
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
done
if [ "$what" = fail ]; then
	exit 3
fi
exit 0
