package dev.lakeops.eval.cli;

import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.bench.KafkaLagBenchmark;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops kafka bench}: lag for many groups on a fresh sandbox broker, lakeops against
 * {@code kafka-consumer-groups.sh --describe --all-groups}; prints the figures for
 * docs/benchmarks.md.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark: lag of N groups x M partitions on a fresh local broker, against"
            + " kafka-consumer-groups --describe --all-groups.")
final class KafkaBenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--groups",
      defaultValue = "50",
      description = "Consumer groups; default ${DEFAULT-VALUE}")
  int groups;

  @Option(names = "--topics", defaultValue = "10", description = "Topics; default ${DEFAULT-VALUE}")
  int topics;

  @Option(
      names = "--partitions-per-topic",
      defaultValue = "100",
      description =
          "Partitions per topic; default ${DEFAULT-VALUE} (each group commits on every partition)")
  int partitionsPerTopic;

  @Option(
      names = "--records-per-partition",
      defaultValue = "10",
      description = "Records per partition; default ${DEFAULT-VALUE}")
  int recordsPerPartition;

  @Option(
      names = "--runs",
      defaultValue = "5",
      description = "Measured runs of each side; default ${DEFAULT-VALUE}")
  int runs;

  @Option(
      names = "--kafka-port",
      defaultValue = "19192",
      description = "Broker port; default ${DEFAULT-VALUE} (controller: port + 1)")
  int port;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description = "Broker data and outputs (default: .lakeops/bench in the checkout)")
  Path workDir;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Path home = LakeopsHome.path();
    Path dir = (workDir == null ? home.resolve(".lakeops/bench") : workDir).toAbsolutePath();
    KafkaLagBenchmark bench =
        new KafkaLagBenchmark(
            home,
            dir,
            line -> {
              out.println("bench: " + line);
              out.flush();
            });
    KafkaLagBenchmark.Result r =
        bench.run(
            new KafkaLagBenchmark.Setup(
                groups, topics, partitionsPerTopic, recordsPerPartition, runs),
            port,
            port + 1);
    long ours = median(r.lakeopsInProcess());
    long command = median(r.lakeopsCommand());
    long theirs = median(r.consumerGroupCommand());
    out.println();
    out.printf(
        Locale.ROOT,
        "date %s, machine %s, %d cores, Java %s%n",
        LocalDate.now(),
        InetAddress.getLocalHost().getHostName(),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"));
    out.printf(
        Locale.ROOT,
        "%d groups x %d partitions (%d topics x %d), %d records per partition, median of %d runs%n",
        groups,
        topics * partitionsPerTopic,
        topics,
        partitionsPerTopic,
        recordsPerPartition,
        runs);
    out.printf(
        Locale.ROOT,
        "| lakeops probe + analyzer, in process | %d ms | %.2f x kafka-consumer-groups |%n",
        ours,
        ours / (double) theirs);
    out.printf(
        Locale.ROOT,
        "| lakeops kafka lag --samples 1 (own JVM) | %d ms | %.2f x kafka-consumer-groups |%n",
        command,
        command / (double) theirs);
    out.printf(
        Locale.ROOT,
        "| kafka-consumer-groups --describe --all-groups (own JVM) | %d ms | 1.00 |%n",
        theirs);
    out.printf(
        Locale.ROOT,
        "total lag: lakeops %d, kafka-consumer-groups %d (%s); %d findings%n",
        r.lakeopsTotalLag(),
        r.consumerGroupCommandTotalLag(),
        r.lakeopsTotalLag() == r.consumerGroupCommandTotalLag() ? "equal" : "DIFFERENT",
        r.lakeopsFindings());
    out.flush();
    return 0;
  }

  private static long median(List<Long> values) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }
}
