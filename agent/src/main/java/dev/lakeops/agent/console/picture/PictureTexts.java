package dev.lakeops.agent.console.picture;

/**
 * The words of a picture in the page's language. The console's texts implement it, so this package
 * does not depend on the console's pages.
 */
public interface PictureTexts {

  /** The text for {@code key}. */
  String t(String key);
}
