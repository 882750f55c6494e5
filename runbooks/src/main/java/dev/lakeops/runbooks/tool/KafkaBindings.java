package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaTools;
import java.util.List;

/**
 * Binds the Kafka tools to the cluster profiles the planner may read: {@code cluster} names one of
 * {@code clusters}, never an address; another name is a {@link ToolReport.Status#NO_DATA} report
 * and nothing is probed. The tools' parameters (e.g. {@code kafka.lag}'s {@code samples} and {@code
 * interval}) are as {@link dev.lakeops.tools.kafka.KafkaToolSpecs} declares them.
 */
public final class KafkaBindings {

  private KafkaBindings() {}

  public static List<ToolBinding> of(KafkaTools tools, KafkaClusters clusters) {
    return tools.functions().stream()
        .map(
            f ->
                new ToolBinding(
                    f.spec(),
                    args -> {
                      try {
                        clusters.resolve(args.string("cluster"));
                      } catch (IllegalArgumentException e) {
                        return ToolReports.run(
                            f.name(),
                            args.given(),
                            () -> {
                              throw new ProbeException(
                                  ProbeException.Code.NOT_FOUND,
                                  "lakeops.kafka.clusters",
                                  e.getMessage());
                            });
                      }
                      return f.apply(args);
                    }))
        .toList();
  }
}
