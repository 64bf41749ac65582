import type { Generated } from 'kysely';

/**
 * Tables of device connectivity: latest values, history, anti-replay cursors, commands.
 * Timestamps are integer epoch seconds unless noted; booleans are 0/1 integers.
 */

/** Latest value per device and TAG name (times in epoch ms). */
export interface TagLatestTable {
  device_id: number;
  tag: string;
  value: string;
  ts: number;
}

/**
 * The newest bad sample per device and TAG name (time in epoch ms): the TAG is bad while `ts` is
 * later than its `tag_latest.ts` (migration 0023).
 */
export interface TagQualityTable {
  device_id: number;
  tag: string;
  reason: string;
  ts: number;
}

/** One device's history samples of one ingest transaction, waiting to be filed into chunks. */
export interface TagHistoryStagingTable {
  id: Generated<number>;
  device_id: number;
  n: number;
  /** history-codec.ts, staged form (samples of several TAGs). */
  samples: Uint8Array;
}

/** Samples of one device and TAG within one hour, with their aggregates (history-chunks.ts). */
export interface TagHistoryChunkTable {
  id: Generated<number>;
  device_id: number;
  tag: string;
  /** Time of the first and last sample (ms). */
  t0: number;
  t1: number;
  n: number;
  /** Samples with a numeric value, and their minimum, maximum and sum (null when none). */
  num_n: number;
  num_min: number | null;
  num_max: number | null;
  num_sum: number | null;
  /** history-codec.ts, chunk form. */
  samples: Uint8Array;
}

/**
 * The numbers filed into tag_history_chunks of one device, TAG and hour (`hour`: its start, ms):
 * count, minimum, maximum and sum, whatever number of chunks the hour was filed as.
 */
export interface TagHistoryHourTable {
  device_id: number;
  tag: string;
  hour: number;
  num_n: number;
  num_min: number;
  num_max: number;
  num_sum: number;
}

/** The batch numbers a device's stored batches carried (redeliveries are dropped by them). */
export interface IngestCursorTable {
  sn: string;
  /** The highest number seen (-1 before any). */
  high_seq: number;
  /** Ranges of the numbers seen: `lo-hi` or `n`, comma-separated (connectivity/seen-seqs.ts, migration 0037). */
  window: string;
  updated_at: number;
}

export interface DeviceCommandTable {
  id: string;
  device_id: number;
  type: string;
  tag: string | null;
  value: string | null;
  config_version: number | null;
  status: string;
  error: string | null;
  user_id: number | null;
  /** epoch ms */
  created_at: number;
  updated_at: number;
}

/** A gateway's latest field diagnostics and agent version (migration 0018). */
export interface DeviceFieldTable {
  device_id: number;
  agent_version: string | null;
  /** The latest fieldReportV1 as received (JSON). */
  report: string | null;
  /** epoch ms */
  reported_at: number | null;
  /** The protocol version (`v`) of the last message refused for it, and when (epoch ms). */
  refused_version: number | null;
  refused_at: number | null;
}

export interface ConnectivityTables {
  tag_latest: TagLatestTable;
  tag_quality: TagQualityTable;
  tag_history_staging: TagHistoryStagingTable;
  tag_history_chunks: TagHistoryChunkTable;
  tag_history_hours: TagHistoryHourTable;
  ingest_cursor: IngestCursorTable;
  device_commands: DeviceCommandTable;
  device_field: DeviceFieldTable;
}
