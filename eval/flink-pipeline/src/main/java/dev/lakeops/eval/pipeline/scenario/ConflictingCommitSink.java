package dev.lakeops.eval.pipeline.scenario;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A stand-in for a lake table committer that loses a commit race: after a number of records each
 * writer fails with the message Apache Paimon uses when a file it meant to delete was compacted
 * away by another job, which makes a streaming job fail over and, with two writers, keep
 * restarting.
 */
final class ConflictingCommitSink implements Sink<Long> {

  private static final long serialVersionUID = 1L;
  static final String MESSAGE = "File deletion conflicts detected! Give up committing.";

  private final long recordsBeforeFailure;

  ConflictingCommitSink(long recordsBeforeFailure) {
    this.recordsBeforeFailure = recordsBeforeFailure;
  }

  @Override
  public SinkWriter<Long> createWriter(WriterInitContext context) {
    return new SinkWriter<>() {
      private long written;

      @Override
      public void write(Long element, Context ctx) {
        if (++written >= recordsBeforeFailure) {
          throw new IllegalStateException(MESSAGE);
        }
      }

      @Override
      public void flush(boolean endOfInput) {
        // Nothing is buffered.
      }

      @Override
      public void close() {
        // Nothing to release.
      }
    };
  }
}
