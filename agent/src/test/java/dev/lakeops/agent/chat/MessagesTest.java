package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MessagesTest {

  @Test
  void bothBundlesHaveTheSameKeys() throws IOException {
    assertThat(load("messages_zh_CN.properties").stringPropertyNames())
        .isEqualTo(load("messages.properties").stringPropertyNames());
  }

  @Test
  void answersInTheAskedLanguageWhateverTheDefaultLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
      Messages messages = new Messages();
      assertThat(messages.get(Language.EN, "card.approve")).isEqualTo("Approve");
      assertThat(messages.get(Language.ZH_CN, "card.approve")).isEqualTo("批准");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void fillsPlaceholdersVerbatim() {
    assertThat(new Messages().get(Language.EN, "approval.approved", "`it's-1`"))
        .isEqualTo("Proposal `it's-1` is approved.");
  }

  private static Properties load(String name) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Messages.class.getResourceAsStream(name)) {
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    return properties;
  }
}
