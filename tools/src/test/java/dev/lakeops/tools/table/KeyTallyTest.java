package dev.lakeops.tools.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyTallyTest {

  @Test
  void countsOccurrencesAndKeepsTheSourcesOfRepeatedKeysOnly() {
    KeyTally tally = new KeyTally(false);
    tally.add("a", 0);
    tally.add("b", 0);
    tally.add("a", 0);
    tally.add("a", 2);

    assertThat(tally.repeats()).containsOnlyKeys("a");
    assertThat(tally.repeats().get("a").count).isEqualTo(3);
    assertThat(tally.repeats().get("a").sources).containsExactly(0, 2);
  }

  @Test
  void countsAKeyOncePerSourceWhenAskedTo() {
    KeyTally tally = new KeyTally(true);
    tally.add("a", 1);
    tally.add("a", 1);
    tally.add("b", 1);
    tally.add("b", 3);
    tally.add("b", 3);

    assertThat(tally.repeats()).containsOnlyKeys("b");
    assertThat(tally.repeats().get("b").count).isEqualTo(2);
  }
}
