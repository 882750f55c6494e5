package dev.lakeops.eval.cli;

import picocli.CommandLine.Command;

/** {@code lakeops bench ...}: benchmarks that need the live sandbox. */
@Command(
    name = "bench",
    description = "Benchmarks on the live sandbox (measurements, not tests).",
    mixinStandardHelpOptions = true,
    subcommands = {TriageBenchCommand.class, FreshnessBenchCommand.class})
final class BenchCommand {}
