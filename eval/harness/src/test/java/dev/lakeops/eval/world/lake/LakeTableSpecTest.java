package dev.lakeops.eval.world.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a scenario file may say about a lake table, and what it is refused for. */
class LakeTableSpecTest {

  private static final YAMLMapper YAML = new YAMLMapper();

  @Test
  void aScenarioFileCarriesATableWithItsFaultsAndOptions() throws Exception {
    LakeTableSpec spec =
        YAML.readValue(
            """
            database: shop
            table: payments
            keys: [payment_id]
            primaryKey: false
            rows: 300
            faults:
              - {kind: duplicates-after-stateless-restart, count: 40}
            options: {file.format: parquet}
            """,
            LakeTableSpec.class);

    assertThat(spec.qualifiedName()).isEqualTo("shop.payments");
    assertThat(spec.keys()).containsExactly("payment_id");
    assertThat(spec.primaryKey()).isFalse();
    assertThat(spec.fault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART))
        .contains(new LakeFault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART, 40));
    assertThat(spec.options()).containsExactly(Map.entry("file.format", "parquet"));
  }

  @Test
  void whatAScenarioLeavesOutTakesTheDefaults() throws Exception {
    LakeTableSpec spec =
        YAML.readValue("{database: shop, table: orders, rows: 5}", LakeTableSpec.class);

    assertThat(spec.keys()).containsExactly("id");
    assertThat(spec.primaryKey()).isFalse();
    assertThat(spec.faults()).isEmpty();
    assertThat(spec.options()).isEmpty();
    assertThat(new LakeTableSpec("shop", "orders", List.of(), true, 0, null, null).keys())
        .containsExactly("id");
  }

  @Test
  void anUnknownFaultKindInAScenarioFileIsRefusedListingTheKnownOnes() {
    assertThatThrownBy(
            () ->
                YAML.readValue(
                    "{database: shop, table: orders, rows: 5, faults: [{kind: slow-disk, count:"
                        + " 1}]}",
                    LakeTableSpec.class))
        .isInstanceOf(ValueInstantiationException.class)
        .hasMessageContaining("Unknown lake fault kind: 'slow-disk'")
        .hasMessageContaining(
            "known: duplicates-after-stateless-restart, small-files, compaction-backlog");
  }

  @Test
  void badFieldsAreRefusedNamingTheField() {
    assertThatThrownBy(() -> LakeTableSpec.healthy(" ", "orders", List.of(), true, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid database: must not be blank");
    assertThatThrownBy(() -> LakeTableSpec.healthy("shop", null, List.of(), true, 1))
        .hasMessage("Invalid table: must not be blank");
    assertThatThrownBy(() -> LakeTableSpec.healthy("shop", "a.b", List.of(), true, 1))
        .hasMessageStartingWith("Invalid table: 'a.b'");
    assertThatThrownBy(() -> LakeTableSpec.healthy("shop", "orders", List.of(), true, -1))
        .hasMessage("Invalid rows: -1 (must be at least 0)");
    assertThatThrownBy(() -> LakeTableSpec.healthy("shop", "orders", List.of("amount"), true, 1))
        .hasMessageStartingWith("Invalid keys: 'amount'");
    assertThatThrownBy(() -> LakeTableSpec.healthy("shop", "orders", List.of("a", "a"), true, 1))
        .hasMessage("Invalid keys: 'a' given twice");
    assertThatThrownBy(() -> new LakeFault("small-files", 0))
        .hasMessage("Invalid count for lake fault small-files: 0 (must be at least 1)");
    assertThatThrownBy(() -> new LakeFault(null, 1))
        .hasMessageStartingWith("Unknown lake fault kind: none given (known: ");
  }

  @Test
  void faultsThatCannotBeWrittenIntoTheTableAreRefused() {
    LakeTableSpec orders = LakeTableSpec.healthy("shop", "orders", List.of(), true, 10);

    assertThatThrownBy(() -> orders.with(new LakeFault(LakeFault.SMALL_FILES, 11)))
        .hasMessageContaining("small-files count 11 exceeds rows 10");
    assertThatThrownBy(
            () ->
                orders
                    .with(new LakeFault(LakeFault.SMALL_FILES, 5))
                    .with(new LakeFault(LakeFault.SMALL_FILES, 6)))
        .hasMessage("Invalid faults: small-files given twice");
    assertThatThrownBy(
            () ->
                LakeTableSpec.healthy("shop", "clicks", List.of(), false, 10)
                    .with(new LakeFault(LakeFault.COMPACTION_BACKLOG, 6)))
        .hasMessageContaining("compaction-backlog needs a primary-key table");
    assertThat(orders.with(new LakeFault(LakeFault.COMPACTION_BACKLOG, 10)).faults()).hasSize(1);
  }
}
