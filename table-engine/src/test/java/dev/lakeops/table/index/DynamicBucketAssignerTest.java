package dev.lakeops.table.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DynamicBucketAssignerTest {

  private static final BinaryRow P1 = partition("p1");
  private static final BinaryRow P2 = partition("p2");

  private static BinaryRow partition(String value) {
    return BinaryRowCodec.encode(
        RowType.of(List.of(new DataField(0, "dt", AtomicType.string()))), Row.of(value));
  }

  private static DynamicBucketAssigner assigner(
      long target, int maxBuckets, Map<BinaryRow, Map<Integer, int[]>> index) {
    return new DynamicBucketAssigner(
        new DynamicBucketOptions(target, maxBuckets, null, null),
        p -> index.getOrDefault(p, Map.of()),
        new Random(1));
  }

  @Test
  void newKeysFillTheLowestBucketUpToTheTargetThenOpenTheNext() {
    DynamicBucketAssigner assigner = assigner(3, -1, Map.of());
    List<Integer> buckets = new ArrayList<>();
    for (int h = 1; h <= 7; h++) {
      buckets.add(assigner.assign(P1, h));
    }

    assertThat(buckets).containsExactly(0, 0, 0, 1, 1, 1, 2);
    assertThat(assigner.assign(P1, 5)).as("a known key keeps its bucket").isEqualTo(1);
    assertThat(assigner.assign(P2, 5)).as("partitions have buckets of their own").isZero();
  }

  @Test
  void existingKeysGoToTheBucketTheirIndexFileListsThemIn() {
    Map<BinaryRow, Map<Integer, int[]>> index =
        Map.of(P1, Map.of(0, new int[] {10, 11, 12}, 1, new int[] {20}));
    DynamicBucketAssigner assigner = assigner(3, -1, index);

    assertThat(assigner.assign(P1, 20)).isEqualTo(1);
    assertThat(assigner.assign(P1, 11)).isZero();
    assertThat(assigner.assign(P1, 30)).as("bucket 0 is full").isEqualTo(1);
    assertThat(assigner.assign(P1, 31)).isEqualTo(1);
    assertThat(assigner.assign(P1, 32)).as("both full: the next number").isEqualTo(2);
  }

  @Test
  void aNewBucketTakesTheLowestNumberNotInUse() {
    Map<BinaryRow, Map<Integer, int[]>> index =
        Map.of(P1, Map.of(0, new int[] {1, 2}, 2, new int[] {3, 4}));
    DynamicBucketAssigner assigner = assigner(2, -1, index);

    assertThat(assigner.assign(P1, 5)).isEqualTo(1);
    assertThat(assigner.assign(P1, 6)).isEqualTo(1);
    assertThat(assigner.assign(P1, 7)).isEqualTo(3);
  }

  @Test
  void atMaxBucketsNewKeysGoToAnExistingBucket() {
    DynamicBucketAssigner assigner = assigner(1, 2, Map.of());
    assertThat(assigner.assign(P1, 1)).isZero();
    assertThat(assigner.assign(P1, 2)).isEqualTo(1);
    Map<Integer, Integer> seen = new HashMap<>();
    for (int h = 3; h < 200; h++) {
      seen.merge(assigner.assign(P1, h), 1, Integer::sum);
    }

    assertThat(seen.keySet()).containsExactlyInAnyOrder(0, 1);
    assertThat(assigner.assign(P1, 2)).isEqualTo(1);
  }

  @Test
  void optionsAreCheckedNamingTableOptionAndValue() {
    assertThat(DynamicBucketOptions.of("db.t", TableOptions.of(Map.of())))
        .isEqualTo(new DynamicBucketOptions(2_000_000L, -1, null, null));
    assertThat(
            DynamicBucketOptions.of(
                "db.t",
                TableOptions.of(
                    Map.of(
                        "dynamic-bucket.target-row-num", "10",
                        "dynamic-bucket.max-buckets", "4",
                        "dynamic-bucket.initial-buckets", "2"))))
        .isEqualTo(new DynamicBucketOptions(10, 4, 2, null));
    assertThatThrownBy(
            () ->
                DynamicBucketOptions.of(
                    "db.t", TableOptions.of(Map.of("dynamic-bucket.target-row-num", "0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'dynamic-bucket.target-row-num' of table db.t: '0' (must be > 0)");
    assertThatThrownBy(
            () ->
                DynamicBucketOptions.of(
                    "db.t", TableOptions.of(Map.of("dynamic-bucket.max-buckets", "0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dynamic-bucket.max-buckets");
    assertThatThrownBy(
            () ->
                DynamicBucketOptions.of(
                    "db.t", TableOptions.of(Map.of("dynamic-bucket.initial-buckets", "x"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected an integer");
  }

  @Test
  void bucketKeyHashesWriteANewFileOnlyWhenTheyGrow() {
    BucketKeyHashes hashes = BucketKeyHashes.restore(new int[] {1, 2});
    hashes.add(2);
    assertThat(hashes.prepareCommit()).isEmpty();
    hashes.add(0);
    hashes.add(-5);

    assertThat(hashes.prepareCommit().orElseThrow()).containsExactlyInAnyOrder(1, 2, 0, -5);
    assertThat(hashes.prepareCommit()).isEmpty();
  }

  @Test
  void intSetAndMapHoldManyValuesIncludingZero() {
    IntHashSet set = new IntHashSet(1);
    IntToIntMap map = new IntToIntMap(1);
    Random random = new Random(3);
    Map<Integer, Integer> expected = new HashMap<>();
    for (int i = 0; i < 5000; i++) {
      int k = i == 17 ? 0 : random.nextInt();
      set.add(k);
      map.put(k, i);
      expected.put(k, i);
    }
    assertThat(set.size()).isEqualTo(expected.size());
    assertThat(map.size()).isEqualTo(expected.size());
    for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
      assertThat(set.contains(e.getKey())).isTrue();
      assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
    }
    assertThat(map.get(123456789))
        .isEqualTo(expected.containsKey(123456789) ? expected.get(123456789) : IntToIntMap.MISSING);
  }
}
