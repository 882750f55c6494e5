package dev.lakeops.agent.llm;

/** No approval gate is configured, so no proposal can be recorded. */
public final class ProposalsUnavailableException extends RuntimeException {

  public ProposalsUnavailableException(String message) {
    super(message);
  }
}
