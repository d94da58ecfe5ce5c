#!/usr/bin/env bash
# Builds the Java stacks' runnable jars:
#   spring-rest/target/relix-spring.jar      (the spring stack)
#   grpc-server/target/relix-grpc-java.jar   (the grpc-java stack)
#   floor-reference/target/relix-floor-reference.jar   (the bare servers of `pnpm bench:floor --runtime java`)
#   spring-yardstick/target/relix-spring-yardstick.jar (the floor's bare Spring MVC route)
# Idempotent: jars newer than every source (the proto contract and contract/openapi included) are
# left as they are. Maven runs offline when the local repository (~/.m2) already holds everything,
# online otherwise.
# Exits non-zero, saying why, when java 17+ or mvn is missing or the build fails.
set -euo pipefail
cd "$(dirname "$0")"

fail() {
  echo "services/java/build.sh: $*" >&2
  exit 1
}

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
command -v "$JAVA" >/dev/null 2>&1 ||
  fail "java was not found: install a JDK 17 or newer (Debian: apt-get install openjdk-17-jdk-headless)"
java_major=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
[[ "${java_major%%.*}" =~ ^[0-9]+$ && "${java_major%%.*}" -ge 17 ]] ||
  fail "java ${java_major:-of unknown version} is too old: the Java stacks need 17 or newer"
command -v mvn >/dev/null 2>&1 || fail "mvn was not found: install Maven (Debian: apt-get install maven)"

JARS=(spring-rest/target/relix-spring.jar grpc-server/target/relix-grpc-java.jar floor-reference/target/relix-floor-reference.jar
  spring-yardstick/target/relix-spring-yardstick.jar)
SOURCES=(pom.xml common spring-rest/pom.xml spring-rest/src grpc-server/pom.xml grpc-server/src floor-reference/pom.xml floor-reference/src
  spring-yardstick/pom.xml spring-yardstick/src ../../proto ../../contract/openapi)

up_to_date() {
  local jar
  for jar in "${JARS[@]}"; do
    [[ -f "$jar" ]] || return 1
    # Any source file newer than the jar (build output aside) means a rebuild.
    [[ -z "$(find "${SOURCES[@]}" -newer "$jar" -type f -not -path '*/target/*' -print -quit)" ]] || return 1
  done
}

if up_to_date; then
  echo "services/java: jars up to date (${JARS[*]})"
  exit 0
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
started=$SECONDS
mvn_package() { mvn -B -ntp -q "$@" package -DskipTests >"$log" 2>&1; }

if mvn_package --offline; then
  mode=offline
elif grep -qE "offline mode|has not been downloaded from it before|Cannot access .* in offline" "$log"; then
  echo "services/java: fetching dependencies from Maven Central (first build; several minutes)"
  mvn_package || { tail -n 60 "$log" >&2; fail "the Maven build failed (output above)"; }
  mode=online
else
  tail -n 60 "$log" >&2
  fail "the Maven build failed (output above)"
fi
for jar in "${JARS[@]}"; do [[ -f "$jar" ]] || fail "the build finished without $jar"; done
echo "services/java: built ${JARS[*]} in $((SECONDS - started)) s ($mode)"
