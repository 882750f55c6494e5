package dev.lakeops.agent.incident;

import dev.lakeops.agent.InvalidInputException;
import java.util.UUID;
import java.util.regex.Pattern;

/** Incident ids: random UUIDs in their canonical lower-case form, also the store's file names. */
public final class IncidentId {

  private static final Pattern CANONICAL =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  private IncidentId() {}

  public static String next() {
    return UUID.randomUUID().toString();
  }

  public static boolean isValid(String id) {
    return id != null && CANONICAL.matcher(id).matches();
  }

  /**
   * Returns {@code id} when it is a well-formed incident id.
   *
   * @throws InvalidInputException naming {@code field} otherwise
   */
  public static String check(String field, String id) {
    if (!isValid(id)) {
      String shown =
          id == null
              ? "nothing"
              : "\"" + (id.length() > 40 ? id.substring(0, 40) + "..." : id) + "\"";
      throw new InvalidInputException(
          field,
          "must be an incident id (a lower-case UUID such as 3f2b8c1e-0d4a-4c6e-9b7a-1e2d3c4b5a69),"
              + " got "
              + shown);
    }
    return id;
  }
}
