package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.ChainVerification;
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
import java.time.Instant;
import java.util.List;

/** The audit log, newest first, and whether its hash chain is intact. */
@Path("/console/audit")
@Produces(MediaType.TEXT_HTML)
public class AuditPage {

  static final int LIMIT = 500;

  /** One audit record as a row. */
  @TemplateData
  public record Row(
      long seq,
      String at,
      String event,
      String actor,
      String proposal,
      String action,
      String summary) {

    static Row of(AuditRecord r) {
      var e = r.entry();
      return new Row(
          r.seq(),
          r.at().toString(),
          e.event().name(),
          e.actor(),
          e.proposalId() == null ? "" : e.proposalId(),
          e.action() == null ? "" : e.action(),
          e.summary());
    }
  }

  /** The chain check, as shown. */
  @TemplateData
  public record Chain(boolean intact, long records, String firstBroken, String problem) {

    static Chain of(ChainVerification v) {
      return new Chain(
          v.intact(),
          v.records(),
          v.firstBroken().isPresent() ? Long.toString(v.firstBroken().getAsLong()) : "",
          v.problem());
    }
  }

  @Inject ProposalService proposals;

  @Inject ConsolePages pages;

  @Inject
  @Location("console/audit")
  Template audit;

  @GET
  public Response show(@BeanParam ConsoleParams params) {
    ConsolePage page = pages.page(params);
    List<AuditRecord> all = proposals.audit(Instant.EPOCH);
    List<Row> rows = new java.util.ArrayList<>();
    for (int i = all.size() - 1; i >= Math.max(0, all.size() - LIMIT); i--) {
      rows.add(Row.of(all.get(i)));
    }
    return ConsolePages.html(
        200,
        audit
            .data("page", page)
            .data("rows", rows)
            .data("chain", Chain.of(proposals.auditLog().verifyChain())));
  }
}
