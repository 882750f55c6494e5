package dev.lakeops.agent.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelFingerprintTest {

  @Test
  void matchesPrometheusForTheSameLabelSet() {
    // Expected value from Prometheus common/model's fingerprint tests: 5799056148416392346.
    String fingerprint =
        LabelFingerprint.of(Map.of("name", "garland, briggs", "fear", "love is not enough"));

    assertThat(fingerprint).isEqualTo("507a62d79ee76c9a");
  }

  @Test
  void isTheFnvOffsetBasisForNoLabels() {
    assertThat(LabelFingerprint.of(Map.of())).isEqualTo("cbf29ce484222325");
  }

  @Test
  void doesNotDependOnTheOrderOfTheLabels() {
    Map<String, String> one = new LinkedHashMap<>();
    one.put("alertname", "FlinkJobBackpressured");
    one.put("job_name", "orders-to-lake");
    Map<String, String> other = new LinkedHashMap<>();
    other.put("job_name", "orders-to-lake");
    other.put("alertname", "FlinkJobBackpressured");

    assertThat(LabelFingerprint.of(one)).isEqualTo(LabelFingerprint.of(other));
  }

  @Test
  void differsWhenAValueDiffers() {
    assertThat(LabelFingerprint.of(Map.of("job_name", "a")))
        .isNotEqualTo(LabelFingerprint.of(Map.of("job_name", "b")))
        .isNotEqualTo(LabelFingerprint.of(Map.of("job_nam", "ea")));
  }
}
