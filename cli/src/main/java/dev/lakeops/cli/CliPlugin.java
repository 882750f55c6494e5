package dev.lakeops.cli;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Commands that another module adds to {@code ./lakeops} without the command line depending on it:
 * the sandbox's {@code demo} and {@code bench} come from {@code eval} this way. Found with {@link
 * java.util.ServiceLoader} (a {@code META-INF/services/dev.lakeops.cli.CliPlugin} file in the
 * providing jar); when the jar is not on the class path, its commands are simply absent.
 */
public interface CliPlugin {

  /** The commands this plugin adds, each under the parent command it names. */
  List<PluggedCommand> commands();

  /**
   * One command to add.
   *
   * @param parent the name of the top-level command to add it under (e.g. {@code kafka}), or empty
   *     for a top-level command of its own
   * @param command an instance of a picocli {@code @Command} class
   */
  record PluggedCommand(String parent, Object command) {

    public PluggedCommand {
      requireNonNull(parent, "parent");
      requireNonNull(command, "command");
    }

    public static PluggedCommand topLevel(Object command) {
      return new PluggedCommand("", command);
    }

    public static PluggedCommand under(String parent, Object command) {
      return new PluggedCommand(parent, command);
    }
  }
}
