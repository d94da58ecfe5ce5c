// The ports Relix's own programs listen on when nothing says otherwise (each has an env override,
// read by the program's config). The stacks' ports are in their records (stacks/stacks.ts) and
// their processes' side ports in stacks/service-processes.ts. docker-compose.yml and the
// Dockerfile spell the same numbers as literals.
export const DEFAULT_PORTS = {
  runner: 4000,
  web: 3000,
} as const;
