package dev.lakeops.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

class CliErrorsTest {

  @Test
  void badInputNamesWhatWasGivenAndWhyItDoesNotFit() {
    CommandSpec spec = new CommandLine(CommandSpec.create()).getCommandSpec();
    IllegalArgumentException cause =
        new IllegalArgumentException("'region' is not a partition key");

    ParameterException e = CliErrors.badInput(spec, "--partition region=eu", cause);

    assertThat(e)
        .hasMessage("--partition region=eu: 'region' is not a partition key")
        .hasCause(cause);
    assertThat(e.getCommandLine()).isSameAs(spec.commandLine());
  }

  @Test
  void describesAnExceptionWithoutMessageByItsTypeAndHowToSeeMore() {
    assertThat(CliErrors.describe(new IllegalStateException()))
        .startsWith("IllegalStateException (run with -D");
    assertThat(CliErrors.describe(new IllegalStateException("disk full"))).isEqualTo("disk full");
  }
}
