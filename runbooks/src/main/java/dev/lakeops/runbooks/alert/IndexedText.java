package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One field of alert text, ready for phrase search.
 *
 * @param field where it comes from: {@code alertname}, {@code annotations.summary} ...
 * @param stems its word stems ({@link TextWords#stems})
 * @param compact its characters without white space, lower case ({@link TextWords#compact})
 */
public record IndexedText(String field, List<String> stems, String compact) {

  public IndexedText {
    requireNonNull(field, "field");
    stems = List.copyOf(stems);
    requireNonNull(compact, "compact");
  }

  public static IndexedText of(String field, String text) {
    return new IndexedText(field, TextWords.stems(text), TextWords.compact(text));
  }

  /**
   * The text with {@code except} phrases taken out, so that a phrase inside one of them is not
   * found.
   */
  public IndexedText without(List<Phrase> except) {
    String c = compact;
    for (Phrase p : except) {
      if (p.isChinese()) {
        c = c.replace(p.compact(), " ");
      }
    }
    List<String> s = stems;
    for (Phrase p : except) {
      if (!p.isChinese()) {
        int at;
        while ((at = Phrase.indexOf(s, p.stems(), 0)) >= 0) {
          s = new java.util.ArrayList<>(s);
          for (int i = 0; i < p.stems().size(); i++) {
            s.set(at + i, "\u0000");
          }
        }
      }
    }
    return new IndexedText(field, s, c);
  }
}
