package dev.lakeops.agent.im.wecom;

import dev.lakeops.agent.InvalidInputException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The flat XML documents WeCom sends ({@code <xml><ToUserName>..</ToUserName>...</xml>}), read with
 * the JDK parser with DTDs and external entities refused.
 */
final class WeComXml {

  private WeComXml() {}

  /**
   * The text of each child element of the root, by element name.
   *
   * @throws InvalidInputException not well-formed XML, or a DTD; {@code field} names the input
   */
  static Map<String, String> fields(byte[] xml, String field) {
    Element root;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setXIncludeAware(false);
      factory.setExpandEntityReferences(false);
      DocumentBuilder builder = factory.newDocumentBuilder();
      builder.setErrorHandler(null);
      root = builder.parse(new ByteArrayInputStream(xml)).getDocumentElement();
    } catch (SAXException e) {
      throw new InvalidInputException(field, "is not well-formed XML (" + e.getMessage() + ")");
    } catch (IOException | ParserConfigurationException e) {
      throw new InvalidInputException(field, "cannot be read as XML (" + e.getMessage() + ")");
    }
    Map<String, String> fields = new HashMap<>();
    NodeList children = root.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      Node child = children.item(i);
      if (child.getNodeType() == Node.ELEMENT_NODE) {
        fields.putIfAbsent(child.getNodeName(), child.getTextContent());
      }
    }
    return fields;
  }

  static String required(Map<String, String> fields, String name, String path) {
    String value = fields.get(name);
    if (value == null || value.isBlank()) {
      throw new InvalidInputException(path + name, "is missing");
    }
    return value;
  }
}
