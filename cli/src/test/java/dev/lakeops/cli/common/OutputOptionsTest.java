package dev.lakeops.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

class OutputOptionsTest {

  /**
   * Prints a list of names: JSON by {@link dev.lakeops.tools.Json#compact}, text one name a line.
   */
  @Command(name = "names")
  static final class Names implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin OutputOptions output;
    String textEnd = "";

    @Override
    public Integer call() {
      output.print(spec, List.of("a", "b"), names -> String.join("\n", names) + textEnd);
      return 0;
    }
  }

  /** Renders nothing but the form --json chose: the other renderer fails. */
  @Command(name = "strict")
  static final class Strict implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin OutputOptions output;

    @Override
    public Integer call() {
      output.print(
          spec,
          "value",
          v -> "{\"v\":\"" + v + "\"}",
          v -> {
            throw new AssertionError("text rendered with --json");
          });
      return 0;
    }
  }

  private static String run(Object command, String... args) {
    StringWriter out = new StringWriter();
    int exit = new CommandLine(command).setOut(new PrintWriter(out)).execute(args);
    assertThat(exit).isZero();
    return out.toString();
  }

  @Test
  void printsCompactJsonWithJson() {
    assertThat(run(new Names(), "--json")).isEqualTo("[\"a\",\"b\"]\n");
  }

  @Test
  void printsTheTextFormWithoutJson() {
    assertThat(run(new Names())).isEqualTo("a\nb\n");
  }

  @Test
  void endsTheTextWithOneLineBreakWhetherOrNotItHasOne() {
    Names withBreak = new Names();
    withBreak.textEnd = "\n";

    assertThat(run(withBreak)).isEqualTo("a\nb\n");
  }

  @Test
  void rendersOnlyTheChosenForm() {
    assertThat(run(new Strict(), "--json")).isEqualTo("{\"v\":\"value\"}\n");
  }

  @Test
  void saysWhetherJsonWasGiven() {
    Names json = new Names();
    Names text = new Names();
    run(json, "--json");
    run(text);

    assertThat(json.output.json()).isTrue();
    assertThat(text.output.json()).isFalse();
  }
}
