package dev.lakeops.eval.pipeline;

import java.nio.file.Path;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A stand-in for a lake table writer whose speed is set at run time through a control file.
 *
 * <p>Each record costs the delay read by {@link SinkDelayControl}; nothing is stored. With a delay
 * of {@code d} µs, one writer handles at most {@code 1_000_000 / d} records per second.
 */
final class ThrottledLakeSink implements Sink<String> {

  private static final long serialVersionUID = 1L;

  // A String, not a Path: the sink is serialized into the job graph.
  private final String controlFile;

  ThrottledLakeSink(Path controlFile) {
    this.controlFile = controlFile.toAbsolutePath().toString();
  }

  @Override
  public SinkWriter<String> createWriter(WriterInitContext context) {
    return new ThrottledLakeWriter(new SinkDelayControl(Path.of(controlFile)));
  }
}
