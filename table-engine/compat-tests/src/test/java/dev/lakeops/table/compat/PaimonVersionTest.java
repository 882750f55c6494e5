package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Each compat-tests module says which Apache Paimon it tests against: the version its pom asked for
 * is the version of the Paimon classes the tests actually load, so a classpath that resolved
 * another Paimon (a managed-down or duplicated paimon-bundle) fails here instead of passing
 * silently.
 */
class PaimonVersionTest {

  @Test
  void theTestsRunAgainstThePaimonVersionTheirModuleNames() {
    assertThat(PaimonVersion.expected())
        .as(
            "system property %s (set by the module's Surefire configuration)",
            PaimonVersion.PROPERTY)
        .isNotBlank();
    assertThat(PaimonVersion.runtime())
        .as("Implementation-Version of the paimon-bundle jar on the test classpath")
        .isEqualTo(PaimonVersion.expected());
    System.out.println("compat-tests: Apache Paimon " + PaimonVersion.runtime());
  }

  @Test
  void releaseLinesCompareByMajorAndMinor() {
    String[] parts = PaimonVersion.runtime().split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    assertThat(PaimonVersion.atLeast(major, minor)).isTrue();
    assertThat(PaimonVersion.atLeast(major, minor + 1)).isFalse();
    assertThat(PaimonVersion.atLeast(major - 1, 99)).isTrue();
    assertThat(PaimonVersion.atLeast(major + 1, 0)).isFalse();
  }
}
