package dev.lakeops.table.flink.sink;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.OperatorStateStore;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * The sink's commit user, kept in the writers' and the committer's state: a job restored from a
 * checkpoint or savepoint goes on as the same commit user, so its replayed checkpoints are
 * recognised as committed; a job started without state is a new commit user.
 */
final class CommitUserState {

  private CommitUserState() {}

  /**
   * The commit user restored from {@code store}, or {@code initial} when there is no state; kept in
   * the store for the next checkpoint either way.
   *
   * @throws IllegalStateException the state holds two different commit users
   */
  static String restoreOrInit(OperatorStateStore store, String initial, String operator)
      throws Exception {
    ListState<String> state =
        store.getUnionListState(new ListStateDescriptor<>("lakeops-commit-user", Types.STRING));
    List<String> restored = new ArrayList<>();
    state
        .get()
        .forEach(
            u -> {
              if (!restored.contains(u)) {
                restored.add(u);
              }
            });
    if (restored.size() > 1) {
      throw new IllegalStateException(
          "Cannot restore "
              + operator
              + ": its state holds the commit users "
              + restored
              + " (one job writes as one commit user)");
    }
    String user = restored.isEmpty() ? initial : restored.get(0);
    state.update(List.of(user));
    return user;
  }
}
