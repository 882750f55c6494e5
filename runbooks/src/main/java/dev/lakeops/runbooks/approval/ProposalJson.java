package dev.lakeops.runbooks.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** The JSON form of a {@link Proposal}, as stored and as {@code --json} prints it. */
public final class ProposalJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ProposalJson() {}

  public static String toJson(Proposal proposal) {
    try {
      return MAPPER.writeValueAsString(proposal);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot serialize proposal " + proposal.id(), e);
    }
  }

  /**
   * @throws IllegalArgumentException the text is not a proposal; the message says where
   */
  public static Proposal fromJson(String json) {
    try {
      return MAPPER.readValue(json, Proposal.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "Invalid proposal JSON at line "
              + e.getLocation().getLineNr()
              + ": "
              + e.getOriginalMessage(),
          e);
    }
  }

  /** Any value as JSON, with this mapper's settings. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot serialize " + value.getClass().getSimpleName(), e);
    }
  }
}
