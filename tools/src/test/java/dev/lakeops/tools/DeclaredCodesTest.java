package dev.lakeops.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.binlog.BinlogToolSpecs;
import dev.lakeops.tools.binlog.live.BinlogServerToolSpecs;
import dev.lakeops.tools.cdc.CdcToolSpecs;
import dev.lakeops.tools.change.ChangeToolSpecs;
import dev.lakeops.tools.flink.FlinkToolSpecs;
import dev.lakeops.tools.kafka.KafkaToolSpecs;
import dev.lakeops.tools.spec.CodeFamily;
import dev.lakeops.tools.spec.ToolSpec;
import dev.lakeops.tools.table.TableToolSpecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The declarations and the analyzers' sources agree: every finding code written in the tools'
 * sources is declared by a tool (so a code added to an analyzer without a declaration fails here),
 * every code prefix built on is a declared family, and every declared code is written somewhere (so
 * a declaration does not promise a code no analyzer emits). The fixture tests of each package check
 * which tool emits which code.
 */
class DeclaredCodesTest {

  private static final Path SOURCES = Path.of("src/main/java/dev/lakeops/tools");
  private static final Pattern LITERAL =
      Pattern.compile("\"((?:flink|kafka|binlog|table|change|cdc)\\.[a-z0-9._-]*)\"");

  private static List<ToolSpec> specs() {
    List<ToolSpec> all = new ArrayList<>(FlinkToolSpecs.ALL);
    all.addAll(KafkaToolSpecs.ALL);
    all.addAll(TableToolSpecs.ALL);
    all.addAll(BinlogToolSpecs.ALL);
    all.add(BinlogServerToolSpecs.STATUS);
    all.add(CdcToolSpecs.STATUS);
    all.addAll(ChangeToolSpecs.ALL);
    return all;
  }

  @Test
  void everyCodeInTheSourcesIsDeclared() {
    Set<String> names = new TreeSet<>(specs().stream().map(ToolSpec::name).toList());
    Set<String> prefixes =
        new TreeSet<>(
            specs().stream()
                .flatMap(s -> s.codes().families().stream())
                .map(CodeFamily::prefix)
                .toList());
    List<String> undeclared = new ArrayList<>();
    for (String literal : literals()) {
      boolean declared =
          literal.endsWith(".")
              ? prefixes.contains(literal)
              : names.contains(literal)
                  || specs().stream().anyMatch(s -> s.codes().declares(literal));
      if (!declared) {
        undeclared.add(literal);
      }
    }

    assertThat(literals()).hasSizeGreaterThan(100);
    assertThat(undeclared).as("finding codes in tools/src/main that no tool declares").isEmpty();
  }

  @Test
  void everyDeclaredCodeIsWrittenInTheSources() {
    Set<String> literals = literals();
    List<String> unwritten =
        specs().stream()
            .flatMap(s -> s.codes().exact().stream())
            .filter(c -> !literals.contains(c))
            .distinct()
            .toList();

    assertThat(unwritten).as("declared codes that no source writes").isEmpty();
  }

  private static Set<String> literals() {
    Set<String> found = new TreeSet<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = LITERAL.matcher(Files.readString(file));
        while (m.find()) {
          found.add(m.group(1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }
}
