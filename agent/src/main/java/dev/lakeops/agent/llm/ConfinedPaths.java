package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.spec.ToolArgs;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets a file tool read only inside one directory: every {@code path} argument and every element of
 * a {@code paths} argument (a list, or a comma-separated text) must name an existing file whose
 * real path (symbolic links resolved) lies in the directory; otherwise the call is refused before
 * the tool runs. A relative path is taken relative to the directory.
 */
final class ConfinedPaths implements ToolExecutor {

  private final ToolExecutor delegate;
  private final Path root;

  /**
   * @param root an existing directory
   */
  ConfinedPaths(ToolExecutor delegate, Path root) {
    this.delegate = delegate;
    try {
      this.root = root.toRealPath();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Invalid lakeops.binlog.dir: " + root + " (not an existing directory)", e);
    }
    if (!Files.isDirectory(this.root)) {
      throw new IllegalArgumentException(
          "Invalid lakeops.binlog.dir: " + root + " (not a directory)");
    }
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    JsonNode args = ToolArguments.parse(request).orElse(null);
    if (args == null) {
      return ToolArguments.NOT_AN_OBJECT;
    }
    List<String> paths = new ArrayList<>();
    if (args.hasNonNull("path")) {
      paths.add(args.get("path").asText());
    }
    JsonNode many = args.path("paths");
    if (many.isTextual()) {
      paths.addAll(ToolArgs.items(many.asText())); // how the tool reads a list given as text
    } else {
      many.forEach(p -> paths.add(p.asText()));
    }
    for (String path : paths) {
      String refusal = check(path);
      if (refusal != null) {
        return refusal;
      }
    }
    return delegate.execute(request, memoryId);
  }

  private String check(String path) {
    Path real;
    try {
      real = root.resolve(path).toRealPath();
    } catch (IOException | RuntimeException e) {
      return "NO_DATA: no file '" + ToolArguments.clip(path) + "' in the binlog directory " + root;
    }
    if (!real.startsWith(root) || !Files.isRegularFile(real)) {
      return "REFUSED: '"
          + ToolArguments.clip(path)
          + "' is not a file inside the binlog directory "
          + root
          + " (lakeops.binlog.dir)";
    }
    return null;
  }
}
