package dev.lakeops.tools.binlog.file;

/** Receives what {@link BinlogReader} finds, in file order. */
public interface BinlogVisitor {

  /** Called once, before any event. */
  void start(String file, long length);

  /** A valid event. */
  void event(BinlogEvent event);

  /** Damage; the reader continues at {@link Damage#resyncOffset()} when there is one. */
  void damage(Damage damage);

  /**
   * Whether ANNOTATE_ROWS bodies should carry their SQL; a visitor that never reads it says no and
   * the reader skips decoding it.
   */
  default boolean wantsStatementText() {
    return true;
  }

  /** Called once, after the last event or damage. */
  void end(int checksumAlg);
}
