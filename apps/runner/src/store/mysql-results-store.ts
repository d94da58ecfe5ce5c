import mysql, { type Pool, type PoolConnection, type ResultSetHeader, type RowDataPacket } from "mysql2/promise";
import { parseRunResult, type RunResult, type RunSpec } from "@relix/core";
import type { RunStatus } from "../engine/run-events";
import { headlineOf, headlineSchema, type Headline } from "./headline";
import {
  INTERRUPTED_QUEUED_REASON,
  INTERRUPTED_RUNNING_REASON,
  ResultTooLargeError,
  RunStateError,
  type EndStatus,
  type InterruptedRuns,
  type NewRun,
  type ResultsStore,
  type RunRecord,
} from "./results-store";

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
];

const RUN_COLUMNS =
  "id, status, preset, spec, created_at, started_at, finished_at, reason, headline, imported_at, imported_from";

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
}

export interface MysqlResultsStoreOptions {
  /** Connections kept by the pool: the runner writes a few rows per run, it needs very few. */
  connectionLimit?: number;
}

/**
 * Runs and results in MySQL: the runner's index and source of truth. A finished result and its
 * run's 'done' status are written in one transaction; a run is only ever moved forward
 * (queued -> running -> done | failed | cancelled), each UPDATE naming the status it leaves.
 */
export class MysqlResultsStore implements ResultsStore {
  readonly description: string;
  private readonly pool: Pool;
  /** The server's max_allowed_packet, read at init: a bigger statement would fail mid-write. */
  private maxPacketBytes = Number.POSITIVE_INFINITY;

  constructor(url: string, options: MysqlResultsStoreOptions = {}) {
    this.pool = mysql.createPool({
      uri: url,
      connectionLimit: options.connectionLimit ?? 4,
      charset: "utf8mb4",
      enableKeepAlive: true,
    });
    const { hostname, port, pathname } = new URL(url);
    this.description = `mysql at ${hostname}:${port || 3306}${pathname}`;
  }

  async init(): Promise<void> {
    for (const statement of RESULTS_TABLES) await this.pool.query(statement);
    const [rows] = await this.pool.query<RowDataPacket[]>("SELECT @@max_allowed_packet AS max_packet");
    const maxPacket = Number(rows[0]?.max_packet);
    if (Number.isFinite(maxPacket) && maxPacket > 0) this.maxPacketBytes = maxPacket;
  }

  async createRun(run: NewRun): Promise<void> {
    await this.pool.execute(
      `INSERT INTO relix_runs (id, status, preset, spec, created_at) VALUES (?, 'queued', ?, ?, ?)`,
      [run.id, run.preset, JSON.stringify(run.spec), run.createdAt],
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
    const json = this.serialize(result);
    await this.transaction(async (connection) => {
      await connection.execute(
        `INSERT INTO relix_runs (${RUN_COLUMNS}) VALUES (?, 'done', ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
        [
          record.id,
          record.preset,
          JSON.stringify(record.spec),
          record.createdAt,
          record.startedAt,
          record.finishedAt,
          JSON.stringify(record.headline),
          record.importedAt,
          record.importedFrom,
        ],
      );
      await connection.execute("INSERT INTO relix_results (run_id, result) VALUES (?, ?)", [record.id, json]);
    });
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

  async markInterruptedRuns(finishedAt: number): Promise<InterruptedRuns> {
    return this.transaction(async (connection) => {
      const [running] = await connection.execute<ResultSetHeader>(
        `UPDATE relix_runs SET status = 'failed', reason = ?, finished_at = ? WHERE status = 'running'`,
        [INTERRUPTED_RUNNING_REASON, finishedAt],
      );
      const [queued] = await connection.execute<ResultSetHeader>(
        `UPDATE relix_runs SET status = 'failed', reason = ?, finished_at = ? WHERE status = 'queued'`,
        [INTERRUPTED_QUEUED_REASON, finishedAt],
      );
      return { running: running.affectedRows, queued: queued.affectedRows };
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
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
