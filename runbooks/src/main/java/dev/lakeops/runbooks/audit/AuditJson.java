package dev.lakeops.runbooks.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON-lines form of {@link AuditRecord}s and the hash that chains them: SHA-256 over the
 * previous record's hash, a newline, and the record's canonical JSON (keys sorted at every level,
 * no whitespace) without its {@code hash} field.
 */
final class AuditJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private AuditJson() {}

  /** The line for a record whose hash is not yet known, without {@code hash}. */
  static ObjectNode unhashed(long seq, Instant at, AuditEntry e, String previousHash) {
    ObjectNode n = NODES.objectNode();
    n.put("seq", seq);
    n.put("at", at.toString());
    n.put("event", e.event().name());
    n.put("actor", e.actor());
    n.put("proposalId", e.proposalId());
    n.put("action", e.action());
    n.put("summary", e.summary());
    ArrayNode evidence = n.putArray("evidence");
    e.evidence().forEach(evidence::add);
    n.set("before", map(e.before()));
    n.set("after", map(e.after()));
    n.set("details", map(e.details()));
    n.put("previousHash", previousHash);
    return n;
  }

  private static ObjectNode map(Map<String, String> values) {
    ObjectNode n = NODES.objectNode();
    values.forEach(n::put);
    return n;
  }

  /** The chain hash of {@code record} (its {@code hash} field, if any, left out). */
  static String hash(String previousHash, JsonNode record) {
    ObjectNode copy = ((ObjectNode) record).deepCopy();
    copy.remove("hash");
    String canonical = canonical(copy);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(previousHash.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) '\n');
      return HexFormat.of().formatHex(sha.digest(canonical.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  static String canonical(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot serialize an audit record", e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      TreeMap<String, JsonNode> fields = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        fields.put(f.getKey(), sorted(f.getValue()));
      }
      ObjectNode out = NODES.objectNode();
      fields.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      node.forEach(child -> out.add(sorted(child)));
      return out;
    }
    return node;
  }

  static JsonNode parse(String line) throws JsonProcessingException {
    return MAPPER.readTree(line);
  }

  static AuditRecord toRecord(JsonNode n) {
    AuditEntry entry =
        new AuditEntry(
            AuditEvent.valueOf(n.path("event").asText()),
            n.path("actor").asText(),
            text(n, "proposalId"),
            text(n, "action"),
            n.path("summary").asText(),
            strings(n.path("evidence")),
            new TreeMap<>(strings(n, "before")),
            new TreeMap<>(strings(n, "after")),
            new TreeMap<>(strings(n, "details")));
    return new AuditRecord(
        n.path("seq").asLong(),
        Instant.parse(n.path("at").asText()),
        entry,
        n.path("previousHash").asText(),
        n.path("hash").asText());
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }

  private static Map<String, String> strings(JsonNode n, String field) {
    Map<String, String> out = new TreeMap<>();
    n.path(field).fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }
}
