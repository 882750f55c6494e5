package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read-only tools a planner may call, by name. It holds only {@link ToolBinding}s, which read:
 * there is no way to register an action here, so a planner built on a registry cannot write.
 */
public final class ToolRegistry {

  private static final Logger LOG = LoggerFactory.getLogger(ToolRegistry.class);

  private final Map<String, ToolBinding> byName = new LinkedHashMap<>();

  /**
   * Adds a binding.
   *
   * @throws IllegalArgumentException a binding of that name exists
   */
  public ToolRegistry register(ToolBinding binding) {
    if (byName.putIfAbsent(binding.name(), binding) != null) {
      throw new IllegalArgumentException("Tool " + binding.name() + " is registered twice");
    }
    return this;
  }

  public ToolRegistry registerAll(List<ToolBinding> bindings) {
    bindings.forEach(this::register);
    return this;
  }

  public Optional<ToolBinding> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /** The catalog of the registered tools' signatures. */
  public ToolCatalog catalog() {
    return new ToolCatalog(byName.values().stream().map(ToolBinding::signature).toList());
  }

  /**
   * Calls tool {@code name}. Never throws: an unknown tool, a missing or unknown parameter or a
   * failing call is an {@link ToolReport.Status#ERROR} report saying so.
   */
  public ToolReport call(String name, Map<String, String> args) {
    ToolBinding binding = byName.get(name);
    if (binding == null) {
      return error(name, args, "tool " + name + " is not available in this lakeops (available: " + String.join(", ", byName.keySet()) + ")");
    }
    List<String> missing = new ArrayList<>();
    for (String p : binding.signature().required()) {
      if (!args.containsKey(p) || args.get(p).isBlank()) {
        missing.add(p);
      }
    }
    if (!missing.isEmpty()) {
      return error(name, args, "tool " + name + " needs parameter(s) " + String.join(", ", missing) + " and the alert does not provide them");
    }
    for (String p : args.keySet()) {
      if (!binding.signature().accepts(p)) {
        return error(name, args, "tool " + name + " has no parameter '" + p + "'");
      }
    }
    try {
      ToolReport report = binding.call().apply(Map.copyOf(args));
      return report != null ? report : error(name, args, "tool " + name + " returned nothing");
    } catch (RuntimeException e) {
      LOG.warn("Tool {} {} failed", name, args, e);
      return error(name, args, "internal error in " + name + " (" + e.getClass().getSimpleName() + "); details are in the lakeops log");
    }
  }

  private static ToolReport error(String name, Map<String, String> args, String message) {
    return new ToolReport(ToolReport.Status.ERROR, name, args, List.of(), message);
  }
}
