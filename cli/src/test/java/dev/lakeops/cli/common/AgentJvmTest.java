package dev.lakeops.cli.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentJvmTest {

  private static final Instant BUILT = Instant.parse("2026-12-01T10:00:00Z");

  @TempDir Path home;
  private Path app;

  @BeforeEach
  void packagedApp() throws IOException {
    app = Files.createDirectories(home.resolve(AgentJvm.APP_DIR));
    Files.writeString(app.resolve("quarkus-run.jar"), "jar");
    Files.setLastModifiedTime(app.resolve("quarkus-run.jar"), FileTime.from(BUILT));
    Files.writeString(
        app.resolve("jvm.options"),
        """
        # a comment

        -XX:+UseSerialGC
          -Xmx512m
        """);
  }

  @Test
  void commandIsJavaThenTheOptionsFileThenTheCallersOptionsThenTheJar() {
    AgentJvm jvm = AgentJvm.packaged(home);

    assertThat(jvm.command(Path.of("/jdk/bin/java"), List.of("-Dquarkus.http.port=9000")))
        .containsExactly(
            "/jdk/bin/java",
            "-XX:+UseSerialGC",
            "-Xmx512m",
            "-Dquarkus.http.port=9000",
            "-jar",
            app.resolve("quarkus-run.jar").toString());
  }

  @Test
  void noOptionsFileMeansNoOptions() throws IOException {
    Files.delete(app.resolve("jvm.options"));

    assertThat(AgentJvm.packaged(home).jvmOptions()).isEmpty();
  }

  @Test
  void usesAnArchiveWrittenByThisJvmAfterTheBuild() throws IOException {
    archive(dynamicHeader(thisJvm()), BUILT.plusSeconds(60));

    assertThat(AgentJvm.packaged(home).jvmOptions())
        .last()
        .isEqualTo("-XX:SharedArchiveFile=" + app.resolve("agent-cds.jsa"));
  }

  @Test
  void ignoresAnArchiveOlderThanTheBuild() throws IOException {
    archive(dynamicHeader(thisJvm()), BUILT.minusSeconds(60));

    assertThat(AgentJvm.packaged(home).jvmOptions())
        .containsExactly("-XX:+UseSerialGC", "-Xmx512m");
  }

  @Test
  void ignoresAnArchiveOfAnotherJvmOrNoArchiveAtAll() throws IOException {
    archive(dynamicHeader("OpenJDK 64-Bit Server VM (11.0.2+9)"), BUILT.plusSeconds(60));
    assertThat(AgentJvm.packaged(home).jvmOptions())
        .noneMatch(o -> o.startsWith("-XX:SharedArchiveFile"));

    byte[] notAnArchive = thisJvm().getBytes(StandardCharsets.ISO_8859_1);
    archive(notAnArchive, BUILT.plusSeconds(60));
    assertThat(AgentJvm.packaged(home).jvmOptions())
        .noneMatch(o -> o.startsWith("-XX:SharedArchiveFile"));
  }

  @Test
  void aFailedRecordingIsNotRepeatedForTheSameBuild() throws IOException {
    Files.writeString(
        app.resolve("agent-cds.log"), "# " + thisJvm() + "\nthe agent exited with code 1\n");
    Files.setLastModifiedTime(app.resolve("agent-cds.log"), FileTime.from(BUILT.plusSeconds(60)));
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    AgentJvm.packaged(home)
        .prepareArchive(
            Path.of("/no/such/java"), new PrintStream(progress, true, StandardCharsets.UTF_8));

    assertThat(progress.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void aRecordingThatCannotStartTheAgentSaysSoAndLeavesNoArchive() {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    AgentJvm.packaged(home)
        .prepareArchive(
            Path.of("/no/such/java"), new PrintStream(progress, true, StandardCharsets.UTF_8));

    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("recording the agent's class-data archive")
        .contains("no class-data archive (");
    assertThat(app.resolve("agent-cds.jsa")).doesNotExist();
    assertThat(app.resolve("agent-cds.log")).exists();
  }

  @Test
  void anUnbuiltAgentIsAnErrorThatSaysHowToBuildIt() {
    assertThatThrownBy(() -> AgentJvm.packaged(home.resolve("elsewhere")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("quarkus-run.jar is missing")
        .hasMessageContaining("mvn -DskipTests package");
  }

  private void archive(byte[] content, Instant modified) throws IOException {
    Path file = app.resolve("agent-cds.jsa");
    Files.write(file, content);
    Files.setLastModifiedTime(file, FileTime.from(modified));
  }

  /**
   * The start of a dynamic archive: its magic number, then (at some offset) the JVM that wrote it.
   */
  private static byte[] dynamicHeader(String jvm) {
    byte[] header = new byte[1024];
    header[0] = (byte) 0xa8;
    header[1] = (byte) 0xab;
    header[2] = 0x0b;
    header[3] = (byte) 0xf0;
    byte[] ident = (jvm + " for linux-amd64 JRE").getBytes(StandardCharsets.ISO_8859_1);
    System.arraycopy(ident, 0, header, 600, ident.length);
    return header;
  }

  private static String thisJvm() {
    return System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.version") + ")";
  }
}
