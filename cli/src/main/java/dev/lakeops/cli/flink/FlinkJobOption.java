package dev.lakeops.cli.flink;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --job}: the one job a command reads, by name or by id. */
final class FlinkJobOption {

  @Option(
      names = "--job",
      required = true,
      paramLabel = "NAME",
      description = "Job name, or its 32-hex-digit job id")
  String job;

  /**
   * The job as given, without surrounding blanks.
   *
   * @throws ParameterException it is blank
   */
  String name(CommandSpec spec) {
    if (job == null || job.isBlank()) {
      throw new ParameterException(spec.commandLine(), "--job: the job name is empty");
    }
    return job.strip();
  }
}
