package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import io.quarkus.qute.TemplateInstance;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.ZoneId;
import java.util.Optional;

/** Builds the frame of every page (language, session) and renders pages into responses. */
@ApplicationScoped
public class ConsolePages {

  private final ConsoleSessions sessions;
  private final ProposalService proposals;
  private final io.quarkus.qute.Template message;
  private final Clock clock;

  @Inject
  public ConsolePages(
      ConsoleSessions sessions,
      ProposalService proposals,
      @io.quarkus.qute.Location("console/message") io.quarkus.qute.Template message,
      Clock clock) {
    this.sessions = sessions;
    this.proposals = proposals;
    this.message = message;
    this.clock = clock;
  }

  /**
   * The frame for a request; a missing, forged or expired session is nobody. Times are shown in the
   * zone of {@code ?tz=}, else of the zone cookie (ignored when it names no zone), else UTC.
   *
   * @throws ConsoleParameterException {@code ?tz=} names no time zone
   */
  public ConsolePage page(ConsoleParams params) {
    ConsoleTexts texts =
        ConsoleTexts.of(
            params.lang != null ? params.lang : params.langCookie, params.acceptLanguage);
    Optional<String> user = sessions.user(params.cookie);
    Optional<ZoneId> chosen = ConsoleTimes.zone(params.tz);
    ZoneId zone =
        chosen.orElseGet(() -> ConsoleTimes.zone(params.tzCookie).orElse(ConsoleTimes.UTC));
    ConsolePage page =
        new ConsolePage(
            texts,
            user.orElse(null),
            user.map(u -> proposals.users().isApprover(u)).orElse(false),
            user.map(u -> sessions.csrf(params.cookie)).orElse(""),
            new ConsoleTimes(texts, zone, clock.instant()));
    if (params.tz != null && !params.tz.isEmpty() && chosen.isEmpty()) {
      throw new ConsoleParameterException(page, "tz", params.tz, texts.t("param.allowed.tz"));
    }
    return page;
  }

  /** {@code instance} as an HTML response with {@code status}. */
  public static Response html(int status, TemplateInstance instance) {
    return Response.status(status)
        .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
        .entity(instance.render())
        .build();
  }

  /** A page that only says {@code text} (already in the page's language), with {@code status}. */
  public Response message(ConsolePage page, int status, String title, String text) {
    return html(
        status,
        message.data("page", page).data("title", title).data("text", text).data("status", status));
  }
}
