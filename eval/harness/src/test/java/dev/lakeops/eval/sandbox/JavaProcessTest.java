package dev.lakeops.eval.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaProcessTest {

  @TempDir Path dir;
  private JavaProcess process;

  @AfterEach
  void stopProcess() {
    if (process != null) {
      process.stop(Duration.ZERO);
    }
  }

  @Test
  void runsAMainClassWithItsArgumentsAndEnvironment() throws Exception {
    process =
        start(
            launch(Sleeper.class)
                .withArgs(List.of("one", "two"))
                .withEnvironment("LAKEOPS_TEST_VALUE", "from-parent"));

    process.awaitReady("the greeting", Duration.ofSeconds(20), () -> process.logContains("ready"));

    assertThat(process.isAlive()).isTrue();
    assertThat(process.logContains("args=[one, two] env=from-parent")).isTrue();
    assertThat(Files.readString(dir.resolve("child.pid")).trim())
        .isEqualTo(Long.toString(process.pid()));
  }

  @Test
  void stopsTheProcessByPidAndRemovesThePidFile() {
    process = start(launch(Sleeper.class));
    process.awaitReady("the greeting", Duration.ofSeconds(20), () -> process.logContains("ready"));

    process.stop(Duration.ofSeconds(10));

    assertThat(process.isAlive()).isFalse();
    assertThat(ProcessHandle.of(process.pid()).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(dir.resolve("child.pid")).doesNotExist();
  }

  @Test
  void killsAProcessThatDoesNotStopWithinTheGracePeriod() {
    process = start(launch(Stubborn.class));
    process.awaitReady("the greeting", Duration.ofSeconds(20), () -> process.logContains("ready"));

    long start = System.nanoTime();
    process.stop(Duration.ofMillis(500));

    assertThat(process.isAlive()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void quotesTheLogWhenTheProcessDiesDuringStartUp() {
    process = start(launch(Failing.class));

    assertThatThrownBy(
            () -> process.awaitReady("the greeting", Duration.ofSeconds(20), () -> false))
        .isInstanceOf(JavaProcessException.class)
        .hasMessageContaining("child (pid " + process.pid() + ") exited with code 3")
        .hasMessageContaining("cannot open the pod bay doors");
  }

  @Test
  void reportsTheLastCheckErrorWhenStartUpTimesOut() {
    process = start(launch(Sleeper.class));

    assertThatThrownBy(
            () ->
                process.awaitReady(
                    "the port",
                    Duration.ofMillis(300),
                    () -> {
                      throw new IllegalStateException("connection refused");
                    }))
        .isInstanceOf(JavaProcessException.class)
        .hasMessageContaining("Timed out")
        .hasMessageContaining("connection refused");
  }

  @Test
  void returnsTheExitCodeOfAProcessThatEnds() {
    process = start(launch(Failing.class));

    assertThat(process.awaitExit(Duration.ofSeconds(20))).isEqualTo(3);
  }

  private JavaProcess start(JavaLaunch launch) {
    return JavaProcess.start(launch, dir.resolve("child.log"), dir.resolve("child.pid"));
  }

  private static JavaLaunch launch(Class<?> main) {
    Path classes;
    try {
      classes = Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return JavaLaunch.mainClass("child", List.of(classes), main.getName())
        .withJvmArgs(List.of("-Xmx32m", "-XX:TieredStopAtLevel=1"));
  }

  static final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
      System.out.println("args=" + List.of(args) + " env=" + System.getenv("LAKEOPS_TEST_VALUE"));
      System.out.println("ready");
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  static final class Stubborn {
    public static void main(String[] args) throws InterruptedException {
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      Thread.sleep(Long.MAX_VALUE);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }));
      System.out.println("ready");
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  static final class Failing {
    public static void main(String[] args) {
      System.err.println("I am sorry, I cannot open the pod bay doors");
      System.exit(3);
    }
  }
}
