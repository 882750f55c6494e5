#!/usr/bin/env python3
"""Records the Flink REST answers that lakeops' Flink probes read, for one job, into a fixture folder.

Usage: record.py BASE_URL JOB_NAME OUT_DIR   (BASE_URL like http://127.0.0.1:28090)

Writes the files RecordedFlinkRest replays (see README.md). Metric answers of one vertex are merged
into one file, since Flink answers only the ids asked for. Pretty-printed; values as Flink sent them.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

LOAD = ["busyTimeMsPerSecond", "backPressuredTimeMsPerSecond", "idleTimeMsPerSecond", "numRecordsInPerSecond", "numRecordsOutPerSecond"]
JOB_METRICS = ["numRestarts", "uptime", "downtime", "restartingTime", "numberOfCompletedCheckpoints", "numberOfFailedCheckpoints",
               "numberOfInProgressCheckpoints", "lastCheckpointDuration", "lastCheckpointSize", "lastCompletedCheckpointId"]


def get(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        return None


def save(out, name, body):
    with open(os.path.join(out, name), "w") as f:
        json.dump(body, f, indent=4)
        f.write("\n")


def main(base, job, out):
    os.makedirs(out, exist_ok=True)
    base = base.rstrip("/") + "/v1"
    overview = get(base, "/jobs/overview")
    jid = max((j for j in overview["jobs"] if j["name"] == job), key=lambda j: j["start-time"])["jid"]
    save(out, "overview.json", get(base, "/overview"))
    save(out, "jobs-overview.json", overview)
    details = get(base, f"/jobs/{jid}")
    for _ in range(10):
        metrics = get(base, f"/jobs/{jid}/metrics?get=" + ",".join(JOB_METRICS))
        if metrics:
            break
        time.sleep(1)
    save(out, "job-metrics.json", metrics)
    save(out, "exceptions.json", get(base, f"/jobs/{jid}/exceptions?maxExceptions=5"))
    checkpoints = get(base, f"/jobs/{jid}/checkpoints")
    save(out, "checkpoints.json", checkpoints)
    config = get(base, f"/jobs/{jid}/checkpoints/config")
    if config is not None:
        save(out, "checkpoints-config.json", config)
    ids = set()
    for entry in (checkpoints or {}).get("history", []):
        if entry["status"] == "IN_PROGRESS":
            ids.add(entry["id"])
    latest = (checkpoints or {}).get("latest") or {}
    for kind in ("failed", "completed"):
        if latest.get(kind):
            ids.add(latest[kind]["id"])
    vertices = details["vertices"]
    for cid in sorted(ids):
        body = get(base, f"/jobs/{jid}/checkpoints/details/{cid}")
        if body is None:
            continue
        save(out, f"checkpoint-{cid}.json", body)
        for v in vertices:
            sub = get(base, f"/jobs/{jid}/checkpoints/details/{cid}/subtasks/{v['id']}")
            if sub is not None:
                save(out, f"checkpoint-{cid}-vertex-{v['id']}.json", sub)
    sources = {n["id"] for n in details["plan"]["nodes"] if not n.get("inputs")}
    for v in vertices:
        vid, p = v["id"], v["parallelism"]
        wanted = [f"{i}.{m}" for i in range(p) for m in LOAD]
        if vid in sources:
            listed = get(base, f"/jobs/{jid}/vertices/{vid}/metrics")
            save(out, f"vertex-{vid}-metric-ids.json", listed)
            wanted += [m["id"] for m in listed if m["id"] not in wanted and not m["id"].split(".", 1)[1] in LOAD
                       and "." in m["id"].split(".", 1)[1]]
        values = []
        for start in range(0, len(wanted), 40):
            chunk = ",".join(wanted[start:start + 40])
            values += get(base, f"/jobs/{jid}/vertices/{vid}/metrics?get=" + urllib.parse.quote(chunk)) or []
        save(out, f"vertex-{vid}-metrics.json", values)
        get(base, f"/jobs/{jid}/vertices/{vid}/backpressure")
        time.sleep(0.2)
        save(out, f"vertex-{vid}-backpressure.json", get(base, f"/jobs/{jid}/vertices/{vid}/backpressure"))
        save(out, f"vertex-{vid}-watermarks.json", get(base, f"/jobs/{jid}/vertices/{vid}/watermarks"))
    save(out, "job.json", get(base, f"/jobs/{jid}"))


if __name__ == "__main__":
    main(*sys.argv[1:])
