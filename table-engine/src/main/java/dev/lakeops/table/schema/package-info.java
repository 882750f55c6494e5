/**
 * Table schemas as Paimon stores them ({@code schema/schema-N}): {@link
 * dev.lakeops.table.schema.TableSchema}, its JSON codec, type strings and the table options with
 * Paimon's keys and defaults.
 */
package dev.lakeops.table.schema;
