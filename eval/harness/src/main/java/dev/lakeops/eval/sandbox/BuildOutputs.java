package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Maven build outputs that the sandbox's JVMs run from: the broker's classpath, and the
 * pipeline's jar and classpath. Each classpath file is written by its module's {@code package}.
 */
public record BuildOutputs(List<Path> brokerClasspath, List<Path> pipelineClasspath) {

  static final String BROKER_CLASSPATH = "eval/kafka-broker/target/classpath.txt";
  static final String PIPELINE_CLASSPATH = "eval/flink-pipeline/target/classpath.txt";
  static final String PIPELINE_TARGET = "eval/flink-pipeline/target";
  static final String CONNECT_CLASSPATH = "eval/kafka-connect/target/classpath.txt";

  public BuildOutputs {
    brokerClasspath = List.copyOf(brokerClasspath);
    pipelineClasspath = List.copyOf(pipelineClasspath);
  }

  /**
   * Reads the classpath files under {@code lakeopsHome}; the pipeline's own jar comes first on its
   * classpath.
   *
   * @throws SandboxException a file or a jar it lists is missing; the message says to build first
   */
  static BuildOutputs locate(Path lakeopsHome) {
    List<Path> broker = readClasspath(lakeopsHome.resolve(BROKER_CLASSPATH));
    List<Path> pipeline = new ArrayList<>();
    pipeline.add(pipelineJar(lakeopsHome.resolve(PIPELINE_TARGET)));
    pipeline.addAll(readClasspath(lakeopsHome.resolve(PIPELINE_CLASSPATH)));
    return new BuildOutputs(broker, pipeline);
  }

  /**
   * The pipeline's jar and classpath only, for a Flink-only sandbox.
   *
   * @throws SandboxException a file or a jar it lists is missing; the message says to build first
   */
  static List<Path> pipelineClasspath(Path lakeopsHome) {
    List<Path> pipeline = new ArrayList<>();
    pipeline.add(pipelineJar(lakeopsHome.resolve(PIPELINE_TARGET)));
    pipeline.addAll(readClasspath(lakeopsHome.resolve(PIPELINE_CLASSPATH)));
    return pipeline;
  }

  /**
   * The Kafka Connect worker's classpath ({@code eval/kafka-connect}): Connect 4.1 with the
   * Debezium MariaDB connector, in a JVM of its own.
   *
   * @throws SandboxException a file or a jar it lists is missing; the message says to build first
   */
  public static List<Path> connectClasspath(Path lakeopsHome) {
    return readClasspath(lakeopsHome.resolve(CONNECT_CLASSPATH));
  }

  /**
   * The model evaluation's jar and classpath ({@code eval/models}): the agent's libraries, in a JVM
   * of their own.
   *
   * @throws SandboxException a file or a jar it lists is missing; the message says to build first
   */
  public static List<Path> modelsClasspath(Path lakeopsHome) {
    Path target = lakeopsHome.resolve("eval/models/target");
    List<Path> models = new ArrayList<>();
    models.add(jar(target, "eval-models-"));
    models.addAll(readClasspath(target.resolve("classpath.txt")));
    return models;
  }

  private static List<Path> readClasspath(Path file) {
    if (!Files.isRegularFile(file)) {
      throw missing(file);
    }
    String content;
    try {
      content = Files.readString(file, StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read classpath file " + file, e);
    }
    List<Path> entries =
        Arrays.stream(content.split(java.io.File.pathSeparator))
            .filter(entry -> !entry.isBlank())
            .map(Path::of)
            .toList();
    for (Path entry : entries) {
      if (!Files.exists(entry)) {
        throw new SandboxException(
            "Classpath file "
                + file
                + " lists "
                + entry
                + ", which does not exist: run `mvn package` in the repository root again");
      }
    }
    return entries;
  }

  private static Path pipelineJar(Path target) {
    return jar(target, "eval-flink-pipeline-");
  }

  private static Path jar(Path target, String prefix) {
    if (Files.isDirectory(target)) {
      try (DirectoryStream<Path> jars = Files.newDirectoryStream(target, prefix + "*.jar")) {
        for (Path jar : jars) {
          String name = jar.getFileName().toString();
          if (!name.endsWith("-sources.jar") && !name.endsWith("-tests.jar")) {
            return jar;
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to list " + target, e);
      }
    }
    throw missing(target.resolve(prefix + "<version>.jar"));
  }

  private static SandboxException missing(Path file) {
    return new SandboxException(
        "Missing " + file + ": run `mvn -DskipTests package` in the repository root first");
  }
}
