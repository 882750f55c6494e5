package dev.lakeops.agent.chat;

/** Where a chat message came from; the id is the lower-case name used in config keys and JSON. */
public enum Platform {
  API("api"),
  SLACK("slack"),
  FEISHU("feishu"),
  DINGTALK("dingtalk"),
  WECOM("wecom");

  private final String id;

  Platform(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }
}
