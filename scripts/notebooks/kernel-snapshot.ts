// The kernel's startup snapshot (kernel/program-snapshot.cjs, where the why is), typed
// for the project's scripts: kernel:install builds it, the bench builds its own, and the
// tests check when a kernel may start from one.
import { createRequire } from "node:module";

/** What building the snapshot came to. */
export type SnapshotBuild =
  | { kind: "built"; dir: string; ms: number; bytes: number }
  | { kind: "off" }
  | { kind: "failed"; message: string };

const programSnapshot = createRequire(import.meta.url)("./kernel/program-snapshot.cjs") as {
  SNAPSHOT_ENV: string;
  buildSnapshot(projectRoot: string): SnapshotBuild;
  usableSnapshot(projectRoot: string): string | undefined;
  snapshotDir(projectRoot: string, env?: NodeJS.ProcessEnv): string | undefined;
};

/** The variable naming the snapshot's directory (`off`: none), read by the kernel. */
export const SNAPSHOT_ENV: string = programSnapshot.SNAPSHOT_ENV;

/** Builds the snapshot from the project's inputs now (tens of seconds: a whole type check of examples/). */
export const buildSnapshot = (projectRoot: string): SnapshotBuild => programSnapshot.buildSnapshot(projectRoot);

/** The blob a kernel started now would start from, or undefined (none, off, or built from other inputs). */
export const usableSnapshot = (projectRoot: string): string | undefined => programSnapshot.usableSnapshot(projectRoot);

/** Where the snapshot is kept, or undefined when it is off. */
export const snapshotDir = (projectRoot: string, env: NodeJS.ProcessEnv = process.env): string | undefined =>
  programSnapshot.snapshotDir(projectRoot, env);
