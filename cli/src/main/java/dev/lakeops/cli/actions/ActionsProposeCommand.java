package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.runbooks.approval.ProposalRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops actions propose ACTION --arg k=v ... --requester U}: stores a proposal and prints
 * its preview.
 */
@Command(
    name = "propose",
    mixinStandardHelpOptions = true,
    description =
        "Propose an action: validates the arguments, reads the state it assumes and prints what it"
            + " would do. Changes nothing.")
final class ActionsProposeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Parameters(
      index = "0",
      paramLabel = "ACTION",
      description = "e.g. table.rollback_to, table.compact, kafka.reset_offsets, flink.cancel")
  String action;

  @Option(
      names = "--arg",
      paramLabel = "NAME=VALUE",
      description = "An argument of the action (repeat)")
  List<String> args = new ArrayList<>();

  @Option(
      names = "--requester",
      required = true,
      paramLabel = "USER",
      description = "Who asks for the action")
  String requester;

  @Option(
      names = "--expires",
      defaultValue = "1h",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "How long the proposal stays valid (e.g. 30m, 1h); default ${DEFAULT-VALUE}")
  Duration expires;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why, for the approvers")
  String reason = "";

  @Option(
      names = "--evidence",
      paramLabel = "ID",
      description = "Id of a finding that supports the action (repeat)")
  List<String> evidence = new ArrayList<>();

  @Option(
      names = "--request-text",
      paramLabel = "TEXT",
      description = "Free text the request came with; stored as data, never interpreted")
  String requestText;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    ActionKind kind =
        ActionKind.byName(action)
            .orElseThrow(
                () ->
                    new ParameterException(
                        spec.commandLine(),
                        "unknown action '"
                            + action
                            + "' (actions: "
                            + String.join(
                                ", ",
                                Arrays.stream(ActionKind.values())
                                    .map(ActionKind::actionName)
                                    .toList())
                            + ")"));
    Map<String, String> values = new LinkedHashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw new ParameterException(spec.commandLine(), "--arg '" + a + "': expected NAME=VALUE");
      }
      String name = a.substring(0, eq).strip();
      if (values.put(name, a.substring(eq + 1)) != null) {
        throw new ParameterException(spec.commandLine(), "--arg " + name + " given twice");
      }
    }
    ProposalRequest request;
    try {
      request =
          new ProposalRequest(kind, values, requester, expires, reason, evidence, requestText);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    output.print(
        spec, state.gate(spec).propose(request), ProposalJson::toJson, ActionsText::proposal);
    return 0;
  }
}
