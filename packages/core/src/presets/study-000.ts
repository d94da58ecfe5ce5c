import { definePreset } from "./preset";
import { PRIME_MIN_IN_FLIGHT, PRIME_ROUND_MS } from "../stacks/jit-priming";

const design =
  "Study 000 timed 20 sequential calls per cell by hand; Relix keeps calls sequential (connections 1) but measures every call of a 2 s window (some thousands of calls a side) after a 1 s warm-up that is discarded on both sides, in one trial whose sides take turns in short slices. The length is the one 20 reruns were calibrated at, so a run at the defaults has measured run-to-run noise in its intervals; --duration and --trials lengthen it, with the assumed noise instead and no winner named (below).";

export const study000Preset = definePreset({
  name: "study-000",
  title: "Study 000: Relix (Spring Boot REST vs Java gRPC, Redis + MySQL)",
  description:
    "Reading one ~110 B record by id through Redis (warm) or straight from MySQL (cold): how much faster is gRPC?",
  spec: {
    workloads: ["item.get"],
    cacheModes: ["warm", "cold"],
    // The study's own runtime as the headline, Node's pair measured in the same trials beside it.
    stacks: ["express", "spring", "grpc-js", "grpc-java"],
    pair: { rest: "spring", grpc: "grpc-java" },
    connections: 1,
    grpcConnections: 1,
    durationMs: 2_000,
    warmupMs: 1_000,
    trials: 1,
  },
  sequentialFigures: true,
  published: [
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "mean latency, warm cache",
      unit: "ms",
      rest: 2.24,
      grpc: 1.6,
      measure: "meanMs",
    },
    {
      workload: "item.get",
      cacheMode: "cold",
      label: "mean latency, no cache",
      unit: "ms",
      rest: 6.22,
      grpc: 5.32,
      measure: "meanMs",
      note: "The study's \"no-cache\" runs read MySQL on every call: Relix's cold mode.",
    },
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "response body",
      unit: "B",
      rest: 110,
      grpc: 80,
      measure: "responseBodyBytes",
      note: "JSON vs protobuf body of one record; the study did not publish the record's fields, Relix's item is sized to match.",
    },
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "cache improvement (cold -> warm mean)",
      unit: "%",
      rest: 64,
      grpc: 70,
      measure: "cacheImprovementPct",
    },
  ],
  calibration:
    "Calibrated at its defaults (one trial of a 2 s window, about 2 minutes a run with the JVM priming), 20 reruns in each of two sessions on 2026-11-27, every headline resting on h2load for both sides. The second (`pnpm bench:calibrate --preset study-000 --repeat 20`, 11:33 UTC, the equal client as shipped): warm p50 spring vs grpc-java 0.95x median, its intervals held the median 19 times of 20, no two reruns named opposite winners (no difference 15, REST 5); cold 0.94x, 19 of 20, none opposite (REST 12, no difference 8). Over all 36 comparisons (each stack pair, p50, p99, rps, both cells) the own intervals held the median 15 to 20 times of 20, with 12 opposite-winner pairs, all at p99 between grpc-java and express; widened by the spread the other reruns kept, 19 or 20 of 20 and none; and the spreads the first session (06:58) had kept held these reruns 17 to 20 of 20, with 5 opposite pairs at one p99. The spread shipped for each comparison is the larger of the two sessions' (warm p50 2%, cold 12%), so a run at the defaults includes it on any machine that never calibrated its own. Each run starts its own JVMs, and two JVM processes compile the same code differently: no trial inside one run can see that. At another length (--duration, --trials) no spread was measured: its intervals are widened by the largest any reference calibration kept, and its verdicts name no winner, as every study's reproduction on an assumed spread.",
  notes: [
    design,
    "Not reproduced: 20 samples per cell, a warm-up dropped by hand, means only, one machine. Relix reports the whole distribution (the mean is shown to match the study) and a 95% CI from the trial's paired slices, widened by what 20 reruns moved.",
    'Stacks: the headline pair is the study\'s own, spring (Spring Boot 3 with Spring MVC on Tomcat and Jackson, on JDK 17) against grpc-java (on Netty); express against grpc-js is measured in the same trials, slice by slice, beside it. Each published figure is shown twice, labelled with the pair it sits beside: "(spring vs grpc-java)" and "(express vs grpc-js)". The stack comparisons give Node\'s own REST-against-gRPC verdict with its 95% interval beside the headline\'s, and the layer walk the runtime step on each side (express -> spring, grpc-js -> grpc-java).',
    "What still differs from the study: the hardware (a macOS M4 there, this machine here: absolute milliseconds are not comparable, the REST/gRPC ratio is); the versions (Spring Boot 3.5 and grpc-java 1.83 on Debian's OpenJDK 17 here, the study's exact versions were not published); data access (Spring Data Redis and JDBC through HikariCP here, Hibernate/JPA in the study, over the same Redis keys and MySQL rows as the Node services); and the client: the study timed calls from its own client, Relix drives every REST stack with autocannon and every gRPC stack with ghz, so each side's client cost is its load generator's, the same for both runtimes. At one call in flight that cost is most of a call here: the split of the client latency shows how much of each side's time is its client's (ghz's is about twice autocannon's), and h2load, the one client for both, drives the pair too wherever the tools' CPU per call is more than 1.1x apart (at one call in flight, every cell): the headline is then its, and on 2026-11-27 it read no difference (1.02x warm, 0.94x cold at p50) where autocannon against ghz said REST 1.54x and 1.40x faster in the same trials.",
    `The JVM's warm-up: the study dropped a warm-up by hand; Relix primes spring and grpc-java on each cell before any trial, in ${PRIME_ROUND_MS / 1000} s rounds at ${PRIME_MIN_IN_FLIGHT} or more in flight, until their throughput stops rising (a JIT-cold JVM measured up to 3x slower in a run's first trial), and the report says how many rounds it took.`,
    "spring and grpc-java need their jars (pnpm build:runtimes: a JDK 17 and Maven, which scripts/install-system-deps.sh installs); where they cannot be built the run is refused with the reason. --pair express,grpc-js --stacks express,grpc-js measures Node's pair alone.",
    "The record's fields were not published: item.get returns an item of ~110 B JSON (id, name, price, a few tags, timestamps).",
  ],
});
