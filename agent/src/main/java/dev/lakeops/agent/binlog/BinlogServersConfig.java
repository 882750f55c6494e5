package dev.lakeops.agent.binlog;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The MySQL/MariaDB servers whose binlog state lakeops may inspect, read-only, by name ({@code
 * lakeops.binlog.servers.<name>.*}), and the directory of binlog files ({@code
 * lakeops.binlog.dir}). The model and chat name a server, never a URL.
 */
@ConfigMapping(prefix = "lakeops.binlog")
public interface BinlogServersConfig {

  Map<String, Server> servers();

  /**
   * The directory {@code binlog.verify} may read: an alert, the model or chat names files in it
   * only. Without it (and without the older {@code lakeops.chat.binlog-dir} / {@code
   * lakeops.llm.binlog-dir}) binlog files are not verified and the verdict says to set this key.
   */
  Optional<String> dir();

  /** Timeout of each query to a server. */
  @WithDefault("10s")
  Duration timeout();

  /** One server. */
  interface Server {

    /** {@code jdbc:mariadb://HOST:PORT/} or {@code jdbc:mysql://HOST:PORT/}. */
    String jdbcUrl();

    /** An account with {@code REPLICATION CLIENT} (MySQL) or {@code BINLOG MONITOR} (MariaDB). */
    String user();

    /** Its password (best set from the environment); never logged. */
    Optional<String> password();
  }
}
