package dev.lakeops.agent.console;

import static java.util.Objects.requireNonNull;

/**
 * A query parameter of a console page has a value the page does not accept. Answered with a 400
 * page that names the parameter, the value and what is allowed ({@link ConsoleExceptionMappers}).
 */
public class ConsoleParameterException extends RuntimeException {

  /** Longer values are cut when shown, so that a huge parameter does not make a huge page. */
  static final int SHOWN = 100;

  private final transient ConsolePage page;

  /**
   * @param page the frame of the page that refused it (language, user), for the answer
   * @param name the parameter
   * @param value its value as received
   * @param allowed what is allowed, in the page's language
   */
  public ConsoleParameterException(ConsolePage page, String name, String value, String allowed) {
    super(
        requireNonNull(page, "page")
            .m()
            .format(
                "param.bad",
                name,
                value.length() > SHOWN ? value.substring(0, SHOWN) + "…" : value,
                allowed));
    this.page = page;
  }

  /** The frame to answer in. */
  public ConsolePage page() {
    return page;
  }
}
