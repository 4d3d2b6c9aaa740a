#!/bin/sh
# Bench only: runs the agent named by BENCH_AGENT with this script's arguments, then leaves in the
# workspace what the run's edits made of its files (BENCH_FINAL_DIR copied over BENCH_WORKSPACE), as a
# real agent's run leaves the checkout, and exits with the agent's status. The fake agent only replays a
# transcript; without this the checkout would still be as it was before the run. With BENCH_AGENT_EXIT,
# the wall clock (ns since the epoch) just before this process exits is written there: the end of the
# run is timed from it.
"$BENCH_AGENT" "$@"
status=$?
if [ -n "$BENCH_FINAL_DIR" ] && [ -n "$BENCH_WORKSPACE" ]; then
  cp -R "$BENCH_FINAL_DIR/." "$BENCH_WORKSPACE/"
fi
if [ -n "$BENCH_AGENT_EXIT" ]; then
  date +%s%N > "$BENCH_AGENT_EXIT"
fi
exit "$status"
