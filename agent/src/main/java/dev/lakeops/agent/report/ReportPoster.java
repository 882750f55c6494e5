package dev.lakeops.agent.report;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.ImConfig;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentTriaged;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Posts each incident's triage report to {@code lakeops.report.channel} once, on its own thread so
 * that posting never delays or fails a triage, and remembers the thread it started in the database
 * ({@link ReportThreads}). A repeat of the alert joins that thread with a short reply instead of
 * posting again, also after a restart. A failed post is logged once per incident with the
 * platform's error and not retried. Listens to {@link IncidentTriaged} (post the report) and {@link
 * AlertReceived} (a repeat's reply).
 */
@ApplicationScoped
public class ReportPoster {

  private static final Logger LOG = LoggerFactory.getLogger(ReportPoster.class);

  /**
   * Posts waiting beyond this are dropped (logged): a chat outage must not hold the agent's memory.
   */
  private static final int MAX_QUEUED = 1_000;

  private final @Nullable ReportChannel channel;
  private final @Nullable ReportSender sender;
  private final Language language;
  private final String publicUrl;
  private final boolean repeatReplies;
  private final ReportThreads threads;
  private final ThreadPoolExecutor executor;
  private final Map<String, String> failures = new ConcurrentHashMap<>();

  @Inject
  public ReportPoster(
      ReportConfig config,
      ImConfig im,
      ImHttp http,
      ChannelLanguages languages,
      Clock clock,
      ReportThreads threads) {
    this.threads = threads;
    this.publicUrl = config.publicUrl();
    this.repeatReplies = config.repeatReplies();
    this.channel =
        config.channel().filter(c -> !c.isBlank()).map(ReportChannel::parse).orElse(null);
    this.sender =
        channel == null
            ? null
            : ReportSenders.of(channel, im, http, clock, config.webhookSecret().orElse(null));
    this.language =
        config
            .language()
            .filter(l -> !l.isBlank())
            .map(
                l ->
                    Language.find(l)
                        .orElseThrow(
                            () ->
                                new IllegalArgumentException(
                                    "Invalid lakeops.report.language: '"
                                        + l
                                        + "' (expected en or zh-CN)")))
            .orElseGet(
                () ->
                    channel == null
                        ? Language.EN
                        : languages.of(channel.kind().platform(), channel.target()));
    this.executor =
        new ThreadPoolExecutor(
            1,
            1,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(MAX_QUEUED),
            task -> {
              Thread thread = new Thread(task, "lakeops-report");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Builds the poster at start-up, so a bad {@code lakeops.report.*} value stops the agent with its
   * message.
   */
  void validate(@Observes StartupEvent event) {
    if (channel != null) {
      LOG.info(
          "Posting triage reports to {}:{} in {}",
          channel.kind().id(),
          channel.target(),
          language.tag());
    }
  }

  void onTriaged(@Observes IncidentTriaged event) {
    triaged(event.incident());
  }

  void onAlert(@Observes AlertReceived event) {
    if (event.duplicate()) {
      repeated(event.incident());
    }
  }

  public boolean enabled() {
    return sender != null;
  }

  /**
   * Queues the post of {@code incident}'s report, once it is triaged or failed; returns at once.
   * The post is claimed in the database first, so a report is never posted twice, not after a
   * restart nor by another instance on the same database.
   */
  public void triaged(Incident incident) {
    if (sender == null || incident.status() == IncidentStatus.TRIAGING) {
      return;
    }
    queue(
        incident.id(),
        () -> {
          if (!threads.claim(incident.id(), channel.kind().platform().id())) {
            LOG.debug("Report of incident {} was posted before", incident.id());
            return;
          }
          Optional<String> thread =
              sender.post(ReportMessage.render(incident, language, publicUrl));
          thread.ifPresent(t -> threads.remember(incident.id(), t));
        });
  }

  /**
   * Queues a "still firing" reply in the report's thread for a repeat of {@code incident}'s alert.
   */
  public void repeated(Incident incident) {
    if (sender == null
        || !repeatReplies
        || !channel.kind().threaded()
        || incident.alertStatus() != AlertStatus.FIRING) {
      return;
    }
    queue(
        incident.id(),
        () -> {
          // Looked up when it runs: the report's own post, queued earlier on the same thread, has
          // finished by then.
          Optional<String> thread = threads.threadOf(incident.id());
          if (thread.isPresent()) {
            sender.reply(thread.get(), ReportMessage.repeat(incident, language, publicUrl));
          }
        });
  }

  /** The platform's error of the last failed post for {@code incidentId}. */
  public Optional<String> failure(String incidentId) {
    return Optional.ofNullable(failures.get(incidentId));
  }

  private void queue(String incidentId, Runnable post) {
    try {
      executor.execute(
          () -> {
            try {
              post.run();
            } catch (RuntimeException e) {
              String error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
              if (failures.put(incidentId, error) == null) {
                LOG.warn(
                    "Could not post the report of incident {} to {}: {}",
                    incidentId,
                    channel.kind().id(),
                    error);
              } else {
                LOG.debug("Could not post to the thread of incident {}: {}", incidentId, error);
              }
            }
          });
    } catch (RejectedExecutionException e) {
      LOG.warn(
          "Report of incident {} not posted: {}",
          incidentId,
          executor.isShutdown() ? "the agent is stopping" : "too many posts waiting");
    }
  }

  @PreDestroy
  void stop() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
