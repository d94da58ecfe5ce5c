#!/usr/bin/env bash
# Starts the grpc-java stack (build it first: ./build.sh). Configured by the environment only:
# REDIS_URL, MYSQL_URL, GRPC_JAVA_PORT, GRPC_JAVA_METRICS_PORT (the HTTP side port: /healthz /readyz
# /stats /metrics) (required), HOST (127.0.0.1), CACHE_TTL_SECONDS, MYSQL_QUERY_TIMEOUT_MS,
# SHUTDOWN_TIMEOUT_MS. `exec`, so SIGTERM reaches the JVM, whose shutdown
# hook drains the server (calls in flight finish, up to SHUTDOWN_TIMEOUT_MS) and closes the pools.
#
# JVM flags: the same as start-spring.sh's, and for the same reasons (read there).
# JAVA_OPTS, when set, is appended (for experiments; results should say so).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/grpc-server/target/relix-grpc-java.jar"
[[ -f "$jar" ]] || { echo "start-grpc-java.sh: $jar is missing: run $here/build.sh" >&2; exit 1; }
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xms512m -Xmx512m -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
  ${JAVA_OPTS:-} -jar "$jar"
