package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.binlog.BinlogTools;
import java.util.List;

/** Binds the binlog verifier: {@code binlog.verify(path)}. */
public final class BinlogBindings {

  private BinlogBindings() {}

  public static List<ToolBinding> of(BinlogTools tools) {
    return List.of(new ToolBinding(ToolCatalog.lakeops().find(BinlogTools.VERIFY).orElseThrow(), args -> tools.verifyFile(args.get("path"))));
  }
}
