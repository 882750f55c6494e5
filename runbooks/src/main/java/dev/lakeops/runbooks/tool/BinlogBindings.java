package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogToolSpecs;
import dev.lakeops.tools.binlog.BinlogTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Binds the binlog verifier: {@code binlog.verify(path)}. The path comes from an alert label, so
 * where alerts arrive from other systems bind it {@linkplain #confinedTo confined to one
 * directory}.
 */
public final class BinlogBindings {

  private BinlogBindings() {}

  /** Any path the process can read; for the command line, where the operator names the file. */
  public static List<ToolBinding> of(BinlogTools tools) {
    return List.of(ToolBinding.of(tools.verify()));
  }

  /**
   * Only files inside {@code dir} (a relative path is resolved against it); a path that leaves it,
   * also through a symbolic link, is an error report and nothing is read.
   */
  public static List<ToolBinding> confinedTo(BinlogTools tools, Path dir) {
    Path root = dir.toAbsolutePath().normalize();
    return List.of(
        new ToolBinding(
            BinlogToolSpecs.VERIFY,
            args -> {
              String given = args.string("path");
              Path path;
              try {
                path = root.resolve(given).normalize();
              } catch (InvalidPathException e) {
                return refuse(given, "is not a path");
              }
              if (!path.startsWith(root) || path.equals(root) || escapesByLink(path, root)) {
                return refuse(given, "is outside the binlog directory " + root);
              }
              return tools.verifyFile(path.toString());
            }));
  }

  private static boolean escapesByLink(Path path, Path root) {
    try {
      return Files.exists(path) && !path.toRealPath().startsWith(root.toRealPath());
    } catch (IOException e) {
      return true;
    }
  }

  private static ToolReport refuse(String given, String why) {
    return new ToolReport(
        ToolReport.Status.ERROR,
        BinlogTools.VERIFY,
        Map.of("path", given),
        List.of(),
        "path '" + given + "' " + why);
  }
}
