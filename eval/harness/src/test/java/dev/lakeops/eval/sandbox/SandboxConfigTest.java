package dev.lakeops.eval.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SandboxConfigTest {

  private static final Path HOME = Path.of("/repo");
  private static final Path WORK = Path.of("/tmp/sandbox");

  @Test
  void defaultsToTheDocumentedPortsAndRate() {
    SandboxConfig config = SandboxConfig.defaults(HOME, WORK);

    assertThat(config).isEqualTo(new SandboxConfig(WORK, HOME, 19092, 19093, 18081, 2000));
  }

  @Test
  void takesOtherPorts() {
    SandboxConfig config = SandboxConfig.defaults(HOME, WORK).withPorts(29092, 29093, 28081);

    assertThat(config.kafkaPort()).isEqualTo(29092);
    assertThat(config.kafkaControllerPort()).isEqualTo(29093);
    assertThat(config.flinkRestPort()).isEqualTo(28081);
  }

  @Test
  void rejectsAPortOutOfRange() {
    assertThatThrownBy(() -> SandboxConfig.defaults(HOME, WORK).withPorts(19092, 19093, 70000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("flinkRestPort: 70000");
  }

  @Test
  void rejectsPortZero() {
    assertThatThrownBy(() -> SandboxConfig.defaults(HOME, WORK).withPorts(0, 19093, 18081))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kafkaPort: 0");
  }

  @Test
  void rejectsTheSamePortTwice() {
    assertThatThrownBy(() -> SandboxConfig.defaults(HOME, WORK).withPorts(19092, 19092, 18081))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must all differ");
  }

  @Test
  void rejectsAZeroRate() {
    assertThatThrownBy(() -> SandboxConfig.defaults(HOME, WORK).withRecordsPerSecond(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("recordsPerSecond: 0");
  }
}
