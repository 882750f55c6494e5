package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolArgumentException;
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

  /** The catalog of the registered tools' declarations. */
  public ToolCatalog catalog() {
    return new ToolCatalog(byName.values().stream().map(ToolBinding::spec).toList());
  }

  /**
   * Calls tool {@code name} with {@code args} read against its declaration. Never throws: an
   * unknown tool, a missing or unknown parameter, a value that does not read as its declared type
   * (the message names the parameter, the value and what was expected) or a failing call is an
   * {@link ToolReport.Status#ERROR} report saying so.
   */
  public ToolReport call(String name, Map<String, String> args) {
    ToolBinding binding = byName.get(name);
    if (binding == null) {
      return error(
          name,
          args,
          "tool "
              + name
              + " is not available in this lakeops (available: "
              + String.join(", ", byName.keySet())
              + ")");
    }
    ToolArgs read;
    try {
      read = ToolArgs.read(binding.spec(), args);
    } catch (ToolArgumentException e) {
      return error(name, args, e.getMessage());
    }
    try {
      ToolReport report = binding.call().apply(read);
      return report != null ? report : error(name, args, "tool " + name + " returned nothing");
    } catch (RuntimeException e) {
      LOG.warn("Tool {} {} failed", name, args, e);
      return error(
          name,
          args,
          "internal error in "
              + name
              + " ("
              + e.getClass().getSimpleName()
              + "); details are in the lakeops log");
    }
  }

  private static ToolReport error(String name, Map<String, String> args, String message) {
    return new ToolReport(ToolReport.Status.ERROR, name, args, List.of(), message);
  }
}
