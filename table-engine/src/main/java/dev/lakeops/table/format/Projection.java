package dev.lakeops.table.format;

import dev.lakeops.table.types.RowType;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/** The column selection a {@link DataFileFormat#createReader} call asks for. */
public final class Projection {

  private Projection() {}

  /**
   * {@code projection} checked against {@code fileType}, or every index when it is null.
   *
   * @throws IllegalArgumentException an index is out of range
   */
  public static int[] orAll(RowType fileType, int @Nullable [] projection) {
    if (projection == null) {
      return IntStream.range(0, fileType.arity()).toArray();
    }
    for (int index : projection) {
      if (index < 0 || index >= fileType.arity()) {
        throw new IllegalArgumentException(
            "Invalid projection index " + index + " for columns " + fileType.fieldNames());
      }
    }
    return projection.clone();
  }

  /** The projected row type. */
  public static RowType project(RowType fileType, int[] projection) {
    return new RowType(
        fileType.nullable(),
        IntStream.of(projection).mapToObj(i -> fileType.fields().get(i)).toList());
  }
}
