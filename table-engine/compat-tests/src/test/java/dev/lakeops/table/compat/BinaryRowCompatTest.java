package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.utils.SerializationUtils;
import org.junit.jupiter.api.Test;

/** lakeops' BinaryRow bytes and bucket numbers equal Paimon's for the same values. */
class BinaryRowCompatTest {

  private record Column(AtomicType ours, DataType theirs) {}

  private static final List<Column> COLUMNS =
      List.of(
          new Column(AtomicType.of(TypeRoot.BOOLEAN), DataTypes.BOOLEAN()),
          new Column(AtomicType.of(TypeRoot.TINYINT), DataTypes.TINYINT()),
          new Column(AtomicType.of(TypeRoot.SMALLINT), DataTypes.SMALLINT()),
          new Column(AtomicType.of(TypeRoot.INT), DataTypes.INT()),
          new Column(AtomicType.of(TypeRoot.BIGINT), DataTypes.BIGINT()),
          new Column(AtomicType.of(TypeRoot.FLOAT), DataTypes.FLOAT()),
          new Column(AtomicType.of(TypeRoot.DOUBLE), DataTypes.DOUBLE()),
          new Column(AtomicType.decimal(10, 2), DataTypes.DECIMAL(10, 2)),
          new Column(AtomicType.decimal(18, 0), DataTypes.DECIMAL(18, 0)),
          new Column(AtomicType.decimal(38, 10), DataTypes.DECIMAL(38, 10)),
          new Column(new AtomicType(TypeRoot.CHAR, true, 5, 0), DataTypes.CHAR(5)),
          new Column(new AtomicType(TypeRoot.VARCHAR, true, 40, 0), DataTypes.VARCHAR(40)),
          new Column(AtomicType.string(), DataTypes.STRING()),
          new Column(new AtomicType(TypeRoot.BINARY, true, 4, 0), DataTypes.BINARY(4)),
          new Column(AtomicType.bytes(), DataTypes.BYTES()),
          new Column(AtomicType.of(TypeRoot.DATE), DataTypes.DATE()),
          new Column(new AtomicType(TypeRoot.TIME, true, 3, 0), DataTypes.TIME(3)),
          new Column(AtomicType.timestamp(3), DataTypes.TIMESTAMP(3)),
          new Column(AtomicType.timestamp(6), DataTypes.TIMESTAMP(6)),
          new Column(AtomicType.timestamp(9), DataTypes.TIMESTAMP(9)),
          new Column(
              new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0),
              DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)),
          new Column(
              new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 6, 0),
              DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6)));

  private static final RowType OURS = RowType.of(columnsOurs());
  private static final org.apache.paimon.types.RowType THEIRS =
      DataTypes.ROW(COLUMNS.stream().map(Column::theirs).toArray(DataType[]::new));

  private static List<DataField> columnsOurs() {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < COLUMNS.size(); i++) {
      fields.add(new DataField(i, "f" + i, COLUMNS.get(i).ours()));
    }
    return fields;
  }

  @Test
  void encodesRandomRowsOfEveryAtomicTypeToPaimonsExactBytes() {
    Random random = new Random(20240101);
    InternalRowSerializer serializer = new InternalRowSerializer(THEIRS);
    for (int n = 0; n < 2_000; n++) {
      Object[] values = new Object[COLUMNS.size()];
      GenericRow theirs = new GenericRow(COLUMNS.size());
      for (int i = 0; i < values.length; i++) {
        if (random.nextInt(5) == 0) {
          continue;
        }
        values[i] = randomValue(COLUMNS.get(i).ours(), random);
        theirs.setField(i, toPaimon(COLUMNS.get(i).ours(), values[i]));
      }
      Row row = Row.of(values);

      byte[] expected =
          SerializationUtils.serializeBinaryRow(serializer.toBinaryRow(theirs).copy());
      BinaryRow ours = BinaryRowCodec.encode(OURS, row);

      assertThat(HexFormat.of().formatHex(ours.toSerialized()))
          .as("row %s", row)
          .isEqualTo(HexFormat.of().formatHex(expected));
      assertThat(BinaryRowCodec.decode(OURS, BinaryRow.fromSerialized(expected)))
          .isEqualTo(normalized(row));
    }
  }

  @Test
  void hashesAndBucketsKeysAsPaimonDoes() {
    Random random = new Random(7);
    RowType keyType =
        RowType.of(
            List.of(
                new DataField(0, "id", AtomicType.of(TypeRoot.INT)),
                new DataField(1, "name", AtomicType.string())));
    InternalRowSerializer serializer =
        new InternalRowSerializer(DataTypes.INT(), DataTypes.STRING());
    for (int n = 0; n < 5_000; n++) {
      int id = random.nextInt();
      String name =
          random.nextBoolean()
              ? null
              : "k" + Long.toHexString(random.nextLong()).repeat(random.nextInt(3));
      org.apache.paimon.data.BinaryRow theirs =
          serializer
              .toBinaryRow(GenericRow.of(id, name == null ? null : BinaryString.fromString(name)))
              .copy();
      BinaryRow ours = BinaryRowCodec.encode(keyType, Row.of(id, name));
      int buckets = 1 + random.nextInt(64);

      assertThat(BucketFunction.hash(ours)).isEqualTo(theirs.hashCode());
      assertThat(BucketFunction.bucket(ours, buckets)).isEqualTo(PaimonApi.bucket(theirs, buckets));
    }
  }

  private static Row normalized(Row row) {
    Object[] values = row.values();
    for (int i = 0; i < values.length; i++) {
      AtomicType type = COLUMNS.get(i).ours();
      if (values[i] instanceof BigDecimal d) {
        values[i] = d.setScale(type.scale(), java.math.RoundingMode.HALF_UP);
      } else if (values[i] instanceof LocalDateTime t && type.precision() <= 3) {
        values[i] = t.withNano(t.getNano() / 1_000_000 * 1_000_000);
      } else if (values[i] instanceof Instant t && type.precision() <= 3) {
        values[i] = Instant.ofEpochMilli(t.toEpochMilli());
      }
    }
    return Row.of(values);
  }

  static Object randomValue(AtomicType type, Random random) {
    return switch (type.root()) {
      case BOOLEAN -> random.nextBoolean();
      case TINYINT -> (byte) random.nextInt();
      case SMALLINT -> (short) random.nextInt();
      case INT -> random.nextInt();
      case BIGINT -> random.nextLong();
      case FLOAT -> random.nextFloat() * 1000 - 500;
      case DOUBLE -> random.nextDouble() * 1e9 - 5e8;
      case DECIMAL ->
          new BigDecimal(
              new BigInteger(type.precision() * 3, random)
                  .mod(BigInteger.TEN.pow(type.precision()))
                  .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)),
              type.scale());
      case CHAR, VARCHAR ->
          randomString(random, type.precision() == AtomicType.MAX_LENGTH ? 30 : type.precision());
      case BINARY, VARBINARY -> {
        byte[] b =
            new byte
                [random.nextInt(
                    type.precision() == AtomicType.MAX_LENGTH ? 25 : type.precision() + 1)];
        random.nextBytes(b);
        yield b;
      }
      case DATE -> LocalDate.ofEpochDay(random.nextInt(40_000) - 10_000);
      case TIME -> LocalTime.ofNanoOfDay(random.nextInt(86_400_000) * 1_000_000L);
      case TIMESTAMP ->
          LocalDateTime.of(
              LocalDate.ofEpochDay(random.nextInt(40_000) - 10_000),
              LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000_000L)));
      case TIMESTAMP_LTZ -> Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000));
    };
  }

  private static String randomString(Random random, int maxLength) {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(maxLength + 1);
    for (int i = 0; i < length; i++) {
      sb.append(random.nextInt(10) == 0 ? 'é' : (char) ('a' + random.nextInt(26)));
    }
    return sb.toString();
  }

  private static Object toPaimon(AtomicType type, Object value) {
    return switch (type.root()) {
      case DECIMAL -> Decimal.fromBigDecimal((BigDecimal) value, type.precision(), type.scale());
      case CHAR, VARCHAR ->
          BinaryString.fromBytes(((String) value).getBytes(StandardCharsets.UTF_8));
      case DATE -> (int) ((LocalDate) value).toEpochDay();
      case TIME -> (int) (((LocalTime) value).toNanoOfDay() / 1_000_000);
      case TIMESTAMP -> Timestamp.fromLocalDateTime((LocalDateTime) value);
      case TIMESTAMP_LTZ -> Timestamp.fromInstant((Instant) value);
      default -> value;
    };
  }
}
