import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";

// `--resume` continues after the last line the identity service acknowledged. The state sits
// next to the input (FILE.import-state.json) and is replaced atomically after every batch, so
// a run killed at any moment resumes without skipping or repeating an acknowledged row (and a
// repeated one would only be "already present").

export interface ImportState {
  file: string;
  size: number;
  lastLine: number;
  created: number;
  existing: number;
  bad: number;
  finished: boolean;
}

export function statePath(file: string): string {
  return `${file}.import-state.json`;
}

export function freshState(file: string): ImportState {
  return {
    file,
    size: statSync(file).size,
    lastLine: 0,
    created: 0,
    existing: 0,
    bad: 0,
    finished: false,
  };
}

/** The saved state when it belongs to this file; a fresh one otherwise. */
export function loadState(file: string): ImportState {
  try {
    const saved = JSON.parse(readFileSync(statePath(file), "utf8")) as ImportState;
    if (saved.size === statSync(file).size && Number.isInteger(saved.lastLine)) return saved;
  } catch {
    // No state yet, or an unreadable one: start from the top.
  }
  return freshState(file);
}

export function saveState(state: ImportState): void {
  const path = statePath(state.file);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}
