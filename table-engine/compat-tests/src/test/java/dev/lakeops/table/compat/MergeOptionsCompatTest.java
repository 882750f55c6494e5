package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Merge option combinations that Paimon 1.3.1 refuses when a table is created are refused by
 * lakeops too, with an {@link IllegalArgumentException} naming the table and the option, and no
 * table is created. (A bad {@code sequence.field.sort-order} value Paimon accepts at creation and
 * fails on at the first read or write; lakeops refuses it at creation already, see {@code
 * MergeFunctionsTest}.) Where a Paimon release takes a combination 1.3 refuses ({@link
 * PaimonVersion#checksSequenceGroupsOnlyWhereMerged}), the test asserts that it does, and lakeops
 * still refuses it.
 */
class MergeOptionsCompatTest {

  @TempDir Path warehouse;

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("sequence.field", new String[] {"sequence.field", "nope"}),
        Arguments.of("sequence.field", new String[] {"sequence.field", "ts,ts"}),
        Arguments.of(
            "sequence.field", new String[] {"merge-engine", "first-row", "sequence.field", "ts"}),
        Arguments.of(
            "changelog-producer",
            new String[] {"merge-engine", "first-row", "changelog-producer", "input"}),
        Arguments.of(
            "deletion-vectors.enabled",
            new String[] {"merge-engine", "first-row", "deletion-vectors.enabled", "true"}),
        Arguments.of("rowkind.field", new String[] {"rowkind.field", "missing"}),
        Arguments.of(
            "sequence-group",
            new String[] {"fields.s1.sequence-group", "a", "fields.ts.sequence-group", "a"}),
        Arguments.of(
            "fields.s1.aggregate-function",
            new String[] {"fields.s1.sequence-group", "a", "fields.s1.aggregate-function", "max"}),
        Arguments.of(
            "partial-update.remove-record-on-delete",
            new String[] {
              "merge-engine",
              "partial-update",
              "ignore-delete",
              "true",
              "partial-update.remove-record-on-delete",
              "true"
            }));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusedByBothEngines(String option, String[] options) throws Exception {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse.resolve("paimon").toUri().toString());
    var paimon = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions));
    paimon.createDatabase("db", true);
    Schema schema =
        Schema.newBuilder()
            .column("k", DataTypes.INT())
            .column("a", DataTypes.STRING())
            .column("s1", DataTypes.INT())
            .column("ts", DataTypes.BIGINT())
            .primaryKey("k")
            .option("bucket", "1")
            .options(map)
            .build();
    var paimonId = org.apache.paimon.catalog.Identifier.create("db", "t");
    if (paimonTakes(map)) {
      // the deduplicate engine ignores sequence groups, and 1.4 checks them only where merged
      paimon.createTable(paimonId, schema, false);
      org.assertj.core.api.Assertions.assertThat(paimon.getTable(paimonId).options())
          .as("Paimon %s takes %s", PaimonVersion.runtime(), map)
          .containsAllEntriesOf(map);
    } else {
      assertThatThrownBy(() -> paimon.createTable(paimonId, schema, false))
          .as("Paimon %s refuses %s", PaimonVersion.runtime(), map)
          .isInstanceOf(RuntimeException.class);
    }

    Catalog ours = Catalog.local(warehouse.resolve("lakeops"));
    ours.createDatabase("db");
    TableDefinition definition =
        TableDefinition.builder()
            .column("k", AtomicType.of(TypeRoot.INT))
            .column("a", AtomicType.string())
            .column("s1", AtomicType.of(TypeRoot.INT))
            .column("ts", AtomicType.of(TypeRoot.BIGINT))
            .primaryKey("k")
            .option("bucket", "1")
            .options(map)
            .build();
    assertThatThrownBy(() -> ours.createTable(Identifier.of("db", "t"), definition))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("db.t")
        .hasMessageContaining(option);
    org.assertj.core.api.Assertions.assertThat(ours.tableExists(Identifier.of("db", "t")))
        .isFalse();
  }

  /**
   * Whether the Paimon under test takes {@code options} although 1.3 refuses them: sequence-group
   * options on a table whose merge engine is not partial-update.
   */
  private static boolean paimonTakes(Map<String, String> options) {
    boolean sequenceGroups = options.keySet().stream().anyMatch(k -> k.endsWith(".sequence-group"));
    return PaimonVersion.checksSequenceGroupsOnlyWhereMerged()
        && sequenceGroups
        && !"partial-update".equals(options.get("merge-engine"));
  }
}
