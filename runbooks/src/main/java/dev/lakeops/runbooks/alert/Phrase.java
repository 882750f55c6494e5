package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A word or phrase to find in alert text: English as whole words with their inflections (see {@link
 * TextWords}), Chinese (any phrase with an ideograph) as it is, white space ignored.
 *
 * @param text the phrase as written, for reasons
 * @param stems its word stems, empty for a Chinese phrase
 * @param compact the phrase without white space, lower case, for a Chinese phrase
 */
public record Phrase(String text, List<String> stems, String compact) {

  public Phrase {
    requireNonNull(text, "text");
    stems = List.copyOf(stems);
    requireNonNull(compact, "compact");
  }

  /**
   * @throws IllegalArgumentException {@code text} holds no word and no ideograph
   */
  public static Phrase of(String text) {
    if (TextWords.hasIdeograph(text)) {
      return new Phrase(text, List.of(), TextWords.compact(text));
    }
    List<String> stems = TextWords.stems(text);
    if (stems.isEmpty()) {
      throw new IllegalArgumentException("Invalid phrase: '" + text + "' (no word in it)");
    }
    return new Phrase(text, stems, "");
  }

  public boolean isChinese() {
    return stems.isEmpty();
  }

  /**
   * Whether the phrase occurs in {@code text}: its stems next to each other, or its characters as
   * they are.
   */
  public boolean in(IndexedText text) {
    if (isChinese()) {
      return text.compact().contains(compact);
    }
    return indexOf(text.stems(), stems, 0) >= 0;
  }

  /**
   * Where {@code part} starts in {@code whole} at or after {@code from} as a contiguous run, or -1.
   */
  static int indexOf(List<String> whole, List<String> part, int from) {
    outer:
    for (int i = from; i + part.size() <= whole.size(); i++) {
      for (int j = 0; j < part.size(); j++) {
        if (!whole.get(i + j).equals(part.get(j))) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * Whether the phrase's stems occur in {@code words} in order, not necessarily next to each other.
   */
  public boolean inOrder(List<String> words) {
    int at = 0;
    for (String s : stems) {
      int found = words.subList(at, words.size()).indexOf(s);
      if (found < 0) {
        return false;
      }
      at += found + 1;
    }
    return !stems.isEmpty();
  }
}
