import type { PGliteOptions } from "@electric-sql/pglite";

// PGlite's defaults size PostgreSQL for a server (about 700 MB resident). One embedded service
// needs far less; these settings bring it near 300 MB with no change in behaviour. The service
// and the short-lived process that creates a new data folder (pglite-folder.ts) use the same.
export const pgliteOptions: PGliteOptions = {
  initialMemory: 128 * 2 ** 20,
  startParams: [
    ...["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false"],
    ...[
      "-c",
      "log_checkpoints=false",
      "-c",
      "max_worker_processes=0",
      "-c",
      "max_parallel_workers=0",
    ],
    ...["-c", "max_parallel_workers_per_gather=0", "-c", "io_method=sync"],
    ...[
      "-c",
      "max_parallel_maintenance_workers=0",
      "-c",
      "shared_buffers=16MB",
      "-c",
      "wal_buffers=1MB",
    ],
    ...["-c", "work_mem=2MB", "-c", "maintenance_work_mem=8MB", "-c", "max_connections=5"],
  ],
};
