package dev.lakeops.table.types;

/** The atomic (non-nested) type families of Paimon. */
public enum TypeRoot {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INT,
  BIGINT,
  FLOAT,
  DOUBLE,
  /** precision 1..38, scale 0..precision */
  DECIMAL,
  /** length 1..2147483647 */
  CHAR,
  /** length 1..2147483647; STRING is VARCHAR(2147483647) */
  VARCHAR,
  BINARY,
  /** BYTES is VARBINARY(2147483647) */
  VARBINARY,
  DATE,
  /** precision 0..9 */
  TIME,
  /** precision 0..9 */
  TIMESTAMP,
  /** precision 0..9 */
  TIMESTAMP_LTZ
}
