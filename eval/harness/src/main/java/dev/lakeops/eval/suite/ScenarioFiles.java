package dev.lakeops.eval.suite;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Reads scenario files ({@code *.yaml}): the shipped suite from the classpath ({@code
 * scenarios/INDEX} lists it) or a directory of one's own, and expands each into its runs: every
 * alert with the scenario's names, every alert again under each rename, and the first alert with a
 * prompt injection in every text field. Every error names the file and what is wrong in it.
 */
public final class ScenarioFiles {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ScenarioFiles() {}

  /** The scenarios shipped with lakeops, over the simulated world. */
  public static List<Scenario> shipped() {
    return indexed("");
  }

  /** The shipped live scenarios, over the sandbox's Flink scenario jobs. */
  public static List<Scenario> shippedLive() {
    return indexed("live/");
  }

  private static List<Scenario> indexed(String dir) {
    List<Scenario> all = new ArrayList<>();
    for (String name : resource(dir + "INDEX").lines().map(String::strip).toList()) {
      if (!name.isEmpty() && !name.startsWith("#")) {
        all.add(parse(dir + name, resource(dir + name)));
      }
    }
    return all;
  }

  /**
   * The scenarios of every {@code *.yaml} file under {@code dir}, by file name.
   *
   * @throws IllegalArgumentException the directory cannot be read, or a file is not a scenario
   */
  public static List<Scenario> load(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(dir + ": not a directory of scenario files");
    }
    List<Scenario> all = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f :
          files
              .filter(p -> p.getFileName().toString().endsWith(".yaml"))
              .sorted(Comparator.naturalOrder())
              .toList()) {
        all.add(parse(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8)));
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(dir + ": cannot read (" + e.getMessage() + ")", e);
    }
    if (all.isEmpty()) {
      throw new IllegalArgumentException(dir + ": no *.yaml scenario files");
    }
    return all;
  }

  /**
   * One scenario from {@code text}, named {@code file} in errors.
   *
   * @throws IllegalArgumentException the text is not a scenario
   */
  public static Scenario parse(String file, String text) {
    Scenario s;
    try {
      s = YAML.readValue(text, Scenario.class);
    } catch (com.fasterxml.jackson.databind.exc.ValueInstantiationException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new IllegalArgumentException(
          file + ": " + path(e.getPath()) + ": " + cause.getMessage(), e);
    } catch (MismatchedInputException e) {
      throw new IllegalArgumentException(
          file + ": " + path(e.getPath()) + ": " + e.getOriginalMessage().replaceAll("\\s+", " "),
          e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          file + ": not a scenario (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
    }
    if (s == null) {
      throw new IllegalArgumentException(file + ": empty");
    }
    check(file, s.id() != null && !s.id().isBlank(), "id is missing");
    check(file, s.family() != null && !s.family().isBlank(), "family is missing");
    check(file, (s.world() == null) != (s.live() == null), "give either world or live");
    check(file, !s.alerts().isEmpty(), "alerts must list at least one alert");
    check(file, s.truth() != null && s.truth().category() != null, "truth.category is missing");
    for (int i = 0; i < s.alerts().size(); i++) {
      Scenario.AlertSpec a = s.alerts().get(i);
      check(
          file,
          a.labels() != null && !a.labels().isEmpty(),
          "alerts[" + i + "].labels must be a non-empty map");
    }
    return s;
  }

  /** Every run of {@code scenarios}, in order. */
  public static List<ScenarioRun> runs(List<Scenario> scenarios) {
    List<ScenarioRun> runs = new ArrayList<>();
    for (Scenario s : scenarios) {
      for (int i = 0; i < s.alerts().size(); i++) {
        runs.add(new ScenarioRun(s.id() + "#a" + (i + 1), s, s.alerts().get(i), false));
      }
      for (int r = 0; r < s.renames().size(); r++) {
        Scenario renamed = rename(s, s.renames().get(r));
        for (int i = 0; i < renamed.alerts().size(); i++) {
          runs.add(
              new ScenarioRun(
                  s.id() + "#r" + (r + 1) + "a" + (i + 1),
                  renamed,
                  renamed.alerts().get(i),
                  false));
        }
      }
      runs.add(new ScenarioRun(s.id() + "#injected", s, s.alerts().get(0), true));
    }
    return runs;
  }

  /**
   * The runs whose id matches {@code glob} ({@code kafka-*}, {@code *#injected}); all of them for
   * null.
   *
   * @throws IllegalArgumentException the glob matches no run; the message names it
   */
  public static List<ScenarioRun> only(List<ScenarioRun> runs, @Nullable String glob) {
    if (glob == null) {
      return runs;
    }
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    List<ScenarioRun> kept =
        runs.stream().filter(r -> m.matches(Path.of(r.id().replace('/', '_')))).toList();
    if (kept.isEmpty()) {
      throw new IllegalArgumentException("--only " + glob + " matches no run");
    }
    return kept;
  }

  /**
   * {@code s} with every occurrence of each key in its text values (never in field names or label
   * names) replaced by its value, longest first.
   */
  static Scenario rename(Scenario s, Map<String, String> names) {
    List<Map.Entry<String, String>> order = new ArrayList<>(names.entrySet());
    order.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> -e.getKey().length()));
    JsonNode tree = YAML.valueToTree(s);
    JsonNode renamed = renameValues(tree, order);
    try {
      return YAML.treeToValue(renamed, Scenario.class);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          s.id() + ": a rename makes the scenario unreadable (" + e.getMessage() + ")", e);
    }
  }

  private static JsonNode renameValues(JsonNode node, List<Map.Entry<String, String>> order) {
    if (node.isTextual()) {
      String text = node.asText();
      Map<String, String> marks = new LinkedHashMap<>();
      for (int i = 0; i < order.size(); i++) {
        String mark = "\u0001" + i + "\u0001";
        text = text.replace(order.get(i).getKey(), mark);
        marks.put(mark, order.get(i).getValue());
      }
      for (Map.Entry<String, String> m : marks.entrySet()) {
        text = text.replace(m.getKey(), m.getValue());
      }
      return TextNode.valueOf(text);
    }
    if (node.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      node.fields().forEachRemaining(e -> copy.set(e.getKey(), renameValues(e.getValue(), order)));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      node.forEach(n -> copy.add(renameValues(n, order)));
      return copy;
    }
    return node;
  }

  private static void check(String file, boolean ok, String what) {
    if (!ok) {
      throw new IllegalArgumentException(file + ": " + what);
    }
  }

  private static String path(
      List<com.fasterxml.jackson.databind.JsonMappingException.Reference> refs) {
    StringBuilder b = new StringBuilder();
    for (var ref : refs) {
      if (ref.getFieldName() != null) {
        b.append(b.isEmpty() ? "" : ".").append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        b.append('[').append(ref.getIndex()).append(']');
      }
    }
    return b.isEmpty() ? "(top)" : b.toString();
  }

  private static String resource(String name) {
    try (InputStream in = ScenarioFiles.class.getResourceAsStream("/scenarios/" + name)) {
      if (in == null) {
        throw new IllegalStateException("scenarios/" + name + " is not on the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read scenarios/" + name, e);
    }
  }
}
