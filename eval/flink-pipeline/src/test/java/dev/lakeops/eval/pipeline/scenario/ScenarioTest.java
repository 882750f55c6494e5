package dev.lakeops.eval.pipeline.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ScenarioTest {

  @Test
  void findsAScenarioByItsJobName() {
    assertThat(Scenario.of(" Restart-Loop ")).isEqualTo(Scenario.RESTART_LOOP);
  }

  @Test
  void namesTheKnownScenariosForAnUnknownOne() {
    assertThatThrownBy(() -> Scenario.of("meltdown"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'meltdown'")
        .hasMessageContaining("hot-key, cpu-heavy, checkpoint-timeout, restart-loop, healthy");
  }

  @Test
  void givesEightInTenRecordsTheHotShop() {
    HotShopAssigner assigner = new HotShopAssigner();

    long hot =
        LongStream.range(0, 1000)
            .mapToObj(assigner::map)
            .filter(HotShopAssigner.HOT_SHOP::equals)
            .count();

    assertThat(hot).isEqualTo(800);
  }
}
