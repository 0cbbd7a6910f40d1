#!/bin/sh
# The image's entry point: runs the compiled server as the container's main process (SIGTERM
# reaches it directly: it finishes in-flight requests and closes the database, docs/operations.md).
#
# With the embedded database it first locks the data folder. The server refuses a folder another
# process holds by the pid in DATA_DIR/server.json, but each container numbers its processes from 1,
# so that check cannot see a server in another container on the same volume. A lock on the folder
# itself can: the kernel holds it for as long as the server runs, and drops it however it stops.
set -eu
if [ -z "${DATABASE_URL:-}" ]; then
  data_dir="${DATA_DIR:-/data}"
  mkdir -p "$data_dir"
  exec 9<"$data_dir"
  if ! flock --nonblock 9; then
    echo "Mission Control could not start: the data folder $data_dir is in use by another container. Stop it first: two servers must never share one embedded database." >&2
    exit 1
  fi
fi
exec node --v8-pool-size=1 dist/server/main.js
