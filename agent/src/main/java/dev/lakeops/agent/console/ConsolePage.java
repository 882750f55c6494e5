package dev.lakeops.agent.console;

import io.quarkus.qute.TemplateData;
import org.jspecify.annotations.Nullable;

/**
 * What every console page shows around its content: the words in the chosen language, who is logged
 * in, whether they may approve, and the CSRF token their forms carry.
 *
 * @param m the texts; {@code {m.t('key')}} in a template
 * @param user the logged-in user; null when nobody is
 * @param csrf the session's CSRF token; empty when nobody is logged in
 * @param times instants for people, in the viewer's zone; {@code {#moment it=x times=page.times /}}
 *     in a template
 */
@TemplateData
public record ConsolePage(
    ConsoleTexts m, @Nullable String user, boolean approver, String csrf, ConsoleTimes times) {

  /** A page whose times are shown in UTC, counted from now. */
  public ConsolePage(ConsoleTexts m, @Nullable String user, boolean approver, String csrf) {
    this(m, user, approver, csrf, ConsoleTimes.utc(m, java.time.Instant.now()));
  }

  public boolean loggedIn() {
    return user != null;
  }
}
