package dev.lakeops.agent.approval;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.report.ReportConfig;
import dev.lakeops.agent.store.Database;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Wires signed approval links: signed with {@code lakeops.approval.link-secret}, pointing at {@code lakeops.report.public-url}. */
@Dependent
public class ApprovalLinkBeans {

  @Produces
  @Singleton
  ApprovalLinks approvalLinks(LakeopsConfig config, ReportConfig report, Database database, ProposalService proposals,
      Clock clock) {
    ApprovalLinkSigner signer = config.approval().linkSecret().filter(s -> !s.isBlank()).map(ApprovalLinkSigner::new)
        .orElse(null);
    return new ApprovalLinks(signer, new UsedApprovalLinks(database.dataSource()), proposals, report.publicUrl(),
        config.approval().linkTtl(), clock);
  }
}
