package dev.lakeops.tools.binlog.plan;

import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogVisitor;
import dev.lakeops.tools.binlog.file.Damage;

/** Combines visitors so that one pass over a file feeds several of them. */
public final class BinlogVisitors {

  private BinlogVisitors() {}

  /** A visitor that forwards every call to {@code first}, then to {@code second}. */
  public static BinlogVisitor both(BinlogVisitor first, BinlogVisitor second) {
    return new BinlogVisitor() {
      @Override
      public void start(String file, long length) {
        first.start(file, length);
        second.start(file, length);
      }

      @Override
      public void event(BinlogEvent event) {
        first.event(event);
        second.event(event);
      }

      @Override
      public void damage(Damage damage) {
        first.damage(damage);
        second.damage(damage);
      }

      @Override
      public void end(int checksumAlg) {
        first.end(checksumAlg);
        second.end(checksumAlg);
      }
    };
  }
}
