package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Text with {@code ${...}} references, parsed when the runbook loads. A reference is one of:
 *
 * <pre>
 * ${labels.NAME}  ${annotations.NAME}  ${inputs.NAME}
 * ${OUTPUT.status}  ${OUTPUT.error}  ${OUTPUT.tool}  ${OUTPUT.param.NAME}
 * ${OUTPUT[CODE-PATTERN].evidence.KEY}  ${OUTPUT[CODE-PATTERN].summary|subject|code|severity|id}
 * </pre>
 *
 * where {@code CODE-PATTERN} may end in {@code >=SEVERITY}. Values are only substituted as text: a
 * template never becomes a command, a query or another template.
 */
public record Template(String raw, List<Ref> refs) {

  private static final Pattern REF = Pattern.compile("\\$\\{([^}]*)}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
  private static final Pattern OUTPUT = Pattern.compile("[a-z][a-z0-9_-]*");

  /** Scopes that are not output names. */
  public static final Set<String> RESERVED = Set.of("labels", "annotations", "inputs");

  public Template {
    requireNonNull(raw, "raw");
    refs = List.copyOf(refs);
  }

  /**
   * A reference inside a template.
   *
   * @param source {@code labels}, {@code annotations}, {@code inputs} or an output name
   * @param selector which finding of the output, or null for the report itself
   * @param field what to read: a label/input name, {@code status}, {@code param.X}, {@code
   *     evidence.X}, {@code summary} ...
   */
  public record Ref(String source, @Nullable FindingSelector selector, String field) {

    public boolean readsOutput() {
      return !RESERVED.contains(source);
    }

    Optional<String> resolve(RunContext ctx, FindingIds ids) {
      switch (source) {
        case "labels":
          return ctx.alert().label(field);
        case "annotations":
          return Optional.ofNullable(ctx.alert().annotations().get(field))
              .filter(v -> !v.isBlank());
        case "inputs":
          return ctx.input(field);
        default:
          break;
      }
      Optional<ToolReport> report = ctx.output(source);
      if (report.isEmpty()) {
        return Optional.empty();
      }
      ToolReport r = report.get();
      if (selector == null) {
        if (field.equals("status")) {
          return Optional.of(r.status().name());
        }
        if (field.equals("error")) {
          return Optional.ofNullable(r.error());
        }
        if (field.equals("tool")) {
          return Optional.of(r.tool());
        }
        return Optional.ofNullable(r.params().get(field.substring("param.".length())))
            .filter(v -> !v.isBlank());
      }
      Optional<Finding> finding = selector.first(r);
      if (finding.isEmpty()) {
        return Optional.empty();
      }
      Finding f = finding.get();
      if (field.startsWith("evidence.")) {
        return Optional.ofNullable(f.evidence().get(field.substring("evidence.".length())));
      }
      return switch (field) {
        case "summary" -> Optional.of(f.summary());
        case "subject" -> Optional.of(f.subject());
        case "code" -> Optional.of(f.code());
        case "severity" -> Optional.of(f.severity().name());
        case "id" -> ids.idOf(f);
        default -> Optional.empty();
      };
    }
  }

  /** Finding ids of the current run, for {@code [..].id} references. */
  public interface FindingIds {
    Optional<String> idOf(Finding finding);

    FindingIds NONE = f -> Optional.empty();
  }

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException a reference is malformed; the message quotes it
   */
  public static Template parse(String text) {
    List<Ref> refs = new ArrayList<>();
    Matcher m = REF.matcher(text);
    while (m.find()) {
      refs.add(ref(m.group(1).strip(), m.group()));
    }
    String rest = REF.matcher(text).replaceAll("");
    if (rest.contains("${")) {
      throw new IllegalArgumentException("Unclosed reference in '" + text + "'");
    }
    return new Template(text, refs);
  }

  public static Template literal(String text) {
    return new Template(text.replace("${", "$ {"), List.of());
  }

  private static Ref ref(String body, String whole) {
    int dot = body.indexOf('.');
    int bracket = body.indexOf('[');
    if (bracket > 0 && (dot < 0 || bracket < dot)) {
      String source = body.substring(0, bracket);
      int close = body.indexOf(']', bracket);
      if (close < 0 || close + 1 >= body.length() || body.charAt(close + 1) != '.') {
        throw new IllegalArgumentException(
            "Malformed reference " + whole + ": expected OUTPUT[CODE-PATTERN].FIELD");
      }
      requireOutputName(source, whole);
      FindingSelector selector;
      try {
        selector = FindingSelector.parse(body.substring(bracket + 1, close));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("Malformed reference " + whole + ": " + e.getMessage());
      }
      String field = body.substring(close + 2);
      boolean known =
          List.of("summary", "subject", "code", "severity", "id").contains(field)
              || (field.startsWith("evidence.") && field.length() > "evidence.".length());
      if (!known) {
        throw new IllegalArgumentException(
            "Malformed reference "
                + whole
                + ": a finding has evidence.KEY, summary, subject, code, severity, id");
      }
      return new Ref(source, selector, field);
    }
    if (dot <= 0 || dot == body.length() - 1) {
      throw new IllegalArgumentException(
          "Malformed reference "
              + whole
              + ": expected labels.NAME, inputs.NAME, OUTPUT.status or OUTPUT[CODE].FIELD");
    }
    String source = body.substring(0, dot);
    String field = body.substring(dot + 1);
    if (RESERVED.contains(source)) {
      if (!NAME.matcher(field).matches()) {
        throw new IllegalArgumentException(
            "Malformed reference " + whole + ": '" + field + "' is not a name");
      }
      return new Ref(source, null, field);
    }
    requireOutputName(source, whole);
    boolean known =
        List.of("status", "error", "tool").contains(field)
            || (field.startsWith("param.") && field.length() > "param.".length());
    if (!known) {
      throw new IllegalArgumentException(
          "Malformed reference "
              + whole
              + ": an output has status, error, tool, param.NAME or [CODE].FIELD");
    }
    return new Ref(source, null, field);
  }

  private static void requireOutputName(String source, String whole) {
    if (!OUTPUT.matcher(source).matches()) {
      throw new IllegalArgumentException(
          "Malformed reference " + whole + ": '" + source + "' is not an output name");
    }
  }

  /** The text with every reference resolved; empty when any reference has no value. */
  public Optional<String> render(RunContext ctx) {
    return render(ctx, FindingIds.NONE);
  }

  public Optional<String> render(RunContext ctx, FindingIds ids) {
    StringBuilder out = new StringBuilder();
    Matcher m = REF.matcher(raw);
    int i = 0;
    int last = 0;
    while (m.find()) {
      Optional<String> value = refs.get(i++).resolve(ctx, ids);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      out.append(raw, last, m.start()).append(value.get());
      last = m.end();
    }
    out.append(raw.substring(last));
    return Optional.of(out.toString());
  }

  /** The text with references that have no value left out. */
  public String renderLenient(RunContext ctx, FindingIds ids) {
    StringBuilder out = new StringBuilder();
    Matcher m = REF.matcher(raw);
    int i = 0;
    int last = 0;
    while (m.find()) {
      out.append(raw, last, m.start()).append(refs.get(i++).resolve(ctx, ids).orElse(""));
      last = m.end();
    }
    out.append(raw.substring(last));
    return out.toString();
  }

  /** Output names the templates read. */
  public static List<String> outputsOf(Collection<Template> templates) {
    Set<String> names = new LinkedHashSet<>();
    templates.forEach(
        t -> t.refs().stream().filter(Ref::readsOutput).forEach(r -> names.add(r.source())));
    return List.copyOf(names);
  }

  /** Input names the templates read. */
  public static List<String> inputsOf(Collection<Template> templates) {
    Set<String> names = new LinkedHashSet<>();
    templates.forEach(
        t ->
            t.refs().stream()
                .filter(r -> r.source().equals("inputs"))
                .forEach(r -> names.add(r.field())));
    return List.copyOf(names);
  }

  @Override
  public String toString() {
    return raw;
  }
}
