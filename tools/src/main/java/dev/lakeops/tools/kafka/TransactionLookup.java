package dev.lakeops.tools.kafka;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTransactionsOptions;
import org.apache.kafka.clients.admin.DescribeTransactionsResult;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;

/**
 * Names the producers of open transactions: producer id to {@code transactional.id} through {@code
 * listTransactions} (filtered by producer id), then state, start time and timeout through {@code
 * describeTransactions}. A producer id no coordinator lists stays unnamed: that is what a hanging
 * transaction looks like. A call that fails (e.g. no DESCRIBE permission on transactional ids) is
 * recorded in {@code errors} and the transactions are kept as the partitions showed them.
 */
final class TransactionLookup {

  private final Admin admin;
  private final int timeoutMs;
  private final String at;
  private final List<String> queries;
  private final List<ProbeError> errors;

  TransactionLookup(
      Admin admin, int timeoutMs, String at, List<String> queries, List<ProbeError> errors) {
    this.admin = admin;
    this.timeoutMs = timeoutMs;
    this.at = at;
    this.queries = queries;
    this.errors = errors;
  }

  /** {@code open} with the coordinator's side filled in where it could be read. */
  List<OpenTransaction> named(List<OpenTransaction> open) {
    if (open.isEmpty()) {
      return open;
    }
    Set<Long> producerIds = new TreeSet<>();
    open.forEach(t -> producerIds.add(t.producerId()));
    Map<Long, String> ids = transactionalIds(producerIds);
    if (ids.isEmpty()) {
      return open;
    }
    return merge(open, ids, describe(ids.values()));
  }

  /**
   * {@code open} with each transaction's coordinator side, where its producer id has a
   * transactional id and that id's description is of the same producer (a transactional id
   * re-initialised since has a new producer id; its description is not this transaction's).
   */
  static List<OpenTransaction> merge(
      List<OpenTransaction> open,
      Map<Long, String> transactionalIds,
      Map<String, TransactionDescription> described) {
    List<OpenTransaction> named = new ArrayList<>();
    for (OpenTransaction t : open) {
      String id = transactionalIds.get(t.producerId());
      TransactionDescription d = id == null ? null : described.get(id);
      if (d == null || d.producerId() != t.producerId()) {
        named.add(t);
      } else {
        named.add(
            t.withCoordinator(
                id,
                d.state().toString(),
                d.transactionStartTimeMs().isPresent()
                    ? d.transactionStartTimeMs().getAsLong()
                    : null,
                d.transactionTimeoutMs()));
      }
    }
    return named;
  }

  private Map<Long, String> transactionalIds(Set<Long> producerIds) {
    String query =
        "listTransactions(producerIds "
            + KafkaLagProbe.names(producerIds.stream().map(String::valueOf).toList())
            + ")"
            + at;
    queries.add(query);
    Map<Long, String> ids = new LinkedHashMap<>();
    try {
      for (TransactionListing l :
          admin
              .listTransactions(
                  new ListTransactionsOptions().filterProducerIds(producerIds).timeoutMs(timeoutMs))
              .all()
              .get(timeoutMs, TimeUnit.MILLISECONDS)) {
        ids.put(l.producerId(), l.transactionalId());
      }
    } catch (Exception e) {
      KafkaLagProbe.interruptedCheck(e);
      errors.add(KafkaErrors.partial(query, e));
    }
    return ids;
  }

  private Map<String, TransactionDescription> describe(Collection<String> ids) {
    List<String> sorted = new ArrayList<>(new TreeSet<>(ids));
    String query = "describeTransactions(" + KafkaLagProbe.names(sorted) + ")" + at;
    queries.add(query);
    Map<String, TransactionDescription> described = new LinkedHashMap<>();
    DescribeTransactionsResult result;
    try {
      result =
          admin.describeTransactions(
              sorted, new DescribeTransactionsOptions().timeoutMs(timeoutMs));
    } catch (RuntimeException e) {
      errors.add(KafkaErrors.partial(query, e));
      return described;
    }
    for (String id : sorted) {
      try {
        described.put(id, result.description(id).get(timeoutMs, TimeUnit.MILLISECONDS));
      } catch (Exception e) {
        KafkaLagProbe.interruptedCheck(e);
        errors.add(KafkaErrors.partial("describeTransactions(" + id + ")" + at, e));
      }
    }
    return described;
  }
}
