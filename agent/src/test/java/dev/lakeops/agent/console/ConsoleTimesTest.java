package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.Language;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class ConsoleTimesTest {

  private static final Instant NOW = Instant.parse("2026-12-01T19:04:59.680734749Z");
  private static final Instant AT = Instant.parse("2026-12-01T18:52:59.680734749Z");

  private static ConsoleTimes times(Language language, String zone) {
    return new ConsoleTimes(new ConsoleTexts(language), ZoneId.of(zone), NOW);
  }

  @Test
  void saysHowLongAgoInMinutesHoursAndDaysRoundedDown() {
    ConsoleTimes en = times(Language.EN, "UTC");
    assertThat(en.relative(AT)).isEqualTo("12 min ago");
    assertThat(en.relative(NOW.minus(Duration.ofMinutes(59).plusSeconds(59))))
        .isEqualTo("59 min ago");
    assertThat(en.relative(NOW.minus(Duration.ofHours(3).plusMinutes(40)))).isEqualTo("3 h ago");
    assertThat(en.relative(NOW.minus(Duration.ofDays(2).plusHours(23)))).isEqualTo("2 d ago");
    assertThat(en.relative(NOW.minusSeconds(59))).isEqualTo("just now");
    assertThat(en.relative(NOW)).isEqualTo("just now");
  }

  @Test
  void saysHowSoonForInstantsAhead() {
    ConsoleTimes en = times(Language.EN, "UTC");
    assertThat(en.relative(NOW.plus(Duration.ofMinutes(5)))).isEqualTo("in 5 min");
    assertThat(en.relative(NOW.plus(Duration.ofHours(2)))).isEqualTo("in 2 h");
    assertThat(en.relative(NOW.plus(Duration.ofDays(7)))).isEqualTo("in 7 d");
  }

  @Test
  void speaksChinese() {
    ConsoleTimes zh = times(Language.ZH_CN, "Asia/Shanghai");
    assertThat(zh.relative(AT)).isEqualTo("12 分钟前");
    assertThat(zh.relative(NOW.minus(Duration.ofHours(3)))).isEqualTo("3 小时前");
    assertThat(zh.relative(NOW.minus(Duration.ofDays(2)))).isEqualTo("2 天前");
    assertThat(zh.relative(NOW.plus(Duration.ofMinutes(30)))).isEqualTo("30 分钟后");
    assertThat(zh.relative(NOW)).isEqualTo("刚刚");
    assertThat(zh.of(AT).local()).startsWith("2026年12月2日 02:52:59");
  }

  @Test
  void showsTheLocalTimeInTheViewersZoneAndKeepsTheExactInstant() {
    ConsoleTimes.When berlin = times(Language.EN, "Europe/Berlin").of(AT);
    assertThat(berlin.local()).isEqualTo("1 Dec 2026, 19:52:59 CET");
    assertThat(berlin.relative()).isEqualTo("12 min ago");
    assertThat(berlin.exact()).isEqualTo("2026-12-01T18:52:59.680734749Z");
    assertThat(berlin.datetime())
        .as("HTML allows at most milliseconds")
        .isEqualTo("2026-12-01T18:52:59.680Z");

    assertThat(times(Language.EN, "UTC").of(AT).local()).isEqualTo("1 Dec 2026, 18:52:59 UTC");
    assertThat(times(Language.EN, "America/New_York").of(AT).local())
        .isEqualTo("1 Dec 2026, 13:52:59 EST");
    assertThat(times(Language.EN, "+05:30").of(AT).local()).startsWith("2 Dec 2026, 00:22:59");
  }

  @Test
  void readsIsoTextAndShowsOtherTextAsItIs() {
    ConsoleTimes en = times(Language.EN, "UTC");
    assertThat(en.of(AT.toString())).isEqualTo(en.of(AT));
    ConsoleTimes.When odd = en.of("not a time <b>");
    assertThat(odd.local()).isEqualTo("not a time <b>");
    assertThat(odd.relative()).isEmpty();
  }

  @Test
  void acceptsZoneIdsAndOffsetsAndRefusesEverythingElse() {
    assertThat(ConsoleTimes.zone("Europe/Berlin")).contains(ZoneId.of("Europe/Berlin"));
    assertThat(ConsoleTimes.zone("Asia/Shanghai")).contains(ZoneId.of("Asia/Shanghai"));
    assertThat(ConsoleTimes.zone("UTC")).contains(ZoneId.of("UTC"));
    assertThat(ConsoleTimes.zone("+08:00")).contains(ZoneId.of("+08:00"));

    assertThat(ConsoleTimes.zone("Mars/Olympus_Mons")).isEmpty();
    assertThat(ConsoleTimes.zone("Europe/Berlin; Path=/")).isEmpty();
    assertThat(ConsoleTimes.zone("<script>")).isEmpty();
    assertThat(ConsoleTimes.zone("+25:00")).isEmpty();
    assertThat(ConsoleTimes.zone("")).isEmpty();
    assertThat(ConsoleTimes.zone(null)).isEmpty();
    assertThat(ConsoleTimes.zone("A".repeat(65))).isEmpty();
  }
}
