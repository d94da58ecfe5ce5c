// The MySQL schema of the data set. Written for both MariaDB 10.11 and MySQL 8:
// - JSON is a real type in MySQL 8 (mysql2 returns objects) but an alias of LONGTEXT with a
//   json_valid() check in MariaDB (mysql2 returns strings): the store parses either;
// - utf8mb4_unicode_ci exists on both (MySQL 8's default utf8mb4_0900_ai_ci does not on MariaDB);
// - doubles are DOUBLE, so mysql2 returns numbers on both; the price is DECIMAL(10,2) because it is
//   money, and the store converts it (mysql2 returns DECIMAL as a string unless decimalNumbers is set);
// - a meteorite's year is the ISO string itself: DATETIME would need a timezone round trip, and
//   years before 1000 (there are some in the real catalogue) are outside its documented range.

/** Bump when a table's layout changes: seedDatabase then drops and recreates the data tables. */
export const SCHEMA_VERSION = "schema-v2";

const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci";

/** The tables seedDatabase owns and refills; nothing else in the database is touched. */
export const DATA_TABLES = ["items", "shapes", "meteorites"] as const;

export const CREATE_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS items (
    id INT UNSIGNED NOT NULL,
    name VARCHAR(255) NOT NULL,
    price DECIMAL(10,2) NOT NULL,
    tags JSON NOT NULL,
    created_at BIGINT NOT NULL,
    dims JSON NOT NULL,
    weight DOUBLE NOT NULL,
    PRIMARY KEY (id)
  ) ${TABLE_OPTIONS}`,
  // One table for the six shape kinds of study 002: every row is one document.
  `CREATE TABLE IF NOT EXISTS shapes (
    kind VARCHAR(16) NOT NULL,
    id INT UNSIGNED NOT NULL,
    doc JSON NOT NULL,
    PRIMARY KEY (kind, id)
  ) ${TABLE_OPTIONS}`,
  `CREATE TABLE IF NOT EXISTS meteorites (
    id INT UNSIGNED NOT NULL,
    name VARCHAR(255) NOT NULL,
    fall VARCHAR(16) NOT NULL,
    geolocation JSON NULL,
    mass DOUBLE NOT NULL,
    nametype VARCHAR(16) NOT NULL,
    recclass VARCHAR(64) NOT NULL,
    reclat DOUBLE NOT NULL,
    reclong DOUBLE NOT NULL,
    year CHAR(23) NOT NULL,
    PRIMARY KEY (id)
  ) ${TABLE_OPTIONS}`,
];

/** One row: which schema and which data set (version and seed) the tables hold. */
export const CREATE_SEED_TABLE = `CREATE TABLE IF NOT EXISTS relix_seed (
    id TINYINT UNSIGNED NOT NULL,
    schema_version VARCHAR(64) NOT NULL,
    data_version VARCHAR(255) NOT NULL,
    seeded_at BIGINT NOT NULL,
    PRIMARY KEY (id)
  ) ${TABLE_OPTIONS}`;
