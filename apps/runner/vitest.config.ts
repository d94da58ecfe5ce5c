import { defineProject } from "vitest/config";
import { relixProjectTestOptions } from "../../test/vitest.project.ts";

// Real Redis and MySQL for the tests (REDIS_URL, MYSQL_URL), and the shared timeouts, whether this
// package runs alone (`pnpm test` here) or as a project of the root config.
export default defineProject({ test: relixProjectTestOptions });
