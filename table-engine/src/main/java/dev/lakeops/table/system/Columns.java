package dev.lakeops.table.system;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;

/** Builds a system table's row type: columns in order, field ids from 0, as Paimon numbers them. */
final class Columns {

  static final AtomicType BIGINT = AtomicType.of(TypeRoot.BIGINT);
  static final AtomicType INT = AtomicType.of(TypeRoot.INT);
  static final AtomicType STRING = AtomicType.string();

  /** Paimon's system tables show times as TIMESTAMP(3). */
  static final AtomicType TIMESTAMP = AtomicType.timestamp(3);

  private final List<DataField> fields = new ArrayList<>();

  private Columns() {}

  static Columns columns() {
    return new Columns();
  }

  Columns notNull(String name, AtomicType type) {
    fields.add(new DataField(fields.size(), name, type.withNullable(false)));
    return this;
  }

  Columns nullable(String name, AtomicType type) {
    fields.add(new DataField(fields.size(), name, type));
    return this;
  }

  RowType build() {
    return RowType.of(fields);
  }
}
