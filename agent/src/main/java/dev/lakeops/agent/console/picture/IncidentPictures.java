package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.TriageReport;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pictures of an incident's page: each {@link PictureSource} draws what the triage report has
 * data for. A source that fails is left out and logged; the page still shows its text.
 */
public final class IncidentPictures {

  private static final Logger LOG = LoggerFactory.getLogger(IncidentPictures.class);

  /** Every source, in the order the page shows their pictures. */
  static final List<PictureSource> SOURCES =
      List.of(
          new FlinkGraphPicture(),
          new FlinkCheckpointPicture(),
          new FlinkRestartPicture(),
          new KafkaLagPicture(),
          new SnapshotTimelinePictures(),
          new BucketPictures(),
          new BinlogStripPictures());

  private IncidentPictures() {}

  /** The pictures for {@code report}; empty before a triage finished ({@code report} null). */
  public static List<Picture> of(TriageReport report, PictureTexts texts) {
    return of(report, texts, SOURCES);
  }

  static List<Picture> of(TriageReport report, PictureTexts texts, List<PictureSource> sources) {
    if (report == null) {
      return List.of();
    }
    List<Picture> pictures = new ArrayList<>();
    for (PictureSource s : sources) {
      try {
        pictures.addAll(s.draw(report, texts));
      } catch (RuntimeException e) {
        LOG.warn(
            "picture {} for runbook {} left out: {}",
            s.getClass().getSimpleName(),
            report.runbook(),
            e.toString());
      }
    }
    return pictures;
  }
}
