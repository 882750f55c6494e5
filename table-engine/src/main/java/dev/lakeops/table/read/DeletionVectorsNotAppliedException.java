package dev.lakeops.table.read;

/**
 * A snapshot's data files carry deletion vectors, which this reader does not apply yet: reading
 * it would return rows that Paimon reports deleted, so the scan refuses instead.
 */
public final class DeletionVectorsNotAppliedException extends UnsupportedOperationException {

  private static final long serialVersionUID = 1L;

  public DeletionVectorsNotAppliedException(String message) {
    super(message);
  }
}
