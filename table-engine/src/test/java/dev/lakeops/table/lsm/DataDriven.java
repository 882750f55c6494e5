package dev.lakeops.table.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Replays a Pebble-style {@code testdata} file: blocks of
 *
 * <pre>
 * command arg=value ...
 * input lines
 * ----
 * expected output
 * (blank line)
 * </pre>
 *
 * Lines starting with {@code #} between blocks are comments. Each block's actual output must equal
 * the expected one; with {@code -Drewrite=true} the file under {@code src/test/resources} is
 * rewritten with the actual output instead.
 */
final class DataDriven {

  /**
   * One block: the command word, its {@code key=value} arguments, flags without value, and input
   * lines.
   */
  record Case(String command, Map<String, String> args, List<String> input, int line) {
    int intArg(String key, int defaultValue) {
      String v = args.get(key);
      return v == null ? defaultValue : Integer.parseInt(v);
    }

    boolean flag(String key) {
      return args.containsKey(key);
    }
  }

  private DataDriven() {}

  static void run(String resource, Function<Case, String> handler) {
    Path file = Path.of("src/test/resources").resolve(resource);
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StringBuilder rewritten = new StringBuilder();
    List<String> failures = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        rewritten.append(line).append('\n');
        i++;
        continue;
      }
      int start = i;
      String[] words = line.trim().split("\\s+");
      Map<String, String> args = new LinkedHashMap<>();
      for (int w = 1; w < words.length; w++) {
        int eq = words[w].indexOf('=');
        args.put(
            eq < 0 ? words[w] : words[w].substring(0, eq),
            eq < 0 ? "" : words[w].substring(eq + 1));
      }
      rewritten.append(line).append('\n');
      i++;
      List<String> input = new ArrayList<>();
      while (i < lines.size() && !lines.get(i).equals("----")) {
        input.add(lines.get(i));
        rewritten.append(lines.get(i)).append('\n');
        i++;
      }
      i++; // ----
      List<String> expected = new ArrayList<>();
      while (i < lines.size() && !lines.get(i).isBlank()) {
        expected.add(lines.get(i));
        i++;
      }
      String actual;
      try {
        actual = handler.apply(new Case(words[0], args, input, start + 1)).strip();
      } catch (RuntimeException e) {
        actual = "error: " + e.getMessage();
      }
      rewritten.append("----\n").append(actual).append('\n');
      if (!actual.equals(String.join("\n", expected).strip())) {
        failures.add(
            resource
                + ":"
                + (start + 1)
                + " "
                + line
                + "\nexpected:\n"
                + String.join("\n", expected)
                + "\nactual:\n"
                + actual);
      }
    }
    if (Boolean.getBoolean("rewrite")) {
      try {
        Files.writeString(file, rewritten.toString(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return;
    }
    assertThat(failures).as("data-driven cases in %s", resource).isEmpty();
  }
}
