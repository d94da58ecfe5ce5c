import os from "node:os";
import mysql, { type Pool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from "mysql2/promise";
import { parseRunResult, type RunResult, type RunSpec } from "@relix/core";
import type { RunStatus } from "../engine/run-events";
import { headlineOf, headlineSchema, type Headline } from "./headline";
import {
  ABANDONED_QUEUED_REASON,
  ABANDONED_RUNNING_REASON,
  ResultTooLargeError,
  RunStateError,
  type EndStatus,
  type InterruptedRuns,
  type NewRun,
  type ResultsStore,
  type RunRecord,
} from "./results-store";
import type { StoredResultSize } from "./result-retention";
import { newRunnerId, type RunnerPresence } from "./runner-presence";

// Written for MariaDB 10.11 and MySQL 8 alike:
// - documents are LONGTEXT holding JSON text on both (MariaDB's JSON is LONGTEXT anyway, MySQL 8's
//   would reorder keys and come back as objects): written as strings, parsed and validated on read;
// - ids are ascii_bin: run ids are case-sensitive base64url, and a *_ci collation would make
//   "abc" and "ABC" the same run;
// - times are BIGINT epoch milliseconds: no DATETIME time-zone round trip through the driver.
const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";
const ID = "VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin";

export const RESULTS_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS relix_runs (
    id ${ID} NOT NULL,
    status VARCHAR(16) NOT NULL,
    preset VARCHAR(64) NULL,
    spec LONGTEXT NOT NULL,
    created_at BIGINT NOT NULL,
    started_at BIGINT NULL,
    finished_at BIGINT NULL,
    reason TEXT NULL,
    headline TEXT NULL,
    imported_at BIGINT NULL,
    imported_from VARCHAR(64) NULL,
    owner ${ID} NULL,
    PRIMARY KEY (id),
    KEY relix_runs_created_at (created_at),
    KEY relix_runs_status (status)
  ) ${TABLE_OPTIONS}`,
  `CREATE TABLE IF NOT EXISTS relix_results (
    run_id ${ID} NOT NULL,
    result LONGTEXT NOT NULL,
    PRIMARY KEY (run_id),
    CONSTRAINT relix_results_run FOREIGN KEY (run_id) REFERENCES relix_runs (id) ON DELETE CASCADE
  ) ${TABLE_OPTIONS}`,
  // One row per live runner process on this database, its heartbeat refreshed while it lives.
  `CREATE TABLE IF NOT EXISTS relix_runners (
    id ${ID} NOT NULL,
    host VARCHAR(255) NOT NULL,
    pid INT NOT NULL,
    heartbeat_at BIGINT NOT NULL,
    PRIMARY KEY (id)
  ) ${TABLE_OPTIONS}`,
];

/** Tables created before runs had owners get the column. */
const OWNER_COLUMN_DDL = `ALTER TABLE relix_runs ADD COLUMN owner ${ID} NULL`;
const ER_DUP_FIELDNAME = 1060;

// The database's clock, in epoch milliseconds: heartbeats are written and judged by the same clock,
// so runners on machines whose clocks disagree still agree on which heartbeat is stale.
const DB_NOW_MS = "CAST(UNIX_TIMESTAMP(CURRENT_TIMESTAMP(3)) * 1000 AS SIGNED)";

/**
 * Each result's size, kept by the database itself (a generated column: every INSERT fills it, and
 * adding it fills the rows already there): retention weighs results without reading them.
 */
const RESULT_BYTES_COLUMN_DDL =
  "ALTER TABLE relix_results ADD COLUMN result_bytes BIGINT GENERATED ALWAYS AS (LENGTH(result)) STORED";

/** Ids per DELETE: a statement stays small however many results retention removes at once. */
const DELETE_BATCH = 500;

const RUN_COLUMNS =
  "id, status, preset, spec, created_at, started_at, finished_at, reason, headline, imported_at, imported_from, owner";

interface RunRow extends RowDataPacket {
  id: string;
  status: RunStatus;
  preset: string | null;
  spec: unknown;
  created_at: number | string;
  started_at: number | string | null;
  finished_at: number | string | null;
  reason: string | null;
  headline: unknown;
  imported_at: number | string | null;
  imported_from: string | null;
  owner: string | null;
}

export interface MysqlResultsStoreOptions {
  /** Connections kept by the pool: the runner writes a few rows per run, it needs very few. */
  connectionLimit?: number;
  /** This runner process's id (default: a new one). */
  runnerId?: string;
  /** The presence files of this host's runners: a runner of this host that crashed is gone at once. */
  presence?: RunnerPresence;
  /** How often this runner refreshes its heartbeat. */
  heartbeatMs?: number;
  /** A runner whose heartbeat is older than this is gone (several heartbeats missed, not one). */
  staleAfterMs?: number;
}

const DEFAULT_HEARTBEAT_MS = 10_000;
const DEFAULT_STALE_AFTER_MS = 60_000;

/**
 * Runs and results in MySQL: the runner's index and source of truth. A finished result and its
 * run's 'done' status are written in one transaction; a run is only ever moved forward
 * (queued -> running -> done | failed | cancelled), each UPDATE naming the status it leaves.
 *
 * Several runners may share one database; each run belongs to the runner that accepted it (its
 * owner), and while a runner lives its row in relix_runners has a fresh heartbeat. See
 * markInterruptedRuns for when another runner may fail its runs.
 */
export class MysqlResultsStore implements ResultsStore {
  readonly description: string;
  readonly runnerId: string;
  private readonly pool: Pool;
  private readonly presence: RunnerPresence | null;
  private readonly heartbeatMs: number;
  private readonly staleAfterMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The server's max_allowed_packet, read at init: a bigger statement would fail mid-write. */
  private maxPacketBytes = Number.POSITIVE_INFINITY;

  constructor(url: string, options: MysqlResultsStoreOptions = {}) {
    this.pool = mysql.createPool({
      uri: url,
      connectionLimit: options.connectionLimit ?? 4,
      charset: "utf8mb4",
      enableKeepAlive: true,
    });
    this.runnerId = options.runnerId ?? newRunnerId();
    this.presence = options.presence ?? null;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const { hostname, port, pathname } = new URL(url);
    this.description = `mysql at ${hostname}:${port || 3306}${pathname}`;
  }

  async init(): Promise<void> {
    for (const statement of RESULTS_TABLES) await this.pool.query(statement);
    await addColumnIfMissing(this.pool, "relix_runs", "owner", OWNER_COLUMN_DDL);
    await addColumnIfMissing(this.pool, "relix_results", "result_bytes", RESULT_BYTES_COLUMN_DDL);
    const [rows] = await this.pool.query<RowDataPacket[]>("SELECT @@max_allowed_packet AS max_packet");
    const maxPacket = Number(rows[0]?.max_packet);
    if (Number.isFinite(maxPacket) && maxPacket > 0) this.maxPacketBytes = maxPacket;
    // Alive before the first run is accepted: a runner never owns a run without a heartbeat.
    await this.beat();
    await this.presence?.register();
    if (this.heartbeat === null) {
      // A missed beat is retried by the next one; only several in a row make this runner look gone.
      this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  async createRun(run: NewRun): Promise<void> {
    await this.pool.execute(
      `INSERT INTO relix_runs (id, status, preset, spec, created_at, owner) VALUES (?, 'queued', ?, ?, ?, ?)`,
      [run.id, run.preset, JSON.stringify(run.spec), run.createdAt, this.runnerId],
    );
  }

  async markRunning(id: string, startedAt: number): Promise<boolean> {
    const [update] = await this.pool.execute<ResultSetHeader>(
      `UPDATE relix_runs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued'`,
      [startedAt, id],
    );
    return update.affectedRows === 1;
  }

  async finishRun(id: string, result: RunResult, finishedAt: number): Promise<void> {
    if (result.id !== id) throw new RunStateError(`result id ${result.id} is not run ${id}`);
    const json = this.serialize(result);
    await this.transaction(async (connection) => {
      const [update] = await connection.execute<ResultSetHeader>(
        `UPDATE relix_runs SET status = 'done', finished_at = ?, reason = NULL, headline = ?
         WHERE id = ? AND status = 'running'`,
        [finishedAt, JSON.stringify(headlineOf(result)), id],
      );
      if (update.affectedRows !== 1) throw new RunStateError(`run ${id} is not running: its result was not stored`);
      await connection.execute("INSERT INTO relix_results (run_id, result) VALUES (?, ?)", [id, json]);
    });
  }

  async endRun(id: string, status: EndStatus, reason: string, finishedAt: number): Promise<boolean> {
    const [update] = await this.pool.execute<ResultSetHeader>(
      `UPDATE relix_runs SET status = ?, reason = ?, finished_at = ? WHERE id = ? AND status IN ('queued', 'running')`,
      [status, reason, finishedAt, id],
    );
    return update.affectedRows === 1;
  }

  async importRun(record: RunRecord, result: RunResult): Promise<void> {
    await this.insertRun({ ...record, status: "done", reason: null }, result);
  }

  async restoreRun(record: RunRecord, result: RunResult | null): Promise<void> {
    await this.insertRun(record, result);
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const [rows] = await this.pool.execute<RunRow[]>(`SELECT ${RUN_COLUMNS} FROM relix_runs WHERE id = ?`, [id]);
    return rows[0] === undefined ? null : recordOf(rows[0]);
  }

  async getResult(id: string): Promise<RunResult | null> {
    const [rows] = await this.pool.execute<RowDataPacket[]>(
      `SELECT r.result FROM relix_results r JOIN relix_runs u ON u.id = r.run_id WHERE r.run_id = ? AND u.status = 'done'`,
      [id],
    );
    if (rows[0] === undefined) return null;
    return parseRunResult(jsonColumn(rows[0].result));
  }

  async listRuns(limit: number): Promise<RunRecord[]> {
    // LIMIT as a literal: some MySQL 8 versions reject a bound LIMIT in prepared statements.
    const safeLimit = Math.max(1, Math.min(10_000, Math.trunc(limit)));
    const [rows] = await this.pool.query<RunRow[]>(
      `SELECT ${RUN_COLUMNS} FROM relix_runs ORDER BY created_at DESC, id LIMIT ${safeLimit}`,
    );
    return rows.map(recordOf);
  }

  async listStoredResults(): Promise<StoredResultSize[]> {
    const [rows] = await this.pool.query<RowDataPacket[]>(
      `SELECT u.id, u.imported_at, u.finished_at, u.created_at, r.result_bytes
       FROM relix_runs u JOIN relix_results r ON r.run_id = u.id WHERE u.status = 'done'`,
    );
    return rows.map((row) => ({
      id: String(row.id),
      importedAt: nullableNumber(row.imported_at as number | string | null),
      finishedAt: Number(row.finished_at ?? row.created_at),
      bytes: Number(row.result_bytes),
    }));
  }

  async deleteRuns(ids: readonly string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += DELETE_BATCH) {
      const batch = ids.slice(start, start + DELETE_BATCH);
      // Results go with their run (ON DELETE CASCADE); a run still queued or running is not touched.
      await this.pool.query(
        `DELETE FROM relix_runs WHERE id IN (${batch.map(() => "?").join(", ")}) AND status IN ('done', 'failed', 'cancelled')`,
        batch,
      );
    }
  }

  /**
   * The rule for another runner's runs: its owner is gone, and they are failed, when
   * - it has no heartbeat row here: a runner from before owners existed (no owner at all), one
   *   that stopped cleanly (its row is removed then, its runs already ended), or a run restored
   *   into a new database (`pnpm start`'s scratch MariaDB), where its runner never beat; or
   * - its heartbeat is older than staleAfterMs (60 s: six missed beats, by the database's clock); or
   * - its presence file says it was a process of this host that no longer exists (a runner
   *   restarted after a crash: at once, not 60 s later). Its heartbeat row is removed first.
   * A live runner beats every heartbeatMs, so its runs are never failed by another runner.
   */
  async markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    const gone = [...((await this.presence?.survey())?.gone ?? [])].filter((id) => id !== this.runnerId);
    const ended = await this.transaction(async (connection) => {
      if (gone.length > 0) {
        await connection.query("DELETE FROM relix_runners WHERE id IN (?)", [gone]);
      }
      const [abandoned] = await connection.query<RowDataPacket[]>(
        `SELECT r.id, r.status FROM relix_runs r LEFT JOIN relix_runners o ON o.id = r.owner
         WHERE r.status IN ('queued', 'running') AND (r.owner IS NULL OR r.owner <> ?)
           AND (o.id IS NULL OR o.heartbeat_at < ${DB_NOW_MS} - ?)
         FOR UPDATE`,
        [this.runnerId, this.staleAfterMs],
      );
      const ids = (status: string) => abandoned.filter((row) => row.status === status).map((row) => String(row.id));
      const result: InterruptedRuns = { running: ids("running"), queued: ids("queued") };
      for (const [status, reason] of [
        ["running", ABANDONED_RUNNING_REASON],
        ["queued", ABANDONED_QUEUED_REASON],
      ] as const) {
        if (result[status].length === 0) continue;
        await connection.query(
          `UPDATE relix_runs SET status = 'failed', reason = ?, finished_at = ? WHERE id IN (?) AND status = ?`,
          [reason, finishedAt, result[status], status],
        );
      }
      // Their runs are failed now: the rows of stale runners have nothing more to say.
      await connection.execute(`DELETE FROM relix_runners WHERE heartbeat_at < ${DB_NOW_MS} - ? AND id <> ?`, [
        this.staleAfterMs,
        this.runnerId,
      ]);
      return result;
    });
    await this.presence?.forget(gone);
    return ended;
  }

  async close(): Promise<void> {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // A clean stop: this runner's runs have all ended, it is no longer anyone's owner to wait for.
    await this.pool.execute("DELETE FROM relix_runners WHERE id = ?", [this.runnerId]).catch(() => undefined);
    await this.presence?.unregister().catch(() => undefined);
    await this.pool.end();
  }

  /** This runner is alive: its row's heartbeat set to the database's now. */
  private async beat(): Promise<void> {
    await this.pool.execute(
      `INSERT INTO relix_runners (id, host, pid, heartbeat_at) VALUES (?, ?, ?, ${DB_NOW_MS})
       ON DUPLICATE KEY UPDATE heartbeat_at = ${DB_NOW_MS}`,
      [this.runnerId, os.hostname().slice(0, 255), process.pid],
    );
  }

  private async insertRun(record: RunRecord, result: RunResult | null): Promise<void> {
    const json = result === null ? null : this.serialize(result);
    await this.transaction(async (connection) => {
      await connection.execute(`INSERT INTO relix_runs (${RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        record.id,
        record.status,
        record.preset,
        JSON.stringify(record.spec),
        record.createdAt,
        record.startedAt,
        record.finishedAt,
        record.reason,
        record.headline === null ? null : JSON.stringify(record.headline),
        record.importedAt,
        record.importedFrom,
        record.owner ?? null,
      ]);
      if (json !== null) {
        await connection.execute("INSERT INTO relix_results (run_id, result) VALUES (?, ?)", [record.id, json]);
      }
    });
  }

  private serialize(result: RunResult): string {
    const json = JSON.stringify(result);
    // The statement carries the document plus a little SQL; leave room for both.
    if (Buffer.byteLength(json) + 16 * 1024 > this.maxPacketBytes) {
      throw new ResultTooLargeError(
        `the result is ${Buffer.byteLength(json)} bytes, more than the database accepts in one statement ` +
          `(max_allowed_packet = ${this.maxPacketBytes}); raise max_allowed_packet on the MySQL server`,
      );
    }
    return json;
  }

  private async transaction<T>(work: (connection: PoolConnection) => Promise<T>): Promise<T> {
    const connection = await this.pool.getConnection();
    try {
      await connection.beginTransaction();
      const value = await work(connection);
      await connection.commit();
      return value;
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
}

/** Adds a column to a table created before it existed (MySQL 8 has no ADD COLUMN IF NOT EXISTS). */
async function addColumnIfMissing(pool: Pool, table: string, column: string, ddl: string): Promise<void> {
  const [columns] = await pool.query<RowDataPacket[]>(
    `SELECT 1 FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = ?`,
    [table, column],
  );
  if (columns.length > 0) return;
  try {
    await pool.query(ddl);
  } catch (error) {
    // Another runner starting at the same moment added it first.
    if ((error as { errno?: number }).errno !== ER_DUP_FIELDNAME) throw error;
  }
}

function recordOf(row: RunRow): RunRecord {
  return {
    id: row.id,
    status: row.status,
    preset: row.preset,
    // Validated when the run was created; not re-validated so that a bound tightened later does
    // not make old runs unreadable.
    spec: jsonColumn(row.spec) as RunSpec,
    createdAt: Number(row.created_at),
    startedAt: nullableNumber(row.started_at),
    finishedAt: nullableNumber(row.finished_at),
    reason: row.reason,
    headline: headlineOrNull(row.headline),
    importedAt: nullableNumber(row.imported_at),
    importedFrom: row.imported_from,
    owner: row.owner,
  };
}

function headlineOrNull(value: unknown): Headline | null {
  if (value === null || value === undefined) return null;
  const parsed = headlineSchema.safeParse(jsonColumn(value));
  return parsed.success ? parsed.data : null;
}

function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** A JSON document column: text on MariaDB and in LONGTEXT, an object if a MySQL 8 JSON column. */
function jsonColumn(value: unknown): unknown {
  if (typeof value === "string") return JSON.parse(value);
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString("utf8"));
  return value;
}
