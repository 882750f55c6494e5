package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.TriageReport;
import java.util.List;

/** Draws the pictures of one kind that an incident's triage report has the data for. */
public interface PictureSource {

  /**
   * The pictures {@code report} (with the reports of the other runbooks that ran) has data for, in
   * the language of {@code texts}; empty when it has none. Never throws on what a report holds.
   */
  List<Picture> draw(TriageReport report, PictureTexts texts);
}
