package dev.lakeops.agent.app;

import dev.lakeops.agent.approval.ApprovalLinkSigner;
import dev.lakeops.agent.approval.ApprovalLinks;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.approval.UsedApprovalLinks;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.report.ReportConfig;
import dev.lakeops.agent.store.Database;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wires signed approval links: signed with {@code lakeops.approval.link-secret}, pointing at {@code
 * lakeops.report.public-url}.
 */
@Dependent
public class ApprovalLinkBeans {

  private static final Logger LOG = LoggerFactory.getLogger(ApprovalLinkBeans.class);

  /**
   * @throws IllegalArgumentException {@code lakeops.approval.link-ttl} is not positive
   */
  @Produces
  @Singleton
  ApprovalLinks approvalLinks(
      LakeopsConfig config,
      ReportConfig report,
      Database database,
      ProposalService proposals,
      Clock clock) {
    if (config.approval().linkTtl().isNegative() || config.approval().linkTtl().isZero()) {
      throw new IllegalArgumentException(
          "lakeops.approval.link-ttl: "
              + config.approval().linkTtl()
              + " must be positive, e.g. 30m");
    }
    ApprovalLinkSigner signer =
        config
            .approval()
            .linkSecret()
            .filter(s -> !s.isBlank())
            .map(ApprovalLinkSigner::new)
            .orElse(null);
    if (signer == null) {
      LOG.info("Approval links are off: lakeops.approval.link-secret is not set");
    } else if (isLoopback(host(report.publicUrl()))) {
      LOG.warn(
          "Approval links point at {}, which people on other hosts cannot open; set"
              + " lakeops.report.public-url",
          report.publicUrl());
    }
    return new ApprovalLinks(
        signer,
        new UsedApprovalLinks(database.dataSource()),
        proposals,
        report.publicUrl(),
        config.approval().linkTtl(),
        clock);
  }

  /**
   * @throws IllegalArgumentException naming {@code lakeops.report.public-url} when it is no http(s)
   *     URL with a host
   */
  private static String host(String url) {
    try {
      URI uri = new URI(url);
      if (uri.getHost() == null
          || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
        throw new IllegalArgumentException(
            "lakeops.report.public-url: '"
                + url
                + "' must be http(s)://host[:port][/path]; "
                + "approval links are built on it");
      }
      return uri.getHost();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "lakeops.report.public-url: '" + url + "' is not a URL: " + e.getReason());
    }
  }

  private static boolean isLoopback(String host) {
    return host.equals("localhost")
        || host.startsWith("127.")
        || host.equals("[::1]")
        || host.equals("::1");
  }
}
