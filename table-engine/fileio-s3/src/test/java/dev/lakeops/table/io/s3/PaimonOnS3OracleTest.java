package dev.lakeops.table.io.s3;

import dev.lakeops.table.io.PaimonOracleOnStoreTest;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link PaimonOracleOnStoreTest} on a bucket of a real S3Proxy, Paimon with its S3 file system.
 */
@ExtendWith(S3ProxyServer.class)
class PaimonOnS3OracleTest extends PaimonOracleOnStoreTest {

  @Override
  protected String newWarehouse() {
    return "s3://" + S3ProxyServer.get().newBucket() + "/wh";
  }

  @Override
  protected Map<String, String> storeOptions() {
    return S3ProxyServer.get().options();
  }

  @Override
  protected Map<String, String> paimonOptions() {
    Map<String, String> s3 = S3ProxyServer.get().options();
    return Map.of(
        "s3.endpoint", s3.get(S3Settings.ENDPOINT),
        "s3.access-key", s3.get(S3Settings.ACCESS_KEY),
        "s3.secret-key", s3.get(S3Settings.SECRET_KEY),
        "s3.path.style.access", "true");
  }
}
