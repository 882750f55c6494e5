package dev.lakeops.table.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataTypeParserTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "BOOLEAN",
        "TINYINT",
        "SMALLINT",
        "INT NOT NULL",
        "BIGINT",
        "FLOAT",
        "DOUBLE",
        "DECIMAL(10, 2) NOT NULL",
        "DECIMAL(38, 18)",
        "CHAR(3)",
        "VARCHAR(20)",
        "STRING NOT NULL",
        "BINARY(8)",
        "VARBINARY(16)",
        "BYTES",
        "DATE",
        "TIME(0)",
        "TIME(3)",
        "TIMESTAMP(3)",
        "TIMESTAMP(6) NOT NULL",
        "TIMESTAMP(9)",
        "TIMESTAMP(6) WITH LOCAL TIME ZONE",
        "TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL"
      })
  void parsesWhatItPrints(String sql) {
    assertThat(DataTypeParser.parse(sql).asSql()).isEqualTo(sql);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "integer not null; INT NOT NULL",
        "NUMERIC; DECIMAL(10, 0)",
        "DEC(5); DECIMAL(5, 0)",
        "DOUBLE PRECISION; DOUBLE",
        "VARCHAR; VARCHAR(1)",
        "CHAR; CHAR(1)",
        "VARBINARY(2147483647); BYTES",
        "VARCHAR(2147483647); STRING",
        "TIME; TIME(0)",
        "TIMESTAMP; TIMESTAMP(6)",
        "TIMESTAMP(3) WITHOUT TIME ZONE; TIMESTAMP(3)",
        "TIMESTAMP_LTZ(3); TIMESTAMP(3) WITH LOCAL TIME ZONE",
        "TIMESTAMP WITH LOCAL TIME ZONE; TIMESTAMP(6) WITH LOCAL TIME ZONE",
        "INT NULL; INT",
        "  DECIMAL( 12 ,4 )  ; DECIMAL(12, 4)"
      })
  void acceptsPaimonsAliasesAndDefaults(String input, String printed) {
    assertThat(DataTypeParser.parse(input).asSql()).isEqualTo(printed);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "INTEGRAL; unsupported type INTEGRAL",
        "DECIMAL(40, 2); precision",
        "DECIMAL(5, 6); scale",
        "VARCHAR(0); length",
        "TIMESTAMP(10); precision",
        "INT NOT; expected NULL",
        "DECIMAL(10; expected ')'",
        "VARCHAR(abc); expected a number",
        "INT INT; unexpected 'INT'",
        "ARRAY<INT>; unsupported type ARRAY",
        "VARIANT; unsupported type VARIANT"
      })
  void rejectsInvalidTypesNamingTheProblem(String input, String problem) {
    assertThatThrownBy(() -> DataTypeParser.parse(input))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(input.trim())
        .hasMessageContaining(problem);
  }

  @org.junit.jupiter.api.Test
  void rejectsAnEmptyString() {
    assertThatThrownBy(() -> DataTypeParser.parse(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("input ended");
  }

  @org.junit.jupiter.api.Test
  void keepsLengthsAndNullability() {
    AtomicType type = DataTypeParser.parse("VARCHAR(20) NOT NULL");

    assertThat(type).isEqualTo(new AtomicType(TypeRoot.VARCHAR, false, 20, 0));
  }
}
