#!/usr/bin/env bash
# Starts the spring stack (build it first: ./build.sh). Configured by the environment only:
# REDIS_URL, MYSQL_URL, SPRING_PORT (required), HOST (127.0.0.1), CACHE_TTL_SECONDS,
# MYSQL_QUERY_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS. `exec`, so SIGTERM reaches the JVM, whose shutdown
# drains Tomcat and closes Redis and the MySQL pool.
#
# JVM flags, the same for both Java stacks so their figures compare:
#   -Xms512m -Xmx512m      a fixed heap: no heap resizing in the middle of a measured run, and the
#                          same ceiling on every run (room for 16 MiB bodies at 256 in flight);
#                          RSS still grows only as pages are touched (no pre-touch), so the peak RSS
#                          reported is what the server used, not the reservation;
#   G1, the JDK's default  what a Spring Boot or grpc-java deployment runs unless told otherwise;
#   -XX:+ExitOnOutOfMemoryError   a server out of memory ends (the runner sees it), never limps on.
# JAVA_OPTS, when set, is appended (for experiments; results should say so).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/spring-rest/target/relix-spring.jar"
[[ -f "$jar" ]] || { echo "start-spring.sh: $jar is missing: run $here/build.sh" >&2; exit 1; }
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xms512m -Xmx512m -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 \
  ${JAVA_OPTS:-} -jar "$jar"
