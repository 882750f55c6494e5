package dev.lakeops.agent.console;

import dev.lakeops.agent.scheduler.Watcher;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.KafkaClusters;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The configured clusters and the latest probe of every watched target. */
@Path("/console/health")
@Produces(MediaType.TEXT_HTML)
public class HealthPage {

  /** One cluster: its name and address. */
  @TemplateData
  public record Cluster(String name, String address, boolean isDefault) {}

  /** One watched target and its latest probe; {@code at} empty before the first round. */
  @TemplateData
  public record Target(
      String kind,
      String cluster,
      String name,
      String at,
      String status,
      String worst,
      String summary) {}

  @Inject Watcher watcher;

  @Inject FlinkClusters flink;

  @Inject KafkaClusters kafka;

  @Inject ConsolePages pages;

  @Inject
  @Location("console/health")
  Template health;

  @GET
  public Response show(@BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    List<Cluster> flinkClusters =
        flink.names().stream()
            .sorted()
            .map(
                n ->
                    new Cluster(
                        n,
                        flink.find(n).map(t -> t.restUrl()).orElse(""),
                        n.equals(flink.defaultName())))
            .toList();
    List<Cluster> kafkaClusters =
        kafka.names().stream()
            .sorted()
            .map(n -> new Cluster(n, kafka.resolve(n).bootstrapServers(), false))
            .toList();
    Map<Object, Watcher.Observation> latest =
        watcher.observations().stream()
            .collect(
                Collectors.toMap(Watcher.Observation::target, Function.identity(), (a, b) -> b));
    List<Target> targets =
        watcher.targets().stream()
            .map(
                t -> {
                  Watcher.Observation o = latest.get(t);
                  return o == null
                      ? new Target(t.kind().name(), t.cluster(), t.name(), "", "", "", "")
                      : new Target(
                          t.kind().name(),
                          t.cluster(),
                          t.name(),
                          o.at().toString(),
                          o.status().name(),
                          o.worst().name(),
                          o.summary());
                })
            .toList();
    return ConsolePages.html(
        200,
        health
            .data("page", page)
            .data("flink", flinkClusters)
            .data("kafka", kafkaClusters)
            .data("targets", targets));
  }
}
