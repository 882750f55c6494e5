package dev.lakeops.eval.sandbox;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What to run in a child JVM: its options, a main class on a classpath or an executable jar,
 * program arguments and environment variables added to this process's environment.
 *
 * <p>Values only; {@link JavaProcess#start} runs it. Build with {@link #mainClass} or {@link #jar},
 * then the {@code with...} methods, each of which returns a new launch.
 *
 * @param name a short name for logs and error messages, e.g. {@code kafka-broker}
 */
public record JavaLaunch(
    String name,
    List<String> jvmArgs,
    Target target,
    List<String> args,
    Map<String, String> environment) {

  public JavaLaunch {
    requireNonNull(name, "name");
    requireNonNull(target, "target");
    if (name.isBlank()) {
      throw new IllegalArgumentException("Invalid launch name: empty");
    }
    jvmArgs = List.copyOf(jvmArgs);
    args = List.copyOf(args);
    environment = Map.copyOf(environment);
  }

  /** Runs {@code className} with {@code classpath}. */
  public static JavaLaunch mainClass(String name, List<Path> classpath, String className) {
    return new JavaLaunch(
        name, List.of(), new MainClass(classpath, className), List.of(), Map.of());
  }

  /** Runs an executable jar ({@code java -jar}). */
  public static JavaLaunch jar(String name, Path jar) {
    return new JavaLaunch(name, List.of(), new ExecutableJar(jar), List.of(), Map.of());
  }

  /** Returns this launch with {@code more} appended to the JVM options. */
  public JavaLaunch withJvmArgs(List<String> more) {
    return new JavaLaunch(name, concat(jvmArgs, more), target, args, environment);
  }

  /** Returns this launch with {@code more} appended to the program arguments. */
  public JavaLaunch withArgs(List<String> more) {
    return new JavaLaunch(name, jvmArgs, target, concat(args, more), environment);
  }

  /** Returns this launch with {@code key=value} added to (or replaced in) the environment. */
  public JavaLaunch withEnvironment(String key, String value) {
    Map<String, String> next = new LinkedHashMap<>(environment);
    next.put(key, value);
    return new JavaLaunch(name, jvmArgs, target, args, next);
  }

  /** The full command line, starting with {@code java}. */
  List<String> command(Path java) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(jvmArgs);
    command.addAll(target.commandLine());
    command.addAll(args);
    return command;
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  /** The class or jar that the JVM runs. */
  public sealed interface Target permits MainClass, ExecutableJar {

    /** The part of the command line between the JVM options and the program arguments. */
    List<String> commandLine();
  }

  /** A main class and the classpath to find it on. */
  public record MainClass(List<Path> classpath, String className) implements Target {

    public MainClass {
      classpath = List.copyOf(classpath);
      requireNonNull(className, "className");
      if (classpath.isEmpty()) {
        throw new IllegalArgumentException("Invalid classpath for " + className + ": empty");
      }
    }

    @Override
    public List<String> commandLine() {
      String joined =
          classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
      return List.of("-cp", joined, className);
    }
  }

  /** An executable jar, whose manifest names the main class. */
  public record ExecutableJar(Path jar) implements Target {

    public ExecutableJar {
      requireNonNull(jar, "jar");
    }

    @Override
    public List<String> commandLine() {
      return List.of("-jar", jar.toString());
    }
  }
}
