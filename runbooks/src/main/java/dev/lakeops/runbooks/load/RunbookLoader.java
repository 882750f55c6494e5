package dev.lakeops.runbooks.load;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.tool.ToolCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads runbook files (YAML) into validated {@link RunbookGraph}s. Loading is where every rule is
 * checked: a graph that loads is safe to run.
 */
public final class RunbookLoader {

  /**
   * Where the shipped runbooks are on the classpath, and the index that names them (one file a
   * line).
   */
  public static final String SHIPPED_DIR = "runbooks/";

  public static final String SHIPPED_INDEX = SHIPPED_DIR + "INDEX";

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private final ToolCatalog catalog;

  public RunbookLoader(ToolCatalog catalog) {
    this.catalog = catalog;
  }

  /** A loader that knows every tool lakeops provides. */
  public static RunbookLoader lakeops() {
    return new RunbookLoader(ToolCatalog.lakeops());
  }

  /**
   * Parses and validates one runbook.
   *
   * @param source the file name, for messages
   * @throws RunbookException with every problem found: bad YAML (line and column), structure, graph
   *     rules
   */
  public RunbookGraph load(String source, String yaml) {
    JsonNode root;
    try {
      rejectAliases(source, yaml);
      root = YAML.readTree(yaml);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      int line = at == null ? 0 : at.getLineNr();
      int column = at == null ? 0 : at.getColumnNr();
      throw new RunbookException(
          List.of(
              new Problem(
                  source, null, line, column, "not valid YAML: " + e.getOriginalMessage())));
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to parse runbook " + source, e);
    }
    if (root == null || root.isMissingNode()) {
      throw new RunbookException(List.of(Problem.at(source, null, "the file is empty")));
    }
    RunbookParser parser = new RunbookParser(source);
    RunbookGraph graph = parser.parse(root);
    if (graph == null) {
      throw new RunbookException(parser.problems());
    }
    List<Problem> problems = new RunbookValidator(catalog).validate(graph);
    if (!problems.isEmpty()) {
      throw new RunbookException(problems);
    }
    return graph;
  }

  /**
   * YAML aliases ({@code *name}) are refused: the tree reader would read them as plain text, and a
   * runbook should say what it means where it means it.
   */
  private static void rejectAliases(String source, String yaml) throws java.io.IOException {
    try (com.fasterxml.jackson.dataformat.yaml.YAMLParser p =
        (com.fasterxml.jackson.dataformat.yaml.YAMLParser) YAML.getFactory().createParser(yaml)) {
      while (p.nextToken() != null) {
        if (p.isCurrentAlias()) {
          JsonLocation at = p.currentTokenLocation();
          throw new RunbookException(
              List.of(
                  new Problem(
                      source,
                      null,
                      at.getLineNr(),
                      at.getColumnNr(),
                      "YAML aliases (*"
                          + p.getText()
                          + ") are not supported in runbooks: write the value out")));
        }
      }
    }
  }

  /**
   * Loads a runbook file.
   *
   * @throws RunbookException the file is not a valid runbook
   * @throws UncheckedIOException it cannot be read
   */
  public RunbookGraph load(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read runbook " + file, e);
    }
    return load(file.toString(), text);
  }

  /** Names of the runbook files shipped with lakeops, in index order. */
  public static List<String> shippedFiles() {
    String index = resource(SHIPPED_INDEX);
    List<String> files = new ArrayList<>();
    for (String line : index.split("\n")) {
      String name = line.strip();
      if (!name.isEmpty() && !name.startsWith("#")) {
        files.add(name);
      }
    }
    return files;
  }

  /** The text of a shipped runbook file. */
  public static String shippedText(String file) {
    return resource(SHIPPED_DIR + file);
  }

  /**
   * Loads every shipped runbook.
   *
   * @throws RunbookException with the problems of every file that does not load
   */
  public List<RunbookGraph> loadShipped() {
    List<RunbookGraph> graphs = new ArrayList<>();
    List<Problem> problems = new ArrayList<>();
    for (String file : shippedFiles()) {
      try {
        graphs.add(load(file, shippedText(file)));
      } catch (RunbookException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new RunbookException(problems);
    }
    return graphs;
  }

  private static String resource(String path) {
    try (InputStream in = RunbookLoader.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("Missing resource " + path + " on the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read resource " + path, e);
    }
  }
}
