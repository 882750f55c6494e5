package dev.lakeops.tools.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FindingCodesTest {

  @Test
  void aFamilyDeclaresEachOfItsMembersAndNothingElse() {
    FindingCodes codes =
        FindingCodes.of("flink.exception.none")
            .and(
                FindingCodes.family(
                    "flink.exception.", "cause", List.of("oom", "commit-conflict")));

    assertThat(codes.declares("flink.exception.oom")).isTrue();
    assertThat(codes.declares("flink.exception.none")).isTrue();
    assertThat(codes.declares("flink.exception.gremlins")).isFalse();
    assertThat(codes.all())
        .containsExactly(
            "flink.exception.none", "flink.exception.oom", "flink.exception.commit-conflict");
    assertThat(codes.describe()).containsExactly("flink.exception.none", "flink.exception.<cause>");
  }

  @Test
  void refusesACodeThatIsNotACode() {
    assertThatThrownBy(() -> FindingCodes.of("Flink Backpressure"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Flink Backpressure");
    assertThatThrownBy(() -> FindingCodes.family("flink.exception", "cause", List.of("oom")))
        .hasMessageContaining("flink.exception");
  }
}
