package dev.lakeops.table.read;

/**
 * Formerly thrown when a snapshot's data files carried deletion vectors, before the reader applied
 * them. The reader now skips the rows the vectors mark, so nothing throws this any more; a vector
 * that does not decode raises {@link dev.lakeops.table.deletion.CorruptDeletionVectorException}.
 *
 * @deprecated deletion vectors are applied on read; kept so that existing catch clauses compile
 */
@Deprecated(forRemoval = true)
public final class DeletionVectorsNotAppliedException extends UnsupportedOperationException {

  private static final long serialVersionUID = 1L;

  public DeletionVectorsNotAppliedException(String message) {
    super(message);
  }
}
