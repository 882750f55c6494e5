package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeCodes;
import dev.lakeops.tools.change.ChangeToolSpecs;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.table.TableLocator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds the change probe ({@code changes.recent}) as {@link ChangeToolSpecs#RECENT} declares it,
 * over the Flink clusters, Kafka profiles and table locator its {@link ChangeTools} were built
 * with. Where alerts arrive from other systems, bind it {@linkplain #confined confined to the
 * warehouse}; add lakeops' own actions with {@code tools.withFeed(new AuditChangeFeed(log))}.
 */
public final class ChangeBindings {

  private ChangeBindings() {}

  /** Any table the process can read; for the command line, where the operator names the table. */
  public static ToolBinding of(ChangeTools tools) {
    return ToolBinding.of(tools.functions().get(0));
  }

  /**
   * Tables only inside {@code locator}'s warehouse (none without one). A table outside it is not
   * read: the other hops are, and the report says why the table was not ({@code
   * change.unavailable}); a call that names only such a table is an error report.
   */
  public static ToolBinding confined(ChangeTools tools, TableLocator locator) {
    return new ToolBinding(
        ChangeToolSpecs.RECENT,
        args -> {
          Optional<String> table = args.optionalString("table");
          Optional<String> refused = table.flatMap(t -> WarehouseConfinement.refusal(locator, t));
          if (refused.isEmpty()) {
            return tools.recent(args);
          }
          Map<String, String> rest = new LinkedHashMap<>(args.given());
          rest.remove("table");
          if (rest.keySet().stream().noneMatch(k -> List.of("job", "topic", "group").contains(k))) {
            return new ToolReport(
                ToolReport.Status.ERROR,
                ChangeTools.RECENT,
                args.given(),
                List.of(),
                refused.get());
          }
          ToolReport r = tools.recent(ToolArgs.read(ChangeToolSpecs.RECENT, rest));
          if (r.status() != ToolReport.Status.OK) {
            return r;
          }
          List<Finding> findings = new ArrayList<>(r.findings());
          findings.add(
              new Finding(
                  Severity.WARN,
                  ChangeCodes.UNAVAILABLE,
                  "table " + table.get().strip(),
                  refused.get(),
                  Map.of(
                      "hop",
                      "table " + table.get().strip(),
                      "error",
                      "REFUSED",
                      "message",
                      refused.get()),
                  List.of()));
          Map<String, String> params = new LinkedHashMap<>(r.params());
          params.put("table", table.get().strip());
          return new ToolReport(r.status(), r.tool(), params, findings, r.error());
        });
  }
}
