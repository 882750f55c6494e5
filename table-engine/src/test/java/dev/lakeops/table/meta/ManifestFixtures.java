package dev.lakeops.table.meta;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;

/** Manifest records with every field set, for round trips. */
final class ManifestFixtures {

  static final RowType PARTITION = RowType.of(List.of(new DataField(0, "dt", AtomicType.string())));
  static final RowType KEY =
      RowType.of(List.of(new DataField(1, "id", AtomicType.of(TypeRoot.INT))));

  private ManifestFixtures() {}

  static BinaryRow partition(String dt) {
    return BinaryRowCodec.encode(PARTITION, Row.of(dt));
  }

  static BinaryRow key(int id) {
    return BinaryRowCodec.encode(KEY, Row.of(id));
  }

  static DataFileMeta file(String name, int level) {
    return DataFileMeta.builder(name)
        .fileSize(2048)
        .rowCount(10)
        .keyRange(key(1), key(9))
        .keyStats(new SimpleStats(key(1), key(9), List.of(0L)))
        .valueStats(new SimpleStats(key(1), key(9), Arrays.asList(3L, null)))
        .sequenceRange(4, 13)
        .schemaId(1)
        .level(level)
        .creationTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 678_000_000))
        .deleteRowCount(2L)
        .fileSource(FileSource.COMPACT)
        .build();
  }

  static DataFileMeta fileWithEveryOptionalField(String name) {
    return file(name, 5).toBuilder()
        .extraFiles(List.of("extra-1"))
        .embeddedIndex(new byte[] {1, 2, 3})
        .valueStatsCols(List.of("id"))
        .externalPath("s3://bucket/x/" + name)
        .firstRowId(100L)
        .writeCols(List.of("id", "name"))
        .build();
  }

  static ManifestEntry add(String dt, int bucket, DataFileMeta file) {
    return new ManifestEntry(FileKind.ADD, partition(dt), bucket, 2, file);
  }

  static ManifestEntry delete(String dt, int bucket, DataFileMeta file) {
    return new ManifestEntry(FileKind.DELETE, partition(dt), bucket, 2, file);
  }
}
