#!/usr/bin/env bash
# Starts one of the Java floor's bare servers: `http` or `grpc` (floor-reference/); PORT and
# REDIS_URL from the environment. Used by `pnpm bench:floor --runtime java`; build it first
# (./build.sh). The JVM flags of start-spring.sh and start-grpc-java.sh (explained there), so the
# stacks and their floor run on the same heap and collector. exec: SIGTERM reaches the JVM.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/floor-reference/target/relix-floor-reference.jar"
[[ -f "$jar" ]] || { echo "start-floor-reference.sh: $jar is missing: run $here/build.sh" >&2; exit 1; }
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xms512m -Xmx512m -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
  ${JAVA_OPTS:-} -jar "$jar" "$@"
