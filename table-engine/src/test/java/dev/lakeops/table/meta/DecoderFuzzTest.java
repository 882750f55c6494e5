package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.ManifestFixtures.add;
import static dev.lakeops.table.meta.ManifestFixtures.file;
import static dev.lakeops.table.meta.ManifestFixtures.fileWithEveryOptionalField;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.schema.CorruptSchemaException;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutations of valid inputs (byte flips, truncations, inserted garbage, swapped JSON
 * tokens): every decoder either decodes or throws its typed exception, never anything else.
 */
class DecoderFuzzTest {

  private static final int CASES = 1_500;

  @Test
  void schemaJsonThrowsOnlyCorruptSchemaException() {
    fuzzText(
        TestResources.text("schema/nested_types.json"),
        11,
        SchemaJson::fromJson,
        CorruptSchemaException.class);
  }

  @Test
  void snapshotAndTagJsonThrowOnlyCorruptSnapshotException() {
    fuzzText(
        TestResources.text("meta/snapshot_batch_append.json"),
        12,
        SnapshotJson::fromJson,
        CorruptSnapshotException.class);
    fuzzText(
        TagJson.toJson(
            new Tag(
                SnapshotJson.fromJson(TestResources.text("meta/snapshot_paimon_1_3.json")),
                LocalDateTime.of(2024, 1, 2, 3, 4, 5),
                java.time.Duration.ofSeconds(90))),
        13,
        TagJson::fromJson,
        CorruptSnapshotException.class);
  }

  @Test
  void manifestAvroThrowsOnlyCorruptManifestException() {
    byte[] manifest =
        ManifestAvro.writeManifest(
            List.of(
                add("2024-01-01", 0, file("data-a-0.parquet", 0)),
                add("2024-01-02", 1, fileWithEveryOptionalField("data-a-1.parquet"))));
    byte[] list =
        ManifestAvro.writeManifestList(
            List.of(
                new ManifestFileMeta(
                    "manifest-a-0", 10, 1, 0, SimpleStats.EMPTY, 0, 0, 1, 0, 0, 1L, 2L)));
    byte[] index =
        ManifestAvro.writeIndexManifest(
            List.of(
                new IndexManifestEntry(
                    FileKind.ADD,
                    BinaryRow.EMPTY,
                    0,
                    IndexManifestEntry.DELETION_VECTORS,
                    "index-0",
                    5,
                    1,
                    List.of(new DeletionVectorRange("d", 1, 2, 3L)),
                    null)));

    fuzzBytes(
        manifest, 21, b -> ManifestAvro.readManifest(b, null), CorruptManifestException.class);
    fuzzBytes(
        list, 22, b -> ManifestAvro.readManifestList(b, null), CorruptManifestException.class);
    fuzzBytes(
        index, 23, b -> ManifestAvro.readIndexManifest(b, null), CorruptManifestException.class);
  }

  @Test
  void binaryRowDecodingThrowsOnlyMalformedBinaryRowException() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "s", AtomicType.string()),
                new DataField(1, "d", AtomicType.decimal(30, 4)),
                new DataField(2, "t", AtomicType.timestamp(9)),
                new DataField(3, "b", AtomicType.bytes()),
                new DataField(4, "i", AtomicType.of(TypeRoot.INT)),
                new DataField(5, "tm", new AtomicType(TypeRoot.TIME, true, 3, 0))));
    byte[] serialized =
        BinaryRowCodec.encode(
                type,
                Row.of(
                    "a string of some length",
                    new BigDecimal("12.5"),
                    LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1),
                    new byte[] {1, 2, 3},
                    42,
                    java.time.LocalTime.NOON))
            .toSerialized();

    fuzzBytes(
        serialized,
        31,
        b -> BinaryRowCodec.decode(type, BinaryRow.fromSerialized(b)),
        MalformedBinaryRowException.class);
  }

  private static void fuzzText(
      String valid, long seed, Consumer<String> decoder, Class<? extends Exception> allowed) {
    Random random = new Random(seed);
    String[] tokens = {
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      "\"",
      "null",
      "true",
      "-1",
      "1e999",
      "\"x\"",
      "{}",
      "[]",
      "0.5",
      "\\u0000",
      "9223372036854775808",
      "\"ARRAY\"",
      "\"type\""
    };
    for (int n = 0; n < CASES; n++) {
      StringBuilder s = new StringBuilder(valid);
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits && s.length() > 0; e++) {
        int at = random.nextInt(s.length());
        switch (random.nextInt(4)) {
          case 0 -> s.setLength(at);
          case 1 -> s.deleteCharAt(at);
          case 2 -> s.insert(at, tokens[random.nextInt(tokens.length)]);
          default -> s.setCharAt(at, (char) (32 + random.nextInt(95)));
        }
      }
      String input = s.toString();
      expectOnly(allowed, () -> decoder.accept(input), input);
    }
  }

  private static void fuzzBytes(
      byte[] valid, long seed, Consumer<byte[]> decoder, Class<? extends Exception> allowed) {
    Random random = new Random(seed);
    for (int n = 0; n < CASES; n++) {
      byte[] b = valid.clone();
      switch (random.nextInt(3)) {
        case 0 -> b = Arrays.copyOf(b, random.nextInt(b.length));
        case 1 -> {
          for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
            b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
          }
        }
        default -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
      }
      byte[] input = b;
      expectOnly(allowed, () -> decoder.accept(input), java.util.HexFormat.of().formatHex(input));
    }
  }

  private static void expectOnly(
      Class<? extends Exception> allowed, Runnable decode, String input) {
    try {
      decode.run();
    } catch (RuntimeException e) {
      assertThat(e)
          .as("decoding %s", input.length() > 400 ? input.substring(0, 400) + "..." : input)
          .isInstanceOf(allowed);
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
