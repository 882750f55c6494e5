package dev.lakeops.agent.console;

import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.runbooks.Category;
import io.quarkus.qute.TemplateData;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The filters and page of the incidents list, from its query parameters; every filter may be empty
 * (any).
 *
 * @param status {@code TRIAGING}, {@code TRIAGED}, {@code FAILED}, {@code RESOLVED}, or empty
 * @param verdict a verdict category, or empty
 * @param kind {@code job}, {@code group}, {@code table}, {@code binlog}, or empty
 * @param entity text the entity's name contains (ignoring case), or empty
 * @param page the page, from 1
 */
@TemplateData
public record IncidentQuery(String status, String verdict, String kind, String entity, int page) {

  /** Incidents on one page. */
  public static final int PAGE_SIZE = 50;

  /** The highest page asked for that is accepted. */
  public static final int MAX_PAGE = 1_000_000;

  /** The longest entity text accepted. */
  public static final int MAX_ENTITY = 200;

  /**
   * The query of {@code /console?status=&verdict=&kind=&entity=&page=}; a missing or empty
   * parameter is any (page 1). Case does not matter for status, verdict and kind.
   *
   * @throws ConsoleParameterException a parameter has a value that is not allowed; the message
   *     names it and what is allowed, in the page's language
   */
  public static IncidentQuery parse(
      ConsolePage page,
      @Nullable String status,
      @Nullable String verdict,
      @Nullable String kind,
      @Nullable String entity,
      @Nullable String pageNumber) {
    ConsoleTexts m = page.m();
    String s = oneOf(page, "status", status, STATUSES);
    String v = oneOf(page, "verdict", verdict, VERDICTS);
    String k = oneOf(page, "kind", kind, KINDS);
    String e = entity == null ? "" : entity.strip();
    if (e.length() > MAX_ENTITY) {
      throw new ConsoleParameterException(
          page, "entity", e, m.f("param.allowed.entity", MAX_ENTITY));
    }
    int n = 1;
    if (pageNumber != null && !pageNumber.isEmpty()) {
      String allowed = m.f("param.allowed.page", MAX_PAGE);
      if (!pageNumber.matches("[0-9]{1,7}")) {
        throw new ConsoleParameterException(page, "page", pageNumber, allowed);
      }
      n = Integer.parseInt(pageNumber);
      if (n < 1 || n > MAX_PAGE) {
        throw new ConsoleParameterException(page, "page", pageNumber, allowed);
      }
    }
    return new IncidentQuery(s, v, k, e, n);
  }

  private static String oneOf(
      ConsolePage page, String name, @Nullable String value, List<String> allowed) {
    if (value == null || value.isBlank()) {
      return "";
    }
    for (String a : allowed) {
      if (a.equalsIgnoreCase(value.strip())) {
        return a;
      }
    }
    throw new ConsoleParameterException(
        page, name, value, page.m().f("param.allowed.oneOf", String.join(", ", allowed)));
  }

  private static final List<String> STATUSES =
      Arrays.stream(IncidentStatus.values()).map(Enum::name).toList();
  private static final List<String> VERDICTS =
      Arrays.stream(Category.values()).map(Enum::name).toList();
  private static final List<String> KINDS =
      Arrays.stream(IncidentEntity.Kind.values()).map(IncidentEntity.Kind::key).toList();

  /** Every status, as the filter offers them. */
  public List<String> statuses() {
    return STATUSES;
  }

  /** Every verdict category. */
  public List<String> verdicts() {
    return VERDICTS;
  }

  /** Every entity kind, lower case. */
  public List<String> kinds() {
    return KINDS;
  }

  /** The status filter, or empty for any. */
  public Optional<IncidentStatus> statusFilter() {
    return status.isEmpty() ? Optional.empty() : Optional.of(IncidentStatus.valueOf(status));
  }

  /** Whether a filter the store cannot apply is set: verdict, kind or entity. */
  public boolean filtersRows() {
    return !verdict.isEmpty() || !kind.isEmpty() || !entity.isEmpty();
  }

  /** Whether any filter is set. */
  public boolean filtered() {
    return !status.isEmpty() || filtersRows();
  }

  /** Whether {@code row} passes the verdict, kind and entity filters. */
  public boolean matches(IncidentRow row) {
    return (verdict.isEmpty() || verdict.equals(row.category()))
        && (kind.isEmpty() || kind.equals(row.kind()))
        && (entity.isEmpty()
            || row.name().toLowerCase(Locale.ROOT).contains(entity.toLowerCase(Locale.ROOT)));
  }

  /** How many incidents come before this page. */
  public long offset() {
    return (long) (page - 1) * PAGE_SIZE;
  }

  /** The query string of the previous page, with the same filters. */
  public String previousQuery() {
    return query(Math.max(1, page - 1));
  }

  /** The query string of the next page, with the same filters. */
  public String nextQuery() {
    return query(page + 1);
  }

  /** The query string of page {@code n}, with the same filters (empty ones left out). */
  String query(int n) {
    Map<String, String> q = new LinkedHashMap<>();
    q.put("status", status);
    q.put("verdict", verdict);
    q.put("kind", kind);
    q.put("entity", entity);
    q.put("page", n == 1 ? "" : Integer.toString(n));
    return q.entrySet().stream()
        .filter(e -> !e.getValue().isEmpty())
        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }
}
