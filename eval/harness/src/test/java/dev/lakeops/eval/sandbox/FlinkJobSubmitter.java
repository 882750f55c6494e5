package dev.lakeops.eval.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Submits a small stateful streaming job to a running Flink cluster the way a deployment does: a
 * client JVM (the pipeline's Flink classpath) builds the job and submits it to the REST endpoint,
 * with a name, a parallelism, a user-config value ({@code mode}) and optionally a savepoint to
 * restore. The job (a rate-limited generator, a keyed counter with value state, a discarding sink;
 * checkpoints every second) is compiled once from the source below, since this module has no Flink
 * on its own classpath: the servers run in JVMs of their own.
 */
public final class FlinkJobSubmitter {

  static final String MAIN_CLASS = "lakeops.changejob.ChangeJob";
  private static final Pattern JOB_ID = Pattern.compile("JOB_ID=([0-9a-f]{32})");
  private static final String SOURCE =
      """
      package lakeops.changejob;

      import java.util.Map;
      import org.apache.flink.api.common.eventtime.WatermarkStrategy;
      import org.apache.flink.api.common.functions.OpenContext;
      import org.apache.flink.api.common.functions.RichMapFunction;
      import org.apache.flink.api.common.state.ValueState;
      import org.apache.flink.api.common.state.ValueStateDescriptor;
      import org.apache.flink.api.common.typeinfo.Types;
      import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
      import org.apache.flink.api.java.functions.KeySelector;
      import org.apache.flink.configuration.Configuration;
      import org.apache.flink.configuration.StateRecoveryOptions;
      import org.apache.flink.connector.datagen.source.DataGeneratorSource;
      import org.apache.flink.connector.datagen.source.GeneratorFunction;
      import org.apache.flink.core.execution.JobClient;
      import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
      import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
      import org.apache.flink.util.ParameterTool;

      /** Usage: ChangeJob REST_PORT NAME PARALLELISM MODE JAR [SAVEPOINT]. Prints JOB_ID=<id> and exits. */
      public final class ChangeJob {
        public static void main(String[] args) throws Exception {
          Configuration conf = new Configuration();
          if (args.length > 5) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, args[5]);
          }
          StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment("127.0.0.1",
              Integer.parseInt(args[0]), conf, args[4]);
          env.setParallelism(Integer.parseInt(args[2]));
          env.enableCheckpointing(1000);
          env.disableOperatorChaining();
          env.getConfig().setGlobalJobParameters(ParameterTool.fromMap(Map.of("mode", args[3])));
          env.fromSource(new DataGeneratorSource<>(new Identity(), Long.MAX_VALUE, RateLimiterStrategy.perSecond(20), Types.LONG),
                  WatermarkStrategy.noWatermarks(), "changes").uid("changes")
              .keyBy(new ByKey()).map(new CountPerKey()).uid("count-per-key").name("count-per-key")
              .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
          JobClient job = env.executeAsync(args[1]);
          System.out.println("JOB_ID=" + job.getJobID());
          System.exit(0);
        }

        static final class Identity implements GeneratorFunction<Long, Long> {
          @Override
          public Long map(Long index) {
            return index;
          }
        }

        static final class ByKey implements KeySelector<Long, Long> {
          @Override
          public Long getKey(Long n) {
            return n % 8;
          }
        }

        static final class CountPerKey extends RichMapFunction<Long, Long> {
          private transient ValueState<Long> count;

          @Override
          public void open(OpenContext context) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
          }

          @Override
          public Long map(Long n) throws Exception {
            Long c = count.value();
            long next = c == null ? 1 : c + 1;
            count.update(next);
            return next;
          }
        }
      }
      """;

  private final List<Path> classpath;
  private final Path jar;
  private final Path workDir;
  private final int restPort;
  private int submissions;

  private FlinkJobSubmitter(List<Path> classpath, Path jar, Path workDir, int restPort) {
    this.classpath = classpath;
    this.jar = jar;
    this.workDir = workDir;
    this.restPort = restPort;
  }

  /**
   * Compiles the job into a jar in {@code workDir}, for the cluster whose REST API listens on
   * {@code restPort}.
   *
   * @throws IllegalStateException no Java compiler (a JRE, not a JDK), or the source does not
   *     compile
   */
  public static FlinkJobSubmitter compile(Path lakeopsHome, Path workDir, int restPort) {
    List<Path> classpath = BuildOutputs.pipelineClasspath(lakeopsHome);
    try {
      Path src = workDir.resolve("change-job-src/lakeops/changejob/ChangeJob.java");
      Path classes = workDir.resolve("change-job-classes");
      Files.createDirectories(src.getParent());
      Files.createDirectories(classes);
      Files.writeString(src, SOURCE, StandardCharsets.UTF_8);
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      if (javac == null) {
        throw new IllegalStateException("no Java compiler in " + System.getProperty("java.home"));
      }
      String cp =
          classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int rc =
          javac.run(
              null,
              null,
              err,
              "-classpath",
              cp,
              "-d",
              classes.toString(),
              "-nowarn",
              src.toString());
      if (rc != 0) {
        throw new IllegalStateException(
            "the change job does not compile: " + err.toString(StandardCharsets.UTF_8));
      }
      Path jar = workDir.resolve("change-job.jar");
      try (OutputStream out = Files.newOutputStream(jar);
          JarOutputStream jarOut = new JarOutputStream(out);
          Stream<Path> files = Files.walk(classes)) {
        for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
          jarOut.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
          jarOut.write(Files.readAllBytes(f));
          jarOut.closeEntry();
        }
      }
      return new FlinkJobSubmitter(classpath, jar, workDir, restPort);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to build the change job in " + workDir, e);
    }
  }

  /** Submits a fresh run (no state) and returns its job id. */
  public String submit(String name, int parallelism, String mode) {
    return run(name, parallelism, mode, null);
  }

  /** Submits a run restoring {@code savepoint} and returns its job id. */
  public String submitFromSavepoint(String name, int parallelism, String mode, String savepoint) {
    return run(name, parallelism, mode, savepoint);
  }

  private String run(String name, int parallelism, String mode, String savepoint) {
    List<Path> cp = new ArrayList<>(classpath);
    cp.add(jar);
    List<String> args =
        new ArrayList<>(
            List.of(
                Integer.toString(restPort),
                name,
                Integer.toString(parallelism),
                mode,
                jar.toString()));
    if (savepoint != null) {
      args.add(savepoint);
    }
    int n = ++submissions;
    JavaLaunch launch =
        JavaLaunch.mainClass("flink-submit-" + n, cp, MAIN_CLASS)
            .withJvmArgs(List.of("-Xmx256m"))
            .withJvmArgs(DemoPipelineLauncher.ADD_OPENS)
            .withJvmArgs(DemoPipelineLauncher.LOGGING)
            .withArgs(args);
    Path log = workDir.resolve("submit-" + n + ".log");
    JavaProcess process = JavaProcess.start(launch, log, workDir.resolve("submit-" + n + ".pid"));
    int rc = process.awaitExit(Duration.ofSeconds(90));
    String out;
    try {
      out = Files.readString(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + log, e);
    }
    Matcher m = JOB_ID.matcher(out);
    if (rc != 0 || !m.find()) {
      throw new IllegalStateException(
          "submitting "
              + name
              + " failed (exit "
              + rc
              + "): "
              + String.join("\n", process.logTail(30)));
    }
    return m.group(1);
  }
}
