package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakeops.runbooks.action.ActionArgs;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Fingerprint;
import dev.lakeops.runbooks.action.Preview;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * An exact action waiting for approval: the action and its arguments, the state it assumes, what it
 * would do, who asked, until when it may run, and why.
 *
 * @param args only from structured input (a runbook step, CLI {@code --arg}s, a tool call's typed
 *     parameters); never parsed from {@code originText}
 * @param reason why the action is proposed, for the approver
 * @param evidence ids of the findings that support it
 * @param originText the free text the request came with (a chat message, an LLM's words), kept as
 *     data for the approver to read; nothing in it is interpreted
 * @param approvals every decision so far, oldest first
 */
public record Proposal(
    String id,
    ActionKind action,
    SortedMap<String, String> args,
    Fingerprint fingerprint,
    Preview preview,
    String requester,
    Instant created,
    Instant expires,
    String reason,
    List<String> evidence,
    @Nullable String originText,
    ProposalState state,
    List<Approval> approvals) {

  private static final ObjectMapper CANONICAL =
      new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  public Proposal {
    requireNonNull(id, "id");
    requireNonNull(action, "action");
    args = Collections.unmodifiableSortedMap(new TreeMap<>(args));
    requireNonNull(fingerprint, "fingerprint");
    requireNonNull(preview, "preview");
    requireNonNull(requester, "requester");
    requireNonNull(created, "created");
    requireNonNull(expires, "expires");
    reason = reason == null ? "" : reason;
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
    requireNonNull(state, "state");
    approvals = approvals == null ? List.of() : List.copyOf(approvals);
  }

  public ActionArgs actionArgs() {
    return new ActionArgs(action, args);
  }

  /**
   * SHA-256 (hex) of the action name, the arguments and the fingerprint: what an approval binds to.
   * Changing any of them after approval makes every approval of it void.
   */
  public String bindingHash() {
    Map<String, Object> bound = new LinkedHashMap<>();
    bound.put("action", action.actionName());
    bound.put("args", new TreeMap<>(args));
    bound.put("fingerprint", new TreeMap<>(fingerprint.values()));
    try {
      byte[] json = CANONICAL.writeValueAsBytes(bound);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot hash proposal " + id, e);
    }
  }

  public boolean expiredAt(Instant now) {
    return !now.isBefore(expires);
  }

  /** Distinct users whose latest decision is to approve. */
  public Set<String> approvers() {
    Map<String, Decision> latest = new LinkedHashMap<>();
    for (Approval a : approvals) {
      latest.put(a.approver(), a.decision());
    }
    Set<String> out = new LinkedHashSet<>();
    latest.forEach(
        (user, d) -> {
          if (d == Decision.APPROVE) {
            out.add(user);
          }
        });
    return out;
  }

  public Proposal withState(ProposalState value) {
    return new Proposal(
        id,
        action,
        args,
        fingerprint,
        preview,
        requester,
        created,
        expires,
        reason,
        evidence,
        originText,
        value,
        approvals);
  }

  public Proposal withApproval(Approval approval) {
    List<Approval> all = new ArrayList<>(approvals);
    all.add(approval);
    return new Proposal(
        id,
        action,
        args,
        fingerprint,
        preview,
        requester,
        created,
        expires,
        reason,
        evidence,
        originText,
        state,
        all);
  }
}
