/**
 * The {@code aggregation} merge engine ({@code paimon-format.md} §15.1; source: Paimon's {@code
 * mergetree.compact.aggregate}): {@link dev.lakeops.table.lsm.aggregate.AggregateMerge} folds the
 * records of one key field by field, each field with the {@link
 * dev.lakeops.table.lsm.aggregate.FieldAggregator} that {@code fields.<f>.aggregate-function} names
 * ({@link dev.lakeops.table.lsm.aggregate.AggregateFunctions}).
 */
package dev.lakeops.table.lsm.aggregate;
