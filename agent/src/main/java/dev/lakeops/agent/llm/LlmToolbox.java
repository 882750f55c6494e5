package dev.lakeops.agent.llm;

import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import dev.lakeops.tools.table.TableLocator;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.service.tool.ToolExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * The tools the model may call: the declared read-only tools of the given tool sets, as {@link
 * ToolSchemas} presents them (the name derived from the declared one, e.g. {@code kafka_lag}), and
 * {@code propose_action}. Each run gets its own executors, bound to the run's {@link RunMeter}.
 */
public final class LlmToolbox {

  private final List<Entry> readOnly;
  private final ProposalPort proposals;
  private final ExecutorService threads;

  /**
   * @param confinedTo the directory its file arguments must stay in; null for tools without files
   * @param warehouse the warehouse its {@code table} argument must name a table in; null for tools
   *     without tables
   */
  private record Entry(
      ToolSpecification spec, ToolFunction<?> tool, Path confinedTo, TableLocator warehouse) {}

  private LlmToolbox(List<Entry> readOnly, ProposalPort proposals, ExecutorService threads) {
    this.readOnly = List.copyOf(readOnly);
    this.proposals = proposals;
    this.threads = threads;
  }

  public static Builder builder(ProposalPort proposals, ExecutorService threads) {
    return new Builder(proposals, threads);
  }

  /** Names of every tool the model sees, {@code propose_action} last. */
  public List<String> toolNames() {
    List<String> names = new ArrayList<>(readOnly.stream().map(e -> e.spec().name()).toList());
    names.add(ProposeActionTool.NAME);
    return names;
  }

  /**
   * The tool map for one run.
   *
   * @param requester who proposals are requested by, e.g. {@code llm:incident 42}
   * @param origin the incident or thread the run serves
   */
  Map<ToolSpecification, ToolExecutor> forRun(RunMeter meter, String requester, String origin) {
    Map<ToolSpecification, ToolExecutor> tools = new LinkedHashMap<>();
    for (Entry e : readOnly) {
      ToolExecutor tool = new DeclaredToolExecutor(e.spec().name(), e.tool());
      if (e.confinedTo() != null) {
        tool = new ConfinedPaths(tool, e.confinedTo());
      }
      if (e.warehouse() != null) {
        tool = new WarehouseTables(tool, e.warehouse());
      }
      tools.put(e.spec(), new GuardedToolExecutor(e.spec().name(), tool, meter, threads));
    }
    tools.put(
        ProposeActionTool.specification(),
        new GuardedToolExecutor(
            ProposeActionTool.NAME,
            new ProposeActionTool(proposals, meter, requester, origin),
            meter,
            threads));
    return tools;
  }

  /** Collects tool sets; their tools must all be read-only. */
  public static final class Builder {

    private final ProposalPort proposals;
    private final ExecutorService threads;
    private final List<Entry> entries = new ArrayList<>();

    private Builder(ProposalPort proposals, ExecutorService threads) {
      this.proposals = proposals;
      this.threads = threads;
    }

    /** Adds every tool of {@code tools} under its own name. */
    public Builder add(ToolSet tools) {
      return add(tools, "", "", null, null);
    }

    /**
     * Adds every tool of {@code tools}, reading files only inside {@code dir}: a {@code path} or
     * {@code paths} argument elsewhere (symbolic links resolved) is refused.
     */
    public Builder addConfined(ToolSet tools, Path dir) {
      new ConfinedPaths((r, m) -> "", dir);
      return add(tools, "", "", dir, null);
    }

    /**
     * Adds every tool of {@code tools}, whose {@code table} argument must be a {@code
     * database.table} name in {@code warehouse}: a table directory elsewhere is refused.
     */
    public Builder addInWarehouse(ToolSet tools, TableLocator warehouse) {
      return add(tools, "", "", null, warehouse);
    }

    /**
     * Adds every tool of {@code tools}, its name suffixed (e.g. {@code _eu} for a second Flink
     * cluster) and its description prefixed, so several instances can coexist.
     */
    public Builder add(ToolSet tools, String nameSuffix, String descriptionPrefix) {
      return add(tools, nameSuffix, descriptionPrefix, null, null);
    }

    private Builder add(
        ToolSet tools,
        String nameSuffix,
        String descriptionPrefix,
        Path confinedTo,
        TableLocator warehouse) {
      for (ToolFunction<?> tool : tools.functions()) {
        ToolSpecification spec =
            ToolSchemas.specification(tool.spec(), nameSuffix, descriptionPrefix);
        String name = spec.name();
        if (name.equals(ProposeActionTool.NAME)
            || entries.stream().anyMatch(e -> e.spec().name().equals(name))) {
          throw new IllegalArgumentException("Duplicate tool name for the model: " + name);
        }
        entries.add(new Entry(spec, tool, confinedTo, warehouse));
      }
      return this;
    }

    public LlmToolbox build() {
      entries.sort(Comparator.comparing(e -> e.spec().name()));
      return new LlmToolbox(entries, proposals, threads);
    }
  }
}
