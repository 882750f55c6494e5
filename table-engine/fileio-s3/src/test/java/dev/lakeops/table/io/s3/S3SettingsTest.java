package dev.lakeops.table.io.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class S3SettingsTest {

  @Test
  void takesTheStandardEnvironmentVariablesAndUsesPathStyleForACustomEndpoint() {
    S3Settings s =
        S3Settings.from(
            Map.of(),
            Map.of(
                "AWS_ENDPOINT_URL", "http://127.0.0.1:9000",
                "AWS_REGION", "eu-west-1",
                "AWS_ACCESS_KEY_ID", "AKIDEXAMPLE",
                "AWS_SECRET_ACCESS_KEY", "env-secret-value"));

    assertThat(s.endpoint()).isEqualTo(URI.create("http://127.0.0.1:9000"));
    assertThat(s.region()).contains("eu-west-1");
    assertThat(s.pathStyle()).isTrue();
    assertThat(s.accessKey()).isEqualTo("AKIDEXAMPLE");
    assertThat(s.secretKey()).isEqualTo("env-secret-value");
    assertThat(s.toString()).doesNotContain("env-secret-value").doesNotContain("AKIDEXAMPLE");
  }

  @Test
  void prefersOptionsAndLeavesVirtualHostsForAwsItself() {
    S3Settings s =
        S3Settings.from(
            Map.of(S3Settings.REGION, "us-west-2", S3Settings.PATH_STYLE, "false"),
            Map.of("AWS_REGION", "eu-west-1"));

    assertThat(s.endpoint()).isNull();
    assertThat(s.region()).contains("us-west-2");
    assertThat(s.pathStyle()).isFalse();
    assertThat(s.hasStaticCredentials()).as("default provider chain").isFalse();
    assertThat(S3Settings.from(Map.of(), Map.of()).pathStyle()).isFalse();
  }

  @Test
  void prefersTheS3SpecificEndpointVariable() {
    S3Settings s =
        S3Settings.from(
            Map.of(),
            Map.of("AWS_ENDPOINT_URL", "http://a:1", "AWS_ENDPOINT_URL_S3", "http://b:2"));

    assertThat(s.endpoint()).isEqualTo(URI.create("http://b:2"));
  }

  @Test
  void refusesBadValuesNamingTheOptionButNotTheSecret() {
    assertThatThrownBy(() -> S3Settings.from(Map.of(S3Settings.ENDPOINT, "ftp://x"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ftp://x");
    assertThatThrownBy(() -> S3Settings.from(Map.of(S3Settings.MAX_ATTEMPTS, "lots"), Map.of()))
        .hasMessageContaining(S3Settings.MAX_ATTEMPTS)
        .hasMessageContaining("lots");
    assertThatThrownBy(() -> S3Settings.from(Map.of(S3Settings.PART_SIZE, "1024"), Map.of()))
        .hasMessageContaining(S3Settings.PART_SIZE);
    assertThatThrownBy(
            () -> S3Settings.from(Map.of(S3Settings.SECRET_KEY, "only-the-secret"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(S3Settings.ACCESS_KEY)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("only-the-secret"));
  }
}
