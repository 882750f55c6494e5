package dev.lakeops.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code ./lakeops} commands in this JVM, as {@link LakeopsCli#commandLine()} configures them,
 * and keeps what the last run printed on stdout and stderr.
 */
public final class CliRun {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final List<String> trailingArgs;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  public CliRun() {
    this(List.of());
  }

  private CliRun(List<String> trailingArgs) {
    this.trailingArgs = List.copyOf(trailingArgs);
  }

  /** A runner that appends {@code args} to every command line, e.g. {@code --state-dir DIR}. */
  public static CliRun withTrailingArgs(String... args) {
    return new CliRun(List.of(args));
  }

  /**
   * Runs one command line and returns its exit code; {@link #out()} and {@link #err()} then hold
   * its output.
   */
  public int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(trailingArgs);
    return LakeopsCli.commandLine()
        .setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err))
        .execute(all.toArray(String[]::new));
  }

  /** As {@link #run}, with {@code stdin} as the command's standard input. */
  public int runWithStdin(String stdin, String... args) {
    InputStream saved = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      return run(args);
    } finally {
      System.setIn(saved);
    }
  }

  /** What the last run printed on stdout. */
  public String out() {
    return out.toString();
  }

  /** What the last run printed on stderr. */
  public String err() {
    return err.toString();
  }

  /** The last run's stdout read as JSON. */
  public JsonNode json() throws IOException {
    return MAPPER.readTree(out());
  }

  /** The codes of the findings of the tool report the last run printed as JSON, in order. */
  public List<String> findingCodes() throws IOException {
    List<String> codes = new ArrayList<>();
    json().get("findings").forEach(f -> codes.add(f.get("code").asText()));
    return codes;
  }
}
