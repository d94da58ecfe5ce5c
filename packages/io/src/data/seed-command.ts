// `pnpm db:seed`: creates the database named in MYSQL_URL if needed and seeds it (idempotent).
// `--force` re-inserts even when the database already holds this data set.
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { redactUrl } from "../backends/redact-url";
import { createMysqlPool } from "../repository/mysql-store";
import { ensureDatabaseExists, seedDatabase } from "./seed";

const envSchema = z.object({
  MYSQL_URL: z
    .string({ error: "MYSQL_URL is not set" })
    .min(1, "MYSQL_URL is not set")
    .refine((value) => URL.canParse(value) && /^(mysql|mariadb):$/.test(new URL(value).protocol), {
      error: "MYSQL_URL must look like mysql://user:password@host:3306/relix",
    }),
});

// A refused connection can arrive as an AggregateError with an empty message: fall back to its code.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  return [code, error.message].filter(Boolean).join(": ") || error.name;
}

/** Runs the command; returns the exit code. Output goes through `print` so a test can read it. */
export async function runSeedCommand(
  env: Record<string, string | undefined>,
  args: readonly string[],
  print: (line: string) => void = console.log,
): Promise<number> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    print(`db:seed: ${parsed.error.issues[0]?.message ?? "invalid environment"}`);
    print("  example: MYSQL_URL=mysql://root@127.0.0.1:3306/relix pnpm db:seed");
    return 2;
  }
  const url = parsed.data.MYSQL_URL;
  const force = args.includes("--force");
  print(`db:seed: ${redactUrl(url)}`);

  const started = performance.now();
  let pool: ReturnType<typeof createMysqlPool> | undefined;
  try {
    const { database, created } = await ensureDatabaseExists(url);
    print(created ? `  created database ${database}` : `  database ${database} exists`);
    pool = createMysqlPool(url, { connectionLimit: 1 });
    const result = await seedDatabase(pool, { force });
    const { items, shapes, meteorites } = result.counts;
    print(
      result.written
        ? `  seeded ${result.version}: ${items} items, ${shapes} shape rows, ${meteorites} meteorites`
        : `  already seeded with ${result.version} (${items} items, ${shapes} shape rows, ${meteorites} meteorites); nothing written (--force to re-insert)`,
    );
    print(`  done in ${Math.round(performance.now() - started)} ms`);
    return 0;
  } catch (error) {
    print(`db:seed failed: ${describe(error)}`);
    return 1;
  } finally {
    await pool?.end().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runSeedCommand(process.env, process.argv.slice(2));
}
