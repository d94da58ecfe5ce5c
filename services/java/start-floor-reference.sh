#!/usr/bin/env bash
# Starts one of the Java floor's servers: `http` or `grpc` (the bare servers, floor-reference/) or
# `spring` (the bare Spring MVC route, spring-yardstick/); PORT and REDIS_URL from the environment.
# Used by `pnpm bench:floor --runtime java`; build them first (./build.sh). The JVM flags of
# start-spring.sh and start-grpc-java.sh (explained there), so the stacks and their floor run on
# the same heap and collector. exec: SIGTERM reaches the JVM.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  spring) jar="$here/spring-yardstick/target/relix-spring-yardstick.jar" args=() ;;
  *) jar="$here/floor-reference/target/relix-floor-reference.jar" args=("$@") ;;
esac
[[ -f "$jar" ]] || { echo "start-floor-reference.sh: $jar is missing: run $here/build.sh" >&2; exit 1; }
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xms512m -Xmx512m -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
  ${JAVA_OPTS:-} -jar "$jar" ${args[@]+"${args[@]}"}
