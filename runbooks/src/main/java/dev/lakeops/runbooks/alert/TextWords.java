package dev.lakeops.runbooks.alert;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words of alert text as lakeops compares them: split at anything that is not a letter or a
 * digit and at camelCase humps ({@code FlinkJobBackPressured} is flink, job, back, pressured),
 * lower case, and reduced to a stem so that simple inflections compare equal ({@code restarts},
 * {@code restarting}, {@code restarted} are {@code restart}; {@code lagging} is {@code lag}; {@code
 * backpressured} and {@code backpressure} are one stem). Whole words only: {@code flag} is not
 * {@code lag} and {@code calculate} is not {@code late}. Chinese and other ideographs are no part
 * of words; {@link #compact(String)} keeps them for phrase search.
 */
public final class TextWords {

  /**
   * Text longer than this is read only up to it: alert text is short, and matching stays linear.
   */
  public static final int MAX_CHARS = 20_000;

  private TextWords() {}

  /** The stems of {@code text}, in order. */
  public static List<String> stems(String text) {
    List<String> out = new ArrayList<>();
    for (String w : words(text)) {
      out.add(stem(w));
    }
    return out;
  }

  /** The words of {@code text}, in order, lower case and not stemmed. */
  public static List<String> words(String text) {
    String s = normalize(text);
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    int prev = 0;
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      int n = Character.charCount(c);
      boolean part = (Character.isLetter(c) && !isIdeograph(c)) || Character.isDigit(c);
      if (!part) {
        flush(word, out);
      } else {
        // camelCase: a hump starts a word (fooBar), and so does the last capital of a run before a
        // lower-case letter (HTTPServer is http, server).
        boolean hump = Character.isUpperCase(c) && Character.isLowerCase(prev);
        boolean runEnd =
            Character.isUpperCase(c)
                && Character.isUpperCase(prev)
                && i + n < s.length()
                && Character.isLowerCase(s.codePointAt(i + n));
        if (hump || runEnd) {
          flush(word, out);
        }
        word.appendCodePoint(c);
      }
      prev = part ? c : 0;
      i += n;
    }
    flush(word, out);
    return out;
  }

  /**
   * The stem of one lower-case word: a plural or verb ending removed ({@code -s}, {@code -es},
   * {@code -ed}, {@code -ing}), a doubled final consonant left by it undone ({@code lagg} to {@code
   * lag}), and a final {@code e} dropped, so that a word and its inflections meet.
   */
  public static String stem(String word) {
    String w = word;
    boolean cut = false;
    if (w.length() > 5 && w.endsWith("ing")) {
      w = w.substring(0, w.length() - 3);
      cut = true;
    } else if (w.length() > 4 && w.endsWith("ed")) {
      w = w.substring(0, w.length() - 2);
      cut = true;
    } else if (w.length() > 4 && w.endsWith("ies")) {
      w = w.substring(0, w.length() - 3) + "y";
    } else if (w.length() > 3
        && w.endsWith("s")
        && !w.endsWith("ss")
        && !w.endsWith("us")
        && !w.endsWith("is")) {
      w = w.substring(0, w.length() - 1);
    }
    if (cut
        && w.length() > 2
        && w.charAt(w.length() - 1) == w.charAt(w.length() - 2)
        && "bdgmnprt".indexOf(w.charAt(w.length() - 1)) >= 0) {
      w = w.substring(0, w.length() - 1);
    }
    if (w.length() > 3 && w.endsWith("e")) {
      w = w.substring(0, w.length() - 1);
    }
    return w;
  }

  /** {@code text} for phrase search: normalized (NFKC), lower case, without any white space. */
  public static String compact(String text) {
    String s = normalize(text).toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints()
        .filter(c -> !Character.isWhitespace(c) && !Character.isSpaceChar(c))
        .forEach(out::appendCodePoint);
    return out.toString();
  }

  /** Whether {@code text} holds a Chinese, Japanese or Korean ideograph. */
  public static boolean hasIdeograph(String text) {
    return text.codePoints().anyMatch(TextWords::isIdeograph);
  }

  private static boolean isIdeograph(int c) {
    Character.UnicodeScript script = Character.UnicodeScript.of(c);
    return Character.isIdeographic(c)
        || script == Character.UnicodeScript.HAN
        || script == Character.UnicodeScript.HIRAGANA
        || script == Character.UnicodeScript.KATAKANA
        || script == Character.UnicodeScript.HANGUL;
  }

  private static String normalize(String text) {
    String s = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    return Normalizer.normalize(s, Normalizer.Form.NFKC);
  }

  private static void flush(StringBuilder word, List<String> out) {
    if (word.length() > 0) {
      out.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }
}
