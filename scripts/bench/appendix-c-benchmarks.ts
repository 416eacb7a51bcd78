import { markdownTable } from "../lib/markdown-table.ts";
import type { MeasurementEnvironment } from "../lib/environment.ts";
import type { BenchSection, FigureTable } from "./section.ts";

/** Where and on what the figures were measured, with the load at both ends of the run: printed with every figure. */
export type BenchEnvironment = Omit<MeasurementEnvironment, "load"> & {
  pi: { core: string; ai: string; typebox: string };
  load: { start: number; end: number };
};

export const APPENDIX_PATH = "appendix/C-benchmarks.md";

function table({ header, rows }: FigureTable): string {
  return markdownTable(header, rows).join("\n");
}

function section(s: BenchSection): string {
  if (s.kind === "skipped") return `## ${s.title}\n\nNot measured: ${s.reason}.\n`;
  return [
    `## ${s.title}`,
    "",
    s.method,
    "",
    ...s.tables.flatMap((t) => [table(t), ""]),
    ...s.findings.map((f) => `- ${f}`),
    "",
  ].join("\n");
}

/** Appendix C: the environment, then each section's figures or the reason it has none. */
export function renderAppendixC(env: BenchEnvironment, sections: readonly BenchSection[]): string {
  const environment: FigureTable = {
    header: ["measured on", "value"],
    rows: [
      ["date", env.date],
      ["commit", `${env.commit}${env.uncommitted ? " (the working tree had uncommitted changes)" : ""}`],
      ["Node", env.node],
      ["pi-agent-core / pi-ai / typebox", `${env.pi.core} / ${env.pi.ai} / ${env.pi.typebox}`],
      ["CPUs", `${env.cpus} × ${env.cpuModel}`],
      ["OS", env.os],
      ["load average (1 min) at start / end", `${env.load.start.toFixed(2)} / ${env.load.end.toFixed(2)}`],
    ],
  };
  return [
    "# Appendix C — Benchmarks",
    "",
    "Written by `npm run bench`; do not edit by hand. Every figure below was measured in the run described here.",
    "Contenders are measured side by side: interleaved repetitions with the first place rotating, ratios taken within a repetition, medians reported.",
    "The machine is shared, so absolute times move from run to run; the ratios are the figures to compare. None of this says anything about a real model's latency: every conversation is scripted with the faux provider.",
    "",
    table(environment),
    "",
    ...sections.map(section),
  ].join("\n");
}
