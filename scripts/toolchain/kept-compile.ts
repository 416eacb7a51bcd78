import { answer, storeAnswer, storedAnswer, type Probe } from "./answer-store.ts";
import { recordHostQuestions } from "./shared-program.ts";

/**
 * `compile()`'s answer, from the entry `key` of the store `dir` when every question the
 * program's host asked when it was kept gets the same answer today; otherwise compiled, and
 * kept. A process that has made a program already compiles without keeping (its questions
 * went unrecorded, so nothing could vouch for the answer).
 */
export function keptCompile<T>(dir: string, key: string, compile: () => T): T {
  const kept = storedAnswer<{ probes: Probe[]; answer: T }>(dir, key);
  if (kept !== undefined) return kept.answer;
  const probes = new Map<string, Probe>();
  const recording = recordHostQuestions((kind, path) =>
    probes.set(`${kind}\0${path}`, [kind, path, answer(kind, path)]),
  );
  const compiled = compile();
  if (recording) storeAnswer(dir, key, { probes: [...probes.values()], answer: compiled });
  return compiled;
}
