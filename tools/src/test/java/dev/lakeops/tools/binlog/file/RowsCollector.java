package dev.lakeops.tools.binlog.file;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A {@link RowsVisitor} that keeps everything the reader reports, for assertions. */
final class RowsCollector implements RowsVisitor {

  final List<BinlogEvent> events = new ArrayList<>();
  final List<RowsEvent> rows = new ArrayList<>();
  final List<RowsFailure> failures = new ArrayList<>();
  final List<Damage> damages = new ArrayList<>();

  static RowsCollector read(Path file) {
    RowsCollector c = new RowsCollector();
    BinlogReader.read(file, c);
    return c;
  }

  @Override
  public void start(String file, long length) {}

  @Override
  public void event(BinlogEvent event) {
    events.add(event);
  }

  @Override
  public void damage(Damage damage) {
    damages.add(damage);
  }

  @Override
  public void end(int checksumAlg) {}

  @Override
  public void rows(RowsEvent event) {
    rows.add(event);
  }

  @Override
  public void rowsFailure(RowsFailure failure) {
    failures.add(failure);
  }
}
