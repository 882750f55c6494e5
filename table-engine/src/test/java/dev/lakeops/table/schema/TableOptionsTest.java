package dev.lakeops.table.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TableOptionsTest {

  private static final TableOptions DEFAULTS = TableOptions.of(Map.of());

  @Test
  void hasPaimonsDefaults() {
    assertThat(DEFAULTS.bucket()).isEqualTo(-1);
    assertThat(DEFAULTS.bucketKey()).isEmpty();
    assertThat(DEFAULTS.fileFormat()).isEqualTo("parquet");
    assertThat(DEFAULTS.fileCompression()).isEqualTo("zstd");
    assertThat(DEFAULTS.manifestFormat()).isEqualTo("avro");
    assertThat(DEFAULTS.manifestCompression()).isEqualTo("zstd");
    assertThat(DEFAULTS.manifestTargetFileSize()).isEqualTo(MemorySize.ofMebiBytes(8));
    assertThat(DEFAULTS.manifestMergeMinCount()).isEqualTo(30);
    assertThat(DEFAULTS.targetFileSize(true)).isEqualTo(MemorySize.ofMebiBytes(128));
    assertThat(DEFAULTS.targetFileSize(false)).isEqualTo(MemorySize.ofMebiBytes(256));
    assertThat(DEFAULTS.writeBufferSize()).isEqualTo(MemorySize.ofMebiBytes(256));
    assertThat(DEFAULTS.numSortedRunCompactionTrigger()).isEqualTo(5);
    assertThat(DEFAULTS.numSortedRunStopTrigger()).isEqualTo(8);
    assertThat(DEFAULTS.numLevels()).isEqualTo(6);
    assertThat(DEFAULTS.maxSizeAmplificationPercent()).isEqualTo(200);
    assertThat(DEFAULTS.sizeRatio()).isEqualTo(1);
    assertThat(DEFAULTS.snapshotNumRetainedMin()).isEqualTo(10);
    assertThat(DEFAULTS.snapshotNumRetainedMax()).isEqualTo(Integer.MAX_VALUE);
    assertThat(DEFAULTS.snapshotTimeRetained()).isEqualTo(Duration.ofHours(1));
    assertThat(DEFAULTS.snapshotExpireLimit()).isEqualTo(50);
    assertThat(DEFAULTS.mergeEngine()).isEqualTo(MergeEngine.DEDUPLICATE);
    assertThat(DEFAULTS.changelogProducer()).isEqualTo(ChangelogProducer.NONE);
    assertThat(DEFAULTS.sequenceFields()).isEmpty();
    assertThat(DEFAULTS.partitionDefaultName()).isEqualTo("__DEFAULT_PARTITION__");
    assertThat(DEFAULTS.partitionLegacyName()).isTrue();
    assertThat(DEFAULTS.dataFilePrefix()).isEqualTo("data-");
    assertThat(DEFAULTS.changelogFilePrefix()).isEqualTo("changelog-");
    assertThat(DEFAULTS.commitMaxRetries()).isEqualTo(10);
    assertThat(DEFAULTS.commitMinRetryWait()).isEqualTo(Duration.ofMillis(10));
    assertThat(DEFAULTS.commitMaxRetryWait()).isEqualTo(Duration.ofSeconds(10));
    assertThat(DEFAULTS.commitTimeout()).isEmpty();
    assertThat(DEFAULTS.deletionVectorsEnabled()).isFalse();
    assertThat(DEFAULTS.metadataStatsMode()).isEqualTo("truncate(16)");
  }

  @Test
  void parsesConfiguredValues() {
    TableOptions options =
        TableOptions.of(
            Map.of(
                "bucket",
                "4",
                "target-file-size",
                "64 mb",
                "snapshot.time-retained",
                "30 min",
                "merge-engine",
                "partial-update",
                "sequence.field",
                "ts, seq",
                "num-sorted-run.compaction-trigger",
                "3",
                "commit.timeout",
                "2 h",
                "changelog-producer",
                "lookup",
                "deletion-vectors.enabled",
                "TRUE"));

    assertThat(options.bucket()).isEqualTo(4);
    assertThat(options.targetFileSize(true).bytes()).isEqualTo(64L << 20);
    assertThat(options.snapshotTimeRetained()).isEqualTo(Duration.ofMinutes(30));
    assertThat(options.mergeEngine()).isEqualTo(MergeEngine.PARTIAL_UPDATE);
    assertThat(options.sequenceFields()).containsExactly("ts", "seq");
    assertThat(options.numSortedRunStopTrigger()).isEqualTo(6);
    assertThat(options.numLevels()).isEqualTo(4);
    assertThat(options.commitTimeout()).contains(Duration.ofHours(2));
    assertThat(options.changelogProducer()).isEqualTo(ChangelogProducer.LOOKUP);
    assertThat(options.deletionVectorsEnabled()).isTrue();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "bucket; x; expected an integer",
        "bucket; 0; must be > 0, -1 or -2",
        "target-file-size; 12 parsecs; unknown unit",
        "snapshot.time-retained; soon; expected digits",
        "merge-engine; merge-all; expected one of",
        "ignore-delete; yes; expected true or false",
        "snapshot.num-retained.min; 0; must be > 0"
      })
  void namesTheKeyAndValueOfABadOption(String key, String value, String problem) {
    TableOptions options = TableOptions.of(Map.of(key, value));

    assertThatThrownBy(
            () -> {
              options.bucket();
              options.targetFileSize(true);
              options.snapshotTimeRetained();
              options.mergeEngine();
              options.ignoreDelete();
              options.snapshotNumRetainedMin();
            })
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + key + "'")
        .hasMessageContaining("'" + value + "'")
        .hasMessageContaining(problem);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "1 h; PT1H",
        "1h; PT1H",
        "30 min; PT30M",
        "2 d; PT48H",
        "10 s; PT10S",
        "500; PT0.5S",
        "7 ms; PT0.007S",
        "3 hours; PT3H",
        "1 MINUTES; PT1M",
        "5 us; PT0.000005S",
        "9 ns; PT0.000000009S"
      })
  void parsesDurationsInPaimonsSyntax(String text, String iso) {
    assertThat(DurationParser.parse(text)).isEqualTo(Duration.parse(iso));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "h", "1 fortnight", "-1 s", "99999999999999999999 d"})
  void rejectsInvalidDurations(String text) {
    assertThatThrownBy(() -> DurationParser.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + text + "'");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "128 mb; 134217728",
        "128mb; 134217728",
        "1 KB; 1024",
        "2g; 2147483648",
        "1 tb; 1099511627776",
        "10; 10",
        "10 bytes; 10",
        "3 mebibytes; 3145728"
      })
  void parsesMemorySizesInPaimonsSyntax(String text, long bytes) {
    assertThat(MemorySize.parse(text).bytes()).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "mb", "1 pb", "-5 mb", "9999999999999 tb"})
  void rejectsInvalidMemorySizes(String text) {
    assertThatThrownBy(() -> MemorySize.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + text + "'");
  }
}
