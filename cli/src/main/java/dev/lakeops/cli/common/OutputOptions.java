package dev.lakeops.cli.common;

import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --json} and the one way a command prints its answer: the JSON form with {@code --json},
 * else the text form for a person.
 *
 * <p>The help line of {@code --json} says what the JSON holds, so it differs per command; it lives
 * in {@code OptionHelp.properties} under the command's full name ({@code
 * lakeops.actions.list.json}), and is "Print JSON" for a command not listed there.
 */
public final class OutputOptions {

  @Option(names = "--json", descriptionKey = "json", description = "Print JSON")
  boolean json;

  /** Whether {@code --json} was given. */
  public boolean json() {
    return json;
  }

  /**
   * As {@link #print(CommandSpec, Object, Function, Function)}, the JSON being {@link
   * Json#compact}.
   */
  public <T> void print(CommandSpec spec, T value, Function<? super T, String> text) {
    print(spec, value, Json::compact, text);
  }

  /**
   * Prints {@code value} to the command's stdout as {@code json} renders it with {@code --json},
   * else as {@code text} renders it; only the chosen form is rendered. The output ends with a line
   * break, added unless the rendering ends with one, and is flushed.
   */
  public <T> void print(
      CommandSpec spec,
      T value,
      Function<? super T, String> json,
      Function<? super T, String> text) {
    String rendered = this.json ? json.apply(value) : text.apply(value);
    PrintWriter out = spec.commandLine().getOut();
    out.print(rendered.endsWith("\n") ? rendered : rendered + "\n");
    out.flush();
  }
}
