package dev.lakeops.agent.scheduler;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.KafkaClusters;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness data for every configured cluster: each Flink cluster's REST API is asked for its jobs
 * now; each Kafka cluster and watched target shows its latest scheduled probe. The check stays UP
 * when a monitored cluster is down: that is exactly when lakeops must keep taking alerts. Its own
 * database has Quarkus' datasource check, which does make lakeops unready.
 */
@Readiness
@ApplicationScoped
public class ClustersHealthCheck implements HealthCheck {

  private final FlinkClusters flink;
  private final KafkaClusters kafka;
  private final Watcher watcher;

  public ClustersHealthCheck(FlinkClusters flink, KafkaClusters kafka, Watcher watcher) {
    this.flink = flink;
    this.kafka = kafka;
    this.watcher = watcher;
  }

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named("lakeops-clusters").up();
    for (String name : flink.names()) {
      ToolReport jobs = flink.find(name).orElseThrow().jobs();
      response.withData(
          "flink." + name,
          jobs.status() == ToolReport.Status.OK
              ? "reachable"
              : "unreachable: " + (jobs.error() == null ? jobs.status().name() : jobs.error()));
    }
    for (String name : kafka.names()) {
      response.withData("kafka." + name, "configured");
    }
    for (Watcher.Observation o : watcher.observations()) {
      response.withData(
          "watch." + o.target().cluster() + "/" + o.target().name(),
          o.status() + " " + o.worst() + " at " + o.at() + ": " + o.summary());
    }
    return response.build();
  }
}
