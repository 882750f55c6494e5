package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.maintenance.DeletedFiles;
import dev.lakeops.table.maintenance.FilesPreview;
import dev.lakeops.table.maintenance.PreviewFile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Output of the table commands that change a table (write, tag, rollback, expire, orphans,
 * compact): one JSON object with every figure, or a few lines for a person.
 */
final class TableActionOutput {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  /** Files listed by name in the text form; the JSON form lists all. */
  static final int TEXT_FILE_LIMIT = 20;

  private TableActionOutput() {}

  /**
   * Prints {@code result} as one JSON object (nulls and empty lists included) with --json, else
   * {@code text}.
   */
  static void print(
      CommandSpec spec, OutputOptions output, Map<String, Object> result, String text) {
    output.print(spec, result, TableActionOutput::json, r -> text);
  }

  private static String json(Map<String, Object> result) {
    try {
      return MAPPER.writeValueAsString(result);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot print the result as JSON", e);
    }
  }

  static Map<String, Object> files(FilesPreview files) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", files.count());
    m.put("bytes", files.bytes());
    m.put(
        "files",
        files.files().stream().map(f -> Map.of("path", f.path(), "bytes", f.bytes())).toList());
    return m;
  }

  static Map<String, Object> files(DeletedFiles files) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", files.count());
    m.put("bytes", files.bytes());
    m.put("files", files.files());
    m.put("failed", files.failed());
    return m;
  }

  static String text(FilesPreview files, String verb) {
    StringBuilder s =
        new StringBuilder()
            .append(files.count())
            .append(" files (")
            .append(files.bytes())
            .append(" bytes) ")
            .append(verb)
            .append("\n");
    List<PreviewFile> shown = files.files().subList(0, Math.min(TEXT_FILE_LIMIT, files.count()));
    shown.forEach(
        f -> s.append("  ").append(f.path()).append("  ").append(f.bytes()).append(" bytes\n"));
    if (files.count() > shown.size()) {
      s.append("  ... and ")
          .append(files.count() - shown.size())
          .append(" more (--json lists all)\n");
    }
    return s.toString();
  }

  static String text(DeletedFiles files, String verb) {
    StringBuilder s =
        new StringBuilder()
            .append(files.count())
            .append(" files (")
            .append(files.bytes())
            .append(" bytes) ")
            .append(verb)
            .append("\n");
    files.files().stream()
        .limit(TEXT_FILE_LIMIT)
        .forEach(f -> s.append("  ").append(f).append("\n"));
    if (files.count() > TEXT_FILE_LIMIT) {
      s.append("  ... and ")
          .append(files.count() - TEXT_FILE_LIMIT)
          .append(" more (--json lists all)\n");
    }
    if (!files.failed().isEmpty()) {
      s.append(files.failed().size())
          .append(" files could not be deleted (see the log): ")
          .append(String.join(", ", files.failed()))
          .append("\n");
    }
    return s.toString();
  }
}
