import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { NO_MYSQL, scratchDatabase } from "./testing/mysql-test-database";

const run = promisify(execFile);
const MYSQL_URL = process.env.MYSQL_URL;
if (!MYSQL_URL) console.warn(NO_MYSQL);

const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

/** Runs `pnpm db:seed`'s script the way pnpm does, with exactly the environment given. */
async function seedCommand(env: Record<string, string>, ...args: string[]) {
  const { PATH = "" } = process.env;
  try {
    const { stdout } = await run(TSX, ["src/data/seed-command.ts", ...args], {
      cwd: PACKAGE_DIR,
      env: { PATH, ...env },
    });
    return { code: 0, stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, stdout };
  }
}

describe("pnpm db:seed", () => {
  it("explains what is missing when MYSQL_URL is unset or malformed", async () => {
    const unset = await seedCommand({});
    expect(unset.code).toBe(2);
    expect(unset.stdout).toMatch(/MYSQL_URL is not set/);
    expect(unset.stdout).toMatch(/example: MYSQL_URL=mysql:\/\//);

    const wrong = await seedCommand({ MYSQL_URL: "http://example.com/relix" });
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toMatch(/must look like mysql:\/\//);
  });

  it("fails with the server's reason when MySQL cannot be reached", async () => {
    const result = await seedCommand({ MYSQL_URL: "mysql://relix:secret@127.0.0.1:1/relix" });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/db:seed failed: ECONNREFUSED/);
    expect(result.stdout).not.toContain("secret");
  });

  describe.skipIf(!MYSQL_URL)("against a real server", () => {
    const db = MYSQL_URL ? scratchDatabase(MYSQL_URL, "cli") : undefined;
    afterAll(async () => db?.drop());

    it("creates and seeds the database, then reports there is nothing to do", async () => {
      const first = await seedCommand({ MYSQL_URL: db!.url });
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`created database ${db!.name}`);
      expect(first.stdout).toMatch(/seeded schema-v\d+\/data-v\d+:.*: 10000 items, 600 shape rows, 1000 meteorites/);

      const second = await seedCommand({ MYSQL_URL: db!.url });
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/already seeded .* nothing written/);

      const forced = await seedCommand({ MYSQL_URL: db!.url }, "--force");
      expect(forced.stdout).toMatch(/ seeded schema-v/);
    });
  });
});
