package dev.lakeops.tools.binlog.classify;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link CdcErrorClassifier} read from a pasted error text. Fields that the text does not
 * carry are null.
 *
 * @param category the most specific signature found (a root cause wins over its wrapper)
 * @param alsoMatched other signatures present in the same text, e.g. the EventHeaderV4 wrapper
 * @param summary one sentence for a person
 * @param signature the exact words that matched, as they appear in the text
 * @param errorCode server error number, e.g. 1236
 * @param file the binlog file the error points at: the requested start file, the stored offset's
 *     file, or the file from the server's "first event" clause (directory stripped)
 * @param position the position in {@code file}: the connector's stored offset, or where the server
 *     stopped (the later of its "first event" and "last event read" positions); with only an
 *     EventHeaderV4 in the text, the failing event's start offset
 * @param lastEventPosition the server's "last event read ... at N"
 * @param lastBytePosition the server's "last byte read ... at N"
 * @param gtid a single GTID named by the text (MariaDB {@code domain-server-seq})
 * @param gtidSet a GTID set named by the text (the replica's set, or the connector's stored {@code
 *     gtids})
 * @param missingGtids MySQL: the missing (purged) transactions the server names
 * @param serverId the server id from the event header
 * @param tableId the table id of a MissingTableMapEventException
 * @param statement the DML text of a statement-format error, cut to 200 characters
 * @param rootCause simple class name of the last {@code Caused by:} exception
 * @param nextSteps what to do, in order, with the parsed values filled in
 */
public record CdcErrorClassification(
    CdcErrorCategory category,
    List<CdcErrorCategory> alsoMatched,
    String summary,
    @Nullable String signature,
    @Nullable Integer errorCode,
    @Nullable String sqlState,
    @Nullable String file,
    @Nullable Long position,
    @Nullable Long lastEventPosition,
    @Nullable Long lastBytePosition,
    @Nullable String gtid,
    @Nullable String gtidSet,
    @Nullable String missingGtids,
    @Nullable Long serverId,
    @Nullable Long tableId,
    @Nullable PastedEventHeader header,
    @Nullable Long skipEvents,
    @Nullable Long skipRows,
    @Nullable String statement,
    @Nullable String rootCause,
    List<String> nextSteps) {

  public CdcErrorClassification {
    requireNonNull(category, "category");
    requireNonNull(summary, "summary");
    alsoMatched = List.copyOf(alsoMatched);
    nextSteps = List.copyOf(nextSteps);
  }
}
