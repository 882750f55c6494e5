package dev.lakeops.agent.http;

/**
 * The body of every error answer: {@code {"error": "<what is wrong, naming the field>"}}.
 *
 * @param error one line for the sender; never a stack trace
 */
public record ApiError(String error) {

  private static final int MAX_CHARS = 1000;

  public ApiError {
    error = clean(error);
  }

  /**
   * One line of well-formed text: control characters become spaces and unpaired UTF-16 surrogates
   * (which have no UTF-8 form, so the answer could not be written) become U+FFFD.
   */
  private static String clean(String text) {
    StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_CHARS));
    for (int i = 0; i < text.length() && out.length() < MAX_CHARS; i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        out.append('\uFFFD');
      } else {
        out.append(Character.isISOControl(c) ? ' ' : c);
      }
    }
    return out.toString();
  }
}
