package dev.lakeops.agent.console.picture;

import io.quarkus.qute.TemplateData;

/**
 * One picture of an incident, drawn on the server.
 *
 * @param id stable id of the kind of picture, used as the HTML id (e.g. {@code flink-graph})
 * @param title the caption, in the page's language
 * @param alt the text alternative: what the picture shows, in words and numbers
 * @param svg the inline SVG; every name in it was escaped by {@link Svg}
 */
@TemplateData
public record Picture(String id, String title, String alt, String svg) {}
