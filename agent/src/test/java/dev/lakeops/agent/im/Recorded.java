package dev.lakeops.agent.im;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Recorded platform payloads from {@code src/test/resources/im/}. */
public final class Recorded {

  private Recorded() {}

  public static String text(String path) {
    try (InputStream in = Recorded.class.getResourceAsStream("/im/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("No test resource im/" + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
