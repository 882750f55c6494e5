package dev.lakeops.agent.console;

import static java.util.Objects.requireNonNull;

import io.quarkus.qute.TemplateData;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Instants as a person reads them: how long ago (or how soon), and the local time in the viewer's
 * zone, in the page's language; the exact UTC instant stays available for a hover title. The JSON
 * API never goes through this class: it keeps ISO-8601.
 *
 * @param texts the page's words (relative phrases and the date pattern, key {@code time.pattern})
 * @param zone the viewer's zone
 * @param now the instant that "ago" counts from
 */
@TemplateData
public record ConsoleTimes(ConsoleTexts texts, ZoneId zone, Instant now) {

  /** The zone of a viewer who chose none. */
  public static final ZoneId UTC = ZoneId.of("UTC");

  /** Letters, digits and {@code / _ + - :}: what zone ids and offsets are written with. */
  private static final Pattern ZONE_TEXT = Pattern.compile("[A-Za-z0-9/_+\\-:]{1,64}");

  public ConsoleTimes {
    requireNonNull(texts, "texts");
    requireNonNull(zone, "zone");
    requireNonNull(now, "now");
  }

  /**
   * One instant, ready for {@code <time datetime="{datetime}" title="{exact}">}.
   *
   * @param datetime the instant for the {@code datetime} attribute (UTC, at most milliseconds, as
   *     HTML allows); the text as given when it is not an instant
   * @param exact the exact instant in ISO-8601 UTC, as the JSON API shows it
   * @param relative {@code 12 min ago}, {@code in 3 h}, {@code just now}; empty when not an instant
   * @param local the local date and time in the viewer's zone, with the zone's short name
   */
  @TemplateData
  public record When(String datetime, String exact, String relative, String local) {}

  /**
   * The zone named {@code text}: a region id ({@code Europe/Berlin}, {@code Asia/Shanghai}), {@code
   * UTC}, or an offset ({@code +08:00}); empty when {@code text} names no zone.
   */
  public static Optional<ZoneId> zone(String text) {
    if (text == null || !ZONE_TEXT.matcher(text).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ZoneId.of(text));
    } catch (DateTimeException e) {
      return Optional.empty();
    }
  }

  /** The zone's id as the settings form and the cookie carry it. */
  public String zoneId() {
    return zone.getId();
  }

  /**
   * {@code instant} for people; an {@link Instant} or its ISO-8601 text. A text that is not an
   * instant is shown as it is, with no relative part.
   */
  public When of(Object instant) {
    if (instant instanceof Instant i) {
      return of(i);
    }
    String text = String.valueOf(instant);
    try {
      return of(Instant.parse(text));
    } catch (DateTimeParseException e) {
      return new When(text, text, "", text);
    }
  }

  When of(Instant instant) {
    String datetime = instant.truncatedTo(ChronoUnit.MILLIS).toString();
    String local =
        DateTimeFormatter.ofPattern(texts.t("time.pattern"), texts.language().locale())
            .withZone(zone)
            .format(instant);
    return new When(datetime, instant.toString(), relative(instant), local);
  }

  /** How far {@code instant} is from now, rounded down to minutes, hours or days. */
  String relative(Instant instant) {
    Duration d = Duration.between(instant, now);
    boolean past = !d.isNegative();
    Duration abs = d.abs();
    if (abs.toSeconds() < 60) {
      return texts.t("time.justNow");
    }
    long minutes = abs.toMinutes();
    if (minutes < 60) {
      return texts.f(past ? "time.minutesAgo" : "time.inMinutes", minutes);
    }
    long hours = abs.toHours();
    if (hours < 24) {
      return texts.f(past ? "time.hoursAgo" : "time.inHours", hours);
    }
    return texts.f(past ? "time.daysAgo" : "time.inDays", abs.toDays());
  }

  /** Times in UTC, counted from {@code now}. */
  static ConsoleTimes utc(ConsoleTexts texts, Instant now) {
    return new ConsoleTimes(texts, UTC, now);
  }
}
